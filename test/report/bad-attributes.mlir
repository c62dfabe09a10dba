// pt2e-report reads calibrated attributes through the one checker
// (pt2e_calibrated.h): each malformed 'scale', 'zero_point' or 'stats' is an
// error at its op, and nothing is printed, in any format or to a file.
// The first three cases are the reproducers of issue 11 (a segfault in the
// zero point lookup, a segfault in the clipped-share computation, heap
// memory printed past the array with format=qparams).
// RUN: %pt2e_opt %s --split-input-file --verify-diagnostics -p 'builtin.module(pt2e-report)' -o /dev/null
// RUN: %pt2e_opt %s --split-input-file --verify-diagnostics -p 'builtin.module(pt2e-report{format=qparams})' -o /dev/null
// RUN: not %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-report)' -o /dev/null 2>/dev/null | count 0
// RUN: not %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-report{format=qparams})' -o /dev/null 2>/dev/null | count 0
// RUN: %pt2e_opt %s --split-input-file --verify-diagnostics -p 'builtin.module(pt2e-report{format=json})' -o /dev/null
// RUN: not %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-report{format=json})' -o /dev/null 2>/dev/null | count 0
// RUN: rm -f %t.txt
// RUN: not %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-report{output=%t.txt})' -o /dev/null 2>/dev/null
// RUN: not test -e %t.txt
// An existing report file is kept as it was (reports are written through a
// temporary file that replaces it only when the report is whole).
// RUN: echo "old report" > %t.txt
// RUN: not %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-report{output=%t.txt})' -o /dev/null 2>/dev/null
// RUN: grep -qx "old report" %t.txt
// RUN: not %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-report{format=json output=%t.txt})' -o /dev/null 2>/dev/null
// RUN: grep -qx "old report" %t.txt
// The message in full, at the op's location.
// RUN: not %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-report)' -o /dev/null 2>&1 | FileCheck %s

#act = {dtype = i8, observer = "minmax"}
#hist = {dtype = i8, observer = "histogram", bins = 4}
#pc = {dtype = i8, observer = "per_channel_minmax", qscheme = "per_channel_symmetric", ch_axis = 1, quant_min = -127, quant_max = 127}

