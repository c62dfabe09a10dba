// pt2e-convert folds a weight reached through layout ops (torch-mlir's
// linalg.transpose of a linear's weight, reshapes, TOSA's transpose and
// reshape) into an integer constant in the layout the observer watches:
// element i is the float constant's element under the layout ops' index
// maps, quantized with the observer's qparams, which is what quantizing the
// transposed / reshaped tensor at run time gives (fold-weights=false; the
// numbers: fold-layout.test). The float constant and the layout ops go,
// unless something else reads them.
//
// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-convert)' | FileCheck %s
// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-convert{fold-weights=false})' | FileCheck %s --check-prefix=NOFOLD

#w = {ch_axis = 1 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "per_channel_minmax", qscheme = "per_channel_symmetric", quant_max = 127 : i64, quant_min = -127 : i64}

// The linear's [out, in] = [2, 3] weight transposed to [3, 2], observed with
// ch_axis 1 (the output channels). By hand, column 0 scale 0.25:
// 0.5 -> 2, -0.25 -> -1, 1.0 -> 4; column 1 scale 2^-7: 0.375 -> 48,
// 2.0 -> 256 -> 127 (clamped), -0.625 -> -80.
// CHECK-LABEL: func.func @linear_transpose
// CHECK-NOT: linalg.transpose
// CHECK-NOT: tensor.empty() : tensor<3x2xf32>
// CHECK: %[[K:.*]] = arith.constant dense<{{\[}}[2, 48], [-1, 127], [4, -80]]> : tensor<3x2xi8>
// CHECK-NEXT: %[[S:.*]] = quant.scast %[[K]] {pt2e.name = "activation_post_process_1"} : tensor<3x2xi8> to tensor<3x2x!quant.uniform<i8<-127:127>:f32:1, {2.500000e-01,7.812500e-03}>>
// CHECK-NEXT: %[[D:.*]] = quant.dcast %[[S]]
// CHECK-NOT: arith.constant dense<{{\[}}[5.000000e-01
// CHECK: linalg.matmul ins(%{{.*}}, %[[D]] :
// NOFOLD-LABEL: func.func @linear_transpose
// NOFOLD: %[[T:.*]] = linalg.transpose
// NOFOLD-NEXT: quant.qcast %[[T]]
func.func @linear_transpose(%x: tensor<4x3xf32>) -> tensor<4x2xf32> {
  %w = arith.constant dense<[[0.5, -0.25, 1.0], [0.375, 2.0, -0.625]]> : tensor<2x3xf32>
  %e = tensor.empty() : tensor<3x2xf32>
  %t = linalg.transpose ins(%w : tensor<2x3xf32>) outs(%e : tensor<3x2xf32>) permutation = [1, 0]
  %o = "pt2e.observer"(%t) {name = "activation_post_process_1", spec = #w, scale = array<f32: 0.25, 0.0078125>, zero_point = array<i64: 0, 0>} : (tensor<3x2xf32>) -> tensor<3x2xf32>
  %z = arith.constant dense<0.0> : tensor<4x2xf32>
  %m = linalg.matmul ins(%x, %o : tensor<4x3xf32>, tensor<3x2xf32>) outs(%z : tensor<4x2xf32>) -> tensor<4x2xf32>
  return %m : tensor<4x2xf32>
}

// -----

#w0 = {ch_axis = 0 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "per_channel_minmax", qscheme = "per_channel_symmetric", quant_max = 127 : i64, quant_min = -127 : i64}

// A rank-3 transpose [2, 3, 2] -> [2, 2, 3] (perm [0, 2, 1]) then a collapse
// to [4, 3], observed per row (ch_axis 0): element (r, c) of the observed
// tensor is t[r / 2][r % 2][c] = w[r / 2][c][r % 2]. w[a][b][c] = 4a + 2b + c
// (0 ... 11); every row r gets scale 0.5 (values double), so row r holds
// 2 * w[r / 2][c][r % 2] for c = 0, 1, 2:
//   r 0: w[0][0][0], w[0][1][0], w[0][2][0] = 0, 2, 4   -> 0, 4, 8
//   r 1: w[0][0][1], w[0][1][1], w[0][2][1] = 1, 3, 5   -> 2, 6, 10
//   r 2: 6, 8, 10 -> 12, 16, 20;  r 3: 7, 9, 11 -> 14, 18, 22
// CHECK-LABEL: func.func @transpose_collapse
// CHECK-NOT: linalg.transpose
// CHECK-NOT: tensor.collapse_shape
// CHECK: %[[K:.*]] = arith.constant dense<{{\[}}[0, 4, 8], [2, 6, 10], [12, 16, 20], [14, 18, 22]]> : tensor<4x3xi8>
// CHECK-NEXT: quant.scast %[[K]] {{.*}} : tensor<4x3xi8> to tensor<4x3x!quant.uniform<i8<-127:127>:f32:0, {5.000000e-01,5.000000e-01,5.000000e-01,5.000000e-01}>>
func.func @transpose_collapse(%x: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %w = arith.constant dense<[[[0.0, 1.0], [2.0, 3.0], [4.0, 5.0]], [[6.0, 7.0], [8.0, 9.0], [10.0, 11.0]]]> : tensor<2x3x2xf32>
  %e = tensor.empty() : tensor<2x2x3xf32>
  %t = linalg.transpose ins(%w : tensor<2x3x2xf32>) outs(%e : tensor<2x2x3xf32>) permutation = [0, 2, 1]
  %c = tensor.collapse_shape %t [[0, 1], [2]] : tensor<2x2x3xf32> into tensor<4x3xf32>
  %o = "pt2e.observer"(%c) {name = "w", spec = #w0, scale = array<f32: 0.5, 0.5, 0.5, 0.5>, zero_point = array<i64: 0, 0, 0, 0>} : (tensor<4x3xf32>) -> tensor<4x3xf32>
  %m = arith.mulf %x, %o : tensor<4x3xf32>
  return %m : tensor<4x3xf32>
}

// -----

#w0 = {ch_axis = 0 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "per_channel_minmax", qscheme = "per_channel_symmetric", quant_max = 127 : i64, quant_min = -127 : i64}

// TOSA: a tosa.reshape [4] -> [2, 2] then a tosa.transpose (perms [1, 0]);
// the result is a tosa.const. w = [1, 2, 3, 4] -> [[1, 2], [3, 4]] ->
// [[1, 3], [2, 4]]; row scales 1 and 0.5: [[1, 3], [4, 8]]. The reshape's
// shape operand goes with it.
// CHECK-LABEL: func.func @tosa_reshape_transpose
// CHECK-NOT: tosa.reshape
// CHECK-NOT: tosa.transpose
// CHECK-NOT: tosa.const_shape
// CHECK: %[[K:.*]] = "tosa.const"() <{values = dense<{{\[}}[1, 3], [4, 8]]> : tensor<2x2xi8>}>
// CHECK-NEXT: quant.scast %[[K]]
func.func @tosa_reshape_transpose(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %w = "tosa.const"() <{values = dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>}> : () -> tensor<4xf32>
  %s = tosa.const_shape {values = dense<[2, 2]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %r = tosa.reshape %w, %s : (tensor<4xf32>, !tosa.shape<2>) -> tensor<2x2xf32>
  %t = tosa.transpose %r {perms = array<i32: 1, 0>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %o = "pt2e.observer"(%t) {name = "w", spec = #w0, scale = array<f32: 1.0, 0.5>, zero_point = array<i64: 0, 0>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %m = tosa.add %x, %o : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  return %m : tensor<2x2xf32>
}

// -----

#w = {ch_axis = 1 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "per_channel_minmax", qscheme = "per_channel_symmetric", quant_max = 127 : i64, quant_min = -127 : i64}

// The transposed float weight is also read elsewhere: the observer's side
// is folded all the same, the float transpose stays for its other reader.
// CHECK-LABEL: func.func @layout_shared
// CHECK: %[[W:.*]] = arith.constant dense<{{\[}}[5.000000e-01
// CHECK: %[[T:.*]] = linalg.transpose ins(%[[W]]
// CHECK: %[[K:.*]] = arith.constant dense<{{\[}}[2, 48], [-1, 127], [4, -80]]> : tensor<3x2xi8>
// CHECK: arith.addf %{{.*}}, %[[T]]
func.func @layout_shared(%x: tensor<3x2xf32>) -> (tensor<3x2xf32>, tensor<3x2xf32>) {
  %w = arith.constant dense<[[0.5, -0.25, 1.0], [0.375, 2.0, -0.625]]> : tensor<2x3xf32>
  %e = tensor.empty() : tensor<3x2xf32>
  %t = linalg.transpose ins(%w : tensor<2x3xf32>) outs(%e : tensor<3x2xf32>) permutation = [1, 0]
  %o = "pt2e.observer"(%t) {name = "w", spec = #w, scale = array<f32: 0.25, 0.0078125>, zero_point = array<i64: 0, 0>} : (tensor<3x2xf32>) -> tensor<3x2xf32>
  %m = arith.mulf %x, %o : tensor<3x2xf32>
  %a = arith.addf %x, %t : tensor<3x2xf32>
  return %m, %a : tensor<3x2xf32>, tensor<3x2xf32>
}

// -----

#act = {dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "minmax", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}

// A layout op of an activation is no weight: qcast / dcast at run time.
// CHECK-LABEL: func.func @activation_transpose
// CHECK: %[[T:.*]] = linalg.transpose ins(%arg0
// CHECK-NEXT: quant.qcast %[[T]]
func.func @activation_transpose(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %e = tensor.empty() : tensor<3x2xf32>
  %t = linalg.transpose ins(%x : tensor<2x3xf32>) outs(%e : tensor<3x2xf32>) permutation = [1, 0]
  %o = "pt2e.observer"(%t) {name = "a", spec = #act, scale = array<f32: 0.5>, zero_point = array<i64: 0>} : (tensor<3x2xf32>) -> tensor<3x2xf32>
  return %o : tensor<3x2xf32>
}

// -----

#w = {ch_axis = 1 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "per_channel_minmax", qscheme = "per_channel_symmetric", quant_max = 127 : i64, quant_min = -127 : i64}
#t = affine_map<(d0, d1) -> (d1, d0)>
#id = affine_map<(d0, d1) -> (d0, d1)>

// The generic form of linalg.transpose (linalg-generalize-named-ops): a
// copy whose input map is a permutation. Same values as @linear_transpose.
// CHECK-LABEL: func.func @generic_transpose
// CHECK-NOT: linalg.generic
// CHECK: %[[K:.*]] = arith.constant dense<{{\[}}[2, 48], [-1, 127], [4, -80]]> : tensor<3x2xi8>
// CHECK-NEXT: quant.scast %[[K]]
func.func @generic_transpose(%x: tensor<3x2xf32>) -> tensor<3x2xf32> {
  %w = arith.constant dense<[[0.5, -0.25, 1.0], [0.375, 2.0, -0.625]]> : tensor<2x3xf32>
  %e = tensor.empty() : tensor<3x2xf32>
  %t = linalg.generic {indexing_maps = [#t, #id], iterator_types = ["parallel", "parallel"]} ins(%w : tensor<2x3xf32>) outs(%e : tensor<3x2xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<3x2xf32>
  %o = "pt2e.observer"(%t) {name = "w", spec = #w, scale = array<f32: 0.25, 0.0078125>, zero_point = array<i64: 0, 0>} : (tensor<3x2xf32>) -> tensor<3x2xf32>
  %m = arith.mulf %x, %o : tensor<3x2xf32>
  return %m : tensor<3x2xf32>
}

// -----

#w = {ch_axis = 0 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "per_channel_minmax", qscheme = "per_channel_symmetric", quant_max = 127 : i64, quant_min = -127 : i64}
#b = affine_map<(d0, d1) -> (d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>

// A generic that copies with a map that is no permutation (a broadcast) is
// no layout op: the weight is quantized at run time.
// CHECK-LABEL: func.func @generic_broadcast
// CHECK: %[[B:.*]] = linalg.generic
// CHECK: quant.qcast %[[B]]
func.func @generic_broadcast(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %w = arith.constant dense<[0.5, -0.25, 1.0]> : tensor<3xf32>
  %e = tensor.empty() : tensor<2x3xf32>
  %t = linalg.generic {indexing_maps = [#b, #id], iterator_types = ["parallel", "parallel"]} ins(%w : tensor<3xf32>) outs(%e : tensor<2x3xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<2x3xf32>
  %o = "pt2e.observer"(%t) {name = "w", spec = #w, scale = array<f32: 0.25, 0.0078125>, zero_point = array<i64: 0, 0>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %m = arith.mulf %x, %o : tensor<2x3xf32>
  return %m : tensor<2x3xf32>
}
