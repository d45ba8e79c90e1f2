#!/usr/bin/env bash
# make bench-harness: the harness against the plain alternative, a shell loop of `docker run`.
# Each round runs the cells of harness/matrices/bench.yaml four ways, the order of harness and
# loop alternating between rounds: the harness with JFR on in every run (jfr: true), a loop of
# the same java commands that copies each recording out with `docker cp`, the harness with
# JFR off, a bare loop of `java -jar` (what the issue names); then the harness packed with
# --parallel force (JFR off); then the harness's own start two or three ways. After the rounds, the
# cells of harness/matrices/repeat.yaml (2-3 s each, 10 repetitions): the harness serial, the
# bare loop and the harness packed, for repeatability, agreement and packing at full size.
# Writes docs/performance.md from what they stored.
# A benchmark, not a test.
set -euo pipefail
cd "$(dirname "$0")/../.."

MATRIX=harness/matrices/bench.yaml
REPEAT=harness/matrices/repeat.yaml
BLOCKS=${BLOCKS:-4}
OUT=${BENCH_OUT:-target/bench-harness}
JAVA=${JAVA_HOME:?JAVA_HOME must name a JDK 21+}/bin/java
JAR=harness/target/jdkmatrix.jar
BENCH_CP=$JAR:bench/target/jdkmatrix-bench.jar   # make bench-jar
# As make exports them, so that `java -jar` never starts itself twice (cli/Relaunch.java).
export TESTCONTAINERS_RYUK_DISABLED=true TESTCONTAINERS_CHECKS_DISABLE=true TESTCONTAINERS_TINYIMAGE_CONTAINER_IMAGE=debian:trixie-slim
rm -rf "$OUT"; mkdir -p "$OUT/loop-jfr" docs

# The same matrix with JFR off, its Dockerfiles named by absolute path since it lives elsewhere.
grep -q '^  jfr: true' "$MATRIX" || { echo "bench-harness: $MATRIX must say 'jfr: true' under matrix:" >&2; exit 2; }
sed -e 's/^  jfr: true .*/  jfr: false/' -e "s#\.\./\.\./Dockerfile#$PWD/Dockerfile#" "$MATRIX" > "$OUT/bench-nojfr.yaml"
NOJFR=$OUT/bench-nojfr.yaml
# Every cell as the loop runs it: id, jdk, cpus, memory bytes, jfr, then the harness's own command.
"$JAVA" -cp "$BENCH_CP" dev.jdkmatrix.bench.BenchCommands "$MATRIX" > "$OUT/commands-jfr.tsv"
"$JAVA" -cp "$BENCH_CP" dev.jdkmatrix.bench.BenchCommands "$NOJFR" > "$OUT/commands.tsv"
"$JAVA" -cp "$BENCH_CP" dev.jdkmatrix.bench.BenchCommands "$REPEAT" > "$OUT/commands-repeat.tsv"
repetitions() { sed -n 's/^repetitions: *\([0-9]*\).*/\1/p' "$1"; }
REPS=$(repetitions "$MATRIX")

now_ms() { echo $(( $(date +%s%N) / 1000000 )); }
# The host's steal and total CPU time so far (/proc/stat, clock ticks), as Environment.cpuTicks reads them.
ticks() { awk '/^cpu /{t = 0; for (i = 2; i <= 9; i++) t += $i; print $9, t}' /proc/stat; }
# Steal between two ticks samples, in percent of the host's CPU time.
steal_pct() { awk -v a="$1" -v b="$2" 'BEGIN {split(a, x, " "); split(b, y, " "); printf "%.1f", (y[2] > x[2] ? 100 * (y[1] - x[1]) / (y[2] - x[2]) : 0)}'; }

echo "block,method,start_ms,end_ms,steal_pct" > "$OUT/blocks.csv"
echo "block,method,rep,cell,total_ms,record" > "$OUT/loop.csv"

harness() { # block method matrix [run args...]
  local b=$1 method=$2 matrix=$3; shift 3
  local t0 k0; t0=$(now_ms); k0=$(ticks)
  JAR="$JAR" harness/scripts/jdkmatrix.sh run --matrix "$matrix" --out "$OUT/$method-$b" --run-id "bench-$method-$b" --no-report --progress lines "$@" \
    2> "$OUT/$method-$b.log" >/dev/null
  echo "$b,$method,$t0,$(now_ms),$(steal_pct "$k0" "$(ticks)")" >> "$OUT/blocks.csv"
}

