// pt2e.observer and pt2e.fake_quant print in MLIR's generic form and parse
// back to the same module, in pt2e-opt and in plain mlir-opt-22 with the IRDL
// file; extra attributes (like statistics) survive.
// RUN: %pt2e_opt %s | %pt2e_opt | FileCheck %s
// RUN: %mlir_opt --irdl-file=%pt2e_irdl %s | %mlir_opt --irdl-file=%pt2e_irdl | FileCheck %s

// CHECK-LABEL: func.func @observer_and_fake_quant
// CHECK-SAME: (%[[X:.*]]: tensor<4x3xf32>)
// CHECK: %[[OBS:.*]] = "pt2e.observer"(%[[X]]) {name = "activation_post_process_0", spec = {dtype = i8, observer = "histogram"}, stats = {max = array<f32: 2.000000e+00>, min = array<f32: -1.000000e+00>}} : (tensor<4x3xf32>) -> tensor<4x3xf32>
// CHECK: %[[FQ:.*]] = "pt2e.fake_quant"(%[[OBS]]) {fake_quant_enabled = false, name = "activation_post_process_1", observer_enabled = true, scale = array<f32: 5.000000e-01, 2.500000e-01, 1.250000e-01>, spec = {ch_axis = 1 : i64, observer = "per_channel_minmax"}, zero_point = array<i64: 0, 0, 0>} : (tensor<4x3xf32>) -> tensor<4x3xf32>
// CHECK: return %[[FQ]]
func.func @observer_and_fake_quant(%x: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %0 = "pt2e.observer"(%x) {name = "activation_post_process_0", spec = {dtype = i8, observer = "histogram"}, stats = {min = array<f32: -1.0>, max = array<f32: 2.0>}} : (tensor<4x3xf32>) -> tensor<4x3xf32>
  %1 = "pt2e.fake_quant"(%0) {name = "activation_post_process_1", spec = {observer = "per_channel_minmax", ch_axis = 1}, observer_enabled = true, fake_quant_enabled = false, scale = array<f32: 0.5, 0.25, 0.125>, zero_point = array<i64: 0, 0, 0>} : (tensor<4x3xf32>) -> tensor<4x3xf32>
  return %1 : tensor<4x3xf32>
}
