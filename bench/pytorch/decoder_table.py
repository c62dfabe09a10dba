#!/usr/bin/env python3
"""The table of bench/decoder.sh from its results.txt (key=value lines,
plain Python: no torch needed).

  decoder_table.py RESULTS

Speed is the calibration loop of each side (the batches' forward passes with
the observers; not the import, parse, export or prepare, which are listed
apart); the ratio is PyTorch's loop time over ours, per repetition. The
physical bound: every forward FLOP (bench/pytorch/decoder.py flops) at the
run's median sgemm rate (bench-sgemm-rate 1024 5, OpenBLAS, both cores).
"""
import statistics
import sys


def parse(path):
    rows = []
    for line in open(path):
        kv = {}
        for tok in line.split():
            if "=" in tok:
                k, v = tok.split("=", 1)
                kv[k] = v
        rows.append(kv)
    return rows


def f(v):
    try:
        return float(v)
    except (TypeError, ValueError):
        return None


def span(vals, fmt="%.1f"):
    vals = [v for v in vals if v is not None]
    if not vals:
        return "-"
    if len(vals) == 1:
        return fmt % vals[0]
    return (fmt + " [" + fmt + "-" + fmt + "]") % (statistics.median(vals), min(vals), max(vals))


def main():
    rows = parse(sys.argv[1])
    info = next(r for r in rows if r.get("kind") == "info")
    flops = float(next(r for r in rows if r.get("kind") == "meta")["flops"])
    batches = int(info["batches"])
    sgemm = [float(r["sgemm_gflops"]) for r in rows if r.get("kind") == "sgemm"]
    ours = [r for r in rows if r.get("kind") == "run" and r.get("side") == "ours"]
    torch = [r for r in rows if r.get("kind") == "run" and r.get("side") == "torch"]
    export = next((r for r in rows if r.get("kind") == "export"), {})
    check = next((r for r in rows if r.get("kind") == "check"), None)
    rate = statistics.median(sgemm) if sgemm else None
    bound_s = flops * batches / (rate * 1e9) if rate else None

    print("Qwen2-0.5B-shaped decoder, %s layers (vocabulary %s), %d sequences x 256 tokens, "
          "static XNNPACK (per-channel int8 weights, Histogram activations); commit %s, %s, "
          "%s CPUs, %s GiB" % (info["layers"], info.get("vocab", "32000"), batches, info["commit"], info["date"],
                               info.get("cpus", "?"), info.get("mem_gib", "?")))
    print("forward: %.1f GFLOP per sequence, %.2f TFLOP in all; sgemm %s GFLOP/s (median of %d); "
          "bound %.1f s" % (flops / 1e9, flops * batches / 1e12, span(sgemm), len(sgemm),
                            bound_s or float("nan")))
    loads = [r["loadavg"] for r in rows if r.get("kind") == "load"]
    print("load average before each repetition (the machine is shared): %s" % (", ".join(loads) or "-"))
    print()
    print("| | ours | PyTorch | ours/PyTorch |")
    print("|---|---|---|---|")

    def line(name, key, fmt="%.1f", ratio=None):
        o = [f(r.get(key)) for r in ours]
        t = [f(r.get(key)) for r in torch]
        rr = "-"
        if ratio and ours and torch:
            pairs = [ratio(f(a.get(key)), f(b.get(key))) for a, b in zip(ours, torch)
                     if f(a.get(key)) and f(b.get(key))]
            rr = span(pairs, "%.2f") + ("x" if pairs else "")
        print("| %s | %s | %s | %s |" % (name, span(o, fmt), span(t, fmt), rr))

    line("calibration loop, s (%d forward passes)" % batches, "loop_s", "%.1f", lambda a, b: b / a)
    for r in ours + torch:
        ls = f(r.get("loop_s"))
        r["seq_s"] = "%.4f" % (batches / ls) if ls else "-"
        r["gflops"] = "%.2f" % (flops * batches / ls / 1e9) if ls else "-"
        r["bound_pct"] = "%.2f" % (100 * bound_s / ls) if ls and bound_s else "-"
        r["obs_pct"] = "%.2f" % (100 * f(r["observer_s"]) / ls) if ls and f(r.get("observer_s")) else "-"
    line("sequences/s", "seq_s", "%.2f")
    line("GFLOP/s", "gflops", "%.1f")
    line("%% of the bound (%.1f s)" % (bound_s or 0), "bound_pct", "%.1f")
    line("observers, s", "observer_s", "%.1f")
    line("observers, % of the loop", "obs_pct", "%.0f")
    line("process wall time, s (everything below included)", "wall_s", "%.1f", lambda a, b: b / a)
    line("peak RSS of the process, MiB", "rss_mib", "%.0f", lambda a, b: a / b)
    line("  of it anonymous (RssAnon, sampled), MiB", "anon_mib", "%.0f", lambda a, b: a / b)
    line("  of it file-backed (RssFile, sampled: mapped files), MiB", "file_mib", "%.0f")
    line("observers", "observers", "%.0f")
    print()
    print("ours apart from the loop: MLIR parse %s s, annotate %s s, prepare %s s, pt2e-calibrate %s s "
          "(the loop, weight observers once, qparams), interpreter peak %s MiB, pt2e-calibrate's own "
          "peak RSS %s MiB" % tuple(span([f(r.get(k)) for r in ours]) for k in (
              "parse_s", "annotate_s", "prepare_s", "calibrate_s", "interp_mib", "self_rss_mib")))
    print("PyTorch apart from the loop: model %s s, torch.export %s s, prepare_pt2e %s s, threads %s"
          % (span([f(r.get("model_s")) for r in torch]), span([f(r.get("export_s")) for r in torch]),
             span([f(r.get("prepare_s")) for r in torch]),
             ",".join(sorted({r.get("threads", "?") for r in torch})) or "-"))
    mb = f(export.get("mlir_bytes"))
    print("export (pt2e-import, torch-mlir FX importer, linalg form, one process): %s s, peak RSS %s MiB, "
          "MLIR text %s" % (export.get("wall_s", "-"), export.get("rss_mib", "-"),
                            "%.2f GB" % (mb / 1e9) if mb else "-"))
    if check:
        print("qparams-check --rtol=1.1e-2 torchao.json ours.json: %s"
              % check.get("text", "-").replace(";", " "))


if __name__ == "__main__":
    main()
