#!/usr/bin/env bash
# Installs tools/pt2e-import's Python dependencies (torch, torch-mlir,
# torchao, onnx, onnxruntime, transformers: tools/pt2e_import/requirements.txt)
# into a virtual environment, .venv/ at the repository root unless given:
#
#   tools/install-import-deps.sh [VENV]
#
# pt2e-import finds .venv/ by itself; for another folder set
# PT2E_IMPORT_PYTHON=VENV/bin/python. The build and the default tests need
# none of this.
# About 6 GB (PyPI's torch wheel brings CUDA libraries) and a few minutes.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
venv="${1:-$root/.venv}"

if ! python3 -c 'import ensurepip, venv' 2>/dev/null; then
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  echo "install-import-deps: installing python3-venv (Debian)"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends python3-venv
fi
case "$(python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])')" in
  3.11) ;;
  *) echo "install-import-deps: torch-mlir's wheel is for Python 3.11; python3 is" \
       "$(python3 --version)" >&2; exit 1 ;;
esac
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/pip" install -q --upgrade pip
"$venv/bin/pip" install -q -r "$root/tools/pt2e_import/requirements.txt"
"$venv/bin/python" -c 'import torch, torchao, torch_mlir, onnx; print("install-import-deps: torch", torch.__version__, "in", "'"$venv"'")'
