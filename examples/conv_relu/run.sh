#!/usr/bin/env bash
# The whole PT2E job on the bundled example (the reference notebook's
# ConvReLU, as torch-mlir writes it), from the repository root after
# `cmake --build build`; no Python needed:
#
#   pt2e-annotate   XNNPACKQuantizer's annotations (per-channel weights)
#   pt2e-prepare    observers at x, the conv weight and the relu output
#   pt2e-calibrate  the 8 bundled calibration batches (golden/calib.npz)
#   pt2e-convert    quant.qcast / quant.dcast with the calibrated qparams
#
# It prints the observer table, the SQNR of the quantized model against the
# float model on the bundled test batch, and then the fake-quant switches
# (pt2e-toggle). PT2E_WORK=<folder> keeps every stage's MLIR there.
#
#   examples/conv_relu/run.sh [linalg|tosa]      (default linalg)
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "$0")/lib.sh"
form=${1:-linalg}
x=$golden/test_input.npy

# The model without the oracle's hand-written annotations: pt2e-annotate
# writes them.
strip_annotations "$here/conv_relu.$form.mlir" > "$work/0_float.mlir"
pipe "$work/0_float.mlir" "pt2e-annotate" -o "$work/1_annotated.mlir"
pipe "$work/1_annotated.mlir" "pt2e-prepare" -o "$work/2_prepared.mlir"
pipe "$work/2_prepared.mlir" "pt2e-calibrate{data=$golden/calib.npz}" -o "$work/3_calibrated.mlir"
pipe "$work/3_calibrated.mlir" "pt2e-convert" -o "$work/4_converted.mlir"

echo "# observers after calibration on golden/calib.npz (8 batches, $form model):"
pipe "$work/3_calibrated.mlir" "pt2e-report" -o /dev/null | sed 's/  @ loc(.*//'
echo
echo "# quantized model (pt2e-convert: $(grep -c 'quant.qcast' "$work/4_converted.mlir") quant.qcast, $(grep -c 'quant.scast' "$work/4_converted.mlir") int8 weight) against float, on golden/test_input.npy:"
"$run" "$work/0_float.mlir" --input="$x" --output="$work/float.npy"
"$run" "$work/4_converted.mlir" --input="$x" --output="$work/quantized.npy"
compare "$work/float.npy" "$work/quantized.npy"
echo

# The switches (experiment C): the same model with fake-quant ops.
pipe "$work/1_annotated.mlir" "pt2e-prepare{qat=true},pt2e-calibrate{data=$golden/calib.npz}" \
  -o "$work/5_fake_quant.mlir"
switches() {
  grep -o 'name = "[a-z_0-9]*"\|observer_enabled = [a-z]*\|fake_quant_enabled = [a-z]*' | paste - - -
}
echo "# fake quant (pt2e-prepare{qat=true}, calibrated), both switches on:"
switches < "$work/5_fake_quant.mlir"
echo "# observer off (statistics frozen), fake quant still on:"
pipe "$work/5_fake_quant.mlir" "pt2e-toggle{observer=off}" | switches
echo "# both off (the model computes in float again):"
pipe "$work/5_fake_quant.mlir" "pt2e-toggle{observer=off fake-quant=off}" -o "$work/6_both_off.mlir"
switches < "$work/6_both_off.mlir"
"$run" "$work/6_both_off.mlir" --input="$x" --output="$work/both_off.npy"
echo "output against float: $(compare "$work/float.npy" "$work/both_off.npy")"
