// A weight observer on a splat constant of 2^31 elements: one value in the
// IR, 2 GiB of int8 once folded.
func.func @f(%x: tensor<2xf32>) -> tensor<65536x32768xf32> {
  %w = arith.constant dense<0.5> : tensor<65536x32768xf32>
  %o = "pt2e.observer"(%w) {name = "w", spec = {observer = "minmax", dtype = i8},
         scale = array<f32: 0.5>, zero_point = array<i64: 0>} : (tensor<65536x32768xf32>) -> tensor<65536x32768xf32>
  return %o : tensor<65536x32768xf32>
}