# A user's loop: every cell and repetition, one `docker run` each, from the run images (the JDK
# image plus the workloads jar) the harness built. With JFR on, the container is kept until its
# recording is copied out, then removed.
loop() { # block method commands.tsv [repetitions]
  local b=$1 method=$2 commands=$3 reps=${4:-$REPS} t0 k0 s e line name i
  t0=$(now_ms); k0=$(ticks)
  for rep in $(seq 1 "$reps"); do
    i=0
    while IFS=$'\t' read -ra f; do
      i=$((i + 1))
      image=$(grep "run-${f[1]}:" <<<"$IMAGES")
      s=$(now_ms)
      if [ "${f[4]}" = jfr ]; then
        name="bench-loop-$b-$rep-$i"
        line=$(docker run --name "$name" --cpus "${f[2]}" --memory "${f[3]}" --memory-swap "${f[3]}" --network none "$image" \
          "${f[@]:5}" | grep '^JDKMATRIX-RESULT ' || true)
        docker cp "$name:/out/run.jfr" "$OUT/loop-jfr/$b-$rep-$i.jfr" 2>/dev/null || true
        docker rm "$name" > /dev/null
      else
        line=$(docker run --rm --cpus "${f[2]}" --memory "${f[3]}" --memory-swap "${f[3]}" --network none "$image" \
          "${f[@]:5}" | grep '^JDKMATRIX-RESULT ' || true)
      fi
      e=$(now_ms)
      echo "$b,$method,$rep,\"${f[0]}\",$((e - s)),\"${line//\"/\"\"}\"" >> "$OUT/loop.csv"
    done < "$commands"
  done
  echo "$b,$method,$t0,$(now_ms),$(steal_pct "$k0" "$(ticks)")" >> "$OUT/blocks.csv"
}

# The harness's own start, per command: `java -jar` alone (the JDK's default class-data archive),
# with an AOT cache (JDK 25+, -XX:AOTCacheOutput: classes loaded and linked, method profiles), and
# through the launcher (a class-data archive of the harness's classes); `plan` (no Docker) and
# `run` of one short run. Each cache is made before the rounds; only later commands are timed.
cat > "$OUT/launch.yaml" <<EOF
name: launch
repetitions: 1
warmup: 0
jdks:
  "25": { dockerfile: $PWD/Dockerfile.jdk25 }
matrix:
  jdk: 25
  cpus: 1
  memory: 512m
  workload: { name: sleep, tasks: 200, executor: virtual, params: { wait-ms: 20 } }
EOF
echo "round,mode,command,wall_ms" > "$OUT/launch.csv"
launch_cmd() { # mode command out
  local args=("$2" --matrix "$OUT/launch.yaml")
  [ "$2" = run ] && args+=(--out "$3" --no-report --progress lines)
  case $1 in
    java-jar) "$JAVA" -jar "$JAR" "${args[@]}" ;;
    aot-train) "$JAVA" -XX:AOTCacheOutput="$OUT/launch-$2.aot" -jar "$JAR" "${args[@]}" ;;
    aot) "$JAVA" -XX:AOTCache="$OUT/launch-$2.aot" -Xlog:aot*=off -Xlog:cds*=off -jar "$JAR" "${args[@]}" ;;
    launcher) JAR="$JAR" harness/scripts/jdkmatrix.sh "${args[@]}" ;;
  esac > /dev/null 2> "$OUT/launch.err" || {
    echo "bench-harness: '$2' started as $1 failed; its stderr is in $OUT/launch.err (the matrix: $OUT/launch.yaml)" >&2; exit 1; }
}
launch() { # round
  local s mode cmd
  for mode in "${MODES[@]}"; do
    for cmd in plan run; do
      s=$(now_ms)
      launch_cmd "$mode" "$cmd" "$OUT/launch-$mode-$1"
      echo "$1,$mode,$cmd,$(( $(now_ms) - s ))" >> "$OUT/launch.csv"
    done
  done
}
MODES=(java-jar launcher)
feature=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$JAVA_HOME/release" 2>/dev/null || true)
[[ ${feature:-0} -ge 25 ]] && MODES=(java-jar aot launcher)
for cmd in plan run; do
  launch_cmd launcher "$cmd" "$OUT/launch-warm-launcher"
  if [[ ${MODES[1]} = aot ]]; then
    launch_cmd aot-train "$cmd" "$OUT/launch-warm-aot"
    [[ -s $OUT/launch-$cmd.aot ]] || { echo "bench-harness: no AOT cache $OUT/launch-$cmd.aot after a training run of '$cmd'" >&2; exit 1; }
  fi
done

for b in $(seq 1 "$BLOCKS"); do
  if [ $((b % 2)) = 1 ]; then
    harness "$b" harness-jfr "$MATRIX"
    IMAGES=$(sed -n 's/.*"reference" : "\(jdkmatrix\/run-[^"]*\)".*/\1/p' "$OUT/harness-jfr-1/run.json")
    loop "$b" loop-jfr "$OUT/commands-jfr.tsv"
    harness "$b" harness "$NOJFR"
    loop "$b" loop "$OUT/commands.tsv"
  else
    loop "$b" loop-jfr "$OUT/commands-jfr.tsv"
    harness "$b" harness-jfr "$MATRIX"
    loop "$b" loop "$OUT/commands.tsv"
    harness "$b" harness "$NOJFR"
  fi
  # Packed: the harness again (JFR off), cells side by side on disjoint CPU sets.
  harness "$b" packed "$NOJFR" --parallel force
  launch "$b"
done
# Repeatability, agreement and packing at full size: cells of 2-3 s, the harness serial, the bare
# loop, the harness packed.
harness 1 repeat "$REPEAT"
loop 1 loop-repeat "$OUT/commands-repeat.tsv" "$(repetitions "$REPEAT")"
harness 1 repeat-packed "$REPEAT" --parallel force

"$JAVA" -cp "$BENCH_CP" dev.jdkmatrix.bench.BenchReport "$OUT" "$BLOCKS" > docs/performance.md
echo "bench-harness: wrote docs/performance.md" >&2
