#!/usr/bin/env bash
# Installs Arm's Ethos-U compiler and the TOSA serializer from PyPI into a
# virtual environment of their own, .venv-vela/ at the repository root
# unless given (tools/install-deps.sh calls it; CI's .ci/run through it):
#
#   tools/install-vela-deps.sh [VENV]
#
# ethos-u-vela gives `vela`; tosa-tools gives `tosa-opt` (MLIR's TOSA
# dialect with --tosa-validate and --tosa-serialize, a newer MLIR than
# ours). tools/pt2e-vela and lit's `vela` feature (test/vela/) find them in
# .venv-vela/bin. About 150 MB; nothing else uses them. A second run with
# the pinned versions present only checks them (no network).
set -euo pipefail
VELA_VERSION=5.2.0
TOSA_TOOLS_VERSION=2026.8.0
root="$(cd "$(dirname "$0")/.." && pwd)"
venv="${1:-${PT2E_VELA_VENV:-$root/.venv-vela}}"

# pinned: both pinned versions are installed in the venv (one Python
# start, where two `pip show` take seconds)
pinned() {
  "$venv/bin/python" -c 'import importlib.metadata as m, sys
sys.exit(m.version("ethos-u-vela") != sys.argv[1] or m.version("tosa-tools") != sys.argv[2])' \
    "$VELA_VERSION" "$TOSA_TOOLS_VERSION" 2>/dev/null
}

if [ -x "$venv/bin/vela" ] && [ -x "$venv/bin/tosa-opt" ] && pinned; then
  echo "install-vela-deps: vela $VELA_VERSION and tosa-tools $TOSA_TOOLS_VERSION present in $venv"
  exit 0
fi
if ! python3 -c 'import ensurepip, venv' 2>/dev/null; then
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  echo "install-vela-deps: installing python3-venv (Debian)"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends python3-venv
fi
echo "install-vela-deps: installing ethos-u-vela $VELA_VERSION and tosa-tools $TOSA_TOOLS_VERSION into $venv"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/pip" install -q "ethos-u-vela==$VELA_VERSION" "tosa-tools==$TOSA_TOOLS_VERSION"
"$venv/bin/vela" --version >/dev/null
"$venv/bin/tosa-opt" --version >/dev/null
