#!/usr/bin/env bash
# make publish SITE=dir NEW=dir: add a results folder to a published gallery site and keep its
# history. The run's stored files (not its logs) are copied to SITE/<name>/; it is compared with
# the newest run already in SITE (by started_at in run.json), the comparison going to
# SITE/<name>/compare.md and .csv (and to $GITHUB_STEP_SUMMARY when set); then its gallery and
# SITE/index.html, with the trends across every run, are rendered.
set -euo pipefail
SITE=${1:?usage: publish.sh SITE NEW_DIR}
NEW=${2:?usage: publish.sh SITE NEW_DIR}
: "${JAVA_HOME:?JAVA_HOME must name a JDK 21+}"
JAR=${JAR:-harness/target/jdkmatrix.jar}
name=$(basename "$NEW")
test -f "$NEW/raw.csv" && test -f "$NEW/run.json" || { echo "publish: $NEW is not a results folder (no raw.csv and run.json)" >&2; exit 2; }
test ! -e "$SITE/$name" || { echo "publish: $SITE/$name exists already: a run is published once; give the new run another folder name" >&2; exit 2; }
mkdir -p "$SITE"
touch "$SITE/.nojekyll"   # GitHub Pages: serve every file as it is

# The newest run published so far: started_at is ISO-8601 UTC, so text order is time order.
previous=""
for json in "$SITE"/*/run.json; do
  [ -f "$json" ] || continue
  started=$(sed -n 's/^  "started_at" : "\(.*\)",$/\1/p' "$json")
  best=${best:-}
  if [[ -z "$best" || "$started" > "$best" ]]; then best=$started; previous=$(dirname "$json"); fi
done

mkdir -p "$SITE/$name"
cp "$NEW/raw.csv" "$NEW/run.json" "$SITE/$name/"
[ -f "$NEW/summary.csv" ] && cp "$NEW/summary.csv" "$SITE/$name/"
if [ -n "$previous" ]; then
  args=(--csv "$SITE/$name/compare.csv" --markdown "$SITE/$name/compare.md")
  [ -n "${GITHUB_STEP_SUMMARY:-}" ] && args=(--csv "$SITE/$name/compare.csv" --markdown "$GITHUB_STEP_SUMMARY")
  JAR="$JAR" harness/scripts/jdkmatrix.sh compare "$previous" "$SITE/$name" "${args[@]}" > "$SITE/$name/compare.md"
  echo "publish: compared with the previous run $(basename "$previous")"
else
  echo "publish: first run of $SITE, nothing to compare with"
fi
JAR="$JAR" harness/scripts/jdkmatrix.sh report --results "$SITE/$name"
