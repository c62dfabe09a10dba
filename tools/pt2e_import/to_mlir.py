"""PyTorch (torch.export -> torch-mlir's FX importer) or ONNX (torch-mlir's
ONNX importer -> torch-mlir-opt) to linalg-on-tensors or TOSA MLIR that
Debian's mlir-opt-22, and so the pt2e plugin, parses. What cannot be
exported is refused with the op named and, where torch says, the line of
the user's code it comes from."""
import contextlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import traceback

from .errors import Refusal

FORMS = {"linalg": "linalg-on-tensors", "tosa": "tosa"}
# Dialects the output may hold: upstream MLIR's, which mlir-opt-22 parses.
UPSTREAM = {"builtin", "func", "arith", "linalg", "tensor", "math", "tosa", "ml_program", "scf", "cf",
            "bufferization", "complex", "memref", "affine", "index", "shape"}
# torch-mlir's own ops, and the aten ops it writes them for.
TM_TENSOR_ATEN = {
    "tm_tensor.scan": ("aten.cumsum.default", "aten.cumprod.default"),
    "tm_tensor.sort": ("aten.sort.default", "aten.sort.stable", "aten.argsort.default"),
    "tm_tensor.topk": ("aten.topk.default",),
    "tm_tensor.scatter": ("aten.index_put.default", "aten.scatter.src", "aten.scatter_add.default",
                          "aten.index_put_.default"),
    "tm_tensor.attention": ("aten.scaled_dot_product_attention.default",),
}
OP_RE = re.compile(r'^\s*(?:%[^=]*=\s*)?"?([a-z_][a-z0-9_]*)\.([a-z0-9_.]+)"?[\s(<{]', re.M)


def mlir_opt():
    return (os.environ.get("PT2E_MLIR_OPT") or shutil.which("mlir-opt-22")
            or ("/usr/lib/llvm-22/bin/mlir-opt" if os.path.exists("/usr/lib/llvm-22/bin/mlir-opt") else None))


@contextlib.contextmanager
def captured_stderr():
    """MLIR's diagnostics go to file descriptor 2 from C++: capture them
    there so that the refusal can quote them instead of a screenful."""
    sys.stderr.flush()
    saved = os.dup(2)
    with tempfile.TemporaryFile(mode="w+b") as tmp:
        os.dup2(tmp.fileno(), 2)
        box = {"text": ""}
        try:
            yield box
        finally:
            sys.stderr.flush()
            os.dup2(saved, 2)
            os.close(saved)
            tmp.seek(0)
            box["text"] = tmp.read().decode("utf-8", "replace")


def user_line(text):
    """The last frame of the user's own code in a traceback or torch message."""
    frames = [(f, n) for f, n in re.findall(r'File "?([^",\s]+\.py)"?,? (?:line )?(\d+)', text)
              if "site-packages" not in f and "/lib/python3" not in f]
    if not frames:
        frames = [(f, n) for f, n in re.findall(r'loc\("([^"]+\.py)":(\d+)', text)
                  if "site-packages" not in f]
    return ("%s:%s" % frames[-1]) if frames else None


def _stack_line(node):
    st = node.meta.get("stack_trace") or ""
    return user_line(st)


def first_line(text):
    for line in text.splitlines():
        if line.strip():
            return line.strip()
    return ""


def _unlowerable(text):
    """The op torch-mlir could not lower, from its diagnostics."""
    m = re.search(r"failed to legalize operation '([^']+)'(.*)", text)
    if not m:
        m2 = re.search(r"'([a-z_]+\.[a-z_0-9.]+)' op (.*)", text)
        return (m2.group(1), m2.group(2)[:200]) if m2 else (None, None)
    op = m.group(1)
    if op == "torch.operator":
        named = re.search(r'name = "([^"]+)"', m.group(2))
        if named:
            op = named.group(1)
    return op, "torch-mlir cannot lower it"


def export_program(entry, example):
    """torch.export, or a Refusal naming what torch.export stopped at (with
    the user's line; torch's own log of the graph is captured, not shown)."""
    import torch
    failure = None
    with captured_stderr():
        try:
            return torch.export.export(entry, example)
        except Exception as e:  # noqa: BLE001  every export failure is refused, with torch's reason
            failure = e
    text = str(failure)
    where = user_line(text + "".join(traceback.format_tb(failure.__traceback__)))
    op = re.search(r"(aten\.[a-z_0-9]+(?:\.[a-z_0-9]+)?)", text)
    raise Refusal("torch.export cannot export the model%s%s: %s: %s" % (
        " at " + where if where else "", " (op %s)" % op.group(1) if op else "",
        type(failure).__name__, first_line(text)[:300]))


def _aten_ops(ep):
    return {str(n.target): n for n in ep.graph.nodes if n.op == "call_function"}


def _drop_own_frames(ep):
    """Locations come from each node's stack trace; the frame of our own
    wrapper (pitfalls.Entry) would end every one of them: dropped."""
    own = os.path.dirname(os.path.abspath(__file__))
    for node in ep.graph.nodes:
        st = node.meta.get("stack_trace")
        if not st:
            continue
        lines, out, skip = st.splitlines(True), [], False
        for line in lines:
            if line.lstrip().startswith("File "):
                skip = own in line
            if not skip:
                out.append(line)
        node.meta["stack_trace"] = "".join(out)


class SdpaStrides(Refusal):
    """torch's own decomposition of scaled_dot_product_attention returns a
    layout other than the one torch.export assumed, so a later view() of
    it fails (pytorch/pytorch#136543: the `.contiguous()` after SDPA was
    dropped at export as a no-op). GPT-2 at batch > 1 meets it; the caller
    may export again with eager attention."""


