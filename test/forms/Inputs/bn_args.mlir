// ir-forms F1: an eval BatchNorm whose mean and variance are arguments (as
// StableHLO/JAX exports pass them); random data makes the variance
// negative, and sqrt(var + eps) NaN.
#id = affine_map<(d0, d1) -> (d0, d1)>
#ch = affine_map<(d0, d1) -> (d1)>
#act = {dtype = i8, observer = "minmax"}
#hist = {dtype = i8, observer = "histogram"}
func.func @forward(%x: tensor<2x4xf32>, %mean: tensor<4xf32>, %var: tensor<4xf32>) -> tensor<2x4xf32> {
  %eps = arith.constant 1.0e-5 : f32
  %e = tensor.empty() : tensor<2x4xf32>
  %y = linalg.generic {indexing_maps = [#id, #ch, #ch, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %mean, %var : tensor<2x4xf32>, tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<2x4xf32>) {
  ^bb0(%a: f32, %m: f32, %v: f32, %o: f32):
    %d = arith.subf %a, %m : f32
    %ve = arith.addf %v, %eps : f32
    %s = math.sqrt %ve : f32
    %r = arith.divf %d, %s : f32
    linalg.yield %r : f32
  } -> tensor<2x4xf32>
  %o1 = "pt2e.observer"(%y) {name = "bn_out", spec = #act} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %o2 = "pt2e.observer"(%o1) {name = "bn_hist", spec = #hist} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %o2 : tensor<2x4xf32>
}
