// Convolutions, a linear and a max pool in linalg's named forms, for
// generic.test: linalg-generalize-named-ops of this file must be annotated
// and prepared exactly as the named ops are.
func.func @f(%x: tensor<1x8x8x3xf32>, %y: tensor<1x4x8x8xf32>, %z: tensor<2x3x16xf32>, %v: tensor<4x16xf32>) -> (tensor<1x6x6x8xf32>, tensor<1x4x6x6xf32>, tensor<2x5x14xf32>, tensor<4x8xf32>, tensor<1x4x3x3xf32>) {
  %w = arith.constant dense<0.5> : tensor<3x3x3x8xf32>
  %e = tensor.empty() : tensor<1x6x6x8xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x8x8x3xf32>, tensor<3x3x3x8xf32>) outs(%e : tensor<1x6x6x8xf32>) -> tensor<1x6x6x8xf32>
  %dw = arith.constant dense<0.25> : tensor<4x3x3xf32>
  %e2 = tensor.empty() : tensor<1x4x6x6xf32>
  %d = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%y, %dw : tensor<1x4x8x8xf32>, tensor<4x3x3xf32>) outs(%e2 : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %w1 = arith.constant dense<0.5> : tensor<5x3x3xf32>
  %e3 = tensor.empty() : tensor<2x5x14xf32>
  %c1 = linalg.conv_1d_ncw_fcw {dilations = dense<1> : vector<1xi64>, strides = dense<1> : vector<1xi64>} ins(%z, %w1 : tensor<2x3x16xf32>, tensor<5x3x3xf32>) outs(%e3 : tensor<2x5x14xf32>) -> tensor<2x5x14xf32>
  %lw = arith.constant dense<0.5> : tensor<8x16xf32>
  %et = tensor.empty() : tensor<16x8xf32>
  %t = linalg.transpose ins(%lw : tensor<8x16xf32>) outs(%et : tensor<16x8xf32>) permutation = [1, 0]
  %e4 = tensor.empty() : tensor<4x8xf32>
  %m = linalg.matmul ins(%v, %t : tensor<4x16xf32>, tensor<16x8xf32>) outs(%e4 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %win = tensor.empty() : tensor<2x2xf32>
  %e5 = tensor.empty() : tensor<1x4x3x3xf32>
  %p = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%d, %win : tensor<1x4x6x6xf32>, tensor<2x2xf32>) outs(%e5 : tensor<1x4x3x3xf32>) -> tensor<1x4x3x3xf32>
  return %c, %d, %c1, %m, %p : tensor<1x6x6x8xf32>, tensor<1x4x6x6xf32>, tensor<2x5x14xf32>, tensor<4x8xf32>, tensor<1x4x3x3xf32>
}
