#!/usr/bin/env python3
"""The corpus of forms (issue 31): models exported to MLIR by four paths, and
torchao's placement and folded weights as goldens.

  export.py --out DIR [--models a,b,...] [--size 64] [--skip-existing]
      torchvision's classification models (default: every one of
      torchvision.models.list_models(); --models picks some), random weights
      after torch.manual_seed(0), BatchNorm statistics drawn from a seeded
      generator (models.randomize_bn), eval mode, input 1x3xSxS (64 unless the
      model needs more: INPUT_SIZE). One folder DIR/<model>/ per model.
  export.py --regenerate [--out test/corpus/Inputs]
      the small corpus (models.py) into test/corpus/Inputs/, deterministic:
      two runs write the same bytes.

Per model folder:

  linalg.mlir     torch_mlir.fx.export_and_import(..., "linalg-on-tensors")
  tosa.mlir       the same, output_type="tosa"
  generic.mlir    linalg.mlir after mlir-opt-22 --linalg-generalize-named-ops
  onnx.mlir       torch.onnx.export (torch 2.15's default: the dynamo exporter,
                  onnxscript's optimizer) -> torch-mlir-import-onnx ->
                  torch-mlir-opt --torch-onnx-to-torch-backend-pipeline
                  --torch-backend-to-linalg-on-tensors-backend-pipeline
  stablehlo.mlir  export_and_import(..., "stablehlo") -> torch-mlir-opt
                  --stablehlo-legalize-to-linalg
  status.txt      one line per form: "<form> ok <bytes>" or
                  "<form> FAIL <stage>: <first error line>"; every file left
                  parses in Debian's mlir-opt-22 (what the plugin sees), a
                  form that does not is removed and its error recorded
  calib.npz       arg0: 8 batches of torch.randn from Generator().manual_seed(0),
                  shape 8 x input (pt2e-calibrate{data=}'s layout)
  input.npy       a test batch, Generator().manual_seed(1)
  reference.npy   the float model on input.npy
  placement.txt   torchao's observer instances (prepare_pt2e with
                  XNNPACKQuantizer per-channel), one line each, sorted:
                  "<weight|act> <kind> <dims>" (README.md: the format)
  weights.txt     every conv and linear weight after prepare_pt2e's
                  BatchNorm fold, sorted: "<conv|linear> <dims> <digest>"
  counts.txt      convs, linears, observer names and instances, input shape

No debug locations are written (they would hold the venv's paths): a form's
locations are its own file's lines once parsed.
"""

import argparse
import contextlib
import io
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
import warnings

warnings.filterwarnings("ignore")

import numpy as np  # noqa: E402
import torch  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, HERE)
import models as small_models  # noqa: E402

MLIR_OPT = os.environ.get("PT2E_MLIR_OPT", "/usr/lib/llvm-22/bin/mlir-opt")
VENV_BIN = os.path.dirname(os.path.abspath(sys.executable))
TORCH_MLIR_OPT = os.path.join(VENV_BIN, "torch-mlir-opt")
IMPORT_ONNX = os.path.join(VENV_BIN, "torch-mlir-import-onnx")

FORMS = ("linalg", "tosa", "generic", "onnx", "stablehlo")
N_BATCHES = 8

# Models whose input must be larger than 64x64, and constructor arguments.
INPUT_SIZE = {"inception_v3": 80}       # 75x75 at least (its stem and grid reductions)
CTOR_KWARGS = {
    # ViT's position embedding is built for image_size: 64 gives 4x4 patches of 16
    "vit_b_16": {"image_size": 64}, "vit_l_16": {"image_size": 64},
    "vit_b_32": {"image_size": 64}, "vit_l_32": {"image_size": 64},
    "vit_h_14": {"image_size": 56},
}
NEEDS_224 = {"maxvit_t": 224}           # its block partitions are built for 224x224
INPUT_SIZE.update(NEEDS_224)

# ------------------------------------------------------------------ digests
# A weight's digest: "<count>:<h1>:<h2>", h = sum over its float32 values'
# bit patterns v of ((v mod P * A + B) mod P)^2 mod P, all mod P. Order
# independent, so the same whatever layout an exporter stores the weight in
# (OIHW, OHWI, HWCM, [in, out]); every intermediate stays below 2^53 so that
# awk's doubles compute it exactly (tools/oracle/corpus/lib.awk, wdigest).
DIGEST = ((67108859, 12345677, 98765), (67108837, 23456789, 4321))


