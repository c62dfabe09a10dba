// The 'counts' / 'edges' statistics of the ONNX Runtime kinds (percentile,
// entropy, distribution) are checked like every other statistic: malformed
// ones are an error at the op before the first batch.
// RUN: %pt2e_opt %s --split-input-file --verify-diagnostics -p 'builtin.module(pt2e-calibrate{random-batches=1})'

func.func @counts_without_edges(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{observer 'a' has 'stats' 'counts' and 'edges', expected both: array<i64> of N > 0 counts and array<f32> of N + 1 edges}}
  %0 = "pt2e.observer"(%x) {name = "a", spec = {dtype = i8, observer = "entropy"}, stats = {min = array<f32: -1.0>, max = array<f32: 1.0>, counts = array<i64: 1, 2>}} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @negative_count(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{observer 'a' has 'stats' count 1 = -2, expected a count >= 0}}
  %0 = "pt2e.observer"(%x) {name = "a", spec = {dtype = i8, observer = "entropy"}, stats = {min = array<f32: -1.0>, max = array<f32: 1.0>, counts = array<i64: 1, -2>, edges = array<f32: -1.0, 0.0, 1.0>}} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @decreasing_edges(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{observer 'a' has 'stats' edge 2 = -1, expected finite edges that do not decrease}}
  %0 = "pt2e.observer"(%x) {name = "a", spec = {dtype = i8, observer = "percentile"}, stats = {min = array<f32: -1.0>, max = array<f32: 1.0>, counts = array<i64: 1, 2>, edges = array<f32: -1.0, 0.0, -1.0>}} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @counts_on_minmax(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{observer 'a' has 'stats' 'counts' and 'edges', which observer 'minmax' does not keep}}
  %0 = "pt2e.observer"(%x) {name = "a", spec = {dtype = i8, observer = "minmax"}, stats = {min = array<f32: -1.0>, max = array<f32: 1.0>, counts = array<i64: 1, 2>, edges = array<f32: -1.0, 0.0, 1.0>}} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @min_max_without_histogram(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{observer 'a' has 'stats' min/max and 'counts'/'edges' that disagree (a histogram exactly when min and max are finite)}}
  %0 = "pt2e.observer"(%x) {name = "a", spec = {dtype = i8, observer = "distribution"}, stats = {min = array<f32: -1.0>, max = array<f32: 1.0>}} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @bad_percentile(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'percentile' must be in [0, 100], got 101}}
  %0 = "pt2e.observer"(%x) {name = "a", spec = {dtype = i8, observer = "percentile", percentile = 101.0}} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @percentile_param_on_entropy(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'symmetric' is not a parameter of observer 'entropy'}}
  %0 = "pt2e.observer"(%x) {name = "a", spec = {dtype = i8, observer = "entropy", symmetric = true}} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @distribution_bins(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'bins' of observer 'distribution' must be at least 512 (ONNX Runtime's compute_distribution), got 128}}
  %0 = "pt2e.observer"(%x) {name = "a", spec = {dtype = i8, observer = "distribution", bins = 128}} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
