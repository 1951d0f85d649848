"""Dictionary sets (docs/FORMAT.md, "Dictionary sets"): the conformance folder's routing.json, sets read
from a folder manifest and from the registry topic's state record, and the codec writing by them."""

import base64
import hashlib
import json
import re
import shutil

import pytest

import zdict
from conftest import conformance_path, read
from zdict.registry_records import Unreadable, read_state_record
from zdict.routing import MAX_KIND_BYTES, DictionarySet, RoutingRule, field_value, last_header, shape, shape_kind
from zdict.topic_log import TopicLog

with open(conformance_path("routing.json"), encoding="utf-8") as _f:
    CASES = json.load(_f)["cases"]


def event_of(case):
    return base64.b64decode(case["eventBase64"]) if "eventBase64" in case else case["event"].encode("utf-8")


def kind_of(rule, case):
    """The kind as routing.json states it: text, the 16 hexadecimal digits of a shape, or None."""
    event = event_of(case)
    if rule.kind == "field":
        value = field_value(event, rule.name.encode("utf-8"))
    elif rule.kind == "shape":
        number = shape(event)
        return None if number is None else shape_kind(number)
    else:
        headers = case.get("headers")
        value = None if headers is None else last_header(headers, rule.name)
        value = None if value is None else value.encode("utf-8")
    return None if value is None or len(value) > MAX_KIND_BYTES else value.decode("utf-8")


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_gives_the_kind_and_version_routing_json_states(case):
    rule = RoutingRule.parse(case["rule"])
    dictionary_set = DictionarySet(rule, case["fallback"], case["members"])
    assert kind_of(rule, case) == case["kind"]
    assert dictionary_set.version_for_record(event_of(case), case.get("headers")) == case["version"]


def test_routing_json_has_its_cases():
    assert len(CASES) >= 30
    assert {RoutingRule.parse(c["rule"]).kind for c in CASES} == {"field", "shape", "header"}


def test_rules_read_and_write_as_text():
    assert RoutingRule.parse("field:_path") == RoutingRule("field", "_path")
    assert RoutingRule.parse("header:event-type").text == "header:event-type"
    assert RoutingRule.parse("shape").text == "shape"
    for bad in ("field:", "path:_path", "Shape", "header:" + "x" * 256, None):
        with pytest.raises(ValueError, match="routing rule"):
            RoutingRule.parse(bad)


def test_a_set_refuses_kinds_it_cannot_route():
    with pytest.raises(ValueError, match="16 lower-case hexadecimal"):
        DictionarySet(RoutingRule.parse("shape"), 2, {"conn": 3})
    with pytest.raises(ValueError, match="1 to 256 kinds"):
        DictionarySet(RoutingRule.parse("field:a"), 2, {})
    with pytest.raises(ValueError, match="at most 255"):
        DictionarySet(RoutingRule.parse("field:a"), 2, {"x" * 256: 3})
    with pytest.raises(ValueError, match="no positive version"):
        DictionarySet(RoutingRule.parse("field:a"), 2, {"x": 0})


# A folder registry: conformance/registries/main (default active 2, 3 an LZ4 version, 300, 4 of orders-value,
# 1 retired) with setsBySubject added to its manifest.

def folder_with_sets(tmp_path, sets):
    folder = tmp_path / "registry"
    shutil.copytree(conformance_path("registries/main"), folder)
    manifest = json.loads((folder / "manifest.json").read_text())
    manifest["setsBySubject"] = sets
    (folder / "manifest.json").write_text(json.dumps(manifest))
    return str(folder)


ZEEK_SETS = {"default": {"rule": "field:_path", "members": {"conn": 3, "dns": 300}},
             "orders-value": {"rule": "header:type", "members": {"refund": 4}}}


def test_a_folder_manifest_with_sets_is_read(tmp_path):
    registry = zdict.open_registry(folder_with_sets(tmp_path, ZEEK_SETS))
    default = registry.active_set()
    assert default == DictionarySet(RoutingRule("field", "_path"), 2, {"conn": 3, "dns": 300})
    assert registry.active_set("orders-value").fallback == 4
    assert registry.active_set("other") is None
    assert registry.active_version() == 2
    assert registry.info(3).status == "available"


