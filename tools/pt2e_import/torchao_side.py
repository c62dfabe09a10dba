"""torchao's PT2E flow on the same model and calibration data:
torch.export -> prepare_pt2e(XNNPACKQuantizer) -> the batches ->
its observers as a pt2e-report{format=json} document (docs/report.md), and
convert_pt2e's output on the sample batch. `qparams-check TORCHAO.json
OURS.json` then pairs each torchao observer with ours by what it observed."""
import json
import math
import time

import torch

from .pitfalls import outputs_on

OBSERVER_KIND = {
    "MinMaxObserver": "minmax", "MovingAverageMinMaxObserver": "moving_average_minmax",
    "PerChannelMinMaxObserver": "per_channel_minmax",
    "MovingAveragePerChannelMinMaxObserver": "moving_average_per_channel_minmax",
    "HistogramObserver": "histogram", "PlaceholderObserver": "placeholder",
}
DTYPE = {torch.int8: "i8", torch.uint8: "ui8", torch.int16: "i16", torch.uint16: "ui16", torch.int32: "i32"}


def quantizer(per_channel, observer, dynamic=False):
    """XNNPACKQuantizer's symmetric config, as pt2e-annotate's defaults
    reproduce it; observer='minmax' swaps the activation observer for
    MinMaxObserver with the config's eps (pt2e-annotate{activation-observer=minmax});
    dynamic=True is its dynamic recipe (pt2e-annotate{dynamic=true}): linears
    only, PlaceholderObserver on their inputs, choose_qparams at run time."""
    from torchao.quantization.pt2e import observer as obs
    from torchao.testing.pt2e._xnnpack_quantizer import (XNNPACKQuantizer,
                                                         get_symmetric_quantization_config)
    cfg = get_symmetric_quantization_config(is_per_channel=per_channel, is_dynamic=dynamic)
    if observer == "minmax":
        import dataclasses
        act = dataclasses.replace(cfg.input_activation,
                                  observer_or_fake_quant_ctr=obs.MinMaxObserver.with_args(eps=2**-12))
        cfg = dataclasses.replace(cfg, input_activation=act, output_activation=act)
    return XNNPACKQuantizer().set_global(cfg)


def _number(v):
    v = float(v)
    if math.isnan(v):
        return "NaN"
    if math.isinf(v):
        return "Infinity" if v > 0 else "-Infinity"
    return v


def _floats(t):
    return [_number(v) for v in torch.as_tensor(t).reshape(-1).to(torch.float32).tolist()]


def _row(name, mod, node, arg_index):
    src = node.args[0]
    cls = type(mod).__name__
    # A PlaceholderObserver (dynamic recipe) keeps no statistics: its qparams
    # are computed at run time, null here as pt2e-report writes them.
    scale, zp = (None, None) if cls == "PlaceholderObserver" else mod.calculate_qparams()
    per_channel = "per_channel" in str(mod.qscheme)
    has_stats = hasattr(mod, "min_val") and torch.as_tensor(mod.min_val).numel() > 0
    if src.op == "placeholder":
        observed = {"op": None, "result": None, "argument": arg_index.get(src.name),
                    "location": "torch:" + src.name}
    else:
        observed = {"op": str(src.target) if src.op == "call_function" else src.op, "result": 0,
                    "argument": None, "location": "torch:" + src.name}
    return {
        "name": name, "kind": "observer", "observed": observed, "location": "torch:" + node.name,
        "observer": OBSERVER_KIND.get(cls, cls), "observer_params": None,
        "dtype": DTYPE.get(mod.dtype, str(mod.dtype)),
        "qscheme": str(mod.qscheme).replace("torch.", ""),
        "ch_axis": int(mod.ch_axis) if per_channel else None,
        "quant_min": int(mod.quant_min), "quant_max": int(mod.quant_max),
        "scale": None if scale is None else _floats(scale),
        "zero_point": None if zp is None else [int(z) for z in torch.as_tensor(zp).reshape(-1).tolist()],
        "min": _floats(mod.min_val) if has_stats else None,
        "max": _floats(mod.max_val) if has_stats else None,
        "clipped": None,
    }


