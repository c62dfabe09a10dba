#!/usr/bin/env bash
# The int8 model against the float model in our interpreter (issue 34):
# each model exported once (bench/pytorch/side_by_side.py, BatchNorm as
# users export it), annotated, calibrated on its one batch, converted and
# lowered with pt2e-lower-int8; then pt2e-run on the float model and on the
# int8 model, alternating, repeated, whole runs (parse, compile and run) on
# the same input; one table of medians and the int8 / float ratio.
#
#   bench/int8_speed.sh                  ResNet-18 and MobileNetV2 (8x3x224x224), the MLP (256x1024), 5 repeats
#   bench/int8_speed.sh --smoke          the MLP at batch 8, one repeat (the lit smoke test)
#   options: --repeats N  --models "resnet18 mlp"  --build DIR (default build)  --work DIR
#            --baseline DIR   another build's pt2e-run on the same int8 model, in the
#                             same alternation (its int8 / float ratio gets a column)
#
# Also checks, once per model, that the int8 output is the same bytes with
# PT2E_ISA=scalar (the plain loops) and with the baseline: integer kernels
# are exact, so a difference is a bug, and the script exits 1.
#
# Needs the oracle's venv for the export (PT2E_VENV, or .venv, or
# PT2E_IMPORT_PYTHON's: torch, torchao, torch-mlir, numpy).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build
work='' baseline=''
repeats=5 smoke=0
models="resnet18 mobilenet_v2 mlp"
while [ $# -gt 0 ]; do
  case "$1" in
    --smoke) smoke=1; repeats=1; models="mlp"; shift ;;
    --repeats) repeats=$2; shift 2 ;;
    --models) models=$2; shift 2 ;;
    --build) build=$(cd "$2" && pwd); shift 2 ;;
    --baseline) baseline=$(cd "$2" && pwd); shift 2 ;;
    --work) work=$2; shift 2 ;;
    *) echo "bench/int8_speed.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
if [ $smoke = 1 ]; then work=${work:-$build/bench-int8-smoke}; else work=${work:-$build/bench-int8}; fi
mkdir -p "$work/bin"
# a snapshot of the binaries: others may rebuild the trees during a run
cp "$build/bin/pt2e-opt" "$build/bin/pt2e-run" "$work/bin/"
rm -rf "$work/share" && cp -r "$build/share" "$work/share" # pt2e-opt reads ../share/pt2e/pt2e.irdl.mlir
opt=$work/bin/pt2e-opt run=$work/bin/pt2e-run base=
if [ -n "$baseline" ]; then
  mkdir -p "$work/base/bin" && cp "$baseline/bin/pt2e-run" "$work/base/bin/"
  rm -rf "$work/base/share"
  if [ -d "$baseline/share" ]; then cp -r "$baseline/share" "$work/base/share"; fi
  base=$work/base/bin/pt2e-run
fi
py=
for cand in "${PT2E_VENV:+$PT2E_VENV/bin/python}" "$root/.venv/bin/python" "${PT2E_IMPORT_PYTHON:-}"; do
  if [ -n "$cand" ] && [ -x "$cand" ] && "$cand" -c 'import torch, torch_mlir, numpy' 2>/dev/null; then
    py=$cand
    break
  fi
done
[ -n "$py" ] || { echo "bench/int8_speed.sh: no Python with torch, torch-mlir and numpy (PT2E_VENV)" >&2; exit 2; }

shape() { # batch size
  if [ $smoke = 1 ]; then echo 8 0; else case $1 in mlp) echo 256 0 ;; *) echo 8 224 ;; esac; fi
}
now() { date +%s.%N; }

