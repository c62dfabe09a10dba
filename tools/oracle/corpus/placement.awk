# placement.awk (with lib.awk): the observer instances of a prepared module
# (pt2e-annotate, pt2e-prepare; printed with --mlir-print-op-generic), one
# line each, sorted: "<weight|act> <kind> <dims>", the format of
# export.py's placement.txt (tools/oracle/corpus/README.md).
#   weight: an observer whose spec is per channel; its kind is the op that
#           consumes the weight (conv, linear), through layout ops
#   act:    the others; the kind of the op that computes the observed value
#           (lib.awk kind_of), for the member of a shared instance observing
#           the earliest value; a function argument is "input"
#   dims:   the observed tensor's dims other than 1, largest first
END {
  n = 0
  for (i = 1; i <= N; i++) {
    if (OPN[i] != "pt2e.observer") continue
    nm = ""; inst = ""
    if (match(ATTR[i], /[ {]name = "[^"]*"/)) { nm = substr(ATTR[i], RSTART + 9, RLENGTH - 10) }
    if (match(ATTR[i], /instance = "[^"]*"/)) { inst = substr(ATTR[i], RSTART + 12, RLENGTH - 13) }
    key = (inst != "") ? inst : nm
    f = FNO[i]; v = OPR[i, 1]
    pos = (DEF[f, v] + 0)
    if (!(key in FIRST) || pos < FIRSTPOS[key]) { FIRST[key] = i; FIRSTPOS[key] = pos }
    if (inst == "") ISINST[key] = i
    names++
  }
  for (key in FIRST) {
    i = FIRST[key]
    f = FNO[i]; v = OPR[i, 1]
    d = dims_of(TIN[i, 1])
    if (index(ATTR[ISINST[key] ? ISINST[key] : i], "per_channel") > 0)
      L[++n] = "weight " user_kind(f, RES[i]) " " d
    else
      L[++n] = "act " kind_of(f, v) " " d
  }
  sort_lines(n)
  for (k = 1; k <= n; k++) print L[k]
}
