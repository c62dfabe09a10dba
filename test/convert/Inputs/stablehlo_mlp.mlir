// A two-layer MLP (16 -> 32 -> relu -> 8) as StableHLO/JAX exports lower to
// linalg (stablehlo-legalize-to-linalg): the weights and biases are function
// arguments, not constants; layer 1 in the primitive-op form (linalg.matmul,
// linalg.broadcast of the bias, linalg.map adding it, linalg.map maximumf
// with a splat zero), layer 2 in the generic form (the dot_general, the
// bias broadcast and add, the relu-free output as linalg.generic).
// Arguments: x [4, 16], w1 [16, 32], b1 [32], w2 [32, 8], b2 [8].
#x = affine_map<(m, n, k) -> (m, k)>
#w = affine_map<(m, n, k) -> (k, n)>
#o = affine_map<(m, n, k) -> (m, n)>
#id = affine_map<(m, n) -> (m, n)>
#row = affine_map<(m, n) -> (n)>
func.func @main(%x: tensor<4x16xf32>, %w1: tensor<16x32xf32>, %b1: tensor<32xf32>,
                %w2: tensor<32x8xf32>, %b2: tensor<8xf32>) -> tensor<4x8xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %e1 = tensor.empty() : tensor<4x32xf32>
  %f1 = linalg.fill ins(%cst : f32) outs(%e1 : tensor<4x32xf32>) -> tensor<4x32xf32>
  %mm1 = linalg.matmul ins(%x, %w1 : tensor<4x16xf32>, tensor<16x32xf32>) outs(%f1 : tensor<4x32xf32>) -> tensor<4x32xf32>
  %bb1 = linalg.broadcast ins(%b1 : tensor<32xf32>) outs(%e1 : tensor<4x32xf32>) dimensions = [0]
  %add1 = linalg.map { arith.addf } ins(%mm1, %bb1 : tensor<4x32xf32>, tensor<4x32xf32>) outs(%e1 : tensor<4x32xf32>)
  %zero = arith.constant dense<0.000000e+00> : tensor<4x32xf32>
  %relu = linalg.map { arith.maximumf } ins(%add1, %zero : tensor<4x32xf32>, tensor<4x32xf32>) outs(%e1 : tensor<4x32xf32>)
  %e2 = tensor.empty() : tensor<4x8xf32>
  %f2 = linalg.fill ins(%cst : f32) outs(%e2 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %mm2 = linalg.generic {indexing_maps = [#x, #w, #o], iterator_types = ["parallel", "parallel", "reduction"]} ins(%relu, %w2 : tensor<4x32xf32>, tensor<32x8xf32>) outs(%f2 : tensor<4x8xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  %bb2 = linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]} ins(%b2 : tensor<8xf32>) outs(%e2 : tensor<4x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<4x8xf32>
  %add2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%mm2, %bb2 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e2 : tensor<4x8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  return %add2 : tensor<4x8xf32>
}
