// A weight broadcast over the batch and observed there, as torch-mlir writes
// a linear on a 3-D input (test/calibrate/observed-broadcast.test). @view:
// the batch_matmul reads the weight itself, nothing reads the observer's
// result, so the observer looks at the weight (the broadcast's dimension at
// size 1) and the broadcast never runs. @whole: the observer's result is
// also returned, so the broadcast is made and observed as it is. Both give
// the same qparams. @hist: a Histogram counts every copy, so it observes
// the broadcast itself.
#w3 = affine_map<(b, i, j) -> (i, j)>
#id3 = affine_map<(b, i, j) -> (b, i, j)>
func.func @view(%a: tensor<4x3x6xf32>) -> tensor<4x3x5xf32> {
  %w = arith.constant dense<[[0.5, -1.25, 2.0, 0.125, -3.0], [1.0, 0.75, -0.5, 4.0, 0.25],
                             [-2.5, 0.0625, 1.5, -0.75, 2.25], [0.375, -1.0, 3.5, 1.25, -0.125],
                             [2.75, 1.75, -4.5, 0.5, 1.0], [-0.25, 3.0, 0.875, -2.0, 0.625]]> : tensor<6x5xf32>
  %e = tensor.empty() : tensor<4x6x5xf32>
  %b = linalg.generic {indexing_maps = [#w3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%w : tensor<6x5xf32>) outs(%e : tensor<4x6x5xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<4x6x5xf32>
  %o = "pt2e.observer"(%b) {name = "weight", spec = {ch_axis = 2 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "per_channel_minmax", qscheme = "per_channel_symmetric", quant_max = 127 : i64, quant_min = -127 : i64}} : (tensor<4x6x5xf32>) -> tensor<4x6x5xf32>
  %p = "pt2e.observer"(%b) {name = "tensor", spec = {dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "minmax", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}} : (tensor<4x6x5xf32>) -> tensor<4x6x5xf32>
  %zero = arith.constant 0.0 : f32
  %ec = tensor.empty() : tensor<4x3x5xf32>
  %c = linalg.fill ins(%zero : f32) outs(%ec : tensor<4x3x5xf32>) -> tensor<4x3x5xf32>
  %y = linalg.batch_matmul ins(%a, %o : tensor<4x3x6xf32>, tensor<4x6x5xf32>) outs(%c : tensor<4x3x5xf32>) -> tensor<4x3x5xf32>
  return %y : tensor<4x3x5xf32>
}
