// pt2e-annotate on real TOSA 1.0 output of torch-mlir (fx.export_and_import
// with output_type="tosa", torch 2.15; weights replaced by splats): conv with
// NCHW<->NHWC transposes, batch norm in eval form, relu as tosa.clamp,
// relu6 as maximum/minimum, max pool, flatten, linear via tosa.matmul; a
// residual block with depthwise conv, mul, concat, adaptive and plain
// average pools.
// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-annotate{annotate-cat=true})' | FileCheck %s
// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-annotate{annotate-cat=true},pt2e-annotate{annotate-cat=true})' | FileCheck %s
// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-annotate{annotate-cat=true},pt2e-prepare)' | FileCheck %s --check-prefix=PREP

// CHECK-LABEL: func.func @conv_bn_relu_pool_linear_relu6
// CHECK: tosa.transpose %arg0 {{.*}}pt2e.annotation = {inputs = [{{{.*}}observer = "histogram"{{.*}}}]}
// CHECK-NEXT: tosa.conv2d {{.*}}pt2e.annotation = {inputs = [unit, {ch_axis = 0 : i64{{.*}}observer = "per_channel_minmax"{{.*}}}]}
// CHECK-NEXT: tosa.transpose
// CHECK: tosa.clamp {{.*}}pt2e.annotation = {output = {{{.*}}observer = "histogram"{{.*}}}}, pt2e.id = "[[RELU:.*]]"}
// CHECK-NEXT: tosa.transpose {{.*}}pt2e.annotation = {inputs = [{shared = {op = "[[RELU]]", result = 0 : i64}}]}
// CHECK-NEXT: tosa.max_pool2d {{.*}}pt2e.annotation = {}
// CHECK-NEXT: tosa.transpose {{.*}}pt2e.annotation = {output = {shared = {op = "[[RELU]]", result = 0 : i64}}}, pt2e.id = "[[POOL:.*]]"}
// CHECK-NEXT: tosa.reshape {{.*}}pt2e.annotation = {inputs = [{shared = {op = "[[POOL]]", result = 0 : i64}}], output = {shared = {op = "[[POOL]]", result = 0 : i64}}}
// CHECK-NEXT: tosa.matmul {{.*}}pt2e.annotation = {inputs = [{{{.*}}observer = "histogram"{{.*}}}, {ch_axis = 2 : i64{{.*}}observer = "per_channel_minmax"{{.*}}}]}
// CHECK-NEXT: tosa.reshape
// CHECK-NEXT: tosa.add {{.*}}pt2e.annotation = {output = {{{.*}}observer = "histogram"{{.*}}}}, pt2e.id = "[[LIN:.*]]"}
// CHECK-NEXT: tosa.maximum {{.*}}pt2e.annotation = {inputs = [{shared = {op = "[[LIN]]", result = 0 : i64}}]}
// CHECK-NEXT: tosa.minimum {{.*}}pt2e.annotation = {output = {shared = {op = "[[LIN]]", result = 0 : i64}}}
// PREP-LABEL: func.func @conv_bn_relu_pool_linear_relu6
// PREP-COUNT-8: "pt2e.observer"
// PREP-NOT: "pt2e.observer"
func.func @conv_bn_relu_pool_linear_relu6(%arg0: tensor<1x3x16x16xf32>) -> tensor<1x10xf32> {
  %0 = "tosa.const"() <{values = dense<0.5> : tensor<8xf32>}> : () -> tensor<8xf32>
  %1 = "tosa.const"() <{values = dense<0.5> : tensor<8xf32>}> : () -> tensor<8xf32>
  %2 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
  %3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %4 = tosa.const_shape  {values = dense<[1, 8, 1, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %5 = tosa.const_shape  {values = dense<[1, 1, 512]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %6 = tosa.const_shape  {values = dense<[1, 10]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %7 = "tosa.const"() <{values = dense<0.5> : tensor<8x3x3x3xf32>}> : () -> tensor<8x3x3x3xf32>
  %8 = "tosa.const"() <{values = dense<9.99999974E-6> : tensor<1xf32>}> : () -> tensor<1xf32>
  %9 = "tosa.const"() <{values = dense<0.5> : tensor<1x8x1x1xf32>}> : () -> tensor<1x8x1x1xf32>
  %10 = "tosa.const"() <{values = dense<0.5> : tensor<1x8x1x1xf32>}> : () -> tensor<1x8x1x1xf32>
  %11 = "tosa.const"() <{values = dense<0.5> : tensor<1x8x1x1xf32>}> : () -> tensor<1x8x1x1xf32>
  %12 = "tosa.const"() <{values = dense<0.5> : tensor<1x512x10xf32>}> : () -> tensor<1x512x10xf32>
  %13 = "tosa.const"() <{values = dense<0.5> : tensor<1x10xf32>}> : () -> tensor<1x10xf32>
  %14 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
  %15 = "tosa.const"() <{values = dense<6.000000e+00> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
  %16 = tosa.transpose %arg0 {perms = array<i32: 0, 2, 3, 1>} : (tensor<1x3x16x16xf32>) -> tensor<1x16x16x3xf32>
  %17 = tosa.conv2d %16, %7, %1, %2, %2 {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x16x16x3xf32>, tensor<8x3x3x3xf32>, tensor<8xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x16x8xf32>
  %18 = tosa.transpose %17 {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x16x16x8xf32>) -> tensor<1x8x16x16xf32>
  %19 = tosa.add %8, %0 : (tensor<1xf32>, tensor<8xf32>) -> tensor<8xf32>
  %20 = tosa.rsqrt %19 : (tensor<8xf32>) -> tensor<8xf32>
  %21 = tosa.sub %18, %9 : (tensor<1x8x16x16xf32>, tensor<1x8x1x1xf32>) -> tensor<1x8x16x16xf32>
  %22 = tosa.reshape %20, %4 : (tensor<8xf32>, !tosa.shape<4>) -> tensor<1x8x1x1xf32>
  %23 = tosa.mul %21, %22, %3 : (tensor<1x8x16x16xf32>, tensor<1x8x1x1xf32>, tensor<1xi8>) -> tensor<1x8x16x16xf32>
  %24 = tosa.mul %23, %10, %3 : (tensor<1x8x16x16xf32>, tensor<1x8x1x1xf32>, tensor<1xi8>) -> tensor<1x8x16x16xf32>
  %25 = tosa.add %24, %11 : (tensor<1x8x16x16xf32>, tensor<1x8x1x1xf32>) -> tensor<1x8x16x16xf32>
  %26 = tosa.clamp %25 {max_val = 3.40282347E+38 : f32, min_val = 0.000000e+00 : f32} : (tensor<1x8x16x16xf32>) -> tensor<1x8x16x16xf32>
  %27 = tosa.transpose %26 {perms = array<i32: 0, 2, 3, 1>} : (tensor<1x8x16x16xf32>) -> tensor<1x16x16x8xf32>
  %28 = tosa.max_pool2d %27 {kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x16x16x8xf32>) -> tensor<1x8x8x8xf32>
  %29 = tosa.transpose %28 {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %30 = tosa.reshape %29, %5 : (tensor<1x8x8x8xf32>, !tosa.shape<3>) -> tensor<1x1x512xf32>
  %31 = tosa.matmul %30, %12, %2, %2 : (tensor<1x1x512xf32>, tensor<1x512x10xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x1x10xf32>
  %32 = tosa.reshape %31, %6 : (tensor<1x1x10xf32>, !tosa.shape<2>) -> tensor<1x10xf32>
  %33 = tosa.add %32, %13 : (tensor<1x10xf32>, tensor<1x10xf32>) -> tensor<1x10xf32>
  %34 = tosa.maximum %33, %14 : (tensor<1x10xf32>, tensor<1x1xf32>) -> tensor<1x10xf32>
  %35 = tosa.minimum %34, %15 : (tensor<1x10xf32>, tensor<1x1xf32>) -> tensor<1x10xf32>
  return %35 : tensor<1x10xf32>
}

// -----

// CHECK-LABEL: func.func @residual_dw_mul_cat_pools
// PREP-LABEL: func.func @residual_dw_mul_cat_pools
// CHECK: tosa.transpose %arg0 {{.*}}pt2e.annotation = {inputs = [{{{.*}}observer = "histogram"{{.*}}}]}
// CHECK-NEXT: tosa.conv2d {{.*}}pt2e.annotation = {inputs = [unit, {ch_axis = 0 : i64{{.*}}observer = "per_channel_minmax"{{.*}}}]}
// CHECK-NEXT: tosa.transpose {{.*}}pt2e.annotation = {output = {{{.*}}observer = "histogram"{{.*}}}}
// CHECK-NEXT: tosa.add {{.*}}pt2e.annotation = {inputs = [{{{.*}}observer = "histogram"{{.*}}}, {{{.*}}observer = "histogram"{{.*}}}]}
// CHECK-NEXT: tosa.clamp {{.*}}pt2e.annotation = {output = {{{.*}}observer = "histogram"{{.*}}}}
// CHECK-NEXT: tosa.transpose {{.*}}pt2e.annotation = {inputs = [{{{.*}}observer = "histogram"{{.*}}}]}
// CHECK-NEXT: tosa.depthwise_conv2d {{.*}}pt2e.annotation = {inputs = [unit, {ch_axis = 2 : i64{{.*}}observer = "per_channel_minmax"{{.*}}}]}
// CHECK-NEXT: tosa.transpose {{.*}}pt2e.annotation = {output = {{{.*}}observer = "histogram"{{.*}}}}
// CHECK-NEXT: tosa.mul {{.*}}pt2e.annotation = {inputs = [{{{.*}}observer = "histogram"{{.*}}}, {{{.*}}observer = "histogram"{{.*}}}], output = {{{.*}}observer = "histogram"{{.*}}}}
// CHECK-NEXT: tosa.concat {{.*}}pt2e.annotation = {inputs = [{{{.*}}observer = "histogram"{{.*}}}, {shared = {operand = 0 : i64}}], output = {shared = {operand = 0 : i64}}}, pt2e.id = "[[CAT:.*]]"}
// CHECK-NEXT: tosa.reduce_sum {{.*}}pt2e.annotation = {inputs = [{{{.*}}observer = "histogram"{{.*}}}]}, pt2e.id = "[[AVG:.*]]"}
// CHECK-NEXT: tosa.reduce_sum
// CHECK-NEXT: tosa.mul {{.*}}pt2e.annotation = {output = {shared = {op = "[[AVG]]", operand = 0 : i64}}}
// avg_pool2d is no XNNPACK pattern: untouched
// CHECK-NEXT: tosa.transpose
// CHECK: tosa.maximum {{.*}}pt2e.annotation = {inputs = [{shared = {op = "[[CAT]]", result = 0 : i64}}]}
// CHECK-NEXT: tosa.minimum {{.*}}pt2e.annotation = {output = {shared = {op = "[[CAT]]", result = 0 : i64}}}
func.func @residual_dw_mul_cat_pools(%arg0: tensor<1x4x8x8xf32>) -> (tensor<1x8x1x1xf32>, tensor<1x8x4x4xf32>, tensor<1x8x8x8xf32>) {
  %0 = "tosa.const"() <{values = dense<0.5> : tensor<4xf32>}> : () -> tensor<4xf32>
  %1 = "tosa.const"() <{values = dense<0.5> : tensor<4xf32>}> : () -> tensor<4xf32>
  %2 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
  %3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %4 = "tosa.const"() <{values = dense<0.5> : tensor<4x3x3x4xf32>}> : () -> tensor<4x3x3x4xf32>
  %5 = "tosa.const"() <{values = dense<[[[[1.87198326E-4], [-0.151660487], [0.111369573], [-0.17485103]], [[0.192153141], [0.23403196], [0.0229501724], [-0.21200642]], [[0.232607841], [0.080240488], [-0.0320637226], [0.332347929]]], [[[0.298095554], [0.100107513], [-0.268496335], [0.162498087]], [[-1.918200e-01], [-0.174177334], [0.206074595], [-1.526880e-01]], [[-0.20639281], [0.0969927757], [-0.132455468], [-0.012487134]]], [[[0.0162103176], [0.0506166629], [0.302777529], [-0.1747673]], [[-0.0840094909], [0.285605878], [-0.109905444], [0.0283330679]], [[-0.0220398121], [-0.0916060209], [-0.266365498], [-0.0724664554]]]]> : tensor<3x3x4x1xf32>}> : () -> tensor<3x3x4x1xf32>
  %6 = "tosa.const"() <{values = dense<1.562500e-02> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %7 = "tosa.const"() <{values = dense<-1.000000e+00> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %8 = "tosa.const"() <{values = dense<2.000000e+00> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %9 = tosa.transpose %arg0 {perms = array<i32: 0, 2, 3, 1>} : (tensor<1x4x8x8xf32>) -> tensor<1x8x8x4xf32>
  %10 = tosa.conv2d %9, %4, %1, %2, %2 {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x8x8x4xf32>, tensor<4x3x3x4xf32>, tensor<4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x8x8x4xf32>
  %11 = tosa.transpose %10 {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x8x8x4xf32>) -> tensor<1x4x8x8xf32>
  %12 = tosa.add %11, %arg0 : (tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  %13 = tosa.clamp %12 {max_val = 3.40282347E+38 : f32, min_val = 0.000000e+00 : f32} : (tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  %14 = tosa.transpose %13 {perms = array<i32: 0, 2, 3, 1>} : (tensor<1x4x8x8xf32>) -> tensor<1x8x8x4xf32>
  %15 = tosa.depthwise_conv2d %14, %5, %0, %2, %2 {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x8x8x4xf32>, tensor<3x3x4x1xf32>, tensor<4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x8x8x4xf32>
  %16 = tosa.transpose %15 {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x8x8x4xf32>) -> tensor<1x4x8x8xf32>
  %17 = tosa.mul %16, %13, %3 : (tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>, tensor<1xi8>) -> tensor<1x4x8x8xf32>
  %18 = tosa.concat %17, %13 {axis = 1 : i32} : (tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>) -> tensor<1x8x8x8xf32>
  %19 = tosa.reduce_sum %18 {axis = 3 : i32} : (tensor<1x8x8x8xf32>) -> tensor<1x8x8x1xf32>
  %20 = tosa.reduce_sum %19 {axis = 2 : i32} : (tensor<1x8x8x1xf32>) -> tensor<1x8x1x1xf32>
  %21 = tosa.mul %20, %6, %3 : (tensor<1x8x1x1xf32>, tensor<1x1x1x1xf32>, tensor<1xi8>) -> tensor<1x8x1x1xf32>
  %22 = tosa.transpose %18 {perms = array<i32: 0, 2, 3, 1>} : (tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %23 = tosa.avg_pool2d %22, %2, %2 {acc_type = f32, kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x8x8x8xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x8xf32>
  %24 = tosa.transpose %23 {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x4x4x8xf32>) -> tensor<1x8x4x4xf32>
  %25 = tosa.maximum %18, %7 : (tensor<1x8x8x8xf32>, tensor<1x1x1x1xf32>) -> tensor<1x8x8x8xf32>
  %26 = tosa.minimum %25, %8 : (tensor<1x8x8x8xf32>, tensor<1x1x1x1xf32>) -> tensor<1x8x8x8xf32>
  return %21, %24, %26 : tensor<1x8x1x1xf32>, tensor<1x8x4x4xf32>, tensor<1x8x8x8xf32>
}
