#!/usr/bin/env bash
# make k8s-up: a single-node Kubernetes cluster on this machine, every byte of its traffic on
# loopback. etcd, kube-apiserver, kube-controller-manager, kube-scheduler and the kubelet listen on
# 127.0.0.1 and reach each other there; the node is named and addressed 127.0.0.1; pods get a
# loopback-only network (the CNI loopback plugin alone). The kubelet runs the static CPU manager
# with CPU 0 reserved, so a Guaranteed pod with whole CPUs gets CPUs of its own (a cpuset, no quota).
# Its container runtime is a second containerd of Debian's, with its own root and socket (Docker's
# is left alone). Binaries are built once per machine (build.sh); processes run in the background,
# their PIDs and logs in $K8S_HOME/run. A registry (Debian's docker-registry) listens on
# 127.0.0.1:5000 for run --registry, the node pulling from it over HTTP. make k8s-down stops them
# and puts back the sysctls the kubelet changes. Prints the kubeconfig to use.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PROJECT="$(cd "$HERE/../../.." && pwd)"
K8S_VERSION="${K8S_VERSION:-v1.34.2}"
K8S_HOME="${K8S_HOME:-/var/lib/jdkmatrix-k8s}"
BIN="$K8S_HOME/bin"
RUN="$K8S_HOME/run"
PKI="$K8S_HOME/pki"
STATE=/run/jdkmatrix-k8s
NODE=127.0.0.1
PAUSE_IMAGE=registry.k8s.io/pause:3.10.1
REGISTRY=127.0.0.1:5000
say() { echo "[k8s-up] $*" >&2; }

[[ $(id -u) -eq 0 ]] || { say "make k8s-up runs a kubelet and a containerd, which need root: run it as root"; exit 2; }
if [[ -f "$RUN/kube-apiserver.pid" ]] && kill -0 "$(cat "$RUN/kube-apiserver.pid")" 2>/dev/null; then
  say "the cluster is up already (kube-apiserver pid $(cat "$RUN/kube-apiserver.pid")): export KUBECONFIG=$K8S_HOME/admin.kubeconfig"
  exit 0
fi

