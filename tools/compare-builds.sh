#!/usr/bin/env bash
# Compares two builds' behaviour byte for byte: the check behind a change
# that must not change behaviour (a refactor, a move, a split).
#
#   tools/compare-builds.sh OLD_BUILD NEW_BUILD [--work DIR] [--bench] [--jobs N]
#
# Every .mlir file tracked in this repository goes through the same twelve
# pipelines (annotate, prepare, QAT, calibrate on seeded random batches,
# report as table / qparams / JSON, convert, lower-quant, lower-int8, ...)
# with each build's pt2e-opt; their outputs, stderr and exit codes must be
# identical. With --bench, bench/make_model.py's ResNet-18, MobileNetV2, MLP
# and ConvReLU (Histogram and MinMax, at the side-by-side run's shapes) are
# also prepared, calibrated, converted and lowered both ways (about 2 GB of
# files and ten minutes more). Timing figures are masked; a run that crashed
# in both builds is compared by exit code only (a crash dump holds
# addresses). Prints the files that differ and ends with
# "compare-builds: N files differ"; exits 1 when N > 0.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
usage() { echo "usage: $0 OLD_BUILD NEW_BUILD [--work DIR] [--bench] [--jobs N]" >&2; exit 2; }
[ $# -ge 2 ] || usage
old=$(cd "$1" && pwd) || usage
new=$(cd "$2" && pwd) || usage
shift 2
work=${TMPDIR:-/tmp}/pt2e-compare-builds bench=0 jobs=$(nproc)
while [ $# -gt 0 ]; do
  case $1 in
    --work) work=$2; shift 2 ;;
    --bench) bench=1; shift ;;
    --jobs) jobs=$2; shift 2 ;;
    *) usage ;;
  esac
done
for b in "$old" "$new"; do
  [ -x "$b/bin/pt2e-opt" ] || { echo "$0: no $b/bin/pt2e-opt (build first)" >&2; exit 2; }
done
rm -rf "$work" && mkdir -p "$work/inputs" || exit 2

PIPES=(
  "a|pt2e-annotate{per-channel=true}"
  "ap|pt2e-annotate{per-channel=true},pt2e-prepare"
  "apq|pt2e-annotate{qat=true},pt2e-prepare{qat=true}"
  "full8|pt2e-annotate{per-channel=true},pt2e-prepare,pt2e-calibrate{random-batches=2 seed=0},pt2e-report,pt2e-convert,pt2e-lower-int8"
  "fullq|pt2e-annotate,pt2e-prepare,pt2e-calibrate{random-batches=2 seed=1},pt2e-report{format=json},pt2e-convert,pt2e-lower-quant"
  "hist|pt2e-annotate{activation-observer=histogram},pt2e-prepare,pt2e-calibrate{random-batches=2 seed=2},pt2e-report{format=qparams},pt2e-convert,pt2e-lower-int8{interface=int8}"
  "raw|pt2e-prepare,pt2e-calibrate{random-batches=1 seed=0},pt2e-convert,pt2e-lower-int8"
  "fbn|pt2e-fold-batchnorm"
  "cv|pt2e-convert"
  "li|pt2e-lower-int8"
  "lq|pt2e-lower-quant"
  "rep|pt2e-report{format=json}"
)
BENCH_PIPES=(
  "int8|pt2e-prepare,pt2e-calibrate{random-batches=2 seed=0},pt2e-report{format=qparams},pt2e-convert,pt2e-lower-int8"
  "quant|pt2e-prepare,pt2e-calibrate{random-batches=2 seed=0},pt2e-convert,pt2e-lower-quant"
)

# The inputs, copied once: both builds read the same files by the same
# relative paths (diagnostics name them).
git -C "$root" ls-files '*.mlir' | while read -r f; do
  mkdir -p "$work/inputs/$(dirname "$f")" && cp "$root/$f" "$work/inputs/$f"
done
if [ $bench = 1 ]; then
  mkdir -p "$work/inputs/bench-models"
  for m in conv_relu:4:16 resnet18:8:224 mobilenet_v2:8:224 mlp:256:224; do
    IFS=: read -r name batch size <<<"$m"
    python3 "$root/bench/make_model.py" "$name" --batch "$batch" --size "$size" \
      -o "$work/inputs/bench-models/$name.histogram.mlir" || exit 2
    sed 's/observer = "histogram"/observer = "minmax"/g' "$work/inputs/bench-models/$name.histogram.mlir" \
      >"$work/inputs/bench-models/$name.minmax.mlir"
  done
fi

# run_one BUILD_OUT TAG PIPELINE FILE: one pipeline on one input.
run_one() {
  local out=$1 tag=$2 pipe=$3 rel=$4 name
  name=${rel//\//__}
  (cd "$work/inputs" && timeout 600 "$out/.bin/bin/pt2e-opt" "$rel" -p "builtin.module($pipe)" \
     -o "$out/$name.$tag.out" >"$out/$name.$tag.stdout" 2>"$out/$name.$tag.stderr"
   echo $? >"$out/$name.$tag.rc")
  sed -i -E 's/[0-9.]+ s\b/T s/g; s/peak RSS [0-9.]+ MiB/peak RSS R MiB/; s/[0-9.]+ (MB|GB)\/s/S/g' \
    "$out/$name.$tag.stderr" "$out/$name.$tag.stdout"
}

# snapshot BUILD OUT: every input through every pipeline with BUILD.
# shellcheck disable=SC2016  # the inner bash expands its $0 and $1
snapshot() {
  local build=$1 out=$2 f p
  mkdir -p "$out/.bin/bin" && cp "$build/bin/pt2e-opt" "$out/.bin/bin/" && cp -r "$build/share" "$out/.bin/"
  (cd "$work/inputs" && find . -name '*.mlir' -not -path './bench-models/*' | sed 's|^\./||' | sort) |
    while read -r f; do
      for p in "${PIPES[@]}"; do printf '%s\t%s\t%s\n' "${p%%|*}" "${p#*|}" "$f"; done
    done |
    xargs -P "$jobs" -d '\n' -n 1 bash -c 'run_line "$0" "$1"' "$out"
  if [ $bench = 1 ]; then
    for f in "$work/inputs/bench-models/"*.mlir; do
      for p in "${BENCH_PIPES[@]}"; do run_one "$out" "${p%%|*}" "${p#*|}" "bench-models/$(basename "$f")"; done
    done
  fi
}
# run_line OUT LINE: run_one on a "TAG<tab>PIPELINE<tab>FILE" line.
run_line() {
  local t p f
  IFS=$'\t' read -r t p f <<<"$2"
  run_one "$1" "$t" "$p" "$f"
}
export -f run_one run_line
export work

echo "compare-builds: $old" >&2
snapshot "$old" "$work/old"
echo "compare-builds: $new" >&2
snapshot "$new" "$work/new"

n=0
while read -r f; do
  if [[ $f == *.stderr ]]; then
    rc=${f%.stderr}.rc
    if [ "$(cat "$work/old/$rc" 2>/dev/null)" -ge 128 ] 2>/dev/null &&
       [ "$(cat "$work/new/$rc" 2>/dev/null)" -ge 128 ] 2>/dev/null; then continue; fi
  fi
  if ! cmp -s "$work/old/$f" "$work/new/$f"; then echo "differs: $f"; n=$((n + 1)); fi
done < <( (ls "$work/old"; ls "$work/new") | sort -u)
runs=("$work"/new/*.rc)
echo "compare-builds: ${#runs[@]} runs, $n files differ"
[ $n = 0 ]
