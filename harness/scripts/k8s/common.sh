# Shared by up.sh and node.sh (sourced): where make k8s-up's cluster lives, and how its processes
# start in the background (their PIDs and logs in $RUN) and are waited for.
K8S_VERSION="${K8S_VERSION:-v1.34.2}"
K8S_HOME="${K8S_HOME:-/var/lib/jdkmatrix-k8s}"
BIN="$K8S_HOME/bin"
RUN="$K8S_HOME/run"
PKI="$K8S_HOME/pki"
STATE=/run/jdkmatrix-k8s
PAUSE_IMAGE=registry.k8s.io/pause:3.10.1
REGISTRY=127.0.0.1:5000

start() { # name, command...: in the background, its own session, PID and log in $RUN
  local name=$1; shift
  setsid "$@" > "$RUN/$name.log" 2>&1 < /dev/null &
  echo $! > "$RUN/$name.pid"
}
running() { # name: whether the process make k8s-up started under that name is alive
  [[ -f "$RUN/$1.pid" ]] && kill -0 "$(cat "$RUN/$1.pid")" 2>/dev/null
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
