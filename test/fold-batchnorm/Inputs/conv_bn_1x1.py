"""conv_bn_1x1.test's model: Conv2d(3, 4, 3) + BatchNorm2d + ReLU on a 3x3
input, so that the conv's output is 1x1, where torch-mlir's TOSA form writes
the conv's NHWC -> NCHW transpose as a tosa.reshape. Regenerate from the
repository root (tools/pt2e-import's dependencies installed):
  tools/pt2e-import test/fold-batchnorm/Inputs/conv_bn_1x1.py:build --input 2x3x3x3 \
    --form tosa --calib random:4 --torchao --no-locations --out /tmp/bn1x1
  then copy model.mlir to conv_bn_1x1.tosa.mlir, calib.npz to conv_bn_1x1.calib.npz,
  torchao.json to conv_bn_1x1.torchao.json."""
import torch


def build():
    m = torch.nn.Sequential(torch.nn.Conv2d(3, 4, 3), torch.nn.BatchNorm2d(4), torch.nn.ReLU())
    with torch.no_grad():  # statistics a trained model would have
        m[1].running_mean.uniform_(-0.5, 0.5)
        m[1].running_var.uniform_(0.5, 2.0)
        m[1].weight.uniform_(0.5, 1.5)
        m[1].bias.uniform_(-0.2, 0.2)
    return m
