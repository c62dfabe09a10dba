# Compares pt2e-numeric-debug's table (second file) with the goldens of
# tools/oracle/numeric_debug/conv_relu.py (first file) for data set 'data':
# one line "ok POINT" or "MISMATCH POINT ..." per golden row, numbers equal
# within 'tol' dB ('inf' and '-' exactly). Usage:
#   awk -v data=calib -v tol=0.001 -f compare.awk GOLDEN TABLE
function same(g, t) {
  if (g == "-" || g == "inf" || t == "-" || t == "inf" || t == "nan")
    return g == t
  d = g - t
  return (d < 0 ? -d : d) <= tol
}
FNR == NR {
  if ($0 ~ /^#/ || $1 != data)
    next
  names[++n] = $2
  gin[$2] = $3; gout[$2] = $4; glocal[$2] = $5
  next
}
$3 == "qdq" || $3 == "fake_quant" {
  tin[$2] = $4; tout[$2] = $5; tlocal[$2] = $6; seen[$2] = 1
}
$1 == "output" && $4 == "output" { tout["output_" $5] = $2; seen["output_" $5] = 1 }
END {
  for (i = 1; i <= n; i++) {
    p = names[i]
    if (!seen[p]) { print "MISMATCH " p " missing from the table"; continue }
    if (p ~ /^output_/) {
      ok = same(gout[p], tout[p])
    } else {
      ok = same(gin[p], tin[p]) && same(gout[p], tout[p]) && same(glocal[p], tlocal[p])
    }
    if (ok)
      print "ok " p
    else
      print "MISMATCH " p " golden " gin[p] " " gout[p] " " glocal[p] " table " tin[p] " " tout[p] " " tlocal[p]
  }
}
