#!/usr/bin/env bash
# The harness as make and the scripts run it: java -jar harness/target/jdkmatrix.jar "$@", with a
# class-data archive per subcommand and JDK next to the jar (-XX:+AutoCreateSharedArchive, JDK 19+):
# written at that subcommand's first exit, used after, written again when the jar changes. Its name
# holds a checksum of the JDK, so switching JDKs never rewrites another JDK's archive. Only the
# harness's own JVM uses it, never a measured one. What it saves, and that an AOT cache (JDK 25+)
# saves no more here, is measured by make bench-harness (docs/performance.md, "Harness start").
# The Testcontainers settings the harness needs are exported here (a value already set is kept),
# so the jar does not start itself a second time to set them (cli/Relaunch.java).
set -euo pipefail
JAVA=${JAVA_HOME:?JAVA_HOME must name a JDK 21+}/bin/java
JAR=${JAR:-$(cd "$(dirname "$0")/../target" 2>/dev/null && pwd)/jdkmatrix.jar}
[[ -f $JAR ]] || { echo "jdkmatrix: $JAR does not exist; fix: run 'make build'" >&2; exit 2; }
export TESTCONTAINERS_RYUK_DISABLED=${TESTCONTAINERS_RYUK_DISABLED:-true}
export TESTCONTAINERS_CHECKS_DISABLE=${TESTCONTAINERS_CHECKS_DISABLE:-true}
export TESTCONTAINERS_TINYIMAGE_CONTAINER_IMAGE=${TESTCONTAINERS_TINYIMAGE_CONTAINER_IMAGE:-debian:trixie-slim}
sub=${1:-none}
[[ $sub =~ ^[a-z][a-z-]*$ ]] || sub=other
jdk=$( { printf '%s\n' "$JAVA_HOME"; cat "$JAVA_HOME/release" 2>/dev/null || true; } | cksum | cut -d' ' -f1)
exec "$JAVA" -XX:+AutoCreateSharedArchive -XX:SharedArchiveFile="$(dirname "$JAR")/jdkmatrix-$sub-$jdk.jsa" -Xlog:cds*=off -jar "$JAR" "$@"
