#!/usr/bin/env bash
# Runs the README's "Your own model" commands as written, in a scratch
# folder: the first ```sh block after that heading, without its install
# line (the test runs where the dependencies are), tools/, examples/ and
# build/ read from ROOT and BUILD. Usage: run-readme.sh ROOT BUILD DIR
set -euo pipefail
root=$1 build=$2 dir=$3
mkdir -p "$dir"
awk '/^## Your own model/ { on = 1 } on && /^```sh/ { inblock = 1; next }
     inblock && /^```/ { exit } inblock' "$root/README.md" |
  grep -v '^tools/install-import-deps.sh' |
  sed -e "s|^tools/|$root/tools/|" -e "s| examples/| $root/examples/|g" \
      -e "s|^  --calib examples/|  --calib $root/examples/|" -e "s|build/bin/|$build/bin/|g" \
  > "$dir/readme-commands.sh"
cd "$dir"
bash -euo pipefail readme-commands.sh
