// Option errors name the pass and the option, and stop before any pass runs.
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-toggle{observer=maybe})' 2>&1 | FileCheck %s --check-prefix=BADBOOL
// RUN: not %pt2e_opt %s '--pt2e-toggle=fake-quant=2' 2>&1 | FileCheck %s --check-prefix=BADBOOL2
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-toggle{obsrver=off})' 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not %mlir_opt_pt2e %s --pass-pipeline='builtin.module(pt2e-toggle{observer=of})' 2>&1 | FileCheck %s --check-prefix=PLUGIN
// BADBOOL: error: pass 'pt2e-toggle': option 'observer' expects a bool (on/off, true/false, 1/0), got 'maybe'
// BADBOOL2: error: pass 'pt2e-toggle': option 'fake-quant' expects a bool (on/off, true/false, 1/0), got '2'
// UNKNOWN: error: pass 'pt2e-toggle': {{.*}}no such option obsrver
// PLUGIN: error: pass 'pt2e-toggle': option 'observer' expects a bool (on/off, true/false, 1/0), got 'of'
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
