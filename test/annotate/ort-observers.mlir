// The ONNX Runtime calibration methods as activation observers
// (activation-observer=percentile|entropy|distribution) with their
// parameters (percentile, num-bins, num-quantized-bins, symmetric), and the
// combinations that are errors naming the option.
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{activation-observer=percentile})' | FileCheck %s --check-prefix=PCT
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{activation-observer=percentile percentile=99.99 symmetric=false num-bins=1024})' | FileCheck %s --check-prefix=PCT2
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{activation-observer=entropy})' | FileCheck %s --check-prefix=ENT
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{activation-observer=entropy num-bins=512 num-quantized-bins=64})' | FileCheck %s --check-prefix=ENT2
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{activation-observer=distribution})' | FileCheck %s --check-prefix=DIST
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{num-bins=512})' | FileCheck %s --check-prefix=HIST
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{activation-observer=percentile}, pt2e-prepare)' | FileCheck %s --check-prefix=PREP
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate{percentile=99.9})' 2>&1 | FileCheck %s --check-prefix=E1
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate{activation-observer=entropy symmetric=true})' 2>&1 | FileCheck %s --check-prefix=E2
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate{activation-observer=percentile num-quantized-bins=64})' 2>&1 | FileCheck %s --check-prefix=E3
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate{activation-observer=minmax num-bins=64})' 2>&1 | FileCheck %s --check-prefix=E4
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate{activation-observer=percentile percentile=100.5})' 2>&1 | FileCheck %s --check-prefix=E5
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate{activation-observer=distribution num-bins=256})' 2>&1 | FileCheck %s --check-prefix=E6
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate{activation-observer=entropy num-bins=128 num-quantized-bins=256})' 2>&1 | FileCheck %s --check-prefix=E7
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate{activation-observer=entropy qat=true})' 2>&1 | FileCheck %s --check-prefix=E8
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate{activation-observer=percentile num-bins=0})' 2>&1 | FileCheck %s --check-prefix=E9
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate{activation-observer=entropy dynamic=true})' 2>&1 | FileCheck %s --check-prefix=E10

// PCT: linalg.matmul {pt2e.annotation = {inputs = [{bins = 2048 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "percentile", percentile = 99.998999999999995 : f64, qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64, symmetric = true}, {{.*}}observer = "per_channel_minmax"
// PCT: attrs = {pt2e.annotation = {output = {bins = 2048 : i64{{.*}}observer = "percentile", percentile = 99.998999999999995 : f64{{.*}}symmetric = true}
// PCT2: {bins = 1024 : i64{{.*}}observer = "percentile", percentile = 99.989999999999994 : f64{{.*}}symmetric = false}
// ENT: {bins = 128 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, num_quantized_bins = 128 : i64, observer = "entropy", qscheme = "per_tensor_affine"
// ENT2: {bins = 512 : i64{{.*}}num_quantized_bins = 64 : i64, observer = "entropy"
// DIST: {bins = 2048 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "distribution", qscheme = "per_tensor_affine"
// HIST: {bins = 512 : i64{{.*}}observer = "histogram"
// PREP: pt2e.observer{{.*}}observer = "percentile"{{.*}}symmetric = true
// E1: error: 'pt2e-annotate' option 'percentile': a parameter of activation-observer=percentile only, not of 'histogram'
// E2: error: 'pt2e-annotate' option 'symmetric': a parameter of activation-observer=percentile only, not of 'entropy'
// E3: error: 'pt2e-annotate' option 'num-quantized-bins': a parameter of activation-observer=entropy only, not of 'percentile'
// E4: error: 'pt2e-annotate' option 'num-bins': a parameter of activation-observer=histogram, percentile, entropy or distribution only, not of 'minmax'
// E5: error: 'pt2e-annotate' option 'percentile': 100.5 is outside [0, 100]
// E6: error: 'pt2e-annotate' option 'num-bins': distribution needs at least 512 bins (ONNX Runtime's compute_distribution), got 256
// E7: error: 'pt2e-annotate' option 'num-quantized-bins': 256 must be in [1, num-bins = 128] (ONNX Runtime's KL search has no candidate otherwise)
// E8: error: 'pt2e-annotate' option 'activation-observer': 'entropy' (ONNX Runtime's calibration) is for static post-training quantization, not qat=true
// E9: error: 'pt2e-annotate' option 'num-bins': 0 is outside [1, 65536]
// E10: error: 'pt2e-annotate' option 'activation-observer': 'entropy' (ONNX Runtime's calibration) is for static post-training quantization, not dynamic=true
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