def digest(t):
    v = t.detach().contiguous().to(torch.float32).numpy().view(np.uint32).astype(np.int64).ravel()
    out = [str(v.size)]
    for p, a, b in DIGEST:
        x = (v % p * a + b) % p
        out.append(str(int(((x * x) % p).sum() % p)))
    return ":".join(out)


def dims_key(shape):
    """The exporter-independent spelling of a shape: its dims other than 1,
    largest first, joined by x ("1" for a scalar or all-ones shape)."""
    d = sorted((int(s) for s in shape if int(s) != 1), reverse=True)
    return "x".join(str(s) for s in d) or "1"


# --------------------------------------------------------------- torch side
CONV = {"conv1d", "conv2d", "conv3d", "convolution", "_convolution", "conv_transpose1d",
        "conv_transpose2d", "conv_transpose3d"}
KINDS = {
    "linear": "linear",
    "matmul": "matmul", "mm": "matmul", "bmm": "matmul", "baddbmm": "matmul",
    "relu": "relu", "relu_": "relu", "hardtanh": "relu", "hardtanh_": "relu", "relu6": "relu",
    "clamp": "relu", "clamp_": "relu", "clamp_min": "relu", "clamp_min_": "relu",
    "add": "add", "add_": "add",
    "mul": "mul", "mul_": "mul",
    "cat": "cat", "concat": "cat",
    "max_pool2d": "max_pool", "max_pool2d_with_indices": "max_pool", "max_pool1d": "max_pool",
    "adaptive_avg_pool2d": "avg_pool", "avg_pool2d": "avg_pool", "mean": "avg_pool",
    "adaptive_avg_pool1d": "avg_pool",
}
# Ops that only move values (and the unfolded eval BatchNorm, a per-channel
# affine map, as our side's affine tails): the kind is that of their input.
LAYOUT = {"view", "reshape", "flatten", "permute", "transpose", "squeeze", "unsqueeze", "dropout",
          "dropout_", "clone", "contiguous", "getitem", "split", "split_with_sizes", "chunk",
          "unbind", "t", "expand", "slice", "select", "alias", "_unsafe_view", "unflatten",
          "batch_norm", "_native_batch_norm_legit_no_training", "identity", "feature_dropout",
          "narrow", "expand_as", "view_as", "reshape_as"}


def opname(node):
    t = node.target
    if node.op == "placeholder":
        return "placeholder"
    if node.op == "get_attr":
        return "get_attr"
    n = getattr(t, "_opname", None) or getattr(t, "__name__", None) or str(t)
    return n


def torch_kind(node):
    """The kind of op an activation observer watches: the node's own op, or,
    through layout ops, their source's."""
    seen = 0
    while node is not None and seen < 1000:
        seen += 1
        n = opname(node)
        if n == "placeholder":
            return "input"
        if n == "get_attr":
            return "const"
        if n in CONV:
            return "conv"
        if n in KINDS:
            return KINDS[n]
        if n in LAYOUT and node.args and isinstance(node.args[0], torch.fx.Node):
            node = node.args[0]
            if opname(node).startswith("activation_post_process"):
                node = node.args[0]
            continue
        if node.op == "call_module" and str(node.target).startswith("activation_post_process"):
            node = node.args[0]
            continue
        return "other"
    return "other"


def value_of(gm, node):
    """A weight's value: a parameter (get_attr), or what simple ops make of
    one (w.t()), through observers."""
    if node.op == "get_attr":
        obj = gm
        for part in node.target.split("."):
            obj = getattr(obj, part)
        return obj.detach()
    if node.op == "call_module" and str(node.target).startswith("activation_post_process"):
        return value_of(gm, node.args[0])
    if node.op == "call_function":
        args = [value_of(gm, a) if isinstance(a, torch.fx.Node) else a for a in node.args]
        return node.target(*args).detach()
    raise ValueError("weight from %s" % node.op)


def is_per_channel_observer(mod):
    from torchao.quantization.pt2e import observer as O
    return isinstance(mod, (O.PerChannelMinMaxObserver, O.MovingAveragePerChannelMinMaxObserver))


