#!/usr/bin/env bash
# End to end through a real in-process KRaft broker (KafkaClusterTestKit): the same events produced
# with compression.type none/gzip/snappy/lz4/zstd and with ZdictSerializer (broker compression none),
# then consumed back. Output: benchmarks/results/e2e-<dataset>.json
#   benchmarks/run-e2e.sh                                   # wikipedia_edits, every scenario
#   benchmarks/run-e2e.sh --dataset zeek_network_logs --scenarios small-1,small-4
# Builds the module and what it needs first (mvn install -pl benchmarks -am); ZDICT_REBUILD=0 skips that.
# ZDICT_JAVA runs it on another java (a JDK 22+ runs zstd-jni's foreign-function binding);
# ZDICT_OUT names the output file.
# benchmarks/report.sh turns the results into tables and charts under docs/benchmarks/.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
shared="${ZDICT_SHARED_DIR:-$root/../shared}"
dataset=wikipedia_edits
args=("$@")
for ((i = 0; i < ${#args[@]}; i++)); do
  [[ "${args[$i]}" == --dataset ]] && dataset="${args[$((i + 1))]}"
done
if [[ ! -d "$shared/data" ]]; then
  dataset=wikiticker
  args+=(--dataset wikiticker)
  mvn -B -q dependency:get -Dartifact=org.apache.druid:druid-processing:31.0.0:jar:tests -Dtransitive=false
fi
if [[ ! -d "$here/target/classes" || "${ZDICT_REBUILD:-1}" == 1 ]]; then
  (cd "$root" && mvn -B -q -DskipTests -Dspotless.check.skip=true install -pl benchmarks -am)
fi
(cd "$root" && mvn -B -q -pl benchmarks dependency:build-classpath -Dmdep.outputFile="$here/target/e2e.classpath")
mkdir -p "$here/results"
"${ZDICT_JAVA:-java}" -Xmx3g --enable-native-access=ALL-UNNAMED -Dzdict.shared.dir="$shared" -Dorg.slf4j.simpleLogger.defaultLogLevel=warn \
  -cp "$here/target/classes:$(cat "$here/target/e2e.classpath")" \
  org.zdict.bench.e2e.KafkaEndToEnd --out "${ZDICT_OUT:-$here/results/e2e-$dataset.json}" "${args[@]}"
