// A StableHLO-style BatchNorm chain whose "mean" is a full-shape function
// argument (not a broadcast of a per-channel constant): nothing to fold. The
// readers ask for the argument's producer, which does not exist;
// pt2eCopyBroadcast and pt2eCopyTranspose crashed on that null op
// (fold-batchnorm and annotate). Now nothing is folded, and the chain is
// recorded as an unfolded BatchNorm.
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-fold-batchnorm)' | FileCheck %s --check-prefix=FOLD
// FOLD: math.rsqrt
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{per-channel=true})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=REC
// REC: not quantized: 'linalg.generic' at loc("{{.*}}bn-stablehlo-arg.mlir":{{[0-9]+}}:9): batch_norm: BatchNorm not folded
#conv_in = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 + d5, d3 + d6)>
#conv_w = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d4, d5, d6)>
#conv_out = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
#v = affine_map<(d0) -> (d0)>
#s = affine_map<(d0) -> ()>
#bc = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @forward(%x: tensor<1x3x8x8xf32>, %marg: tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32> {
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
  %s1 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %marg : tensor<1x4x6x6xf32>, tensor<1x4x6x6xf32>) outs(%e : tensor<1x4x6x6xf32>) {
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
