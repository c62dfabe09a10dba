// Issue 31, ir-forms.md A5: a linear bias added with map (0, d1).
// The module is the reproducer of ir-forms.md, as an exporter wrote it.
// PT2E: the bias is the linear's; 3 observers (input, weight, output), the
// bias constant gets none.
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{per-channel=true},pt2e-prepare)' | FileCheck %s
// CHECK-COUNT-3: pt2e.observer
// CHECK-NOT: pt2e.observer
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{per-channel=true},pt2e-prepare,pt2e-calibrate{random-batches=2 seed=0},pt2e-report,pt2e-convert,pt2e-lower-int8)' -o /dev/null 2>&1 | FileCheck %s --check-prefix=FLOW
// FLOW: 3 rows
// FLOW: @forward: 1 quant.qcast lowered (matmul 1), 0 float ops left
#id = affine_map<(d0, d1) -> (d0, d1)>
#b0 = affine_map<(d0, d1) -> (0, d1)>
#ch = affine_map<(d0, d1) -> (d1)>
func.func @forward(%x: tensor<1x16xf32>) -> tensor<1x8xf32> {
  %w = arith.constant dense<0.05> : tensor<16x8xf32>
  %b = arith.constant dense<0.1> : tensor<8xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x8xf32>) -> tensor<1x8xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<1x16xf32>, tensor<16x8xf32>) outs(%f : tensor<1x8xf32>) -> tensor<1x8xf32>
  %y = linalg.generic {indexing_maps = [#b0, #ch, #id], iterator_types = ["parallel", "parallel"]} ins(%mm, %b : tensor<1x8xf32>, tensor<8xf32>) outs(%e : tensor<1x8xf32>) {
  ^bb0(%in: f32, %bi: f32, %out: f32):
    %s = arith.addf %in, %bi : f32
    linalg.yield %s : f32
  } -> tensor<1x8xf32>
  return %y : tensor<1x8xf32>
}
