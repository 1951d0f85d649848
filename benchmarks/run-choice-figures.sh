#!/usr/bin/env bash
# The trainer's default choice against the best it gave up, and against stock `zstd --train`, as a new
# user would measure it: each shared data set split 80/20 in file order (the newest fifth is the test);
# on the first 80 %:
#   1. zdict train with defaults (balanced, the CPU ceiling of 1.0 x Kafka lz4 at 4 per batch),
#   2. zdict train --max-cpu-vs-lz4 0 (the uncapped best ratio, the same seed so the same dictionaries),
#   3. zstd --train --maxdict=65536 (one file per event), imported at level 3;
# then zdict eval of each on the newest 20 % at batches of 1 and 4. Output: results/choice-figures/
#   benchmarks/run-choice-figures.sh            # needs trainer-cli/target/zdict.jar (mvn package)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
shared="${ZDICT_SHARED_DIR:-$root/../shared}"
jar="${ZDICT_JAR:-$root/trainer-cli/target/zdict.jar}"
out="${ZDICT_OUT:-$here/results/choice-figures}"
work="$here/target/choice-figures"
command -v zstd >/dev/null || (apt-get update -qq && apt-get install -y -qq zstd)
rm -rf "$work" && mkdir -p "$work" "$out"
zdict() { java -jar "$jar" "$@"; }
summary="$out/summary.md"
echo "| data set | default choice | its CPU x Kafka lz4 | uncapped best | its CPU x Kafka lz4 | test ratio, default | uncapped | default / uncapped | zstd --train 64K L3 | default / zstd --train |" > "$summary"
echo "|---|---|---:|---|---:|---:|---:|---:|---:|---:|" >> "$summary"
for file in "$shared"/data/*.jsonl; do
  ds="$(basename "$file" .jsonl)"
  dir="$work/$ds"
  mkdir -p "$dir/samples"
  lines="$(wc -l < "$file")"
  train_lines=$((lines * 8 / 10))
  head -n "$train_lines" "$file" > "$dir/train.jsonl"
  tail -n +"$((train_lines + 1))" "$file" > "$dir/test.jsonl"
  zdict train -q --input "$dir/train.jsonl" --registry "$dir/default" --activate \
    --report-json "$out/$ds-default.json" > "$out/$ds-default.txt"
  zdict train -q --input "$dir/train.jsonl" --registry "$dir/uncapped" --activate --max-cpu-vs-lz4 0 \
    --report-json "$out/$ds-uncapped.json" > "$out/$ds-uncapped.txt"
  split -l 1 -a 6 "$dir/train.jsonl" "$dir/samples/e"
  zstd -q --train --maxdict=65536 -r "$dir/samples" -o "$dir/zstd64k.dict"
  zdict registry import --registry "$dir/zstd" --level 3 --activate "$dir/zstd64k.dict" > /dev/null
  for reg in default uncapped zstd; do
    zdict eval --registry "$dir/$reg" --input "$dir/test.jsonl" --no-candidate --batch 1,4 > "$out/$ds-eval-$reg.txt"
  done
  python3 - "$ds" "$out" >> "$summary" <<'PY'
import json, re, sys
ds, out = sys.argv[1], sys.argv[2]
def choice(kind):
    c = json.load(open(f"{out}/{ds}-{kind}.json"))["choice"]
    size = c["dictSize"] // 1024
    return f"{size}K L{c['level']}", c.get("cpu", {}).get("timesKafkaLz4")
def ratio(kind):
    for line in open(f"{out}/{ds}-eval-{kind}.txt"):
        m = re.match(r"^1\s+([\d.]+)x", line)
        if m:
            return float(m.group(1))
d, dc = choice("default")
u, _ = choice("uncapped")
# The uncapped point's CPU as the default run measured it beside Kafka lz4 (the same grid and seed).
uc = json.load(open(f"{out}/{ds}-default.json"))["choice"].get("cpu", {}).get("withoutCeiling", {}).get("timesKafkaLz4")
rd, ru, rz = ratio("default"), ratio("uncapped"), ratio("zstd")
fmt = lambda x: "-" if x is None else f"{x:.2f}"
print(f"| {ds} | {d} | {fmt(dc)} | {u} | {fmt(uc)} | {rd:.2f}x | {ru:.2f}x | {rd / ru:.3f} | {rz:.2f}x | {rd / rz:.3f} |")
PY
done
cat "$summary"
