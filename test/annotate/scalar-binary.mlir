// x + c and x * c with a Python float c, as torch-mlir writes aten.add.Tensor
// / aten.mul.Tensor with a scalar (RMSNorm's variance + eps: the f64
// constant truncated in the body). torchao's XNNPACKQuantizer converts the
// scalar to a tensor attribute and annotates the add / mul: the input and
// the output are annotated here (the scalar, a constant in the body, has no
// edge). A division by a constant (a mean's / N) is not an add or a mul.
// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-annotate)' | FileCheck %s
// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-annotate,pt2e-annotate)' | FileCheck %s

#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @add_eps
// CHECK: linalg.generic {{.*}}pt2e.annotation = {inputs = [{{{.*}}observer = "histogram"{{.*}}}], output = {{{.*}}observer = "histogram"
func.func @add_eps(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %eps = arith.constant 9.9999999999999995E-7 : f64
  %e = tensor.empty() : tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %c = arith.truncf %eps : f64 to f32
    %s = arith.addf %in, %c : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @mul_scale
// CHECK: linalg.generic {{.*}}pt2e.annotation = {inputs = [{{{.*}}observer = "histogram"{{.*}}}], output = {{{.*}}observer = "histogram"
func.func @mul_scale(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %c = arith.constant 5.000000e-01 : f32
    %s = arith.mulf %c, %in : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @mean_division
// CHECK-NOT: pt2e.annotation
func.func @mean_division(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %n = arith.constant 6.400000e+01 : f32
  %e = tensor.empty() : tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.divf %in, %n : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// -----

// Not a scalar: an add of the input to itself, and an add reading the init.
#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @not_scalar
// CHECK-NOT: pt2e.annotation
func.func @not_scalar(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %in, %in : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
