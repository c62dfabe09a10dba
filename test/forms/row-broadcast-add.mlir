// Issue 31, ir-forms.md A7: a row-broadcast add after a matmul, (d0, d1) -> (d0).
// The module is the reproducer of ir-forms.md, as an exporter wrote it.
// PT2E: not the linear's bias (it runs along rows, not output channels):
// the matmul is a linear unit without bias, the add an add of its own.
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-fold-batchnorm)' | FileCheck %s --check-prefix=KEEP
// KEEP: linalg.matmul
// KEEP: linalg.generic
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{per-channel=true},pt2e-prepare,pt2e-calibrate{random-batches=2 seed=0},pt2e-report,pt2e-convert,pt2e-lower-int8)' -o /dev/null 2>&1 | FileCheck %s --check-prefix=FLOW
// FLOW: 5 rows
// FLOW: @entry: 1 quant.qcast lowered (matmul 1)
#row = affine_map<(d0, d1) -> (d0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @entry(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %c0 = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x8xf32>
  %z = linalg.fill ins(%c0 : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  %w = arith.constant dense<0.01> : tensor<8x8xf32>
  %b = arith.constant dense<0.1> : tensor<8xf32>
  %0 = linalg.matmul ins(%x, %w : tensor<8x8xf32>, tensor<8x8xf32>) outs(%z : tensor<8x8xf32>) -> tensor<8x8xf32>
  %1 = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%0, %b : tensor<8x8xf32>, tensor<8xf32>) outs(%e : tensor<8x8xf32>) {
  ^bb0(%in: f32, %bi: f32, %out: f32):
    %a = arith.addf %in, %bi : f32
    linalg.yield %a : f32
  } -> tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}
