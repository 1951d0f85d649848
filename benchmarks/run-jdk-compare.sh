#!/usr/bin/env bash
# Which JDK decodes cheapest: ZdictCodec and bare zstd-jni on single held-out events (and batches of 4)
# with the trainer's dictionary, on Java 17 (zstd-jni's JNI binding) and on a JDK 22+ (its
# foreign-function binding, read from META-INF/versions/22 of the multi-release benchmarks.jar), also
# inside a child class loader as a Connect plugin.path gives; and the C harness linked to zstd-jni's own
# libzstd on the same events, between them; and the JDK 22+ told to read no multi-release classes
# (-Djdk.util.jar.enableMultiRelease=false: zstd-jni's JNI binding there). All in alternating passes on
# one machine, one JVM per figure, so the spread between JVMs shows.
#   benchmarks/run-jdk-compare.sh                      # three data sets, batch 1, 5 passes
#   ZDICT_BATCHES=1,4 ZDICT_PASSES=3 benchmarks/run-jdk-compare.sh
# NEW_JAVA_HOME chooses the JDK 22+ (else the newest /usr/lib/jvm/temurin-2x). Output:
# results/jdk-compare/loop-*.jsonl and a table of ratios (summary.txt).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
shared="${ZDICT_SHARED_DIR:-$root/../shared}"
batches="${ZDICT_BATCHES:-1}"
passes="${ZDICT_PASSES:-5}"
new_home="${NEW_JAVA_HOME:-$(ls -d /usr/lib/jvm/temurin-2[2-9]* 2>/dev/null | sort -V | tail -1)}"
if [[ -z "$new_home" || ! -x "$new_home/bin/java" ]]; then
  echo "run-jdk-compare: no JDK 22+ found; set NEW_JAVA_HOME" >&2
  exit 2
fi
old_java="${OLD_JAVA:-java}"
jar="$here/target/benchmarks.jar"
if [[ ! -f "$jar" || "${ZDICT_REBUILD:-1}" == 1 ]]; then
  (cd "$root" && mvn -B -q -DskipTests -Dspotless.check.skip=true package -pl benchmarks -am)
fi
out="${ZDICT_OUT:-$here/results/jdk-compare}"
work="$here/target/c-compare"
mkdir -p "$out" "$work"
if [[ ! -f /usr/include/zstd.h ]]; then
  apt-get update -qq && apt-get install -y -qq libzstd-dev gcc
fi
jni_version="$(sed -n 's:.*<zstd-jni.version>\(.*\)</zstd-jni.version>.*:\1:p' "$root/pom.xml")"
jni_jar="$HOME/.m2/repository/com/github/luben/zstd-jni/$jni_version/zstd-jni-$jni_version.jar"
unzip -q -o -j "$jni_jar" "linux/amd64/libzstd-jni-$jni_version.so" -d "$work/zstd-jni"
gcc -O2 -o "$work/zdict_cbench_jni" "$here/src/main/c/zdict_cbench.c" \
  -DZSTD_LIBRARY="\"zstd-jni $jni_version\"" \
  -L"$work/zstd-jni" -l:"libzstd-jni-$jni_version.so" -Wl,-rpath,"$work/zstd-jni"

datasets=()
for f in "$shared"/data/*.jsonl; do datasets+=("$(basename "$f" .jsonl)"); done
rm -f "$out"/loop-*.jsonl
# run <impl> <codec> <java> [JVM options] [IsolatedLoader]: one JVM of JavaLoop, one JSON line tagged.
run() {
  local impl="$1" codec="$2"
  shift 2
  local cmd=("$1")
  shift
  local isolated=()
  for arg in "$@"; do
    if [[ "$arg" == *IsolatedLoader ]]; then isolated=("$arg"); else cmd+=("$arg"); fi
  done
  "${cmd[@]}" -cp "$jar" "${isolated[@]}" org.zdict.bench.nativecompare.JavaLoop \
    "$dir/batches.bin" "$dir/dictionary" "$codec" 6 0.5 4 \
    | sed "s/^{/{\"impl\":\"$impl\",\"pass\":$pass,$tag,/" >> "$file"
}
for ds in "${datasets[@]}"; do
  for b in ${batches//,/ }; do
    dir="$work/$ds-b$b"
    "$old_java" -Dzdict.shared.dir="$shared" -cp "$jar" org.zdict.bench.nativecompare.ExportBatches \
      "$ds" zdict-trained "$b" "$dir"
    file="$out/loop-$ds-b$b.jsonl"
    tag="\"dataset\":\"$ds\",\"batch\":$b"
    for pass in $(seq 1 "$passes"); do
      "$work/zdict_cbench_jni" "$dir/batches.bin" "$dir/dictionary" "$(cat "$dir/level")" 6 0.5 \
        | sed "s/^{/{\"impl\":\"c\",\"pass\":$pass,$tag,/" >> "$file"
      # One JVM per line: the JIT's choices differ from one JVM to the next, so each pass starts new ones.
      for codec in zdict-trained jnidict-trained; do
        run java17 "$codec" "$old_java"
        run java-new "$codec" "$new_home/bin/java" --enable-native-access=ALL-UNNAMED
        run java-new-jni "$codec" "$new_home/bin/java" --enable-native-access=ALL-UNNAMED \
          -Djdk.util.jar.enableMultiRelease=false
      done
      run java-new-child-loader zdict-trained "$new_home/bin/java" --enable-native-access=ALL-UNNAMED \
        org.zdict.bench.nativecompare.IsolatedLoader
      run java17-child-loader zdict-trained "$old_java" org.zdict.bench.nativecompare.IsolatedLoader
    done
  done
done
python3 "$here/jdk-compare-summary.py" "$out"/loop-*.jsonl | tee "$out/summary.txt"
echo "Java: $("$old_java" -version 2>&1 | head -1) and $("$new_home/bin/java" -version 2>&1 | head -1)" \
  | tee -a "$out/summary.txt"
