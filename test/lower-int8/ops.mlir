// What pt2e-lower-int8 makes of each kind of unit, on small hand-written
// pt2e-convert outputs (the multipliers and shifts are worked out in the
// comments: scale = multiplier * 2^-shift, multiplier in [2^30, 2^31)).
//
// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-lower-int8)' 2>%t.log | FileCheck %s
// RUN: FileCheck %s --check-prefix=SUMMARY < %t.log
// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-lower-int8)' 2>/dev/null | %mlir_opt --verify-each --split-input-file -o /dev/null

// A linear layer: matmul on a per-channel weight [K, N] (axis 1), the bias
// added by a broadcasting generic, relu. Output zero point -100 is above
// the storage minimum, so the relu is a tosa.clamp at -100.
// Accumulator scales: f32(0.5 * 0.25) = 0.125, f32(0.5 * 0.5) = 0.25;
// rescale to 0.5: 0.25 = 2^30 * 2^-32, 0.5 = 2^30 * 2^-31.
// Bias: round(1.0 / 0.125) = 8, round(-1.0 / 0.25) = -4, added in i32.
// CHECK-LABEL: func.func @linear
// CHECK-DAG: %[[W:.*]] = "tosa.const"() <{values = dense<{{\[\[\[}}1, 2], [3, 4], [5, 6]]]> : tensor<1x3x2xi8>}>
// CHECK-DAG: %[[AZP:.*]] = "tosa.const"() <{values = dense<3> : tensor<1xi8>}>
// CHECK: %[[MM:.*]] = tosa.matmul %{{.*}}, %[[W]], %[[AZP]], %{{.*}} : (tensor<1x4x3xi8>, tensor<1x3x2xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x4x2xi32>
// CHECK: %[[BR:.*]] = "tosa.const"() <{values = dense<{{\[\[\[}}8, -4]]]> : tensor<1x1x2xi32>}>
// CHECK: %[[ADD:.*]] = tosa.add %[[MM]], %[[BR]] : (tensor<1x4x2xi32>, tensor<1x1x2xi32>) -> tensor<1x4x2xi32>
// CHECK-DAG: "tosa.const"() <{values = dense<1073741824> : tensor<2xi32>}>
// CHECK-DAG: "tosa.const"() <{values = dense<[32, 31]> : tensor<2xi8>}>
// CHECK: %[[R:.*]] = tosa.rescale %[[ADD]], {{.*}}per_channel = true{{.*}} -> tensor<1x4x2xi8>
// CHECK: %[[C:.*]] = tosa.clamp %[[R]] {max_val = 127 : i8, min_val = -100 : i8}
// CHECK: tosa.reshape %[[C]], {{.*}} -> tensor<4x2xi8>
// CHECK-NOT: linalg.
#map = affine_map<(d0, d1) -> (d1)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
func.func @linear(%x: tensor<4x3xf32>) -> tensor<4x2xf32> {
  %q = quant.qcast %x : tensor<4x3xf32> to tensor<4x3x!quant.uniform<i8:f32, 0.5:3>>
  %d = quant.dcast %q : tensor<4x3x!quant.uniform<i8:f32, 0.5:3>> to tensor<4x3xf32>
  %wi = arith.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi8>
  %ws = quant.scast %wi : tensor<3x2xi8> to tensor<3x2x!quant.uniform<i8<-127:127>:f32:1, {0.25, 0.5}>>
  %w = quant.dcast %ws : tensor<3x2x!quant.uniform<i8<-127:127>:f32:1, {0.25, 0.5}>> to tensor<3x2xf32>
  %bias = arith.constant dense<[1.0, -1.0]> : tensor<2xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x2xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<4x2xf32>) -> tensor<4x2xf32>
  %mm = linalg.matmul ins(%d, %w : tensor<4x3xf32>, tensor<3x2xf32>) outs(%init : tensor<4x2xf32>) -> tensor<4x2xf32>
  %bb = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%bias : tensor<2xf32>) outs(%e : tensor<4x2xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<4x2xf32>
  %add = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%mm, %bb : tensor<4x2xf32>, tensor<4x2xf32>) outs(%e : tensor<4x2xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %s = arith.addf %in, %in_1 : f32
    linalg.yield %s : f32
  } -> tensor<4x2xf32>
  %relu = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%add : tensor<4x2xf32>) outs(%e : tensor<4x2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %c = arith.cmpf ugt, %in, %zero : f32
    %s = arith.select %c, %in, %zero : f32
    linalg.yield %s : f32
  } -> tensor<4x2xf32>
  %qy = quant.qcast %relu : tensor<4x2xf32> to tensor<4x2x!quant.uniform<i8:f32, 0.5:-100>>
  %dy = quant.dcast %qy : tensor<4x2x!quant.uniform<i8:f32, 0.5:-100>> to tensor<4x2xf32>
  return %dy : tensor<4x2xf32>
}

// -----

