// Issue 31, never a silent miss: StableHLO's concatenate is a generic with
// no inputs whose body reads the tensors it joins (tensor.extract under
// scf.if), so it has no operand to follow. It was not recorded as a cat,
// and everything after it was taken for constants: the BatchNorm on the cat
// (DenseNet's pre-activation BN) got no record either. Both are recorded
// now, as in every other form: the cat (XNNPACKQuantizer annotates none by
// default) and the BatchNorm, which follows no conv (a relu between a conv
// and a BatchNorm also means "no conv before it", not "not read").
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{per-channel=true})' -o /dev/null 2>&1 | FileCheck %s
// CHECK: not quantized: 'linalg.generic' at loc("{{.*}}stablehlo-coverage.mlir":35:13): cat: torchao 0.18's XNNPACKQuantizer annotates no cat
// CHECK: not quantized: 'linalg.generic' at loc("{{.*}}stablehlo-coverage.mlir":66:9): batch_norm: BatchNorm not folded: it follows no conv or linear
#cat = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#bc = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#v = affine_map<(d0) -> (d0)>
func.func @forward(%x: tensor<1x2x4x4xf32>, %y: tensor<1x2x4x4xf32>) -> tensor<1x4x4x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %var = arith.constant dense<[2.0, 1.0, 0.5, 3.0]> : tensor<4xf32>
  %eps = arith.constant dense<1.0e-05> : tensor<4xf32>
  %m = arith.constant dense<[[[0.1]], [[0.2]], [[0.3]], [[0.4]]]> : tensor<4x1x1xf32>
  %e4 = tensor.empty() : tensor<4xf32>
  %ve = linalg.generic {indexing_maps = [#v, #v, #v], iterator_types = ["parallel"]} ins(%var, %eps : tensor<4xf32>, tensor<4xf32>) outs(%e4 : tensor<4xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %a = arith.addf %i, %j : f32
    linalg.yield %a : f32
  } -> tensor<4xf32>
  %r = linalg.generic {indexing_maps = [#v, #v], iterator_types = ["parallel"]} ins(%ve : tensor<4xf32>) outs(%e4 : tensor<4xf32>) {
  ^bb0(%i: f32, %o: f32):
    %q = math.rsqrt %i : f32
    linalg.yield %q : f32
  } -> tensor<4xf32>
  %r3 = tensor.expand_shape %r [[0, 1, 2]] output_shape [4, 1, 1] : tensor<4xf32> into tensor<4x1x1xf32>
  %e = tensor.empty() : tensor<1x4x4x4xf32>
  %joined = linalg.generic {indexing_maps = [#cat], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%e : tensor<1x4x4x4xf32>) {
  ^bb0(%out: f32):
    %n = linalg.index 0 : index
    %ch = linalg.index 1 : index
    %h = linalg.index 2 : index
    %w = linalg.index 3 : index
    %dx = tensor.dim %x, %c1 : tensor<1x2x4x4xf32>
    %in0 = arith.cmpi ult, %ch, %dx : index
    %val = scf.if %in0 -> (f32) {
      %ex = tensor.extract %x[%n, %ch, %h, %w] : tensor<1x2x4x4xf32>
      scf.yield %ex : f32
    } else {
      %cy = arith.subi %ch, %dx : index
      %ey = tensor.extract %y[%n, %cy, %h, %w] : tensor<1x2x4x4xf32>
      scf.yield %ey : f32
    }
    linalg.yield %val : f32
  } -> tensor<1x4x4x4xf32>
  %mb = linalg.generic {indexing_maps = [#bc, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%m : tensor<4x1x1xf32>) outs(%e : tensor<1x4x4x4xf32>) {
  ^bb0(%i: f32, %o: f32):
    linalg.yield %i : f32
  } -> tensor<1x4x4x4xf32>
  %s1 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%joined, %mb : tensor<1x4x4x4xf32>, tensor<1x4x4x4xf32>) outs(%e : tensor<1x4x4x4xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %d = arith.subf %i, %j : f32
    linalg.yield %d : f32
  } -> tensor<1x4x4x4xf32>
  %rb = linalg.generic {indexing_maps = [#bc, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%r3 : tensor<4x1x1xf32>) outs(%e : tensor<1x4x4x4xf32>) {
  ^bb0(%i: f32, %o: f32):
    linalg.yield %i : f32
  } -> tensor<1x4x4x4xf32>
  %s2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%s1, %rb : tensor<1x4x4x4xf32>, tensor<1x4x4x4xf32>) outs(%e : tensor<1x4x4x4xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %p = arith.mulf %i, %j : f32
    linalg.yield %p : f32
  } -> tensor<1x4x4x4xf32>
  return %s2 : tensor<1x4x4x4xf32>
}
