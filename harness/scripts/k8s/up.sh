#!/usr/bin/env bash
# make k8s-up: a Kubernetes cluster on this machine, every byte of its traffic on loopback. etcd,
# kube-apiserver, kube-controller-manager and kube-scheduler listen on 127.0.0.1 and reach each
# other there; then K8S_NODES nodes (1, the default, or 2: node.sh), each a containerd of its own
# and a kubelet named and addressed 127.0.0.N, its pods on a loopback-only network, the static CPU
# manager handing whole CPUs to Guaranteed pods (a cpuset, no quota). The second node is one to
# test placement on (make test brings it up): docs/kubernetes.md. Binaries are built once per
# machine (build.sh); processes run in the background, their PIDs and logs in $K8S_HOME/run. A
# registry (Debian's docker-registry) listens on 127.0.0.1:5000 for run --registry, the nodes
# pulling from it over HTTP. make k8s-down stops them and puts back the sysctls the kubelet
# changes. Prints the kubeconfig to use. Run again with more nodes, it adds the missing ones.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PROJECT="$(cd "$HERE/../../.." && pwd)"
say() { echo "[k8s-up] $*" >&2; }
# shellcheck source=common.sh
source "$HERE/common.sh"
NODES=${K8S_NODES:-1}
[[ $NODES == 1 || $NODES == 2 ]] || { say "K8S_NODES=$NODES: make k8s-up runs 1 or 2 nodes on this machine"; exit 2; }
NODE_NAMES=()
for ((n = 1; n <= NODES; n++)); do NODE_NAMES+=("127.0.0.$n"); done

forget_nodes() { # a node of an earlier k8s-up with more nodes, not started this time: no longer the cluster's
  local n
  for ((n = NODES + 1; n <= 2; n++)); do
    if ! running "kubelet-$n"; then "$BIN/kubectl" --kubeconfig "$K8S_HOME/admin.kubeconfig" delete node "127.0.0.$n" --ignore-not-found >/dev/null; fi
  done
}

[[ $(id -u) -eq 0 ]] || { say "make k8s-up runs a kubelet and a containerd, which need root: run it as root"; exit 2; }
if running kube-apiserver; then
  say "the control plane is up already (kube-apiserver pid $(cat "$RUN/kube-apiserver.pid"))"
  "$HERE/pki.sh" "$PKI" "$K8S_HOME" "${NODE_NAMES[@]}"
  for ((n = 1; n <= NODES; n++)); do "$HERE/node.sh" "$n"; done
  forget_nodes
  say "export KUBECONFIG=$K8S_HOME/admin.kubeconfig"
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

mkdir -p "$RUN" "$PKI" "$STATE" "$K8S_HOME/etcd"
"$HERE/pki.sh" "$PKI" "$K8S_HOME" "${NODE_NAMES[@]}"

# the sysctls the kubelet changes, to put back on k8s-down
if [[ ! -f "$RUN/sysctls" ]]; then
  for k in vm.overcommit_memory kernel.panic kernel.panic_on_oops; do echo "$k=$(sysctl -n "$k")"; done > "$RUN/sysctls"
fi

# the nodes' pod network, set up once with the cluster (a node added later reads the same): a loopback-only pod network: containerd brings up each pod's lo with the loopback plugin, and the
# pod's network is loopback-only (this folder's plugin: no interface made, the address 127.0.0.1)
mkdir -p "$K8S_HOME/cni-bin" "$K8S_HOME/cni"
ln -sf /usr/lib/cni/loopback "$K8S_HOME/cni-bin/loopback"
install -m 0755 "$HERE/loopback-only" "$K8S_HOME/cni-bin/loopback-only"
rm -f "$K8S_HOME"/cni/*.conflist
cat > "$K8S_HOME/cni/10-loopback-only.conflist" <<JSON
{ "cniVersion": "0.4.0", "name": "jdkmatrix-loopback-only", "plugins": [ { "type": "loopback-only" } ] }
JSON
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

for ((n = 1; n <= NODES; n++)); do "$HERE/node.sh" "$n"; done
forget_nodes
wait_for "the registry" 20 bash -c "exec 3<>/dev/tcp/127.0.0.1/5000"
say "$NODES node(s) Ready ($K8S_VERSION), a registry at $REGISTRY; export KUBECONFIG=$K8S_HOME/admin.kubeconfig"
