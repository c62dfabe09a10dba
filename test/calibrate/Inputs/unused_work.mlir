// An op nobody reads (test/calibrate/hoisting.test): the interpreter skips
// it, and the tensor.empty it wrote into.
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @main(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %unused = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %t = math.exp %in : f32
    linalg.yield %t : f32
  } -> tensor<4x8xf32>
  %e2 = tensor.empty() : tensor<4x8xf32>
  %y = linalg.abs ins(%x : tensor<4x8xf32>) outs(%e2 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %o = "pt2e.observer"(%y) {name = "activation_post_process_0", spec = {dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "minmax", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %o : tensor<4x8xf32>
}
