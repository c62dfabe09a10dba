#!/usr/bin/env bash
# Remakes the model skeletons of test/vela/: bench/pytorch's ResNet-18 and
# MobileNetV2 at 1x3x64x64 (test/iree/'s are 32x32, where their last stage
# is on 1x1 and the global average pool stays in Q/DQ form; at 64x64 it is
# on 2x2 and becomes one TOSA avg_pool2d) exported by torch-mlir
# (bench/pytorch/side_by_side.py export, linalg on tensors), with the
# dialect_resources block, the weights, cut off;
# test/iree/Inputs/fill_weights.py gives them seeded weights at test time
# (the MLP is test/iree/Inputs/mlp.skel.mlir itself). Needs the
# import venv (torch 2.15.0, torch-mlir 20261001:
# tools/install-import-deps.sh):
#
#   PT2E_IMPORT_PYTHON=/work/venv/bin/python test/vela/Inputs/make_skeletons.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
py=${PT2E_IMPORT_PYTHON:-$root/.venv/bin/python}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for spec in "resnet18 --batch 1 --size 64" "mobilenet_v2 --batch 1 --size 64"; do
  name=${spec%% *}
  # shellcheck disable=SC2086 # the spec is the model and its flags
  "$py" "$root/bench/pytorch/side_by_side.py" export $spec --batches 1 --dir "$work"
  # Everything before the resources block, which starts at the line '{-#'.
  sed '/^{-#$/,$d' "$work/$name.mlir" > "$here/$name.skel.mlir"
done
