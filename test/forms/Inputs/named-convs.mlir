func.func @forward(%x: tensor<1x4x9x9xf32>) -> tensor<1x8x4x4xf32> {
  %w = arith.constant dense<0.05> : tensor<4x3x3xf32>
  %w2 = arith.constant dense<-0.02> : tensor<8x4x1x1xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x4x4x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %y = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%x, %w : tensor<1x4x9x9xf32>, tensor<4x3x3xf32>) outs(%f : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %e2 = tensor.empty() : tensor<1x8x4x4xf32>
  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  %o = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%y, %w2 : tensor<1x4x4x4xf32>, tensor<8x4x1x1xf32>) outs(%f2 : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  return %o : tensor<1x8x4x4xf32>
}
