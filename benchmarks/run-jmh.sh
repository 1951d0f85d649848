#!/usr/bin/env bash
# Runs the JMH codec suite and writes JSON results.
#   benchmarks/run-jmh.sh quick   # < 10 minutes on 2 cores: 5 codecs x 4 batch sizes, short iterations
#   benchmarks/run-jmh.sh full    # every codec, level and dictionary size (about 3.5 hours on 2 cores)
#   benchmarks/run-jmh.sh ratio   # single events, every baseline against zdict-64k-3 and zdict-trained
#                                 # (about 3 minutes, plus 22-29 s per data set the first time zdict train runs)
# Extra arguments go to JMH (e.g. -p batch=1). Output: benchmarks/results/jmh-<mode>.json
# Builds the module and what it needs first (mvn install -pl benchmarks -am); ZDICT_REBUILD=0 skips that.
# benchmarks/report.sh turns the results into tables and charts under docs/benchmarks/.
set -euo pipefail
mode="${1:-quick}"
shift || true
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
shared="${ZDICT_SHARED_DIR:-$root/../shared}"
results="$here/results"
mkdir -p "$results"

# The project's own sample (Wikipedia edits) lives in a Maven Central artifact.
mvn -B -q dependency:get -Dartifact=org.apache.druid:druid-processing:31.0.0:jar:tests -Dtransitive=false
if [[ ! -f "$here/target/benchmarks.jar" || "${ZDICT_REBUILD:-1}" == 1 ]]; then
  (cd "$root" && mvn -B -q -DskipTests -Dspotless.check.skip=true install -pl benchmarks -am)
fi

# Data sets: every file in shared/data when present. wikiticker (fetched through Maven) is the same
# Wikipedia sample as shared/data/wikipedia_edits.jsonl, so it runs only when shared/ is absent,
# or always in full mode.
datasets=()
if compgen -G "$shared/data/*.jsonl" > /dev/null; then
  for f in "$shared"/data/*.jsonl; do datasets+=("$(basename "$f" .jsonl)"); done
  [[ "$mode" == full ]] && datasets=(wikiticker "${datasets[@]}")
else
  datasets=(wikiticker)
fi
list="$(IFS=,; echo "${datasets[*]}")"

case "$mode" in
  quick)
    opts=(-f 1 -wi 1 -w 1s -i 2 -r 1s -p codec=lz4,snappy,gzip,zstd-3,zdict-64k-3 -p batch=1,4,16,64) ;;
  full)
    opts=(-f 1 -wi 3 -w 2s -i 5 -r 2s) ;;
  ratio)
    opts=(-f 1 -wi 1 -w 1s -i 2 -r 1s -p batch=1
      -p codec=none,lz4,lz4hc,snappy,gzip,zstd-3,zdict-64k-3,zdict-trained,jnidict-trained) ;;
  *)
    echo "usage: $0 quick|full|ratio [JMH options]" >&2; exit 2 ;;
esac

out="$results/jmh-$mode.json"
java -jar "$here/target/benchmarks.jar" CodecBenchmark "${opts[@]}" -p "dataset=$list" \
  -jvmArgsAppend "-Dzdict.shared.dir=$shared" -rf json -rff "$out" "$@"
echo "JMH results: $out"
