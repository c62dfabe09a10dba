// Debian's mlir-opt-22 loads the plugin and runs our pass from a pipeline,
// next to upstream passes.
// RUN: %mlir_opt_pt2e %s --pass-pipeline='builtin.module(canonicalize,pt2e-toggle{observer=off fake-quant=on})' | FileCheck %s
// CHECK-LABEL: func.func @f
// CHECK: "pt2e.fake_quant"{{.*}}fake_quant_enabled = true{{.*}}observer_enabled = false
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "pt2e.fake_quant"(%x) {name = "activation_post_process_0", spec = {}, observer_enabled = true, fake_quant_enabled = false, scale = array<f32: 1.0>, zero_point = array<i64: 0>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
