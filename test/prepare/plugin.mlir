// pt2e-prepare from Debian's plain mlir-opt-22, with the dialect from
// --irdl-file and the pass from --load-pass-plugin: the conv -> relu
// reference case gives the same three observers. (Here the model was
// exported channels-last, so x enters tosa.conv2d directly and the
// activation spec sits on the conv's operand 0.)
// RUN: %mlir_opt_pt2e %s --pass-pipeline='builtin.module(pt2e-prepare)' | FileCheck %s
// RUN: %mlir_opt_pt2e %s --pass-pipeline='builtin.module(pt2e-prepare{qat=true})' | FileCheck %s --check-prefix=QAT
// UNSUPPORTED: system-windows

#act = {observer = "histogram", dtype = i8, quant_min = -128, quant_max = 127, qscheme = "per_tensor_affine", eps = 2.44140625e-4 : f32}
#w = {observer = "per_channel_minmax", dtype = i8, quant_min = -127, quant_max = 127, qscheme = "per_channel_symmetric", ch_axis = 0, eps = 2.44140625e-4 : f32}

// CHECK-LABEL: func.func @conv_relu
// CHECK-SAME: (%[[X:.*]]: tensor<4x16x16x3xf32>)
// CHECK-NEXT: %[[XO:.*]] = "pt2e.observer"(%[[X]]) {name = "activation_post_process_0"
// CHECK-NEXT: %[[W:.*]] = "tosa.const"
// CHECK-NEXT: %[[WO:.*]] = "pt2e.observer"(%[[W]]) {name = "activation_post_process_1"
// CHECK: tosa.conv2d %[[XO]], %[[WO]],
// CHECK: %[[R:.*]] = tosa.clamp
// CHECK-NEXT: %[[RO:.*]] = "pt2e.observer"(%[[R]]) {name = "activation_post_process_2"
// CHECK-NEXT: return %[[RO]]
// QAT-LABEL: func.func @conv_relu
// QAT-COUNT-2: "pt2e.fake_quant"
// QAT: tosa.clamp
// QAT-NEXT: "pt2e.fake_quant"{{.*}}name = "activation_post_process_2"
func.func @conv_relu(%x: tensor<4x16x16x3xf32>) -> tensor<4x8x14x14xf32> {
  %w = "tosa.const"() <{values = dense<0.5> : tensor<8x3x3x3xf32>}> : () -> tensor<8x3x3x3xf32>
  %b = "tosa.const"() <{values = dense<0.1> : tensor<8xf32>}> : () -> tensor<8xf32>
  %izp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %wzp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %c = tosa.conv2d %x, %w, %b, %izp, %wzp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>,
      pt2e.annotation = {inputs = [#act, #w]}}
      : (tensor<4x16x16x3xf32>, tensor<8x3x3x3xf32>, tensor<8xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<4x14x14x8xf32>
  %ct = tosa.transpose %c {perms = array<i32: 0, 3, 1, 2>} : (tensor<4x14x14x8xf32>) -> tensor<4x8x14x14xf32>
  %r = tosa.clamp %ct {min_val = 0.0 : f32, max_val = 3.40282347E+38 : f32, pt2e.annotation = {output = #act}}
      : (tensor<4x8x14x14xf32>) -> tensor<4x8x14x14xf32>
  return %r : tensor<4x8x14x14xf32>
}
