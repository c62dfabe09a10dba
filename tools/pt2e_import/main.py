"""The command line of tools/pt2e-import."""
import argparse
import os
import shlex
import sys
import tempfile
import traceback
import warnings

import numpy as np

from . import calibration, pitfalls, source, to_mlir
from .errors import Refusal, UsageError
from .report import Report

DESCRIPTION = """A PyTorch or ONNX model into the MLIR pt2e-mlir's passes take.

Writes into OUT/ (each file whole, or not at all; nothing when refused):
  model.mlir        the float model, --form linalg (default) or tosa
  calib.npz         the calibration batches, in pt2e-calibrate{data=}'s layout
  sample.npz        the first batch, in pt2e-run --inputs='s layout
  float_output.npy  the float model's output on it (float_output_K.npy for
                    output K of several)
  torchao.json      with --torchao: torchao's observers after calibrating on
                    the same batches, in pt2e-report{format=json}'s shape
  torchao_output.npy  with --torchao: convert_pt2e's output on the sample
  import.txt        what pt2e-import did (also on stderr)

Exit status: 0 written, 1 the model or data refused (the op or input named),
2 bad usage or an unreadable file."""


def parse_args(argv):
    ap = argparse.ArgumentParser(prog="pt2e-import", description=DESCRIPTION,
                                 epilog=source.SOURCES_HELP + "\n\n" + calibration.__doc__.split("\n", 2)[2],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("source", help="the model (below)")
    ap.add_argument("--out", required=True, help="the folder to write into (created)")
    ap.add_argument("--input", action="append", default=[], metavar="SHAPE[:DTYPE]",
                    help="one per argument of forward, in order: 1x3x224x224, 1x16:i64 "
                         "(dtypes f32 (default), f16, i64, i32, i8, u8, bool)")
    ap.add_argument("--form", choices=sorted(to_mlir.FORMS), default="linalg")
    ap.add_argument("--calib", default="random:8", help="the calibration data (below; default random:8)")
    ap.add_argument("--batches", type=int, default=None, help="take at most this many batches")
    ap.add_argument("--normalize", default="none",
                    help="for images: imagenet, none (default) or MEAN,.../STD,...")
    ap.add_argument("--vocab", type=int, default=None,
                    help="random token ids below this (default: the model config's vocab_size)")
    ap.add_argument("--weights", default=None, help="torchvision weights (e.g. DEFAULT); default random")
    ap.add_argument("--torchao", action="store_true",
                    help="also run torchao's prepare_pt2e/convert_pt2e on the same model and data")
    ap.add_argument("--per-tensor", action="store_true",
                    help="with --torchao: per-tensor weights (pt2e-annotate{per-channel=false})")
    ap.add_argument("--observer", choices=("histogram", "minmax"), default="histogram",
                    help="with --torchao: the activation observer (pt2e-annotate{activation-observer=})")
    ap.add_argument("--dynamic", action="store_true",
                    help="with --torchao: XNNPACK's dynamic recipe (is_dynamic=True; "
                         "pt2e-annotate{dynamic=true}): linears only, activation qparams at run time")
    ap.add_argument("--no-locations", action="store_true",
                    help="leave the source locations (your model's file:line) out of model.mlir")
    ap.add_argument("--quiet", action="store_true", help="write import.txt only, nothing on stderr")
    args = ap.parse_args(argv)
    if args.dynamic and args.observer != "histogram":
        ap.error("--dynamic computes activation qparams at run time: no --observer with it")
    if args.batches is not None and args.batches < 1:
        ap.error("--batches must be at least 1")
    return args


def _install(tmp, out, names):
    """Moves the finished files into OUT, each by rename: a reader sees the
    old file or the new one, never half of one."""
    os.makedirs(out, exist_ok=True)
    for n in names:
        os.replace(os.path.join(tmp, n), os.path.join(out, n))


def _save_outputs(tmp, prefix, outs, names):
    if len(outs) == 1:
        np.save(os.path.join(tmp, prefix + ".npy"), outs[0])
        names.append(prefix + ".npy")
        return
    for k, o in enumerate(outs):
        np.save(os.path.join(tmp, "%s_%d.npy" % (prefix, k)), o)
        names.append("%s_%d.npy" % (prefix, k))


def _float_outputs_onnx(path, specs, sample, report):
    try:
        import onnxruntime as ort
    except ImportError:
        report.say("onnxruntime is not installed: no float_output.npy for the ONNX model")
        return None
    sess = ort.InferenceSession(path, providers=["CPUExecutionProvider"])
    return sess.run(None, {s.name: a for s, a in zip(specs, sample)})


def _our_pipeline(args, out):
    opts = []
    if args.per_tensor:
        opts.append("per-channel=false")
    if args.observer != "histogram":
        opts.append("activation-observer=" + args.observer)
    if args.dynamic:
        opts.append("dynamic=true")
    annotate = "pt2e-annotate" + ("{%s}" % " ".join(opts) if opts else "")
    m = os.path.join(out, "model.mlir")
    return ("build/bin/pt2e-opt %s -p 'builtin.module(%s,pt2e-prepare,pt2e-calibrate{data=%s},"
            "pt2e-report{format=json output=%s})' -o %s" % (
                shlex.quote(m), annotate, os.path.join(out, "calib.npz"),
                os.path.join(out, "ours.json"), os.path.join(out, "calibrated.mlir")))


def run(args):
    report = Report(quiet=args.quiet)
    model = source.load(args.source, args.input, args.weights)
    report.say("model: %s" % model.what)
    if isinstance(model, source.OnnxModel):
        if args.torchao:
            raise UsageError("--torchao needs the PyTorch model: torchao quantizes torch.export "
                             "graphs, and an ONNX file has none (compare against the PyTorch model "
                             "you exported it from)")
        entry, specs = None, model.specs
    else:
        entry, specs = pitfalls.prepare(model, report)
    report.say("inputs: %s" % ", ".join(s.text() for s in specs))
    vocab = args.vocab or getattr(getattr(getattr(model, "module", None), "config", None), "vocab_size", None)
    batches = calibration.collect(args.calib, specs, report, args.batches,
                                  calibration.parse_normalize(args.normalize), vocab)
    sample = batches[0]

    parent = os.path.dirname(os.path.abspath(args.out)) or "."
    os.makedirs(parent, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=parent, prefix=".pt2e-import-") as tmp:
        names = []
        if entry is not None:
            import torch
            example = tuple(torch.from_numpy(a) for a in sample)
            ep = to_mlir.export_program(entry, example)
            try:
                text = to_mlir.torch_to_mlir(ep, args.form, locations=not args.no_locations)
            except to_mlir.SdpaStrides as e:
                if not pitfalls.eager_attention(entry, report, str(e)):
                    raise
                ep = to_mlir.export_program(entry, example)
                text = to_mlir.torch_to_mlir(ep, args.form, locations=not args.no_locations)
            floats = pitfalls.outputs_on(entry, sample)
        else:
            text = to_mlir.onnx_to_mlir(model, args.form, tmp)
            floats = _float_outputs_onnx(model.path, specs, sample, report)
        header = "// pt2e-import %s: %s, %s form\n" % (
            " ".join(shlex.quote(a) for a in sys.argv[1:]) if sys.argv[1:] else args.source,
            model.what, args.form)
        mpath = os.path.join(tmp, "model.mlir")
        with open(mpath, "w") as f:
            f.write(header + text)
        note = to_mlir.check_parses(mpath)
        if note:
            report.say(note)
        names.append("model.mlir")
        report.say("model.mlir: %s form, %d lines%s" % (
            args.form, text.count("\n"), "" if note else ", parses in mlir-opt-22"))
        calibration.save_npz(os.path.join(tmp, "calib.npz"), batches)
        np.savez(os.path.join(tmp, "sample.npz"), **{"arg%d" % i: a for i, a in enumerate(sample)})
        names += ["calib.npz", "sample.npz"]
        if floats is not None:
            _save_outputs(tmp, "float_output", floats, names)
        if args.torchao:
            from . import torchao_side
            try:
                rows, qouts = torchao_side.run(entry, batches, sample, not args.per_tensor,
                                               args.observer, report, args.dynamic)
            except Exception as e:  # noqa: BLE001  torchao's failure, refused with its reason
                where = to_mlir.user_line("".join(traceback.format_tb(e.__traceback__)))
                raise Refusal("torchao's prepare_pt2e/convert_pt2e failed on this model%s: %s: %s "
                              "(the MLIR side works without --torchao)" % (
                                  " at " + where if where else "", type(e).__name__,
                                  to_mlir.first_line(str(e))[:300]))
            torchao_side.write_json(os.path.join(tmp, "torchao.json"), rows)
            names.append("torchao.json")
            _save_outputs(tmp, "torchao_output", qouts, names)
        report.say("ours, with the same options: " + _our_pipeline(args, args.out))
        with open(os.path.join(tmp, "import.txt"), "w") as f:
            f.write(report.text())
        names.append("import.txt")
        _install(tmp, args.out, names)
    return 0


def main(argv):
    warnings.filterwarnings("ignore")
    # torch logs a deprecation for every Enum torchao registers with pytree
    # at import (W... _pytree.py): not the user's concern.
    import logging
    logging.getLogger("torch.utils._pytree").setLevel(logging.ERROR)
    args = parse_args(argv)
    try:
        return run(args)
    except UsageError as e:
        sys.stderr.write("pt2e-import: error: %s\n" % e)
        return 2
    except Refusal as e:
        sys.stderr.write("pt2e-import: refused: %s\n" % e)
        return 1
