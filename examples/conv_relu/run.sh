#!/usr/bin/env bash
# Experiment C of the reference notebook, as far as the passes exist today:
# freeze the observers of the three fake-quant ops (model.apply(disable_observer)),
# then switch fake quantization off too, and show the switches after each step.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
opt=${PT2E_OPT:-$here/../../build/bin/pt2e-opt}

echo "# observer off (statistics frozen), fake quant still on:"
"$opt" "$here/conv_relu.fake_quant.mlir" --pt2e-toggle=observer=off \
  | grep -o 'name = "[a-z_0-9]*"\|observer_enabled = [a-z]*\|fake_quant_enabled = [a-z]*' | paste - - -
echo "# both off (the model computes in float again):"
"$opt" "$here/conv_relu.fake_quant.mlir" '--pt2e-toggle=observer=off fake-quant=off' \
  | grep -o 'name = "[a-z_0-9]*"\|observer_enabled = [a-z]*\|fake_quant_enabled = [a-z]*' | paste - - -