def torch_to_mlir(ep, form, locations=True):
    from torch_mlir import fx
    from torch_mlir.extras.fx_decomp_util import get_decomposition_table
    # torch-mlir's own decompositions, run here so that the frames are
    # dropped from the nodes it imports (decomposing makes new ones)
    try:
        ep = ep.run_decompositions(get_decomposition_table())
    except Exception as e:  # noqa: BLE001  refused (or retried by the caller) with torch's reason
        text = str(e)
        if "Cannot view a tensor" in text and \
                "aten.scaled_dot_product_attention.default" in _aten_ops(ep):
            raise SdpaStrides(first_line(text)[:300])
        op = re.search(r"(aten\.[a-z_0-9]+(?:\.[a-z_0-9]+)?)", text)
        raise Refusal("torch's decompositions fail on the exported program%s: %s: %s" % (
            " (op %s)" % op.group(1) if op else "", type(e).__name__, first_line(text)[:300]))
    _drop_own_frames(ep)
    with captured_stderr() as cap:
        try:
            module = fx.export_and_import(ep, output_type=FORMS[form], func_name="forward",
                                           decomposition_table=[])
            failure = None
        except Exception as e:  # noqa: BLE001  refused below with the op named
            failure = e
    if failure is not None:
        text = cap["text"] + "\n" + str(failure)
        op, why = _unlowerable(text)
        if op is None and isinstance(failure, NotImplementedError):
            op, why = first_line(str(failure)), "torch-mlir's FX importer does not take it"
        where = user_line(cap["text"])
        if op:
            raise Refusal("torch-mlir cannot export the model to %s: %s%s: %s" % (
                form, op, " (from " + where + ")" if where else "", why))
        raise Refusal("torch-mlir cannot export the model to %s: %s: %s" % (
            form, type(failure).__name__, first_line(text)[:300]))
    text = module.operation.get_asm(large_elements_limit=None, enable_debug_info=locations)
    check_ops(text, form, _aten_ops(ep))
    return text


def check_ops(text, form, aten_nodes=None):
    """Refuses ops of dialects only torch-mlir parses (tm_tensor, torch)."""
    foreign = {}
    for m in OP_RE.finditer(text):
        dialect, name = m.group(1), m.group(2)
        if dialect not in UPSTREAM and not name.startswith("mlir") and name != "yield":
            foreign.setdefault("%s.%s" % (dialect, name), text.count("\n", 0, m.start()) + 1)
    if not foreign:
        return
    parts = []
    for op in sorted(foreign):
        sources = []
        for aten in TM_TENSOR_ATEN.get(op, ()):
            node = (aten_nodes or {}).get(aten)
            if node is not None:
                line = _stack_line(node)
                sources.append(aten + (" at " + line if line else ""))
        parts.append(op + (" (written for %s)" % ", ".join(sources) if sources else ""))
    raise Refusal("torch-mlir wrote %s into the %s form: %s only in torch-mlir, not in "
                  "mlir-opt-22 or the pt2e plugin" % (
                      ", ".join(parts), form, "it parses" if len(parts) == 1 else "they parse"))


def check_parses(path):
    """None when mlir-opt-22 parses the file, else its first error."""
    tool = mlir_opt()
    if tool is None:
        return "no mlir-opt-22 found to check that the output parses (set PT2E_MLIR_OPT)"
    p = subprocess.run([tool, path, "-o", os.devnull], capture_output=True, text=True)
    if p.returncode != 0:
        raise Refusal("%s does not parse in %s: %s" % (path, tool, first_line(p.stderr)[:300]))
    return None


def _venv_tool(name):
    here = os.path.join(os.path.dirname(sys.executable), name)
    return here if os.path.exists(here) else shutil.which(name)


def onnx_to_mlir(om, form, tmp):
    """ONNX -> torch-mlir-import-onnx -> torch-mlir-opt's onnx-to-torch and
    torch-backend pipelines."""
    import onnx
    importer, opt = _venv_tool("torch-mlir-import-onnx"), _venv_tool("torch-mlir-opt")
    if not importer or not opt:
        raise Refusal("torch-mlir's ONNX importer (torch-mlir-import-onnx, torch-mlir-opt) is not "
                      "installed beside %s: run tools/install-import-deps.sh" % sys.executable)
    path = om.path
    model = onnx.load(path)
    changed = False
    inits = {i.name for i in model.graph.initializer}
    for gi, spec in zip([i for i in model.graph.input if i.name not in inits], om.specs):
        for d, s in zip(gi.type.tensor_type.shape.dim, spec.shape):
            if not d.HasField("dim_value"):
                d.dim_value = s
                changed = True
    if changed:
        path = os.path.join(tmp, "static.onnx")
        onnx.save(model, path)
    torch_ir = os.path.join(tmp, "onnx.torch.mlir")
    p = subprocess.run([importer, path, "-o", torch_ir], capture_output=True, text=True)
    if p.returncode != 0:
        raise Refusal("torch-mlir-import-onnx cannot import %s: %s" % (om.path, first_line(p.stderr + p.stdout)[:300]))
    backend = {"linalg": "--torch-backend-to-linalg-on-tensors-backend-pipeline",
               "tosa": "--torch-backend-to-tosa-backend-pipeline"}[form]
    p = subprocess.run([opt, torch_ir, "--torch-onnx-to-torch-backend-pipeline", backend],
                       capture_output=True, text=True)
    if p.returncode != 0:
        op, why = _unlowerable(p.stderr)
        raise Refusal("torch-mlir cannot lower %s to %s: %s" % (
            om.path, form, ("%s: %s" % (op, why)) if op else first_line(p.stderr)[:300]))
    check_ops(p.stdout, form)
    return p.stdout
