# int8.awk (with lib.awk): convs and linears of a pt2e-lower-int8 output
# (printed with --mlir-print-op-generic) that run on integers:
#   lowered_conv    tosa.conv2d / depthwise_conv2d / conv3d whose input is i8
#   lowered_linear  tosa.matmul on i8 with an operand computed from constants
#   float_conv, float_linear  convolutions and contractions with a constant
#                   operand left on f32 (lib.awk's reading of any form)
END {
  lc = 0; ll = 0; fc = 0; fl = 0
  for (i = 1; i <= N; i++) {
    n = OPN[i]; f = FNO[i]
    if (n ~ /^tosa\.(conv2d|depthwise_conv2d|conv3d)$/ && elemtype(TIN[i, 1]) == "i8") { lc++; continue }
    if (n == "tosa.matmul" && elemtype(TIN[i, 1]) == "i8") {
      if (CD[f, OPR[i, 1]] || CD[f, OPR[i, 2]]) ll++
      continue
    }
    c = cat_of(i)
    if (c == "conv" && elemtype(TIN[i, 1]) == "f32") fc++
    if (c == "contraction" && elemtype(TIN[i, 1]) == "f32" && nonconst_inputs(i) == 1) fl++
  }
  print "lowered_conv " lc
  print "lowered_linear " ll
  print "float_conv " fc
  print "float_linear " fl
}
