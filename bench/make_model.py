#!/usr/bin/env python3
"""Writes benchmark models as linalg-on-tensors MLIR, annotated for
pt2e-prepare the way XNNPACKQuantizer annotates them (per-channel weights).

    python3 bench/make_model.py resnet18 --batch 8 --size 224 -o resnet18.mlir
    python3 bench/make_model.py mlp --batch 256 -o mlp.mlir
    python3 bench/make_model.py conv_relu -o conv_relu.mlir
    python3 bench/make_model.py mobilenet_v2 --batch 8 --size 224 -o mbv2.mlir

Only the Python standard library is used, so the benchmark (and its smoke
run in the test suite) needs no NumPy. Weights are Kaiming-scaled Gaussians
from a fixed seed; batch norm is already folded into the convolutions, as
prepare_pt2e folds it before observing. The forward FLOP count (2 x MACs of
convolutions and matmuls), the weight bytes and the largest activation are
written to <output>.meta for the benchmark.
"""
import argparse
import math
import random
import struct

ACT = ('{observer = "histogram", dtype = i8, quant_min = -128, quant_max = 127, '
       'qscheme = "per_tensor_affine", eps = 2.44140625e-4 : f32}')
WGT = ('{observer = "per_channel_minmax", dtype = i8, quant_min = -127, quant_max = 127, '
       'qscheme = "per_channel_symmetric", ch_axis = 0, eps = 2.44140625e-4 : f32}')


