// Choosing the activation observer per pattern (pattern-observers) and per
// channel (activation-ch-axis, an entry's ch-axis), and the combinations
// that are errors naming the option.
// A linear + relu (pattern 'linear') whose output is added to a second
// input (pattern 'add').
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{pattern-observers=linear:percentile;percentile=99.9,add:minmax})' | FileCheck %s --check-prefix=PAT
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{activation-ch-axis=1})' | FileCheck %s --check-prefix=CH
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{activation-observer=minmax activation-ch-axis=1})' | FileCheck %s --check-prefix=CHMM
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{num-bins=512 pattern-observers=linear:entropy;ch-axis=1;num-quantized-bins=64})' | FileCheck %s --check-prefix=MIX
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{percentile=99 pattern-observers=add:percentile;symmetric=false})' | FileCheck %s --check-prefix=GLOB
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate{pattern-observers=lineer:minmax})' 2>&1 | FileCheck %s --check-prefix=E1
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate{pattern-observers=linear:minmux})' 2>&1 | FileCheck %s --check-prefix=E2
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate{pattern-observers=linear:minmax;percentile=99})' 2>&1 | FileCheck %s --check-prefix=E3
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate{percentile=99 pattern-observers=linear:entropy})' 2>&1 | FileCheck %s --check-prefix=E4
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate{pattern-observers=linear:minmax,add:histogram,linear:entropy})' 2>&1 | FileCheck %s --check-prefix=E5
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate{pattern-observers=relu:minmax})' 2>&1 | FileCheck %s --check-prefix=E6
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate{qat=true activation-ch-axis=1})' 2>&1 | FileCheck %s --check-prefix=E7
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate{dynamic=true activation-observer=placeholder activation-ch-axis=1})' 2>&1 | FileCheck %s --check-prefix=E8
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate{pattern-observers=linear:placeholder})' 2>&1 | FileCheck %s --check-prefix=E9
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate{pattern-observers=linear:entropy;num-quantized-bins=4096})' 2>&1 | FileCheck %s --check-prefix=E10
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate{pattern-observers=linear:minmax;ch-axis=one})' 2>&1 | FileCheck %s --check-prefix=E11
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate{pattern-observers=linear:minmax;bins=3})' 2>&1 | FileCheck %s --check-prefix=E12
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate{qat=true pattern-observers=linear:minmax})' 2>&1 | FileCheck %s --check-prefix=E13
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate{pattern-observers=linear})' 2>&1 | FileCheck %s --check-prefix=E14
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate{activation-ch-axis=-1})' 2>&1 | FileCheck %s --check-prefix=E15
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate{pattern-observers=add:histogram;ch-axis=-1})' 2>&1 | FileCheck %s --check-prefix=E16

