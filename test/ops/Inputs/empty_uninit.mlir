// tensor.empty is left unzeroed only when every op that reads it writes it
// whole first (test/ops/empty-uninit.test). Each function first fills and
// frees a tensor of the same size with nonzero values, so that an empty
// handed the same memory unzeroed would show them.
#id = affine_map<(i, j) -> (i, j)>
#tr = affine_map<(i, j) -> (j, i)>
#row = affine_map<(i, j) -> (i)>

// written whole: an elementwise generic, a transpose, a fill, a generic
// through a permuted output map
func.func @overwritten(%x: tensor<64x48xf32>) -> (tensor<64x48xf32>, tensor<48x64xf32>, tensor<64x48xf32>, tensor<48x64xf32>) {
  %junk = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<64x48xf32>) outs(%x : tensor<64x48xf32>) {
  ^bb0(%a: f32, %o: f32):
    %c = arith.constant 7.0 : f32
    %s = arith.addf %a, %c : f32
    linalg.yield %s : f32
  } -> tensor<64x48xf32>
  %e = tensor.empty() : tensor<64x48xf32>
  %a = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %junk : tensor<64x48xf32>, tensor<64x48xf32>) outs(%e : tensor<64x48xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %s = arith.mulf %p, %q : f32
    linalg.yield %s : f32
  } -> tensor<64x48xf32>
  %et = tensor.empty() : tensor<48x64xf32>
  %t = linalg.transpose ins(%a : tensor<64x48xf32>) outs(%et : tensor<48x64xf32>) permutation = [1, 0]
  %one = arith.constant 1.0 : f32
  %e2 = tensor.empty() : tensor<64x48xf32>
  %f = linalg.fill ins(%one : f32) outs(%e2 : tensor<64x48xf32>) -> tensor<64x48xf32>
  %e3 = tensor.empty() : tensor<48x64xf32>
  %p = linalg.generic {indexing_maps = [#id, #tr], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<64x48xf32>) outs(%e3 : tensor<48x64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %n = arith.negf %v : f32
    linalg.yield %n : f32
  } -> tensor<48x64xf32>
  return %a, %t, %f, %p : tensor<64x48xf32>, tensor<48x64xf32>, tensor<64x48xf32>, tensor<48x64xf32>
}

// read: a body that reads its init, a reduction into an empty, an
// insert_slice into part of one, an empty returned: each stays zeroed
func.func @read(%x: tensor<64x48xf32>) -> (tensor<64x48xf32>, tensor<64xf32>, tensor<64x48xf32>, tensor<64x48xf32>) {
  %junk = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<64x48xf32>) outs(%x : tensor<64x48xf32>) {
  ^bb0(%a: f32, %o: f32):
    %c = arith.constant 7.0 : f32
    %s = arith.addf %a, %c : f32
    linalg.yield %s : f32
  } -> tensor<64x48xf32>
  %e = tensor.empty() : tensor<64x48xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%junk : tensor<64x48xf32>) outs(%e : tensor<64x48xf32>) {
  ^bb0(%p: f32, %o: f32):
    %s = arith.addf %p, %o : f32
    linalg.yield %s : f32
  } -> tensor<64x48xf32>
  %er = tensor.empty() : tensor<64xf32>
  %r = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<64x48xf32>) outs(%er : tensor<64xf32>) {
  ^bb0(%p: f32, %o: f32):
    %s = arith.addf %p, %o : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  %ei = tensor.empty() : tensor<64x48xf32>
  %part = tensor.extract_slice %x[0, 0] [32, 48] [1, 1] : tensor<64x48xf32> to tensor<32x48xf32>
  %i = tensor.insert_slice %part into %ei[16, 0] [32, 48] [1, 1] : tensor<32x48xf32> into tensor<64x48xf32>
  %ez = tensor.empty() : tensor<64x48xf32>
  return %a, %r, %i, %ez : tensor<64x48xf32>, tensor<64xf32>, tensor<64x48xf32>, tensor<64x48xf32>
}