def _integer_scalar_ops_to_scalar_overloads(gm):
    """XNNPACKQuantizer's transform_for_annotation (_convert_scalars_to_attrs)
    turns the scalar of every aten.add.Tensor / mul.Tensor into a float32
    tensor constant, integer arithmetic included: a Llama's position
    arithmetic (arange + 0) becomes float and aten.index then fails
    ("tensors used as indices must be long"). Such ops on integer tensors
    become add.Scalar / mul.Scalar, the same values, which it leaves alone;
    PT2E quantizes no integer arithmetic either way."""
    scalar = {torch.ops.aten.add.Tensor: torch.ops.aten.add.Scalar,
              torch.ops.aten.mul.Tensor: torch.ops.aten.mul.Scalar}
    changed = 0
    for n in gm.graph.nodes:
        if n.op != "call_function" or n.target not in scalar or len(n.args) != 2:
            continue
        a, b = n.args
        val = a.meta.get("val") if isinstance(a, torch.fx.Node) else None
        if val is None or val.dtype.is_floating_point or isinstance(b, torch.fx.Node):
            continue
        n.target = scalar[n.target]
        changed += 1
    if changed:
        gm.recompile()
    return changed


def calibrated(entry, batches, per_channel, observer, report, dynamic=False):
    """prepare_pt2e on the exported entry, run on every batch: (the prepared
    module, its observers as rows)."""
    from torchao.quantization.pt2e.quantize_pt2e import prepare_pt2e
    first = tuple(torch.from_numpy(a) for a in batches[0])
    gm = torch.export.export(entry, first).module()
    rewritten = _integer_scalar_ops_to_scalar_overloads(gm)
    if rewritten:
        report.say("torchao: %d integer add/mul with a scalar written as add.Scalar/mul.Scalar: "
                   "XNNPACKQuantizer would make the scalar a float32 tensor (aten.index then fails "
                   "on float indices)" % rewritten)
    prepared = prepare_pt2e(gm, quantizer(per_channel, observer, dynamic))
    start = time.perf_counter()
    with torch.no_grad():
        for b in batches:
            prepared(*(torch.from_numpy(a) for a in b))
    seconds = time.perf_counter() - start
    placeholders = [n.name for n in prepared.graph.nodes if n.op == "placeholder"]
    arg_index = {n: i for i, n in enumerate(placeholders)}
    found = [(n.target, prepared.get_submodule(n.target), n) for n in prepared.graph.nodes
             if n.op == "call_module" and n.target.startswith("activation_post_process_")]
    found.sort(key=lambda t: int(t[0].rsplit("_", 1)[1]))
    rows = [_row(name, mod, node, arg_index) for name, mod, node in found]
    report.say("torchao: prepare_pt2e (XNNPACKQuantizer, %s, %s activations): %d observers, "
               "calibrated on %d batches in %.2f s" % (
                   "per-channel" if per_channel else "per-tensor",
                   "dynamic" if dynamic else observer, len(rows), len(batches), seconds))
    return prepared, rows


def run(entry, batches, sample, per_channel, observer, report, dynamic=False):
    """(rows, int8 outputs on the sample as numpy arrays)."""
    from torchao.quantization.pt2e.quantize_pt2e import convert_pt2e
    prepared, rows = calibrated(entry, batches, per_channel, observer, report, dynamic)
    return rows, outputs_on(convert_pt2e(prepared), sample)


def write_json(path, rows):
    """One row per line, as pt2e-report{format=json} writes them."""
    with open(path, "w") as f:
        f.write("[\n")
        for i, r in enumerate(rows):
            f.write("  " + json.dumps(r, allow_nan=False) + (",\n" if i + 1 < len(rows) else "\n"))
        f.write("]\n")
