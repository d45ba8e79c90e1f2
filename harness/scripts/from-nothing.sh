#!/usr/bin/env bash
# make from-nothing: `make quick` as a new machine meets it, each line of its output stamped with the seconds since its start
# (docs/testing.md, issue 72 item 8). DESTRUCTIVE on this machine: it stops dockerd, removes every jdkmatrix image, the base
# image and Docker's build cache, moves ~/.m2 aside for the run (and back after), and removes mmdebstrap; then it runs
# `make quick` in a fresh clone of this repository's HEAD under /tmp/from-nothing. A benchmark, not a test.
set -uo pipefail
src=$(cd "$(dirname "$0")/../.." && pwd)
dir=${FROM_NOTHING_DIR:-/tmp/from-nothing}
rm -rf "$dir"
git clone -q "$src" "$dir"
if docker info >/dev/null 2>&1; then
  docker ps -aq --filter label=org.testcontainers=true | xargs -r docker rm -f >/dev/null
  docker images --format '{{.Repository}}:{{.Tag}}' | grep -E '^(jdkmatrix/|debian:trixie-slim)' | xargs -r docker rmi -f >/dev/null
  docker builder prune -af >/dev/null 2>&1
fi
pkill -x dockerd; sleep 3; pkill -x containerd; sleep 1
kept=""
if [ -d ~/.m2 ]; then kept=~/.m2.from-nothing-kept; rm -rf "$kept"; mv ~/.m2 "$kept"; fi
apt-get remove -y -qq mmdebstrap >/dev/null 2>&1
cd "$dir"
start=$(date +%s.%N)
env -u JAVA_HOME make quick 2>&1 | while IFS= read -r line; do printf '%6.1f %s\n' "$(echo "$(date +%s.%N) - $start" | bc)" "$line"; done
rc=${PIPESTATUS[0]}
echo "total: $(echo "$(date +%s.%N) - $start" | bc) s (make quick exited $rc)"
if [ -n "$kept" ]; then rm -rf ~/.m2; mv "$kept" ~/.m2; fi
exit "$rc"
