// batch_matmul with B one matrix broadcast over the batch, as torch-mlir
// writes a linear on a 3-D input (test/ops/batch-matmul-shared.test): as a
// linalg.generic, as linalg.broadcast, observed (the weight observer sits
// on the broadcast), and B given whole.
#bmap = affine_map<(d0, d1, d2) -> (d1, d2)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @generic(%a: tensor<4x3x6xf32>, %w: tensor<6x5xf32>) -> tensor<4x3x5xf32> {
  %e = tensor.empty() : tensor<4x6x5xf32>
  %b = linalg.generic {indexing_maps = [#bmap, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%w : tensor<6x5xf32>) outs(%e : tensor<4x6x5xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<4x6x5xf32>
  %zero = arith.constant 0.25 : f32
  %ec = tensor.empty() : tensor<4x3x5xf32>
  %c = linalg.fill ins(%zero : f32) outs(%ec : tensor<4x3x5xf32>) -> tensor<4x3x5xf32>
  %y = linalg.batch_matmul ins(%a, %b : tensor<4x3x6xf32>, tensor<4x6x5xf32>) outs(%c : tensor<4x3x5xf32>) -> tensor<4x3x5xf32>
  return %y : tensor<4x3x5xf32>
}
func.func @named(%a: tensor<4x3x6xf32>, %w: tensor<6x5xf32>) -> tensor<4x3x5xf32> {
  %e = tensor.empty() : tensor<4x6x5xf32>
  %b = linalg.broadcast ins(%w : tensor<6x5xf32>) outs(%e : tensor<4x6x5xf32>) dimensions = [0]
  %zero = arith.constant 0.25 : f32
  %ec = tensor.empty() : tensor<4x3x5xf32>
  %c = linalg.fill ins(%zero : f32) outs(%ec : tensor<4x3x5xf32>) -> tensor<4x3x5xf32>
  %y = linalg.batch_matmul ins(%a, %b : tensor<4x3x6xf32>, tensor<4x6x5xf32>) outs(%c : tensor<4x3x5xf32>) -> tensor<4x3x5xf32>
  return %y : tensor<4x3x5xf32>
}
func.func @whole(%a: tensor<4x3x6xf32>, %b: tensor<4x6x5xf32>) -> tensor<4x3x5xf32> {
  %zero = arith.constant 0.25 : f32
  %ec = tensor.empty() : tensor<4x3x5xf32>
  %c = linalg.fill ins(%zero : f32) outs(%ec : tensor<4x3x5xf32>) -> tensor<4x3x5xf32>
  %y = linalg.batch_matmul ins(%a, %b : tensor<4x3x6xf32>, tensor<4x6x5xf32>) outs(%c : tensor<4x3x5xf32>) -> tensor<4x3x5xf32>
  return %y : tensor<4x3x5xf32>
}
func.func @observed(%a: tensor<4x3x6xf32>, %w: tensor<6x5xf32>) -> tensor<4x3x5xf32> {
  %e = tensor.empty() : tensor<4x6x5xf32>
  %b = linalg.broadcast ins(%w : tensor<6x5xf32>) outs(%e : tensor<4x6x5xf32>) dimensions = [0]
  %o = "pt2e.observer"(%b) {name = "activation_post_process_0", spec = {ch_axis = 2 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "per_channel_minmax", qscheme = "per_channel_symmetric", quant_max = 127 : i64, quant_min = -127 : i64}} : (tensor<4x6x5xf32>) -> tensor<4x6x5xf32>
  %zero = arith.constant 0.25 : f32
  %ec = tensor.empty() : tensor<4x3x5xf32>
  %c = linalg.fill ins(%zero : f32) outs(%ec : tensor<4x3x5xf32>) -> tensor<4x3x5xf32>
  %y = linalg.batch_matmul ins(%a, %o : tensor<4x3x6xf32>, tensor<4x6x5xf32>) outs(%c : tensor<4x3x5xf32>) -> tensor<4x3x5xf32>
  return %y : tensor<4x3x5xf32>
}
