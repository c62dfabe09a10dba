#!/usr/bin/env python3
"""Golden data for test/unit/test_observers.c and test_qparams.c, from real
torch + torchao (tools/oracle/requirements.txt).

Runs torchao.quantization.pt2e.observer classes and PyTorch's quantize /
fake-quantize ops on small tensors and writes, under test/Inputs/observers/:

  *.f32       raw little-endian float32 arrays (inputs, histogram states)
  *.case      one observer run: its spec, the batches it saw, the state it
              ended with and the qparams torch computed
  quant.case  quantize / dequantize / fake-quantize of single values
  sums.case   torch.sum, torch.histc and torch.linspace of a few vectors

Every float in a .case file is written as its float32 bit pattern in hex, so
the C tests compare bits, not decimal renderings. The .case format is a
list of whitespace-separated tokens; '#' starts a comment line:

  observer minmax|moving_average_minmax|per_channel_minmax|
           moving_average_per_channel_minmax|histogram
  dtype i8|u8|i16|u16|i32    qscheme per_tensor_affine|...
  quant_min N  quant_max N   custom_range 0|1   ch_axis N
  eps HEX   bins N   averaging_constant HEX
  batch ok|nan FILE.f32 RANK D0 D1 ... (in the order torch saw them; nan:
                                       forward raised, as histc does on NaN)
  status ok|defaulted|invalid_range     (of calculate_qparams)
  min N HEX...   max N HEX...          (state after the batches)
  histogram FILE.f32                   (Histogram state after the batches)
  scales N HEX...   zero_points N INT...

Usage: .venv/bin/python tools/oracle/observers/make_goldens.py [OUTDIR]
"""

import hashlib
import os
import struct
import sys
import warnings

import torch
import torchao
from torchao.quantization.pt2e import observer as O

# Registers torch.ops.quantized_decomposed.*
from torch.ao.quantization.fx import _decomposed  # noqa: F401

warnings.filterwarnings("ignore")

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.dirname(HERE))  # tools/oracle/: common.py
from common import f32hex  # noqa: E402

OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "test", "Inputs", "observers")

DTYPES = {"i8": torch.int8, "u8": torch.uint8, "i16": torch.int16,
          "u16": torch.uint16, "i32": torch.int32}
QSCHEMES = {"per_tensor_affine": torch.per_tensor_affine,
            "per_tensor_symmetric": torch.per_tensor_symmetric,
            "per_channel_affine": torch.per_channel_affine,
            "per_channel_symmetric": torch.per_channel_symmetric}
OBSERVERS = {"minmax": O.MinMaxObserver,
             "moving_average_minmax": O.MovingAverageMinMaxObserver,
             "per_channel_minmax": O.PerChannelMinMaxObserver,
             "moving_average_per_channel_minmax": O.MovingAveragePerChannelMinMaxObserver,
             "histogram": O.HistogramObserver}


def hexes(t):
    return " ".join(f32hex(v) for v in t.reshape(-1).tolist())


def write_f32(name, t):
    t = t.contiguous().to(torch.float32).reshape(-1)
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(struct.pack("<%df" % t.numel(), *t.tolist()))
    return name


def randn(*shape, seed):
    return torch.randn(*shape, generator=torch.Generator().manual_seed(seed))


def write_case(name, observer, dtype, qscheme, qmin, qmax, batches, eps=2**-12,
               ch_axis=0, bins=2048, averaging_constant=0.01, custom=True,
               comment=""):
    """Runs one torchao observer over 'batches' (list of (file, tensor)) and
    writes what it computed."""
    kw = dict(dtype=DTYPES[dtype], qscheme=QSCHEMES[qscheme], eps=eps)
    if custom:
        kw.update(quant_min=qmin, quant_max=qmax)
    if observer.startswith("per_channel") or observer.startswith("moving_average_per"):
        kw["ch_axis"] = ch_axis
    if observer == "histogram":
        kw["bins"] = bins
    if observer.startswith("moving_average"):
        kw["averaging_constant"] = averaging_constant
    obs = OBSERVERS[observer](**kw)
    lines = ["# " + comment] if comment else []
    lines += ["observer " + observer, "dtype " + dtype, "qscheme " + qscheme,
              "quant_min %d" % obs.quant_min, "quant_max %d" % obs.quant_max,
              "custom_range %d" % int(custom), "ch_axis %d" % ch_axis,
              "eps " + f32hex(eps), "bins %d" % bins,
              "averaging_constant " + f32hex(averaging_constant)]
    status = "ok"
    for fname, t in batches:
        try:
            obs(t)
            raised = "ok"
        except RuntimeError:
            raised = "nan"
        lines.append("batch %s %s %d %s" % (raised, fname, t.dim(),
                                            " ".join(str(d) for d in t.shape)))
    lines.append("min %d %s" % (obs.min_val.numel(), hexes(obs.min_val)))
    lines.append("max %d %s" % (obs.max_val.numel(), hexes(obs.max_val)))
    if observer == "histogram":
        lines.append("histogram " + write_f32(name + ".hist.f32", obs.histogram))
    try:
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            scale, zp = obs.calculate_qparams()
        if any("must run observer" in str(x.message) for x in w):
            status = "defaulted"
        lines.append("scales %d %s" % (scale.numel(), hexes(scale)))
        lines.append("zero_points %d %s" % (zp.numel(), " ".join(str(int(v)) for v in zp.tolist())))
    except AssertionError:
        status = "invalid_range"
    lines.append("status " + status)
    with open(os.path.join(OUT, name + ".case"), "w") as f:
        f.write("\n".join(lines) + "\n")


