"""The registry topic's rules (docs/REGISTRY.md section 5) as the Python reader applies them, and the
registry-topic cases of the conformance folder, which a reader keeps as Java's does."""

import base64
import glob
import hashlib
import json
import os

import pytest

from conftest import conformance_path
from zdict.kafka_registry import record_time
from zdict.topic_log import TopicLog

CASES = sorted(glob.glob(conformance_path("registry-topic/*.json")))
DAY = 24 * 3600 * 1000
T0 = 1796720400000


def kept(log):
    versions = "".join(f"{i.version} {i.subject} {i.status} {i.codec} {i.sha256}\n"
                       for i in sorted(log.table.versions.values()))
    sets = "".join(f"set {subject} {s.rule.text} fallback {s.fallback} "
                   + " ".join(f"{kind}={version}" for kind, version in sorted(s.members.items())) + "\n"
                   for subject, s in sorted(log.table.sets.items()))
    return versions + sets


@pytest.mark.parametrize("path", CASES, ids=[os.path.basename(p)[:-5] for p in CASES])
def test_a_reader_keeps_what_the_case_states(path):
    with open(path) as f:
        case = json.load(f)
    log = TopicLog(remove_grace_ms=case.get("removeGraceMs", 0))
    for offset, record in enumerate(case["records"]):
        value = None if record["value"] is None else base64.b64decode(record["value"])
        log.apply(offset, record["key"], value, record.get("time"))
    assert kept(log) == case["expect"]
    for version in log.table.versions:
        assert log.content(version) is not None


def test_the_cases_are_all_there():
    assert len(CASES) >= 5


def claim(version, content=b"dictionary bytes", subject="default", sha256=None):
    record = {"version": version, "sha256": sha256 or hashlib.sha256(content).hexdigest(), "level": 3,
              "createdAt": "2026-12-01T00:00:00Z", "metadata": {}, "content": base64.b64encode(content).decode()}
    if subject != "default":
        record["subject"] = subject
    return json.dumps(record).encode()


def state(sequence, active=0, retired=(), removed=(), ever_active=(), retired_at=None):
    return json.dumps({"nextVersion": 1, "active": active, "retired": list(retired), "removed": list(removed),
                       "everActive": list(ever_active), "retiredAt": retired_at or {}, "sequence": sequence}).encode()


class Topic:
    """A TopicLog fed records at offsets 0, 1, 2, … at the broker times given, with a 7-day grace."""

    def __init__(self, clock=None):
        self.log = TopicLog(remove_grace_ms=7 * DAY, clock=clock or (lambda: pytest.fail("no broker time")))
        self.offset = 0

    def append(self, key, value, time=T0):
        self.log.apply(self.offset, key, value, time)
        self.offset += 1
        return self

    def status(self, version):
        info = self.log.table.versions.get(version)
        return info.status if info else "removed"


def retired_once_active_v1():
    topic = Topic().append("dict/1/a", claim(1, b"one")).append("dict/2/a", claim(2, b"two"))
    topic.append("state", state(1, active=1, ever_active=[1]), T0)
    topic.append("state", state(2, active=2, retired=[1], ever_active=[1, 2]), T0 + DAY)
    return topic


def test_a_removal_within_the_grace_of_the_first_record_that_showed_it_retired_is_refused():
    topic = retired_once_active_v1()
    # The writer's retiredAt says 8 days ago; the grace runs from the broker's time of the retirement.
    topic.append("state", state(3, active=2, removed=[1], ever_active=[2], retired_at={"1": T0 - 8 * DAY}), T0 + 7 * DAY)
    assert topic.status(1) == "retired" and topic.log.refused == {"early-removal": 1}
    assert topic.log.retired_since(1) == T0 + DAY
    assert topic.log.pending_removals() == {1: T0 + 8 * DAY}
    topic.append("state", state(4, active=2, removed=[1], ever_active=[2]), T0 + 8 * DAY)
    assert topic.status(1) == "removed" and topic.log.content(1) is None
    assert topic.log.next_version == 3 and topic.log.pending_removals() == {}


