// Issue 31, ir-forms.md A1: an eval BatchNorm written as one linalg.generic (older torch-mlir).
// The module is the reproducer of ir-forms.md, as an exporter wrote it.
// PT2E folds it into the conv: weight 0.05*1.5/sqrt(2+1e-5), bias
// 0.1-0.2*1.5/sqrt(2+1e-5) as the conv's init, and conv+BN is one unit.
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-fold-batchnorm)' | FileCheck %s --check-prefix=FOLD
// FOLD-NOT: math.rsqrt
// FOLD: arith.constant dense<0.053032{{[0-9]*}}> : tensor<4x3x3x3xf32>
// FOLD: arith.constant dense<-0.11213{{[0-9]*}}> : tensor<4xf32>
// FOLD: linalg.broadcast
// FOLD: linalg.conv_2d_nchw_fchw
// FOLD-NOT: linalg.generic
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{per-channel=true},pt2e-prepare,pt2e-calibrate{random-batches=2 seed=0},pt2e-report,pt2e-convert,pt2e-lower-int8)' -o /dev/null 2>&1 | FileCheck %s --check-prefix=FLOW
// FLOW: 3 rows
// FLOW: @forward: 1 quant.qcast lowered (conv2d 1), 0 float ops left
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d1)>
func.func @forward(%x: tensor<1x3x8x8xf32>) -> tensor<1x4x6x6xf32> {
  %w = arith.constant dense<0.05> : tensor<4x3x3x3xf32>
  %g = arith.constant dense<1.5> : tensor<4xf32>
  %b = arith.constant dense<0.1> : tensor<4xf32>
  %m = arith.constant dense<0.2> : tensor<4xf32>
  %v = arith.constant dense<2.0> : tensor<4xf32>
  %eps = arith.constant 1.0e-05 : f64
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x4x6x6xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) outs(%f : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %bn = linalg.generic {indexing_maps = [#id, #ch, #ch, #ch, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %g, %b, %m, %v : tensor<1x4x6x6xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) outs(%c : tensor<1x4x6x6xf32>) {
  ^bb0(%in: f32, %gi: f32, %bi: f32, %mi: f32, %vi: f32, %out: f32):
    %t = arith.truncf %eps : f64 to f32
    %a = arith.addf %vi, %t : f32
    %r = math.rsqrt %a : f32
    %s = arith.subf %in, %mi : f32
    %p = arith.mulf %s, %r : f32
    %q = arith.mulf %p, %gi : f32
    %o = arith.addf %q, %bi : f32
    linalg.yield %o : f32
  } -> tensor<1x4x6x6xf32>
  return %bn : tensor<1x4x6x6xf32>
}
