// The coverage record after pt2e-lower-int8 (issue 31; coverage.mlir has
// pt2e-annotate's side).
// After the lowering: the record stays with the op and pt2e-lower-int8
// prints it; a float op it could not lower says why; strict=true fails.
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{exclude-ops=add},pt2e-prepare,pt2e-calibrate{random-batches=1 seed=0},pt2e-convert,pt2e-lower-int8)' -o /dev/null 2>&1 | FileCheck %s --check-prefix=RECORD
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate,pt2e-prepare,pt2e-calibrate{random-batches=1 seed=0},pt2e-convert,pt2e-lower-int8)' -o /dev/null 2>&1 | FileCheck %s --check-prefix=LEFT
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate{exclude-ops=add},pt2e-prepare,pt2e-calibrate{random-batches=1 seed=0},pt2e-convert,pt2e-lower-int8{strict=true})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=RSTRICT
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-annotate,pt2e-prepare,pt2e-calibrate{random-batches=1 seed=0},pt2e-convert,pt2e-lower-int8{strict=true})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=LSTRICT
// The report in JSON form, rows and the record, valid by json-check's schema.
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{exclude-ops=add},pt2e-prepare,pt2e-report{format=json output=%t.json})' -o /dev/null 2>/dev/null
// RUN: %pt2e_build/bin/json-check --pt2e-report %t.json | FileCheck %s --check-prefix=VALID
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// VALID: valid JSON, 4 report entries
// JSON: {"kind": "not_quantized", "op": "linalg.generic", "location": "loc({{.*}})", "reason": "add: excluded by an exclude option of pt2e-annotate"}
// RECORD: pt2e-lower-int8: not quantized: 'linalg.generic' at loc({{.*}}":[[@LINE+16]]:8): add: excluded by an exclude option of pt2e-annotate
// RECORD: @rows: 1 quant.qcast lowered (matmul 1), 1 float ops left in Q/DQ form
// the row-broadcast add is quantized, but has no int8 TOSA form here
// LEFT: pt2e-lower-int8: left in Q/DQ form: 'linalg.generic' at loc({{.*}}":[[@LINE+13]]:8): its operands are dequantized but this pass has no int8 TOSA form for it in this form
// LEFT: @rows: 1 quant.qcast lowered (matmul 1), 1 float ops left in Q/DQ form
// RSTRICT: coverage-lower.mlir:[[@LINE+11]]:8: error: pt2e-lower-int8 (strict=true): this 'linalg.generic' is not quantized: add: excluded
// LSTRICT: coverage-lower.mlir:[[@LINE+10]]:8: error: pt2e-lower-int8 (strict=true): this 'linalg.generic' is not lowered to int8: its operands are dequantized
#row = affine_map<(d0, d1) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @rows(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %c0 = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x8xf32>
  %z = linalg.fill ins(%c0 : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  %w = arith.constant dense<0.01> : tensor<8x8xf32>
  %b = arith.constant dense<0.1> : tensor<8xf32>
  %0 = linalg.matmul ins(%x, %w : tensor<8x8xf32>, tensor<8x8xf32>) outs(%z : tensor<8x8xf32>) -> tensor<8x8xf32>
  %1 = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]} ins(%0, %b : tensor<8x8xf32>, tensor<8xf32>) outs(%e : tensor<8x8xf32>) {
  ^bb0(%in: f32, %bi: f32, %out: f32):
    %a = arith.addf %in, %bi : f32
    linalg.yield %a : f32
  } -> tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}
