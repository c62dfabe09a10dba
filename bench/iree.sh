#!/usr/bin/env bash
# int8 against float in IREE (issue 34): each model's float MLIR and its
# int8 TOSA (pt2e-lower-int8{target=tosa interface=int8}, printed generic)
# compiled by iree-compile for this machine's CPU, with IREE's default flags
# and with data tiling (+ im2col for convolutions), then timed by
# iree-benchmark-module in interleaved rounds (every variant once a round),
# so that the ratios compare runs made side by side. Also per variant: the
# dispatch count and the VNNI instructions of the generated code, and
# whether the int8 outputs are the bytes pt2e-run gives.
#
#   bench/iree.sh                  conv_relu, mlp, resnet18, mobilenet_v2, transformer
#   options: --models "mlp resnet18"  --rounds N (default 5)  --iters N (default 10)
#            --device local-sync|local-task (default local-sync: one thread)
#            --cpu host|generic (default host)  --build DIR  --work DIR
#
# Needs IREE (tools/install-deps.sh: .venv-iree/, or PT2E_IREE_BIN) and,
# for the exports (cached in the work folder), the import venv with torch
# and torch-mlir (PT2E_IMPORT_PYTHON or .venv/; bench/pytorch/side_by_side.py
# export): MLP batch 256, ResNet-18 and MobileNetV2 1x3x224x224, conv -> relu
# the example's 4x3x16x16, the transformer layer (bench/pytorch/models.py:
# nn.TransformerEncoderLayer(256, 4, 2048), batch_first) on 1x128x256.
# docs/deploy-iree.md has the table of one run.
#
# The transformer's output is float: PT2E quantizes its four linears and two
# residual adds, not the attention's matmuls, softmax or layer norms, so its
# int8 module has the float interface (pt2e-lower-int8{target=tosa},
# pt2e-lower-quant) and float parts whose rounding is IREE's own (summation
# order, exp, rsqrt): its output is compared by SQNR, and its integer part
# byte for byte on a second module that returns the last int8 tensor (the
# residual add before the last layer norm, dequantized: "int8 part").
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build
work=
models="conv_relu mlp resnet18 mobilenet_v2"
rounds=5 iters=10 device=local-sync cpu=host
while [ $# -gt 0 ]; do
  case "$1" in
    --models) models=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --iters) iters=$2; shift 2 ;;
    --device) device=$2; shift 2 ;;
    --cpu) cpu=$2; shift 2 ;;
    --build) build=$(cd "$2" && pwd); shift 2 ;;
    --work) work=$2; shift 2 ;;
    *) echo "bench/iree.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
work=${work:-$build/bench-iree}
mkdir -p "$work/bin"
iree=${PT2E_IREE_BIN:-$root/.venv-iree/bin}
for t in iree-compile iree-run-module iree-benchmark-module python; do
  [ -x "$iree/$t" ] || { echo "bench/iree.sh: no $iree/$t (tools/install-deps.sh installs IREE)" >&2; exit 1; }
done
ipy=$iree/python  # IREE's venv has NumPy
tpy=${PT2E_IMPORT_PYTHON:-$root/.venv/bin/python}
# a snapshot of our binaries: others may rebuild the tree during a run
cp "$build/bin/pt2e-opt" "$build/bin/pt2e-run" "$build/bin/int-npy-diff" "$work/bin/"
rm -rf "$work/share" && cp -r "$build/share" "$work/share"  # pt2e-opt reads ../share/pt2e/pt2e.irdl.mlir
opt=$work/bin/pt2e-opt
run=$work/bin/pt2e-run

base="--iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=$cpu"
dt="--iree-opt-data-tiling"
im2col="--iree-global-opt-use-im2col-for-convs"
cl="--iree-preprocessing-pass-pipeline=builtin.module(util.func(iree-preprocessing-convert-conv-to-channels-last))"
echo "iree: $("$iree/iree-compile" --version | grep -m1 'compiler version' | sed 's/^ *//')"
echo "cpu: $("$iree/iree-cpuinfo" 2>/dev/null | grep -E '^(avx512vnni|avxvnni|avx_vnni) ' | tr -s ' ' | paste -sd, - || true)"
echo "compile: $base (+ each build's flags, below)"
echo "runs: iree-benchmark-module --device=$device --benchmark_min_time=${iters}x, $rounds interleaved rounds, median"

