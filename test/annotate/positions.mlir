// Positions made float and multiplied by a buffer (the rotary embedding's
// inv_freq * arange(seq).float()): a graph computation in PyTorch, whose
// mul XNNPACKQuantizer annotates (torchao observes the float positions,
// inv_freq and the product), however the frontend wrote the arange: an
// iota generic (linalg.index; torch-mlir's linalg form), a folded integer
// constant converted in a body, TOSA's tosa.cast of a folded constant.
// Both operands are computed from constants, which alone (parameter
// arithmetic, a batch norm's var * gamma) is left unannotated: the
// integer data made float is what tells the two apart.
// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-annotate)' | FileCheck %s
// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-annotate,pt2e-annotate)' | FileCheck %s

#row = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#col = affine_map<(d0, d1, d2) -> (d2)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#id1 = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @iota_positions
// CHECK-NOT: pt2e.annotation
// CHECK: linalg.generic {{.*}}tensor<1x16x1xf32>, tensor<8xf32>){{.*}}pt2e.annotation = {inputs = [{{{.*}}observer = "histogram"{{.*}}}, {{{.*}}observer = "histogram"{{.*}}}], output = {{{.*}}observer = "histogram"
func.func @iota_positions() -> tensor<1x16x8xf32> {
  %inv_freq = arith.constant dense<[1.0, 0.5, 0.25, 0.125, 0.0625, 0.03125, 0.015625, 0.0078125]> : tensor<8xf32>
  %e0 = tensor.empty() : tensor<16xi64>
  %iota = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%e0 : tensor<16xi64>) {
  ^bb0(%out: i64):
    %i = linalg.index 0 : index
    %c = arith.index_cast %i : index to i64
    linalg.yield %c : i64
  } -> tensor<16xi64>
  %pos = tensor.expand_shape %iota [[0, 1, 2]] output_shape [1, 16, 1] : tensor<16xi64> into tensor<1x16x1xi64>
  %e1 = tensor.empty() : tensor<1x16x1xf32>
  %posf = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%pos : tensor<1x16x1xi64>) outs(%e1 : tensor<1x16x1xf32>) {
  ^bb0(%in: i64, %out: f32):
    %f = arith.sitofp %in : i64 to f32
    linalg.yield %f : f32
  } -> tensor<1x16x1xf32>
  %e2 = tensor.empty() : tensor<1x16x8xf32>
  %freqs = linalg.generic {indexing_maps = [#row, #col, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%posf, %inv_freq : tensor<1x16x1xf32>, tensor<8xf32>) outs(%e2 : tensor<1x16x8xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m : f32
  } -> tensor<1x16x8xf32>
  return %freqs : tensor<1x16x8xf32>
}

// -----

#row = affine_map<(d0, d1) -> (d0, 0)>
#col = affine_map<(d0, d1) -> (d1)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
// The arange folded to a constant, converted and multiplied in one body.
// CHECK-LABEL: func.func @folded_positions
// CHECK: linalg.generic {{.*}}tensor<4x1xf32>, tensor<2xf32>){{.*}}pt2e.annotation = {inputs = [{{{.*}}observer = "histogram"{{.*}}}, {{{.*}}observer = "histogram"
func.func @folded_positions() -> tensor<4x2xf32> {
  %pos = arith.constant dense<[[0], [1], [2], [3]]> : tensor<4x1xi64>
  %inv_freq = arith.constant dense<[1.0, 0.01]> : tensor<2xf32>
  %e1 = tensor.empty() : tensor<4x1xf32>
  %posf = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%pos : tensor<4x1xi64>) outs(%e1 : tensor<4x1xf32>) {
  ^bb0(%in: i64, %out: f32):
    %f = arith.sitofp %in : i64 to f32
    linalg.yield %f : f32
  } -> tensor<4x1xf32>
  %e2 = tensor.empty() : tensor<4x2xf32>
  %freqs = linalg.generic {indexing_maps = [#row, #col, #id2], iterator_types = ["parallel", "parallel"]} ins(%posf, %inv_freq : tensor<4x1xf32>, tensor<2xf32>) outs(%e2 : tensor<4x2xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m : f32
  } -> tensor<4x2xf32>
  return %freqs : tensor<4x2xf32>
}

// -----

// torch-mlir's TOSA form: the arange a tosa.const, made float by tosa.cast.
// CHECK-LABEL: func.func @tosa_positions
// CHECK: tosa.mul {{.*}}pt2e.annotation = {inputs = [{{{.*}}observer = "histogram"{{.*}}}, {{{.*}}observer = "histogram"
func.func @tosa_positions() -> tensor<1x4x2xf32> {
  %pos = "tosa.const"() <{values = dense<[[[0], [1], [2], [3]]]> : tensor<1x4x1xi64>}> : () -> tensor<1x4x1xi64>
  %inv_freq = "tosa.const"() <{values = dense<[[[1.0, 0.01]]]> : tensor<1x1x2xf32>}> : () -> tensor<1x1x2xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %posf = tosa.cast %pos : (tensor<1x4x1xi64>) -> tensor<1x4x1xf32>
  %freqs = tosa.mul %posf, %inv_freq, %shift : (tensor<1x4x1xf32>, tensor<1x1x2xf32>, tensor<1xi8>) -> tensor<1x4x2xf32>
  return %freqs : tensor<1x4x2xf32>
}

// -----

// Float parameters alone (and an integer splat made float: a literal, not
// positions): parameter arithmetic, not a PT2E node.
// CHECK-LABEL: func.func @parameter_arithmetic
// CHECK-NOT: pt2e.annotation
func.func @parameter_arithmetic() -> tensor<1x4x2xf32> {
  %a = "tosa.const"() <{values = dense<[[[0.5], [1.5], [2.5], [3.5]]]> : tensor<1x4x1xf32>}> : () -> tensor<1x4x1xf32>
  %two = "tosa.const"() <{values = dense<2> : tensor<1x1x2xi32>}> : () -> tensor<1x1x2xi32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %twof = tosa.cast %two : (tensor<1x1x2xi32>) -> tensor<1x1x2xf32>
  %r = tosa.mul %a, %twof, %shift : (tensor<1x4x1xf32>, tensor<1x1x2xf32>, tensor<1xi8>) -> tensor<1x4x2xf32>
  return %r : tensor<1x4x2xf32>
}
