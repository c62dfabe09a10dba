"""The benchmark's PyTorch models, torchvision-style, with fixed random weights.

torchvision is not used: the only wheels on PyPI that pip offers here
(0.29.x) are built against an older torch than the venv's 2.15 (its C++ ops
would not load, and installing it with its dependencies would replace torch).
ResNet-18 and MobileNetV2 below follow torchvision's definitions layer for
layer (torchvision/models/resnet.py BasicBlock, mobilenetv2.py
InvertedResidual, width 1.0, 1000 classes), with the same module names, so
the exported graphs and prepare_pt2e's observers are the ones a torchvision
model gets. Weights: torch.manual_seed(seed), then Kaiming-normal convs,
N(0, 0.01) linears, and batch-norm statistics and affine parameters drawn at
random (so that folding them into the convolutions is not the identity).

The transformer is torch.nn.TransformerEncoderLayer itself (d_model 256,
nhead 4, dim_feedforward 2048 = PyTorch's default, batch_first, post-norm,
ReLU: the defaults), on sequences of 128; its `size` argument is the
sequence length. Its weights: the same N(0, 1/fan_in) for every Linear and
for the attention's packed in_proj_weight, LayerNorm affine parameters drawn
at random like the batch norms'.

Every builder takes (batch, size) and returns (model, example_input_shape).
"""
import torch
from torch import nn


class ConvReLU(nn.Module):
    """The notebook's model: Conv2d(3, 8, 3) + ReLU on 4x3x16x16."""

    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3)
        self.relu = nn.ReLU()

    def forward(self, x):
        return self.relu(self.conv(x))


