#!/usr/bin/env bash
# Writes README.md's quoted `make quick` output from a real run (make readme-quick): the lines up to
# the second run, "...", the last run and the closing lines, between <!-- quick:begin ... --> and
# <!-- quick:end -->, with the commit, the date and the wall time they came from. The run's
# results folder is removed afterwards. DocsTest checks that the block says where it came from.
set -euo pipefail
cd "$(dirname "$0")/../.."
commit=$(git rev-parse --short HEAD)
git diff --quiet HEAD -- . ':(exclude)README.md' || commit="$commit with uncommitted changes"
log=$(mktemp)
t0=$(date +%s.%N)
make --no-print-directory -s quick RUN_ARGS="--progress lines" > "$log" 2>&1 || { cat "$log" >&2; echo "readme-quick: make quick failed" >&2; exit 1; }
t1=$(date +%s.%N)
secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.0f", b - a }')
folder=$(sed -n 's/^jdkmatrix: .* -> \(results\/[^ ]*\)$/\1/p' "$log" | head -n1)
block=$(awk '
  /^\[[0-9]+\/[0-9]+\]/ { n++; if (n <= 2) print; else last = $0; next }
  /^jdkmatrix:/ { if (n > 2 && !dots) { print "..."; print last; dots = 1 } print }
' "$log")
stamp="written by harness/scripts/readme-quick.sh (make readme-quick) at $commit on $(date -u +%Y-%m-%d): make quick took $secs s"
python3 - "$stamp" "$block" <<'PY'
import re, sys
stamp, block = sys.argv[1], sys.argv[2]
text = open("README.md").read()
new = "<!-- quick:begin " + stamp + " -->\n```\n$ make quick\n" + block + "\n```\n<!-- quick:end -->"
text, n = re.subn(r"<!-- quick:begin.*?<!-- quick:end -->", lambda m: new, text, flags=re.S)
if n != 1: sys.exit("readme-quick: README.md has no <!-- quick:begin --> ... <!-- quick:end --> block")
open("README.md", "w").write(text)
PY
[[ -n $folder && -d $folder ]] && rm -rf "$folder"
rm -f "$log"
echo "readme-quick: README.md's make quick block rewritten ($stamp)" >&2
