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