def quant_case():
    """Single-value quantize / fake-quantize, including ties and specials."""
    xs = torch.tensor([0.0, -0.0, 0.05, 0.15, 0.25, -0.25, 0.35, 1.0, 1.27, 1.28,
                       -1.28, -1.29, 12.75, 12.85, 25.5, -25.6, 3.4e38, -3.4e38,
                       float("inf"), float("-inf"), float("nan"), 1e-30,
                       0.123456789, -7.77, 0.5, 1.5, 2.5, -0.5, -1.5, -2.5],
                      dtype=torch.float32)
    configs = [("i8", 0.1, 0, -128, 127), ("i8", 0.1, 3, -128, 127),
               ("i8", 1.0, 0, -128, 127), ("u8", 0.05, 128, 0, 255),
               ("i8", 0.0321381576, -1, -128, 127), ("i16", 0.001, 0, -32768, 32767),
               ("u16", 0.01, 32768, 0, 65535), ("i32", 1e-6, 0, -2**31, 2**31 - 1)]
    qd = torch.ops.quantized_decomposed
    lines = ["# x values, then per config: dtype scale(hex) zp qmin qmax,",
             "# quantize_per_tensor results, dequantize of them,",
             "# fake_quantize_per_tensor_affine and fake_quantize_per_channel_affine",
             "values %d %s" % (xs.numel(), hexes(xs))]
    for dt, s, z, lo, hi in configs:
        s32 = struct.unpack("<f", struct.pack("<f", s))[0]
        q = qd.quantize_per_tensor(xs, s32, z, lo, hi, DTYPES[dt])
        dq = qd.dequantize_per_tensor(q, s32, z, lo, hi, DTYPES[dt])
        fq = torch.fake_quantize_per_tensor_affine(xs, s32, z, lo, hi) if dt != "u16" else None
        fqc = torch.fake_quantize_per_channel_affine(
            xs.reshape(1, -1), torch.tensor([s32]), torch.tensor([z], dtype=torch.int32),
            0, lo, hi).reshape(-1) if dt not in ("u16",) else None
        lines.append("config %s %s %d %d %d" % (dt, f32hex(s32), z, lo, hi))
        lines.append("quantize %d %s" % (q.numel(), " ".join(str(int(v)) for v in q.tolist())))
        lines.append("dequantize %d %s" % (dq.numel(), hexes(dq)))
        if fq is not None:
            lines.append("fake_quant %d %s" % (fq.numel(), hexes(fq)))
            lines.append("fake_quant_per_channel %d %s" % (fqc.numel(), hexes(fqc)))
    with open(os.path.join(OUT, "quant.case"), "w") as f:
        f.write("\n".join(lines) + "\n")


