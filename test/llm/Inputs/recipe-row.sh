#!/bin/sh
# One row of test/llm/recipes-vs-torchao.test: a decoder of
# tools/oracle/llm/ through annotate (with the recipe's options) ->
# prepare -> calibrate -> convert -> run, its logits against torchao's
# quantized model and torch's floor (margin.awk).
#   recipe-row.sh BUILD INPUTS MODEL FORM CFG 'ANNOTATE_OPTIONS' OUT_PREFIX
set -eu
build=$1 in=$2 model=$3 form=$4 cfg=$5 opts=$6 out=$7
"$build/bin/pt2e-opt" "$in/$model.$form.mlir" \
  -p "builtin.module(pt2e-annotate$opts,pt2e-prepare,pt2e-calibrate{data=$in/$model.calib.npz},pt2e-convert)" \
  -o "$out.mlir" 2> "$out.err"
"$build/bin/pt2e-run" "$out.mlir" --inputs="$in/$model.sample.npz" --output="$out.npy"
"$build/bin/pt2e-run" --compare "$in/$model.$cfg.logits.npy" "$out.npy" > "$out.cmp"
printf '%s %s %s: ' "$model" "$form" "$cfg"
awk -f "$in/margin.awk" "$in/$model.$cfg.floor.txt" "$out.cmp"
