// A pt2e.dynamic_qdq whose group does not divide its axis.
func.func @f(%x: tensor<2x64xf32>) -> tensor<2x64xf32> {
  %o = "pt2e.dynamic_qdq"(%x) {name = "a", spec = {observer = "placeholder", dtype = i8, qscheme = "per_group_affine", ch_axis = 1, group_size = 5, is_dynamic = true}} : (tensor<2x64xf32>) -> tensor<2x64xf32>
  return %o : tensor<2x64xf32>
}
