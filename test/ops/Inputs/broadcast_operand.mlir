// Inputs that a pure broadcast produced are read from the broadcast's
// source (test/ops/broadcast-operand.test).
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#mid = affine_map<(d0, d1, d2) -> (d1)>
func.func @main(%x: tensor<5x16xf32>, %b: tensor<16xf32>, %y: tensor<2x3x7xf32>, %c: tensor<3xf32>)
    -> (tensor<5x16xf32>, tensor<2x3x7xf32>, tensor<2x3x7xf32>, tensor<2x3x7xf32>) {
  // a linear's bias, as torch-mlir writes it: linalg.broadcast, then add
  %e0 = tensor.empty() : tensor<5x16xf32>
  %bb = linalg.broadcast ins(%b : tensor<16xf32>) outs(%e0 : tensor<5x16xf32>) dimensions = [0]
  %sum = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x, %bb : tensor<5x16xf32>, tensor<5x16xf32>) outs(%e0 : tensor<5x16xf32>) {
  ^bb0(%xi: f32, %bi: f32, %o: f32):
    %s = arith.addf %xi, %bi : f32
    linalg.yield %s : f32
  } -> tensor<5x16xf32>
  // a broadcast written as a generic, along the middle dimension, then mul
  %e1 = tensor.empty() : tensor<2x3x7xf32>
  %cb = linalg.generic {indexing_maps = [#mid, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%c : tensor<3xf32>) outs(%e1 : tensor<2x3x7xf32>) {
  ^bb0(%ci: f32, %o: f32):
    linalg.yield %ci : f32
  } -> tensor<2x3x7xf32>
  %prod = linalg.generic {indexing_maps = [#id3, #id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%y, %cb : tensor<2x3x7xf32>, tensor<2x3x7xf32>) outs(%e1 : tensor<2x3x7xf32>) {
  ^bb0(%yi: f32, %ci: f32, %o: f32):
    %m = arith.mulf %yi, %ci : f32
    linalg.yield %m : f32
  } -> tensor<2x3x7xf32>
  // a broadcast that is also returned: it still runs, its reader reads
  // through it all the same
  %cb2 = linalg.broadcast ins(%c : tensor<3xf32>) outs(%e1 : tensor<2x3x7xf32>) dimensions = [0, 2]
  %diff = linalg.generic {indexing_maps = [#id3, #id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%y, %cb2 : tensor<2x3x7xf32>, tensor<2x3x7xf32>) outs(%e1 : tensor<2x3x7xf32>) {
  ^bb0(%yi: f32, %ci: f32, %o: f32):
    %d = arith.subf %yi, %ci : f32
    linalg.yield %d : f32
  } -> tensor<2x3x7xf32>
  return %sum, %prod, %diff, %cb2 : tensor<5x16xf32>, tensor<2x3x7xf32>, tensor<2x3x7xf32>, tensor<2x3x7xf32>
}
