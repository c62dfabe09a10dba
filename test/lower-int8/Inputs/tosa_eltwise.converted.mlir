// Hand-written pt2e-convert output in TOSA form (test/lower-int8/tosa_eltwise.test):
// the input quantized twice (0.0324:6 and 0.021:-3), moved to NHWC, then
// tosa.add and tosa.mul of the two, tosa.max_pool2d and tosa.avg_pool2d.
module {
  func.func @tosa_eltwise(%arg0: tensor<4x3x16x16xf32>) -> (tensor<4x16x16x3xf32>, tensor<4x16x16x3xf32>, tensor<4x8x8x3xf32>, tensor<4x8x8x3xf32>) {
    %zf = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
    %sh = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %d1q = quant.qcast %arg0 : tensor<4x3x16x16xf32> to tensor<4x3x16x16x!quant.uniform<i8:f32, 0.032437607645988464:6>>
    %d1 = quant.dcast %d1q : tensor<4x3x16x16x!quant.uniform<i8:f32, 0.032437607645988464:6>> to tensor<4x3x16x16xf32>
    %d2q = quant.qcast %arg0 : tensor<4x3x16x16xf32> to tensor<4x3x16x16x!quant.uniform<i8:f32, 0.021:-3>>
    %d2 = quant.dcast %d2q : tensor<4x3x16x16x!quant.uniform<i8:f32, 0.021:-3>> to tensor<4x3x16x16xf32>
    %a = tosa.transpose %d1 {perms = array<i32: 0, 2, 3, 1>} : (tensor<4x3x16x16xf32>) -> tensor<4x16x16x3xf32>
    %b = tosa.transpose %d2 {perms = array<i32: 0, 2, 3, 1>} : (tensor<4x3x16x16xf32>) -> tensor<4x16x16x3xf32>
    %add = tosa.add %a, %b : (tensor<4x16x16x3xf32>, tensor<4x16x16x3xf32>) -> tensor<4x16x16x3xf32>
    %r0q = quant.qcast %add : tensor<4x16x16x3xf32> to tensor<4x16x16x3x!quant.uniform<i8:f32, 0.055:1>>
    %r0 = quant.dcast %r0q : tensor<4x16x16x3x!quant.uniform<i8:f32, 0.055:1>> to tensor<4x16x16x3xf32>
    %mul = tosa.mul %a, %b, %sh : (tensor<4x16x16x3xf32>, tensor<4x16x16x3xf32>, tensor<1xi8>) -> tensor<4x16x16x3xf32>
    %r1q = quant.qcast %mul : tensor<4x16x16x3xf32> to tensor<4x16x16x3x!quant.uniform<i8:f32, 0.07:-20>>
    %r1 = quant.dcast %r1q : tensor<4x16x16x3x!quant.uniform<i8:f32, 0.07:-20>> to tensor<4x16x16x3xf32>
    %mp = tosa.max_pool2d %a {kernel = array<i64: 3, 3>, pad = array<i64: 1, 0, 1, 0>, stride = array<i64: 2, 2>} : (tensor<4x16x16x3xf32>) -> tensor<4x8x8x3xf32>
    %r2q = quant.qcast %mp : tensor<4x8x8x3xf32> to tensor<4x8x8x3x!quant.uniform<i8:f32, 0.032437607645988464:6>>
    %r2 = quant.dcast %r2q : tensor<4x8x8x3x!quant.uniform<i8:f32, 0.032437607645988464:6>> to tensor<4x8x8x3xf32>
    %ap = tosa.avg_pool2d %a, %zf, %zf {acc_type = f32, kernel = array<i64: 3, 3>, pad = array<i64: 1, 0, 1, 0>, stride = array<i64: 2, 2>} : (tensor<4x16x16x3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<4x8x8x3xf32>
    %r3q = quant.qcast %ap : tensor<4x8x8x3xf32> to tensor<4x8x8x3x!quant.uniform<i8:f32, 0.032437607645988464:6>>
    %r3 = quant.dcast %r3q : tensor<4x8x8x3x!quant.uniform<i8:f32, 0.032437607645988464:6>> to tensor<4x8x8x3xf32>
    return %r0, %r1, %r2, %r3 : tensor<4x16x16x3xf32>, tensor<4x16x16x3xf32>, tensor<4x8x8x3xf32>, tensor<4x8x8x3xf32>
  }
}
