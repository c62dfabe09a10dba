// Elementwise named linalg ops, matmul, batch_matmul, transposed matmuls.
#T = tensor<3x4xf32>

func.func @elementwise_exact(%x: tensor<3x4xf32>, %y: tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>) {
  %e = tensor.empty() : tensor<3x4xf32>
  %add = linalg.add ins(%x, %y : tensor<3x4xf32>, tensor<3x4xf32>) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  %sub = linalg.sub ins(%x, %y : tensor<3x4xf32>, tensor<3x4xf32>) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  %mul = linalg.mul ins(%x, %y : tensor<3x4xf32>, tensor<3x4xf32>) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  %div = linalg.div ins(%x, %y : tensor<3x4xf32>, tensor<3x4xf32>) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  %max = linalg.max ins(%x, %y : tensor<3x4xf32>, tensor<3x4xf32>) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  %min = linalg.min ins(%x, %y : tensor<3x4xf32>, tensor<3x4xf32>) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  %abs = linalg.abs ins(%x : tensor<3x4xf32>) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  %neg = linalg.negf ins(%x : tensor<3x4xf32>) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  %sq = linalg.square ins(%x : tensor<3x4xf32>) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  %fl = linalg.floor ins(%x : tensor<3x4xf32>) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  return %add, %sub, %mul, %div, %max, %min, %abs, %neg, %sq, %fl : tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>
}

// x > 0 here.
func.func @elementwise_math(%x: tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>) {
  %e = tensor.empty() : tensor<3x4xf32>
  %exp = linalg.exp ins(%x : tensor<3x4xf32>) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  %log = linalg.log ins(%x : tensor<3x4xf32>) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  %tanh = linalg.tanh ins(%x : tensor<3x4xf32>) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  %rsqrt = linalg.rsqrt ins(%x : tensor<3x4xf32>) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  return %exp, %log, %tanh, %rsqrt : tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>
}

// C = C0 + A B, with a non-zero C0.
func.func @matmul(%a: tensor<5x7xf32>, %b: tensor<7x6xf32>, %c: tensor<5x6xf32>) -> tensor<5x6xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<5x7xf32>, tensor<7x6xf32>) outs(%c : tensor<5x6xf32>) -> tensor<5x6xf32>
  return %r : tensor<5x6xf32>
}

// A^T B with A stored 7x5 and A B^T with B stored 6x7 (indexing_maps).
func.func @matmul_transposed(%at: tensor<7x5xf32>, %b: tensor<7x6xf32>, %a: tensor<5x7xf32>, %bt: tensor<6x7xf32>) -> (tensor<5x6xf32>, tensor<5x6xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<5x6xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<5x6xf32>) -> tensor<5x6xf32>
  %r1 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%at, %b : tensor<7x5xf32>, tensor<7x6xf32>) outs(%c : tensor<5x6xf32>) -> tensor<5x6xf32>
  %r2 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%a, %bt : tensor<5x7xf32>, tensor<6x7xf32>) outs(%c : tensor<5x6xf32>) -> tensor<5x6xf32>
  return %r1, %r2 : tensor<5x6xf32>, tensor<5x6xf32>
}

// batch_matmul (2 x 5x7 by 2 x 7x6), zero init; and with B transposed per batch.
func.func @batch_matmul(%a: tensor<2x5x7xf32>, %b: tensor<2x7x6xf32>, %bt: tensor<2x6x7xf32>) -> (tensor<2x5x6xf32>, tensor<2x5x6xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x5x6xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<2x5x6xf32>) -> tensor<2x5x6xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<2x5x7xf32>, tensor<2x7x6xf32>) outs(%c : tensor<2x5x6xf32>) -> tensor<2x5x6xf32>
  %r2 = linalg.batch_matmul indexing_maps = [affine_map<(bb, m, n, k) -> (bb, m, k)>, affine_map<(bb, m, n, k) -> (bb, n, k)>, affine_map<(bb, m, n, k) -> (bb, m, n)>]
      ins(%a, %bt : tensor<2x5x7xf32>, tensor<2x6x7xf32>) outs(%c : tensor<2x5x6xf32>) -> tensor<2x5x6xf32>
  return %r, %r2 : tensor<2x5x6xf32>, tensor<2x5x6xf32>
}

// i8 x i8 -> i32 matmul (operands sign-extended), as quantized models use it.
func.func @matmul_i8(%a: tensor<5x7xi8>, %b: tensor<7x6xi8>) -> tensor<5x6xi32> {
  %zero = arith.constant 0 : i32
  %e = tensor.empty() : tensor<5x6xi32>
  %c = linalg.fill ins(%zero : i32) outs(%e : tensor<5x6xi32>) -> tensor<5x6xi32>
  %r = linalg.matmul ins(%a, %b : tensor<5x7xi8>, tensor<7x6xi8>) outs(%c : tensor<5x6xi32>) -> tensor<5x6xi32>
  return %r : tensor<5x6xi32>
}
