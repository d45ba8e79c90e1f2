#!/usr/bin/env bash
# make check-workflows: this repository's reusable workflow (.github/workflows/jdkmatrix.yml) and setup
# action run by a real Actions runner, nektos/act (built from the Go module proxy once), on this machine
# with no network, as a library's repository calls them: a sample library (examples/jmh's benchmarks as a
# git repository of its own, harness/act/sample) whose nightly.yml is the caller of docs/release.md.
# Night 1 at its first commit, night 2 at its 8th (the 6th made StringJoinBench.stringJoin about 10 % slower), each
# measured against the baseline (the first commit, tagged sample-baseline, built once by the harness) in the
# same rounds and published into a local bare repository standing for its origin's gh-pages; the second
# night's comparison must name the commit range, and its head / base ratio must decide stringJoin slower. Night 2 also runs the
# open-issues job against a loopback stand-in of GitHub's issues API (harness/act/github-api), night 1 (input off) must send it
# nothing. Then the pull request check, and at the end the nightly dispatched with the bisect inputs: its bisect job must name
# the 6th commit with at most 4 builds, and its bisect-keep job keep that beside the change on gh-pages. The third-party actions are our
# stand-ins (harness/act/README.md); jdkmatrix is this checkout's files as they are now, its release made
# once (make dist) and given to every job. Shards run one at a time (max-parallel: 1): two shards side by
# side on 2 CPUs would measure each other.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$(pwd)
fail() { echo "check-workflows: $*" >&2; exit 1; }
log() { echo "[check-workflows] $(date -u +%H:%M:%S) $*" >&2; }

act=$(command -v act 2>/dev/null || echo "$(go env GOPATH 2>/dev/null)/bin/act")
if [ ! -x "$act" ]; then
  log "building nektos/act v0.2.89 from the Go module proxy (once)"
  GOFLAGS=-mod=mod go install github.com/nektos/act@v0.2.89
  act=$(go env GOPATH)/bin/act
fi
make --no-print-directory -s dist > /dev/null
release=$(readlink -f "$(ls -t target/dist/jdkmatrix-*.tar.gz | head -n1)")   # the one make dist just wrote (an older version's may lie beside it)
release_sha=$(cut -d' ' -f1 "$release.sha256")   # what the setup action checks the release against

work=$(mktemp -d /tmp/jdkmatrix-check-workflows.XXXXXX)
trap '[ "${KEEP:-0}" = 1 ] || rm -rf "$work"' EXIT
# jdkmatrix as the sample's workflows get it (jdkmatrix/jdkmatrix@main): this checkout's tracked files as they are now
mkdir -p "$work/jdkmatrix"
git ls-files -z | xargs -0 cp --parents -t "$work/jdkmatrix"

# the sample library and its origin
lib=$work/lib
origin=$work/origin.git
mkdir -p "$lib/src/main/java/dev/jdkmatrix/examples/jmh" "$lib/.github/workflows" "$lib/.mvn"
cp examples/jmh/src/main/java/dev/jdkmatrix/examples/jmh/StringJoinBench.java "$lib/src/main/java/dev/jdkmatrix/examples/jmh/"
cp harness/act/sample/pom.xml harness/act/sample/bench.yaml harness/act/sample/build.sh "$lib/"
cp harness/act/sample/nightly.yml harness/act/sample/pr.yml "$lib/.github/workflows/"
cp mvnw "$lib/" && cp -r .mvn/wrapper "$lib/.mvn/"
printf 'target/\n' > "$lib/.gitignore"
git init -q --bare "$origin"
git -C "$lib" init -q -b main
git -C "$lib" remote add origin "$origin"
commit() { git -C "$lib" add -A && git -C "$lib" -c user.name=sample -c user.email=sample@example.org commit -q -m "$1" && git -C "$lib" push -q origin main; }
commit "the sample library's suite"
first=$(git -C "$lib" rev-parse HEAD)
git -C "$lib" tag sample-baseline && git -C "$lib" push -q origin sample-baseline   # what every night measures against (nightly.yml)

