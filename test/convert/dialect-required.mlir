// Without the pt2e dialect pt2e-convert says how to load it.
//
// RUN: not %mlir_opt --load-pass-plugin=%pt2e_plugin %s --pass-pipeline='builtin.module(pt2e-convert)' 2>&1 | FileCheck %s
// CHECK: error: 'pt2e-convert' needs the 'pt2e' dialect

func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