class Emitter:
    def __init__(self, seed, observer):
        self.lines = []
        self.n = 0
        self.flops = 0
        self.rng = random.Random(seed)
        self.weight_bytes = 0
        self.largest_activation = 0
        self.act = ACT.replace('"histogram"', '"%s"' % observer).replace(
            ', bins = 2048', '')

    def tmp(self):
        self.n += 1
        return "%%v%d" % self.n

    def emit(self, s):
        self.lines.append("  " + s)

    def const(self, shape, std):
        count = 1
        for d in shape:
            count *= d
        data = struct.pack("<%df" % count, *[self.rng.gauss(0.0, std) for _ in range(count)])
        self.weight_bytes += 4 * count
        v = self.tmp()
        self.emit('%s = arith.constant dense<"0x%s"> : %s' % (v, data.hex().upper(), ty(shape)))
        return v

    def empty(self, shape):
        count = 1
        for d in shape:
            count *= d
        self.largest_activation = max(self.largest_activation, 4 * count)
        v = self.tmp()
        self.emit("%s = tensor.empty() : %s" % (v, ty(shape)))
        return v

    def pad(self, x, shape, p, value, annotate=None):
        out = [shape[0], shape[1], shape[2] + 2 * p, shape[3] + 2 * p]
        if p == 0:
            return x, shape
        self.largest_activation = max(self.largest_activation, 4 * out[0] * out[1] * out[2] * out[3])
        c, v = self.tmp(), self.tmp()
        self.emit("%s = arith.constant %s : f32" % (c, value))
        self.emit("%s = tensor.pad %s low[0, 0, %d, %d] high[0, 0, %d, %d] {" % (v, x, p, p, p, p))
        self.emit("^bb0(%i0: index, %i1: index, %i2: index, %i3: index):")
        self.emit("  tensor.yield %s : f32" % c)
        self.emit("} %s: %s to %s" % ("{pt2e.annotation = {inputs = [%s]}} " % annotate if annotate else "",
                                        ty(shape), ty(out)))
        return v, out

    def bias_init(self, cout, oshape):
        b = self.const([cout], 0.01)
        init = self.empty(oshape)
        v = self.tmp()
        self.emit("%s = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (c)>, "
                  "affine_map<(n, c, h, w) -> (n, c, h, w)>], iterator_types = "
                  '["parallel", "parallel", "parallel", "parallel"]} ins(%s : %s) outs(%s : %s) {'
                  % (v, b, ty([cout]), init, ty(oshape)))
        self.emit("^bb0(%in: f32, %out: f32):")
        self.emit("  linalg.yield %in : f32")
        self.emit("} -> %s" % ty(oshape))
        return v

    def conv(self, x, shape, cout, k, s, p, annotate_output):
        n, cin, h, w = shape
        # torch pads inside the conv, so XNNPACK observes the unpadded input:
        # with padding the activation spec goes on the pad's input
        xp, pshape = self.pad(x, shape, p, "0.0", self.act if p else None)
        oh, ow = (h + 2 * p - k) // s + 1, (w + 2 * p - k) // s + 1
        oshape = [n, cout, oh, ow]
        wt = self.const([cout, cin, k, k], math.sqrt(2.0 / (cin * k * k)))
        init = self.bias_init(cout, oshape)
        v = self.tmp()
        ann = "{inputs = [%s, %s]%s}" % ("unit" if p else self.act, WGT,
                                         (", output = %s" % self.act) if annotate_output else "")
        self.emit("%s = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, "
                  "strides = dense<%d> : vector<2xi64>, pt2e.annotation = %s} ins(%s, %s : %s, %s) "
                  "outs(%s : %s) -> %s" % (v, s, ann, xp, wt, ty(pshape), ty([cout, cin, k, k]),
                                           init, ty(oshape), ty(oshape)))
        self.flops += 2 * n * cout * oh * ow * cin * k * k
        return v, oshape

    def depthwise(self, x, shape, k, s, p, annotate_output):
        # torch-mlir's form of a groups == channels convolution: the input
        # padded first, the filter [C, KH, KW]
        n, c, h, w = shape
        xp, pshape = self.pad(x, shape, p, "0.0", self.act if p else None)
        oh, ow = (h + 2 * p - k) // s + 1, (w + 2 * p - k) // s + 1
        oshape = [n, c, oh, ow]
        wt = self.const([c, k, k], math.sqrt(2.0 / (k * k)))
        init = self.bias_init(c, oshape)
        v = self.tmp()
        ann = "{inputs = [%s, %s]%s}" % ("unit" if p else self.act, WGT,
                                         (", output = %s" % self.act) if annotate_output else "")
        self.emit("%s = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, "
                  "strides = dense<%d> : vector<2xi64>, pt2e.annotation = %s} ins(%s, %s : %s, %s) "
                  "outs(%s : %s) -> %s" % (v, s, ann, xp, wt, ty(pshape), ty([c, k, k]),
                                           init, ty(oshape), ty(oshape)))
        self.flops += 2 * n * c * oh * ow * k * k
        return v, oshape

    def elementwise(self, inputs, shape, body, annotate):
        init = self.empty(shape)
        v = self.tmp()
        rank = len(shape)
        dims = ", ".join("d%d" % i for i in range(rank))
        m = "affine_map<(%s) -> (%s)>" % (dims, dims)
        maps = ", ".join([m] * (len(inputs) + 1))
        its = ", ".join(['"parallel"'] * rank)
        ann = (", pt2e.annotation = %s" % annotate) if annotate else ""
        self.emit("%s = linalg.generic {indexing_maps = [%s], iterator_types = [%s]%s} ins(%s : %s) "
                  "outs(%s : %s) {" % (v, maps, its, ann, ", ".join(inputs),
                                       ", ".join([ty(shape)] * len(inputs)), init, ty(shape)))
        args = ", ".join("%%a%d: f32" % i for i in range(len(inputs)))
        self.emit("^bb0(%s, %%out: f32):" % args)
        for line in body:
            self.emit("  " + line)
        self.emit("} -> %s" % ty(shape))
        return v

    def relu(self, x, shape):
        return self.elementwise([x], shape, ["%z = arith.constant 0.0 : f32",
                                             "%r = arith.maximumf %a0, %z : f32",
                                             "linalg.yield %r : f32"],
                                "{output = %s}" % self.act)

    def relu6(self, x, shape):
        return self.elementwise([x], shape, ["%z = arith.constant 0.0 : f32",
                                             "%six = arith.constant 6.0 : f32",
                                             "%r = arith.maximumf %a0, %z : f32",
                                             "%q = arith.minimumf %r, %six : f32",
                                             "linalg.yield %q : f32"],
                                "{output = %s}" % self.act)

    def add(self, x, y, shape):
        return self.elementwise([x, y], shape, ["%s = arith.addf %a0, %a1 : f32",
                                                "linalg.yield %s : f32"],
                                "{inputs = [%s, %s], output = %s}" % (self.act, self.act, self.act))

    def add_relu(self, x, y, shape):
        # XNNPACK's add_relu: both inputs and the relu output observed
        return self.elementwise([x, y], shape, ["%s = arith.addf %a0, %a1 : f32",
                                                "%z = arith.constant 0.0 : f32",
                                                "%r = arith.maximumf %s, %z : f32",
                                                "linalg.yield %r : f32"],
                                "{inputs = [%s, %s], output = %s}" % (self.act, self.act, self.act))

    def maxpool(self, x, shape, k, s, p):
        xp, pshape = self.pad(x, shape, p, "0xFF800000")
        n, c, h, w = shape
        oh, ow = (h + 2 * p - k) // s + 1, (w + 2 * p - k) // s + 1
        oshape = [n, c, oh, ow]
        ninf, init, fill, win, v = self.tmp(), self.empty(oshape), self.tmp(), self.empty([k, k]), self.tmp()
        self.emit("%s = arith.constant 0xFF800000 : f32" % ninf)
        self.emit("%s = linalg.fill ins(%s : f32) outs(%s : %s) -> %s" % (fill, ninf, init, ty(oshape), ty(oshape)))
        self.emit("%s = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = "
                  "dense<%d> : vector<2xi64>, pt2e.annotation = {inputs = [%s], output = {shared = {operand = 0}}}} "
                  "ins(%s, %s : %s, %s) outs(%s : %s) -> %s"
                  % (v, s, self.act, xp, win, ty(pshape), ty([k, k]), fill, ty(oshape), ty(oshape)))
        return v, oshape

    def global_avgpool(self, x, shape):
        n, c, h, w = shape
        zero, init, fill, v = self.tmp(), self.empty([n, c]), self.tmp(), self.tmp()
        self.emit("%s = arith.constant 0.0 : f32" % zero)
        self.emit("%s = linalg.fill ins(%s : f32) outs(%s : %s) -> %s" % (fill, zero, init, ty([n, c]), ty([n, c])))
        self.emit("%s = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>, "
                  "affine_map<(n, c, h, w) -> (n, c)>], iterator_types = [\"parallel\", \"parallel\", "
                  "\"reduction\", \"reduction\"]} ins(%s : %s) outs(%s : %s) {" % (v, x, ty(shape), fill, ty([n, c])))
        self.emit("^bb0(%in: f32, %acc: f32):")
        self.emit("  %s = arith.addf %in, %acc : f32")
        self.emit("  linalg.yield %s : f32")
        self.emit("} -> %s" % ty([n, c]))
        return self.elementwise([v], [n, c], ["%%k = arith.constant %s : f32" % repr(1.0 / (h * w)),
                                              "%r = arith.mulf %a0, %k : f32", "linalg.yield %r : f32"],
                                "{inputs = [%s], output = {shared = {operand = 0}}}" % self.act)

    def linear(self, x, n, fin, fout, annotate_output):
        wt = self.const([fout, fin], math.sqrt(1.0 / fin))
        b = self.const([fout], 0.01)
        init = self.empty([n, fout])
        bb = self.tmp()
        self.emit("%s = linalg.generic {indexing_maps = [affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], "
                  "iterator_types = [\"parallel\", \"parallel\"]} ins(%s : %s) outs(%s : %s) {"
                  % (bb, b, ty([fout]), init, ty([n, fout])))
        self.emit("^bb0(%in: f32, %out: f32):")
        self.emit("  linalg.yield %in : f32")
        self.emit("} -> %s" % ty([n, fout]))
        v = self.tmp()
        ann = "{inputs = [%s, %s]%s}" % (self.act, WGT, (", output = %s" % self.act) if annotate_output else "")
        self.emit("%s = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, "
                  "affine_map<(m, n, k) -> (m, n)>] {pt2e.annotation = %s} ins(%s, %s : %s, %s) outs(%s : %s) -> %s"
                  % (v, ann, x, wt, ty([n, fin]), ty([fout, fin]), bb, ty([n, fout]), ty([n, fout])))
        self.flops += 2 * n * fin * fout
        return v


