#!/usr/bin/env bash
# Writes a run's output, as the docs quote it, from a real run: the lines up to the second run,
# "...", the last run and the closing lines, between <!-- MARKER:begin ... --> and <!-- MARKER:end -->
# of FILE, with the commit, the date and the wall time they came from (a run's answer, its indented
# lines, kept whole). The run's results folder is removed afterwards (kept where QUOTE_KEEP=1). DocsTest checks that each such block says where it came from.
#   quote-run.sh FILE MARKER TARGET SHOWN -- COMMAND...
# (TARGET is the make target that calls it, SHOWN the command line the block shows.)
set -euo pipefail
cd "$(dirname "$0")/../.."
file=$1 marker=$2 target=$3 shown=$4
shift 4
[[ ${1:-} == -- ]] && shift
commit=$(git rev-parse --short HEAD)
git diff --quiet HEAD -- . ":(exclude)$file" || commit="$commit with uncommitted changes"
log=$(mktemp)
t0=$(date +%s.%N)
"$@" > "$log" 2>&1 || { cat "$log" >&2; echo "quote-run: $shown failed" >&2; exit 1; }
t1=$(date +%s.%N)
secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.0f", b - a }')
folder=$(sed -n 's/^jdkmatrix: .* -> \(.*\)$/\1/p' "$log" | head -n1)
block=$(awk '
  /^\[[0-9]+\/[0-9]+\]/ { n++; if (n <= 2) print; else last = $0; next }
  /^jdkmatrix:|^  / { if (n > 2 && !dots) { print "..."; print last; dots = 1 } print }
' "$log")
stamp="written by harness/scripts/quote-run.sh (make $target) at $commit on $(date -u +%Y-%m-%d): the run took $secs s"
python3 - "$file" "$marker" "$stamp" "$shown" "$block" <<'PY'
import re, sys
file, marker, stamp, shown, block = sys.argv[1:6]
text = open(file).read()
new = "<!-- " + marker + ":begin " + stamp + " -->\n```\n$ " + shown + "\n" + block + "\n```\n<!-- " + marker + ":end -->"
text, n = re.subn(r"<!-- " + re.escape(marker) + r":begin.*?<!-- " + re.escape(marker) + r":end -->", lambda m: new, text, flags=re.S)
if n != 1: sys.exit("quote-run: " + file + " has no <!-- " + marker + ":begin --> ... <!-- " + marker + ":end --> block")
open(file, "w").write(text)
PY
folder=${folder:-$(sed -n 's/^jdkmatrix: the matrix of this command is \(.*\)\/matrix.yaml .*$/\1/p' "$log" | head -n1)}
[[ -z ${QUOTE_KEEP:-} && -n $folder && -d $folder && $folder != / ]] && rm -rf "$folder"
[[ -n ${QUOTE_KEEP:-} ]] && echo "quote-run: the run's folder kept: $folder" >&2
rm -f "$log"
echo "quote-run: $file's $marker block rewritten ($stamp)" >&2
