// linalg structural ops: fill, generic (broadcast, transpose, reduction,
// linalg.index, several outputs), map, reduce, broadcast, transpose.
#id2 = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (j)>
#tr = affine_map<(i, j) -> (j, i)>
#red = affine_map<(i, j) -> (i)>

func.func @fill() -> (tensor<2x3xf32>, tensor<4xi32>) {
  %c = arith.constant 2.5 : f32
  %e = tensor.empty() : tensor<2x3xf32>
  %f = linalg.fill ins(%c : f32) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %ci = arith.constant -3 : i32
  %ei = tensor.empty() : tensor<4xi32>
  %fi = linalg.fill ins(%ci : i32) outs(%ei : tensor<4xi32>) -> tensor<4xi32>
  return %f, %fi : tensor<2x3xf32>, tensor<4xi32>
}

// out[i, j] = x[i, j] * b[j] + y[j, i]  (b broadcast along rows, y transposed)
func.func @generic_maps(%x: tensor<4x5xf32>, %b: tensor<5xf32>, %y: tensor<5x4xf32>) -> tensor<4x5xf32> {
  %e = tensor.empty() : tensor<4x5xf32>
  %r = linalg.generic {indexing_maps = [#id2, #row, #tr, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x, %b, %y : tensor<4x5xf32>, tensor<5xf32>, tensor<5x4xf32>) outs(%e : tensor<4x5xf32>) {
  ^bb0(%a: f32, %c: f32, %d: f32, %o: f32):
    %m = arith.mulf %a, %c : f32
    %s = arith.addf %m, %d : f32
    linalg.yield %s : f32
  } -> tensor<4x5xf32>
  return %r : tensor<4x5xf32>
}

// Row sums and row maxima of x (4x5) in one generic with two outputs;
// the sum init is 0 and the max init is -inf (both by linalg.fill).
func.func @generic_reduce(%x: tensor<4x5xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<4xf32>
  %s0 = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %m0 = linalg.fill ins(%ninf : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r:2 = linalg.generic {indexing_maps = [#id2, #red, #red], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x5xf32>) outs(%s0, %m0 : tensor<4xf32>, tensor<4xf32>) {
  ^bb0(%a: f32, %s: f32, %m: f32):
    %s1 = arith.addf %s, %a : f32
    %m1 = arith.maximumf %m, %a : f32
    linalg.yield %s1, %m1 : f32, f32
  } -> (tensor<4xf32>, tensor<4xf32>)
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}

// out[i, j] = x[i, j] + (10 i + j) via linalg.index; also i8 output i - j.
func.func @generic_index(%x: tensor<4x5xf32>) -> (tensor<4x5xf32>, tensor<4x5xi8>) {
  %c10 = arith.constant 10 : index
  %e = tensor.empty() : tensor<4x5xf32>
  %ei = tensor.empty() : tensor<4x5xi8>
  %r:2 = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x5xf32>) outs(%e, %ei : tensor<4x5xf32>, tensor<4x5xi8>) {
  ^bb0(%a: f32, %o: f32, %oi: i8):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %t = arith.muli %i, %c10 : index
    %k = arith.addi %t, %j : index
    %k32 = arith.index_cast %k : index to i32
    %kf = arith.sitofp %k32 : i32 to f32
    %s = arith.addf %a, %kf : f32
    %d = arith.subi %i, %j : index
    %d8 = arith.index_cast %d : index to i8
    linalg.yield %s, %d8 : f32, i8
  } -> (tensor<4x5xf32>, tensor<4x5xi8>)
  return %r#0, %r#1 : tensor<4x5xf32>, tensor<4x5xi8>
}

// linalg.map: x * y - x
func.func @map(%x: tensor<4x5xf32>, %y: tensor<4x5xf32>) -> tensor<4x5xf32> {
  %e = tensor.empty() : tensor<4x5xf32>
  %r = linalg.map ins(%x, %y : tensor<4x5xf32>, tensor<4x5xf32>) outs(%e : tensor<4x5xf32>)
    (%a: f32, %b: f32, %init: f32) {
      %m = arith.mulf %a, %b : f32
      %s = arith.subf %m, %a : f32
      linalg.yield %s : f32
    }
  return %r : tensor<4x5xf32>
}

// linalg.reduce: sum over dim 1 and max over dims [0, 2] of a 3x4x5 tensor.
func.func @reduce(%x: tensor<3x4x5xf32>) -> (tensor<3x5xf32>, tensor<4xf32>) {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<3x5xf32>
  %s0 = linalg.fill ins(%zero : f32) outs(%e : tensor<3x5xf32>) -> tensor<3x5xf32>
  %s = linalg.reduce ins(%x : tensor<3x4x5xf32>) outs(%s0 : tensor<3x5xf32>) dimensions = [1]
    (%a: f32, %acc: f32) {
      %t = arith.addf %a, %acc : f32
      linalg.yield %t : f32
    }
  %e2 = tensor.empty() : tensor<4xf32>
  %m0 = linalg.fill ins(%ninf : f32) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
  %m = linalg.reduce ins(%x : tensor<3x4x5xf32>) outs(%m0 : tensor<4xf32>) dimensions = [0, 2]
    (%a: f32, %acc: f32) {
      %t = arith.maximumf %a, %acc : f32
      linalg.yield %t : f32
    }
  return %s, %m : tensor<3x5xf32>, tensor<4xf32>
}

// linalg.broadcast of a 5-vector to 3x4x5 (dims [0, 1] added) and of a
// 4x5 matrix to 4x3x5 (dim 1 added); linalg.transpose of 3x4x5 by [2, 0, 1].
func.func @broadcast_transpose(%v: tensor<5xf32>, %x: tensor<4x5xf32>, %t: tensor<3x4x5xf32>) -> (tensor<3x4x5xf32>, tensor<4x3x5xf32>, tensor<5x3x4xf32>) {
  %e1 = tensor.empty() : tensor<3x4x5xf32>
  %b1 = linalg.broadcast ins(%v : tensor<5xf32>) outs(%e1 : tensor<3x4x5xf32>) dimensions = [0, 1]
  %e2 = tensor.empty() : tensor<4x3x5xf32>
  %b2 = linalg.broadcast ins(%x : tensor<4x5xf32>) outs(%e2 : tensor<4x3x5xf32>) dimensions = [1]
  %e3 = tensor.empty() : tensor<5x3x4xf32>
  %tr = linalg.transpose ins(%t : tensor<3x4x5xf32>) outs(%e3 : tensor<5x3x4xf32>) permutation = [2, 0, 1]
  return %b1, %b2, %tr : tensor<3x4x5xf32>, tensor<4x3x5xf32>, tensor<5x3x4xf32>
}