def test_the_codec_writes_each_kind_with_its_member_and_decodes_without_the_set(tmp_path, main_registry):
    codec = zdict.Codec(zdict.open_registry(folder_with_sets(tmp_path, ZEEK_SETS)))
    events = {b'{"_path":"conn","uid":"C1"}': b"\xd0\x03", b'{"_path":"dns","q":"a.example"}': b"\xd1\xac\x02",
              b'{"_path":"http"}': b"\xd1\x02", b"not json": b"\xd1\x02"}
    for event, prefix in events.items():
        payload = codec.compress(event)
        assert payload.startswith(prefix), (event, payload[:4])
        assert zdict.Codec(main_registry).decompress(payload) == event  # a registry without the set decodes it
    assert codec.compress(b'{"_path":"conn"}', version=2)[:2] == b"\xd1\x02"  # an explicit version wins


def test_a_header_rule_routes_by_the_records_last_header(tmp_path):
    sets = {"default": {"rule": "header:type", "members": {"lz4": 3, "wide": 300}}}
    codec = zdict.Codec(zdict.open_registry(folder_with_sets(tmp_path, sets)))
    event = b'{"type":"lz4"}'
    assert codec.version_for(event, [("type", b"lz4")]) == 3
    assert codec.version_for(event, [("type", b"lz4"), ("other", b"x"), ("type", "wide")]) == 300
    assert codec.version_for(event, [("type", b"lz4"), ("type", None)]) == 2
    assert codec.version_for(event, {"type": "lz4"}) == 3
    assert codec.version_for(event, []) == 2
    assert codec.version_for(event) == 2  # no headers: the fallback, the event's bytes not read
    assert codec.compress(event, headers=[("type", b"lz4")])[:2] == b"\xd0\x03"


def test_the_serializer_passes_the_records_headers(tmp_path):
    pytest.importorskip("confluent_kafka")
    from zdict.kafka import ZdictSerializer

    sets = {"orders-value": {"rule": "header:type", "members": {"refund": 4}},
            "default": {"rule": "header:type", "members": {"lz4": 3}}}
    serializer = ZdictSerializer(zdict.open_registry(folder_with_sets(tmp_path, sets)))
    event = read("events/event.json")

    class Context:
        headers = [("type", b"lz4")]

    assert serializer(event, Context())[:2] == b"\xd0\x03"
    assert serializer(event, None, headers=[("type", "lz4")])[:2] == b"\xd0\x03"
    assert serializer(event)[:2] == b"\xd1\x02"  # no headers: the fallback
    assert serializer(None) is None


@pytest.mark.parametrize("sets, message", [
    ({"default": {"rule": "field:_path", "members": {"old": 1}}}, "kind 'old' of subject 'default''s dictionary"
                                                                  " set is served by version 1, which is retired"),
    ({"default": {"rule": "field:_path", "members": {"o": 4}}}, "version 4, which is of subject 'orders-value'"),
    ({"default": {"rule": "field:_path", "members": {"x": 7}}}, "version 7, which is not in the registry"),
    ({"nobody": {"rule": "field:_path", "members": {"x": 2}}}, "subject 'nobody', which has no active version"),
    ({"default": {"rule": "path:_path", "members": {"x": 2}}}, "subject 'default': Invalid routing rule"),
    ({"default": {"rule": "shape", "members": {"conn": 2}}}, "subject 'default': A shape kind is 16"),
    ({"default": {"rule": "field:_path"}}, "subject 'default' lacks its members"),
    ({"default": {"members": {"x": 2}}}, "subject 'default' lacks its rule"),
    ({"default": {"rule": "field:_path", "members": {"x": "2"}}}, "kind 'x' names no version"),
    ({"default": {"rule": "field:_path", "members": {}}}, "1 to 256 kinds, got 0"),
    ({"default": []}, "subject 'default' is not an object"),
])
def test_a_manifest_with_a_malformed_set_is_refused_naming_the_subject(tmp_path, sets, message):
    with pytest.raises(zdict.RegistryError, match="manifest.json: .*" + re.escape(message)):
        zdict.open_registry(folder_with_sets(tmp_path, sets))