stand_ins=(--local-repository "actions/upload-artifact@ea165f8d65b6e75b540449e92b4886f43607fa02=$repo/harness/act/upload-artifact"
  --local-repository "actions/download-artifact@d3f86a106a0bac45b974a628896c90dbdf5c8093=$repo/harness/act/download-artifact"
  --local-repository "actions/upload-pages-artifact@56afc609e74202658d3ffba0e8f6dda462b719fa=$repo/harness/act/not-under-act"
  --local-repository "actions/deploy-pages@d6db90164ac5ed86f2b6aed7e0febac5b3c0c03e=$repo/harness/act/not-under-act"
  --local-repository "actions/cache@0057852bfaa89a56745cba8c7296529d2fc39830=$repo/harness/act/not-under-act")
echo '{"act": true}' > "$work/event.json"
# GitHub's issues API as a loopback stand-in (harness/act/github-api): what the open-issues input's job asks of it, logged
token=stand-in-$RANDOM$RANDOM
mkfifo "$work/api-stdin"
java -cp "$repo/harness/target/jdkmatrix.jar" "$repo/harness/act/github-api/GitHubApiStandIn.java" "$work/api-port" "$work/api-requests.jsonl" "$token" \
  < "$work/api-stdin" > "$work/api.log" 2>&1 &
api_pid=$!
exec 9> "$work/api-stdin"   # the stand-in runs until this closes
trap 'exec 9>&-; kill $api_pid 2> /dev/null; [ "${KEEP:-0}" = 1 ] || rm -rf "$work"' EXIT
for _ in $(seq 1 600); do [ -s "$work/api-port" ] && break; kill -0 $api_pid 2> /dev/null || fail "the API stand-in did not start: $(cat "$work/api.log")"; sleep 0.1; done
[ -s "$work/api-port" ] || fail "the API stand-in did not start within a minute: $(cat "$work/api.log")"
api="http://127.0.0.1:$(cat "$work/api-port")"
night() { # night N [act options]: the sample's nightly.yml under act, its own run id and artifacts
  local n=$1; shift
  log "night $n at $(git -C "$lib" rev-parse --short HEAD)"
  (cd "$lib" && "$act" workflow_dispatch -W .github/workflows/nightly.yml -e "$work/event.json" -P ubuntu-24.04=-self-hosted \
    --action-offline-mode --local-repository "jdkmatrix/jdkmatrix@main=$work/jdkmatrix" "${stand_ins[@]}" \
    --env ACT_ARTIFACTS="$work/artifacts" --env JDKMATRIX_RELEASE="$release" --env JDKMATRIX_RELEASE_SHA256="$release_sha" --env GITHUB_RUN_ID="$n" \
    --env GITHUB_API_URL="$api" --env GITHUB_REPOSITORY=sample/lib -s GITHUB_TOKEN="$token" "$@" \
    > "$work/night-$n.log" 2>&1) || fail "night $n failed under act: $(grep -E '❌|Error' "$work/night-$n.log" | head -n 5; tail -n 20 "$work/night-$n.log")"
  grep -q "Job succeeded" "$work/night-$n.log" || fail "night $n: no job succeeded ($work/night-$n.log)"
}
night 1
[ ! -s "$work/api-requests.jsonl" ] || fail "night 1, open-issues off, sent GitHub's API requests: $(cat "$work/api-requests.jsonl")"
# seven commits more, as a library's week goes: four that change no measured code (a comment line each), the 6th commit of 8 where
# stringJoin joins a sixteenth more strings (about 10 % slower; stringBuilder as it was), then two more of the first sort. Night 2
# measures the 8th; the bisect at the end follows its step to the 6th.
bench=$lib/src/main/java/dev/jdkmatrix/examples/jmh/StringJoinBench.java
neutral() { printf '// %s\n' "$1" >> "$bench"; commit "$1"; }
for i in 2 3 4 5; do neutral "commit $i: a note that changes no measured code"; done
perl -0pi -e 's|    private List<String> parts;|    private List<String> parts;\n    private List<String> more;|; s|(for \(int i = 0; i < size; i\+\+\) parts.add\("item-" \+ i\);)|$1\n        more = new ArrayList<>(parts);\n        more.addAll(parts.subList(0, size / 16));|; s|return String.join\(",", parts\);|return String.join(",", more);|' \
  "$bench"
