#!/usr/bin/env bash
# make build's jars, one make at a time: build-jars.sh "MVN" JAR... -- SOURCE...
# Two makes in one checkout (two sessions started together) would otherwise both run Maven, and
# each rewrite the jars under the other's running harness (seen: an empty benchmarks.jar, and a
# session that failed in Maven). Under the lock (target/build.lock), a make that waited finds every
# jar non-empty and newer than every source, and builds nothing.
set -euo pipefail
mvn=$1
shift
jars=()
while [ "$1" != "--" ]; do jars+=("$1"); shift; done
shift
mkdir -p target
exec 9>target/build.lock
flock 9
for jar in "${jars[@]}"; do
  if [ ! -s "$jar" ] || [ -n "$(find "$@" -newer "$jar" -print -quit 2>/dev/null)" ]; then
    # stamped with the commit they are built at (jdkmatrix --version, a release's run.json)
    stamp=$("$(dirname "$0")/commit-args.sh")
    echo "$mvn -DskipTests $stamp -pl !bench package"
    $mvn -DskipTests $stamp -pl '!bench' package   # the bench module: make bench-jar
    touch "${jars[@]}"
    exit 0
  fi
done
