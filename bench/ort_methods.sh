#!/bin/bash
# Int8 output SQNR and calibration time of each activation observer
# (torchao's histogram and minmax, ONNX Runtime's percentile, entropy,
# distribution) on exported models: calibrated on every batch of
# <model>.calib.npz but the last, tested on the last against the float model.
#
#   bench/ort_methods.sh EXPORTS [MODELS...]
#     EXPORTS: a folder with <model>.mlir and <model>.calib.npz (arg0 only),
#              as bench/make_model.py writes them (default models:
#              transformer resnet18 mobilenet_v2)
#   PYTHON=... a python with numpy, to split the batches (default python3)
#   BUILD=...  the build folder (default build)
# The time is pt2e-opt's annotate + prepare + calibrate, wall clock.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
exports=$1; shift
models=${*:-transformer resnet18 mobilenet_v2}
bin=${BUILD:-$root/build}/bin
py=${PYTHON:-python3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for m in $models; do
  "$py" - "$exports/$m.calib.npz" "$work/$m" <<'PY'
import sys, numpy as np
z = np.load(sys.argv[1])["arg0"]
np.savez(sys.argv[2] + ".calib.npz", arg0=z[:-1])
np.save(sys.argv[2] + ".test.npy", z[-1])
PY
  "$bin/pt2e-run" "$exports/$m.mlir" --input="$work/$m.test.npy" --output="$work/$m.float.npy" >/dev/null
  for obs in "histogram" "minmax" "percentile percentile=99.99" "percentile" "entropy" "distribution"; do
    t0=$(date +%s.%N)
    "$bin/pt2e-opt" "$exports/$m.mlir" -o "$work/cal.mlir" \
      -p "builtin.module(pt2e-annotate{activation-observer=$obs},pt2e-prepare,pt2e-calibrate{data=$work/$m.calib.npz})"
    t1=$(date +%s.%N)
    "$bin/pt2e-opt" "$work/cal.mlir" -o "$work/q.mlir" -p 'builtin.module(pt2e-convert)'
    "$bin/pt2e-run" "$work/q.mlir" --input="$work/$m.test.npy" --output="$work/q.npy" >/dev/null
    r=$("$bin/pt2e-run" --compare "$work/$m.float.npy" "$work/q.npy" | head -1)
    printf 'model=%s obs=%q calibrate_s=%.2f %s\n' "$m" "$obs" "$(echo "$t1 - $t0" | bc)" "$r"
  done
done
