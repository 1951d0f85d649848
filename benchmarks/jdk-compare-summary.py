#!/usr/bin/env python3
"""Summarises run-jdk-compare.sh's JSON lines. Each line is one JVM (or one run of the C harness) and
its best round in MB per CPU-second. Per data set and batch size: each implementation's median over
its JVMs, the range, how many JVMs ran below 0.75x of that implementation's fastest JVM (the JIT's
choice differs between JVMs), and ratios of medians (higher is faster)."""
import json
import statistics
import sys
from collections import defaultdict

runs = defaultdict(lambda: defaultdict(list))
for path in sys.argv[1:]:
    with open(path) as lines:
        for line in lines:
            row = json.loads(line)
            codec = row.get("codec", "c")
            impl = "c" if row["impl"] == "c" else row["impl"] + ("/bare" if codec.startswith("jni") else "/codec")
            for op in ("compress", "decompress"):
                runs[(row["dataset"], row["batch"])][(impl, op)].append(row[op + "_mb_cpu_s_best"])

ratios = [
    ("codec / C, Java 17", "java17/codec", "c"),
    ("codec / C, JDK 22+ (foreign-function)", "java-new/codec", "c"),
    ("codec / C, JDK 22+ (JNI)", "java-new-jni/codec", "c"),
    ("bare zstd-jni / C, Java 17", "java17/bare", "c"),
    ("bare zstd-jni / C, JDK 22+ (foreign-function)", "java-new/bare", "c"),
    ("codec / bare, Java 17", "java17/codec", "java17/bare"),
    ("codec / bare, JDK 22+ (foreign-function)", "java-new/codec", "java-new/bare"),
    ("codec / bare, JDK 22+ (JNI)", "java-new-jni/codec", "java-new-jni/bare"),
    ("JDK 22+ (foreign-function) / Java 17, codec", "java-new/codec", "java17/codec"),
    ("JDK 22+ (JNI) / Java 17, codec", "java-new-jni/codec", "java17/codec"),
    ("child loader / class path, codec, Java 17", "java17-child-loader/codec", "java17/codec"),
    ("child loader / class path, codec, JDK 22+", "java-new-child-loader/codec", "java-new/codec"),
]
for key in sorted(runs):
    figures = runs[key]
    print(f"{key[0]}, batch {key[1]}: MB per CPU-second, median of JVMs [min-max] (slow JVMs / JVMs)")
    for impl in sorted({impl for impl, _ in figures}):
        cells = []
        for op in ("compress", "decompress"):
            values = figures[(impl, op)]
            slow = sum(1 for v in values if v < 0.75 * max(values))
            cells.append(f"{op} {statistics.median(values):7.1f} [{min(values):6.1f}-{max(values):6.1f}] ({slow}/{len(values)})")
        print(f"  {impl:30s} " + "   ".join(cells))
    for label, a, b in ratios:
        if (a, "compress") in figures and (b, "compress") in figures:
            c = statistics.median(figures[(a, "compress")]) / statistics.median(figures[(b, "compress")])
            d = statistics.median(figures[(a, "decompress")]) / statistics.median(figures[(b, "decompress")])
            print(f"  {label:48s} compress {c:5.3f}  decompress {d:5.3f}")
