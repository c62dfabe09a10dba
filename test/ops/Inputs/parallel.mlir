// Ops whose fast paths split their work over the worker pool
// (test/ops/parallel.test): elementwise generics (rows split, and one long
// row split by elements), reductions (their lanes split, never their steps),
// tensor.pad, bodies that read linalg.index.
#map4 = affine_map<(n, c, h, w) -> (n, c, h, w)>
#chan = affine_map<(n, c, h, w) -> (c)>
#red = affine_map<(n, c, h, w) -> (n, c, h)>
#redh = affine_map<(n, c, h, w) -> (n, c, w)>
#map1 = affine_map<(i) -> (i)>
func.func @ops(%x: tensor<2x3x67x129xf32>, %c: tensor<3xf32>, %v: tensor<100003xf32>)
    -> (tensor<2x3x67x129xf32>, tensor<100003xf32>, tensor<2x3x67xf32>,
        tensor<2x3x70x133xf32>, tensor<2x3x69x130xf32>, tensor<2x3x67x129xf32>,
        tensor<2x3x67x129xf32>, tensor<2x3x67x129xf32>, tensor<2x3x67xf32>,
        tensor<2x3x129xf32>, tensor<2x3x67x129xf32>, tensor<2x3x67x129xf32>) {
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
  // max and argmax over h (torch-mlir's softmax max): linalg.index of a row
  // loop, i64 and f32 outputs reduced together, lanes split over the pool
  %ninf = arith.constant 0xFF800000 : f32
  %izero = arith.constant 0 : i64
  %e3h = tensor.empty() : tensor<2x3x129xf32>
  %e3hi = tensor.empty() : tensor<2x3x129xi64>
  %mh = linalg.fill ins(%ninf : f32) outs(%e3h : tensor<2x3x129xf32>) -> tensor<2x3x129xf32>
  %ih = linalg.fill ins(%izero : i64) outs(%e3hi : tensor<2x3x129xi64>) -> tensor<2x3x129xi64>
  %am:2 = linalg.generic {indexing_maps = [#map4, #redh, #redh], iterator_types = ["parallel", "parallel", "reduction", "parallel"]}
      ins(%x : tensor<2x3x67x129xf32>) outs(%mh, %ih : tensor<2x3x129xf32>, tensor<2x3x129xi64>) {
  ^bb0(%xi: f32, %m: f32, %i: i64):
    %h = linalg.index 2 : index
    %hi = arith.index_cast %h : index to i64
    %mx = arith.maximumf %xi, %m : f32
    %gt = arith.cmpf ogt, %xi, %m : f32
    %ni = arith.select %gt, %hi, %i : i64
    linalg.yield %mx, %ni : f32, i64
  } -> (tensor<2x3x129xf32>, tensor<2x3x129xi64>)
  %amf = linalg.generic {indexing_maps = [affine_map<(n, c, w) -> (n, c, w)>, affine_map<(n, c, w) -> (n, c, w)>, affine_map<(n, c, w) -> (n, c, w)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%am#0, %am#1 : tensor<2x3x129xf32>, tensor<2x3x129xi64>) outs(%e3h : tensor<2x3x129xf32>) {
  ^bb0(%mi: f32, %ii: i64, %o: f32):
    %if = arith.sitofp %ii : i64 to f32
    %k = arith.constant 1.0e3 : f32
    %s = arith.mulf %if, %k : f32
    %t = arith.addf %s, %mi : f32
    linalg.yield %t : f32
  } -> tensor<2x3x129xf32>
  // elementwise, every loop's index: the loops merge into one, so each
  // index is a digit of the merged one (mixed radix)
  %ix = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x : tensor<2x3x67x129xf32>) outs(%e4 : tensor<2x3x67x129xf32>) {
  ^bb0(%xi: f32, %o: f32):
    %i0 = linalg.index 0 : index
    %i1 = linalg.index 1 : index
    %i2 = linalg.index 2 : index
    %i3 = linalg.index 3 : index
    %j0 = arith.index_cast %i0 : index to i64
    %j1 = arith.index_cast %i1 : index to i64
    %j2 = arith.index_cast %i2 : index to i64
    %j3 = arith.index_cast %i3 : index to i64
    %c10 = arith.constant 10 : i64
    %c1000 = arith.constant 1000 : i64
    %a0 = arith.muli %j0, %c10 : i64
    %a1 = arith.addi %a0, %j1 : i64
    %a2 = arith.muli %a1, %c1000 : i64
    %a3 = arith.addi %a2, %j2 : i64
    %a4 = arith.muli %a3, %c1000 : i64
    %a5 = arith.addi %a4, %j3 : i64
    %fl = arith.sitofp %a5 : i64 to f32
    %sum = arith.addf %fl, %xi : f32
    linalg.yield %sum : f32
  } -> tensor<2x3x67x129xf32>
  // _safe_softmax's guard: cmpf in f64 to i1, an andi reduction along w,
  // and a select on the broadcast result
  %e4b = tensor.empty() : tensor<2x3x67x129xi1>
  %isninf = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x : tensor<2x3x67x129xf32>) outs(%e4b : tensor<2x3x67x129xi1>) {
  ^bb0(%xi: f32, %o: i1):
    %d = arith.extf %xi : f32 to f64
    %q = arith.constant 0.0 : f64
    %lt = arith.cmpf olt, %d, %q : f64
    %h = arith.constant 0.0625 : f64
    %eq = arith.cmpf oeq, %d, %h : f64
    %ne = arith.cmpf oeq, %d, %d : f64
    %either = arith.ori %lt, %eq : i1
    %both = arith.andi %either, %ne : i1
    linalg.yield %both : i1
  } -> tensor<2x3x67x129xi1>
  %true = arith.constant true
  %e3b = tensor.empty() : tensor<2x3x67xi1>
  %tb = linalg.fill ins(%true : i1) outs(%e3b : tensor<2x3x67xi1>) -> tensor<2x3x67xi1>
  %all = linalg.generic {indexing_maps = [#map4, #red], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%isninf : tensor<2x3x67x129xi1>) outs(%tb : tensor<2x3x67xi1>) {
  ^bb0(%bi: i1, %acc: i1):
    %both = arith.andi %bi, %acc : i1
    linalg.yield %both : i1
  } -> tensor<2x3x67xi1>
  %any = linalg.generic {indexing_maps = [#map4, #red], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%isninf : tensor<2x3x67x129xi1>) outs(%all : tensor<2x3x67xi1>) {
  ^bb0(%bi: i1, %acc: i1):
    %either = arith.ori %bi, %acc : i1
    linalg.yield %either : i1
  } -> tensor<2x3x67xi1>
  %guard = linalg.generic {indexing_maps = [#red, #map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%any, %x, %g : tensor<2x3x67xi1>, tensor<2x3x67x129xf32>, tensor<2x3x67x129xf32>) outs(%e4 : tensor<2x3x67x129xf32>) {
  ^bb0(%ai: i1, %xi: f32, %gi: f32, %o: f32):
    %s = arith.select %ai, %xi, %gi : f32
    linalg.yield %s : f32
  } -> tensor<2x3x67x129xf32>
  return %a, %b, %r, %p, %p0, %f, %g, %bb, %t32, %amf, %ix, %guard : tensor<2x3x67x129xf32>, tensor<100003xf32>, tensor<2x3x67xf32>, tensor<2x3x70x133xf32>, tensor<2x3x69x130xf32>, tensor<2x3x67x129xf32>, tensor<2x3x67x129xf32>, tensor<2x3x67x129xf32>, tensor<2x3x67xf32>, tensor<2x3x129xf32>, tensor<2x3x67x129xf32>, tensor<2x3x67x129xf32>
}