def test_a_later_record_that_keeps_it_retired_does_not_restart_the_grace_but_a_reactivation_does():
    topic = retired_once_active_v1()
    topic.append("state", state(3, active=2, retired=[1], ever_active=[1, 2]), T0 + 5 * DAY)
    assert topic.log.retired_since(1) == T0 + DAY
    topic.append("state", state(4, active=1, ever_active=[1, 2]), T0 + 6 * DAY)  # active again
    topic.append("state", state(5, active=2, retired=[1], ever_active=[1, 2]), T0 + 7 * DAY)
    topic.append("state", state(6, active=2, removed=[1], ever_active=[2]), T0 + 9 * DAY)
    assert topic.status(1) == "retired" and topic.log.retired_since(1) == T0 + 7 * DAY


def test_a_version_never_active_is_removed_once_retired_without_grace_but_not_straight_from_available():
    topic = Topic().append("dict/1/a", claim(1, b"one")).append("state", state(1))
    topic.append("state", state(2, removed=[1]))
    assert topic.status(1) == "available" and topic.log.refused == {"early-removal": 1}
    topic.append("state", state(3, retired=[1])).append("state", state(4, removed=[1]))
    assert topic.status(1) == "removed"


def test_without_broker_times_the_grace_runs_on_the_readers_clock():
    now = [T0]
    topic = Topic(clock=lambda: now[0])
    topic.append("dict/1/a", claim(1), None).append("state", state(1, active=1), None)
    topic.append("state", state(2, retired=[1], ever_active=[1]), None)
    now[0] += 7 * DAY - 1
    topic.append("state", state(3, removed=[1]), None)
    assert topic.status(1) == "retired"
    now[0] += 1
    topic.append("state", state(4, removed=[1]), None)
    assert topic.status(1) == "removed"


def test_only_log_append_time_is_the_brokers_time():
    from confluent_kafka import TIMESTAMP_CREATE_TIME, TIMESTAMP_LOG_APPEND_TIME, TIMESTAMP_NOT_AVAILABLE

    assert record_time((TIMESTAMP_LOG_APPEND_TIME, T0)) == T0
    assert record_time((TIMESTAMP_CREATE_TIME, T0)) is None
    assert record_time((TIMESTAMP_NOT_AVAILABLE, -1)) is None


def test_tombstones_and_garbage_remove_nothing():
    topic = Topic().append("dict/1/a", claim(1, b"one")).append("state", state(1, active=1))
    topic.append("dict/1/a", None).append("dict/1/b", None).append("state", None)
    topic.append("dict/1/c", claim(1, b"other bytes")).append("dict/1/d", b"garbage").append("something", None)
    topic.append("dict/1/e", claim(1, b"one"))  # the same bytes again: nothing to count
    assert topic.status(1) == "active" and topic.log.content(1) == b"one"
    assert topic.log.refused == {"early-tombstone": 1, "state-tombstone": 1, "version-taken": 1, "unreadable": 1,
                                 "unknown-key": 1}


def test_a_claim_whose_bytes_do_not_match_its_sha256_leaves_the_number_free():
    topic = Topic().append("dict/1/a", claim(1, b"one", sha256=hashlib.sha256(b"two").hexdigest()))
    topic.append("dict/1/b", claim(1, b"two"))
    assert topic.log.content(1) == b"two" and topic.log.refused == {"hash-mismatch": 1}


def test_a_tombstone_after_the_removal_forgets_the_record_for_good():
    topic = Topic().append("dict/1/a", claim(1, b"one")).append("state", state(1, retired=[1]))
    topic.append("state", state(2, removed=[1])).append("dict/1/a", None)
    topic.append("state", state(3))  # a record that no longer lists it removed
    assert topic.status(1) == "removed" and not topic.log.refused


def test_a_state_record_that_does_not_follow_the_one_in_force_is_ignored_uncounted():
    topic = Topic().append("dict/1/a", claim(1)).append("state", state(1, active=1))
    topic.append("state", state(5, retired=[1]))
    assert topic.status(1) == "active" and not topic.log.refused
