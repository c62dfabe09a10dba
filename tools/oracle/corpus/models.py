"""The small corpus' models: small-width modules shaped like the torchvision
families, one per form class (tools/oracle/corpus/README.md). Each is built
right after torch.manual_seed(0), its BatchNorm statistics and affine
parameters then drawn from Generator().manual_seed(0) (randomize_bn), eval
mode. Inputs are 1x3x16x16 (mlp: 1x16).

The goldens of test/corpus/ depend on these bodies bit for bit: a change
here means `export.py --regenerate` and reading git status."""

import torch
import torch.nn as nn
import torch.nn.functional as F


def randomize_bn(model):
    """BatchNorm weight, bias, running mean and variance drawn from a seeded
    generator (as bench/pytorch/models.py does), so that the conv+BN fold is
    not the near-identity of freshly built layers."""
    g = torch.Generator().manual_seed(0)
    with torch.no_grad():
        for m in model.modules():
            if isinstance(m, (nn.BatchNorm1d, nn.BatchNorm2d)) and m.track_running_stats:
                c = m.num_features
                if m.affine:
                    m.weight.copy_(1.0 + 0.1 * torch.randn(c, generator=g))
                    m.bias.copy_(0.1 * torch.randn(c, generator=g))
                m.running_mean.copy_(0.1 * torch.randn(c, generator=g))
                m.running_var.copy_(1.0 + 0.1 * torch.rand(c, generator=g))
    return model


