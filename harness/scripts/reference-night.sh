#!/usr/bin/env bash
# make reference-night: the reference nightly (issue 77 item 3): a real JMH suite measured against its baseline in the
# same rounds, each benchmark's baseline and tonight's build back to back in every round, on JDK 25 at 1 pinned CPU.
#   - examples/jmh: tonight's build (make build's benchmarks.jar) against the same suite at a fixed commit of this repository
#     (BASELINE_REF), checked out and built once by the harness's baseline: { ref, build } into its cache, then reused;
#   - HdrHistogram's own suite (public-jmh/build.sh, where SUITE_GIT names its repository; a local clone works offline)
#     against a copy of the same jar: its own baseline: { jar }.
# JMH in one fork, 3 warm-up and 5 measured iterations of 0.5 s a run (about 5 s a run, a round of the 24 cells 2 min), 6 to 14
# rounds: more for each benchmark whose head / base ratio is not yet known to within 2.5 % (REPETITIONS to change it). Why: the
# first night, at a fixed 6 rounds (12 min 22 s), resolved 5 of the 12 ratios to 5 % or better and said the others need 7 to 22
# rounds (comparisons.csv's rounds_for_5pct; a two-thread benchmark on one CPU 193); up to 14 rounds for those took 26 to 34
# minutes a night (11 of 12 benchmarks went to 14 on the noisy machines, 5.3 to 6.0 s a run), so from 2026-12-02 on at most 12,
# within the 30 minutes a night may take (docs/runs/reference-nights/README.md).
# The night goes to OUT/run (target/reference-night/run); make keep-reference-night keeps it under docs/runs/reference-nights.
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=${OUT:-target/reference-night}
REPETITIONS=${REPETITIONS:-"{ min: 6, max: 12, target: 2.5% }"}
SUITE_GIT=${SUITE_GIT:-}
# the newest commit that changed examples/jmh when the reference nightly was set up: its suite is tonight's (an A/A night)
BASELINE_REF=${BASELINE_REF:-e8d15efdd289daffb22d2e4c38a08054c0c90bb6}
mkdir -p "$OUT"; rm -rf "$OUT/run"
hdr=""
if [ -n "$SUITE_GIT" ]; then
  harness/scripts/public-jmh/build.sh "$SUITE_GIT" "$OUT/hdr-build" >&2
  mkdir -p "$OUT/hdr"
  cp "$OUT/hdr-build/target/benchmarks.jar" "$OUT/hdr/benchmarks.jar"
  cp "$OUT/hdr-build/target/benchmarks.jar" "$OUT/hdr/baseline.jar"
  hdr="    - name: hdr
      kind: jmh
      jar: hdr/benchmarks.jar
      baseline: { jar: hdr/baseline.jar }
      benchmarks: 'HdrHistogramRecordingBench\\.(rawRecordingSpeed|rawConcurrentRecordingSpeed|rawDoubleRecordingSpeed)\$'
      jmh-args: [-f, 1, -wi, 3, -i, 5, -w, 500ms, -r, 500ms]"
else
  echo "reference-night: no SUITE_GIT: examples/jmh alone (name HdrHistogram's repository, or a local clone, in SUITE_GIT for its suite too)" >&2
fi
cat > "$OUT/reference-nightly.yaml" <<YAML
# The reference nightly: written by harness/scripts/reference-night.sh (make reference-night).
name: reference-nightly
repetitions: $REPETITIONS
warmup: 0
timeout: 3m
baseline:
  ref: $BASELINE_REF
  build: ./mvnw -B -q -Dstyle.color=never -pl examples/jmh package -DskipTests
matrix:
  jdk: 25
  cpus: 1
  cpu-mode: cpuset
  memory: 1g
  workload:
    - name: strings
      kind: jmh
      jar: ../../examples/jmh/target/benchmarks.jar
      benchmarks: 'StringJoinBench'
      params: { size: [10, 1000] }
      jmh-args: [-f, 1, -wi, 3, -i, 5, -w, 500ms, -r, 500ms]
    - name: words
      kind: jmh
      jar: ../../examples/jmh/target/benchmarks.jar
      files: [../../examples/jmh/data]
      benchmarks: 'WordsBench'
      jmh-args: [-f, 1, -wi, 3, -i, 5, -w, 500ms, -r, 500ms]
    - name: container
      kind: jmh
      jar: ../../examples/jmh/target/benchmarks.jar
      benchmarks: 'ContainerViewBench'
      jmh-args: [-f, 1, -wi, 3, -i, 5, -w, 500ms, -r, 500ms]
    - name: pinning
      kind: jmh
      jar: ../../examples/jmh/target/benchmarks.jar
      benchmarks: 'PinningBench\\.sleepHoldingReentrantLock'
      jmh-args: [-f, 1, -wi, 3, -i, 5, -w, 500ms, -r, 500ms]
$hdr
YAML
exec harness/scripts/jdkmatrix.sh run --matrix "$OUT/reference-nightly.yaml" --out "$OUT/run" --progress lines ${RUN_ARGS:-}
