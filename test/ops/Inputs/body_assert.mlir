// An embedding gather as torch-mlir writes it: a linalg.generic whose body
// checks each token id with cf.assert before tensor.extract of the table
// (test/ops/body-assert.test); @in_if and @pad_assert: scf.if, tensor.pad.
#ids = affine_map<(d0, d1, d2) -> (d0, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @embed(%arg0: tensor<2x3xi64>) -> tensor<2x3x2xf32> {
  %table = arith.constant dense<[[0.0, 0.5], [1.0, 1.5], [2.0, 2.5], [3.0, 3.5]]> : tensor<4x2xf32>
  %c4 = arith.constant 4 : index
  %c0_i64 = arith.constant 0 : i64
  %e = tensor.empty() : tensor<2x3x2xf32>
  %r = linalg.generic {indexing_maps = [#ids, #out], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<2x3xi64>) outs(%e : tensor<2x3x2xf32>) {
  ^bb0(%in: i64, %o: f32):
    %i = arith.index_cast %in : i64 to index
    %j = linalg.index 2 : index
    %lt = arith.cmpi slt, %i, %c4 : index
    cf.assert %lt, "index must be smaller than dim size"
    %ge = arith.cmpi sge, %in, %c0_i64 : i64
    cf.assert %ge, "index must be larger or equal to 0"
    %v = tensor.extract %table[%i, %j] : tensor<4x2xf32>
    linalg.yield %v : f32
  } -> tensor<2x3x2xf32>
  return %r : tensor<2x3x2xf32>
}

func.func @in_if(%arg0: tensor<2x3xi64>) -> tensor<2x3x2xf32> {
  %table = arith.constant dense<[[0.0, 0.5], [1.0, 1.5], [2.0, 2.5], [3.0, 3.5]]> : tensor<4x2xf32>
  %c4 = arith.constant 4 : index
  %e = tensor.empty() : tensor<2x3x2xf32>
  %r = linalg.generic {indexing_maps = [#ids, #out], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<2x3xi64>) outs(%e : tensor<2x3x2xf32>) {
  ^bb0(%in: i64, %o: f32):
    %i = arith.index_cast %in : i64 to index
    %j = linalg.index 2 : index
    %lt = arith.cmpi slt, %i, %c4 : index
    %v = scf.if %lt -> (f32) {
      cf.assert %lt, "never"
      %x = tensor.extract %table[%i, %j] : tensor<4x2xf32>
      scf.yield %x : f32
    } else {
      scf.yield %o : f32
    }
    linalg.yield %v : f32
  } -> tensor<2x3x2xf32>
  return %r : tensor<2x3x2xf32>
}

func.func @pad_assert(%arg0: tensor<2x3xi64>) -> tensor<2x5xi64> {
  %c0 = arith.constant 0 : i64
  %p = tensor.pad %arg0 low[0, 1] high[0, 1] {
  ^bb0(%i: index, %j: index):
    %t = arith.constant true
    cf.assert %t, "pads never fail"
    tensor.yield %c0 : i64
  } : tensor<2x3xi64> to tensor<2x5xi64>
  return %p : tensor<2x5xi64>
}
