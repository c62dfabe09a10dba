#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
module {
  func.func @conv_relu_cat(%arg0: tensor<4x3x16x16xf32>) -> (tensor<4x16x14x14xf32>, tensor<4x6x16x16xf32>, tensor<4x6x8x8xf32>) {
    %0 = quant.qcast %arg0 {pt2e.name = "activation_post_process_0"} : tensor<4x3x16x16xf32> to tensor<4x3x16x16x!quant.uniform<i8:f32, 0.032437607645988464:6>>
    %1 = quant.dcast %0 : tensor<4x3x16x16x!quant.uniform<i8:f32, 0.032437607645988464:6>> to tensor<4x3x16x16xf32>
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant dense<"0xFF47939ECD24FD69F423D8E681A8C9053550A6C6306EE563EB0E7889B0E0CE6EADC5A788B56E393E07BF1689A4BE514BC7FB527F331159B21999A4BC3C35B22849EF051F527F9AD0346E73751A8D0CAD8571618118EBEBC631B52F405B3082AD401B9DB77856C8E087FEA09EF914CA4FAF785B90DF06131F3408BF3F81B2DFC0D293E41CAAF95FF204F51B547D547DF68AC25AFFBF9B8591E54847815299E4CBE7E68287EA02C03581F77CC77F338159F0C1708E0FE364274432DEE28C527867960796ADA833A6FD06618E99A969CA7F3613FFE213DEFF13"> : tensor<8x3x3x3xi8>
    %2 = quant.scast %cst_0 {pt2e.name = "activation_post_process_1"} : tensor<8x3x3x3xi8> to tensor<8x3x3x3x!quant.uniform<i8<-127:127>:f32:0, {0.0014476921642199159,0.0015064646722748876,0.0014550350606441498,0.001511608948931098,0.0014536026865243912,0.0014614567626267672,0.0013683703728020191,0.0012781849363818765}>>
    %3 = quant.dcast %2 : tensor<8x3x3x3x!quant.uniform<i8<-127:127>:f32:0, {0.0014476921642199159,0.0015064646722748876,0.0014550350606441498,0.001511608948931098,0.0014536026865243912,0.0014614567626267672,0.0013683703728020191,0.0012781849363818765}>> to tensor<8x3x3x3xf32>
    %cst_1 = arith.constant dense_resource<torch_tensor_8_torch.float32> : tensor<8xf32>
    %4 = tensor.empty() : tensor<4x8x14x14xf32>
    %broadcasted = linalg.broadcast ins(%cst_1 : tensor<8xf32>) outs(%4 : tensor<4x8x14x14xf32>) dimensions = [0, 2, 3] 
    %5 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, pt2e.annotation = {inputs = [{bins = 2048 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "histogram", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}, {ch_axis = 0 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "per_channel_minmax", qscheme = "per_channel_symmetric", quant_max = 127 : i64, quant_min = -127 : i64}]}, strides = dense<1> : vector<2xi64>} ins(%1, %3 : tensor<4x3x16x16xf32>, tensor<8x3x3x3xf32>) outs(%broadcasted : tensor<4x8x14x14xf32>) -> tensor<4x8x14x14xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%5 : tensor<4x8x14x14xf32>) outs(%4 : tensor<4x8x14x14xf32>) attrs =  {pt2e.annotation = {output = {bins = 2048 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "histogram", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}}} {
    ^bb0(%in: f32, %out: f32):
      %9 = arith.cmpf ugt, %in, %cst : f32
      %10 = arith.select %9, %in, %cst : f32
      linalg.yield %10 : f32
    } -> tensor<4x8x14x14xf32>
    %7 = quant.qcast %6 {pt2e.name = "activation_post_process_2"} : tensor<4x8x14x14xf32> to tensor<4x8x14x14x!quant.uniform<i8:f32, 0.0097279902547597885:-128>>
    %8 = quant.dcast %7 : tensor<4x8x14x14x!quant.uniform<i8:f32, 0.0097279902547597885:-128>> to tensor<4x8x14x14xf32>
    %cat = tensor.concat dim(1) %8, %8 : (tensor<4x8x14x14xf32>, tensor<4x8x14x14xf32>) -> tensor<4x16x14x14xf32>
    %qcat = quant.qcast %cat : tensor<4x16x14x14xf32> to tensor<4x16x14x14x!quant.uniform<i8:f32, 0.0097279902547597885:-128>>
    %dcat = quant.dcast %qcat : tensor<4x16x14x14x!quant.uniform<i8:f32, 0.0097279902547597885:-128>> to tensor<4x16x14x14xf32>
    %qx2 = quant.qcast %arg0 : tensor<4x3x16x16xf32> to tensor<4x3x16x16x!quant.uniform<i8:f32, 0.021:-3>>
    %dx2 = quant.dcast %qx2 : tensor<4x3x16x16x!quant.uniform<i8:f32, 0.021:-3>> to tensor<4x3x16x16xf32>
    %cat2 = tosa.concat %1, %dx2 {axis = 1 : i32} : (tensor<4x3x16x16xf32>, tensor<4x3x16x16xf32>) -> tensor<4x6x16x16xf32>
    %qcat2 = quant.qcast %cat2 : tensor<4x6x16x16xf32> to tensor<4x6x16x16x!quant.uniform<i8:f32, 0.032437607645988464:6>>
    %dcat2 = quant.dcast %qcat2 : tensor<4x6x16x16x!quant.uniform<i8:f32, 0.032437607645988464:6>> to tensor<4x6x16x16xf32>
    %ninf = arith.constant 0xFF800000 : f32
    %pe = tensor.empty() : tensor<4x3x8x8xf32>
    %pinit = linalg.fill ins(%ninf : f32) outs(%pe : tensor<4x3x8x8xf32>) -> tensor<4x3x8x8xf32>
    %win2 = tensor.empty() : tensor<2x2xf32>
    %win1 = tensor.empty() : tensor<1x1xf32>
    %p2 = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%1, %win2 : tensor<4x3x16x16xf32>, tensor<2x2xf32>) outs(%pinit : tensor<4x3x8x8xf32>) -> tensor<4x3x8x8xf32>
    %qp2 = quant.qcast %p2 : tensor<4x3x8x8xf32> to tensor<4x3x8x8x!quant.uniform<i8:f32, 0.032437607645988464:6>>
    %dp2 = quant.dcast %qp2 : tensor<4x3x8x8x!quant.uniform<i8:f32, 0.032437607645988464:6>> to tensor<4x3x8x8xf32>
    %p1 = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%1, %win1 : tensor<4x3x16x16xf32>, tensor<1x1xf32>) outs(%pinit : tensor<4x3x8x8xf32>) -> tensor<4x3x8x8xf32>
    %qp1 = quant.qcast %p1 : tensor<4x3x8x8xf32> to tensor<4x3x8x8x!quant.uniform<i8:f32, 0.032437607645988464:6>>
    %dp1 = quant.dcast %qp1 : tensor<4x3x8x8x!quant.uniform<i8:f32, 0.032437607645988464:6>> to tensor<4x3x8x8xf32>
    %cat3 = tensor.concat dim(1) %dp2, %dp1 : (tensor<4x3x8x8xf32>, tensor<4x3x8x8xf32>) -> tensor<4x6x8x8xf32>
    %qcat3 = quant.qcast %cat3 : tensor<4x6x8x8xf32> to tensor<4x6x8x8x!quant.uniform<i8:f32, 0.032437607645988464:6>>
    %dcat3 = quant.dcast %qcat3 : tensor<4x6x8x8x!quant.uniform<i8:f32, 0.032437607645988464:6>> to tensor<4x6x8x8xf32>
    return %dcat, %dcat2, %dcat3 : tensor<4x16x14x14xf32>, tensor<4x6x16x16xf32>, tensor<4x6x8x8xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_8_torch.float32: "0x04000000F7251ABE7B94CEBDB7211F3E3CEE1FBE8B6962BCBCF2423E8E608E3D3E8CB23B"
    }
  }
#-}

