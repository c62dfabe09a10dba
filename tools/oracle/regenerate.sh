#!/usr/bin/env bash
# Regenerates, into the repository, the goldens of the oracles that run in
# the torch venv alone and need no manual step: the ORACLES list below, in
# its order (a16w8 and numeric_debug read what conv_relu writes). The other
# oracles are listed in NOT_RUN with the reason; tools/oracle/README.md says
# how to run each of them.
#
# The virtual environment (default .venv at the repository root, git-ignored;
# PT2E_VENV=<dir> to use another) is created and filled from the pinned
# requirements when it lacks them. Rerunning on the same kind of machine
# (x86-64 AVX2, see the VERSIONS files) rewrites identical files; `git status`
# at the end shows whether anything changed.
#
#   tools/oracle/regenerate.sh            # every oracle of ORACLES
#   tools/oracle/regenerate.sh conv_relu  # one of them
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
venv=${PT2E_VENV:-$root/.venv}
cd "$root"

# name | script under tools/oracle/ | what it writes (git status looks there)
ORACLES=(
  "observers|observers/make_goldens.py|test/Inputs/observers"
  "conv_relu|conv_relu/make_goldens.py|examples/conv_relu/golden examples/conv_relu/conv_relu.linalg.mlir examples/conv_relu/conv_relu.tosa.mlir"
  "batchnorm|batchnorm/make_goldens.py|test/fold-batchnorm/Inputs"
  "placement|placement/make_goldens.py|test/oracle-placement/Inputs"
  "numeric_debug|numeric_debug/conv_relu.py|test/numeric-debug/Inputs/conv_relu.golden"
  "sensitivity|sensitivity/small_model.py|test/sensitivity/Inputs"
  "a16w8|a16w8/make_goldens.py|test/dtype/Inputs"
  "digits|digits/make_goldens.py|test/digits/Inputs"
  "llm|llm/make_goldens.py|test/llm/Inputs"
  "llm_small|llm_small/make_goldens.py|test/llm/Inputs"
)
# Oracles that write goldens but are not run here, and why.
NOT_RUN=(
  "ort_ranges: onnxruntime 1.31.1, not torch: a venv of its own (VENV_ORT)"
  "channel_histograms: three steps in two venvs (data, torch, ort: VENV_ORT)"
  "npy: exactly numpy 2.4.6 (this venv does not pin numpy)"
  "placement/histogram_state_goldens.py: MobileNetV2 at 224x224, made on an AVX-512 machine"
  "int8_tosa: three venvs run in order (this one, VENV_TOSA, VENV_ET)"
)

which=${1:-all}
names=() known=0
for o in "${ORACLES[@]}"; do
  names+=("${o%%|*}")
  if [ "$which" = all ] || [ "$which" = "${o%%|*}" ]; then known=1; fi
done
if [ "$known" = 0 ]; then
  echo "usage: $0 [all|$(IFS='|'; echo "${names[*]}")]" >&2
  echo "not run by this script (tools/oracle/README.md says how):" >&2
  printf '  %s\n' "${NOT_RUN[@]}" >&2
  exit 2
fi

if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
if ! "$venv/bin/python" - <<'PY' 2>/dev/null
import importlib.metadata as m
assert m.version("torch").split("+")[0] == "2.15.0"
assert m.version("torchao") == "0.18.0"
assert m.version("torch-mlir") == "20261001"
assert m.version("scikit-learn") == "1.9.1"
assert m.version("transformers") == "5.25.0"
assert m.version("safetensors") == "0.8.0"
import numpy, packaging  # noqa: F401
PY
then
  "$venv/bin/pip" install -r tools/oracle/requirements.txt -r tools/oracle/conv_relu/requirements.txt \
    -r tools/oracle/placement/requirements.txt -r tools/oracle/digits/requirements.txt \
    -r tools/oracle/llm/requirements.txt
fi

written=()
for o in "${ORACLES[@]}"; do
  IFS='|' read -r name script outputs <<<"$o"
  [ "$which" = all ] || [ "$which" = "$name" ] || continue
  echo "== $name -> $outputs"
  "$venv/bin/python" "tools/oracle/$script"
  read -r -a paths <<<"$outputs"
  written+=("${paths[@]}")
done
git status --short -- "${written[@]}"
if [ "$which" = all ]; then
  echo "not run by this script (tools/oracle/README.md says how):"
  printf '  %s\n' "${NOT_RUN[@]}"
fi
