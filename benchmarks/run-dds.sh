#!/usr/bin/env bash
# zstd's dedicated dictionary search, row-based match finder switch and attach preference on small
# events (docs/BENCHMARKS.md section 1, docs/TRAINING.md section 2): none has a setter in zstd-jni, so
# a C harness (src/main/c/zdict_dds.c, statically linked: the switches are experimental API) measures
# them against levels 1-9 through a plain digested dictionary, on the held-out batches and
# dictionaries the Java benchmarks use (exported by ExportBatches), single events and batches of 4,
# in alternating rounds of thread CPU time in one process per data set, batch size and dictionary.
#   benchmarks/run-dds.sh                          # every data set, trainer's dictionary and 64 KiB
#   benchmarks/run-dds.sh wikipedia_edits zdict-trained
#   ZDICT_ZSTD_SRC=/path/to/zstd benchmarks/run-dds.sh   # also against that zstd source tree's lib
#                                                        # (built here with make -C lib libzstd.a)
#   ZDICT_BUILDS=jni benchmarks/run-dds.sh      # only against zstd-jni's own library (see below)
# Builds: "system" links Debian's libzstd.a and builds each variant's digested dictionary itself
# (ZSTD_createCDict / ZSTD_createCDict_advanced2, so it reports the match finder and the memory);
# "jni" (-DZDICT_CTX_DICT) sets the options on each context and loads the raw dictionary into it (zstd
# then digests it once with those options, the same frames), linked against the libzstd 1.5.7 inside
# zstd-jni's native library from the jar Maven resolved, the exact build Java calls.
# Output: benchmarks/results/dds-<date>.md (tables) and .jsonl (one object per variant).
# Needs target/benchmarks.jar (built with mvn package -pl benchmarks -am when missing or when
# ZDICT_REBUILD=1) and libzstd-dev (Debian 12: zstd 1.5.4, with libzstd.a).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
shared="${ZDICT_SHARED_DIR:-$root/../shared}"
work="$here/target/dds"
mkdir -p "$work" "$here/results"
stamp="$(date -u +%Y%m%d-%H%M)"
out="$here/results/dds-$stamp.md"
json="$here/results/dds-$stamp.jsonl"
rounds="${ZDICT_ROUNDS:-15}"
millis="${ZDICT_ROUND_MILLIS:-10}"
# Levels through ZSTD_createCDict (what zstd-jni's ZstdDictCompress does), then dedicated dictionary
# search (:dds), the row-based match finder off (:norow), both, and the attach preference (:attach).
variants="${ZDICT_VARIANTS:-1 3 4 5 6 7 9 5:dds 6:dds 7:dds 8:dds 9:dds 5:norow 6:norow 7:norow 5:dds:norow 6:dds:norow 7:dds:norow 3:attach 4:attach}"

if [[ ! -f /usr/lib/x86_64-linux-gnu/libzstd.a && ! -f /usr/lib/libzstd.a ]]; then
  apt-get update -qq && apt-get install -y -qq libzstd-dev gcc
fi
if [[ ! -f "$here/target/benchmarks.jar" || "${ZDICT_REBUILD:-0}" == 1 ]]; then
  (cd "$root" && mvn -B -q -DskipTests -Dspotless.check.skip=true package -pl benchmarks -am)
fi
read -r -a builds <<< "${ZDICT_BUILDS:-system jni}"
gcc -O2 -o "$work/zdict_dds-system" "$here/src/main/c/zdict_dds.c" -l:libzstd.a -lpthread
jni_version="$(sed -n 's:.*<zstd-jni.version>\(.*\)</zstd-jni.version>.*:\1:p' "$root/pom.xml")"
case "$(uname -m)" in
  x86_64) jni_arch=amd64 ;;
  *) jni_arch="$(uname -m)" ;;
esac
jni_jar="$HOME/.m2/repository/com/github/luben/zstd-jni/$jni_version/zstd-jni-$jni_version.jar"
unzip -q -o -j "$jni_jar" "linux/$jni_arch/libzstd-jni-$jni_version.so" -d "$work/zstd-jni"
gcc -O2 -DZDICT_CTX_DICT -DZSTD_LIBRARY="\"zstd-jni $jni_version\"" -o "$work/zdict_dds-jni" \
  "$here/src/main/c/zdict_dds.c" -L"$work/zstd-jni" -l:"libzstd-jni-$jni_version.so" \
  -Wl,-rpath,"$work/zstd-jni"
if [[ -n "${ZDICT_ZSTD_SRC:-}" ]]; then
  make -C "$ZDICT_ZSTD_SRC/lib" -j2 libzstd.a ZSTD_LEGACY_SUPPORT=0 > "$work/zstd-src-build.log"
  gcc -O2 -o "$work/zdict_dds-src" "$here/src/main/c/zdict_dds.c" -I"$ZDICT_ZSTD_SRC/lib" \
    "$ZDICT_ZSTD_SRC/lib/libzstd.a" -lpthread
  builds+=(src)
fi

datasets="${1:-}"
if [[ -z "$datasets" ]]; then
  list=()
  for f in "$shared"/data/*.jsonl; do list+=("$(basename "$f" .jsonl)"); done
  datasets="$(IFS=,; echo "${list[*]}")"
fi
labels="${2:-zdict-trained,zdict-64k-5}"

{
  echo "# Dedicated dictionary search, row match finder and attach preference ($stamp UTC)"
  echo
  echo "\`benchmarks/run-dds.sh $*\`: $rounds rounds of ${millis} ms (level 3's time), thread CPU time,"
  echo "medians; CPU × L3's is the median of per-round ratios. Variants: $variants."
  echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg); builds: ${builds[*]}"
  [[ -z "${ZDICT_ZSTD_SRC:-}" ]] || echo "src libzstd: built from $ZDICT_ZSTD_SRC"
} > "$out"
: > "$json"
for ds in ${datasets//,/ }; do
  for label in ${labels//,/ }; do
    for b in 1 4; do
      dir="$work/$ds-$label-b$b"
      if [[ ! -f "$dir/batches.bin" ]]; then
        java -Dzdict.shared.dir="$shared" -cp "$here/target/benchmarks.jar" \
          org.zdict.bench.nativecompare.ExportBatches "$ds" "$label" "$b" "$dir"
      fi
      for build in "${builds[@]}"; do
        {
          echo
          echo "## $ds, $label (trainer's level $(cat "$dir/level")), batches of $b, $build libzstd"
          echo
        } >> "$out"
        # shellcheck disable=SC2086
        "$work/zdict_dds-$build" "$dir/batches.bin" "$dir/dictionary" "$rounds" "$millis" $variants \
          >> "$out" 2> "$work/last.jsonl"
        sed "s/^{/{\"dataset\":\"$ds\",\"label\":\"$label\",\"batch\":$b,\"build\":\"$build\",/" \
          "$work/last.jsonl" >> "$json"
      done
    done
  done
done
cat "$out"
echo "Results in $out and $json"
