"""Checks, by running torchao 0.18 / torch 2.15, every formula written in
FORMULAS.md: each torchao result is recomputed in NumPy float32 with the
op order the formula states, and the count of differing elements (bits)
is printed. Also the variants the formulas rule out (division instead of
the reciprocal multiply, ...), to show that the order is observable.

  .venv/bin/python tools/oracle/llm/verify_formulas.py

Writes nothing; prints one line per check ("0 of N differ" is the
verification). Takes ~10 s."""
import logging
import warnings

warnings.filterwarnings("ignore")
logging.getLogger("torch.utils._pytree").setLevel(logging.ERROR)

import numpy as np  # noqa: E402
import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402

f32 = np.float32


def bits_differ(a, b):
    a = np.ascontiguousarray(np.asarray(a))
    b = np.ascontiguousarray(np.asarray(b))
    assert a.shape == b.shape, (a.shape, b.shape)
    if a.dtype.kind == "f":
        a, b = a.astype(f32).view(np.uint32), b.astype(f32).view(np.uint32)
    return int(np.count_nonzero(a != b)), a.size


def say(what, a, b):
    d, n = bits_differ(a, b)
    print("%-70s %d of %d differ" % (what, d, n))


def weights(n, k, seed):
    g = torch.Generator().manual_seed(seed)
    return torch.randn(n, k, generator=g) * 0.05