def torch_goldens(model, x):
    """prepare_pt2e's observer instances and folded weights."""
    from torch.fx.passes.shape_prop import ShapeProp
    from torchao.quantization.pt2e.quantize_pt2e import prepare_pt2e
    from torchao.testing.pt2e._xnnpack_quantizer import (XNNPACKQuantizer,
                                                          get_symmetric_quantization_config)
    gm = torch.export.export(model, (x,)).module()
    quantizer = XNNPACKQuantizer().set_global(get_symmetric_quantization_config(is_per_channel=True))
    prepared = prepare_pt2e(gm, quantizer)
    with torch.no_grad():
        ShapeProp(prepared).propagate(x)
    order = {n: i for i, n in enumerate(prepared.graph.nodes)}
    groups = {}
    names = 0
    for node in prepared.graph.nodes:
        if node.op == "call_module" and str(node.target).startswith("activation_post_process_"):
            mod = prepared.get_submodule(node.target)
            groups.setdefault(id(mod), (mod, []))[1].append(node)
            names += 1
    placement = []
    for mod, members in groups.values():
        if is_per_channel_observer(mod):
            node = members[0]
            kind = "other"
            for user in node.users:
                n = opname(user)
                kind = "conv" if n in CONV else KINDS.get(n, "other")
                break
            placement.append("weight %s %s" % (kind, dims_key(value_of(prepared, node.args[0]).shape)))
            continue
        first = min(members, key=lambda m: order[m.args[0]])
        src = first.args[0]
        shape = src.meta["tensor_meta"].shape
        placement.append("act %s %s" % (torch_kind(src), dims_key(shape)))
    weights = []
    convs = linears = 0
    for node in prepared.graph.nodes:
        if node.op != "call_function":
            continue
        n = opname(node)
        if n in CONV or n == "linear":
            kind = "conv" if n in CONV else "linear"
            convs += kind == "conv"
            linears += kind == "linear"
            w = value_of(prepared, node.args[1])
            weights.append("%s %s %s" % (kind, dims_key(w.shape), digest(w)))
    counts = {"convs": convs, "linears": linears, "observer_names": names,
              "observer_instances": len(groups),
              "weight_observers": sum(1 for p in placement if p.startswith("weight"))}
    return sorted(placement), sorted(weights), counts


# ---------------------------------------------------------------- exporters
class ExportError(Exception):
    pass


def first_error(text):
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    for ln in lines:
        if "error" in ln.lower():
            return ln[:300]
    return (lines[-1] if lines else "(no message)")[:300]


def run(cmd, stage):
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        raise ExportError("%s: %s" % (stage, first_error(p.stderr + p.stdout)))
    return p


def check_parses(path):
    run([MLIR_OPT, path, "-o", os.devnull], "mlir-opt-22 parse")


HEADER = ("// GENERATED by tools/oracle/corpus/export.py: do not edit. Model '%s',\n"
          "// form '%s': %s\n")
HOW = {
    "linalg": "torch_mlir.fx.export_and_import(output_type='linalg-on-tensors')",
    "tosa": "torch_mlir.fx.export_and_import(output_type='tosa')",
    "generic": "the linalg form after mlir-opt-22 --linalg-generalize-named-ops",
    "onnx": "torch.onnx.export (dynamo, onnxscript optimizer) -> torch-mlir-import-onnx -> "
            "torch-mlir-opt onnx-to-torch + torch-backend-to-linalg-on-tensors",
    "stablehlo": "export_and_import(output_type='stablehlo') -> torch-mlir-opt "
                 "--stablehlo-legalize-to-linalg",
}


def write_text(path, name, form, text):
    with open(path, "w") as f:
        f.write(HEADER % (name, form, HOW[form]))
        f.write(text)


def fx_form(build, x, output_type):
    from torch_mlir import fx
    model = build()
    mod = fx.export_and_import(model, x, output_type=output_type, func_name="forward")
    return mod.operation.get_asm(large_elements_limit=None, enable_debug_info=False)


def export_fx(build, x, name, out, form, output_type):
    path = os.path.join(out, form + ".mlir")
    try:
        text = fx_form(build, x, output_type)
    except Exception as e:  # noqa: BLE001
        raise ExportError("torch-mlir fx %s: %s" % (output_type, first_error(str(e) or repr(e))))
    write_text(path, name, form, text)
    return path


