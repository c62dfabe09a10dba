"""What torch.export and torch-mlir's import trip on in real models, and
what pt2e-import does about each; every action is reported.

- eval mode: PT2E post-training quantization works on the eval graph
  (BatchNorm with running statistics, dropout as identity).
- non-persistent buffers (a Llama's rotary `inv_freq`): torch-mlir's import
  of the exported program looks every buffer up in the state dict and fails
  on those that are not in it ("Could not find state mapping for buffer"):
  they are made persistent, which changes no value.
- transformers models called without an attention mask: transformers'
  packed-sequence detection (position ids without a mask) computes a
  `cumsum`, which torch-mlir writes as `tm_tensor.scan`, a torch-mlir op no
  other MLIR tool parses: an all-ones mask is passed as an input of its own.
  `use_cache=False`: no key/value cache among the outputs.
- transformers' SDPA attention at batch > 1 (GPT-2): torch's decomposition
  of scaled_dot_product_attention returns another memory layout than the
  one torch.export assumed, so the `.contiguous()` after it was dropped and
  a later view() fails (pytorch/pytorch#136543): exported again with
  transformers' eager attention (the same matmul/softmax arithmetic that
  the decomposition writes).
- dropout: identity in eval; torch-mlir removes it, torchao observes its
  output (the one documented placement difference, docs/prepare-rules.md).
- parameters other than float32 (a bf16 checkpoint): cast to float32, the
  dtype PT2E calibrates in.
"""
import inspect

import torch

from . import inputs as inp


class Entry(torch.nn.Module):
    """The function exported: forward(*tensors) -> tensor or tuple of
    tensors, whatever the model's own calling convention."""

    def __init__(self, model, arg_names=None, fixed_kwargs=None):
        super().__init__()
        self.model = model
        self.arg_names = arg_names
        self.fixed_kwargs = dict(fixed_kwargs or {})

    def forward(self, *args):
        if self.arg_names:
            out = self.model(**dict(zip(self.arg_names, args)), **self.fixed_kwargs)
        else:
            out = self.model(*args)
        return plain_outputs(out)


def outputs_on(module, arrays):
    """The module (the Entry, or torchao's converted copy of it) on one batch
    of numpy arrays: its outputs as numpy arrays, in order."""
    with torch.no_grad():
        out = module(*(torch.from_numpy(a) for a in arrays))
    outs = out if isinstance(out, (tuple, list)) else (out,)
    return [o.detach().numpy() for o in outs]


def eager_attention(entry, report, why):
    """Switches a transformers model to eager attention (see above); False
    when the model is not one that can switch."""
    model = getattr(entry, "model", None)
    if not _is_transformers(model) or not hasattr(model, "set_attn_implementation"):
        return False
    model.set_attn_implementation("eager")
    report.say("exported again with attn_implementation=\"eager\": torch's decomposition of "
               "scaled_dot_product_attention changes its output's layout and a view() after it "
               "fails (%s; pytorch/pytorch#136543)" % why)
    return True


def plain_outputs(out):
    if isinstance(out, torch.Tensor):
        return out
    if hasattr(out, "logits") and isinstance(getattr(out, "logits"), torch.Tensor):
        return out.logits
    if isinstance(out, dict):
        tensors = [v for v in out.values() if isinstance(v, torch.Tensor)]
        return tensors[0] if len(tensors) == 1 else tuple(tensors)
    if isinstance(out, (tuple, list)):
        flat = []
        for o in out:
            o = plain_outputs(o) if not isinstance(o, torch.Tensor) else o
            if isinstance(o, torch.Tensor):
                flat.append(o)
            elif isinstance(o, tuple):
                flat.extend(o)
        return flat[0] if len(flat) == 1 else tuple(flat)
    raise TypeError("the model returned a %s, not tensors" % type(out).__name__)


def _is_transformers(model):
    try:
        import transformers
    except ImportError:
        return False
    return isinstance(model, transformers.PreTrainedModel)


def _names(names, limit=4):
    shown = ", ".join(names[:limit])
    return shown + (", ... (%d in all)" % len(names) if len(names) > limit else "")


def prepare(tm, report):
    """The Entry module to export and the final input specs of a
    TorchModel, after every fix above."""
    model = tm.module
    if model.training:
        report.say("the model was in training mode: exported in eval mode (model.eval()): "
                   "post-training quantization sees BatchNorm's running statistics and no dropout")
    model.eval()

    others = sorted({str(p.dtype) for p in model.parameters() if p.dtype != torch.float32})
    if others:
        model.float()
        report.say("parameters of dtype %s cast to float32, the dtype PT2E calibrates in" % ", ".join(others))

    made = []
    for name, sub in model.named_modules():
        for b in sorted(getattr(sub, "_non_persistent_buffers_set", ())):
            made.append((name + "." if name else "") + b)
        if getattr(sub, "_non_persistent_buffers_set", None):
            sub._non_persistent_buffers_set.clear()
    if made:
        report.say("buffers made persistent (torch-mlir's import finds every buffer in the state "
                   "dict; values unchanged): %s" % _names(made))

    drops = [n for n, s in model.named_modules() if isinstance(s, torch.nn.modules.dropout._DropoutNd)]
    if drops:
        report.say("%d dropout module%s (%s): identity in eval; torch-mlir removes %s, torchao "
                   "observes %s output (the documented placement difference, docs/prepare-rules.md)"
                   % (len(drops), "s" if len(drops) > 1 else "", _names(drops),
                      "them" if len(drops) > 1 else "it", "their" if len(drops) > 1 else "its"))

    specs = list(tm.specs)
    if not _is_transformers(model):
        return Entry(model), specs

    params = inspect.signature(model.forward).parameters
    names = ["input_ids", "attention_mask"][:len(specs)]
    fixed = {}
    if "use_cache" in params:
        fixed["use_cache"] = False
        report.say("transformers %s called with use_cache=False: no key/value cache among the outputs"
                   % type(model).__name__)
    if len(specs) == 1 and "attention_mask" in params:
        ids = specs[0]
        specs.append(inp.InputSpec("attention_mask", ids.shape, "i64"))
        names.append("attention_mask")
        report.say("attention_mask added as input 1 (%s, all ones unless the calibration data "
                   "gives it): without a mask, transformers' packed-sequence detection computes "
                   "aten.cumsum, which torch-mlir writes as tm_tensor.scan, an op only torch-mlir "
                   "parses" % "x".join(map(str, ids.shape)))
    for s, n in zip(specs, names):
        s.name = n
    return Entry(model, names, fixed), specs