# export MODEL: float.mlir and calib.npz of the model into $work/MODEL/.
export_model() {
  local m=$1 d=$work/$1
  mkdir -p "$d"
  [ -s "$d/float.mlir" ] && return
  case $m in
    conv_relu)
      sed -E 's/pt2e\.annotation = \{[^}]*\}, //' "$root/examples/conv_relu/conv_relu.linalg.mlir" > "$d/float.mlir"
      cp "$root/examples/conv_relu/golden/calib.npz" "$d/calib.npz"
      cp "$root/examples/conv_relu/golden/test_input.npy" "$d/x.npy" ;;
    mlp | resnet18 | mobilenet_v2 | transformer)
      [ -x "$tpy" ] || { echo "bench/iree.sh: $m needs torch-mlir's export: no $tpy (PT2E_IMPORT_PYTHON)" >&2; exit 1; }
      local spec="--batch 1 --size 224"
      [ "$m" = mlp ] && spec="--batch 256"
      [ "$m" = transformer ] && spec="--batch 1 --size 128"  # size: the sequence length
      # shellcheck disable=SC2086 # the model's flags
      "$tpy" "$root/bench/pytorch/side_by_side.py" export "$m" $spec --batches 4 --dir "$d/export" >/dev/null
      mv "$d/export/$m.mlir" "$d/float.mlir.tmp"
      mv "$d/export/$m.calib.npz" "$d/calib.npz"
      # the input: the first calibration batch (side_by_side.py stacks them)
      "$ipy" -c 'import sys, numpy as np; np.save(sys.argv[2], np.load(sys.argv[1])["arg0"][0])' \
        "$d/calib.npz" "$d/x.npy"
      mv "$d/float.mlir.tmp" "$d/float.mlir" ;;
    *) echo "bench/iree.sh: unknown model '$m'" >&2; exit 2 ;;
  esac
}

# variants MODEL: the builds compared, "name|precision|flags" a line. An
# int8 build's ratio is against the float build of the same name's flags.
variants() {
  echo "float default|float|"
  echo "int8 default|int8|"
  echo "float dt|float|$dt"
  echo "int8 dt|int8|$dt"
  if [ "$1" != mlp ] && [ "$1" != transformer ]; then
    # convolutions reach the data-tiled (mmt4d, VNNI) kernels only as im2col
    # matmuls; IREE's float convs are fastest converted to channels-last
    echo "float dt+im2col|float|$dt $im2col"
    echo "int8 dt+im2col|int8|$dt $im2col"
    echo "float channels-last|float|$cl"
  fi
}

results=$work/results.txt
: > "$results"
for m in $models; do
  export_model "$m"
  d=$work/$m
  "$opt" "$d/float.mlir" -o "$d/qdq.mlir" \
    -p "builtin.module(pt2e-annotate,pt2e-prepare,pt2e-calibrate{data=$d/calib.npz},pt2e-convert)"
  "$opt" "$d/float.mlir" --mlir-print-op-generic -o "$d/float.gen.mlir"
  if [ "$m" = transformer ]; then
    # float out (the last layer norm is not quantized): the float interface,
    # its edge casts and the float parts' Q/DQ lowered by pt2e-lower-quant
    lower='pt2e-lower-int8{target=tosa},pt2e-lower-quant'
    "$opt" "$d/qdq.mlir" -p "builtin.module($lower)" --mlir-print-op-generic -o "$d/int8.mlir" 2> "$d/lower.txt"
    cp "$d/x.npy" "$d/x8.npy"
    # the int8 part: the same model returning the last residual add (the
    # input of the last f32 -> f64 extension, the last layer norm's variance
    # in torch-mlir's decomposition), whose output is a dequantized i8
    "$ipy" - "$d/float.mlir" "$d/part.mlir" <<'EOF'
