#!/usr/bin/env bash
# One node of make k8s-up's cluster: node.sh N (1 or 2) starts its containerd and its kubelet, the
# control plane being up. Node 1 is named and addressed 127.0.0.1, node 2 127.0.0.2 (loopback too:
# Linux routes all of 127.0.0.0/8 to lo), each kubelet bound to its own address.
#
# Each node has a containerd of its own (own root, state and socket; Docker's is left alone): two
# kubelets on one containerd would each kill the other's pods as unknown to it. Node 1's pods live
# under the cgroup /kubepods, node 2's under /jdkmatrix-node-2/kubepods (a kubelet removes pod
# cgroups it does not know). Both run the static CPU manager: node 1 reserves CPU 0, so its
# Guaranteed pods with whole CPUs get the others; node 2 reserves all but CPU 0 and hands out CPU 0. Node 2 is a
# second node to test placement with (groups of a session spread over nodes and side by side), not
# a second machine: both share this machine's CPUs, memory and disk. It carries the taint
# dev.jdkmatrix/pool=second:NoSchedule (and that label): only a session that tolerates it
# (run --toleration dev.jdkmatrix/pool=second:NoSchedule) puts pods there. Its containerd pulls
# from the registry at 127.0.0.1:5000; the harness imports run images into node 1's only.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
say() { echo "[k8s-up] $*" >&2; }
# shellcheck source=common.sh
source "$HERE/common.sh"
N=${1:?node.sh N: the number of the node, 1 or 2}
case $N in
  1) SFX="" NODE_STATE=$STATE CGROUP_ROOT="" ;;
  2) SFX="-2" NODE_STATE=$STATE/node-2 CGROUP_ROOT=/jdkmatrix-node-2 ;;
  *) say "node.sh $N: make k8s-up runs node 1 and node 2 (K8S_NODES=1 or 2)"; exit 2 ;;
esac
NODE=127.0.0.$N
KUBELET_DIR="$K8S_HOME/kubelet$SFX"
SOCKET="$NODE_STATE/containerd.sock"
if running "kubelet$SFX"; then
  say "node $NODE is up already (kubelet pid $(cat "$RUN/kubelet$SFX.pid"))"
  exit 0
fi
mkdir -p "$NODE_STATE" "$KUBELET_DIR"
# node 1 reserves CPU 0 (its exclusive CPUs: the others), node 2 every CPU but 0 (its exclusive CPU: 0)
last=$(($(nproc --all) - 1))
((last >= 1)) || { say "make k8s-up needs 2 CPUs or more (the static CPU manager hands out the ones not reserved)"; exit 2; }
RESERVED=$( ((N == 1)) && echo 0 || { ((last == 1)) && echo 1 || echo "1-$last"; })

cat > "$K8S_HOME/containerd$SFX.toml" <<TOML
version = 2
root = "$K8S_HOME/containerd$SFX"
state = "$NODE_STATE/containerd"
disabled_plugins = ["io.containerd.snapshotter.v1.aufs", "io.containerd.snapshotter.v1.btrfs", "io.containerd.snapshotter.v1.zfs", "io.containerd.snapshotter.v1.devmapper"]
[grpc]
  address = "$SOCKET"
[ttrpc]
  address = "$NODE_STATE/containerd.ttrpc.sock"
[debug]
  address = ""
[metrics]
  address = ""
[plugins."io.containerd.grpc.v1.cri"]
  sandbox_image = "$PAUSE_IMAGE"
  # this VM has no CAP_SYS_RESOURCE: without it every pod fails "can't get final child's PID from pipe: EOF"
  restrict_oom_score_adj = true
  stream_server_address = "$NODE"
  [plugins."io.containerd.grpc.v1.cri".containerd]
    default_runtime_name = "runc"
    [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc]
      runtime_type = "io.containerd.runc.v2"
      [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc.options]
        SystemdCgroup = false
  [plugins."io.containerd.grpc.v1.cri".cni]
    bin_dir = "$K8S_HOME/cni-bin"
    conf_dir = "$K8S_HOME/cni"
  [plugins."io.containerd.grpc.v1.cri".registry]
    config_path = "$K8S_HOME/certs.d"
TOML
# the node pulls from make k8s-up's registry over plain HTTP, on loopback
mkdir -p "$K8S_HOME/certs.d/$REGISTRY"
cat > "$K8S_HOME/certs.d/$REGISTRY/hosts.toml" <<TOML
server = "http://$REGISTRY"
[host."http://$REGISTRY"]
  capabilities = ["pull", "resolve"]
TOML
start "containerd$SFX" containerd --config "$K8S_HOME/containerd$SFX.toml"
wait_for "node $NODE's containerd" 20 ctr -a "$SOCKET" version

