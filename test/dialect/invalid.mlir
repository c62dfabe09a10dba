// The IRDL verifier rejects malformed pt2e ops with a message at the op.
// RUN: %pt2e_opt %s --split-input-file --verify-diagnostics

func.func @result_type_differs(%x: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error@+1 {{expected 'tensor<4xf32>' but got 'tensor<5xf32>'}}
  %0 = "pt2e.observer"(%x) {name = "a", spec = {}} : (tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @missing_name(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{attribute "name" is expected but not provided}}
  %0 = "pt2e.observer"(%x) {spec = {}} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @spec_not_a_dictionary(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{expected base attribute 'builtin.dictionary' but got 'builtin.string'}}
  %0 = "pt2e.observer"(%x) {name = "a", spec = "minmax"} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @not_a_tensor(%x: f32) -> f32 {
  // expected-error@+1 {{expected base type 'builtin.tensor' but got 'builtin.f32'}}
  %0 = "pt2e.observer"(%x) {name = "a", spec = {}} : (f32) -> f32
  return %0 : f32
}

// -----

func.func @two_operands(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{op expects exactly 1 operands, but got 2}}
  %0 = "pt2e.observer"(%x, %x) {name = "a", spec = {}} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @switch_not_bool(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'1 : i64' does not satisfy the constraint}}
  %0 = "pt2e.fake_quant"(%x) {name = "a", spec = {}, observer_enabled = 1, fake_quant_enabled = true, scale = array<f32: 1.0>, zero_point = array<i64: 0>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
