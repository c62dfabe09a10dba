#!/usr/bin/env bash
# Experiment A of the reference notebook: observers at x, the conv weight and
# the relu output, placed by hand-written annotations (XNNPACKQuantizer's
# specs, in conv_relu.<form>.mlir) and by pt2e-annotate on the same model
# without them; both prepared, calibrated on the 8 batches torch saw
# (golden/calib.npz) and compared with each other and with torchao's
# prepare_pt2e + XNNPACKQuantizer (golden/qparams.txt).
#
#   examples/conv_relu/experiment_a.sh [linalg|tosa]     (default linalg)
# Expected output: experiment_a.<form>.expected next to this script.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "$0")/lib.sh"
form=${1:-linalg}
model=$here/conv_relu.$form.mlir
calib="pt2e-calibrate{data=$golden/calib.npz}"

strip_annotations "$model" > "$work/a_plain.mlir"
pipe "$model" "pt2e-prepare" -o "$work/a_hand.mlir"
pipe "$work/a_plain.mlir" "pt2e-annotate,pt2e-prepare" -o "$work/a_auto.mlir"
for m in hand auto; do
  pipe "$work/a_$m.mlir" "$calib" -o "$work/a_${m}_calibrated.mlir"
  pipe "$work/a_${m}_calibrated.mlir" "pt2e-report" -o /dev/null \
    | awk '$1 ~ /^activation_post_process_/ { print $1, $3, $4, $5 }' > "$work/a_$m.observers"
  pipe "$work/a_${m}_calibrated.mlir" "pt2e-report{format=qparams}" -o /dev/null > "$work/a_$m.qparams"
done

echo "# A ($form). Observers placed by the hand-written annotations:"
printf '%-26s %-18s %-20s %s\n' observer watches kind scales
while read -r name watches kind n; do
  printf '%-26s %-18s %-20s %s\n' "$name" "$watches" "$kind" "$n"
done < "$work/a_hand.observers"
if cmp -s "$work/a_hand.observers" "$work/a_auto.observers"; then
  echo "pt2e-annotate places the same observers (names, kinds, scales)"
else
  echo "pt2e-annotate places DIFFERENT observers:"
  diff "$work/a_hand.observers" "$work/a_auto.observers" || true
fi
if cmp -s "$work/a_hand.qparams" "$work/a_auto.qparams"; then
  echo "after calibration: hand-written == pt2e-annotate, every scale and zero point bit for bit"
else
  echo "after calibration: hand-written and pt2e-annotate DIFFER:"
  diff "$work/a_hand.qparams" "$work/a_auto.qparams" || true
fi
echo
echo "# qparams after the 8 batches of golden/calib.npz, ours vs torchao (golden/qparams.txt):"
side_by_side "$golden/qparams.txt" "$work/a_hand.qparams"
