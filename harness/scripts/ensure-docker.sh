#!/usr/bin/env bash
# Makes sure a Docker engine answers. With DOCKER_HOST set, only that engine is checked (exit 2
# when it does not answer). Otherwise, where none answers and this is a Debian/Ubuntu
# machine on which we are root, installs Debian's docker.io and starts dockerd in
# the background. Elsewhere prints one line saying what to install, and fails.
set -euo pipefail

log() { echo "[ensure-docker] $*" >&2; }

# An engine named by DOCKER_HOST is the one to use: check it, and never start a local one instead.
if [[ -n ${DOCKER_HOST:-} ]]; then
  if err=$(timeout 15 docker info 2>&1 >/dev/null); then
    exit 0
  fi
  log "the Docker engine at DOCKER_HOST=$DOCKER_HOST does not answer: $(tail -n1 <<<"${err:-no answer within 15 s}")"
  log "fix: start that engine (or the SSH tunnel to it), or unset DOCKER_HOST to use this machine's engine"
  exit 2
fi

if docker info >/dev/null 2>&1; then
  exit 0
fi

if [[ $(id -u) -ne 0 ]] || ! command -v apt-get >/dev/null 2>&1; then
  log "no Docker engine answers 'docker info'. Install and start Docker (https://docs.docker.com/engine/install/), or set DOCKER_HOST to a reachable engine, then retry."
  exit 1
fi

if ! command -v dockerd >/dev/null 2>&1; then
  log "installing Debian's docker.io (no engine found)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq docker.io >/dev/null
fi

start_dockerd() {
  # A dockerd killed with its machine session leaves pid files that stop the next one.
  rm -f /var/run/docker.pid /var/run/docker/containerd/containerd.pid
  log "starting dockerd in the background (log: /var/log/jdkmatrix-dockerd.log)"
  setsid dockerd >/var/log/jdkmatrix-dockerd.log 2>&1 < /dev/null &
}

# Wait for the engine; (re)start dockerd whenever none is running (one that was just killed
# may still be exiting when we first look).
starts=0
for _ in $(seq 1 90); do
  if docker info >/dev/null 2>&1; then
    log "engine is up: $(docker version --format '{{.Server.Version}} (API {{.Server.APIVersion}})')"
    exit 0
  fi
  if ! pgrep -x dockerd >/dev/null 2>&1 && (( starts < 3 )); then
    start_dockerd
    starts=$((starts + 1))
  fi
  sleep 1
done
log "dockerd did not answer within 90 s; see /var/log/jdkmatrix-dockerd.log"
exit 1
