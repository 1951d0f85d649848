#!/usr/bin/env bash
# Turns whatever results exist under benchmarks/results into markdown tables and PNG charts in
# docs/benchmarks/ (jmh-<mode>.md, c-compare.md, e2e-<dataset>.md).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
docs="$root/benchmarks/results/reports"
mkdir -p "$docs"
[[ -d "$here/target/classes" ]] || (cd "$root" && mvn -B -q -DskipTests -Dspotless.check.skip=true install -pl benchmarks -am)
(cd "$root" && mvn -B -q -pl benchmarks dependency:build-classpath -Dmdep.outputFile="$here/target/e2e.classpath")
run() {
  java -Djava.awt.headless=true -cp "$here/target/classes:$(cat "$here/target/e2e.classpath")" \
    org.zdict.bench.report.ReportGenerator --charts "$docs" --chart-link "" "$@"
}
for f in "$here"/results/jmh-*.json; do
  [[ -f "$f" ]] && run --jmh "$f" --chart-prefix "$(basename "$f" .json)-" --out "$docs/$(basename "$f" .json).md"
done
for d in "$here"/results/c-compare*/; do
  [[ -d "$d" ]] && run --c-compare "$d" --out "$docs/$(basename "$d").md"
done
for f in "$here"/results/e2e-*.json; do
  [[ -f "$f" ]] && run --e2e "$f" --chart-prefix "$(basename "$f" .json)-" --out "$docs/$(basename "$f" .json).md"
done
ls -la "$docs"
