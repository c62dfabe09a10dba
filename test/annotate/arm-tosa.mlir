// quantizer=arm-tosa: ExecuTorch 1.5's TOSAQuantizer configurations
// (backends/arm/quantizer/arm_quantizer.py) on a conv -> relu and a linear:
// activations Histogram int8 [-128, 127] per-tensor affine, weights int8
// [-127, 127] per-channel (default) or per-tensor symmetric, eps 2^-16 for
// both; a8w4: weights in [-7, 7] (int8 storage); a16w8: activations int16
// [-32767, 32767] per-tensor symmetric, eps 2^-12, weights a8w8's.
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{quantizer=arm-tosa})' | FileCheck %s --check-prefix=A8W8
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{quantizer=arm-tosa arm-config=a8w8 per-channel=true})' | FileCheck %s --check-prefix=A8W8
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{quantizer=arm-tosa per-channel=false})' | FileCheck %s --check-prefix=PT
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{quantizer=arm-tosa arm-config=a8w4})' | FileCheck %s --check-prefix=W4
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{quantizer=arm-tosa arm-config=a16w8})' | FileCheck %s --check-prefix=A16
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate{quantizer=arm-tosa arm-config=a4w4})' 2>&1 | FileCheck %s --check-prefix=ERR1
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate{arm-config=a8w4})' 2>&1 | FileCheck %s --check-prefix=ERR2
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate{quantizer=8da4w arm-config=a8w4})' 2>&1 | FileCheck %s --check-prefix=ERR3
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate{quantizer=arm-tosa qat=true})' 2>&1 | FileCheck %s --check-prefix=ERR4
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate{quantizer=arm-tosa dynamic=true})' 2>&1 | FileCheck %s --check-prefix=ERR5
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate{quantizer=arm-tosa activation-dtype=int16})' 2>&1 | FileCheck %s --check-prefix=ERR6
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate{quantizer=arm-tosa weight-dtype=int4})' 2>&1 | FileCheck %s --check-prefix=ERR7
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate{quantizer=arm-tosa activation-observer=minmax})' 2>&1 | FileCheck %s --check-prefix=ERR8
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate{quantizer=arm-tosa group-size=32})' 2>&1 | FileCheck %s --check-prefix=ERR9
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate{quantizer=arm})' 2>&1 | FileCheck %s --check-prefix=ERR10

// A8W8-LABEL: func.func @conv_relu
// A8W8: linalg.conv_2d_nchw_fchw {{.*}}pt2e.annotation = {inputs = [{bins = 2048 : i64, dtype = i8, eps = 1.52587891E-5 : f32, is_dynamic = false, observer = "histogram", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}, {ch_axis = 0 : i64, dtype = i8, eps = 1.52587891E-5 : f32, is_dynamic = false, observer = "per_channel_minmax", qscheme = "per_channel_symmetric", quant_max = 127 : i64, quant_min = -127 : i64}]}
// A8W8: linalg.generic {{.*}}pt2e.annotation = {output = {bins = 2048 : i64, dtype = i8, eps = 1.52587891E-5 : f32, is_dynamic = false, observer = "histogram", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}}
// A8W8-LABEL: func.func @linear
// A8W8: linalg.matmul {pt2e.annotation = {inputs = [{bins = 2048 : i64, dtype = i8, eps = 1.52587891E-5 : f32{{.*}}quant_min = -128 : i64}, {ch_axis = 1 : i64, dtype = i8, eps = 1.52587891E-5 : f32, is_dynamic = false, observer = "per_channel_minmax", qscheme = "per_channel_symmetric", quant_max = 127 : i64, quant_min = -127 : i64}], output = {bins = 2048 : i64, dtype = i8, eps = 1.52587891E-5 : f32{{.*}}quant_min = -128 : i64}}}

// PT-LABEL: func.func @conv_relu
// PT: linalg.conv_2d_nchw_fchw {{.*}}inputs = [{bins = 2048 {{.*}}}, {dtype = i8, eps = 1.52587891E-5 : f32, is_dynamic = false, observer = "minmax", qscheme = "per_tensor_symmetric", quant_max = 127 : i64, quant_min = -127 : i64}]
// PT-LABEL: func.func @linear
// PT: linalg.matmul {{.*}}{dtype = i8, eps = 1.52587891E-5 : f32, is_dynamic = false, observer = "minmax", qscheme = "per_tensor_symmetric", quant_max = 127 : i64, quant_min = -127 : i64}]

