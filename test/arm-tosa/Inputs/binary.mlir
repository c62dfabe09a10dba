#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
module {
  func.func @main(%arg0: tensor<2x3x6x6xf32>) -> tensor<2x4x6x6xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant dense_resource<torch_tensor_4_torch.float32_1> : tensor<4xf32>
    %cst_1 = arith.constant dense_resource<torch_tensor_4_3_1_1_torch.float32_1> : tensor<4x3x1x1xf32>
    %cst_2 = arith.constant dense_resource<torch_tensor_4_3_1_1_torch.float32> : tensor<4x3x1x1xf32>
    %cst_3 = arith.constant dense_resource<torch_tensor_4_torch.float32> : tensor<4xf32>
    %0 = tensor.empty() : tensor<2x4x6x6xf32>
    %broadcasted = linalg.broadcast ins(%cst_3 : tensor<4xf32>) outs(%0 : tensor<2x4x6x6xf32>) dimensions = [0, 2, 3] 
    %1 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%arg0, %cst_2 : tensor<2x3x6x6xf32>, tensor<4x3x1x1xf32>) outs(%broadcasted : tensor<2x4x6x6xf32>) -> tensor<2x4x6x6xf32>
    %broadcasted_4 = linalg.broadcast ins(%cst_0 : tensor<4xf32>) outs(%0 : tensor<2x4x6x6xf32>) dimensions = [0, 2, 3] 
    %2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%arg0, %cst_1 : tensor<2x3x6x6xf32>, tensor<4x3x1x1xf32>) outs(%broadcasted_4 : tensor<2x4x6x6xf32>) -> tensor<2x4x6x6xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%1, %2 : tensor<2x4x6x6xf32>, tensor<2x4x6x6xf32>) outs(%0 : tensor<2x4x6x6xf32>) {
    ^bb0(%in: f32, %in_5: f32, %out: f32):
      %8 = arith.subf %in, %in_5 : f32
      linalg.yield %8 : f32
    } -> tensor<2x4x6x6xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%3 : tensor<2x4x6x6xf32>) outs(%0 : tensor<2x4x6x6xf32>) {
    ^bb0(%in: f32, %out: f32):
      %8 = arith.cmpf ugt, %in, %cst : f32
      %9 = arith.select %8, %in, %cst : f32
      linalg.yield %9 : f32
    } -> tensor<2x4x6x6xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%4, %1 : tensor<2x4x6x6xf32>, tensor<2x4x6x6xf32>) outs(%0 : tensor<2x4x6x6xf32>) {
    ^bb0(%in: f32, %in_5: f32, %out: f32):
      %8 = arith.addf %in, %in_5 : f32
      linalg.yield %8 : f32
    } -> tensor<2x4x6x6xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%5 : tensor<2x4x6x6xf32>) outs(%0 : tensor<2x4x6x6xf32>) {
    ^bb0(%in: f32, %out: f32):
      %8 = arith.cmpf ugt, %in, %cst : f32
      %9 = arith.select %8, %in, %cst : f32
      linalg.yield %9 : f32
    } -> tensor<2x4x6x6xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%6, %2 : tensor<2x4x6x6xf32>, tensor<2x4x6x6xf32>) outs(%0 : tensor<2x4x6x6xf32>) {
    ^bb0(%in: f32, %in_5: f32, %out: f32):
      %8 = arith.cmpf olt, %in, %in_5 : f32
      %9 = arith.select %8, %in, %in_5 : f32
      linalg.yield %9 : f32
    } -> tensor<2x4x6x6xf32>
    return %7 : tensor<2x4x6x6xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_4_torch.float32_1: "0x04000000F017BABE48AC15BECC7366BECA66FF3E",
      torch_tensor_4_3_1_1_torch.float32_1: "0x040000008DB9693E665EB13ED266C8BE69B980BE83BC563E2777F53E4357F3BD1534DD3EDA95BEBD653B7A3DB5D4053F791C09BF",
      torch_tensor_4_3_1_1_torch.float32: "0x04000000E8A38DBB13939E3E7E4BF3BEC98BD9BEB1B463BE53891E3E406B3BBC7A61EA3E42DD51BDD2701C3E9EAB32BEEA6BE8BD",
      torch_tensor_4_torch.float32: "0x04000000BD330DBFD6C5C3BE84B573BE0834AF3C"
    }
  }
#-}
