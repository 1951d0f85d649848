#!/usr/bin/env bash
# Opt-in check, never run in CI: does `zdict train` choose the same grid point on the same data whatever
# else the machine is doing? Runs it RUNS times (default 10) on one input in each of three conditions:
#   quiet   - nothing started beside it;
#   spin    - one `yes` process per core (CPU load, little memory traffic);
#   memory  - MemoryBandwidthLoad.java, STREAM's copy loop on 64 MiB arrays, one thread per core
#             (memory-bandwidth load, as a parallel build or another JVM's GC makes).
# It prints each run's choice, then per condition how often its most frequent choice came up, and fails
# unless each condition's most frequent choice came up at least MIN times (default 9) and all three
# conditions agree on it.
#
#   mvn -B -o -q -pl trainer-cli -am -DskipTests package
#   trainer-cli/scripts/choice-under-load.sh trainer-cli/target/zdict.jar events.jsonl [zdict train options]
#
# RUNS=10 MIN=9 CONDITIONS="quiet spin memory" are environment variables. The default objective is what
# it is meant for; a smaller --max-samples, --dict-size or --level list keeps the runs short.
set -euo pipefail
if [ $# -lt 2 ]; then
    echo "usage: $0 ZDICT_JAR INPUT [zdict train options...]" >&2
    exit 2
fi
jar=$1
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
failed=0
tops=()
for condition in $conditions; do
    start_load "$condition"
    choices=()
    for run in $(seq "$runs"); do
        # The chosen row of the report table starts with "*": codec, dict, level; then the chosen
        # point's CPU per event against Kafka lz4 from the report's last line.
        report=$(java -jar "$jar" train -q -i "$input" "$@")
        choice=$(echo "$report" | awk '/^\*/ { print $3 " L" $4; exit }')
        echo "$condition run $run: ${choice:-no choice} ($(echo "$report" | grep -o 'at [0-9.]*x Kafka lz4' | tail -1))"
        choices+=("${choice:-none}")
    done
    stop_load
    top=$(printf '%s\n' "${choices[@]}" | sort | uniq -c | sort -rn | head -1)
    count=$(echo "$top" | awk '{ print $1 }')
    name=$(echo "$top" | awk '{ $1 = ""; print substr($0, 2) }')
    echo "$condition: most frequent choice $name, $count of $runs runs"
    tops+=("$name")
    [ "$count" -ge "$min" ] || failed=1
done
trap - EXIT
if [ "$(printf '%s\n' "${tops[@]}" | sort -u | wc -l)" -ne 1 ]; then
    echo "the conditions chose differently: $(printf '%s; ' "${tops[@]}")"
    failed=1
fi
exit "$failed"
