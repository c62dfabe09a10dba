"""test/import/onnx.test: two_inputs.build() as torch.onnx.export (torch
2.15's default, the dynamo exporter) writes it, batch dimension dynamic when
argv[2] says so."""
import os
import sys
import warnings

warnings.filterwarnings("ignore")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import torch  # noqa: E402
import two_inputs  # noqa: E402

out = sys.argv[1]
dynamic = len(sys.argv) > 2 and sys.argv[2] == "dynamic"
m = two_inputs.build().eval()
args = (torch.randn(2, 3, 16, 16), torch.randn(2, 4))
shapes = {"image": {0: torch.export.Dim("n")}, "extra": {0: torch.export.Dim("n")}} if dynamic else None
torch.onnx.export(m, args, out, input_names=["image", "extra"], external_data=False,
                  dynamic_shapes=shapes, verbose=False)
