// Token ids (i64), a mask (i1), small codes (i8) and a float input: each
// integer argument turned to f32 and observed, so that the observers'
// min and max show the values random-int-range= drew.
#act = {dtype = i8, observer = "minmax"}
#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @forward(%ids: tensor<4x64xi64>, %mask: tensor<4x64xi1>, %codes: tensor<4x64xi8>,
                   %x: tensor<4x64xf32>) -> (tensor<4x64xf32>, tensor<4x64xf32>, tensor<4x64xf32>, tensor<4x64xf32>) {
  %e = tensor.empty() : tensor<4x64xf32>
  %a = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]}
      ins(%ids : tensor<4x64xi64>) outs(%e : tensor<4x64xf32>) {
  ^bb0(%i: i64, %o: f32):
    %v = arith.sitofp %i : i64 to f32
    linalg.yield %v : f32
  } -> tensor<4x64xf32>
  %b = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]}
      ins(%mask : tensor<4x64xi1>) outs(%e : tensor<4x64xf32>) {
  ^bb0(%i: i1, %o: f32):
    %v = arith.uitofp %i : i1 to f32
    linalg.yield %v : f32
  } -> tensor<4x64xf32>
  %c = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]}
      ins(%codes : tensor<4x64xi8>) outs(%e : tensor<4x64xf32>) {
  ^bb0(%i: i8, %o: f32):
    %v = arith.sitofp %i : i8 to f32
    linalg.yield %v : f32
  } -> tensor<4x64xf32>
  %oa = "pt2e.observer"(%a) {name = "ids", spec = #act} : (tensor<4x64xf32>) -> tensor<4x64xf32>
  %ob = "pt2e.observer"(%b) {name = "mask", spec = #act} : (tensor<4x64xf32>) -> tensor<4x64xf32>
  %oc = "pt2e.observer"(%c) {name = "codes", spec = #act} : (tensor<4x64xf32>) -> tensor<4x64xf32>
  %ox = "pt2e.observer"(%x) {name = "x", spec = #act} : (tensor<4x64xf32>) -> tensor<4x64xf32>
  return %oa, %ob, %oc, %ox : tensor<4x64xf32>, tensor<4x64xf32>, tensor<4x64xf32>, tensor<4x64xf32>
}