def ty(shape):
    return "tensor<%sxf32>" % "x".join(str(d) for d in shape)


def basic_block(e, x, shape, cout, stride):
    y, s1 = e.conv(x, shape, cout, 3, stride, 1, False)
    y = e.relu(y, s1)
    y, s2 = e.conv(y, s1, cout, 3, 1, 1, True)
    if stride != 1 or shape[1] != cout:
        x, _ = e.conv(x, shape, cout, 1, stride, 0, True)
    return e.add_relu(y, x, s2), s2


def resnet18(e, n, size):
    shape = [n, 3, size, size]
    y, shape = e.conv("%x", shape, 64, 7, 2, 3, False)
    y = e.relu(y, shape)
    y, shape = e.maxpool(y, shape, 3, 2, 1)
    for cout, stride in ((64, 1), (128, 2), (256, 2), (512, 2)):
        y, shape = basic_block(e, y, shape, cout, stride)
        y, shape = basic_block(e, y, shape, cout, 1)
    y = e.global_avgpool(y, shape)
    return e.linear(y, n, 512, 1000, True), [n, 1000], [n, 3, size, size]


def mlp(e, n, size):
    del size
    y = "%x"
    for _ in range(3):
        y = e.linear(y, n, 1024, 1024, False)
        y = e.relu(y, [n, 1024])
    return y, [n, 1024], [n, 1024]


