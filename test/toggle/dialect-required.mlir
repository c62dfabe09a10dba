// pt2e-toggle in plain mlir-opt-22 without the IRDL file: the pass says how
// to load the dialect, at the module's location, and fails.
// RUN: not %mlir_opt --load-pass-plugin=%pt2e_plugin %s --pass-pipeline='builtin.module(pt2e-toggle{observer=off})' 2>&1 | FileCheck %s
// CHECK: error: 'pt2e-toggle' needs the 'pt2e' dialect: use pt2e-opt, or pass --irdl-file=<path to pt2e.irdl.mlir> to mlir-opt
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
