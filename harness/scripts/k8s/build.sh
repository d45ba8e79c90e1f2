#!/usr/bin/env bash
# Builds the Kubernetes binaries of make k8s-up once per machine, from the published module
# k8s.io/kubernetes at a pinned version (Go's module proxy), into $K8S_HOME/bin:
# kube-apiserver, kube-controller-manager, kube-scheduler, kubelet and kubectl, and the pause
# binary of the sandbox image (gcc -static of the module's build/pause/linux/pause.c).
# Binaries already there for this version are kept (a stamp file names the version).
# About 10 minutes and 1.9 GB of memory at the peak on 2 CPUs, 3.2 GB of Go build cache.
set -euo pipefail

K8S_VERSION="${K8S_VERSION:-v1.34.2}"
K8S_HOME="${K8S_HOME:-/var/lib/jdkmatrix-k8s}"
BIN="$K8S_HOME/bin"
STAMP="$BIN/.built-$K8S_VERSION"
say() { echo "[k8s-build] $*" >&2; }

if [[ -f "$STAMP" ]]; then
  say "binaries of $K8S_VERSION already in $BIN (remove $STAMP to build them again)"
  exit 0
fi
command -v go >/dev/null || { say "no go on PATH: install Go 1.24 or newer (https://go.dev/dl/) and run make k8s-up again"; exit 2; }
command -v gcc >/dev/null || { say "no gcc on PATH (the pause binary is compiled with it): apt-get install gcc"; exit 2; }

# the published module's source, then a copy of it that builds against the published k8s.io/* modules
say "downloading k8s.io/kubernetes@$K8S_VERSION from the Go module proxy"
DIR=$(go mod download -json "k8s.io/kubernetes@$K8S_VERSION" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
[[ -d "$DIR" ]] || { say "go mod download gave no folder for k8s.io/kubernetes@$K8S_VERSION"; exit 1; }
SRC="$K8S_HOME/src/kubernetes-$K8S_VERSION"
rm -rf "$SRC" && mkdir -p "$(dirname "$SRC")" && cp -r "$DIR" "$SRC" && chmod -R u+w "$SRC"
cd "$SRC"
# vendor/ holds only OWNERS in the published module, and breaks the build ("inconsistent vendoring");
# go.work names the staging folders it leaves out
rm -rf vendor go.work go.work.sum
export GOWORK=off
# the staging replaces point into folders the published module leaves out: require the published modules instead
MODULES=$(sed -n 's#^[[:space:]]*\(k8s\.io/[^[:space:]]*\) => \./staging/.*#\1#p' go.mod)
MINOR="v0.${K8S_VERSION#v1.}"
for m in $MODULES; do
  go mod edit -dropreplace="$m" -require="$m@$MINOR"
done
say "$(echo "$MODULES" | wc -w) replaces into ./staging dropped, the published modules $MINOR required"
! grep -q '=> \./staging' go.mod || { say "a replace into ./staging is left in go.mod"; exit 1; }
say "go mod tidy (downloads the published k8s.io modules $MINOR)"
GOFLAGS=-mod=mod go mod tidy 2> "$K8S_HOME/src/tidy.log" || { cat "$K8S_HOME/src/tidy.log" >&2; exit 1; }
LDFLAGS="-s -w -X k8s.io/component-base/version.gitVersion=$K8S_VERSION -X k8s.io/component-base/version.gitMajor=1"
MINOR_NUMBER="${K8S_VERSION#v1.}"; MINOR_NUMBER="${MINOR_NUMBER%%.*}"
LDFLAGS+=" -X k8s.io/component-base/version.gitMinor=$MINOR_NUMBER -X k8s.io/component-base/version.gitTreeState=clean"
LDFLAGS+=" -X k8s.io/client-go/pkg/version.gitVersion=$K8S_VERSION"
mkdir -p "$BIN"
for cmd in kube-apiserver kube-controller-manager kube-scheduler kubelet kubectl; do
  say "building $cmd ($(date +%T))"
  CGO_ENABLED=0 go build -trimpath -ldflags "$LDFLAGS" -o "$BIN/$cmd" "./cmd/$cmd"
done
say "compiling the pause binary of the sandbox image"
gcc -Os -static -o "$BIN/pause" build/pause/linux/pause.c -DVERSION="$K8S_VERSION"
strip "$BIN/pause" || true
touch "$STAMP"
say "done: $(ls "$BIN" | tr '\n' ' ')"
