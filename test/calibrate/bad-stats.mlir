// pt2e-calibrate continues from the 'stats' (and a fake_quant's 'scale' /
// 'zero_point') on each op; it reads them through the one checker
// (pt2e_calibrated.h), so malformed ones are an error at the op before the
// first batch, and nothing is written back.
// RUN: %pt2e_opt %s --split-input-file --verify-diagnostics -p 'builtin.module(pt2e-calibrate{random-batches=1})'
// RUN: not %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-calibrate{random-batches=1})' 2>/dev/null | FileCheck %s --allow-empty --check-prefix=NOTHING
// Only the separators between chunks: no chunk's module is printed.
// NOTHING-NOT: {{[a-z]}}

func.func @scalar_min(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{observer 'a' needs 'stats' as {min = array<f32>, max = array<f32>} of equal length, with an optional 'histogram' = array<f32>; found 'min' = 0.000000e+00 : f32}}
  %0 = "pt2e.observer"(%x) {name = "a", spec = {dtype = i8, observer = "minmax"}, stats = {min = 0.0 : f32, max = array<f32: 1.0>}} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @min_max_lengths(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{found 'min' of 3 and 'max' of 2 elements}}
  %0 = "pt2e.observer"(%x) {name = "a", spec = {dtype = i8, observer = "per_channel_minmax", qscheme = "per_channel_symmetric", ch_axis = 1}, stats = {min = array<f32: 0.0, 0.0, 0.0>, max = array<f32: 1.0, 1.0>}} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @per_channel_stats(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{observer 'a' has 'stats' of 2 channels for dimension 1 of size 3 (expected 3, or 0 before the first observation)}}
  %0 = "pt2e.observer"(%x) {name = "a", spec = {dtype = i8, observer = "per_channel_minmax", qscheme = "per_channel_symmetric", ch_axis = 1}, stats = {min = array<f32: 0.0, 0.0>, max = array<f32: 1.0, 1.0>}} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @histogram_length(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{observer 'h' has 'stats' histogram of 3 bins, expected the spec's 8}}
  %0 = "pt2e.observer"(%x) {name = "h", spec = {dtype = i8, observer = "histogram", bins = 8}, stats = {min = array<f32: 0.0>, max = array<f32: 1.0>, histogram = array<f32: 1.0, 2.0, 3.0>}} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @fake_quant_channels(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{observer 'w' has 2 scales for dimension 1 of size 3 (expected 3, one 'scale' and 'zero_point' per channel, or torch's initial 1)}}
  %0 = "pt2e.fake_quant"(%x) {name = "w", spec = {dtype = i8, observer = "per_channel_minmax", qscheme = "per_channel_symmetric", ch_axis = 1}, observer_enabled = true, fake_quant_enabled = true, scale = array<f32: 1.0, 1.0>, zero_point = array<i64: 0, 0>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// The frozen fake_quant (observer off) would quantize with this zero point,
// which no int8 holds.
func.func @fake_quant_zero_point(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{observer 'a' has zero point -9223372036854775808 outside [-128, 127], the range of i8 (entry 0 of 'zero_point')}}
  %0 = "pt2e.fake_quant"(%x) {name = "a", spec = {dtype = i8, observer = "minmax"}, observer_enabled = false, fake_quant_enabled = true, scale = array<f32: 1.0>, zero_point = array<i64: -9223372036854775808>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
