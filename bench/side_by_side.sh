#!/usr/bin/env bash
# Calibration speed side by side with PyTorch (issue 8): the same models and
# the same batches, calibrated by prepare_pt2e + XNNPACKQuantizer in PyTorch
# and by pt2e-annotate + pt2e-prepare + pt2e-calibrate here, alternating the
# two sides, repeated; then one table (bench/README.md explains it).
#
#   bench/side_by_side.sh                 full run (conv_relu, resnet18, mobilenet_v2, mlp, transformer)
#   bench/side_by_side.sh --smoke         conv_relu and a batch-4 MLP, one repetition (seconds;
#                                         a first run with PyTorch spends ~1 min in torch-mlir)
#   bench/side_by_side.sh --ours-only     our side only (no PyTorch needed)
#   options: --repeats N (default 5)  --models "resnet18 mlp"  --observers "histogram minmax"
#            --build DIR (default build)  --work DIR (default BUILD/bench-sbs)
#
# Without the oracle's venv (.venv, or PT2E_VENV: torch, torchao, torch-mlir, numpy;
# tools/oracle/README.md)
# the script runs our side only and says so: the models then come from
# bench/make_model.py (already annotated the XNNPACK way; a model it cannot
# write, such as the transformer, is skipped with a note), the data from
# pt2e-calibrate{random-batches=N}.
#
# When pt2e-calibrate fails on a model, the error is recorded, the run goes
# on (the PyTorch side still runs), the table says "failed" and lists the
# error, and the script exits 1 at the end.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build
work=
repeats=5 smoke=0 ours_only=0
models="conv_relu resnet18 mobilenet_v2 mlp transformer"
observers="histogram minmax"
while [ $# -gt 0 ]; do
  case "$1" in
    --smoke) smoke=1; repeats=1; models="conv_relu mlp"; shift ;;
    --ours-only) ours_only=1; shift ;;
    --repeats) repeats=$2; shift 2 ;;
    --models) models=$2; shift 2 ;;
    --observers) observers=$2; shift 2 ;;
    --build) build=$(cd "$2" && pwd); shift 2 ;;
    --work) work=$2; shift 2 ;;
    *) echo "bench/side_by_side.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
if [ $smoke = 1 ]; then work=${work:-$build/bench-sbs-smoke}; else work=${work:-$build/bench-sbs}; fi
mkdir -p "$work"
# a snapshot of the binaries: others may rebuild the tree during a run
mkdir -p "$work/bin"
cp "$build/bin/pt2e-opt" "$build/bin/bench-sgemm-rate" "$work/bin/"
rm -rf "$work/share" && cp -r "$build/share" "$work/share"   # pt2e-opt reads ../share/pt2e/pt2e.irdl.mlir
opt=$work/bin/pt2e-opt
py=${PT2E_VENV:-$root/.venv}/bin/python
table="python3 $root/bench/pytorch/table.py"

if [ $ours_only = 0 ] && ! { [ -x "$py" ] && "$py" -c 'import torch, torchao, torch_mlir, numpy' 2>/dev/null; }; then
  echo "note: PyTorch (the oracle's .venv: torch, torchao, torch-mlir, numpy) is not available:"
  echo "note: our side only; the PyTorch columns and the qparams check are skipped"
  ours_only=1
fi
if [ $ours_only = 1 ]; then
  # only the models bench/make_model.py can write (its argparse choices: no
  # transformer, which needs PyTorch's export)
  can=$(python3 "$root/bench/make_model.py" --help | grep -o -m1 '{[^}]*}' | tr -d '{}' | tr ',' ' ')
  kept=
  for m in $models; do
    if grep -qw -- "$m" <<<"$can"; then kept="$kept $m"
    else echo "note: $m skipped: our side only, and bench/make_model.py cannot write it (it writes: $can)"; fi
  done
  models=${kept# }
fi

# batch, size, number of batches per model (transformer: size = sequence length)
shape() {
  if [ $smoke = 1 ]; then
    case $1 in conv_relu) echo 4 16 16 ;; mlp) echo 4 0 2 ;; *) echo 1 32 1 ;; esac
  else
    case $1 in conv_relu) echo 4 16 256 ;; mlp) echo 256 0 8 ;; transformer) echo 8 128 8 ;; *) echo 8 224 4 ;; esac
  fi
}

