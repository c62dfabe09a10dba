// A prepared module is not prepared twice: running pt2e-prepare again
// changes nothing (every annotation is already served), while a module
// that has observers and an annotation nobody serves, or was prepared in
// the other mode, is refused.
// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-prepare)' > %t.once
// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-prepare,pt2e-prepare)' > %t.twice
// RUN: diff %t.once %t.twice
// RUN: %pt2e_opt %t.once --split-input-file -p 'builtin.module(pt2e-prepare)' | diff %t.once -
// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-prepare{qat=true},pt2e-prepare{qat=true})' | FileCheck %s --check-prefix=QAT
// RUN: not %pt2e_opt %t.once --split-input-file -p 'builtin.module(pt2e-prepare{qat=true})' 2>&1 | FileCheck %s --check-prefix=MODE
// RUN: %pt2e_opt %S/Inputs/half_prepared.mlir --verify-diagnostics -p 'builtin.module(pt2e-prepare)'

#a = {observer = "minmax", dtype = i8}
#sig = {fixed = {scale = 0.00390625 : f32, zero_point = -128}, dtype = i8}
#bias = {derived_from = [{operand = 0}, {op = "first", operand = 1}], dtype = i32}

// QAT-LABEL: func.func @f
// QAT-COUNT-2: "pt2e.fake_quant"
// QAT-NEXT: "pt2e.observer"{{.*}}derived_from
// QAT-COUNT-2: "pt2e.fake_quant"
// QAT-NOT: "pt2e.
// MODE: error: the module was prepared with qat=false; 'pt2e-prepare' will not prepare it again with qat=true
func.func @f(%x: tensor<4xf32>, %w: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = arith.addf %x, %w {pt2e.id = "first", pt2e.annotation = {inputs = [#a, #a], output = #a}} : tensor<4xf32>
  %1 = arith.addf %0, %b {pt2e.annotation = {inputs = [#a, #bias], output = #sig}} : tensor<4xf32>
  return %1 : tensor<4xf32>
}
