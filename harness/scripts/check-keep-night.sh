#!/usr/bin/env bash
# make check-scripts: keep-night.py keeps the newest real night of docs/runs/nights again, from its own raw.csv and
# run.json, into a copy of the nights before it: the same folder, run.json and rows, its README row printed, and a second
# keep of the same night refused. Everything under target/check-keep-night.
set -euo pipefail
cd "$(dirname "$0")/../.."
nights=docs/runs/nights
work=target/check-keep-night
fail() { echo "check-keep-night: $1" >&2; exit 1; }
rm -rf "$work" && mkdir -p "$work/nights" "$work/run"
mapfile -t kept < <(ls -d "$nights"/20*/ | sed 's:/$::')
[ "${#kept[@]}" -ge 2 ] || fail "$nights holds ${#kept[@]} night(s): the check keeps the newest again beside the others"
newest=${kept[-1]}
name=$(basename "$newest")
for d in "${kept[@]:0:${#kept[@]}-1}"; do cp -r "$d" "$work/nights/"; done
gunzip -c "$newest/raw.csv.gz" > "$work/run/raw.csv"
cp "$newest/run.json" "$work/run/"
python3 harness/scripts/keep-night.py "$work/run" "$work/nights" "0.10 0.20 0.30" > "$work/out.txt" \
  || fail "keep-night.py refused $name's own run (its output above)"
cmp -s "$newest/run.json" "$work/nights/$name/run.json" || fail "keep-night.py did not keep $name's run.json as it was (in $work/nights/$name)"
gunzip -c "$work/nights/$name/raw.csv.gz" | cmp -s - "$work/run/raw.csv" || fail "keep-night.py did not keep $name's raw.csv as it was"
grep -q "^| $name | " "$work/out.txt" || fail "keep-night.py printed no README row for $name: $(cat "$work/out.txt")"
grep -q "load average 0.10 0.20 0.30" "$work/out.txt" || fail "keep-night.py's row does not carry the load average given"
if python3 harness/scripts/keep-night.py "$work/run" "$work/nights" 2> "$work/again.txt"; then
  fail "a second keep of $name was not refused"
fi
grep -q "kept already" "$work/again.txt" || fail "a second keep of $name was refused without saying why: $(cat "$work/again.txt")"
echo "check-keep-night: keep-night.py keeps $name again as it is kept, and refuses to keep it twice"
