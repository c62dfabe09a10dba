// pt2e-toggle verifies every pt2e.fake_quant before changing any: one bad op
// fails the pass at that op's location and nothing is printed.
// RUN: %pt2e_opt %s --split-input-file --verify-diagnostics -p 'builtin.module(pt2e-toggle{observer=off})'
// RUN: not %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-toggle{observer=off})' 2>/dev/null | FileCheck %s --allow-empty --check-prefix=NOTHING
// NOTHING-NOT: pt2e.fake_quant

func.func @integer_tensor(%x: tensor<4xf32>, %i: tensor<4xi8>) -> tensor<4xi8> {
  %0 = "pt2e.fake_quant"(%x) {name = "ok", spec = {}, observer_enabled = true, fake_quant_enabled = true, scale = array<f32: 1.0>, zero_point = array<i64: 0>} : (tensor<4xf32>) -> tensor<4xf32>
  // expected-error@+1 {{'pt2e.fake_quant' expects a ranked tensor of floats}}
  %1 = "pt2e.fake_quant"(%i) {name = "bad", spec = {}, observer_enabled = true, fake_quant_enabled = true, scale = array<f32: 1.0>, zero_point = array<i64: 0>} : (tensor<4xi8>) -> tensor<4xi8>
  return %1 : tensor<4xi8>
}

// -----

func.func @scale_count_mismatch(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'pt2e.fake_quant' expects as many zero points as scales (at least one), got 2 scales and 1 zero points}}
  %0 = "pt2e.fake_quant"(%x) {name = "a", spec = {}, observer_enabled = true, fake_quant_enabled = true, scale = array<f32: 1.0, 2.0>, zero_point = array<i64: 0>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @scale_not_f32(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'pt2e.fake_quant' expects 'scale' as array<f32: ...>}}
  %0 = "pt2e.fake_quant"(%x) {name = "a", spec = {}, observer_enabled = true, fake_quant_enabled = true, scale = array<f64: 1.0>, zero_point = array<i64: 0>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @empty_name(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'pt2e.fake_quant' needs a non-empty string 'name'}}
  %0 = "pt2e.fake_quant"(%x) {name = "", spec = {}, observer_enabled = true, fake_quant_enabled = true, scale = array<f32: 1.0>, zero_point = array<i64: 0>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