def export_generic(name, out):
    src = os.path.join(out, "linalg.mlir")
    if not os.path.exists(src):
        raise ExportError("no linalg form to generalize")
    p = run([MLIR_OPT, "--linalg-generalize-named-ops", src], "mlir-opt-22 --linalg-generalize-named-ops")
    write_text(os.path.join(out, "generic.mlir"), name, "generic", p.stdout)


def export_onnx(build, x, name, out, tmp):
    onnx_path = os.path.join(tmp, name + ".onnx")
    torch_path = os.path.join(tmp, name + ".onnx.torch.mlir")
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            torch.onnx.export(build(), (x,), onnx_path, external_data=False)
    except Exception as e:  # noqa: BLE001
        raise ExportError("torch.onnx.export: %s" % first_error(str(e) or repr(e)))
    run([IMPORT_ONNX, onnx_path, "-o", torch_path], "torch-mlir-import-onnx")
    p = run([TORCH_MLIR_OPT, torch_path, "--torch-onnx-to-torch-backend-pipeline",
             "--torch-backend-to-linalg-on-tensors-backend-pipeline"],
            "torch-mlir-opt onnx-to-torch/linalg")
    write_text(os.path.join(out, "onnx.mlir"), name, "onnx", p.stdout)


def export_stablehlo(build, x, name, out, tmp):
    raw = os.path.join(tmp, name + ".stablehlo.mlir")
    try:
        text = fx_form(build, x, "stablehlo")
    except Exception as e:  # noqa: BLE001
        raise ExportError("torch-mlir fx stablehlo: %s" % first_error(str(e) or repr(e)))
    with open(raw, "w") as f:
        f.write(text)
    p = run([TORCH_MLIR_OPT, raw, "--stablehlo-legalize-to-linalg"],
            "torch-mlir-opt --stablehlo-legalize-to-linalg")
    write_text(os.path.join(out, "stablehlo.mlir"), name, "stablehlo", p.stdout)


def export_model(name, build, shape, out, log=print):
    """Every form of one model, its data and its goldens into out/."""
    os.makedirs(out, exist_ok=True)
    g = torch.Generator().manual_seed(0)
    batches = [torch.randn(*shape, generator=g) for _ in range(N_BATCHES)]
    x = torch.randn(*shape, generator=torch.Generator().manual_seed(1))
    np.savez(os.path.join(out, "calib.npz"), arg0=torch.stack(batches).numpy())
    np.save(os.path.join(out, "input.npy"), x.numpy())
    with torch.no_grad():
        np.save(os.path.join(out, "reference.npy"), build()(x).numpy())
    status = []
    tmp = tempfile.mkdtemp(prefix="corpus-")
    try:
        for form in FORMS:
            t0 = time.time()
            path = os.path.join(out, form + ".mlir")
            try:
                if form == "linalg":
                    export_fx(build, x, name, out, form, "linalg-on-tensors")
                elif form == "tosa":
                    export_fx(build, x, name, out, form, "tosa")
                elif form == "generic":
                    export_generic(name, out)
                elif form == "onnx":
                    export_onnx(build, x, name, out, tmp)
                else:
                    export_stablehlo(build, x, name, out, tmp)
                check_parses(path)
                status.append("%s ok %d" % (form, os.path.getsize(path)))
            except ExportError as e:
                if os.path.exists(path):
                    os.remove(path)
                status.append("%s FAIL %s" % (form, str(e).replace("\n", " ")))
            log("  %s %s (%.0f s)" % (name, status[-1][:160], time.time() - t0))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    t0 = time.time()
    try:
        placement, weights, counts = torch_goldens(build(), batches[0])
        with open(os.path.join(out, "placement.txt"), "w") as f:
            f.write("\n".join(placement) + "\n")
        with open(os.path.join(out, "weights.txt"), "w") as f:
            f.write("\n".join(weights) + "\n")
        counts["input"] = "x".join(str(s) for s in shape)
        with open(os.path.join(out, "counts.txt"), "w") as f:
            f.write("".join("%s %s\n" % kv for kv in counts.items()))
        log("  %s goldens: %s (%.0f s)" % (name, counts, time.time() - t0))
    except Exception as e:  # noqa: BLE001
        status.append("torchao FAIL %s" % first_error(str(e) or repr(e)))
        log("  %s torchao FAIL %s" % (name, traceback.format_exc()[-400:]))
    with open(os.path.join(out, "status.txt"), "w") as f:
        f.write("\n".join(status) + "\n")


