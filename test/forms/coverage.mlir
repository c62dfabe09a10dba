// The coverage record (issue 31: never a silent miss): every conv,
// linear/matmul, BatchNorm, add, mul or cat that no quantized unit holds
// gets 'pt2e.unquantized' with its reason from pt2e-annotate, a line on
// stderr, rows in pt2e-report's table and JSON, and a line from
// pt2e-lower-int8; strict=true makes the first one an error.

// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-annotate{exclude-ops=conv})' -o %t.mlir 2>&1 | FileCheck %s --check-prefix=ANN
// RUN: FileCheck %s --check-prefix=ATTR < %t.mlir
// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-annotate{exclude-ops=conv},pt2e-prepare,pt2e-report)' -o /dev/null 2>/dev/null | FileCheck %s --check-prefix=TABLE
// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-annotate{exclude-ops=conv},pt2e-prepare,pt2e-report{format=json})' -o /dev/null 2>/dev/null | FileCheck %s --check-prefix=JSON
// RUN: not %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-annotate{strict=true exclude-ops=conv})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=STRICT

// ANN: not quantized: 'linalg.generic' at loc({{.*}}coverage.mlir":[[@LINE+14]]:8): matmul: a matmul of two activations (XNNPACKQuantizer annotates no matmul without a weight)
// ATTR: pt2e.unquantized = "matmul: a matmul of two activations
// TABLE: 0 rows
// TABLE-NEXT: not quantized: 'linalg.generic' @ loc({{.*}}): matmul: a matmul of two activations
// TABLE-NEXT: 1 op not quantized
// JSON: {"kind": "not_quantized", "op": "linalg.generic", "location": "loc({{.*}})", "reason": "matmul: a matmul of two activations (XNNPACKQuantizer annotates no matmul without a weight)"}
// STRICT: coverage.mlir:[[@LINE+8]]:8: error: 'pt2e-annotate' (strict=true): this matmul is not quantized: a matmul of two activations
#q = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>
#k = affine_map<(d0, d1, d2, d3, d4) -> (d0, d4, d2, d3)>
#o = affine_map<(d0, d1, d2, d3, d4) -> (d0, d2, d4, d1)>
func.func @qk(%q: tensor<2x4x2x8xf32>, %k: tensor<2x4x2x8xf32>) -> tensor<2x2x4x4xf32> {
  %c0 = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x2x4x4xf32>
  %z = linalg.fill ins(%c0 : f32) outs(%e : tensor<2x2x4x4xf32>) -> tensor<2x2x4x4xf32>
  %s = linalg.generic {indexing_maps = [#q, #k, #o], iterator_types = ["parallel", "parallel", "parallel", "reduction", "parallel"]} ins(%q, %k : tensor<2x4x2x8xf32>, tensor<2x4x2x8xf32>) outs(%z : tensor<2x2x4x4xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %r = arith.addf %acc, %m : f32
    linalg.yield %r : f32
  } -> tensor<2x2x4x4xf32>
  return %s : tensor<2x2x4x4xf32>
}

// -----

// ANN: not quantized: 'linalg.conv_2d_nchw_fchw' at loc({{.*}}":[[@LINE+7]]:8): conv: excluded by an exclude option of pt2e-annotate
// TABLE: not quantized: 'linalg.conv_2d_nchw_fchw' {{.*}}conv: excluded
func.func @excluded(%x: tensor<1x3x8x8xf32>) -> tensor<1x4x6x6xf32> {
  %w = arith.constant dense<0.05> : tensor<4x3x3x3xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x4x6x6xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) outs(%f : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  return %c : tensor<1x4x6x6xf32>
}

// -----

// A linear on f64: XNNPACKQuantizer quantizes float32 only.
// ANN: not quantized: 'linalg.matmul' at {{.*}}: linear: operand 0 is not a tensor of f32
func.func @f64(%x: tensor<2x8xf64>) -> tensor<2x4xf64> {
  %w = arith.constant dense<0.5> : tensor<8x4xf64>
  %c0 = arith.constant 0.0 : f64
  %e = tensor.empty() : tensor<2x4xf64>
  %z = linalg.fill ins(%c0 : f64) outs(%e : tensor<2x4xf64>) -> tensor<2x4xf64>
  %y = linalg.matmul ins(%x, %w : tensor<2x8xf64>, tensor<8x4xf64>) outs(%z : tensor<2x4xf64>) -> tensor<2x4xf64>
  return %y : tensor<2x4xf64>
}

// -----

// An eval BatchNorm as one generic on a function argument: nothing to
// fold it into (PT2E leaves batch_norm unannotated).
// ANN: not quantized: 'linalg.generic' at {{.*}}: batch_norm: BatchNorm not folded: it follows no conv or linear
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d1)>
func.func @bn(%x: tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32> {
  %g = arith.constant dense<1.5> : tensor<4xf32>
  %b = arith.constant dense<0.1> : tensor<4xf32>
  %m = arith.constant dense<0.2> : tensor<4xf32>
  %v = arith.constant dense<2.0> : tensor<4xf32>
  %eps = arith.constant 1.0e-05 : f32
  %e = tensor.empty() : tensor<1x4x6x6xf32>
  %bn = linalg.generic {indexing_maps = [#id, #ch, #ch, #ch, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x, %g, %b, %m, %v : tensor<1x4x6x6xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<1x4x6x6xf32>) {
  ^bb0(%in: f32, %gi: f32, %bi: f32, %mi: f32, %vi: f32, %out: f32):
    %a = arith.addf %vi, %eps : f32
    %r = math.rsqrt %a : f32
    %s = arith.subf %in, %mi : f32
    %p = arith.mulf %s, %r : f32
    %q = arith.mulf %p, %gi : f32
    %o = arith.addf %q, %bi : f32
    linalg.yield %o : f32
  } -> tensor<1x4x6x6xf32>
  return %bn : tensor<1x4x6x6xf32>
}