// W4-LABEL: func.func @conv_relu
// W4: linalg.conv_2d_nchw_fchw {{.*}}inputs = [{bins = 2048 : i64, dtype = i8, {{.*}}quant_min = -128 : i64}, {ch_axis = 0 : i64, dtype = i8, eps = 1.52587891E-5 : f32, is_dynamic = false, observer = "per_channel_minmax", qscheme = "per_channel_symmetric", quant_max = 7 : i64, quant_min = -7 : i64}]
// W4-LABEL: func.func @linear
// W4: linalg.matmul {{.*}}{ch_axis = 1 : i64, dtype = i8, {{.*}}quant_max = 7 : i64, quant_min = -7 : i64}]

// A16-LABEL: func.func @conv_relu
// A16: linalg.conv_2d_nchw_fchw {{.*}}inputs = [{bins = 2048 : i64, dtype = i16, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "histogram", qscheme = "per_tensor_symmetric", quant_max = 32767 : i64, quant_min = -32767 : i64}, {ch_axis = 0 : i64, dtype = i8, eps = 1.52587891E-5 : f32, {{.*}}quant_max = 127 : i64, quant_min = -127 : i64}], output = {bins = 2048 : i64, dtype = i16, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "histogram", qscheme = "per_tensor_symmetric", quant_max = 32767 : i64, quant_min = -32767 : i64}}
// A16-LABEL: func.func @linear
// A16: linalg.matmul {{.*}}dtype = i16{{.*}}dtype = i8, eps = 1.52587891E-5 : f32{{.*}}output = {{{.*}}dtype = i16, eps = 2.44140625E-4 : f32

// ERR1: error: 'pt2e-annotate' option 'arm-config': unknown configuration 'a4w4' (expected a8w8, a8w4 or a16w8)
// ERR2: error: 'pt2e-annotate' option 'arm-config' is for quantizer=arm-tosa, not xnnpack
// ERR3: error: 'pt2e-annotate' option 'arm-config' is for quantizer=arm-tosa, not 8da4w
// ERR4: error: 'pt2e-annotate' option 'qat': quantizer=arm-tosa builds TOSAQuantizer's post-training static configurations only
// ERR5: error: 'pt2e-annotate' option 'dynamic': quantizer=arm-tosa builds TOSAQuantizer's post-training static configurations only
// ERR6: error: 'pt2e-annotate' option 'activation-dtype' is XNNPACKQuantizer's; quantizer=arm-tosa has no such choice
// ERR7: error: 'pt2e-annotate' option 'weight-dtype' is XNNPACKQuantizer's; quantizer=arm-tosa has no such choice
// ERR8: error: 'pt2e-annotate' option 'activation-observer' is XNNPACKQuantizer's; quantizer=arm-tosa has no such choice
// ERR9: error: 'pt2e-annotate' option 'group-size' is for quantizer=8da4w or int4-weight-only, not arm-tosa
// ERR10: error: 'pt2e-annotate' option 'quantizer': unknown quantizer 'arm' (expected xnnpack, 8da4w, int8-weight-only, int4-weight-only or arm-tosa)

#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @conv_relu(%arg0: tensor<1x3x6x6xf32>) -> tensor<1x4x4x4xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %w = arith.constant dense<0.25> : tensor<4x3x3x3xf32>
  %b = arith.constant dense<0.5> : tensor<4xf32>
  %0 = tensor.empty() : tensor<1x4x4x4xf32>
  %bc = linalg.broadcast ins(%b : tensor<4xf32>) outs(%0 : tensor<1x4x4x4xf32>) dimensions = [0, 2, 3]
  %1 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%arg0, %w : tensor<1x3x6x6xf32>, tensor<4x3x3x3xf32>) outs(%bc : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%1 : tensor<1x4x4x4xf32>) outs(%0 : tensor<1x4x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %3 = arith.maximumf %in, %cst : f32
    linalg.yield %3 : f32
  } -> tensor<1x4x4x4xf32>
  return %2 : tensor<1x4x4x4xf32>
}

func.func @linear(%x: tensor<2x16xf32>) -> tensor<2x8xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %w = arith.constant dense<0.5> : tensor<16x8xf32>
  %e = tensor.empty() : tensor<2x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x8xf32>) -> tensor<2x8xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<2x16xf32>, tensor<16x8xf32>) outs(%f : tensor<2x8xf32>) -> tensor<2x8xf32>
  return %mm : tensor<2x8xf32>
}

