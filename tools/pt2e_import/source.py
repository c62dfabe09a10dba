"""Loading the user's model: a Python file and factory, a torchvision or
transformers model name, or an ONNX file. A PyTorch source becomes a
TorchModel (an nn.Module and the --input specs of its forward's
arguments), an ONNX file an OnnxModel."""
import importlib.util
import inspect
import os
import re
import sys

import torch

from . import inputs as inp
from .errors import Refusal, UsageError

SOURCES_HELP = """SOURCE is one of
  path/model.py:factory    a Python file and a function in it returning an
                           nn.Module, or (module, example_inputs); called
                           after torch.manual_seed(0)
  torchvision:NAME         torchvision.models.get_model(NAME), random weights
                           after torch.manual_seed(0) unless --weights
                           (e.g. DEFAULT: downloads them)
  transformers:NAME_OR_DIR a transformers model (from_pretrained: a local
                           folder, or a hub name when online)
  path/model.onnx          an ONNX file, through torch-mlir's ONNX importer"""


class TorchModel:
    def __init__(self, module, specs, what, arg_names=None, defaults_from=None):
        self.module = module
        self.specs = specs
        self.what = what
        self.arg_names = arg_names   # keyword names for forward (transformers), else positional
        self.defaults_from = defaults_from


class OnnxModel:
    def __init__(self, path, specs, what):
        self.path = path
        self.specs = specs
        self.what = what


def _forward_params(module):
    """The names of forward's positional parameters (without self), and how
    many of them have no default."""
    try:
        sig = inspect.signature(module.forward)
    except (TypeError, ValueError):
        return None, None
    names, required = [], 0
    for p in sig.parameters.values():
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD):
            names.append(p.name)
            if p.default is p.empty:
                required += 1
        elif p.kind == p.VAR_POSITIONAL:
            return None, None
    return names, required


def _specs_from(input_args, names, default=None, what="the model"):
    if not input_args:
        if default is None:
            raise UsageError("%s: give each argument of forward as --input SHAPE[:DTYPE] "
                             "(forward takes %s)" % (what, ", ".join(names) if names else "?"))
        input_args = default
    return [inp.parse(s, names[i] if names and i < len(names) else "arg%d" % i)
            for i, s in enumerate(input_args)]


def load_factory(path, func):
    if not os.path.isfile(path):
        raise UsageError("%s: no such file" % path)
    spec = importlib.util.spec_from_file_location("pt2e_user_model", path)
    mod = importlib.util.module_from_spec(spec)
    sys.path.insert(0, os.path.dirname(os.path.abspath(path)))
    try:
        spec.loader.exec_module(mod)
    except Exception as e:  # noqa: BLE001  the user's file: any error is theirs
        raise UsageError("%s: importing it failed: %s: %s" % (path, type(e).__name__, e))
    if not hasattr(mod, func):
        defined = sorted(n for n, v in vars(mod).items() if callable(v) and not n.startswith("_"))
        raise UsageError("%s has no function %r (it defines: %s)" % (path, func, ", ".join(defined)))
    return getattr(mod, func)


def _from_factory(path, func, input_args):
    torch.manual_seed(0)  # a factory that draws random weights draws the same ones each run
    made = load_factory(path, func)()
    example = None
    if isinstance(made, tuple) and len(made) == 2 and isinstance(made[0], torch.nn.Module):
        made, example = made
        example = example if isinstance(example, (tuple, list)) else (example,)
    if not isinstance(made, torch.nn.Module):
        raise UsageError("%s:%s returned %s, not a torch.nn.Module (or a (module, example "
                         "inputs) pair)" % (path, func, type(made).__name__))
    names, required = _forward_params(made)
    what = "%s:%s (%s)" % (path, func, type(made).__name__)
    if example is not None and not input_args:
        specs = []
        for i, t in enumerate(example):
            if not isinstance(t, torch.Tensor):
                raise UsageError("%s: example input %d is a %s, not a tensor" % (what, i, type(t).__name__))
            dtype = {v[0]: k for k, v in inp.DTYPES.items()}.get(t.dtype)
            if dtype is None:
                raise UsageError("%s: example input %d has dtype %s" % (what, i, t.dtype))
            name = names[i] if names and i < len(names) else "arg%d" % i
            specs.append(inp.InputSpec(name, t.shape, dtype))
    else:
        specs = _specs_from(input_args, names, what=what)
    if names is not None and not (required <= len(specs) <= len(names)):
        raise UsageError("%s: forward takes %d to %d tensors (%s), %d given with --input" % (
            what, required, len(names), ", ".join(names), len(specs)))
    return TorchModel(made, specs, what)