// CHECK: bad-attributes.mlir:[[@LINE+3]]:8: error: 'pt2e-report': observer 'empty_zp' needs 'scale' as array<f32> and 'zero_point' as array<i64> of equal, non-zero length; found 'scale' of 1 and 'zero_point' of 0 elements
func.func @empty_zero_point(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'pt2e-report': observer 'empty_zp' needs 'scale' as array<f32> and 'zero_point' as array<i64> of equal, non-zero length; found 'scale' of 1 and 'zero_point' of 0 elements}}
  %0 = "pt2e.observer"(%x) {name = "empty_zp", spec = #act, scale = array<f32: 0.5>, zero_point = array<i64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

#hist = {dtype = i8, observer = "histogram", bins = 4}

// CHECK: error: 'pt2e-report': observer 'scalar_min' needs 'stats' as {min = array<f32>, max = array<f32>} of equal length, with an optional 'histogram' = array<f32>; found 'min' = 0.000000e+00 : f32
func.func @scalar_min(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{found 'min' = 0.000000e+00 : f32}}
  %0 = "pt2e.observer"(%x) {name = "scalar_min", spec = #hist, scale = array<f32: 0.0078125>, zero_point = array<i64: -128>,
         stats = {min = 0.0 : f32, max = array<f32: 4.0>, histogram = array<f32: 1.0, 1.0, 1.0, 1.0>}} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

#pc = {dtype = i8, observer = "per_channel_minmax", qscheme = "per_channel_symmetric", ch_axis = 1, quant_min = -127, quant_max = 127}

// CHECK: error: 'pt2e-report': observer 'short_zp' {{.*}}; found 'scale' of 3 and 'zero_point' of 1 elements
func.func @zero_point_shorter_than_scale(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{found 'scale' of 3 and 'zero_point' of 1 elements}}
  %0 = "pt2e.observer"(%x) {name = "short_zp", spec = #pc, scale = array<f32: 0.5, 0.25, 0.125>, zero_point = array<i64: 0>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

#pc = {dtype = i8, observer = "per_channel_minmax", qscheme = "per_channel_symmetric", ch_axis = 1, quant_min = -127, quant_max = 127}

// CHECK: error: 'pt2e-report': observer 'channels' has 2 scales for dimension 1 of size 3 (expected 3, one 'scale' and 'zero_point' per channel)
func.func @per_channel_count(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{observer 'channels' has 2 scales for dimension 1 of size 3}}
  %0 = "pt2e.observer"(%x) {name = "channels", spec = #pc, scale = array<f32: 0.5, 0.25>, zero_point = array<i64: 0, 0>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

#act = {dtype = i8, observer = "minmax"}

// CHECK: error: 'pt2e-report': observer 'two_scales' has 2 scales but a per-tensor qscheme (expected 1 'scale' and 'zero_point')
func.func @per_tensor_count(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{has 2 scales but a per-tensor qscheme}}
  %0 = "pt2e.observer"(%x) {name = "two_scales", spec = #act, scale = array<f32: 0.5, 0.5>, zero_point = array<i64: 0, 0>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

#act = {dtype = i8, observer = "minmax"}

// CHECK: error: 'pt2e-report': observer 'minmax_lengths' {{.*}}; found 'min' of 2 and 'max' of 1 elements
func.func @min_max_lengths(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{found 'min' of 2 and 'max' of 1 elements}}
  %0 = "pt2e.observer"(%x) {name = "minmax_lengths", spec = #act, stats = {min = array<f32: 0.0, 1.0>, max = array<f32: 4.0>}} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

#hist = {dtype = i8, observer = "histogram", bins = 4}

// CHECK: error: 'pt2e-report': observer 'bins' has 'stats' histogram of 3 bins, expected the spec's 4
func.func @histogram_length(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{has 'stats' histogram of 3 bins, expected the spec's 4}}
  %0 = "pt2e.observer"(%x) {name = "bins", spec = #hist, scale = array<f32: 0.0078125>, zero_point = array<i64: -128>,
         stats = {min = array<f32: 0.0>, max = array<f32: 4.0>, histogram = array<f32: 1.0, 1.0, 1.0>}} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

#hist = {dtype = i8, observer = "histogram", bins = 4}

// CHECK: error: 'pt2e-report': observer 'no_hist' has 'stats' without 'histogram', which observer 'histogram' keeps (4 bins)
func.func @histogram_missing(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{has 'stats' without 'histogram', which observer 'histogram' keeps (4 bins)}}
  %0 = "pt2e.observer"(%x) {name = "no_hist", spec = #hist, stats = {min = array<f32: 0.0>, max = array<f32: 4.0>}} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

#hist = {dtype = i8, observer = "histogram", bins = 4}

// CHECK: error: 'pt2e-report': observer 'neg_bin' has 'stats' histogram bin 2 = -1, expected a finite count >= 0
func.func @histogram_negative_bin(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{has 'stats' histogram bin 2 = -1, expected a finite count >= 0}}
  %0 = "pt2e.observer"(%x) {name = "neg_bin", spec = #hist, stats = {min = array<f32: 0.0>, max = array<f32: 4.0>, histogram = array<f32: 1.0, 1.0, -1.0, 1.0>}} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

#act = {dtype = i8, observer = "minmax"}

// CHECK: error: 'pt2e-report': observer 'nan' has scale nan, which is not positive and finite (entry 0 of 'scale')
func.func @nan_scale(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{has scale nan, which is not positive and finite (entry 0 of 'scale')}}
  %0 = "pt2e.observer"(%x) {name = "nan", spec = #act, scale = array<f32: 0x7FC00000>, zero_point = array<i64: 0>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

#act = {dtype = i8, observer = "minmax"}

// CHECK: error: 'pt2e-report': observer 'negative' has scale -0.5, which is not positive and finite
func.func @negative_scale(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{has scale -0.5, which is not positive and finite}}
  %0 = "pt2e.observer"(%x) {name = "negative", spec = #act, scale = array<f32: -0.5>, zero_point = array<i64: 0>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

#act = {dtype = i8, observer = "minmax"}

// CHECK: error: 'pt2e-report': observer 'zp_range' has zero point 300 outside [-128, 127], the range of i8 (entry 0 of 'zero_point')
func.func @zero_point_outside_dtype(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{has zero point 300 outside [-128, 127], the range of i8}}
  %0 = "pt2e.observer"(%x) {name = "zp_range", spec = #act, scale = array<f32: 0.5>, zero_point = array<i64: 300>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

#act = {dtype = i8, observer = "minmax"}

// CHECK: error: 'pt2e-report': observer 'no_zp' needs {{.*}}; found 'scale' but no 'zero_point'
func.func @scale_without_zero_point(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{found 'scale' but no 'zero_point'}}
  %0 = "pt2e.observer"(%x) {name = "no_zp", spec = #act, scale = array<f32: 0.5>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

#act = {dtype = i8, observer = "minmax"}

// CHECK: error: 'pt2e-report': observer 'stats_array' needs 'stats' as {{.*}}; found array<f32: 0.000000e+00, 4.000000e+00>
func.func @stats_not_a_dictionary(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{found array<f32: 0.000000e+00, 4.000000e+00>}}
  %0 = "pt2e.observer"(%x) {name = "stats_array", spec = #act, stats = array<f32: 0.0, 4.0>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

#act = {dtype = i8, observer = "minmax"}

// CHECK: error: 'pt2e-report': observer 'typo' has 'stats' entry 'maximum', expected only 'min', 'max', 'histogram', 'counts', 'edges' and 'channel_bins'
func.func @stats_unknown_entry(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{has 'stats' entry 'maximum', expected only 'min', 'max', 'histogram', 'counts', 'edges' and 'channel_bins'}}
  %0 = "pt2e.observer"(%x) {name = "typo", spec = #act, stats = {min = array<f32: 0.0>, max = array<f32: 4.0>, maximum = array<f32: 4.0>}} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

#pc = {dtype = i8, observer = "per_channel_minmax", qscheme = "per_channel_symmetric", ch_axis = 1, quant_min = -127, quant_max = 127}

// CHECK: error: 'pt2e-report': observer 'pc_stats' has 'stats' of 2 channels for dimension 1 of size 3 (expected 3, or 0 before the first observation)
func.func @per_channel_stats(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{has 'stats' of 2 channels for dimension 1 of size 3}}
  %0 = "pt2e.observer"(%x) {name = "pc_stats", spec = #pc, stats = {min = array<f32: 0.0, 0.0>, max = array<f32: 1.0, 1.0>}} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

#act = {dtype = i8, observer = "minmax"}

// CHECK: error: 'pt2e-report': observer 'extra_hist' has a 'stats' histogram, which observer 'minmax' does not keep
func.func @histogram_on_minmax(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{has a 'stats' histogram, which observer 'minmax' does not keep}}
  %0 = "pt2e.observer"(%x) {name = "extra_hist", spec = #act, stats = {min = array<f32: 0.0>, max = array<f32: 4.0>, histogram = array<f32: 1.0>}} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// A fake_quant's arrays are also checked by the dialect's verifier first.
// CHECK: error: 'pt2e.fake_quant' expects as many zero points as scales (at least one), got 1 scales and 0 zero points
func.func @fake_quant_empty_zero_point(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'pt2e.fake_quant' expects as many zero points as scales (at least one), got 1 scales and 0 zero points}}
  %0 = "pt2e.fake_quant"(%x) {name = "fq", spec = {dtype = i8, observer = "minmax"}, observer_enabled = true, fake_quant_enabled = true, scale = array<f32: 1.0>, zero_point = array<i64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK: error: spec: missing 'observer' (or 'shared', 'derived_from', 'fixed')
func.func @bad_spec(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{spec: missing 'observer'}}
  %0 = "pt2e.observer"(%x) {name = "bad_spec", spec = {dtype = i8}, scale = array<f32: 0.5>, zero_point = array<i64: 0>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