// Placement rules of TOSAQuantizer that differ from XNNPACK's
// (quantization_annotator.py): a relu after an add is not fused (the add's
// output gets its own spec, the relu shares it); a hardtanh with min 0
// (relu6) after a conv is fused like a relu; under a16w8 (a symmetric
// output spec) nothing is fused: the conv keeps its output spec.
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{quantizer=arm-tosa})' | FileCheck %s --check-prefix=RULES
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{quantizer=arm-tosa arm-config=a16w8})' | FileCheck %s --check-prefix=RULES16
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate)' | FileCheck %s --check-prefix=XNN
// RULES-LABEL: func.func @conv_relu
// RULES: linalg.conv_2d_nchw_fchw {{.*}}pt2e.annotation = {inputs = [{{.*}}]}
// RULES-NOT: output
// RULES: linalg.generic {{.*}}pt2e.annotation = {output = {bins
// RULES-LABEL: func.func @add_relu
// RULES: linalg.generic {{.*}}pt2e.annotation = {inputs = [{bins{{.*}}}, {bins{{.*}}}], output = {bins
// RULES: linalg.generic {{.*}}pt2e.annotation = {inputs = [{shared = {op = "{{.*}}", result = 0 : i64}}], output = {shared
// RULES-LABEL: func.func @conv_relu6
// RULES: linalg.conv_2d_nchw_fchw {{.*}}pt2e.annotation = {inputs = [{{.*}}]}
// RULES-NOT: output
// RULES: arith.maximumf
// RULES: linalg.generic {{.*}}pt2e.annotation = {output = {bins
// RULES16-LABEL: func.func @conv_relu
// RULES16: linalg.conv_2d_nchw_fchw {{.*}}pt2e.annotation = {inputs = [{{.*}}], output = {bins
// RULES16: linalg.generic {{.*}}pt2e.annotation = {inputs = [{shared = {op = "{{.*}}", result = 0 : i64}}], output = {shared
// RULES16-LABEL: func.func @conv_relu6
// RULES16: linalg.conv_2d_nchw_fchw {{.*}}output = {bins
// XNN-LABEL: func.func @add_relu
// XNN: linalg.generic {{.*}}pt2e.annotation = {inputs = [{bins{{.*}}}, {bins{{.*}}}]}
// XNN: linalg.generic {{.*}}pt2e.annotation = {output = {bins
// XNN-LABEL: func.func @conv_relu6
// XNN: linalg.conv_2d_nchw_fchw {{.*}}output = {bins

func.func @add_relu(%a: tensor<2x8xf32>, %b: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<2x8xf32>
  %s = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<2x8xf32>, tensor<2x8xf32>) outs(%e : tensor<2x8xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %t = arith.addf %x, %y : f32
    linalg.yield %t : f32
  } -> tensor<2x8xf32>
  %r = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%s : tensor<2x8xf32>) outs(%e : tensor<2x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<2x8xf32>
  return %r : tensor<2x8xf32>
}

func.func @conv_relu6(%arg0: tensor<1x3x6x6xf32>) -> tensor<1x4x4x4xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %six = arith.constant 6.000000e+00 : f32
  %w = arith.constant dense<0.25> : tensor<4x3x3x3xf32>
  %0 = tensor.empty() : tensor<1x4x4x4xf32>
  %f = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %1 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%arg0, %w : tensor<1x3x6x6xf32>, tensor<4x3x3x3xf32>) outs(%f : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%1 : tensor<1x4x4x4xf32>) outs(%0 : tensor<1x4x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %3 = arith.maximumf %in, %cst : f32
    linalg.yield %3 : f32
  } -> tensor<1x4x4x4xf32>
  %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2 : tensor<1x4x4x4xf32>) outs(%0 : tensor<1x4x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %5 = arith.minimumf %in, %six : f32
    linalg.yield %5 : f32
  } -> tensor<1x4x4x4xf32>
  return %4 : tensor<1x4x4x4xf32>
}

// sub: TOSAQuantizer annotates both inputs and the output, as an add
// (XNNPACKQuantizer leaves a sub alone).
// RULES-LABEL: func.func @sub
// RULES: linalg.generic {{.*}}pt2e.annotation = {inputs = [{bins{{.*}}}, {bins{{.*}}}], output = {bins
// XNN-LABEL: func.func @sub
// XNN-NOT: pt2e.annotation
// XNN: return
func.func @sub(%a: tensor<2x8xf32>, %b: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %e = tensor.empty() : tensor<2x8xf32>
  %s = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<2x8xf32>, tensor<2x8xf32>) outs(%e : tensor<2x8xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %t = arith.subf %x, %y : f32
    linalg.yield %t : f32
  } -> tensor<2x8xf32>
  return %s : tensor<2x8xf32>
}