def _from_torchvision(name, input_args, weights):
    import torchvision
    if name not in torchvision.models.list_models():
        raise UsageError("torchvision has no model %r (torchvision.models.list_models() lists them)" % name)
    torch.manual_seed(0)  # random weights: the same on every run
    model = torchvision.models.get_model(name, weights=weights)
    what = "torchvision %s (%s)" % (name, "weights " + weights if weights else
                                     "random weights after torch.manual_seed(0)")
    return TorchModel(model, _specs_from(input_args, ["x"], ["1x3x224x224"], what), what)


def _from_transformers(name, input_args):
    try:
        import transformers
    except ImportError:
        raise UsageError("transformers:%s: the transformers package is not installed" % name)
    try:
        cfg = transformers.AutoConfig.from_pretrained(name)
        archs = getattr(cfg, "architectures", None) or []
        cls = getattr(transformers, archs[0], None) if archs else None
        model = (cls or transformers.AutoModel).from_pretrained(name)
    except (OSError, ValueError) as e:
        raise UsageError("transformers:%s: %s" % (name, str(e).splitlines()[0]))
    what = "transformers %s (%s)" % (name, type(model).__name__)
    return TorchModel(model, _specs_from(input_args, ["input_ids", "attention_mask"],
                                         ["1x16:i64"], what), what)


def _onnx_elem(t):
    import onnx
    return {onnx.TensorProto.FLOAT: "f32", onnx.TensorProto.INT64: "i64",
            onnx.TensorProto.INT32: "i32", onnx.TensorProto.FLOAT16: "f16",
            onnx.TensorProto.BOOL: "bool", onnx.TensorProto.UINT8: "u8",
            onnx.TensorProto.INT8: "i8"}.get(t)


def _from_onnx(path, input_args):
    import onnx
    if not os.path.isfile(path):
        raise UsageError("%s: no such file" % path)
    try:
        model = onnx.load(path, load_external_data=False)
    except Exception as e:  # noqa: BLE001  a malformed file: onnx says why
        raise UsageError("%s: not an ONNX model: %s" % (path, str(e).splitlines()[0] if str(e) else type(e).__name__))
    inits = {i.name for i in model.graph.initializer}
    graph_inputs = [i for i in model.graph.input if i.name not in inits]
    if input_args and len(input_args) != len(graph_inputs):
        raise UsageError("%s: the graph has %d inputs (%s), %d given with --input" % (
            path, len(graph_inputs), ", ".join(i.name for i in graph_inputs), len(input_args)))
    specs = []
    for k, gi in enumerate(graph_inputs):
        tt = gi.type.tensor_type
        dtype = _onnx_elem(tt.elem_type)
        if dtype is None:
            raise Refusal("%s: input %r has ONNX element type %d, which pt2e-import does not feed" % (
                path, gi.name, tt.elem_type))
        dims = [d.dim_value if d.HasField("dim_value") else None for d in tt.shape.dim]
        if input_args:
            spec = inp.parse(input_args[k], gi.name)
            if spec.dtype != dtype:
                raise UsageError("%s: input %r is %s in the file, --input says %s" % (path, gi.name, dtype, spec.dtype))
            if len(spec.shape) != len(dims) or any(d is not None and d != s for d, s in zip(dims, spec.shape)):
                raise UsageError("%s: input %r has shape %s in the file, --input says %s" % (
                    path, gi.name, "x".join("?" if d is None else str(d) for d in dims),
                    "x".join(map(str, spec.shape))))
        else:
            if any(d is None for d in dims):
                raise UsageError("%s: input %r has dynamic dimensions (%s): fix them with --input" % (
                    path, gi.name, "x".join("?" if d is None else str(d) for d in dims)))
            spec = inp.InputSpec(gi.name, dims, dtype)
        specs.append(spec)
    return OnnxModel(path, specs, "ONNX %s (opset %s, producer %s)" % (
        os.path.basename(path), ",".join(str(o.version) for o in model.opset_import),
        model.producer_name or "?"))


def load(source, input_args, weights=None):
    if source.endswith(".onnx"):
        return _from_onnx(source, input_args)
    if source.startswith("torchvision:"):
        return _from_torchvision(source.split(":", 1)[1], input_args, weights)
    if source.startswith("transformers:"):
        return _from_transformers(source.split(":", 1)[1], input_args)
    m = re.fullmatch(r"(.+\.py):([A-Za-z_]\w*)", source)
    if m:
        return _from_factory(m.group(1), m.group(2), input_args)
    raise UsageError("source %r: not a model.py:factory, torchvision:NAME, transformers:NAME or "
                     "a .onnx file\n%s" % (source, SOURCES_HELP))
