#!/usr/bin/env bash
# Prints the home of a JDK 21 or newer for Maven and the harness: $JAVA_HOME if it is one,
# else the newest under /usr/lib/jvm, else the one of 'java' on PATH. Fails with one clear line.
set -euo pipefail

feature() { # prints the feature version of the JDK at $1, or 0
  local rel="$1/release"
  if [[ -r $rel ]]; then
    sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$rel" | head -n1
  elif [[ -x $1/bin/java ]]; then
    "$1/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = \([0-9]*\).*/\1/p' | head -n1
  else
    echo 0
  fi
}

ok() { [[ -n ${1:-} && -x $1/bin/javac ]] && (( $(feature "$1" || echo 0) >= 21 )); }

# JDKMATRIX_FIND_JDK=none: behave as on a machine without a JDK (make test checks that make help still works)
[[ ${JDKMATRIX_FIND_JDK:-} == none ]] && JAVA_HOME="" && set -- && PATH=/nonexistent

if ok "${JAVA_HOME:-}"; then echo "$JAVA_HOME"; exit 0; fi

best=""; bestv=0
dirs=(/usr/lib/jvm/* /opt/java/* /usr/local/java/*)
[[ ${JDKMATRIX_FIND_JDK:-} == none ]] && dirs=()
for d in "${dirs[@]}"; do
  [[ -d $d && ! -L $d ]] || continue
  if ok "$d"; then
    v=$(feature "$d")
    if (( v > bestv )); then best=$d; bestv=$v; fi
  fi
done
if [[ -n $best ]]; then echo "$best"; exit 0; fi

if command -v javac >/dev/null 2>&1; then
  home=$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")
  if ok "$home"; then echo "$home"; exit 0; fi
fi
echo "find-jdk: no JDK 21 or newer found (JAVA_HOME, /usr/lib/jvm, PATH). Install one (e.g. apt-get install openjdk-21-jdk-headless, or Temurin 21/25) and retry, or set JAVA_HOME." >&2
exit 1
