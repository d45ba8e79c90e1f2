#!/usr/bin/env bash
# make bench-warmup-public: warm-up until steady against fixed warm-up on a public JMH suite run as it comes
# (issue 59 item 4): HdrHistogram's own benchmarks (HdrHistogram-benchmarks of github.com/HdrHistogram/HdrHistogram
# at its HdrHistogram-2.2.2 release), built by harness/scripts/public-jmh/pom.xml against that release's jar from
# Maven Central. Three of HdrHistogramRecordingBench's benchmarks on JDK 21 and 25 at 1 pinned CPU, REPS rounds,
# three ways one after the other on this machine:
#   own:          as it comes: the suite's annotations, @Fork(5), @Warmup 5 x 1 s, @Measurement 5 x 1 s
#   one-fork:     the same counts in one fork (-f 1): what until-steady saves beyond dropping forks
#   until-steady: warmup: until-steady (one fork, the suite's 1 s iterations, stopped once 5 have held a
#                 steady state, at most 30), scored on the steady part
# then harness/scripts/warmup-report.py writes docs/warmup-public.md. A benchmark, not a test: 44 min here (2026-11-28).
# SUITE_GIT names the suite's repository (default: GitHub; a local clone or mirror works offline).
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=${BENCH_OUT:-target/bench-warmup-public}
REPS=${REPS:-6}
SUITE_GIT=${SUITE_GIT:-https://github.com/HdrHistogram/HdrHistogram.git}
rm -rf "$OUT"; mkdir -p "$OUT"
harness/scripts/public-jmh/build.sh "$SUITE_GIT" "$OUT/build"
SUITE_COMMIT=3ae7ae18d81887484974011c1c7a2bdc9178ab09   # tag HdrHistogram-2.2.2 (public-jmh/build.sh checks it out)

matrix() { # matrix NAME WORKLOAD-LINES: the suite's matrix, one way
  cat <<EOF
name: warmup-public-$1
repetitions: $REPS
warmup: 0
timeout: 5m
jdks:
  "21": { dockerfile: ../../Dockerfile.jdk21 }
  "25": { dockerfile: ../../Dockerfile.jdk25 }
matrix:
  jdk: [21, 25]
  cpus: 1
  cpu-mode: cpuset
  memory: 1g
  workload:
    - name: hdr
      kind: jmh
      jar: build/target/benchmarks.jar
      benchmarks: 'HdrHistogramRecordingBench\.(rawRecordingSpeed|rawConcurrentRecordingSpeed|rawDoubleRecordingSpeed)$'
$2
EOF
}
matrix own "      jmh-args: []" > "$OUT/own.yaml"
matrix one-fork "      jmh-args: [-f, 1]" > "$OUT/one-fork.yaml"
matrix until-steady "      warmup: until-steady
      max-iterations: 30
      jmh-args: []" > "$OUT/until-steady.yaml"
cat > "$OUT/bench.json" <<EOF
{"target": "make bench-warmup-public", "script": "harness/scripts/bench-warmup-public.sh",
 "suite": "HdrHistogram's own JMH suite (HdrHistogram-benchmarks of github.com/HdrHistogram/HdrHistogram at its HdrHistogram-2.2.2 release, ${SUITE_COMMIT:0:12}, built by harness/scripts/public-jmh/pom.xml against HdrHistogram 2.2.2 from Maven Central with JMH 1.37): HdrHistogramRecordingBench's rawRecordingSpeed, rawConcurrentRecordingSpeed and rawDoubleRecordingSpeed (throughput), on JDK 21 and 25 at 1 pinned CPU (6 cells)",
 "ways": [["own", "as it comes: the suite's annotations, \`@Fork(5)\`, \`@Warmup(iterations = 5, time = 1 s)\`, \`@Measurement(iterations = 5, time = 1 s)\`"],
          ["one-fork", "the suite's counts in one fork: \`-f 1\`"],
          ["until-steady", "\`warmup: until-steady\`: one fork, the suite's 1 s iterations, stopped once 5 hold a steady state, at most 30"]]}
EOF
. harness/scripts/warmup-ways.sh
run_ways warmup-public docs/warmup-public.md own one-fork until-steady
