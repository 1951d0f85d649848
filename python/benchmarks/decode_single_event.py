"""Decode time per single event: zdict.Codec, python-zstandard alone with the same dictionary, the Java codec.

    /usr/bin/python3 python/benchmarks/decode_single_event.py ../shared/data/github_events.jsonl CORE_CLASSPATH

Trains a 64 KiB dictionary on the first 5,000 events (python-zstandard's trainer), writes it as version 1
of a registry folder, compresses the next 10,000 (or as many as the file has) one at a time with checksums off (a Kafka
record value: D1 01 + a frame naming the dictionary id), then decodes them all, event by event, in
rounds: python-zstandard alone gets the bare frames (prefix stripped in advance) and one digested
dictionary; zdict.Codec gets the payloads. The Java codec (ZdictCodec, checksums off) decodes the same
payloads in a child JVM when a class path is given. Each figure is the best of the rounds, in ns/event.
"""

import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time

import zstandard

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import zdict  # noqa: E402

ROUNDS = 15


def best_ns(decode, items):
    best = float("inf")
    for _ in range(ROUNDS):
        start = time.perf_counter_ns()
        for item in items:
            decode(item)
        best = min(best, (time.perf_counter_ns() - start) / len(items))
    return best


def registry_with(folder, dictionary):
    with open(os.path.join(folder, "v000001.dict"), "wb") as f:
        f.write(dictionary)
    manifest = {"format": 1, "nextVersion": 2, "dictionaries": [{
        "version": 1, "file": "v000001.dict", "status": "active", "sha256": hashlib.sha256(dictionary).hexdigest(),
        "size": len(dictionary), "level": 3, "createdAt": "2026-12-01T00:00:00Z", "metadata": {}}]}
    with open(os.path.join(folder, "manifest.json"), "w") as f:
        json.dump(manifest, f)


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
        alone = zstandard.ZstdDecompressor(dict_data=zstandard.ZstdCompressionDict(dictionary))
        results = {}
        for _ in range(2):  # alternate, so that neither gets the quieter moment only
            results["python-zstandard alone"] = min(results.get("python-zstandard alone", 1e18),
                                                    best_ns(alone.decompress, frames))
            results["zdict.Codec"] = min(results.get("zdict.Codec", 1e18), best_ns(codec.decompress, payloads))
        if classpath:
            path = os.path.join(folder, "payloads.bin")
            with open(path, "wb") as f:
                for p in payloads:
                    f.write(len(p).to_bytes(4, "big") + p)
            java = os.path.join(os.path.dirname(os.path.abspath(__file__)), "JavaDecode.java")
            out = subprocess.run(["java", "-cp", classpath, java, folder, path, str(ROUNDS * 2)],
                                 check=True, capture_output=True, text=True).stdout
            results["Java ZdictCodec"] = float(out.strip())
    size = sum(map(len, held_out)) / len(held_out)
    payload = sum(map(len, payloads)) / len(payloads)
    print(f"{len(held_out)} events of {size:.0f} bytes on average, payloads of {payload:.1f} bytes")
    base = results["python-zstandard alone"]
    for name, ns in results.items():
        print(f"{name:24s} {ns / 1000:7.2f} µs/event  {ns / base:5.2f} x python-zstandard alone")


if __name__ == "__main__":
    main(*sys.argv[1:])
