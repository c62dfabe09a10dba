// Ops whose fast paths split their work over the worker pool
// (test/ops/parallel.test): elementwise generics (rows split, and one long
// row split by elements), a reduction (never split), tensor.pad.
#map4 = affine_map<(n, c, h, w) -> (n, c, h, w)>
#chan = affine_map<(n, c, h, w) -> (c)>
#red = affine_map<(n, c, h, w) -> (n, c, h)>
#map1 = affine_map<(i) -> (i)>
func.func @ops(%x: tensor<2x3x67x129xf32>, %c: tensor<3xf32>, %v: tensor<100003xf32>)
    -> (tensor<2x3x67x129xf32>, tensor<100003xf32>, tensor<2x3x67xf32>,
        tensor<2x3x70x133xf32>, tensor<2x3x69x130xf32>, tensor<2x3x67x129xf32>,
        tensor<2x3x67x129xf32>, tensor<2x3x67x129xf32>, tensor<2x3x67xf32>) {
  %e4 = tensor.empty() : tensor<2x3x67x129xf32>
  // per-channel scale and shift, tanh: a row per (n, c, h)
  %a = linalg.generic {indexing_maps = [#map4, #chan, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %c : tensor<2x3x67x129xf32>, tensor<3xf32>) outs(%e4 : tensor<2x3x67x129xf32>) {
  ^bb0(%xi: f32, %ci: f32, %o: f32):
    %m = arith.mulf %xi, %ci : f32
    %s = arith.addf %m, %xi : f32
    %t = math.tanh %s : f32
    linalg.yield %t : f32
  } -> tensor<2x3x67x129xf32>
  // one long row: exp(v) / (1 + v*v)
  %e1 = tensor.empty() : tensor<100003xf32>
  %b = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]}
      ins(%v : tensor<100003xf32>) outs(%e1 : tensor<100003xf32>) {
  ^bb0(%vi: f32, %o: f32):
    %one = arith.constant 1.0 : f32
    %sq = arith.mulf %vi, %vi : f32
    %d = arith.addf %sq, %one : f32
    %ex = math.exp %vi : f32
    %q = arith.divf %ex, %d : f32
    linalg.yield %q : f32
  } -> tensor<100003xf32>
  // a sum along w: a reduction, whose order the pool must not change
  %zero = arith.constant 0.0 : f32
  %e3 = tensor.empty() : tensor<2x3x67xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e3 : tensor<2x3x67xf32>) -> tensor<2x3x67xf32>
  %r = linalg.generic {indexing_maps = [#map4, #red], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%x : tensor<2x3x67x129xf32>) outs(%z : tensor<2x3x67xf32>) {
  ^bb0(%xi: f32, %acc: f32):
    %s = arith.addf %acc, %xi : f32
    linalg.yield %s : f32
  } -> tensor<2x3x67xf32>
  // padding by a constant that is not zero, and by zero
  %half = arith.constant 0.5 : f32
  %p = tensor.pad %x low[0, 0, 1, 2] high[0, 0, 2, 2] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %half : f32
  } : tensor<2x3x67x129xf32> to tensor<2x3x70x133xf32>
  %p0 = tensor.pad %x low[0, 0, 2, 1] high[0, 0, 0, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<2x3x67x129xf32> to tensor<2x3x69x130xf32>
  // f64 arithmetic as torch-mlir's layer norm writes it, then exp and
  // rsqrt in f32 (the block paths' own loops for these ops)
  %f = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x : tensor<2x3x67x129xf32>) outs(%e4 : tensor<2x3x67x129xf32>) {
  ^bb0(%xi: f32, %o: f32):
    %d = arith.extf %xi : f32 to f64
    %sq = arith.mulf %d, %d : f64
    %k = arith.constant 1.0e-5 : f64
    %s = arith.addf %sq, %k : f64
    %q = arith.divf %d, %s : f64
    %t = arith.truncf %q : f64 to f32
    %ex = math.exp %t : f32
    %rs = math.rsqrt %ex : f32
    %th = math.tanh %rs : f32
    %sr = math.sqrt %th : f32
    linalg.yield %sr : f32
  } -> tensor<2x3x67x129xf32>
  // the same in f32 only: the f32 row path
  %g = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x : tensor<2x3x67x129xf32>) outs(%e4 : tensor<2x3x67x129xf32>) {
  ^bb0(%xi: f32, %o: f32):
    %ex = math.exp %xi : f32
    %rs = math.rsqrt %ex : f32
    %th = math.tanh %rs : f32
    %sr = math.sqrt %th : f32
    linalg.yield %sr : f32
  } -> tensor<2x3x67x129xf32>
  // a bias broadcast into a convolution's init: each row one value
  %bb = linalg.broadcast ins(%c : tensor<3xf32>) outs(%e4 : tensor<2x3x67x129xf32>) dimensions = [0, 2, 3]
  // a layer norm's variance in f64: f64 tensors in and out of the block
  // paths, a reduction over them, back to f32
  %e64 = tensor.empty() : tensor<2x3x67x129xf64>
  %d64 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x : tensor<2x3x67x129xf32>) outs(%e64 : tensor<2x3x67x129xf64>) {
  ^bb0(%xi: f32, %o: f64):
    %d = arith.extf %xi : f32 to f64
    %sq = arith.mulf %d, %d : f64
    linalg.yield %sq : f64
  } -> tensor<2x3x67x129xf64>
  %zero64 = arith.constant 0.0 : f64
  %e364 = tensor.empty() : tensor<2x3x67xf64>
  %z64 = linalg.fill ins(%zero64 : f64) outs(%e364 : tensor<2x3x67xf64>) -> tensor<2x3x67xf64>
  %s64 = linalg.generic {indexing_maps = [#map4, #red], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%d64 : tensor<2x3x67x129xf64>) outs(%z64 : tensor<2x3x67xf64>) {
  ^bb0(%xi: f64, %acc: f64):
    %s = arith.addf %acc, %xi : f64
    linalg.yield %s : f64
  } -> tensor<2x3x67xf64>
  %t32 = linalg.generic {indexing_maps = [affine_map<(n, c, h) -> (n, c, h)>, affine_map<(n, c, h) -> (n, c, h)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%s64 : tensor<2x3x67xf64>) outs(%e3 : tensor<2x3x67xf32>) {
  ^bb0(%si: f64, %o: f32):
    %t = arith.truncf %si : f64 to f32
    linalg.yield %t : f32
  } -> tensor<2x3x67xf32>
  return %a, %b, %r, %p, %p0, %f, %g, %bb, %t32 : tensor<2x3x67x129xf32>, tensor<100003xf32>, tensor<2x3x67xf32>, tensor<2x3x70x133xf32>, tensor<2x3x69x130xf32>, tensor<2x3x67x129xf32>, tensor<2x3x67x129xf32>, tensor<2x3x67x129xf32>, tensor<2x3x67xf32>
}