// Q8 + Q8 (a residual add) as TFLite's legalization: 2 * max(0.5, 0.25) = 1,
// inputs rescaled to i32 by 0.5 * 2^20 = 2^30 * 2^-11 and 0.25 * 2^20
// = 2^30 * 2^-12, added; the sum (scale 2^-20) rescaled to 0.25:
// 2^-18 = 2^30 * 2^-48.
// CHECK-LABEL: func.func @add
// CHECK: "tosa.const"() <{values = dense<11> : tensor<1xi8>}>
// CHECK: %[[A:.*]] = tosa.rescale {{.*}} -> tensor<2x2xi32>
// CHECK: "tosa.const"() <{values = dense<12> : tensor<1xi8>}>
// CHECK: %[[B:.*]] = tosa.rescale {{.*}} -> tensor<2x2xi32>
// CHECK: %[[S:.*]] = tosa.add %[[A]], %[[B]] : (tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<2x2xi32>
// CHECK-DAG: "tosa.const"() <{values = dense<48> : tensor<1xi8>}>
// CHECK: tosa.rescale %[[S]], {{.*}}per_channel = false{{.*}} -> tensor<2x2xi8>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
func.func @add(%x: tensor<2x2xf32>, %y: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %qx = quant.qcast %x : tensor<2x2xf32> to tensor<2x2x!quant.uniform<i8:f32, 0.5:1>>
  %dx = quant.dcast %qx : tensor<2x2x!quant.uniform<i8:f32, 0.5:1>> to tensor<2x2xf32>
  %qy = quant.qcast %y : tensor<2x2xf32> to tensor<2x2x!quant.uniform<i8:f32, 0.25:-2>>
  %dy = quant.dcast %qy : tensor<2x2x!quant.uniform<i8:f32, 0.25:-2>> to tensor<2x2xf32>
  %e = tensor.empty() : tensor<2x2xf32>
  %s = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%dx, %dy : tensor<2x2xf32>, tensor<2x2xf32>) outs(%e : tensor<2x2xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %r = arith.addf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<2x2xf32>
  %qs = quant.qcast %s : tensor<2x2xf32> to tensor<2x2x!quant.uniform<i8:f32, 0.25:0>>
  %ds = quant.dcast %qs : tensor<2x2x!quant.uniform<i8:f32, 0.25:0>> to tensor<2x2xf32>
  return %ds : tensor<2x2xf32>
}

// -----

// A residual add of two conv outputs (linalg form, NCHW), then a conv on the
// sum: the convs' i8 results are NHWC, so the add runs on them in NHWC and
// its i8 is transposed back once, which the next conv's transpose to NHWC
// cancels. Two transposes in all (the input's, the result's) where a
// transpose pair around the add made five.
// CHECK-LABEL: func.func @add_nhwc
// CHECK: tosa.transpose %{{.*}} {perms = array<i32: 0, 2, 3, 1>} : (tensor<1x4x2x2xi8>) -> tensor<1x2x2x4xi8>
// CHECK-NOT: tosa.transpose
// CHECK: tosa.conv2d
// CHECK-NOT: tosa.transpose
// CHECK: tosa.conv2d
// CHECK-NOT: tosa.transpose
// CHECK: tosa.add {{.*}} : (tensor<1x2x2x4xi32>, tensor<1x2x2x4xi32>) -> tensor<1x2x2x4xi32>
// CHECK-NOT: tosa.transpose
// CHECK: tosa.conv2d
// CHECK: %[[T:.*]] = tosa.transpose %{{.*}} {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x2x2x4xi8>) -> tensor<1x4x2x2xi8>
// CHECK-NOT: tosa.transpose
// CHECK: quant.scast %[[T]]
#mapa = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @add_nhwc(%x: tensor<1x4x2x2xf32>) -> tensor<1x4x2x2xf32> {
  %q = quant.qcast %x : tensor<1x4x2x2xf32> to tensor<1x4x2x2x!quant.uniform<i8:f32, 0.5:0>>
  %d = quant.dcast %q : tensor<1x4x2x2x!quant.uniform<i8:f32, 0.5:0>> to tensor<1x4x2x2xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x4x2x2xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4x2x2xf32>) -> tensor<1x4x2x2xf32>
  %wi = arith.constant dense<[[[[1]], [[2]], [[0]], [[-1]]], [[[3]], [[4]], [[1]], [[0]]], [[[-2]], [[1]], [[5]], [[2]]], [[[0]], [[-3]], [[2]], [[1]]]]> : tensor<4x4x1x1xi8>
  %ws = quant.scast %wi : tensor<4x4x1x1xi8> to tensor<4x4x1x1x!quant.uniform<i8<-127:127>:f32:0, {0.5, 0.5, 0.5, 0.5}>>
  %w = quant.dcast %ws : tensor<4x4x1x1x!quant.uniform<i8<-127:127>:f32:0, {0.5, 0.5, 0.5, 0.5}>> to tensor<4x4x1x1xf32>
  %c1 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%d, %w : tensor<1x4x2x2xf32>, tensor<4x4x1x1xf32>) outs(%init : tensor<1x4x2x2xf32>) -> tensor<1x4x2x2xf32>
  %q1 = quant.qcast %c1 : tensor<1x4x2x2xf32> to tensor<1x4x2x2x!quant.uniform<i8:f32, 0.5:0>>
  %d1 = quant.dcast %q1 : tensor<1x4x2x2x!quant.uniform<i8:f32, 0.5:0>> to tensor<1x4x2x2xf32>
  %c2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%d1, %w : tensor<1x4x2x2xf32>, tensor<4x4x1x1xf32>) outs(%init : tensor<1x4x2x2xf32>) -> tensor<1x4x2x2xf32>
  %q2 = quant.qcast %c2 : tensor<1x4x2x2xf32> to tensor<1x4x2x2x!quant.uniform<i8:f32, 0.25:1>>
  %d2 = quant.dcast %q2 : tensor<1x4x2x2x!quant.uniform<i8:f32, 0.25:1>> to tensor<1x4x2x2xf32>
  %s = linalg.generic {indexing_maps = [#mapa, #mapa, #mapa], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%d1, %d2 : tensor<1x4x2x2xf32>, tensor<1x4x2x2xf32>) outs(%e : tensor<1x4x2x2xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %r = arith.addf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<1x4x2x2xf32>
  %qs = quant.qcast %s : tensor<1x4x2x2xf32> to tensor<1x4x2x2x!quant.uniform<i8:f32, 0.5:-3>>
  %ds = quant.dcast %qs : tensor<1x4x2x2x!quant.uniform<i8:f32, 0.5:-3>> to tensor<1x4x2x2xf32>
  %c3 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%ds, %w : tensor<1x4x2x2xf32>, tensor<4x4x1x1xf32>) outs(%init : tensor<1x4x2x2xf32>) -> tensor<1x4x2x2xf32>
  %q3 = quant.qcast %c3 : tensor<1x4x2x2xf32> to tensor<1x4x2x2x!quant.uniform<i8:f32, 0.5:0>>
  %d3 = quant.dcast %q3 : tensor<1x4x2x2x!quant.uniform<i8:f32, 0.5:0>> to tensor<1x4x2x2xf32>
  return %d3 : tensor<1x4x2x2xf32>
}

