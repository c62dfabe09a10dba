// pt2e-convert: where qcast / dcast go, their types, weight folding with
// values worked out by hand, derived bias, fixed specs, fake-quant ops,
// shared instances, and the two options.
//
// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-convert)' | FileCheck %s
// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-convert{fold-weights=false})' | FileCheck %s --check-prefix=NOFOLD
// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-convert)' | FileCheck %s --check-prefix=NOPT2E
// NOPT2E-NOT: pt2e.observer
// NOPT2E-NOT: pt2e.fake_quant

#act = {dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "minmax", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}
#u8 = {dtype = ui8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "minmax", qscheme = "per_tensor_affine", quant_max = 255 : i64, quant_min = 0 : i64}

// Per tensor: the observer becomes qcast -> dcast in its place, and every
// user of the observer reads the dcast. Storage and range follow the spec.
// CHECK-LABEL: func.func @per_tensor
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK-NEXT: %[[Q:.*]] = quant.qcast %[[X]] {pt2e.name = "{{[a-z_0-9]+}}"} : tensor<4xf32> to tensor<4x!quant.uniform<i8:f32, 5.000000e-01:3>>
// CHECK-NEXT: %[[D:.*]] = quant.dcast %[[Q]] : tensor<4x!quant.uniform<i8:f32, 5.000000e-01:3>> to tensor<4xf32>
// CHECK-NEXT: %[[N:.*]] = arith.negf %[[D]]
// CHECK-NEXT: %[[Q2:.*]] = quant.qcast %[[N]] {pt2e.name = "{{[a-z_0-9]+}}"} : tensor<4xf32> to tensor<4x!quant.uniform<u8:f32, 2.500000e-01:128>>
// CHECK-NEXT: %[[D2:.*]] = quant.dcast %[[Q2]]
// CHECK-NEXT: %[[A:.*]] = arith.addf %[[D2]], %[[D2]]
// CHECK-NEXT: return %[[A]]
func.func @per_tensor(%x: tensor<4xf32>) -> tensor<4xf32> {
  %o = "pt2e.observer"(%x) {name = "activation_post_process_0", spec = #act, scale = array<f32: 0.5>, zero_point = array<i64: 3>} : (tensor<4xf32>) -> tensor<4xf32>
  %n = arith.negf %o : tensor<4xf32>
  %o1 = "pt2e.observer"(%n) {name = "activation_post_process_1", spec = #u8, scale = array<f32: 0.25>, zero_point = array<i64: 128>} : (tensor<4xf32>) -> tensor<4xf32>
  %a = arith.addf %o1, %o1 : tensor<4xf32>
  return %a : tensor<4xf32>
}

// A function without pt2e ops is left alone.
// CHECK-LABEL: func.func @untouched
// CHECK-NEXT: arith.negf
// CHECK-NEXT: return
func.func @untouched(%x: tensor<4xf32>) -> tensor<4xf32> {
  %n = arith.negf %x : tensor<4xf32>
  return %n : tensor<4xf32>
}

// -----

#w = {ch_axis = 0 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "per_channel_minmax", qscheme = "per_channel_symmetric", quant_max = 127 : i64, quant_min = -127 : i64}

// Per channel, on a constant: folded into an int8 constant. By hand, with
// channel 0 scale 0.25 and channel 1 scale 2^-7 (exact reciprocals 4, 128):
//   row 0:  0.5*4 = 2, -0.25*4 = -1, 0.375*4 = 1.5 -> 2 (tie, even),
//           -0.625*4 = -2.5 -> -2 (tie, even)
//   row 1:  1.0*128 = 128 -> 127 (clamped), f32(0.3)*128 = 38.4000015 -> 38,
//           0.01171875*128 = 1.5 -> 2, -2.0*128 = -256 -> -127 (narrow range)
// The float constant is gone; the conv reads the dcast.
// CHECK-LABEL: func.func @weight
// CHECK-NOT: dense<5.000000e-01
// CHECK: %[[K:.*]] = arith.constant dense<{{\[}}[2, -1, 2, -2], [127, 38, 2, -127]]> : tensor<2x4xi8>
// CHECK-NEXT: %[[S:.*]] = quant.scast %[[K]] {pt2e.name = "{{[a-z_0-9]+}}"} : tensor<2x4xi8> to tensor<2x4x!quant.uniform<i8<-127:127>:f32:0, {2.500000e-01,7.812500e-03}>>
// CHECK-NEXT: %[[D:.*]] = quant.dcast %[[S]] : tensor<2x4x!quant.uniform<i8<-127:127>:f32:0, {2.500000e-01,7.812500e-03}>> to tensor<2x4xf32>
// CHECK-NEXT: arith.mulf %{{.*}}, %[[D]]
// NOFOLD-LABEL: func.func @weight
// NOFOLD: %[[W:.*]] = arith.constant dense<{{\[}}[5.000000e-01
// NOFOLD-NEXT: %[[Q:.*]] = quant.qcast %[[W]] {pt2e.name = "{{[a-z_0-9]+}}"} : tensor<2x4xf32> to tensor<2x4x!quant.uniform<i8<-127:127>:f32:0, {2.500000e-01,7.812500e-03}>>
// NOFOLD-NEXT: quant.dcast %[[Q]]
func.func @weight(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %w = arith.constant dense<[[0.5, -0.25, 0.375, -0.625], [1.0, 0.3, 0.01171875, -2.0]]> : tensor<2x4xf32>
  %o = "pt2e.observer"(%w) {name = "activation_post_process_0", spec = #w, scale = array<f32: 0.25, 0.0078125>, zero_point = array<i64: 0, 0>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %m = arith.mulf %x, %o : tensor<2x4xf32>
  return %m : tensor<2x4xf32>
}

// -----

// A tosa.const weight folds into a tosa.const of int8 (ch_axis 1 here).
// By hand: column 0 scale 0.5: 1.0 -> 2, -1.25 -> -2.5 -> -2;
//          column 1 scale 0.25: 0.625 -> 2.5 -> 2, 0.875 -> 3.5 -> 4.
// CHECK-LABEL: func.func @tosa_weight
// CHECK: %[[K:.*]] = "tosa.const"() <{values = dense<{{\[}}[2, 2], [-2, 4]]> : tensor<2x2xi8>}>
// CHECK-NEXT: %[[S:.*]] = quant.scast %[[K]] {pt2e.name = "{{[a-z_0-9]+}}"} : tensor<2x2xi8> to tensor<2x2x!quant.uniform<i8<-127:127>:f32:1, {5.000000e-01,2.500000e-01}>>
// CHECK-NEXT: quant.dcast %[[S]]
func.func @tosa_weight(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %w = "tosa.const"() <{values = dense<[[1.0, 0.625], [-1.25, 0.875]]> : tensor<2x2xf32>}> : () -> tensor<2x2xf32>
  %o = "pt2e.observer"(%w) {name = "activation_post_process_0", spec = {ch_axis = 1 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "per_channel_minmax", qscheme = "per_channel_symmetric", quant_max = 127 : i64, quant_min = -127 : i64}, scale = array<f32: 0.5, 0.25>, zero_point = array<i64: 0, 0>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %m = tosa.add %x, %o : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  return %m : tensor<2x2xf32>
}

// -----

#act = {dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "minmax", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}
#w = {ch_axis = 0 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "per_channel_minmax", qscheme = "per_channel_symmetric", quant_max = 127 : i64, quant_min = -127 : i64}
#bias = {ch_axis = 0 : i64, derive = "mul_scales", derived_from = ["activation_post_process_0", "activation_post_process_1"], dtype = i32, is_dynamic = false, qscheme = "per_channel_symmetric", quant_max = 2147483647 : i64, quant_min = -2147483648 : i64}

// A derived int32 bias: scale = input scale * weight scale per channel
// (0.5 * 0.25 = 0.125, 0.5 * 0.125 = 0.0625), zero point 0; folded by hand:
// 1.0 / 0.125 = 8, f32(-0.3) * 16 = -4.80000019 -> -5.
// CHECK-LABEL: func.func @derived_bias
// CHECK: arith.constant dense<[8, -5]> : tensor<2xi32>
// CHECK-NEXT: quant.scast %{{.*}} {pt2e.name = "{{[a-z_0-9]+}}"} : tensor<2xi32> to tensor<2x!quant.uniform<i32:f32:0, {1.250000e-01,6.250000e-02}>>
// NOFOLD-LABEL: func.func @derived_bias
// NOFOLD: quant.qcast %{{.*}} {pt2e.name = "{{[a-z_0-9]+}}"} : tensor<2xf32> to tensor<2x!quant.uniform<i32:f32:0, {1.250000e-01,6.250000e-02}>>
func.func @derived_bias(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %ox = "pt2e.observer"(%x) {name = "activation_post_process_0", spec = #act, scale = array<f32: 0.5>, zero_point = array<i64: 0>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %w = arith.constant dense<0.5> : tensor<2x3xf32>
  %ow = "pt2e.observer"(%w) {name = "activation_post_process_1", spec = #w, scale = array<f32: 0.25, 0.125>, zero_point = array<i64: 0, 0>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %b = arith.constant dense<[1.0, -0.3]> : tensor<2xf32>
  %ob = "pt2e.observer"(%b) {name = "activation_post_process_2", spec = #bias} : (tensor<2xf32>) -> tensor<2xf32>
  %m = arith.mulf %ox, %ow : tensor<2x3xf32>
  %bb = tensor.empty() : tensor<2x3xf32>
  %r = linalg.broadcast ins(%ob : tensor<2xf32>) outs(%bb : tensor<2x3xf32>) dimensions = [1]
  %s = arith.addf %m, %r : tensor<2x3xf32>
  return %s : tensor<2x3xf32>
}

// -----

// Fixed qparams come from the spec (no 'scale' attribute needed).
// CHECK-LABEL: func.func @fixed
// CHECK-NEXT: quant.qcast %{{.*}} {pt2e.name = "{{[a-z_0-9]+}}"} : tensor<4xf32> to tensor<4x!quant.uniform<i8:f32, 3.906250e-03:-128>>
func.func @fixed(%x: tensor<4xf32>) -> tensor<4xf32> {
  %o = "pt2e.observer"(%x) {name = "activation_post_process_0", spec = {dtype = i8, fixed = {scale = 3.906250e-03 : f32, zero_point = -128 : i64}, is_dynamic = false, qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}} : (tensor<4xf32>) -> tensor<4xf32>
  return %o : tensor<4xf32>
}

// -----

#act = {dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "minmax", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}

// A calibrated fake_quant converts like an observer, with its buffers.
// An op sharing an instance without qparams of its own uses the first's.
// CHECK-LABEL: func.func @fake_quant_and_instance
// CHECK-NEXT: quant.qcast %{{.*}} {pt2e.name = "{{[a-z_0-9]+}}"} : tensor<4xf32> to tensor<4x!quant.uniform<i8:f32, 1.250000e-01:-2>>
// CHECK-NEXT: quant.dcast
// CHECK-NEXT: arith.negf
// CHECK-NEXT: quant.qcast %{{.*}} {pt2e.name = "{{[a-z_0-9]+}}"} : tensor<4xf32> to tensor<4x!quant.uniform<i8:f32, 1.250000e-01:-2>>
func.func @fake_quant_and_instance(%x: tensor<4xf32>) -> tensor<4xf32> {
  %o = "pt2e.fake_quant"(%x) {name = "activation_post_process_0", spec = #act, fake_quant_enabled = true, observer_enabled = false, scale = array<f32: 0.125>, zero_point = array<i64: -2>, stats = {min = array<f32: -1.0>, max = array<f32: 1.0>}} : (tensor<4xf32>) -> tensor<4xf32>
  %n = arith.negf %o : tensor<4xf32>
  %o1 = "pt2e.observer"(%n) {name = "activation_post_process_1", instance = "activation_post_process_0", spec = #act} : (tensor<4xf32>) -> tensor<4xf32>
  return %o1 : tensor<4xf32>
}
