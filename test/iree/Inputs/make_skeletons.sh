#!/usr/bin/env bash
# Remakes the model skeletons of test/iree/: bench/pytorch's MLP (batch 8),
# ResNet-18 and MobileNetV2 (1x3x32x32) exported by torch-mlir
# (bench/pytorch/side_by_side.py export, linalg on tensors), with the
# dialect_resources block, the weights, cut off; fill_weights.py gives them
# seeded weights at test time. Needs the import venv (torch 2.15.0,
# torch-mlir 20261001: tools/install-import-deps.sh):
#
#   PT2E_IMPORT_PYTHON=/work/venv/bin/python test/iree/Inputs/make_skeletons.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
py=${PT2E_IMPORT_PYTHON:-$root/.venv/bin/python}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for spec in "mlp --batch 8" "resnet18 --batch 1 --size 32" "mobilenet_v2 --batch 1 --size 32"; do
  name=${spec%% *}
  # shellcheck disable=SC2086 # the spec is the model and its flags
  "$py" "$root/bench/pytorch/side_by_side.py" export $spec --batches 1 --dir "$work"
  # Everything before the resources block, which starts at the line '{-#'.
  sed '/^{-#$/,$d' "$work/$name.mlir" > "$here/$name.skel.mlir"
done
