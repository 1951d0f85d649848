#!/usr/bin/env bash
# LZ4 block + the trained dictionary (issue 25), measured before deciding whether zdict offers it:
#   1. cross-check against liblz4 (src/main/c/lz4dict_check.c, gcc -O2 -llz4) on every held-out event
#      of each data set: liblz4 decodes the Java blocks of every mode (LZ4_decompress_safe_usingDict),
#      Java decodes liblz4's blocks (LZ4_compress_fast_continue / LZ4_compress_HC_continue levels 9 and
#      12, the dictionary loaded with LZ4_loadDict / LZ4_loadDictHC); byte equality required;
#      then the decoders alone, liblz4 against Java on the same blocks, in alternating passes;
#   2. Lz4DictLoop: ratio and thread-CPU time per event of the LZ4 modes, the trainer's zstd choice
#      through ZdictCodec and Kafka's own lz4 on batches of 1 and 4, side by side in one JVM.
# Output: benchmarks/results/lz4dict/ (cross-check-<dataset>.jsonl, decode-time-<dataset>.jsonl, loop.txt).
#   benchmarks/run-lz4dict-compare.sh            # both parts, every data set in ../shared/data
#   ZDICT_LOOP=0 benchmarks/run-lz4dict-compare.sh  # the cross-check only
# Builds the module first (mvn package -pl benchmarks -am, never install); ZDICT_REBUILD=0 skips that.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
shared="${ZDICT_SHARED_DIR:-$root/../shared}"
out="${ZDICT_OUT:-$here/results/lz4dict}"
work="$here/target/lz4dict"
mkdir -p "$out" "$work"

if [[ ! -f /usr/include/lz4hc.h ]]; then
  apt-get update -qq && apt-get install -y -qq liblz4-dev gcc
fi
if [[ ! -f "$here/target/benchmarks.jar" || "${ZDICT_REBUILD:-1}" == 1 ]]; then
  (cd "$root" && mvn -B -q -o -DskipTests -Dspotless.check.skip=true package -pl benchmarks -am)
fi
gcc -O2 -Wall -o "$work/lz4dict_check" "$here/src/main/c/lz4dict_check.c" -llz4

datasets=()
for f in "$shared"/data/*.jsonl; do datasets+=("$(basename "$f" .jsonl)"); done
modes="fast hc4 hc16 hc64 hc256"
jar="$here/target/benchmarks.jar"
for ds in "${datasets[@]}"; do
  dir="$work/$ds"
  rm -rf "$dir"
  java -Dzdict.shared.dir="$shared" -cp "$jar" org.zdict.bench.lz4dict.Lz4DictCrossCheck export "$ds" "$dir"
  {
    "$work/lz4dict_check" "$dir" $modes
    java -Dzdict.shared.dir="$shared" -cp "$jar" org.zdict.bench.lz4dict.Lz4DictCrossCheck verify "$ds" "$dir"
  } | sed "s/^{/{\"dataset\":\"$ds\",/" | tee "$out/cross-check-$ds.jsonl"
done

# The decoders alone, liblz4 against Java, on the same hc16 blocks: passes alternating, best rounds.
for ds in "${datasets[@]}"; do
  for pass in 1 2 3; do
    "$work/lz4dict_check" --decode-time "$work/$ds" hc16
    java -cp "$jar" org.zdict.bench.lz4dict.Lz4DictCrossCheck time "$work/$ds" hc16
  done | sed "s/^{/{\"dataset\":\"$ds\",/" | tee "$out/decode-time-$ds.jsonl"
done

[[ "${ZDICT_LOOP:-1}" == 1 ]] || exit 0
{ echo "# $(date -u +%FT%TZ) load before: $(cut -d' ' -f1-3 /proc/loadavg)"
  java -Xmx2g -Dzdict.shared.dir="$shared" -cp "$jar" org.zdict.bench.lz4dict.Lz4DictLoop \
    "${ZDICT_ROUNDS:-12}" "${ZDICT_ROUND_MILLIS:-100}" "${datasets[@]}"
  echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"
} | tee "$out/loop.txt"
