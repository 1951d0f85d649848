"""The registry-topic cases of the conformance folder: a reader keeps what each case states, as in Java."""

import base64
import glob
import json
import os

import pytest

from conftest import conformance_path
from zdict.topic_log import TopicLog

CASES = sorted(glob.glob(conformance_path("registry-topic/*.json")))


def kept(log):
    return "".join(f"{i.version} {i.subject} {i.status} {i.codec} {i.sha256}\n"
                   for i in sorted(log.table.versions.values()))


@pytest.mark.parametrize("path", CASES, ids=[os.path.basename(p)[:-5] for p in CASES])
def test_a_reader_keeps_what_the_case_states(path):
    with open(path) as f:
        case = json.load(f)
    log = TopicLog()
    for offset, record in enumerate(case["records"]):
        value = None if record["value"] is None else base64.b64decode(record["value"])
        log.apply(offset, record["key"], value)
    assert kept(log) == case["expect"]
    for version in log.table.versions:
        assert log.content(version) is not None


def test_the_cases_are_all_there():
    assert len(CASES) >= 5