// sigmoid (torch-mlir's 1 / (1 + exp(-x)) generic) and tanh: TOSAQuantizer's
// one-to-one ops, input and output annotated; XNNPACKQuantizer leaves them.
// RULES-LABEL: func.func @sigmoid_tanh
// RULES: linalg.generic {{.*}}pt2e.annotation = {inputs = [{bins{{.*}}}], output = {bins
// RULES: math.exp
// RULES: linalg.generic {{.*}}pt2e.annotation = {inputs = [{bins{{.*}}}], output = {bins
// RULES: math.tanh
// XNN-LABEL: func.func @sigmoid_tanh
// XNN-NOT: pt2e.annotation
// XNN: return
func.func @sigmoid_tanh(%a: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %one = arith.constant 1.000000e+00 : f32
  %e = tensor.empty() : tensor<2x8xf32>
  %s = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<2x8xf32>) outs(%e : tensor<2x8xf32>) {
  ^bb0(%x: f32, %out: f32):
    %n = arith.negf %x : f32
    %x1 = math.exp %n : f32
    %d = arith.addf %x1, %one : f32
    %r = arith.divf %one, %d : f32
    linalg.yield %r : f32
  } -> tensor<2x8xf32>
  %t = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%s : tensor<2x8xf32>) outs(%e : tensor<2x8xf32>) {
  ^bb0(%x: f32, %out: f32):
    %y = math.tanh %x : f32
    linalg.yield %y : f32
  } -> tensor<2x8xf32>
  return %t : tensor<2x8xf32>
}

// maximum of two activations: inputs and output, as TOSAQuantizer's
// aten.maximum; a maximum with a zero tensor stays a relu (propagated).
// RULES-LABEL: func.func @max2
// RULES: linalg.generic {{.*}}pt2e.annotation = {inputs = [{bins{{.*}}}, {bins{{.*}}}], output = {bins
// RULES: arith.maximumf
// RULES: linalg.generic {{.*}}pt2e.annotation = {inputs = [{shared = {op = "{{.*}}", result = 0 : i64}}], output = {shared
// XNN-LABEL: func.func @max2
// XNN-NOT: pt2e.annotation
// XNN: return
func.func @max2(%a: tensor<2x8xf32>, %b: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<2x8xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<2x8xf32>) -> tensor<2x8xf32>
  %m = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<2x8xf32>, tensor<2x8xf32>) outs(%e : tensor<2x8xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %t = arith.maximumf %x, %y : f32
    linalg.yield %t : f32
  } -> tensor<2x8xf32>
  %r = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%m, %z : tensor<2x8xf32>, tensor<2x8xf32>) outs(%e : tensor<2x8xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %t = arith.maximumf %x, %y : f32
    linalg.yield %t : f32
  } -> tensor<2x8xf32>
  return %r : tensor<2x8xf32>
}

// a matmul of two activations: inputs and output, as TOSAQuantizer's
// aten.mm / bmm (XNNPACKQuantizer annotates no matmul without a weight).
// RULES-LABEL: func.func @mm2
// RULES: linalg.matmul {pt2e.annotation = {inputs = [{bins{{.*}}}, {bins{{.*}}}], output = {bins
// XNN-LABEL: func.func @mm2
// XNN-NOT: pt2e.annotation
// XNN: return
func.func @mm2(%a: tensor<2x16xf32>, %b: tensor<16x8xf32>) -> tensor<2x8xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %one = arith.constant 1.000000e+00 : f32
  %e = tensor.empty() : tensor<16x8xf32>
  %bb = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<16x8xf32>) outs(%e : tensor<16x8xf32>) {
  ^bb0(%x: f32, %out: f32):
    %t = arith.mulf %x, %x : f32
    linalg.yield %t : f32
  } -> tensor<16x8xf32>
  %e2 = tensor.empty() : tensor<2x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e2 : tensor<2x8xf32>) -> tensor<2x8xf32>
  %mm = linalg.matmul ins(%a, %bb : tensor<2x16xf32>, tensor<16x8xf32>) outs(%f : tensor<2x8xf32>) -> tensor<2x8xf32>
  return %mm : tensor<2x8xf32>
}
