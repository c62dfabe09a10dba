// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-annotate)' | FileCheck %s
// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-annotate,pt2e-prepare)' | FileCheck %s --check-prefix=PREP

// torch-mlir's decompositions of aten ops XNNPACKQuantizer annotates none of
// (softmax, _safe_softmax, gelu in erf and tanh form, silu, the math path of
// scaled_dot_product_attention), exported by torch_mlir.fx.export_and_import
// (torch-mlir 20261001, linalg-on-tensors) from F.softmax(x, -1), F.gelu(x),
// F.gelu(x, approximate="tanh"), F.silu(x), F.scaled_dot_product_attention(x,
// x, x). pt2e-annotate claims them whole: no observer lands inside them, and
// their muls, adds and products are never taken as XNNPACK's mul, add or
// linear. What torch's own aten.mul / aten.add around them annotates still
// gets annotated.

// CHECK-LABEL: func.func @softmax
// CHECK-NOT: pt2e.annotation
// CHECK: return
// PREP-LABEL: func.func @softmax
// PREP-NOT: pt2e.observer
// PREP: return
#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
func.func @softmax(%arg0: tensor<2x8x16xf32>) -> tensor<2x8x16xf32> {
  %c0_i64 = arith.constant 0 : i64
  %cst = arith.constant 0xFF800000 : f32
  %cst_0 = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<2x8xi64>
  %1 = linalg.fill ins(%c0_i64 : i64) outs(%0 : tensor<2x8xi64>) -> tensor<2x8xi64>
  %2 = tensor.empty() : tensor<2x8xf32>
  %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<2x8xf32>) -> tensor<2x8xf32>
  %4:2 = linalg.generic {indexing_maps = [#map, #map1, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0 : tensor<2x8x16xf32>) outs(%3, %1 : tensor<2x8xf32>, tensor<2x8xi64>) {
  ^bb0(%in: f32, %out: f32, %out_1: i64):
    %12 = linalg.index 2 : index
    %13 = arith.index_cast %12 : index to i64
    %14 = arith.maximumf %in, %out : f32
    %15 = arith.cmpf ogt, %in, %out : f32
    %16 = arith.select %15, %13, %out_1 : i64
    linalg.yield %14, %16 : f32, i64
  } -> (tensor<2x8xf32>, tensor<2x8xi64>)
  %expanded = tensor.expand_shape %4#0 [[0], [1, 2]] output_shape [2, 8, 1] : tensor<2x8xf32> into tensor<2x8x1xf32>
  %5 = tensor.empty() : tensor<2x8x16xf32>
  %6 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %expanded : tensor<2x8x16xf32>, tensor<2x8x1xf32>) outs(%5 : tensor<2x8x16xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %12 = arith.subf %in, %in_1 : f32
    linalg.yield %12 : f32
  } -> tensor<2x8x16xf32>
  %7 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6 : tensor<2x8x16xf32>) outs(%5 : tensor<2x8x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %12 = math.exp %in : f32
    linalg.yield %12 : f32
  } -> tensor<2x8x16xf32>
  %8 = tensor.empty() : tensor<2x8x1xf32>
  %9 = linalg.fill ins(%cst_0 : f32) outs(%8 : tensor<2x8x1xf32>) -> tensor<2x8x1xf32>
  %10 = linalg.generic {indexing_maps = [#map, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%7 : tensor<2x8x16xf32>) outs(%9 : tensor<2x8x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %12 = arith.addf %in, %out : f32
    linalg.yield %12 : f32
  } -> tensor<2x8x1xf32>
  %11 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%7, %10 : tensor<2x8x16xf32>, tensor<2x8x1xf32>) outs(%5 : tensor<2x8x16xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %12 = arith.divf %in, %in_1 : f32
    linalg.yield %12 : f32
  } -> tensor<2x8x16xf32>
  return %11 : tensor<2x8x16xf32>
}


// -----

// gelu(x) * y: torch annotates the aten.mul (inputs, output), not the gelu.
// CHECK-LABEL: func.func @gelu
// CHECK: math.erf
// CHECK-NOT: pt2e.annotation
// CHECK: } -> tensor<2x8xf32>
// CHECK-NEXT: linalg.generic {{.*}}pt2e.annotation = {inputs = [{{.*}}histogram{{.*}}histogram{{.*}}], output = {{.*}}histogram
// PREP-LABEL: func.func @gelu
// PREP-COUNT-3: pt2e.observer
// PREP-NOT: pt2e.observer
#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @gelu(%arg0: tensor<2x8xf32>, %y: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %cst = arith.constant 1.000000e+00 : f32
  %cst_0 = arith.constant 5.000000e-01 : f32
  %cst_1 = arith.constant 1.41421354 : f32
  %0 = tensor.empty() : tensor<2x8xf32>
  %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<2x8xf32>) outs(%0 : tensor<2x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %2 = arith.divf %in, %cst_1 : f32
    %3 = math.erf %2 : f32
    %4 = arith.addf %3, %cst : f32
    %5 = arith.mulf %4, %cst_0 : f32
    %6 = arith.mulf %in, %5 : f32
    linalg.yield %6 : f32
  } -> tensor<2x8xf32>
  %m = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%1, %y : tensor<2x8xf32>, tensor<2x8xf32>) outs(%0 : tensor<2x8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b : f32
    linalg.yield %p : f32
  } -> tensor<2x8xf32>
  return %m : tensor<2x8xf32>
}


// -----

// CHECK-LABEL: func.func @gelut
// CHECK: math.tanh
// CHECK-NOT: pt2e.annotation
// CHECK: } -> tensor<2x8xf32>
// CHECK-NEXT: linalg.generic {{.*}}pt2e.annotation = {inputs = [{{.*}}histogram{{.*}}histogram{{.*}}], output = {{.*}}histogram
// PREP-LABEL: func.func @gelut
// PREP-COUNT-3: pt2e.observer
// PREP-NOT: pt2e.observer
#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @gelut(%arg0: tensor<2x8xf32>, %y: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %c3_i64 = arith.constant 3 : i64
  %cst = arith.constant 4.471500e-02 : f32
  %cst_0 = arith.constant 7.977240e-01 : f32
  %cst_1 = arith.constant 1.000000e+00 : f32
  %cst_2 = arith.constant 5.000000e-01 : f32
  %0 = tensor.empty() : tensor<2x8xf32>
  %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<2x8xf32>) outs(%0 : tensor<2x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %2 = math.fpowi %in, %c3_i64 : f32, i64
    %3 = arith.mulf %2, %cst : f32
    %4 = arith.addf %in, %3 : f32
    %5 = arith.mulf %4, %cst_0 : f32
    %6 = math.tanh %5 : f32
    %7 = arith.addf %6, %cst_1 : f32
    %8 = arith.mulf %7, %cst_2 : f32
    %9 = arith.mulf %in, %8 : f32
    linalg.yield %9 : f32
  } -> tensor<2x8xf32>
  %m = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%1, %y : tensor<2x8xf32>, tensor<2x8xf32>) outs(%0 : tensor<2x8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b : f32
    linalg.yield %p : f32
  } -> tensor<2x8xf32>
  return %m : tensor<2x8xf32>
}