# what Debian gives: etcd, the CNI plugins (loopback), containerd and runc (docker.io brings them)
need=()
command -v etcd >/dev/null || need+=(etcd-server)
[[ -x /usr/lib/cni/loopback ]] || need+=(containernetworking-plugins)
command -v containerd >/dev/null || need+=(containerd)
command -v runc >/dev/null || need+=(runc)
command -v openssl >/dev/null || need+=(openssl)
command -v docker-registry >/dev/null || need+=(docker-registry)
if ((${#need[@]})); then
  say "installing Debian's ${need[*]}"
  apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi
"$PROJECT/harness/scripts/ensure-docker.sh" # the pause image is made with docker build
K8S_VERSION="$K8S_VERSION" K8S_HOME="$K8S_HOME" "$HERE/build.sh"

mkdir -p "$RUN" "$PKI" "$STATE" "$K8S_HOME/cni" "$K8S_HOME/etcd" "$K8S_HOME/kubelet"
"$HERE/pki.sh" "$PKI" "$NODE" "$K8S_HOME"

# the sysctls the kubelet changes, to put back on k8s-down
if [[ ! -f "$RUN/sysctls" ]]; then
  for k in vm.overcommit_memory kernel.panic kernel.panic_on_oops; do echo "$k=$(sysctl -n "$k")"; done > "$RUN/sysctls"
fi

start() { # name, command...: in the background, its own session, PID and log in $RUN
  local name=$1; shift
  setsid "$@" > "$RUN/$name.log" 2>&1 < /dev/null &
  echo $! > "$RUN/$name.pid"
}
wait_for() { # what, seconds, command...
  local what=$1 seconds=$2; shift 2
  for ((i = 0; i < seconds * 5; i++)); do
    if "$@" >/dev/null 2>&1; then return 0; fi
    sleep 0.2
  done
  say "$what did not come up within $seconds s; its log: $(ls "$RUN"/*.log | tr '\n' ' ')"
  return 1
}

# a loopback-only pod network: containerd brings up each pod's lo with the loopback plugin, and the
# pod's network is loopback-only (this folder's plugin: no interface made, the address 127.0.0.1)
mkdir -p "$K8S_HOME/cni-bin"
ln -sf /usr/lib/cni/loopback "$K8S_HOME/cni-bin/loopback"
install -m 0755 "$HERE/loopback-only" "$K8S_HOME/cni-bin/loopback-only"
rm -f "$K8S_HOME"/cni/*.conflist
cat > "$K8S_HOME/cni/10-loopback-only.conflist" <<JSON
{ "cniVersion": "0.4.0", "name": "jdkmatrix-loopback-only", "plugins": [ { "type": "loopback-only" } ] }
JSON
cat > "$K8S_HOME/containerd.toml" <<TOML
version = 2
root = "$K8S_HOME/containerd"
state = "$STATE/containerd"
disabled_plugins = ["io.containerd.snapshotter.v1.aufs", "io.containerd.snapshotter.v1.btrfs", "io.containerd.snapshotter.v1.zfs", "io.containerd.snapshotter.v1.devmapper"]
[grpc]
  address = "$STATE/containerd.sock"
[ttrpc]
  address = "$STATE/containerd.ttrpc.sock"
[debug]
  address = ""
[metrics]
  address = ""
[plugins."io.containerd.grpc.v1.cri"]
  sandbox_image = "$PAUSE_IMAGE"
  # this VM has no CAP_SYS_RESOURCE: without it every pod fails "can't get final child's PID from pipe: EOF"
  restrict_oom_score_adj = true
  stream_server_address = "127.0.0.1"
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
# the node pulls from the registry below over plain HTTP, on loopback
mkdir -p "$K8S_HOME/certs.d/$REGISTRY"
cat > "$K8S_HOME/certs.d/$REGISTRY/hosts.toml" <<TOML
server = "http://$REGISTRY"
[host."http://$REGISTRY"]
  capabilities = ["pull", "resolve"]
TOML
start containerd containerd --config "$K8S_HOME/containerd.toml"
# a registry for run --registry: Debian's docker-registry (the Distribution registry), on loopback
# only; Docker pushes to a 127.0.0.0/8 registry over HTTP without being told
mkdir -p "$K8S_HOME/registry"
cat > "$K8S_HOME/registry.yml" <<YAML
version: 0.1
log: { level: warn }
storage: { filesystem: { rootdirectory: $K8S_HOME/registry }, delete: { enabled: true } }
http: { addr: $REGISTRY }
YAML
start registry docker-registry serve "$K8S_HOME/registry.yml"
wait_for containerd 20 ctr -a "$STATE/containerd.sock" version

# the sandbox image, compiled here (no registry answers): FROM scratch with the pause binary
if ! ctr -a "$STATE/containerd.sock" -n k8s.io images ls -q | grep -qx "$PAUSE_IMAGE"; then
  ctx=$(mktemp -d)
  cp "$BIN/pause" "$ctx/pause"
  printf 'FROM scratch\nCOPY pause /pause\nUSER 65535:65535\nENTRYPOINT ["/pause"]\n' > "$ctx/Dockerfile"
  docker build -q -t "$PAUSE_IMAGE" "$ctx" >/dev/null
  docker save "$PAUSE_IMAGE" | ctr -a "$STATE/containerd.sock" -n k8s.io images import - >/dev/null
  rm -rf "$ctx"
fi

start etcd etcd --name jdkmatrix --data-dir "$K8S_HOME/etcd" \
  --listen-client-urls http://127.0.0.1:2379 --advertise-client-urls http://127.0.0.1:2379 \
  --listen-peer-urls http://127.0.0.1:2380 --initial-advertise-peer-urls http://127.0.0.1:2380 \
  --initial-cluster jdkmatrix=http://127.0.0.1:2380 --listen-metrics-urls http://127.0.0.1:2381
wait_for etcd 30 curl -sf http://127.0.0.1:2379/health

start kube-apiserver "$BIN/kube-apiserver" \
  --etcd-servers=http://127.0.0.1:2379 \
  --bind-address=127.0.0.1 --advertise-address=127.0.0.1 --secure-port=6443 \
  --endpoint-reconciler-type=none \
  --tls-cert-file="$PKI/apiserver.crt" --tls-private-key-file="$PKI/apiserver.key" --client-ca-file="$PKI/ca.crt" \
  --kubelet-client-certificate="$PKI/apiserver-kubelet-client.crt" --kubelet-client-key="$PKI/apiserver-kubelet-client.key" \
  --kubelet-certificate-authority="$PKI/ca.crt" --kubelet-preferred-address-types=InternalIP \
  --service-account-key-file="$PKI/sa.pub" --service-account-signing-key-file="$PKI/sa.key" \
  --service-account-issuer=https://kubernetes.default.svc.cluster.local \
  --authorization-mode=Node,RBAC --enable-admission-plugins=NodeRestriction \
  --service-cluster-ip-range=10.96.0.0/24 --allow-privileged=false
wait_for kube-apiserver 60 "$BIN/kubectl" --kubeconfig "$K8S_HOME/admin.kubeconfig" get --raw /readyz

# the controller-manager only once the API server answers
start kube-controller-manager "$BIN/kube-controller-manager" \
  --kubeconfig="$K8S_HOME/controller-manager.kubeconfig" \
  --authentication-kubeconfig="$K8S_HOME/controller-manager.kubeconfig" --authorization-kubeconfig="$K8S_HOME/controller-manager.kubeconfig" \
  --bind-address=127.0.0.1 --leader-elect=false --use-service-account-credentials=true \
  --service-account-private-key-file="$PKI/sa.key" --root-ca-file="$PKI/ca.crt" \
  --cluster-signing-cert-file="$PKI/ca.crt" --cluster-signing-key-file="$PKI/ca.key"
start kube-scheduler "$BIN/kube-scheduler" \
  --kubeconfig="$K8S_HOME/scheduler.kubeconfig" \
  --authentication-kubeconfig="$K8S_HOME/scheduler.kubeconfig" --authorization-kubeconfig="$K8S_HOME/scheduler.kubeconfig" \
  --bind-address=127.0.0.1 --leader-elect=false

cat > "$K8S_HOME/kubelet.yaml" <<YAML
apiVersion: kubelet.config.k8s.io/v1beta1
kind: KubeletConfiguration
address: 127.0.0.1
port: 10250
healthzBindAddress: 127.0.0.1
healthzPort: 10248
authentication:
  anonymous: { enabled: false }
  webhook: { enabled: false }
  x509: { clientCAFile: "$PKI/ca.crt" }
authorization: { mode: AlwaysAllow }
tlsCertFile: "$PKI/kubelet.crt"
tlsPrivateKeyFile: "$PKI/kubelet.key"
containerRuntimeEndpoint: "unix://$STATE/containerd.sock"
cgroupDriver: cgroupfs
# this machine is cgroup v1, which newer releases refuse by default
failCgroupV1: false
cpuManagerPolicy: static
reservedSystemCPUs: "0"
failSwapOn: false
resolvConf: ""
podPidsLimit: 1024
maxPods: 32
evictionHard: { memory.available: "100Mi", nodefs.available: "2%", imagefs.available: "2%" }
imageGCHighThresholdPercent: 99
imageGCLowThresholdPercent: 98
# a run's files come back through its log (docs/kubernetes.md)
containerLogMaxSize: 200Mi
YAML
# the CPU manager's state belongs to its policy and CPUs: start from none
rm -f "$K8S_HOME/kubelet/cpu_manager_state" "$K8S_HOME/kubelet/memory_manager_state"
# the node is named and addressed 127.0.0.1: the kubelet takes an IP given as the hostname as the
# node's address (it refuses 127.0.0.1 as --node-ip), so the API server reaches it on loopback
start kubelet "$BIN/kubelet" --config="$K8S_HOME/kubelet.yaml" --kubeconfig="$K8S_HOME/kubelet.kubeconfig" \
  --root-dir="$K8S_HOME/kubelet" --hostname-override="$NODE"
wait_for "the node" 90 sh -c "'$BIN/kubectl' --kubeconfig '$K8S_HOME/admin.kubeconfig' get node '$NODE' -o jsonpath='{.status.conditions[?(@.type==\"Ready\")].status}' | grep -qx True"
wait_for "the registry" 20 bash -c "exec 3<>/dev/tcp/127.0.0.1/5000"
say "node $NODE Ready ($K8S_VERSION), a registry at $REGISTRY; export KUBECONFIG=$K8S_HOME/admin.kubeconfig"
