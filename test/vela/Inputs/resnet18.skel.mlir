#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>
#map4 = affine_map<(d0, d1) -> (d1)>
#map5 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @forward(%arg0: tensor<1x3x64x64xf32>) -> tensor<1x1000xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant dense_resource<torch_tensor_1000_torch.float32> : tensor<1000xf32>
    %cst_2 = arith.constant dense_resource<torch_tensor_1000_512_torch.float32> : tensor<1000x512xf32>
    %cst_3 = arith.constant dense_resource<torch_tensor_512_torch.float32_19> : tensor<512xf32>
    %cst_4 = arith.constant dense_resource<torch_tensor_512_torch.float32_18> : tensor<512xf32>
    %cst_5 = arith.constant dense_resource<torch_tensor_512_torch.float32_17> : tensor<512xf32>
    %cst_6 = arith.constant dense_resource<torch_tensor_512_torch.float32_16> : tensor<512xf32>
    %cst_7 = arith.constant dense_resource<torch_tensor_512_512_3_3_torch.float32_2> : tensor<512x512x3x3xf32>
    %cst_8 = arith.constant dense_resource<torch_tensor_512_torch.float32_15> : tensor<512xf32>
    %cst_9 = arith.constant dense_resource<torch_tensor_512_torch.float32_14> : tensor<512xf32>
    %cst_10 = arith.constant dense_resource<torch_tensor_512_torch.float32_13> : tensor<512xf32>
    %cst_11 = arith.constant dense_resource<torch_tensor_512_torch.float32_12> : tensor<512xf32>
    %cst_12 = arith.constant dense_resource<torch_tensor_512_512_3_3_torch.float32_1> : tensor<512x512x3x3xf32>
    %cst_13 = arith.constant dense_resource<torch_tensor_512_torch.float32_11> : tensor<512xf32>
    %cst_14 = arith.constant dense_resource<torch_tensor_512_torch.float32_10> : tensor<512xf32>
    %cst_15 = arith.constant dense_resource<torch_tensor_512_torch.float32_9> : tensor<512xf32>
    %cst_16 = arith.constant dense_resource<torch_tensor_512_torch.float32_8> : tensor<512xf32>
    %cst_17 = arith.constant dense_resource<torch_tensor_512_256_1_1_torch.float32> : tensor<512x256x1x1xf32>
    %cst_18 = arith.constant dense_resource<torch_tensor_512_torch.float32_7> : tensor<512xf32>
    %cst_19 = arith.constant dense_resource<torch_tensor_512_torch.float32_6> : tensor<512xf32>
    %cst_20 = arith.constant dense_resource<torch_tensor_512_torch.float32_5> : tensor<512xf32>
    %cst_21 = arith.constant dense_resource<torch_tensor_512_torch.float32_4> : tensor<512xf32>
    %cst_22 = arith.constant dense_resource<torch_tensor_512_512_3_3_torch.float32> : tensor<512x512x3x3xf32>
    %cst_23 = arith.constant dense_resource<torch_tensor_512_torch.float32_3> : tensor<512xf32>
    %cst_24 = arith.constant dense_resource<torch_tensor_512_torch.float32_2> : tensor<512xf32>
    %cst_25 = arith.constant dense_resource<torch_tensor_512_torch.float32_1> : tensor<512xf32>
    %cst_26 = arith.constant dense_resource<torch_tensor_512_torch.float32> : tensor<512xf32>
    %cst_27 = arith.constant dense_resource<torch_tensor_512_256_3_3_torch.float32> : tensor<512x256x3x3xf32>
    %cst_28 = arith.constant dense_resource<torch_tensor_256_torch.float32_19> : tensor<256xf32>
    %cst_29 = arith.constant dense_resource<torch_tensor_256_torch.float32_18> : tensor<256xf32>
    %cst_30 = arith.constant dense_resource<torch_tensor_256_torch.float32_17> : tensor<256xf32>
    %cst_31 = arith.constant dense_resource<torch_tensor_256_torch.float32_16> : tensor<256xf32>
    %cst_32 = arith.constant dense_resource<torch_tensor_256_256_3_3_torch.float32_2> : tensor<256x256x3x3xf32>
    %cst_33 = arith.constant dense_resource<torch_tensor_256_torch.float32_15> : tensor<256xf32>
    %cst_34 = arith.constant dense_resource<torch_tensor_256_torch.float32_14> : tensor<256xf32>
    %cst_35 = arith.constant dense_resource<torch_tensor_256_torch.float32_13> : tensor<256xf32>
    %cst_36 = arith.constant dense_resource<torch_tensor_256_torch.float32_12> : tensor<256xf32>
    %cst_37 = arith.constant dense_resource<torch_tensor_256_256_3_3_torch.float32_1> : tensor<256x256x3x3xf32>
    %cst_38 = arith.constant dense_resource<torch_tensor_256_torch.float32_11> : tensor<256xf32>
    %cst_39 = arith.constant dense_resource<torch_tensor_256_torch.float32_10> : tensor<256xf32>
    %cst_40 = arith.constant dense_resource<torch_tensor_256_torch.float32_9> : tensor<256xf32>
    %cst_41 = arith.constant dense_resource<torch_tensor_256_torch.float32_8> : tensor<256xf32>
    %cst_42 = arith.constant dense_resource<torch_tensor_256_128_1_1_torch.float32> : tensor<256x128x1x1xf32>
    %cst_43 = arith.constant dense_resource<torch_tensor_256_torch.float32_7> : tensor<256xf32>
    %cst_44 = arith.constant dense_resource<torch_tensor_256_torch.float32_6> : tensor<256xf32>
    %cst_45 = arith.constant dense_resource<torch_tensor_256_torch.float32_5> : tensor<256xf32>
    %cst_46 = arith.constant dense_resource<torch_tensor_256_torch.float32_4> : tensor<256xf32>
    %cst_47 = arith.constant dense_resource<torch_tensor_256_256_3_3_torch.float32> : tensor<256x256x3x3xf32>
    %cst_48 = arith.constant dense_resource<torch_tensor_256_torch.float32_3> : tensor<256xf32>
    %cst_49 = arith.constant dense_resource<torch_tensor_256_torch.float32_2> : tensor<256xf32>
    %cst_50 = arith.constant dense_resource<torch_tensor_256_torch.float32_1> : tensor<256xf32>
    %cst_51 = arith.constant dense_resource<torch_tensor_256_torch.float32> : tensor<256xf32>
    %cst_52 = arith.constant dense_resource<torch_tensor_256_128_3_3_torch.float32> : tensor<256x128x3x3xf32>
    %cst_53 = arith.constant dense_resource<torch_tensor_128_torch.float32_19> : tensor<128xf32>
    %cst_54 = arith.constant dense_resource<torch_tensor_128_torch.float32_18> : tensor<128xf32>
    %cst_55 = arith.constant dense_resource<torch_tensor_128_torch.float32_17> : tensor<128xf32>
    %cst_56 = arith.constant dense_resource<torch_tensor_128_torch.float32_16> : tensor<128xf32>
    %cst_57 = arith.constant dense_resource<torch_tensor_128_128_3_3_torch.float32_2> : tensor<128x128x3x3xf32>
    %cst_58 = arith.constant dense_resource<torch_tensor_128_torch.float32_15> : tensor<128xf32>
    %cst_59 = arith.constant dense_resource<torch_tensor_128_torch.float32_14> : tensor<128xf32>
    %cst_60 = arith.constant dense_resource<torch_tensor_128_torch.float32_13> : tensor<128xf32>
    %cst_61 = arith.constant dense_resource<torch_tensor_128_torch.float32_12> : tensor<128xf32>
    %cst_62 = arith.constant dense_resource<torch_tensor_128_128_3_3_torch.float32_1> : tensor<128x128x3x3xf32>
    %cst_63 = arith.constant dense_resource<torch_tensor_128_torch.float32_11> : tensor<128xf32>
    %cst_64 = arith.constant dense_resource<torch_tensor_128_torch.float32_10> : tensor<128xf32>
    %cst_65 = arith.constant dense_resource<torch_tensor_128_torch.float32_9> : tensor<128xf32>
    %cst_66 = arith.constant dense_resource<torch_tensor_128_torch.float32_8> : tensor<128xf32>
    %cst_67 = arith.constant dense_resource<torch_tensor_128_64_1_1_torch.float32> : tensor<128x64x1x1xf32>
    %cst_68 = arith.constant dense_resource<torch_tensor_128_torch.float32_7> : tensor<128xf32>
    %cst_69 = arith.constant dense_resource<torch_tensor_128_torch.float32_6> : tensor<128xf32>
    %cst_70 = arith.constant dense_resource<torch_tensor_128_torch.float32_5> : tensor<128xf32>
    %cst_71 = arith.constant dense_resource<torch_tensor_128_torch.float32_4> : tensor<128xf32>
    %cst_72 = arith.constant dense_resource<torch_tensor_128_128_3_3_torch.float32> : tensor<128x128x3x3xf32>
    %cst_73 = arith.constant dense_resource<torch_tensor_128_torch.float32_3> : tensor<128xf32>
    %cst_74 = arith.constant dense_resource<torch_tensor_128_torch.float32_2> : tensor<128xf32>
    %cst_75 = arith.constant dense_resource<torch_tensor_128_torch.float32_1> : tensor<128xf32>
    %cst_76 = arith.constant dense_resource<torch_tensor_128_torch.float32> : tensor<128xf32>
    %cst_77 = arith.constant dense_resource<torch_tensor_128_64_3_3_torch.float32> : tensor<128x64x3x3xf32>
    %cst_78 = arith.constant dense_resource<torch_tensor_64_torch.float32_19> : tensor<64xf32>
    %cst_79 = arith.constant dense_resource<torch_tensor_64_torch.float32_18> : tensor<64xf32>
    %cst_80 = arith.constant dense_resource<torch_tensor_64_torch.float32_17> : tensor<64xf32>
    %cst_81 = arith.constant dense_resource<torch_tensor_64_torch.float32_16> : tensor<64xf32>
    %cst_82 = arith.constant dense_resource<torch_tensor_64_64_3_3_torch.float32_3> : tensor<64x64x3x3xf32>
    %cst_83 = arith.constant dense_resource<torch_tensor_64_torch.float32_15> : tensor<64xf32>
    %cst_84 = arith.constant dense_resource<torch_tensor_64_torch.float32_14> : tensor<64xf32>
    %cst_85 = arith.constant dense_resource<torch_tensor_64_torch.float32_13> : tensor<64xf32>
    %cst_86 = arith.constant dense_resource<torch_tensor_64_torch.float32_12> : tensor<64xf32>
    %cst_87 = arith.constant dense_resource<torch_tensor_64_64_3_3_torch.float32_2> : tensor<64x64x3x3xf32>
    %cst_88 = arith.constant dense_resource<torch_tensor_64_torch.float32_11> : tensor<64xf32>
    %cst_89 = arith.constant dense_resource<torch_tensor_64_torch.float32_10> : tensor<64xf32>
    %cst_90 = arith.constant dense_resource<torch_tensor_64_torch.float32_9> : tensor<64xf32>
    %cst_91 = arith.constant dense_resource<torch_tensor_64_torch.float32_8> : tensor<64xf32>
    %cst_92 = arith.constant dense_resource<torch_tensor_64_64_3_3_torch.float32_1> : tensor<64x64x3x3xf32>
    %cst_93 = arith.constant dense_resource<torch_tensor_64_torch.float32_7> : tensor<64xf32>
    %cst_94 = arith.constant dense_resource<torch_tensor_64_torch.float32_6> : tensor<64xf32>
    %cst_95 = arith.constant dense_resource<torch_tensor_64_torch.float32_5> : tensor<64xf32>
    %cst_96 = arith.constant dense_resource<torch_tensor_64_torch.float32_4> : tensor<64xf32>
    %cst_97 = arith.constant dense_resource<torch_tensor_64_64_3_3_torch.float32> : tensor<64x64x3x3xf32>
    %cst_98 = arith.constant dense_resource<torch_tensor_64_torch.float32_3> : tensor<64xf32>
    %cst_99 = arith.constant dense_resource<torch_tensor_64_torch.float32_2> : tensor<64xf32>
    %cst_100 = arith.constant 1.000000e-05 : f64
    %cst_101 = arith.constant dense_resource<torch_tensor_64_torch.float32_1> : tensor<64xf32>
    %cst_102 = arith.constant dense_resource<torch_tensor_64_torch.float32> : tensor<64xf32>
    %cst_103 = arith.constant dense_resource<torch_tensor_64_3_7_7_torch.float32> : tensor<64x3x7x7xf32>
    %cst_104 = arith.constant 4.000000e+00 : f32
    %padded = tensor.pad %arg0 low[0, 0, 3, 3] high[0, 0, 3, 3] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x3x64x64xf32> to tensor<1x3x70x70xf32>
    %0 = tensor.empty() : tensor<1x64x32x32xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x64x32x32xf32>) -> tensor<1x64x32x32xf32>
    %2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%padded, %cst_103 : tensor<1x3x70x70xf32>, tensor<64x3x7x7xf32>) outs(%1 : tensor<1x64x32x32xf32>) -> tensor<1x64x32x32xf32>
    %3 = tensor.empty() : tensor<64xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_101 : tensor<64xf32>) outs(%3 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = arith.truncf %cst_100 : f64 to f32
      %193 = arith.addf %in, %192 : f32
      linalg.yield %193 : f32
    } -> tensor<64xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%4 : tensor<64xf32>) outs(%3 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = math.rsqrt %in : f32
      linalg.yield %192 : f32
    } -> tensor<64xf32>
    %expanded = tensor.expand_shape %cst_102 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %expanded_105 = tensor.expand_shape %5 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2, %expanded : tensor<1x64x32x32xf32>, tensor<64x1x1xf32>) outs(%0 : tensor<1x64x32x32xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.subf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x64x32x32xf32>
    %7 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%6, %expanded_105 : tensor<1x64x32x32xf32>, tensor<64x1x1xf32>) outs(%0 : tensor<1x64x32x32xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.mulf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x64x32x32xf32>
    %expanded_106 = tensor.expand_shape %cst_99 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %8 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%7, %expanded_106 : tensor<1x64x32x32xf32>, tensor<64x1x1xf32>) outs(%0 : tensor<1x64x32x32xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.mulf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x64x32x32xf32>
    %expanded_107 = tensor.expand_shape %cst_98 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %9 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%8, %expanded_107 : tensor<1x64x32x32xf32>, tensor<64x1x1xf32>) outs(%0 : tensor<1x64x32x32xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.addf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x64x32x32xf32>
    %10 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%9 : tensor<1x64x32x32xf32>) outs(%0 : tensor<1x64x32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = arith.cmpf ugt, %in, %cst : f32
      %193 = arith.select %192, %in, %cst : f32
      linalg.yield %193 : f32
    } -> tensor<1x64x32x32xf32>
    %padded_108 = tensor.pad %10 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst_0 : f32
    } : tensor<1x64x32x32xf32> to tensor<1x64x34x34xf32>
    %11 = tensor.empty() : tensor<1x64x16x16xf32>
    %12 = linalg.fill ins(%cst_0 : f32) outs(%11 : tensor<1x64x16x16xf32>) -> tensor<1x64x16x16xf32>
    %13 = tensor.empty() : tensor<3x3xf32>
    %14 = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%padded_108, %13 : tensor<1x64x34x34xf32>, tensor<3x3xf32>) outs(%12 : tensor<1x64x16x16xf32>) -> tensor<1x64x16x16xf32>
    %padded_109 = tensor.pad %14 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x64x16x16xf32> to tensor<1x64x18x18xf32>
    %15 = linalg.fill ins(%cst : f32) outs(%11 : tensor<1x64x16x16xf32>) -> tensor<1x64x16x16xf32>
    %16 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_109, %cst_97 : tensor<1x64x18x18xf32>, tensor<64x64x3x3xf32>) outs(%15 : tensor<1x64x16x16xf32>) -> tensor<1x64x16x16xf32>
    %17 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_95 : tensor<64xf32>) outs(%3 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = arith.truncf %cst_100 : f64 to f32
      %193 = arith.addf %in, %192 : f32
      linalg.yield %193 : f32
    } -> tensor<64xf32>
    %18 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%17 : tensor<64xf32>) outs(%3 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = math.rsqrt %in : f32
      linalg.yield %192 : f32
    } -> tensor<64xf32>
    %expanded_110 = tensor.expand_shape %cst_96 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %expanded_111 = tensor.expand_shape %18 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %19 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%16, %expanded_110 : tensor<1x64x16x16xf32>, tensor<64x1x1xf32>) outs(%11 : tensor<1x64x16x16xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.subf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x64x16x16xf32>
    %20 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%19, %expanded_111 : tensor<1x64x16x16xf32>, tensor<64x1x1xf32>) outs(%11 : tensor<1x64x16x16xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.mulf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x64x16x16xf32>
    %expanded_112 = tensor.expand_shape %cst_94 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %21 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%20, %expanded_112 : tensor<1x64x16x16xf32>, tensor<64x1x1xf32>) outs(%11 : tensor<1x64x16x16xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.mulf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x64x16x16xf32>
    %expanded_113 = tensor.expand_shape %cst_93 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %22 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%21, %expanded_113 : tensor<1x64x16x16xf32>, tensor<64x1x1xf32>) outs(%11 : tensor<1x64x16x16xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.addf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x64x16x16xf32>
    %23 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%22 : tensor<1x64x16x16xf32>) outs(%11 : tensor<1x64x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = arith.cmpf ugt, %in, %cst : f32
      %193 = arith.select %192, %in, %cst : f32
      linalg.yield %193 : f32
    } -> tensor<1x64x16x16xf32>
    %padded_114 = tensor.pad %23 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x64x16x16xf32> to tensor<1x64x18x18xf32>
    %24 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_114, %cst_92 : tensor<1x64x18x18xf32>, tensor<64x64x3x3xf32>) outs(%15 : tensor<1x64x16x16xf32>) -> tensor<1x64x16x16xf32>
    %25 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_90 : tensor<64xf32>) outs(%3 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = arith.truncf %cst_100 : f64 to f32
      %193 = arith.addf %in, %192 : f32
      linalg.yield %193 : f32
    } -> tensor<64xf32>
    %26 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%25 : tensor<64xf32>) outs(%3 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = math.rsqrt %in : f32
      linalg.yield %192 : f32
    } -> tensor<64xf32>
    %expanded_115 = tensor.expand_shape %cst_91 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %expanded_116 = tensor.expand_shape %26 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %27 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%24, %expanded_115 : tensor<1x64x16x16xf32>, tensor<64x1x1xf32>) outs(%11 : tensor<1x64x16x16xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.subf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x64x16x16xf32>
    %28 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%27, %expanded_116 : tensor<1x64x16x16xf32>, tensor<64x1x1xf32>) outs(%11 : tensor<1x64x16x16xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.mulf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x64x16x16xf32>
    %expanded_117 = tensor.expand_shape %cst_89 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %29 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%28, %expanded_117 : tensor<1x64x16x16xf32>, tensor<64x1x1xf32>) outs(%11 : tensor<1x64x16x16xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.mulf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x64x16x16xf32>
    %expanded_118 = tensor.expand_shape %cst_88 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %30 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%29, %expanded_118 : tensor<1x64x16x16xf32>, tensor<64x1x1xf32>) outs(%11 : tensor<1x64x16x16xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.addf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x64x16x16xf32>
    %31 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%30, %14 : tensor<1x64x16x16xf32>, tensor<1x64x16x16xf32>) outs(%11 : tensor<1x64x16x16xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.addf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x64x16x16xf32>
    %32 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%31 : tensor<1x64x16x16xf32>) outs(%11 : tensor<1x64x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = arith.cmpf ugt, %in, %cst : f32
      %193 = arith.select %192, %in, %cst : f32
      linalg.yield %193 : f32
    } -> tensor<1x64x16x16xf32>
    %padded_119 = tensor.pad %32 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x64x16x16xf32> to tensor<1x64x18x18xf32>
    %33 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_119, %cst_87 : tensor<1x64x18x18xf32>, tensor<64x64x3x3xf32>) outs(%15 : tensor<1x64x16x16xf32>) -> tensor<1x64x16x16xf32>
    %34 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_85 : tensor<64xf32>) outs(%3 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = arith.truncf %cst_100 : f64 to f32
      %193 = arith.addf %in, %192 : f32
      linalg.yield %193 : f32
    } -> tensor<64xf32>
    %35 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%34 : tensor<64xf32>) outs(%3 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = math.rsqrt %in : f32
      linalg.yield %192 : f32
    } -> tensor<64xf32>
    %expanded_120 = tensor.expand_shape %cst_86 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %expanded_121 = tensor.expand_shape %35 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %36 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%33, %expanded_120 : tensor<1x64x16x16xf32>, tensor<64x1x1xf32>) outs(%11 : tensor<1x64x16x16xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.subf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x64x16x16xf32>
    %37 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%36, %expanded_121 : tensor<1x64x16x16xf32>, tensor<64x1x1xf32>) outs(%11 : tensor<1x64x16x16xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.mulf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x64x16x16xf32>
    %expanded_122 = tensor.expand_shape %cst_84 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %38 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%37, %expanded_122 : tensor<1x64x16x16xf32>, tensor<64x1x1xf32>) outs(%11 : tensor<1x64x16x16xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.mulf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x64x16x16xf32>
    %expanded_123 = tensor.expand_shape %cst_83 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %39 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%38, %expanded_123 : tensor<1x64x16x16xf32>, tensor<64x1x1xf32>) outs(%11 : tensor<1x64x16x16xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.addf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x64x16x16xf32>
    %40 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%39 : tensor<1x64x16x16xf32>) outs(%11 : tensor<1x64x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = arith.cmpf ugt, %in, %cst : f32
      %193 = arith.select %192, %in, %cst : f32
      linalg.yield %193 : f32
    } -> tensor<1x64x16x16xf32>
    %padded_124 = tensor.pad %40 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x64x16x16xf32> to tensor<1x64x18x18xf32>
    %41 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_124, %cst_82 : tensor<1x64x18x18xf32>, tensor<64x64x3x3xf32>) outs(%15 : tensor<1x64x16x16xf32>) -> tensor<1x64x16x16xf32>
    %42 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_80 : tensor<64xf32>) outs(%3 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = arith.truncf %cst_100 : f64 to f32
      %193 = arith.addf %in, %192 : f32
      linalg.yield %193 : f32
    } -> tensor<64xf32>
    %43 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%42 : tensor<64xf32>) outs(%3 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = math.rsqrt %in : f32
      linalg.yield %192 : f32
    } -> tensor<64xf32>
    %expanded_125 = tensor.expand_shape %cst_81 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %expanded_126 = tensor.expand_shape %43 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %44 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%41, %expanded_125 : tensor<1x64x16x16xf32>, tensor<64x1x1xf32>) outs(%11 : tensor<1x64x16x16xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.subf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x64x16x16xf32>
    %45 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%44, %expanded_126 : tensor<1x64x16x16xf32>, tensor<64x1x1xf32>) outs(%11 : tensor<1x64x16x16xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.mulf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x64x16x16xf32>
    %expanded_127 = tensor.expand_shape %cst_79 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %46 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%45, %expanded_127 : tensor<1x64x16x16xf32>, tensor<64x1x1xf32>) outs(%11 : tensor<1x64x16x16xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.mulf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x64x16x16xf32>
    %expanded_128 = tensor.expand_shape %cst_78 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %47 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%46, %expanded_128 : tensor<1x64x16x16xf32>, tensor<64x1x1xf32>) outs(%11 : tensor<1x64x16x16xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.addf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x64x16x16xf32>
    %48 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%47, %32 : tensor<1x64x16x16xf32>, tensor<1x64x16x16xf32>) outs(%11 : tensor<1x64x16x16xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.addf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x64x16x16xf32>
    %49 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%48 : tensor<1x64x16x16xf32>) outs(%11 : tensor<1x64x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = arith.cmpf ugt, %in, %cst : f32
      %193 = arith.select %192, %in, %cst : f32
      linalg.yield %193 : f32
    } -> tensor<1x64x16x16xf32>
    %padded_129 = tensor.pad %49 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x64x16x16xf32> to tensor<1x64x18x18xf32>
    %50 = tensor.empty() : tensor<1x128x8x8xf32>
    %51 = linalg.fill ins(%cst : f32) outs(%50 : tensor<1x128x8x8xf32>) -> tensor<1x128x8x8xf32>
    %52 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%padded_129, %cst_77 : tensor<1x64x18x18xf32>, tensor<128x64x3x3xf32>) outs(%51 : tensor<1x128x8x8xf32>) -> tensor<1x128x8x8xf32>
    %53 = tensor.empty() : tensor<128xf32>
    %54 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_75 : tensor<128xf32>) outs(%53 : tensor<128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = arith.truncf %cst_100 : f64 to f32
      %193 = arith.addf %in, %192 : f32
      linalg.yield %193 : f32
    } -> tensor<128xf32>
    %55 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%54 : tensor<128xf32>) outs(%53 : tensor<128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = math.rsqrt %in : f32
      linalg.yield %192 : f32
    } -> tensor<128xf32>
    %expanded_130 = tensor.expand_shape %cst_76 [[0, 1, 2]] output_shape [128, 1, 1] : tensor<128xf32> into tensor<128x1x1xf32>
    %expanded_131 = tensor.expand_shape %55 [[0, 1, 2]] output_shape [128, 1, 1] : tensor<128xf32> into tensor<128x1x1xf32>
    %56 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%52, %expanded_130 : tensor<1x128x8x8xf32>, tensor<128x1x1xf32>) outs(%50 : tensor<1x128x8x8xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.subf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x128x8x8xf32>
    %57 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%56, %expanded_131 : tensor<1x128x8x8xf32>, tensor<128x1x1xf32>) outs(%50 : tensor<1x128x8x8xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.mulf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x128x8x8xf32>
    %expanded_132 = tensor.expand_shape %cst_74 [[0, 1, 2]] output_shape [128, 1, 1] : tensor<128xf32> into tensor<128x1x1xf32>
    %58 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%57, %expanded_132 : tensor<1x128x8x8xf32>, tensor<128x1x1xf32>) outs(%50 : tensor<1x128x8x8xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.mulf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x128x8x8xf32>
    %expanded_133 = tensor.expand_shape %cst_73 [[0, 1, 2]] output_shape [128, 1, 1] : tensor<128xf32> into tensor<128x1x1xf32>
    %59 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%58, %expanded_133 : tensor<1x128x8x8xf32>, tensor<128x1x1xf32>) outs(%50 : tensor<1x128x8x8xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.addf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x128x8x8xf32>
    %60 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%59 : tensor<1x128x8x8xf32>) outs(%50 : tensor<1x128x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = arith.cmpf ugt, %in, %cst : f32
      %193 = arith.select %192, %in, %cst : f32
      linalg.yield %193 : f32
    } -> tensor<1x128x8x8xf32>
    %padded_134 = tensor.pad %60 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x128x8x8xf32> to tensor<1x128x10x10xf32>
    %61 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_134, %cst_72 : tensor<1x128x10x10xf32>, tensor<128x128x3x3xf32>) outs(%51 : tensor<1x128x8x8xf32>) -> tensor<1x128x8x8xf32>
    %62 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_70 : tensor<128xf32>) outs(%53 : tensor<128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = arith.truncf %cst_100 : f64 to f32
      %193 = arith.addf %in, %192 : f32
      linalg.yield %193 : f32
    } -> tensor<128xf32>
    %63 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%62 : tensor<128xf32>) outs(%53 : tensor<128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = math.rsqrt %in : f32
      linalg.yield %192 : f32
    } -> tensor<128xf32>
    %expanded_135 = tensor.expand_shape %cst_71 [[0, 1, 2]] output_shape [128, 1, 1] : tensor<128xf32> into tensor<128x1x1xf32>
    %expanded_136 = tensor.expand_shape %63 [[0, 1, 2]] output_shape [128, 1, 1] : tensor<128xf32> into tensor<128x1x1xf32>
    %64 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%61, %expanded_135 : tensor<1x128x8x8xf32>, tensor<128x1x1xf32>) outs(%50 : tensor<1x128x8x8xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.subf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x128x8x8xf32>
    %65 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%64, %expanded_136 : tensor<1x128x8x8xf32>, tensor<128x1x1xf32>) outs(%50 : tensor<1x128x8x8xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.mulf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x128x8x8xf32>
    %expanded_137 = tensor.expand_shape %cst_69 [[0, 1, 2]] output_shape [128, 1, 1] : tensor<128xf32> into tensor<128x1x1xf32>
    %66 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%65, %expanded_137 : tensor<1x128x8x8xf32>, tensor<128x1x1xf32>) outs(%50 : tensor<1x128x8x8xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.mulf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x128x8x8xf32>
    %expanded_138 = tensor.expand_shape %cst_68 [[0, 1, 2]] output_shape [128, 1, 1] : tensor<128xf32> into tensor<128x1x1xf32>
    %67 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%66, %expanded_138 : tensor<1x128x8x8xf32>, tensor<128x1x1xf32>) outs(%50 : tensor<1x128x8x8xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.addf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x128x8x8xf32>
    %68 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%49, %cst_67 : tensor<1x64x16x16xf32>, tensor<128x64x1x1xf32>) outs(%51 : tensor<1x128x8x8xf32>) -> tensor<1x128x8x8xf32>
    %69 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_65 : tensor<128xf32>) outs(%53 : tensor<128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = arith.truncf %cst_100 : f64 to f32
      %193 = arith.addf %in, %192 : f32
      linalg.yield %193 : f32
    } -> tensor<128xf32>
    %70 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%69 : tensor<128xf32>) outs(%53 : tensor<128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = math.rsqrt %in : f32
      linalg.yield %192 : f32
    } -> tensor<128xf32>
    %expanded_139 = tensor.expand_shape %cst_66 [[0, 1, 2]] output_shape [128, 1, 1] : tensor<128xf32> into tensor<128x1x1xf32>
    %expanded_140 = tensor.expand_shape %70 [[0, 1, 2]] output_shape [128, 1, 1] : tensor<128xf32> into tensor<128x1x1xf32>
    %71 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%68, %expanded_139 : tensor<1x128x8x8xf32>, tensor<128x1x1xf32>) outs(%50 : tensor<1x128x8x8xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.subf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x128x8x8xf32>
    %72 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%71, %expanded_140 : tensor<1x128x8x8xf32>, tensor<128x1x1xf32>) outs(%50 : tensor<1x128x8x8xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.mulf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x128x8x8xf32>
    %expanded_141 = tensor.expand_shape %cst_64 [[0, 1, 2]] output_shape [128, 1, 1] : tensor<128xf32> into tensor<128x1x1xf32>
    %73 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%72, %expanded_141 : tensor<1x128x8x8xf32>, tensor<128x1x1xf32>) outs(%50 : tensor<1x128x8x8xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.mulf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x128x8x8xf32>
    %expanded_142 = tensor.expand_shape %cst_63 [[0, 1, 2]] output_shape [128, 1, 1] : tensor<128xf32> into tensor<128x1x1xf32>
    %74 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%73, %expanded_142 : tensor<1x128x8x8xf32>, tensor<128x1x1xf32>) outs(%50 : tensor<1x128x8x8xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.addf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x128x8x8xf32>
    %75 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%67, %74 : tensor<1x128x8x8xf32>, tensor<1x128x8x8xf32>) outs(%50 : tensor<1x128x8x8xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.addf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x128x8x8xf32>
    %76 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%75 : tensor<1x128x8x8xf32>) outs(%50 : tensor<1x128x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = arith.cmpf ugt, %in, %cst : f32
      %193 = arith.select %192, %in, %cst : f32
      linalg.yield %193 : f32
    } -> tensor<1x128x8x8xf32>
    %padded_143 = tensor.pad %76 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x128x8x8xf32> to tensor<1x128x10x10xf32>
    %77 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_143, %cst_62 : tensor<1x128x10x10xf32>, tensor<128x128x3x3xf32>) outs(%51 : tensor<1x128x8x8xf32>) -> tensor<1x128x8x8xf32>
    %78 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_60 : tensor<128xf32>) outs(%53 : tensor<128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = arith.truncf %cst_100 : f64 to f32
      %193 = arith.addf %in, %192 : f32
      linalg.yield %193 : f32
    } -> tensor<128xf32>
    %79 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%78 : tensor<128xf32>) outs(%53 : tensor<128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = math.rsqrt %in : f32
      linalg.yield %192 : f32
    } -> tensor<128xf32>
    %expanded_144 = tensor.expand_shape %cst_61 [[0, 1, 2]] output_shape [128, 1, 1] : tensor<128xf32> into tensor<128x1x1xf32>
    %expanded_145 = tensor.expand_shape %79 [[0, 1, 2]] output_shape [128, 1, 1] : tensor<128xf32> into tensor<128x1x1xf32>
    %80 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%77, %expanded_144 : tensor<1x128x8x8xf32>, tensor<128x1x1xf32>) outs(%50 : tensor<1x128x8x8xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.subf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x128x8x8xf32>
    %81 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%80, %expanded_145 : tensor<1x128x8x8xf32>, tensor<128x1x1xf32>) outs(%50 : tensor<1x128x8x8xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.mulf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x128x8x8xf32>
    %expanded_146 = tensor.expand_shape %cst_59 [[0, 1, 2]] output_shape [128, 1, 1] : tensor<128xf32> into tensor<128x1x1xf32>
    %82 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%81, %expanded_146 : tensor<1x128x8x8xf32>, tensor<128x1x1xf32>) outs(%50 : tensor<1x128x8x8xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.mulf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x128x8x8xf32>
    %expanded_147 = tensor.expand_shape %cst_58 [[0, 1, 2]] output_shape [128, 1, 1] : tensor<128xf32> into tensor<128x1x1xf32>
    %83 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%82, %expanded_147 : tensor<1x128x8x8xf32>, tensor<128x1x1xf32>) outs(%50 : tensor<1x128x8x8xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.addf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x128x8x8xf32>
    %84 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%83 : tensor<1x128x8x8xf32>) outs(%50 : tensor<1x128x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = arith.cmpf ugt, %in, %cst : f32
      %193 = arith.select %192, %in, %cst : f32
      linalg.yield %193 : f32
    } -> tensor<1x128x8x8xf32>
    %padded_148 = tensor.pad %84 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x128x8x8xf32> to tensor<1x128x10x10xf32>
    %85 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_148, %cst_57 : tensor<1x128x10x10xf32>, tensor<128x128x3x3xf32>) outs(%51 : tensor<1x128x8x8xf32>) -> tensor<1x128x8x8xf32>
    %86 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_55 : tensor<128xf32>) outs(%53 : tensor<128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = arith.truncf %cst_100 : f64 to f32
      %193 = arith.addf %in, %192 : f32
      linalg.yield %193 : f32
    } -> tensor<128xf32>
    %87 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%86 : tensor<128xf32>) outs(%53 : tensor<128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = math.rsqrt %in : f32
      linalg.yield %192 : f32
    } -> tensor<128xf32>
    %expanded_149 = tensor.expand_shape %cst_56 [[0, 1, 2]] output_shape [128, 1, 1] : tensor<128xf32> into tensor<128x1x1xf32>
    %expanded_150 = tensor.expand_shape %87 [[0, 1, 2]] output_shape [128, 1, 1] : tensor<128xf32> into tensor<128x1x1xf32>
    %88 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%85, %expanded_149 : tensor<1x128x8x8xf32>, tensor<128x1x1xf32>) outs(%50 : tensor<1x128x8x8xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.subf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x128x8x8xf32>
    %89 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%88, %expanded_150 : tensor<1x128x8x8xf32>, tensor<128x1x1xf32>) outs(%50 : tensor<1x128x8x8xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.mulf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x128x8x8xf32>
    %expanded_151 = tensor.expand_shape %cst_54 [[0, 1, 2]] output_shape [128, 1, 1] : tensor<128xf32> into tensor<128x1x1xf32>
    %90 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%89, %expanded_151 : tensor<1x128x8x8xf32>, tensor<128x1x1xf32>) outs(%50 : tensor<1x128x8x8xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.mulf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x128x8x8xf32>
    %expanded_152 = tensor.expand_shape %cst_53 [[0, 1, 2]] output_shape [128, 1, 1] : tensor<128xf32> into tensor<128x1x1xf32>
    %91 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%90, %expanded_152 : tensor<1x128x8x8xf32>, tensor<128x1x1xf32>) outs(%50 : tensor<1x128x8x8xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.addf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x128x8x8xf32>
    %92 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%91, %76 : tensor<1x128x8x8xf32>, tensor<1x128x8x8xf32>) outs(%50 : tensor<1x128x8x8xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.addf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x128x8x8xf32>
    %93 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%92 : tensor<1x128x8x8xf32>) outs(%50 : tensor<1x128x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = arith.cmpf ugt, %in, %cst : f32
      %193 = arith.select %192, %in, %cst : f32
      linalg.yield %193 : f32
    } -> tensor<1x128x8x8xf32>
    %padded_153 = tensor.pad %93 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x128x8x8xf32> to tensor<1x128x10x10xf32>
    %94 = tensor.empty() : tensor<1x256x4x4xf32>
    %95 = linalg.fill ins(%cst : f32) outs(%94 : tensor<1x256x4x4xf32>) -> tensor<1x256x4x4xf32>
    %96 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%padded_153, %cst_52 : tensor<1x128x10x10xf32>, tensor<256x128x3x3xf32>) outs(%95 : tensor<1x256x4x4xf32>) -> tensor<1x256x4x4xf32>
    %97 = tensor.empty() : tensor<256xf32>
    %98 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_50 : tensor<256xf32>) outs(%97 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = arith.truncf %cst_100 : f64 to f32
      %193 = arith.addf %in, %192 : f32
      linalg.yield %193 : f32
    } -> tensor<256xf32>
    %99 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%98 : tensor<256xf32>) outs(%97 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = math.rsqrt %in : f32
      linalg.yield %192 : f32
    } -> tensor<256xf32>
    %expanded_154 = tensor.expand_shape %cst_51 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %expanded_155 = tensor.expand_shape %99 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %100 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%96, %expanded_154 : tensor<1x256x4x4xf32>, tensor<256x1x1xf32>) outs(%94 : tensor<1x256x4x4xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.subf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x256x4x4xf32>
    %101 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%100, %expanded_155 : tensor<1x256x4x4xf32>, tensor<256x1x1xf32>) outs(%94 : tensor<1x256x4x4xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.mulf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x256x4x4xf32>
    %expanded_156 = tensor.expand_shape %cst_49 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %102 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%101, %expanded_156 : tensor<1x256x4x4xf32>, tensor<256x1x1xf32>) outs(%94 : tensor<1x256x4x4xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.mulf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x256x4x4xf32>
    %expanded_157 = tensor.expand_shape %cst_48 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %103 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%102, %expanded_157 : tensor<1x256x4x4xf32>, tensor<256x1x1xf32>) outs(%94 : tensor<1x256x4x4xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.addf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x256x4x4xf32>
    %104 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%103 : tensor<1x256x4x4xf32>) outs(%94 : tensor<1x256x4x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = arith.cmpf ugt, %in, %cst : f32
      %193 = arith.select %192, %in, %cst : f32
      linalg.yield %193 : f32
    } -> tensor<1x256x4x4xf32>
    %padded_158 = tensor.pad %104 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x256x4x4xf32> to tensor<1x256x6x6xf32>
    %105 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_158, %cst_47 : tensor<1x256x6x6xf32>, tensor<256x256x3x3xf32>) outs(%95 : tensor<1x256x4x4xf32>) -> tensor<1x256x4x4xf32>
    %106 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_45 : tensor<256xf32>) outs(%97 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = arith.truncf %cst_100 : f64 to f32
      %193 = arith.addf %in, %192 : f32
      linalg.yield %193 : f32
    } -> tensor<256xf32>
    %107 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%106 : tensor<256xf32>) outs(%97 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = math.rsqrt %in : f32
      linalg.yield %192 : f32
    } -> tensor<256xf32>
    %expanded_159 = tensor.expand_shape %cst_46 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %expanded_160 = tensor.expand_shape %107 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %108 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%105, %expanded_159 : tensor<1x256x4x4xf32>, tensor<256x1x1xf32>) outs(%94 : tensor<1x256x4x4xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.subf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x256x4x4xf32>
    %109 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%108, %expanded_160 : tensor<1x256x4x4xf32>, tensor<256x1x1xf32>) outs(%94 : tensor<1x256x4x4xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.mulf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x256x4x4xf32>
    %expanded_161 = tensor.expand_shape %cst_44 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %110 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%109, %expanded_161 : tensor<1x256x4x4xf32>, tensor<256x1x1xf32>) outs(%94 : tensor<1x256x4x4xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.mulf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x256x4x4xf32>
    %expanded_162 = tensor.expand_shape %cst_43 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %111 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%110, %expanded_162 : tensor<1x256x4x4xf32>, tensor<256x1x1xf32>) outs(%94 : tensor<1x256x4x4xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.addf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x256x4x4xf32>
    %112 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%93, %cst_42 : tensor<1x128x8x8xf32>, tensor<256x128x1x1xf32>) outs(%95 : tensor<1x256x4x4xf32>) -> tensor<1x256x4x4xf32>
    %113 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_40 : tensor<256xf32>) outs(%97 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = arith.truncf %cst_100 : f64 to f32
      %193 = arith.addf %in, %192 : f32
      linalg.yield %193 : f32
    } -> tensor<256xf32>
    %114 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%113 : tensor<256xf32>) outs(%97 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = math.rsqrt %in : f32
      linalg.yield %192 : f32
    } -> tensor<256xf32>
    %expanded_163 = tensor.expand_shape %cst_41 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %expanded_164 = tensor.expand_shape %114 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %115 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%112, %expanded_163 : tensor<1x256x4x4xf32>, tensor<256x1x1xf32>) outs(%94 : tensor<1x256x4x4xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.subf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x256x4x4xf32>
    %116 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%115, %expanded_164 : tensor<1x256x4x4xf32>, tensor<256x1x1xf32>) outs(%94 : tensor<1x256x4x4xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.mulf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x256x4x4xf32>
    %expanded_165 = tensor.expand_shape %cst_39 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %117 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%116, %expanded_165 : tensor<1x256x4x4xf32>, tensor<256x1x1xf32>) outs(%94 : tensor<1x256x4x4xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.mulf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x256x4x4xf32>
    %expanded_166 = tensor.expand_shape %cst_38 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %118 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%117, %expanded_166 : tensor<1x256x4x4xf32>, tensor<256x1x1xf32>) outs(%94 : tensor<1x256x4x4xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.addf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x256x4x4xf32>
    %119 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%111, %118 : tensor<1x256x4x4xf32>, tensor<1x256x4x4xf32>) outs(%94 : tensor<1x256x4x4xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.addf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x256x4x4xf32>
    %120 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%119 : tensor<1x256x4x4xf32>) outs(%94 : tensor<1x256x4x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = arith.cmpf ugt, %in, %cst : f32
      %193 = arith.select %192, %in, %cst : f32
      linalg.yield %193 : f32
    } -> tensor<1x256x4x4xf32>
    %padded_167 = tensor.pad %120 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x256x4x4xf32> to tensor<1x256x6x6xf32>
    %121 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_167, %cst_37 : tensor<1x256x6x6xf32>, tensor<256x256x3x3xf32>) outs(%95 : tensor<1x256x4x4xf32>) -> tensor<1x256x4x4xf32>
    %122 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_35 : tensor<256xf32>) outs(%97 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = arith.truncf %cst_100 : f64 to f32
      %193 = arith.addf %in, %192 : f32
      linalg.yield %193 : f32
    } -> tensor<256xf32>
    %123 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%122 : tensor<256xf32>) outs(%97 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = math.rsqrt %in : f32
      linalg.yield %192 : f32
    } -> tensor<256xf32>
    %expanded_168 = tensor.expand_shape %cst_36 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %expanded_169 = tensor.expand_shape %123 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %124 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%121, %expanded_168 : tensor<1x256x4x4xf32>, tensor<256x1x1xf32>) outs(%94 : tensor<1x256x4x4xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.subf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x256x4x4xf32>
    %125 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%124, %expanded_169 : tensor<1x256x4x4xf32>, tensor<256x1x1xf32>) outs(%94 : tensor<1x256x4x4xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.mulf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x256x4x4xf32>
    %expanded_170 = tensor.expand_shape %cst_34 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %126 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%125, %expanded_170 : tensor<1x256x4x4xf32>, tensor<256x1x1xf32>) outs(%94 : tensor<1x256x4x4xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.mulf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x256x4x4xf32>
    %expanded_171 = tensor.expand_shape %cst_33 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %127 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%126, %expanded_171 : tensor<1x256x4x4xf32>, tensor<256x1x1xf32>) outs(%94 : tensor<1x256x4x4xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.addf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x256x4x4xf32>
    %128 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%127 : tensor<1x256x4x4xf32>) outs(%94 : tensor<1x256x4x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = arith.cmpf ugt, %in, %cst : f32
      %193 = arith.select %192, %in, %cst : f32
      linalg.yield %193 : f32
    } -> tensor<1x256x4x4xf32>
    %padded_172 = tensor.pad %128 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x256x4x4xf32> to tensor<1x256x6x6xf32>
    %129 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_172, %cst_32 : tensor<1x256x6x6xf32>, tensor<256x256x3x3xf32>) outs(%95 : tensor<1x256x4x4xf32>) -> tensor<1x256x4x4xf32>
    %130 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_30 : tensor<256xf32>) outs(%97 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = arith.truncf %cst_100 : f64 to f32
      %193 = arith.addf %in, %192 : f32
      linalg.yield %193 : f32
    } -> tensor<256xf32>
    %131 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%130 : tensor<256xf32>) outs(%97 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = math.rsqrt %in : f32
      linalg.yield %192 : f32
    } -> tensor<256xf32>
    %expanded_173 = tensor.expand_shape %cst_31 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %expanded_174 = tensor.expand_shape %131 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %132 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%129, %expanded_173 : tensor<1x256x4x4xf32>, tensor<256x1x1xf32>) outs(%94 : tensor<1x256x4x4xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.subf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x256x4x4xf32>
    %133 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%132, %expanded_174 : tensor<1x256x4x4xf32>, tensor<256x1x1xf32>) outs(%94 : tensor<1x256x4x4xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.mulf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x256x4x4xf32>
    %expanded_175 = tensor.expand_shape %cst_29 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %134 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%133, %expanded_175 : tensor<1x256x4x4xf32>, tensor<256x1x1xf32>) outs(%94 : tensor<1x256x4x4xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.mulf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x256x4x4xf32>
    %expanded_176 = tensor.expand_shape %cst_28 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %135 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%134, %expanded_176 : tensor<1x256x4x4xf32>, tensor<256x1x1xf32>) outs(%94 : tensor<1x256x4x4xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.addf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x256x4x4xf32>
    %136 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%135, %120 : tensor<1x256x4x4xf32>, tensor<1x256x4x4xf32>) outs(%94 : tensor<1x256x4x4xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.addf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x256x4x4xf32>
    %137 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%136 : tensor<1x256x4x4xf32>) outs(%94 : tensor<1x256x4x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = arith.cmpf ugt, %in, %cst : f32
      %193 = arith.select %192, %in, %cst : f32
      linalg.yield %193 : f32
    } -> tensor<1x256x4x4xf32>
    %padded_177 = tensor.pad %137 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x256x4x4xf32> to tensor<1x256x6x6xf32>
    %138 = tensor.empty() : tensor<1x512x2x2xf32>
    %139 = linalg.fill ins(%cst : f32) outs(%138 : tensor<1x512x2x2xf32>) -> tensor<1x512x2x2xf32>
    %140 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%padded_177, %cst_27 : tensor<1x256x6x6xf32>, tensor<512x256x3x3xf32>) outs(%139 : tensor<1x512x2x2xf32>) -> tensor<1x512x2x2xf32>
    %141 = tensor.empty() : tensor<512xf32>
    %142 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_25 : tensor<512xf32>) outs(%141 : tensor<512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = arith.truncf %cst_100 : f64 to f32
      %193 = arith.addf %in, %192 : f32
      linalg.yield %193 : f32
    } -> tensor<512xf32>
    %143 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%142 : tensor<512xf32>) outs(%141 : tensor<512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = math.rsqrt %in : f32
      linalg.yield %192 : f32
    } -> tensor<512xf32>
    %expanded_178 = tensor.expand_shape %cst_26 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %expanded_179 = tensor.expand_shape %143 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %144 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%140, %expanded_178 : tensor<1x512x2x2xf32>, tensor<512x1x1xf32>) outs(%138 : tensor<1x512x2x2xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.subf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x512x2x2xf32>
    %145 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%144, %expanded_179 : tensor<1x512x2x2xf32>, tensor<512x1x1xf32>) outs(%138 : tensor<1x512x2x2xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.mulf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x512x2x2xf32>
    %expanded_180 = tensor.expand_shape %cst_24 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %146 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%145, %expanded_180 : tensor<1x512x2x2xf32>, tensor<512x1x1xf32>) outs(%138 : tensor<1x512x2x2xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.mulf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x512x2x2xf32>
    %expanded_181 = tensor.expand_shape %cst_23 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %147 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%146, %expanded_181 : tensor<1x512x2x2xf32>, tensor<512x1x1xf32>) outs(%138 : tensor<1x512x2x2xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.addf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x512x2x2xf32>
    %148 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%147 : tensor<1x512x2x2xf32>) outs(%138 : tensor<1x512x2x2xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = arith.cmpf ugt, %in, %cst : f32
      %193 = arith.select %192, %in, %cst : f32
      linalg.yield %193 : f32
    } -> tensor<1x512x2x2xf32>
    %padded_182 = tensor.pad %148 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x512x2x2xf32> to tensor<1x512x4x4xf32>
    %149 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_182, %cst_22 : tensor<1x512x4x4xf32>, tensor<512x512x3x3xf32>) outs(%139 : tensor<1x512x2x2xf32>) -> tensor<1x512x2x2xf32>
    %150 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_20 : tensor<512xf32>) outs(%141 : tensor<512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = arith.truncf %cst_100 : f64 to f32
      %193 = arith.addf %in, %192 : f32
      linalg.yield %193 : f32
    } -> tensor<512xf32>
    %151 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%150 : tensor<512xf32>) outs(%141 : tensor<512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = math.rsqrt %in : f32
      linalg.yield %192 : f32
    } -> tensor<512xf32>
    %expanded_183 = tensor.expand_shape %cst_21 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %expanded_184 = tensor.expand_shape %151 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %152 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%149, %expanded_183 : tensor<1x512x2x2xf32>, tensor<512x1x1xf32>) outs(%138 : tensor<1x512x2x2xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.subf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x512x2x2xf32>
    %153 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%152, %expanded_184 : tensor<1x512x2x2xf32>, tensor<512x1x1xf32>) outs(%138 : tensor<1x512x2x2xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.mulf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x512x2x2xf32>
    %expanded_185 = tensor.expand_shape %cst_19 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %154 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%153, %expanded_185 : tensor<1x512x2x2xf32>, tensor<512x1x1xf32>) outs(%138 : tensor<1x512x2x2xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.mulf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x512x2x2xf32>
    %expanded_186 = tensor.expand_shape %cst_18 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %155 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%154, %expanded_186 : tensor<1x512x2x2xf32>, tensor<512x1x1xf32>) outs(%138 : tensor<1x512x2x2xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.addf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x512x2x2xf32>
    %156 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%137, %cst_17 : tensor<1x256x4x4xf32>, tensor<512x256x1x1xf32>) outs(%139 : tensor<1x512x2x2xf32>) -> tensor<1x512x2x2xf32>
    %157 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_15 : tensor<512xf32>) outs(%141 : tensor<512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = arith.truncf %cst_100 : f64 to f32
      %193 = arith.addf %in, %192 : f32
      linalg.yield %193 : f32
    } -> tensor<512xf32>
    %158 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%157 : tensor<512xf32>) outs(%141 : tensor<512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = math.rsqrt %in : f32
      linalg.yield %192 : f32
    } -> tensor<512xf32>
    %expanded_187 = tensor.expand_shape %cst_16 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %expanded_188 = tensor.expand_shape %158 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %159 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%156, %expanded_187 : tensor<1x512x2x2xf32>, tensor<512x1x1xf32>) outs(%138 : tensor<1x512x2x2xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.subf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x512x2x2xf32>
    %160 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%159, %expanded_188 : tensor<1x512x2x2xf32>, tensor<512x1x1xf32>) outs(%138 : tensor<1x512x2x2xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.mulf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x512x2x2xf32>
    %expanded_189 = tensor.expand_shape %cst_14 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %161 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%160, %expanded_189 : tensor<1x512x2x2xf32>, tensor<512x1x1xf32>) outs(%138 : tensor<1x512x2x2xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.mulf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x512x2x2xf32>
    %expanded_190 = tensor.expand_shape %cst_13 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %162 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%161, %expanded_190 : tensor<1x512x2x2xf32>, tensor<512x1x1xf32>) outs(%138 : tensor<1x512x2x2xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.addf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x512x2x2xf32>
    %163 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%155, %162 : tensor<1x512x2x2xf32>, tensor<1x512x2x2xf32>) outs(%138 : tensor<1x512x2x2xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.addf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x512x2x2xf32>
    %164 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%163 : tensor<1x512x2x2xf32>) outs(%138 : tensor<1x512x2x2xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = arith.cmpf ugt, %in, %cst : f32
      %193 = arith.select %192, %in, %cst : f32
      linalg.yield %193 : f32
    } -> tensor<1x512x2x2xf32>
    %padded_191 = tensor.pad %164 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x512x2x2xf32> to tensor<1x512x4x4xf32>
    %165 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_191, %cst_12 : tensor<1x512x4x4xf32>, tensor<512x512x3x3xf32>) outs(%139 : tensor<1x512x2x2xf32>) -> tensor<1x512x2x2xf32>
    %166 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_10 : tensor<512xf32>) outs(%141 : tensor<512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = arith.truncf %cst_100 : f64 to f32
      %193 = arith.addf %in, %192 : f32
      linalg.yield %193 : f32
    } -> tensor<512xf32>
    %167 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%166 : tensor<512xf32>) outs(%141 : tensor<512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = math.rsqrt %in : f32
      linalg.yield %192 : f32
    } -> tensor<512xf32>
    %expanded_192 = tensor.expand_shape %cst_11 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %expanded_193 = tensor.expand_shape %167 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %168 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%165, %expanded_192 : tensor<1x512x2x2xf32>, tensor<512x1x1xf32>) outs(%138 : tensor<1x512x2x2xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.subf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x512x2x2xf32>
    %169 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%168, %expanded_193 : tensor<1x512x2x2xf32>, tensor<512x1x1xf32>) outs(%138 : tensor<1x512x2x2xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.mulf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x512x2x2xf32>
    %expanded_194 = tensor.expand_shape %cst_9 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %170 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%169, %expanded_194 : tensor<1x512x2x2xf32>, tensor<512x1x1xf32>) outs(%138 : tensor<1x512x2x2xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.mulf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x512x2x2xf32>
    %expanded_195 = tensor.expand_shape %cst_8 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %171 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%170, %expanded_195 : tensor<1x512x2x2xf32>, tensor<512x1x1xf32>) outs(%138 : tensor<1x512x2x2xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.addf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x512x2x2xf32>
    %172 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%171 : tensor<1x512x2x2xf32>) outs(%138 : tensor<1x512x2x2xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = arith.cmpf ugt, %in, %cst : f32
      %193 = arith.select %192, %in, %cst : f32
      linalg.yield %193 : f32
    } -> tensor<1x512x2x2xf32>
    %padded_196 = tensor.pad %172 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x512x2x2xf32> to tensor<1x512x4x4xf32>
    %173 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_196, %cst_7 : tensor<1x512x4x4xf32>, tensor<512x512x3x3xf32>) outs(%139 : tensor<1x512x2x2xf32>) -> tensor<1x512x2x2xf32>
    %174 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_5 : tensor<512xf32>) outs(%141 : tensor<512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = arith.truncf %cst_100 : f64 to f32
      %193 = arith.addf %in, %192 : f32
      linalg.yield %193 : f32
    } -> tensor<512xf32>
    %175 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%174 : tensor<512xf32>) outs(%141 : tensor<512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = math.rsqrt %in : f32
      linalg.yield %192 : f32
    } -> tensor<512xf32>
    %expanded_197 = tensor.expand_shape %cst_6 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %expanded_198 = tensor.expand_shape %175 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %176 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%173, %expanded_197 : tensor<1x512x2x2xf32>, tensor<512x1x1xf32>) outs(%138 : tensor<1x512x2x2xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.subf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x512x2x2xf32>
    %177 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%176, %expanded_198 : tensor<1x512x2x2xf32>, tensor<512x1x1xf32>) outs(%138 : tensor<1x512x2x2xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.mulf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x512x2x2xf32>
    %expanded_199 = tensor.expand_shape %cst_4 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %178 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%177, %expanded_199 : tensor<1x512x2x2xf32>, tensor<512x1x1xf32>) outs(%138 : tensor<1x512x2x2xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.mulf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x512x2x2xf32>
    %expanded_200 = tensor.expand_shape %cst_3 [[0, 1, 2]] output_shape [512, 1, 1] : tensor<512xf32> into tensor<512x1x1xf32>
    %179 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%178, %expanded_200 : tensor<1x512x2x2xf32>, tensor<512x1x1xf32>) outs(%138 : tensor<1x512x2x2xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.addf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x512x2x2xf32>
    %180 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%179, %164 : tensor<1x512x2x2xf32>, tensor<1x512x2x2xf32>) outs(%138 : tensor<1x512x2x2xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.addf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x512x2x2xf32>
    %181 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%180 : tensor<1x512x2x2xf32>) outs(%138 : tensor<1x512x2x2xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = arith.cmpf ugt, %in, %cst : f32
      %193 = arith.select %192, %in, %cst : f32
      linalg.yield %193 : f32
    } -> tensor<1x512x2x2xf32>
    %182 = tensor.empty() : tensor<1x512x1x1xf32>
    %183 = linalg.fill ins(%cst : f32) outs(%182 : tensor<1x512x1x1xf32>) -> tensor<1x512x1x1xf32>
    %184 = linalg.generic {indexing_maps = [#map1, #map3], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%181 : tensor<1x512x2x2xf32>) outs(%183 : tensor<1x512x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = arith.addf %in, %out : f32
      linalg.yield %192 : f32
    } -> tensor<1x512x1x1xf32>
    %185 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%184 : tensor<1x512x1x1xf32>) outs(%182 : tensor<1x512x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %192 = arith.divf %in, %cst_104 : f32
      linalg.yield %192 : f32
    } -> tensor<1x512x1x1xf32>
    %collapsed = tensor.collapse_shape %185 [[0], [1, 2, 3]] : tensor<1x512x1x1xf32> into tensor<1x512xf32>
    %186 = tensor.empty() : tensor<512x1000xf32>
    %transposed = linalg.transpose ins(%cst_2 : tensor<1000x512xf32>) outs(%186 : tensor<512x1000xf32>) permutation = [1, 0] 
    %187 = tensor.empty() : tensor<1x1000xf32>
    %188 = linalg.fill ins(%cst : f32) outs(%187 : tensor<1x1000xf32>) -> tensor<1x1000xf32>
    %189 = linalg.matmul ins(%collapsed, %transposed : tensor<1x512xf32>, tensor<512x1000xf32>) outs(%188 : tensor<1x1000xf32>) -> tensor<1x1000xf32>
    %190 = linalg.generic {indexing_maps = [#map4, #map5], iterator_types = ["parallel", "parallel"]} ins(%cst_1 : tensor<1000xf32>) outs(%187 : tensor<1x1000xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1x1000xf32>
    %191 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel"]} ins(%189, %190 : tensor<1x1000xf32>, tensor<1x1000xf32>) outs(%187 : tensor<1x1000xf32>) {
    ^bb0(%in: f32, %in_201: f32, %out: f32):
      %192 = arith.addf %in, %in_201 : f32
      linalg.yield %192 : f32
    } -> tensor<1x1000xf32>
    return %191 : tensor<1x1000xf32>
  }
}

