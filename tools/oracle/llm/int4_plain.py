"""Int4WeightOnlyConfig's default formula (int4_packing_format=PLAIN) on the
tiny Llama's linears: the int values, scales and float zero points of
int4_row_quantize_zp, the function torchao 0.18's Int4Tensor.from_hp calls
(int4_tensor.py:23, from mslk.quantize.shuffle; its CUDA-only kernels are
why quantize_ cannot run here: FORMULAS.md c).

mslk is not on PyPI. The same function ships, pure PyTorch, in FBGEMM's
gen_ai package (fbgemm_gpu/experimental/gen_ai/quantize.py), the code mslk
was split from; its module imports Triton kernels at the top, which this
CPU machine cannot load, so the function is taken from the pinned wheel
(fbgemm-gpu-genai==1.9.0, downloaded with --no-deps, never installed) by
its source alone and run on the float32 weights, as from_hp runs it.

Writes <OUT>/llama.int4wo-plain-g{32,128}.weights.{npz,txt}: qdata is
already q - 8 (int4_row_quantize_zp re-centres), scale and zero_point
[N, K/G] (from_hp's transposed [K/G, N] put back in the weight's order),
then compares each text form with tinygemm's (test/llm/Inputs/
llama.int4wo-g*.weights.txt). On the tiny Llama's weights they are the
same bytes (the formulas differ only where a group's range is under 1e-6,
or where min and zero - 8 * scale round a value apart), so the Llama's
PLAIN weights are not committed: test/llm/llama.test checks ours against
the tinygemm files, and test/llm/recipes.test the case that tells them
apart (tools/oracle/llm_small/).

  .venv/bin/python tools/oracle/llm/int4_plain.py [OUT]   # default: a temporary folder
"""
import ast
import os
import subprocess
import sys
import tempfile
import zipfile

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import make_goldens  # noqa: E402
import weights_text  # noqa: E402

WHEEL = "fbgemm-gpu-genai==1.9.0"
SOURCE = "fbgemm_gpu/experimental/gen_ai/quantize.py"
GROUPS = (32, 128)


def reference_function(cache):
    """int4_row_quantize_zp from the pinned wheel, by its source alone."""
    wheels = [f for f in os.listdir(cache) if f.startswith("fbgemm_gpu_genai-1.9.0")] \
        if os.path.isdir(cache) else []
    if not wheels:
        subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", cache, WHEEL],
                       check=True)
        wheels = [f for f in os.listdir(cache) if f.startswith("fbgemm_gpu_genai-1.9.0")]
    with zipfile.ZipFile(os.path.join(cache, wheels[0])) as z:
        text = z.read(SOURCE).decode()
    tree = ast.parse(text)
    fn = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "int4_row_quantize_zp"]
    assert len(fn) == 1, "int4_row_quantize_zp not found in " + SOURCE
    namespace = {"torch": torch}
    exec(compile(ast.Module(body=fn, type_ignores=[]), SOURCE, "exec"), namespace)
    return namespace["int4_row_quantize_zp"]


def main(argv):
    out = os.path.abspath(argv[0]) if argv else tempfile.mkdtemp(prefix="int4-plain-")
    cache = os.environ.get("PT2E_WHEEL_CACHE", os.path.join(tempfile.gettempdir(), "pt2e-wheels"))
    os.makedirs(out, exist_ok=True)
    quantize = reference_function(cache)
    model = make_goldens.build("llama")
    names = []
    for g in GROUPS:
        weights = {}
        for n, m in make_goldens.linears(model):
            w = m.weight.detach()
            if w.shape[-1] % g:      # quant_api.py:575: Int4WeightOnlyConfig skips it
                continue
            q, s, z = quantize(w, g)
            weights[n] = {"qdata": q.numpy(), "scale": s.t().contiguous().numpy(),
                          "zero_point": z.t().contiguous().numpy()}
        name = "llama.int4wo-plain-g%d" % g
        make_goldens.save_weights(os.path.join(out, name + ".weights.npz"), weights)
        names.append(name)
        print("%s: %d linears" % (name, len(weights)))
    weights_text.write(out, names)
    inputs = os.path.join(make_goldens.ROOT, "test", "llm", "Inputs")
    for name in names:
        tiny = name.replace("int4wo-plain-", "int4wo-")
        ours = open(os.path.join(out, name + ".weights.txt")).read()
        theirs = open(os.path.join(inputs, tiny + ".weights.txt")).read()
        print("%s against %s: %s" % (name, tiny, "the same bytes" if ours == theirs else "DIFFERENT"))


if __name__ == "__main__":
    main(sys.argv[1:])
