#!/bin/sh
# Oracle 1 on whole models: each prepared model is calibrated, converted and
# lowered by pt2e-lower-int8{target=tosa}; its integer core (integer_core.py)
# runs in TOSA's reference model on the int8 input the model itself computes
# (its own quant.qcast, run by pt2e-run), and the whole model runs in pt2e-run
# on the float input; int-npy-diff --dequantized compares the two.
#
#   models_vs_reference.sh BUILD PREPARED_DIR WORK MODEL[:OBSERVER] ...
#
# BUILD: a build with pt2e-opt (with pt2e-lower-int8), pt2e-run and
# int-npy-diff in bin/; PREPARED_DIR: <model>.<observer>.prepared.mlir and
# <model>.calib.npz (bench/pytorch/side_by_side.py's exports, as in /tmp/sbs-bn);
# the test input is the first calibration batch. Needs the TOSA venv's python
# (TOSA_PY, default $VENV_TOSA/bin/python, VENV_TOSA defaulting to .venv-tosa at
# the repository root) and python3 for integer_core.py.
set -eu
BUILD=$1 DATA=$2 WORK=$3
shift 3
HERE=$(cd "$(dirname "$0")" && pwd)
PY=${TOSA_PY:-${VENV_TOSA:-$HERE/../../../.venv-tosa}/bin/python}
mkdir -p "$WORK"
for spec in "$@"; do
  model=${spec%%:*}
  obs=minmax
  case $spec in *:*) obs=${spec#*:} ;; esac
  w=$WORK/$model.$obs
  mkdir -p "$w"
  "$BUILD/bin/pt2e-opt" "$DATA/$model.$obs.prepared.mlir" \
    -p "builtin.module(pt2e-calibrate{data=$DATA/$model.calib.npz},pt2e-convert,pt2e-lower-int8{target=tosa})" \
    -o "$w/int8.mlir" > "$w/lower.log" 2>&1
  python3 "$HERE/integer_core.py" "$w/int8.mlir" "$w/core.mlir" "$w/quantize.mlir" > "$w/qparams.txt"
  "$PY" -c "import numpy as np, sys; np.save(sys.argv[2], np.load(sys.argv[1])['arg0'][0])" \
    "$DATA/$model.calib.npz" "$w/x.npy"
  "$BUILD/bin/pt2e-run" "$w/quantize.mlir" --input="$w/x.npy" --output="$w/x_i8.npy"
  entry=$(sed -n 's/.*func\.func @\([A-Za-z0-9_]*\)(.*/\1/p' "$w/core.mlir" | head -1)
  t0=$(date +%s)
  "$PY" "$HERE/run_reference.py" "$w/core.mlir" --entry="$entry" --input="$w/x_i8.npy" --output="$w/ref.npy"
  t1=$(date +%s)
  "$BUILD/bin/pt2e-run" "$w/int8.mlir" --input="$w/x.npy" --output="$w/ours.npy"
  t2=$(date +%s)
  oq=$(sed -n 's/^output //p' "$w/qparams.txt")
  ops=$(grep -o 'tosa\.[a-z_0-9]*' "$w/core.mlir" | grep -v '^tosa\.shape$' | sort | uniq -c | awk '{printf "%s %s, ", $2, $1}')
  echo "$model ($obs): reference model $((t1 - t0)) s, pt2e-run $((t2 - t1)) s; ops: $ops"
  "$BUILD/bin/int-npy-diff" --dequantized="$oq" "$w/ref.npy" "$w/ours.npy" | head -1
  # The Q/DQ model (pt2e-convert's float ops between the casts, PT2E's
  # reference semantics with our qparams) against the int8 one: what the
  # integer requantization changes.
  "$BUILD/bin/pt2e-opt" "$DATA/$model.$obs.prepared.mlir" \
    -p "builtin.module(pt2e-calibrate{data=$DATA/$model.calib.npz},pt2e-convert)" -o "$w/qdq.mlir"
  "$BUILD/bin/pt2e-run" "$w/qdq.mlir" --input="$w/x.npy" --output="$w/qdq.npy"
  "$PY" -c "import numpy as np, sys; s, z = sys.argv[3].split(':'); y = np.load(sys.argv[1]); \
np.save(sys.argv[2], (np.rint(y.astype(np.float64) / float(s)) + int(z)).astype(np.int8))" "$w/qdq.npy" "$w/qdq_q.npy" "$oq"
  echo "  int8 TOSA against the Q/DQ model:"
  "$BUILD/bin/int-npy-diff" --max-diff=1000 --dequantized="$oq" "$w/qdq_q.npy" "$w/ours.npy" | head -1
  if [ -f "$w/torch_q.npy" ]; then
    echo "  int8 TOSA against torch's int8 (torch_models.py; torch's own qparams):"
    "$BUILD/bin/int-npy-diff" --max-diff=1000 --dequantized="$oq" "$w/torch_q.npy" "$w/ours.npy" | head -1
    echo "  our Q/DQ model against torch's int8:"
    "$BUILD/bin/int-npy-diff" --max-diff=1000 "$w/torch_q.npy" "$w/qdq_q.npy" | head -1
  fi
done
