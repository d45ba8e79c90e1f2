#!/usr/bin/env bash
# make check-dist: the release (make dist's tarball) unpacked outside this repository runs a team's
# matrix from the team's own git repository, with nothing of this repository: the matrix names JDK 25
# and no Dockerfile (the release's share/Dockerfile.jdk25 builds it), the built-in workloads jar comes
# from the release's lib/. Its --version and run.json name the commit the release was built at, and
# run.json the team's repository and commit.
set -euo pipefail
tarball=$(readlink -f "$1")
fail() { echo "check-dist: $*" >&2; exit 1; }
tmp=$(mktemp -d /tmp/jdkmatrix-check-dist.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
tar -C "$tmp" -xzf "$tarball"
rel=$(echo "$tmp"/jdkmatrix-*)
[ -x "$rel/bin/jdkmatrix" ] || fail "$tarball holds no bin/jdkmatrix"
team=$tmp/team
mkdir -p "$team/bench"
cat > "$team/bench/bench.yaml" <<'YAML'
name: team-bench
repetitions: 1
warmup: 0
matrix:
  jdk: 25
  cpus: 1
  memory: 512m
  workload:
    - name: sleep
      tasks: 50
      executor: virtual
      params: { wait-ms: 5 }
YAML
git -C "$team" init -q
git -C "$team" remote add origin https://github.com/acme/team-bench.git
git -C "$team" add .
git -C "$team" -c user.name=ci -c user.email=ci@example.org commit -q -m "the team's suite"
team_commit=$(git -C "$team" rev-parse HEAD)
ours=$(git rev-parse HEAD)
version=$(env -u JAR "$rel/bin/jdkmatrix" --version)
grep -q "commit ${ours:0:12}" <<<"$version" || fail "bin/jdkmatrix --version says '$version', not this checkout's commit ${ours:0:12}"
# the engine named as act and many CI runners name it (DOCKER_HOST=unix:///var/run/docker.sock), where it is that socket
[ -z "${DOCKER_HOST:-}" ] && [ -S /var/run/docker.sock ] && export DOCKER_HOST=unix:///var/run/docker.sock
(cd "$team/bench" && env -u JAR "$rel/bin/jdkmatrix" run --matrix bench.yaml --out ../out --no-report --progress lines) > "$tmp/run.log" 2>&1 \
  || fail "the release's run failed: $(tail -n 5 "$tmp/run.log")"
grep -q "share/Dockerfile.jdk25\|jdk 25: image jdkmatrix/run-25" "$tmp/run.log" || fail "no JDK 25 image in the run: $(head -n 8 "$tmp/run.log")"
grep -q "statuses {ok=1}" "$tmp/run.log" || fail "the run did not end with one ok run: $(tail -n 3 "$tmp/run.log")"
grep -q "\"git_commit\" : \"$ours\"" "$team/out/run.json" || fail "run.json does not name the release's commit $ours"
grep -q "\"commit\" : \"$team_commit\"" "$team/out/run.json" || fail "run.json does not name the team's commit $team_commit"
grep -q "\"remote\" : \"https://github.com/acme/team-bench.git\"" "$team/out/run.json" || fail "run.json does not name the team's repository"
echo "check-dist: $(basename "$tarball") run from a team's repository outside this one: one ok run of JDK 25 from the release's own Dockerfile; $version; run.json names it and the team's commit ${team_commit:0:12}"
