"""Writes examples/own_model/model.py's model as an ONNX file (torch 2.15's
torch.onnx.export), for the README's ONNX path:
    .venv/bin/python examples/own_model/export_onnx.py work/model.onnx"""
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import model  # noqa: E402

torch.manual_seed(0)
m = model.build().eval()
torch.onnx.export(m, (torch.randn(8, 3, 32, 32),), sys.argv[1], input_names=["x"],
                  external_data=False)
