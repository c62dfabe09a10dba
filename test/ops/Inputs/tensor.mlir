// tensor dialect ops. x is a 4x6 float32 input whose elements are distinct.

// tensor.empty fully overwritten by tensor.insert_slice; tensor.splat of a
// scalar read with tensor.extract.
func.func @empty_splat(%x: tensor<4x6xf32>) -> (tensor<4x6xf32>, tensor<2x3xf32>) {
  %e = tensor.empty() : tensor<4x6xf32>
  %r = tensor.insert_slice %x into %e[0, 0] [4, 6] [1, 1] : tensor<4x6xf32> into tensor<4x6xf32>
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %v = tensor.extract %x[%c1, %c2] : tensor<4x6xf32>
  %s = tensor.splat %v : tensor<2x3xf32>
  return %r, %s : tensor<4x6xf32>, tensor<2x3xf32>
}

// Constant padding (low [1, 2], high [2, 0]) and an index-dependent body
// (pad value 100 * i + j at output position (i, j)).
func.func @pad(%x: tensor<4x6xf32>) -> (tensor<7x8xf32>, tensor<5x9xf32>) {
  %cst = arith.constant -1.5 : f32
  %p = tensor.pad %x low[1, 2] high[2, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<4x6xf32> to tensor<7x8xf32>
  %c100 = arith.constant 100 : index
  %q = tensor.pad %x low[0, 1] high[1, 2] {
  ^bb0(%i: index, %j: index):
    %a = arith.muli %i, %c100 : index
    %b = arith.addi %a, %j : index
    %c = arith.index_cast %b : index to i32
    %f = arith.sitofp %c : i32 to f32
    tensor.yield %f : f32
  } : tensor<4x6xf32> to tensor<5x9xf32>
  return %p, %q : tensor<7x8xf32>, tensor<5x9xf32>
}

// expand_shape, collapse_shape, reshape (with a shape tensor), cast.
func.func @reshapes(%x: tensor<4x6xf32>) -> (tensor<2x2x3x2xf32>, tensor<24xf32>, tensor<3x8xf32>, tensor<4x6xf32>) {
  %e = tensor.expand_shape %x [[0, 1], [2, 3]] output_shape [2, 2, 3, 2] : tensor<4x6xf32> into tensor<2x2x3x2xf32>
  %c = tensor.collapse_shape %e [[0, 1, 2, 3]] : tensor<2x2x3x2xf32> into tensor<24xf32>
  %shape = arith.constant dense<[3, 8]> : tensor<2xi64>
  %r = tensor.reshape %c(%shape) : (tensor<24xf32>, tensor<2xi64>) -> tensor<3x8xf32>
  %k = tensor.cast %x : tensor<4x6xf32> to tensor<4x6xf32>
  return %e, %c, %r, %k : tensor<2x2x3x2xf32>, tensor<24xf32>, tensor<3x8xf32>, tensor<4x6xf32>
}

// extract_slice: strided x[1:4:2, 0:6:3]; rank-reducing x[2, 1:5]; unit
// strides x[1:3, 2:6] kept 2-D.
func.func @extract_slice(%x: tensor<4x6xf32>) -> (tensor<2x2xf32>, tensor<4xf32>, tensor<2x4xf32>) {
  %a = tensor.extract_slice %x[1, 0] [2, 2] [2, 3] : tensor<4x6xf32> to tensor<2x2xf32>
  %b = tensor.extract_slice %x[2, 1] [1, 4] [1, 1] : tensor<4x6xf32> to tensor<4xf32>
  %c = tensor.extract_slice %x[1, 2] [2, 4] [1, 1] : tensor<4x6xf32> to tensor<2x4xf32>
  return %a, %b, %c : tensor<2x2xf32>, tensor<4xf32>, tensor<2x4xf32>
}

// insert_slice: y (2x3) into x at [1, 0] with strides [2, 2]; a rank-reduced
// row z (6) into x at row 3.
func.func @insert_slice(%x: tensor<4x6xf32>, %y: tensor<2x3xf32>, %z: tensor<6xf32>) -> (tensor<4x6xf32>, tensor<4x6xf32>) {
  %a = tensor.insert_slice %y into %x[1, 0] [2, 3] [2, 2] : tensor<2x3xf32> into tensor<4x6xf32>
  %b = tensor.insert_slice %z into %x[3, 0] [1, 6] [1, 1] : tensor<6xf32> into tensor<4x6xf32>
  return %a, %b : tensor<4x6xf32>, tensor<4x6xf32>
}

// concat along dim 0 ([y; y; y] and [y; y]) and along dim 1 ([x, [y; y], x]).
func.func @concat(%x: tensor<4x6xf32>, %y: tensor<2x3xf32>) -> (tensor<6x3xf32>, tensor<4x15xf32>) {
  %b = tensor.concat dim(0) %y, %y, %y : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<6x3xf32>
  %yy = tensor.concat dim(0) %y, %y : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  %a = tensor.concat dim(1) %x, %yy, %x : (tensor<4x6xf32>, tensor<4x3xf32>, tensor<4x6xf32>) -> tensor<4x15xf32>
  return %b, %a : tensor<6x3xf32>, tensor<4x15xf32>
}

// extract, from_elements, insert: [x[3, 5], x[0, 0], x[2, 1]] and x with
// x[1, 4] replaced by x[0, 0].
func.func @elements(%x: tensor<4x6xf32>) -> (tensor<3xf32>, tensor<4x6xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %a = tensor.extract %x[%c3, %c5] : tensor<4x6xf32>
  %b = tensor.extract %x[%c0, %c0] : tensor<4x6xf32>
  %c = tensor.extract %x[%c2, %c1] : tensor<4x6xf32>
  %f = tensor.from_elements %a, %b, %c : tensor<3xf32>
  %i = tensor.insert %b into %x[%c1, %c4] : tensor<4x6xf32>
  return %f, %i : tensor<3xf32>, tensor<4x6xf32>
}

// tensor.pad whose low / high amounts are SSA constants (as tosa-to-tensor
// emits them) rather than static attributes: the same as @pad's first result.
func.func @pad_ssa(%x: tensor<4x6xf32>) -> tensor<7x8xf32> {
  %cst = arith.constant -1.5 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %p = tensor.pad %x low[%c1, %c2] high[%c2, %c0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<4x6xf32> to tensor<7x8xf32>
  return %p : tensor<7x8xf32>
}
