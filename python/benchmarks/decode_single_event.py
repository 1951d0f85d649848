"""Decode time per single event: zdict.Codec beside python-zstandard alone with the same dictionary.

    /usr/bin/python3 python/benchmarks/decode_single_event.py ../shared/data/wikipedia_edits.jsonl [CLASSPATH]

Trains a 64 KiB dictionary on the first 5,000 events (python-zstandard's trainer), writes it as version 1
of a registry folder, compresses the next 10,000 (or as many as the file has) one at a time with checksums
off (a Kafka record value: D1 01 + a frame naming the dictionary id), then decodes them all, event by
event, in rounds of 200 events. Three decoders take turns, in a rotating order, in this one process:

- python-zstandard alone: ``ZstdDecompressor(dict_data=...).decompress`` on the bare frames (prefix
  stripped in advance), one digested dictionary;
- the floor: a one-line Python function that slices the 2-byte prefix off and calls that same
  ``decompress`` (what any Python wrapper that takes a payload pays, checking nothing);
- two steps of zdict.Codec's fast path, checking nothing: the floor plus finding the version's
  decompressor by the payload's first 7 bytes (one dict lookup), then plus reading the frame's block
  header (three byte reads);
- zdict.Codec: ``decompress(payload)``, which also compares that header with the payload's length.

Each round gives each decoder's ns/event; the ratios to python-zstandard alone are taken within a round,
and the median over the rounds is printed. With a class path (core's classes, zstd-jni, jackson-core) the
Java codec (ZdictCodec, checksums off) decodes the same payloads in a child JVM afterwards: its median
round beside the Python rounds' median (not side by side in time: read that ratio more loosely).
"""

import hashlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

import zstandard

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import zdict  # noqa: E402
from zdict.zstd_frames import SMALL_FRAME_LAYOUTS  # noqa: E402

ROUNDS = 3000
CHUNK = 200  # events per turn: turns of a fraction of a millisecond, so that load spikes hit all decoders alike


def ns_per_item(decode, items):
    start = time.perf_counter_ns()
    for item in items:
        decode(item)
    return (time.perf_counter_ns() - start) / len(items)


def registry_with(folder, dictionary):
    with open(os.path.join(folder, "v000001.dict"), "wb") as f:
        f.write(dictionary)
    manifest = {"format": 1, "nextVersion": 2, "dictionaries": [{
        "version": 1, "file": "v000001.dict", "status": "active", "sha256": hashlib.sha256(dictionary).hexdigest(),
        "size": len(dictionary), "level": 3, "createdAt": "2026-12-01T00:00:00Z", "metadata": {}}]}
    with open(os.path.join(folder, "manifest.json"), "w") as f:
        json.dump(manifest, f)


def side_by_side(decoders):
    """{name: [ns/event per round]}, the decoders taking turns in a rotating order each round."""
    times = {name: [] for name, _, _ in decoders}
    for name, decode, items in decoders:  # warm up
        ns_per_item(decode, items)
    for round_ in range(ROUNDS):
        turn = decoders[round_ % len(decoders):] + decoders[:round_ % len(decoders)]
        start = (round_ * CHUNK) % (len(turn[0][2]) - CHUNK + 1)
        for name, decode, items in turn:
            times[name].append(ns_per_item(decode, items[start:start + CHUNK]))
    return times


def main(events_path, classpath=None):
    with open(events_path, "rb") as f:
        events = [line.rstrip(b"\n") for line, _ in zip(f, range(15000))]
    training, held_out = events[:5000], events[5000:]
    dictionary = zstandard.train_dictionary(64 << 10, training, level=3).as_bytes()
    with tempfile.TemporaryDirectory() as folder:
        registry_with(folder, dictionary)
        codec = zdict.Codec(zdict.open_registry(folder), checksum=False)
        payloads = [codec.compress(e) for e in held_out]
        assert all(p[:2] == b"\xd1\x01" for p in payloads)
        assert [codec.decompress(p) for p in payloads] == held_out
        frames = [p[2:] for p in payloads]
        alone = zstandard.ZstdDecompressor(dict_data=zstandard.ZstdCompressionDict(dictionary)).decompress

        def floor(payload):
            return alone(payload[2:])

        versions = {p[:7]: (alone, 2 + SMALL_FRAME_LAYOUTS[p[6]][0]) for p in payloads if SMALL_FRAME_LAYOUTS[p[6]]}

        def lookup(payload):
            decompress, block_at = versions[payload[:7]]
            return decompress(payload[2:])

        def lookup_and_read(payload):
            decompress, block_at = versions[payload[:7]]
            block = payload[block_at] | payload[block_at + 1] << 8 | payload[block_at + 2] << 16  # noqa: F841
            return decompress(payload[2:])

        times = side_by_side([("python-zstandard alone", alone, frames), ("floor (slice + call)", floor, payloads),
                              ("floor + version lookup", lookup, payloads),
                              ("  + block header read", lookup_and_read, payloads),
                              ("zdict.Codec", codec.decompress, payloads)])
        base = times["python-zstandard alone"]
        java = None
        if classpath:
            path = os.path.join(folder, "payloads.bin")
            with open(path, "wb") as f:
                for p in payloads:
                    f.write(len(p).to_bytes(4, "big") + p)
            source = os.path.join(os.path.dirname(os.path.abspath(__file__)), "JavaDecode.java")
            out = subprocess.run(["java", "-cp", classpath, source, folder, path, str(ROUNDS)],
                                 check=True, capture_output=True, text=True).stdout
            java = float(out.strip())
    size = sum(map(len, held_out)) / len(held_out)
    payload = sum(map(len, payloads)) / len(payloads)
    print(f"{os.path.basename(events_path)}: {len(held_out)} events of {size:.0f} bytes on average,"
          f" payloads of {payload:.1f} bytes; {ROUNDS} rounds, medians")
    for name, ns in times.items():
        ratio = statistics.median(n / b for n, b in zip(ns, base))
        print(f"{name:24s} {statistics.median(ns) / 1000:7.3f} µs/event  {ratio:5.2f} x python-zstandard alone"
              f" (per-round ratios {min(n / b for n, b in zip(ns, base)):.2f}–{max(n / b for n, b in zip(ns, base)):.2f})")
    if java is not None:
        print(f"{'Java ZdictCodec':24s} {java / 1000:7.3f} µs/event  {java / statistics.median(base):5.2f} x"
              " python-zstandard alone (a child JVM afterwards, median round)")


if __name__ == "__main__":
    main(*sys.argv[1:])
