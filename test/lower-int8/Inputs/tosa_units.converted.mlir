// Hand-written pt2e-convert output in TOSA form (test/lower-int8/tosa_units.test):
// the input quantized, moved to NHWC and fed to tosa.depthwise_conv2d
// (per-channel weight on its C axis, float bias), tosa.matmul by a constant
// weight (per channel on P) and tosa.matmul of two activations.
module {
  func.func @tosa_units(%arg0: tensor<4x3x16x16xf32>) -> (tensor<4x16x16x3xf32>, tensor<1x1024x5xf32>, tensor<4x16x16xf32>) {
    %zf = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
    %0 = quant.qcast %arg0 : tensor<4x3x16x16xf32> to tensor<4x3x16x16x!quant.uniform<i8:f32, 0.032437607645988464:6>>
    %1 = quant.dcast %0 : tensor<4x3x16x16x!quant.uniform<i8:f32, 0.032437607645988464:6>> to tensor<4x3x16x16xf32>
    %2 = tosa.transpose %1 {perms = array<i32: 0, 2, 3, 1>} : (tensor<4x3x16x16xf32>) -> tensor<4x16x16x3xf32>
    %dwi = "tosa.const"() <{values = dense<[[[[6], [-21], [79]], [[-50], [118], [-34]], [[-53], [-83], [69]]], [[[53], [53], [11]], [[42], [-56], [-99]], [[107], [-121], [-64]]], [[[-29], [81], [64]], [[-20], [-63], [93]], [[1], [78], [-46]]]]> : tensor<3x3x3x1xi8>}> : () -> tensor<3x3x3x1xi8>
    %dwq = quant.scast %dwi : tensor<3x3x3x1xi8> to tensor<3x3x3x1x!quant.uniform<i8<-127:127>:f32:2, {0.0011,0.0009,0.0013}>>
    %dwf = quant.dcast %dwq : tensor<3x3x3x1x!quant.uniform<i8<-127:127>:f32:2, {0.0011,0.0009,0.0013}>> to tensor<3x3x3x1xf32>
    %dwb = "tosa.const"() <{values = dense<[0.05, -0.03, 0.02]> : tensor<3xf32>}> : () -> tensor<3xf32>
    %3 = tosa.depthwise_conv2d %2, %dwf, %dwb, %zf, %zf {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<4x16x16x3xf32>, tensor<3x3x3x1xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<4x16x16x3xf32>
    %4 = quant.qcast %3 : tensor<4x16x16x3xf32> to tensor<4x16x16x3x!quant.uniform<i8:f32, 0.012:-3>>
    %5 = quant.dcast %4 : tensor<4x16x16x3x!quant.uniform<i8:f32, 0.012:-3>> to tensor<4x16x16x3xf32>
    %s1 = tosa.const_shape {values = dense<[1, 1024, 3]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %6 = tosa.reshape %2, %s1 : (tensor<4x16x16x3xf32>, !tosa.shape<3>) -> tensor<1x1024x3xf32>
    %mwi = "tosa.const"() <{values = dense<[[[36, 89, 48, 114, 58], [-25, -92, 14, -112, -92], [81, 75, 97, -77, -89]]]> : tensor<1x3x5xi8>}> : () -> tensor<1x3x5xi8>
    %mwq = quant.scast %mwi : tensor<1x3x5xi8> to tensor<1x3x5x!quant.uniform<i8<-127:127>:f32:2, {0.004,0.005,0.003,0.006,0.0045}>>
    %mwf = quant.dcast %mwq : tensor<1x3x5x!quant.uniform<i8<-127:127>:f32:2, {0.004,0.005,0.003,0.006,0.0045}>> to tensor<1x3x5xf32>
    %7 = tosa.matmul %6, %mwf, %zf, %zf : (tensor<1x1024x3xf32>, tensor<1x3x5xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x1024x5xf32>
    %8 = quant.qcast %7 : tensor<1x1024x5xf32> to tensor<1x1024x5x!quant.uniform<i8:f32, 0.02:4>>
    %9 = quant.dcast %8 : tensor<1x1024x5x!quant.uniform<i8:f32, 0.02:4>> to tensor<1x1024x5xf32>
    %s2 = tosa.const_shape {values = dense<[4, 16, 48]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %10 = tosa.reshape %2, %s2 : (tensor<4x16x16x3xf32>, !tosa.shape<3>) -> tensor<4x16x48xf32>
    %s3 = tosa.const_shape {values = dense<[4, 48, 16]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %11 = tosa.reshape %1, %s3 : (tensor<4x3x16x16xf32>, !tosa.shape<3>) -> tensor<4x48x16xf32>
    %12 = tosa.matmul %10, %11, %zf, %zf : (tensor<4x16x48xf32>, tensor<4x48x16xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<4x16x16xf32>
    %13 = quant.qcast %12 : tensor<4x16x16xf32> to tensor<4x16x16x!quant.uniform<i8:f32, 0.15:-2>>
    %14 = quant.dcast %13 : tensor<4x16x16x!quant.uniform<i8:f32, 0.15:-2>> to tensor<4x16x16xf32>
    return %5, %9, %14 : tensor<4x16x16x3xf32>, tensor<1x1024x5xf32>, tensor<4x16x16xf32>
  }
}
