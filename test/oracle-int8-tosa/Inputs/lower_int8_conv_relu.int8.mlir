module {
  func.func @conv_relu(%arg0: tensor<4x3x16x16xf32>) -> tensor<4x8x14x14xf32> {
    %0 = quant.qcast %arg0 {pt2e.name = "activation_post_process_0"} : tensor<4x3x16x16xf32> to tensor<4x3x16x16x!quant.uniform<i8:f32, 0.032437607645988464:6>>
    %1 = quant.scast %0 : tensor<4x3x16x16x!quant.uniform<i8:f32, 0.032437607645988464:6>> to tensor<4x3x16x16xi8>
    %2 = "tosa.const"() <{values = dense<[-3206, -2064, 3293, -3185, -293, 4016, 1566, 131]> : tensor<8xi32>}> : () -> tensor<8xi32>
    %3 = tosa.transpose %1 {perms = array<i32: 0, 2, 3, 1>} : (tensor<4x3x16x16xi8>) -> tensor<4x16x16x3xi8>
    %4 = "tosa.const"() <{values = dense<"0xFF23A647D8C693E6309E816ECDA8E524C963FD05EB69350EF4507889B5BEB06E51E0394BCE3EC76E07FBADBF52C5167FA7893388A411592834B2496E19EF73990575A41F1ABC528D3C7F0C359AADB2D085712FB7614078815B561830C8EB82E0EBAD87C640FE311BA0B59D9EF906DF1413C0CA1FD24F3493AF08E478BF1C5B3FAA9081F9DFB25FF28A4804C247F55A811BFF5254BF997D9BE45485CB7D91E7F6E5E682C70F877FE3EA3364028127C0594435F03281C1DEF770E27C8E8C52A67F78FD366706139661FF078EE2969913ADA9DEA869FF33CA13"> : tensor<8x3x3x3xi8>}> : () -> tensor<8x3x3x3xi8>
    %5 = "tosa.const"() <{values = dense<6> : tensor<1xi8>}> : () -> tensor<1xi8>
    %6 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %7 = tosa.conv2d %3, %4, %2, %5, %6 {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<4x16x16x3xi8>, tensor<8x3x3x3xi8>, tensor<8xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<4x14x14x8xi32>
    %8 = "tosa.const"() <{values = dense<[1326910869, 1380779961, 1333641139, 1385495015, 1332328226, 1339527041, 1254206951, 1171545684]> : tensor<8xi32>}> : () -> tensor<8xi32>
    %9 = "tosa.const"() <{values = dense<38> : tensor<8xi8>}> : () -> tensor<8xi8>
    %10 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
    %11 = "tosa.const"() <{values = dense<-128> : tensor<1xi8>}> : () -> tensor<1xi8>
    %12 = tosa.rescale %7, %8, %9, %10, %11 {input_unsigned = false, output_unsigned = false, per_channel = true, rounding_mode = SINGLE_ROUND, scale32 = true} : (tensor<4x14x14x8xi32>, tensor<8xi32>, tensor<8xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<4x14x14x8xi8>
    %13 = tosa.transpose %12 {perms = array<i32: 0, 3, 1, 2>} : (tensor<4x14x14x8xi8>) -> tensor<4x8x14x14xi8>
    %14 = quant.scast %13 : tensor<4x8x14x14xi8> to tensor<4x8x14x14x!quant.uniform<i8:f32, 0.0097279902547597885:-128>>
    %15 = quant.dcast %14 : tensor<4x8x14x14x!quant.uniform<i8:f32, 0.0097279902547597885:-128>> to tensor<4x8x14x14xf32>
    return %15 : tensor<4x8x14x14xf32>
  }
}

