// Token ids (i64) as the first argument: the progress line counts tokens.
#act = {dtype = i8, observer = "minmax"}
#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @forward(%ids: tensor<2x5xi64>) -> tensor<2x5xf32> {
  %e = tensor.empty() : tensor<2x5xf32>
  %f = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]}
      ins(%ids : tensor<2x5xi64>) outs(%e : tensor<2x5xf32>) {
  ^bb0(%i: i64, %o: f32):
    %v = arith.sitofp %i : i64 to f32
    linalg.yield %v : f32
  } -> tensor<2x5xf32>
  %o = "pt2e.observer"(%f) {name = "a", spec = #act} : (tensor<2x5xf32>) -> tensor<2x5xf32>
  return %o : tensor<2x5xf32>
}
