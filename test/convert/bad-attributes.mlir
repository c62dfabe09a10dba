// pt2e-convert reads calibrated attributes through the one checker
// (pt2e_calibrated.h) and checks what quantizing relies on: a malformed
// 'scale', 'zero_point' or 'stats' is an error at its op, and the module is
// not printed (nothing is converted).
// RUN: %pt2e_opt %s --split-input-file --verify-diagnostics -p 'builtin.module(pt2e-convert)'
// RUN: not %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-convert)' 2>/dev/null | FileCheck %s --allow-empty --check-prefix=NOTHING
// Only the separators between chunks: no chunk's module is printed.
// NOTHING-NOT: {{[a-z]}}
// RUN: not %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-convert)' 2>&1 | FileCheck %s

#act = {dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "minmax", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}

// CHECK: bad-attributes.mlir:[[@LINE+3]]:8: error: 'pt2e-convert': observer 'activation_post_process_0' needs 'scale' as array<f32> and 'zero_point' as array<i64> of equal, non-zero length; found 'scale' of 1 and 'zero_point' of 0 elements
func.func @empty_zero_point(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{found 'scale' of 1 and 'zero_point' of 0 elements}}
  %a = "pt2e.observer"(%x) {name = "activation_post_process_0", spec = #act, scale = array<f32: 0.5>, zero_point = array<i64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

#w = {ch_axis = 0 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "per_channel_minmax", qscheme = "per_channel_symmetric", quant_max = 127 : i64, quant_min = -127 : i64}

// CHECK: error: 'pt2e-convert': observer 'w' {{.*}}; found 'scale' of 2 and 'zero_point' of 1 elements
func.func @zero_point_shorter_than_scale(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{found 'scale' of 2 and 'zero_point' of 1 elements}}
  %a = "pt2e.observer"(%x) {name = "w", spec = #w, scale = array<f32: 0.5, 0.25>, zero_point = array<i64: 0>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %a : tensor<2x3xf32>
}

// -----

#act = {dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "minmax", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}

// CHECK: error: 'pt2e-convert': observer 'fq' needs 'stats' as {{.*}}; found 'min' = -1.000000e+00 : f32
func.func @scalar_min(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{found 'min' = -1.000000e+00 : f32}}
  %a = "pt2e.fake_quant"(%x) {name = "fq", spec = #act, fake_quant_enabled = true, observer_enabled = false, scale = array<f32: 0.125>, zero_point = array<i64: -2>, stats = {min = -1.0 : f32, max = array<f32: 1.0>}} : (tensor<4xf32>) -> tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

#act = {dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "minmax", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}

// CHECK: error: 'pt2e-convert': observer 'fq' {{.*}}; found 'min' of 1 and 'max' of 2 elements
func.func @min_max_lengths(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{found 'min' of 1 and 'max' of 2 elements}}
  %a = "pt2e.fake_quant"(%x) {name = "fq", spec = #act, fake_quant_enabled = true, observer_enabled = false, scale = array<f32: 0.125>, zero_point = array<i64: -2>, stats = {min = array<f32: -1.0>, max = array<f32: 1.0, 2.0>}} : (tensor<4xf32>) -> tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

#h = {bins = 4 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "histogram", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}

// CHECK: error: 'pt2e-convert': observer 'h' has 'stats' histogram of 5 bins, expected the spec's 4
func.func @histogram_length(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{has 'stats' histogram of 5 bins, expected the spec's 4}}
  %a = "pt2e.observer"(%x) {name = "h", spec = #h, scale = array<f32: 0.5>, zero_point = array<i64: 0>, stats = {min = array<f32: 0.0>, max = array<f32: 4.0>, histogram = array<f32: 1.0, 1.0, 1.0, 1.0, 1.0>}} : (tensor<4xf32>) -> tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

#act = {dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "minmax", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}

// CHECK: error: 'pt2e-convert': observer 'nan' has scale nan, which is not positive and finite (entry 0 of 'scale')
func.func @nan_scale(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{has scale nan, which is not positive and finite}}
  %a = "pt2e.observer"(%x) {name = "nan", spec = #act, scale = array<f32: 0x7FC00000>, zero_point = array<i64: 0>} : (tensor<4xf32>) -> tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

#act = {dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "minmax", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}

// CHECK: error: 'pt2e-convert': observer 'neg' has scale -0.125, which is not positive and finite (entry 0 of 'scale')
func.func @negative_scale(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{has scale -0.125, which is not positive and finite}}
  %a = "pt2e.fake_quant"(%x) {name = "neg", spec = #act, fake_quant_enabled = true, observer_enabled = false, scale = array<f32: -0.125>, zero_point = array<i64: 0>, stats = {min = array<f32: -1.0>, max = array<f32: 1.0>}} : (tensor<4xf32>) -> tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

#w = {ch_axis = 0 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "per_channel_minmax", qscheme = "per_channel_symmetric", quant_max = 127 : i64, quant_min = -127 : i64}

// The checker's reading lets a fake_quant hold torch's single initial entry;
// quantizing with it does not.
// CHECK: error: 'pt2e-convert': observer 'w' has 1 scale for dimension 0 of size 2 (expected 2, one 'scale' and 'zero_point' per channel)
func.func @fake_quant_initial_scale(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{has 1 scale for dimension 0 of size 2 (expected 2, one 'scale' and 'zero_point' per channel)}}
  %a = "pt2e.fake_quant"(%x) {name = "w", spec = #w, fake_quant_enabled = true, observer_enabled = false, scale = array<f32: 1.0>, zero_point = array<i64: 0>, stats = {min = array<f32>, max = array<f32>}} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %a : tensor<2x3xf32>
}

// -----

#w = {ch_axis = 0 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "per_channel_minmax", qscheme = "per_channel_symmetric", quant_max = 127 : i64, quant_min = -127 : i64}

// CHECK: error: 'pt2e-convert': observer 'w' has 'stats' of 3 channels for dimension 0 of size 2 (expected 2, or 0 before the first observation)
func.func @per_channel_stats(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{has 'stats' of 3 channels for dimension 0 of size 2}}
  %a = "pt2e.observer"(%x) {name = "w", spec = #w, scale = array<f32: 0.5, 0.25>, zero_point = array<i64: 0, 0>, stats = {min = array<f32: -1.0, -1.0, -1.0>, max = array<f32: 1.0, 1.0, 1.0>}} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %a : tensor<2x3xf32>
}

// -----

#w = {ch_axis = 0 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "per_channel_minmax", qscheme = "per_channel_symmetric", quant_max = 127 : i64, quant_min = -127 : i64}

// Inside i8, outside the spec's [-127, 127].
// CHECK: error: 'pt2e-convert': observer 'w' has zero point -128 outside [-127, 127], the spec's quant_min and quant_max (entry 1 of 'zero_point')
func.func @zero_point_outside_quant_range(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{has zero point -128 outside [-127, 127], the spec's quant_min and quant_max (entry 1 of 'zero_point')}}
  %a = "pt2e.observer"(%x) {name = "w", spec = #w, scale = array<f32: 0.5, 0.25>, zero_point = array<i64: 0, -128>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %a : tensor<2x3xf32>
}

// -----

#act = {dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "minmax", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}

// An op sharing an instance is checked against its own tensor too.
// CHECK: error: 'pt2e-convert': observer 'activation_post_process_1' has 'stats' of 2 channels, expected 1 for observer 'minmax'
func.func @instance_with_bad_stats(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = "pt2e.observer"(%x) {name = "activation_post_process_0", spec = #act, scale = array<f32: 0.5>, zero_point = array<i64: 0>} : (tensor<4xf32>) -> tensor<4xf32>
  // expected-error@+1 {{has 'stats' of 2 channels, expected 1 for observer 'minmax'}}
  %b = "pt2e.observer"(%a) {name = "activation_post_process_1", instance = "activation_post_process_0", spec = #act, stats = {min = array<f32: 0.0, 0.0>, max = array<f32: 1.0, 1.0>}} : (tensor<4xf32>) -> tensor<4xf32>
  return %b : tensor<4xf32>
}
