#!/usr/bin/env bash
# Air-gapped mode: makes sure the base image (default debian:trixie-slim) exists
# locally. Tries a pull first unless JDKMATRIX_AIRGAPPED=1; where no registry
# answers, builds it from a Debian mirror with mmdebstrap (or debootstrap) and imports it.
set -euo pipefail

IMAGE=${BASE_IMAGE:-debian:trixie-slim}
SUITE=${DEBIAN_SUITE:-trixie}
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}

log() { echo "[base-image] $*" >&2; }

if docker image inspect "$IMAGE" >/dev/null 2>&1; then
  exit 0
fi

if [[ ${JDKMATRIX_AIRGAPPED:-0} != 1 ]]; then
  if timeout 30 docker pull -q "$IMAGE" >/dev/null 2>&1; then
    log "pulled $IMAGE"
    exit 0
  fi
  log "could not pull $IMAGE (no registry answers); building it from $MIRROR"
fi

# mmdebstrap (apt's own downloads, a tarball straight into docker import) took 15 s here where
# debootstrap took 25 s; debootstrap is the fallback where mmdebstrap cannot be had.
if ! command -v mmdebstrap >/dev/null 2>&1 && [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq mmdebstrap >/dev/null 2>&1 || apt-get install -y -qq debootstrap >/dev/null 2>&1 || true
fi

if command -v mmdebstrap >/dev/null 2>&1; then
  log "mmdebstrap --variant=minbase $SUITE (about 15 s)"
  mmdebstrap --variant=minbase --quiet "$SUITE" - "$MIRROR" 2>/tmp/jdkmatrix-debootstrap.log | docker import - "$IMAGE" >/dev/null || {
    log "mmdebstrap failed; last lines of /tmp/jdkmatrix-debootstrap.log:"; tail -n 20 /tmp/jdkmatrix-debootstrap.log >&2; exit 1; }
  log "imported $IMAGE ($(docker image inspect -f '{{.Size}}' "$IMAGE") bytes)"
  exit 0
fi

if ! command -v debootstrap >/dev/null 2>&1; then
  log "neither mmdebstrap nor debootstrap is installed: install one (apt-get install mmdebstrap) as root, then retry 'make base-image'."
  exit 1
fi

dir=$(mktemp -d /tmp/jdkmatrix-rootfs.XXXXXX)
trap 'rm -rf "$dir"' EXIT
log "debootstrap --variant=minbase $SUITE (about 30 s)"
debootstrap --variant=minbase "$SUITE" "$dir" "$MIRROR" >/tmp/jdkmatrix-debootstrap.log 2>&1 || {
  log "debootstrap failed; last lines of /tmp/jdkmatrix-debootstrap.log:"; tail -n 20 /tmp/jdkmatrix-debootstrap.log >&2; exit 1; }
rm -rf "$dir"/var/cache/apt/archives/*.deb "$dir"/var/lib/apt/lists/*
tar -C "$dir" -c . | docker import - "$IMAGE" >/dev/null
log "imported $IMAGE ($(docker image inspect -f '{{.Size}}' "$IMAGE") bytes)"
