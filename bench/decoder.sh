#!/usr/bin/env bash
# A Qwen2-0.5B-shaped decoder calibrated side by side with PyTorch (issue 33,
# "Scale and speed"): static XNNPACK recipe (per-channel int8 weights,
# Histogram activations) on 32 sequences of 256 tokens, ours
# (tools/pt2e-import to linalg MLIR, then pt2e-opt
# 'pt2e-annotate,pt2e-prepare,pt2e-calibrate{data=...}') against torchao 0.18
# (prepare_pt2e with XNNPACKQuantizer, the same 32 forward passes); then one
# table (bench/README.md, "A decoder LM", explains it).
#
#   bench/decoder.sh                  the benchmark: 24 layers, 32 sequences, one repetition
#   bench/decoder.sh --layers 2 --batches 4     a small run to try the script
#   bench/decoder.sh --smoke          one layer, 2 sequences, vocabulary 512 (lit: test/bench/decoder-smoke.test)
#   options: --layers N (24)  --batches B (32)  --repeats R (1; odd: ours first, even: PyTorch first)
#            --build DIR (default build)  --work DIR (default BUILD/bench-decoder-LLAYERS)
#            --ours-only (no PyTorch run; the export still needs PT2E_IMPORT_PYTHON's torch)
#
# The model: bench/pytorch/qwen2.py (Qwen2-0.5B's config, vocabulary cut to
# 32000, random weights after torch.manual_seed(0)). Python: PT2E_IMPORT_PYTHON
# (default .venv/bin/python) with torch, torchao, torch-mlir, transformers.
# Heavy: with 24 layers the MLIR text is ~3 GB and each side peaks at several
# GiB; the two sides run one after the other, never at once.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build
work=
layers=24 batches=32 repeats=1 ours_only=0 smoke=0
while [ $# -gt 0 ]; do
  case "$1" in
    --layers) layers=$2; shift 2 ;;
    --batches) batches=$2; shift 2 ;;
    --repeats) repeats=$2; shift 2 ;;
    --ours-only) ours_only=1; shift ;;
    --smoke) layers=1; batches=2; smoke=1; shift ;;
    --build) build=$(cd "$2" && pwd); shift 2 ;;
    --work) work=$2; shift 2 ;;
    *) echo "bench/decoder.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
work=${work:-$build/bench-decoder-L$layers}
# --smoke: the script's own test (test/bench/decoder-smoke.test), a model
# small enough for seconds: one layer, 2 sequences, the vocabulary cut to 512
[ $smoke = 1 ] && export QWEN2_VOCAB=512
py=${PT2E_IMPORT_PYTHON:-$root/.venv/bin/python}
export PT2E_IMPORT_PYTHON=$py
if ! "$py" -c 'import torch, torchao, torch_mlir, transformers, numpy' 2>/dev/null; then
  echo "bench/decoder.sh: $py lacks torch, torchao, torch-mlir, transformers or numpy" \
       "(set PT2E_IMPORT_PYTHON; tools/install-import-deps.sh)" >&2
  exit 2
fi
if [ ! -x /usr/bin/time ]; then
  echo "bench/decoder.sh: needs /usr/bin/time (GNU time: peak RSS of each process)" >&2
  exit 2
fi
mkdir -p "$work/bin"
# a snapshot of the binaries: others may rebuild the tree during a run
cp "$build/bin/pt2e-opt" "$build/bin/bench-sgemm-rate" "$build/bin/qparams-check" "$work/bin/"
rm -rf "$work/share" && cp -r "$build/share" "$work/share"   # pt2e-opt reads ../share/pt2e/pt2e.irdl.mlir
opt=$work/bin/pt2e-opt
dec=("$py" "$root/bench/pytorch/decoder.py")
results=$work/results.txt
: >"$results"
now() { date +%s.%N; }
# GNU time's figures of one process: wall seconds and peak RSS in MiB
# ... and, sampled every 0.2 s from /proc, the peaks of its anonymous and
# file-backed resident pages (RssAnon: heap, tensors; RssFile: mapped files,
# such as the MLIR text the parser maps, clean and reclaimable): appended to FILE
timed() { # FILE CMD...: runs CMD with /usr/bin/time writing FILE; CMD's stdout is ours
  local f=$1 tp cp pa=0 pf=0 a b; shift
  /usr/bin/time -f 'time_wall_s=%e time_rss_kib=%M' -o "$f" "$@" &
  tp=$!
  while kill -0 "$tp" 2>/dev/null; do
    cp=$(awk '{ print $1 }' "/proc/$tp/task/$tp/children" 2>/dev/null)
    if [ -n "$cp" ]; then
      read -r a b < <(awk '/^RssAnon/ { a = $2 } /^RssFile/ { f = $2 } END { print a + 0, f + 0 }' "/proc/$cp/status" 2>/dev/null || echo 0 0)
      [ "${a:-0}" -gt "$pa" ] && pa=$a
      [ "${b:-0}" -gt "$pf" ] && pf=$b
    fi
    sleep 0.2
  done
  wait "$tp" || return $?
  echo "anon_kib=$pa file_kib=$pf" >>"$f"
}
anon_of() { sed -n 's/.*anon_kib=\([0-9]*\).*/\1/p' "$1" | awk '{ printf "%.1f", $1 / 1024 }'; }
file_of() { sed -n 's/.*file_kib=\([0-9]*\).*/\1/p' "$1" | awk '{ printf "%.1f", $1 / 1024 }'; }
rss_of() { sed -n 's/.*time_rss_kib=\([0-9]*\).*/\1/p' "$1" | awk '{ printf "%.1f", $1 / 1024 }'; }
wall_of() { sed -n 's/.*time_wall_s=\([0-9.]*\).*/\1/p' "$1"; }

