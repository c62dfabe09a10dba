// ir-forms F2: an i64 argument (an attention mask) beside the float input.
#act = {dtype = i8, observer = "minmax"}
func.func @forward(%x: tensor<1x8xf32>, %mask: tensor<1x8xi64>) -> tensor<1x8xf32> {
  %o = "pt2e.observer"(%x) {name = "a", spec = #act} : (tensor<1x8xf32>) -> tensor<1x8xf32>
  return %o : tensor<1x8xf32>
}
