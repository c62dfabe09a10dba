#!/usr/bin/env bash
# splits.sh BUILD DIR NAME exact|RTOL: calibrates DIR/NAME.mlir on 6 seeded
# random batches sequentially and in n = 1..6 shards (exact-mode Histograms:
# each shard from the range of those before it), merges, and compares:
# 'exact' the modules byte for byte, RTOL the qparams (qparams-check --rtol).
# Prints one line per split; exits non-zero at the first difference.
set -euo pipefail
build=$1 dir=$2 name=$3 mode=$4
opt=$build/bin/pt2e-opt
cd "$dir"
cal() { "$opt" "$name.mlir" -p "builtin.module(pt2e-calibrate{random-batches=6 seed=7 shard=$1$2})" -o "$3"; }
qp() { "$opt" "$1" -p "builtin.module(pt2e-report{format=qparams output=$2})" -o /dev/null; }
same() {
  if [ "$mode" = exact ]; then
    cmp "$1" "$2" && echo "$3: equal"
  else
    qp "$1" "$1.qp" && qp "$2" "$2.qp"
    "$build/bin/qparams-check" --rtol="$mode" "$1.qp" "$2.qp" > /dev/null && echo "$3: within"
  fi
}
cal 0/1 "" "$name.seq.mlir"
for n in 1 2 3 4 5 6; do
  files=()
  for k in $(seq 0 $((n - 1))); do
    start=""
    if [ "$k" -gt 0 ]; then
      start=" histogram-start=$(seq -f "$name.pre$n.%g.mlir" 0 $((k - 1)) | paste -sd,)"
    fi
    cal "$k/$n" "" "$name.pre$n.$k.mlir"
    cal "$k/$n" "$start" "$name.s$n.$k.mlir"
    files+=("$name.s$n.$k.mlir")
  done
  if [ "$n" = 1 ]; then
    cp "${files[0]}" "$name.m$n.mlir"
  else
    others=$(printf '%s\n' "${files[@]:1}" | paste -sd,)
    "$opt" "${files[0]}" -p "builtin.module(pt2e-merge{from=$others})" -o "$name.m$n.mlir"
  fi
  same "$name.m$n.mlir" "$name.seq.mlir" "$n shards"
done
# a merge of merges: (0, 1) and (2, 3, 4, 5) of the 6-way split
"$opt" "$name.s6.0.mlir" -p "builtin.module(pt2e-merge{from=$name.s6.1.mlir})" -o "$name.left.mlir"
"$opt" "$name.s6.2.mlir" -p "builtin.module(pt2e-merge{from=$name.s6.3.mlir,$name.s6.4.mlir,$name.s6.5.mlir})" -o "$name.right.mlir"
"$opt" "$name.right.mlir" -p "builtin.module(pt2e-merge{from=$name.left.mlir})" -o "$name.mm.mlir"
same "$name.mm.mlir" "$name.seq.mlir" "merge of merges"