def test_a_manifest_naming_a_kind_twice_is_refused(tmp_path):
    folder = folder_with_sets(tmp_path, {})
    with open(f"{folder}/manifest.json") as f:
        text = f.read()
    text = text.replace('"setsBySubject": {}',
                        '"setsBySubject": {"default": {"rule": "field:a", "members": {"x": 2, "x": 3}}}')
    with open(f"{folder}/manifest.json", "w") as f:
        f.write(text)
    with pytest.raises(zdict.RegistryError, match="names kind 'x' twice"):
        zdict.open_registry(folder)


# The registry topic: setsBySubject in the state record, next to activeBySubject.

def claim(version, content, subject="default"):
    record = {"version": version, "sha256": hashlib.sha256(content).hexdigest(), "level": 3,
              "createdAt": "2026-12-01T00:00:00Z", "metadata": {}, "content": base64.b64encode(content).decode()}
    if subject != "default":
        record["subject"] = subject
    return json.dumps(record).encode()


def state(sequence, active, sets=None, retired=(), active_by_subject=None):
    record = {"nextVersion": 1, "active": active, "retired": list(retired), "sequence": sequence}
    if active_by_subject:
        record["activeBySubject"] = active_by_subject
    if sets is not None:
        record["setsBySubject"] = sets
    return json.dumps(record).encode()


def topic(*states):
    log = TopicLog(remove_grace_ms=0, clock=lambda: 0)
    records = [(f"dict/{v}/w", claim(v, b"dictionary %d" % v, "other" if v == 9 else "default")) for v in (1, 2, 3, 9)]
    records += [("state", s) for s in states]
    for offset, (key, value) in enumerate(records):
        log.apply(offset, key, value)
    return log


def test_a_state_record_carries_the_sets():
    record = read_state_record(state(0, 2, {"default": {"rule": "shape", "members": {"0000000000000000": 3}}}))
    assert record.sets_by_subject["default"].members == {"0000000000000000": 3}
    log = topic(state(0, 2, {"default": {"rule": "field:_path", "members": {"conn": 3, "dns": 1}}}))
    assert log.table.sets["default"] == DictionarySet(RoutingRule("field", "_path"), 2, {"conn": 3, "dns": 1})
    assert not log.refused


@pytest.mark.parametrize("sets, message", [
    ({"default": {"rule": "field:_path"}}, "lacks its members"),
    ({"default": {"rule": 7, "members": {"x": 2}}}, "expected a rule"),
    ({"default": {"rule": "field:_path", "members": {"x": True}}}, "expected an integer for kind 'x'"),
    ({"default": {"rule": "field:_path", "members": {"x": 2.0}}}, "expected an integer for kind 'x'"),
    ({"other": {"rule": "field:_path", "members": {"x": 9}}}, "subject 'other', which has no active version"),
])
def test_an_unreadable_set_makes_the_state_record_unreadable(sets, message):
    with pytest.raises(Unreadable, match=message):
        read_state_record(state(0, 2, sets))


def test_a_state_record_naming_a_kind_twice_is_unreadable():
    value = b'{"active": 2, "setsBySubject": {"default": {"rule": "field:a", "members": {"x": 2, "x": 3}}}}'
    with pytest.raises(Unreadable, match="names kind 'x' twice"):
        read_state_record(value)


@pytest.mark.parametrize("members, message", [
    ({"x": 1}, "which is retired"),
    ({"x": 9}, "which is of subject 'other'"),
    ({"x": 5}, "which is not in the registry"),
])
def test_a_state_record_whose_set_breaks_the_rules_is_refused_and_the_state_before_stays(members, message):
    log = topic(state(0, 2, retired=[1]), state(1, 3, {"default": {"rule": "field:a", "members": members}}, [1]))
    assert log.refused["unreadable"] == 1
    assert message in log.skipped[-1][3]
    assert log.table.active["default"] == 2
    assert log.table.sets == {}


def test_activating_a_plain_version_replaces_the_set():
    log = topic(state(0, 2, {"default": {"rule": "field:a", "members": {"x": 3}}}), state(1, 3))
    assert log.table.active["default"] == 3
    assert log.table.sets == {}
