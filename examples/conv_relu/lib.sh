# shellcheck shell=bash
# Shared by examples/conv_relu/*.sh (sourced, not run): tool paths, a work
# folder, and the helpers that print our numbers next to PyTorch's.
#
#   PT2E_BUILD=<build folder>   default: build/ at the repository root
#   PT2E_WORK=<folder>          keep the intermediate files there (else a
#                               temporary folder, removed at exit)
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
build=${PT2E_BUILD:-$here/../../build}
opt=${PT2E_OPT:-$build/bin/pt2e-opt}
run=$build/bin/pt2e-run
qcheck=$build/bin/qparams-check
# shellcheck disable=SC2034 # used by the scripts that source this file
golden=$here/golden
for tool in "$opt" "$run" "$qcheck"; do
  if [ ! -x "$tool" ]; then
    echo "missing $tool: build first (cmake -S . -B build -G Ninja && cmake --build build)" >&2
    exit 1
  fi
done
if [ -n "${PT2E_WORK:-}" ]; then
  work=$PT2E_WORK
  mkdir -p "$work"
else
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
fi

# pt2e-opt MODEL PIPELINE-ELEMENTS [-o OUT]: one pipeline on the module.
pipe() {
  local model=$1 passes=$2
  shift 2
  "$opt" "$model" -p "builtin.module($passes)" "$@"
}

# The model as torch-mlir wrote it: the oracle's only edit, the
# pt2e.annotation attributes, taken out again (they never contain '}').
strip_annotations() {
  sed -E 's/pt2e\.annotation = \{[^}]*\}, //' "$1"
}

# A float32 bit pattern (8 hex digits) as a decimal number.
f32() {
  local b=$((16#$1)) sign="" e m
  ((b >> 31)) && sign=-
  e=$(((b >> 23) & 255))
  m=$((b & 0x7fffff))
  if ((e == 0 && m == 0)); then echo "${sign}0"; return; fi
  if ((e == 0)); then
    printf '%s%.6g\n' "$sign" "0x0.$(printf %06x $((m << 1)))p-126"
  else
    printf '%s%.6g\n' "$sign" "0x1.$(printf %06x $((m << 1)))p$((e - 127))"
  fi
}

# field NAME KEY FILE: the value of KEY= on observer NAME's qparams line.
field() {
  sed -n "s/^$1 .*$2=\([^ ]*\).*/\1/p" "$3"
}

# A qparams value list, short: the first entry, and how many there are.
short() {
  local first=${1%%,*} n
  n=$(($(tr -cd , <<<"$1" | wc -c) + 1))
  if ((n > 1)); then echo "$first,..($n)"; else echo "$first"; fi
}

# side_by_side PYTORCH OURS: one line per observer of PYTORCH's qparams file,
# our scale / zero point next to PyTorch's, and how far apart they are
# (qparams-check: the largest relative difference and ulp distance).
side_by_side() {
  local ref=$1 ours=$2 name s z ps pz verdict
  printf '%-26s %-30s %-30s %s\n' observer "ours: scale / zp" "PyTorch: scale / zp" "difference"
  # shellcheck disable=SC2013 # observer names are single words
  for name in $(sed -n 's/^\(activation_post_process_[0-9]*\) .*/\1/p' "$ref"); do
    s=$(field "$name" scale "$ours"); z=$(field "$name" zero_point "$ours")
    ps=$(field "$name" scale "$ref"); pz=$(field "$name" zero_point "$ref")
    verdict=$("$qcheck" --name="$name" "$ref" "$ours" | awk '
      { for (i = 1; i <= NF; i++) {
          if ($i ~ /^rel=/) { r = substr($i, 5) + 0; if (r > rel) rel = r }
          if ($i ~ /^ulps=/) { u = substr($i, 6) + 0; if (u > ulps) ulps = u }
          if ($i == "DIFFERENT") zp = 1
        } }
      END {
        if (rel == 0 && !zp) { print "bit-identical"; exit }
        printf "scale: rel %.3g (%d ulps)%s\n", rel, ulps,
               zp ? ", zero point DIFFERS" : ", zero point equal" }') || true
    if [ "${s/,/}" = "$s" ]; then
      printf '%-26s %-30s %-30s %s\n' "$name" "$(f32 "$s") ($s) / $z" "$(f32 "$ps") ($ps) / $pz" "$verdict"
    else
      printf '%-26s %-30s %-30s %s\n' "$name" "$(short "$s") / $(short "$z")" \
        "$(short "$ps") / $(short "$pz")" "$verdict"
    fi
  done
}

# compare REF OTHER: pt2e-run --compare's line.
compare() {
  "$run" --compare "$1" "$2"
}

# value KEY LINE: KEY=value out of a 'k=v k=v' line.
value() {
  tr ' ' '\n' <<<"$2" | sed -n "s/^$1=//p"
}
