// Elementwise generics that write into an input dying there
// (test/ops/in-place.test), and ones that must not: an argument, an input
// read through a transposed map (square, so the counts agree), a
// constant's data. Only the last value of each function is returned, so
// that the ones before die where they are read.
#id = affine_map<(i, j) -> (i, j)>
#tr = affine_map<(i, j) -> (j, i)>
// a = x * 3, b = a + 1 (into a), c = b * b (b twice, one map: into b),
// c in f64 squared (into the f64 tensor) and back
func.func @chain(%x: tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<64x64xf32>) {
  %e = tensor.empty() : tensor<64x64xf32>
  %c3 = arith.constant 3.0 : f32
  // a = x * 3: x is an argument (its caller holds it): a new tensor
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %m = arith.mulf %v, %c3 : f32
    linalg.yield %m : f32
  } -> tensor<64x64xf32>
  %c1 = arith.constant 1.0 : f32
  %b = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = arith.addf %v, %c1 : f32
    linalg.yield %s : f32
  } -> tensor<64x64xf32>
  %c = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%b, %b : tensor<64x64xf32>, tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) {
  ^bb0(%v: f32, %w: f32, %o: f32):
    %m = arith.mulf %v, %w : f32
    linalg.yield %m : f32
  } -> tensor<64x64xf32>
  %e64 = tensor.empty() : tensor<64x64xf64>
  %f64 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%c : tensor<64x64xf32>) outs(%e64 : tensor<64x64xf64>) {
  ^bb0(%v: f32, %o: f64):
    %w = arith.extf %v : f32 to f64
    linalg.yield %w : f64
  } -> tensor<64x64xf64>
  %sq = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%f64 : tensor<64x64xf64>) outs(%e64 : tensor<64x64xf64>) {
  ^bb0(%v: f64, %o: f64):
    %m = arith.mulf %v, %v : f64
    linalg.yield %m : f64
  } -> tensor<64x64xf64>
  %i = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%sq : tensor<64x64xf64>) outs(%e : tensor<64x64xf32>) {
  ^bb0(%v: f64, %o: f32):
    %t = arith.truncf %v : f64 to f32
    linalg.yield %t : f32
  } -> tensor<64x64xf32>
  %fin = linalg.fill ins(%c3 : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %i, %fin : tensor<64x64xf32>, tensor<64x64xf32>
}

// d = transpose(a) - a: a dies here, read through two maps: a new tensor
func.func @transposed(%x: tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<64x64xf32>) {
  %e = tensor.empty() : tensor<64x64xf32>
  %c3 = arith.constant 3.0 : f32
  // a = x * 3: x is an argument (its caller holds it): a new tensor
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %m = arith.mulf %v, %c3 : f32
    linalg.yield %m : f32
  } -> tensor<64x64xf32>
  %d = linalg.generic {indexing_maps = [#tr, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %a : tensor<64x64xf32>, tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) {
  ^bb0(%v: f32, %w: f32, %o: f32):
    %s = arith.subf %v, %w : f32
    linalg.yield %s : f32
  } -> tensor<64x64xf32>
  %fin = linalg.fill ins(%c3 : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %d, %fin : tensor<64x64xf32>, tensor<64x64xf32>
}

// f = transpose(a) + 0.5: a dies here, read transposed only: a new tensor
func.func @transposed_only(%x: tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<64x64xf32>) {
  %e = tensor.empty() : tensor<64x64xf32>
  %c3 = arith.constant 3.0 : f32
  // a = x * 3: x is an argument (its caller holds it): a new tensor
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %m = arith.mulf %v, %c3 : f32
    linalg.yield %m : f32
  } -> tensor<64x64xf32>
  %h = arith.constant 0.5 : f32
  %f = linalg.generic {indexing_maps = [#tr, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = arith.addf %v, %h : f32
    linalg.yield %s : f32
  } -> tensor<64x64xf32>
  %fin = linalg.fill ins(%c3 : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %f, %fin : tensor<64x64xf32>, tensor<64x64xf32>
}

// g = k - a, k a constant (never written into), a dying (written into)
func.func @constant(%x: tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<64x64xf32>) {
  %e = tensor.empty() : tensor<64x64xf32>
  %c3 = arith.constant 3.0 : f32
  // a = x * 3: x is an argument (its caller holds it): a new tensor
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %m = arith.mulf %v, %c3 : f32
    linalg.yield %m : f32
  } -> tensor<64x64xf32>
  %k = arith.constant dense<2.0> : tensor<64x64xf32>
  %g = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%k, %a : tensor<64x64xf32>, tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) {
  ^bb0(%v: f32, %w: f32, %o: f32):
    %s = arith.subf %v, %w : f32
    linalg.yield %s : f32
  } -> tensor<64x64xf32>
  %fin = linalg.fill ins(%c3 : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %g, %fin : tensor<64x64xf32>, tensor<64x64xf32>
}

// torch-mlir's conv -> bias -> relu chain: every generic's init is the same
// empty, which dies at the relu, where its input %a dies too. The relu
// writes into %a (its lines are in cache), not into the empty nobody has
// written; %t's init dies but its input is read transposed: into the init.
func.func @dying_init(%x: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %e = tensor.empty() : tensor<64x64xf32>
  %e2 = tensor.empty() : tensor<64x64xf32>
  %zero = arith.constant 0.0 : f32
  %c3 = arith.constant 3.0 : f32
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<64x64xf32>) outs(%e2 : tensor<64x64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %m = arith.subf %v, %c3 : f32
    linalg.yield %m : f32
  } -> tensor<64x64xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %p = arith.cmpf ugt, %v, %zero : f32
    %s = arith.select %p, %v, %zero : f32
    linalg.yield %s : f32
  } -> tensor<64x64xf32>
  %t = linalg.generic {indexing_maps = [#tr, #id], iterator_types = ["parallel", "parallel"]}
      ins(%r : tensor<64x64xf32>) outs(%e2 : tensor<64x64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %m = arith.mulf %v, %c3 : f32
    linalg.yield %m : f32
  } -> tensor<64x64xf32>
  return %t : tensor<64x64xf32>
}