echo "kind=info commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo -) layers=$layers vocab=${QWEN2_VOCAB:-32000} batches=$batches date=$(date -u +%FT%TZ) cpus=$(nproc) mem_gib=$(awk '/MemTotal/ { printf "%.1f", $2 / 1048576 }' /proc/meminfo)" >>"$results"

# --- setup: data and the export (timed, reported apart from the calibration) --
"${dec[@]}" data --layers "$layers" --batches "$batches" --out "$work/calib.npz"
echo "kind=meta flops=$("${dec[@]}" flops --layers "$layers")" >>"$results"
if [ ! -f "$work/import/model.mlir" ]; then
  echo "setup: pt2e-import of the $layers-layer decoder (linalg form)" >&2
  rm -rf "$work/import"
  # one batch: the import runs the float model on it (float_output.npy); the
  # calibration below reads $work/calib.npz itself
  QWEN2_LAYERS=$layers timed "$work/export.time" "$root/tools/pt2e-import" \
    "$root/bench/pytorch/qwen2.py:layers" --out "$work/import" --calib "$work/calib.npz" \
    --batches 1 --quiet
  echo "kind=export wall_s=$(wall_of "$work/export.time") rss_mib=$(rss_of "$work/export.time") anon_mib=$(anon_of "$work/export.time") mlir_bytes=$(stat -c %s "$work/import/model.mlir")" >"$work/export.txt"
fi
# a reused export keeps the figures of the run that made it
cat "$work/export.txt" >>"$results" 2>/dev/null ||
  echo "kind=export wall_s=- rss_mib=- mlir_bytes=$(stat -c %s "$work/import/model.mlir")" >>"$results"

run_ours() { # REP
  local r=$1 out line
  rm -f "$work/ours.json"
  out=$(timed "$work/ours.time" "$opt" "$work/import/model.mlir" --mlir-timing -o /dev/null \
    --mlir-elide-elementsattrs-if-larger=16 \
    -p "builtin.module(pt2e-annotate, pt2e-prepare, pt2e-calibrate{data=$work/calib.npz timing=on}, pt2e-report{format=json output=$work/ours.json})" 2>&1) || {
    echo "$out" | grep -v 'not quantized' | tail -5 >&2
    echo "bench/decoder.sh: our side failed" >&2; exit 1; }
  line=$(grep '^pt2e-calibrate:' <<<"$out")
  echo "kind=run side=ours rep=$r $(sed -E 's/.* batches in ([0-9.]+) s.*observers ([0-9.]+) s.*interpreter peak ([0-9.]+) MiB; peak RSS ([0-9.]+) MiB.*/loop_s=\1 observer_s=\2 interp_mib=\3 self_rss_mib=\4/' <<<"$line") parse_s=$(awk '/Parser/ { print $1 }' <<<"$out") annotate_s=$(awk '/Pt2eAnnotate/ { print $1 }' <<<"$out") prepare_s=$(awk '/Pt2ePrepare/ { print $1 }' <<<"$out") calibrate_s=$(awk '/Pt2eCalibrate/ { print $1 }' <<<"$out") observers=$(grep -c '"kind": "observer"' "$work/ours.json" || true) wall_s=$(wall_of "$work/ours.time") rss_mib=$(rss_of "$work/ours.time") anon_mib=$(anon_of "$work/ours.time") file_mib=$(file_of "$work/ours.time")" >>"$results"
}
run_torch() { # REP
  local r=$1 kv
  kv=$(timed "$work/torch.time" "${dec[@]}" torch --layers "$layers" --data "$work/calib.npz" --json "$work/torchao.json")
  echo "kind=run side=torch rep=$r $kv wall_s=$(wall_of "$work/torch.time") rss_mib=$(rss_of "$work/torch.time") anon_mib=$(anon_of "$work/torch.time") file_mib=$(file_of "$work/torch.time")" >>"$results"
}

for r in $(seq "$repeats"); do
  echo "kind=load rep=$r loadavg=$(cut -d' ' -f1 /proc/loadavg)" >>"$results"
  echo "kind=sgemm rep=$r $("$work/bin/bench-sgemm-rate" 1024 5)" >>"$results"
  echo "run $r/$repeats" >&2
  if [ $ours_only = 1 ]; then run_ours "$r"
  elif [ $((r % 2)) = 1 ]; then run_ours "$r"; run_torch "$r"
  else run_torch "$r"; run_ours "$r"; fi
  echo "kind=sgemm rep=$r $("$work/bin/bench-sgemm-rate" 1024 5)" >>"$results"
done

# --- equal work: both sides' observers paired by what they observed --------
if [ $ours_only = 0 ]; then
  # Histogram's tolerance as in bench/side_by_side.sh (summation orders differ)
  "$work/bin/qparams-check" --rtol=1.1e-2 "$work/torchao.json" "$work/ours.json" >"$work/qparams-check.txt" || true
  echo "kind=check text=$(tail -1 "$work/qparams-check.txt" | tr ' ' ';')" >>"$results"
fi
python3 "$root/bench/pytorch/decoder_table.py" "$results"
echo "results: $results"