# ---------------------------------------------------------------- lit tests
LIT_HEAD = """# GENERATED by tools/oracle/corpus/export.py --regenerate: do not edit.
# The small corpus (test/corpus/README.md), %(form)s form, every model of
# Inputs/: %(what)s. A model whose
# pipeline fails leaves its lines out, which diff shows; every mismatch of
# every model shows in the one diff at the end.
"""
WHAT = {
    "placement": "observer instances after pt2e-annotate{per-channel=true},pt2e-prepare\n"
                 "# (placement.awk: role, kind of op observed, dims; README.md) against\n"
                 "# prepare_pt2e's with XNNPACKQuantizer (Inputs/<model>/placement.txt)",
    "weights": "conv and linear weights after pt2e-fold-batchnorm (weights.awk:\n"
               "# dims and the digest of their float32 bits) against torchao's weights\n"
               "# after prepare_pt2e's BatchNorm fold (Inputs/<model>/weights.txt)",
    "lowering": "the whole flow (annotate, prepare, calibrate on Inputs/<model>/calib.npz,\n"
                "# convert, pt2e-lower-int8): every conv and linear on i8 TOSA (int8.awk)\n"
                "# against torch's convs and linears (Inputs/<model>/counts.txt)",
}


def lit_test(check, form, names):
    def awk(script):
        return ("awk -f %pt2e_root/tools/oracle/corpus/lib.awk -f %pt2e_root/tools/oracle/corpus/"
                + script + ".awk")
    out = [LIT_HEAD % {"form": form, "what": WHAT[check]}]
    out.append("RUN: rm -rf %t.d && mkdir -p %t.d")
    for m in names:
        src = "%%S/Inputs/%s/%s.mlir" % (m, form)
        pre = "%%t.d/%s" % m
        prefix = "awk '{print \"%s \" $0}'" % m
        if check == "placement":
            out.append("RUN: %%pt2e_opt %s -p 'builtin.module(pt2e-annotate{per-channel=true},pt2e-prepare)' "
                       "--mlir-print-op-generic -o %s.mlir || echo '// FAILED' > %s.mlir" % (src, pre, pre))
            out.append("RUN: %s %s.mlir | %s > %s.ours" % (awk("placement"), pre, prefix, pre))
            out.append("RUN: %s %%S/Inputs/%s/placement.txt > %s.golden" % (prefix, m, pre))
        elif check == "weights":
            out.append("RUN: %%pt2e_opt %s -p 'builtin.module(pt2e-fold-batchnorm)' "
                       "--mlir-print-op-generic -o %s.mlir || echo '// FAILED' > %s.mlir" % (src, pre, pre))
            out.append("RUN: %s %s.mlir | %s > %s.ours" % (awk("weights"), pre, prefix, pre))
            out.append("RUN: %s %%S/Inputs/%s/weights.txt > %s.golden" % (prefix, m, pre))
        else:
            out.append("RUN: %%pt2e_opt %s -p 'builtin.module(pt2e-annotate{per-channel=true},pt2e-prepare,"
                       "pt2e-calibrate{data=%%S/Inputs/%s/calib.npz},pt2e-convert,pt2e-lower-int8)' "
                       "--mlir-print-op-generic -o %s.mlir || echo '// FAILED' > %s.mlir" % (src, m, pre, pre))
            out.append("RUN: %s %s.mlir | awk '/^lowered/ {print \"%s \" $0}' > %s.ours" % (awk("int8"), pre, m, pre))
            out.append("RUN: awk '$1 == \"convs\" {print \"%s lowered_conv \" $2} $1 == \"linears\" "
                       "{print \"%s lowered_linear \" $2}' %%S/Inputs/%s/counts.txt > %s.golden"
                       % (m, m, m, pre))
    out.append("RUN: cat %s > %%t.golden" % " ".join("%%t.d/%s.golden" % m for m in names))
    out.append("RUN: cat %s > %%t.ours" % " ".join("%%t.d/%s.ours" % m for m in names))
    # The gaps: lines only torchao's side has ("want"), lines only ours has
    # ("got"), as multisets; they must equal the committed gaps/<test>.txt
    # (README.md: a ratchet, so that a gap closed or opened fails the test
    # until tools/oracle/corpus/update-gaps.sh records it).
    out.append("RUN: env LC_ALL=C sort %t.golden > %t.golden.sorted")
    out.append("RUN: env LC_ALL=C sort %t.ours > %t.ours.sorted")
    out.append("RUN: env LC_ALL=C comm -3 %t.golden.sorted %t.ours.sorted | "
               "awk '/^\\t/ {sub(/^\\t/, \"\"); print \"got  \" $0; next} {print \"want \" $0}' > %t.gaps")
    out.append("RUN: diff %%S/gaps/%s-%s.txt %%t.gaps" % (check, form))
    return "\n".join(out) + "\n"


