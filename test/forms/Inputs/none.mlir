// No function to run by default: a declaration and a private function.
func.func private @rtclock() -> f64
func.func private @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