// PAT: linalg.matmul {pt2e.annotation = {inputs = [{bins = 2048 : i64{{.*}}observer = "percentile", percentile = 9.990000e+01 : f64, qscheme = "per_tensor_affine"{{.*}}}, {{.*}}"per_channel_minmax"
// PAT: pt2e.annotation = {output = {bins = 2048 : i64{{.*}}observer = "percentile"
// PAT: ins({{.*}}, %arg1 : {{.*}}pt2e.annotation = {inputs = [{{.*}}observer = "minmax", qscheme = "per_tensor_affine"{{.*}}observer = "minmax"{{.*}}], output = {{.*}}observer = "minmax"
// CH: linalg.matmul {pt2e.annotation = {inputs = [{bins = 2048 : i64, ch_axis = 1 : i64{{.*}}observer = "histogram", qscheme = "per_channel_affine"
// CH: ins({{.*}}, %arg1 : {{.*}}observer = "histogram", qscheme = "per_channel_affine"
// CHMM: linalg.matmul {pt2e.annotation = {inputs = [{ch_axis = 1 : i64{{.*}}observer = "per_channel_minmax", qscheme = "per_channel_affine", quant_max = 127 : i64, quant_min = -128 : i64}
// MIX: linalg.matmul {pt2e.annotation = {inputs = [{bins = 512 : i64, ch_axis = 1 : i64{{.*}}num_quantized_bins = 64 : i64, observer = "entropy", qscheme = "per_channel_affine"
// MIX: ins({{.*}}, %arg1 : {{.*}}{bins = 512 : i64, dtype = i8{{.*}}observer = "histogram", qscheme = "per_tensor_affine"
// GLOB: linalg.matmul {pt2e.annotation = {inputs = [{bins = 2048 : i64{{.*}}observer = "histogram"
// GLOB: ins({{.*}}, %arg1 : {{.*}}observer = "percentile", percentile = 9.900000e+01 : f64{{.*}}symmetric = false
// E1: error: 'pt2e-annotate' option 'pattern-observers': entry 'lineer:minmax': unknown pattern 'lineer' (expected conv, linear, add, mul, cat or adaptive_avg_pool2d, then ':' and an observer)
// E2: error: 'pt2e-annotate' option 'pattern-observers': entry 'linear:minmux': 'minmux' is not a static activation observer (expected one of distribution, entropy, histogram, minmax, moving_average_minmax, percentile or placeholder; placeholder is for dynamic=true only)
// E3: error: 'pt2e-annotate' option 'pattern-observers': entry 'linear:minmax;percentile=99': 'percentile' is a parameter of percentile only, not of 'minmax'
// E4: error: 'pt2e-annotate' option 'percentile': a parameter of activation-observer=percentile only, not of 'histogram'
// E5: error: 'pt2e-annotate' option 'pattern-observers': entry 'linear:entropy': pattern 'linear' is given twice
// E6: error: 'pt2e-annotate' option 'pattern-observers': entry 'relu:minmax': pattern 'relu' shares its producer's activation spec and has no observer of its own (choose the producer's pattern)
// E7: error: 'pt2e-annotate' option 'activation-ch-axis': per-channel activations are for static post-training quantization only, not qat=true
// E8: error: 'pt2e-annotate' option 'activation-ch-axis': per-channel activations are for static post-training quantization only, not dynamic=true
// E9: error: 'pt2e-annotate' option 'pattern-observers': entry 'linear:placeholder': 'placeholder' is not a static activation observer
// E10: error: 'pt2e-annotate' option 'pattern-observers': entry 'linear:entropy;num-quantized-bins=4096': 'num-quantized-bins': 4096 must be in [1, num-bins = 128]
// E11: error: 'pt2e-annotate' option 'pattern-observers': entry 'linear:minmax;ch-axis=one': ch-axis 'one' is not an integer
// E12: error: 'pt2e-annotate' option 'pattern-observers': entry 'linear:minmax;bins=3': unknown parameter 'bins' (expected percentile, num-bins, num-quantized-bins, symmetric or ch-axis)
// E13: error: 'pt2e-annotate' option 'pattern-observers': entry 'linear:minmax': per-pattern observers are for static post-training quantization only, not qat=true
// E15: error: 'pt2e-annotate' option 'activation-ch-axis': -1 is negative; give the axis from the front
// E16: error: 'pt2e-annotate' option 'pattern-observers': entry 'add:histogram;ch-axis=-1': ch-axis '-1' is negative or empty; give the axis from the front
// E14: error: 'pt2e-annotate' option 'pattern-observers': entry 'linear': '' is not a static activation observer
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @linear_relu_add(%x: tensor<2x16xf32>, %y: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %w = arith.constant dense<0.5> : tensor<16x8xf32>
  %e = tensor.empty() : tensor<2x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x8xf32>) -> tensor<2x8xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<2x16xf32>, tensor<16x8xf32>) outs(%f : tensor<2x8xf32>) -> tensor<2x8xf32>
  %r = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%mm : tensor<2x8xf32>) outs(%e : tensor<2x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<2x8xf32>
  %s = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%r, %y : tensor<2x8xf32>, tensor<2x8xf32>) outs(%e : tensor<2x8xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %t = arith.addf %a, %b : f32
    linalg.yield %t : f32
  } -> tensor<2x8xf32>
  return %s : tensor<2x8xf32>
}
