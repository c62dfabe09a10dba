#!/usr/bin/env bash
# Calibration benchmark: prepares a generated model with XNNPACK-style
# annotations, calibrates it with pt2e-calibrate on synthetic batches and
# prints one table row per model, with the sgemm rate measured in the same
# run as the baseline.
#
#   bench/calibrate.sh                       ResNet-18, 224x224, batch 8, 4 batches
#   bench/calibrate.sh --model mlp --batch 256
#   bench/calibrate.sh --observer minmax     MinMax activation observers
#   bench/calibrate.sh --smoke               tiny sizes, for the test suite
#
# Figures: images/s; achieved GFLOP/s (forward FLOPs of convs and matmuls /
# calibration-loop time) and its share of the sgemm rate; the share of the
# loop spent in observers; memory: 'interp' is the most the calibration loop
# held through pt2eAlloc at once (activations, observer state; the weights
# stay in their MLIR attributes, borrowed), 'RSS' the process's peak
# resident set (MLIR's parsed module and libMLIR included), both against
# the bound "weights + 3 x the largest activation". Parse time separately.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${PT2E_BUILD:-$root/build}
model=resnet18 batch=8 size=224 batches=4 observer=histogram repeats=1
while [ $# -gt 0 ]; do
  case "$1" in
    --model) model=$2; shift 2 ;;
    --batch) batch=$2; shift 2 ;;
    --size) size=$2; shift 2 ;;
    --batches) batches=$2; shift 2 ;;
    --observer) observer=$2; shift 2 ;;
    --repeats) repeats=$2; shift 2 ;;
    --smoke) batch=1 size=32 batches=1; shift ;;
    *) echo "bench/calibrate.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done

work=${PT2E_BENCH_DIR:-$build/bench}
mkdir -p "$work"
mlir="$work/$model-b$batch-s$size-$observer.mlir"
[ -f "$mlir" ] || python3 "$root/bench/make_model.py" "$model" --batch "$batch" \
  --size "$size" --observer "$observer" -o "$mlir"
# the model's facts (batch, flops, weight_bytes, ...) as meta_* variables
# shellcheck source=/dev/null # written by make_model.py next to the model
. <(sed 's/^/meta_/' "$mlir.meta")

"$build/bin/pt2e-opt" "$mlir" -p 'builtin.module(pt2e-prepare)' -o "$work/prepared.mlir"

printf '%-10s %5s %7s %10s %8s %8s %6s %9s %9s %9s %9s %7s\n' model batch batches \
  'images/s' 'GFLOP/s' 'sgemm' share observers 'interp' 'RSS MiB' 'bound' 'parse s'
# The loop's sed commands keep a capture group (no ${var/...} equivalent); its
# meta_* variables come from the .meta file sourced above.
# shellcheck disable=SC2001,SC2154
for _ in $(seq "$repeats"); do
  # the baseline is measured next to each run: this machine is shared
  sgemm=$("$build/bin/bench-sgemm-rate" 1024 5 | sed 's/.*sgemm_gflops=\([0-9.]*\).*/\1/')
  out=$("$build/bin/pt2e-opt" "$work/prepared.mlir" --mlir-timing -o /dev/null \
    -p "builtin.module(pt2e-calibrate{random-batches=$batches timing=on})" 2>&1)
  line=$(grep '^pt2e-calibrate:' <<<"$out")
  secs=$(sed 's/.* batches in \([0-9.]*\) s.*/\1/' <<<"$line")
  obs=$(sed 's/.*observers [0-9.]* s (\([0-9.]*\)%).*/\1/' <<<"$line")
  rss=$(sed 's/.*peak RSS \([0-9.]*\) MiB.*/\1/' <<<"$line")
  interp=$(sed 's/.*interpreter peak \([0-9.]*\) MiB.*/\1/' <<<"$line")
  parse=$(grep 'Parser' <<<"$out" | awk '{print $1}')
  awk -v m="$model" -v b="$meta_batch" -v n="$batches" -v s="$secs" -v f="$meta_flops" \
      -v g="$sgemm" -v o="$obs" -v rss="$rss" -v ip="$interp" -v w="$meta_weight_bytes" \
      -v a="$meta_largest_activation_bytes" -v p="$parse" 'BEGIN {
    gf = f * n / s / 1e9
    printf "%-10s %5d %7d %10.2f %8.2f %8.2f %5.0f%% %8.1f%% %9.1f %9.1f %9.1f %7.3f\n",
      m, b, n, b * n / s, gf, g, 100 * gf / g, o, ip, rss, (w + 3 * a) / 1048576, p
  }'
done
