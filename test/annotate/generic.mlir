// Convolutions written as linalg.generic (as StableHLO's lowering writes
// them) are recognised by their maps and body, never by a name; ops with a
// convolution's maps that do not multiply-accumulate are not convolutions.
// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-annotate)' | FileCheck %s
// RUN: %pt2e_opt %s --split-input-file -p "builtin.module(pt2e-annotate,pt2e-annotate)" | FileCheck %s

#in = affine_map<(n, oh, ow, f, kh, kw, c) -> (n, oh * 2 + kh, ow * 2 + kw, c)>
#fl = affine_map<(n, oh, ow, f, kh, kw, c) -> (kh, kw, c, f)>
#out = affine_map<(n, oh, ow, f, kh, kw, c) -> (n, oh, ow, f)>
// CHECK-LABEL: func.func @strided_conv_nhwc
// CHECK: linalg.generic {{.*}}pt2e.annotation = {inputs = [{{{.*}}observer = "histogram"{{.*}}}, {ch_axis = 3 : i64, {{.*}}observer = "per_channel_minmax"{{.*}}}], output = {{{.*}}observer = "histogram"
func.func @strided_conv_nhwc(%x: tensor<1x9x9x3xf32>) -> tensor<1x4x4x8xf32> {
  %w = arith.constant dense<0.5> : tensor<3x3x3x8xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x4x4x8xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
  %c = linalg.generic {indexing_maps = [#in, #fl, #out], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%x, %w : tensor<1x9x9x3xf32>, tensor<3x3x3x8xf32>) outs(%z : tensor<1x4x4x8xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<1x4x4x8xf32>
  return %c : tensor<1x4x4x8xf32>
}

// -----

#in = affine_map<(n, oh, ow, f, kh, kw, c) -> (n, oh + kh, ow + kw, c)>
#fl = affine_map<(n, oh, ow, f, kh, kw, c) -> (kh, kw, c, f)>
#out = affine_map<(n, oh, ow, f, kh, kw, c) -> (n, oh, ow, f)>
// A convolution's maps, but out + in + w: not a convolution.
// CHECK-LABEL: func.func @conv_maps_adding
// CHECK-NOT: pt2e.annotation
func.func @conv_maps_adding(%x: tensor<1x8x8x3xf32>) -> tensor<1x6x6x8xf32> {
  %w = arith.constant dense<0.5> : tensor<3x3x3x8xf32>
  %e = tensor.empty() : tensor<1x6x6x8xf32>
  %c = linalg.generic {indexing_maps = [#in, #fl, #out], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%x, %w : tensor<1x8x8x3xf32>, tensor<3x3x3x8xf32>) outs(%e : tensor<1x6x6x8xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.addf %a, %b : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<1x6x6x8xf32>
  return %c : tensor<1x6x6x8xf32>
}

// -----

#in = affine_map<(n, c, oh, ow, kh, kw) -> (n, c, oh * 2 + kh, ow * 2 + kw)>
#win = affine_map<(n, c, oh, ow, kh, kw) -> (kh, kw)>
#out = affine_map<(n, c, oh, ow, kh, kw) -> (n, c, oh, ow)>
// A sum pool (avg_pool2d before its division) in generic form: a
// convolution's maps with a window operand, summed: left alone, as
// XNNPACK leaves avg_pool2d.
// CHECK-LABEL: func.func @sum_pool_generic
// CHECK-NOT: pt2e.annotation
func.func @sum_pool_generic(%x: tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32> {
  %win = tensor.empty() : tensor<2x2xf32>
  %e = tensor.empty() : tensor<1x4x4x4xf32>
  %p = linalg.generic {indexing_maps = [#in, #win, #out], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%x, %win : tensor<1x4x8x8xf32>, tensor<2x2xf32>) outs(%e : tensor<1x4x4x4xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %s = arith.addf %acc, %a : f32
    linalg.yield %s : f32
  } -> tensor<1x4x4x4xf32>
  return %p : tensor<1x4x4x4xf32>
}

// -----

#in = affine_map<(n, oh, ow, f, kh, kw, c) -> (n, oh + kh, ow + kw, c)>
#fl = affine_map<(n, oh, ow, f, kh, kw, c) -> (kh, kw, c, f)>
#out = affine_map<(n, oh, ow, f, kh, kw, c) -> (n, oh, ow, f)>
// StableHLO: the filter is a function argument; it is the conv's weight.
// CHECK-LABEL: func.func @conv_weight_argument
// CHECK: linalg.generic {{.*}}pt2e.annotation = {inputs = [{{{.*}}observer = "histogram"{{.*}}}, {ch_axis = 3 : i64, {{.*}}observer = "per_channel_minmax"
func.func @conv_weight_argument(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x8xf32>) -> tensor<1x6x6x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x6x6x8xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<1x6x6x8xf32>) -> tensor<1x6x6x8xf32>
  %c = linalg.generic {indexing_maps = [#in, #fl, #out], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%x, %w : tensor<1x8x8x3xf32>, tensor<3x3x3x8xf32>) outs(%z : tensor<1x6x6x8xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<1x6x6x8xf32>
  return %c : tensor<1x6x6x8xf32>
}

// -----

// A full-rank argument added to a linear's output is an activation (a
// residual), not a bias: the linear keeps its output, the add is an add of
// two activations. A rank-1 argument broadcast into the add is a bias and
// joins the linear (both forms of StableHLO's lowering: linalg.broadcast +
// linalg.map, and a copying generic).
// CHECK-LABEL: func.func @residual_argument
// CHECK: linalg.matmul {pt2e.annotation = {inputs = [{{{.*}}}, {ch_axis = 1 : i64{{.*}}}], output =
// CHECK: linalg.map { arith.addf } {{.*}}pt2e.annotation = {inputs = [{{{.*}}observer = "histogram"{{.*}}}, {{{.*}}observer = "histogram"{{.*}}}], output =
// CHECK-LABEL: func.func @bias_argument
// CHECK: linalg.matmul {pt2e.annotation = {inputs = [{{{.*}}}, {ch_axis = 1 : i64{{.*}}}]}}
// CHECK: linalg.broadcast
// CHECK-NOT: pt2e.annotation
// CHECK: linalg.map { arith.addf } {{.*}}pt2e.annotation = {output =
func.func @residual_argument(%x: tensor<4x8xf32>, %w: tensor<8x8xf32>) -> tensor<4x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x8xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %m = linalg.matmul ins(%x, %w : tensor<4x8xf32>, tensor<8x8xf32>) outs(%z : tensor<4x8xf32>) -> tensor<4x8xf32>
  %a = linalg.map { arith.addf } ins(%m, %x : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>)
  return %a : tensor<4x8xf32>
}
func.func @bias_argument(%x: tensor<4x8xf32>, %w: tensor<8x8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x8xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %m = linalg.matmul ins(%x, %w : tensor<4x8xf32>, tensor<8x8xf32>) outs(%z : tensor<4x8xf32>) -> tensor<4x8xf32>
  %bb = linalg.broadcast ins(%b : tensor<8xf32>) outs(%e : tensor<4x8xf32>) dimensions = [0]
  %a = linalg.map { arith.addf } ins(%m, %bb : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>)
  return %a : tensor<4x8xf32>
}

// -----

// Only f32 is quantized (XNNPACK's float32 check): an i8 x i8 -> i32 matmul
// of arguments and an f64 linear are left alone.
// CHECK-LABEL: func.func @matmul_i8_arguments
// CHECK-NOT: pt2e.annotation
// CHECK-LABEL: func.func @linear_f64
// CHECK-NOT: pt2e.annotation
func.func @matmul_i8_arguments(%a: tensor<5x7xi8>, %b: tensor<7x6xi8>) -> tensor<5x6xi32> {
  %c0 = arith.constant 0 : i32
  %e = tensor.empty() : tensor<5x6xi32>
  %z = linalg.fill ins(%c0 : i32) outs(%e : tensor<5x6xi32>) -> tensor<5x6xi32>
  %m = linalg.matmul ins(%a, %b : tensor<5x7xi8>, tensor<7x6xi8>) outs(%z : tensor<5x6xi32>) -> tensor<5x6xi32>
  return %m : tensor<5x6xi32>
}
func.func @linear_f64(%a: tensor<5x7xf64>) -> tensor<5x6xf64> {
  %b = arith.constant dense<0.5> : tensor<7x6xf64>
  %c0 = arith.constant 0.0 : f64
  %e = tensor.empty() : tensor<5x6xf64>
  %z = linalg.fill ins(%c0 : f64) outs(%e : tensor<5x6xf64>) -> tensor<5x6xf64>
  %m = linalg.matmul ins(%a, %b : tensor<5x7xf64>, tensor<7x6xf64>) outs(%z : tensor<5x6xf64>) -> tensor<5x6xf64>
  return %m : tensor<5x6xf64>
}

// -----

#t = affine_map<(d0, d1) -> (d1, d0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
// x @ W^T with W [out, in] an argument transposed by the generic form of
// linalg.transpose: W is the linear's weight (observed after the transpose,
// the matmul's operand 1, channel axis 1); the generic transpose of the
// linear's output is a permute, sharing its observer.
// CHECK-LABEL: func.func @weight_argument_transposed
// CHECK: linalg.generic
// CHECK-NOT: pt2e.annotation
// CHECK: linalg.matmul {pt2e.annotation = {inputs = [{{{.*}}observer = "histogram"{{.*}}}, {ch_axis = 1 : i64, {{.*}}observer = "per_channel_minmax"{{.*}}}], output = {{{.*}}}}, pt2e.id = "linear_0"}
// CHECK: linalg.generic {{.*}}pt2e.annotation = {inputs = [{shared = {op = "linear_0", result = 0 : i64}}], output = {shared = {op = "linear_0", result = 0 : i64}}}
func.func @weight_argument_transposed(%x: tensor<4x16xf32>, %w: tensor<8x16xf32>) -> tensor<8x4xf32> {
  %e = tensor.empty() : tensor<16x8xf32>
  %wt = linalg.generic {indexing_maps = [#t, #id], iterator_types = ["parallel", "parallel"]} ins(%w : tensor<8x16xf32>) outs(%e : tensor<16x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<16x8xf32>
  %zero = arith.constant 0.0 : f32
  %e2 = tensor.empty() : tensor<4x8xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e2 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %m = linalg.matmul ins(%x, %wt : tensor<4x16xf32>, tensor<16x8xf32>) outs(%z : tensor<4x8xf32>) -> tensor<4x8xf32>
  %e3 = tensor.empty() : tensor<8x4xf32>
  %mt = linalg.generic {indexing_maps = [#t, #id], iterator_types = ["parallel", "parallel"]} ins(%m : tensor<4x8xf32>) outs(%e3 : tensor<8x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<8x4xf32>
  return %mt : tensor<8x4xf32>
}
