// pt2e-annotate on torch-mlir's linalg-on-tensors forms (cut down from
// fx.export_and_import(..., output_type="linalg-on-tensors") of torch 2.15):
// every XNNPACKQuantizer pattern, recognised by structure.
// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-annotate{annotate-cat=true})' | FileCheck %s
// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-annotate{annotate-cat=true},pt2e-annotate{annotate-cat=true})' | FileCheck %s
// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-annotate{annotate-cat=true},pt2e-prepare)' | FileCheck %s --check-prefix=PREP
// Specs are written out in full: the activation spec is XNNPACK's
// HistogramObserver int8 [-128, 127] per-tensor affine, eps 2^-12; the weight
// spec PerChannelMinMaxObserver int8 [-127, 127] per-channel symmetric.



// CHECK-LABEL: func.func @conv_bn_relu
// CHECK: tensor.pad
// CHECK: } {pt2e.annotation = {inputs = [{bins = 2048 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "histogram", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}]}
// CHECK: linalg.broadcast
// CHECK-NOT: pt2e.annotation
// CHECK: linalg.conv_2d_nchw_fchw {{.*}}pt2e.annotation = {inputs = [unit, {ch_axis = 0 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "per_channel_minmax", qscheme = "per_channel_symmetric", quant_max = 127 : i64, quant_min = -127 : i64}]}
// CHECK: attrs = {pt2e.annotation = {output = {bins = 2048 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "histogram", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}}}
// CHECK: arith.cmpf ugt
// PREP-LABEL: func.func @conv_bn_relu
// PREP-COUNT-3: "pt2e.observer"
// PREP-NOT: "pt2e.observer"
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
#sc = affine_map<(d0, d1, d2, d3) -> ()>
#red = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>

