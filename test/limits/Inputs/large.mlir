// A 64 MiB tensor (4096 x 4096 f32): over max-tensor-mb=32, under the default.
func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
  %o = "pt2e.observer"(%a) {name = "act", spec = {observer = "minmax", dtype = i8}} : (tensor<2xf32>) -> tensor<2xf32>
  %c0 = arith.constant 0 : index
  %v = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<4096x4096xf32>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  %x = tensor.extract %f[%c0, %c0] : tensor<4096x4096xf32>
  %r = tensor.insert %x into %o[%c0] : tensor<2xf32>
  return %r : tensor<2xf32>
}
