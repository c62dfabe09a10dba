// A pattern that cannot be annotated as asked is an error at the op, and the
// pass changes nothing; per-tensor weights annotate it.
// RUN: %pt2e_opt %s --verify-diagnostics -p 'builtin.module(pt2e-annotate)'
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{per-channel=false})' | FileCheck %s
// CHECK: tosa.depthwise_conv2d {{.*}}pt2e.annotation = {inputs = [unit, {{{.*}}observer = "minmax", qscheme = "per_tensor_symmetric"

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
