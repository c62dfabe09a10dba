#act = {observer = "histogram", dtype = i8, quant_min = -128, quant_max = 127, qscheme = "per_tensor_affine", eps = 2.44140625e-4 : f32}
#wgt = {observer = "per_channel_minmax", dtype = i8, quant_min = -127, quant_max = 127, qscheme = "per_channel_symmetric", ch_axis = 0, eps = 2.44140625e-4 : f32}
#bias = affine_map<(n, c, h, w) -> (c)>
#id = affine_map<(n, c, h, w) -> (n, c, h, w)>
func.func @forward(%x: tensor<1x3x8x8xf32>) -> tensor<1x4x6x6xf32> {
  %w = arith.constant dense<[[[[0.1, -0.2, 0.3], [0.4, -0.5, 0.6], [0.7, 1.0e-8, 0.9]], [[0.05, 0.0, 3.4028235e38], [0.1, 0.0, -0.1], [0.15, 0.0, -0.15]], [[1.0, 0.5, 0.25], [0.125, 0.0625, 0.03125], [0.0, 0.0, 0.0]]],
                             [[[0.3, 0.3, 0.3], [0.3, 0.3, 0.3], [0.3, 0.3, 0.3]], [[-0.3, -0.3, -0.3], [-0.3, -0.3, -0.3], [-0.3, -0.3, -0.3]], [[0.01, 0.02, 0.03], [0.04, 0.05, 0.06], [0.07, 0.08, 0.09]]],
                             [[[1.5, 0.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, -1.5]], [[0.2, 0.2, 0.2], [0.2, 0.2, 0.2], [0.2, 0.0, 0.2]], [[0.0, 0.1, 0.0], [0.1, 0.2, 0.1], [0.0, 0.1, 0.0]]],
                             [[[-0.9, -0.8, -0.7], [-0.6, -0.5, -0.4], [-0.3, -0.2, -0.1]], [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 0.0]], [[0.25, -0.25, 0.25], [-0.25, 0.25, -0.25], [0.25, -0.25, 0.25]]]]> : tensor<4x3x3x3xf32>
  %b = arith.constant dense<[0.1, -0.1, 0.2, 0.0]> : tensor<4xf32>
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<1x4x6x6xf32>
  %bb = linalg.generic {indexing_maps = [#bias, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%b : tensor<4xf32>) outs(%init : tensor<1x4x6x6xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<1x4x6x6xf32>
  %conv = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>,
      pt2e.annotation = {inputs = [#act, #wgt]}}
      ins(%x, %w : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) outs(%bb : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %relu = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"],
      pt2e.annotation = {output = #act}}
      ins(%conv : tensor<1x4x6x6xf32>) outs(%init : tensor<1x4x6x6xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x4x6x6xf32>
  return %relu : tensor<1x4x6x6xf32>
}
