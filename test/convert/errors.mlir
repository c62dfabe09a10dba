// Every error of pt2e-convert, at the op, with the module left unchanged.
//
// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-convert)' --verify-diagnostics

#act = {dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "minmax", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}

func.func @uncalibrated(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = "pt2e.observer"(%x) {name = "activation_post_process_0", spec = #act, scale = array<f32: 0.5>, zero_point = array<i64: 0>} : (tensor<4xf32>) -> tensor<4xf32>
  // expected-error@+1 {{'pt2e-convert': observer 'activation_post_process_1' has no qparams (run pt2e-calibrate first, or keep-uncalibrated=true leaves it in float)}}
  %b = "pt2e.observer"(%a) {name = "activation_post_process_1", spec = #act} : (tensor<4xf32>) -> tensor<4xf32>
  return %b : tensor<4xf32>
}

// -----

#act = {dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "minmax", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}

func.func @fake_quant_never_observed(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{observer 'activation_post_process_0' has no qparams}}
  %a = "pt2e.fake_quant"(%x) {name = "activation_post_process_0", spec = #act, fake_quant_enabled = true, observer_enabled = true, scale = array<f32: 1.0>, zero_point = array<i64: 0>} : (tensor<4xf32>) -> tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

#act = {dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "minmax", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}
#d = {derive = "mul_scales", derived_from = ["activation_post_process_0", "activation_post_process_1"], dtype = i32, is_dynamic = false, qscheme = "per_tensor_symmetric", quant_max = 2147483647 : i64, quant_min = -2147483648 : i64}

func.func @derived_from_uncalibrated(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = "pt2e.observer"(%x) {name = "activation_post_process_0", spec = #act, scale = array<f32: 0.5>, zero_point = array<i64: 0>} : (tensor<4xf32>) -> tensor<4xf32>
  %b = "pt2e.observer"(%a) {name = "activation_post_process_1", spec = #act} : (tensor<4xf32>) -> tensor<4xf32>
  // expected-error@+1 {{observer 'activation_post_process_2' is derived from 'activation_post_process_1', which has no qparams (run pt2e-calibrate first, or keep-uncalibrated=true leaves both in float)}}
  %c = "pt2e.observer"(%b) {name = "activation_post_process_2", spec = #d} : (tensor<4xf32>) -> tensor<4xf32>
  return %c : tensor<4xf32>
}

// -----

#d = {derive = "mul_scales", derived_from = ["nowhere"], dtype = i32, is_dynamic = false, qscheme = "per_tensor_symmetric", quant_max = 2147483647 : i64, quant_min = -2147483648 : i64}

func.func @derived_from_nothing(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{observer 'activation_post_process_0' is derived from 'nowhere', which is no pt2e op}}
  %c = "pt2e.observer"(%x) {name = "activation_post_process_0", spec = #d} : (tensor<4xf32>) -> tensor<4xf32>
  return %c : tensor<4xf32>
}

// -----

#d0 = {derive = "mul_scales", derived_from = ["activation_post_process_1"], dtype = i32, is_dynamic = false, qscheme = "per_tensor_symmetric", quant_max = 2147483647 : i64, quant_min = -2147483648 : i64}
#d1 = {derive = "mul_scales", derived_from = ["activation_post_process_0"], dtype = i32, is_dynamic = false, qscheme = "per_tensor_symmetric", quant_max = 2147483647 : i64, quant_min = -2147483648 : i64}

func.func @derived_from_derived(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{observer 'activation_post_process_0' is derived from 'activation_post_process_1', which is itself derived}}
  %a = "pt2e.observer"(%x) {name = "activation_post_process_0", spec = #d0} : (tensor<4xf32>) -> tensor<4xf32>
  %b = "pt2e.observer"(%a) {name = "activation_post_process_1", spec = #d1} : (tensor<4xf32>) -> tensor<4xf32>
  return %b : tensor<4xf32>
}

// -----

#act = {dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "minmax", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}
#w = {ch_axis = 0 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "per_channel_minmax", qscheme = "per_channel_symmetric", quant_max = 127 : i64, quant_min = -127 : i64}
#d = {ch_axis = 0 : i64, derive = "mul_scales", derived_from = ["activation_post_process_0", "activation_post_process_1"], dtype = i32, is_dynamic = false, qscheme = "per_channel_symmetric", quant_max = 2147483647 : i64, quant_min = -2147483648 : i64}

func.func @derived_channel_mismatch(%x: tensor<3xf32>, %w: tensor<2x2xf32>) -> tensor<3xf32> {
  %a = "pt2e.observer"(%x) {name = "activation_post_process_0", spec = #act, scale = array<f32: 0.5>, zero_point = array<i64: 0>} : (tensor<3xf32>) -> tensor<3xf32>
  %b = "pt2e.observer"(%w) {name = "activation_post_process_1", spec = #w, scale = array<f32: 0.5, 0.25>, zero_point = array<i64: 0, 0>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  // expected-error@+1 {{observer 'activation_post_process_2' is derived from 'activation_post_process_1', which has 2 scales; expected 1 or 3}}
  %c = "pt2e.observer"(%a) {name = "activation_post_process_2", spec = #d} : (tensor<3xf32>) -> tensor<3xf32>
  return %c : tensor<3xf32>
}

// -----

#act = {dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "minmax", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}

func.func @two_scales_per_tensor(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{observer 'activation_post_process_0' has 2 scales but a per-tensor qscheme}}
  %a = "pt2e.observer"(%x) {name = "activation_post_process_0", spec = #act, scale = array<f32: 0.5, 0.5>, zero_point = array<i64: 0, 0>} : (tensor<4xf32>) -> tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

#w = {ch_axis = 1 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "per_channel_minmax", qscheme = "per_channel_symmetric", quant_max = 127 : i64, quant_min = -127 : i64}

func.func @wrong_channel_count(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{observer 'activation_post_process_0' has 2 scales for dimension 1 of size 3}}
  %a = "pt2e.observer"(%x) {name = "activation_post_process_0", spec = #w, scale = array<f32: 0.5, 0.5>, zero_point = array<i64: 0, 0>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %a : tensor<2x3xf32>
}

// -----

#w = {ch_axis = 2 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "per_channel_minmax", qscheme = "per_channel_symmetric", quant_max = 127 : i64, quant_min = -127 : i64}

func.func @axis_out_of_range(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{observer 'activation_post_process_0' has ch_axis 2, outside a tensor of rank 2}}
  %a = "pt2e.observer"(%x) {name = "activation_post_process_0", spec = #w, scale = array<f32: 0.5, 0.5>, zero_point = array<i64: 0, 0>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %a : tensor<2x3xf32>
}

// -----

#w = {ch_axis = 0 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "per_channel_minmax", qscheme = "per_channel_symmetric", quant_max = 127 : i64, quant_min = -127 : i64}

func.func @dynamic_channel_dim(%x: tensor<?x3xf32>) -> tensor<?x3xf32> {
  // expected-error@+1 {{observer 'activation_post_process_0' is per-channel along dimension 0, which is dynamic}}
  %a = "pt2e.observer"(%x) {name = "activation_post_process_0", spec = #w, scale = array<f32: 0.5, 0.5>, zero_point = array<i64: 0, 0>} : (tensor<?x3xf32>) -> tensor<?x3xf32>
  return %a : tensor<?x3xf32>
}

// -----

#act = {dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "minmax", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}

func.func @zero_scale(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{observer 'activation_post_process_0' has scale 0, which is not positive and finite}}
  %a = "pt2e.observer"(%x) {name = "activation_post_process_0", spec = #act, scale = array<f32: 0.0>, zero_point = array<i64: 0>} : (tensor<4xf32>) -> tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

#act = {dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "minmax", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}

func.func @infinite_scale(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{observer 'activation_post_process_0' has scale inf, which is not positive and finite}}
  %a = "pt2e.observer"(%x) {name = "activation_post_process_0", spec = #act, scale = array<f32: 0x7F800000>, zero_point = array<i64: 0>} : (tensor<4xf32>) -> tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

#act = {dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "minmax", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}

func.func @zero_point_out_of_range(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{observer 'activation_post_process_0' has zero point 128 outside [-128, 127]}}
  %a = "pt2e.observer"(%x) {name = "activation_post_process_0", spec = #act, scale = array<f32: 0.5>, zero_point = array<i64: 128>} : (tensor<4xf32>) -> tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

#act = {dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "minmax", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}

func.func @bad_qparams_attributes(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{observer 'activation_post_process_0' needs 'scale' as array<f32> and 'zero_point' as array<i64> of equal, non-zero length}}
  %a = "pt2e.observer"(%x) {name = "activation_post_process_0", spec = #act, scale = array<f32: 0.5>, zero_point = array<i32: 0>} : (tensor<4xf32>) -> tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

#act = {dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "minmax", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}

func.func @f16(%x: tensor<4xf16>) -> tensor<4xf16> {
  // expected-error@+1 {{observer 'activation_post_process_0' watches a tensor of another float type than f32, which PyTorch's quantize ops do not take}}
  %a = "pt2e.observer"(%x) {name = "activation_post_process_0", spec = #act, scale = array<f32: 0.5>, zero_point = array<i64: 0>} : (tensor<4xf16>) -> tensor<4xf16>
  return %a : tensor<4xf16>
}

// -----

#act = {dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "minmax", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}

func.func @same_name(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = "pt2e.observer"(%x) {name = "activation_post_process_0", spec = #act, scale = array<f32: 0.5>, zero_point = array<i64: 0>} : (tensor<4xf32>) -> tensor<4xf32>
  // expected-error@+1 {{observer 'activation_post_process_0' has the name of another pt2e op}}
  %b = "pt2e.observer"(%a) {name = "activation_post_process_0", spec = #act, scale = array<f32: 0.5>, zero_point = array<i64: 0>} : (tensor<4xf32>) -> tensor<4xf32>
  return %b : tensor<4xf32>
}

// -----

#act = {dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "minmax", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}

func.func @rank_17(%x: tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>) -> tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32> {
  // expected-error@+1 {{observer 'activation_post_process_0' watches a tensor of rank 17; at most 16 is supported}}
  %a = "pt2e.observer"(%x) {name = "activation_post_process_0", spec = #act, scale = array<f32: 0.5>, zero_point = array<i64: 0>} : (tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>) -> tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>
  return %a : tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>
}

// -----

func.func @bad_spec(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{spec: missing 'observer' (or 'shared', 'derived_from', 'fixed')}}
  %a = "pt2e.observer"(%x) {name = "activation_post_process_0", spec = {dtype = i8}, scale = array<f32: 0.5>, zero_point = array<i64: 0>} : (tensor<4xf32>) -> tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

func.func @not_a_tensor(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error@+1 {{'pt2e.observer' expects a ranked tensor of floats}}
  %a = "pt2e.observer"(%x) {name = "activation_post_process_0", spec = {dtype = i8, observer = "minmax"}} : (tensor<4xi32>) -> tensor<4xi32>
  return %a : tensor<4xi32>
}

// -----

func.func @derived_by_edge(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{observer 'activation_post_process_0' has a derived spec that does not name its source observers (derived_from = ["name", ...])}}
  %a = "pt2e.observer"(%x) {name = "activation_post_process_0", spec = {derived_from = [{operand = 0}], dtype = i32}} : (tensor<4xf32>) -> tensor<4xf32>
  return %a : tensor<4xf32>
}
