// Where pt2e-prepare puts observers and how it names them
// (docs/prepare-rules.md): one observer per input edge and per result,
// inserted right after what it observes, named activation_post_process_N in
// insertion order (for each annotated op in graph order: its inputs in
// operand order, then its output).
// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-prepare)' | FileCheck %s

#a = {observer = "minmax", dtype = i8}
#u = {observer = "minmax", dtype = ui8}

// Inputs first, then the output; the output observer replaces the result
// for every user, and a consumer with the same spec on its input edge reads
// the producer's output observer instead of getting its own (implicit
// sharing). A different spec on the edge chains a second observer after the
// first. A block argument used again with the same spec reuses its
// observer. Unrelated attributes stay.
// CHECK-LABEL: func.func @order_and_implicit_sharing
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>, %[[Y:.*]]: tensor<4xf32>)
// CHECK-NEXT: %[[OX:.*]] = "pt2e.observer"(%[[X]]) {name = "activation_post_process_0"
// CHECK-NEXT: %[[OY:.*]] = "pt2e.observer"(%[[Y]]) {name = "activation_post_process_1"
// CHECK-NEXT: %[[ADD:.*]] = arith.addf %[[OX]], %[[OY]] {other.tag = 7 : i32, pt2e.annotation =
// CHECK-NEXT: %[[OADD:.*]] = "pt2e.observer"(%[[ADD]]) {name = "activation_post_process_2"
// CHECK-NEXT: %[[MUL:.*]] = arith.mulf %[[OADD]], %[[OADD]] {pt2e.annotation =
// CHECK-NEXT: %[[OMUL:.*]] = "pt2e.observer"(%[[MUL]]) {name = "activation_post_process_3", spec = {{{.*}}dtype = ui8
// CHECK-NEXT: %[[CHAIN:.*]] = "pt2e.observer"(%[[OMUL]]) {name = "activation_post_process_4", spec = {{{.*}}dtype = i8
// CHECK-NEXT: %[[SUB:.*]] = arith.subf %[[CHAIN]], %[[OX]]
// CHECK-NEXT: %[[OSUB:.*]] = "pt2e.observer"(%[[SUB]]) {name = "activation_post_process_5"
// CHECK-NEXT: return %[[OSUB]]
func.func @order_and_implicit_sharing(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %0 = arith.addf %x, %y {pt2e.annotation = {inputs = [#a, #a], output = #a}, other.tag = 7 : i32} : tensor<4xf32>
  %1 = arith.mulf %0, %0 {pt2e.annotation = {inputs = [#a, #a], output = #u}} : tensor<4xf32>
  %2 = arith.subf %1, %x {pt2e.annotation = {inputs = [#a, #a], output = #a}} : tensor<4xf32>
  return %2 : tensor<4xf32>
}

// An op that is not annotated is left as it is, in a function without any
// annotation.
// CHECK-LABEL: func.func @untouched
// CHECK-NEXT: arith.addf
// CHECK-NEXT: return
func.func @untouched(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = arith.addf %x, %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

#a = {observer = "minmax", dtype = i8}

// allow_implicit_sharing = false: the consumer's edge gets its own
// observer, chained after the producer's output observer.
// CHECK-LABEL: func.func @no_implicit_sharing
// CHECK: %[[P:.*]] = arith.negf
// CHECK-NEXT: %[[OP:.*]] = "pt2e.observer"(%[[P]]) {name = "activation_post_process_0"
// CHECK-NEXT: %[[OE:.*]] = "pt2e.observer"(%[[OP]]) {name = "activation_post_process_1", spec
// CHECK-NEXT: arith.mulf %[[OE]], %[[OE]]
func.func @no_implicit_sharing(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = arith.negf %x {pt2e.annotation = {output = #a}} : tensor<4xf32>
  %1 = arith.mulf %0, %0 {pt2e.annotation = {inputs = [#a], allow_implicit_sharing = false}} : tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

#a = {observer = "minmax", dtype = i8}
#w = {observer = "per_channel_minmax", dtype = i8, quant_min = -127, quant_max = 127, qscheme = "per_channel_symmetric", ch_axis = 1}

// Two consumers of one value: the same spec means one observer (the second
// consumer finds the first one's observer among the users and reads it);
// a different spec means a second observer, placed right after the value
// (before the first one, as FX's inserting_after does). 'unit' inputs and
// ops without an 'output' get nothing.
// CHECK-LABEL: func.func @two_consumers
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
// CHECK-NEXT: %[[C:.*]] = arith.constant
// CHECK-NEXT: %[[OW:.*]] = "pt2e.observer"(%[[C]]) {name = "activation_post_process_2", spec = {ch_axis = 1 : i64
// CHECK-NEXT: %[[OA:.*]] = "pt2e.observer"(%[[C]]) {name = "activation_post_process_0"
// CHECK-NEXT: arith.addf %[[OA]], %[[X]]
// CHECK-NEXT: arith.subf %[[OA]], %[[X]]
// CHECK-NEXT: %[[M:.*]] = arith.mulf %[[C]], %[[X]]
// CHECK-NEXT: %[[OM:.*]] = "pt2e.observer"(%[[M]]) {name = "activation_post_process_1"
// CHECK-NEXT: arith.mulf %[[OM]], %[[X]]
// CHECK-NEXT: arith.divf %[[OW]], %[[X]]
func.func @two_consumers(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %c = arith.constant dense<1.0> : tensor<2x3xf32>
  %0 = arith.addf %c, %x {pt2e.annotation = {inputs = [#a]}} : tensor<2x3xf32>
  %1 = arith.subf %c, %x {pt2e.annotation = {inputs = [#a]}} : tensor<2x3xf32>
  %2 = arith.mulf %c, %x {pt2e.annotation = {inputs = [unit], output = #a}} : tensor<2x3xf32>
  %3 = arith.mulf %2, %x {pt2e.annotation = {inputs = [unit, unit]}} : tensor<2x3xf32>
  %4 = arith.divf %c, %x {pt2e.annotation = {inputs = [#w]}} : tensor<2x3xf32>
  return %1, %3, %4 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

#a = {observer = "minmax", dtype = i8}

// Block arguments get their observers at the top of their block, in
// argument order whatever order the edges come in; observers of values
// inside nested regions go right after their producer, in that region.
// CHECK-LABEL: func.func @block_args
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>, %[[Y:.*]]: tensor<4xf32>)
// CHECK-NEXT: %[[OX:.*]] = "pt2e.observer"(%[[X]]) {name = "activation_post_process_1"
// CHECK-NEXT: %[[OY:.*]] = "pt2e.observer"(%[[Y]]) {name = "activation_post_process_0"
// CHECK-NEXT: arith.subf %[[OY]], %[[OX]]
// CHECK: scf.execute_region
// CHECK-NEXT: %[[N:.*]] = arith.negf %[[X]]
// CHECK-NEXT: %[[ON:.*]] = "pt2e.observer"(%[[N]]) {name = "activation_post_process_2"
// CHECK-NEXT: scf.yield %[[ON]]
func.func @block_args(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = arith.subf %y, %x {pt2e.annotation = {inputs = [#a, #a]}} : tensor<4xf32>
  %1 = scf.execute_region -> tensor<4xf32> {
    %n = arith.negf %x {pt2e.annotation = {output = #a}} : tensor<4xf32>
    scf.yield %n : tensor<4xf32>
  }
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}