import re, sys
lines = open(sys.argv[1]).read().split("\n")
ext = max(i for i, l in enumerate(lines) if re.search(r"arith\.extf %\S+ : f32 to f64", l))
op = next(l for l in reversed(lines[:ext]) if re.match(r"    %\S+ = linalg\.generic", l))
x = re.search(r"ins\((%[^ :]+) :", op).group(1)
text, n = re.subn(r"^(    return) %\S+ :", r"\1 " + x + " :", "\n".join(lines), flags=re.M)
assert n == 1, "bench/iree.sh: no single return in " + sys.argv[1]
open(sys.argv[2], "w").write(text)
EOF
    "$opt" "$d/part.mlir" -p "builtin.module(pt2e-annotate,pt2e-prepare,pt2e-calibrate{data=$d/calib.npz},pt2e-convert,$lower)" \
      --mlir-print-op-generic -o "$d/part8.mlir" 2> /dev/null
    "$run" "$d/part8.mlir" --input="$d/x.npy" --output="$d/part_ours.npy"
  else
    "$opt" "$d/qdq.mlir" -p 'builtin.module(pt2e-lower-int8{target=tosa interface=int8})' \
      --mlir-print-op-generic -o "$d/int8.mlir" 2> "$d/lower.txt"
    # The int8 function's input: x.npy quantized with its argument's qparams.
    read -r s z < <(sed -n 's/.*argument 0 is i8 scale \([^ ]*\) zero point \([^ ]*\)$/\1 \2/p' "$d/lower.txt")
    "$ipy" -c 'import sys, numpy as np