results=$work/results.txt
: >"$results"
echo "kind=info commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo -) pt2e_opt_mtime=$(stat -c %y "$build/bin/pt2e-opt" | cut -c1-19 | tr ' ' T) date=$(date -u +%FT%TZ)" >>"$results"
timefmt() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", b - a }'; }
now() { date +%s.%N; }

# --- setup: models, data, prepared modules (not timed in the table) ---------
for m in $models; do
  read -r batch size nb < <(shape "$m")
  if [ $ours_only = 1 ]; then
    : # the models are written per observer below
  else
    if [ ! -f "$work/$m.meta" ]; then
      echo "setup: exporting $m with torch-mlir (batch $batch, size $size, $nb batches)" >&2
      "$py" "$root/bench/pytorch/side_by_side.py" export "$m" --batch "$batch" --size "$size" \
        --batches "$nb" --dir "$work"
    fi
    # the export's facts (flops, batch, torch_observers, ...) as meta_* variables
    # shellcheck source=/dev/null # written by side_by_side.py export
    . <(sed 's/^/meta_/' "$work/$m.meta")
    # shellcheck disable=SC2154 # meta_*: from the .meta file just sourced
    echo "kind=meta model=$m flops=$meta_flops batch=$meta_batch batches=$meta_batches export_s=$meta_export_s" >>"$results"
  fi
  for o in $observers; do
    t0=$(now)
    if [ $ours_only = 1 ]; then
      # make_model.py writes the annotations itself, with the observer asked for
      # (written once, in pure Python: slow for big models; the other
      # observer's copy differs only in the observer's name)
      if [ ! -f "$work/$m.annotated.mlir" ]; then
        python3 "$root/bench/make_model.py" "$m" --batch "$batch" --size "${size/#0/224}" \
          -o "$work/$m.annotated.mlir"
      fi
      sed "s/observer = \"histogram\"/observer = \"$o\"/g" "$work/$m.annotated.mlir" >"$work/$m.$o.annotated.mlir"
      cp "$work/$m.annotated.mlir.meta" "$work/$m.$o.annotated.mlir.meta"
      "$opt" "$work/$m.$o.annotated.mlir" -p 'builtin.module(pt2e-prepare)' -o "$work/$m.$o.prepared.mlir"
      grep -q "^kind=meta model=$m " "$results" ||
        echo "kind=meta model=$m $(sed -n 's/^flops=//p' "$work/$m.$o.annotated.mlir.meta" | sed 's/^/flops=/') batch=$batch batches=$nb export_s=-" >>"$results"
    else
      "$opt" "$work/$m.mlir" -o "$work/$m.$o.prepared.mlir" \
        -p "builtin.module(pt2e-annotate{activation-observer=$o}, pt2e-prepare)"
    fi
    t1=$(now)
    n_ours=$(grep -c 'pt2e.observer' "$work/$m.$o.prepared.mlir" || true)
    n_torch=-
    if [ $ours_only = 0 ]; then
      # shellcheck disable=SC2154 # meta_*: from the model's .meta file, sourced above
      n_torch=$([ "$o" = minmax ] && echo "$meta_torch_observers_minmax" || echo "$meta_torch_observers")
    fi
    echo "kind=prep model=$m obs=$o prepare_s=$(timefmt "$t0" "$t1") ours_observers=$n_ours torch_observers=$n_torch" >>"$results"
  done
done

