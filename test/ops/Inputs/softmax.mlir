// linalg.softmax along each dimension of one 2x3x4 input (softmax.test);
// the i32 function is refused.
func.func @softmax_dims(%x: tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>) {
  %e = tensor.empty() : tensor<2x3x4xf32>
  %d0 = linalg.softmax dimension(0) ins(%x : tensor<2x3x4xf32>) outs(%e : tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %d1 = linalg.softmax dimension(1) ins(%x : tensor<2x3x4xf32>) outs(%e : tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %d2 = linalg.softmax dimension(2) ins(%x : tensor<2x3x4xf32>) outs(%e : tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return %d0, %d1, %d2 : tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>
}

func.func @softmax_i32(%x: tensor<2x3x4xf32>) -> tensor<2x3x4xi32> {
  %c = arith.constant dense<1> : tensor<2x3x4xi32>
  %e = tensor.empty() : tensor<2x3x4xi32>
  %y = linalg.softmax dimension(1) ins(%c : tensor<2x3x4xi32>) outs(%e : tensor<2x3x4xi32>) -> tensor<2x3x4xi32>
  return %y : tensor<2x3x4xi32>
}
