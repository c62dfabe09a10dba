// Benchmark IR with timing code (ir-forms B1): calls of external
// declarations around the model; @ext returns a tensor, so a skipped call
// gives zeros that the output shows (y = x + 0).
#act = {dtype = i8, observer = "minmax"}
func.func private @rtclock() -> f64
func.func private @ext(tensor<4xf32>) -> tensor<4xf32>
func.func @forward(%x: tensor<4xf32>) -> tensor<4xf32> {
  %t0 = func.call @rtclock() : () -> f64
  %a = "pt2e.observer"(%x) {name = "a", spec = #act} : (tensor<4xf32>) -> tensor<4xf32>
  %z = func.call @ext(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %y = arith.addf %a, %z : tensor<4xf32>
  %t1 = func.call @rtclock() : () -> f64
  %dt = arith.subf %t1, %t0 : f64
  return %y : tensor<4xf32>
}
