# weights.awk (with lib.awk): every conv and linear weight of a module
# (after pt2e-fold-batchnorm; printed with --mlir-print-op-generic), sorted:
# "<conv|linear> <dims> <digest>", the format of export.py's weights.txt.
# A conv is any op lib.awk reads as a convolution; a linear any contraction
# with an input computed from constants alone. The weight is that input,
# followed back through layout ops to its constant ("nonconst" when it does
# not come from one); the digest is export.py's (lib.awk digest_const).
END {
  n = 0
  for (i = 1; i <= N; i++) {
    c = cat_of(i)
    if (c != "conv" && c != "contraction") continue
    f = FNO[i]
    if (c == "contraction" && nonconst_inputs(i) != 1) continue     # two activations, or all constant
    w = ""
    if (OPN[i] == "linalg.generic") {
      for (k = 1; k <= NIN[i]; k++) if (CD[f, OPR[i, k]]) { w = OPR[i, k]; break }
    } else w = OPR[i, 2]
    kind = (c == "conv") ? "conv" : "linear"
    src = const_source(f, w)
    if (!src) { L[++n] = kind " " dims_of(TIN[i, 2]) " nonconst"; continue }
    L[++n] = kind " " dims_of(TOUT[src]) " " digest_const(src)
  }
  sort_lines(n)
  for (k = 1; k <= n; k++) print L[k]
}
