#!/usr/bin/env bash
# Installs what pt2e-mlir needs to build and test, from Debian's packages
# (Debian 12 "bookworm": LLVM/MLIR 22 come from bookworm-security), and
# IREE's compiler and runtime from PyPI into .venv-iree/ (below), and Arm's
# vela and the TOSA serializer from PyPI into .venv-vela/
# (tools/install-vela-deps.sh, run last). Only missing packages are
# installed; run as root or with sudo available.
set -euo pipefail

PACKAGES=(
  cmake ninja-build gcc g++ python3 zlib1g-dev
  llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools
  libcmocka-dev libopenblas-dev
  clang-22 libclang-rt-22-dev  # libFuzzer, for tools/fuzz.sh
  slurm-wlm munge  # test/slurm: a private slurmctld + slurmd (bookworm: Slurm 22.05)
  shellcheck  # tools/test.sh checks every shell script with it
  python3-venv  # the virtual environment of IREE's wheels (below)
)

# IREE's compiler and runtime from PyPI (test/iree/, bench/iree.sh,
# docs/deploy-iree.md), into a virtual environment of their own, .venv-iree/
# at the repository root (PT2E_IREE_VENV overrides): lit finds iree-compile
# and iree-run-module there. About 300 MB; nothing else uses them.
IREE_VERSION=3.13.0
root="$(cd "$(dirname "$0")/.." && pwd)"
iree_venv="${PT2E_IREE_VENV:-$root/.venv-iree}"

# install_iree: creates the venv and installs the two wheels unless the
# pinned version is already there (python3-venv must be installed first).
install_iree() {
  if [ -x "$iree_venv/bin/iree-compile" ] &&
    "$iree_venv/bin/pip" show iree-base-compiler 2>/dev/null | grep -qx "Version: $IREE_VERSION" &&
    "$iree_venv/bin/pip" show iree-base-runtime 2>/dev/null | grep -qx "Version: $IREE_VERSION"; then
    echo "install-deps: IREE $IREE_VERSION present in $iree_venv"
    return
  fi
  echo "install-deps: installing IREE $IREE_VERSION into $iree_venv"
  [ -x "$iree_venv/bin/python" ] || python3 -m venv "$iree_venv"
  "$iree_venv/bin/pip" install -q "iree-base-compiler==$IREE_VERSION" \
    "iree-base-runtime==$IREE_VERSION" numpy
}

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
    || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all packages present"
  install_iree
  "$(dirname "$0")/install-vela-deps.sh"
  exit 0
fi

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
echo "install-deps: installing ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
install_iree
"$(dirname "$0")/install-vela-deps.sh"
