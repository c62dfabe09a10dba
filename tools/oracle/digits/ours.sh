#!/usr/bin/env bash
# Our side of the digits accuracy table (tools/oracle/digits/README.md),
# with the build alone (no Python): for the CNN and the MLP that
# make_goldens.py trained and exported, and each of the 4 configs
# (histogram | minmax activations x per-channel | per-tensor weights):
#
#   pt2e-annotate{options} -> pt2e-prepare -> pt2e-calibrate{data=calib.npz}
#   -> pt2e-convert (ours Q/DQ) -> pt2e-lower-int8 (ours int8 TOSA)
#
# then runs the float model, the Q/DQ model and the int8 model over every
# held-back batch (INPUTS/test_NN.npz) in build/bin/pt2e-run, one process per
# batch, takes the argmax of each row of logits (od + awk: the first index of
# the largest value, as torch.argmax) and counts the misclassified digits
# against INPUTS/labels.txt. Prints, one line each:
#
#   misclassified MODEL float ours N
#   misclassified MODEL CONFIG qdq|int8 N
#   differ MODEL CONFIG qdq|int8 K    (predictions unlike torchao's, from
#                                      INPUTS/digits.golden's pred lines)
#   lowered MODEL CONFIG ...          pt2e-lower-int8's summary (and what it
#                                     left in Q/DQ form, if anything)
#
#   tools/oracle/digits/ours.sh [BUILD [INPUTS [WORK [MODEL]]]]
#     BUILD   the build folder (default build)
#     INPUTS  default test/digits/Inputs
#     WORK    where the models and outputs go (default, or empty: a
#             temporary folder, removed at the end)
#     MODEL   cnn, mlp or all (default all)
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
build=${1:-$root/build}
inputs=${2:-$root/test/digits/Inputs}
if [ -n "${3:-}" ]; then
  work=$3
  mkdir -p "$work"
else
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
fi
case ${4:-all} in
  all) MODELS=(cnn mlp) ;;
  cnn | mlp) MODELS=("$4") ;;
  *) echo "ours.sh: MODEL is cnn, mlp or all, not '$4'" >&2; exit 2 ;;
esac
opt=$build/bin/pt2e-opt
run=$build/bin/pt2e-run
check=$build/bin/qparams-check

# name | pt2e-annotate's options
CONFIGS=(
  "histogram-per-channel|"
  "histogram-per-tensor|per-channel=false"
  "minmax-per-channel|activation-observer=minmax"
  "minmax-per-tensor|per-channel=false activation-observer=minmax"
)

# argmax FILE.npy: one line per row of a float32 N x C array, the index of
# its largest value (the first of equal ones).
argmax() {
  local hlen cols
  if [ "$(head -c 6 "$1" | tail -c 5)" != "NUMPY" ]; then
    echo "ours.sh: $1: not a .npy" >&2
    return 1
  fi
  hlen=$(od -A n -t u2 -j 8 -N 2 "$1" | tr -d ' ')
  cols=$(head -c $((10 + hlen)) "$1" | tail -c "$hlen" |
         sed -n "s/.*'descr': '<f4'.*'shape': ([0-9]*, \([0-9]*\)).*/\1/p")
  if [ -z "$cols" ]; then
    echo "ours.sh: $1: not a little-endian float32 N x C array" >&2
    return 1
  fi
  od -A n -t f4 -v -w$((4 * cols)) -j $((10 + hlen)) "$1" |
    awk '{ b = 1; for (i = 2; i <= NF; i++) if ($i + 0 > $b + 0) b = i; print b - 1 }'
}

# predict MODEL.mlir TAG: the predictions of every test batch, one line
# per batch (32 labels), into $work/TAG.pred
predict() {
  local model=$1 tag=$2 f
  : > "$work/$tag.pred"
  for f in "$inputs"/test_*.npz; do
    "$run" "$model" --inputs="$f" --output="$work/$tag.npy" > /dev/null
    argmax "$work/$tag.npy" | paste -sd' ' >> "$work/$tag.pred"
  done
}

# wrong TAG: how many predictions differ from labels.txt
wrong() {
  awk 'NR == FNR { for (i = 1; i <= NF; i++) y[FNR, i] = $i; rows = FNR; next }
       { for (i = 1; i <= NF; i++) { n++; if ($i != y[FNR, i]) w++ } }
       END { if (FNR != rows || n == 0) { print "ours.sh: batch count" > "/dev/stderr"; exit 1 }
             print w + 0 }' "$inputs/labels.txt" "$work/$1.pred"
}

# differ MODEL CONFIG TAG: how many predictions differ from torchao's
differ() {
  awk -v m="$1" -v c="$2" '
       NR == FNR { if ($1 == "pred" && $2 == m && $3 == c) { b = $5 + 1; rows++
                     for (i = 6; i <= NF; i++) t[b, i - 5] = $i }
                   next }
       { for (i = 1; i <= NF; i++) if ($i != t[FNR, i]) d++ }
       END { if (rows != FNR) { print "ours.sh: no torchao predictions for " m " " c > "/dev/stderr"; exit 1 }
             print d + 0 }' "$inputs/digits.golden" "$work/$3.pred"
}

for model in "${MODELS[@]}"; do
  predict "$inputs/$model.mlir" "$model.float"
  n=$(wrong "$model.float")
  echo "misclassified $model float ours $n"
  for c in "${CONFIGS[@]}"; do
    name=${c%%|*} options=${c#*|}
    tag=$model.$name
    "$opt" "$inputs/$model.mlir" -p "builtin.module(pt2e-annotate{$options},pt2e-prepare,pt2e-calibrate{data=$inputs/calib.npz},pt2e-report{format=json output=$work/$tag.ours.json},pt2e-convert)" -o "$work/$tag.qdq.mlir"
    # our observers beside torchao's, paired by what each observed (the
    # summary line; qparams-check exits 1 on a mismatch, shown, not fatal)
    summary=$("$check" --rtol=2e-6 "$inputs/torchao.$tag.json" "$work/$tag.ours.json" |
      tail -n 1 || true)
    echo "qparams $model $name $summary"
    "$opt" "$work/$tag.qdq.mlir" -p 'builtin.module(pt2e-lower-int8)' \
      -o "$work/$tag.int8.mlir" 2> "$work/$tag.lower.txt"
    # what stayed in Q/DQ form (the MLP's flatten of the float input, before
    # its first quant.qcast), then the summary, without the file's path
    sed -n "s/^pt2e-lower-int8: left in Q\/DQ form: \('[^']*'\) at .*: /lowered $model $name left \1: /p;
            s/^pt2e-lower-int8: @forward: /lowered $model $name /p" "$work/$tag.lower.txt"
    for form in qdq int8; do
      predict "$work/$tag.$form.mlir" "$tag.$form"
      n=$(wrong "$tag.$form")
      echo "misclassified $model $name $form $n"
      n=$(differ "$model" "$name" "$tag.$form")
      echo "differ $model $name $form $n"
    done
  done
done
