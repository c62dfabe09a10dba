// test/calibrate/shared-views.test: one Histogram instance 'x' observed on
// the argument, then through views of it (an expand_shape, a transpose, a
// slice: torch-mlir's unflatten / transpose / select of one aten view) by
// ops that share the instance, and once more on a value that is no view (a
// relu of it, as a hardtanh shares its input's observer in PT2E).
#id3 = affine_map<(a, b, c) -> (a, b, c)>
func.func @views(%x: tensor<4x6xf32>) -> (tensor<2x3x2xf32>, tensor<2x2x3xf32>) {
  %o0 = "pt2e.observer"(%x) {name = "x", spec = {bins = 8 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "histogram", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}} : (tensor<4x6xf32>) -> tensor<4x6xf32>
  %e = tensor.expand_shape %o0 [[0, 1], [2]] output_shape [2, 2, 6] : tensor<4x6xf32> into tensor<2x2x6xf32>
  %o1 = "pt2e.observer"(%e) {instance = "x", name = "x_expanded", spec = {bins = 8 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "histogram", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}} : (tensor<2x2x6xf32>) -> tensor<2x2x6xf32>
  %init = tensor.empty() : tensor<2x6x2xf32>
  %t = linalg.transpose ins(%o1 : tensor<2x2x6xf32>) outs(%init : tensor<2x6x2xf32>) permutation = [0, 2, 1]
  %o2 = "pt2e.observer"(%t) {instance = "x", name = "x_transposed", spec = {bins = 8 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "histogram", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}} : (tensor<2x6x2xf32>) -> tensor<2x6x2xf32>
  %s = tensor.extract_slice %o2[0, 0, 0] [2, 3, 2] [1, 1, 1] : tensor<2x6x2xf32> to tensor<2x3x2xf32>
  %o3 = "pt2e.observer"(%s) {instance = "x", name = "x_slice", spec = {bins = 8 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "histogram", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}} : (tensor<2x3x2xf32>) -> tensor<2x3x2xf32>
  %zero = arith.constant 0.0 : f32
  %ri = tensor.empty() : tensor<2x2x6xf32>
  %r = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%o1 : tensor<2x2x6xf32>) outs(%ri : tensor<2x2x6xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<2x2x6xf32>
  %o4 = "pt2e.observer"(%r) {instance = "x", name = "x_relu", spec = {bins = 8 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "histogram", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}} : (tensor<2x2x6xf32>) -> tensor<2x2x6xf32>
  %c = tensor.collapse_shape %o4 [[0], [1], [2]] : tensor<2x2x6xf32> into tensor<2x2x6xf32>
  %rs = tensor.extract_slice %c[0, 0, 0] [2, 2, 3] [1, 1, 1] : tensor<2x2x6xf32> to tensor<2x2x3xf32>
  return %o3, %rs : tensor<2x3x2xf32>, tensor<2x2x3xf32>
}
