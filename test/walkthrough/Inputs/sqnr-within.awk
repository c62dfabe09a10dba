# awk -v ref=NAME [-v tol=0.1] -f sqnr-within.awk golden/sqnr.txt COMPARE-LINES
# Every 'sqnr_db=...' line of the second file (pt2e-run --compare output)
# must lie within tol dB of the f32 SQNR of line NAME in the first.
BEGIN { if (tol == "") tol = 0.1 }
FNR == NR {
  if ($1 == ref)
    for (i = 2; i <= NF; i++)
      if ($i ~ /^f32=/) { wants = substr($i, 5); want = wants + 0 }
  next
}
{
  for (i = 1; i <= NF; i++)
    if ($i ~ /^sqnr_db=/) {
      got = substr($i, 9) + 0
      n++
      d = got - want
      if (d < 0) d = -d
      printf "%s: ours %s dB, PyTorch %s dB, |difference| %.6f %s\n", ref, got, wants, d,
             d <= tol ? "ok" : "OUT OF TOLERANCE"
      if (d > tol) bad = 1
    }
}
END {
  if (want == "") { print "no line '" ref "' with f32= in the golden file"; exit 1 }
  if (n == 0) { print "no sqnr_db= line to check"; exit 1 }
  exit bad
}