grep -q 'String.join(",", more)' "$bench" || fail "the 6th commit's edit did not apply"
commit "commit 6: stringJoin joins a sixteenth more"
sixth=$(git -C "$lib" rev-parse HEAD)
for i in 7 8; do neutral "commit $i: a note that changes no measured code"; done
eighth=$(git -C "$lib" rev-parse HEAD)
[ "$(git -C "$lib" rev-list --count HEAD)" = 8 ] || fail "the sample library has $(git -C "$lib" rev-list --count HEAD) commits, not 8"
night 2 --var OPEN_ISSUES=true
# open-issues on: its job asked the API for the open regression issues of sample/lib with the token, and opened none (two nights
# confirm no change; RegressionIssuesCommandTest opens, updates and closes them against this stand-in)
grep -q '"method":"GET","path":"/repos/sample/lib/issues","query":"state=open&.*labels=jdkmatrix-regression.*"authorized":true' "$work/api-requests.jsonl" \
  || fail "night 2 (open-issues on) did not ask the API for sample/lib's open regression issues with its token: $(cat "$work/api-requests.jsonl")"
grep -q '"method":"POST"\|"method":"PATCH"' "$work/api-requests.jsonl" && fail "night 2 wrote to the issues of a history that confirmed nothing: $(cat "$work/api-requests.jsonl")"
grep -q "regression issues: 0 confirmed regression(s) standing" "$work/night-2.log" || fail "night 2's issues job did not say what it did ($work/night-2.log)"

# what origin's gh-pages holds now
site=$work/site
git clone -q -b gh-pages "$origin" "$site" || fail "origin has no gh-pages branch after two nights"
nights=$(ls -d "$site"/night-* 2>/dev/null | wc -l)
[ "$nights" = 2 ] || fail "gh-pages holds $nights nights, not 2"
n2=$(ls -d "$site"/night-2-* | head -n1)
grep -q "\"commit\" : \"$eighth\"" "$n2/run.json" || fail "night 2's run.json does not name the sample's 8th commit"
grep -q "\"named_class\" : \"sample-runner\"" "$n2/run.json" || fail "night 2's run.json does not name its runner class"
# the caller's history-options (--watch-target 3%) reached the index the publish step wrote
grep -q "figures can show a 3 % step" "$site/index.html" || fail "the site's index does not judge its figures by the 3 % step the caller's history-options set: $(grep -o 'figures can show a [0-9]* % step' "$site/index.html")"
compare=$n2/compare.md
[ -f "$compare" ] || fail "night 2 was not compared with night 1"
grep -q "commits ${first:0:12}..${eighth:0:12}" "$compare" || fail "night 2's comparison does not name the commit range ${first:0:12}..${eighth:0:12}"
# night 2 against its baseline, paired by round (what the nightly's job summary says): stringJoin a decided regression of 5 % or more (on
# JDK 25, the sample's one JDK); stringBuilder, unchanged, none; night 1, whose build is the baseline's own commit, none. The unpaired comparison of the two
# nights' cells (compare.md) is logged beside it: at a 10 % step it is the runner's day that decides what it says.
n1=$(ls -d "$site"/night-1-* | head -n1)
verdict() { "$repo/harness/scripts/jdkmatrix.sh" pr-verdict "$1" --nightly --threshold 5% > "$2" 2>&1; }
# A night's verdict is one measurement: in a noisy spell 18 rounds may leave the step undecided (the fresh clone's .ci/run at 3c3073b:
# stringJoin 1.085x [0.996, 1.210], and the unchanged stringBuilder 1.071x [0.992, 1.177] beside it). Then the same commit is measured
# once more, as night 3 (open-issues off), and that night's verdict must decide it; undecided twice fails.
if verdict "$n2" "$work/night-2-baseline.md"; then
  log "night 2 against its baseline decided no regression: $(grep -E '`join:StringJoinBench' "$work/night-2-baseline.md" | tr '\n' ' '); the 8th commit measured once more, as night 3"
  night 3
  rm -rf "$site" && git clone -q -b gh-pages "$origin" "$site"
  n3=$(ls -d "$site"/night-3-* 2>/dev/null | head -n1)
  [ -n "$n3" ] || fail "night 3 was not published on gh-pages: $(ls "$site")"
  grep -q "\"commit\" : \"$eighth\"" "$n3/run.json" || fail "night 3's run.json does not name the sample's 8th commit"
  verdict "$n3" "$work/night-2-baseline.md" && fail "night 2 and night 3 (the 8th commit both) against their baseline decided no regression, twice: $(cat "$work/night-2-baseline.md")"
  retried=" (measured again as night 3)"
