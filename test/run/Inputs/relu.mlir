// relu(x * 2 + 1), elementwise.
#id = affine_map<(i, j) -> (i, j)>
func.func @relu(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %two = arith.constant 2.0 : f32
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x3xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %a = arith.mulf %in, %two : f32
    %b = arith.addf %a, %one : f32
    %c = arith.maximumf %b, %zero : f32
    linalg.yield %c : f32
  } -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}
