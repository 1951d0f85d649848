#!/usr/bin/env bash
# Java against the C library: the same held-out batches, dictionary and level through
#   1. libzstd via a small C harness (src/main/c/zdict_cbench.c, gcc -O2), built twice: against the
#      system's libzstd (Debian's, as the zstd tool uses) and against the libzstd inside zstd-jni's
#      native library (the exact build Java calls), and
#   2. ZdictCodec and bare zstd-jni, in the same loop in Java (JavaLoop) and in JMH,
# one after the other in one run. Output: benchmarks/results/c-compare-<label>/*.json(l)
#   benchmarks/run-c-compare.sh            # zdict-trained (what `zdict train` chooses), batches of 1 and 4
#   ZDICT_LABEL=zdict-64k-3 benchmarks/run-c-compare.sh
# Builds the module and what it needs first (mvn install -pl benchmarks -am); ZDICT_REBUILD=0 skips that.
# benchmarks/report.sh turns the results into tables and charts under docs/benchmarks/.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
shared="${ZDICT_SHARED_DIR:-$root/../shared}"
label="${ZDICT_LABEL:-zdict-trained}"
batches="${ZDICT_BATCHES:-1,4}"
out="${ZDICT_OUT:-$here/results/c-compare-$label}"
work="$here/target/c-compare"
mkdir -p "$out" "$work"

if [[ ! -f /usr/include/zstd.h ]]; then
  apt-get update -qq && apt-get install -y -qq libzstd-dev gcc
fi
mvn -B -q dependency:get -Dartifact=org.apache.druid:druid-processing:31.0.0:jar:tests -Dtransitive=false
if [[ ! -f "$here/target/benchmarks.jar" || "${ZDICT_REBUILD:-1}" == 1 ]]; then
  (cd "$root" && mvn -B -q -DskipTests -Dspotless.check.skip=true install -pl benchmarks -am)
fi
gcc -O2 -o "$work/zdict_cbench" "$here/src/main/c/zdict_cbench.c" -lzstd
# The same harness against zstd-jni's bundled library, taken from the jar Maven resolved.
jni_version="$(sed -n 's:.*<zstd-jni.version>\(.*\)</zstd-jni.version>.*:\1:p' "$root/pom.xml")"
case "$(uname -m)" in
  x86_64) jni_arch=amd64 ;;
  *) jni_arch="$(uname -m)" ;;
esac
jni_jar="$HOME/.m2/repository/com/github/luben/zstd-jni/$jni_version/zstd-jni-$jni_version.jar"
unzip -q -o -j "$jni_jar" "linux/$jni_arch/libzstd-jni-$jni_version.so" -d "$work/zstd-jni"
gcc -O2 -o "$work/zdict_cbench_jni" "$here/src/main/c/zdict_cbench.c" \
  -DZSTD_LIBRARY="\"zstd-jni $jni_version\"" \
  -L"$work/zstd-jni" -l:"libzstd-jni-$jni_version.so" -Wl,-rpath,"$work/zstd-jni"

datasets=()
if compgen -G "$shared/data/*.jsonl" > /dev/null; then
  for f in "$shared"/data/*.jsonl; do datasets+=("$(basename "$f" .jsonl)"); done
else
  datasets=(wikiticker)
fi

# The machine is shared (other builds run on the same 2 cores), so C and Java run in alternating
# passes of short rounds, and the report compares the best round of each: contention only ever
# slows a round down.
passes="${ZDICT_PASSES:-2}"
rm -f "$out"/loop-*.jsonl
for ds in "${datasets[@]}"; do
  for b in ${batches//,/ }; do
    dir="$work/$ds-b$b"
    java -Dzdict.shared.dir="$shared" -cp "$here/target/benchmarks.jar" \
      org.zdict.bench.nativecompare.ExportBatches "$ds" "$label" "$b" "$dir"
    tag="\"dataset\":\"$ds\",\"batch\":$b"
    level="$(cat "$dir/level")"
    for pass in $(seq 1 "$passes"); do
      "$work/zdict_cbench" "$dir/batches.bin" "$dir/dictionary" "$level" 6 0.5 \
        | sed "s/^{/{\"impl\":\"c\",\"pass\":$pass,$tag,\"codec\":\"$label\",/" >> "$out/loop-$ds-b$b.jsonl"
      "$work/zdict_cbench_jni" "$dir/batches.bin" "$dir/dictionary" "$level" 6 0.5 \
        | sed "s/^{/{\"impl\":\"c-jni\",\"pass\":$pass,$tag,\"codec\":\"$label\",/" >> "$out/loop-$ds-b$b.jsonl"
      for impl in "$label" "jni${label#z}"; do
        java -cp "$here/target/benchmarks.jar" org.zdict.bench.nativecompare.JavaLoop \
          "$dir/batches.bin" "$dir/dictionary" "$impl" 6 0.5 4 \
          | sed "s/^{/{\"impl\":\"java\",\"pass\":$pass,$tag,/" >> "$out/loop-$ds-b$b.jsonl"
      done
    done
    cat "$out/loop-$ds-b$b.jsonl"
  done
done

[[ "${ZDICT_JMH:-1}" == 1 ]] || exit 0
list="$(IFS=,; echo "${datasets[*]}")"
java -jar "$here/target/benchmarks.jar" CodecBenchmark -f 1 -wi 2 -w 1s -i 5 -r 1s \
  -p "codec=$label,jni${label#z}" -p "batch=$batches" -p "dataset=$list" \
  -jvmArgsAppend "-Dzdict.shared.dir=$shared" -rf json -rff "$out/jmh.json"
echo "Results in $out"