fi
grep 'StringJoinBench.stringJoin' "$work/night-2-baseline.md" | grep -q '\*\*regression\*\*' \
  || fail "night 2 against its baseline does not decide stringJoin a regression: $(cat "$work/night-2-baseline.md")"
grep 'StringJoinBench.stringBuilder' "$work/night-2-baseline.md" | grep -q '\*\*regression\*\*' \
  && fail "night 2 against its baseline calls stringBuilder, which did not change, a regression: $(cat "$work/night-2-baseline.md")"
# Night 1 is an A/A night: a regression decided at 95 % in one of its 4 cells comes by chance now and then (each cell up to 2.5 %, more on
# a machine with bursts of CPU steal: fresh-clone .ci/runs here decided stringJoin on JDK 25 "8.6 % slower [1.5 %, 16.2 %]" with q 0.064
# (2026-12-01) and "9.4 % slower [4.2 %, 16.3 %]" with q 0.019 (2026-12-02) on night 1; pinned to one CPU instead of a quota, the sample
# was noisier still and missed night 2's step). The A/A rate is calibrated on many nights (make bench-reference-nights, docs/history.md),
# not on one. What fails here is what no noisy night should give and a night 1 measured against the wrong commit would: a regression
# that holds the 4 cells' false discovery rate (q <= 0.05) and whose whole interval lies beyond the 5 % minimum difference.
if ! verdict "$n1" "$work/night-1-baseline.md"; then
  grep -q '\*\*regression\*\*' "$work/night-1-baseline.md" || fail "night 1 (its build the baseline's own commit) against its baseline: $(cat "$work/night-1-baseline.md")"
  surviving=$(grep '\*\*regression\*\*' "$work/night-1-baseline.md" | awk -F'|' '{ q = $4; gsub(/ /, "", q); low = $3; sub(/.*x \[/, "", low); sub(/,.*/, "", low)
    if (q + 0 <= 0.05 && low + 0 >= 1.05) print }')
  [ -z "$surviving" ] || fail "night 1 (its build the baseline's own commit) against its baseline decided a regression beyond 5 % at q <= 0.05: $(cat "$work/night-1-baseline.md")"
  log "night 1 (A/A) decided a regression by chance, not beyond 5 % at the cells' false discovery rate: $(grep '\*\*regression\*\*' "$work/night-1-baseline.md" | tr '\n' ' ')"
