// pt2e-report's table: one row per observer, fake-quant op or Q-DQ pair,
// with what it watches, its kind, its qparams, the share of observed values
// its range clips (Histogram observers) and its location. The qparams
// format prints scales as f32 bits, and the same lines after pt2e-convert.
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-report)' -o /dev/null | FileCheck %s --check-prefix=TABLE
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-report{format=qparams})' -o /dev/null > %t.before
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-convert, pt2e-report{format=qparams})' -o /dev/null > %t.after
// RUN: diff %t.before %t.after
// RUN: FileCheck %s --check-prefix=QP < %t.before
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-convert, pt2e-report)' -o /dev/null | FileCheck %s --check-prefix=AFTER
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-report{output=%t.txt})' -o /dev/null
// RUN: FileCheck %s --check-prefix=TABLE < %t.txt

// Histogram over [0, 4] in 4 bins of one value each (centres 0.5 .. 3.5);
// scale 1/128 and zero point -128 represent [0, 255/128 = 1.99]: the bins
// centred at 2.5 and 3.5 are outside, so 50% is clipped. The second
// observer has no qparams yet.
// TABLE: name op watches observer #qp scale/zero_point clipped min/max @ location
// TABLE-NEXT: act observer arg0 histogram 1 0.0078125/-128 clipped 50% min/max 0/4 @ loc({{.*}}report.mlir":26:8)
// TABLE-NEXT: fresh fake_quant arith.mulf#0 minmax 1 1/0 min/max 0/1 @ loc(
// TABLE-NEXT: 2 rows
// QP: act scale=3c000000 zero_point=-128
// QP-NEXT: fresh scale=3f800000 zero_point=0
// AFTER: act q-dq arg0 - 1 0.0078125/-128 @ loc(
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "pt2e.observer"(%x) {name = "act", scale = array<f32: 0.0078125>, zero_point = array<i64: -128>,
         spec = {observer = "histogram", dtype = i8, quant_min = -128, quant_max = 127, qscheme = "per_tensor_affine", bins = 4},
         stats = {min = array<f32: 0.0>, max = array<f32: 4.0>, histogram = array<f32: 1.0, 1.0, 1.0, 1.0>}} : (tensor<4xf32>) -> tensor<4xf32>
  %1 = arith.mulf %0, %0 : tensor<4xf32>
  %2 = "pt2e.fake_quant"(%1) {name = "fresh", spec = {observer = "minmax", dtype = i8},
         observer_enabled = true, fake_quant_enabled = true, scale = array<f32: 1.0>, zero_point = array<i64: 0>,
         stats = {min = array<f32: 0.0>, max = array<f32: 1.0>}} : (tensor<4xf32>) -> tensor<4xf32>
  return %2 : tensor<4xf32>
}

// Option errors.
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-report{format=csv})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=FORMAT
// FORMAT: error: 'pt2e-report': unknown format 'csv' (table, qparams or json)
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-report{output=/nonexistent/dir/r.txt})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=OUTPUT
// OUTPUT: error: 'pt2e-report': cannot write '/nonexistent/dir/r.txt': No such file or directory