class BasicBlock(nn.Module):
    """ResNet stem (conv 3x3 + BN + ReLU + max pool) and one basic block with
    a downsampling 1x1 conv + BN on the residual path: conv+BN+ReLU,
    conv+BN, residual add, ReLU."""

    def __init__(self, c=8):
        super().__init__()
        self.stem = nn.Conv2d(3, c, 3, 1, 1, bias=False)
        self.bn0 = nn.BatchNorm2d(c)
        self.pool = nn.MaxPool2d(3, 2, 1)
        self.conv1 = nn.Conv2d(c, 2 * c, 3, 2, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(2 * c)
        self.conv2 = nn.Conv2d(2 * c, 2 * c, 3, 1, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(2 * c)
        self.down = nn.Sequential(nn.Conv2d(c, 2 * c, 1, 2, bias=False), nn.BatchNorm2d(2 * c))

    def forward(self, x):
        x = self.pool(F.relu(self.bn0(self.stem(x))))
        y = F.relu(self.bn1(self.conv1(x)))
        y = self.bn2(self.conv2(y))
        return F.relu(y + self.down(x))


class InvertedResidual(nn.Module):
    """MobileNetV2: conv 3x3 stem + BN + ReLU6, then an inverted residual:
    1x1 expand + BN + ReLU6, depthwise 3x3 + BN + ReLU6, 1x1 project + BN,
    residual add."""

    def __init__(self, c=8, t=3):
        super().__init__()
        h = c * t
        self.stem = nn.Sequential(nn.Conv2d(3, c, 3, 1, 1, bias=False), nn.BatchNorm2d(c), nn.ReLU6())
        self.expand = nn.Sequential(nn.Conv2d(c, h, 1, bias=False), nn.BatchNorm2d(h), nn.ReLU6())
        self.dw = nn.Sequential(nn.Conv2d(h, h, 3, 1, 1, groups=h, bias=False), nn.BatchNorm2d(h),
                                nn.ReLU6())
        self.project = nn.Sequential(nn.Conv2d(h, c, 1, bias=False), nn.BatchNorm2d(c))

    def forward(self, x):
        x = self.stem(x)
        return x + self.project(self.dw(self.expand(x)))


class Fire(nn.Module):
    """SqueezeNet: conv + ReLU + max pool (ceil_mode), then a fire module:
    1x1 squeeze + ReLU, 1x1 and 3x3 expand + ReLU each, cat on channels.
    Convs with bias, no BatchNorm."""

    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3, 2)
        self.pool = nn.MaxPool2d(3, 2, ceil_mode=True)
        self.squeeze = nn.Conv2d(8, 4, 1)
        self.e1 = nn.Conv2d(4, 8, 1)
        self.e3 = nn.Conv2d(4, 8, 3, padding=1)

    def forward(self, x):
        x = self.pool(F.relu(self.conv(x)))
        s = F.relu(self.squeeze(x))
        return torch.cat([F.relu(self.e1(s)), F.relu(self.e3(s))], 1)


class Dense(nn.Module):
    """DenseNet: conv + BN + ReLU stem, two dense layers (BN + ReLU + 1x1
    conv + BN + ReLU + 3x3 conv, pre-activation: the first BN follows a cat,
    not a conv), each cat onto its input, then a transition (BN + ReLU +
    1x1 conv + avg pool 2x2)."""

    def __init__(self, c=8, growth=4):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, c, 3, 1, 1, bias=False), nn.BatchNorm2d(c), nn.ReLU())
        self.layers = nn.ModuleList()
        for i in range(2):
            cin = c + i * growth
            self.layers.append(nn.Sequential(
                nn.BatchNorm2d(cin), nn.ReLU(), nn.Conv2d(cin, 2 * growth, 1, bias=False),
                nn.BatchNorm2d(2 * growth), nn.ReLU(), nn.Conv2d(2 * growth, growth, 3, 1, 1, bias=False)))
        cout = c + 2 * growth
        self.trans = nn.Sequential(nn.BatchNorm2d(cout), nn.ReLU(), nn.Conv2d(cout, cout // 2, 1, bias=False),
                                   nn.AvgPool2d(2, 2))

    def forward(self, x):
        x = self.stem(x)
        for layer in self.layers:
            x = torch.cat([x, layer(x)], 1)
        return self.trans(x)


class Head(nn.Module):
    """A classifier head: conv + BN + ReLU, adaptive average pool to 1x1,
    flatten, linear with bias."""

    def __init__(self, c=8, classes=10):
        super().__init__()
        self.conv = nn.Conv2d(3, c, 3, 1, 1, bias=False)
        self.bn = nn.BatchNorm2d(c)
        self.avgpool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(c, classes)

    def forward(self, x):
        x = F.relu(self.bn(self.conv(x)))
        return self.fc(torch.flatten(self.avgpool(x), 1))


class MLP(nn.Module):
    """Linear + bias + ReLU, then a linear whose weight parameter is stored
    transposed ([in, out]) and passed as w.t(), with a bias: the linear
    forms (aten.t, Gemm transB, dot_general) of every exporter."""

    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(16, 32)
        self.w2 = nn.Parameter(torch.randn(32, 8) * 0.2)
        self.b2 = nn.Parameter(torch.randn(8) * 0.1)

    def forward(self, x):
        return F.linear(F.relu(self.fc1(x)), self.w2.t(), self.b2)


class Shuffle(nn.Module):
    """ShuffleNetV2 / RegNet: conv + BN + ReLU stem; chunk into two halves,
    one through 1x1 + BN + ReLU, grouped 3x3 (groups 2) + BN, 1x1 + BN +
    ReLU; cat; channel shuffle (view, transpose, reshape)."""

    def __init__(self, c=8):
        super().__init__()
        h = c // 2
        self.stem = nn.Sequential(nn.Conv2d(3, c, 3, 1, 1, bias=False), nn.BatchNorm2d(c), nn.ReLU())
        self.branch = nn.Sequential(
            nn.Conv2d(h, h, 1, bias=False), nn.BatchNorm2d(h), nn.ReLU(),
            nn.Conv2d(h, h, 3, 1, 1, groups=2, bias=False), nn.BatchNorm2d(h),
            nn.Conv2d(h, h, 1, bias=False), nn.BatchNorm2d(h), nn.ReLU())

    def forward(self, x):
        x = self.stem(x)
        a, b = x.chunk(2, dim=1)
        y = torch.cat([a, self.branch(b)], 1)
        n, c, hh, ww = y.shape
        return y.view(n, 2, c // 2, hh, ww).transpose(1, 2).reshape(n, c, hh, ww)


class SE(nn.Module):
    """MobileNetV3 / EfficientNet: conv + BN + Hardswish, a squeeze-excite
    block (adaptive avg pool, 1x1 conv + ReLU, 1x1 conv, Hardsigmoid, mul
    with the input), 1x1 conv + BN."""

    def __init__(self, c=8):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv2d(3, c, 3, 1, 1, bias=False), nn.BatchNorm2d(c), nn.Hardswish())
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc1 = nn.Conv2d(c, 4, 1)
        self.fc2 = nn.Conv2d(4, c, 1)
        self.project = nn.Sequential(nn.Conv2d(c, c, 1, bias=False), nn.BatchNorm2d(c))

    def forward(self, x):
        x = self.conv(x)
        s = F.hardsigmoid(self.fc2(F.relu(self.fc1(self.pool(x)))))
        return self.project(x * s)


SMALL = {
    "basic_block": (BasicBlock, (1, 3, 16, 16)),
    "inverted_residual": (InvertedResidual, (1, 3, 16, 16)),
    "fire": (Fire, (1, 3, 16, 16)),
    "dense": (Dense, (1, 3, 16, 16)),
    "head": (Head, (1, 3, 16, 16)),
    "mlp": (MLP, (1, 16)),
    "shuffle": (Shuffle, (1, 3, 16, 16)),
    "se": (SE, (1, 3, 16, 16)),
}


def build_small(name):
    torch.manual_seed(0)
    cls, shape = SMALL[name]
    return randomize_bn(cls()).eval(), shape
