"""LLM oracle: three tiny decoders (Llama, Qwen2, GPT-2 configs of
transformers, random weights after torch.manual_seed(0)) exported with
tools/pt2e-import, and what torchao 0.18 computes on them for its LLM-era
configurations and PT2E's XNNPACK recipes: every quantized linear's int
values, scales and zero points, the quantized model's logits, their SQNR
against float and torch's own noise floor. README.md says what each file
holds; FORMULAS.md the formulas (verified by verify_formulas.py).

  .venv/bin/python tools/oracle/llm/make_goldens.py [OUTDIR [MODEL ...]]

OUTDIR defaults to test/llm/Inputs. Needs the torch venv with
tools/oracle/llm/requirements.txt (transformers, torch-mlir). ~4 minutes
on 2 cores; rerunning rewrites identical bytes."""
import copy
import logging
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import warnings

warnings.filterwarnings("ignore")
logging.getLogger("torch.utils._pytree").setLevel(logging.ERROR)
logging.getLogger("transformers").setLevel(logging.ERROR)

import numpy as np  # noqa: E402
import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, os.path.join(ROOT, "tools"))
from common import sqnr  # noqa: E402

MODELS = ("llama", "qwen2", "gpt2")
# The forms committed per model (each .mlir is ~1.3 MB of weights in hex):
# the issue runs the tiny Llama in both forms, Qwen2 and GPT-2 in one.
FORMS = {"llama": ("linalg", "tosa"), "qwen2": ("linalg",), "gpt2": ("linalg",)}
# Whose weights are written: the formulas are per weight tensor, so Llama's
# linears cover them; Qwen2 (the same linears' shapes, plus q/k/v biases that
# stay float) would add 0.7 MB for nothing new. Its logits and floors are kept.
WEIGHTS_FOR = ("llama", "gpt2")
THREADS = 2          # the golden run; the floor reruns with 1
INT4_GROUPS = (32, 64, 128, 256)


def build(name):
    """The decoder of the brief, its weights drawn right after manual_seed(0)."""
    import transformers
    torch.manual_seed(0)
    if name == "llama":
        cfg = transformers.LlamaConfig(num_hidden_layers=2, hidden_size=64, num_attention_heads=4,
                                       num_key_value_heads=2, intermediate_size=256, vocab_size=256,
                                       max_position_embeddings=64)
        return transformers.LlamaForCausalLM(cfg).eval()
    if name == "qwen2":
        cfg = transformers.Qwen2Config(num_hidden_layers=2, hidden_size=64, num_attention_heads=4,
                                       num_key_value_heads=2, intermediate_size=256, vocab_size=256,
                                       max_position_embeddings=64)
        return transformers.Qwen2ForCausalLM(cfg).eval()
    # GPT2Config's bos/eos default to 50256, outside a 256-token vocabulary
    # (transformers warns); 255 changes no weight.
    cfg = transformers.GPT2Config(n_layer=2, n_embd=64, n_head=4, vocab_size=256, n_positions=64,
                                  bos_token_id=255, eos_token_id=255)
    return transformers.GPT2LMHeadModel(cfg).eval()


def load(folder):
    import transformers
    return transformers.AutoModelForCausalLM.from_pretrained(folder).eval()