fi
log "night 2 against its baseline: $(grep -E 'join:StringJoinBench.stringJoin' "$work/night-2-baseline.md" | tr '\n' ' ')"
log "night 2's cells against night 1's, unpaired: $(grep -E 'head-join:StringJoinBench.stringJoin' "$compare" | cut -d'|' -f2,5,8 | tr '\n' ' ')"
# the pull request check (jdkmatrix-pr.yml) on the 8th commit against the first: stringJoin a decided regression, the job fails;
# then against itself (A/A): no regression, the job passes
pr() { # pr NAME BASE_SHA: the sample's pr.yml under act for a pull request whose base is BASE_SHA; its exit code
  printf '{"act": true, "pull_request": {"number": 7, "base": {"sha": "%s", "ref": "main"}, "head": {"sha": "%s", "ref": "pr"}}}' "$2" "$eighth" > "$work/pr-$1.json"
  log "pull request check $1: $(git -C "$lib" rev-parse --short HEAD) against ${2:0:7}"
  (cd "$lib" && "$act" pull_request -W .github/workflows/pr.yml -e "$work/pr-$1.json" -P ubuntu-24.04=-self-hosted \
    --action-offline-mode --local-repository "jdkmatrix/jdkmatrix@main=$work/jdkmatrix" "${stand_ins[@]}" \
    --env ACT_ARTIFACTS="$work/artifacts" --env JDKMATRIX_RELEASE="$release" --env JDKMATRIX_RELEASE_SHA256="$release_sha" --env GITHUB_RUN_ID="pr-$1-$attempt" \
    --env GITHUB_API_URL="$api" --env GITHUB_REPOSITORY=sample/lib -s GITHUB_TOKEN="$token" > "$work/pr-$1.log" 2>&1)
}
# A verdict at 95 % calls an unchanged benchmark different now and then (each of the check's 4 cells up to 5 % of the time, more in a
# noisy spell of a shared machine: a fresh-clone run here once called the unchanged stringBuilder a regression while night 2 measured
# stringJoin's CVs at 31 %), so a wrong verdict is measured again, up to three times, before it fails: three in a row are the
# harness's, not chance's (a fresh-clone run here at 6ebf000 had two: the 20 % slower head passed once, then its decided regression
# was not stringJoin's, while night 2 measured the CVs at 11 to 19 %).
regression_wrong() { # why the check of the slower head is wrong ("": right)
  wrong=""
  if pr regression "$first"; then wrong="the pull request check passed on a 10 % slower stringJoin ($work/pr-regression.log)"; return; fi
  grep -q "decided regression(s)\*\* of 5.0 % or more" "$work/pr-regression.log" \
    || { wrong="the pull request check did not report a decided regression: $(grep -E 'decided|❌' "$work/pr-regression.log" | head -n 5)"; return; }
  grep "| \`join:StringJoinBench.stringJoin" "$work/pr-regression.log" | grep -q "regression" || { wrong="the pull request check does not name stringJoin a regression"; return; }
  if grep "StringJoinBench.stringBuilder" "$work/pr-regression.log" | grep -q "\*\*regression\*\*"; then
    wrong="the pull request check calls stringBuilder a regression: $(grep "StringJoinBench.stringBuilder" "$work/pr-regression.log" | head -n 2 | tr '\n' ' ')"
  fi
}
same_wrong() { # why the A/A check is wrong ("": right)
  wrong=""
  pr same "$eighth" || { wrong="the pull request check failed on a head the same as its base (A/A): $(grep -E 'decided|❌|regression\*\*' "$work/pr-same.log" | head -n 5)"; return; }
  grep -q "No decided regression" "$work/pr-same.log" || wrong="the A/A pull request check does not say 'No decided regression'"
}
for check in regression_wrong same_wrong; do
  attempt=1
  "$check"
  while [ -n "$wrong" ] && [ "$attempt" -lt 3 ]; do
    log "once more: $wrong"
    attempt=$((attempt + 1))
    "$check"
  done
  [ -z "$wrong" ] || fail "$wrong ($attempt times in a row)"
