#!/usr/bin/env python3
"""Standard-library helpers of bench/side_by_side.sh (no NumPy, no torch, so
the ours-only smoke run in the test suite needs nothing but python3).

  table.py compare TORCH_QPARAMS OURS_QPARAMS OURS_TABLE [--rtol R] [--map M]
                   [--prepared OURS_PREPARED_MLIR]
      Pairs prepare_pt2e's observers with ours (both are numbered in graph
      order, activation_post_process_N; where one side has an observer the
      other has not, the two sequences of weight / activation kinds are
      aligned with difflib and the extra ones reported). With --map, the
      pairs are M's instead: lines 'TORCH_NAME OURS_NAME [what it observes]'
      ('#' comments), test/oracle-placement's .map format, for models whose
      observers the two sides number differently (the transformer: torch
      observes its eval dropouts, torch-mlir drops them); a name of either
      side that M leaves out is reported unpaired. --prepared names our
      prepared module: our names that are another name of an instance
      (pt2e.observer's 'instance' attribute: one observer shared through a
      view, the same numbers) are then counted as 'shared_ours=N', not
      unpaired, when their instance is paired. Then: weight
      observers bit for bit (scales and zero points), activation observers
      |scale - torch| <= R * torch and zero points within 1. Prints one
      line 'weights=a/b identical activations=c/d within rtol=R max_rel=x
      max_zp_diff=z unpaired_torch=... unpaired_ours=...'.
  table.py summary RESULTS
      The benchmark table: medians over the repetitions, spread as min-max.
      "bound img/s" is the physical bound: the samples per second if every
      FLOP of the convs, linears and matmuls ran at the run's median sgemm
      rate (batch / (FLOP per batch / sgemm FLOP/s)); "(N%)" is our
      median against it (the same figure as ours %sgemm). A run of ours that
      failed (kind=fail) shows as "failed" and its error is listed below.
"""
import difflib
import statistics
import struct
import sys


def read_qparams(path):
    out = {}
    kinds = {}
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line.startswith("# activation_post_process_"):
                name, kind = line[2:].split()
                kinds[name] = kind
                continue
            if not line or line.startswith("#"):
                continue
            name, s, z = line.split()
            out[name] = ([int(x, 16) for x in s[len("scale="):].split(",")],
                         [int(x) for x in z[len("zero_point="):].split(",")])
    return out, kinds


def ours_kinds(table_path):
    kinds = {}
    with open(table_path) as f:
        for line in f:
            parts = line.split()
            if parts and parts[0].startswith("activation_post_process_"):
                kinds[parts[0]] = "weight" if "per_channel" in line else "act"
    return kinds


def order(names):
    return sorted(names, key=lambda n: int(n.rsplit("_", 1)[1]))


def bits2f(b):
    return struct.unpack("<f", struct.pack("<I", b))[0]


def read_instances(path):
    """name -> instance of our pt2e.observer ops that share another's."""
    shared = {}
    with open(path) as f:
        for line in f:
            if '"pt2e.observer"' not in line or "instance = " not in line:
                continue
            inst = line.split('instance = "', 1)[1].split('"', 1)[0]
            name = line.split('name = "', 1)[1].split('"', 1)[0]
            shared[name] = inst
    return shared


def read_map(path):
    pairs = []
    with open(path) as f:
        for line in f:
            parts = line.split("#", 1)[0].split()
            if len(parts) >= 2:
                pairs.append((parts[0], parts[1]))
    return pairs


def align(tn, on, tk, ok):
    """Pairs by position in graph order, aligning the kind sequences."""
    sm = difflib.SequenceMatcher(a=[tk.get(n, "act") for n in tn], b=[ok.get(n, "act") for n in on],
                                 autojunk=False)
    pairs, un_t, un_o = [], [], []
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag == "equal":
            pairs += list(zip(tn[i1:i2], on[j1:j2]))
        else:
            un_t += tn[i1:i2]
            un_o += on[j1:j2]
    return pairs, un_t, un_o


