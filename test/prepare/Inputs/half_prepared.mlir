// A module with an observer already in it and an annotated edge that has
// none: pt2e-prepare refuses rather than add a second layer.
func.func @half(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "pt2e.observer"(%x) {name = "activation_post_process_0", spec = {observer = "minmax", dtype = i8}} : (tensor<4xf32>) -> tensor<4xf32>
  %1 = arith.negf %0 {pt2e.annotation = {inputs = [{observer = "minmax", dtype = i8}]}} : tensor<4xf32>
  // expected-error@+1 {{'pt2e.annotation' input 0 is not observed, but the module already has pt2e observers: 'pt2e-prepare' does not add to a prepared module}}
  %2 = arith.negf %1 {pt2e.annotation = {inputs = [{observer = "minmax", dtype = i8}]}} : tensor<4xf32>
  return %2 : tensor<4xf32>
}