class BasicBlock(nn.Module):
    expansion = 1

    def __init__(self, inplanes, planes, stride=1, downsample=None):
        super().__init__()
        self.conv1 = nn.Conv2d(inplanes, planes, 3, stride, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(planes)
        self.relu = nn.ReLU(inplace=True)
        self.conv2 = nn.Conv2d(planes, planes, 3, 1, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(planes)
        self.downsample = downsample

    def forward(self, x):
        identity = x
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        if self.downsample is not None:
            identity = self.downsample(x)
        out += identity
        return self.relu(out)


class ResNet18(nn.Module):
    def __init__(self, num_classes=1000):
        super().__init__()
        self.inplanes = 64
        self.conv1 = nn.Conv2d(3, 64, 7, 2, 3, bias=False)
        self.bn1 = nn.BatchNorm2d(64)
        self.relu = nn.ReLU(inplace=True)
        self.maxpool = nn.MaxPool2d(3, 2, 1)
        self.layer1 = self._make_layer(64, 2, 1)
        self.layer2 = self._make_layer(128, 2, 2)
        self.layer3 = self._make_layer(256, 2, 2)
        self.layer4 = self._make_layer(512, 2, 2)
        self.avgpool = nn.AdaptiveAvgPool2d((1, 1))
        self.fc = nn.Linear(512, num_classes)

    def _make_layer(self, planes, blocks, stride):
        downsample = None
        if stride != 1 or self.inplanes != planes:
            downsample = nn.Sequential(nn.Conv2d(self.inplanes, planes, 1, stride, bias=False),
                                       nn.BatchNorm2d(planes))
        layers = [BasicBlock(self.inplanes, planes, stride, downsample)]
        self.inplanes = planes
        layers += [BasicBlock(planes, planes) for _ in range(1, blocks)]
        return nn.Sequential(*layers)

    def forward(self, x):
        x = self.maxpool(self.relu(self.bn1(self.conv1(x))))
        x = self.layer4(self.layer3(self.layer2(self.layer1(x))))
        x = torch.flatten(self.avgpool(x), 1)
        return self.fc(x)


def _make_divisible(v, divisor=8, min_value=None):
    min_value = min_value or divisor
    new_v = max(min_value, int(v + divisor / 2) // divisor * divisor)
    if new_v < 0.9 * v:
        new_v += divisor
    return new_v


class Conv2dNormActivation(nn.Sequential):
    def __init__(self, cin, cout, kernel=3, stride=1, groups=1, activation=True):
        layers = [nn.Conv2d(cin, cout, kernel, stride, (kernel - 1) // 2, groups=groups, bias=False),
                  nn.BatchNorm2d(cout)]
        if activation:
            layers.append(nn.ReLU6(inplace=True))
        super().__init__(*layers)


class InvertedResidual(nn.Module):
    def __init__(self, inp, oup, stride, expand_ratio):
        super().__init__()
        hidden = int(round(inp * expand_ratio))
        self.use_res_connect = stride == 1 and inp == oup
        layers = []
        if expand_ratio != 1:
            layers.append(Conv2dNormActivation(inp, hidden, kernel=1))
        layers += [Conv2dNormActivation(hidden, hidden, stride=stride, groups=hidden),
                   nn.Conv2d(hidden, oup, 1, 1, 0, bias=False), nn.BatchNorm2d(oup)]
        self.conv = nn.Sequential(*layers)

    def forward(self, x):
        if self.use_res_connect:
            return x + self.conv(x)
        return self.conv(x)


class MobileNetV2(nn.Module):
    def __init__(self, num_classes=1000, width_mult=1.0):
        super().__init__()
        input_channel, last_channel = 32, 1280
        settings = [[1, 16, 1, 1], [6, 24, 2, 2], [6, 32, 3, 2], [6, 64, 4, 2],
                    [6, 96, 3, 1], [6, 160, 3, 2], [6, 320, 1, 1]]
        input_channel = _make_divisible(input_channel * width_mult)
        self.last_channel = _make_divisible(last_channel * max(1.0, width_mult))
        features = [Conv2dNormActivation(3, input_channel, stride=2)]
        for t, c, n, s in settings:
            output_channel = _make_divisible(c * width_mult)
            for i in range(n):
                features.append(InvertedResidual(input_channel, output_channel, s if i == 0 else 1, t))
                input_channel = output_channel
        features.append(Conv2dNormActivation(input_channel, self.last_channel, kernel=1))
        self.features = nn.Sequential(*features)
        self.classifier = nn.Sequential(nn.Dropout(p=0.2), nn.Linear(self.last_channel, num_classes))

    def forward(self, x):
        x = self.features(x)
        x = nn.functional.adaptive_avg_pool2d(x, (1, 1))
        return self.classifier(torch.flatten(x, 1))


class MLP(nn.Module):
    """3 x (Linear(1024, 1024) + ReLU)."""

    def __init__(self, width=1024, depth=3):
        super().__init__()
        self.layers = nn.Sequential(*[m for _ in range(depth) for m in (nn.Linear(width, width), nn.ReLU())])

    def forward(self, x):
        return self.layers(x)


def _init(model, seed):
    g = torch.Generator().manual_seed(seed)
    with torch.no_grad():
        for m in model.modules():
            if isinstance(m, nn.Conv2d):
                fan_out = m.out_channels * m.kernel_size[0] * m.kernel_size[1] // m.groups
                m.weight.copy_(torch.randn(m.weight.shape, generator=g) * (2.0 / fan_out) ** 0.5)
                if m.bias is not None:
                    m.bias.copy_(torch.randn(m.bias.shape, generator=g) * 0.01)
            elif isinstance(m, nn.BatchNorm2d):
                c = m.num_features
                m.weight.copy_(1.0 + 0.1 * torch.randn(c, generator=g))
                m.bias.copy_(0.1 * torch.randn(c, generator=g))
                m.running_mean.copy_(0.1 * torch.randn(c, generator=g))
                m.running_var.copy_(1.0 + 0.1 * torch.rand(c, generator=g))
            elif isinstance(m, nn.LayerNorm):
                c = m.normalized_shape[0]
                m.weight.copy_(1.0 + 0.1 * torch.randn(c, generator=g))
                m.bias.copy_(0.1 * torch.randn(c, generator=g))
            elif isinstance(m, nn.MultiheadAttention):  # its out_proj is an nn.Linear (below)
                m.in_proj_weight.copy_(torch.randn(m.in_proj_weight.shape, generator=g) * (1.0 / m.embed_dim) ** 0.5)
                m.in_proj_bias.copy_(torch.randn(m.in_proj_bias.shape, generator=g) * 0.01)
            elif isinstance(m, nn.Linear):
                m.weight.copy_(torch.randn(m.weight.shape, generator=g) * (1.0 / m.in_features) ** 0.5)
                m.bias.copy_(torch.randn(m.bias.shape, generator=g) * 0.01)
    return model.eval()


def conv_relu(batch, size):
    torch.manual_seed(0)  # the oracle's model and weights, exactly
    return ConvReLU().eval(), (batch, 3, 16, 16)


def resnet18(batch, size):
    return _init(ResNet18(), 0), (batch, 3, size, size)


def mobilenet_v2(batch, size):
    return _init(MobileNetV2(), 0), (batch, 3, size, size)


def mlp(batch, size):
    return _init(MLP(), 0), (batch, 1024)


def transformer(batch, size):
    """TransformerEncoderLayer(256, 4), batch_first; size = sequence length."""
    layer = nn.TransformerEncoderLayer(d_model=256, nhead=4, dim_feedforward=2048, batch_first=True)
    return _init(layer, 0), (batch, size, 256)


MODELS = {"conv_relu": conv_relu, "resnet18": resnet18, "mobilenet_v2": mobilenet_v2, "mlp": mlp,
          "transformer": transformer}


def forward_flops(model, shape):
    """2 x MACs of every Conv2d and Linear, and of the attention's
    projections and matmuls, for one forward of `shape`.

    nn.MultiheadAttention does not call its out_proj module (F.multi_head_attention_forward
    takes out_proj.weight directly), so the Linear hook never sees it; the
    attention hook counts, for a batch_first (N, L, E) input with S = L keys:
    in_proj 2*N*L*E*3E, Q K^T 2*N*L*S*E (summed over the heads), softmax(.) V
    2*N*L*S*E, out_proj 2*N*L*E*E. (TransformerEncoderLayer's fused fast path,
    which would bypass these modules, is not taken while hooks are attached
    to its submodules; the assert below checks that every attention ran.)"""
    total = [0]
    attention_calls = [0]

    def hook(m, inp, out):
        if isinstance(m, nn.Conv2d):
            k = m.kernel_size[0] * m.kernel_size[1] * m.in_channels // m.groups
            total[0] += 2 * out.numel() * k
        elif isinstance(m, nn.MultiheadAttention):
            q, k = inp[0], inp[1]
            assert m.batch_first and q.dim() == 3 and m._qkv_same_embed_dim, "batch_first (N, L, E) only"
            n, length, e = q.shape
            s = k.shape[1]
            total[0] += 2 * n * length * e * 3 * e + 2 * 2 * n * length * s * e + 2 * n * length * e * e
            attention_calls[0] += 1
        else:
            total[0] += 2 * out.numel() * m.in_features

    hs = [m.register_forward_hook(hook) for m in model.modules()
          if isinstance(m, (nn.Conv2d, nn.Linear, nn.MultiheadAttention))]
    with torch.no_grad():
        model(torch.zeros(shape))
    for h in hs:
        h.remove()
    assert attention_calls[0] == sum(isinstance(m, nn.MultiheadAttention) for m in model.modules())
    return total[0]


def fold_bn(model):
    """A copy with every BatchNorm2d folded into the conv before it, with
    torch.nn.utils.fusion.fuse_conv_bn_weights, the function prepare_pt2e's
    _fuse_conv_bn_ calls, so the folded weights are bit for bit the ones
    PyTorch's weight observers see."""
    import copy
    from torch.nn.utils.fusion import fuse_conv_bn_eval
    model = copy.deepcopy(model)

    def walk(parent):
        names = list(parent._modules.keys())
        for i, name in enumerate(names):
            child = parent._modules[name]
            if isinstance(child, nn.BatchNorm2d) and i > 0 and isinstance(parent._modules[names[i - 1]], nn.Conv2d):
                parent._modules[names[i - 1]] = fuse_conv_bn_eval(parent._modules[names[i - 1]], child)
                parent._modules[name] = nn.Identity()
            else:
                walk(child)

    walk(model)
    return model
