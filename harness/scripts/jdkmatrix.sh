#!/usr/bin/env bash
# The harness as make and the scripts run it: java -jar harness/target/jdkmatrix.jar "$@", with a
# class-data archive per subcommand and JDK next to the jar (-XX:+AutoCreateSharedArchive, JDK 19+):
# written at that subcommand's first exit, used after, written again when the jar changes. Its name
# holds a checksum of the JDK, so switching JDKs never rewrites another JDK's archive. Only the
# harness's own JVM uses it, never a measured one. What it saves, and that an AOT cache (JDK 25+)
# saves no more here, is measured by make bench-harness (docs/performance.md, "Harness start").
# The harness's JVM compiles with C1 alone (-XX:TieredStopAtLevel=1): its commands are short, and in a
# report of 500 cells C2's compiler threads took 42 % of the CPU (async-profiler, 2026-11-26) and never
# paid it back: make bench-report 5.2 s with C2, 3.5 s without; history over 24 nights 0.80 s, 0.65 s.
# The Testcontainers settings the harness needs are exported here (a value already set is kept),
# so the jar does not start itself a second time to set them (cli/Relaunch.java).
# The JDK is found as make finds it (find-jdk.sh: JAVA_HOME if it is 21+, else the newest in the JVM
# folder, else the one on PATH), so this is the one launcher the docs use: a bare 'java -jar' fails
# on a machine whose default java is 17.
# The same script is a release's bin/jdkmatrix (make dist): there it finds its jar in lib/, the
# built-in workloads jar beside it, jdkmatrix's own Dockerfile.jdkNN in share/ (a matrix of any folder
# that names a JDK without a Dockerfile of its own is built from them) and its scripts in libexec/;
# here, in harness/scripts, the jars under target/ and the Dockerfiles at the repository's top.
# 'jdkmatrix setup' brings up what a run needs: a Docker engine (ensure-docker.sh) and the base image;
# 'jdkmatrix publish SITE NEW' runs publish.sh.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
if [[ -f $here/../lib/jdkmatrix.jar ]]; then
  home=$(cd "$here/.." && pwd)
  scripts=$home/libexec
  JAR=${JAR:-$home/lib/jdkmatrix.jar}
  own=(-Djdkmatrix.dockerfiles="$home/share" -Djdkmatrix.workloads="$home/lib/workloads.jar")
else
  scripts=$here
  JAR=${JAR:-$(cd "$here/../target" 2>/dev/null && pwd)/jdkmatrix.jar}
  top=$(cd "$here/../.." && pwd)
  own=(-Djdkmatrix.dockerfiles="$top" -Djdkmatrix.workloads="$top/workloads/target/workloads.jar")
fi
# their --help is the jar's (cli/LauncherCommands.java): asking how to use setup must not run it
help=; [[ ${2:-} == --help || ${2:-} == -h ]] && help=1
if [[ ${1:-} == setup && -z $help ]]; then
  "$scripts/ensure-docker.sh" && exec "$scripts/base-image.sh"
fi
# 'jdkmatrix publish SITE NEW': add a night to a site (publish.sh: compare, gallery, index, history), as make publish does
if [[ ${1:-} == publish && -z $help ]]; then
  shift
  exec "$scripts/publish.sh" "$@"
fi
JAVA_HOME=$("$scripts/find-jdk.sh") || exit 2
export JAVA_HOME
JAVA=$JAVA_HOME/bin/java
[[ -f $JAR ]] || { echo "jdkmatrix: $JAR does not exist; fix: run 'make build'" >&2; exit 2; }
export TESTCONTAINERS_RYUK_DISABLED=${TESTCONTAINERS_RYUK_DISABLED:-true}
export TESTCONTAINERS_CHECKS_DISABLE=${TESTCONTAINERS_CHECKS_DISABLE:-true}
export TESTCONTAINERS_TINYIMAGE_CONTAINER_IMAGE=${TESTCONTAINERS_TINYIMAGE_CONTAINER_IMAGE:-debian:trixie-slim}
sub=${1:-none}
[[ $sub =~ ^[a-z][a-z-]*$ ]] || sub=other
jdk=$( { printf '%s\n' "$JAVA_HOME"; cat "$JAVA_HOME/release" 2>/dev/null || true; } | cksum | cut -d' ' -f1)
# a release's lib/ may not be writable (installed by root): the class-data archives then go to the user's cache
cds=$(dirname "$JAR")
[[ -w $cds ]] || { cds=${XDG_CACHE_HOME:-$HOME/.cache}/jdkmatrix; mkdir -p "$cds"; }
exec "$JAVA" -XX:TieredStopAtLevel=1 -XX:+AutoCreateSharedArchive -XX:SharedArchiveFile="$cds/jdkmatrix-$sub-$jdk.jsa" -Xlog:cds*=off "${own[@]}" -jar "$JAR" "$@"
