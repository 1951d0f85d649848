"""The registry topic's records read as docs/REGISTRY.md says, as the Java reader reads them: every line of
its reader-cases block, and its example topic applied at its broker times."""

import base64
import json
import os
import re

import pytest

from zdict.registry import DEFAULT_SUBJECT
from zdict.registry_records import Unreadable, read_dictionary_record, read_state_record, version_of
from zdict.topic_log import TopicLog

REGISTRY_MD = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs", "REGISTRY.md")
with open(REGISTRY_MD, encoding="utf-8") as _f:
    DOC = _f.read()
READER_CASES = re.search(r"<!-- reader-cases -->\n```text\n(.*?)```", DOC, re.S).group(1).splitlines()
EXAMPLES = re.findall(r"<!-- example: (\w+), key (\S+), offset (\d+)(?:, time (\d+))? -->\n```json\n(.*?)```", DOC, re.S)
EXAMPLE_TIME = 1796720400000
SEVEN_DAYS_MS = 7 * 24 * 3600 * 1000


def written(record):
    """The record as the Java writer writes it (RegistryRecords.write): so the reader-cases can be compared."""
    if hasattr(record, "content"):
        fields = {"version": record.version}
        if record.subject != DEFAULT_SUBJECT:
            fields["subject"] = record.subject
        fields.update(sha256=record.sha256, level=record.level, createdAt=record.created_at,
                      metadata=dict(sorted(record.metadata.items(), key=lambda e: e[0].encode("utf-16-be"))),
                      content=base64.b64encode(record.content).decode())
    else:
        fields = {"nextVersion": record.next_version, "active": record.active}
        if record.active_by_subject:
            fields["activeBySubject"] = dict(sorted(record.active_by_subject.items()))
        fields.update(retired=sorted(record.retired), removed=sorted(record.removed), everActive=sorted(record.ever_active),
                      retiredAt={str(v): t for v, t in sorted(record.retired_at.items())})
        if record.activated_at:
            fields["activatedAt"] = {str(v): t for v, t in sorted(record.activated_at.items())}
        fields["basedOn"] = record.based_on
        if record.sequence >= 0:
            fields["sequence"] = record.sequence
    return json.dumps(fields, separators=(",", ":"), ensure_ascii=False)


@pytest.mark.parametrize("line", READER_CASES, ids=[str(i) for i in range(len(READER_CASES))])
def test_reads_each_reader_case_as_the_java_reader_does(line):
    kind, rest = line.split(" ", 1)
    value, expected = rest.rsplit(" => ", 1)
    read = read_dictionary_record if kind == "dictionary" else read_state_record
    if expected == "unreadable":
        with pytest.raises(Unreadable):
            read(value.encode())
    else:
        assert written(read(value.encode())) == expected


def test_the_reader_cases_are_all_there():
    assert len(READER_CASES) >= 40
    assert {line.split(" ", 1)[0] for line in READER_CASES} == {"dictionary", "state"}


@pytest.mark.parametrize("key, version", [
    ("dict/7/x", 7), ("dict/+7/x", 7), ("dict/007/x", 7), ("dict/7/", 7), ("dict/7/a/b", 7), ("dict/\uff17/x", 7),
    ("dict/7", None), ("dict//x", None), ("dict/0/x", None), ("dict/ 7/x", None), ("Dict/7/x", None),
    ("dict/-7/x", None), ("dict/2147483648/x", None), ("dict/1_0/x", None), ("dict/7/" + "w" * 194, None), (None, None),
])
def test_reads_the_version_of_a_key_as_the_java_reader_does(key, version):
    assert version_of(key) == version


def example_topic(up_to=8):
    records = sorted((int(offset), key, kind, int(time) if time else EXAMPLE_TIME, text)
                     for kind, key, offset, time, text in EXAMPLES)
    assert [r[0] for r in records] == list(range(9))
    log = TopicLog(remove_grace_ms=SEVEN_DAYS_MS, clock=lambda: pytest.fail("the example topic has broker times"))
    for offset, key, _, time, text in records[:up_to + 1]:
        log.apply(offset, key, json.dumps(json.loads(text), separators=(",", ":")).encode(), record_time=time)
    return log


def table(log):
    return {v: (i.subject, i.status) for v, i in log.table.versions.items()}


def test_the_example_topic_gives_the_tables_the_document_states():
    log = example_topic(up_to=6)
    assert table(log) == {1: ("default", "retired"), 2: ("orders-value", "active"), 3: ("default", "active")}
    assert log.next_version == 4 and log.retired_since(1) == EXAMPLE_TIME and not log.refused
    log = example_topic(up_to=7)  # removes version 1 one day after its retirement: early
    assert table(log)[1] == ("default", "retired")
    assert log.refused == {"early-removal": 1}
    assert log.content(1) is not None
    log = example_topic(up_to=8)  # seven days after: applied
    assert table(log) == {2: ("orders-value", "active"), 3: ("default", "active")}
    assert log.next_version == 4 and log.content(1) is None
    assert log.refused == {"early-removal": 1}


@pytest.mark.parametrize("value", [
    b'{"version":1e999999999}', b'{"x":' + b"[" * 100000 + b"]" * 100000 + b"}", b'{"version":1' + b"0" * 5000 + b"}",
    b'{"version":1,"nan":NaN}', b"\xff\xfe",
], ids=["huge-exponent", "deep-nesting", "long-number", "nan", "not-utf8"])
def test_hostile_values_are_unreadable_quickly(value):
    with pytest.raises(Unreadable):
        read_dictionary_record(value)


def test_a_retired_at_key_of_many_digits_is_unreadable_and_leading_zeros_are_allowed():
    with pytest.raises(Unreadable):
        read_state_record(b'{"retiredAt":{"' + b"1" * 5000 + b'":1}}')
    assert read_state_record(b'{"retiredAt":{"' + b"0" * 300 + b'7":1}}').retired_at == {7: 1}

