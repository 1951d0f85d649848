#!/usr/bin/env bash
# zstd compression parameters for small events (docs/BENCHMARKS.md section 1, docs/TRAINING.md section 2):
# levels 1-9 through a digested dictionary (what zdict does), candidate parameter sets through a context
# that loads the raw dictionary after its parameters, and Kafka's lz4 on batches of 4, in one JVM in
# alternating rounds of thread CPU time, on single events and batches of 4 of the benchmarks' held-out
# events, with dictionaries of 64, 256 and 512 KiB trained for level 5 (cached like the other benchmarks').
#   benchmarks/run-params.sh                         # every data set in ../shared/data, about 4 minutes
#   benchmarks/run-params.sh wikipedia_edits 512     # one data set and dictionary size (KiB)
#   ZDICT_PROFILE=1 benchmarks/run-params.sh         # also: the fixed cost of a frame and of copying a
#                                                    # dictionary's tables (ProfileLoop probe)
#   ZDICT_TRAINING=30000 benchmarks/run-params.sh wikipedia_edits,zeek_network_logs 256,512,1024
#                                                    # train on the first 30,000 events instead of 5,000
#                                                    # (dictionaries larger than 5,000 events can fill)
# Output: benchmarks/results/params-<date>.md. For a native profile of one variant:
#   perf record -- java -cp benchmarks/target/benchmarks.jar org.zdict.bench.params.ProfileLoop \
#     loop wikipedia_edits 512 L5 1 8
# Builds the module and what it needs first (mvn package -pl benchmarks -am); ZDICT_REBUILD=0 skips that.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
shared="${ZDICT_SHARED_DIR:-$root/../shared}"
mkdir -p "$here/results"
out="$here/results/params-$(date -u +%Y%m%d-%H%M).md"
if [[ ! -f "$here/target/benchmarks.jar" || "${ZDICT_REBUILD:-1}" == 1 ]]; then
  (cd "$root" && mvn -B -q -DskipTests -Dspotless.check.skip=true package -pl benchmarks -am)
fi
datasets="${1:-}"
if [[ -z "$datasets" ]]; then
  list=()
  for f in "$shared"/data/*.jsonl; do list+=("$(basename "$f" .jsonl)"); done
  datasets="$(IFS=,; echo "${list[*]}")"
fi
sizes="${2:-64,256,512}"
run() {
  java -cp "$here/target/benchmarks.jar" -Dzdict.shared.dir="$shared" \
    ${ZDICT_TRAINING:+-Dzdict.params.training="$ZDICT_TRAINING"} "$@"
}
run org.zdict.bench.params.ParamsSweep "$datasets" "$sizes" "${ZDICT_ROUNDS:-7}" "${ZDICT_ROUND_MILLIS:-20}" | tee "$out"
if [[ "${ZDICT_PROFILE:-0}" == 1 ]]; then
  for ds in ${datasets//,/ }; do
    for size in ${sizes//,/ }; do
      run org.zdict.bench.params.ProfileLoop probe "$ds" "$size" | tee -a "$out"
    done
  done
fi
echo "Written: $out"
