// activation-dtype and weight-dtype: the a16w8 and w4 specs, and the
// combinations and names that are errors naming the option.
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{activation-dtype=int16})' | FileCheck %s --check-prefix=A16
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{activation-dtype=int16 activation-observer=minmax})' | FileCheck %s --check-prefix=A16MM
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{weight-dtype=int4})' | FileCheck %s --check-prefix=W4
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{activation-dtype=int8 weight-dtype=int8})' | FileCheck %s --check-prefix=W8
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{activation-dtype=int16 weight-dtype=int4})' | FileCheck %s --check-prefix=A16W4
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate{activation-dtype=int32})' 2>&1 | FileCheck %s --check-prefix=ERR1
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate{weight-dtype=uint4})' 2>&1 | FileCheck %s --check-prefix=ERR2
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate{activation-dtype=int16 qat=true})' 2>&1 | FileCheck %s --check-prefix=ERR3
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate{activation-dtype=int16 dynamic=true})' 2>&1 | FileCheck %s --check-prefix=ERR4
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate{weight-dtype=int4 per-channel=false})' 2>&1 | FileCheck %s --check-prefix=ERR5
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate{weight-dtype=int4 qat=true})' 2>&1 | FileCheck %s --check-prefix=ERR6
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate{weight-dtype=int4 dynamic=true})' 2>&1 | FileCheck %s --check-prefix=ERR7
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate{activation-dtype=})' 2>&1 | FileCheck %s --check-prefix=ERR8

// int16 activations: the whole int16 range and the observer's own eps 2^-23
// (torchao's test_int16 spec); the int8 per-channel weight stays XNNPACK's.
// A16: linalg.matmul {pt2e.annotation = {inputs = [{bins = 2048 : i64, dtype = i16, eps = 1.1920929E-7 : f32, is_dynamic = false, observer = "histogram", qscheme = "per_tensor_affine", quant_max = 32767 : i64, quant_min = -32768 : i64}, {ch_axis = 1 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "per_channel_minmax", qscheme = "per_channel_symmetric", quant_max = 127 : i64, quant_min = -127 : i64}]}}
// A16: attrs = {pt2e.annotation = {output = {bins = 2048 : i64, dtype = i16, eps = 1.1920929E-7 : f32{{.*}}quant_max = 32767 : i64, quant_min = -32768 : i64}}}
// A16MM: linalg.matmul {pt2e.annotation = {inputs = [{dtype = i16, eps = 1.1920929E-7 : f32, is_dynamic = false, observer = "minmax", qscheme = "per_tensor_affine", quant_max = 32767 : i64, quant_min = -32768 : i64}, {ch_axis = 1 : i64, dtype = i8,
// int4 weights: i4, per-channel symmetric [-8, 7], XNNPACK's eps; int8 activations.
// W4: linalg.matmul {pt2e.annotation = {inputs = [{bins = 2048 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "histogram", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}, {ch_axis = 1 : i64, dtype = i4, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "per_channel_minmax", qscheme = "per_channel_symmetric", quant_max = 7 : i64, quant_min = -8 : i64}]}}
// W8: linalg.matmul {pt2e.annotation = {inputs = [{bins = 2048 : i64, dtype = i8, eps = 2.44140625E-4 : f32{{.*}}quant_min = -128 : i64}, {ch_axis = 1 : i64, dtype = i8, {{.*}}quant_max = 127 : i64, quant_min = -127 : i64}]}}
// A16W4: linalg.matmul {pt2e.annotation = {inputs = [{bins = 2048 : i64, dtype = i16, {{.*}}}, {ch_axis = 1 : i64, dtype = i4, {{.*}}quant_max = 7 : i64, quant_min = -8 : i64}]}}
// ERR1: error: 'pt2e-annotate' option 'activation-dtype': unknown dtype 'int32' (expected int8 or int16)
// ERR2: error: 'pt2e-annotate' option 'weight-dtype': unknown dtype 'uint4' (expected int8 or int4)
// ERR3: error: 'pt2e-annotate' option 'activation-dtype': int16 activations are for static post-training quantization only, not with qat=true
// ERR4: error: 'pt2e-annotate' option 'activation-dtype': int16 activations are for static post-training quantization only, not with dynamic=true
// ERR5: error: 'pt2e-annotate' option 'weight-dtype': int4 weights are per-channel only (per-channel=false asks for one scale per tensor)
// ERR6: error: 'pt2e-annotate' option 'weight-dtype': int4 weights are for static post-training quantization only, not with qat=true
// ERR7: error: 'pt2e-annotate' option 'weight-dtype': int4 weights are for static post-training quantization only, not with dynamic=true
// ERR8: error: 'pt2e-annotate' option 'activation-dtype': unknown dtype '' (expected int8 or int16)
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @linear_relu(%x: tensor<2x16xf32>) -> tensor<2x8xf32> {
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
  return %r : tensor<2x8xf32>
}
