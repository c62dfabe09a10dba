// A tensor type whose element count overflows int64: 4611686018427387905 x 4
// wraps to 4 elements in 64-bit arithmetic (a 16-byte buffer that
// tensor.insert then writes past). The interpreter must refuse the type.
func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
  %o = "pt2e.observer"(%a) {name = "act", spec = {observer = "minmax", dtype = i8}} : (tensor<2xf32>) -> tensor<2xf32>
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %v = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<4611686018427387905x4xf32>
  %i = tensor.insert %v into %e[%c5, %c0] : tensor<4611686018427387905x4xf32>
  %x = tensor.extract %i[%c5, %c0] : tensor<4611686018427387905x4xf32>
  %r = tensor.insert %x into %o[%c0] : tensor<2xf32>
  return %r : tensor<2xf32>
}
