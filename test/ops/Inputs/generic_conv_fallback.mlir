// Generics that look like a named conv but are not one of the kernels'
// (test/ops/generic-kernels.test): they keep the loop nest.
#in = affine_map<(n, f, oh, ow, c, kh, kw) -> (n, c, oh + kh, ow + kw)>
#fchw = affine_map<(n, f, oh, ow, c, kh, kw) -> (f, c, kh, kw)>
#cfhw = affine_map<(n, f, oh, ow, c, kh, kw) -> (c, f, kh, kw)>
#out = affine_map<(n, f, oh, ow, c, kh, kw) -> (n, f, oh, ow)>
// out - in * w: a convolution's maps, another body.
func.func @msub(%x: tensor<2x3x9x9xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<2x4x7x7xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x4x7x7xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<2x4x7x7xf32>) -> tensor<2x4x7x7xf32>
  %c = linalg.generic {indexing_maps = [#in, #fchw, #out], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%x, %w : tensor<2x3x9x9xf32>, tensor<4x3x3x3xf32>) outs(%z : tensor<2x4x7x7xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.subf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<2x4x7x7xf32>
  return %c : tensor<2x4x7x7xf32>
}
// A multiply-accumulate with a CFHW filter: no kernel has that layout.
func.func @cfhw(%x: tensor<2x3x9x9xf32>, %w: tensor<3x4x3x3xf32>) -> tensor<2x4x7x7xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x4x7x7xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<2x4x7x7xf32>) -> tensor<2x4x7x7xf32>
  %c = linalg.generic {indexing_maps = [#in, #cfhw, #out], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%x, %w : tensor<2x3x9x9xf32>, tensor<3x4x3x3xf32>) outs(%z : tensor<2x4x7x7xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<2x4x7x7xf32>
  return %c : tensor<2x4x7x7xf32>
}