// -----

// silu(x) + x: its x * sigmoid(x) is no aten.mul; the residual aten.add is
// annotated (both inputs, output).
// CHECK-LABEL: func.func @silu
// CHECK: arith.negf
// CHECK-NOT: pt2e.annotation
// CHECK: arith.mulf
// CHECK: } -> tensor<2x8xf32>
// CHECK-NEXT: linalg.generic {{.*}}pt2e.annotation = {inputs = [{{.*}}histogram{{.*}}histogram{{.*}}], output = {{.*}}histogram
// CHECK: arith.addf
// PREP-LABEL: func.func @silu
// PREP-COUNT-3: pt2e.observer
// PREP-NOT: pt2e.observer
#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @silu(%arg0: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %cst = arith.constant 1.000000e+00 : f32
  %0 = tensor.empty() : tensor<2x8xf32>
  %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<2x8xf32>) outs(%0 : tensor<2x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %3 = arith.negf %in : f32
    %4 = math.exp %3 : f32
    %5 = arith.addf %4, %cst : f32
    %6 = arith.divf %cst, %5 : f32
    linalg.yield %6 : f32
  } -> tensor<2x8xf32>
  %2 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %1 : tensor<2x8xf32>, tensor<2x8xf32>) outs(%0 : tensor<2x8xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %3 = arith.mulf %in, %in_0 : f32
    linalg.yield %3 : f32
  } -> tensor<2x8xf32>
  %r = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%2, %arg0 : tensor<2x8xf32>, tensor<2x8xf32>) outs(%0 : tensor<2x8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.addf %a, %b : f32
    linalg.yield %p : f32
  } -> tensor<2x8xf32>
  return %r : tensor<2x8xf32>
}


// -----

