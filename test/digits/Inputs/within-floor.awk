# Checks tools/oracle/digits/ours.sh's counts against the oracle's goldens:
#   awk -v want=N -f within-floor.awk digits.golden OURS
# Each 'misclassified MODEL CONFIG qdq|int8 N' line of OURS must be within
# the golden floor of torchao's count for MODEL CONFIG, and each
# 'misclassified MODEL float ours N' within it of torch's float count; want
# is how many such lines OURS must hold (none skipped, none missing).
NR == FNR {
  if ($1 == "floor") floor = $2
  else if ($1 == "misclassified") golden[$2, $3] = $5
  next
}
$1 == "misclassified" {
  key = ($3 == "float") ? $2 SUBSEP "float" : $2 SUBSEP $3
  if (!(key in golden)) { print "no golden for: " $0; bad = 1; next }
  d = $5 - golden[key]
  if (d < 0) d = -d
  if (d > floor) {
    print "outside the floor (" floor ") of " golden[key] ": " $0
    bad = 1
  }
  n++
}
END {
  if (floor == "") { print "no floor in the golden"; exit 1 }
  if (n != want) { print "checked " n " counts, expected " want; exit 1 }
  exit bad
}
