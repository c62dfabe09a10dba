// The reference case of issue 3: Conv2d(3, 8, 3x3) -> ReLU on a 4x3x16x16
// input, annotated as XNNPACKQuantizer's conv_relu pattern does: the conv's
// activation input (Histogram, int8 [-128, 127], per-tensor affine, eps
// 2^-12) and weight (PerChannelMinMax, int8 [-127, 127], per-channel
// symmetric, ch_axis 0); no spec for the bias, none for the conv output;
// the relu output like the activation. prepare_pt2e gives exactly three
// observers: x -> activation_post_process_0, weight -> _1, relu output -> _2.
//
// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-prepare)' | FileCheck %s
// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-prepare{qat=true})' | FileCheck %s --check-prefix=QAT
// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-prepare)' | FileCheck %s --check-prefix=COUNT
// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-prepare{qat=true})' | FileCheck %s --check-prefix=QCOUNT

// COUNT-LABEL: func.func @conv_relu_linalg
// COUNT-COUNT-3: "pt2e.observer"
// COUNT-NOT: "pt2e.
// COUNT-LABEL: func.func @conv_relu_tosa
// COUNT-COUNT-3: "pt2e.observer"
// COUNT-NOT: "pt2e.
// QCOUNT-LABEL: func.func @conv_relu_linalg
// QCOUNT-COUNT-3: "pt2e.fake_quant"
// QCOUNT-NOT: "pt2e.
// QCOUNT-LABEL: func.func @conv_relu_tosa
// QCOUNT-COUNT-3: "pt2e.fake_quant"
// QCOUNT-NOT: "pt2e.

// The linalg-on-tensors form, as torch-mlir emits it: the bias is broadcast
// into the conv's init tensor (operand 2, not quantized), relu is a
// linalg.generic with arith.maximumf.

// CHECK-LABEL: func.func @conv_relu_linalg
// CHECK-SAME: (%[[X:.*]]: tensor<4x3x16x16xf32>)
// CHECK-NEXT: %[[XO:.*]] = "pt2e.observer"(%[[X]]) {name = "activation_post_process_0", spec = {bins = 2048 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "histogram", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}}
// CHECK-NEXT: %[[W:.*]] = arith.constant dense<5.000000e-01> : tensor<8x3x3x3xf32>
// CHECK-NEXT: %[[WO:.*]] = "pt2e.observer"(%[[W]]) {name = "activation_post_process_1", spec = {ch_axis = 0 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "per_channel_minmax", qscheme = "per_channel_symmetric", quant_max = 127 : i64, quant_min = -127 : i64}}
// CHECK-NEXT: %[[B:.*]] = arith.constant dense<1.000000e-01> : tensor<8xf32>
// CHECK-NOT: pt2e.observer
// CHECK: %[[BB:.*]] = linalg.generic
// CHECK-NOT: pt2e.observer
// CHECK: %[[CONV:.*]] = linalg.conv_2d_nchw_fchw {{.*}}ins(%[[XO]], %[[WO]] : {{.*}}) outs(%[[BB]] : {{.*}})
// CHECK-NOT: pt2e.observer
// CHECK: %[[RELU:.*]] = linalg.generic {{.*}} ins(%[[CONV]] : {{.*}})
// CHECK: arith.maximumf
// CHECK: } -> tensor<4x8x14x14xf32>
// CHECK-NEXT: %[[RO:.*]] = "pt2e.observer"(%[[RELU]]) {name = "activation_post_process_2", spec = {bins = 2048 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "histogram", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}}
// CHECK-NEXT: return %[[RO]]

