#!/usr/bin/env bash
# zstd-jni against this project's foreign-function prototype: single held-out events decoded and
# encoded with the trainer's dictionary through a bare zstd-jni context (its own foreign-function binding,
# then its JNI binding) and through downcalls into the same loaded libzstd (src/ffm/java: FfmZstd,
# FfmCallLoop), alternating in one JVM on a JDK >= 22; and,
# between those JVMs, the C harness linked to zstd-jni's own library on the same events.
#   benchmarks/run-ffm-compare.sh                      # wikipedia_edits, 3 JVMs of 20 rounds of 100 ms
#   ZDICT_DATASET=zeek_network_logs ZDICT_PASSES=2 benchmarks/run-ffm-compare.sh
# The Java 17 build never sees src/ffm/java: this script compiles it with the newer JDK's javac
# (FFM_JAVA_HOME, else the first /usr/lib/jvm/temurin-2x JDK) against benchmarks.jar, which it builds
# with the default JDK when missing (ZDICT_REBUILD=1 forces it). Output: results/ffm-compare.txt
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
shared="${ZDICT_SHARED_DIR:-$root/../shared}"
dataset="${ZDICT_DATASET:-wikipedia_edits}"
passes="${ZDICT_PASSES:-3}"
ffm_home="${FFM_JAVA_HOME:-$(ls -d /usr/lib/jvm/temurin-2[2-9]* 2>/dev/null | head -1)}"
if [[ -z "$ffm_home" || ! -x "$ffm_home/bin/javac" ]]; then
  echo "run-ffm-compare: no JDK 22+ found; set FFM_JAVA_HOME" >&2
  exit 2
fi
jar="$here/target/benchmarks.jar"
if [[ ! -f "$jar" || "${ZDICT_REBUILD:-0}" == 1 ]]; then
  (cd "$root" && mvn -B -q -DskipTests -Dspotless.check.skip=true package -pl benchmarks -am)
fi
classes="$here/target/ffm-classes"
rm -rf "$classes" && mkdir -p "$classes"
"$ffm_home/bin/javac" --release 22 -d "$classes" -cp "$jar" "$here"/src/ffm/java/org/zdict/bench/jmh/*.java

# The C harness, linked to the libzstd inside zstd-jni's library (as run-c-compare.sh builds it).
work="$here/target/c-compare"
mkdir -p "$work"
if [[ ! -f /usr/include/zstd.h ]]; then
  apt-get update -qq && apt-get install -y -qq libzstd-dev gcc
fi
jni_version="$(sed -n 's:.*<zstd-jni.version>\(.*\)</zstd-jni.version>.*:\1:p' "$root/pom.xml")"
jni_jar="$HOME/.m2/repository/com/github/luben/zstd-jni/$jni_version/zstd-jni-$jni_version.jar"
unzip -q -o -j "$jni_jar" "linux/amd64/libzstd-jni-$jni_version.so" -d "$work/zstd-jni"
gcc -O2 -o "$work/zdict_cbench_jni" "$here/src/main/c/zdict_cbench.c" \
  -DZSTD_LIBRARY="\"zstd-jni $jni_version\"" \
  -L"$work/zstd-jni" -l:"libzstd-jni-$jni_version.so" -Wl,-rpath,"$work/zstd-jni"
dir="$work/$dataset-b1"
java -Dzdict.shared.dir="$shared" -cp "$jar" org.zdict.bench.nativecompare.ExportBatches \
  "$dataset" zdict-trained 1 "$dir"

out="$here/results/ffm-compare.txt"
: > "$out"
for pass in $(seq 1 "$passes"); do
  echo "pass $pass, C (zstd-jni's libzstd, room to spare): $("$work/zdict_cbench_jni" \
    "$dir/batches.bin" "$dir/dictionary" "$(cat "$dir/level")" 6 0.5)" | tee -a "$out"
  # zstd-jni through its own foreign-function binding (benchmarks.jar is multi-release), then, with
  # multi-release jars turned off, through JNI: each against this prototype in the same JVM.
  for binding in foreign-function jni; do
    flags=(--enable-native-access=ALL-UNNAMED)
    [[ "$binding" == jni ]] && flags+=(-Djdk.util.jar.enableMultiRelease=false)
    "$ffm_home/bin/java" "${flags[@]}" -Dzdict.shared.dir="$shared" \
      -cp "$classes:$jar" org.zdict.bench.jmh.FfmCallLoop "$dataset" trained 20 100 \
      | sed "s/^/pass $pass, zstd-jni's $binding binding: /" | tee -a "$out"
  done
done
