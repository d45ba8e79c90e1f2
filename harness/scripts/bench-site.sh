#!/usr/bin/env bash
# make bench-site: how much a published night adds to a gallery site, and the site after a year.
# 1. `make publish` of the reference run into an empty site, then of a second night of it (which is
#    also compared with the first): the bytes each adds.
# 2. 365 nights made from the reference run's data, the newest KEEP_GALLERIES (14) with their
#    gallery (bench/src/main/java/dev/jdkmatrix/bench/SiteNights.java): the site's size, and the index's time over them.
# Writes docs/site-growth.md. A benchmark, not a test: the bound is 2 MB per night.
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=${BENCH_OUT:-target/bench-site}
JAVA=${JAVA_HOME:?JAVA_HOME must name a JDK 21+}/bin/java
JAR=harness/target/jdkmatrix.jar
BENCH_CP=$JAR:bench/target/jdkmatrix-bench.jar   # make bench-jar
FROM=${FROM:-results/reference}
NIGHTS=${NIGHTS:-365}
KEEP=${KEEP_GALLERIES:-14}
rm -rf "$OUT"; mkdir -p "$OUT/in" "$OUT/site"
size() { du -sb "$1" | cut -f1; }
night() { # a copy of FROM's data as a run of its own
  mkdir -p "$OUT/in/$1"
  cp "$FROM/raw.csv" "$FROM/summary.csv" "$OUT/in/$1/"
  sed "s/\"run_id\" : \"[^\"]*\"/\"run_id\" : \"$1\"/" "$FROM/run.json" > "$OUT/in/$1/run.json"
}
night night-1; night night-2
s0=$(size "$OUT/site")
KEEP_GALLERIES=$KEEP harness/scripts/publish.sh "$OUT/site" "$OUT/in/night-1" > "$OUT/publish-1.txt"
s1=$(size "$OUT/site")
KEEP_GALLERIES=$KEEP harness/scripts/publish.sh "$OUT/site" "$OUT/in/night-2" > "$OUT/publish-2.txt"
s2=$(size "$OUT/site")
charts=$(ls "$OUT/site/night-1/charts" | wc -l)
charts2=$(ls "$OUT/site/night-2/charts" | wc -l)
png=$(du -cb "$OUT"/site/night-1/charts/*.png | tail -1 | cut -f1)
data=$(du -cb "$OUT"/site/night-1/{raw.csv.gz,summary.csv.gz,run.json} | tail -1 | cut -f1)

t0=$(date +%s)
index_s=$("$JAVA" -cp "$BENCH_CP" dev.jdkmatrix.bench.SiteNights "$FROM" "$OUT/year" "$NIGHTS" "$KEEP")
t1=$(date +%s)
year=$(size "$OUT/year")

# 3. A night of a JMH run of 3,000 cells (bench/src/main/java/dev/jdkmatrix/bench/SyntheticResults.java ... jmh) into an empty site: what the
#    night's byte budget keeps.
"$JAVA" -cp "$BENCH_CP" dev.jdkmatrix.bench.SyntheticResults "$OUT/in/jmh-night" 5 jmh > "$OUT/jmh.txt"
mkdir -p "$OUT/jmh-site"
j0=$(size "$OUT/jmh-site")
KEEP_GALLERIES=$KEEP harness/scripts/publish.sh "$OUT/jmh-site" "$OUT/in/jmh-night" > "$OUT/publish-jmh.txt"
j1=$(size "$OUT/jmh-site")
jmh_kept=$(ls "$OUT/jmh-site/jmh-night/charts" | wc -l)
jmh_note=$(sed -n 's/.*<p class="budget">\(.*\)<\/p>.*/\1/p' "$OUT/jmh-site/jmh-night/index.html" | sed 's/<[^>]*>//g; s/&#39;/'"'"'/g')
jmh_kinds=$(ls "$OUT/jmh-site/jmh-night/charts" | sed 's/-.*//' | sort | uniq -c | awk '{printf "%s%s %s", (NR>1?", ":""), $1, $2}')
galleries=$(ls -d "$OUT"/year/night-*/charts 2>/dev/null | wc -l)

# 4. The explorer (explore.html) in headless Chromium: the year's site and the JMH night, each opened afresh;
#    the page measures its first chart from the navigation's start, and with #bench=N the median and slowest of N picks.
times=$(node --experimental-websocket harness/scripts/site-times.js \
  "file://$PWD/$OUT/year/explore.html#bench=20" "file://$PWD/$OUT/year/explore.html#view=night&bench=20" \
  "file://$PWD/$OUT/jmh-site/explore.html#view=night&bench=20" "file://$PWD/$OUT/jmh-site/explore.html#bench=20")
echo "$times" > "$OUT/explorer-times.jsonl"
field() { sed -n "${1}p" <<<"$times" | python3 -c "import json,sys; print(json.load(sys.stdin).get('$2', '-'))"; }
site_js=$(stat -c %s "$OUT/year/explore/site.js")
jmh_js=$(stat -c %s "$OUT/jmh-site/jmh-night/explore-night.js")
jmh_site_js=$(stat -c %s "$OUT/jmh-site/explore/site.js")
chunks() { echo "$(ls "$1"/explore/series-*.js | wc -l) chunks of series, $(du -cb "$1"/explore/series-*.js | tail -1 | cut -f1) bytes in all"; }
year_chunks=$(chunks "$OUT/year")
jmh_chunks=$(chunks "$OUT/jmh-site")
assets=$(du -cb "$OUT"/year/explore.html "$OUT"/year/explore/{explore.js,explore.css,uPlot.iife.min.js,uPlot.min.css,uPlot-LICENSE} | tail -1 | cut -f1)

mib() { echo "scale=2; $1 / 1048576" | bc -l | sed 's/^\./0./'; }
{
  echo "# Site growth"
  echo
  echo "Written by \`make bench-site\` on $(date -u +%Y-%m-%d) (commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)), from \`$FROM\`"
  echo "($(( $(wc -l < "$FROM/raw.csv") - 1 )) runs, $charts charts in its gallery), with \`KEEP_GALLERIES=$KEEP\` as in the nightly workflow."
  echo
  echo "| what | bytes | MiB |"
  echo "|---|---|---|"
  echo "| the first \`make publish\` of the run into an empty site (data, gallery, index, trends) | $(( s1 - s0 )) | $(mib $(( s1 - s0 ))) |"
  echo "| the next night's \`make publish\` (the same data as another run, compared with the first) | $(( s2 - s1 )) | $(mib $(( s2 - s1 ))) |"
  echo "| of a night: its data (raw.csv.gz, summary.csv.gz, run.json) | $data | $(mib "$data") |"
  echo "| of a night: its $charts charts (palette PNG) | $png | $(mib "$png") |"
  echo "| the site after $NIGHTS such nights, the newest $KEEP with their gallery ($galleries galleries) | $year | $(mib "$year") |"
  echo "| a night of a 3,000-cell JMH run ($(cat "$OUT/jmh.txt" | cut -d' ' -f1-5)) into an empty site | $(( j1 - j0 )) | $(mib $(( j1 - j0 ))) |"
  echo
  echo "Once $KEEP nights are published, each further night adds its gallery and removes the oldest kept one,"
  echo "so the site grows by a night's data (plus its comparison) and the index. Writing the index with the history of every"
  echo "figure (changes.csv, figures.csv.gz, the trend charts) over $NIGHTS nights took $index_s s (it reads every night's raw.csv.gz);"
  echo "building that site took $(( t1 - t0 )) s in all."
  echo
  echo "A night's gallery is drawn within what its data, its history and the growth of the site's index leave of the night's budget"
  echo "(\`NIGHT_BYTES\`, 1,900,000 bytes; \`report --max-bytes\`). The reference run's first night keeps $charts charts, its second"
  echo "(compared with the first; the site's trend charts are drawn from then on) $charts2 of them. The 3,000-cell JMH night"
  echo "(100 benchmarks x 3 modes x 5 JDKs x 2 CPU limits, -prof gc) keeps $jmh_kept charts ($jmh_kinds): the first page of each"
  echo "JDK pair's overview (its 40 largest changes) first, then the score charts in gallery order while they fit. Its page says:"
  echo
  echo "> $jmh_note"
  echo
  echo "## The explorer"
  echo
  echo "Every site and gallery has an explorer page (explore.html, [explorer.md](explorer.md)) drawn in the browser from data the"
  echo "site writes for it. Its page, our script and uPlot ($assets bytes) are written once at a site's root; a published night"
  echo "adds only its data script (explore-night.js). Opened from the folder in headless Chromium on this machine"
  echo "(\`node --experimental-websocket harness/scripts/site-times.js\`, each page afresh; the first chart counted from the"
  echo "navigation's start, data scripts loaded and decoded included; a pick from the pick to its chart drawn, median and slowest of 20):"
  echo
  echo "| page | its data | first chart | a pick redrawn (median, slowest) |"
  echo "|---|---|---|---|"
  echo "| the $NIGHTS-night site: a figure over its nights ($(field 1 points) points) | explore/site.js, $site_js bytes; $year_chunks | $(field 1 firstChartMs) ms | $(field 1 redrawMs) ms, $(field 1 redrawMaxMs) ms |"
  echo "| the $NIGHTS-night site: the newest night's every comparison ($(field 2 points)) | the night's explore-night.js | $(field 2 firstChartMs) ms | $(field 2 redrawMs) ms, $(field 2 redrawMaxMs) ms |"
  echo "| the 3,000-cell JMH night: its every comparison ($(field 3 points)) | explore-night.js, $jmh_js bytes | $(field 3 firstChartMs) ms | $(field 3 redrawMs) ms, $(field 3 redrawMaxMs) ms |"
  echo "| the 3,000-cell JMH site: a figure over its night | explore/site.js, $jmh_site_js bytes; $jmh_chunks | $(field 4 firstChartMs) ms | $(field 4 redrawMs) ms, $(field 4 redrawMaxMs) ms |"
  echo
  echo "The goal: a first chart within 2,000 ms and a pick redrawn within 200 ms. A figure over its nights loads the index and"
  echo "the chunk of 200 series its figure is in; a pick in another chunk loads that chunk."
} > docs/site-growth.md
cat docs/site-growth.md
