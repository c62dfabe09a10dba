// Issue 31: a linear -> relu as StableHLO's legalisation to linalg writes
// torch's addmm: the weight transposed by a copy generic, linalg.matmul, the
// product and the broadcast bias each multiplied by alpha = beta = 1 (a
// generic without inputs yielding sitofp of an i64 1, collapsed to 0-d and
// broadcast), added, then arith.maximumf with 0. A multiplication by a splat
// 1.0 is the value itself: pt2e-lower-int8 makes one tosa.matmul with the
// bias as an i32 add and the relu in the rescale's clamp, nothing left in
// Q/DQ form, the output the Q/DQ model's byte for byte (Inputs/x_1x16.npy:
// numpy's default_rng(33) standard_normal, f32).
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{per-channel=true},pt2e-prepare,pt2e-calibrate{random-batches=2 seed=0},pt2e-convert)' -o %t.qdq.mlir
// RUN: %pt2e_opt %t.qdq.mlir -p 'builtin.module(pt2e-lower-int8{strict=true})' -o %t.int8.mlir 2>&1 | FileCheck %s --check-prefix=SUMMARY
// SUMMARY: @forward: 1 quant.qcast lowered (matmul 1), 0 float ops left in Q/DQ form
// RUN: FileCheck %s --check-prefix=IR < %t.int8.mlir
// IR: tosa.matmul
// IR: tosa.add {{.*}} : (tensor<1x1x4xi32>, tensor<1x1x4xi32>) -> tensor<1x1x4xi32>
// IR-NOT: linalg.generic
// RUN: %pt2e_build/bin/pt2e-run %t.qdq.mlir --input=%S/Inputs/x_1x16.npy --output=%t.qdq.npy
// RUN: %pt2e_build/bin/pt2e-run %t.int8.mlir --input=%S/Inputs/x_1x16.npy --output=%t.int8.npy
// RUN: %pt2e_build/bin/pt2e-run --compare %t.qdq.npy %t.int8.npy | FileCheck %s --check-prefix=SAME
// SAME: bit_identical=yes
#t = affine_map<(d0, d1) -> (d1, d0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#v = affine_map<(d0) -> (d0)>
#s = affine_map<(d0, d1) -> ()>
#row = affine_map<(d0, d1) -> (d1)>
func.func @forward(%x: tensor<1x16xf32>) -> tensor<1x4xf32> {
  %w = arith.constant dense<[[0.1, -0.2, 0.3, 0.0, 0.5, -0.1, 0.2, 0.2, -0.3, 0.4, 0.1, 0.0, -0.5, 0.3, 0.1, 0.0],
                             [-0.1, 0.2, 0.0, 0.3, -0.3, 0.1, 0.0, 0.1, 0.2, 0.2, 0.0, -0.2, 0.1, 0.4, 0.0, -0.1],
                             [0.2, 0.1, -0.1, 0.0, 0.0, 0.3, -0.3, 0.2, 0.1, 0.1, -0.4, 0.2, 0.0, 0.1, 0.0, 0.2],
                             [0.0, 0.0, 0.2, 0.1, -0.1, 0.0, 0.3, 0.2, 0.1, -0.2, 0.1, 0.0, 0.0, 0.2, -0.3, 0.1]]> : tensor<4x16xf32>
  %b = arith.constant dense<[0.1, -0.2, 0.05, 0.3]> : tensor<4xf32>
  %one = arith.constant 1 : i64
  %z = arith.constant 0.0 : f32
  %et = tensor.empty() : tensor<16x4xf32>
  %wt = linalg.generic {indexing_maps = [#t, #id], iterator_types = ["parallel", "parallel"]} ins(%w : tensor<4x16xf32>) outs(%et : tensor<16x4xf32>) {
  ^bb0(%i: f32, %o: f32):
    linalg.yield %i : f32
  } -> tensor<16x4xf32>
  %e = tensor.empty() : tensor<1x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x4xf32>) -> tensor<1x4xf32>
  %mm = linalg.matmul ins(%x, %wt : tensor<1x16xf32>, tensor<16x4xf32>) outs(%f : tensor<1x4xf32>) -> tensor<1x4xf32>
  %e1 = tensor.empty() : tensor<1xf32>
  %c1 = linalg.generic {indexing_maps = [#v], iterator_types = ["parallel"]} outs(%e1 : tensor<1xf32>) {
  ^bb0(%o: f32):
    %k = arith.sitofp %one : i64 to f32
    linalg.yield %k : f32
  } -> tensor<1xf32>
  %c0d = tensor.collapse_shape %c1 [] : tensor<1xf32> into tensor<f32>
  %ones = linalg.generic {indexing_maps = [#s, #id], iterator_types = ["parallel", "parallel"]} ins(%c0d : tensor<f32>) outs(%e : tensor<1x4xf32>) {
  ^bb0(%i: f32, %o: f32):
    linalg.yield %i : f32
  } -> tensor<1x4xf32>
  %p = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%mm, %ones : tensor<1x4xf32>, tensor<1x4xf32>) outs(%e : tensor<1x4xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %m = arith.mulf %i, %j : f32
    linalg.yield %m : f32
  } -> tensor<1x4xf32>
  %bb = linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<4xf32>) outs(%e : tensor<1x4xf32>) {
  ^bb0(%i: f32, %o: f32):
    linalg.yield %i : f32
  } -> tensor<1x4xf32>
  %bs = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%bb, %ones : tensor<1x4xf32>, tensor<1x4xf32>) outs(%e : tensor<1x4xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %m = arith.mulf %i, %j : f32
    linalg.yield %m : f32
  } -> tensor<1x4xf32>
  %s = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%p, %bs : tensor<1x4xf32>, tensor<1x4xf32>) outs(%e : tensor<1x4xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %a = arith.addf %i, %j : f32
    linalg.yield %a : f32
  } -> tensor<1x4xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%s : tensor<1x4xf32>) outs(%e : tensor<1x4xf32>) {
  ^bb0(%i: f32, %o: f32):
    %m = arith.maximumf %i, %z : f32
    linalg.yield %m : f32
  } -> tensor<1x4xf32>
  return %r : tensor<1x4xf32>
}