# --- setup (not timed): export, int8 model, input ------------------------
for m in $models; do
  read -r batch size < <(shape "$m")
  if [ ! -f "$work/$m.mlir" ]; then
    echo "setup: exporting $m (batch $batch)" >&2
    "$py" "$root/bench/pytorch/side_by_side.py" export "$m" --batch "$batch" --size "$size" \
      --batches 1 --dir "$work" >&2
  fi
  if [ ! -f "$work/$m.int8.mlir" ]; then
    "$opt" "$work/$m.mlir" -o "$work/$m.converted.mlir" -p \
      "builtin.module(pt2e-annotate{activation-observer=minmax}, pt2e-prepare, pt2e-calibrate{data=$work/$m.calib.npz}, pt2e-convert)"
    "$opt" "$work/$m.converted.mlir" -o "$work/$m.int8.mlir" -p 'builtin.module(pt2e-lower-int8)' \
      2>"$work/$m.lower.log"
    tail -1 "$work/$m.lower.log" >&2 # the summary: what was lowered, what was left
  fi
  "$py" -c 'import numpy as np, sys; np.save(sys.argv[2], np.load(sys.argv[1])["arg0"][0])' \
    "$work/$m.calib.npz" "$work/$m.input.npy"
done

# --- exactness: the kernels against the plain loops (and the baseline) ---
status=0
for m in $models; do
  "$run" "$work/$m.int8.mlir" --input="$work/$m.input.npy" --output="$work/$m.int8.out.npy"
  PT2E_ISA=scalar "$run" "$work/$m.int8.mlir" --input="$work/$m.input.npy" --output="$work/$m.int8.scalar.npy"
  same=yes
  cmp -s "$work/$m.int8.out.npy" "$work/$m.int8.scalar.npy" || { same=no; status=1; }
  line="check $m: int8 output with PT2E_ISA=scalar: bit-identical=$same"
  if [ -n "$base" ]; then
    "$base" "$work/$m.int8.mlir" --input="$work/$m.input.npy" --output="$work/$m.int8.base.npy"
    sameb=yes
    cmp -s "$work/$m.int8.out.npy" "$work/$m.int8.base.npy" || { sameb=no; status=1; }
    line="$line, with the baseline: bit-identical=$sameb"
  fi
  echo "$line"
done

# --- the runs: alternate float, int8 (and the baseline's int8), repeat -----
results=$work/results.txt
: >"$results"
timed() { # kind model binary model-file
  local t0 t1
  t0=$(now)
  "$3" "$4" --input="$work/$2.input.npy" --output="$work/$2.$1.timed.npy"
  t1=$(now)
  echo "$1 $2 $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }')" >>"$results"
}
for ((r = 1; r <= repeats; r++)); do
  for m in $models; do
    timed float "$m" "$run" "$work/$m.mlir"
    timed int8 "$m" "$run" "$work/$m.int8.mlir"
    if [ -n "$base" ]; then timed base "$m" "$base" "$work/$m.int8.mlir"; fi
  done
done

# --- the table: medians ----------------------------------------------------
median() { grep "^$1 $2 " "$results" | awk '{ print $3 }' | sort -n |
  awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
echo
echo "pt2e-run, whole runs (parse, compile, run), median of $repeats, PT2E_NUM_THREADS=${PT2E_NUM_THREADS:-all}; int8 / float below 1: int8 faster"
if [ -n "$base" ]; then
  echo "| model | float s | int8 s | int8 / float | baseline int8 s | baseline int8 / float |"
  echo "|---|---|---|---|---|---|"
else
  echo "| model | float s | int8 s | int8 / float |"
  echo "|---|---|---|---|"
fi
for m in $models; do
  read -r batch size < <(shape "$m")
  f=$(median float "$m") i=$(median int8 "$m")
  row="| $m (batch $batch) | $f | $i | $(awk -v a="$i" -v b="$f" 'BEGIN { printf "%.2f", a / b }') |"
  if [ -n "$base" ]; then
    b=$(median base "$m")
    row="$row $b | $(awk -v a="$b" -v c="$f" 'BEGIN { printf "%.2f", a / c }') |"
  fi
  echo "$row"
done
exit $status