done
# the sample's caller asks for the comment: its job (pull-requests: write, none of the pull request's code) posted the check once, as the
# workflow's token's user, then updated that same comment in place for every later check of pull request 7 (PullRequestCommentCommandTest
# holds another user's look-alike left alone, and the cut to GitHub's limit)
posts=$(grep -c '"method":"POST","path":"/repos/sample/lib/issues/7/comments".*"authorized":true,"user":"github-actions\[bot\]"' "$work/api-requests.jsonl" || true)
[ "$posts" = 1 ] || fail "the pull request checks posted $posts comments on pull request 7, not 1: $(grep '/comments' "$work/api-requests.jsonl")"
grep -q '"method":"PATCH","path":"/repos/sample/lib/issues/comments/1"' "$work/api-requests.jsonl" \
  || fail "the later pull request checks did not update the check's comment in place: $(grep '/comments' "$work/api-requests.jsonl")"
grep '/issues/7/comments' "$work/api-requests.jsonl" | grep -q 'jdkmatrix pull request check' || fail "the comment posted is not the check's"
log "pull request check: $(grep -o '[0-9]* decided regression(s)\*\* of 5.0 % or more[^.]*' "$work/pr-regression.log" | head -n1); A/A: $(grep -o 'No decided regression[^.]*' "$work/pr-same.log" | head -n1)"
log "the pull request check's stringJoin rows (its rounds: 6, more where a ratio was not yet known to within 2.5 %, at most 18): $(grep -E '\| `join:StringJoinBench.stringJoin' "$work/pr-regression.log" | sed 's/^.*| `/`/' | awk '!seen[$0]++' | head -n 2 | tr '\n' ' ')"
# From the alarm to its commit: the nightly dispatched with the bisect inputs (what the index's bisect command gives, with the
# sample's JMH options so each step measures as its nights do). No night runs; the bisect job builds the commits it needs at
# most once each and measures each against the first in the same rounds (JDK 25, 1 CPU by a quota, as the nights), and the
# bisect-keep job keeps bisect.md on gh-pages beside the change. 7 commits after the good one: the 8th, then the 4th, the 6th
# and the 5th, 4 builds, each step 6 rounds and more while its ratio is not known to ±2.5 %, up to 18 (the bisect's default budget). A step that stays undecided on a noisy machine stops the search (exit 1, the job still green, the
# commits that remain said): measured once more, up to twice, as the pull request check is.
bisect_wrong() { # why the bisect under act is wrong ("": right)
  wrong=""; undecided=""
  printf '{"act": true, "inputs": {"bisect-good": "%s", "bisect-bad": "%s", "bisect-jar": "target/benchmarks.jar", "bisect-benchmarks": "%s", "bisect-options": "%s", "bisect-jmh-args": "%s"}}' \
    "$first" "$eighth" '^dev\\.jdkmatrix\\.examples\\.jmh\\.StringJoinBench\\.stringJoin$' "--jdk 25 --cpus 1 --cpu-mode quota --memory 512m" \
    "-f 1 -wi 2 -i 4 -w 500ms -r 500ms" > "$work/bisect.json"
  log "bisect ${first:0:7}..${eighth:0:7} under act (attempt $attempt)"
  (cd "$lib" && "$act" workflow_dispatch -W .github/workflows/nightly.yml -e "$work/bisect.json" -P ubuntu-24.04=-self-hosted \
    --action-offline-mode --local-repository "jdkmatrix/jdkmatrix@main=$work/jdkmatrix" "${stand_ins[@]}" \
    --env ACT_ARTIFACTS="$work/artifacts" --env JDKMATRIX_RELEASE="$release" --env JDKMATRIX_RELEASE_SHA256="$release_sha" --env GITHUB_RUN_ID="bisect-$attempt" \
    --env GITHUB_API_URL="$api" --env GITHUB_REPOSITORY=sample/lib -s GITHUB_TOKEN="$token" > "$work/bisect-$attempt.log" 2>&1) \
    || { wrong="the bisect dispatch failed under act: $(grep -E '❌|Error|jdkmatrix: ' "$work/bisect-$attempt.log" | head -n 8)"; return; }
  grep -q "Job succeeded" "$work/bisect-$attempt.log" || { wrong="the bisect dispatch: no job succeeded ($work/bisect-$attempt.log)"; return; }
  grep -q "bisect-keep" "$work/bisect-$attempt.log" || { wrong="the bisect dispatch ran no bisect-keep job ($work/bisect-$attempt.log)"; return; }
  rm -rf "$work/site-bisect" && git clone -q -b gh-pages "$origin" "$work/site-bisect"
  kept=$work/site-bisect/bisect/${first:0:12}-${eighth:0:12}.md
  [ -f "$kept" ] || { wrong="gh-pages does not keep the bisect at bisect/${first:0:12}-${eighth:0:12}.md: $(ls "$work/site-bisect")"; return; }
  if grep -q "^\*\*Stopped:\*\*" "$kept" && grep -q "remain: .*\`${sixth:0:12}\`" "$kept"; then
    undecided="the bisect stopped undecided, the 6th commit among those it says remain: $(grep -E '^\*\*Stopped' "$kept")"
  elif grep -q "^\*\*Stopped:\*\* the bad commit is not decided slower" "$kept"; then
    undecided="the bisect stopped at its first step, the 8th commit not decided slower within its rounds (all 7 remain): $(grep -E '^\*\*Stopped' "$kept")"
  fi
  grep -q "^\*\*First bad commit:\*\* ${sixth:0:12} commit 6" "$kept" || { wrong="the bisect did not name the 6th commit ${sixth:0:12}: $(tr '\n' ' ' < "$kept")"; return; }
  builds=$(grep -c '^| [0-9]* | `[0-9a-f]*`' "$kept")
  [ "$builds" -le 4 ] || wrong="the bisect built and measured $builds commits, not at most 4: $(tr '\n' ' ' < "$kept")"
}
# Undecided on a noisy machine (a step's ratio not told from the good one's within 18 rounds: seen here once in two, 2026-12-02;
# the 8th itself once, 10.5 % slower [-0.3 %, 22.4 %], on another machine the same day) is the bisect saying so, not a wrong answer: it
# passes at once with the commits that remain holding the 6th (all 7 when the 8th was not decided), where a second try cost .ci/run its
# time budget (a fresh clone's .ci/run at 1e14b7c was stopped at 90 minutes in the second try). A wrong commit never passes: it is
# measured once more, and fails when it comes again.
said_undecided() { [ -n "$wrong" ] && [ -n "${undecided:-}" ] && [ ! "${wrong#the bisect did not name}" = "$wrong" ] && grep -q "^\*\*Stopped:\*\*" "$kept"; }
attempt=1
bisect_wrong
while [ -n "$wrong" ] && ! said_undecided && [ "$attempt" -lt 2 ]; do
  log "once more: $wrong"
  attempt=$((attempt + 1))
  bisect_wrong
