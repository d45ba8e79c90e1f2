#!/usr/bin/env bash
# caller-path.sh NAME VALUE CALLER [new]: a path a user gave make (MATRIX=, JMH_JAR=, RESULTS=...) as they mean it.
# make -C <jdkmatrix> runs in jdkmatrix's folder, and a relative path would be read there: the project's
# own matrix.yaml in place of the caller's, without a word. Here a relative VALUE is read against the
# folder make was called from (CALLER, make's $(PWD)) where it exists there and not in jdkmatrix's
# folder; where it exists in both (and they differ), it is refused with the fix; else it is kept as
# given (jdkmatrix's own files), or, with "new" (a folder to be made: OUT=), read against CALLER.
# Prints the path to use.
set -euo pipefail
name=$1 value=$2 caller=${3:-} new=${4:-}
here=$(pwd -P)
if [[ -z $value || $value == /* || -z $caller || ! -d $caller ]]; then printf '%s\n' "$value"; exit 0; fi
there=$(cd "$caller" && pwd -P)
if [[ $there == "$here" ]]; then printf '%s\n' "$value"; exit 0; fi
if [[ -e $there/$value && -e $here/$value ]]; then
  echo "make: $name=$value names $there/$value (where you called make) and $here/$value (jdkmatrix's own) alike" >&2
  echo "  fix: write the path you mean in full: $name=$there/$value" >&2
  exit 2
fi
if [[ -e $there/$value || ( $new == new && ! -e $here/$value ) ]]; then printf '%s\n' "$there/$value"; exit 0; fi
printf '%s\n' "$value"