# the sandbox image, compiled here (no registry answers): FROM scratch with the pause binary
if ! ctr -a "$SOCKET" -n k8s.io images ls -q | grep -qx "$PAUSE_IMAGE"; then
  if ! docker image inspect "$PAUSE_IMAGE" >/dev/null 2>&1; then
    ctx=$(mktemp -d)
    cp "$BIN/pause" "$ctx/pause"
    printf 'FROM scratch\nCOPY pause /pause\nUSER 65535:65535\nENTRYPOINT ["/pause"]\n' > "$ctx/Dockerfile"
    docker build -q -t "$PAUSE_IMAGE" "$ctx" >/dev/null
    rm -rf "$ctx"
  fi
  docker save "$PAUSE_IMAGE" | ctr -a "$SOCKET" -n k8s.io images import - >/dev/null
fi

# node 2's pods under a cgroup of their own in every hierarchy (the kubelet wants it there); its
# cpuset as the machine's, or no child of it could have a CPU
if [[ -n $CGROUP_ROOT ]]; then
  for h in /sys/fs/cgroup/*/; do
    [[ -f $h/cgroup.procs && ! -f $h/cgroup.controllers ]] || continue # v1 hierarchies
    mkdir -p "$h${CGROUP_ROOT#/}"
  done
  if [[ -d /sys/fs/cgroup/cpuset ]]; then
    cat /sys/fs/cgroup/cpuset/cpuset.cpus > "/sys/fs/cgroup/cpuset$CGROUP_ROOT/cpuset.cpus"
    cat /sys/fs/cgroup/cpuset/cpuset.mems > "/sys/fs/cgroup/cpuset$CGROUP_ROOT/cpuset.mems"
  fi
fi

cat > "$K8S_HOME/kubelet$SFX.yaml" <<YAML
apiVersion: kubelet.config.k8s.io/v1beta1
kind: KubeletConfiguration
address: $NODE
port: 10250
healthzBindAddress: $NODE
healthzPort: 10248
authentication:
  anonymous: { enabled: false }
  webhook: { enabled: false }
  x509: { clientCAFile: "$PKI/ca.crt" }
authorization: { mode: AlwaysAllow }
tlsCertFile: "$PKI/kubelet$SFX.crt"
tlsPrivateKeyFile: "$PKI/kubelet$SFX.key"
containerRuntimeEndpoint: "unix://$SOCKET"
cgroupDriver: cgroupfs
${CGROUP_ROOT:+cgroupRoot: $CGROUP_ROOT}
podLogsDir: /var/log/pods$SFX
# this machine is cgroup v1, which newer releases refuse by default
failCgroupV1: false
cpuManagerPolicy: static
reservedSystemCPUs: "$RESERVED"
failSwapOn: false
resolvConf: ""
podPidsLimit: 1024
maxPods: 32
evictionHard: { memory.available: "100Mi", nodefs.available: "2%", imagefs.available: "2%" }
imageGCHighThresholdPercent: 99
imageGCLowThresholdPercent: 98
# a run's files come back through its log (docs/kubernetes.md)
containerLogMaxSize: 200Mi
$( ((N > 1)) && printf 'registerWithTaints:\n- { key: dev.jdkmatrix/pool, value: second, effect: NoSchedule }\n' || true)
YAML
# the CPU manager's state belongs to its policy and CPUs: start from none
rm -f "$KUBELET_DIR/cpu_manager_state" "$KUBELET_DIR/memory_manager_state"
labels=()
((N > 1)) && labels=(--node-labels=dev.jdkmatrix/pool=second)
# the node is named and addressed by its loopback IP: the kubelet takes an IP given as the hostname
# as the node's address (it refuses 127.0.0.1 as --node-ip), so the API server reaches it on loopback
since=$(date -u +%s)
start "kubelet$SFX" "$BIN/kubelet" --config="$K8S_HOME/kubelet$SFX.yaml" --kubeconfig="$K8S_HOME/kubelet$SFX.kubeconfig" \
  --root-dir="$KUBELET_DIR" --hostname-override="$NODE" "${labels[@]}"
# Ready by this kubelet: a Node kept from an earlier k8s-up reads Ready until the node controller
# sees its heartbeats stop (40 s), so the heartbeat must be this kubelet's
ready() {
  local out
  out=$("$BIN/kubectl" --kubeconfig "$K8S_HOME/admin.kubeconfig" get node "$NODE" \
    -o jsonpath='{.status.conditions[?(@.type=="Ready")].status} {.status.conditions[?(@.type=="Ready")].lastHeartbeatTime}') || return 1
  [[ ${out%% *} == True ]] && (($(date -u -d "${out#* }" +%s) >= since))
}
wait_for "node $NODE" 90 ready
# Ready comes before the node controller lifts its not-ready taint, and until then no pod of ours is
# scheduled there: the node is ready when that taint (or the unreachable one) is gone
schedulable() {
  local taints
  taints=$("$BIN/kubectl" --kubeconfig "$K8S_HOME/admin.kubeconfig" get node "$NODE" -o jsonpath='{.spec.taints[*].key}') || return 1
  [[ $taints != *node.kubernetes.io/not-ready* && $taints != *node.kubernetes.io/unreachable* ]]
}
wait_for "node $NODE's not-ready taint to be lifted" 90 schedulable
say "node $NODE Ready (CPUs $RESERVED reserved: a Guaranteed pod of whole CPUs gets others)"
