#!/usr/bin/env python3
"""Cuts the integer core out of a model lowered by pt2e-lower-int8{target=tosa}:

  integer_core.py LOWERED.mlir CORE.mlir [QUANTIZER.mlir]

pt2e-lower-int8 keeps the model's float interface: the argument goes through
quant.qcast + quant.scast to i8, the i8 result through quant.scast +
quant.dcast back to f32. TOSA's reference model runs TOSA only, so the core
takes the i8 tensor the first scast gives and returns the i8 tensor the last
scast reads. QUANTIZER.mlir, if given, gets the model's own input
quantization alone (its quant.qcast + quant.scast), so that pt2e-run makes the
core's int8 input exactly as the whole model does. Prints the input and output quantization (scale:zero_point) as
the quant types spell them. Text-level and strict: one function, one
argument, one result, each boundary exactly that pair of casts; anything
else stops with a message. Standard library only.
"""
import re
import sys


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    text = open(sys.argv[1]).read()
    funcs = re.findall(r"func\.func ", text)
    if len(funcs) != 1:
        sys.exit("integer_core.py: expected one func.func, found %d" % len(funcs))
    sig = re.search(r"func\.func @(\w+)\((%\w+): tensor<([0-9x]+)xf32>\) -> tensor<([0-9x]+)xf32> \{", text)
    if not sig:
        sys.exit("integer_core.py: expected a function of one f32 tensor to one f32 tensor")
    name, arg, ishape, oshape = sig.groups()
    q = re.search(r"\n *(%\w+) = quant\.qcast " + re.escape(arg) + r" [^\n]*!quant\.uniform<i8:f32, ([^>]+)>>\n", text)
    if not q:
        sys.exit("integer_core.py: the argument is not quant.qcast to i8")
    qv, iq = q.group(1), q.group(2)
    s = re.search(r"\n *(%\w+) = quant\.scast " + re.escape(qv) + r" : [^\n]* to tensor<[0-9x]+xi8>\n", text)
    if not s:
        sys.exit("integer_core.py: the qcast is not followed by quant.scast to i8")
    sv = s.group(1)
    r = re.search(r"\n *return (%\w+) : tensor<[0-9x]+xf32>\n", text)
    d = re.search(r"\n *" + re.escape(r.group(1)) + r" = quant\.dcast (%\w+) : [^\n]*\n", text) if r else None
    if not d:
        sys.exit("integer_core.py: the result is not a quant.dcast")
    o = re.search(r"\n *" + re.escape(d.group(1)) +
                  r" = quant\.scast (%\w+) : tensor<[0-9x]+xi8> to [^\n]*!quant\.uniform<i8:f32, ([^>]+)>>\n", text)
    if not o:
        sys.exit("integer_core.py: the dcast does not read quant.scast of an i8 tensor")
    core, oq = o.group(1), o.group(2)
    if len(sys.argv) == 4:
        with open(sys.argv[3], "w") as f:
            f.write("func.func @quantize(%s: tensor<%sxf32>) -> tensor<%sxi8> {\n%s\n%s\n  return %s : tensor<%sxi8>\n}\n"
                    % (arg, ishape, ishape, q.group(0).strip("\n"), s.group(0).strip("\n"), sv, ishape))
    for m in (q, s, d, o):
        text = text.replace(m.group(0), "\n", 1)
    text = text.replace(r.group(0), "\n    return %s : tensor<%sxi8>\n" % (core, oshape), 1)
    text = text.replace(sig.group(0), "func.func @%s(%s: tensor<%sxi8>) -> tensor<%sxi8> {" % (name, arg, ishape, oshape), 1)
    text = re.sub(re.escape(sv) + r"\b", arg, text)
    if "quant." in text:
        sys.exit("integer_core.py: quant ops left inside the model (a unit left in Q/DQ form)")
    with open(sys.argv[2], "w") as f:
        f.write(re.sub(r"\n\n+", "\n", text))
    print("input %s\noutput %s" % (iq, oq))
    return 0


if __name__ == "__main__":
    sys.exit(main())
