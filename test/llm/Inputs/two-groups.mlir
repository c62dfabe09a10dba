// One value read by two ops whose per-group specs differ only in
// group_size: two observers (PT2E shares an observer only between equal
// specs).
func.func @f(%x: tensor<2x64xf32>) -> (tensor<2x64xf32>, tensor<2x64xf32>) {
  %e = tensor.empty() : tensor<2x64xf32>
  %a = linalg.copy {pt2e.annotation = {inputs = [{observer = "per_group_minmax", dtype = i4, qscheme = "per_group_symmetric", ch_axis = 1, group_size = 32}]}} ins(%x : tensor<2x64xf32>) outs(%e : tensor<2x64xf32>) -> tensor<2x64xf32>
  %b = linalg.copy {pt2e.annotation = {inputs = [{observer = "per_group_minmax", dtype = i4, qscheme = "per_group_symmetric", ch_axis = 1, group_size = 16}]}} ins(%x : tensor<2x64xf32>) outs(%e : tensor<2x64xf32>) -> tensor<2x64xf32>
  return %a, %b : tensor<2x64xf32>, tensor<2x64xf32>
}
