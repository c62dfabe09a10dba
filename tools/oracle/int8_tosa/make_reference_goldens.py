#!/usr/bin/env python3
"""Regenerates the reference-model goldens of test/oracle-int8-tosa/:
writes the modules and inputs (make_hand_module.py, make_edge_module.py;
the conv_relu modules come from torch_reference.py, run it first),
then runs each module in TOSA's reference model (run_reference.py) and
saves its outputs as Inputs/ref_<module>_<i>.npy. Run it with the venv of
requirements.txt beside this file:

  ${VENV_TOSA:-.venv-tosa}/bin/python tools/oracle/int8_tosa/make_reference_goldens.py
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from make_hand_module import OUT  # noqa: E402

MODULES = [  # module, inputs, number of results[, entry function]
    ("hand", ["hand_x.npy"], 4),
    ("edges", ["edges_a.npy", "edges_b.npy"], 10),
    ("avgpool", ["edges_b.npy"], 1),
    ("conv_relu_int8", ["conv_relu_x_i8.npy"], 1),  # torch_reference.py writes these two
    ("conv_relu_int8_double", ["conv_relu_x_i8.npy"], 1),
    ("conv_relu_int8_calib", ["conv_relu_calib_x_i8.npy"], 1),
    ("conv_relu_int8_double_calib", ["conv_relu_calib_x_i8.npy"], 1),
    # pt2e-lower-int8's conv_relu (a snapshot of the pass's early output), its
    # integer core cut out by integer_core.py
    ("lower_int8_conv_relu.core", ["conv_relu_x_i8.npy"], 1, "conv_relu"),
]


def main():
    for script in ("make_hand_module.py", "make_edge_module.py"):
        subprocess.run([sys.executable, os.path.join(HERE, script)], check=True)
    for name, inputs, n, *entry in MODULES:
        cmd = [sys.executable, os.path.join(HERE, "run_reference.py"), os.path.join(OUT, name + ".mlir")]
        cmd += ["--entry=" + e for e in entry]
        cmd += ["--input=" + os.path.join(OUT, i) for i in inputs]
        cmd += ["--output=" + os.path.join(OUT, "ref_%s_%d.npy" % (name.replace(".", "_"), k)) for k in range(n)]
        subprocess.run(cmd, check=True)
        print("%s: %d reference outputs" % (name, n))
    return 0


if __name__ == "__main__":
    sys.exit(main())
