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

// The same dim-1 concat as StableHLO's legalisation to linalg writes
// concatenate: a generic without inputs whose body picks the operand by
// the index (scf.if on linalg.index against tensor.dim sums) and reads it
// with tensor.extract; both sides of each scf.if run, the one not taken
// reading out of bounds (0, ignored). And a gather-like read x[i, 5 - j]
// of a captured tensor at computed indices.
#cat_out = affine_map<(d0, d1) -> (d0, d1)>
func.func @concat_generic(%x: tensor<4x6xf32>, %y: tensor<2x3xf32>) -> (tensor<4x15xf32>, tensor<4x6xf32>) {
  %yy = tensor.concat dim(0) %y, %y : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  %c0 = arith.constant 0 : index
  %e = tensor.empty() : tensor<4x15xf32>
  %a = linalg.generic {indexing_maps = [#cat_out], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<4x15xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c1 = arith.constant 1 : index
    %dx = tensor.dim %x, %c1 : tensor<4x6xf32>
    %end0 = arith.addi %c0, %dx : index
    %in0 = arith.cmpi ult, %j, %end0 : index
    %v = scf.if %in0 -> (f32) {
      %ex = tensor.extract %x[%i, %j] : tensor<4x6xf32>
      scf.yield %ex : f32
    } else {
      %dy = tensor.dim %yy, %c1 : tensor<4x3xf32>
      %end1 = arith.addi %end0, %dy : index
      %in1 = arith.cmpi ult, %j, %end1 : index
      %w = scf.if %in1 -> (f32) {
        %jy = arith.subi %j, %end0 : index
        %ey = tensor.extract %yy[%i, %jy] : tensor<4x3xf32>
        scf.yield %ey : f32
      } else {
        %jx = arith.subi %j, %end1 : index
        %ex2 = tensor.extract %x[%i, %jx] : tensor<4x6xf32>
        scf.yield %ex2 : f32
      }
      scf.yield %w : f32
    }
    linalg.yield %v : f32
  } -> tensor<4x15xf32>
  %e2 = tensor.empty() : tensor<4x6xf32>
  %r = linalg.generic {indexing_maps = [#cat_out], iterator_types = ["parallel", "parallel"]} outs(%e2 : tensor<4x6xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c5 = arith.constant 5 : index
    %k = arith.subi %c5, %j : index
    %g = tensor.extract %x[%i, %k] : tensor<4x6xf32>
    linalg.yield %g : f32
  } -> tensor<4x6xf32>
  return %a, %r : tensor<4x15xf32>, tensor<4x6xf32>
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
