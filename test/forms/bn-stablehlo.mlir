// Issue 31: an eval BatchNorm as StableHLO's legalisation to linalg writes it
// (torch-mlir's output_type="stablehlo", then --stablehlo-legalize-to-linalg):
// every statistic expanded to [c, 1, 1] and broadcast by a copy generic whose
// input map is (d1, 0, 0); eps made by a generic without inputs that yields
// the f64 constant truncated, collapsed to 0-d and broadcast to [c]; var + eps
// an add of two operands; then sub, mul, mul, add on the whole activation.
// PT2E folds it into the conv (weight 0.05*1.5/sqrt(2+1e-5), bias
// 0.1-0.2*1.5/sqrt(2+1e-5), as bn-one-generic.mlir), the new bias replacing
// beta in its broadcast: conv+BN is one unit, lowered to one tosa.conv2d.
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-fold-batchnorm)' | FileCheck %s --check-prefix=FOLD
// FOLD-NOT: math.rsqrt
// FOLD-DAG: arith.constant dense<0.053032{{[0-9]*}}> : tensor<4x3x3x3xf32>
// FOLD-DAG: arith.constant dense<-0.11213{{[0-9]*}}> : tensor<4x1x1xf32>
// FOLD-NOT: arith.subf
// FOLD-NOT: arith.mulf %in
// The f64 eps the generic captured dies with the fold.
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-fold-batchnorm)' | FileCheck %s --check-prefix=DEAD
// DEAD-NOT: : f64
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{per-channel=true},pt2e-prepare,pt2e-calibrate{random-batches=2 seed=0},pt2e-report,pt2e-convert,pt2e-lower-int8)' -o /dev/null 2>&1 | FileCheck %s --check-prefix=FLOW
// FLOW: 3 rows
// FLOW-NOT: not quantized
// FLOW: @forward: 1 quant.qcast lowered (conv2d 1), 0 float ops left in Q/DQ form
#conv_in = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 + d5, d3 + d6)>
#conv_w = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d4, d5, d6)>
#conv_out = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
#v = affine_map<(d0) -> (d0)>
#s = affine_map<(d0) -> ()>
#bc = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @forward(%x: tensor<1x3x8x8xf32>) -> tensor<1x4x6x6xf32> {
  %w = arith.constant dense<0.05> : tensor<4x3x3x3xf32>
  %g = arith.constant dense<1.5> : tensor<4xf32>
  %b = arith.constant dense<0.1> : tensor<4xf32>
  %m = arith.constant dense<0.2> : tensor<4xf32>
  %var = arith.constant dense<2.0> : tensor<4xf32>
  %eps = arith.constant 1.0e-05 : f64
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x4x6x6xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %c = linalg.generic {indexing_maps = [#conv_in, #conv_w, #conv_out], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%x, %w : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) outs(%f : tensor<1x4x6x6xf32>) {
  ^bb0(%i: f32, %k: f32, %o: f32):
    %p = arith.mulf %i, %k : f32
    %a = arith.addf %o, %p : f32
    linalg.yield %a : f32
  } -> tensor<1x4x6x6xf32>
  %e1 = tensor.empty() : tensor<1xf32>
  %epsv = linalg.generic {indexing_maps = [#v], iterator_types = ["parallel"]} outs(%e1 : tensor<1xf32>) {
  ^bb0(%o: f32):
    %t = arith.truncf %eps : f64 to f32
    linalg.yield %t : f32
  } -> tensor<1xf32>
  %eps0 = tensor.collapse_shape %epsv [] : tensor<1xf32> into tensor<f32>
  %e4 = tensor.empty() : tensor<4xf32>
  %eps4 = linalg.generic {indexing_maps = [#s, #v], iterator_types = ["parallel"]} ins(%eps0 : tensor<f32>) outs(%e4 : tensor<4xf32>) {
  ^bb0(%i: f32, %o: f32):
    linalg.yield %i : f32
  } -> tensor<4xf32>
  %ve = linalg.generic {indexing_maps = [#v, #v, #v], iterator_types = ["parallel"]} ins(%eps4, %var : tensor<4xf32>, tensor<4xf32>) outs(%e4 : tensor<4xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %a = arith.addf %i, %j : f32
    linalg.yield %a : f32
  } -> tensor<4xf32>
  %r = linalg.generic {indexing_maps = [#v, #v], iterator_types = ["parallel"]} ins(%ve : tensor<4xf32>) outs(%e4 : tensor<4xf32>) {
  ^bb0(%i: f32, %o: f32):
    %q = math.rsqrt %i : f32
    linalg.yield %q : f32
  } -> tensor<4xf32>
  %m3 = tensor.expand_shape %m [[0, 1, 2]] output_shape [4, 1, 1] : tensor<4xf32> into tensor<4x1x1xf32>
  %r3 = tensor.expand_shape %r [[0, 1, 2]] output_shape [4, 1, 1] : tensor<4xf32> into tensor<4x1x1xf32>
  %g3 = tensor.expand_shape %g [[0, 1, 2]] output_shape [4, 1, 1] : tensor<4xf32> into tensor<4x1x1xf32>
  %b3 = tensor.expand_shape %b [[0, 1, 2]] output_shape [4, 1, 1] : tensor<4xf32> into tensor<4x1x1xf32>
  %mb = linalg.generic {indexing_maps = [#bc, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%m3 : tensor<4x1x1xf32>) outs(%e : tensor<1x4x6x6xf32>) {
  ^bb0(%i: f32, %o: f32):
    linalg.yield %i : f32
  } -> tensor<1x4x6x6xf32>
  %s1 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %mb : tensor<1x4x6x6xf32>, tensor<1x4x6x6xf32>) outs(%e : tensor<1x4x6x6xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %d = arith.subf %i, %j : f32
    linalg.yield %d : f32
  } -> tensor<1x4x6x6xf32>
  %rb = linalg.generic {indexing_maps = [#bc, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%r3 : tensor<4x1x1xf32>) outs(%e : tensor<1x4x6x6xf32>) {
  ^bb0(%i: f32, %o: f32):
    linalg.yield %i : f32
  } -> tensor<1x4x6x6xf32>
  %s2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%s1, %rb : tensor<1x4x6x6xf32>, tensor<1x4x6x6xf32>) outs(%e : tensor<1x4x6x6xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %p = arith.mulf %i, %j : f32
    linalg.yield %p : f32
  } -> tensor<1x4x6x6xf32>
  %gb = linalg.generic {indexing_maps = [#bc, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%g3 : tensor<4x1x1xf32>) outs(%e : tensor<1x4x6x6xf32>) {
  ^bb0(%i: f32, %o: f32):
    linalg.yield %i : f32
  } -> tensor<1x4x6x6xf32>
  %s3 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%s2, %gb : tensor<1x4x6x6xf32>, tensor<1x4x6x6xf32>) outs(%e : tensor<1x4x6x6xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %p = arith.mulf %i, %j : f32
    linalg.yield %p : f32
  } -> tensor<1x4x6x6xf32>
  %bb = linalg.generic {indexing_maps = [#bc, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%b3 : tensor<4x1x1xf32>) outs(%e : tensor<1x4x6x6xf32>) {
  ^bb0(%i: f32, %o: f32):
    linalg.yield %i : f32
  } -> tensor<1x4x6x6xf32>
  %s4 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%s3, %bb : tensor<1x4x6x6xf32>, tensor<1x4x6x6xf32>) outs(%e : tensor<1x4x6x6xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %a = arith.addf %i, %j : f32
    linalg.yield %a : f32
  } -> tensor<1x4x6x6xf32>
  return %s4 : tensor<1x4x6x6xf32>
}