// -----

// Max pool after a -inf tensor.pad (ResNet's stem): the pad becomes the
// pool's own pad, and its bottom/right row is dropped because no window of
// stride 2 reaches it ((6 - 1 + 2 - 2) % 2 = 1).
// CHECK-LABEL: func.func @max_pool
// CHECK: %[[T:.*]] = tosa.transpose %{{.*}} {perms = array<i32: 0, 2, 3, 1>} : (tensor<1x2x6x6xi8>) -> tensor<1x6x6x2xi8>
// CHECK: %[[P:.*]] = tosa.max_pool2d %[[T]] {kernel = array<i64: 3, 3>, pad = array<i64: 1, 0, 1, 0>, stride = array<i64: 2, 2>} : (tensor<1x6x6x2xi8>) -> tensor<1x3x3x2xi8>
// CHECK: tosa.transpose %[[P]] {perms = array<i32: 0, 3, 1, 2>}
// CHECK-NOT: tosa.pad
// CHECK-NOT: tosa.rescale
func.func @max_pool(%x: tensor<1x2x6x6xf32>) -> tensor<1x2x3x3xf32> {
  %q = quant.qcast %x : tensor<1x2x6x6xf32> to tensor<1x2x6x6x!quant.uniform<i8:f32, 0.5:-128>>
  %d = quant.dcast %q : tensor<1x2x6x6x!quant.uniform<i8:f32, 0.5:-128>> to tensor<1x2x6x6xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %p = tensor.pad %d low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %ninf : f32
  } : tensor<1x2x6x6xf32> to tensor<1x2x8x8xf32>
  %e = tensor.empty() : tensor<1x2x3x3xf32>
  %init = linalg.fill ins(%ninf : f32) outs(%e : tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %win = tensor.empty() : tensor<3x3xf32>
  %m = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%p, %win : tensor<1x2x8x8xf32>, tensor<3x3xf32>) outs(%init : tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %qm = quant.qcast %m : tensor<1x2x3x3xf32> to tensor<1x2x3x3x!quant.uniform<i8:f32, 0.5:-128>>
  %dm = quant.dcast %qm : tensor<1x2x3x3x!quant.uniform<i8:f32, 0.5:-128>> to tensor<1x2x3x3xf32>
  return %dm : tensor<1x2x3x3xf32>
}

// -----

