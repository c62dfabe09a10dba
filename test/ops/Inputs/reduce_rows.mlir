// Reductions along the innermost loop that op_linalg_reduce.c runs on tight
// loops (test/ops/reduce-rows.test): f32 and f64 sums, i1 and / or, and
// torch-mlir's max with its argmax; and shapes it leaves to the block path
// (a reduction that is not innermost, a body it does not know).
#id = affine_map<(n, c, h, w) -> (n, c, h, w)>
#red = affine_map<(n, c, h, w) -> (n, c, h)>
#red0 = affine_map<(n, c, h, w) -> (n, c, h, 0)>
#redh = affine_map<(n, c, h, w) -> (n, c, w)>
#tr = affine_map<(n, c, w, h) -> (n, c, h, w)>
#trout = affine_map<(n, c, w, h) -> (n, c, w)>
func.func @reduce(%x: tensor<3x5x37x129xf32>)
    -> (tensor<3x5x37x1xf32>, tensor<3x5x37xf64>, tensor<3x5x37xi1>, tensor<3x5x37xi1>,
        tensor<3x5x37xf32>, tensor<3x5x37xi64>, tensor<3x5x129xf32>) {
  %half = arith.constant 0.5 : f32
  %zero64 = arith.constant 0.0 : f64
  %ninf = arith.constant 0xFF800000 : f32
  %c0 = arith.constant 0 : i64
  %true = arith.constant true
  %false = arith.constant false
  // an f32 sum into a kept unit dimension, from an init that is not zero
  %e1 = tensor.empty() : tensor<3x5x37x1xf32>
  %i1 = linalg.fill ins(%half : f32) outs(%e1 : tensor<3x5x37x1xf32>) -> tensor<3x5x37x1xf32>
  %s32 = linalg.generic {indexing_maps = [#id, #red0], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%x : tensor<3x5x37x129xf32>) outs(%i1 : tensor<3x5x37x1xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  } -> tensor<3x5x37x1xf32>
  // an f64 sum of the squares, as a layer norm's variance (acc + in)
  %e64 = tensor.empty() : tensor<3x5x37x129xf64>
  %sq = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x : tensor<3x5x37x129xf32>) outs(%e64 : tensor<3x5x37x129xf64>) {
  ^bb0(%a: f32, %o: f64):
    %d = arith.extf %a : f32 to f64
    %m = arith.mulf %d, %d : f64
    linalg.yield %m : f64
  } -> tensor<3x5x37x129xf64>
  %e2 = tensor.empty() : tensor<3x5x37xf64>
  %i2 = linalg.fill ins(%zero64 : f64) outs(%e2 : tensor<3x5x37xf64>) -> tensor<3x5x37xf64>
  %s64 = linalg.generic {indexing_maps = [#id, #red], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%sq : tensor<3x5x37x129xf64>) outs(%i2 : tensor<3x5x37xf64>) {
  ^bb0(%a: f64, %acc: f64):
    %s = arith.addf %acc, %a : f64
    linalg.yield %s : f64
  } -> tensor<3x5x37xf64>
  // softmax's guard: is every element -inf (and), is any (or)
  %eb = tensor.empty() : tensor<3x5x37x129xi1>
  %isninf = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x : tensor<3x5x37x129xf32>) outs(%eb : tensor<3x5x37x129xi1>) {
  ^bb0(%a: f32, %o: i1):
    %c = arith.cmpf oeq, %a, %ninf : f32
    linalg.yield %c : i1
  } -> tensor<3x5x37x129xi1>
  %e3 = tensor.empty() : tensor<3x5x37xi1>
  %i3 = linalg.fill ins(%true : i1) outs(%e3 : tensor<3x5x37xi1>) -> tensor<3x5x37xi1>
  %all = linalg.generic {indexing_maps = [#id, #red], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%isninf : tensor<3x5x37x129xi1>) outs(%i3 : tensor<3x5x37xi1>) {
  ^bb0(%a: i1, %acc: i1):
    %s = arith.andi %a, %acc : i1
    linalg.yield %s : i1
  } -> tensor<3x5x37xi1>
  %i4 = linalg.fill ins(%false : i1) outs(%e3 : tensor<3x5x37xi1>) -> tensor<3x5x37xi1>
  %any = linalg.generic {indexing_maps = [#id, #red], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%isninf : tensor<3x5x37x129xi1>) outs(%i4 : tensor<3x5x37xi1>) {
  ^bb0(%a: i1, %acc: i1):
    %s = arith.ori %acc, %a : i1
    linalg.yield %s : i1
  } -> tensor<3x5x37xi1>
  // aten.max.dim: the maximum and the first index that reached it, read
  // through a transposed map (the reduction strided by 129)
  %xt = tensor.empty() : tensor<3x5x129x37xf32>
  %t = linalg.transpose ins(%x : tensor<3x5x37x129xf32>) outs(%xt : tensor<3x5x129x37xf32>) permutation = [0, 1, 3, 2]
  %em = tensor.empty() : tensor<3x5x37xf32>
  %im = linalg.fill ins(%ninf : f32) outs(%em : tensor<3x5x37xf32>) -> tensor<3x5x37xf32>
  %ei = tensor.empty() : tensor<3x5x37xi64>
  %ii = linalg.fill ins(%c0 : i64) outs(%ei : tensor<3x5x37xi64>) -> tensor<3x5x37xi64>
  %mx:2 = linalg.generic {indexing_maps = [#id, #red, #red], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%x : tensor<3x5x37x129xf32>) outs(%im, %ii : tensor<3x5x37xf32>, tensor<3x5x37xi64>) {
  ^bb0(%a: f32, %m: f32, %j: i64):
    %k = linalg.index 3 : index
    %kk = arith.index_cast %k : index to i64
    %mm = arith.maximumf %a, %m : f32
    %gt = arith.cmpf ogt, %a, %m : f32
    %jj = arith.select %gt, %kk, %j : i64
    linalg.yield %mm, %jj : f32, i64
  } -> (tensor<3x5x37xf32>, tensor<3x5x37xi64>)
  // not innermost: a sum along h, the block path's (no tight loop)
  %eh = tensor.empty() : tensor<3x5x129xf32>
  %ih = linalg.fill ins(%half : f32) outs(%eh : tensor<3x5x129xf32>) -> tensor<3x5x129xf32>
  %sh = linalg.generic {indexing_maps = [#id, #redh], iterator_types = ["parallel", "parallel", "reduction", "parallel"]}
      ins(%x : tensor<3x5x37x129xf32>) outs(%ih : tensor<3x5x129xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  } -> tensor<3x5x129xf32>
  return %s32, %s64, %all, %any, %mx#0, %mx#1, %sh
      : tensor<3x5x37x1xf32>, tensor<3x5x37xf64>, tensor<3x5x37xi1>, tensor<3x5x37xi1>,
        tensor<3x5x37xf32>, tensor<3x5x37xi64>, tensor<3x5x129xf32>
}

// The argmax read through a transposed input (its reduction strided by
// 37), and bodies the tight loops do not take: cmpf oge (the last index of
// the maximum, not the first) and a sum of squares in the body.
func.func @strided(%x: tensor<3x5x37x129xf32>)
    -> (tensor<3x5x129xf32>, tensor<3x5x129xi64>, tensor<3x5x37xi64>, tensor<3x5x37xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : i64
  %em = tensor.empty() : tensor<3x5x129xf32>
  %im = linalg.fill ins(%ninf : f32) outs(%em : tensor<3x5x129xf32>) -> tensor<3x5x129xf32>
  %ei = tensor.empty() : tensor<3x5x129xi64>
  %ii = linalg.fill ins(%c0 : i64) outs(%ei : tensor<3x5x129xi64>) -> tensor<3x5x129xi64>
  %mx:2 = linalg.generic {indexing_maps = [#tr, #trout, #trout], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%x : tensor<3x5x37x129xf32>) outs(%im, %ii : tensor<3x5x129xf32>, tensor<3x5x129xi64>) {
  ^bb0(%a: f32, %m: f32, %j: i64):
    %k = linalg.index 3 : index
    %kk = arith.index_cast %k : index to i64
    %mm = arith.maximumf %m, %a : f32
    %gt = arith.cmpf ogt, %a, %m : f32
    %jj = arith.select %gt, %kk, %j : i64
    linalg.yield %mm, %jj : f32, i64
  } -> (tensor<3x5x129xf32>, tensor<3x5x129xi64>)
  %em2 = tensor.empty() : tensor<3x5x37xf32>
  %im2 = linalg.fill ins(%ninf : f32) outs(%em2 : tensor<3x5x37xf32>) -> tensor<3x5x37xf32>
  %ei2 = tensor.empty() : tensor<3x5x37xi64>
  %ii2 = linalg.fill ins(%c0 : i64) outs(%ei2 : tensor<3x5x37xi64>) -> tensor<3x5x37xi64>
  %last:2 = linalg.generic {indexing_maps = [#id, #red, #red], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%x : tensor<3x5x37x129xf32>) outs(%im2, %ii2 : tensor<3x5x37xf32>, tensor<3x5x37xi64>) {
  ^bb0(%a: f32, %m: f32, %j: i64):
    %k = linalg.index 3 : index
    %kk = arith.index_cast %k : index to i64
    %mm = arith.maximumf %a, %m : f32
    %ge = arith.cmpf oge, %a, %m : f32
    %jj = arith.select %ge, %kk, %j : i64
    linalg.yield %mm, %jj : f32, i64
  } -> (tensor<3x5x37xf32>, tensor<3x5x37xi64>)
  %z = linalg.fill ins(%zero : f32) outs(%em2 : tensor<3x5x37xf32>) -> tensor<3x5x37xf32>
  %ss = linalg.generic {indexing_maps = [#id, #red], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%x : tensor<3x5x37x129xf32>) outs(%z : tensor<3x5x37xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %p = arith.mulf %a, %a : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<3x5x37xf32>
  return %mx#0, %mx#1, %last#1, %ss : tensor<3x5x129xf32>, tensor<3x5x129xi64>, tensor<3x5x37xi64>, tensor<3x5x37xf32>
}
