#!/usr/bin/env bash
# Runs every test of pt2e-mlir. First shellcheck over the repository's shell
# scripts (one test); then, for each build, it configures and builds, and
# runs the lit suite and the cmocka unit tests:
#   build/          the default (RelWithDebInfo, gcc)
#   build-release/  Release (-O3 -DNDEBUG), what users build
#   build-clang/    clang 22 (another compiler's warnings and optimiser)
#   build-asan/     AddressSanitizer + UndefinedBehaviorSanitizer (gcc)
# every one with -Werror; then lit again on build/ with one thread and the
# portable sgemm kernel (the same expected numbers); then each fuzz target
# runs for a short while
# (tools/fuzz.sh, clang's libFuzzer; PT2E_FUZZ_SECONDS, 0 skips it).
# PT2E_BUILDS="build build-asan" runs a subset of the builds.
# Ends with one line "tests: N passed, M failed"; exits non-zero on failure.
# What counts as one test: a lit test, a cmocka test (one by one, not a whole
# binary), the shellcheck run, the fuzzing run.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1

LIT=${LIT:-/usr/lib/llvm-22/bin/lit}
JOBS=${JOBS:-$(nproc)}
passed=0
failed=0
status=0

# count REGEX FILE: the sum of the first number on each line matching REGEX
# ('  Passed: 10 (100.00%)' counts 10, '[  FAILED  ] 1 test(s)' counts 1).
count() {
  awk "/$1/ { sub(/^[^0-9]*/, \"\"); s += \$0 + 0 } END { print s + 0 }" "$2"
}

# unit_counts LOG RC: adds the cmocka tests of one binary's output LOG (exit
# status RC) to passed and failed, one by one. A binary that fails without
# reporting a failed test (a crash) counts as one failed test. Returns RC's
# success or failure.
unit_counts() {
  local p f
  p=$(count '^\[  PASSED  \] [0-9]+ test' "$1")
  f=$(count '^\[  FAILED  \] [0-9]+ test' "$1")
  if [ "$2" -ne 0 ]; then
    status=1
    [ "$f" -gt 0 ] || f=1
  fi
  passed=$((passed + p))
  failed=$((failed + f))
  [ "$2" -eq 0 ]
}

# Every shell script of the repository, through shellcheck (following the
# files they source): one test.
shopt -s nullglob
scripts=(.ci/run tools/*.sh tools/pt2e-slurm-calibrate tools/oracle/*.sh tools/oracle/*/*.sh
  bench/*.sh examples/*/*.sh docs/img/*.sh test/*/Inputs/*.sh)
shopt -u nullglob
echo "== shellcheck (${#scripts[@]} scripts)"
if ! command -v shellcheck >/dev/null; then
  echo "shellcheck not found (tools/install-deps.sh installs it)"
  failed=$((failed + 1)); status=1
elif shellcheck -x "${scripts[@]}"; then
  passed=$((passed + 1))
else
  failed=$((failed + 1)); status=1
fi

run_config() {
  local dir=$1
  shift
  echo "== $dir ($*)"
  if ! cmake -S . -B "$dir" -G Ninja "$@" >/dev/null ||
    ! cmake --build "$dir" -j "$JOBS" >"$dir/build.log" 2>&1; then
    cat "$dir/build.log" 2>/dev/null
    echo "build of $dir failed"
    failed=$((failed + 1)); status=1; return
  fi

  local log
  log=$(mktemp)
  "$LIT" -sv -j "$JOBS" --param build="$dir" test 2>&1 | tee "$log"
  [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
  passed=$((passed + $(count '^ *Passed *:' "$log")))
  failed=$((failed + $(count '^ *(Failed|Unresolved|Timed Out) *:' "$log")))

  for t in "$dir"/test/unit/test_*; do
    [ -x "$t" ] || continue
    "$t" 2>&1 | tee "$log"
    unit_counts "$log" "${PIPESTATUS[0]}"
  done
  rm -f "$log"
}

configure_args() {
  case $1 in
    build) echo "-DPT2E_SANITIZE=OFF" ;;
    build-release) echo "-DPT2E_SANITIZE=OFF -DCMAKE_BUILD_TYPE=Release" ;;
    build-clang) echo "-DPT2E_SANITIZE=OFF -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22" ;;
    build-asan) echo "-DPT2E_SANITIZE=ON" ;;
    *) echo "unknown build '$1'" >&2; return 1 ;;
  esac
}

for dir in ${PT2E_BUILDS:-build build-release build-clang build-asan}; do
  args=$(configure_args "$dir") || { failed=$((failed + 1)); status=1; continue; }
  # shellcheck disable=SC2086
  run_config "$dir" $args
done

# Machine independence: the lit suite and the cmocka tests again on build/
# under the other kernel paths of this machine (pt2e_cpu.h: PT2E_ISA lowers
# the instruction set; PT2E_NUM_THREADS the worker pool): every expected
# number must still hold.
if [ -x build/bin/pt2e-opt ] && [[ " ${PT2E_BUILDS:-build} " == *" build "* ]]; then
  for switches in "PT2E_NUM_THREADS=1 PT2E_ISA=scalar" "PT2E_NUM_THREADS=3 PT2E_ISA=avx2"; do
    echo "== build again ($switches)"
    log=$(mktemp)
    # shellcheck disable=SC2086
    env $switches "$LIT" -s -j "$JOBS" --param build=build test 2>&1 | tee "$log"
    [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
    passed=$((passed + $(count '^ *Passed *:' "$log")))
    failed=$((failed + $(count '^ *(Failed|Unresolved|Timed Out) *:' "$log")))
    for t in build/test/unit/test_*; do
      [ -x "$t" ] || continue
      # shellcheck disable=SC2086
      env $switches "$t" >"$log" 2>&1
      unit_counts "$log" $? || echo "FAIL ($switches): $t"
    done
    rm -f "$log"
  done
fi

# Fuzzing: each target briefly on its committed corpus; a crash fails.
fuzz_seconds=${PT2E_FUZZ_SECONDS:-30}
if [ "$fuzz_seconds" -gt 0 ]; then
  echo "== fuzz (${fuzz_seconds} s per target)"
  if tools/fuzz.sh "$fuzz_seconds"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1)); status=1
  fi
fi

[ "$status" -eq 0 ] || [ "$failed" -gt 0 ] || failed=1
echo "tests: $passed passed, $failed failed"
exit "$status"