def pt2e_import(work, name, form, extra, out):
    """tools/pt2e-import as a user runs it, from inside WORK with relative
    paths so that model.mlir's header line names no temporary folder."""
    env = dict(os.environ, PT2E_IMPORT_PYTHON=sys.executable)
    cmd = [os.path.join(ROOT, "tools", "pt2e-import"), "transformers:" + name, "--input", "1x16:i64",
           "--form", form, "--calib", "random:8", "--no-locations", "--quiet", "--out", out] + extra
    r = subprocess.run(cmd, cwd=work, env=env, capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit("pt2e-import failed on %s (%s): %s" % (name, form, r.stderr.strip()))
    return os.path.join(work, out)


def logits_of(model, ids, mask):
    with torch.no_grad():
        return model(input_ids=ids, attention_mask=mask, use_cache=False).logits


class Setting:
    """One legitimate other machine for the noise floor."""

    def __init__(self, name, threads=THREADS, mkldnn=True):
        self.name, self.threads, self.mkldnn = name, threads, mkldnn

    def __enter__(self):
        self.saved = (torch.get_num_threads(), torch.backends.mkldnn.enabled)
        torch.set_num_threads(self.threads)
        torch.backends.mkldnn.enabled = self.mkldnn

    def __exit__(self, *exc):
        torch.set_num_threads(self.saved[0])
        torch.backends.mkldnn.enabled = self.saved[1]


class SplitK:
    """Another BLAS's summation order, the one legitimate difference between
    machines that torch's own switches never reach (its threads, mkldnn and
    ISA settings keep each product's K in one order): every matrix product
    sums its K in two halves and adds them, as a BLAS blocking K at K/2 or
    a split-K GEMM does. Nothing else changes (quantize and choose-qparams
    ops, softmax, norms run as before)."""

    name = "split-K"

    def __enter__(self):
        from torch.utils._python_dispatch import TorchDispatchMode
        aten = torch.ops.aten

        def halves(mm, a, b):
            h = a.shape[-1] // 2
            return mm(a[..., :h], b[..., :h, :]) + mm(a[..., h:], b[..., h:, :])

        class Mode(TorchDispatchMode):
            def __torch_dispatch__(self, func, types, args=(), kwargs=None):
                kwargs = kwargs or {}
                if func in (aten.mm.default, aten.bmm.default) and not kwargs and \
                        args[0].is_floating_point() and args[0].shape[-1] > 1:
                    return halves(func, *args)
                if func is aten.addmm.default and not kwargs and args[1].is_floating_point() and \
                        args[1].shape[-1] > 1:
                    return args[0] + halves(aten.mm.default, args[1], args[2])
                if func is aten._weight_int8pack_mm.default and args[0].shape[-1] > 1:
                    x, w, scale = args        # (x @ w^T) * scale, w [N, K] int8
                    h = x.shape[-1] // 2
                    return func(x[..., :h].contiguous(), w[:, :h].contiguous(), scale) + \
                        func(x[..., h:].contiguous(), w[:, h:].contiguous(), scale)
                if "mm" in func.__name__ or "linear" in func.__name__:
                    sys.stderr.write("split-K: %s runs unsplit\n" % func.__name__)
                return func(*args, **kwargs)

        self.mode = Mode()
        self.mode.__enter__()

    def __exit__(self, *exc):
        self.mode.__exit__(*exc)


PERTURBED = (Setting("threads=1", threads=1), Setting("mkldnn off", mkldnn=False), SplitK())


# ------------------------------------------------------------ quantize_ configs
def linears(model):
    """torchao's default filter (quantize_'s _is_linear): every nn.Linear."""
    from torchao.quantization.quant_api import _is_linear
    return [(n, m) for n, m in model.named_modules() if _is_linear(m)]


def config_8da4w(group):
    from torchao.quantization import Int8DynamicActivationIntxWeightConfig, PerGroup
    return Int8DynamicActivationIntxWeightConfig(weight_dtype=torch.int4,
                                                 weight_granularity=PerGroup(group))


def quantized_weights(model):
    """FQN -> {qdata, scale, zero_point} of every weight torchao replaced."""
    out = {}
    for n, m in model.named_modules():
        w = getattr(m, "weight", None)
        if w is None or type(w).__name__ not in ("IntxUnpackedToInt8Tensor", "Int8Tensor"):
            continue
        out[n] = {"qdata": w.qdata.numpy(), "scale": w.scale.numpy(), "zero_point": w.zero_point.numpy()}
    return out


def run_quantize(model, config, filter_fn=None):
    from torchao.quantization import quantize_
    q = copy.deepcopy(model)
    if filter_fn is None:
        quantize_(q, config)
    else:
        quantize_(q, config, filter_fn=filter_fn)
    return q


def int4_tinygemm(model, group):
    """Int4WeightOnlyConfig's tinygemm formula (its TILE_PACKED_TO_4D path,
    int4_tile_packed_to_4d_tensor.py:175-195) called in float32: the same
    primitives with scale/zero in the weight's dtype. Linears whose K is not a
    multiple of the group are left float, as _int4_weight_only_quantize_tensor
    skips them (quant_api.py:575). The model's linears get the dequantized
    weight (_dequantize_affine_tinygemm) and run F.linear in float32."""
    from torchao.quantization.quant_primitives import (MappingType, _choose_qparams_affine_tinygemm,
                                                       _dequantize_affine_tinygemm,
                                                       _quantize_affine_tinygemm)
    q = copy.deepcopy(model)
    weights = {}
    for n, m in linears(q):
        w = m.weight.detach()
        if w.shape[-1] % group:
            continue
        bs = (1, group)
        s, z = _choose_qparams_affine_tinygemm(w, MappingType.ASYMMETRIC, bs, torch.int32, 0, 15,
                                               scale_dtype=w.dtype, zero_point_dtype=w.dtype)
        iq = _quantize_affine_tinygemm(w, bs, s, z, torch.int32, 0, 15)
        dq = _dequantize_affine_tinygemm(iq, bs, s, z, torch.int32, 0, 15, output_dtype=w.dtype)
        shape = (w.shape[0], w.shape[1] // group)
        weights[n] = {"qdata": iq.to(torch.uint8).numpy(), "scale": s.reshape(shape).numpy(),
                      "zero_point": z.reshape(shape).numpy()}
        m.weight = torch.nn.Parameter(dq, requires_grad=False)   # unties GPT-2's lm_head, as quantize_ does
    return q, weights


def int4_cpu_kernel(model, group):
    """PrototypeInt4WeightOnlyConfig: the same qparams, run by
    aten._weight_int4pack_mm_for_cpu (groups 32/64/128 only)."""
    from torchao.prototype.quantization.int4.inference_workflow import PrototypeInt4WeightOnlyConfig
    return run_quantize(model, PrototypeInt4WeightOnlyConfig(group_size=group))


class Float64Linear(torch.nn.Module):
    """A quantized linear recomputed in float64 for the floor: the weight as
    torchao dequantizes it (float32, exact in float64), the activation
    quant-dequant (8da4w) in torchao's float32 arithmetic on the float32
    cast of the float64 input, the product and everything else in float64."""

    def __init__(self, weight, bias, act):
        super().__init__()
        self.register_buffer("w", weight.double())
        self.register_buffer("b", None if bias is None else bias.detach().double())
        self.act = act

    def forward(self, x):
        if self.act:
            from torchao.quantization.quantize_.workflows.intx.intx_unpacked_to_int8_tensor import (
                _apply_int8_act_asym_per_token_quant_dequant)
            x = _apply_int8_act_asym_per_token_quant_dequant(x.float()).double()
        return F.linear(x, self.w, self.b)


def float64_logits(model, dequantized, act, ids, mask):
    """dequantized: FQN -> float32 weight as the quantized model uses it."""
    m = copy.deepcopy(model).double()
    for n, w in dequantized.items():
        parent, _, leaf = n.rpartition(".")
        owner = m.get_submodule(parent) if parent else m
        old = getattr(owner, leaf)
        setattr(owner, leaf, Float64Linear(w, old.bias, act))
    return logits_of(m, ids, mask)


def dequantized_of(qmodel, weights):
    out = {}
    for n in weights:
        w = qmodel.get_submodule(n).weight
        out[n] = w.dequantize() if hasattr(w, "dequantize") and type(w) is not torch.nn.Parameter \
            else w.detach()
    return out


# ------------------------------------------------------------- PT2E recipes
def xnnpack(folder, batches, dynamic):
    """pt2e-import's own torchao side (the same export, the same scalar
    rewrite), then convert_pt2e: (converted module, weights by FQN)."""
    from pt2e_import import pitfalls, source, torchao_side
    from pt2e_import.report import Report
    from torchao.quantization.pt2e.quantize_pt2e import convert_pt2e
    rep = Report(quiet=True)
    tm = source.load("transformers:" + folder, ["1x16:i64"], None)
    entry, _ = pitfalls.prepare(tm, rep)
    prepared, _ = torchao_side.calibrated(entry, batches, True, "histogram", rep, dynamic)
    conv = convert_pt2e(prepared)
    return conv, pt2e_weights(conv)


def _attr(gm, target):
    obj = gm
    for part in target.split("."):
        obj = getattr(obj, part)
    return obj


def pt2e_weights(gm):
    """Every aten.linear whose weight is dequantize_per_channel(int8 constant):
    its module FQN (nn_module_stack, without the Entry wrapper's 'model.'),
    the int8 weight, the per-channel scales and zero points convert_pt2e froze."""
    out = {}
    for n in gm.graph.nodes:
        if n.op != "call_function" or n.target != torch.ops.aten.linear.default:
            continue
        dq = n.args[1]
        if not (isinstance(dq, torch.fx.Node) and "dequantize_per_channel" in str(dq.target)):
            continue
        fqn = list(n.meta["nn_module_stack"].values())[-1][0]
        fqn = fqn[len("model."):] if fqn.startswith("model.") else fqn
        q, s, z = (_attr(gm, a.target) for a in dq.args[:3])
        out[fqn] = {"qdata": q.numpy(), "scale": s.numpy(), "zero_point": z.numpy()}
    return out


def pt2e_logits(conv, ids, mask):
    with torch.no_grad():
        return conv(ids, mask)


# ----------------------------------------------------------------- writing
def save_weights(path, weights):
    arrays = {}
    for n in sorted(weights):
        for k in ("qdata", "scale", "zero_point"):
            arrays["%s.%s" % (n, k)] = np.ascontiguousarray(weights[n][k])
    np.savez_compressed(path, **arrays)


def floor_text(cfg, floors, note):
    lines = ["# torch's noise floor of %s's logits: SQNR (dB) of the golden run (%d threads, mkldnn on)"
             % (cfg, THREADS),
             "# against the same computation on another legitimate machine; floor = the minimum"]
    for k, v in floors:
        lines.append("%s %.4f" % (k.replace(" ", "_"), v))
    lines.append("floor %.4f" % min(v for _, v in floors))
    if note:
        lines.append("# " + note)
    return "\n".join(lines) + "\n"


def configs(model, folder, batches):
    """Configuration name -> make(): each call quantizes the model afresh and
    returns (ids, mask -> logits, the weights by FQN, (act-quant flag,
    dequantized weights) for the float64 rerun or None, a note)."""
    from torchao.quantization import Int8WeightOnlyConfig
    from torchao.quantization.quant_api import _is_linear
    big = lambda m, fqn: _is_linear(m) and m.in_features % 128 == 0  # noqa: E731

    def quant(config, act, filter_fn=None, note=""):
        def make():
            qm = run_quantize(model, config, filter_fn)
            w = quantized_weights(qm)
            return (lambda i, m: logits_of(qm, i, m)), w, (act, dequantized_of(qm, w)), note
        return make

    def int4(g):
        def make():
            qm, w = int4_tinygemm(model, g)
            deq = {n: qm.get_submodule(n).weight.detach() for n in w}
            return (lambda i, m: logits_of(qm, i, m)), w, (False, deq), ""
        return make

    def pt2e(dynamic):
        def make():
            conv, w = xnnpack(folder, batches, dynamic)
            return (lambda i, m: pt2e_logits(conv, i, m)), w, None, (
                "no float64 run: quantized_decomposed ops take float32 only; calibration, convert "
                "and the forward pass all rerun under each setting")
        return make

    out = {"8da4w-g32": quant(config_8da4w(32), True),
           "8da4w-g128": quant(config_8da4w(128), True, big,
                               "filter_fn: nn.Linear with in_features % 128 == 0 (the default filter "
                               "fails, see 8da4w-g128.error.txt); the others stay float"),
           "int8wo": quant(Int8WeightOnlyConfig(), False)}
    for g in INT4_GROUPS:
        out["int4wo-g%d" % g] = int4(g)
    out["xnnpack-static"] = pt2e(False)
    out["xnnpack-dynamic"] = pt2e(True)
    return out


def inputs_of(base):
    sample = np.load(os.path.join(base, "sample.npz"))
    calib = np.load(os.path.join(base, "calib.npz"))
    n = calib["arg0"].shape[0]
    batches = [tuple(calib["arg%d" % i][b] for i in range(len(calib.files))) for b in range(n)]
    return torch.from_numpy(sample["arg0"]), torch.from_numpy(sample["arg1"]), batches


# Other machines' kernels, each run in a child process (the variables are
# read at start-up): ATen's vectorized kernels, MKL's and oneDNN's held to
# AVX2 (bit-identical here so far), then to SSE4.2 (ATen's DEFAULT build).
ISA_ENVS = (("avx2 kernels", {"ATEN_CPU_CAPABILITY": "avx2", "MKL_ENABLE_INSTRUCTIONS": "AVX2",
                              "ONEDNN_MAX_CPU_ISA": "AVX2"}),
            ("sse4.2 kernels", {"ATEN_CPU_CAPABILITY": "default", "MKL_ENABLE_INSTRUCTIONS": "SSE4_2",
                                "ONEDNN_MAX_CPU_ISA": "SSE41"}))


def isa_child(folder, base, dest):
    """Every configuration's logits under this process's kernel-ISA
    variables, for the parent's floor."""
    torch.set_num_threads(THREADS)
    ids, mask, batches = inputs_of(base)
    model = load(folder)
    res = {}
    for cfg, make in configs(model, folder, batches).items():
        res[cfg] = make()[0](ids, mask).float().numpy()
    np.savez(dest, **res)


def main(argv):
    if argv[:1] == ["--isa-child"]:
        return isa_child(*argv[1:4])
    out = os.path.abspath(argv[0]) if argv else os.path.join(ROOT, "test", "llm", "Inputs")
    models = argv[1:] or MODELS
    os.makedirs(out, exist_ok=True)
    torch.set_num_threads(THREADS)
    summary = ["# model config n_quantized sqnr_vs_float_db floor_db (logits on sample.npz)"]
    with tempfile.TemporaryDirectory(prefix="llm-oracle-") as work:
        for name in models:
            summary += one_model(name, work, out)
    with open(os.path.join(out, "summary.txt"), "w") as f:
        f.write("\n".join(summary) + "\n")
    versions(out)


def one_model(name, work, out):
    build(name).save_pretrained(os.path.join(work, name))
    folder = os.path.join(work, name)
    dirs = {}
    for form in FORMS[name]:
        extra = ["--torchao"] if form == "linalg" else []
        dirs[form] = pt2e_import(work, name, form, extra, "%s-%s" % (name, form))
        shutil.copyfile(os.path.join(dirs[form], "model.mlir"), os.path.join(out, "%s.%s.mlir" % (name, form)))
    dyn = pt2e_import(work, name, "linalg", ["--torchao", "--dynamic"], name + "-dynamic")
    base = dirs["linalg"]
    for f, g in (("calib.npz", "calib.npz"), ("sample.npz", "sample.npz"), ("float_output.npy", "float.npy"),
                 ("torchao.json", "xnnpack-static.torchao.json")):
        shutil.copyfile(os.path.join(base, f), os.path.join(out, "%s.%s" % (name, g)))
    shutil.copyfile(os.path.join(dyn, "torchao.json"), os.path.join(out, name + ".xnnpack-dynamic.torchao.json"))

    ids, mask, batches = inputs_of(base)
    model = load(folder)
    fl = logits_of(model, ids, mask)
    imported = np.load(os.path.join(base, "float_output.npy"))
    assert np.array_equal(fl.numpy().view(np.uint32), imported.view(np.uint32)), \
        "%s: the reloaded model's logits differ from pt2e-import's float_output.npy" % name
    with SplitK():
        float_floor = sqnr(fl, logits_of(model, ids, mask))
    isa = []
    for k, (what, env) in enumerate(ISA_ENVS):
        dest = os.path.join(work, "%s.isa%d.npz" % (name, k))
        subprocess.run([sys.executable, os.path.abspath(__file__), "--isa-child", folder, base, dest],
                       env=dict(os.environ, **env), check=True, capture_output=True)
        isa.append((what, np.load(dest)))

    with open(os.path.join(out, "%s.8da4w-g128.error.txt" % name), "w") as f:
        try:
            run_quantize(model, config_8da4w(128))
            err = "quantize_ succeeded"
        except Exception as e:  # noqa: BLE001  what torchao does is the golden
            err = "%s: %s" % (type(e).__name__, str(e).splitlines()[0])
        f.write("# quantize_(model, Int8DynamicActivationIntxWeightConfig(weight_dtype=torch.int4, "
                "weight_granularity=PerGroup(128))) with the default filter, K = 64 linears present:\n"
                + err + "\n")

    rows = ["%s float 0 inf %.4f" % (name, float_floor)]
    static_weights = None
    made = configs(model, folder, batches)
    for cfg, make in made.items():
        run, weights, f64, note = make()
        ql = run(ids, mask)
        floors = []
        for st in PERTURBED:
            with st:
                floors.append((st.name, sqnr(ql, made[cfg]()[0](ids, mask))))
        for what, got in isa:
            floors.append((what, sqnr(ql, torch.from_numpy(got[cfg]))))
        if f64 is not None:
            floors.append(("float64", sqnr(ql.double(), float64_logits(model, f64[1], f64[0], ids, mask))))
        if cfg.startswith("int4wo") and int(cfg[len("int4wo-g"):]) in (32, 64, 128):
            kl = logits_of(int4_cpu_kernel(model, int(cfg[len("int4wo-g"):])), ids, mask)
            note = ("not in the floor: PrototypeInt4WeightOnlyConfig (same qparams, "
                    "aten._weight_int4pack_mm_for_cpu) against these logits: %.4f dB" % sqnr(ql, kl))
        if cfg.startswith("xnnpack"):
            ref = np.load(os.path.join(base if cfg == "xnnpack-static" else dyn, "torchao_output.npy"))
            assert np.array_equal(ql.numpy().view(np.uint32), ref.view(np.uint32)), \
                "%s %s: logits differ from pt2e-import's torchao_output.npy" % (name, cfg)
        np.save(os.path.join(out, "%s.%s.logits.npy" % (name, cfg)), ql.float().numpy())
        if cfg == "xnnpack-static":
            static_weights = weights
        if name not in WEIGHTS_FOR:
            pass
        elif cfg == "xnnpack-dynamic" and same_weights(weights, static_weights):
            note += "; weights identical to xnnpack-static.weights.npz (not written again)"
        else:
            save_weights(os.path.join(out, "%s.%s.weights.npz" % (name, cfg)), weights)
        with open(os.path.join(out, "%s.%s.floor.txt" % (name, cfg)), "w") as f:
            f.write(floor_text(cfg, floors, note))
        rows.append("%s %s %d %.4f %.4f" % (name, cfg, len(weights), sqnr(fl, ql.float()),
                                            min(v for _, v in floors)))
    return rows


def same_weights(a, b):
    if b is None or sorted(a) != sorted(b):
        return False
    return all(np.array_equal(a[n][k], b[n][k]) and a[n][k].dtype == b[n][k].dtype
               for n in a for k in ("qdata", "scale", "zero_point"))


def versions(out):
    import importlib.metadata as md
    cpu = "AVX512" if "avx512f" in open("/proc/cpuinfo").read() else "AVX2"
    lines = ["torch %s" % torch.__version__]
    for p in ("torchao", "transformers", "torch-mlir", "numpy", "safetensors"):
        lines.append("%s %s" % (p, md.version(p)))
    lines += ["python %s" % platform.python_version(), "cpu %s" % cpu, "threads %d" % THREADS]
    with open(os.path.join(out, "VERSIONS"), "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
