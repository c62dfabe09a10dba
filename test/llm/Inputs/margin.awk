# The margin of a logits comparison over torch's noise floor:
#   awk -f margin.awk MODEL.CFG.floor.txt COMPARE.txt
# COMPARE.txt is `pt2e-run --compare torchao.npy ours.npy`'s line; the floor
# file's `floor` row is the minimum SQNR of torchao's golden run against
# itself on another legitimate machine (tools/oracle/llm/make_goldens.py).
# Prints "at or above torch's floor" or "under torch's floor by D dB", one
# decimal, then the two figures.
FNR == NR { if ($1 == "floor") floor = $2; next }
{
  for (i = 1; i <= NF; i++)
    if ($i ~ /^sqnr_db=/) sqnr = substr($i, 9)
}
END {
  if (floor == "" || sqnr == "") { print "margin.awk: no floor or no sqnr_db"; exit 1 }
  if (sqnr == "inf" || (floor != "inf" && sqnr + 0 >= floor + 0))
    verdict = "at or above torch's floor"
  else if (floor == "inf")
    verdict = "under torch's floor (inf)"
  else
    verdict = sprintf("under torch's floor by %.1f dB", floor - sqnr)
  printf "%s (ours %s dB, floor %s dB)\n", verdict, sqnr, floor
}
