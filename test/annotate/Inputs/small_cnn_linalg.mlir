// torch-mlir linalg-on-tensors output of Conv2d(3,8,3,pad 1)-BatchNorm2d-ReLU-MaxPool2d(2)-
// flatten-Linear(512,10)-ReLU6 (torch 2.15, eval), weights replaced by splats.
#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
#map3 = affine_map<(d0, d1) -> (d1)>
#map4 = affine_map<(d0, d1) -> (d0, d1)>
#map5 = affine_map<(d0, d1) -> ()>
module {
  func.func @main(%arg0: tensor<1x3x16x16xf32>) -> tensor<1x10xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant dense<6.000000e+00> : tensor<f32>
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<f32>
    %cst_3 = arith.constant dense<0.05> : tensor<10xf32>
    %cst_4 = arith.constant dense<0.05> : tensor<10x512xf32>
    %cst_5 = arith.constant dense<0.05> : tensor<8xf32>
    %cst_6 = arith.constant dense<0.05> : tensor<8xf32>
    %cst_7 = arith.constant 1.000000e-05 : f64
    %cst_8 = arith.constant dense<0.05> : tensor<8xf32>
    %cst_9 = arith.constant dense<0.05> : tensor<8xf32>
    %cst_10 = arith.constant dense<0.05> : tensor<8x3x3x3xf32>
    %cst_11 = arith.constant dense<0.05> : tensor<8xf32>
    %padded = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x3x16x16xf32> to tensor<1x3x18x18xf32>
    %0 = tensor.empty() : tensor<1x8x16x16xf32>
    %broadcasted = linalg.broadcast ins(%cst_11 : tensor<8xf32>) outs(%0 : tensor<1x8x16x16xf32>) dimensions = [0, 2, 3] 
    %1 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %cst_10 : tensor<1x3x18x18xf32>, tensor<8x3x3x3xf32>) outs(%broadcasted : tensor<1x8x16x16xf32>) -> tensor<1x8x16x16xf32>
    %2 = tensor.empty() : tensor<8xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_8 : tensor<8xf32>) outs(%2 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %22 = arith.truncf %cst_7 : f64 to f32
      %23 = arith.addf %in, %22 : f32
      linalg.yield %23 : f32
    } -> tensor<8xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%3 : tensor<8xf32>) outs(%2 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %22 = math.rsqrt %in : f32
      linalg.yield %22 : f32
    } -> tensor<8xf32>
    %expanded = tensor.expand_shape %cst_9 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %expanded_12 = tensor.expand_shape %4 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %5 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%1, %expanded : tensor<1x8x16x16xf32>, tensor<8x1x1xf32>) outs(%0 : tensor<1x8x16x16xf32>) {
    ^bb0(%in: f32, %in_15: f32, %out: f32):
      %22 = arith.subf %in, %in_15 : f32
      linalg.yield %22 : f32
    } -> tensor<1x8x16x16xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%5, %expanded_12 : tensor<1x8x16x16xf32>, tensor<8x1x1xf32>) outs(%0 : tensor<1x8x16x16xf32>) {
    ^bb0(%in: f32, %in_15: f32, %out: f32):
      %22 = arith.mulf %in, %in_15 : f32
      linalg.yield %22 : f32
    } -> tensor<1x8x16x16xf32>
    %expanded_13 = tensor.expand_shape %cst_6 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %7 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%6, %expanded_13 : tensor<1x8x16x16xf32>, tensor<8x1x1xf32>) outs(%0 : tensor<1x8x16x16xf32>) {
    ^bb0(%in: f32, %in_15: f32, %out: f32):
      %22 = arith.mulf %in, %in_15 : f32
      linalg.yield %22 : f32
    } -> tensor<1x8x16x16xf32>
    %expanded_14 = tensor.expand_shape %cst_5 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %8 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%7, %expanded_14 : tensor<1x8x16x16xf32>, tensor<8x1x1xf32>) outs(%0 : tensor<1x8x16x16xf32>) {
    ^bb0(%in: f32, %in_15: f32, %out: f32):
      %22 = arith.addf %in, %in_15 : f32
      linalg.yield %22 : f32
    } -> tensor<1x8x16x16xf32>
    %9 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%8 : tensor<1x8x16x16xf32>) outs(%0 : tensor<1x8x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %22 = arith.cmpf ugt, %in, %cst : f32
      %23 = arith.select %22, %in, %cst : f32
      linalg.yield %23 : f32
    } -> tensor<1x8x16x16xf32>
    %10 = tensor.empty() : tensor<1x8x8x8xf32>
    %11 = linalg.fill ins(%cst_0 : f32) outs(%10 : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
    %12 = tensor.empty() : tensor<2x2xf32>
    %13 = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%9, %12 : tensor<1x8x16x16xf32>, tensor<2x2xf32>) outs(%11 : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
    %collapsed = tensor.collapse_shape %13 [[0], [1, 2, 3]] : tensor<1x8x8x8xf32> into tensor<1x512xf32>
    %14 = tensor.empty() : tensor<512x10xf32>
    %transposed = linalg.transpose ins(%cst_4 : tensor<10x512xf32>) outs(%14 : tensor<512x10xf32>) permutation = [1, 0] 
    %15 = tensor.empty() : tensor<1x10xf32>
    %16 = linalg.fill ins(%cst : f32) outs(%15 : tensor<1x10xf32>) -> tensor<1x10xf32>
    %17 = linalg.matmul ins(%collapsed, %transposed : tensor<1x512xf32>, tensor<512x10xf32>) outs(%16 : tensor<1x10xf32>) -> tensor<1x10xf32>
    %18 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%cst_3 : tensor<10xf32>) outs(%15 : tensor<1x10xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1x10xf32>
    %19 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%17, %18 : tensor<1x10xf32>, tensor<1x10xf32>) outs(%15 : tensor<1x10xf32>) {
    ^bb0(%in: f32, %in_15: f32, %out: f32):
      %22 = arith.addf %in, %in_15 : f32
      linalg.yield %22 : f32
    } -> tensor<1x10xf32>
    %20 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%19, %cst_2 : tensor<1x10xf32>, tensor<f32>) outs(%15 : tensor<1x10xf32>) {
    ^bb0(%in: f32, %in_15: f32, %out: f32):
      %22 = arith.cmpf ogt, %in, %in_15 : f32
      %23 = arith.select %22, %in, %in_15 : f32
      linalg.yield %23 : f32
    } -> tensor<1x10xf32>
    %21 = linalg.generic {indexing_maps = [#map5, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%cst_1, %20 : tensor<f32>, tensor<1x10xf32>) outs(%15 : tensor<1x10xf32>) {
    ^bb0(%in: f32, %in_15: f32, %out: f32):
      %22 = arith.cmpf olt, %in, %in_15 : f32
      %23 = arith.select %22, %in, %in_15 : f32
      linalg.yield %23 : f32
    } -> tensor<1x10xf32>
    return %21 : tensor<1x10xf32>
  }
}

