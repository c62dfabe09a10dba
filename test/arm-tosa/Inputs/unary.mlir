#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
module {
  func.func @main(%arg0: tensor<2x3x6x6xf32>) -> tensor<2x4x4xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %cst_1 = arith.constant dense_resource<torch_tensor_4_3_1_1_torch.float32> : tensor<4x3x1x1xf32>
    %cst_2 = arith.constant dense_resource<torch_tensor_4_torch.float32> : tensor<4xf32>
    %0 = tensor.empty() : tensor<2x4x6x6xf32>
    %broadcasted = linalg.broadcast ins(%cst_2 : tensor<4xf32>) outs(%0 : tensor<2x4x6x6xf32>) dimensions = [0, 2, 3] 
    %1 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%arg0, %cst_1 : tensor<2x3x6x6xf32>, tensor<4x3x1x1xf32>) outs(%broadcasted : tensor<2x4x6x6xf32>) -> tensor<2x4x6x6xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%1 : tensor<2x4x6x6xf32>) outs(%0 : tensor<2x4x6x6xf32>) {
    ^bb0(%in: f32, %out: f32):
      %10 = math.tanh %in : f32
      linalg.yield %10 : f32
    } -> tensor<2x4x6x6xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2 : tensor<2x4x6x6xf32>) outs(%0 : tensor<2x4x6x6xf32>) {
    ^bb0(%in: f32, %out: f32):
      %10 = math.exp %in : f32
      linalg.yield %10 : f32
    } -> tensor<2x4x6x6xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%1 : tensor<2x4x6x6xf32>) outs(%0 : tensor<2x4x6x6xf32>) {
    ^bb0(%in: f32, %out: f32):
      %10 = arith.negf %in : f32
      %11 = math.exp %10 : f32
      %12 = arith.addf %11, %cst_0 : f32
      %13 = arith.divf %cst_0, %12 : f32
      linalg.yield %13 : f32
    } -> tensor<2x4x6x6xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%3, %4 : tensor<2x4x6x6xf32>, tensor<2x4x6x6xf32>) outs(%0 : tensor<2x4x6x6xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %10 = arith.addf %in, %in_3 : f32
      linalg.yield %10 : f32
    } -> tensor<2x4x6x6xf32>
    %collapsed = tensor.collapse_shape %5 [[0], [1], [2, 3]] : tensor<2x4x6x6xf32> into tensor<2x4x36xf32>
    %6 = tensor.empty() : tensor<2x36x4xf32>
    %transposed = linalg.transpose ins(%collapsed : tensor<2x4x36xf32>) outs(%6 : tensor<2x36x4xf32>) permutation = [0, 2, 1] 
    %7 = tensor.empty() : tensor<2x4x4xf32>
    %8 = linalg.fill ins(%cst : f32) outs(%7 : tensor<2x4x4xf32>) -> tensor<2x4x4xf32>
    %9 = linalg.batch_matmul ins(%collapsed, %transposed : tensor<2x4x36xf32>, tensor<2x36x4xf32>) outs(%8 : tensor<2x4x4xf32>) -> tensor<2x4x4xf32>
    return %9 : tensor<2x4x4xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_4_3_1_1_torch.float32: "0x04000000E8A38DBB13939E3E7E4BF3BEC98BD9BEB1B463BE53891E3E406B3BBC7A61EA3E42DD51BDD2701C3E9EAB32BEEA6BE8BD",
      torch_tensor_4_torch.float32: "0x04000000BD330DBFD6C5C3BE84B573BE0834AF3C"
    }
  }
#-}
