#!/usr/bin/env bash
# Regenerates every PyTorch-oracle golden into the repository:
#   tools/oracle/observers/make_goldens.py  -> test/Inputs/observers/
#   tools/oracle/conv_relu/make_goldens.py  -> examples/conv_relu/golden/ and
#                                              examples/conv_relu/conv_relu.{linalg,tosa}.mlir
#   tools/oracle/batchnorm/make_goldens.py  -> test/fold-batchnorm/Inputs/
#   tools/oracle/placement/make_goldens.py  -> test/oracle-placement/Inputs/
#   tools/oracle/numeric_debug/conv_relu.py -> test/numeric-debug/Inputs/conv_relu.golden
#   tools/oracle/sensitivity/small_model.py -> test/sensitivity/Inputs/
#   tools/oracle/a16w8/make_goldens.py      -> test/dtype/Inputs/
# (tools/oracle/ort_ranges/make_goldens.py needs onnxruntime, not torch, and
# runs in a venv of its own: its README says how.)
# (tools/oracle/placement/histogram_state_goldens.py needs the MobileNetV2
# export of convnets_sqnr.py and is run by hand: its README says how.)
# The virtual environment (default .venv at the repository root, git-ignored;
# PT2E_VENV=<dir> to use another) is created and filled from the pinned
# requirements when it lacks them. Rerunning on the same kind of machine
# (x86-64 AVX2, see the VERSIONS files) rewrites identical files; `git status`
# at the end shows whether anything changed.
#
#   tools/oracle/regenerate.sh            # everything
#   tools/oracle/regenerate.sh conv_relu  # one oracle (observers | conv_relu | batchnorm | placement |
#                                         #   numeric_debug | sensitivity | a16w8)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
venv=${PT2E_VENV:-$root/.venv}
cd "$root"

if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
if ! "$venv/bin/python" - <<'PY' 2>/dev/null
import importlib.metadata as m
assert m.version("torch").split("+")[0] == "2.15.0"
assert m.version("torchao") == "0.18.0"
assert m.version("torch-mlir") == "20261001"
import numpy, packaging  # noqa: F401
PY
then
  "$venv/bin/pip" install -r tools/oracle/requirements.txt -r tools/oracle/conv_relu/requirements.txt \
    -r tools/oracle/placement/requirements.txt
fi

which=${1:-all}
case $which in
  all|observers|conv_relu|batchnorm|placement|numeric_debug|sensitivity|a16w8) ;;
  *) echo "usage: $0 [all|observers|conv_relu|batchnorm|placement|numeric_debug|sensitivity|a16w8]" >&2; exit 2 ;;
esac
if [ "$which" = all ] || [ "$which" = observers ]; then
  echo "== observers -> test/Inputs/observers/"
  "$venv/bin/python" tools/oracle/observers/make_goldens.py
fi
if [ "$which" = all ] || [ "$which" = conv_relu ]; then
  echo "== conv_relu -> examples/conv_relu/golden/, examples/conv_relu/conv_relu.{linalg,tosa}.mlir"
  "$venv/bin/python" tools/oracle/conv_relu/make_goldens.py
fi
if [ "$which" = all ] || [ "$which" = batchnorm ]; then
  echo "== batchnorm -> test/fold-batchnorm/Inputs/"
  "$venv/bin/python" tools/oracle/batchnorm/make_goldens.py
fi
if [ "$which" = all ] || [ "$which" = placement ]; then
  echo "== placement -> test/oracle-placement/Inputs/"
  "$venv/bin/python" tools/oracle/placement/make_goldens.py
fi
if [ "$which" = all ] || [ "$which" = numeric_debug ]; then
  echo "== numeric_debug -> test/numeric-debug/Inputs/conv_relu.golden"
  "$venv/bin/python" tools/oracle/numeric_debug/conv_relu.py
fi
if [ "$which" = all ] || [ "$which" = sensitivity ]; then
  echo "== sensitivity -> test/sensitivity/Inputs/"
  "$venv/bin/python" tools/oracle/sensitivity/small_model.py
fi
if [ "$which" = all ] || [ "$which" = a16w8 ]; then
  echo "== a16w8 -> test/dtype/Inputs/"
  "$venv/bin/python" tools/oracle/a16w8/make_goldens.py
fi
git status --short -- test/Inputs/observers examples/conv_relu test/fold-batchnorm/Inputs test/oracle-placement \
  test/numeric-debug/Inputs test/sensitivity/Inputs test/dtype/Inputs
