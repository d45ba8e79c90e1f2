#!/usr/bin/env bash
# The sample library's build: its JMH uber-jar, target/benchmarks.jar, with a JDK 21+ (GitHub's runners name one in
# JAVA_HOME_21_X64; elsewhere the newest under /usr/lib/jvm).
set -euo pipefail
for home in "${JAVA_HOME_21_X64:-}" "${JAVA_HOME:-}" $(ls -d /usr/lib/jvm/*/ 2>/dev/null | sort -rV); do
  home=${home%/}
  [ -n "$home" ] && [ -x "$home/bin/javac" ] && [ "$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$home/release" 2>/dev/null)" -ge 21 ] 2>/dev/null && break
  home=""
done
[ -n "$home" ] || { echo "build.sh: no JDK 21+ found" >&2; exit 1; }
JAVA_HOME=$home ./mvnw -B -q -DskipTests package
