// test/prepare/conv_relu.mlir without its hand-written annotations.
#bias = affine_map<(n, c, h, w) -> (c)>
#id = affine_map<(n, c, h, w) -> (n, c, h, w)>
func.func @conv_relu_linalg(%x: tensor<4x3x16x16xf32>) -> tensor<4x8x14x14xf32> {
  %w = arith.constant dense<0.5> : tensor<8x3x3x3xf32>
  %b = arith.constant dense<0.1> : tensor<8xf32>
  %zero = arith.constant 0.000000e+00 : f32
  %init = tensor.empty() : tensor<4x8x14x14xf32>
  %bb = linalg.generic {indexing_maps = [#bias, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%b : tensor<8xf32>) outs(%init : tensor<4x8x14x14xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<4x8x14x14xf32>
  %conv = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
      ins(%x, %w : tensor<4x3x16x16xf32>, tensor<8x3x3x3xf32>) outs(%bb : tensor<4x8x14x14xf32>) -> tensor<4x8x14x14xf32>
  %relu = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%conv : tensor<4x8x14x14xf32>) outs(%init : tensor<4x8x14x14xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<4x8x14x14xf32>
  return %relu : tensor<4x8x14x14xf32>
}

// -----



func.func @conv_relu_tosa(%x: tensor<4x3x16x16xf32>) -> tensor<4x8x14x14xf32> {
  %w = "tosa.const"() <{values = dense<0.5> : tensor<8x3x3x3xf32>}> : () -> tensor<8x3x3x3xf32>
  %b = "tosa.const"() <{values = dense<0.1> : tensor<8xf32>}> : () -> tensor<8xf32>
  %izp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %wzp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %xt = tosa.transpose %x {perms = array<i32: 0, 2, 3, 1>}
      : (tensor<4x3x16x16xf32>) -> tensor<4x16x16x3xf32>
  %c = tosa.conv2d %xt, %w, %b, %izp, %wzp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>}
      : (tensor<4x16x16x3xf32>, tensor<8x3x3x3xf32>, tensor<8xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<4x14x14x8xf32>
  %ct = tosa.transpose %c {perms = array<i32: 0, 3, 1, 2>} : (tensor<4x14x14x8xf32>) -> tensor<4x8x14x14xf32>
  %r = tosa.clamp %ct {min_val = 0.0 : f32, max_val = 3.40282347E+38 : f32}
      : (tensor<4x8x14x14xf32>) -> tensor<4x8x14x14xf32>
  return %r : tensor<4x8x14x14xf32>
}
