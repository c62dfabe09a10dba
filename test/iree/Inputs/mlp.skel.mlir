#map = affine_map<(d0, d1) -> (d1)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @forward(%arg0: tensor<8x1024xf32>) -> tensor<8x1024xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant dense_resource<torch_tensor_1024_torch.float32_2> : tensor<1024xf32>
    %cst_1 = arith.constant dense_resource<torch_tensor_1024_1024_torch.float32_2> : tensor<1024x1024xf32>
    %cst_2 = arith.constant dense_resource<torch_tensor_1024_torch.float32_1> : tensor<1024xf32>
    %cst_3 = arith.constant dense_resource<torch_tensor_1024_1024_torch.float32_1> : tensor<1024x1024xf32>
    %cst_4 = arith.constant dense_resource<torch_tensor_1024_torch.float32> : tensor<1024xf32>
    %cst_5 = arith.constant dense_resource<torch_tensor_1024_1024_torch.float32> : tensor<1024x1024xf32>
    %0 = tensor.empty() : tensor<1024x1024xf32>
    %transposed = linalg.transpose ins(%cst_5 : tensor<1024x1024xf32>) outs(%0 : tensor<1024x1024xf32>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<8x1024xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<8x1024xf32>) -> tensor<8x1024xf32>
    %3 = linalg.matmul ins(%arg0, %transposed : tensor<8x1024xf32>, tensor<1024x1024xf32>) outs(%2 : tensor<8x1024xf32>) -> tensor<8x1024xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_4 : tensor<1024xf32>) outs(%1 : tensor<8x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x1024xf32>
    %5 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%3, %4 : tensor<8x1024xf32>, tensor<8x1024xf32>) outs(%1 : tensor<8x1024xf32>) {
    ^bb0(%in: f32, %in_8: f32, %out: f32):
      %15 = arith.addf %in, %in_8 : f32
      linalg.yield %15 : f32
    } -> tensor<8x1024xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%5 : tensor<8x1024xf32>) outs(%1 : tensor<8x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %15 = arith.cmpf ugt, %in, %cst : f32
      %16 = arith.select %15, %in, %cst : f32
      linalg.yield %16 : f32
    } -> tensor<8x1024xf32>
    %transposed_6 = linalg.transpose ins(%cst_3 : tensor<1024x1024xf32>) outs(%0 : tensor<1024x1024xf32>) permutation = [1, 0] 
    %7 = linalg.matmul ins(%6, %transposed_6 : tensor<8x1024xf32>, tensor<1024x1024xf32>) outs(%2 : tensor<8x1024xf32>) -> tensor<8x1024xf32>
    %8 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_2 : tensor<1024xf32>) outs(%1 : tensor<8x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x1024xf32>
    %9 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%7, %8 : tensor<8x1024xf32>, tensor<8x1024xf32>) outs(%1 : tensor<8x1024xf32>) {
    ^bb0(%in: f32, %in_8: f32, %out: f32):
      %15 = arith.addf %in, %in_8 : f32
      linalg.yield %15 : f32
    } -> tensor<8x1024xf32>
    %10 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%9 : tensor<8x1024xf32>) outs(%1 : tensor<8x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %15 = arith.cmpf ugt, %in, %cst : f32
      %16 = arith.select %15, %in, %cst : f32
      linalg.yield %16 : f32
    } -> tensor<8x1024xf32>
    %transposed_7 = linalg.transpose ins(%cst_1 : tensor<1024x1024xf32>) outs(%0 : tensor<1024x1024xf32>) permutation = [1, 0] 
    %11 = linalg.matmul ins(%10, %transposed_7 : tensor<8x1024xf32>, tensor<1024x1024xf32>) outs(%2 : tensor<8x1024xf32>) -> tensor<8x1024xf32>
    %12 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_0 : tensor<1024xf32>) outs(%1 : tensor<8x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x1024xf32>
    %13 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%11, %12 : tensor<8x1024xf32>, tensor<8x1024xf32>) outs(%1 : tensor<8x1024xf32>) {
    ^bb0(%in: f32, %in_8: f32, %out: f32):
      %15 = arith.addf %in, %in_8 : f32
      linalg.yield %15 : f32
    } -> tensor<8x1024xf32>
    %14 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%13 : tensor<8x1024xf32>) outs(%1 : tensor<8x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %15 = arith.cmpf ugt, %in, %cst : f32
      %16 = arith.select %15, %in, %cst : f32
      linalg.yield %16 : f32
    } -> tensor<8x1024xf32>
    return %14 : tensor<8x1024xf32>
  }
}

