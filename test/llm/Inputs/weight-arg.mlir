// A linear as StableHLO/JAX lowerings write it: the [K, N] weight a function
// argument, no transpose; 8da4w groups run along K, its axis 0.
func.func @main(%x: tensor<2x64xf32>, %w: tensor<64x4xf32>) -> tensor<2x4xf32> {
  %z = arith.constant 0.0 : f32
  %o = tensor.empty() : tensor<2x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%o : tensor<2x4xf32>) -> tensor<2x4xf32>
  %r = linalg.matmul ins(%x, %w : tensor<2x64xf32>, tensor<64x4xf32>) outs(%f : tensor<2x4xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}
