// Config options (per-tensor weights, QAT, dynamic, the activation observer
// override), exclusion by op type / pattern / location / name, and option
// values that make no sense.
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{per-channel=false})' | FileCheck %s --check-prefix=PT
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{qat=true})' | FileCheck %s --check-prefix=QAT
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{dynamic=true})' | FileCheck %s --check-prefix=DYN
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{activation-observer=minmax})' | FileCheck %s --check-prefix=MINMAX
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{exclude-ops=linalg.matmul})' | FileCheck %s --check-prefix=NOMM
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{exclude-ops=linear})' | FileCheck %s --check-prefix=NOMM
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{exclude-ops=relu})' | FileCheck %s --check-prefix=NORELU
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{exclude-locs=head.py:7})' | FileCheck %s --check-prefix=NOMM
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{exclude-locs=*head*})' | FileCheck %s --check-prefix=NOMM
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{exclude-locs=nomatch*})' | FileCheck %s --check-prefix=ALL
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{exclude-names=block.fc})' | FileCheck %s --check-prefix=NOMM
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{exclude-names=fc})' | FileCheck %s --check-prefix=ALL
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{exclude-names=f})' | FileCheck %s --check-prefix=ALL
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{exclude-names=block})' | FileCheck %s --check-prefix=NOMM
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate{quantizer=x86})' 2>&1 | FileCheck %s --check-prefix=ERR1
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate{activation-observer=per_channel_minmax})' 2>&1 | FileCheck %s --check-prefix=ERR2
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate{activation-observer=placeholder})' 2>&1 | FileCheck %s --check-prefix=ERR3
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate{dynamic=true activation-observer=histogram})' 2>&1 | FileCheck %s --check-prefix=ERR4
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate{exclude-ops=conv,lienar})' 2>&1 | FileCheck %s --check-prefix=ERR5
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate{exclude-locs=a,,b})' 2>&1 | FileCheck %s --check-prefix=ERR6
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate{per-channel=maybe})' 2>&1 | FileCheck %s --check-prefix=ERR7

// PT: linalg.matmul {pt2e.annotation = {inputs = [{{{.*}}observer = "histogram"{{.*}}}, {dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "minmax", qscheme = "per_tensor_symmetric", quant_max = 127 : i64, quant_min = -127 : i64}]}}
// QAT: linalg.matmul {pt2e.annotation = {inputs = [{averaging_constant = 0.00999999977 : f32, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "moving_average_minmax", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}, {averaging_constant = 0.00999999977 : f32, ch_axis = 1 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "moving_average_per_channel_minmax", qscheme = "per_channel_symmetric", quant_max = 127 : i64, quant_min = -127 : i64}]}}
// QAT: attrs = {pt2e.annotation = {output = {averaging_constant = 0.00999999977 : f32{{.*}}observer = "moving_average_minmax"
// Dynamic: linear only, the activation a placeholder, no output, no relu fusion.
// DYN: linalg.matmul {pt2e.annotation = {inputs = [{dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = true, observer = "placeholder", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}, {ch_axis = 1 : i64{{.*}}observer = "per_channel_minmax"
// DYN-NOT: output
// DYN-NOT: attrs = {pt2e
// MINMAX: linalg.matmul {pt2e.annotation = {inputs = [{dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "minmax", qscheme = "per_tensor_affine"
// MINMAX: attrs = {pt2e.annotation = {output = {dtype = i8{{.*}}observer = "minmax"
// NOMM-NOT: pt2e.annotation
// NORELU: linalg.matmul {pt2e.annotation = {inputs = [{{.*}}], output =
// NORELU-NOT: attrs = {pt2e
// ALL: linalg.matmul {pt2e.annotation = {inputs = [{{.*}}]}}
// ALL: attrs = {pt2e.annotation = {output =
// ERR1: error: 'pt2e-annotate' option 'quantizer': unknown quantizer 'x86' (expected xnnpack, 8da4w, int8-weight-only, int4-weight-only or arm-tosa)
// ERR2: error: 'pt2e-annotate' option 'activation-observer': 'per_channel_minmax' is not a per-tensor observer (expected distribution, entropy, histogram, minmax, moving_average_minmax, percentile or placeholder)
// ERR3: error: 'pt2e-annotate' option 'activation-observer': 'placeholder' is for dynamic=true only
// ERR4: error: 'pt2e-annotate' option 'activation-observer': 'histogram' cannot observe dynamic activations (use placeholder or a minmax observer)
// ERR5: error: 'pt2e-annotate' option 'exclude-ops': 'lienar' is neither a pattern (conv, linear, add, mul, cat, relu, hardtanh, max_pool2d, adaptive_avg_pool2d, mean, view) nor a registered op
// ERR6: error: 'pt2e-annotate' option 'exclude-locs': an empty entry would match every op
// ERR7: error: pass 'pt2e-annotate': option 'per-channel' expects a bool
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @linear_relu(%x: tensor<2x16xf32>) -> tensor<2x8xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %w = arith.constant dense<0.5> : tensor<16x8xf32>
  %e = tensor.empty() : tensor<2x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x8xf32>) -> tensor<2x8xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<2x16xf32>, tensor<16x8xf32>) outs(%f : tensor<2x8xf32>) -> tensor<2x8xf32> loc(fused["block.fc"("head.py":7:3)])
  %r = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%mm : tensor<2x8xf32>) outs(%e : tensor<2x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<2x8xf32> loc("block.relu"("head.py":8:3))
  return %r : tensor<2x8xf32>
}
