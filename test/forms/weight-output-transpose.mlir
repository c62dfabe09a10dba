// Issue 31, ir-forms.md A4: a linear weight transposed by a generic with the permutation on its output map (aten.t in older torch-mlir).
// The module is the reproducer of ir-forms.md, as an exporter wrote it.
// PT2E: an int8 constant weight, per channel along the output features.
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{per-channel=true},pt2e-prepare,pt2e-calibrate{random-batches=2 seed=0},pt2e-convert)' | FileCheck %s
// CHECK: quant.scast {{.*}}tensor<16x8x!quant.uniform<i8<-127:127>:f32:1,
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{per-channel=true},pt2e-prepare,pt2e-calibrate{random-batches=2 seed=0},pt2e-report,pt2e-convert,pt2e-lower-int8)' 2>&1 | FileCheck %s --check-prefix=FLOW
// FLOW: 3 rows
// FLOW: @forward: 1 quant.qcast lowered (matmul 1), 0 float ops left
// FLOW: tosa.matmul {{.*}}xi8>
#id = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
func.func @forward(%x: tensor<1x16xf32>) -> tensor<1x8xf32> {
  %w = arith.constant dense<0.05> : tensor<8x16xf32>
  %z = arith.constant 0.0 : f32
  %et = tensor.empty() : tensor<16x8xf32>
  %wt = linalg.generic {indexing_maps = [#id, #tr], iterator_types = ["parallel", "parallel"]} ins(%w : tensor<8x16xf32>) outs(%et : tensor<16x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<16x8xf32>
  %e = tensor.empty() : tensor<1x8xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x8xf32>) -> tensor<1x8xf32>
  %y = linalg.matmul ins(%x, %wt : tensor<1x16xf32>, tensor<16x8xf32>) outs(%f : tensor<1x8xf32>) -> tensor<1x8xf32>
  return %y : tensor<1x8xf32>
}
