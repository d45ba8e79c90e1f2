#!/usr/bin/env bash
# HdrHistogram's own JMH suite (HdrHistogram-benchmarks of github.com/HdrHistogram/HdrHistogram at its HdrHistogram-2.2.2
# release) built by harness/scripts/public-jmh/pom.xml against that release's jar from Maven Central, into BUILD/target/benchmarks.jar.
# Used by make bench-warmup-public and make reference-night.
#   harness/scripts/public-jmh/build.sh SUITE_GIT BUILD      (SUITE_GIT: the repository, a local clone or mirror works offline)
set -euo pipefail
cd "$(dirname "$0")/../../.."
SUITE_GIT=$1
BUILD=$2
SUITE_COMMIT=3ae7ae18d81887484974011c1c7a2bdc9178ab09   # tag HdrHistogram-2.2.2
rm -rf "$BUILD"; mkdir -p "$BUILD"
echo "public-jmh: the suite from $SUITE_GIT at ${SUITE_COMMIT:0:12}"
git clone -q --no-checkout "$SUITE_GIT" "$BUILD/suite" \
  || { echo "public-jmh: cannot clone $SUITE_GIT; fix: name a local clone of HdrHistogram in SUITE_GIT" >&2; exit 1; }
git -C "$BUILD/suite" checkout -q "$SUITE_COMMIT" -- HdrHistogram-benchmarks
cp harness/scripts/public-jmh/pom.xml "$BUILD/pom.xml"
JAVA_HOME=${JAVA_HOME:-$(harness/scripts/find-jdk.sh)} ./mvnw -B -q -Dstyle.color=never -f "$BUILD/pom.xml" package
[ -f "$BUILD/target/benchmarks.jar" ] || { echo "public-jmh: the suite's build wrote no $BUILD/target/benchmarks.jar" >&2; exit 1; }
