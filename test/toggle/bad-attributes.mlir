// pt2e-toggle checks the calibrated attributes of every pt2e.fake_quant
// through the one checker (pt2e_calibrated.h) before changing any switch:
// a malformed 'scale', 'zero_point' or 'stats' fails the pass at that op,
// and no module is printed (the good op before it is not toggled either).
// The specs are not read, so these are the checks without one.
// RUN: %pt2e_opt %s --split-input-file --verify-diagnostics -p 'builtin.module(pt2e-toggle{observer=off})'
// RUN: not %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-toggle{observer=off})' 2>/dev/null | FileCheck %s --allow-empty --check-prefix=NOTHING
// Only the separators between chunks: no chunk's module is printed.
// NOTHING-NOT: {{[a-z]}}
// RUN: not %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-toggle{observer=off})' 2>&1 | FileCheck %s

// CHECK: bad-attributes.mlir:[[@LINE+4]]:8: error: 'pt2e-toggle': observer 'b' needs 'stats' as {min = array<f32>, max = array<f32>} of equal length, with an optional 'histogram' = array<f32>; found 'min' = 0.000000e+00 : f32
func.func @scalar_min(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "pt2e.fake_quant"(%x) {name = "a", spec = {}, observer_enabled = true, fake_quant_enabled = true, scale = array<f32: 1.0>, zero_point = array<i64: 0>} : (tensor<4xf32>) -> tensor<4xf32>
  // expected-error@+1 {{'pt2e-toggle': observer 'b' needs 'stats' as {min = array<f32>, max = array<f32>} of equal length, with an optional 'histogram' = array<f32>; found 'min' = 0.000000e+00 : f32}}
  %1 = "pt2e.fake_quant"(%0) {name = "b", spec = {}, observer_enabled = true, fake_quant_enabled = true, scale = array<f32: 1.0>, zero_point = array<i64: 0>, stats = {min = 0.0 : f32, max = array<f32: 1.0>}} : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

// CHECK: error: 'pt2e-toggle': observer 'a' {{.*}}; found 'min' of 2 and 'max' of 1 elements
func.func @min_max_lengths(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{found 'min' of 2 and 'max' of 1 elements}}
  %0 = "pt2e.fake_quant"(%x) {name = "a", spec = {}, observer_enabled = true, fake_quant_enabled = true, scale = array<f32: 1.0>, zero_point = array<i64: 0>, stats = {min = array<f32: 0.0, 0.0>, max = array<f32: 1.0>}} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK: error: 'pt2e-toggle': observer 'a' has scale nan, which is not positive and finite (entry 1 of 'scale')
func.func @nan_scale(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {
  // expected-error@+1 {{has scale nan, which is not positive and finite (entry 1 of 'scale')}}
  %0 = "pt2e.fake_quant"(%x) {name = "a", spec = {}, observer_enabled = true, fake_quant_enabled = true, scale = array<f32: 1.0, 0x7FC00000>, zero_point = array<i64: 0, 0>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// CHECK: error: 'pt2e-toggle': observer 'a' has scale -1, which is not positive and finite (entry 0 of 'scale')
func.func @negative_scale(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{has scale -1, which is not positive and finite}}
  %0 = "pt2e.fake_quant"(%x) {name = "a", spec = {}, observer_enabled = true, fake_quant_enabled = true, scale = array<f32: -1.0>, zero_point = array<i64: 0>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Without a spec any int32 is a possible zero point; more is none.
// CHECK: error: 'pt2e-toggle': observer 'a' has zero point 4294967296 outside [-2147483648, 2147483647], the range of int32 (entry 0 of 'zero_point')
func.func @zero_point_outside_int32(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{has zero point 4294967296 outside [-2147483648, 2147483647], the range of int32}}
  %0 = "pt2e.fake_quant"(%x) {name = "a", spec = {}, observer_enabled = true, fake_quant_enabled = true, scale = array<f32: 1.0>, zero_point = array<i64: 4294967296>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK: error: 'pt2e-toggle': observer 'a' needs 'stats' as {{.*}}; found "minmax"
func.func @stats_not_a_dictionary(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{found "minmax"}}
  %0 = "pt2e.fake_quant"(%x) {name = "a", spec = {}, observer_enabled = true, fake_quant_enabled = true, scale = array<f32: 1.0>, zero_point = array<i64: 0>, stats = "minmax"} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK: error: 'pt2e-toggle': observer 'a' has 'stats' histogram bin 0 = inf, expected a finite count >= 0
func.func @infinite_bin(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{has 'stats' histogram bin 0 = inf, expected a finite count >= 0}}
  %0 = "pt2e.fake_quant"(%x) {name = "a", spec = {}, observer_enabled = true, fake_quant_enabled = true, scale = array<f32: 1.0>, zero_point = array<i64: 0>, stats = {min = array<f32: 0.0>, max = array<f32: 1.0>, histogram = array<f32: 0x7F800000>}} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// The empty zero_point of the issue: the dialect's verifier sees it first.
// CHECK: error: 'pt2e.fake_quant' expects as many zero points as scales (at least one), got 1 scales and 0 zero points
func.func @empty_zero_point(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'pt2e.fake_quant' expects as many zero points as scales (at least one), got 1 scales and 0 zero points}}
  %0 = "pt2e.fake_quant"(%x) {name = "a", spec = {}, observer_enabled = true, fake_quant_enabled = true, scale = array<f32: 1.0>, zero_point = array<i64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
