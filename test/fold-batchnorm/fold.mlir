// pt2e-fold-batchnorm on hand-written torch-mlir-style IR (the form of
// Inputs/*.linalg.mlir with small exact numbers: eps 0, var 4 and 0.25, so
// rsqrt is 0.5 and 2): what is folded, into what, and what is left alone
// without a word (a pattern that is not there, as for PT2E).
// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-fold-batchnorm)' | FileCheck %s
// The same through Debian's mlir-opt with the plugin:
// RUN: %mlir_opt_pt2e %s --split-input-file --pass-pipeline='builtin.module(pt2e-fold-batchnorm)' | FileCheck %s
// Twice is once; pt2e-annotate folds first, and twice again changes nothing.
// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-fold-batchnorm,pt2e-fold-batchnorm)' | FileCheck %s
// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-annotate)' | FileCheck %s --check-prefix=ANN
// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-annotate)' -o %t.once
// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-annotate,pt2e-annotate)' | diff %t.once -

// A conv without bias: w' = w * gamma * rsqrt = [2*1*0.5, 3*2*2]; the
// BatchNorm's final add stays, adding b' = ((0 - mean) * rsqrt) * gamma + beta.
// CHECK-LABEL: func.func @folded
// CHECK: %[[W:.*]] = arith.constant dense<{{\[\[\[\[}}1.000000e+00]]], {{\[\[\[}}1.200000e+01]]]]> : tensor<2x1x1x1xf32>
// CHECK: %[[C:.*]] = linalg.conv_2d_nchw_fchw {{.*}} ins(%arg0, %[[W]] :
// CHECK-NEXT: %[[B:.*]] = arith.constant dense<{{\[\[\[}}0.000000e+00]], {{\[\[}}-8.500000e+00]]]> : tensor<2x1x1xf32>
// CHECK-NEXT: linalg.generic {{.*}} ins(%[[C]], %[[B]] :
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.addf
// CHECK-NOT: linalg.generic
// CHECK-NOT: math.rsqrt
// CHECK: return
// ANN-LABEL: func.func @folded
// ANN: linalg.conv_2d_nchw_fchw {{.*}}pt2e.annotation = {inputs = [{{.*}}observer = "histogram"{{.*}}observer = "per_channel_minmax"
// ANN: linalg.generic {{.*}}pt2e.annotation = {output = {{.*}}observer = "histogram"
// ANN-NOT: math.rsqrt
func.func @folded(%x: tensor<1x1x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %eps = arith.constant 0.0 : f64
  %w = arith.constant dense<[[[[2.0]]], [[[3.0]]]]> : tensor<2x1x1x1xf32>
  %mean = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %var = arith.constant dense<[4.0, 0.25]> : tensor<2xf32>
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

// The same on a [1, 2, 1, 1] activation, as torch-mlir writes it there
// (ResNet-18's last stage on a 32x32 input): the [2, 1, 1] statistics are
// read with (d1, d2, d3), whose d2 and d3 only run over 0.
// CHECK-LABEL: func.func @folded_1x1_spatial
// CHECK: %[[W:.*]] = arith.constant dense<{{\[\[\[\[}}1.000000e+00]]], {{\[\[\[}}1.200000e+01]]]]> : tensor<2x1x1x1xf32>
// CHECK: %[[C:.*]] = linalg.conv_2d_nchw_fchw {{.*}} ins(%arg0, %[[W]] :
// CHECK-NEXT: %[[B:.*]] = arith.constant dense<{{\[\[\[}}0.000000e+00]], {{\[\[}}-8.500000e+00]]]> : tensor<2x1x1xf32>
// CHECK-NEXT: linalg.generic {{.*}} ins(%[[C]], %[[B]] :
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.addf
// CHECK-NOT: linalg.generic
// CHECK-NOT: math.rsqrt
// CHECK: return
// ANN-LABEL: func.func @folded_1x1_spatial
// ANN-NOT: pt2e.unquantized
// ANN: return
func.func @folded_1x1_spatial(%x: tensor<1x1x1x1xf32>) -> tensor<1x2x1x1xf32> {
  %zero = arith.constant 0.0 : f32
  %eps = arith.constant 0.0 : f64
  %w = arith.constant dense<[[[[2.0]]], [[[3.0]]]]> : tensor<2x1x1x1xf32>
  %mean = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %var = arith.constant dense<[4.0, 0.25]> : tensor<2xf32>
  %e = tensor.empty() : tensor<1x2x1x1xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x2x1x1xf32>) -> tensor<1x2x1x1xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x1x1x1xf32>, tensor<2x1x1x1xf32>) outs(%init : tensor<1x2x1x1xf32>) -> tensor<1x2x1x1xf32>
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
  %1 = linalg.generic { indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %m3 : tensor<1x2x1x1xf32>, tensor<2x1x1xf32>) outs(%e : tensor<1x2x1x1xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.subf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<1x2x1x1xf32>
  %2 = linalg.generic { indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%1, %r3 : tensor<1x2x1x1xf32>, tensor<2x1x1xf32>) outs(%e : tensor<1x2x1x1xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.mulf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<1x2x1x1xf32>
  %3 = linalg.generic { indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2, %g3 : tensor<1x2x1x1xf32>, tensor<2x1x1xf32>) outs(%e : tensor<1x2x1x1xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.mulf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<1x2x1x1xf32>
  %4 = linalg.generic { indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%3, %b3 : tensor<1x2x1x1xf32>, tensor<2x1x1xf32>) outs(%e : tensor<1x2x1x1xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<1x2x1x1xf32>
  return %4 : tensor<1x2x1x1xf32>
}

// -----

// With the conv's bias (the broadcast init): the bias is folded in there,
// b' = ((b - mean) * rsqrt) * gamma + beta = [0.5, -12.5], and the whole
// BatchNorm goes.
// CHECK-LABEL: func.func @folded_with_bias
// ANN-LABEL: func.func @folded_with_bias
// CHECK-DAG: %[[W:.*]] = arith.constant dense<{{\[\[\[\[}}1.000000e+00]]], {{\[\[\[}}1.200000e+01]]]]> : tensor<2x1x1x1xf32>
// CHECK-DAG: %[[B:.*]] = arith.constant dense<{{\[}}5.000000e-01, -1.250000e+01]> : tensor<2xf32>
// CHECK: %[[I:.*]] = linalg.broadcast ins(%[[B]] :
// CHECK: %[[C:.*]] = linalg.conv_2d_nchw_fchw {{.*}} ins(%arg0, %[[W]] : {{.*}} outs(%[[I]] :
// CHECK-NEXT: return %[[C]]
func.func @folded_with_bias(%x: tensor<1x1x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %eps = arith.constant 0.0 : f64
  %w = arith.constant dense<[[[[2.0]]], [[[3.0]]]]> : tensor<2x1x1x1xf32>
  %mean = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %var = arith.constant dense<[4.0, 0.25]> : tensor<2xf32>
  %e = tensor.empty() : tensor<1x2x4x4xf32>
  %cb = arith.constant dense<[1.0, -1.0]> : tensor<2xf32>
  %init = linalg.broadcast ins(%cb : tensor<2xf32>) outs(%e : tensor<1x2x4x4xf32>) dimensions = [0, 2, 3]
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

// affine=False (no gamma, beta): ones and zeros, as fuse_conv_bn_weights.
// CHECK-LABEL: func.func @affine_false_with_bias
// CHECK-DAG: arith.constant dense<{{\[\[\[\[}}1.000000e+00]]], {{\[\[\[}}6.000000e+00]]]]> : tensor<2x1x1x1xf32>
// CHECK-DAG: arith.constant dense<{{\[}}0.000000e+00, -6.000000e+00]> : tensor<2xf32>
// CHECK: linalg.conv_2d_nchw_fchw
// CHECK-NEXT: return
func.func @affine_false_with_bias(%x: tensor<1x1x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %eps = arith.constant 0.0 : f64
  %w = arith.constant dense<[[[[2.0]]], [[[3.0]]]]> : tensor<2x1x1x1xf32>
  %mean = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %var = arith.constant dense<[4.0, 0.25]> : tensor<2xf32>
  %e = tensor.empty() : tensor<1x2x4x4xf32>
  %cb = arith.constant dense<[1.0, -1.0]> : tensor<2xf32>
  %init = linalg.broadcast ins(%cb : tensor<2xf32>) outs(%e : tensor<1x2x4x4xf32>) dimensions = [0, 2, 3]
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
  %m3 = tensor.expand_shape %mean [[0, 1, 2]] output_shape [2, 1, 1] : tensor<2xf32> into tensor<2x1x1xf32>
  %r3 = tensor.expand_shape %r [[0, 1, 2]] output_shape [2, 1, 1] : tensor<2xf32> into tensor<2x1x1xf32>
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
  return %2 : tensor<1x2x4x4xf32>
}

// -----

// affine=False and a conv without bias: no add to carry the folded bias, so
// the BatchNorm is left as it is (torch would add a bias parameter; ours has
// no op to put it in without building one).
// CHECK-LABEL: func.func @affine_false_without_bias
// CHECK: math.rsqrt
func.func @affine_false_without_bias(%x: tensor<1x1x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %eps = arith.constant 0.0 : f64
  %w = arith.constant dense<[[[[2.0]]], [[[3.0]]]]> : tensor<2x1x1x1xf32>
  %mean = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %var = arith.constant dense<[4.0, 0.25]> : tensor<2xf32>
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
  %m3 = tensor.expand_shape %mean [[0, 1, 2]] output_shape [2, 1, 1] : tensor<2xf32> into tensor<2x1x1xf32>
  %r3 = tensor.expand_shape %r [[0, 1, 2]] output_shape [2, 1, 1] : tensor<2xf32> into tensor<2x1x1xf32>
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
  return %2 : tensor<1x2x4x4xf32>
}

// -----

// Statistics that are not constants (a function argument): left alone.
// CHECK-LABEL: func.func @variance_not_constant
// CHECK: arith.constant dense<{{\[\[\[\[}}2.000000e+00]]], {{\[\[\[}}3.000000e+00]]]]>
// CHECK: math.rsqrt
// CHECK: arith.subf
func.func @variance_not_constant(%x: tensor<1x1x4x4xf32>, %var: tensor<2xf32>) -> tensor<1x2x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %eps = arith.constant 0.0 : f64
  %w = arith.constant dense<[[[[2.0]]], [[[3.0]]]]> : tensor<2x1x1x1xf32>
  %mean = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
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

// A value inside the chain used twice (the normalised value is returned
// too): folding would change that use, so it is left alone.
// CHECK-LABEL: func.func @chain_value_used_twice
// CHECK: math.rsqrt
// CHECK: arith.subf
func.func @chain_value_used_twice(%x: tensor<1x1x4x4xf32>) -> (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %eps = arith.constant 0.0 : f64
  %w = arith.constant dense<[[[[2.0]]], [[[3.0]]]]> : tensor<2x1x1x1xf32>
  %mean = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %var = arith.constant dense<[4.0, 0.25]> : tensor<2xf32>
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
  return %4, %1 : tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>
}

// -----

// f64: PT2E folds float32 models; other types are left alone.
// CHECK-LABEL: func.func @f64_batch_norm
// CHECK: math.rsqrt
// CHECK: arith.subf
func.func @f64_batch_norm(%x: tensor<1x1x4x4xf64>) -> tensor<1x2x4x4xf64> {
  %zero = arith.constant 0.0 : f64
  %eps = arith.constant 0.0 : f64
  %w = arith.constant dense<[[[[2.0]]], [[[3.0]]]]> : tensor<2x1x1x1xf64>
  %mean = arith.constant dense<[1.0, 2.0]> : tensor<2xf64>
  %var = arith.constant dense<[4.0, 0.25]> : tensor<2xf64>
  %e = tensor.empty() : tensor<1x2x4x4xf64>
  %init = linalg.fill ins(%zero : f64) outs(%e : tensor<1x2x4x4xf64>) -> tensor<1x2x4x4xf64>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x1x4x4xf64>, tensor<2x1x1x1xf64>) outs(%init : tensor<1x2x4x4xf64>) -> tensor<1x2x4x4xf64>
  %e2 = tensor.empty() : tensor<2xf64>
  %ve = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%var : tensor<2xf64>) outs(%e2 : tensor<2xf64>) {
  ^bb0(%in: f64, %out: f64):
    %s = arith.addf %in, %eps : f64
    linalg.yield %s : f64
  } -> tensor<2xf64>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%ve : tensor<2xf64>) outs(%e2 : tensor<2xf64>) {
  ^bb0(%in: f64, %out: f64):
    %s = math.rsqrt %in : f64
    linalg.yield %s : f64
  } -> tensor<2xf64>
  %gamma = arith.constant dense<[1.0, 2.0]> : tensor<2xf64>
  %beta = arith.constant dense<[0.5, -0.5]> : tensor<2xf64>
  %m3 = tensor.expand_shape %mean [[0, 1, 2]] output_shape [2, 1, 1] : tensor<2xf64> into tensor<2x1x1xf64>
  %r3 = tensor.expand_shape %r [[0, 1, 2]] output_shape [2, 1, 1] : tensor<2xf64> into tensor<2x1x1xf64>
  %g3 = tensor.expand_shape %gamma [[0, 1, 2]] output_shape [2, 1, 1] : tensor<2xf64> into tensor<2x1x1xf64>
  %b3 = tensor.expand_shape %beta [[0, 1, 2]] output_shape [2, 1, 1] : tensor<2xf64> into tensor<2x1x1xf64>
  %1 = linalg.generic { indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %m3 : tensor<1x2x4x4xf64>, tensor<2x1x1xf64>) outs(%e : tensor<1x2x4x4xf64>) {
  ^bb0(%a: f64, %b: f64, %o: f64):
    %s = arith.subf %a, %b : f64
    linalg.yield %s : f64
  } -> tensor<1x2x4x4xf64>
  %2 = linalg.generic { indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%1, %r3 : tensor<1x2x4x4xf64>, tensor<2x1x1xf64>) outs(%e : tensor<1x2x4x4xf64>) {
  ^bb0(%a: f64, %b: f64, %o: f64):
    %s = arith.mulf %a, %b : f64
    linalg.yield %s : f64
  } -> tensor<1x2x4x4xf64>
  %3 = linalg.generic { indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2, %g3 : tensor<1x2x4x4xf64>, tensor<2x1x1xf64>) outs(%e : tensor<1x2x4x4xf64>) {
  ^bb0(%a: f64, %b: f64, %o: f64):
    %s = arith.mulf %a, %b : f64
    linalg.yield %s : f64
  } -> tensor<1x2x4x4xf64>
  %4 = linalg.generic { indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%3, %b3 : tensor<1x2x4x4xf64>, tensor<2x1x1xf64>) outs(%e : tensor<1x2x4x4xf64>) {
  ^bb0(%a: f64, %b: f64, %o: f64):
    %s = arith.addf %a, %b : f64
    linalg.yield %s : f64
  } -> tensor<1x2x4x4xf64>
  return %4 : tensor<1x2x4x4xf64>
}

// -----

// An op of the chain already annotated (by hand or a quantizer): the user's
// annotations win, nothing is folded.
// CHECK-LABEL: func.func @annotated
// CHECK: math.rsqrt
// CHECK: arith.subf
func.func @annotated(%x: tensor<1x1x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %eps = arith.constant 0.0 : f64
  %w = arith.constant dense<[[[[2.0]]], [[[3.0]]]]> : tensor<2x1x1x1xf32>
  %mean = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %var = arith.constant dense<[4.0, 0.25]> : tensor<2xf32>
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
  %1 = linalg.generic { pt2e.annotation = {}, indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %m3 : tensor<1x2x4x4xf32>, tensor<2x1x1xf32>) outs(%e : tensor<1x2x4x4xf32>) {
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

// A weight that is a function argument (not a constant) is no weight to
// fold into: left alone (a conv with a block-argument weight crashed here
// once, found by fuzz-pipeline).
// CHECK-LABEL: func.func @weight_argument
// CHECK: math.rsqrt
// CHECK: arith.subf
func.func @weight_argument(%x: tensor<1x1x4x4xf32>, %w: tensor<2x1x1x1xf32>) -> tensor<1x2x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %eps = arith.constant 0.0 : f64
  %mean = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %var = arith.constant dense<[4.0, 0.25]> : tensor<2xf32>
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
