#!/usr/bin/env bash
# Writes a generated block into a doc: the standard input, between <!-- MARKER:begin STAMP --> and
# <!-- MARKER:end --> of FILE (the block must be there already), the stamp naming the command, the
# commit and the date it came from. DocsTest checks that each such block says where it came from.
#   some-command | write-block.sh FILE MARKER "make TARGET"
set -euo pipefail
cd "$(dirname "$0")/../.."
file=$1 marker=$2 target=$3
commit=$(git rev-parse --short HEAD)
git diff --quiet HEAD -- . ":(exclude)$file" || commit="$commit with uncommitted changes"
block=$(mktemp)
cat > "$block"
stamp="written by $target at $commit on $(date -u +%Y-%m-%d)"
python3 - "$file" "$marker" "$stamp" "$block" <<'PY'
import re, sys
file, marker, stamp, block = sys.argv[1:5]
text = open(file).read()
new = "<!-- " + marker + ":begin " + stamp + " -->\n" + open(block).read().rstrip("\n") + "\n<!-- " + marker + ":end -->"
text, n = re.subn(r"<!-- " + re.escape(marker) + r":begin.*?<!-- " + re.escape(marker) + r":end -->", lambda m: new, text, flags=re.S)
if n != 1: sys.exit("write-block: " + file + " has no <!-- " + marker + ":begin --> ... <!-- " + marker + ":end --> block")
open(file, "w").write(text)
PY
rm -f "$block"
echo "write-block: $file's $marker block rewritten ($stamp)" >&2
