#!/usr/bin/env bash
# Runs every test of pt2e-mlir: for the normal build (build/) and the
# AddressSanitizer + UndefinedBehaviorSanitizer build (build-asan/), it
# configures and builds, then runs the lit suite and the cmocka unit tests.
# Ends with one line "tests: N passed, M failed"; exits non-zero on failure.
set -uo pipefail
cd "$(dirname "$0")/.."

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

run_config() {
  local dir=$1 sanitize=$2
  echo "== $dir (sanitizers: $sanitize)"
  cmake -S . -B "$dir" -G Ninja -DPT2E_SANITIZE="$sanitize" >/dev/null \
    && cmake --build "$dir" -j "$JOBS" >"$dir/build.log" 2>&1 || {
      cat "$dir/build.log" 2>/dev/null
      echo "build of $dir failed"
      failed=$((failed + 1)); status=1; return
    }

  local log
  log=$(mktemp)
  "$LIT" -sv -j "$JOBS" --param build="$dir" test 2>&1 | tee "$log"
  [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
  passed=$((passed + $(count '^ *Passed *:' "$log")))
  failed=$((failed + $(count '^ *(Failed|Unresolved|Timed Out) *:' "$log")))

  for t in "$dir"/test/unit/test_*; do
    [ -x "$t" ] || continue
    "$t" 2>&1 | tee "$log"
    [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
    passed=$((passed + $(count '^\[  PASSED  \] [0-9]+ test' "$log")))
    failed=$((failed + $(count '^\[  FAILED  \] [0-9]+ test' "$log")))
  done
  rm -f "$log"
}

run_config build OFF
run_config build-asan ON

[ "$status" -eq 0 ] || [ "$failed" -gt 0 ] || failed=1
echo "tests: $passed passed, $failed failed"
exit "$status"