def groups(w, g):
    n, k = w.shape
    return w.reshape(n, k // g, g)


# ---------------------------------------------------------------- (a) 8da4w
def check_8da4w():
    from torchao.quantization import Int8DynamicActivationIntxWeightConfig, PerGroup, quantize_
    from torchao.quantization.quantize_.workflows.intx.intx_unpacked_to_int8_tensor import (
        _apply_int8_act_asym_per_token_quant_dequant)
    cfg0 = Int8DynamicActivationIntxWeightConfig(weight_dtype=torch.int4)
    print("8da4w defaults: granularity %s, mapping %s, weight_scale_dtype %s, act %s, format %s, "
          "algorithm %s" % (cfg0.weight_granularity, cfg0.weight_mapping_type.name,
                            cfg0.weight_scale_dtype, cfg0.act_mapping_type.name,
                            cfg0.intx_packing_format.value, cfg0.intx_choose_qparams_algorithm.value))
    for g in (32, 128):
        w = weights(64, 256, 1)
        lin = torch.nn.Linear(256, 64)
        with torch.no_grad():
            lin.weight.copy_(w)
        quantize_(lin, Int8DynamicActivationIntxWeightConfig(weight_dtype=torch.int4,
                                                             weight_granularity=PerGroup(g)))
        t = lin.weight
        print("8da4w g%d: %s qdata %s %s, scale %s %s, zero_point %s %s, block_size %s, "
              "target %s, act %s" % (g, type(t).__name__, tuple(t.qdata.shape), t.qdata.dtype,
                                     tuple(t.scale.shape), t.scale.dtype, tuple(t.zero_point.shape),
                                     t.zero_point.dtype, t.block_size, t.target_dtype,
                                     t.activation_quantization))
        wg = groups(w.numpy(), g)
        amax = np.maximum(-np.minimum(wg.min(-1), f32(0)), np.maximum(wg.max(-1), f32(0)))
        scale = np.maximum(amax / f32(7.5), f32(2.0 ** -126))
        say("8da4w g%d scale = max(amax / 7.5, 2^-126)" % g, t.scale.numpy(), scale)
        inv = f32(1) / scale
        q = np.clip(np.rint(wg * inv[..., None]), -8, 7).reshape(64, 256)
        say("8da4w g%d q = clamp(rint(w * (1/scale)), -8, 7)" % g, t.qdata.numpy(), q.astype(np.int8))
        qdiv = np.clip(np.rint(wg / scale[..., None]), -8, 7).reshape(64, 256)
        say("8da4w g%d   (ruled out: rint(w / scale))" % g, t.qdata.numpy(), qdiv.astype(np.int8))
        say("8da4w g%d zero_point == 0" % g, t.zero_point.numpy(), np.zeros_like(t.zero_point.numpy()))
        qi = q.astype(np.int8).astype(f32)   # from the int8 value: rint(-0.3) is -0.0, q is 0
        dq = ((qi.reshape(64, 256 // g, g) - f32(0)) * scale[..., None]).reshape(64, 256)
        say("8da4w g%d dequantize = (q - zp) * scale" % g, t.dequantize().numpy(), dq)
        # activations, per token, [1, 16, K] as the decoders give them
        gx = torch.Generator().manual_seed(2)
        x = torch.randn(1, 16, 256, generator=gx) * 3 + 0.5
        x[0, 3] = x[0, 3].abs() + 0.1        # a row with min > 0 (zero point -128)
        x[0, 4] = -x[0, 4].abs() - 0.1       # a row with max < 0 (zero point 127)
        xn = x.numpy()
        mn = np.minimum(xn.min(-1), f32(0))
        mx = np.maximum(xn.max(-1), f32(0))
        s = np.maximum((mx - mn) / f32(255), f32(2.0 ** -126))
        zp = np.clip(f32(-128) - np.rint(mn / s), -128, 127)
        qa = np.clip(np.rint(xn * (f32(1) / s)[..., None]) + zp[..., None], -128, 127)
        qa = qa.astype(np.int8).astype(f32)
        dqa = (qa - zp[..., None]) * s[..., None]
        ref = _apply_int8_act_asym_per_token_quant_dequant(x)
        say("8da4w act: per-token asym int8 quant-dequant (formula in FORMULAS.md)", ref.numpy(), dqa)
        zp_t = np.clip(f32(-128) - np.trunc(mn / s), -128, 127)
        qa_t = np.clip(np.rint(xn * (f32(1) / s)[..., None]) + zp_t[..., None], -128, 127)
        say("8da4w act   (ruled out: zero point truncated, not rint)", ref.numpy(),
            (qa_t - zp_t[..., None]) * s[..., None])
        y = lin(x)
        y_ref = F.linear(torch.from_numpy(dqa.astype(f32)), torch.from_numpy(dq.astype(f32)), lin.bias)
        say("8da4w g%d linear = F.linear(dq(x), dq(w), bias) in float32" % g, y.detach().numpy(),
            y_ref.detach().numpy())
    # K not divisible by the group
    lin = torch.nn.Sequential(torch.nn.Linear(64, 32), torch.nn.Linear(96, 32))
    for g, mod in ((128, lin[0]), (64, lin[1])):
        try:
            quantize_(mod, Int8DynamicActivationIntxWeightConfig(weight_dtype=torch.int4,
                                                                 weight_granularity=PerGroup(g)))
            print("8da4w K=%d group %d: quantized, weight %s" % (mod.in_features, g, type(mod.weight).__name__))
        except Exception as e:  # noqa: BLE001
            print("8da4w K=%d group %d: %s: %s" % (mod.in_features, g, type(e).__name__, str(e).splitlines()[0]))


# ---------------------------------------------------------- (b) int8 weight-only
def check_int8wo():
    from torchao.quantization import Int8WeightOnlyConfig, quantize_
    cfg = Int8WeightOnlyConfig()
    print("int8wo defaults: granularity %s, version %d" % (cfg.granularity, cfg.version))
    w = weights(64, 256, 3)
    lin = torch.nn.Linear(256, 64)
    with torch.no_grad():
        lin.weight.copy_(w)
    quantize_(lin, Int8WeightOnlyConfig())
    t = lin.weight
    print("int8wo: %s qdata %s %s, scale %s %s, zero_point %s %s, block_size %s, act_quant_kwargs %s" % (
        type(t).__name__, tuple(t.qdata.shape), t.qdata.dtype, tuple(t.scale.shape), t.scale.dtype,
        tuple(t.zero_point.shape), t.zero_point.dtype, t.block_size, t.act_quant_kwargs))
    wn = w.numpy()
    amax = np.maximum(-np.minimum(wn.min(-1), f32(0)), np.maximum(wn.max(-1), f32(0)))
    scale = np.maximum(amax / f32(127.5), f32(2.0 ** -23))[:, None]
    say("int8wo scale = max(amax / 127.5, 2^-23) per row", t.scale.numpy(), scale)
    q = np.clip(np.rint(wn * (f32(1) / scale)), -128, 127)
    say("int8wo q = clamp(rint(w * (1/scale)), -128, 127)", t.qdata.numpy(), q.astype(np.int8))
    print("int8wo: q reaches -128 in %d rows (the range is -128..127, not -127..127)" %
          int((q.min(-1) == -128).sum()))
    x = torch.randn(1, 16, 256, generator=torch.Generator().manual_seed(4))
    y = lin(x).detach()
    ref = (torch.mm(x.reshape(-1, 256), t.qdata.t().float()) * t.scale.flatten()).reshape(1, 16, 64) + lin.bias
    say("int8wo linear = (x @ float(q)^T) * scale + bias", y.numpy(), ref.detach().numpy())
    ref2 = F.linear(x, t.dequantize(), lin.bias).detach()
    say("int8wo   (ruled out: F.linear(x, q * scale, bias))", y.numpy(), ref2.numpy())


# ------------------------------------------------------- (c) int4 weight-only
def check_int4wo():
    from torchao.quantization import Int4WeightOnlyConfig, quantize_
    from torchao.quantization.quant_primitives import (MappingType, _choose_qparams_affine_tinygemm,
                                                       _dequantize_affine_tinygemm,
                                                       _quantize_affine_tinygemm)
    for fmt in ("plain", "plain_int32", "tile_packed_to_4d", "preshuffled"):
        for dt in (torch.float32, torch.bfloat16):
            m = torch.nn.Sequential(torch.nn.Linear(256, 64)).to(dt)
            try:
                quantize_(m, Int4WeightOnlyConfig(group_size=32, int4_packing_format=fmt))
                m(torch.randn(2, 256, dtype=dt))
                print("int4wo %s %s: runs" % (fmt, dt))
            except Exception as e:  # noqa: BLE001
                print("int4wo %s %s: %s: %s" % (fmt, dt, type(e).__name__, str(e).splitlines()[0][:120]))
    from torchao.prototype.quantization.int4.inference_workflow import PrototypeInt4WeightOnlyConfig
    for g in (32, 64, 128, 256):
        w = weights(64, 256, 5)
        bs = (1, g)
        s, z = _choose_qparams_affine_tinygemm(w, MappingType.ASYMMETRIC, bs, torch.int32, 0, 15,
                                               scale_dtype=torch.float32, zero_point_dtype=torch.float32)
        q = _quantize_affine_tinygemm(w, bs, s, z, torch.int32, 0, 15)
        dq = _dequantize_affine_tinygemm(q, bs, s, z, torch.int32, 0, 15, output_dtype=torch.float32)
        wg = groups(w.numpy(), g)
        s, z = s.reshape(64, 256 // g), z.reshape(64, 256 // g)   # K == g: torchao gives [N]
        mn, mx = wg.min(-1), wg.max(-1)
        sn = np.maximum((mx - mn) / f32(15), f32(2.0 ** -126))
        zn = mn + sn * f32(8)
        say("int4wo g%d tinygemm scale = max((max-min)/15, 2^-126)" % g, s.numpy(), sn)
        say("int4wo g%d tinygemm zero = min + scale*8 (float)" % g, z.numpy(), zn)
        minv = zn - sn * f32(8)
        qn = np.clip(np.rint((wg - minv[..., None]) / sn[..., None]), 0, 15).reshape(64, 256)
        say("int4wo g%d tinygemm q = clamp(rint((w - (zero - 8*scale)) / scale), 0, 15)" % g,
            q.numpy(), qn.astype(np.int32))
        qm = np.clip(np.rint((wg - minv[..., None]) * (f32(1) / sn)[..., None]), 0, 15).reshape(64, 256)
        say("int4wo g%d   (not distinguished here: * (1/scale))" % g, q.numpy(), qm.astype(np.int32))
        qmin = np.clip(np.rint((wg - mn[..., None]) / sn[..., None]), 0, 15).reshape(64, 256)
        say("int4wo g%d   (not distinguished here: (w - min) / scale)" % g, q.numpy(),
            qmin.astype(np.int32))
        dqn = ((qn.reshape(64, 256 // g, g) - f32(8)) * sn[..., None] + zn[..., None]).reshape(64, 256)
        say("int4wo g%d tinygemm dequant = (q - 8) * scale + zero" % g, dq.numpy(), dqn.astype(f32))
        if g == 256:
            continue
        lin = torch.nn.Linear(256, 64)
        with torch.no_grad():
            lin.weight.copy_(w)
        quantize_(lin, PrototypeInt4WeightOnlyConfig(group_size=g))
        sz = lin.weight.scale_and_zero          # [K/g, N, 2]
        say("int4wo g%d PrototypeInt4WeightOnlyConfig scale (eps 1e-6) == tinygemm" % g,
            sz[..., 0].t().numpy(), s.numpy())
        say("int4wo g%d PrototypeInt4WeightOnlyConfig zero == tinygemm" % g, sz[..., 1].t().numpy(), z.numpy())
        eye = torch.eye(256)
        wk = F.linear(eye, lin.weight).detach().t()  # the kernel's dequantized weight, [N, K]
        say("int4wo g%d _weight_int4pack_mm_for_cpu(I) == (q - 8) * scale + zero" % g, wk.numpy(), dqn.astype(f32))
        fma = ((qn.reshape(64, 256 // g, g) - 8).astype(np.float64) * sn[..., None]
               + zn[..., None]).astype(f32).reshape(64, 256)
        say("int4wo g%d _weight_int4pack_mm_for_cpu(I) == fma(q - 8, scale, zero)" % g, wk.numpy(), fma)
        x = torch.randn(1, 16, 256, generator=torch.Generator().manual_seed(6))
        y = lin(x).detach()
        yr = F.linear(x, dq, lin.bias).detach()
        d = (y - yr).abs().max().item()
        print("int4wo g%d CPU kernel vs F.linear(x, dequant, b): max |diff| %.3g, %d of %d bits differ" % (
            g, d, int((y != yr).sum()), y.numel()))


# --------------------------------------------------------- (d) XNNPACK dynamic
def attr(gm, target):
    obj = gm
    for part in target.split("."):
        obj = getattr(obj, part)
    return obj


def check_xnnpack_dynamic():
    from torchao.quantization.pt2e.quantize_pt2e import convert_pt2e, prepare_pt2e
    from torchao.testing.pt2e._xnnpack_quantizer import (XNNPACKQuantizer,
                                                         get_symmetric_quantization_config)
    torch.manual_seed(0)
    m = torch.nn.Sequential(torch.nn.Linear(64, 128), torch.nn.ReLU(), torch.nn.Linear(128, 32)).eval()
    x = torch.randn(1, 16, 64) * 2 + 0.3
    gm = torch.export.export(m, (x,)).module()
    q = XNNPACKQuantizer().set_global(get_symmetric_quantization_config(is_per_channel=True, is_dynamic=True))
    p = prepare_pt2e(gm, q)
    p(x)
    c = convert_pt2e(p)
    ops = [str(n.target) for n in c.graph.nodes if n.op == "call_function"]
    print("xnnpack dynamic graph: " + ", ".join(ops))
    consts = [(n.target, tuple(attr(c, n.target).shape), attr(c, n.target).dtype)
              for n in c.graph.nodes if n.op == "get_attr"]
    print("xnnpack dynamic get_attr: %s" % consts)
    for n in c.graph.nodes:
        if n.op == "call_function" and "choose_qparams" in str(n.target):
            print("  %s args %s" % (n.target, n.args[1:]))
    # the formula, on x
    s_t, z_t = torch.ops.quantized_decomposed.choose_qparams.tensor(x, -128, 127, 2.0 ** -12, torch.int8)
    xn = x.numpy()
    mn, mx = min(f32(xn.min()), f32(0)), max(f32(xn.max()), f32(0))
    s = max((f32(mx) - f32(mn)) / f32(255), f32(2.0 ** -12))
    zp = int(np.clip(-128 - np.rint(f32(mn) / f32(s)), -128, 127))
    print("xnnpack dynamic choose_qparams.tensor: scale dtype %s, zp dtype %s" % (s_t.dtype, z_t.dtype))
    say("xnnpack dynamic scale = max((max0 - min0)/255, 2^-12)", np.float32(s_t.item()), np.float32(s))
    say("xnnpack dynamic zp = clamp(-128 - rint(min0 / scale))", np.array(z_t.item()), np.array(zp))
    qt = torch.ops.quantized_decomposed.quantize_per_tensor.tensor(x, s_t, z_t, -128, 127, torch.int8)
    qn = np.clip(np.rint(xn * (f32(1) / f32(s))) + zp, -128, 127).astype(np.int8)
    say("xnnpack dynamic q = clamp(rint(x * f32(1/scale)) + zp, -128, 127)", qt.numpy(), qn)
    dt = torch.ops.quantized_decomposed.dequantize_per_tensor.tensor(qt, s_t, z_t, -128, 127, torch.int8)
    say("xnnpack dynamic dq = (f32(q) - zp) * scale", dt.numpy(), (qn.astype(f32) - f32(zp)) * f32(s))
    w = m[0].weight.detach().numpy()
    amax = np.maximum(-np.minimum(w.min(-1), f32(0)), np.maximum(w.max(-1), f32(0)))
    ws = np.maximum(amax / f32(127), f32(2.0 ** -12))
    wq = np.clip(np.rint(w * (f32(1) / ws)[:, None]), -127, 127).astype(np.int8)
    qw = [attr(c, n.target) for n in c.graph.nodes if n.op == "get_attr" and attr(c, n.target).dtype == torch.int8]
    wsc = [attr(c, n.target) for n in c.graph.nodes if n.op == "get_attr"
           and attr(c, n.target).dtype == torch.float32 and attr(c, n.target).shape == (128,)]
    say("xnnpack weight scale = max(amax / 127, 2^-12) per row", wsc[0].numpy(), ws)
    say("xnnpack weight q = clamp(rint(w * (1/s)), -127, 127)", qw[0].numpy(), wq)
    y = c(x)
    print("xnnpack dynamic: model(x) computed, shape %s" % (tuple(y.shape),))


# ------------------------------------------------ (e) embedding and lm_head
def check_embedding_lm_head():
    import transformers
    from torchao.quantization import (Int8DynamicActivationIntxWeightConfig, Int8WeightOnlyConfig,
                                      PerGroup, quantize_)
    from torchao.prototype.quantization.int4.inference_workflow import PrototypeInt4WeightOnlyConfig
    torch.manual_seed(0)
    cfg = transformers.LlamaConfig(num_hidden_layers=1, hidden_size=64, num_attention_heads=4,
                                   num_key_value_heads=2, intermediate_size=256, vocab_size=256)
    for name, conf in (("8da4w g32", Int8DynamicActivationIntxWeightConfig(
            weight_dtype=torch.int4, weight_granularity=PerGroup(32))),
            ("int8wo", Int8WeightOnlyConfig()), ("int4wo proto g32", PrototypeInt4WeightOnlyConfig(group_size=32))):
        m = transformers.LlamaForCausalLM(cfg).eval()
        quantize_(m, conf)
        print("%s: embed_tokens %s, lm_head %s" % (name, type(m.model.embed_tokens.weight).__name__,
                                                   type(m.lm_head.weight).__name__))
    g = transformers.GPT2LMHeadModel(transformers.GPT2Config(n_layer=1, n_embd=64, n_head=4, vocab_size=256,
                                                             n_positions=64)).eval()
    quantize_(g, Int8WeightOnlyConfig())
    touched = [n for n, mod in g.named_modules() if hasattr(mod, "weight")
               and type(mod.weight).__name__ != "Parameter"]
    print("gpt2 int8wo: quantized modules %s; wte %s; lm_head is wte: %s" % (
        touched, type(g.transformer.wte.weight).__name__, g.lm_head.weight is g.transformer.wte.weight))


if __name__ == "__main__":
    torch.set_num_threads(max(1, torch.get_num_threads()))
    check_8da4w()
    check_int8wo()
    check_int4wo()
    check_xnnpack_dynamic()
    check_embedding_lm_head()
