#!/usr/bin/env bash
# Renders the walkthrough's pictures (docs/walkthrough.md) with pt2e-draw and
# Debian's graphviz (apt-get install graphviz); run from anywhere after
# `cmake --build build`. The experiments' scripts make the stages.
set -euo pipefail
img=$(cd "$(dirname "$0")" && pwd)
root=$img/../..
draw=${PT2E_BUILD:-$root/build}/bin/pt2e-draw
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
PT2E_WORK=$work/run "$root/examples/conv_relu/run.sh" > /dev/null
PT2E_WORK=$work/a "$root/examples/conv_relu/experiment_a.sh" > /dev/null
PT2E_WORK=$work/b "$root/examples/conv_relu/experiment_b.sh" > /dev/null
PT2E_WORK=$work/c "$root/examples/conv_relu/experiment_c.sh" > /dev/null
svg() { # NAME pt2e-draw-arguments...
  local name=$1
  shift
  "$draw" "$@" > "$work/$name.dot"
  dot -Tsvg "$work/$name.dot" > "$img/$name.svg"
  echo "docs/img/$name.svg"
}
svg a-hand-vs-annotate "$work/a/a_hand.mlir" "$work/a/a_auto.mlir" \
  --title="A: hand-written annotations (left) and pt2e-annotate (right), prepared: nothing added or removed"
svg prepare "$work/run/0_float.mlir" "$work/run/2_prepared.mlir" \
  --title="pt2e-annotate + pt2e-prepare: the observers it adds (green)"
svg b-fake-quant "$work/b/b_fq_once.mlir" \
  --title="B: three fake quants (pt2e-prepare{qat=true}), after one forward of x"
svg c-switches "$work/c/c_1.mlir" "$work/c/c_3.mlir" \
  --title="C: both switches on (left), both off (right)"
svg convert "$work/run/3_calibrated.mlir" "$work/run/4_converted.mlir" \
  --title="pt2e-convert: observers removed (red), quant.qcast / quant.dcast added (green)"
