#!/usr/bin/env bash
# bench/sharded.sh PREPARED DATA [ROUNDS]: wall time of one process with 2
# threads against 2 shards of 1 thread each running at once (then merged),
# interleaved A/B/A/B in one run, and the merge's own time. Checks that the
# merged module equals the unsharded run (byte for byte for MinMax kinds; a
# one-pass Histogram merge differs: docs/sharding.md).
set -euo pipefail
prep=$1 data=$2 rounds=${3:-2}
opt=${PT2E_OPT:-$(dirname "$0")/../build/bin/pt2e-opt}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
now() { date +%s.%N; }
cal() { # threads shard out
  PT2E_NUM_THREADS=$1 "$opt" "$prep" -p "builtin.module(pt2e-calibrate{data=$data shard=$2})" -o "$3"
}
for r in $(seq "$rounds"); do
  t0=$(now); cal 2 0/1 "$work/seq.mlir"; t1=$(now)
  cal 1 0/2 "$work/s0.mlir" & p0=$!
  cal 1 1/2 "$work/s1.mlir" & p1=$!
  wait $p0; wait $p1
  t2=$(now)
  "$opt" "$work/s0.mlir" -p "builtin.module(pt2e-merge{from=$work/s1.mlir})" -o "$work/m.mlir"
  t3=$(now)
  cmp -s "$work/m.mlir" "$work/seq.mlir" && same=equal || same=DIFFERENT
  echo "round $r: 1 process x 2 threads $(awk "BEGIN{printf \"%.2f\", $t1 - $t0}") s; 2 shards x 1 thread $(awk "BEGIN{printf \"%.2f\", $t2 - $t1}") s; merge $(awk "BEGIN{printf \"%.2f\", $t3 - $t2}") s; merged vs unsharded: $same"
done
