#!/usr/bin/env bash
# Experiment B of the reference notebook: the same three positions (x, the
# conv weight, the relu output) with fake-quant ops instead of observers:
# MinMax for the activations, per-channel MinMax for the weight, as the
# notebook's FakeQuantize. pt2e-annotate{activation-observer=minmax} writes
# that spec (XNNPACK's weight spec is already per-channel MinMax), and
# pt2e-prepare{qat=true} inserts pt2e.fake_quant ops. Run on the test batch x
# (golden/test_input.npy) against the float model, and compared with
# PyTorch's outputs and SQNRs (golden/sqnr.txt, golden/fq_*).
#
#   examples/conv_relu/experiment_b.sh [linalg|tosa]     (default linalg)
# Expected output: experiment_b.<form>.expected next to this script.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "$0")/lib.sh"
form=${1:-linalg}
x=$golden/test_input.npy

strip_annotations "$here/conv_relu.$form.mlir" > "$work/b_float.mlir"
pipe "$work/b_float.mlir" "pt2e-annotate{activation-observer=minmax},pt2e-prepare" -o "$work/b_observer.mlir"
pipe "$work/b_float.mlir" "pt2e-annotate{activation-observer=minmax},pt2e-prepare{qat=true}" -o "$work/b_fq.mlir"
# As the notebook: fresh fake quants, one forward of x with both switches on
# (test_input.npz is x with a batch dimension of 1).
pipe "$work/b_fq.mlir" "pt2e-calibrate{data=$golden/test_input.npz}" -o "$work/b_fq_once.mlir"
# Calibrated: the 8 batches with both switches on, then the observers off.
pipe "$work/b_fq.mlir" "pt2e-calibrate{data=$golden/calib.npz},pt2e-toggle{observer=off}" -o "$work/b_fq_calib.mlir"
for m in float observer fq_once fq_calib; do
  "$run" "$work/b_$m.mlir" --input="$x" --output="$work/b_$m.npy"
done
for m in fq_once fq_calib; do
  pipe "$work/b_$m.mlir" "pt2e-report{format=qparams}" -o /dev/null > "$work/b_$m.qparams"
done

obs=$(compare "$work/b_float.npy" "$work/b_observer.npy")
echo "# B ($form). Outputs on golden/test_input.npy against our float model's:"
printf '%-38s %-16s %-20s %s\n' model "output == float" "SQNR vs float (dB)" "PyTorch's SQNR (dB)"
printf '%-38s %-16s %-20s %s\n' "observers only (MinMax)" "$(value bit_identical "$obs")" - "- (output == float: yes)"
for m in fq_once fq_calib; do
  line=$(compare "$work/b_float.npy" "$work/b_$m.npy")
  theirs=$(sed -n "s/^$m f32=\([^ ]*\).*/\1/p" "$golden/sqnr.txt")
  case $m in
    fq_once) what="fake quant, one forward of x" ;;
    fq_calib) what="fake quant, 8 batches, observer off" ;;
  esac
  printf '%-38s %-16s %-20s %s\n' "$what" "$(value bit_identical "$line")" \
    "$(value sqnr_db "$line")" "$theirs (difference $(awk -v a="$(value sqnr_db "$line")" -v b="$theirs" 'BEGIN { printf "%.5f", a - b }'))"
done
echo
echo "# our outputs against PyTorch's (golden/*.npy):"
echo "float model:                         $(compare "$golden/float_output.npy" "$work/b_float.npy")"
echo "fake quant, one forward of x:        $(compare "$golden/fq_once_output.npy" "$work/b_fq_once.npy")"
echo "fake quant, 8 batches, observer off: $(compare "$golden/fq_calib_output.npy" "$work/b_fq_calib.npy")"
echo
echo "# fake-quant qparams after one forward of x, ours vs PyTorch (golden/fq_once.qparams.txt):"
side_by_side "$golden/fq_once.qparams.txt" "$work/b_fq_once.qparams"
echo
echo "# after the 8 batches, ours vs PyTorch (golden/fq_calib.qparams.txt):"
side_by_side "$golden/fq_calib.qparams.txt" "$work/b_fq_calib.qparams"