// Q, K and V are the function argument: the attention's second product
// (softmax @ V) has an argument as operand 1, and would be taken as a
// linear with V as its weight if the attention were not claimed.
// CHECK-LABEL: func.func @sdpa
// CHECK-NOT: pt2e.annotation
// CHECK: return
// PREP-LABEL: func.func @sdpa
// PREP-NOT: pt2e.observer
// PREP: return
#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
func.func @sdpa(%arg0: tensor<2x2x8x16xf32>) -> tensor<2x2x8x16xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %c0_i64 = arith.constant 0 : i64
  %cst_0 = arith.constant 0xFF800000 : f32
  %true = arith.constant true
  %cst_1 = arith.constant dense<0.000000e+00> : tensor<2x2x8x8xf32>
  %cst_2 = arith.constant 0xFFF0000000000000 : f64
  %cst_3 = arith.constant 5.000000e-01 : f32
  %0 = tensor.empty() : tensor<2x2x8x16xf32>
  %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg0 : tensor<2x2x8x16xf32>) outs(%0 : tensor<2x2x8x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %28 = arith.mulf %in, %cst_3 : f32
    linalg.yield %28 : f32
  } -> tensor<2x2x8x16xf32>
  %2 = tensor.empty() : tensor<2x2x16x8xf32>
  %transposed = linalg.transpose ins(%arg0 : tensor<2x2x8x16xf32>) outs(%2 : tensor<2x2x16x8xf32>) permutation = [0, 1, 3, 2] 
  %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed : tensor<2x2x16x8xf32>) outs(%2 : tensor<2x2x16x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %28 = arith.mulf %in, %cst_3 : f32
    linalg.yield %28 : f32
  } -> tensor<2x2x16x8xf32>
  %collapsed = tensor.collapse_shape %1 [[0, 1], [2], [3]] : tensor<2x2x8x16xf32> into tensor<4x8x16xf32>
  %collapsed_4 = tensor.collapse_shape %3 [[0, 1], [2], [3]] : tensor<2x2x16x8xf32> into tensor<4x16x8xf32>
  %4 = tensor.empty() : tensor<4x8x8xf32>
  %5 = linalg.fill ins(%cst : f32) outs(%4 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
  %6 = linalg.batch_matmul ins(%collapsed, %collapsed_4 : tensor<4x8x16xf32>, tensor<4x16x8xf32>) outs(%5 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
  %expanded = tensor.expand_shape %6 [[0, 1], [2], [3]] output_shape [2, 2, 8, 8] : tensor<4x8x8xf32> into tensor<2x2x8x8xf32>
  %7 = tensor.empty() : tensor<2x2x8xi64>
  %8 = linalg.fill ins(%c0_i64 : i64) outs(%7 : tensor<2x2x8xi64>) -> tensor<2x2x8xi64>
  %9 = tensor.empty() : tensor<2x2x8xf32>
  %10 = linalg.fill ins(%cst_0 : f32) outs(%9 : tensor<2x2x8xf32>) -> tensor<2x2x8xf32>
  %11:2 = linalg.generic {indexing_maps = [#map, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%expanded : tensor<2x2x8x8xf32>) outs(%10, %8 : tensor<2x2x8xf32>, tensor<2x2x8xi64>) {
  ^bb0(%in: f32, %out: f32, %out_9: i64):
    %28 = linalg.index 3 : index
    %29 = arith.index_cast %28 : index to i64
    %30 = arith.maximumf %in, %out : f32
    %31 = arith.cmpf ogt, %in, %out : f32
    %32 = arith.select %31, %29, %out_9 : i64
    linalg.yield %30, %32 : f32, i64
  } -> (tensor<2x2x8xf32>, tensor<2x2x8xi64>)
  %expanded_5 = tensor.expand_shape %11#0 [[0], [1], [2, 3]] output_shape [2, 2, 8, 1] : tensor<2x2x8xf32> into tensor<2x2x8x1xf32>
  %12 = tensor.empty() : tensor<2x2x8x8xf32>
  %13 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded, %expanded_5 : tensor<2x2x8x8xf32>, tensor<2x2x8x1xf32>) outs(%12 : tensor<2x2x8x8xf32>) {
  ^bb0(%in: f32, %in_9: f32, %out: f32):
    %28 = arith.subf %in, %in_9 : f32
    linalg.yield %28 : f32
  } -> tensor<2x2x8x8xf32>
  %14 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%13 : tensor<2x2x8x8xf32>) outs(%12 : tensor<2x2x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %28 = math.exp %in : f32
    linalg.yield %28 : f32
  } -> tensor<2x2x8x8xf32>
  %15 = tensor.empty() : tensor<2x2x8x1xf32>
  %16 = linalg.fill ins(%cst : f32) outs(%15 : tensor<2x2x8x1xf32>) -> tensor<2x2x8x1xf32>
  %17 = linalg.generic {indexing_maps = [#map, #map2], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%14 : tensor<2x2x8x8xf32>) outs(%16 : tensor<2x2x8x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %28 = arith.addf %in, %out : f32
    linalg.yield %28 : f32
  } -> tensor<2x2x8x1xf32>
  %18 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%14, %17 : tensor<2x2x8x8xf32>, tensor<2x2x8x1xf32>) outs(%12 : tensor<2x2x8x8xf32>) {
  ^bb0(%in: f32, %in_9: f32, %out: f32):
    %28 = arith.divf %in, %in_9 : f32
    linalg.yield %28 : f32
  } -> tensor<2x2x8x8xf32>
  %19 = tensor.empty() : tensor<2x2x8x8xi1>
  %20 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded : tensor<2x2x8x8xf32>) outs(%19 : tensor<2x2x8x8xi1>) {
  ^bb0(%in: f32, %out: i1):
    %28 = arith.extf %in : f32 to f64
    %29 = arith.cmpf oeq, %28, %cst_2 : f64
    linalg.yield %29 : i1
  } -> tensor<2x2x8x8xi1>
  %21 = tensor.empty() : tensor<2x2x8x1xi1>
  %22 = linalg.fill ins(%true : i1) outs(%21 : tensor<2x2x8x1xi1>) -> tensor<2x2x8x1xi1>
  %23 = linalg.generic {indexing_maps = [#map, #map2], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%20 : tensor<2x2x8x8xi1>) outs(%22 : tensor<2x2x8x1xi1>) {
  ^bb0(%in: i1, %out: i1):
    %28 = arith.andi %in, %out : i1
    linalg.yield %28 : i1
  } -> tensor<2x2x8x1xi1>
  %24 = linalg.generic {indexing_maps = [#map2, #map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%23, %cst_1, %18 : tensor<2x2x8x1xi1>, tensor<2x2x8x8xf32>, tensor<2x2x8x8xf32>) outs(%12 : tensor<2x2x8x8xf32>) {
  ^bb0(%in: i1, %in_9: f32, %in_10: f32, %out: f32):
    %28 = arith.select %in, %in_9, %in_10 : f32
    linalg.yield %28 : f32
  } -> tensor<2x2x8x8xf32>
  %collapsed_6 = tensor.collapse_shape %24 [[0, 1], [2], [3]] : tensor<2x2x8x8xf32> into tensor<4x8x8xf32>
  %collapsed_7 = tensor.collapse_shape %arg0 [[0, 1], [2], [3]] : tensor<2x2x8x16xf32> into tensor<4x8x16xf32>
  %25 = tensor.empty() : tensor<4x8x16xf32>
  %26 = linalg.fill ins(%cst : f32) outs(%25 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
  %27 = linalg.batch_matmul ins(%collapsed_6, %collapsed_7 : tensor<4x8x8xf32>, tensor<4x8x16xf32>) outs(%26 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
  %expanded_8 = tensor.expand_shape %27 [[0, 1], [2], [3]] output_shape [2, 2, 8, 16] : tensor<4x8x16xf32> into tensor<2x2x8x16xf32>
  return %expanded_8 : tensor<2x2x8x16xf32>
}


// -----

// The same in TOSA form (as torch-mlir's TOSA output writes them,
// test/oracle-placement/Inputs/gated.tosa.mlir): silu = x * tosa.sigmoid(x),
// softmax = exp(x - reduce_max) * reciprocal(reduce_sum). Only torch's own
// aten.mul after them is annotated.
// CHECK-LABEL: func.func @tosa_silu_softmax
// CHECK-NOT: pt2e.annotation
// CHECK: tosa.reciprocal
// CHECK-NEXT: tosa.mul
// CHECK-NOT: pt2e.annotation
// CHECK-NEXT: tosa.mul {{.*}}pt2e.annotation = {inputs = [{{.*}}histogram{{.*}}histogram{{.*}}], output = {{.*}}histogram
// PREP-LABEL: func.func @tosa_silu_softmax
// PREP-COUNT-3: pt2e.observer
// PREP-NOT: pt2e.observer
func.func @tosa_silu_softmax(%x: tensor<2x8xf32>, %y: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %s = tosa.sigmoid %x : (tensor<2x8xf32>) -> tensor<2x8xf32>
  %silu = tosa.mul %x, %s, %shift : (tensor<2x8xf32>, tensor<2x8xf32>, tensor<1xi8>) -> tensor<2x8xf32>
  %m = tosa.reduce_max %silu {axis = 1 : i32} : (tensor<2x8xf32>) -> tensor<2x1xf32>
  %d = tosa.sub %silu, %m : (tensor<2x8xf32>, tensor<2x1xf32>) -> tensor<2x8xf32>
  %e = tosa.exp %d : (tensor<2x8xf32>) -> tensor<2x8xf32>
  %sum = tosa.reduce_sum %e {axis = 1 : i32} : (tensor<2x8xf32>) -> tensor<2x1xf32>
  %r = tosa.reciprocal %sum : (tensor<2x1xf32>) -> tensor<2x1xf32>
  %sm = tosa.mul %e, %r, %shift : (tensor<2x8xf32>, tensor<2x1xf32>, tensor<1xi8>) -> tensor<2x8xf32>
  %out = tosa.mul %sm, %y, %shift : (tensor<2x8xf32>, tensor<2x8xf32>, tensor<1xi8>) -> tensor<2x8xf32>
  return %out : tensor<2x8xf32>
}


// -----

// layer_norm in TOSA form, as torch-mlir writes LayerNorm(8) (its variance
// in f64 through tosa.cast), then torch's own aten.mul of its output and
// another activation: only that mul is annotated (its two inputs and its
// output), no observer lands inside the norm, and its weight and bias are
// no activations.
// CHECK-LABEL: func.func @tosa_layer_norm
// CHECK-NOT: pt2e.annotation
// CHECK: tosa.add
// CHECK-NOT: pt2e.annotation
// CHECK: tosa.mul {{.*}}pt2e.annotation = {inputs = [{{.*}}histogram{{.*}}histogram{{.*}}], output = {{.*}}histogram
// CHECK-NOT: pt2e.annotation
// PREP-LABEL: func.func @tosa_layer_norm
// PREP-COUNT-3: pt2e.observer
// PREP-NOT: pt2e.observer
func.func @tosa_layer_norm(%arg0: tensor<2x8xf32>, %arg1: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %0 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %1 = "tosa.const"() <{values = dense<1.250000e-01> : tensor<1x1xf64>}> : () -> tensor<1x1xf64>
  %2 = "tosa.const"() <{values = dense<1.250000e-01> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
  %3 = "tosa.const"() <{values = dense<9.99999974E-6> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
  %4 = "tosa.const"() <{values = dense<[[1.0, 0.5, 2.0, 1.5, 1.0, 0.25, 1.0, 3.0]]> : tensor<1x8xf32>}> : () -> tensor<1x8xf32>
  %5 = "tosa.const"() <{values = dense<[[0.0, 0.5, -1.0, 0.0, 0.125, 0.0, 1.0, 0.0]]> : tensor<1x8xf32>}> : () -> tensor<1x8xf32>
  %6 = tosa.cast %arg0 : (tensor<2x8xf32>) -> tensor<2x8xf64>
  %7 = tosa.reduce_sum %6 {axis = 1 : i32} : (tensor<2x8xf64>) -> tensor<2x1xf64>
  %8 = tosa.mul %7, %1, %0 : (tensor<2x1xf64>, tensor<1x1xf64>, tensor<1xi8>) -> tensor<2x1xf64>
  %9 = tosa.sub %6, %8 : (tensor<2x8xf64>, tensor<2x1xf64>) -> tensor<2x8xf64>
  %10 = tosa.mul %9, %9, %0 : (tensor<2x8xf64>, tensor<2x8xf64>, tensor<1xi8>) -> tensor<2x8xf64>
  %11 = tosa.reduce_sum %10 {axis = 1 : i32} : (tensor<2x8xf64>) -> tensor<2x1xf64>
  %12 = tosa.mul %11, %1, %0 : (tensor<2x1xf64>, tensor<1x1xf64>, tensor<1xi8>) -> tensor<2x1xf64>
  %13 = tosa.cast %12 : (tensor<2x1xf64>) -> tensor<2x1xf32>
  %14 = tosa.reduce_sum %arg0 {axis = 1 : i32} : (tensor<2x8xf32>) -> tensor<2x1xf32>
  %15 = tosa.mul %14, %2, %0 : (tensor<2x1xf32>, tensor<1x1xf32>, tensor<1xi8>) -> tensor<2x1xf32>
  %16 = tosa.add %13, %3 : (tensor<2x1xf32>, tensor<1x1xf32>) -> tensor<2x1xf32>
  %17 = tosa.rsqrt %16 : (tensor<2x1xf32>) -> tensor<2x1xf32>
  %18 = tosa.sub %arg0, %15 : (tensor<2x8xf32>, tensor<2x1xf32>) -> tensor<2x8xf32>
  %19 = tosa.mul %18, %17, %0 : (tensor<2x8xf32>, tensor<2x1xf32>, tensor<1xi8>) -> tensor<2x8xf32>
  %20 = tosa.mul %19, %4, %0 : (tensor<2x8xf32>, tensor<1x8xf32>, tensor<1xi8>) -> tensor<2x8xf32>
  %21 = tosa.add %20, %5 : (tensor<2x8xf32>, tensor<1x8xf32>) -> tensor<2x8xf32>
  %22 = tosa.mul %21, %arg1, %0 : (tensor<2x8xf32>, tensor<2x8xf32>, tensor<1xi8>) -> tensor<2x8xf32>
  return %22 : tensor<2x8xf32>
}

// -----

// Near miss: the same chain but centred on the mean of another activation
// (x - mean(y)): no layer norm, so its product with the rsqrt, a mul of two
// activations, stays XNNPACK's mul.
// CHECK-LABEL: func.func @tosa_layer_norm_other_mean
// PREP-LABEL: func.func @tosa_layer_norm_other_mean
// CHECK: tosa.sub
// CHECK-NEXT: tosa.mul {{.*}}pt2e.annotation = {inputs = [{{.*}}histogram{{.*}}histogram{{.*}}], output = {{.*}}histogram
func.func @tosa_layer_norm_other_mean(%arg0: tensor<2x8xf32>, %arg1: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %0 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %2 = "tosa.const"() <{values = dense<1.250000e-01> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
  %3 = "tosa.const"() <{values = dense<9.99999974E-6> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
  %sq = tosa.mul %arg0, %arg0, %0 : (tensor<2x8xf32>, tensor<2x8xf32>, tensor<1xi8>) -> tensor<2x8xf32>
  %ss = tosa.reduce_sum %sq {axis = 1 : i32} : (tensor<2x8xf32>) -> tensor<2x1xf32>
  %v = tosa.mul %ss, %2, %0 : (tensor<2x1xf32>, tensor<1x1xf32>, tensor<1xi8>) -> tensor<2x1xf32>
  %14 = tosa.reduce_sum %arg1 {axis = 1 : i32} : (tensor<2x8xf32>) -> tensor<2x1xf32>
  %15 = tosa.mul %14, %2, %0 : (tensor<2x1xf32>, tensor<1x1xf32>, tensor<1xi8>) -> tensor<2x1xf32>
  %16 = tosa.add %v, %3 : (tensor<2x1xf32>, tensor<1x1xf32>) -> tensor<2x1xf32>
  %17 = tosa.rsqrt %16 : (tensor<2x1xf32>) -> tensor<2x1xf32>
  %18 = tosa.sub %arg0, %15 : (tensor<2x8xf32>, tensor<2x1xf32>) -> tensor<2x8xf32>
  %19 = tosa.mul %18, %17, %0 : (tensor<2x8xf32>, tensor<2x1xf32>, tensor<1xi8>) -> tensor<2x8xf32>
  return %19 : tensor<2x8xf32>
}

// -----

// gelu in TOSA form, erf (F.gelu(x)) and tanh (F.gelu(x, approximate="tanh"),
// its sqrt(2 / pi) a tosa.pow of constants) as torch-mlir writes them, each
// followed by torch's aten.mul with another activation: only the mul is
// annotated.
// CHECK-LABEL: func.func @tosa_gelu
// CHECK-NOT: pt2e.annotation
// CHECK: tosa.erf
// CHECK-NOT: pt2e.annotation
// CHECK: tosa.mul %arg0
// CHECK-NOT: pt2e.annotation
// CHECK: tosa.mul {{.*}}pt2e.annotation = {inputs = [{{.*}}histogram{{.*}}histogram{{.*}}], output = {{.*}}histogram
// PREP-LABEL: func.func @tosa_gelu
// PREP-COUNT-3: pt2e.observer
// PREP-NOT: pt2e.observer
func.func @tosa_gelu(%arg0: tensor<2x8xf32>, %arg1: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %0 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %1 = "tosa.const"() <{values = dense<1.000000e+00> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
  %2 = "tosa.const"() <{values = dense<5.000000e-01> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
  %3 = "tosa.const"() <{values = dense<0.707106769> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
  %4 = tosa.mul %arg0, %3, %0 : (tensor<2x8xf32>, tensor<1x1xf32>, tensor<1xi8>) -> tensor<2x8xf32>
  %5 = tosa.erf %4 : (tensor<2x8xf32>) -> tensor<2x8xf32>
  %6 = tosa.add %5, %1 : (tensor<2x8xf32>, tensor<1x1xf32>) -> tensor<2x8xf32>
  %7 = tosa.mul %2, %6, %0 : (tensor<1x1xf32>, tensor<2x8xf32>, tensor<1xi8>) -> tensor<2x8xf32>
  %8 = tosa.mul %arg0, %7, %0 : (tensor<2x8xf32>, tensor<2x8xf32>, tensor<1xi8>) -> tensor<2x8xf32>
  %9 = tosa.mul %8, %arg1, %0 : (tensor<2x8xf32>, tensor<2x8xf32>, tensor<1xi8>) -> tensor<2x8xf32>
  return %9 : tensor<2x8xf32>
}

// -----

// CHECK-LABEL: func.func @tosa_gelu_tanh
// CHECK-NOT: pt2e.annotation
// CHECK: tosa.tanh
// CHECK-NOT: pt2e.annotation
// CHECK: tosa.mul %6, %13
// CHECK-NOT: pt2e.annotation
// CHECK: tosa.mul {{.*}}pt2e.annotation = {inputs = [{{.*}}histogram{{.*}}histogram{{.*}}], output = {{.*}}histogram
// PREP-LABEL: func.func @tosa_gelu_tanh
// PREP-COUNT-3: pt2e.observer
// PREP-NOT: pt2e.observer
func.func @tosa_gelu_tanh(%arg0: tensor<2x8xf32>, %arg1: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %0 = "tosa.const"() <{values = dense<5.000000e-01> : tensor<2x8xf32>}> : () -> tensor<2x8xf32>
  %1 = "tosa.const"() <{values = dense<1.000000e+00> : tensor<2x8xf32>}> : () -> tensor<2x8xf32>
  %2 = "tosa.const"() <{values = dense<3.000000e+00> : tensor<2x8xf32>}> : () -> tensor<2x8xf32>
  %3 = "tosa.const"() <{values = dense<4.471500e-02> : tensor<2x8xf32>}> : () -> tensor<2x8xf32>
  %4 = "tosa.const"() <{values = dense<0.636619746> : tensor<2x8xf32>}> : () -> tensor<2x8xf32>
  %5 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %6 = tosa.mul %0, %arg0, %5 : (tensor<2x8xf32>, tensor<2x8xf32>, tensor<1xi8>) -> tensor<2x8xf32>
  %7 = tosa.pow %4, %0 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  %8 = tosa.pow %arg0, %2 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  %9 = tosa.mul %3, %8, %5 : (tensor<2x8xf32>, tensor<2x8xf32>, tensor<1xi8>) -> tensor<2x8xf32>
  %10 = tosa.add %arg0, %9 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  %11 = tosa.mul %7, %10, %5 : (tensor<2x8xf32>, tensor<2x8xf32>, tensor<1xi8>) -> tensor<2x8xf32>
  %12 = tosa.tanh %11 : (tensor<2x8xf32>) -> tensor<2x8xf32>
  %13 = tosa.add %12, %1 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  %14 = tosa.mul %6, %13, %5 : (tensor<2x8xf32>, tensor<2x8xf32>, tensor<1xi8>) -> tensor<2x8xf32>
  %15 = tosa.mul %14, %arg1, %5 : (tensor<2x8xf32>, tensor<2x8xf32>, tensor<1xi8>) -> tensor<2x8xf32>
  return %15 : tensor<2x8xf32>
}

// -----

// Near misses of gelu: x * 0.5 * (1 + erf(x * 0.8)) computes no gelu, and
// the right cone whose erf also feeds the function's result is no closed
// gelu (an observer would have to land inside it): neither is claimed, so
// the product x * (...) of two activations is XNNPACK's mul in both.
// CHECK-LABEL: func.func @tosa_gelu_near_misses
// PREP-LABEL: func.func @tosa_gelu_near_misses
// CHECK: tosa.mul %arg0, %7{{.*}}pt2e.annotation = {inputs = [{{.*}}histogram{{.*}}histogram{{.*}}], output = {{.*}}histogram
// CHECK: tosa.mul %arg1, %13{{.*}}pt2e.annotation = {inputs = [{{.*}}histogram{{.*}}histogram{{.*}}], output = {{.*}}histogram
func.func @tosa_gelu_near_misses(%arg0: tensor<2x8xf32>, %arg1: tensor<2x8xf32>) -> (tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xf32>) {
  %0 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %1 = "tosa.const"() <{values = dense<1.000000e+00> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
  %2 = "tosa.const"() <{values = dense<5.000000e-01> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
  %3 = "tosa.const"() <{values = dense<0.800000e+00> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
  %4 = tosa.mul %arg0, %3, %0 : (tensor<2x8xf32>, tensor<1x1xf32>, tensor<1xi8>) -> tensor<2x8xf32>
  %5 = tosa.erf %4 : (tensor<2x8xf32>) -> tensor<2x8xf32>
  %6 = tosa.add %5, %1 : (tensor<2x8xf32>, tensor<1x1xf32>) -> tensor<2x8xf32>
  %7 = tosa.mul %2, %6, %0 : (tensor<1x1xf32>, tensor<2x8xf32>, tensor<1xi8>) -> tensor<2x8xf32>
  %8 = tosa.mul %arg0, %7, %0 : (tensor<2x8xf32>, tensor<2x8xf32>, tensor<1xi8>) -> tensor<2x8xf32>
  %c = "tosa.const"() <{values = dense<0.707106769> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
  %9 = tosa.mul %arg1, %c, %0 : (tensor<2x8xf32>, tensor<1x1xf32>, tensor<1xi8>) -> tensor<2x8xf32>
  %10 = tosa.erf %9 : (tensor<2x8xf32>) -> tensor<2x8xf32>
  %11 = tosa.add %10, %1 : (tensor<2x8xf32>, tensor<1x1xf32>) -> tensor<2x8xf32>
  %12 = tosa.mul %2, %11, %0 : (tensor<1x1xf32>, tensor<2x8xf32>, tensor<1xi8>) -> tensor<2x8xf32>
  %13 = tosa.mul %arg1, %12, %0 : (tensor<2x8xf32>, tensor<2x8xf32>, tensor<1xi8>) -> tensor<2x8xf32>
  return %8, %13, %10 : tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xf32>
}

// -----

// The math path of F.scaled_dot_product_attention(q, k, v) in TOSA form, as
// torch-mlir writes it: q and k^T scaled by head_dim**-0.25, reshaped to
// tosa.matmul's rank 3, softmax with _safe_softmax's guard (tosa.cast to
// f64, equal -inf, reduce_all, select), the product with v, reshaped back.
// Nothing of it is annotated: XNNPACK annotates no sdpa, and the products
// are no linear.
// CHECK-LABEL: func.func @tosa_sdpa
// CHECK-NOT: pt2e.annotation
// CHECK: return
// PREP-LABEL: func.func @tosa_sdpa
// PREP-NOT: pt2e.observer
// PREP: return
func.func @tosa_sdpa(%arg0: tensor<2x2x8x16xf32>, %arg1: tensor<2x2x8x16xf32>, %arg2: tensor<2x2x8x16xf32>) -> tensor<2x2x8x16xf32> {
  %0 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<2x2x8x8xf32>}> : () -> tensor<2x2x8x8xf32>
  %1 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %2 = tosa.const_shape  {values = dense<[4, 8, 16]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %3 = tosa.const_shape  {values = dense<[4, 16, 8]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %4 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
  %5 = tosa.const_shape  {values = dense<[2, 2, 8, 8]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %6 = tosa.const_shape  {values = dense<[4, 8, 8]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %7 = tosa.const_shape  {values = dense<[2, 2, 8, 16]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %8 = "tosa.const"() <{values = dense<5.000000e-01> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %9 = "tosa.const"() <{values = dense<0xFFF0000000000000> : tensor<1x1x1x1xf64>}> : () -> tensor<1x1x1x1xf64>
  %10 = tosa.mul %arg0, %8, %1 : (tensor<2x2x8x16xf32>, tensor<1x1x1x1xf32>, tensor<1xi8>) -> tensor<2x2x8x16xf32>
  %11 = tosa.transpose %arg1 {perms = array<i32: 0, 1, 3, 2>} : (tensor<2x2x8x16xf32>) -> tensor<2x2x16x8xf32>
  %12 = tosa.mul %11, %8, %1 : (tensor<2x2x16x8xf32>, tensor<1x1x1x1xf32>, tensor<1xi8>) -> tensor<2x2x16x8xf32>
  %13 = tosa.reshape %10, %2 : (tensor<2x2x8x16xf32>, !tosa.shape<3>) -> tensor<4x8x16xf32>
  %14 = tosa.reshape %12, %3 : (tensor<2x2x16x8xf32>, !tosa.shape<3>) -> tensor<4x16x8xf32>
  %15 = tosa.matmul %13, %14, %4, %4 : (tensor<4x8x16xf32>, tensor<4x16x8xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<4x8x8xf32>
  %16 = tosa.reshape %15, %5 : (tensor<4x8x8xf32>, !tosa.shape<4>) -> tensor<2x2x8x8xf32>
  %17 = tosa.reduce_max %16 {axis = 3 : i32} : (tensor<2x2x8x8xf32>) -> tensor<2x2x8x1xf32>
  %18 = tosa.sub %16, %17 : (tensor<2x2x8x8xf32>, tensor<2x2x8x1xf32>) -> tensor<2x2x8x8xf32>
  %19 = tosa.exp %18 : (tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32>
  %20 = tosa.reduce_sum %19 {axis = 3 : i32} : (tensor<2x2x8x8xf32>) -> tensor<2x2x8x1xf32>
  %21 = tosa.reciprocal %20 : (tensor<2x2x8x1xf32>) -> tensor<2x2x8x1xf32>
  %22 = tosa.mul %19, %21, %1 : (tensor<2x2x8x8xf32>, tensor<2x2x8x1xf32>, tensor<1xi8>) -> tensor<2x2x8x8xf32>
  %23 = tosa.cast %16 : (tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf64>
  %24 = tosa.equal %23, %9 : (tensor<2x2x8x8xf64>, tensor<1x1x1x1xf64>) -> tensor<2x2x8x8xi1>
  %25 = tosa.reduce_all %24 {axis = 3 : i32} : (tensor<2x2x8x8xi1>) -> tensor<2x2x8x1xi1>
  %26 = tosa.select %25, %0, %22 : (tensor<2x2x8x1xi1>, tensor<2x2x8x8xf32>, tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32>
  %27 = tosa.reshape %26, %6 : (tensor<2x2x8x8xf32>, !tosa.shape<3>) -> tensor<4x8x8xf32>
  %28 = tosa.reshape %arg2, %2 : (tensor<2x2x8x16xf32>, !tosa.shape<3>) -> tensor<4x8x16xf32>
  %29 = tosa.matmul %27, %28, %4, %4 : (tensor<4x8x8xf32>, tensor<4x8x16xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<4x8x16xf32>
  %30 = tosa.reshape %29, %7 : (tensor<4x8x16xf32>, !tosa.shape<4>) -> tensor<2x2x8x16xf32>
  return %30 : tensor<2x2x8x16xf32>
}

// -----

// Near miss of attention: the softmax of a product q k^T that is not
// multiplied by v (its output is the result) is a softmax only; the scale
// muls of q and k^T then are no part of a claimed op and stay XNNPACK's mul.
// CHECK-LABEL: func.func @tosa_attention_weights
// PREP-LABEL: func.func @tosa_attention_weights
// CHECK: tosa.mul %arg0, {{.*}}pt2e.annotation
// CHECK: tosa.mul %{{.*}}pt2e.annotation
// CHECK: tosa.reduce_max
// CHECK-NOT: pt2e.annotation
// CHECK: return
func.func @tosa_attention_weights(%arg0: tensor<2x2x8x16xf32>, %arg1: tensor<2x2x8x16xf32>) -> tensor<2x2x8x8xf32> {
  %0 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<2x2x8x8xf32>}> : () -> tensor<2x2x8x8xf32>
  %1 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %2 = tosa.const_shape  {values = dense<[4, 8, 16]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %3 = tosa.const_shape  {values = dense<[4, 16, 8]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %4 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
  %5 = tosa.const_shape  {values = dense<[2, 2, 8, 8]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %8 = "tosa.const"() <{values = dense<5.000000e-01> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %10 = tosa.mul %arg0, %8, %1 : (tensor<2x2x8x16xf32>, tensor<1x1x1x1xf32>, tensor<1xi8>) -> tensor<2x2x8x16xf32>
  %11 = tosa.transpose %arg1 {perms = array<i32: 0, 1, 3, 2>} : (tensor<2x2x8x16xf32>) -> tensor<2x2x16x8xf32>
  %12 = tosa.mul %11, %8, %1 : (tensor<2x2x16x8xf32>, tensor<1x1x1x1xf32>, tensor<1xi8>) -> tensor<2x2x16x8xf32>
  %13 = tosa.reshape %10, %2 : (tensor<2x2x8x16xf32>, !tosa.shape<3>) -> tensor<4x8x16xf32>
  %14 = tosa.reshape %12, %3 : (tensor<2x2x16x8xf32>, !tosa.shape<3>) -> tensor<4x16x8xf32>
  %15 = tosa.matmul %13, %14, %4, %4 : (tensor<4x8x16xf32>, tensor<4x16x8xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<4x8x8xf32>
  %16 = tosa.reshape %15, %5 : (tensor<4x8x8xf32>, !tosa.shape<4>) -> tensor<2x2x8x8xf32>
  %17 = tosa.reduce_max %16 {axis = 3 : i32} : (tensor<2x2x8x8xf32>) -> tensor<2x2x8x1xf32>
  %18 = tosa.sub %16, %17 : (tensor<2x2x8x8xf32>, tensor<2x2x8x1xf32>) -> tensor<2x2x8x8xf32>
  %19 = tosa.exp %18 : (tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32>
  %20 = tosa.reduce_sum %19 {axis = 3 : i32} : (tensor<2x2x8x8xf32>) -> tensor<2x2x8x1xf32>
  %21 = tosa.reciprocal %20 : (tensor<2x2x8x1xf32>) -> tensor<2x2x8x1xf32>
  %22 = tosa.mul %19, %21, %1 : (tensor<2x2x8x8xf32>, tensor<2x2x8x1xf32>, tensor<1xi8>) -> tensor<2x2x8x8xf32>
  return %22 : tensor<2x2x8x8xf32>
}

// -----

// F.scaled_dot_product_attention(q, q, q, attn_mask=m) (linalg form, as
// torch-mlir 20261001 writes it): the mask is added to Q @ K^T before the
// softmax. torch.export keeps SDPA whole, so XNNPACKQuantizer observes
// nothing inside it; annotated as an add, the add's observer would see a
// causal mask's -inf (skipped), quantize it to 0 and lose the mask.
// CHECK-LABEL: func.func @sdpa_mask
// CHECK-NOT: pt2e.annotation
// CHECK: return
// PREP-LABEL: func.func @sdpa_mask
// PREP-NOT: pt2e.observer
// PREP: return
#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, 0, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
func.func @sdpa_mask(%arg0: tensor<1x2x4x8xf32>, %arg1: tensor<1x1x4x4xf32>) -> tensor<1x2x4x8xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %c0_i64 = arith.constant 0 : i64
  %cst_0 = arith.constant 0xFF800000 : f32
  %true = arith.constant true
  %cst_1 = arith.constant dense<0.000000e+00> : tensor<1x2x4x4xf32>
  %cst_2 = arith.constant 0xFFF0000000000000 : f64
  %cst_3 = arith.constant 0.59460355750136051 : f64
  %0 = tensor.empty() : tensor<1x2x4x8xf32>
  %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg0 : tensor<1x2x4x8xf32>) outs(%0 : tensor<1x2x4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %29 = arith.truncf %cst_3 : f64 to f32
    %30 = arith.mulf %in, %29 : f32
    linalg.yield %30 : f32
  } -> tensor<1x2x4x8xf32>
  %2 = tensor.empty() : tensor<1x2x8x4xf32>
  %transposed = linalg.transpose ins(%arg0 : tensor<1x2x4x8xf32>) outs(%2 : tensor<1x2x8x4xf32>) permutation = [0, 1, 3, 2] 
  %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed : tensor<1x2x8x4xf32>) outs(%2 : tensor<1x2x8x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %29 = arith.truncf %cst_3 : f64 to f32
    %30 = arith.mulf %in, %29 : f32
    linalg.yield %30 : f32
  } -> tensor<1x2x8x4xf32>
  %collapsed = tensor.collapse_shape %1 [[0, 1], [2], [3]] : tensor<1x2x4x8xf32> into tensor<2x4x8xf32>
  %collapsed_4 = tensor.collapse_shape %3 [[0, 1], [2], [3]] : tensor<1x2x8x4xf32> into tensor<2x8x4xf32>
  %4 = tensor.empty() : tensor<2x4x4xf32>
  %5 = linalg.fill ins(%cst : f32) outs(%4 : tensor<2x4x4xf32>) -> tensor<2x4x4xf32>
  %6 = linalg.batch_matmul ins(%collapsed, %collapsed_4 : tensor<2x4x8xf32>, tensor<2x8x4xf32>) outs(%5 : tensor<2x4x4xf32>) -> tensor<2x4x4xf32>
  %expanded = tensor.expand_shape %6 [[0, 1], [2], [3]] output_shape [1, 2, 4, 4] : tensor<2x4x4xf32> into tensor<1x2x4x4xf32>
  %7 = tensor.empty() : tensor<1x2x4x4xf32>
  %8 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded, %arg1 : tensor<1x2x4x4xf32>, tensor<1x1x4x4xf32>) outs(%7 : tensor<1x2x4x4xf32>) {
  ^bb0(%in: f32, %in_9: f32, %out: f32):
    %29 = arith.addf %in, %in_9 : f32
    linalg.yield %29 : f32
  } -> tensor<1x2x4x4xf32>
  %9 = tensor.empty() : tensor<1x2x4xi64>
  %10 = linalg.fill ins(%c0_i64 : i64) outs(%9 : tensor<1x2x4xi64>) -> tensor<1x2x4xi64>
  %11 = tensor.empty() : tensor<1x2x4xf32>
  %12 = linalg.fill ins(%cst_0 : f32) outs(%11 : tensor<1x2x4xf32>) -> tensor<1x2x4xf32>
  %13:2 = linalg.generic {indexing_maps = [#map, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%8 : tensor<1x2x4x4xf32>) outs(%12, %10 : tensor<1x2x4xf32>, tensor<1x2x4xi64>) {
  ^bb0(%in: f32, %out: f32, %out_9: i64):
    %29 = linalg.index 3 : index
    %30 = arith.index_cast %29 : index to i64
    %31 = arith.maximumf %in, %out : f32
    %32 = arith.cmpf ogt, %in, %out : f32
    %33 = arith.select %32, %30, %out_9 : i64
    linalg.yield %31, %33 : f32, i64
  } -> (tensor<1x2x4xf32>, tensor<1x2x4xi64>)
  %expanded_5 = tensor.expand_shape %13#0 [[0], [1], [2, 3]] output_shape [1, 2, 4, 1] : tensor<1x2x4xf32> into tensor<1x2x4x1xf32>
  %14 = linalg.generic {indexing_maps = [#map, #map3, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%8, %expanded_5 : tensor<1x2x4x4xf32>, tensor<1x2x4x1xf32>) outs(%7 : tensor<1x2x4x4xf32>) {
  ^bb0(%in: f32, %in_9: f32, %out: f32):
    %29 = arith.subf %in, %in_9 : f32
    linalg.yield %29 : f32
  } -> tensor<1x2x4x4xf32>
  %15 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%14 : tensor<1x2x4x4xf32>) outs(%7 : tensor<1x2x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %29 = math.exp %in : f32
    linalg.yield %29 : f32
  } -> tensor<1x2x4x4xf32>
  %16 = tensor.empty() : tensor<1x2x4x1xf32>
  %17 = linalg.fill ins(%cst : f32) outs(%16 : tensor<1x2x4x1xf32>) -> tensor<1x2x4x1xf32>
  %18 = linalg.generic {indexing_maps = [#map, #map3], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%15 : tensor<1x2x4x4xf32>) outs(%17 : tensor<1x2x4x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %29 = arith.addf %in, %out : f32
    linalg.yield %29 : f32
  } -> tensor<1x2x4x1xf32>
  %19 = linalg.generic {indexing_maps = [#map, #map3, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%15, %18 : tensor<1x2x4x4xf32>, tensor<1x2x4x1xf32>) outs(%7 : tensor<1x2x4x4xf32>) {
  ^bb0(%in: f32, %in_9: f32, %out: f32):
    %29 = arith.divf %in, %in_9 : f32
    linalg.yield %29 : f32
  } -> tensor<1x2x4x4xf32>
  %20 = tensor.empty() : tensor<1x2x4x4xi1>
  %21 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%8 : tensor<1x2x4x4xf32>) outs(%20 : tensor<1x2x4x4xi1>) {
  ^bb0(%in: f32, %out: i1):
    %29 = arith.extf %in : f32 to f64
    %30 = arith.cmpf oeq, %29, %cst_2 : f64
    linalg.yield %30 : i1
  } -> tensor<1x2x4x4xi1>
  %22 = tensor.empty() : tensor<1x2x4x1xi1>
  %23 = linalg.fill ins(%true : i1) outs(%22 : tensor<1x2x4x1xi1>) -> tensor<1x2x4x1xi1>
  %24 = linalg.generic {indexing_maps = [#map, #map3], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%21 : tensor<1x2x4x4xi1>) outs(%23 : tensor<1x2x4x1xi1>) {
  ^bb0(%in: i1, %out: i1):
    %29 = arith.andi %in, %out : i1
    linalg.yield %29 : i1
  } -> tensor<1x2x4x1xi1>
  %25 = linalg.generic {indexing_maps = [#map3, #map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%24, %cst_1, %19 : tensor<1x2x4x1xi1>, tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) outs(%7 : tensor<1x2x4x4xf32>) {
  ^bb0(%in: i1, %in_9: f32, %in_10: f32, %out: f32):
    %29 = arith.select %in, %in_9, %in_10 : f32
    linalg.yield %29 : f32
  } -> tensor<1x2x4x4xf32>
  %collapsed_6 = tensor.collapse_shape %25 [[0, 1], [2], [3]] : tensor<1x2x4x4xf32> into tensor<2x4x4xf32>
  %collapsed_7 = tensor.collapse_shape %arg0 [[0, 1], [2], [3]] : tensor<1x2x4x8xf32> into tensor<2x4x8xf32>
  %26 = tensor.empty() : tensor<2x4x8xf32>
  %27 = linalg.fill ins(%cst : f32) outs(%26 : tensor<2x4x8xf32>) -> tensor<2x4x8xf32>
  %28 = linalg.batch_matmul ins(%collapsed_6, %collapsed_7 : tensor<2x4x4xf32>, tensor<2x4x8xf32>) outs(%27 : tensor<2x4x8xf32>) -> tensor<2x4x8xf32>
  %expanded_8 = tensor.expand_shape %28 [[0, 1], [2], [3]] output_shape [1, 2, 4, 8] : tensor<2x4x8xf32> into tensor<1x2x4x8xf32>
  return %expanded_8 : tensor<1x2x4x8xf32>
}

// -----

// The same in TOSA form: the tosa.add of the mask, claimed with the attention.
// CHECK-LABEL: func.func @tosa_sdpa_mask
// CHECK-NOT: pt2e.annotation
// CHECK: return
// PREP-LABEL: func.func @tosa_sdpa_mask
// PREP-NOT: pt2e.observer
// PREP: return
func.func @tosa_sdpa_mask(%arg0: tensor<1x2x4x8xf32>, %arg1: tensor<1x1x4x4xf32>) -> tensor<1x2x4x8xf32> {
  %0 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1x2x4x4xf32>}> : () -> tensor<1x2x4x4xf32>
  %1 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %2 = tosa.const_shape  {values = dense<[2, 4, 8]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %3 = tosa.const_shape  {values = dense<[2, 8, 4]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %4 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
  %5 = tosa.const_shape  {values = dense<[1, 2, 4, 4]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %6 = tosa.const_shape  {values = dense<[2, 4, 4]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %7 = tosa.const_shape  {values = dense<[1, 2, 4, 8]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %8 = "tosa.const"() <{values = dense<0.594603539> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %9 = "tosa.const"() <{values = dense<0xFFF0000000000000> : tensor<1x1x1x1xf64>}> : () -> tensor<1x1x1x1xf64>
  %10 = tosa.mul %arg0, %8, %1 : (tensor<1x2x4x8xf32>, tensor<1x1x1x1xf32>, tensor<1xi8>) -> tensor<1x2x4x8xf32>
  %11 = tosa.transpose %arg0 {perms = array<i32: 0, 1, 3, 2>} : (tensor<1x2x4x8xf32>) -> tensor<1x2x8x4xf32>
  %12 = tosa.mul %11, %8, %1 : (tensor<1x2x8x4xf32>, tensor<1x1x1x1xf32>, tensor<1xi8>) -> tensor<1x2x8x4xf32>
  %13 = tosa.reshape %10, %2 : (tensor<1x2x4x8xf32>, !tosa.shape<3>) -> tensor<2x4x8xf32>
  %14 = tosa.reshape %12, %3 : (tensor<1x2x8x4xf32>, !tosa.shape<3>) -> tensor<2x8x4xf32>
  %15 = tosa.matmul %13, %14, %4, %4 : (tensor<2x4x8xf32>, tensor<2x8x4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x4x4xf32>
  %16 = tosa.reshape %15, %5 : (tensor<2x4x4xf32>, !tosa.shape<4>) -> tensor<1x2x4x4xf32>
  %17 = tosa.add %16, %arg1 : (tensor<1x2x4x4xf32>, tensor<1x1x4x4xf32>) -> tensor<1x2x4x4xf32>
  %18 = tosa.reduce_max %17 {axis = 3 : i32} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x1xf32>
  %19 = tosa.sub %17, %18 : (tensor<1x2x4x4xf32>, tensor<1x2x4x1xf32>) -> tensor<1x2x4x4xf32>
  %20 = tosa.exp %19 : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %21 = tosa.reduce_sum %20 {axis = 3 : i32} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x1xf32>
  %22 = tosa.reciprocal %21 : (tensor<1x2x4x1xf32>) -> tensor<1x2x4x1xf32>
  %23 = tosa.mul %20, %22, %1 : (tensor<1x2x4x4xf32>, tensor<1x2x4x1xf32>, tensor<1xi8>) -> tensor<1x2x4x4xf32>
  %24 = tosa.cast %17 : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf64>
  %25 = tosa.equal %24, %9 : (tensor<1x2x4x4xf64>, tensor<1x1x1x1xf64>) -> tensor<1x2x4x4xi1>
  %26 = tosa.reduce_all %25 {axis = 3 : i32} : (tensor<1x2x4x4xi1>) -> tensor<1x2x4x1xi1>
  %27 = tosa.select %26, %0, %23 : (tensor<1x2x4x1xi1>, tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %28 = tosa.reshape %27, %6 : (tensor<1x2x4x4xf32>, !tosa.shape<3>) -> tensor<2x4x4xf32>
  %29 = tosa.reshape %arg0, %2 : (tensor<1x2x4x8xf32>, !tosa.shape<3>) -> tensor<2x4x8xf32>
  %30 = tosa.matmul %28, %29, %4, %4 : (tensor<2x4x4xf32>, tensor<2x4x8xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x4x8xf32>
  %31 = tosa.reshape %30, %7 : (tensor<2x4x8xf32>, !tosa.shape<4>) -> tensor<1x2x4x8xf32>
  return %31 : tensor<1x2x4x8xf32>
}
