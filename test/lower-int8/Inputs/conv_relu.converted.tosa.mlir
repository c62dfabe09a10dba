module {
  func.func @conv_relu(%arg0: tensor<4x3x16x16xf32>) -> tensor<4x8x14x14xf32> {
    %0 = quant.qcast %arg0 {pt2e.name = "activation_post_process_0"} : tensor<4x3x16x16xf32> to tensor<4x3x16x16x!quant.uniform<i8:f32, 0.032437607645988464:6>>
    %1 = quant.dcast %0 : tensor<4x3x16x16x!quant.uniform<i8:f32, 0.032437607645988464:6>> to tensor<4x3x16x16xf32>
    %2 = "tosa.const"() <{values = dense_resource<torch_tensor_8_torch.float32> : tensor<8xf32>}> : () -> tensor<8xf32>
    %3 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
    %4 = "tosa.const"() <{values = dense<"0xFF23A647D8C693E6309E816ECDA8E524C963FD05EB69350EF4507889B5BEB06E51E0394BCE3EC76E07FBADBF52C5167FA7893388A411592834B2496E19EF73990575A41F1ABC528D3C7F0C359AADB2D085712FB7614078815B561830C8EB82E0EBAD87C640FE311BA0B59D9EF906DF1413C0CA1FD24F3493AF08E478BF1C5B3FAA9081F9DFB25FF28A4804C247F55A811BFF5254BF997D9BE45485CB7D91E7F6E5E682C70F877FE3EA3364028127C0594435F03281C1DEF770E27C8E8C52A67F78FD366706139661FF078EE2969913ADA9DEA869FF33CA13"> : tensor<8x3x3x3xi8>}> : () -> tensor<8x3x3x3xi8>
    %5 = quant.scast %4 {pt2e.name = "activation_post_process_1"} : tensor<8x3x3x3xi8> to tensor<8x3x3x3x!quant.uniform<i8<-127:127>:f32:0, {0.0014476921642199159,0.0015064646722748876,0.0014550350606441498,0.001511608948931098,0.0014536026865243912,0.0014614567626267672,0.0013683703728020191,0.0012781849363818765}>>
    %6 = quant.dcast %5 : tensor<8x3x3x3x!quant.uniform<i8<-127:127>:f32:0, {0.0014476921642199159,0.0015064646722748876,0.0014550350606441498,0.001511608948931098,0.0014536026865243912,0.0014614567626267672,0.0013683703728020191,0.0012781849363818765}>> to tensor<8x3x3x3xf32>
    %7 = tosa.transpose %1 {perms = array<i32: 0, 2, 3, 1>, pt2e.annotation = {inputs = [{bins = 2048 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "histogram", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}]}} : (tensor<4x3x16x16xf32>) -> tensor<4x16x16x3xf32>
    %8 = tosa.conv2d %7, %6, %2, %3, %3 {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, pt2e.annotation = {inputs = [unit, {ch_axis = 0 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "per_channel_minmax", qscheme = "per_channel_symmetric", quant_max = 127 : i64, quant_min = -127 : i64}]}, stride = array<i64: 1, 1>} : (tensor<4x16x16x3xf32>, tensor<8x3x3x3xf32>, tensor<8xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<4x14x14x8xf32>
    %9 = tosa.transpose %8 {perms = array<i32: 0, 3, 1, 2>} : (tensor<4x14x14x8xf32>) -> tensor<4x8x14x14xf32>
    %10 = tosa.clamp %9 {max_val = 3.40282347E+38 : f32, min_val = 0.000000e+00 : f32, pt2e.annotation = {output = {bins = 2048 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "histogram", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}}} : (tensor<4x8x14x14xf32>) -> tensor<4x8x14x14xf32>
    %11 = quant.qcast %10 {pt2e.name = "activation_post_process_2"} : tensor<4x8x14x14xf32> to tensor<4x8x14x14x!quant.uniform<i8:f32, 0.0097279902547597885:-128>>
    %12 = quant.dcast %11 : tensor<4x8x14x14x!quant.uniform<i8:f32, 0.0097279902547597885:-128>> to tensor<4x8x14x14xf32>
    return %12 : tensor<4x8x14x14xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_8_torch.float32: "0x04000000F7251ABE7B94CEBDB7211F3E3CEE1FBE8B6962BCBCF2423E8E608E3D3E8CB23B"
    }
  }
#-}

