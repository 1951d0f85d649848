import json
import os
import shutil

import pytest

import zdict
from conftest import conformance_path, read

EVENT = read("events/event.json")
BATCH = read("events/batch.jsonl")


@pytest.mark.parametrize("version", [None, 1, 2, 3, 4, 300, 16384, 1000000])
@pytest.mark.parametrize("data", [b"", EVENT, BATCH], ids=["empty", "event", "batch"])
def test_round_trips_every_version_with_checksums(main_registry, version, data):
    codec = zdict.Codec(main_registry)
    payload = codec.compress(data, version=version)
    assert payload[0] in (0xD0, 0xD1)
    assert codec.decompress(payload) == data
    with pytest.raises(zdict.CorruptPayloadError):
        codec.decompress(payload[:-1] + bytes([payload[-1] ^ 0x10]))


def test_compresses_with_the_active_version_and_names_it(main_registry):
    payload = zdict.Codec(main_registry).compress(EVENT)
    assert payload[:2] == b"\xd1\x02"
    assert zdict.Codec(main_registry, subject="orders-value").compress(EVENT)[:2] == b"\xd1\x04"
    assert main_registry.subjects() == ["default", "orders-value"]
    assert main_registry.active_version("orders-value") == 4


def test_lz4_versions_write_lz4_blocks_that_java_reads_back(main_registry):
    payload = zdict.Codec(main_registry).compress(EVENT, version=3)
    assert payload[:4] == b"\xd0\x03\x93\x05"  # 329 bytes, checksum flag
    assert payload[-4:] == read("payloads/lz4-v3.bin")[-4:]  # the same CRC-32C as Java's


def test_checksums_off_writes_dictionary_ids_and_stores_what_does_not_shrink(main_registry):
    codec = zdict.Codec(main_registry, checksum=False)
    assert codec.decompress(codec.compress(EVENT)) == EVENT
    assert codec.compress(b"x") == b"\xd3x"
    strict = zdict.Codec(main_registry)
    with pytest.raises(zdict.UncheckedPayloadError):
        strict.decompress(codec.compress(EVENT))


def test_refuses_an_unknown_version_for_compression(main_registry):
    with pytest.raises(zdict.UnknownDictionaryVersionError, match="version 7"):
        zdict.Codec(main_registry).compress(EVENT, version=7)


def test_a_folder_registry_serves_a_version_published_after_it_was_opened(tmp_path):
    folder = tmp_path / "registry"
    shutil.copytree(conformance_path("registries/main"), folder)
    manifest = json.loads((folder / "manifest.json").read_text())
    full = dict(manifest)
    manifest["dictionaries"] = [d for d in manifest["dictionaries"] if d["version"] != 300]
    (folder / "manifest.json").write_text(json.dumps(manifest))
    codec = zdict.Codec(zdict.open_registry(str(folder)))
    payload = read("payloads/zstd-v300.bin")
    with pytest.raises(zdict.UnknownDictionaryVersionError):
        codec.decompress(payload)
    (folder / "manifest.json").write_text(json.dumps(full, indent=1))
    assert codec.decompress(payload) == EVENT


def test_a_missing_folder_is_a_registry_error(tmp_path):
    with pytest.raises(zdict.RegistryError, match="No zdict registry"):
        zdict.open_registry(str(tmp_path / "nowhere"))
    with pytest.raises(zdict.RegistryError, match="Unsupported registry location"):
        zdict.open_registry("http://example.com/registry")


def test_a_limit_below_the_declared_size_refuses_before_decoding(main_registry):
    codec = zdict.Codec(main_registry, max_decompressed_size=10)
    with pytest.raises(zdict.PayloadTooLargeError, match="declares 329"):
        codec.decompress(read("payloads/zstd-v2.bin"))
    with pytest.raises(zdict.PayloadTooLargeError, match="expands past"):
        codec.decompress(read("payloads/zstd-v2-no-content-size.bin"))


def test_decodes_any_bytes_like_payload(main_registry):
    codec = zdict.Codec(main_registry)
    payload = read("payloads/zstd-v2.bin")
    for twice in range(2):  # the second time through the fast path
        assert codec.decompress(bytearray(payload)) == EVENT
        assert codec.decompress(memoryview(payload)) == EVENT


def test_a_frame_declaring_no_bytes_is_decoded_even_after_the_fast_path_learnt_its_start(main_registry):
    codec = zdict.Codec(main_registry)
    empty = codec.compress(b"", version=2)
    assert codec.decompress(empty) == b""  # its first 7 bytes are now known
    assert codec.decompress(empty) == b""
    with pytest.raises(zdict.CorruptPayloadError):
        codec.decompress(empty[:-1] + bytes([empty[-1] ^ 1]))  # python-zstandard alone returns b"" for it


def test_the_fast_path_refuses_bytes_after_the_frame_and_a_frame_cut_short(main_registry):
    codec = zdict.Codec(main_registry)
    payload = codec.compress(EVENT, version=2)
    assert codec.decompress(payload) == EVENT
    assert len(codec._fast) == 1
    with pytest.raises(zdict.TruncatedPayloadError):
        codec.decompress(payload + b"\x00")
    with pytest.raises(zdict.TruncatedPayloadError):
        codec.decompress(payload[:-1])
    with pytest.raises(zdict.TruncatedPayloadError):
        codec.decompress(payload[:8])


def test_the_dictionary_cache_keeps_to_its_bound_and_every_version_still_decodes(main_registry):
    payloads = {v: zdict.Codec(main_registry).compress(EVENT, version=v) for v in (1, 2, 3, 4, 300, 16384)}
    one_version = main_registry.info(2).size + (27 << 10)
    codec = zdict.Codec(main_registry, dictionary_cache_bytes=one_version)
    for _ in range(3):
        for version, payload in payloads.items():
            assert codec.decompress(payload) == EVENT
            assert codec.decompress(payload) == EVENT  # the second time through the fast path, where it has one
            assert codec.dictionaries.held_bytes <= max(one_version, main_registry.info(version).size + (27 << 10))
            held = [value for value, _ in codec.dictionaries._entries.values()]
            assert all(entry[0].__self__ in held for entry in codec._fast.values())  # evicted ones are let go
    assert codec.dictionaries.evictions >= 12
    roomy = zdict.Codec(main_registry)
    for _ in range(3):
        for payload in payloads.values():
            assert roomy.decompress(payload) == EVENT
    assert roomy.dictionaries.loads == 6 and roomy.dictionaries.evictions == 0


def test_a_negative_cache_bound_is_refused():
    with pytest.raises(ValueError, match="dictionary_cache_bytes must not be negative, got -1"):
        zdict.Codec(None, dictionary_cache_bytes=-1)