done
if said_undecided; then
  log "$undecided"; wrong=""
fi
[ -z "$wrong" ] || fail "$wrong ($attempt times in a row)"
grep -q "bisect/${first:0:12}-${eighth:0:12}.md" "$work/site-bisect/index.html" 2>/dev/null \
  || log "the index does not link the kept bisect (it links one beside a confirmed change only; two nights confirm none)"
cp "$kept" "$work/bisect.md"
log "the bisect kept on gh-pages: $(grep -E '^\| [0-9]' "$kept" | cut -d'|' -f2-6 | tr '\n' ' ')"
echo "check-workflows: the reusable workflow ran the sample library's two nights against their baseline under act (build, 2 shards one at a time, merge, publish into origin's gh-pages, history): night 2 names commits ${first:0:12}..${eighth:0:12} and decides stringJoin about 10 % slower against the baseline${retried:-}; the pull request check fails on stringJoin and passes A/A, its one comment posted and then updated in place by the comment job; the open-issues job asked the API stand-in on night 2 only; the bisect dispatch $(if [ -n "${undecided:-}" ]; then echo "stopped undecided with the 6th among the commits that remain"; else echo "named the 6th of 8 commits (${sixth:0:12}) in ${builds:-?} builds"; fi) and kept it on gh-pages"