x = np.load(sys.argv[1])
q = np.clip(np.rint(x / np.float32(sys.argv[3])) + int(sys.argv[4]), -128, 127)
np.save(sys.argv[2], q.astype(np.int8))' "$d/x.npy" "$d/x8.npy" "$s" "$z"
  fi
  echo "$m: $(grep 'quant.qcast lowered' "$d/lower.txt" | sed 's/^pt2e-lower-int8: //')"
  "$run" "$d/int8.mlir" --input="$d/x8.npy" --output="$d/ours.npy"
  i=0
  while IFS='|' read -r name prec flags; do
    i=$((i + 1))
    src=$d/float.gen.mlir in=$d/x.npy
    [ "$prec" = int8 ] && src=$d/int8.mlir in=$d/x8.npy
    rm -rf "$d/dump$i"
    fn=forward
    [ "$m" = conv_relu ] && fn=conv_relu
    rm -f "$d/v$i.vmfb"
    # shellcheck disable=SC2086 # the flag lists
    if ! "$iree/iree-compile" $base $flags --iree-hal-dump-executable-files-to="$d/dump$i" \
      --iree-scheduling-dump-statistics-format=csv --iree-scheduling-dump-statistics-file="$d/v$i.stats.csv" \
      "$src" -o "$d/v$i.vmfb" 2> "$d/v$i.err"; then
      # an IREE bug on one model must not stop the others: recorded, not timed
      rm -f "$d/v$i.vmfb"
      echo "$m, $name: iree-compile failed: $(grep -m1 error: "$d/v$i.err")"
      echo "kind=build model=$m v=$i name=$name dispatches=- vnni=- same=failed flags=$flags" >> "$results"
      continue
    fi
    # dispatches a call of the function makes (IREE's scheduling statistics:
    # the dispatch commands of its stream.cmd.execute regions, times their
    # invocations), not the initializer's (weight packing)
    dispatches=$(awk -F, -v fn="@$fn" '
      /^; builtin.module > util.func / { inside = ($0 ~ fn "( |$)") }
      inside && $2 == "\"dispatch\"" { n += ($5 == "" ? 1 : $5) }
      END { print n + 0 }' "$d/v$i.stats.csv")
    vnni=$(cat "$d/dump$i"/*.s 2>/dev/null | grep -cE 'vpdpbusd|vpdpwssd' || true)
    same=-
    if [ "$prec" = int8 ]; then
      "$iree/iree-run-module" --module="$d/v$i.vmfb" --device=local-task --function="$fn" \
        --input=@"$in" --output=@"$d/v$i.out.npy" >/dev/null
      if [ "$m" = transformer ]; then
        # float output: bit_identical and SQNR against pt2e-run; the int8
        # part byte for byte
        same=$("$run" --compare "$d/ours.npy" "$d/v$i.out.npy" | sed -n 's/^sqnr_db=\([^ ]*\) .*bit_identical=\(.*\)$/\2,\1dB/p')
        # shellcheck disable=SC2086 # the flag list
        "$iree/iree-compile" $base $flags "$d/part8.mlir" -o "$d/part$i.vmfb"
        "$iree/iree-run-module" --module="$d/part$i.vmfb" --device=local-task --function="$fn" \
          --input=@"$in" --output=@"$d/part$i.out.npy" >/dev/null
        if "$run" --compare "$d/part_ours.npy" "$d/part$i.out.npy" | grep -q 'bit_identical=yes'; then
          same="$same,part=yes"
        else
          same="$same,part=NO"
        fi
      elif "$work/bin/int-npy-diff" "$d/ours.npy" "$d/v$i.out.npy" >/dev/null; then same=yes; else same=NO; fi
    fi
    echo "kind=build model=$m v=$i name=$name dispatches=$dispatches vnni=$vnni same=$same flags=$flags" >> "$results"
  done < <(variants "$m")
done

for r in $(seq "$rounds"); do
  for m in $models; do
    d=$work/$m
    fn=forward
    [ "$m" = conv_relu ] && fn=conv_relu
    i=0
    while IFS='|' read -r name prec _; do
      i=$((i + 1))
      [ -f "$d/v$i.vmfb" ] || continue
      in=$d/x.npy
      [ "$prec" = int8 ] && in=$d/x8.npy
      "$iree/iree-benchmark-module" --module="$d/v$i.vmfb" --device="$device" --function="$fn" \
        --input=@"$in" --benchmark_repetitions=1 --benchmark_min_time="${iters}x" \
        --benchmark_format=json > "$d/bm.json" 2>/dev/null
      "$ipy" - "$d/bm.json" "$m" "$i" "$r" >> "$results" <<'EOF'
import json, sys
b = [x for x in json.load(open(sys.argv[1]))["benchmarks"] if x.get("run_type") == "iteration"][0]
to_ms = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}[b["time_unit"]]
print("kind=time model=%s v=%s round=%s real_ms=%.4f cpu_ms=%.4f"
      % (sys.argv[2], sys.argv[3], sys.argv[4], b["real_time"] * to_ms, b["cpu_time"] * to_ms))
EOF
    done < <(variants "$m")
  done
done

"$ipy" - "$results" <<'EOF'
import statistics, sys
builds, times = {}, {}
for line in open(sys.argv[1]):
    head, _, flags = line.rstrip("\n").partition(" flags=")
    kv = {}
    key = None
    for tok in head.split(" "):
        if "=" in tok:
            key, v = tok.split("=", 1)
            kv[key] = v
        else:
            kv[key] += " " + tok  # a name with spaces
    if kv["kind"] == "build":
        kv["flags"] = flags
        builds[(kv["model"], kv["v"])] = kv
    else:
        times.setdefault((kv["model"], kv["v"]), []).append((float(kv["real_ms"]), float(kv["cpu_ms"])))
print()
print("| model | build | dispatches | VNNI instrs | int8 = pt2e-run | real ms | cpu ms | int8 / float (real, cpu) |")
print("|---|---|---|---|---|---|---|---|")
models = []
for (m, v) in builds:
    if m not in models:
        models.append(m)
for m in models:
    rows = sorted((b for (mm, _), b in builds.items() if mm == m), key=lambda b: int(b["v"]))
    med = {}
    for b in rows:
        t = times.get((m, b["v"]), [])
        med[b["name"]] = (statistics.median(x[0] for x in t), statistics.median(x[1] for x in t)) if t else None
    for b in rows:
        t = med[b["name"]]
        ratio = ""
        if b["name"].startswith("int8") and t:
            f = med.get(b["name"].replace("int8", "float"))
            if f:
                ratio = "%.2f, %.2f (vs %s)" % (t[0] / f[0], t[1] / f[1], b["name"].replace("int8", "float"))
        print("| %s | %s | %s | %s | %s | %s | %s | %s |" % (
            m, b["name"], b["dispatches"], b["vnni"], b["same"],
            "%.3f" % t[0] if t else "-", "%.3f" % t[1] if t else "-", ratio))
    fl = [(k, v) for k, v in med.items() if k.startswith("float") and v]
    i8 = [(k, v) for k, v in med.items() if k.startswith("int8") and v]
    if fl and i8:
        bf = min(fl, key=lambda kv: kv[1][0])
        bi = min(i8, key=lambda kv: kv[1][0])
        print("| %s | **best int8 / best float** | | | | | | **%.2f, %.2f** (%s / %s) |" % (
            m, bi[1][0] / bf[1][0], bi[1][1] / bf[1][1], bi[0], bf[0]))
print()
print("flags of each build:")
seen = set()
for (m, v), b in builds.items():
    if b["name"] not in seen:
        seen.add(b["name"])
        print("  %s: %s" % (b["name"], b["flags"].strip() or "(none)"))
bad = [b for b in builds.values() if b["same"] == "NO" or "part=NO" in b["same"]]
if bad:
    print("int8 outputs differing from pt2e-run: %s" % ", ".join("%s %s" % (b["model"], b["name"]) for b in bad))
    sys.exit(1)
EOF
