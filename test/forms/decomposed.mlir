// Ops XNNPACKQuantizer does not annotate, written as cones of elementwise
// ops by torch-mlir (issue 31): a hardsigmoid (x + 3, max 0, min 6, / 6;
// MobileNetV3's squeeze-excite) gets no observer inside it; an eval
// BatchNorm chain with no conv or linear before it (DenseNet's
// pre-activation BatchNorm) gets none either, its constants are not
// observed as activations, and the coverage record names it.
// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-annotate,pt2e-prepare)' 2>/dev/null | FileCheck %s
// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-annotate)' -o /dev/null 2>&1 | FileCheck %s --check-prefix=RECORD
// RECORD-NOT: hardsigmoid
// RECORD: not quantized: 'linalg.generic' at {{.*}}: batch_norm: BatchNorm not folded: it follows no conv or linear

// CHECK-LABEL: func.func @hardsigmoid
// CHECK-NOT: pt2e.observer
// CHECK: return
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @hardsigmoid(%22: tensor<1x8x1x1xf32>) -> tensor<1x8x1x1xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_15 = arith.constant 3.000000e+00 : f32
    %cst_16 = arith.constant 6.000000e+00 : f32
    %15 = tensor.empty() : tensor<1x8x1x1xf32>
    %23 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%22 : tensor<1x8x1x1xf32>) outs(%15 : tensor<1x8x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %35 = arith.addf %in, %cst_15 : f32
      linalg.yield %35 : f32
    } -> tensor<1x8x1x1xf32>
    %24 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%23 : tensor<1x8x1x1xf32>) outs(%15 : tensor<1x8x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %35 = arith.cmpf ult, %in, %cst : f32
      %36 = arith.select %35, %cst, %in : f32
      linalg.yield %36 : f32
    } -> tensor<1x8x1x1xf32>
    %25 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%24 : tensor<1x8x1x1xf32>) outs(%15 : tensor<1x8x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %35 = arith.cmpf ugt, %in, %cst_16 : f32
      %36 = arith.select %35, %cst_16, %in : f32
      linalg.yield %36 : f32
    } -> tensor<1x8x1x1xf32>
    %26 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%25 : tensor<1x8x1x1xf32>) outs(%15 : tensor<1x8x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %35 = arith.divf %in, %cst_16 : f32
      linalg.yield %35 : f32
    } -> tensor<1x8x1x1xf32>
  return %26 : tensor<1x8x1x1xf32>
}

// -----

// CHECK-LABEL: func.func @bn_chain
// CHECK-NOT: pt2e.observer
// CHECK: return
#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
func.func @bn_chain(%x: tensor<1x12x4x4xf32>) -> tensor<1x12x4x4xf32> {
  %cst_13 = arith.constant dense<2.0> : tensor<12xf32>
  %cst_14 = arith.constant dense<0.5> : tensor<12xf32>
  %cst_12 = arith.constant dense<1.5> : tensor<12xf32>
  %cst_11 = arith.constant dense<0.1> : tensor<12xf32>
  %cst_27 = arith.constant 1.0e-05 : f64
    %29 = tensor.empty() : tensor<12xf32>
    %30 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_13 : tensor<12xf32>) outs(%29 : tensor<12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %62 = arith.truncf %cst_27 : f64 to f32
      %63 = arith.addf %in, %62 : f32
      linalg.yield %63 : f32
    } -> tensor<12xf32>
    %31 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%30 : tensor<12xf32>) outs(%29 : tensor<12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %62 = math.rsqrt %in : f32
      linalg.yield %62 : f32
    } -> tensor<12xf32>
    %expanded_44 = tensor.expand_shape %cst_14 [[0, 1, 2]] output_shape [12, 1, 1] : tensor<12xf32> into tensor<12x1x1xf32>
    %expanded_45 = tensor.expand_shape %31 [[0, 1, 2]] output_shape [12, 1, 1] : tensor<12xf32> into tensor<12x1x1xf32>
    %32 = tensor.empty() : tensor<1x12x4x4xf32>
    %33 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x, %expanded_44 : tensor<1x12x4x4xf32>, tensor<12x1x1xf32>) outs(%32 : tensor<1x12x4x4xf32>) {
    ^bb0(%in: f32, %in_58: f32, %out: f32):
      %62 = arith.subf %in, %in_58 : f32
      linalg.yield %62 : f32
    } -> tensor<1x12x4x4xf32>
    %34 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%33, %expanded_45 : tensor<1x12x4x4xf32>, tensor<12x1x1xf32>) outs(%32 : tensor<1x12x4x4xf32>) {
    ^bb0(%in: f32, %in_58: f32, %out: f32):
      %62 = arith.mulf %in, %in_58 : f32
      linalg.yield %62 : f32
    } -> tensor<1x12x4x4xf32>
    %expanded_46 = tensor.expand_shape %cst_12 [[0, 1, 2]] output_shape [12, 1, 1] : tensor<12xf32> into tensor<12x1x1xf32>
    %35 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%34, %expanded_46 : tensor<1x12x4x4xf32>, tensor<12x1x1xf32>) outs(%32 : tensor<1x12x4x4xf32>) {
    ^bb0(%in: f32, %in_58: f32, %out: f32):
      %62 = arith.mulf %in, %in_58 : f32
      linalg.yield %62 : f32
    } -> tensor<1x12x4x4xf32>
    %expanded_47 = tensor.expand_shape %cst_11 [[0, 1, 2]] output_shape [12, 1, 1] : tensor<12xf32> into tensor<12x1x1xf32>
    %36 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%35, %expanded_47 : tensor<1x12x4x4xf32>, tensor<12x1x1xf32>) outs(%32 : tensor<1x12x4x4xf32>) {
    ^bb0(%in: f32, %in_58: f32, %out: f32):
      %62 = arith.addf %in, %in_58 : f32
      linalg.yield %62 : f32
    } -> tensor<1x12x4x4xf32>
  return %36 : tensor<1x12x4x4xf32>
}
