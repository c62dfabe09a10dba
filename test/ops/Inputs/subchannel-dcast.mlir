// A dcast of a sub-channel type as MLIR parses it: zero points of the
// storage type (i4), blocks of 2 along dim 1, a zero point in two blocks.
func.func @f() -> tensor<2x4xf32> {
  %c = arith.constant dense<[[1, -2, 3, -4], [5, 6, -7, 7]]> : tensor<2x4xi4>
  %s = quant.scast %c : tensor<2x4xi4> to tensor<2x4x!quant.uniform<i4:f32:{0:1, 1:2}, {{0.5:1, 0.25}, {2.0, 0.125:-1}}>>
  %d = quant.dcast %s : tensor<2x4x!quant.uniform<i4:f32:{0:1, 1:2}, {{0.5:1, 0.25}, {2.0, 0.125:-1}}>> to tensor<2x4xf32>
  return %d : tensor<2x4xf32>
}
