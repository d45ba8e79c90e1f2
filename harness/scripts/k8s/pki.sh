#!/usr/bin/env bash
# The certificates and kubeconfigs of make k8s-up's cluster, made once with openssl: a CA; the API
# server's serving certificate for 127.0.0.1 and the in-cluster names; client certificates of the
# admin (system:masters), the controller-manager, the scheduler, the kubelet (system:node:NODE, for
# the Node authorizer) and the API server toward the kubelet; each kubelet's serving certificate
# for its address; the service-account key pair. Kept where they are when present. Arguments: the
# folder, the folder of the kubeconfigs, then each node's name (its address): the first node's
# files are kubelet.*, the second's kubelet-2.*.
set -euo pipefail
PKI=$1 HOME_DIR=$2
shift 2
cd "$PKI"

if [[ ! -f ca.crt ]]; then
  openssl req -x509 -newkey rsa:2048 -nodes -keyout ca.key -out ca.crt -days 3650 -subj "/CN=jdkmatrix-k8s-ca" 2>/dev/null
fi
cert() { # name, subject, SANs (empty: a client certificate)
  local name=$1 subj=$2 sans=$3
  [[ -f $name.crt ]] && return 0
  openssl req -newkey rsa:2048 -nodes -keyout "$name.key" -out "$name.csr" -subj "$subj" 2>/dev/null
  local ext=$(mktemp)
  if [[ -n $sans ]]; then
    printf 'basicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth,clientAuth\nsubjectAltName=%s\n' "$sans" > "$ext"
  else
    printf 'basicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=clientAuth\n' > "$ext"
  fi
  openssl x509 -req -in "$name.csr" -CA ca.crt -CAkey ca.key -CAcreateserial -out "$name.crt" -days 3650 -extfile "$ext" 2>/dev/null
  rm -f "$ext" "$name.csr"
}
cert apiserver "/CN=kube-apiserver" "IP:127.0.0.1,IP:10.96.0.1,DNS:localhost,DNS:kubernetes,DNS:kubernetes.default,DNS:kubernetes.default.svc,DNS:kubernetes.default.svc.cluster.local"
cert apiserver-kubelet-client "/O=system:masters/CN=kube-apiserver-kubelet-client" ""
cert admin "/O=system:masters/CN=jdkmatrix-admin" ""
cert controller-manager "/CN=system:kube-controller-manager" ""
cert scheduler "/CN=system:kube-scheduler" ""
i=0
for node in "$@"; do
  i=$((i + 1)) && sfx=$( ((i > 1)) && echo "-$i" || true)
  cert "kubelet-client$sfx" "/O=system:nodes/CN=system:node:$node" ""
  cert "kubelet$sfx" "/CN=$node" "IP:$node"
done
if [[ ! -f sa.key ]]; then
  openssl genrsa -out sa.key 2048 2>/dev/null
  openssl rsa -in sa.key -pubout -out sa.pub 2>/dev/null
fi
chmod 600 ./*.key

kubeconfig() { # file, user (its certificate's name)
  cat > "$HOME_DIR/$1" <<YAML
apiVersion: v1
kind: Config
clusters:
- name: jdkmatrix
  cluster: { server: "https://127.0.0.1:6443", certificate-authority: "$PKI/ca.crt" }
users:
- name: $2
  user: { client-certificate: "$PKI/$2.crt", client-key: "$PKI/$2.key" }
contexts:
- name: jdkmatrix
  context: { cluster: jdkmatrix, user: $2, namespace: default }
current-context: jdkmatrix
YAML
}
kubeconfig admin.kubeconfig admin
kubeconfig controller-manager.kubeconfig controller-manager
kubeconfig scheduler.kubeconfig scheduler
i=0
for node in "$@"; do
  i=$((i + 1)) && sfx=$( ((i > 1)) && echo "-$i" || true)
  kubeconfig "kubelet$sfx.kubeconfig" "kubelet-client$sfx"
done