// QAT-LABEL: func.func @conv_relu_linalg
// QAT-SAME: (%[[X:.*]]: tensor<4x3x16x16xf32>)
// QAT-NEXT: %[[XO:.*]] = "pt2e.fake_quant"(%[[X]]) {fake_quant_enabled = true, name = "activation_post_process_0", observer_enabled = true, scale = array<f32: 1.000000e+00>, spec = {{{.*}}observer = "histogram"{{.*}}}, zero_point = array<i64: 0>}
// QAT: %[[WO:.*]] = "pt2e.fake_quant"(%{{.*}}) {{{.*}}name = "activation_post_process_1"{{.*}}observer = "per_channel_minmax"
// QAT: linalg.conv_2d_nchw_fchw {{.*}}ins(%[[XO]], %[[WO]] :
// QAT: "pt2e.fake_quant"(%{{.*}}) {{{.*}}name = "activation_post_process_2"{{.*}}observer = "histogram"
#bias = affine_map<(n, c, h, w) -> (c)>
#id = affine_map<(n, c, h, w) -> (n, c, h, w)>
func.func @conv_relu_linalg(%x: tensor<4x3x16x16xf32>) -> tensor<4x8x14x14xf32> {
  %w = arith.constant dense<0.5> : tensor<8x3x3x3xf32>
  %b = arith.constant dense<0.1> : tensor<8xf32>
  %zero = arith.constant 0.000000e+00 : f32
  %init = tensor.empty() : tensor<4x8x14x14xf32>
  %bb = linalg.generic {indexing_maps = [#bias, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%b : tensor<8xf32>) outs(%init : tensor<4x8x14x14xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<4x8x14x14xf32>
  %conv = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>,
      pt2e.annotation = {inputs = [
        {observer = "histogram", dtype = i8, quant_min = -128, quant_max = 127, qscheme = "per_tensor_affine", eps = 2.44140625e-4 : f32},
        {observer = "per_channel_minmax", dtype = i8, quant_min = -127, quant_max = 127, qscheme = "per_channel_symmetric", ch_axis = 0, eps = 2.44140625e-4 : f32}]}}
      ins(%x, %w : tensor<4x3x16x16xf32>, tensor<8x3x3x3xf32>) outs(%bb : tensor<4x8x14x14xf32>) -> tensor<4x8x14x14xf32>
  %relu = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"],
      pt2e.annotation = {output = {observer = "histogram", dtype = i8, quant_min = -128, quant_max = 127, qscheme = "per_tensor_affine", eps = 2.44140625e-4 : f32}}}
      ins(%conv : tensor<4x8x14x14xf32>) outs(%init : tensor<4x8x14x14xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<4x8x14x14xf32>
  return %relu : tensor<4x8x14x14xf32>
}

// -----

// The TOSA 1.0 form, as MLIR 22 parses it and torch-mlir's TOSA lowering
// shapes it: NCHW -> NHWC transposes around tosa.conv2d (weight already
// OHWI, zero-point operands 3 and 4), relu as tosa.clamp. The transpose is
// layout only, so the quantizer annotates the activation edge where PT2E
// has it, on x itself: the transpose's input. The observer sits on the
// function argument, as PT2E's sits after the placeholder.

// CHECK-LABEL: func.func @conv_relu_tosa
// CHECK-SAME: (%[[X:.*]]: tensor<4x3x16x16xf32>)
// CHECK-NEXT: %[[XO:.*]] = "pt2e.observer"(%[[X]]) {name = "activation_post_process_0", spec = {{{.*}}observer = "histogram"
// CHECK-NEXT: %[[W:.*]] = "tosa.const"()
// CHECK-NEXT: %[[WO:.*]] = "pt2e.observer"(%[[W]]) {name = "activation_post_process_1", spec = {ch_axis = 0 : i64{{.*}}observer = "per_channel_minmax"
// CHECK-NOT: pt2e.observer
// CHECK: %[[XT:.*]] = tosa.transpose %[[XO]]
// CHECK-NEXT: %[[C:.*]] = tosa.conv2d %[[XT]], %[[WO]], %{{.*}}, %{{.*}}, %{{.*}} {
// CHECK-NEXT: %[[CT:.*]] = tosa.transpose %[[C]]
// CHECK-NEXT: %[[R:.*]] = tosa.clamp %[[CT]]
// CHECK-NEXT: %[[RO:.*]] = "pt2e.observer"(%[[R]]) {name = "activation_post_process_2", spec = {{{.*}}observer = "histogram"
// CHECK-NEXT: return %[[RO]]

// QAT-LABEL: func.func @conv_relu_tosa
// QAT-NEXT: "pt2e.fake_quant"(%{{.*}}) {{{.*}}name = "activation_post_process_0"
// QAT-NEXT: "tosa.const"
// QAT-NEXT: "pt2e.fake_quant"(%{{.*}}) {{{.*}}name = "activation_post_process_1"
// QAT: tosa.clamp
// QAT-NEXT: "pt2e.fake_quant"(%{{.*}}) {{{.*}}name = "activation_post_process_2"
func.func @conv_relu_tosa(%x: tensor<4x3x16x16xf32>) -> tensor<4x8x14x14xf32> {
  %w = "tosa.const"() <{values = dense<0.5> : tensor<8x3x3x3xf32>}> : () -> tensor<8x3x3x3xf32>
  %b = "tosa.const"() <{values = dense<0.1> : tensor<8xf32>}> : () -> tensor<8xf32>
  %izp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %wzp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %xt = tosa.transpose %x {perms = array<i32: 0, 2, 3, 1>,
      pt2e.annotation = {inputs = [{observer = "histogram", dtype = i8, quant_min = -128, quant_max = 127, qscheme = "per_tensor_affine", eps = 2.44140625e-4 : f32}]}}
      : (tensor<4x3x16x16xf32>) -> tensor<4x16x16x3xf32>
  %c = tosa.conv2d %xt, %w, %b, %izp, %wzp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>,
      pt2e.annotation = {inputs = [unit,
        {observer = "per_channel_minmax", dtype = i8, quant_min = -127, quant_max = 127, qscheme = "per_channel_symmetric", ch_axis = 0, eps = 2.44140625e-4 : f32}]}}
      : (tensor<4x16x16x3xf32>, tensor<8x3x3x3xf32>, tensor<8xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<4x14x14x8xf32>
  %ct = tosa.transpose %c {perms = array<i32: 0, 3, 1, 2>} : (tensor<4x14x14x8xf32>) -> tensor<4x8x14x14xf32>
  %r = tosa.clamp %ct {min_val = 0.0 : f32, max_val = 3.40282347E+38 : f32,
      pt2e.annotation = {output = {observer = "histogram", dtype = i8, quant_min = -128, quant_max = 127, qscheme = "per_tensor_affine", eps = 2.44140625e-4 : f32}}}
      : (tensor<4x8x14x14xf32>) -> tensor<4x8x14x14xf32>
  return %r : tensor<4x8x14x14xf32>
}
