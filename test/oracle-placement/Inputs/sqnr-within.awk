# awk -f sqnr-within.awk SUMMARY COMPARE: fails unless the sqnr_db of
# 'pt2e-run --compare' (COMPARE) is within 0.1 dB of SUMMARY's int8_sqnr_db.
NR == FNR { split($0, kv, "="); if (kv[1] == "int8_sqnr_db") torch = kv[2] + 0; next }
{ for (i = 1; i <= NF; i++) if ($i ~ /^sqnr_db=/) { split($i, kv, "="); ours = kv[2] + 0 } }
END {
  d = ours - torch; if (d < 0) d = -d
  printf "int8 SQNR: ours %.4f dB, torch %.4f dB\n", ours, torch
  exit !(d <= 0.1)
}
