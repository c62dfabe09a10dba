#!/usr/bin/env bash
# A private one-node Slurm cluster on 127.0.0.1 for the tests:
#   cluster.sh start DIR   writes DIR/slurm.conf (free ports, state and spool
#                          under DIR, no systemd, no cgroups), starts a munged
#                          of its own (a fresh key and socket under DIR/munge:
#                          auth/munge as a real cluster has it, and no clash
#                          with a munged the machine may run), then slurmctld +
#                          slurmd, and waits until the node is idle
#   cluster.sh stop DIR    stops all three (by the pids they wrote)
# Clients find it through SLURM_CONF=DIR/slurm.conf.
set -euo pipefail
cmd=$1 dir=$(realpath -m "$2")

freeport() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

stop() {
  for p in "$dir/slurmd.pid" "$dir/slurmctld.pid" "$dir/munge/munged.pid"; do
    [ -f "$p" ] || continue
    pid=$(cat "$p")
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
    rm -f "$p"
  done
}

if [ "$cmd" = stop ]; then
  stop
  exit 0
fi

mkdir -p "$dir/state" "$dir/spool" "$dir/munge"
# munged refuses a socket directory that others cannot traverse, and a key
# anyone but its owner can read
chmod 711 "$dir/munge"
head -c 1024 /dev/urandom > "$dir/munge/munge.key"
chmod 400 "$dir/munge/munge.key"
host=$(hostname -s)
cpus=$(nproc)
cat > "$dir/slurm.conf" <<CONF
ClusterName=pt2etest
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$(freeport)
SlurmdPort=$(freeport)
AuthType=auth/munge
AuthInfo=socket=$dir/munge/munge.sock
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/builtin
# batch_sched_delay (default 3 s) lets slurmctld put off starting batch
# jobs: each wave of array tasks waited 3 s for nothing on this one node
SchedulerParameters=batch_sched_delay=0
MpiDefault=none
ReturnToService=2
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
SlurmctldTimeout=30
SlurmdTimeout=30
# sbatch --wait sleeps 2 s, then 8, then 32 between polls unless the sleep
# would pass half of MinJobAge (default 300): at 4 it polls every 2 s, and a
# finished job still stays 4 s for the poll to see it
MinJobAge=4
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$dir/slurm.conf
trap 'stop' ERR
munged --socket="$dir/munge/munge.sock" --key-file="$dir/munge/munge.key" \
  --pid-file="$dir/munge/munged.pid" --log-file="$dir/munge/munged.log" \
  --seed-file="$dir/munge/munge.seed"
slurmctld -i   # -i: ignore state left by an earlier run
slurmd
for _ in $(seq 100); do
  if sinfo -h -o %t 2>/dev/null | grep -q idle; then
    exit 0
  fi
  sleep 0.1
done
echo "cluster.sh: the node did not come up in 10 s; logs in $dir" >&2
tail -5 "$dir/munge/munged.log" "$dir/slurmctld.log" "$dir/slurmd.log" >&2 || true
stop
exit 1
