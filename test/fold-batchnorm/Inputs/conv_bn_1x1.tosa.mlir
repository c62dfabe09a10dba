// pt2e-import test/fold-batchnorm/Inputs/conv_bn_1x1.py:build --input 2x3x3x3 --form tosa --calib random:4 --torchao --no-locations --out /tmp/bn1x1: test/fold-batchnorm/Inputs/conv_bn_1x1.py:build (Sequential), tosa form
module {
  func.func @forward(%arg0: tensor<2x3x3x3xf32>) -> tensor<2x4x1x1xf32> {
    %0 = "tosa.const"() <{values = dense_resource<torch_tensor_4_torch.float32_2> : tensor<4xf32>}> : () -> tensor<4xf32>
    %1 = "tosa.const"() <{values = dense_resource<torch_tensor_4_torch.float32> : tensor<4xf32>}> : () -> tensor<4xf32>
    %2 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
    %3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %4 = tosa.const_shape  {values = dense<[1, 4, 1, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %5 = "tosa.const"() <{values = dense<"0x8BDABCBA6E96503DE29905BEC56ED33D293A6EBDE2A1ABBD543222BE9CF21ABD58288F3DDB0711BEFC443CBEC5A4233ECCCD97BDE48302BE2D3A22BDC461533D0379A2BD0E78133E56E479BBB69AE93B221DFEBCFC401C3E09D19B3D43D2A63CD7E88BBCDD7DEC3DF270323EA2D036BEFD12E6BD9A30CBBDEC1FF8BD6966293E2EADF83D619047BD1CDFAF3D6317E73D88A299BD1C07BF3D54CCAEBD87442A3E9AD3253CFC8AE3BBDB78FFBD6511CABD3613FC3D416FB5BD395D053DA8E9433E28AE09BE8F0038BE206D9C3D299138BE34650EBE15FBD43CCB21043EC6246E3D6AE69A3DBA11E8BDE15ED83D0448233EF4E3123DF6FCC6BCA57D2B3EE2C918BED7C7F03B94E22D3EF29508BEADA5363DD9E01C3DE89ACBBD8C83F43D215E2BBE3456B23D72393D3EE807913CB1819E3DAEDD17BE2093F6BDF077E9BD887090BDC0A837BE1F182F3ECD7C903DC5F3E2BDE0D7153E9451C73D7664393EEC9444BE76130D3EDEC9043E0C8B133D5D5F933D9FDAABBDFCCA04BDC90B43BEA06546BD34B801BD0CADFFBD3ABA3BBE566BB4BD86CCC43D7BB262BB7091973DB5FC243D8C6714BEFF72E9BDF5BA19BEAA0218BE"> : tensor<4x3x3x3xf32>}> : () -> tensor<4x3x3x3xf32>
    %6 = tosa.const_shape  {values = dense<[2, 4, 1, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %7 = "tosa.const"() <{values = dense<9.99999974E-6> : tensor<1xf32>}> : () -> tensor<1xf32>
    %8 = "tosa.const"() <{values = dense_resource<torch_tensor_4_torch.float32_1> : tensor<1x4x1x1xf32>}> : () -> tensor<1x4x1x1xf32>
    %9 = "tosa.const"() <{values = dense_resource<torch_tensor_4_torch.float32_3> : tensor<1x4x1x1xf32>}> : () -> tensor<1x4x1x1xf32>
    %10 = "tosa.const"() <{values = dense_resource<torch_tensor_4_torch.float32_4> : tensor<1x4x1x1xf32>}> : () -> tensor<1x4x1x1xf32>
    %11 = tosa.transpose %arg0 {perms = array<i32: 0, 2, 3, 1>} : (tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32>
    %12 = tosa.conv2d %11, %5, %1, %2, %2 {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<2x3x3x3xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x1x1x4xf32>
    %13 = tosa.reshape %12, %6 : (tensor<2x1x1x4xf32>, !tosa.shape<4>) -> tensor<2x4x1x1xf32>
    %14 = tosa.add %7, %0 : (tensor<1xf32>, tensor<4xf32>) -> tensor<4xf32>
    %15 = tosa.rsqrt %14 : (tensor<4xf32>) -> tensor<4xf32>
    %16 = tosa.sub %13, %8 : (tensor<2x4x1x1xf32>, tensor<1x4x1x1xf32>) -> tensor<2x4x1x1xf32>
    %17 = tosa.reshape %15, %4 : (tensor<4xf32>, !tosa.shape<4>) -> tensor<1x4x1x1xf32>
    %18 = tosa.mul %16, %17, %3 : (tensor<2x4x1x1xf32>, tensor<1x4x1x1xf32>, tensor<1xi8>) -> tensor<2x4x1x1xf32>
    %19 = tosa.mul %18, %9, %3 : (tensor<2x4x1x1xf32>, tensor<1x4x1x1xf32>, tensor<1xi8>) -> tensor<2x4x1x1xf32>
    %20 = tosa.add %19, %10 : (tensor<2x4x1x1xf32>, tensor<1x4x1x1xf32>) -> tensor<2x4x1x1xf32>
    %21 = tosa.clamp %20 {max_val = 3.40282347E+38 : f32, min_val = 0.000000e+00 : f32} : (tensor<2x4x1x1xf32>) -> tensor<2x4x1x1xf32>
    return %21 : tensor<2x4x1x1xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_4_torch.float32_2: "0x040000006B1B883FEF54A43FAA01AE3FCCC4B63F",
      torch_tensor_4_torch.float32: "0x0400000015BC2DBC1BB6EC3C4F69A1BD5EDFE93D",
      torch_tensor_4_torch.float32_1: "0x0400000038C99BBE6849E83ED06FAF3E64E1D7BE",
      torch_tensor_4_torch.float32_3: "0x040000008C1D993F68D5833F8D8B413FBA489E3F",
      torch_tensor_4_torch.float32_4: "0x04000000457444BECDC5F2BDFA114DBD8A85C7BD"
    }
  }
#-}
