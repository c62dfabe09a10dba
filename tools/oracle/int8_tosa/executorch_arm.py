#!/usr/bin/env python3
"""Oracle 3 of the int8 TOSA lowering (README.md beside this file): ExecuTorch's
Arm TOSA flow on examples/conv_relu, in its own venv (requirements-executorch.txt):

  ${VENV_ET:-.venv-et}/bin/python tools/oracle/int8_tosa/executorch_arm.py [WORKDIR]

The same model, weights, calibration batches and test batch as
torch_reference.py. ExecuTorch's flow: torch.export, TOSAQuantizer with its
get_symmetric_quantization_config(is_per_channel=True) for the TOSA-1.0+INT
spec, prepare_pt2e, the 8 calibration batches, convert_pt2e, then
to_edge_transform_and_lower with the TOSAPartitioner, which hands the
quantized subgraph to the TOSA backend; its TosaCompileSpec dumps the TOSA
flatbuffer it emits (dump_intermediate_artifacts_to). The flatbuffer is then
turned into TOSA MLIR by tosa-opt --tosa-deserialize (tosa-tools) so its ops,
zero points, multipliers and shifts can be read, and run in TOSA's reference
model on torch's int8 input (conv_relu_x_i8.npy) where the graph takes int8.

Writes (under test/oracle-int8-tosa/Inputs/):
  executorch_conv_relu.tosa.mlir   the TOSA ExecuTorch emitted, as MLIR
  executorch_conv_relu.txt         versions, what it emitted, and the comparison
  executorch_conv_relu_out.npy     its output in the reference model (if it runs)
"""
import glob
import os
import re
import shutil
import subprocess
import sys
import warnings
from importlib.metadata import version

import numpy as np

# The relu's HistogramObserver scale depends on the conv's summation order:
# oneDNN's AVX-512 kernels give 3c1f6227 where examples/conv_relu/golden
# (made on AVX2) has 3c1f6226. Pin the AVX2 kernels, so the goldens are the
# same on every machine and match examples/conv_relu/golden/qparams.txt.
os.environ.setdefault("ONEDNN_MAX_CPU_ISA", "AVX2")
os.environ.setdefault("ATEN_CPU_CAPABILITY", "avx2")
import torch  # noqa: E402

warnings.filterwarnings("ignore")

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.dirname(HERE))  # tools/oracle/: common.py
from common import ConvReLU  # noqa: E402

OUT = os.path.join(ROOT, "test", "oracle-int8-tosa", "Inputs")
GOLDEN = os.path.join(ROOT, "examples", "conv_relu", "golden")


def main():
    import executorch
    from executorch.backends.arm.quantizer import TOSAQuantizer, get_symmetric_quantization_config
    from executorch.backends.arm.tosa.compile_spec import TosaCompileSpec
    from executorch.backends.arm.tosa.partitioner import TOSAPartitioner
    from executorch.exir import to_edge_transform_and_lower
    from torchao.quantization.pt2e.quantize_pt2e import convert_pt2e, prepare_pt2e

    work = sys.argv[1] if len(sys.argv) > 1 else "/tmp/executorch-arm"
    os.makedirs(work, exist_ok=True)
    torch.manual_seed(0)
    model = ConvReLU().eval()
    params = np.load(os.path.join(GOLDEN, "params.npz"))
    assert np.array_equal(params["weight"], model.conv.weight.detach().numpy())
    calib = np.load(os.path.join(GOLDEN, "calib.npz"))["arg0"]
    x = torch.from_numpy(np.load(os.path.join(GOLDEN, "test_input.npy")))

    spec = TosaCompileSpec("TOSA-1.0+INT")
    spec.dump_intermediate_artifacts_to(work)
    quantizer = TOSAQuantizer(spec)
    quantizer.set_global(get_symmetric_quantization_config(is_per_channel=True))
    ep = torch.export.export(model, (x,))
    prepared = prepare_pt2e(ep.module(), quantizer)
    for b in calib:
        prepared(torch.from_numpy(b))
    converted = convert_pt2e(prepared)
    qep = torch.export.export(converted, (x,))
    lowered = to_edge_transform_and_lower(qep, partitioner=[TOSAPartitioner(spec)])
    graph = str(lowered.exported_program().graph_module.graph)
    tosa_files = sorted(glob.glob(os.path.join(work, "*.tosa")))
    assert len(tosa_files) == 1, "expected one delegated TOSA graph, got %s" % tosa_files
    fb = tosa_files[0]

    # The flatbuffer as MLIR (tosa-opt of tosa-tools: TOSA_OPT, PATH, or the TOSA
    # venv, VENV_TOSA, default .venv-tosa at the repository root).
    tosa_bin = os.path.join(os.environ.get("VENV_TOSA") or os.path.join(ROOT, ".venv-tosa"), "bin")
    opt = os.environ.get("TOSA_OPT") or shutil.which("tosa-opt") or os.path.join(tosa_bin, "tosa-opt")
    refm = os.environ.get("TOSA_REFERENCE_MODEL") or shutil.which("tosa_reference_model") \
        or os.path.join(tosa_bin, "tosa_reference_model")
    empty = os.path.join(work, "empty.mlir")
    with open(empty, "w") as f:
        f.write("module {}\n")
    mlir = os.path.join(OUT, "executorch_conv_relu.tosa.mlir")
    subprocess.run([opt, empty, "--tosa-deserialize=tosa-flatbuffer-filename=" + fb, "-o", mlir], check=True)
    text = open(mlir).read()
    m = re.search(r'tosa.tensor_name = "([^"]+)"\}\) -> \(tensor<[^>]*> \{tosa.tensor_name = "([^"]+)"', text)
    ifm, ofm = m.group(1), m.group(2)
    out_npy = os.path.join(OUT, "executorch_conv_relu_out.npy")
    subprocess.run([refm, "--tosa_file=" + fb, "--ifm_name=" + ifm,
                    "--ifm_file=" + os.path.join(OUT, "conv_relu_x_i8.npy"),
                    "--ofm_name=" + ofm, "--ofm_file=" + out_npy], check=True, capture_output=True)
    ops = re.findall(r"(tosa\.[a-z_0-9]+)", re.sub(r"tosa\.(tensor_name|description|fbs_version)", "", text))
    consts = re.findall(r'values = dense<(\[[^\]]*\]|-?[0-9]+)> : tensor<(\d+)x(i8|i32)>', text)
    lines = ["# tools/oracle/int8_tosa/executorch_arm.py: executorch %s, torch %s, TosaCompileSpec TOSA-1.0+INT"
             % (version("executorch"), torch.__version__),
             "# flatbuffer %s (%d bytes), as MLIR by tosa-opt --tosa-deserialize: executorch_conv_relu.tosa.mlir"
             % (os.path.basename(fb), os.path.getsize(fb)),
             "ops: %s" % " ".join(sorted(set(ops))),
             "small constants (values : shape x type): %s" % "; ".join("%s : %sx%s" % c for c in consts),
             "graph input %s, output %s" % (ifm, ofm),
             "lowered ExecuTorch graph (around the delegate):", graph.strip()]
    print("\n".join(lines))
    with open(os.path.join(OUT, "executorch_conv_relu.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
