// TOSA 1.0 (as mlir-opt-22 parses it); the interpreter lowers a clone with
// tosa-to-linalg-named / tosa-to-linalg / tosa-to-arith / tosa-to-tensor.

// conv2d NHWC x OHWI + bias, stride 2, pad top 1 bottom 0 left 0 right 1.
func.func @conv2d(%x: tensor<1x8x8x3xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<4xf32>) -> tensor<1x4x4x4xf32> {
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %r = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 0, 0, 1>, stride = array<i64: 2, 2>}
      : (tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x4xf32>
  return %r : tensor<1x4x4x4xf32>
}

// depthwise_conv2d, weight KH x KW x C x M (M = 1), dilation 2, no pad.
func.func @depthwise(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x1xf32>, %b: tensor<3xf32>) -> tensor<1x4x4x3xf32> {
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %r = tosa.depthwise_conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>}
      : (tensor<1x8x8x3xf32>, tensor<3x3x3x1xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  return %r : tensor<1x4x4x3xf32>
}

func.func @matmul(%a: tensor<2x5x7xf32>, %b: tensor<2x7x6xf32>) -> tensor<2x5x6xf32> {
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %r = tosa.matmul %a, %b, %zp, %zp : (tensor<2x5x7xf32>, tensor<2x7x6xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x5x6xf32>
  return %r : tensor<2x5x6xf32>
}

// clamp to [-1, 2]; add, sub, mul, maximum, minimum with y (1x4) broadcast over rows.
func.func @elementwise(%x: tensor<3x4xf32>, %y: tensor<1x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>) {
  %c = tosa.clamp %x {min_val = -1.0 : f32, max_val = 2.0 : f32} : (tensor<3x4xf32>) -> tensor<3x4xf32>
  %a = tosa.add %x, %y : (tensor<3x4xf32>, tensor<1x4xf32>) -> tensor<3x4xf32>
  %s = tosa.sub %x, %y : (tensor<3x4xf32>, tensor<1x4xf32>) -> tensor<3x4xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %m = tosa.mul %x, %y, %shift : (tensor<3x4xf32>, tensor<1x4xf32>, tensor<1xi8>) -> tensor<3x4xf32>
  %mx = tosa.maximum %x, %y : (tensor<3x4xf32>, tensor<1x4xf32>) -> tensor<3x4xf32>
  %mn = tosa.minimum %x, %y : (tensor<3x4xf32>, tensor<1x4xf32>) -> tensor<3x4xf32>
  return %c, %a, %s, %m, %mx, %mn : tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>
}

// x in [0.25, 4].
func.func @unary(%x: tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>) {
  %e = tosa.exp %x : (tensor<3x4xf32>) -> tensor<3x4xf32>
  %s = tosa.sigmoid %x : (tensor<3x4xf32>) -> tensor<3x4xf32>
  %t = tosa.tanh %x : (tensor<3x4xf32>) -> tensor<3x4xf32>
  %r = tosa.rsqrt %x : (tensor<3x4xf32>) -> tensor<3x4xf32>
  %c = tosa.reciprocal %x : (tensor<3x4xf32>) -> tensor<3x4xf32>
  return %e, %s, %t, %r, %c : tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>
}

// reshape (const_shape), transpose, concat.
func.func @shapes(%x: tensor<3x4xf32>, %y: tensor<1x4xf32>) -> (tensor<2x6xf32>, tensor<4x3xf32>, tensor<4x4xf32>) {
  %s = tosa.const_shape {values = dense<[2, 6]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %r = tosa.reshape %x, %s : (tensor<3x4xf32>, !tosa.shape<2>) -> tensor<2x6xf32>
  %t = tosa.transpose %x {perms = array<i32: 1, 0>} : (tensor<3x4xf32>) -> tensor<4x3xf32>
  %c = tosa.concat %x, %y {axis = 0 : i32} : (tensor<3x4xf32>, tensor<1x4xf32>) -> tensor<4x4xf32>
  return %r, %t, %c : tensor<2x6xf32>, tensor<4x3xf32>, tensor<4x4xf32>
}

// pad (const_shape [1, 2, 0, 1], pad value -7.5).
func.func @pad(%x: tensor<3x4xf32>) -> tensor<6x5xf32> {
  %p = tosa.const_shape {values = dense<[1, 2, 0, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %pv = "tosa.const"() <{values = dense<-7.5> : tensor<1xf32>}> : () -> tensor<1xf32>
  %pd = tosa.pad %x, %p, %pv : (tensor<3x4xf32>, !tosa.shape<4>, tensor<1xf32>) -> tensor<6x5xf32>
  return %pd : tensor<6x5xf32>
}

// reduce_sum / reduce_max over axis 1 and axis 0 of a 3x4 tensor.
func.func @reduce(%x: tensor<3x4xf32>) -> (tensor<3x1xf32>, tensor<1x4xf32>, tensor<3x1xf32>, tensor<1x4xf32>) {
  %s1 = tosa.reduce_sum %x {axis = 1 : i32} : (tensor<3x4xf32>) -> tensor<3x1xf32>
  %s0 = tosa.reduce_sum %x {axis = 0 : i32} : (tensor<3x4xf32>) -> tensor<1x4xf32>
  %m1 = tosa.reduce_max %x {axis = 1 : i32} : (tensor<3x4xf32>) -> tensor<3x1xf32>
  %m0 = tosa.reduce_max %x {axis = 0 : i32} : (tensor<3x4xf32>) -> tensor<1x4xf32>
  return %s1, %s0, %m1, %m0 : tensor<3x1xf32>, tensor<1x4xf32>, tensor<3x1xf32>, tensor<1x4xf32>
}

// max_pool2d 3x3 stride 2 and avg_pool2d 3x3 stride 2, both padded top 1 and right 1 (the padding
// is not counted in the average).
func.func @pool(%x: tensor<1x8x8x3xf32>) -> (tensor<1x4x4x3xf32>, tensor<1x4x4x3xf32>) {
  %m = tosa.max_pool2d %x {kernel = array<i64: 3, 3>, pad = array<i64: 1, 0, 0, 1>, stride = array<i64: 2, 2>} : (tensor<1x8x8x3xf32>) -> tensor<1x4x4x3xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %a = tosa.avg_pool2d %x, %zp, %zp {acc_type = f32, kernel = array<i64: 3, 3>, pad = array<i64: 1, 0, 0, 1>, stride = array<i64: 2, 2>} : (tensor<1x8x8x3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  return %m, %a : tensor<1x4x4x3xf32>, tensor<1x4x4x3xf32>
}

// cast f32 -> i32 and f32 -> i8 (round half to even, saturate), i32 -> f32, f32 -> i1.
func.func @cast(%x: tensor<12xf32>, %i: tensor<12xi32>) -> (tensor<12xi32>, tensor<12xi8>, tensor<12xf32>, tensor<12xi1>) {
  %a = tosa.cast %x : (tensor<12xf32>) -> tensor<12xi32>
  %b = tosa.cast %x : (tensor<12xf32>) -> tensor<12xi8>
  %c = tosa.cast %i : (tensor<12xi32>) -> tensor<12xf32>
  %d = tosa.cast %x : (tensor<12xf32>) -> tensor<12xi1>
  return %a, %b, %c, %d : tensor<12xi32>, tensor<12xi8>, tensor<12xf32>, tensor<12xi1>
}
