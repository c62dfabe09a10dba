#!/usr/bin/env bash
# with-cluster.sh DIR COMMAND...: runs COMMAND with SLURM_CONF pointing at a
# private cluster (cluster.sh) started in DIR, and stops the cluster
# afterwards, whatever COMMAND's status (which it returns).
set -uo pipefail
here=$(dirname "$(realpath "$0")")
dir=$1; shift
"$here/cluster.sh" start "$dir" || exit 1
trap '"$here/cluster.sh" stop "$dir"' EXIT
SLURM_CONF=$(realpath "$dir")/slurm.conf "$@"
