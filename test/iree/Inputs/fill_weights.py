#!/usr/bin/env python3
"""Gives a weight-less model skeleton its weights back: seeded random ones.

    python3 fill_weights.py SKELETON.mlir OUT.mlir [--seed N]

The skeletons beside this script are torch-mlir exports of bench/pytorch's
models (make_skeletons.sh) with the dialect_resources block, the weights,
cut off: 47 MB of ResNet-18 would not belong in the repository. Every
dense_resource<NAME> : tensor<SHAPExf32> of the body gets a blob again:
rank >= 2 (conv and linear weights) uniform with the Kaiming standard
deviation sqrt(2 / fan_in), rank 1 (biases, BatchNorm's weight, bias, mean
and variance) uniform in [0.5, 1.5], so a variance is always positive and
activations neither vanish nor blow up through ResNet-18 and MobileNetV2.
Standard library only: the IREE tests need no NumPy or PyTorch.
"""
import argparse
import array
import math
import random
import re
import sys

RESOURCE = re.compile(r"dense_resource<([A-Za-z0-9_.]+)> : tensor<([0-9x]+)xf32>")


def values(rng, shape):
    count = math.prod(shape)
    if len(shape) >= 2:
        half = math.sqrt(3.0 * 2.0 / math.prod(shape[1:]))  # uniform(-h, h) has std h / sqrt(3)
        lo, width = -half, 2.0 * half
    else:
        lo, width = 0.5, 1.0
    r = rng.random
    return array.array("f", [lo + width * r() for _ in range(count)])


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("skeleton")
    p.add_argument("output")
    p.add_argument("--seed", type=int, default=0)
    a = p.parse_args()
    with open(a.skeleton) as f:
        text = f.read()
    if "dialect_resources" in text:
        sys.exit("fill_weights: %s already has its dialect_resources block" % a.skeleton)
    rng = random.Random(a.seed)
    seen = {}
    for m in RESOURCE.finditer(text):
        shape = [int(d) for d in m.group(2).split("x")]
        if seen.setdefault(m.group(1), shape) != shape:
            sys.exit("fill_weights: %s: resource %s used with two shapes" % (a.skeleton, m.group(1)))
    if not seen:
        sys.exit("fill_weights: %s: no dense_resource<...> : tensor<...xf32> to fill" % a.skeleton)
    with open(a.output, "w") as out:
        out.write(text.rstrip("\n"))
        out.write("\n\n{-#\n  dialect_resources: {\n    builtin: {\n")
        names = sorted(seen)
        for i, name in enumerate(names):
            data = values(rng, seen[name])
            if sys.byteorder != "little":
                data.byteswap()
            # The blob: its alignment (4, little-endian u32), then the bytes.
            out.write('      %s: "0x04000000%s"%s\n' % (name, data.tobytes().hex().upper(),
                                                      "," if i + 1 < len(names) else ""))
        out.write("    }\n  }\n#-}\n")


if __name__ == "__main__":
    main()
