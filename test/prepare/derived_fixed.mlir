// Derived and fixed specs: their ops carry the derivation (the names of the
// source observers) or the fixed values in 'spec', and no statistics; the
// convert pass finishes them.
// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-prepare)' | FileCheck %s
// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-prepare{qat=true})' | FileCheck %s --check-prefix=QAT

#act = {observer = "histogram", dtype = i8, eps = 2.44140625e-4 : f32}
#w = {observer = "per_channel_minmax", dtype = i8, quant_min = -127, quant_max = 127, qscheme = "per_channel_symmetric", eps = 2.44140625e-4 : f32}
#bias = {derived_from = [{operand = 0}, {operand = 1}], dtype = i32, qscheme = "per_channel_symmetric", ch_axis = 0}

// A conv whose bias scale is input scale x weight scale. In QAT the
// derived op stays a pt2e.observer: torchao's DerivedObserverOrFakeQuantize
// is an identity in both modes.
// CHECK-LABEL: func.func @derived_bias
// CHECK: %[[B:.*]] = "tosa.const"() <{values = dense<1.000000e-01> : tensor<8xf32>}>
// CHECK-NEXT: %[[OB:.*]] = "pt2e.observer"(%[[B]]) {name = "activation_post_process_2", spec = {ch_axis = 0 : i64, derive = "mul_scales", derived_from = ["activation_post_process_0", "activation_post_process_1"], dtype = i32, is_dynamic = false, qscheme = "per_channel_symmetric", quant_max = 2147483647 : i64, quant_min = -2147483648 : i64}}
// CHECK: tosa.conv2d %{{.*}}, %{{.*}}, %[[OB]],
// QAT-LABEL: func.func @derived_bias
// QAT: "pt2e.fake_quant"({{.*}}name = "activation_post_process_0"
// QAT: "pt2e.fake_quant"({{.*}}name = "activation_post_process_1"
// QAT: "pt2e.observer"({{.*}}name = "activation_post_process_2", spec = {{{.*}}derived_from
func.func @derived_bias(%x: tensor<1x4x4x3xf32>) -> tensor<1x2x2x8xf32> {
  %w = "tosa.const"() <{values = dense<0.5> : tensor<8x3x3x3xf32>}> : () -> tensor<8x3x3x3xf32>
  %b = "tosa.const"() <{values = dense<0.1> : tensor<8xf32>}> : () -> tensor<8xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %c = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>,
      pt2e.annotation = {inputs = [#act, #w, #bias]}}
      : (tensor<1x4x4x3xf32>, tensor<8x3x3x3xf32>, tensor<8xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x2x2x8xf32>
  return %c : tensor<1x2x2x8xf32>
}

// -----

#sig = {fixed = {scale = 0.00390625 : f32, zero_point = -128}, dtype = i8}

// A sigmoid output with fixed qparams 1/256, -128. A consumer edge with
// the same fixed spec shares its observer (fixed specs compare by dtype,
// range, qscheme, scale and zero point). In QAT it becomes a fake_quant
// that starts from the fixed values, like FixedQParamsFakeQuantize.
// CHECK-LABEL: func.func @fixed_sigmoid
// CHECK: %[[S:.*]] = tosa.sigmoid
// CHECK-NEXT: %[[OS:.*]] = "pt2e.observer"(%[[S]]) {name = "activation_post_process_0", spec = {dtype = i8, fixed = {scale = 3.906250e-03 : f32, zero_point = -128 : i64}, is_dynamic = false, qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}}
// CHECK: tosa.negate %[[OS]]
// CHECK-NOT: pt2e.observer
// QAT-LABEL: func.func @fixed_sigmoid
// QAT: "pt2e.fake_quant"(%{{.*}}) {fake_quant_enabled = true, name = "activation_post_process_0", observer_enabled = true, scale = array<f32: 3.906250e-03>, spec = {{{.*}}fixed{{.*}}}, zero_point = array<i64: -128>}
func.func @fixed_sigmoid(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = tosa.sigmoid %x {pt2e.annotation = {output = #sig}} : (tensor<4xf32>) -> tensor<4xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %1 = tosa.negate %0, %zp, %zp {pt2e.annotation = {inputs = [#sig]}} : (tensor<4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
