// ir-forms B2: the result written into an argument's buffer with
// bufferization.materialize_in_destination (tensor semantics: the result
// is the source). y = x @ W with W all 0.05: each output is 0.05 * the sum
// of its row of x.
func.func @entry(%x: tensor<4x8xf32>, %out: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %w = arith.constant dense<0.05> : tensor<8x8xf32>
  %c0 = arith.constant 0.0 : f32
  %z = linalg.fill ins(%c0 : f32) outs(%out : tensor<4x8xf32>) -> tensor<4x8xf32>
  %y = linalg.matmul ins(%x, %w : tensor<4x8xf32>, tensor<8x8xf32>) outs(%z : tensor<4x8xf32>) -> tensor<4x8xf32>
  %r = bufferization.materialize_in_destination %y in %out : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
