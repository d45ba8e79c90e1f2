#!/usr/bin/env bash
# make history-real: NIGHTS nights (default 24) of harness/matrices/history-real.yaml made one after the
# other on this machine, each a results folder of SITE (default target/history-real/site) as the nightly
# publishes them; from night CHANGE_AT (default 10) on, the matrix's work jar does 5 % more rounds on JDK 25
# and on JDK 25 only (a new jar, so a new run image). Then the site's index and history, and a copy of
# each night's data (raw.csv.gz, run.json) in docs/runs/history-real for make bench-history.
set -euo pipefail
NIGHTS=${NIGHTS:-24}
CHANGE_AT=${CHANGE_AT:-10}
ROUNDS=${ROUNDS:-300000000}
: "${JAVA_HOME:?JAVA_HOME must name a JDK 21+}"
dir=target/history-real
site=${SITE:-$dir/site}
keep=docs/runs/history-real
rm -rf "$dir" && mkdir -p "$dir/classes" "$dir/v1" "$dir/v2"
[ "$site" = "$dir/site" ] || rm -rf "$site"
"$JAVA_HOME/bin/javac" --release 17 -d "$dir/classes" harness/scripts/history/Work.java
printf 'rounds=%s\njdk25-factor=1\n' "$ROUNDS" > "$dir/v1/work.properties"
printf 'rounds=%s\njdk25-factor=1.05\n' "$ROUNDS" > "$dir/v2/work.properties"
for v in v1 v2; do "$JAVA_HOME/bin/jar" --create --file "$dir/work-$v.jar" --main-class Work -C "$dir/classes" . -C "$dir/$v" .; done
rm -rf "$keep" && mkdir -p "$keep"
start=$(date +%s)
for n in $(seq 1 "$NIGHTS"); do
  night=$(printf 'night-%02d' "$n")
  if [ "$n" -ge "$CHANGE_AT" ]; then cp "$dir/work-v2.jar" "$dir/work.jar"; else cp "$dir/work-v1.jar" "$dir/work.jar"; fi
  echo "history-real: $night of $NIGHTS ($( [ "$n" -ge "$CHANGE_AT" ] && echo "work jar v2: +5 % on JDK 25" || echo "work jar v1"))"
  harness/scripts/jdkmatrix.sh run --matrix harness/matrices/history-real.yaml --out "$site/$night" --run-id "$night" --no-report --progress lines --yes > "$dir/$night.log"
  mkdir -p "$keep/$night"
  gzip -9 -n -c "$site/$night/raw.csv" > "$keep/$night/raw.csv.gz"
  cp "$site/$night/run.json" "$keep/$night/"
done
echo "history-real: $NIGHTS nights in $(( $(date +%s) - start )) s"
harness/scripts/jdkmatrix.sh index "$site"
harness/scripts/jdkmatrix.sh history "$site"