# --- the runs: alternate the sides, repeat ----------------------------------
run_ours() { # model observer rep
  local m=$1 o=$2 r=$3 data out line
  read -r batch size nb < <(shape "$m")
  if [ $ours_only = 1 ]; then data="random-batches=$nb"; else data="data=$work/$m.calib.npz"; fi
  rm -f "$work/$m.$o.ours.qparams" "$work/$m.$o.ours.table"
  out=$("$opt" "$work/$m.$o.prepared.mlir" --mlir-timing -o /dev/null \
    -p "builtin.module(pt2e-calibrate{$data timing=on}, pt2e-report{format=qparams output=$work/$m.$o.ours.qparams}, pt2e-report{output=$work/$m.$o.ours.table})" 2>&1) || {
    echo "$out" | grep -v -e '^ *[0-9.]* ([ 0-9.]*%)' -e '^===\|Execution time report\|Total Execution Time\|----Wall Time----' | head -5 >&2 || true
    echo "bench/side_by_side.sh: pt2e-calibrate failed on $m ($o); going on, the table lists it" >&2
    echo "kind=fail side=ours model=$m obs=$o rep=$r error=$(grep -m1 'error:' <<<"$out" | sed "s|$work/||g" | tr ' ' ';')" >>"$results"
    failed=1
    return 0; }
  line=$(grep '^pt2e-calibrate:' <<<"$out")
  echo "kind=run side=ours model=$m obs=$o rep=$r $(sed -E 's/.* batches in ([0-9.]+) s.*observers ([0-9.]+) s.*peak RSS ([0-9.]+) MiB.*/loop_s=\1 observer_s=\2 rss_mib=\3/' <<<"$line") parse_s=$(grep 'Parser' <<<"$out" | awk '{print $1}')" >>"$results"
}
run_torch() {
  local m=$1 o=$2 r=$3 kv
  read -r batch size nb < <(shape "$m")
  kv=$("$py" "$root/bench/pytorch/side_by_side.py" torch "$m" --batch "$batch" --size "$size" \
    --data "$work/$m.calib.npz" --observer "$o" --qparams "$work/$m.$o.torch.qparams")
  echo "kind=run side=torch model=$m obs=$o rep=$r $kv" >>"$results"
}

failed=0
for r in $(seq "$repeats"); do
  for m in $models; do
    echo "kind=sgemm rep=$r model=$m sgemm=$("$work/bin/bench-sgemm-rate" 1024 5 | sed 's/.*sgemm_gflops=\([0-9.]*\).*/\1/')" >>"$results"
    for o in $observers; do
      echo "run $r/$repeats: $m ($o)" >&2
      if [ $ours_only = 1 ]; then
        run_ours "$m" "$o" "$r"
      elif [ $((r % 2)) = 1 ]; then
        run_ours "$m" "$o" "$r"; run_torch "$m" "$o" "$r"
      else
        run_torch "$m" "$o" "$r"; run_ours "$m" "$o" "$r"
      fi
    done
  done
done

# --- equal work: the qparams of both sides ----------------------------------
for m in $models; do
  for o in $observers; do
    prep=$(grep "^kind=prep model=$m obs=$o " "$results")
    if [ $ours_only = 1 ]; then
      text="skipped;(no;PyTorch)"
    elif [ ! -f "$work/$m.$o.ours.qparams" ]; then
      text="skipped;(ours;failed)"
    else
      # Histogram: the walkthrough's tolerance (the conv->relu output, 1.09e-2
      # relative, from the convolution's summation order); MinMax: 1e-5
      rtol=$([ "$o" = minmax ] && echo 1e-5 || echo 1.1e-2)
      # The transformer's observers are numbered differently on the two sides
      # (torch observes its eval dropouts): pair them by the placement
      # oracle's map, made on the same TransformerEncoderLayer graph (its
      # observers do not depend on the layer's sizes).
      pairing=()
      [ "$m" = transformer ] && pairing=(--map "$root/test/oracle-placement/transformer.map")
      text=$($table compare --rtol "$rtol" "${pairing[@]}" --prepared "$work/$m.$o.prepared.mlir" \
        "$work/$m.$o.torch.qparams" "$work/$m.$o.ours.qparams" "$work/$m.$o.ours.table" | tr ' ' ';')
    fi
    echo "kind=check model=$m obs=$o ${prep#"kind=prep model=$m obs=$o "} text=$text" >>"$results"
  done
done

$table summary "$results"
if [ $ours_only = 1 ]; then
  echo "note: our side only (PyTorch absent or --ours-only): models from bench/make_model.py, random-batches data"
fi
echo "results: $results"
if [ $failed = 1 ]; then
  echo "bench/side_by_side.sh: pt2e-calibrate failed on some models (listed above)" >&2
  exit 1
fi
