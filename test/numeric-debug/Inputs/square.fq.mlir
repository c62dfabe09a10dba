// The quantized side of test/numeric-debug/hand.test: 'a' fake-quantizes x
// with scale 0.5, 'b' the square with scale 0.25, 'c' is switched off (and
// not in the float model).
#act = {dtype = i8, observer = "minmax"}
func.func @square(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = "pt2e.fake_quant"(%x) {name = "a", spec = #act, observer_enabled = false, fake_quant_enabled = true,
         scale = array<f32: 0.5>, zero_point = array<i64: 0>} : (tensor<4xf32>) -> tensor<4xf32>
  %y = arith.mulf %a, %a : tensor<4xf32>
  %b = "pt2e.fake_quant"(%y) {name = "b", spec = #act, observer_enabled = false, fake_quant_enabled = true,
         scale = array<f32: 0.25>, zero_point = array<i64: 0>} : (tensor<4xf32>) -> tensor<4xf32>
  %c = "pt2e.fake_quant"(%b) {name = "c", spec = #act, observer_enabled = false, fake_quant_enabled = false,
         scale = array<f32: 1.0>, zero_point = array<i64: 0>} : (tensor<4xf32>) -> tensor<4xf32>
  return %c : tensor<4xf32>
}
