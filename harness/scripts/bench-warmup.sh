#!/usr/bin/env bash
# make bench-warmup: warm-up until steady against fixed warm-up, on examples/jmh (issue 59 item 4).
# The suite (examples/jmh.yaml: 24 cells, JDK 21 and 25, 1 and 2 CPUs) at REPS rounds, three ways,
# one after the other on this machine:
#   own:          as it comes, its own jmh-args (-f 1 -wi 2 -i 3, 1 s iterations)
#   jmh-defaults: JMH's default counts at the same iteration time (-f 1 -wi 5 -i 5, 1 s)
#   until-steady: warmup: until-steady (one fork, 1 s iterations, stopped once 5 have held a steady
#                 state, at most 30), scored on the steady part
# then harness/scripts/warmup-report.py writes docs/warmup.md from the three folders: minutes per
# suite, each JDK's runs by steady-state class, iterations run, and the verdicts that differ.
# A benchmark, not a test: about an hour at 6 rounds.
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=${BENCH_OUT:-target/bench-warmup}
REPS=${REPS:-6}
rm -rf "$OUT"; mkdir -p "$OUT"
base() { # the suite, its paths made relative to $OUT, at REPS rounds
  sed -e "s|^repetitions: 3 .*|repetitions: $REPS|" -e 's|dockerfile: \.\./|dockerfile: ../../|' -e 's|jar: jmh/target/|jar: ../../examples/jmh/target/|' examples/jmh.yaml
}
grep -q '^repetitions: 3 ' examples/jmh.yaml || { echo "bench-warmup: examples/jmh.yaml no longer says repetitions: 3" >&2; exit 1; }
base > "$OUT/own.yaml"
base | sed 's|jmh-args: \[-f, 1, -wi, 2, -i, 3, -w, 1s, -r, 1s\]|jmh-args: [-f, 1, -wi, 5, -i, 5, -w, 1s, -r, 1s]|' > "$OUT/jmh-defaults.yaml"
base | sed 's|      jmh-args: \[-f, 1, -wi, 2, -i, 3, -w, 1s, -r, 1s\]|      warmup: until-steady\n      max-iterations: 30\n      jmh-args: [-r, 1s]|' > "$OUT/until-steady.yaml"
for m in own jmh-defaults until-steady; do
  n=$(grep -c 'jmh-args' "$OUT/$m.yaml"); [ "$n" = 3 ] || { echo "bench-warmup: $OUT/$m.yaml has $n jmh entries, not 3" >&2; exit 1; }
done
grep -q 'until-steady' "$OUT/until-steady.yaml" && grep -q -- '-wi, 5' "$OUT/jmh-defaults.yaml" || { echo "bench-warmup: the suite's jmh-args changed; update this script" >&2; exit 1; }
cat > "$OUT/bench.json" <<'EOF'
{"target": "make bench-warmup", "script": "harness/scripts/bench-warmup.sh",
 "suite": "examples/jmh.yaml (24 cells: PinningBench, ParallelHashBench and StringJoinBench on JDK 21 and 25, at 1 and 2 CPUs)",
 "ways": [["own", "its own jmh-args: `-f 1 -wi 2 -i 3`, 1 s iterations"],
          ["jmh-defaults", "JMH's default counts: `-f 1 -wi 5 -i 5`, 1 s iterations"],
          ["until-steady", "`warmup: until-steady`: 1 s iterations, stopped once 5 hold a steady state, at most 30"]]}
EOF
. harness/scripts/warmup-ways.sh
run_ways warmup docs/warmup.md own jmh-defaults until-steady