def write_lit_tests(testdir, names):
    for check in ("placement", "weights", "lowering"):
        for form in FORMS:
            with open(os.path.join(testdir, "%s-%s.test" % (check, form)), "w") as f:
                f.write(lit_test(check, form, names))


def versions_text():
    from importlib.metadata import version
    lines = ["torch %s" % torch.__version__]
    for pkg in ("torchao", "torchvision", "torch-mlir", "onnx", "onnxscript", "onnxruntime", "numpy"):
        try:
            lines.append("%s %s" % (pkg, version(pkg)))
        except Exception:  # noqa: BLE001
            lines.append("%s (not installed)" % pkg)
    mv = subprocess.run([MLIR_OPT, "--version"], capture_output=True, text=True).stdout
    mv = [ln.strip() for ln in mv.splitlines() if "version" in ln.lower()]
    lines.append("mlir-opt %s" % (mv[0] if mv else "?"))
    lines.append("python %s" % platform.python_version())
    lines.append("cpu %s" % torch.backends.cpu.get_cpu_capability())
    return "\n".join(lines) + "\n"


def torchvision_builder(name):
    import torchvision
    size = INPUT_SIZE.get(name, 64)
    kwargs = CTOR_KWARGS.get(name, {})

    def build():
        torch.manual_seed(0)
        m = torchvision.models.get_model(name, weights=None, **kwargs)
        return small_models.randomize_bn(m).eval()
    return build, (1, 3, size, size)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out")
    ap.add_argument("--models", help="comma-separated names (default: all)")
    ap.add_argument("--regenerate", action="store_true",
                    help="the small corpus into test/corpus/Inputs (or --out)")
    ap.add_argument("--tests", help="with --regenerate and --out: where to write the lit tests")
    ap.add_argument("--skip-existing", action="store_true",
                    help="skip a model whose folder has status.txt")
    args = ap.parse_args()
    torch.set_num_threads(int(os.environ.get("CORPUS_THREADS", "2")))
    if args.regenerate:
        out = args.out or os.path.join(ROOT, "test", "corpus", "Inputs")
        names = args.models.split(",") if args.models else list(small_models.SMALL)
        for name in names:
            build = (lambda n=name: small_models.build_small(n)[0])
            export_model(name, build, small_models.SMALL[name][1], os.path.join(out, name))
        with open(os.path.join(out, "VERSIONS"), "w") as f:
            f.write(versions_text())
        if not args.out or args.tests:
            write_lit_tests(args.tests or os.path.dirname(out), list(small_models.SMALL))
        return
    if not args.out:
        ap.error("--out DIR (or --regenerate)")
    import torchvision
    names = args.models.split(",") if args.models else \
        torchvision.models.list_models(module=torchvision.models)
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "VERSIONS"), "w") as f:
        f.write(versions_text())
    for name in names:
        folder = os.path.join(args.out, name)
        if args.skip_existing and os.path.exists(os.path.join(folder, "status.txt")):
            continue
        t0 = time.time()
        print("== %s" % name, flush=True)
        build, shape = torchvision_builder(name)
        try:
            export_model(name, build, shape, folder, log=lambda s: print(s, flush=True))
        except Exception:  # noqa: BLE001
            print(traceback.format_exc(), flush=True)
        print("== %s done in %.0f s" % (name, time.time() - t0), flush=True)


if __name__ == "__main__":
    main()