def cmd_compare(argv):
    rtol = 1.1e-2
    if "--rtol" in argv:
        i = argv.index("--rtol")
        rtol = float(argv[i + 1])
        del argv[i:i + 2]
    pair_map = None
    if "--map" in argv:
        i = argv.index("--map")
        pair_map = read_map(argv[i + 1])
        del argv[i:i + 2]
    shared = {}
    if "--prepared" in argv:
        i = argv.index("--prepared")
        shared = read_instances(argv[i + 1])
        del argv[i:i + 2]
    tq, tk = read_qparams(argv[0])
    oq, _ = read_qparams(argv[1])
    ok = ours_kinds(argv[2])
    tn, on = order(tq), order(oq)
    if pair_map is not None:
        pairs = [(t, o) for t, o in pair_map if t in tq and o in oq]
        un_t = [t for t in tn if t not in {p[0] for p in pairs}]
        un_o = [o for o in on if o not in {p[1] for p in pairs}]
    else:
        pairs, un_t, un_o = align(tn, on, tk, ok)
    paired_o = {p[1] for p in pairs}
    n_shared = sum(1 for o in un_o if shared.get(o) in paired_o)
    un_o = [o for o in un_o if shared.get(o) not in paired_o]
    w_ok = w_n = a_ok = a_n = 0
    max_rel = 0.0
    max_zp = 0
    bad = []
    for t, o in pairs:
        (ts, tz), (os_, oz) = tq[t], oq[o]
        if tk.get(t) == "weight":
            w_n += 1
            if ts == os_ and tz == oz:
                w_ok += 1
            else:
                bad.append("%s/%s" % (t, o))
        else:
            a_n += 1
            rel = max(abs(bits2f(x) - bits2f(y)) / abs(bits2f(x)) for x, y in zip(ts, os_))
            zp = max(abs(x - y) for x, y in zip(tz, oz))
            max_rel, max_zp = max(max_rel, rel), max(max_zp, zp)
            if rel <= rtol and zp <= 1:
                a_ok += 1
            else:
                bad.append("%s/%s(rel=%.2g,zp=%d)" % (t, o, rel, zp))
    print("weights=%d/%d identical activations=%d/%d within rtol=%g max_rel=%.3g max_zp_diff=%d "
          "shared_ours=%d unpaired_torch=%s unpaired_ours=%s mismatches=%s"
          % (w_ok, w_n, a_ok, a_n, rtol, max_rel, max_zp, n_shared, ",".join(un_t) or "-",
             ",".join(un_o) or "-", ",".join(bad[:6]) or "-"))


def parse_results(path):
    rows = []
    with open(path) as f:
        for line in f:
            kv = {}
            for tok in line.split():
                if "=" in tok:
                    k, v = tok.split("=", 1)
                    kv[k] = v
            if kv:
                if "loop_s" in kv:  # pt2e-calibrate prints milliseconds: never 0
                    kv["loop_s"] = str(max(float(kv["loop_s"]), 5e-4))
                rows.append(kv)
    return rows


def med(xs):
    return statistics.median(xs) if xs else float("nan")


def spread(xs, fmt):
    if not xs:
        return "-"
    if len(xs) == 1:
        return fmt % xs[0]
    return (fmt + " [" + fmt + "-" + fmt + "]") % (med(xs), min(xs), max(xs))


