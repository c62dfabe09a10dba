// A linear as torch-mlir writes it: the [out, in] weight transposed by
// linalg.transpose into the matmul, a bias add, a relu (fold-layout.test).
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
func.func @linear(%x: tensor<4x6xf32>) -> tensor<4x3xf32> {
  %w = arith.constant dense<[[0.5, -0.25, 0.375, -0.625, 1.0, 0.3], [0.01171875, -2.0, 0.7, 0.1, -0.2, 0.9], [1.5, 0.25, -0.5, 0.125, 0.0, -1.0]]> : tensor<3x6xf32>
  %b = arith.constant dense<[0.1, -0.2, 0.3]> : tensor<3xf32>
  %e = tensor.empty() : tensor<6x3xf32>
  %t = linalg.transpose ins(%w : tensor<3x6xf32>) outs(%e : tensor<6x3xf32>) permutation = [1, 0]
  %zero = arith.constant 0.0 : f32
  %e2 = tensor.empty() : tensor<4x3xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e2 : tensor<4x3xf32>) -> tensor<4x3xf32>
  %m = linalg.matmul ins(%x, %t : tensor<4x6xf32>, tensor<6x3xf32>) outs(%z : tensor<4x3xf32>) -> tensor<4x3xf32>
  %a = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%m, %b : tensor<4x3xf32>, tensor<3xf32>) outs(%e2 : tensor<4x3xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %s = arith.addf %p, %q : f32
    linalg.yield %s : f32
  } -> tensor<4x3xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x3xf32>) outs(%e2 : tensor<4x3xf32>) {
  ^bb0(%p: f32, %o: f32):
    %s = arith.maximumf %p, %zero : f32
    linalg.yield %s : f32
  } -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}