// conv (padding 1, bias as the init) -> batch norm (eval, four generics) -> relu (cmpf + select)
func.func @conv_bn_relu(%x: tensor<1x3x8x8xf32>) -> tensor<1x4x8x8xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %w = arith.constant dense<0.5> : tensor<4x3x3x3xf32>
  %b = arith.constant dense<0.1> : tensor<4xf32>
  %mean = arith.constant dense<0.2> : tensor<4x1x1xf32>
  %rstd = arith.constant dense<1.5> : tensor<4x1x1xf32>
  %gamma = arith.constant dense<0.9> : tensor<4x1x1xf32>
  %beta = arith.constant dense<0.3> : tensor<4x1x1xf32>
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x3x8x8xf32> to tensor<1x3x10x10xf32>
  %e = tensor.empty() : tensor<1x4x8x8xf32>
  %bb = linalg.broadcast ins(%b : tensor<4xf32>) outs(%e : tensor<1x4x8x8xf32>) dimensions = [0, 2, 3]
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%p, %w : tensor<1x3x10x10xf32>, tensor<4x3x3x3xf32>) outs(%bb : tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  %0 = linalg.generic {indexing_maps = [#id, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %mean : tensor<1x4x8x8xf32>, tensor<4x1x1xf32>) outs(%e : tensor<1x4x8x8xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %s = arith.subf %in, %m : f32
    linalg.yield %s : f32
  } -> tensor<1x4x8x8xf32>
  %1 = linalg.generic {indexing_maps = [#id, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0, %rstd : tensor<1x4x8x8xf32>, tensor<4x1x1xf32>) outs(%e : tensor<1x4x8x8xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %s = arith.mulf %in, %m : f32
    linalg.yield %s : f32
  } -> tensor<1x4x8x8xf32>
  %2 = linalg.generic {indexing_maps = [#id, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%1, %gamma : tensor<1x4x8x8xf32>, tensor<4x1x1xf32>) outs(%e : tensor<1x4x8x8xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %s = arith.mulf %in, %m : f32
    linalg.yield %s : f32
  } -> tensor<1x4x8x8xf32>
  %3 = linalg.generic {indexing_maps = [#id, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2, %beta : tensor<1x4x8x8xf32>, tensor<4x1x1xf32>) outs(%e : tensor<1x4x8x8xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %s = arith.addf %in, %m : f32
    linalg.yield %s : f32
  } -> tensor<1x4x8x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%3 : tensor<1x4x8x8xf32>) outs(%e : tensor<1x4x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %g = arith.cmpf ugt, %in, %zero : f32
    %s = arith.select %g, %in, %zero : f32
    linalg.yield %s : f32
  } -> tensor<1x4x8x8xf32>
  return %r : tensor<1x4x8x8xf32>
}

// -----

// CHECK-LABEL: func.func @conv_relu6
// CHECK: linalg.conv_2d_nchw_fchw {{.*}}pt2e.annotation = {inputs = [{bins = 2048 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "histogram", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}, {ch_axis = 0 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "per_channel_minmax", qscheme = "per_channel_symmetric", quant_max = 127 : i64, quant_min = -127 : i64}], output = {bins = 2048 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "histogram", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}}, pt2e.id = "[[CONV:.*]]"
// CHECK: attrs = {pt2e.annotation = {inputs = [{shared = {op = "[[CONV]]", result = 0 : i64}}]}}
// CHECK: attrs = {pt2e.annotation = {output = {shared = {op = "[[CONV]]", result = 0 : i64}}}}
// PREP-LABEL: func.func @conv_relu6
// PREP: "pt2e.observer"{{.*}}name = "activation_post_process_0"
// PREP: "pt2e.observer"{{.*}}name = "activation_post_process_1"
// PREP: "pt2e.observer"{{.*}}name = "activation_post_process_2"
// PREP: "pt2e.observer"{{.*}}instance = "activation_post_process_2", name = "activation_post_process_3"
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#sc = affine_map<(d0, d1, d2, d3) -> ()>
// conv -> relu6 (two clamp generics, 0-d constant operands, the max with the
// constant first): not fused; the conv has the output and the relu6 shares it.
func.func @conv_relu6(%x: tensor<1x3x8x8xf32>) -> tensor<1x4x6x6xf32> {
  %w = arith.constant dense<0.5> : tensor<4x3x3x3xf32>
  %lo = arith.constant dense<0.0> : tensor<f32>
  %hi = arith.constant dense<6.0> : tensor<f32>
  %e = tensor.empty() : tensor<1x4x6x6xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) outs(%e : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %0 = linalg.generic {indexing_maps = [#id, #sc, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %lo : tensor<1x4x6x6xf32>, tensor<f32>) outs(%e : tensor<1x4x6x6xf32>) {
  ^bb0(%in: f32, %l: f32, %out: f32):
    %g = arith.cmpf ogt, %in, %l : f32
    %s = arith.select %g, %in, %l : f32
    linalg.yield %s : f32
  } -> tensor<1x4x6x6xf32>
  %1 = linalg.generic {indexing_maps = [#sc, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%hi, %0 : tensor<f32>, tensor<1x4x6x6xf32>) outs(%e : tensor<1x4x6x6xf32>) {
  ^bb0(%h: f32, %in: f32, %out: f32):
    %g = arith.cmpf olt, %h, %in : f32
    %s = arith.select %g, %h, %in : f32
    linalg.yield %s : f32
  } -> tensor<1x4x6x6xf32>
  return %1 : tensor<1x4x6x6xf32>
}

// -----

// CHECK-LABEL: func.func @depthwise_relu
// PREP-LABEL: func.func @depthwise_relu
// The activation edge is on the conv itself, so the weight edge is too
// (after the collapse, channel axis 0 of [C, kh, kw]).
// CHECK-NOT: pt2e.annotation
// CHECK: linalg.depthwise_conv_2d_nchw_chw {{.*}}pt2e.annotation = {inputs = [{bins = 2048 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "histogram", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}, {ch_axis = 0 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "per_channel_minmax", qscheme = "per_channel_symmetric", quant_max = 127 : i64, quant_min = -127 : i64}]}
// CHECK: attrs = {pt2e.annotation = {output = {bins = 2048 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "histogram", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}}}
// CHECK: arith.maximumf
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// depthwise conv with the weight collapsed from PyTorch's [C, 1, kh, kw], relu as maximumf
func.func @depthwise_relu(%x: tensor<1x4x8x8xf32>) -> tensor<1x4x6x6xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %w = arith.constant dense<0.5> : tensor<4x1x3x3xf32>
  %wc = tensor.collapse_shape %w [[0, 1], [2], [3]] : tensor<4x1x3x3xf32> into tensor<4x3x3xf32>
  %e = tensor.empty() : tensor<1x4x6x6xf32>
  %c = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %wc : tensor<1x4x8x8xf32>, tensor<4x3x3xf32>) outs(%e : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c : tensor<1x4x6x6xf32>) outs(%e : tensor<1x4x6x6xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x4x6x6xf32>
  return %r : tensor<1x4x6x6xf32>
}

// -----

// CHECK-LABEL: func.func @mlp
// The weight edge is the matmul's operand, transposed: channel axis 1.
// CHECK-NOT: pt2e.annotation
// CHECK: linalg.matmul {pt2e.annotation = {inputs = [{bins = 2048 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "histogram", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}, {ch_axis = 1 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "per_channel_minmax", qscheme = "per_channel_symmetric", quant_max = 127 : i64, quant_min = -127 : i64}]}}
// CHECK: linalg.generic
// CHECK: attrs = {pt2e.annotation = {output = {bins = 2048 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "histogram", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}}}
// CHECK: arith.cmpf ugt
// CHECK: linalg.matmul {pt2e.annotation = {inputs = [{bins = 2048 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "histogram", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}, {ch_axis = 1 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "per_channel_minmax", qscheme = "per_channel_symmetric", quant_max = 127 : i64, quant_min = -127 : i64}], output = {bins = 2048 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "histogram", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}}}
// PREP-LABEL: func.func @mlp
// PREP-COUNT-5: "pt2e.observer"
// PREP-NOT: "pt2e.observer"
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
// linear (weight transpose, matmul, bias add) -> relu; then a linear without relu
func.func @mlp(%x: tensor<2x16xf32>) -> tensor<2x4xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %w1 = arith.constant dense<0.5> : tensor<8x16xf32>
  %b1 = arith.constant dense<0.1> : tensor<8xf32>
  %w2 = arith.constant dense<0.25> : tensor<4x8xf32>
  %et = tensor.empty() : tensor<16x8xf32>
  %w1t = linalg.transpose ins(%w1 : tensor<8x16xf32>) outs(%et : tensor<16x8xf32>) permutation = [1, 0]
  %e = tensor.empty() : tensor<2x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x8xf32>) -> tensor<2x8xf32>
  %mm = linalg.matmul ins(%x, %w1t : tensor<2x16xf32>, tensor<16x8xf32>) outs(%f : tensor<2x8xf32>) -> tensor<2x8xf32>
  %bb = linalg.generic {indexing_maps = [#row, #id2], iterator_types = ["parallel", "parallel"]} ins(%b1 : tensor<8xf32>) outs(%e : tensor<2x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<2x8xf32>
  %add = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%mm, %bb : tensor<2x8xf32>, tensor<2x8xf32>) outs(%e : tensor<2x8xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<2x8xf32>
  %r = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%add : tensor<2x8xf32>) outs(%e : tensor<2x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %g = arith.cmpf ugt, %in, %zero : f32
    %s = arith.select %g, %in, %zero : f32
    linalg.yield %s : f32
  } -> tensor<2x8xf32>
  %et2 = tensor.empty() : tensor<8x4xf32>
  %w2t = linalg.transpose ins(%w2 : tensor<4x8xf32>) outs(%et2 : tensor<8x4xf32>) permutation = [1, 0]
  %e2 = tensor.empty() : tensor<2x4xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<2x4xf32>) -> tensor<2x4xf32>
  %mm2 = linalg.matmul ins(%r, %w2t : tensor<2x8xf32>, tensor<8x4xf32>) outs(%f2 : tensor<2x4xf32>) -> tensor<2x4xf32>
  return %mm2 : tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func.func @residual
// PREP-LABEL: func.func @residual
// PREP: "pt2e.observer"(%arg0) {name = "activation_post_process_0"
// PREP: "pt2e.observer"(%arg1) {name = "activation_post_process_1"
// PREP: "pt2e.observer"({{.*}}) {name = "activation_post_process_2"
// PREP-COUNT-4: "pt2e.observer"{{.*}}instance = "activation_post_process_2"
// PREP-NOT: "pt2e.observer"
// CHECK: attrs = {pt2e.annotation = {inputs = [{bins = 2048 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "histogram", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}, {bins = 2048 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "histogram", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}]}}
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: attrs = {pt2e.annotation = {output = {bins = 2048 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "histogram", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}}}
// CHECK: arith.maximumf
// CHECK: attrs = {pt2e.annotation = {inputs = [{bins = 2048 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "histogram", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}, {bins = 2048 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "histogram", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}], output = {bins = 2048 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "histogram", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}}}
// CHECK: arith.mulf
// CHECK: tensor.concat {{.*}}{pt2e.annotation = {inputs = [{bins = 2048 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "histogram", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}, {shared = {operand = 0 : i64}}], output = {shared = {operand = 0 : i64}}}, pt2e.id = "[[CAT:.*]]"}
// CHECK: attrs = {pt2e.annotation = {inputs = [{bins = 2048 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "histogram", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}]}, pt2e.id = "[[POOL:.*]]"}
// CHECK: arith.addf
// CHECK: attrs = {pt2e.annotation = {output = {shared = {op = "[[POOL]]", operand = 0 : i64}}}}
// CHECK: arith.divf
// CHECK: linalg.pooling_nchw_max {{.*}}pt2e.annotation = {inputs = [{shared = {op = "[[CAT]]", result = 0 : i64}}], output = {shared = {op = "[[CAT]]", result = 0 : i64}}}
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#red = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>
// residual add -> relu (torch-mlir's add body: b * alpha + a), mul, cat,
// max pool (propagated), global average pool (adaptive_avg_pool2d)
func.func @residual(%x: tensor<1x4x8x8xf32>, %y: tensor<1x4x8x8xf32>) -> (tensor<1x8x1x1xf32>, tensor<1x8x4x4xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %one = arith.constant 1.000000e+00 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %n = arith.constant 6.400000e+01 : f32
  %e = tensor.empty() : tensor<1x4x8x8xf32>
  %add = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x, %y : tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>) outs(%e : tensor<1x4x8x8xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %s = arith.mulf %b, %one : f32
    %t = arith.addf %a, %s : f32
    linalg.yield %t : f32
  } -> tensor<1x4x8x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%add : tensor<1x4x8x8xf32>) outs(%e : tensor<1x4x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x4x8x8xf32>
  %mul = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%r, %y : tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>) outs(%e : tensor<1x4x8x8xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %t = arith.mulf %a, %b : f32
    linalg.yield %t : f32
  } -> tensor<1x4x8x8xf32>
  %cat = tensor.concat dim(1) %mul, %r : (tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>) -> tensor<1x8x8x8xf32>
  %e1 = tensor.empty() : tensor<1x8x1x1xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1x8x1x1xf32>) -> tensor<1x8x1x1xf32>
  %sum = linalg.generic {indexing_maps = [#id, #red], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%cat : tensor<1x8x8x8xf32>) outs(%f1 : tensor<1x8x1x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %t = arith.addf %in, %out : f32
    linalg.yield %t : f32
  } -> tensor<1x8x1x1xf32>
  %avg = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%sum : tensor<1x8x1x1xf32>) outs(%e1 : tensor<1x8x1x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %t = arith.divf %in, %n : f32
    linalg.yield %t : f32
  } -> tensor<1x8x1x1xf32>
  %e2 = tensor.empty() : tensor<1x8x4x4xf32>
  %f2 = linalg.fill ins(%ninf : f32) outs(%e2 : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  %k = tensor.empty() : tensor<2x2xf32>
  %mp = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%cat, %k : tensor<1x8x8x8xf32>, tensor<2x2xf32>) outs(%f2 : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  return %avg, %mp : tensor<1x8x1x1xf32>, tensor<1x8x4x4xf32>
}

// -----

// CHECK-LABEL: func.func @untouched
// CHECK-NOT: pt2e.
// CHECK: return
// nothing to quantize: a subtraction is no XNNPACK pattern
func.func @untouched(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = arith.subf %x, %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}


// -----

// CHECK-LABEL: func.func @f64_mul
// CHECK-NOT: pt2e.annotation
// CHECK: return
// torch-mlir's decomposed LayerNorm squares x - mean in f64: XNNPACKQuantizer
// skips every input that is not torch.float32 (_is_input_non_float_tensor),
// so this mul is not quantized (and no observer may watch an f64 tensor).
#map2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @f64_mul(%x: tensor<4x8xf32>) -> tensor<4x8xf64> {
  %e = tensor.empty() : tensor<4x8xf64>
  %w = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf64>) {
  ^bb0(%in: f32, %out: f64):
    %d = arith.extf %in : f32 to f64
    linalg.yield %d : f64
  } -> tensor<4x8xf64>
  %sq = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel"]} ins(%w, %w : tensor<4x8xf64>, tensor<4x8xf64>) outs(%e : tensor<4x8xf64>) {
  ^bb0(%a: f64, %b: f64, %out: f64):
    %m = arith.mulf %a, %b : f64
    linalg.yield %m : f64
  } -> tensor<4x8xf64>
  return %sq : tensor<4x8xf64>
}

