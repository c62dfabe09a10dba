// The float side of test/numeric-debug/hand.test: y = x * x with an observer
// on x ('a'), on y ('b') and after it ('d', which the quantized side lacks).
#act = {dtype = i8, observer = "minmax"}
func.func @square(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = "pt2e.observer"(%x) {name = "a", spec = #act} : (tensor<4xf32>) -> tensor<4xf32>
  %y = arith.mulf %a, %a : tensor<4xf32>
  %b = "pt2e.observer"(%y) {name = "b", spec = #act} : (tensor<4xf32>) -> tensor<4xf32>
  %d = "pt2e.observer"(%b) {name = "d", spec = #act} : (tensor<4xf32>) -> tensor<4xf32>
  return %d : tensor<4xf32>
}
