// Three 16 MiB tensors alive at once (48 MiB): each passes max-tensor-mb=32,
// together they pass max-live-mb=40.
func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
  %o = "pt2e.observer"(%a) {name = "act", spec = {observer = "minmax", dtype = i8}} : (tensor<2xf32>) -> tensor<2xf32>
  %c0 = arith.constant 0 : index
  %v = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<2048x2048xf32>
  %f1 = linalg.fill ins(%v : f32) outs(%e : tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  %f2 = linalg.fill ins(%v : f32) outs(%e : tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  %f3 = linalg.add ins(%f1, %f2 : tensor<2048x2048xf32>, tensor<2048x2048xf32>) outs(%e : tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  %x1 = tensor.extract %f1[%c0, %c0] : tensor<2048x2048xf32>
  %x2 = tensor.extract %f2[%c0, %c0] : tensor<2048x2048xf32>
  %x3 = tensor.extract %f3[%c0, %c0] : tensor<2048x2048xf32>
  %s = arith.addf %x1, %x2 : f32
  %t = arith.addf %s, %x3 : f32
  %r = tensor.insert %t into %o[%c0] : tensor<2xf32>
  return %r : tensor<2xf32>
}
