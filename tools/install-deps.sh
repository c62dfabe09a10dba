#!/usr/bin/env bash
# Installs what pt2e-mlir needs to build and test, from Debian's packages
# (Debian 12 "bookworm": LLVM/MLIR 22 come from bookworm-security). Only
# missing packages are installed; run as root or with sudo available.
set -euo pipefail

PACKAGES=(
  cmake ninja-build gcc g++ python3 zlib1g-dev
  llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools
  libcmocka-dev libopenblas-dev
  clang-22 libclang-rt-22-dev  # libFuzzer, for tools/fuzz.sh
  slurm-wlm munge  # test/slurm: a private slurmctld + slurmd (bookworm: Slurm 22.05)
  shellcheck  # tools/test.sh checks every shell script with it
)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
    || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all packages present"
  exit 0
fi

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
echo "install-deps: installing ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
