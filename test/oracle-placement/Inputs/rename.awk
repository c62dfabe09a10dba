# awk -f rename.awk MAP GOLDEN: GOLDEN's qparams lines with torch's observer
# names replaced by ours (MAP: "torch-name our-name ..." lines, '#' comments).
# A golden observer missing from MAP is an error.
NR == FNR { if ($0 !~ /^#/ && NF >= 2) m[$1] = $2; next }
/^#/ || NF == 0 { next }
!($1 in m) { print "rename.awk: no mapping for " $1 > "/dev/stderr"; exit 1 }
{ $1 = m[$1]; print }
