// A pattern that cannot be annotated as asked is an error at the op, and the
// pass changes nothing; per-tensor weights annotate it.
// RUN: %pt2e_opt %s --split-input-file --verify-diagnostics -p 'builtin.module(pt2e-annotate)'
// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-annotate{per-channel=false})' | FileCheck %s
// CHECK: tosa.depthwise_conv2d {{.*}}pt2e.annotation = {inputs = [unit, {{{.*}}observer = "minmax", qscheme = "per_tensor_symmetric"
// CHECK: linalg.depthwise_conv_2d_nhwc_hwcm {{.*}}pt2e.annotation = {inputs = [{{{.*}}observer = "histogram"{{.*}}}, {{{.*}}observer = "minmax", qscheme = "per_tensor_symmetric"

func.func @depthwise_multiplier_2(%x: tensor<1x4x8x8xf32>) -> tensor<1x8x8x8xf32> {
  %w = "tosa.const"() <{values = dense<0.5> : tensor<3x3x4x2xf32>}> : () -> tensor<3x3x4x2xf32>
  %b = "tosa.const"() <{values = dense<0.0> : tensor<8xf32>}> : () -> tensor<8xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %t = tosa.transpose %x {perms = array<i32: 0, 2, 3, 1>} : (tensor<1x4x8x8xf32>) -> tensor<1x8x8x4xf32>
  // expected-error@+1 {{'pt2e-annotate': per-channel weight of a depthwise conv with channel multiplier > 1 has no single channel axis (use per-channel=false)}}
  %c = tosa.depthwise_conv2d %t, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x8x8x4xf32>, tensor<3x3x4x2xf32>, tensor<8xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x8x8x8xf32>
  %o = tosa.transpose %c {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  return %o : tensor<1x8x8x8xf32>
}

// -----

// linalg writes a channel multiplier as its own filter dim (HWCM): the
// output channels are C x M, two axes of the filter.
func.func @linalg_depthwise_multiplier_2(%x: tensor<1x8x8x4xf32>) -> tensor<1x6x6x4x2xf32> {
  %w = arith.constant dense<0.5> : tensor<3x3x4x2xf32>
  %e = tensor.empty() : tensor<1x6x6x4x2xf32>
  // expected-error@+1 {{'pt2e-annotate': cannot tell the output-channel axis of this conv's weight (use per-channel=false)}}
  %c = linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x8x8x4xf32>, tensor<3x3x4x2xf32>) outs(%e : tensor<1x6x6x4x2xf32>) -> tensor<1x6x6x4x2xf32>
  return %c : tensor<1x6x6x4x2xf32>
}