def sums_case():
    """torch.sum over prefixes of one vector, histc and linspace samples."""
    g = torch.Generator().manual_seed(7)
    x = torch.randn(3000, generator=g) * 10 ** torch.randint(-3, 4, (3000,), generator=g)
    lines = ["vector " + write_f32("sums.f32", x)]
    for n in [1, 5, 8, 9, 31, 64, 100, 257, 1000, 2048, 2049, 3000]:
        lines.append("sum %d %s" % (n, f32hex(torch.sum(x[:n]).item())))
    for lo, hi in [(-1.5, 2.25), (-30.0, 30.0), (0.1, 0.1)]:
        h = torch.histc(x, 2048, min=lo, max=hi)
        nz = h.nonzero().reshape(-1)
        lines.append("histc %s %s %d %s" % (f32hex(lo), f32hex(hi), nz.numel(),
                     " ".join("%d:%s" % (i, f32hex(h[i].item())) for i in nz.tolist())))
    for a, b, steps in [(-4.09373713, 4.10149336, 32769), (-842.726, 5.0096, 2049)]:
        a32 = struct.unpack("<f", struct.pack("<f", a))[0]
        b32 = struct.unpack("<f", struct.pack("<f", b))[0]
        ls = torch.linspace(a32, b32, steps)
        idx = list(range(0, steps, 97)) + [steps // 2 - 1, steps // 2, steps - 1]
        lines.append("linspace %s %s %d %d %s" % (f32hex(a32), f32hex(b32), steps, len(idx),
                     " ".join("%d:%s" % (i, f32hex(ls[i].item())) for i in idx)))
    with open(os.path.join(OUT, "sums.case"), "w") as f:
        f.write("\n".join(lines) + "\n")


def main():
    os.makedirs(OUT, exist_ok=True)
    cap = torch.backends.cpu.get_cpu_capability()
    x = randn(4, 3, 16, 16, seed=0)
    digest = hashlib.sha256(struct.pack("<%df" % x.numel(), *x.reshape(-1).tolist())).hexdigest()
    rn = write_f32("randn_4x3x16x16_seed0.f32", x)
    w = randn(8, 3, 3, 3, seed=1) * 0.2
    wn = write_f32("weight_8x3x3x3.f32", w)
    b1 = write_f32("act_b1.f32", randn(2, 64, seed=2))
    b2 = write_f32("act_b2.f32", randn(2, 64, seed=3) * 3.0 + 0.5)
    b3 = write_f32("act_b3.f32", randn(2, 64, seed=4) * 0.5)
    act = [(b1, randn(2, 64, seed=2)), (b2, randn(2, 64, seed=3) * 3.0 + 0.5),
           (b3, randn(2, 64, seed=4) * 0.5)]
    zeros = write_f32("zeros_16.f32", torch.zeros(16))
    const = write_f32("const_16.f32", torch.full((16,), 0.7))
    wide = write_f32("wide_64.f32", randn(64, seed=5) * 2.0)
    withinf = torch.cat([randn(30, seed=6), torch.tensor([float("inf"), -float("inf")])])
    infs = write_f32("with_inf_32.f32", withinf)
    nans = write_f32("with_nan_4.f32", torch.tensor([1.0, float("nan"), -2.0, 0.5]))

    R = (rn, x)
    write_case("minmax_affine_i8", "minmax", "i8", "per_tensor_affine", -128, 127, [R],
               comment="notes 1.2: scale 3d03a34d zp -1")
    write_case("minmax_symmetric_i8", "minmax", "i8", "per_tensor_symmetric", -127, 127, [R],
               comment="notes 1.2: scale 3d0447ff")
    write_case("minmax_affine_u8_default", "minmax", "u8", "per_tensor_affine", 0, 255, [R],
               eps=torch.finfo(torch.float32).eps, custom=False)
    write_case("minmax_symmetric_u8_default", "minmax", "u8", "per_tensor_symmetric", 0, 255,
               [R], custom=False, comment="zero point 128 without a custom range")
    write_case("minmax_symmetric_u8_custom", "minmax", "u8", "per_tensor_symmetric", 0, 255,
               [R], custom=True, comment="zero point (0+255)//2 = 127 with a custom range")
    write_case("minmax_affine_i16", "minmax", "i16", "per_tensor_affine", -32768, 32767, [R])
    write_case("minmax_symmetric_u16", "minmax", "u16", "per_tensor_symmetric", 0, 65535, [R])
    write_case("minmax_affine_i32", "minmax", "i32", "per_tensor_affine", -2**31, 2**31 - 1, [R])
    write_case("minmax_all_zero", "minmax", "i8", "per_tensor_affine", -128, 127,
               [(zeros, torch.zeros(16))])
    write_case("minmax_symmetric_all_zero", "minmax", "i8", "per_tensor_symmetric", -127, 127,
               [(zeros, torch.zeros(16))])
    write_case("minmax_constant", "minmax", "i8", "per_tensor_affine", -128, 127,
               [(const, torch.full((16,), 0.7))])
    write_case("minmax_nan", "minmax", "i8", "per_tensor_affine", -128, 127,
               [(nans, torch.tensor([1.0, float("nan"), -2.0, 0.5]))])
    pcn = randn(20, 5, seed=8)
    pcn[1, 2] = float("nan")
    pcnf = write_f32("per_channel_nan_20x5.f32", pcn)
    write_case("per_channel_nan", "per_channel_minmax", "i8", "per_channel_symmetric",
               -127, 127, [(pcnf, pcn), (pcnf, pcn)], ch_axis=0,
               comment="NaN bits: 7fc00000 from aminmax(dim), ffffffff from vector minimum")
    write_case("per_channel_symmetric_weight", "per_channel_minmax", "i8",
               "per_channel_symmetric", -127, 127, [(wn, w)], ch_axis=0)
    write_case("per_channel_symmetric_randn_axis0", "per_channel_minmax", "i8",
               "per_channel_symmetric", -127, 127, [R], ch_axis=0,
               comment="notes 8 (AVX2): 3d0447ff 3cf0489c 3cc7caf4 3d0407f5")
    write_case("per_channel_affine_randn_axis1", "per_channel_minmax", "i8",
               "per_channel_affine", -128, 127, [R], ch_axis=1)
    write_case("per_channel_affine_weight_axis_neg1", "per_channel_minmax", "u8",
               "per_channel_affine", 0, 255, [(wn, w)], ch_axis=-1)
    write_case("moving_average_affine", "moving_average_minmax", "i8", "per_tensor_affine",
               -128, 127, act)
    write_case("moving_average_symmetric_c05", "moving_average_minmax", "i8",
               "per_tensor_symmetric", -127, 127, act, averaging_constant=0.5)
    write_case("moving_average_per_channel", "moving_average_per_channel_minmax", "i8",
               "per_channel_affine", -128, 127, act, ch_axis=1)
    write_case("histogram_affine_3_batches", "histogram", "i8", "per_tensor_affine", -128, 127,
               act, comment="range grows on batch 2 (upscale), not on batch 3")
    write_case("histogram_symmetric_3_batches", "histogram", "i8", "per_tensor_symmetric",
               -128, 127, act)
    write_case("histogram_randn", "histogram", "i8", "per_tensor_affine", -128, 127, [R])
    write_case("histogram_u8_custom_0_127", "histogram", "u8", "per_tensor_affine", 0, 127,
               act, eps=torch.finfo(torch.float32).eps,
               comment="default_histogram_observer: quint8 0..127")
    write_case("histogram_i16", "histogram", "i16", "per_tensor_affine", -32768, 32767, act,
               comment="dst_nbins 65536")
    write_case("histogram_constant_then_growth", "histogram", "i8", "per_tensor_affine",
               -128, 127, [(const, torch.full((16,), 0.7)), (wide, randn(64, seed=5) * 2.0)],
               comment="orig_min == orig_max branch of _combine_histograms")
    write_case("histogram_constant", "histogram", "i8", "per_tensor_affine", -128, 127,
               [(const, torch.full((16,), 0.7)), (const, torch.full((16,), 0.7))])
    write_case("histogram_all_zero", "histogram", "i8", "per_tensor_affine", -128, 127,
               [(zeros, torch.zeros(16))])
    write_case("histogram_inf_filtered", "histogram", "i8", "per_tensor_affine", -128, 127,
               [(infs, withinf), (b1, randn(2, 64, seed=2))])
    nan4 = torch.tensor([1.0, float("nan"), -2.0, 0.5])
    write_case("histogram_nan_first", "histogram", "i8", "per_tensor_affine", -128, 127,
               [(nans, nan4), (b1, randn(2, 64, seed=2))],
               comment="histc raises; min/max were already set to NaN")
    write_case("histogram_nan_later", "histogram", "i8", "per_tensor_affine", -128, 127,
               [(b1, randn(2, 64, seed=2)), (nans, nan4)],
               comment="histc raises; the state stays as after batch 1")
    write_case("histogram_small_bins", "histogram", "i8", "per_tensor_affine", -128, 127,
               act, bins=64)
    quant_case()
    sums_case()

    with open(os.path.join(OUT, "VERSIONS"), "w") as f:
        f.write("torch %s\ntorchao %s\ncpu_capability %s\nrandn_4x3x16x16_seed0_sha256 %s\n"
                % (torch.__version__, torchao.__version__, cap, digest))
    print("torch", torch.__version__, "torchao", torchao.__version__, "capability", cap)
    print("randn(4,3,16,16) seed 0 sha256", digest)
    print("first 16:", " ".join(f32hex(v) for v in x.reshape(-1)[:16].tolist()))


if __name__ == "__main__":
    main()
