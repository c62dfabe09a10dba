// Shared specs: every edge and value of one sharing group uses one observer
// instance. PT2E registers that one module under a new name at every place
// it inserts it; here every place gets its own op and name, and the ops
// after the first say which instance they are with 'instance'.
// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-prepare)' | FileCheck %s

#a = {observer = "histogram", dtype = i8}

// The cat pattern of XNNPACKQuantizer: input 0 has a spec, input 1 and the
// output share input 0's edge. With the producers' outputs (implicitly
// shared with the cat edges) everything is one group, transitively: three
// observers, one instance. The cat inputs get none of their own: their
// producers' output observers are the same instance.
// CHECK-LABEL: func.func @cat
// CHECK: %[[P:.*]] = arith.negf
// CHECK-NEXT: %[[OP:.*]] = "pt2e.observer"(%[[P]]) {name = "activation_post_process_0", spec
// CHECK-NEXT: %[[Q:.*]] = arith.negf
// CHECK-NEXT: %[[OQ:.*]] = "pt2e.observer"(%[[Q]]) {instance = "activation_post_process_0", name = "activation_post_process_1", spec
// CHECK-NEXT: %[[CAT:.*]] = tensor.concat dim(0) %[[OP]], %[[OQ]]
// CHECK-NEXT: "pt2e.observer"(%[[CAT]]) {instance = "activation_post_process_0", name = "activation_post_process_2", spec
func.func @cat(%x: tensor<2xf32>, %y: tensor<2xf32>) -> tensor<4xf32> {
  %0 = arith.negf %x {pt2e.annotation = {output = #a}} : tensor<2xf32>
  %1 = arith.negf %y {pt2e.annotation = {output = #a}} : tensor<2xf32>
  %2 = tensor.concat dim(0) %0, %1 {pt2e.annotation = {inputs = [#a, {shared = {operand = 0}}], output = {shared = {operand = 0}}}}
      : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
  return %2 : tensor<4xf32>
}

// -----

#a = {observer = "histogram", dtype = i8}
#u = {observer = "minmax", dtype = ui8}

// propagate_annotation's pattern for max_pool / relu / reshape: the input
// edge and the output share the producer's value ({op = ..., result = 0}
// names another op by its 'pt2e.id'). The producer's observer serves the
// edge; the output gets a second op of the same instance. The group keeps
// the first entry's spec (histogram) even where a later entry is shared.
// A shared spec is taken as it is: the uint8 spec of the last consumer's
// edge does not join the group, and gets an observer of its own.
// CHECK-LABEL: func.func @propagate
// CHECK: %[[C:.*]] = arith.negf
// CHECK-NEXT: %[[OC:.*]] = "pt2e.observer"(%[[C]]) {name = "activation_post_process_0", spec = {{{.*}}observer = "histogram"
// CHECK-NEXT: %[[R:.*]] = tensor.collapse_shape %[[OC]]
// CHECK-NEXT: %[[OR:.*]] = "pt2e.observer"(%[[R]]) {instance = "activation_post_process_0", name = "activation_post_process_1", spec = {{{.*}}observer = "histogram"
// CHECK-NEXT: %[[OU:.*]] = "pt2e.observer"(%[[OR]]) {name = "activation_post_process_2", spec = {{{.*}}dtype = ui8
// CHECK-NEXT: arith.negf %[[OU]]
func.func @propagate(%x: tensor<2x2xf32>) -> tensor<4xf32> {
  %0 = arith.negf %x {pt2e.id = "conv", pt2e.annotation = {output = #a}} : tensor<2x2xf32>
  %1 = tensor.collapse_shape %0 [[0, 1]] {pt2e.annotation = {
      inputs = [{shared = {op = "conv", result = 0}}],
      output = {shared = {op = "conv", result = 0}}}} : tensor<2x2xf32> into tensor<4xf32>
  %2 = arith.negf %1 {pt2e.annotation = {inputs = [#u]}} : tensor<4xf32>
  return %2 : tensor<4xf32>
}

// -----

#a = {observer = "minmax", dtype = i8}

// Groups merge transitively through edges that are the same tensor: the
// two adds share nothing explicitly, but their edges from %x have equal
// specs, and the second add's output shares its input 1; the result is
// one instance for %x's observer, the second add's output and its edge
// from %y (which points forward, at the output).
// CHECK-LABEL: func.func @transitive
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>, %[[Y:.*]]: tensor<4xf32>)
// CHECK-NEXT: %[[OX:.*]] = "pt2e.observer"(%[[X]]) {name = "activation_post_process_0"
// CHECK-NEXT: %[[OY:.*]] = "pt2e.observer"(%[[Y]]) {instance = "activation_post_process_0", name = "activation_post_process_1"
// CHECK-NEXT: arith.addf %[[OX]], %[[OX]]
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[OX]], %[[OY]]
// CHECK-NEXT: "pt2e.observer"(%[[S]]) {instance = "activation_post_process_0", name = "activation_post_process_2"
func.func @transitive(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = arith.addf %x, %x {pt2e.annotation = {inputs = [#a]}} : tensor<4xf32>
  %1 = arith.addf %x, %y {pt2e.annotation = {inputs = [#a, {shared = {result = 0}}], output = {shared = {operand = 0}}}} : tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

#a = {observer = "minmax", dtype = i8}

// A group whose first entry is a shared spec: torchao's prepare asserts
// here (_create_obs_or_fq_from_qspec finds no observer yet for the edge it
// points at); pt2e-prepare follows the reference to the spec it stands for.
// CHECK-LABEL: func.func @shared_first
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK-NEXT: %[[OX:.*]] = "pt2e.observer"(%[[X]]) {name = "activation_post_process_0", spec = {{{.*}}observer = "minmax"
// CHECK-NEXT: %[[N:.*]] = arith.negf %[[OX]]
// CHECK-NEXT: "pt2e.observer"(%[[N]]) {instance = "activation_post_process_0", name = "activation_post_process_1", spec = {{{.*}}observer = "minmax"
func.func @shared_first(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = arith.negf %x {pt2e.annotation = {inputs = [{shared = {result = 0}}], output = #a}} : tensor<4xf32>
  return %0 : tensor<4xf32>
}
