// Without the IRDL file, a pt2e op is an unregistered op: MLIR reports that
// clearly instead of crashing, also with our plugin loaded.
// RUN: not %mlir_opt %s 2>&1 | FileCheck %s
// RUN: not %mlir_opt --load-pass-plugin=%pt2e_plugin %s --pass-pipeline='builtin.module(pt2e-toggle)' 2>&1 | FileCheck %s
// CHECK: error: operation being parsed with an unregistered dialect

func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "pt2e.observer"(%x) {name = "a", spec = {}} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
