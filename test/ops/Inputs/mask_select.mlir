// Selects by an i1 mask operand on the float-row path (test/ops/mask-select.test):
// a mask per element, a mask broadcast along the rows (torch's
// _safe_softmax: where(all(x == -inf), 0, softmax)), a scalar mask.
#id = affine_map<(i, j, k) -> (i, j, k)>
#row = affine_map<(i, j, k) -> (i, j, 0)>
#none = affine_map<(i, j, k) -> ()>
func.func @select(%x: tensor<3x5x37x129xf32>, %flag: i1)
    -> (tensor<3x185x129xf32>, tensor<3x185x129xf32>, tensor<3x185x129xf32>) {
  %c = tensor.collapse_shape %x [[0], [1, 2], [3]] : tensor<3x5x37x129xf32> into tensor<3x185x129xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x185x129xi1>
  %pos = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%c : tensor<3x185x129xf32>) outs(%e : tensor<3x185x129xi1>) {
  ^bb0(%v: f32, %o: i1):
    %p = arith.cmpf ogt, %v, %zero : f32
    linalg.yield %p : i1
  } -> tensor<3x185x129xi1>
  %er = tensor.empty() : tensor<3x185x1xi1>
  %rows = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%pos : tensor<3x185x129xi1>) outs(%er : tensor<3x185x1xi1>) {
  ^bb0(%v: i1, %o: i1):
    %a = arith.ori %v, %o : i1
    linalg.yield %a : i1
  } -> tensor<3x185x1xi1>
  %ef = tensor.empty() : tensor<3x185x129xf32>
  %half = arith.constant -0.5 : f32
  %a = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%pos, %c : tensor<3x185x129xi1>, tensor<3x185x129xf32>) outs(%ef : tensor<3x185x129xf32>) {
  ^bb0(%m: i1, %v: f32, %o: f32):
    %s = arith.select %m, %v, %half : f32
    linalg.yield %s : f32
  } -> tensor<3x185x129xf32>
  %b = linalg.generic {indexing_maps = [#row, #id, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%rows, %c : tensor<3x185x1xi1>, tensor<3x185x129xf32>) outs(%ef : tensor<3x185x129xf32>) {
  ^bb0(%m: i1, %v: f32, %o: f32):
    %n = arith.negf %v : f32
    %s = arith.select %m, %n, %v : f32
    linalg.yield %s : f32
  } -> tensor<3x185x129xf32>
  %d = linalg.generic {indexing_maps = [#none, #id, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%flag, %c : i1, tensor<3x185x129xf32>) outs(%ef : tensor<3x185x129xf32>) {
  ^bb0(%m: i1, %v: f32, %o: f32):
    %t = arith.mulf %v, %v : f32
    %s = arith.select %m, %t, %v : f32
    linalg.yield %s : f32
  } -> tensor<3x185x129xf32>
  return %a, %b, %d : tensor<3x185x129xf32>, tensor<3x185x129xf32>, tensor<3x185x129xf32>
}
