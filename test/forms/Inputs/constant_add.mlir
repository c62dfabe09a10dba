// ir-forms E2: x + a constant 0.1; the add's second input observer sees
// every value 0.1 (a constant activation).
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @forward(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %c = arith.constant dense<0.1> : tensor<2x8xf32>
  %e = tensor.empty() : tensor<2x8xf32>
  %y = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %c : tensor<2x8xf32>, tensor<2x8xf32>) outs(%e : tensor<2x8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<2x8xf32>
  return %y : tensor<2x8xf32>
}