// -----

// CHECK-LABEL: func.func @layer_norm
// CHECK-NOT: pt2e.annotation
// CHECK: return
// aten.layer_norm over the last dimension as torch-mlir decomposes it (here
// all in f32: mean, x - mean, the variance as a mean of squares, + eps,
// rsqrt, * rstd, * weight, + bias): XNNPACKQuantizer annotates no
// layer_norm, so neither its muls and adds nor its mean get observers.
#ln3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#ln1 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#lnc = affine_map<(d0, d1, d2) -> (d2)>
func.func @layer_norm(%x: tensor<2x4x8xf32>) -> tensor<2x4x8xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %n = arith.constant 8.000000e+00 : f32
  %eps = arith.constant 9.99999974E-6 : f32
  %w = arith.constant dense<1.5> : tensor<8xf32>
  %b = arith.constant dense<0.25> : tensor<8xf32>
  %e1 = tensor.empty() : tensor<2x4x1xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<2x4x1xf32>) -> tensor<2x4x1xf32>
  %sum = linalg.generic {indexing_maps = [#ln3, #ln1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x : tensor<2x4x8xf32>) outs(%f1 : tensor<2x4x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %t = arith.addf %in, %out : f32
    linalg.yield %t : f32
  } -> tensor<2x4x1xf32>
  %mean = linalg.generic {indexing_maps = [#ln3, #ln3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%sum : tensor<2x4x1xf32>) outs(%e1 : tensor<2x4x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %t = arith.divf %in, %n : f32
    linalg.yield %t : f32
  } -> tensor<2x4x1xf32>
  %e3 = tensor.empty() : tensor<2x4x8xf32>
  %c = linalg.generic {indexing_maps = [#ln3, #ln1, #ln3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x, %mean : tensor<2x4x8xf32>, tensor<2x4x1xf32>) outs(%e3 : tensor<2x4x8xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %t = arith.subf %in, %m : f32
    linalg.yield %t : f32
  } -> tensor<2x4x8xf32>
  %sq = linalg.generic {indexing_maps = [#ln3, #ln3, #ln3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%c, %c : tensor<2x4x8xf32>, tensor<2x4x8xf32>) outs(%e3 : tensor<2x4x8xf32>) {
  ^bb0(%in: f32, %in2: f32, %out: f32):
    %t = arith.mulf %in, %in2 : f32
    linalg.yield %t : f32
  } -> tensor<2x4x8xf32>
  %vs = linalg.generic {indexing_maps = [#ln3, #ln1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%sq : tensor<2x4x8xf32>) outs(%f1 : tensor<2x4x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %t = arith.addf %in, %out : f32
    linalg.yield %t : f32
  } -> tensor<2x4x1xf32>
  %var = linalg.generic {indexing_maps = [#ln3, #ln3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%vs : tensor<2x4x1xf32>) outs(%e1 : tensor<2x4x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %t = arith.divf %in, %n : f32
    linalg.yield %t : f32
  } -> tensor<2x4x1xf32>
  %ve = linalg.generic {indexing_maps = [#ln3, #ln3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%var : tensor<2x4x1xf32>) outs(%e1 : tensor<2x4x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %t = arith.addf %in, %eps : f32
    linalg.yield %t : f32
  } -> tensor<2x4x1xf32>
  %rs = linalg.generic {indexing_maps = [#ln3, #ln3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%ve : tensor<2x4x1xf32>) outs(%e1 : tensor<2x4x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %t = math.rsqrt %in : f32
    linalg.yield %t : f32
  } -> tensor<2x4x1xf32>
  %nrm = linalg.generic {indexing_maps = [#ln3, #ln1, #ln3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%c, %rs : tensor<2x4x8xf32>, tensor<2x4x1xf32>) outs(%e3 : tensor<2x4x8xf32>) {
  ^bb0(%in: f32, %r: f32, %out: f32):
    %t = arith.mulf %in, %r : f32
    linalg.yield %t : f32
  } -> tensor<2x4x8xf32>
  %sc = linalg.generic {indexing_maps = [#ln3, #lnc, #ln3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%nrm, %w : tensor<2x4x8xf32>, tensor<8xf32>) outs(%e3 : tensor<2x4x8xf32>) {
  ^bb0(%in: f32, %g: f32, %out: f32):
    %t = arith.mulf %in, %g : f32
    linalg.yield %t : f32
  } -> tensor<2x4x8xf32>
  %y = linalg.generic {indexing_maps = [#ln3, #lnc, #ln3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%sc, %b : tensor<2x4x8xf32>, tensor<8xf32>) outs(%e3 : tensor<2x4x8xf32>) {
  ^bb0(%in: f32, %g: f32, %out: f32):
    %t = arith.addf %in, %g : f32
    linalg.yield %t : f32
  } -> tensor<2x4x8xf32>
  return %y : tensor<2x4x8xf32>
}

// -----

// A linear on a 3-D input, as torch-mlir writes it: collapse to 2-D, the
// weight transpose, matmul, bias add, expand back to 3-D, relu. PT2E sees
// aten.linear -> aten.relu and observes the relu's output only: the
// reshape between them joins the linear_relu unit. Likewise the collapse
// of the input: PT2E observes aten.linear's 3-D input, so the activation
// edge is the collapse's (one observer when the input feeds others too).
// CHECK-LABEL: func.func @linear3d_relu
// CHECK: tensor.collapse_shape %arg0 {{.*}}pt2e.annotation = {inputs = [{{.*}}observer = "histogram"{{.*}}}]}
// CHECK: linalg.transpose {{.*}}pt2e.annotation = {inputs = [{ch_axis = 0 : i64{{.*}}observer = "per_channel_minmax"{{.*}}}]}
// CHECK: linalg.matmul {pt2e.annotation = {inputs = [unit]}}
// CHECK-NOT: output =
// CHECK: tensor.expand_shape {{.*}}: tensor<6x4xf32> into tensor<2x3x4xf32>
// CHECK-NEXT: tensor.empty
// CHECK-NEXT: linalg.generic {{.*}}ins(%expanded{{.*}}pt2e.annotation = {output = {bins = 2048 : i64{{.*}}observer = "histogram"
// CHECK: arith.cmpf
// PREP-LABEL: func.func @linear3d_relu
// PREP-COUNT-2: "pt2e.observer"
// PREP-NOT: "pt2e.observer"
// PREP: arith.cmpf
// PREP: "pt2e.observer"
#l2 = affine_map<(d0, d1) -> (d0, d1)>
#lb = affine_map<(d0, d1) -> (d1)>
#l3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @linear3d_relu(%x: tensor<2x3x8xf32>) -> tensor<2x3x4xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %w = arith.constant dense<0.5> : tensor<4x8xf32>
  %b = arith.constant dense<0.25> : tensor<4xf32>
  %c = tensor.collapse_shape %x [[0, 1], [2]] : tensor<2x3x8xf32> into tensor<6x8xf32>
  %et = tensor.empty() : tensor<8x4xf32>
  %wt = linalg.transpose ins(%w : tensor<4x8xf32>) outs(%et : tensor<8x4xf32>) permutation = [1, 0]
  %e = tensor.empty() : tensor<6x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<6x4xf32>) -> tensor<6x4xf32>
  %mm = linalg.matmul ins(%c, %wt : tensor<6x8xf32>, tensor<8x4xf32>) outs(%f : tensor<6x4xf32>) -> tensor<6x4xf32>
  %bb = linalg.generic {indexing_maps = [#lb, #l2], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<4xf32>) outs(%e : tensor<6x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<6x4xf32>
  %add = linalg.generic {indexing_maps = [#l2, #l2, #l2], iterator_types = ["parallel", "parallel"]} ins(%mm, %bb : tensor<6x4xf32>, tensor<6x4xf32>) outs(%e : tensor<6x4xf32>) {
  ^bb0(%in: f32, %in2: f32, %out: f32):
    %t = arith.addf %in, %in2 : f32
    linalg.yield %t : f32
  } -> tensor<6x4xf32>
  %ex = tensor.expand_shape %add [[0, 1], [2]] output_shape [2, 3, 4] : tensor<6x4xf32> into tensor<2x3x4xf32>
  %e3 = tensor.empty() : tensor<2x3x4xf32>
  %r = linalg.generic {indexing_maps = [#l3, #l3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%ex : tensor<2x3x4xf32>) outs(%e3 : tensor<2x3x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %p = arith.cmpf ugt, %in, %zero : f32
    %s = arith.select %p, %in, %zero : f32
    linalg.yield %s : f32
  } -> tensor<2x3x4xf32>
  return %r : tensor<2x3x4xf32>
}

// -----

// The same linear without relu, as the transformer's out_proj: the expand
// back to 3-D joins the linear, whose output is observed after it (PT2E's
// aten.linear output is 3-D; one observer name, not a linear output and a
// shared view).
// CHECK-LABEL: func.func @linear3d(
// CHECK: tensor.collapse_shape %arg0 {{.*}}pt2e.annotation = {inputs = [{{.*}}observer = "histogram"{{.*}}}]}
// CHECK: linalg.matmul {pt2e.annotation = {inputs = [unit]}}
// CHECK-NOT: output =
// CHECK: tensor.expand_shape {{.*}}pt2e.annotation = {output = {bins = 2048 : i64{{.*}}observer = "histogram"{{.*}}: tensor<6x4xf32> into tensor<2x3x4xf32>
// PREP-LABEL: func.func @linear3d(
// PREP-COUNT-3: "pt2e.observer"
// PREP-NOT: "pt2e.observer"
// PREP: return
#l2 = affine_map<(d0, d1) -> (d0, d1)>
#lb = affine_map<(d0, d1) -> (d1)>
func.func @linear3d(%x: tensor<2x3x8xf32>) -> tensor<2x3x4xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %w = arith.constant dense<0.5> : tensor<4x8xf32>
  %b = arith.constant dense<0.25> : tensor<4xf32>
  %c = tensor.collapse_shape %x [[0, 1], [2]] : tensor<2x3x8xf32> into tensor<6x8xf32>
  %et = tensor.empty() : tensor<8x4xf32>
  %wt = linalg.transpose ins(%w : tensor<4x8xf32>) outs(%et : tensor<8x4xf32>) permutation = [1, 0]
  %e = tensor.empty() : tensor<6x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<6x4xf32>) -> tensor<6x4xf32>
  %mm = linalg.matmul ins(%c, %wt : tensor<6x8xf32>, tensor<8x4xf32>) outs(%f : tensor<6x4xf32>) -> tensor<6x4xf32>
  %bb = linalg.generic {indexing_maps = [#lb, #l2], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<4xf32>) outs(%e : tensor<6x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<6x4xf32>
  %add = linalg.generic {indexing_maps = [#l2, #l2, #l2], iterator_types = ["parallel", "parallel"]} ins(%mm, %bb : tensor<6x4xf32>, tensor<6x4xf32>) outs(%e : tensor<6x4xf32>) {
  ^bb0(%in: f32, %in2: f32, %out: f32):
    %t = arith.addf %in, %in2 : f32
    linalg.yield %t : f32
  } -> tensor<6x4xf32>
  %ex = tensor.expand_shape %add [[0, 1], [2]] output_shape [2, 3, 4] : tensor<6x4xf32> into tensor<2x3x4xf32>
  return %ex : tensor<2x3x4xf32>
}
