#!/usr/bin/env bash
# make publish SITE=dir NEW=dir: add a results folder to a published gallery site and keep its
# history (jdkmatrix history: the changes of every figure over the nights, docs/history.md). The run's stored files (not its logs) are copied to SITE/<name>/, its CSV files gzipped, its profiles'
# stacks as they are; it is compared with
# the newest run already in SITE of the same runner class (jdkmatrix previous), the comparison going to
# SITE/<name>/compare.md and .csv (and to $GITHUB_STEP_SUMMARY when set); then its gallery and
# SITE/index.html, with the trends across every run, are rendered. Only the newest KEEP_GALLERIES
# runs (default 14; 0 keeps all) keep their gallery: older ones keep their data, stay in the index
# and on the trends, and `make report RESULTS=SITE/<name>` renders their gallery again.
set -euo pipefail
SITE=${1:?usage: publish.sh SITE NEW_DIR}
NEW=${2:?usage: publish.sh SITE NEW_DIR}
# the harness through its launcher: this folder's jdkmatrix.sh here, a release's bin/jdkmatrix from its libexec/
here=$(cd "$(dirname "$0")" && pwd)
launcher=$here/jdkmatrix.sh
[ -x "$launcher" ] || launcher=$here/../bin/jdkmatrix
jdkmatrix() { "$launcher" "$@"; }
name=$(basename "$NEW")
# HISTORY_OPTIONS (make publish HISTORY_OPTIONS=..., the reusable workflow's history-options): the site's history method, the same
# for the night's Markdown and the index, e.g. "--max-p 0.000001" where a fleet's nights raise more false alerts than the goal
# (docs/history.md, Calibration): the options 'history' and 'index' both take, nothing else
history_options=()
read -ra history_options <<< "${HISTORY_OPTIONS:-}"
for o in "${history_options[@]}"; do
  case $o in
    --window|--max-p|--confirm-nights|--level-nights|--watch-target|--by-runner|--window=*|--max-p=*|--confirm-nights=*|--level-nights=*|--watch-target=*) ;;
    -[0-9]*|[!-]*) ;;   # a value
    *) echo "publish: HISTORY_OPTIONS (make publish HISTORY_OPTIONS=..., the reusable workflow's history-options) holds '$o', which is no option of the site's history" >&2
       echo "  fix: give only --window, --max-p, --confirm-nights, --level-nights, --watch-target and --by-runner (jdkmatrix history --help), e.g. HISTORY_OPTIONS='--max-p 0.000001'" >&2
       exit 2 ;;
  esac
done
# every value a caller sets, checked before the site is touched: numbers as numbers (bash arithmetic would run what a
# value such as 'x[$(cmd)]' holds), a runner class as printable text of one line
for v in KEEP_GALLERIES NIGHT_BYTES; do
  value=${!v:-0}
  [[ $value =~ ^[0-9]{1,12}$ ]] || { echo "publish: $v is '$value', not a whole number of at most 12 digits; fix: give one, e.g. $v=14" >&2; exit 2; }
done
[[ ${EXPORT:-0} =~ ^[01]$ ]] || { echo "publish: EXPORT is '$EXPORT'; fix: give 1 (write the night for Bencher and github-action-benchmark) or 0" >&2; exit 2; }
class_form='^[[:alnum:]][[:alnum:] ._:/+()@#-]{0,99}$'   # model.RunnerClass's form, which jdkmatrix label holds it to
if [ -n "${RUNNER_CLASS:-}" ] && ! [[ $RUNNER_CLASS =~ $class_form ]]; then
  echo "publish: RUNNER_CLASS '$RUNNER_CLASS' is not a name a history can keep; fix: write 1 to 100 letters, digits, spaces or - _ . : / + ( ) @ #, starting with a letter or digit, e.g. gh-ubuntu-24.04-4core" >&2
  exit 2
fi
test -f "$NEW/raw.csv" && test -f "$NEW/run.json" || { echo "publish: $NEW is not a results folder (no raw.csv and run.json)" >&2; exit 2; }
[ "$(head -n 2 "$NEW/raw.csv" | wc -l)" -ge 2 ] || { echo "publish: $NEW/raw.csv holds no run (empty, or its header alone); fix: publish a results folder whose runs were stored" >&2; exit 2; }
test ! -e "$SITE/$name" || { echo "publish: $SITE/$name exists already: a run is published once; give the new run another folder name" >&2; exit 2; }
[ ! -L "$SITE" ] || { echo "publish: $SITE is a symbolic link; fix: name the site's folder itself" >&2; exit 2; }
# nothing of the night is read through a symbolic link (a run.json linked to a file elsewhere would publish that file)
links=$(find "$NEW" -maxdepth 2 -type l | head -n 3)
[ -z "$links" ] || { echo "publish: $NEW holds symbolic links ($(echo $links)); fix: publish a results folder of plain files (cp -L it first)" >&2; exit 2; }

# All or nothing: the night is published into a copy of the site (a sibling folder of the same name, so that every path the
# pages and compare.md write reads as it will), which takes the site's place only once every step is done; on any failure
# the copy is removed and the site is byte for byte as it was.
NEW=$(cd "$NEW" && pwd -P)
case $(basename "$SITE") in .|..|/) echo "publish: the site '$SITE' is no folder's own name; fix: name it by its folder, e.g. ../site" >&2; exit 2 ;; esac
mkdir -p "$(dirname "$SITE")"
real_site=$(cd "$(dirname "$SITE")" && pwd -P)/$(basename "$SITE")
stage_parent=$(mktemp -d "$(dirname "$real_site")/.publish-$(basename "$real_site").XXXXXX")   # absolute: the steps below run in it
trap 'rm -rf "$stage_parent"' EXIT
SITE=$(basename "$SITE")
if [ -d "$real_site" ]; then cp -a "$real_site" "$stage_parent/$SITE"; else mkdir "$stage_parent/$SITE"; fi
cd "$stage_parent"
touch "$SITE/.nojekyll"   # GitHub Pages: serve every file as it is
before=$(du -sb "$SITE" | cut -f1)

