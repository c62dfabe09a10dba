// pt2e-toggle sets the two switches of every pt2e.fake_quant; an option left
// out leaves its switch as it was, and pt2e.observer ops are not touched.
// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-toggle{observer=off})' | FileCheck %s --check-prefix=OBS-OFF
// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-toggle{fake-quant=off})' | FileCheck %s --check-prefix=FQ-OFF
// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-toggle{observer=off fake-quant=off})' | FileCheck %s --check-prefix=BOTH-OFF
// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-toggle{observer=on fake-quant=on})' | FileCheck %s --check-prefix=BOTH-ON
// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-toggle)' | FileCheck %s --check-prefix=NONE
// The pass is also a plain flag of pt2e-opt, with the same option syntax.
// RUN: %pt2e_opt %s --split-input-file --pt2e-toggle=observer=false | FileCheck %s --check-prefix=OBS-OFF
// RUN: %pt2e_opt %s --split-input-file '--pt2e-toggle=observer=0 fake-quant=0' | FileCheck %s --check-prefix=BOTH-OFF

// OBS-OFF-LABEL: func.func @two_fake_quants
// OBS-OFF: "pt2e.observer"(%{{.*}}) {name = "activation_post_process_0"
// OBS-OFF: "pt2e.fake_quant"{{.*}}fake_quant_enabled = true, name = "activation_post_process_1", observer_enabled = false
// OBS-OFF: "pt2e.fake_quant"{{.*}}fake_quant_enabled = false, name = "activation_post_process_2", observer_enabled = false
// FQ-OFF-LABEL: func.func @two_fake_quants
// FQ-OFF: "pt2e.fake_quant"{{.*}}fake_quant_enabled = false, name = "activation_post_process_1", observer_enabled = true
// FQ-OFF: "pt2e.fake_quant"{{.*}}fake_quant_enabled = false, name = "activation_post_process_2", observer_enabled = false
// BOTH-OFF-LABEL: func.func @two_fake_quants
// BOTH-OFF: "pt2e.fake_quant"{{.*}}fake_quant_enabled = false, name = "activation_post_process_1", observer_enabled = false
// BOTH-OFF: "pt2e.fake_quant"{{.*}}fake_quant_enabled = false, name = "activation_post_process_2", observer_enabled = false
// BOTH-ON-LABEL: func.func @two_fake_quants
// BOTH-ON: "pt2e.fake_quant"{{.*}}fake_quant_enabled = true, name = "activation_post_process_1", observer_enabled = true
// BOTH-ON: "pt2e.fake_quant"{{.*}}fake_quant_enabled = true, name = "activation_post_process_2", observer_enabled = true
// NONE-LABEL: func.func @two_fake_quants
// NONE: "pt2e.fake_quant"{{.*}}fake_quant_enabled = true, name = "activation_post_process_1", observer_enabled = true
// NONE: "pt2e.fake_quant"{{.*}}fake_quant_enabled = false, name = "activation_post_process_2", observer_enabled = false
func.func @two_fake_quants(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "pt2e.observer"(%x) {name = "activation_post_process_0", spec = {observer = "minmax"}} : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "pt2e.fake_quant"(%0) {name = "activation_post_process_1", spec = {observer = "minmax"}, observer_enabled = true, fake_quant_enabled = true, scale = array<f32: 1.0>, zero_point = array<i64: 0>} : (tensor<4xf32>) -> tensor<4xf32>
  %2 = "pt2e.fake_quant"(%1) {name = "activation_post_process_2", spec = {observer = "minmax"}, observer_enabled = false, fake_quant_enabled = false, scale = array<f32: 1.0>, zero_point = array<i64: 0>} : (tensor<4xf32>) -> tensor<4xf32>
  return %2 : tensor<4xf32>
}

// -----

// Fake-quant ops nested in other regions are reached too, and a function
// without any is left alone.
// OBS-OFF-LABEL: func.func @nested
// OBS-OFF: scf.execute_region
// OBS-OFF: "pt2e.fake_quant"{{.*}}observer_enabled = false
// OBS-OFF-LABEL: func.func @untouched
// OBS-OFF-NEXT: arith.addf
// OBS-OFF-NEXT: return
func.func @nested(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = scf.execute_region -> tensor<4xf32> {
    %1 = "pt2e.fake_quant"(%x) {name = "activation_post_process_0", spec = {}, observer_enabled = true, fake_quant_enabled = true, scale = array<f32: 0.5, 0.25>, zero_point = array<i64: 0, 0>} : (tensor<4xf32>) -> tensor<4xf32>
    scf.yield %1 : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
func.func @untouched(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = arith.addf %x, %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}
