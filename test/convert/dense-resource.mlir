// torch-mlir writes weights as dense_resource blobs; pt2e-convert folds them
// like dense constants. Scale 1/128, narrow int8 range: by hand,
// 0.5 -> 64, -1.0 -> -128 clamped to -127, 0.25 -> 32, 2.0 -> 256 clamped
// to 127.
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-convert)' | FileCheck %s
// CHECK-LABEL: func.func @f
// CHECK: arith.constant dense<{{\[}}[64, -127], [32, 127]]> : tensor<2x2xi8>
// CHECK-NEXT: quant.scast {{.*}} {pt2e.name = "w"} : tensor<2x2xi8> to tensor<2x2x!quant.uniform<i8<-127:127>:f32:0, {7.812500e-03,7.812500e-03}>>
// CHECK-NOT: dense_resource
func.func @f() -> tensor<2x2xf32> {
  %w = arith.constant dense_resource<w1> : tensor<2x2xf32>
  %0 = "pt2e.observer"(%w) {name = "w", scale = array<f32: 0.0078125, 0.0078125>, zero_point = array<i64: 0, 0>,
         spec = {observer = "per_channel_minmax", dtype = i8, quant_min = -127, quant_max = 127, qscheme = "per_channel_symmetric", ch_axis = 0}} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}
{-#
  dialect_resources: {
    builtin: {
      w1: "0x040000000000003F000080BF0000803E00000040"
    }
  }
#-}
