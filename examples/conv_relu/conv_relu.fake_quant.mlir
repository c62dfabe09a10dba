// The reference notebook's ConvReLU (Conv2d 3->8, 3x3, no batch norm; input
// 4x3x16x16) in linalg-on-tensors form, with fake-quant ops at the three
// places prepare_pt2e puts them for XNNPACKQuantizer: the input x, the conv
// weight and the relu output. Weights are small splats to keep the file short.
#map_bias = affine_map<(n, c, h, w) -> (c)>
#map_id = affine_map<(n, c, h, w) -> (n, c, h, w)>
func.func @conv_relu(%x: tensor<4x3x16x16xf32>) -> tensor<4x8x14x14xf32> {
  %w = arith.constant dense<0.05> : tensor<8x3x3x3xf32>
  %b = arith.constant dense<0.1> : tensor<8xf32>
  %zero = arith.constant 0.0 : f32
  %xq = "pt2e.fake_quant"(%x) {name = "activation_post_process_0", spec = {dtype = i8, quant_min = -128 : i64, quant_max = 127 : i64, qscheme = "per_tensor_affine", eps = 2.44140625e-4 : f32, observer = "histogram", bins = 2048 : i64}, observer_enabled = true, fake_quant_enabled = true, scale = array<f32: 1.0>, zero_point = array<i64: 0>} : (tensor<4x3x16x16xf32>) -> tensor<4x3x16x16xf32>
  %wq = "pt2e.fake_quant"(%w) {name = "activation_post_process_1", spec = {dtype = i8, quant_min = -127 : i64, quant_max = 127 : i64, qscheme = "per_channel_symmetric", ch_axis = 0 : i64, eps = 2.44140625e-4 : f32, observer = "per_channel_minmax"}, observer_enabled = true, fake_quant_enabled = true, scale = array<f32: 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0>, zero_point = array<i64: 0, 0, 0, 0, 0, 0, 0, 0>} : (tensor<8x3x3x3xf32>) -> tensor<8x3x3x3xf32>
  %init = tensor.empty() : tensor<4x8x14x14xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%init : tensor<4x8x14x14xf32>) -> tensor<4x8x14x14xf32>
  %conv = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
      ins(%xq, %wq : tensor<4x3x16x16xf32>, tensor<8x3x3x3xf32>) outs(%acc : tensor<4x8x14x14xf32>) -> tensor<4x8x14x14xf32>
  %biased = linalg.generic {indexing_maps = [#map_id, #map_bias, #map_id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%conv, %b : tensor<4x8x14x14xf32>, tensor<8xf32>) outs(%init : tensor<4x8x14x14xf32>) {
  ^bb0(%in: f32, %bias: f32, %out: f32):
    %s = arith.addf %in, %bias : f32
    linalg.yield %s : f32
  } -> tensor<4x8x14x14xf32>
  %relu = linalg.generic {indexing_maps = [#map_id, #map_id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%biased : tensor<4x8x14x14xf32>) outs(%init : tensor<4x8x14x14xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.maximumf %in, %zero : f32
    linalg.yield %r : f32
  } -> tensor<4x8x14x14xf32>
  %yq = "pt2e.fake_quant"(%relu) {name = "activation_post_process_2", spec = {dtype = i8, quant_min = -128 : i64, quant_max = 127 : i64, qscheme = "per_tensor_affine", eps = 2.44140625e-4 : f32, observer = "histogram", bins = 2048 : i64}, observer_enabled = true, fake_quant_enabled = true, scale = array<f32: 1.0>, zero_point = array<i64: 0>} : (tensor<4x8x14x14xf32>) -> tensor<4x8x14x14xf32>
  return %yq : tensor<4x8x14x14xf32>
}