def conv_relu(e, n, size):
    del size
    y, shape = e.conv("%x", [n, 3, 16, 16], 8, 3, 1, 0, False)
    return e.relu(y, shape), shape, [n, 3, 16, 16]


def inverted_residual(e, x, shape, cout, stride, expand):
    # MobileNetV2's block: 1x1 expand + relu6, 3x3 depthwise + relu6, 1x1
    # project (no activation), the input added back when the shapes agree
    y, s = x, shape
    if expand != 1:
        y, s = e.conv(y, s, shape[1] * expand, 1, 1, 0, False)
        y = e.relu6(y, s)
    y, s = e.depthwise(y, s, 3, stride, 1, False)
    y = e.relu6(y, s)
    y, s = e.conv(y, s, cout, 1, 1, 0, True)
    if stride == 1 and shape[1] == cout:
        y = e.add(y, x, s)
    return y, s


def mobilenet_v2(e, n, size):
    shape = [n, 3, size, size]
    y, shape = e.conv("%x", shape, 32, 3, 2, 1, False)
    y = e.relu6(y, shape)
    for t, c, reps, s in ((1, 16, 1, 1), (6, 24, 2, 2), (6, 32, 3, 2), (6, 64, 4, 2),
                          (6, 96, 3, 1), (6, 160, 3, 2), (6, 320, 1, 1)):
        for i in range(reps):
            y, shape = inverted_residual(e, y, shape, c, s if i == 0 else 1, t)
    y, shape = e.conv(y, shape, 1280, 1, 1, 0, False)
    y = e.relu6(y, shape)
    y = e.global_avgpool(y, shape)
    return e.linear(y, n, 1280, 1000, True), [n, 1000], [n, 3, size, size]


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("model", choices=["resnet18", "mlp", "conv_relu", "mobilenet_v2"])
    p.add_argument("--batch", type=int, default=8)
    p.add_argument("--size", type=int, default=224, help="input height and width (resnet18, mobilenet_v2)")
    p.add_argument("--observer", default="histogram", help="activation observer kind")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("-o", "--output", required=True)
    a = p.parse_args()
    e = Emitter(a.seed, a.observer)
    build = {"resnet18": resnet18, "mlp": mlp, "conv_relu": conv_relu,
             "mobilenet_v2": mobilenet_v2}[a.model]
    out, oshape, ishape = build(e, a.batch, a.size)
    with open(a.output, "w") as f:
        f.write("func.func @forward(%%x: %s) -> %s {\n" % (ty(ishape), ty(oshape)))
        f.write("\n".join(e.lines))
        f.write("\n  return %s : %s\n}\n" % (out, ty(oshape)))
    with open(a.output + ".meta", "w") as f:
        f.write("flops=%d\nweight_bytes=%d\nlargest_activation_bytes=%d\nbatch=%d\n"
                % (e.flops, e.weight_bytes, e.largest_activation, a.batch))


if __name__ == "__main__":
    main()
