# Sourced by make bench-warmup (bench-warmup.sh) and make bench-warmup-public (bench-warmup-public.sh), with OUT and REPS
# set: each way of the suite run one after the other (its matrix OUT/WAY.yaml, its results OUT/WAY, its screen OUT/WAY.log),
# then harness/scripts/warmup-report.py's page from OUT/bench.json and the ways' folders.
run_ways() { # run_ways NAME PAGE WAY...: the run ids are NAME-WAY
  local name=$1 page=$2 m
  shift 2
  for m in "$@"; do
    echo "bench-$name: $m ($(date -u +%H:%M))"
    harness/scripts/jdkmatrix.sh run --matrix "$OUT/$m.yaml" --out "$OUT/$m" --run-id "$name-$m" --progress lines --no-report > "$OUT/$m.log" 2>&1 \
      || { grep -q 'runs stored' "$OUT/$m.log" || { tail -20 "$OUT/$m.log" >&2; exit 1; }; }   # a run that failed is data here, a session that failed is not
    grep '^jdkmatrix: [0-9]' "$OUT/$m.log"
  done
  python3 harness/scripts/warmup-report.py "$OUT" "$REPS" > "$page"
  cat "$page"
}
