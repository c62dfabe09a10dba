// Every error of pt2e-lower-quant, at the op.
//
// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-lower-quant)' --verify-diagnostics

func.func @unranked(%x: tensor<*xf32>) -> tensor<*x!quant.uniform<i8:f32, 0.5>> {
  // expected-error@+1 {{'pt2e-lower-quant': 'quant.qcast' is lowered on scalars and ranked tensors only}}
  %q = quant.qcast %x : tensor<*xf32> to tensor<*x!quant.uniform<i8:f32, 0.5>>
  return %q : tensor<*x!quant.uniform<i8:f32, 0.5>>
}

// -----

func.func @f16(%x: tensor<4xf16>) -> tensor<4x!quant.uniform<i8:f16, 0.5>> {
  // expected-error@+1 {{'pt2e-lower-quant': 'quant.qcast' is lowered with f32 as the expressed type only, as PyTorch's quantize ops take}}
  %q = quant.qcast %x : tensor<4xf16> to tensor<4x!quant.uniform<i8:f16, 0.5>>
  return %q : tensor<4x!quant.uniform<i8:f16, 0.5>>
}

// -----

func.func @i2(%q: tensor<4x!quant.uniform<i2:f32, 0.5>>) -> tensor<4xf32> {
  // expected-error@+1 {{'pt2e-lower-quant': 'quant.dcast' is lowered for 4-, 8-, 16- and 32-bit storage only}}
  %y = quant.dcast %q : tensor<4x!quant.uniform<i2:f32, 0.5>> to tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

func.func @rank_17(%x: tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>) -> tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x!quant.uniform<i8:f32, 0.5>> {
  // expected-error@+1 {{'pt2e-lower-quant': 'quant.qcast' is lowered on tensors of rank at most 16 only}}
  %q = quant.qcast %x : tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32> to tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x!quant.uniform<i8:f32, 0.5>>
  return %q : tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x!quant.uniform<i8:f32, 0.5>>
}

// -----

func.func @any_type(%x: tensor<4xf32>) -> tensor<4x!quant.any<i8:f32>> {
  // expected-error@+1 {{'pt2e-lower-quant': 'quant.qcast' is lowered for !quant.uniform types (per tensor, per axis or sub-channel) only}}
  %q = quant.qcast %x : tensor<4xf32> to tensor<4x!quant.any<i8:f32>>
  return %q : tensor<4x!quant.any<i8:f32>>
}
