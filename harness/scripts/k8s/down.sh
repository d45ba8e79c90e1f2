#!/usr/bin/env bash
# make k8s-down: stops what make k8s-up started, leaving nothing of it running: the kubelets first
# (so they restart nothing), every pod's containers and their shims, the nodes' containerds, then
# the scheduler, the controller-manager, the API server and etcd; unmounts what the kubelet and
# containerd mounted; puts back the sysctls the kubelet changed. The cluster's state (etcd's data,
# certificates, images) stays in $K8S_HOME for the next k8s-up; K8S_WIPE=1 removes it too (not the
# binaries).
set -euo pipefail

K8S_HOME="${K8S_HOME:-/var/lib/jdkmatrix-k8s}"
RUN="$K8S_HOME/run"
STATE=/run/jdkmatrix-k8s
say() { echo "[k8s-down] $*" >&2; }

stop() { # seconds names...: TERM to each at once, then KILL whatever is left after that many seconds
  local wait=$1 name pid pids=() names=()
  shift
  for name in "$@"; do
    [[ -f $RUN/$name.pid ]] || continue
    pid=$(cat "$RUN/$name.pid")
    if kill -0 "$pid" 2>/dev/null; then kill -TERM "$pid" 2>/dev/null || true; pids+=("$pid"); names+=("$name"); fi
    rm -f "$RUN/$name.pid"
  done
  for ((i = 0; i < wait * 5; i++)); do
    local alive=0
    for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && alive=1; done
    ((alive)) || break
    sleep 0.2
  done
  for ((i = 0; i < ${#pids[@]}; i++)); do
    kill -KILL "${pids[i]}" 2>/dev/null || true
    say "stopped ${names[i]} (pid ${pids[i]})"
  done
}

stop 10 kubelet kubelet-2
for sock in "$STATE/containerd.sock" "$STATE/node-2/containerd.sock"; do
  [[ -S $sock ]] || continue
  ctr=(ctr -a "$sock" -n k8s.io)
  for t in $("${ctr[@]}" tasks ls -q 2>/dev/null); do "${ctr[@]}" tasks kill -s KILL "$t" >/dev/null 2>&1 || true; done
  sleep 1
  for t in $("${ctr[@]}" tasks ls -q 2>/dev/null); do "${ctr[@]}" tasks delete -f "$t" >/dev/null 2>&1 || true; done
  for c in $("${ctr[@]}" containers ls -q 2>/dev/null); do "${ctr[@]}" containers delete "$c" >/dev/null 2>&1 || true; done
done
stop 10 containerd containerd-2
# the shims of our containerds (not Docker's): they name its state folder in their command line
for pid in $(pgrep -f "containerd-shim.*$STATE" || true); do kill -KILL "$pid" 2>/dev/null || true; done
# the control plane at once (its state is etcd's: the API server's graceful end, about 10 s, buys
# nothing here), etcd last
stop 3 kube-scheduler kube-controller-manager kube-apiserver
stop 10 etcd registry

# what the kubelet and containerd mounted (pods' volumes, sandboxes' shm, snapshots)
for root in "$K8S_HOME/kubelet" "$K8S_HOME/kubelet-2" "$STATE" "$K8S_HOME/containerd" "$K8S_HOME/containerd-2"; do
  { grep -o " $root[^ ]*" /proc/mounts 2>/dev/null || true; } | sort -r | while read -r m; do umount -l "$m" 2>/dev/null || true; done
done
if [[ -f $RUN/sysctls ]]; then
  while IFS== read -r k v; do sysctl -qw "$k=$v" || true; done < "$RUN/sysctls"
  rm -f "$RUN/sysctls"
  say "sysctls put back"
fi
left=$(pgrep -f "$K8S_HOME/bin/|containerd --config $K8S_HOME|etcd --name jdkmatrix|docker-registry serve $K8S_HOME" || true)
if [[ -n $left ]]; then
  say "still running: $left"
  exit 1
fi
if [[ ${K8S_WIPE:-0} == 1 ]]; then
  rm -rf "$K8S_HOME/etcd" "$K8S_HOME"/kubelet "$K8S_HOME"/kubelet-2 "$K8S_HOME/containerd" "$K8S_HOME/containerd-2" "$K8S_HOME/registry" "$K8S_HOME/pki" "$K8S_HOME"/*.kubeconfig "$STATE"
  say "the cluster's state removed (binaries kept in $K8S_HOME/bin)"
fi
say "nothing of the cluster is running"
