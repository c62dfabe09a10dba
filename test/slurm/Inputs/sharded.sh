#!/usr/bin/env bash
# The Slurm test's body (inside with-cluster.sh): 4-shard calibrations by
# tools/pt2e-slurm-calibrate against the unsharded run, and a failing shard.
#   sharded.sh ROOT BUILD WORK
set -euo pipefail
root=$1 build=$2 work=$3
opt=$build/bin/pt2e-opt
slurm=$root/tools/pt2e-slurm-calibrate
mkdir -p "$work"
cd "$work"

unsharded() { # prepared data out: the sequential run, recorded as shard 0/1
  "$opt" "$1" -p "builtin.module(pt2e-calibrate{data=$2 shard=0/1})" -o "$3"
}

# 1. The bundled example (Histogram activations, per-channel MinMax weights),
#    exact mode: the merged module equals the unsharded run byte for byte.
cr=$root/examples/conv_relu
"$opt" "$cr/conv_relu.linalg.mlir" -p 'builtin.module(pt2e-annotate,pt2e-prepare)' -o cr.prepared.mlir
unsharded cr.prepared.mlir "$cr/golden/calib.npz" cr.unsharded.mlir
"$slurm" --opt "$opt" --prepared cr.prepared.mlir --shards 4 --data "$cr/golden/calib.npz" \
  --exact --workdir cr.work --out cr.merged.mlir --quantized cr.quantized.mlir
cmp cr.merged.mlir cr.unsharded.mlir
echo "conv_relu: merged == unsharded"
"$opt" cr.unsharded.mlir -p 'builtin.module(pt2e-convert)' -o cr.unsharded.quantized.mlir
cmp cr.quantized.mlir cr.unsharded.quantized.mlir
echo "conv_relu: quantized == unsharded quantized"

# 2. A real model: the placement oracle's transformer layer (torch-mlir's
#    export; shared observer instances, Histogram and per-channel MinMax),
#    on its 8 calibration batches, exact mode.
tr=$root/test/oracle-placement/Inputs
"$opt" "$tr/transformer.mlir" -p 'builtin.module(pt2e-annotate,pt2e-prepare)' -o tr.prepared.mlir
unsharded tr.prepared.mlir "$tr/calib.npz" tr.unsharded.mlir
"$slurm" --opt "$opt" --prepared tr.prepared.mlir --shards 4 --data "$tr/calib.npz" \
  --exact --workdir tr.work --out tr.merged.mlir
# Bins whose counts were moved (the range grew in a later shard) are no longer
# sums of 1/16ths, so the order of the float additions shows in their last
# bit; the qparams are the same bits (docs/sharding.md).
qp() { "$opt" "$1" -p "builtin.module(pt2e-report{format=qparams output=$2})" -o /dev/null; }
qp tr.merged.mlir tr.merged.qparams
qp tr.unsharded.mlir tr.unsharded.qparams
"$build/bin/qparams-check" tr.unsharded.qparams tr.merged.qparams > /dev/null
echo "transformer: merged qparams == unsharded qparams"

# 3. MinMax activations in one pass: equal without the exact mode's second array.
"$opt" "$tr/transformer.mlir" -p 'builtin.module(pt2e-annotate{activation-observer=minmax},pt2e-prepare)' \
  -o mm.prepared.mlir
unsharded mm.prepared.mlir "$tr/calib.npz" mm.unsharded.mlir
"$slurm" --opt "$opt" --prepared mm.prepared.mlir --shards 4 --data "$tr/calib.npz" \
  --workdir mm.work --out mm.merged.mlir
cmp mm.merged.mlir mm.unsharded.mlir
echo "transformer minmax: merged == unsharded"

# 4. A shard that fails (no such data file): the script exits non-zero and
#    names each failed shard with its exit code.
if "$slurm" --opt "$opt" --prepared cr.prepared.mlir --shards 4 --data "$work/missing.npz" \
     --workdir bad.work --out bad.mlir 2> bad.err; then
  echo "a failing shard was not reported" >&2
  exit 1
fi
cat bad.err

# 5. One shard fails with its own code (3): only it is named, with that code,
#    the script exits 1 and writes no merged module.
set +e
PT2E_REAL_OPT=$opt "$slurm" --opt "$(dirname "$0")/fail-shard2.sh" --prepared cr.prepared.mlir \
  --shards 4 --data "$cr/golden/calib.npz" --workdir one.work --out one.mlir 2> one.err
rc=$?
set -e
cat one.err
echo "one failing shard: exit status $rc"
[ ! -e one.mlir ] && echo "one failing shard: no merged module"
