// Convolutions. Each takes the input and the filter; the output init is
// zero, except @nchw_s2 which starts from a per-channel bias.

// stride 2, dilation 1; out = bias[f] + conv
func.func @nchw_s2(%x: tensor<2x3x9x9xf32>, %w: tensor<4x3x3x3xf32>, %bias: tensor<4xf32>) -> tensor<2x4x4x4xf32> {
  %e = tensor.empty() : tensor<2x4x4x4xf32>
  %c = linalg.broadcast ins(%bias : tensor<4xf32>) outs(%e : tensor<2x4x4x4xf32>) dimensions = [0, 2, 3]
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %w : tensor<2x3x9x9xf32>, tensor<4x3x3x3xf32>) outs(%c : tensor<2x4x4x4xf32>) -> tensor<2x4x4x4xf32>
  return %r : tensor<2x4x4x4xf32>
}

// stride 1, dilation 2
func.func @nchw_d2(%x: tensor<2x3x9x9xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<2x4x5x5xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x4x5x5xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<2x4x5x5xf32>) -> tensor<2x4x5x5xf32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<2x3x9x9xf32>, tensor<4x3x3x3xf32>) outs(%c : tensor<2x4x5x5xf32>) -> tensor<2x4x5x5xf32>
  return %r : tensor<2x4x5x5xf32>
}

// stride 2, dilation 2
func.func @nchw_s2d2(%x: tensor<2x3x9x9xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<2x4x3x3xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x4x3x3xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<2x4x3x3xf32>) -> tensor<2x4x3x3xf32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<2> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %w : tensor<2x3x9x9xf32>, tensor<4x3x3x3xf32>) outs(%c : tensor<2x4x3x3xf32>) -> tensor<2x4x3x3xf32>
  return %r : tensor<2x4x3x3xf32>
}

// NHWC / HWCF, strides [2, 1], dilations [1, 2]
func.func @nhwc_hwcf(%x: tensor<2x9x9x3xf32>, %w: tensor<3x3x3x4xf32>) -> tensor<2x4x5x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x4x5x4xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<2x4x5x4xf32>) -> tensor<2x4x5x4xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<[2, 1]> : tensor<2xi64>}
      ins(%x, %w : tensor<2x9x9x3xf32>, tensor<3x3x3x4xf32>) outs(%c : tensor<2x4x5x4xf32>) -> tensor<2x4x5x4xf32>
  return %r : tensor<2x4x5x4xf32>
}

// NHWC / FHWC, stride 1, dilation 1
func.func @nhwc_fhwc(%x: tensor<2x9x9x3xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<2x7x7x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x7x7x4xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<2x7x7x4xf32>) -> tensor<2x7x7x4xf32>
  %r = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<2x9x9x3xf32>, tensor<4x3x3x3xf32>) outs(%c : tensor<2x7x7x4xf32>) -> tensor<2x7x7x4xf32>
  return %r : tensor<2x7x7x4xf32>
}

// depthwise NCHW / CHW, stride 1, dilation 2
func.func @dw_nchw(%x: tensor<2x3x8x8xf32>, %w: tensor<3x3x3xf32>) -> tensor<2x3x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x3x4x4xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32>
  %r = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<2x3x8x8xf32>, tensor<3x3x3xf32>) outs(%c : tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32>
  return %r : tensor<2x3x4x4xf32>
}

// depthwise NHWC / HWC, stride 2, dilation 1
func.func @dw_nhwc(%x: tensor<2x8x8x3xf32>, %w: tensor<3x3x3xf32>) -> tensor<2x3x3x3xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x3x3x3xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32>
  %r = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %w : tensor<2x8x8x3xf32>, tensor<3x3x3xf32>) outs(%c : tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32>
  return %r : tensor<2x3x3x3xf32>
}
