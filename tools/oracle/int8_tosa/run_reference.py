#!/usr/bin/env python3
"""Runs a TOSA 1.0 MLIR module (as LLVM 22's mlir-opt prints it) in TOSA's
reference model, the oracle our interpreter (pt2e-run) must equal bit for bit.

  run_reference.py MODEL.mlir --input=a.npy [--input=...] --output=o.npy [--output=...]
                   [--work=DIR] [--entry=NAME]

Steps, with the tools of PyPI's tosa-tools (pinned in requirements.txt beside
this file; they sit next to this venv's python):
  1. tosa-opt --tosa-attach-target="profiles=pro_int extensions=doubleround
     specification_version=1.0" --tosa-validate: the module must be valid
     TOSA 1.0 integer-profile code (DOUBLE_ROUND rescales need the
     doubleround extension);
  2. tosa-opt --tosa-serialize: MLIR -> TOSA flatbuffer (.tosa); the
     serializer names graph inputs TosaInput_<i> and outputs TosaOutput_<i>
     in argument/result order, and takes the entry function named 'main'
     (--entry renames it first, with a textual rename of '@NAME(');
  3. tosa_reference_model --tosa_file=... --ifm_name/--ifm_file
     --ofm_name/--ofm_file: runs the graph and writes each output .npy.
Exit status non-zero (with the tool's message) when a step fails.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TARGET = "profiles=pro_int extensions=doubleround specification_version=1.0"


def tool(name):
    """The tosa-tools program next to this interpreter, else the one on PATH."""
    local = os.path.join(os.path.dirname(sys.executable), name)
    if os.path.exists(local):
        return local
    found = shutil.which(name)
    if not found:
        sys.exit("run_reference.py: '%s' not found: install tools/oracle/int8_tosa/requirements.txt" % name)
    return found


def run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        sys.stderr.write(r.stdout + r.stderr)
        sys.exit("run_reference.py: failed: %s" % " ".join(cmd))
    return r


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("model")
    ap.add_argument("--input", action="append", default=[])
    ap.add_argument("--output", action="append", default=[])
    ap.add_argument("--entry", default="main")
    ap.add_argument("--work", default=None, help="keep the flatbuffer here")
    a = ap.parse_args()
    work = a.work or tempfile.mkdtemp(prefix="tosa-ref-")
    os.makedirs(work, exist_ok=True)
    model = a.model
    if a.entry != "main":
        text = open(model).read()
        text = re.sub(r"@%s\(" % re.escape(a.entry), "@main(", text)
        model = os.path.join(work, "entry.mlir")
        open(model, "w").write(text)
    opt = tool("tosa-opt")
    run([opt, model, "--tosa-attach-target=" + TARGET, "--tosa-validate", "-o", os.devnull])
    fb = os.path.join(work, "model.tosa")
    run([opt, model, "--tosa-serialize", "--tosa-flatbuffer-filename=" + fb, "-o", os.devnull])
    ifm = ",".join("TosaInput_%d" % i for i in range(len(a.input)))
    ofm = ",".join("TosaOutput_%d" % i for i in range(len(a.output)))
    outs = [os.path.abspath(o) for o in a.output]
    r = run([tool("tosa_reference_model"), "--tosa_file=" + fb,
             "--ifm_name=" + ifm, "--ifm_file=" + ",".join(os.path.abspath(i) for i in a.input),
             "--ofm_name=" + ofm, "--ofm_file=" + ",".join(outs)])
    for o in outs:
        if not os.path.exists(o):
            sys.stderr.write(r.stdout + r.stderr)
            sys.exit("run_reference.py: the reference model wrote no %s" % o)
    if not a.work:
        shutil.rmtree(work)
    return 0


if __name__ == "__main__":
    sys.exit(main())
