"""Every vector of the conformance folder decodes, or is refused with its kind of error, as in Java."""

import pytest

import zdict
from conftest import conformance_cases, conformance_path, read

CASES = conformance_cases()


def test_the_suite_is_all_there():
    assert len(CASES) >= 60
    assert {c["error"] for c in CASES if "error" in c} == {
        "TruncatedPayload", "CorruptPayload", "UncheckedPayload", "DictionaryMismatch",
        "UnknownDictionaryVersion", "PayloadTooLarge", "CorruptDictionary"}


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_vector(case):
    registry = zdict.open_registry(conformance_path(case["registry"]))
    options = {"accept_unchecked": case["acceptUnchecked"]}
    if "maxDecompressedSize" in case:
        options["max_decompressed_size"] = case["maxDecompressedSize"]
    codec = zdict.Codec(registry, **options)
    payload = read(case["payload"])
    if "decodesTo" in case:
        assert codec.decompress(payload) == read(case["decodesTo"])
    else:
        with pytest.raises(zdict.ZdictError) as raised:
            codec.decompress(payload)
        assert type(raised.value).__name__ == case["error"] + "Error", str(raised.value)


def test_a_warmed_codec_gives_every_vector_the_same_answer():
    """The fast path for payloads like those decoded before refuses what the general path refuses: each
    vector is decoded twice by one codec per setting, after every positive vector of that setting."""
    codecs = {}
    for case in CASES:
        setting = (case["registry"], case["acceptUnchecked"], case.get("maxDecompressedSize"))
        if setting not in codecs:
            options = {"accept_unchecked": case["acceptUnchecked"]}
            if "maxDecompressedSize" in case:
                options["max_decompressed_size"] = case["maxDecompressedSize"]
            codecs[setting] = zdict.Codec(zdict.open_registry(conformance_path(case["registry"])), **options)
    for case in sorted(CASES, key=lambda c: "error" in c):  # positive vectors first: they fill the fast path
        codec = codecs[(case["registry"], case["acceptUnchecked"], case.get("maxDecompressedSize"))]
        payload = read(case["payload"])
        for _ in range(2):
            if "decodesTo" in case:
                assert codec.decompress(payload) == read(case["decodesTo"]), case["name"]
            else:
                with pytest.raises(zdict.ZdictError) as raised:
                    codec.decompress(payload)
                assert type(raised.value).__name__ == case["error"] + "Error", case["name"]
    assert any(codec._fast for codec in codecs.values())
