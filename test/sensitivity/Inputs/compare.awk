# Compares pt2e-numeric-debug --sensitivity's table (second file) with the
# goldens of tools/oracle/sensitivity/small_model.py (first file): one line
# "ok NAME" or "MISMATCH NAME ..." per golden figure, equal within 'tol' dB.
# 'map' names the table's units by the golden's: "unit_0=conv1,...".
# Usage: awk -v tol=0.001 -v map=... -f compare.awk GOLDEN TABLE
BEGIN {
  n = split(map, pairs, ",")
  for (i = 1; i <= n; i++) {
    split(pairs[i], kv, "=")
    golden[kv[1]] = kv[2]
  }
}
function same(g, t) {
  if (g == "inf" || t == "inf" || t == "nan")
    return g == t
  d = g - t
  return (d < 0 ? -d : d) <= tol
}
FNR == NR {
  if ($1 == "baseline") { want["baseline"] = $2; order[++m] = "baseline" }
  if ($1 == "unit") { want[$2] = $3; order[++m] = $2 }
  next
}
$1 ~ /^[0-9]+$/ && ($2 in golden) { got[golden[$2]] = $5 }
/^all quantized: output SQNR/ { got["baseline"] = $5 }
END {
  for (i = 1; i <= m; i++) {
    k = order[i]
    if (!(k in got)) { print "MISMATCH " k " missing from the table"; continue }
    if (same(want[k], got[k]))
      print "ok " k
    else
      print "MISMATCH " k " golden " want[k] " table " got[k]
  }
}
