// A hand-written per-group observer whose group does not divide its axis.
func.func @f(%x: tensor<2x64xf32>) -> tensor<2x64xf32> {
  %o = "pt2e.observer"(%x) {name = "a", spec = {observer = "per_group_minmax", dtype = i4, qscheme = "per_group_symmetric", ch_axis = 1, group_size = 5, quant_min = -8, quant_max = 7}} : (tensor<2x64xf32>) -> tensor<2x64xf32>
  return %o : tensor<2x64xf32>
}
