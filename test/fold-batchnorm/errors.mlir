// Errors of the fold, at the op, from the pass and from pt2e-annotate (which
// folds first), with the module left as it was: a BatchNorm constant whose
// dense_resource has no blob (a model file cut short), and a weight too
// large to fold.
// RUN: %pt2e_opt %s --split-input-file --verify-diagnostics -p 'builtin.module(pt2e-fold-batchnorm)'
// RUN: %pt2e_opt %s --split-input-file --verify-diagnostics -p 'builtin.module(pt2e-annotate)'
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-fold-batchnorm)' 2>&1 | FileCheck %s
// CHECK: errors.mlir:[[@LINE+7]]:{{.*}} error: 'pt2e-fold-batchnorm': the constant's dense_resource has no blob
func.func @missing_blob(%x: tensor<1x1x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %eps = arith.constant 0.0 : f64
  %w = arith.constant dense<[[[[2.0]]], [[[3.0]]]]> : tensor<2x1x1x1xf32>
  %mean = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  // expected-error@+1 {{'pt2e-fold-batchnorm': the constant's dense_resource has no blob in this file (its dialect_resources entry is missing)}}
  %var = arith.constant dense_resource<missing> : tensor<2xf32>
  %e = tensor.empty() : tensor<1x2x4x4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x1x4x4xf32>, tensor<2x1x1x1xf32>) outs(%init : tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %e2 = tensor.empty() : tensor<2xf32>
  %ve = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%var : tensor<2xf32>) outs(%e2 : tensor<2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %t = arith.truncf %eps : f64 to f32
    %s = arith.addf %in, %t : f32
    linalg.yield %s : f32
  } -> tensor<2xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%ve : tensor<2xf32>) outs(%e2 : tensor<2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = math.rsqrt %in : f32
    linalg.yield %s : f32
  } -> tensor<2xf32>
  %gamma = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %beta = arith.constant dense<[0.5, -0.5]> : tensor<2xf32>
  %m3 = tensor.expand_shape %mean [[0, 1, 2]] output_shape [2, 1, 1] : tensor<2xf32> into tensor<2x1x1xf32>
  %r3 = tensor.expand_shape %r [[0, 1, 2]] output_shape [2, 1, 1] : tensor<2xf32> into tensor<2x1x1xf32>
  %g3 = tensor.expand_shape %gamma [[0, 1, 2]] output_shape [2, 1, 1] : tensor<2xf32> into tensor<2x1x1xf32>
  %b3 = tensor.expand_shape %beta [[0, 1, 2]] output_shape [2, 1, 1] : tensor<2xf32> into tensor<2x1x1xf32>
  %1 = linalg.generic { indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %m3 : tensor<1x2x4x4xf32>, tensor<2x1x1xf32>) outs(%e : tensor<1x2x4x4xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.subf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<1x2x4x4xf32>
  %2 = linalg.generic { indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%1, %r3 : tensor<1x2x4x4xf32>, tensor<2x1x1xf32>) outs(%e : tensor<1x2x4x4xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.mulf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<1x2x4x4xf32>
  %3 = linalg.generic { indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2, %g3 : tensor<1x2x4x4xf32>, tensor<2x1x1xf32>) outs(%e : tensor<1x2x4x4xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.mulf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<1x2x4x4xf32>
  %4 = linalg.generic { indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%3, %b3 : tensor<1x2x4x4xf32>, tensor<2x1x1xf32>) outs(%e : tensor<1x2x4x4xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<1x2x4x4xf32>
  return %4 : tensor<1x2x4x4xf32>
}

// -----

// A splat weight of a huge shape is one value in the file but numel floats
// once folded: an error at the weight, as pt2e-convert's max-weight-mb.
func.func @huge_weight(%x: tensor<1x2048x4x4xf32>) -> tensor<1x1048576x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %eps = arith.constant 0.0 : f64
  // expected-error@+1 {{'pt2e-fold-batchnorm': folding this weight (2147483648 elements) needs more than 4096 MiB}}
  %w = arith.constant dense<2.0> : tensor<1048576x2048x1x1xf32>
  %mean = arith.constant dense<1.0> : tensor<1048576xf32>
  %var = arith.constant dense<4.0> : tensor<1048576xf32>
  %e = tensor.empty() : tensor<1x1048576x4x4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x1048576x4x4xf32>) -> tensor<1x1048576x4x4xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x2048x4x4xf32>, tensor<1048576x2048x1x1xf32>) outs(%init : tensor<1x1048576x4x4xf32>) -> tensor<1x1048576x4x4xf32>
  %e2 = tensor.empty() : tensor<1048576xf32>
  %ve = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%var : tensor<1048576xf32>) outs(%e2 : tensor<1048576xf32>) {
  ^bb0(%in: f32, %out: f32):
    %t = arith.truncf %eps : f64 to f32
    %s = arith.addf %in, %t : f32
    linalg.yield %s : f32
  } -> tensor<1048576xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%ve : tensor<1048576xf32>) outs(%e2 : tensor<1048576xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = math.rsqrt %in : f32
    linalg.yield %s : f32
  } -> tensor<1048576xf32>
  %beta = arith.constant dense<0.5> : tensor<1048576xf32>
  %m3 = tensor.expand_shape %mean [[0, 1, 2]] output_shape [1048576, 1, 1] : tensor<1048576xf32> into tensor<1048576x1x1xf32>
  %r3 = tensor.expand_shape %r [[0, 1, 2]] output_shape [1048576, 1, 1] : tensor<1048576xf32> into tensor<1048576x1x1xf32>
  %b3 = tensor.expand_shape %beta [[0, 1, 2]] output_shape [1048576, 1, 1] : tensor<1048576xf32> into tensor<1048576x1x1xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %m3 : tensor<1x1048576x4x4xf32>, tensor<1048576x1x1xf32>) outs(%e : tensor<1x1048576x4x4xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.subf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<1x1048576x4x4xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%1, %r3 : tensor<1x1048576x4x4xf32>, tensor<1048576x1x1xf32>) outs(%e : tensor<1x1048576x4x4xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.mulf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<1x1048576x4x4xf32>
  %3 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2, %b3 : tensor<1x1048576x4x4xf32>, tensor<1048576x1x1xf32>) outs(%e : tensor<1x1048576x4x4xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<1x1048576x4x4xf32>
  return %3 : tensor<1x1048576x4x4xf32>
}
