// Issue 31, ir-forms.md E1: a contraction of two function arguments (Q times K transposed).
// The module is the reproducer of ir-forms.md, as an exporter wrote it.
// XNNPACKQuantizer annotates no matmul of two activations: nothing is
// annotated, and no error about a weight's channel axis.
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{per-channel=true},pt2e-prepare)' 2>&1 | FileCheck %s
// CHECK-NOT: error
// CHECK-NOT: pt2e.observer
// CHECK: return
#q = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>
#k = affine_map<(d0, d1, d2, d3, d4) -> (d0, d4, d2, d3)>
#o = affine_map<(d0, d1, d2, d3, d4) -> (d0, d2, d4, d1)>
func.func @entry(%q: tensor<2x4x2x8xf32>, %k: tensor<2x4x2x8xf32>) -> tensor<2x2x4x4xf32> {
  %c0 = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x2x4x4xf32>
  %z = linalg.fill ins(%c0 : f32) outs(%e : tensor<2x2x4x4xf32>) -> tensor<2x2x4x4xf32>
  %s = linalg.generic {indexing_maps = [#q, #k, #o], iterator_types = ["parallel", "parallel", "parallel", "reduction", "parallel"]} ins(%q, %k : tensor<2x4x2x8xf32>, tensor<2x4x2x8xf32>) outs(%z : tensor<2x2x4x4xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %r = arith.addf %acc, %m : f32
    linalg.yield %r : f32
  } -> tensor<2x2x4x4xf32>
  return %s : tensor<2x2x4x4xf32>
}
