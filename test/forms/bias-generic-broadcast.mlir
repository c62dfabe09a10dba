// Issue 31, ir-forms.md A3: a conv whose bias init is a broadcast written as linalg.generic.
// The module is the reproducer of ir-forms.md, as an exporter wrote it.
// PT2E: one int8 conv unit (the bias goes into the TOSA conv's bias).
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{per-channel=true},pt2e-prepare,pt2e-calibrate{random-batches=2 seed=0},pt2e-report,pt2e-convert,pt2e-lower-int8)' 2>&1 | FileCheck %s
// CHECK: 3 rows
// CHECK: @forward: 1 quant.qcast lowered (conv2d 1), 0 float ops left
// CHECK: tosa.conv2d {{.*}}tensor<1x8x8x3xi8>
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d1)>
func.func @forward(%x: tensor<1x3x8x8xf32>) -> tensor<1x4x6x6xf32> {
  %w = arith.constant dense<0.05> : tensor<4x3x3x3xf32>
  %b = arith.constant dense<0.1> : tensor<4xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x4x6x6xf32>
  %bi = linalg.generic {indexing_maps = [#ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%b : tensor<4xf32>) outs(%e : tensor<1x4x6x6xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<1x4x6x6xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) outs(%bi : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c : tensor<1x4x6x6xf32>) outs(%e : tensor<1x4x6x6xf32>) {
  ^bb0(%in: f32, %out: f32):
    %p = arith.cmpf ugt, %in, %z : f32
    %s = arith.select %p, %in, %z : f32
    linalg.yield %s : f32
  } -> tensor<1x4x6x6xf32>
  return %r : tensor<1x4x6x6xf32>
}
