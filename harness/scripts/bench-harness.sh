#!/usr/bin/env bash
# make bench-harness: the harness against the plain alternative, a shell loop of `docker run`.
# Runs the cells of harness/matrices/bench.yaml in alternating blocks (harness serial, loop,
# harness packed with --parallel force; again), then writes docs/performance.md from what they
# stored. A benchmark, not a test.
set -euo pipefail
cd "$(dirname "$0")/../.."

MATRIX=harness/matrices/bench.yaml
BLOCKS=${BLOCKS:-2}
OUT=${BENCH_OUT:-target/bench-harness}
JAVA=${JAVA_HOME:?JAVA_HOME must name a JDK 21+}/bin/java
JAR=harness/target/jdkmatrix.jar
rm -rf "$OUT"; mkdir -p "$OUT" docs

# The cells, as the harness plans them: workload,params,executor,tasks,jdk,cpus,memory.
"$JAVA" -jar "$JAR" plan --matrix "$MATRIX" > "$OUT/plan.txt"
sed -nE 's/^ *[0-9]+  ([a-z-]+)\(([^)]*)\) ([^ ]+) tasks=([0-9]+) jdk=([^ ]+) cpus=([^ ]+) mem=([^ ]+) .*/\1,\2,\3,\4,\5,\6,\7/p' "$OUT/plan.txt" > "$OUT/cells.csv"
REPS=$(sed -n 's/^repetitions: *\([0-9]*\).*/\1/p' "$MATRIX")

now_ms() { echo $(( $(date +%s%N) / 1000000 )); }

echo "block,method,start_ms,end_ms" > "$OUT/blocks.csv"
echo "block,rep,jdk,cpus,memory,workload,executor,tasks,param,total_ms,record" > "$OUT/loop.csv"
for b in $(seq 1 "$BLOCKS"); do
  # Harness block: every run of the matrix, recorded in its own results folder.
  t0=$(now_ms)
  "$JAVA" -jar "$JAR" run --matrix "$MATRIX" --out "$OUT/harness-$b" --run-id "bench-$b" --no-report --progress lines 2> "$OUT/harness-$b.log" >/dev/null
  t1=$(now_ms); echo "$b,harness,$t0,$t1" >> "$OUT/blocks.csv"

  # Loop block: the same cells and repetitions, as a user would script them, from the same run
  # images (the JDK image plus the workloads jar) the harness used.
  images=$(sed -n 's/.*"reference" : "\(jdkmatrix\/run-[^"]*\)".*/\1/p' "$OUT/harness-$b/run.json")
  t0=$(now_ms)
  for rep in $(seq 1 "$REPS"); do
    while IFS=, read -r workload params executor tasks jdk cpus mem; do
      image=$(grep "run-$jdk:" <<<"$images")
      args=()
      IFS=';' read -ra kvs <<<"$params"
      for kv in "${kvs[@]}"; do args+=("--${kv%%=*}" "${kv#*=}"); done
      s=$(now_ms)
      line=$(docker run --rm --cpus "$cpus" --memory "$mem" --memory-swap "$mem" --network none "$image" \
        java -jar /opt/jdkmatrix/workloads.jar "$workload" --executor "$executor" --tasks "$tasks" "${args[@]}" | grep '^JDKMATRIX-RESULT ' || true)
      e=$(now_ms)
      echo "$b,$rep,$jdk,$cpus,$mem,$workload,$executor,$tasks,$params,$((e - s)),\"${line//\"/\"\"}\"" >> "$OUT/loop.csv"
    done < "$OUT/cells.csv"
  done
  t1=$(now_ms); echo "$b,loop,$t0,$t1" >> "$OUT/blocks.csv"

  # Packed block: the harness again, cells side by side on disjoint CPU sets.
  t0=$(now_ms)
  "$JAVA" -jar "$JAR" run --matrix "$MATRIX" --out "$OUT/packed-$b" --run-id "bench-packed-$b" --parallel force --no-report --progress lines 2> "$OUT/packed-$b.log" >/dev/null
  t1=$(now_ms); echo "$b,packed,$t0,$t1" >> "$OUT/blocks.csv"
done

"$JAVA" -cp "$JAR" harness/scripts/BenchReport.java "$OUT" "$BLOCKS" > docs/performance.md
echo "bench-harness: wrote docs/performance.md" >&2
