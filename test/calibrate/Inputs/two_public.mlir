func.func @forward(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "pt2e.observer"(%x) {name = "activation_post_process_0", spec = {observer = "minmax", dtype = i8}} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @other(%x: tensor<2xf32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}
