// The same scan in generic form, read by mlir-opt-22 with
// --allow-unregistered-dialect: the pt2e passes meet it as an unregistered op.
#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @forward(%arg0: tensor<1x4xi64>) -> tensor<1x4xf32> {
  %c0_i64 = arith.constant 0 : i64
  %0 = tensor.empty() : tensor<1x4xi64>
  %1 = linalg.fill ins(%c0_i64 : i64) outs(%0 : tensor<1x4xi64>) -> tensor<1x4xi64>
  %2 = tensor.empty() : tensor<1xi64>
  %3 = linalg.fill ins(%c0_i64 : i64) outs(%2 : tensor<1xi64>) -> tensor<1xi64>
  %4:2 = "tm_tensor.scan"(%arg0, %1, %3) ({
  ^bb0(%a: i64, %b: i64):
    %5 = arith.addi %a, %b : i64
    "tm_tensor.yield"(%5) : (i64) -> ()
  }) {dimension = 1 : i64, inclusive = true} : (tensor<1x4xi64>, tensor<1x4xi64>, tensor<1xi64>) -> (tensor<1x4xi64>, tensor<1xi64>)
  %e = tensor.empty() : tensor<1x4xf32>
  %f = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]}
      ins(%4#0 : tensor<1x4xi64>) outs(%e : tensor<1x4xf32>) {
  ^bb0(%i: i64, %o: f32):
    %v = arith.sitofp %i : i64 to f32
    linalg.yield %v : f32
  } -> tensor<1x4xf32>
  %g = tensor.empty() : tensor<1x4xf32>
  %h = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]}
      ins(%f, %f : tensor<1x4xf32>, tensor<1x4xf32>) outs(%g : tensor<1x4xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %v = arith.addf %x, %y : f32
    linalg.yield %v : f32
  } -> tensor<1x4xf32>
  return %h : tensor<1x4xf32>
}
