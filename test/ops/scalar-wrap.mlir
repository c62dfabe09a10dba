// StableHLO lowered to linalg wraps a body's scalars in 0-d tensors
// (tensor.from_elements, then tensor.extract []), e.g. in every max pool:
// the interpreter reads them as the scalars they hold (issue 31: ten
// models of the corpus' StableHLO form stopped at 'unsupported scalar
// type'). y = max(x, 0) so written; the add observes y, whose minimum is 0.
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate,pt2e-prepare,pt2e-calibrate{random-batches=2 seed=0},pt2e-report)' -o /dev/null 2>/dev/null | FileCheck %s
// CHECK: observer linalg.generic#0 histogram 1 {{.*}} min/max 0/
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @forward(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x8xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<2x8xf32>) outs(%e : tensor<2x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %t = tensor.from_elements %in : tensor<f32>
    %v = tensor.extract %t[] : tensor<f32>
    %m = arith.maximumf %v, %zero : f32
    linalg.yield %m : f32
  } -> tensor<2x8xf32>
  %z = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%y, %x : tensor<2x8xf32>, tensor<2x8xf32>) outs(%e : tensor<2x8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<2x8xf32>
  return %z : tensor<2x8xf32>
}
