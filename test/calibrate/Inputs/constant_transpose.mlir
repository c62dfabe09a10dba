// The weight transpose of a torch-mlir linear: constant-only work (test/calibrate/hoisting.test).
func.func @main(%x: tensor<4x8xf32>) -> tensor<4x16xf32> {
  %w = arith.constant dense<0.5> : tensor<16x8xf32>
  %b = arith.constant dense<0.25> : tensor<16xf32>
  %e0 = tensor.empty() : tensor<8x16xf32>
  %wt = linalg.transpose ins(%w : tensor<16x8xf32>) outs(%e0 : tensor<8x16xf32>) permutation = [1, 0]
  %e1 = tensor.empty() : tensor<4x16xf32>
  %bb = linalg.broadcast ins(%b : tensor<16xf32>) outs(%e1 : tensor<4x16xf32>) dimensions = [0]
  %y = linalg.matmul ins(%x, %wt : tensor<4x8xf32>, tensor<8x16xf32>) outs(%bb : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %y : tensor<4x16xf32>
}
