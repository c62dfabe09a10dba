// A Histogram observer asking for a billion bins (4 GB of counts, and
// torch's L2 search over them would never end).
func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
  %o = "pt2e.observer"(%a) {name = "act", spec = {observer = "histogram", dtype = i8, bins = 1000000000}} : (tensor<2xf32>) -> tensor<2xf32>
  return %o : tensor<2xf32>
}
