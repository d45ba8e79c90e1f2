#!/usr/bin/env bash
# The harness as make and the scripts run it: java -jar harness/target/jdkmatrix.jar "$@", with a
# class-data archive per subcommand next to the jar (-XX:+AutoCreateSharedArchive, JDK 19+): made
# at that subcommand's first exit, used after, made again when the jar or the JDK changes. Only
# the harness's own JVM uses it, never a measured one; it starts about 1 s sooner per command on
# 2 vCPUs (README, "Harness performance").
set -euo pipefail
JAVA=${JAVA_HOME:?JAVA_HOME must name a JDK 21+}/bin/java
JAR=${JAR:-$(cd "$(dirname "$0")/../target" 2>/dev/null && pwd)/jdkmatrix.jar}
sub=${1:-none}
[[ $sub =~ ^[a-z][a-z-]*$ ]] || sub=other
exec "$JAVA" -XX:+AutoCreateSharedArchive -XX:SharedArchiveFile="$(dirname "$JAR")/jdkmatrix-$sub.jsa" -Xlog:cds*=off -jar "$JAR" "$@"
