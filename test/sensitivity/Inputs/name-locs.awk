# Gives the ops of small.mlir PyTorch module names, as an export with module
# names in its locations would: rewrites each location alias
#   #locN = loc("FILE":LINE:COL)  ->  #locN = loc("NAME"("FILE":LINE:COL))
# of pt2e-opt --mlir-print-debuginfo's output, NAME by small.mlir's lines.
function name(line) {
  if (line >= 13 && line <= 19) return "conv1"
  if (line >= 20 && line <= 25) return "relu"
  if (line >= 26 && line <= 31) return "conv2"
  if (line >= 32 && line <= 36) return "add"
  if (line == 37) return "flatten"
  if (line >= 38 && line <= 51) return "fc"
  return ""
}
/^#loc[0-9]* = loc\("[^"]*":[0-9]+:[0-9]+\)$/ {
  split($0, parts, ":")
  n = name(parts[2] + 0)
  if (n != "") {
    sub(/loc\(/, "loc(\"" n "\"(")
    sub(/\)$/, "))")
  }
}
{ print }
