// keep-uncalibrated=true: ops without qparams go and their values stay in
// float (a derived op whose source has none, too); calibrated ops convert.
// A fake_quant that never observed anything has torchao's initial buffers
// (1.0, 0) but no 'stats': it counts as uncalibrated.
//
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-convert{keep-uncalibrated=true})' | FileCheck %s

#act = {dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "minmax", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}
#d = {derive = "mul_scales", derived_from = ["activation_post_process_0", "activation_post_process_1"], dtype = i32, is_dynamic = false, qscheme = "per_tensor_symmetric", quant_max = 2147483647 : i64, quant_min = -2147483648 : i64}

// CHECK-LABEL: func.func @f
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>, %[[Y:.*]]: tensor<4xf32>)
// CHECK-NEXT: %[[Q:.*]] = quant.qcast %[[Y]] {pt2e.name = "{{[a-z_0-9]+}}"} : tensor<4xf32> to tensor<4x!quant.uniform<i8:f32, 5.000000e-01>>
// CHECK-NEXT: %[[DY:.*]] = quant.dcast %[[Q]]
// CHECK-NEXT: %[[A:.*]] = arith.addf %[[X]], %[[DY]]
// CHECK-NEXT: %[[M:.*]] = arith.mulf %[[A]], %[[X]]
// CHECK-NEXT: %[[N:.*]] = arith.negf %[[M]]
// CHECK-NEXT: return %[[N]]
// CHECK-NOT: quant.
// CHECK-NOT: pt2e.
func.func @f(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %ox = "pt2e.observer"(%x) {name = "activation_post_process_0", spec = #act} : (tensor<4xf32>) -> tensor<4xf32>
  %oy = "pt2e.observer"(%y) {name = "activation_post_process_1", spec = #act, scale = array<f32: 0.5>, zero_point = array<i64: 0>} : (tensor<4xf32>) -> tensor<4xf32>
  %a = arith.addf %ox, %oy : tensor<4xf32>
  %od = "pt2e.observer"(%x) {name = "activation_post_process_2", spec = #d} : (tensor<4xf32>) -> tensor<4xf32>
  %m = arith.mulf %a, %od : tensor<4xf32>
  %n = arith.negf %m : tensor<4xf32>
  %of = "pt2e.fake_quant"(%n) {name = "activation_post_process_3", spec = #act, fake_quant_enabled = true, observer_enabled = true, scale = array<f32: 1.0>, zero_point = array<i64: 0>} : (tensor<4xf32>) -> tensor<4xf32>
  return %of : tensor<4xf32>
}