// Global average pooling (sum over H, W, then / 9) is tosa.avg_pool2d with
// the shared zero point in and out; hardtanh's max(x, 0) and min(6, x) on a
// Q8 value are tosa.clamp at round(0 / 0.1) + 5 = 5 and round(6 / 0.1) + 5
// = 65.
// CHECK-LABEL: func.func @mean_hardtanh
// CHECK: %[[ZP:.*]] = "tosa.const"() <{values = dense<5> : tensor<1xi8>}>
// CHECK: %[[ZP2:.*]] = "tosa.const"() <{values = dense<5> : tensor<1xi8>}>
// CHECK: tosa.avg_pool2d %{{.*}}, %[[ZP]], %[[ZP2]] {acc_type = i32, kernel = array<i64: 3, 3>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x3x3x2xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x2xi8>
// The two clamps are one tosa.clamp.
// CHECK: tosa.clamp %{{.*}} {max_val = 65 : i8, min_val = 5 : i8}
// CHECK-NOT: tosa.clamp
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#red = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>
#sc = affine_map<(d0, d1, d2, d3) -> ()>
func.func @mean_hardtanh(%x: tensor<1x2x3x3xf32>) -> tensor<1x2x1x1xf32> {
  %q = quant.qcast %x : tensor<1x2x3x3xf32> to tensor<1x2x3x3x!quant.uniform<i8:f32, 0.1:5>>
  %d = quant.dcast %q : tensor<1x2x3x3x!quant.uniform<i8:f32, 0.1:5>> to tensor<1x2x3x3xf32>
  %zero = arith.constant 0.0 : f32
  %nine = arith.constant 9.0 : f32
  %lo = arith.constant dense<0.0> : tensor<f32>
  %hi = arith.constant dense<6.0> : tensor<f32>
  %e = tensor.empty() : tensor<1x2x1x1xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x2x1x1xf32>) -> tensor<1x2x1x1xf32>
  %s = linalg.generic {indexing_maps = [#id, #red], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%d : tensor<1x2x3x3xf32>) outs(%f : tensor<1x2x1x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %a = arith.addf %in, %out : f32
    linalg.yield %a : f32
  } -> tensor<1x2x1x1xf32>
  %m = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%s : tensor<1x2x1x1xf32>) outs(%e : tensor<1x2x1x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %a = arith.divf %in, %nine : f32
    linalg.yield %a : f32
  } -> tensor<1x2x1x1xf32>
  %qm = quant.qcast %m : tensor<1x2x1x1xf32> to tensor<1x2x1x1x!quant.uniform<i8:f32, 0.1:5>>
  %dm = quant.dcast %qm : tensor<1x2x1x1x!quant.uniform<i8:f32, 0.1:5>> to tensor<1x2x1x1xf32>
  %mx = linalg.generic {indexing_maps = [#id, #sc, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%dm, %lo : tensor<1x2x1x1xf32>, tensor<f32>) outs(%e : tensor<1x2x1x1xf32>) {
  ^bb0(%in: f32, %c: f32, %out: f32):
    %p = arith.cmpf ogt, %in, %c : f32
    %r = arith.select %p, %in, %c : f32
    linalg.yield %r : f32
  } -> tensor<1x2x1x1xf32>
  %mn = linalg.generic {indexing_maps = [#sc, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%hi, %mx : tensor<f32>, tensor<1x2x1x1xf32>) outs(%e : tensor<1x2x1x1xf32>) {
  ^bb0(%c: f32, %in: f32, %out: f32):
    %p = arith.cmpf olt, %c, %in : f32
    %r = arith.select %p, %c, %in : f32
    linalg.yield %r : f32
  } -> tensor<1x2x1x1xf32>
  %q2 = quant.qcast %mn : tensor<1x2x1x1xf32> to tensor<1x2x1x1x!quant.uniform<i8:f32, 0.1:5>>
  %d2 = quant.dcast %q2 : tensor<1x2x1x1x!quant.uniform<i8:f32, 0.1:5>> to tensor<1x2x1x1xf32>
  return %d2 : tensor<1x2x1x1xf32>
}

// -----

// Depthwise conv (MobileNetV2): the [C, 1, KH, KW] weight collapsed to
// [C, KH, KW] becomes TOSA's [KH, KW, C, 1]; the zero tensor.pad (pad value
// 0.0 = the zero point 4) becomes the conv's pad; the bias [C, 1, 1] added
// after it is round(b / f32(0.5 * 0.5)) = [4, -8], put into the conv's own
// bias operand (no tosa.add).
// CHECK-LABEL: func.func @depthwise
// CHECK-DAG: %[[W:.*]] = "tosa.const"() <{values = dense<{{.*}}> : tensor<2x2x2x1xi8>}>
// CHECK-DAG: %[[BIAS:.*]] = "tosa.const"() <{values = dense<[4, -8]> : tensor<2xi32>}>
// CHECK: %[[DW:.*]] = tosa.depthwise_conv2d %{{.*}}, %[[W]], %[[BIAS]], %{{.*}} {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x3x3x2xi8>, tensor<2x2x2x1xi8>, tensor<2xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x4x4x2xi32>
// CHECK-NOT: tosa.add
// CHECK-NOT: tosa.pad
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
func.func @depthwise(%x: tensor<1x2x3x3xf32>) -> tensor<1x2x4x4xf32> {
  %q = quant.qcast %x : tensor<1x2x3x3xf32> to tensor<1x2x3x3x!quant.uniform<i8:f32, 0.5:4>>
  %d = quant.dcast %q : tensor<1x2x3x3x!quant.uniform<i8:f32, 0.5:4>> to tensor<1x2x3x3xf32>
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %d low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x2x3x3xf32> to tensor<1x2x5x5xf32>
  %wi = arith.constant dense<[[[[1, 2], [3, 4]]], [[[5, 6], [7, 8]]]]> : tensor<2x1x2x2xi8>
  %ws = quant.scast %wi : tensor<2x1x2x2xi8> to tensor<2x1x2x2x!quant.uniform<i8<-127:127>:f32:0, {0.5, 0.5}>>
  %w4 = quant.dcast %ws : tensor<2x1x2x2x!quant.uniform<i8<-127:127>:f32:0, {0.5, 0.5}>> to tensor<2x1x2x2xf32>
  %w = tensor.collapse_shape %w4 [[0, 1], [2], [3]] : tensor<2x1x2x2xf32> into tensor<2x2x2xf32>
  %e = tensor.empty() : tensor<1x2x4x4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %c = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%p, %w : tensor<1x2x5x5xf32>, tensor<2x2x2xf32>) outs(%init : tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %bias = arith.constant dense<[[[1.0]], [[-2.0]]]> : tensor<2x1x1xf32>
  %b = linalg.generic {indexing_maps = [#id, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %bias : tensor<1x2x4x4xf32>, tensor<2x1x1xf32>) outs(%e : tensor<1x2x4x4xf32>) {
  ^bb0(%in: f32, %bi: f32, %out: f32):
    %a = arith.addf %in, %bi : f32
    linalg.yield %a : f32
  } -> tensor<1x2x4x4xf32>
  %qy = quant.qcast %b : tensor<1x2x4x4xf32> to tensor<1x2x4x4x!quant.uniform<i8:f32, 0.5:0>>
  %dy = quant.dcast %qy : tensor<1x2x4x4x!quant.uniform<i8:f32, 0.5:0>> to tensor<1x2x4x4xf32>
  return %dy : tensor<1x2x4x4xf32>
}

// -----

// An op the pass does not know (an exp between dequantize and quantize)
// stays in Q/DQ form: it still reads its dequantized input, and the summary
// names it.
// CHECK-LABEL: func.func @left_alone
// CHECK: %[[Q:.*]] = quant.qcast
// CHECK: %[[D:.*]] = quant.dcast %[[Q]]
// CHECK: linalg.generic {{.*}} ins(%[[D]]
// CHECK: math.exp
// CHECK: quant.qcast
// CHECK-NOT: tosa.rescale
#id1 = affine_map<(d0) -> (d0)>
func.func @left_alone(%x: tensor<4xf32>) -> tensor<4xf32> {
  %q = quant.qcast %x : tensor<4xf32> to tensor<4x!quant.uniform<i8:f32, 0.5:0>>
  %d = quant.dcast %q : tensor<4x!quant.uniform<i8:f32, 0.5:0>> to tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %y = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} ins(%d : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = math.exp %in : f32
    linalg.yield %r : f32
  } -> tensor<4xf32>
  %qy = quant.qcast %y : tensor<4xf32> to tensor<4x!quant.uniform<i8:f32, 0.5:0>>
  %dy = quant.dcast %qy : tensor<4x!quant.uniform<i8:f32, 0.5:0>> to tensor<4xf32>
  return %dy : tensor<4xf32>
}

// -----

// torch.cat of two conv outputs on channels (linalg form), qparams shared
// as pt2e-annotate's cat shares them: the convs' i8 results are NHWC, so
// they are concatenated on axis 3 before the one transpose back to NCHW,
// and no rescale follows the concat.
// CHECK-LABEL: func.func @concat_nhwc
// CHECK: %[[R1:.*]] = tosa.rescale {{.*}} -> tensor<1x2x2x2xi8>
// CHECK: %[[R2:.*]] = tosa.rescale {{.*}} -> tensor<1x2x2x2xi8>
// CHECK: %[[C:.*]] = tosa.concat %[[R1]], %[[R2]] {axis = 3 : i32} : (tensor<1x2x2x2xi8>, tensor<1x2x2x2xi8>) -> tensor<1x2x2x4xi8>
// CHECK-NOT: tosa.rescale
// CHECK: tosa.transpose %[[C]] {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x2x2x4xi8>) -> tensor<1x4x2x2xi8>
// CHECK-NOT: tosa.rescale
// CHECK-NOT: tensor.concat
func.func @concat_nhwc(%x: tensor<1x2x2x2xf32>) -> tensor<1x4x2x2xf32> {
  %q = quant.qcast %x : tensor<1x2x2x2xf32> to tensor<1x2x2x2x!quant.uniform<i8:f32, 0.5:0>>
  %d = quant.dcast %q : tensor<1x2x2x2x!quant.uniform<i8:f32, 0.5:0>> to tensor<1x2x2x2xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x2x2x2xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  %w1i = arith.constant dense<[[[[1]], [[2]]], [[[3]], [[4]]]]> : tensor<2x2x1x1xi8>
  %w1s = quant.scast %w1i : tensor<2x2x1x1xi8> to tensor<2x2x1x1x!quant.uniform<i8<-127:127>:f32:0, {0.5, 0.5}>>
  %w1 = quant.dcast %w1s : tensor<2x2x1x1x!quant.uniform<i8<-127:127>:f32:0, {0.5, 0.5}>> to tensor<2x2x1x1xf32>
  %w2i = arith.constant dense<[[[[-1]], [[2]]], [[[5]], [[-6]]]]> : tensor<2x2x1x1xi8>
  %w2s = quant.scast %w2i : tensor<2x2x1x1xi8> to tensor<2x2x1x1x!quant.uniform<i8<-127:127>:f32:0, {0.5, 0.5}>>
  %w2 = quant.dcast %w2s : tensor<2x2x1x1x!quant.uniform<i8<-127:127>:f32:0, {0.5, 0.5}>> to tensor<2x2x1x1xf32>
  %c1 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%d, %w1 : tensor<1x2x2x2xf32>, tensor<2x2x1x1xf32>) outs(%init : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  %q1 = quant.qcast %c1 : tensor<1x2x2x2xf32> to tensor<1x2x2x2x!quant.uniform<i8:f32, 0.5:0>>
  %d1 = quant.dcast %q1 : tensor<1x2x2x2x!quant.uniform<i8:f32, 0.5:0>> to tensor<1x2x2x2xf32>
  %c2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%d, %w2 : tensor<1x2x2x2xf32>, tensor<2x2x1x1xf32>) outs(%init : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  %q2 = quant.qcast %c2 : tensor<1x2x2x2xf32> to tensor<1x2x2x2x!quant.uniform<i8:f32, 0.5:0>>
  %d2 = quant.dcast %q2 : tensor<1x2x2x2x!quant.uniform<i8:f32, 0.5:0>> to tensor<1x2x2x2xf32>
  %cat = tensor.concat dim(1) %d1, %d2 : (tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>) -> tensor<1x4x2x2xf32>
  %qc = quant.qcast %cat : tensor<1x4x2x2xf32> to tensor<1x4x2x2x!quant.uniform<i8:f32, 0.5:0>>
  %dc = quant.dcast %qc : tensor<1x4x2x2x!quant.uniform<i8:f32, 0.5:0>> to tensor<1x4x2x2xf32>
  return %dc : tensor<1x4x2x2xf32>
}

// -----

// tosa.concat (TOSA form) of inputs with different qparams: the output's
// (those of the qcast of the result, 0.5:1) are input 0's, so only input 1
// is rescaled i8 -> i8, by 0.25 / 0.5 = 2^30 * 2^-31, zero points -2 -> 1.
// CHECK-LABEL: func.func @concat_rescale
// CHECK-DAG: %[[M:.*]] = "tosa.const"() <{values = dense<1073741824> : tensor<1xi32>}>
// CHECK-DAG: %[[S:.*]] = "tosa.const"() <{values = dense<31> : tensor<1xi8>}>
// CHECK-DAG: %[[IZP:.*]] = "tosa.const"() <{values = dense<-2> : tensor<1xi8>}>
// CHECK-DAG: %[[OZP:.*]] = "tosa.const"() <{values = dense<1> : tensor<1xi8>}>
// CHECK: %[[R:.*]] = tosa.rescale %[[B:.*]], %[[M]], %[[S]], %[[IZP]], %[[OZP]] {{.*}}per_channel = false{{.*}} : (tensor<2x2xi8>, {{.*}}) -> tensor<2x2xi8>
// CHECK: tosa.concat %{{.*}}, %[[R]] {axis = 0 : i32} : (tensor<2x2xi8>, tensor<2x2xi8>) -> tensor<4x2xi8>
// CHECK-NOT: tosa.rescale
func.func @concat_rescale(%x: tensor<2x2xf32>, %y: tensor<2x2xf32>) -> tensor<4x2xf32> {
  %qx = quant.qcast %x : tensor<2x2xf32> to tensor<2x2x!quant.uniform<i8:f32, 0.5:1>>
  %dx = quant.dcast %qx : tensor<2x2x!quant.uniform<i8:f32, 0.5:1>> to tensor<2x2xf32>
  %qy = quant.qcast %y : tensor<2x2xf32> to tensor<2x2x!quant.uniform<i8:f32, 0.25:-2>>
  %dy = quant.dcast %qy : tensor<2x2x!quant.uniform<i8:f32, 0.25:-2>> to tensor<2x2xf32>
  %cat = tosa.concat %dx, %dy {axis = 0 : i32} : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<4x2xf32>
  %qc = quant.qcast %cat : tensor<4x2xf32> to tensor<4x2x!quant.uniform<i8:f32, 0.5:1>>
  %dc = quant.dcast %qc : tensor<4x2x!quant.uniform<i8:f32, 0.5:1>> to tensor<4x2xf32>
  return %dc : tensor<4x2xf32>
}

// -----

// A concat with an input that is not a dequantized activation (a float
// argument) stays in Q/DQ form, and the summary names it.
// CHECK-LABEL: func.func @concat_float_input
// CHECK: tensor.concat
// CHECK-NOT: tosa.concat
func.func @concat_float_input(%x: tensor<2xf32>, %y: tensor<2xf32>) -> tensor<4xf32> {
  %qx = quant.qcast %x : tensor<2xf32> to tensor<2x!quant.uniform<i8:f32, 0.5:1>>
  %dx = quant.dcast %qx : tensor<2x!quant.uniform<i8:f32, 0.5:1>> to tensor<2xf32>
  %cat = tensor.concat dim(0) %dx, %y : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
  %qc = quant.qcast %cat : tensor<4xf32> to tensor<4x!quant.uniform<i8:f32, 0.5:1>>
  %dc = quant.dcast %qc : tensor<4x!quant.uniform<i8:f32, 0.5:1>> to tensor<4xf32>
  return %dc : tensor<4xf32>
}

// -----

// tosa.depthwise_conv2d in TOSA form (NHWC, weight [KH, KW, C, 1] per
// channel on axis 2), zero float bias: the i8 op with the input zero point
// 2, weight zero point 0 and a zero int32 bias. Accumulator scales
// f32(0.5 * 0.25) = 0.125, f32(0.5 * 0.5) = 0.25; rescale to 0.5:
// 0.25 = 2^30 * 2^-32, 0.5 = 2^30 * 2^-31.
// CHECK-LABEL: func.func @tosa_depthwise
// CHECK-DAG: %[[B:.*]] = "tosa.const"() <{values = dense<0> : tensor<2xi32>}>
// CHECK-DAG: %[[W:.*]] = "tosa.const"() <{values = dense<{{.*}}> : tensor<2x2x2x1xi8>}>
// CHECK-DAG: %[[XZP:.*]] = "tosa.const"() <{values = dense<2> : tensor<1xi8>}>
// CHECK-DAG: %[[WZP:.*]] = "tosa.const"() <{values = dense<0> : tensor<1xi8>}>
// CHECK: %[[DWC:.*]] = tosa.depthwise_conv2d %{{.*}}, %[[W]], %[[B]], %[[XZP]], %[[WZP]] {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x3x3x2xi8>, tensor<2x2x2x1xi8>, tensor<2xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x2x2x2xi32>
// CHECK-DAG: "tosa.const"() <{values = dense<1073741824> : tensor<2xi32>}>
// CHECK-DAG: "tosa.const"() <{values = dense<[32, 31]> : tensor<2xi8>}>
// CHECK: tosa.rescale %[[DWC]], {{.*}}per_channel = true{{.*}} -> tensor<1x2x2x2xi8>
// CHECK-NOT: tosa.transpose
func.func @tosa_depthwise(%x: tensor<1x3x3x2xf32>) -> tensor<1x2x2x2xf32> {
  %q = quant.qcast %x : tensor<1x3x3x2xf32> to tensor<1x3x3x2x!quant.uniform<i8:f32, 0.5:2>>
  %d = quant.dcast %q : tensor<1x3x3x2x!quant.uniform<i8:f32, 0.5:2>> to tensor<1x3x3x2xf32>
  %wi = "tosa.const"() <{values = dense<[[[[1], [2]], [[3], [4]]], [[[5], [6]], [[7], [8]]]]> : tensor<2x2x2x1xi8>}> : () -> tensor<2x2x2x1xi8>
  %ws = quant.scast %wi : tensor<2x2x2x1xi8> to tensor<2x2x2x1x!quant.uniform<i8<-127:127>:f32:2, {0.25, 0.5}>>
  %w = quant.dcast %ws : tensor<2x2x2x1x!quant.uniform<i8<-127:127>:f32:2, {0.25, 0.5}>> to tensor<2x2x2x1xf32>
  %b = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %z = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %y = tosa.depthwise_conv2d %d, %w, %b, %z, %z {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x3x3x2xf32>, tensor<2x2x2x1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x2x2x2xf32>
  %qy = quant.qcast %y : tensor<1x2x2x2xf32> to tensor<1x2x2x2x!quant.uniform<i8:f32, 0.5:0>>
  %dy = quant.dcast %qy : tensor<1x2x2x2x!quant.uniform<i8:f32, 0.5:0>> to tensor<1x2x2x2xf32>
  return %dy : tensor<1x2x2x2xf32>
}

// -----

// tosa.matmul of two activations in TOSA form: the i8 matmul takes both
// zero points (1 and -2). Accumulator scale f32(0.5 * 0.25) = 0.125;
// rescale to 0.5: 0.25 = 2^30 * 2^-32, output zero point 3.
// CHECK-LABEL: func.func @tosa_matmul_act
// CHECK-DAG: %[[AZP:.*]] = "tosa.const"() <{values = dense<1> : tensor<1xi8>}>
// CHECK-DAG: %[[BZP:.*]] = "tosa.const"() <{values = dense<-2> : tensor<1xi8>}>
// CHECK: %[[MM:.*]] = tosa.matmul %{{.*}}, %{{.*}}, %[[AZP]], %[[BZP]] : (tensor<1x2x3xi8>, tensor<1x3x2xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x2x2xi32>
// CHECK-DAG: "tosa.const"() <{values = dense<1073741824> : tensor<2xi32>}>
// CHECK-DAG: "tosa.const"() <{values = dense<32> : tensor<2xi8>}>
// CHECK-DAG: "tosa.const"() <{values = dense<3> : tensor<1xi8>}>
// CHECK: tosa.rescale %[[MM]], {{.*}} -> tensor<1x2x2xi8>
func.func @tosa_matmul_act(%a: tensor<1x2x3xf32>, %b: tensor<1x3x2xf32>) -> tensor<1x2x2xf32> {
  %qa = quant.qcast %a : tensor<1x2x3xf32> to tensor<1x2x3x!quant.uniform<i8:f32, 0.5:1>>
  %da = quant.dcast %qa : tensor<1x2x3x!quant.uniform<i8:f32, 0.5:1>> to tensor<1x2x3xf32>
  %qb = quant.qcast %b : tensor<1x3x2xf32> to tensor<1x3x2x!quant.uniform<i8:f32, 0.25:-2>>
  %db = quant.dcast %qb : tensor<1x3x2x!quant.uniform<i8:f32, 0.25:-2>> to tensor<1x3x2xf32>
  %z = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %y = tosa.matmul %da, %db, %z, %z : (tensor<1x2x3xf32>, tensor<1x3x2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x2x2xf32>
  %qy = quant.qcast %y : tensor<1x2x2xf32> to tensor<1x2x2x!quant.uniform<i8:f32, 0.5:3>>
  %dy = quant.dcast %qy : tensor<1x2x2x!quant.uniform<i8:f32, 0.5:3>> to tensor<1x2x2xf32>
  return %dy : tensor<1x2x2xf32>
}

// -----

// tosa.add of two activations in TOSA form, TFLite's add: 2 max(s) = 1.0;
// inputs rescaled by 0.5 * 2^20 = 2^30 * 2^-11 (zero point 1) and
// 0.25 * 2^20 = 2^30 * 2^-12 (zero point -2), output rescale 2^-20 / 0.5 =
// 2^-19 = 2^30 * 2^-49.
// CHECK-LABEL: func.func @tosa_add
// CHECK-DAG: "tosa.const"() <{values = dense<11> : tensor<1xi8>}>
// CHECK-DAG: "tosa.const"() <{values = dense<1> : tensor<1xi8>}>
// CHECK: %[[A:.*]] = tosa.rescale {{.*}} -> tensor<2x2xi32>
// CHECK-DAG: "tosa.const"() <{values = dense<12> : tensor<1xi8>}>
// CHECK-DAG: "tosa.const"() <{values = dense<-2> : tensor<1xi8>}>
// CHECK: %[[B:.*]] = tosa.rescale {{.*}} -> tensor<2x2xi32>
// CHECK: %[[S:.*]] = tosa.add %[[A]], %[[B]] : (tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<2x2xi32>
// CHECK-DAG: "tosa.const"() <{values = dense<1073741824> : tensor<1xi32>}>
// CHECK-DAG: "tosa.const"() <{values = dense<49> : tensor<1xi8>}>
// CHECK: tosa.rescale %[[S]], {{.*}} -> tensor<2x2xi8>
func.func @tosa_add(%a: tensor<2x2xf32>, %b: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %qa = quant.qcast %a : tensor<2x2xf32> to tensor<2x2x!quant.uniform<i8:f32, 0.5:1>>
  %da = quant.dcast %qa : tensor<2x2x!quant.uniform<i8:f32, 0.5:1>> to tensor<2x2xf32>
  %qb = quant.qcast %b : tensor<2x2xf32> to tensor<2x2x!quant.uniform<i8:f32, 0.25:-2>>
  %db = quant.dcast %qb : tensor<2x2x!quant.uniform<i8:f32, 0.25:-2>> to tensor<2x2xf32>
  %y = tosa.add %da, %db : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  %qy = quant.qcast %y : tensor<2x2xf32> to tensor<2x2x!quant.uniform<i8:f32, 0.5:0>>
  %dy = quant.dcast %qy : tensor<2x2x!quant.uniform<i8:f32, 0.5:0>> to tensor<2x2xf32>
  return %dy : tensor<2x2xf32>
}

// -----

// tosa.mul of two activations in TOSA form: both widened unscaled
// (2^30 * 2^-30, zero points 1 and -2), tosa.mul on i32 with shift 0,
// rescale 0.5 * 0.25 / 0.25 = 2^30 * 2^-31 to zero point 3.
// CHECK-LABEL: func.func @tosa_mul
// CHECK: %[[A:.*]] = tosa.rescale {{.*}} -> tensor<2x2xi32>
// CHECK: %[[B:.*]] = tosa.rescale {{.*}} -> tensor<2x2xi32>
// CHECK: %[[P:.*]] = tosa.mul %[[A]], %[[B]], %{{.*}} : (tensor<2x2xi32>, tensor<2x2xi32>, tensor<1xi8>) -> tensor<2x2xi32>
// CHECK-DAG: "tosa.const"() <{values = dense<31> : tensor<1xi8>}>
// CHECK-DAG: "tosa.const"() <{values = dense<3> : tensor<1xi8>}>
// CHECK: tosa.rescale %[[P]], {{.*}} -> tensor<2x2xi8>
func.func @tosa_mul(%a: tensor<2x2xf32>, %b: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %qa = quant.qcast %a : tensor<2x2xf32> to tensor<2x2x!quant.uniform<i8:f32, 0.5:1>>
  %da = quant.dcast %qa : tensor<2x2x!quant.uniform<i8:f32, 0.5:1>> to tensor<2x2xf32>
  %qb = quant.qcast %b : tensor<2x2xf32> to tensor<2x2x!quant.uniform<i8:f32, 0.25:-2>>
  %db = quant.dcast %qb : tensor<2x2x!quant.uniform<i8:f32, 0.25:-2>> to tensor<2x2xf32>
  %sh = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %y = tosa.mul %da, %db, %sh : (tensor<2x2xf32>, tensor<2x2xf32>, tensor<1xi8>) -> tensor<2x2xf32>
  %qy = quant.qcast %y : tensor<2x2xf32> to tensor<2x2x!quant.uniform<i8:f32, 0.25:3>>
  %dy = quant.dcast %qy : tensor<2x2x!quant.uniform<i8:f32, 0.25:3>> to tensor<2x2xf32>
  return %dy : tensor<2x2xf32>
}

// -----

// tosa.max_pool2d and tosa.avg_pool2d in TOSA form (NHWC): the same ops on
// i8, the avg pool with the input zero point 2 in and out; both outputs
// keep the input's qparams, so no rescale.
// CHECK-LABEL: func.func @tosa_pools
// CHECK: tosa.max_pool2d %{{.*}} {kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x4x4x2xi8>) -> tensor<1x2x2x2xi8>
// CHECK: %[[ZI:.*]] = "tosa.const"() <{values = dense<2> : tensor<1xi8>}>
// CHECK: %[[ZO:.*]] = "tosa.const"() <{values = dense<2> : tensor<1xi8>}>
// CHECK: tosa.avg_pool2d %{{.*}}, %[[ZI]], %[[ZO]] {acc_type = i32, kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x4x4x2xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x2x2x2xi8>
// CHECK-NOT: tosa.rescale
func.func @tosa_pools(%x: tensor<1x4x4x2xf32>) -> (tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>) {
  %q = quant.qcast %x : tensor<1x4x4x2xf32> to tensor<1x4x4x2x!quant.uniform<i8:f32, 0.5:2>>
  %d = quant.dcast %q : tensor<1x4x4x2x!quant.uniform<i8:f32, 0.5:2>> to tensor<1x4x4x2xf32>
  %m = tosa.max_pool2d %d {kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x4x4x2xf32>) -> tensor<1x2x2x2xf32>
  %qm = quant.qcast %m : tensor<1x2x2x2xf32> to tensor<1x2x2x2x!quant.uniform<i8:f32, 0.5:2>>
  %dm = quant.dcast %qm : tensor<1x2x2x2x!quant.uniform<i8:f32, 0.5:2>> to tensor<1x2x2x2xf32>
  %z = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %a = tosa.avg_pool2d %d, %z, %z {acc_type = f32, kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x4x4x2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x2x2x2xf32>
  %qa = quant.qcast %a : tensor<1x2x2x2xf32> to tensor<1x2x2x2x!quant.uniform<i8:f32, 0.5:2>>
  %da = quant.dcast %qa : tensor<1x2x2x2x!quant.uniform<i8:f32, 0.5:2>> to tensor<1x2x2x2xf32>
  return %dm, %da : tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>
}

// SUMMARY: pt2e-lower-int8: @linear: 1 quant.qcast lowered (matmul 1), 0 float ops left in Q/DQ form
// SUMMARY: pt2e-lower-int8: @add: 1 quant.qcast lowered (add 1), 0 float ops left in Q/DQ form
// SUMMARY: pt2e-lower-int8: @add_nhwc: 4 quant.qcast lowered (conv2d 3, add 1), 0 float ops left in Q/DQ form
// SUMMARY: pt2e-lower-int8: @max_pool: 1 quant.qcast lowered (pool 1), 0 float ops left in Q/DQ form
// SUMMARY: pt2e-lower-int8: @mean_hardtanh: 2 quant.qcast lowered (pool 1), 0 float ops left in Q/DQ form
// SUMMARY: pt2e-lower-int8: @depthwise: 1 quant.qcast lowered (depthwise_conv2d 1), 0 float ops left in Q/DQ form
// SUMMARY: pt2e-lower-int8: left in Q/DQ form: 'linalg.generic' at loc("{{.*}}ops.mlir":{{[0-9]+}}:8)
// SUMMARY: pt2e-lower-int8: @left_alone: 0 quant.qcast lowered (), 1 float ops left in Q/DQ form
// SUMMARY: pt2e-lower-int8: @concat_nhwc: 3 quant.qcast lowered (conv2d 2, layout 1), 0 float ops left in Q/DQ form
// SUMMARY: pt2e-lower-int8: @concat_rescale: 1 quant.qcast lowered (layout 1, rescale 1), 0 float ops left in Q/DQ form
// SUMMARY: pt2e-lower-int8: left in Q/DQ form: 'tensor.concat' at loc("{{.*}}ops.mlir":{{[0-9]+}}:10)
// SUMMARY: pt2e-lower-int8: @concat_float_input: 0 quant.qcast lowered (), 1 float ops left in Q/DQ form
// SUMMARY: pt2e-lower-int8: @tosa_depthwise: 1 quant.qcast lowered (depthwise_conv2d 1), 0 float ops left in Q/DQ form
// SUMMARY: pt2e-lower-int8: @tosa_matmul_act: 1 quant.qcast lowered (matmul 1), 0 float ops left in Q/DQ form
// SUMMARY: pt2e-lower-int8: @tosa_add: 1 quant.qcast lowered (add 1), 0 float ops left in Q/DQ form
// SUMMARY: pt2e-lower-int8: @tosa_mul: 1 quant.qcast lowered (mul 1), 0 float ops left in Q/DQ form
// SUMMARY: pt2e-lower-int8: @tosa_pools: 2 quant.qcast lowered (pool 2), 0 float ops left in Q/DQ form
