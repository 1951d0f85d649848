#!/usr/bin/env bash
# Opt-in check, never run in CI: does `zdict train` choose the same grid point on the same data whatever
# else the machine is doing? Runs it RUNS times (default 10) on one input in each of three conditions:
#   quiet   - nothing started beside it;
#   spin    - one `yes` process per core (CPU load, little memory traffic);
#   memory  - MemoryBandwidthLoad.java, STREAM's copy loop on 64 MiB arrays, one thread per core
#             (memory-bandwidth load, as a parallel build or another JVM's GC makes).
# It prints each run's choice, then per condition how often its most frequent choice came up, and fails
# unless each condition's most frequent choice came up at least MIN times (default 9) and all three
# conditions agree on it. ZDICT_JAR may name several jars separated by commas (two builds, say): each
# run then trains with each in turn, under the same load, and each jar is counted on its own.
#
#   mvn -B -o -q -pl trainer-cli -am -DskipTests package
#   trainer-cli/scripts/choice-under-load.sh trainer-cli/target/zdict.jar events.jsonl [zdict train options]
#
# RUNS=10 MIN=9 CONDITIONS="quiet spin memory" JAVA_OPTS= are environment variables; REPORTS=DIR keeps each
# run's report there (CONDITION-RUN-JAR.txt), with the load average before it. The default
# objective is what it is meant for; a smaller --max-samples, --dict-size or --level list keeps the runs
# short.
set -euo pipefail
if [ $# -lt 2 ]; then
    echo "usage: $0 ZDICT_JAR[,ZDICT_JAR...] INPUT [zdict train options...]" >&2
    exit 2
fi
IFS=, read -r -a jars <<< "$1"
input=$2
shift 2
runs=${RUNS:-10}
min=${MIN:-9}
conditions=${CONDITIONS:-quiet spin memory}
here=$(cd "$(dirname "$0")" && pwd)
load=()
stop_load() {
    for pid in "${load[@]}"; do
        kill "$pid" 2>/dev/null || true
    done
    load=()
}
trap stop_load EXIT
start_load() {
    case $1 in
    quiet) ;;
    spin)
        for _ in $(seq "$(nproc)"); do
            yes > /dev/null &
            load+=($!)
        done
        ;;
    memory)
        java "$here/MemoryBandwidthLoad.java" "$(nproc)" &
        load+=($!)
        sleep 2
        ;;
    *)
        echo "unknown condition $1 (quiet, spin, memory)" >&2
        exit 2
        ;;
    esac
}
# The most frequent line of standard input, as "COUNT CHOICE".
most_frequent() {
    sort | uniq -c | sort -rn | head -1 | awk '{ c = $1; $1 = ""; print c substr($0, 1) }'
}
failed=0
declare -A choices tops
for condition in $conditions; do
    start_load "$condition"
    for run in $(seq "$runs"); do
        for jar in "${jars[@]}"; do
            # The chosen row of the report table starts with "*": codec, dict, level; then the chosen
            # point's CPU per event against Kafka lz4 from the report's last line.
            loadavg=$(cut -d' ' -f1-3 /proc/loadavg)
            report=$(java ${JAVA_OPTS:-} -jar "$jar" train -q -i "$input" "$@")
            if [ -n "${REPORTS:-}" ]; then
                mkdir -p "$REPORTS"
                printf 'load average %s\n%s\n' "$loadavg" "$report" > "$REPORTS/$condition-$run-$(basename "$jar" .jar).txt"
            fi
            choice=$(echo "$report" | awk '/^\*/ { print $3 " L" $4; exit }')
            # The split table's chosen row, if a split was chosen: the choice is the point and the split.
            split=$(echo "$report" | awk '/^\*  (field:|shape)/ { print $2; exit }')
            choice="$choice ${split:-one-dictionary}"
            cpu=$(echo "$report" | grep -o '[0-9.]*x Kafka lz4.s CPU per event' | tail -1 | cut -d' ' -f1)
            echo "$condition run $run $(basename "$jar"): ${choice:-no choice} (${cpu:-?} Kafka lz4's CPU, load $loadavg)"
            choices[$jar/$condition]+="${choice:-none}"$'\n'
        done
    done
    stop_load
    for jar in "${jars[@]}"; do
        top=$(printf '%s' "${choices[$jar/$condition]}" | most_frequent)
        echo "$condition $(basename "$jar"): most frequent choice ${top#* }, ${top%% *} of $runs runs"
        tops[$jar]+="${top#* }"$'\n'
        [ "${top%% *}" -ge "$min" ] || failed=1
    done
done
trap - EXIT
for jar in "${jars[@]}"; do
    if [ "$(printf '%s' "${tops[$jar]}" | sort -u | wc -l)" -ne 1 ]; then
        echo "$(basename "$jar"): the conditions chose differently: $(printf '%s' "${tops[$jar]}" | tr '\n' ';')"
        failed=1
    else
        echo "$(basename "$jar"): every condition chose $(printf '%s' "${tops[$jar]}" | head -1)"
    fi
done
exit "$failed"
