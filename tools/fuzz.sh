#!/usr/bin/env bash
# Runs the libFuzzer targets of test/fuzz (fuzz-npy, fuzz-spec,
# fuzz-pipeline) for SECONDS each (default 60):
#   tools/fuzz.sh [--keep-going] [SECONDS] [TARGET...]   e.g. tools/fuzz.sh 30 spec
# --keep-going runs libFuzzer in fork mode and goes on after a crash, OOM or
# timeout (for long runs that collect every finding, not just the first).
# Configures and builds build-fuzz/ (clang-22, -DPT2E_FUZZ=ON) when needed.
# Each target first replays its committed crash reproducers
# (test/fuzz/regress/<target>/), then fuzzes starting from its committed seed
# corpus (test/fuzz/corpus/<target>/, read only); the inputs it finds go to
# build-fuzz/fuzz/<target>/corpus/ and are reused by the next run. Prints per
# target the executions, coverage (libFuzzer's cov: edges, ft: features) and
# whether it crashed; a crash keeps its input under
# build-fuzz/fuzz/<target>/ and makes the script exit non-zero.
# Environment: PT2E_FUZZ_BUILD (build folder), FUZZ_FLAGS (more libFuzzer
# flags), PT2E_FUZZ_VERBOSE=1 (the targets print diagnostics; for replays).
# PT2E_FUZZ_TMP is set to build-fuzz/fuzz/<target>/tmp (files fuzz-npy writes).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
root=$PWD
build=${PT2E_FUZZ_BUILD:-$root/build-fuzz}
keep_going=0
if [ "${1:-}" = --keep-going ]; then
  keep_going=1
  shift
fi
seconds=${1:-60}
shift $(( $# > 0 ? 1 : 0 ))
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(npy spec pipeline)

case $seconds in
  ''|*[!0-9]*) echo "usage: tools/fuzz.sh [SECONDS] [npy|spec|pipeline...]" >&2; exit 2 ;;
esac

if ! grep -qs '^PT2E_FUZZ:BOOL=ON' "$build/CMakeCache.txt"; then
  CC=${CC:-clang-22} CXX=${CXX:-clang++-22} cmake -S "$root" -B "$build" -G Ninja \
    -DPT2E_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null || exit 1
fi
cmake --build "$build" --target pt2e-fuzz pt2e_irdl >"$build/fuzz-build.log" 2>&1 || {
  cat "$build/fuzz-build.log"
  echo "fuzz: build failed" >&2
  exit 1
}

# Per-target libFuzzer flags: the MLIR targets read text of up to 64 KiB and
# use the spec dictionary; limits keep a bad input from taking the machine.
common=(-rss_limit_mb=2048 -timeout=20 -print_final_stats=1)
going=()
[ $keep_going -eq 0 ] ||
  going=(-fork=1 -ignore_crashes=1 -ignore_ooms=1 -ignore_timeouts=1)
flags_for() {
  case $1 in
    npy) echo "-max_len=8192" ;;
    spec) echo "-max_len=4096 -dict=$root/test/fuzz/spec.dict" ;;
    pipeline) echo "-max_len=65536 -dict=$root/test/fuzz/spec.dict" ;;
  esac
}

status=0
summary=()
for t in "${targets[@]}"; do
  bin=$build/bin/fuzz-$t
  seeds=$root/test/fuzz/corpus/$t
  if [ ! -x "$bin" ] || [ ! -d "$seeds" ]; then
    echo "fuzz: unknown target '$t' (npy, spec, pipeline)" >&2
    exit 2
  fi
  work=$build/fuzz/$t
  mkdir -p "$work/corpus" "$work/artifacts" "$work/tmp"
  rm -f "$work/tmp"/*  # files written back by earlier runs that crashed
  export PT2E_FUZZ_TMP=$work/tmp
  log=$work/log.txt

  # Crash reproducers found before must all run clean.
  regress=("$root"/test/fuzz/regress/"$t"/*)
  if [ -e "${regress[0]}" ]; then
    if ! "$bin" "${common[@]}" "${regress[@]}" >"$work/regress.log" 2>&1; then
      tail -40 "$work/regress.log"
      summary+=("$t: a committed reproducer crashes again (log: $work/regress.log)")
      status=1
      continue
    fi
  fi

  echo "== fuzz-$t for ${seconds}s (log: $log)"
  stamp=$work/started
  touch "$stamp"
  # shellcheck disable=SC2046,SC2086 # the flags are words
  "$bin" "${common[@]}" "${going[@]}" $(flags_for "$t") ${FUZZ_FLAGS:-} \
    -max_total_time="$seconds" -artifact_prefix="$work/artifacts/" \
    "$work/corpus" "$seeds" >"$log" 2>&1
  rc=$?
  stats=$(grep -aE '^#[0-9]+' "$log" | tail -1)
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  [ -n "$execs" ] || execs=$(sed -n 's/^#\([0-9]*\).*/\1/p' <<<"$stats")
  cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$stats")
  ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$stats")
  line="$t: ${execs:-?} execs, cov ${cov:-?}, ft ${ft:-?}"
  found=$(find "$work/artifacts" -type f -newer "$stamp" | sort)
  if [ $keep_going -eq 1 ] && [ -n "$found" ]; then
    line="$line, FOUND $(wc -l <<<"$found") crash/oom/timeout inputs:"
    # shellcheck disable=SC2001 # indents every line
    line+=$'\n'"$(sed 's/^/  /' <<<"$found")"
    status=1
  elif [ $rc -ne 0 ]; then
    artifact=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -1)
    grep -aE 'ERROR|SUMMARY|^fuzz|runtime error' "$log" | head -5
    line="$line, CRASHED (input: ${artifact:-none saved}, log: $log)"
    status=1
  else
    line="$line, no crash"
  fi
  summary+=("$line")
done

echo "== fuzz summary (${seconds}s per target)"
printf '%s\n' "${summary[@]}"
exit $status
