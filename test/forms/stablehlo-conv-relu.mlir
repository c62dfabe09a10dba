// Issue 31: a conv -> bias -> relu as StableHLO's legalisation to linalg
// writes it: the conv a linalg.generic with its own loop order (input map
// (d6, d0, d2 * 2 + d3, d4 * 2 + d5), batch last, the reductions between),
// the bias a [c, 1, 1] constant broadcast by a (d1, 0, 0) copy generic and
// added, the relu an arith.maximumf with a captured 0. pt2e-lower-int8 makes
// one tosa.conv2d with the bias as its i32 operand and the relu as the
// rescale's clamp: nothing left in Q/DQ form, and the output is the Q/DQ
// model's byte for byte (Inputs/x_1x3x9x9.npy: numpy's default_rng(31)
// standard_normal, f32).
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{per-channel=true},pt2e-prepare,pt2e-calibrate{random-batches=2 seed=0},pt2e-convert)' -o %t.qdq.mlir
// RUN: %pt2e_opt %t.qdq.mlir -p 'builtin.module(pt2e-lower-int8{strict=true})' -o %t.int8.mlir 2>&1 | FileCheck %s --check-prefix=SUMMARY
// SUMMARY: @forward: 1 quant.qcast lowered (conv2d 1), 0 float ops left in Q/DQ form
// RUN: FileCheck %s --check-prefix=IR < %t.int8.mlir
// IR: tosa.conv2d {{.*}} {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>}
// IR-NOT: linalg.generic
// RUN: %pt2e_build/bin/pt2e-run %t.qdq.mlir --input=%S/Inputs/x_1x3x9x9.npy --output=%t.qdq.npy
// RUN: %pt2e_build/bin/pt2e-run %t.int8.mlir --input=%S/Inputs/x_1x3x9x9.npy --output=%t.int8.npy
// RUN: %pt2e_build/bin/pt2e-run --compare %t.qdq.npy %t.int8.npy | FileCheck %s --check-prefix=SAME
// SAME: bit_identical=yes
#conv_in = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d6, d0, d2 * 2 + d3, d4 * 2 + d5)>
#conv_w = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d0, d3, d5)>
#conv_out = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d6, d1, d2, d4)>
#bc = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @forward(%x: tensor<1x3x9x9xf32>) -> tensor<1x4x4x4xf32> {
  %w = arith.constant dense<[[[[0.1, -0.2, 0.3], [0.0, 0.5, -0.1], [0.2, 0.2, -0.3]], [[0.4, 0.1, 0.0], [-0.5, 0.3, 0.1], [0.0, -0.2, 0.2]], [[0.1, 0.1, 0.1], [0.2, -0.1, 0.0], [0.3, 0.0, -0.4]]], [[[-0.1, 0.2, 0.0], [0.3, -0.3, 0.1], [0.0, 0.1, 0.2]], [[0.2, 0.0, -0.2], [0.1, 0.4, 0.0], [-0.1, 0.0, 0.1]], [[0.0, 0.3, 0.1], [-0.2, 0.0, 0.2], [0.1, -0.1, 0.0]]], [[[0.2, 0.1, -0.1], [0.0, 0.0, 0.3], [-0.3, 0.2, 0.1]], [[0.1, -0.4, 0.2], [0.0, 0.1, 0.0], [0.2, 0.0, -0.2]], [[-0.1, 0.0, 0.0], [0.3, 0.2, -0.1], [0.0, 0.1, 0.4]]], [[[0.0, 0.0, 0.2], [0.1, -0.1, 0.0], [0.3, 0.2, 0.1]], [[-0.2, 0.1, 0.0], [0.0, 0.2, -0.3], [0.1, 0.0, 0.0]], [[0.4, -0.1, 0.2], [0.0, 0.0, 0.1], [-0.2, 0.3, 0.0]]]]> : tensor<4x3x3x3xf32>
  %b = arith.constant dense<[[[0.1]], [[-0.2]], [[0.05]], [[0.3]]]> : tensor<4x1x1xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x4x4x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %c = linalg.generic {indexing_maps = [#conv_in, #conv_w, #conv_out], iterator_types = ["reduction", "parallel", "parallel", "reduction", "parallel", "reduction", "parallel"]} ins(%x, %w : tensor<1x3x9x9xf32>, tensor<4x3x3x3xf32>) outs(%f : tensor<1x4x4x4xf32>) {
  ^bb0(%i: f32, %k: f32, %o: f32):
    %p = arith.mulf %i, %k : f32
    %a = arith.addf %o, %p : f32
    linalg.yield %a : f32
  } -> tensor<1x4x4x4xf32>
  %bb = linalg.generic {indexing_maps = [#bc, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%b : tensor<4x1x1xf32>) outs(%e : tensor<1x4x4x4xf32>) {
  ^bb0(%i: f32, %o: f32):
    linalg.yield %i : f32
  } -> tensor<1x4x4x4xf32>
  %s = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %bb : tensor<1x4x4x4xf32>, tensor<1x4x4x4xf32>) outs(%e : tensor<1x4x4x4xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %a = arith.addf %i, %j : f32
    linalg.yield %a : f32
  } -> tensor<1x4x4x4xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%s : tensor<1x4x4x4xf32>) outs(%e : tensor<1x4x4x4xf32>) {
  ^bb0(%i: f32, %o: f32):
    %m = arith.maximumf %i, %z : f32
    linalg.yield %m : f32
  } -> tensor<1x4x4x4xf32>
  return %r : tensor<1x4x4x4xf32>
}
