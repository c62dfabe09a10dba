// Issue 31, ir-forms.md A2: a ReLU whose input map writes the size-1 batch dim as 0.
// The module is the reproducer of ir-forms.md, as an exporter wrote it.
// PT2E: conv+relu is one unit, one activation observer after the relu.
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{per-channel=true},pt2e-prepare)' | FileCheck %s
// CHECK: linalg.conv_2d_nchw_fchw
// CHECK-NOT: pt2e.observer
// CHECK: linalg.generic
// CHECK: pt2e.observer
// CHECK-NOT: pt2e.observer
// CHECK: return
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{per-channel=true},pt2e-prepare,pt2e-calibrate{random-batches=2 seed=0},pt2e-report,pt2e-convert,pt2e-lower-int8)' -o /dev/null 2>&1 | FileCheck %s --check-prefix=FLOW
// FLOW: 3 rows
// FLOW: @forward: 1 quant.qcast lowered (conv2d 1), 0 float ops left
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#b0 = affine_map<(d0, d1, d2, d3) -> (0, d1, d2, d3)>
func.func @forward(%x: tensor<1x3x8x8xf32>) -> tensor<1x4x6x6xf32> {
  %w = arith.constant dense<0.05> : tensor<4x3x3x3xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x4x6x6xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) outs(%f : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %r = linalg.generic {indexing_maps = [#b0, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c : tensor<1x4x6x6xf32>) outs(%e : tensor<1x4x6x6xf32>) {
  ^bb0(%in: f32, %out: f32):
    %p = arith.cmpf ugt, %in, %z : f32
    %s = arith.select %p, %in, %z : f32
    linalg.yield %s : f32
  } -> tensor<1x4x6x6xf32>
  return %r : tensor<1x4x6x6xf32>
}
