#!/usr/bin/env bash
# Experiment C of the reference notebook: fake quant's two switches. Starting
# from experiment B's fake-quant model after one forward of x (both switches
# on), as the notebook does:
#   1. both on, a batch of 5x data (golden/c_big5.npz): x's scale rises;
#   2. pt2e-toggle{observer=off}, a batch of 50x data (c_big50.npz): it stays;
#   3. pt2e-toggle{fake-quant=off}: the output on x is the float model's.
# A "batch" is a pt2e-calibrate run: it continues from the statistics saved
# in the IR, as the PyTorch module keeps its buffers. Compared with PyTorch's
# scales after the same steps (golden/c_step*.qparams.txt, c_switches.txt).
#
#   examples/conv_relu/experiment_c.sh [linalg|tosa]     (default linalg)
# Expected output: experiment_c.<form>.expected next to this script.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "$0")/lib.sh"
form=${1:-linalg}
x=$golden/test_input.npy

strip_annotations "$here/conv_relu.$form.mlir" > "$work/c_float.mlir"
pipe "$work/c_float.mlir" \
  "pt2e-annotate{activation-observer=minmax},pt2e-prepare{qat=true},pt2e-calibrate{data=$golden/test_input.npz}" \
  -o "$work/c_0.mlir"
pipe "$work/c_0.mlir" "pt2e-calibrate{data=$golden/c_big5.npz}" -o "$work/c_1.mlir"
pipe "$work/c_1.mlir" "pt2e-toggle{observer=off},pt2e-calibrate{data=$golden/c_big50.npz}" -o "$work/c_2.mlir"
pipe "$work/c_2.mlir" "pt2e-toggle{fake-quant=off}" -o "$work/c_3.mlir"
for i in 0 1 2; do
  pipe "$work/c_$i.mlir" "pt2e-report{format=qparams}" -o /dev/null > "$work/c_$i.qparams"
done
"$run" "$work/c_float.mlir" --input="$x" --output="$work/c_float.npy"
"$run" "$work/c_3.mlir" --input="$x" --output="$work/c_3.npy"

switches() { # the switches of x's fake quant in model $1
  grep -o 'fake_quant_enabled = [a-z]*, name = "activation_post_process_0", observer_enabled = [a-z]*' "$1" \
    | sed -E 's/fake_quant_enabled = (true|false).*observer_enabled = (true|false)/observer=\2 fake_quant=\1/;
              s/true/1/g; s/false/0/g'
}
# PyTorch's x scale before -> after step $1 (c_switches.txt, f32 bits)
theirs() {
  sed -n "$(($1 + 2))s/.* scale=\([0-9a-f]*\)->\([0-9a-f]*\) .*/\1 \2/p" "$golden/c_switches.txt"
}
echo "# C ($form). The scale of x's fake quant (activation_post_process_0), ours and PyTorch's:"
printf '%-26s %-30s %-24s %-24s %s\n' switches "what happened" "ours" "PyTorch" "ours vs PyTorch"
i=0
for step in "c_big5.npz (5x)" "c_big50.npz (50x)"; do
  a=$(field activation_post_process_0 scale "$work/c_$i.qparams")
  b=$(field activation_post_process_0 scale "$work/c_$((i + 1)).qparams")
  read -r ta tb <<<"$(theirs "$((i + 1))")"
  same=$([ "$a $b" = "$ta $tb" ] && echo bit-identical || echo DIFFERENT)
  printf '%-26s %-30s %-24s %-24s %s\n' "$(switches "$work/c_$((i + 1)).mlir")" "one batch of $step" \
    "$(f32 "$a") -> $(f32 "$b")" "$(f32 "$ta") -> $(f32 "$tb")" "$same"
  i=$((i + 1))
done
back=$(value bit_identical "$(compare "$work/c_float.npy" "$work/c_3.npy")")
tback=$(sed -n 's/.*output_on_x_equals_float=True/yes/p; s/.*output_on_x_equals_float=False/no/p' "$golden/c_switches.txt")
printf '%-26s %-30s %-24s %-24s %s\n' "$(switches "$work/c_3.mlir")" "output on x == float?" \
  "$back" "$tback" "$([ "$back" = "$tback" ] && echo same || echo DIFFERENT)"
echo
echo "# every fake quant after step 1, ours vs PyTorch (golden/c_step1.qparams.txt):"
side_by_side "$golden/c_step1.qparams.txt" "$work/c_1.qparams"
echo
echo "# after step 2 (golden/c_step2.qparams.txt):"
side_by_side "$golden/c_step2.qparams.txt" "$work/c_2.qparams"
