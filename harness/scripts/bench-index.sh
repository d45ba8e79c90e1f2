#!/usr/bin/env bash
# make bench-index: how long `index` takes as a site grows to 10,000 nights (issue 73 item 2: linear in the nights, 10,000
# under 10 s). Each site is N copies of one small real night (docs/runs/nights' newest, the quick matrix: 36 runs of 12 cells),
# each a day after the one before with its runs jittered (bench/src/main/java/dev/jdkmatrix/bench/SiteNights.java), no gallery kept; the time is the
# index's alone (reading every night, the history, trends, changes.csv, figures.csv.gz, the explorer's data, the page), once per
# size, one after the other. Writes docs/site-growth.md's bench-index block. A benchmark, not a test.
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=${BENCH_OUT:-target/bench-index}
JAVA=${JAVA_HOME:?JAVA_HOME must name a JDK 21+}/bin/java
JAR=harness/target/jdkmatrix.jar
BENCH_CP=$JAR:bench/target/jdkmatrix-bench.jar   # make bench-jar
SIZES=${SIZES:-"1000 2000 5000 10000"}
night=$(ls -d docs/runs/nights/20* | sort | tail -n1)
rm -rf "$OUT"; mkdir -p "$OUT/from"
gunzip -c "$night/raw.csv.gz" > "$OUT/from/raw.csv"
cp "$night/run.json" "$OUT/from/run.json"
runs=$(($(wc -l < "$OUT/from/raw.csv") - 1))
{
  echo "Written by \`make bench-index\` on $(date -u +%Y-%m-%d) on $(nproc) CPUs ($(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')): sites of N nights, each a copy of $night ($runs runs) a day after the one before (the newest on its own day), its runs jittered; the seconds \`index\` took over each (one run each, the site made first): the first index of the site, which reads every night's runs and keeps its figures beside it (figures.json.gz), and the next, as the next night's publish finds the site (every night's figures kept)."
  echo
  echo "| nights | first index, s | next index, s | next, per night, ms |"
  echo "|---|---|---|---|"
  for n in $SIZES; do
    read -r first next < <("$JAVA" -cp "$BENCH_CP" dev.jdkmatrix.bench.SiteNights "$OUT/from" "$OUT/site-$n" "$n" 0 again)
    echo "| $(printf "%'d" "$n") | $first | $next | $(awk -v s="$next" -v n="$n" 'BEGIN { printf "%.2f", 1000 * s / n }') |"
    rm -rf "$OUT/site-$n"
  done
} > "$OUT/report.md"
cat "$OUT/report.md"
harness/scripts/write-block.sh docs/site-growth.md bench-index "make bench-index" < "$OUT/report.md"