def cmd_summary(argv):
    rows = parse_results(argv[0])
    meta = {r["model"]: r for r in rows if r.get("kind") == "meta"}
    sgemm = [float(r["sgemm"]) for r in rows if r.get("kind") == "sgemm"]
    runs = [r for r in rows if r.get("kind") == "run"]
    checks = {(r["model"], r["obs"]): r for r in rows if r.get("kind") == "check"}
    fails = [r for r in rows if r.get("kind") == "fail"]
    keys = []
    for r in runs + fails:
        if (r["model"], r["obs"]) not in keys:
            keys.append((r["model"], r["obs"]))
    sg = med(sgemm)
    for r in rows:
        if r.get("kind") == "info":
            print("run: commit %s, pt2e-opt built %s, started %s" % (r.get("commit"), r.get("pt2e_opt_mtime"),
                                                                    r.get("date")))
    print("sgemm (bench-sgemm-rate 1024, best of 5, measured before each model's repetition): "
          "%s GFLOP/s" % spread(sgemm, "%.1f"))
    print()
    hdr = ("model", "obs", "reps", "ours img/s [min-max]", "torch img/s [min-max]", "bound img/s (ours %)",
           "ours/torch [min-max]",
           "ours GFLOP/s (%sgemm)", "torch GFLOP/s (%sgemm)", "obs% ours", "obs% torch",
           "RSS MiB ours", "RSS MiB torch")
    print("| " + " | ".join(hdr) + " |")
    print("|" + "---|" * len(hdr))
    for model, obs in keys:
        m = meta.get(model, {})
        batch, nb, flops = int(m.get("batch", 1)), int(m.get("batches", 1)), float(m.get("flops", 0))
        per = {}
        for side in ("ours", "torch"):
            rs = [r for r in runs if r["model"] == model and r["obs"] == obs and r["side"] == side]
            per[side] = {int(r["rep"]): r for r in rs}
        ips = {s: [batch * nb / float(r["loop_s"]) for r in per[s].values()] for s in per}
        ratios = [batch * nb / float(per["ours"][k]["loop_s"]) / (batch * nb / float(per["torch"][k]["loop_s"]))
                  for k in per["ours"] if k in per["torch"]]

        def gf(side):
            if not per[side]:
                return "-"
            g = flops * nb / med([float(r["loop_s"]) for r in per[side].values()]) / 1e9
            return "%.1f (%.0f%%)" % (g, 100 * g / sg)

        def obsp(side):
            xs = [100 * float(r["observer_s"]) / float(r["loop_s"]) for r in per[side].values()]
            return "%.0f%%" % med(xs) if xs else "-"

        def rss(side):
            xs = [float(r["rss_mib"]) for r in per[side].values()]
            return "%.0f" % max(xs) if xs else "-"

        def bound():
            if flops <= 0 or not sg == sg:
                return "-"
            b = batch * sg * 1e9 / flops
            ours = ("%.0f%%" % (100 * med(ips["ours"]) / b)) if ips["ours"] else ("failed" if failed else "-")
            return "%.1f (%s)" % (b, ours)

        failed = [r for r in fails if r["model"] == model and r["obs"] == obs]
        reps = max(len(per["ours"]) + len(failed), len(per["torch"]))
        ours_ips = spread(ips["ours"], "%.1f") if ips["ours"] or not failed else "failed"
        print("| " + " | ".join([model, obs, str(reps), ours_ips, spread(ips["torch"], "%.1f"), bound(),
                                 spread(ratios, "%.2f"), gf("ours"), gf("torch"), obsp("ours"), obsp("torch"),
                                 rss("ours"), rss("torch")]) + " |")
    print()
    print("| model | obs | batch x batches | GFLOP/batch | torch-mlir import s | torch export+prepare s | "
          "ours annotate+prepare s | ours parse s | observers torch/ours | qparams check |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for model, obs in keys:
        m = meta.get(model, {})
        rs_o = [r for r in runs if r["model"] == model and r["obs"] == obs and r["side"] == "ours"]
        rs_t = [r for r in runs if r["model"] == model and r["obs"] == obs and r["side"] == "torch"]
        c = checks.get((model, obs), {})
        tp = "%.2f+%.2f" % (med([float(r["export_s"]) for r in rs_t]), med([float(r["prepare_s"]) for r in rs_t])) \
            if rs_t else "-"
        check = c.get("text", "-").replace(";", " ")
        print("| %s | %s | %s x %s | %.3f | %s | %s | %s | %s | %s/%s | %s |" % (
            model, obs, m.get("batch", "?"), m.get("batches", "?"), float(m.get("flops", 0)) / 1e9,
            m.get("export_s", "-"), tp, c.get("prepare_s", "-"),
            "%.3f" % med([float(r["parse_s"]) for r in rs_o]) if rs_o else "-",
            c.get("torch_observers", "-"), c.get("ours_observers", "-"), check))
    if fails:
        print()
        print("Failed runs of ours (pt2e-calibrate's first error line):")
        print()
        seen = {}
        for r in fails:
            seen.setdefault((r["model"], r["obs"], r.get("error", "-")), []).append(r["rep"])
        for (model, obs, err), reps in seen.items():
            print("- %s (%s), repetition %s: %s" % (model, obs, ",".join(reps), err.replace(";", " ")))


def main():
    cmd, argv = sys.argv[1], sys.argv[2:]
    {"compare": cmd_compare, "summary": cmd_summary}[cmd](argv)


if __name__ == "__main__":
    main()
