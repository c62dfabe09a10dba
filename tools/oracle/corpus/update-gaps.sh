#!/usr/bin/env bash
# Records the small corpus' gaps (test/corpus/README.md): runs
# test/corpus/*.test with BUILD's pt2e-opt and copies each test's gaps
# (torchao's lines we do not produce, "want", and ours it does not have,
# "got") into test/corpus/gaps/<test>.txt. Run it after a change that closes
# or opens a gap, read the diff of test/corpus/gaps/, and commit it with the
# change: the tests then pass again and the history shows every gap.
#
#   tools/oracle/corpus/update-gaps.sh [BUILD]   (default: build)
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
lit=${LIT:-/usr/lib/llvm-22/bin/lit}
"$lit" -q --param build="$build" "$root/test/corpus" >/dev/null || true
out="$build/test/lit/test/corpus/Output"
n=0
for t in "$root"/test/corpus/*.test; do
  name=$(basename "$t" .test)
  gaps="$out/$name.test.tmp.gaps"
  if [ ! -f "$gaps" ]; then
    echo "update-gaps: $name did not run to its gaps (see lit -v)" >&2
    exit 1
  fi
  cp "$gaps" "$root/test/corpus/gaps/$name.txt"
  n=$((n + 1))
done
echo "update-gaps: $n gap files in test/corpus/gaps ($(cat "$root"/test/corpus/gaps/*.txt | wc -l) lines)"
