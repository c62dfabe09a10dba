// Per-group specs and dynamic ops that cannot work, one function each
// (test/llm/errors.test runs each through the pass that must refuse it).
func.func @indivisible_annotation(%x: tensor<2x64xf32>) -> tensor<2x64xf32> {
  %e = tensor.empty() : tensor<2x64xf32>
  %r = linalg.copy {pt2e.annotation = {inputs = [{observer = "per_group_minmax", dtype = i4, qscheme = "per_group_symmetric", ch_axis = 1, group_size = 5}]}} ins(%x : tensor<2x64xf32>) outs(%e : tensor<2x64xf32>) -> tensor<2x64xf32>
  return %r : tensor<2x64xf32>
}
