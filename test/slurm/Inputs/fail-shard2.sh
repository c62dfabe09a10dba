#!/usr/bin/env bash
# A pt2e-opt that fails with exit code 3 for shard 2 of any split and runs
# the real one (PT2E_REAL_OPT) otherwise: one failing array task.
for a in "$@"; do
  case $a in *"shard=2/"*) echo "fail-shard2.sh: shard 2 fails on purpose" >&2; exit 3 ;; esac
done
exec "$PT2E_REAL_OPT" "$@"
