// Pooling over 3x3 windows of a 2x3x8x8 (NCHW) or 2x8x8x3 (NHWC) input.
// Max pools start from -inf, sum pools from 0; avg = sum / 9.
func.func @nchw(%x: tensor<2x3x8x8xf32>) -> (tensor<2x3x3x3xf32>, tensor<2x3x3x3xf32>, tensor<2x3x4x4xf32>, tensor<2x3x3x3xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %nine = arith.constant dense<9.0> : tensor<2x3x3x3xf32>
  %win = tensor.empty() : tensor<3x3xf32>
  %e = tensor.empty() : tensor<2x3x3x3xf32>
  %m0 = linalg.fill ins(%ninf : f32) outs(%e : tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32>
  %s0 = linalg.fill ins(%zero : f32) outs(%e : tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32>
  // max, stride 2
  %max = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %win : tensor<2x3x8x8xf32>, tensor<3x3xf32>) outs(%m0 : tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32>
  // sum, stride 2
  %sum = linalg.pooling_nchw_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %win : tensor<2x3x8x8xf32>, tensor<3x3xf32>) outs(%s0 : tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32>
  // max, stride 1, dilation 2
  %e4 = tensor.empty() : tensor<2x3x4x4xf32>
  %m4 = linalg.fill ins(%ninf : f32) outs(%e4 : tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32>
  %maxd = linalg.pooling_nchw_max {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %win : tensor<2x3x8x8xf32>, tensor<3x3xf32>) outs(%m4 : tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32>
  %avg = arith.divf %sum, %nine : tensor<2x3x3x3xf32>
  return %max, %sum, %maxd, %avg : tensor<2x3x3x3xf32>, tensor<2x3x3x3xf32>, tensor<2x3x4x4xf32>, tensor<2x3x3x3xf32>
}

func.func @nhwc(%x: tensor<2x8x8x3xf32>) -> (tensor<2x3x3x3xf32>, tensor<2x3x3x3xf32>, tensor<2x6x6x3xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %pinf = arith.constant 0x7F800000 : f32
  %zero = arith.constant 0.0 : f32
  %win = tensor.empty() : tensor<3x3xf32>
  %e = tensor.empty() : tensor<2x3x3x3xf32>
  %m0 = linalg.fill ins(%ninf : f32) outs(%e : tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32>
  %s0 = linalg.fill ins(%zero : f32) outs(%e : tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32>
  %max = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %win : tensor<2x8x8x3xf32>, tensor<3x3xf32>) outs(%m0 : tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32>
  %sum = linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %win : tensor<2x8x8x3xf32>, tensor<3x3xf32>) outs(%s0 : tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32>
  // min, stride 1
  %e6 = tensor.empty() : tensor<2x6x6x3xf32>
  %n6 = linalg.fill ins(%pinf : f32) outs(%e6 : tensor<2x6x6x3xf32>) -> tensor<2x6x6x3xf32>
  %min = linalg.pooling_nhwc_min {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %win : tensor<2x8x8x3xf32>, tensor<3x3xf32>) outs(%n6 : tensor<2x6x6x3xf32>) -> tensor<2x6x6x3xf32>
  return %max, %sum, %min : tensor<2x3x3x3xf32>, tensor<2x3x3x3xf32>, tensor<2x6x6x3xf32>
}
