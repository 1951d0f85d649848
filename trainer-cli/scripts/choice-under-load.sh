#!/usr/bin/env bash
# Opt-in check, never run in CI: does `zdict train` choose the same grid point on the same data while
# other work keeps every core busy? Runs it RUNS times (default 10) on one input with one `yes` process
# per core running beside it, prints each run's choice and how often the most frequent one came up,
# and fails unless that is at least MIN times (default 9).
#
#   mvn -B -o -q -pl trainer-cli -am -DskipTests package
#   trainer-cli/scripts/choice-under-load.sh trainer-cli/target/zdict.jar events.jsonl [zdict train options]
#
# RUNS=10 MIN=9 are environment variables. The default grid and objective are what it is meant for; a
# smaller --max-samples keeps the runs short.
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
load=()
stop_load() {
    for pid in "${load[@]}"; do
        kill "$pid" 2>/dev/null || true
    done
}
trap stop_load EXIT
for _ in $(seq "$(nproc)"); do
    yes > /dev/null &
    load+=($!)
done
choices=()
for run in $(seq "$runs"); do
    # The chosen row of the report table starts with "*": codec, dict, level.
    choice=$(java -jar "$jar" train -q -i "$input" "$@" | awk '/^\*/ { print $3 " L" $4; exit }')
    echo "run $run: ${choice:-no choice}"
    choices+=("${choice:-none}")
done
stop_load
trap - EXIT
top=$(printf '%s\n' "${choices[@]}" | sort | uniq -c | sort -rn | head -1)
count=$(echo "$top" | awk '{ print $1 }')
echo "most frequent choice: $(echo "$top" | awk '{ $1 = ""; print substr($0, 2) }'), $count of $runs runs"
[ "$count" -ge "$min" ]