mkdir -p "$SITE/$name"
cp "$NEW/run.json" "$SITE/$name/"
# RUNNER_CLASS=NAME (make publish RUNNER_CLASS=...): the team's name for the machines this night ran on, recorded in
# the published run.json (jdkmatrix label); the history follows one name's nights as one series, whatever CPU models.
if [ -n "${RUNNER_CLASS:-}" ]; then
  jdkmatrix label --runner-class "$RUNNER_CLASS" "$SITE/$name"
fi
# The newest run published so far on the same runner class (CPU model and count and engine, or the team's
# name): a night is never compared with another machine's numbers.
previous=$(jdkmatrix previous "$SITE" "$SITE/$name")

# raw.csv, summary.csv and comparisons.csv gzipped (a fifth of their size): every command that reads a
# results folder reads raw.csv.gz too; summary.csv and comparisons.csv are copies for people (report
# recomputes both from raw.csv)
gzip -9 -n -c "$NEW/raw.csv" > "$SITE/$name/raw.csv.gz"
[ -f "$NEW/summary.csv" ] && gzip -9 -n -c "$NEW/summary.csv" > "$SITE/$name/summary.csv.gz"
[ -f "$NEW/comparisons.csv" ] && gzip -9 -n -c "$NEW/comparisons.csv" > "$SITE/$name/comparisons.csv.gz"
[ -f "$NEW/suites.csv" ] && cp "$NEW/suites.csv" "$SITE/$name/suites.csv" # a row per suite: small, kept as it is
# profiled cells' collapsed stacks (gzipped already, a few KB each): the gallery's differential tables
# are computed from them, and its flame graph pages drawn from them within the night's budget
if compgen -G "$NEW/profiles/*.collapsed.gz" > /dev/null; then
  mkdir -p "$SITE/$name/profiles"
  cp "$NEW"/profiles/*.collapsed.gz "$SITE/$name/profiles/"
fi
if [ -n "$previous" ]; then
  # the Markdown once into compare.md (standard output), and appended to the job summary where there is one
  args=(--csv "$SITE/$name/compare.csv")
  [ -n "${GITHUB_STEP_SUMMARY:-}" ] && args+=(--markdown "$GITHUB_STEP_SUMMARY")
  jdkmatrix compare "$previous" "$SITE/$name" "${args[@]}" > "$SITE/$name/compare.md"
  echo "publish: compared with the previous run $(basename "$previous")"
else
  echo "publish: no run of this runner class in $SITE yet, nothing to compare with"
fi
# What changed over the nights: tonight's new and suspected changes as Markdown in the night's folder and the job
# summary, and with EXPORT=1 the night's figures for other dashboards (Bencher Metric Format, github-action-benchmark's
# custom JSON) in its folder; then the site's index with the history (SITE/index.html, changes.csv, figures.csv.gz, trends/).
export_args=()
[ "${EXPORT:-0}" = 1 ] && export_args=(--export "$name")   # Bencher's and github-action-benchmark's JSON: a few KB a cell, so only when asked
jdkmatrix history "$SITE" "${history_options[@]}" "${export_args[@]}" --markdown "$SITE/$name/history.md" > /dev/null
[ -n "${GITHUB_STEP_SUMMARY:-}" ] && cat "$SITE/$name/history.md" >> "$GITHUB_STEP_SUMMARY"
jdkmatrix index "$SITE" "${history_options[@]}" --keep-galleries "${KEEP_GALLERIES:-14}" > /dev/null
# The night's gallery gets what the night has not used of its budget (NIGHT_BYTES, 1.9 MB: a site of a night a day
# stays far from GitHub Pages' 1 GB): its data, exports and what the index grew by come first; charts are drawn by
# priority while they fit, the page says what it left out. The index is written again to link the gallery.
used=$(( $(du -sb "$SITE" | cut -f1) - before ))
budget=$(( ${NIGHT_BYTES:-1900000} - used ))
[ "$budget" -gt 100000 ] || budget=100000
jdkmatrix report --results "$SITE/$name" --link-index --max-bytes "$budget"
jdkmatrix index "$SITE" "${history_options[@]}" --keep-galleries "${KEEP_GALLERIES:-14}"

# every step done: the staged site takes the site's place (a night that failed above left it as it was)
if [ -d "$real_site" ]; then mv "$real_site" "$stage_parent/.before"; fi
mv "$SITE" "$real_site"
echo "publish: $name published into $real_site"

# What this night cost the site (GitHub Pages serves at most 1 GB): the reference run adds under
# 2 MB (docs/site-growth.md); a bigger matrix adds more, and fewer kept galleries make up for it.
after=$(du -sb "$real_site" | cut -f1)
added=$(( after - before ))
echo "publish: $name added $added bytes to $real_site (its gallery $(du -sb "$real_site/$name/charts" 2>/dev/null | cut -f1 || echo 0) bytes); the site is $after bytes"
if [ "$added" -gt 2000000 ]; then
  echo "publish: more than 2 MB in one night; at this rate the site reaches GitHub Pages' 1 GB in $(( 1000000000 / added )) nights. Fewer charts per gallery (a smaller matrix) or a smaller KEEP_GALLERIES keeps it small" >&2
fi
