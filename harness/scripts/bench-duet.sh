#!/usr/bin/env bash
# make bench-duet: NIGHTS short "nights" (default 8) one after the other on this machine, each measuring
# harness/matrices/duet-aa.yaml (A/A pairs) and duet-ab.yaml (a known 5 % difference) in blocked and in duet
# order, the two orders interleaved (which goes first alternates from night to night), so both meet the same
# hours of the machine. Each run is a results folder under OUT (default target/bench-duet):
# night-NN/{blocked,duet}-{aa,ab}; each folder's raw.csv (gzipped) and run.json are kept in KEEP (default
# docs/runs/duet), as a published night keeps them. DuetReport.java then writes docs/duet.md from them.
set -euo pipefail
NIGHTS=${NIGHTS:-8}
OUT=${OUT:-target/bench-duet}
KEEP=${KEEP:-docs/runs/duet}
: "${JAVA_HOME:?JAVA_HOME must name a JDK 21+}"
rm -rf "$OUT" && mkdir -p "$OUT"
start=$(date +%s)
for n in $(seq 1 "$NIGHTS"); do
  night=$(printf 'night-%02d' "$n")
  if [ $((n % 2)) -eq 1 ]; then orders="blocked duet"; else orders="duet blocked"; fi
  for m in aa ab; do
    for order in $orders; do
      echo "bench-duet: $night $m $order"
      harness/scripts/jdkmatrix.sh run --matrix "harness/matrices/duet-$m.yaml" --order "$order" --out "$OUT/$night/$order-$m" \
        --run-id "$night-$order-$m" --no-report --progress lines --yes > "$OUT/$night-$order-$m.log" 2>&1 \
        || { echo "bench-duet: $night $m $order failed:"; tail -5 "$OUT/$night-$order-$m.log"; exit 1; }
    done
  done
done
echo "bench-duet: $NIGHTS nights in $(( $(date +%s) - start )) s"
rm -rf "$KEEP"
for d in "$OUT"/night-*/*/; do
  rel=${d#"$OUT"/}
  mkdir -p "$KEEP/$rel"
  gzip -9 -n -c "$d/raw.csv" > "$KEEP/$rel/raw.csv.gz"
  cp "$d/run.json" "$KEEP/$rel/"
done
echo "bench-duet: kept in $KEEP"
