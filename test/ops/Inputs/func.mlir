// func.func, func.call, func.return with several results, cf.assert.
func.func private @sum_diff(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %s = arith.addf %a, %b : tensor<2x3xf32>
  %d = arith.subf %a, %b : tensor<2x3xf32>
  return %s, %d : tensor<2x3xf32>, tensor<2x3xf32>
}

func.func private @square(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %p = arith.mulf %a, %a : tensor<2x3xf32>
  return %p : tensor<2x3xf32>
}

// (a+b)*(a-b), (a+b)^2 through a nested call, and the argument a itself.
func.func @main(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %s, %d = call @sum_diff(%a, %b) : (tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>)
  %p = arith.mulf %s, %d : tensor<2x3xf32>
  %q = call @square(%s) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %p, %q, %a : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}

// Asserts x[0, 0] > 0, then returns x.
func.func @checked(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %v = tensor.extract %x[%c0, %c0] : tensor<2x3xf32>
  %ok = arith.cmpf ogt, %v, %zero : f32
  cf.assert %ok, "x[0, 0] must be positive"
  return %x : tensor<2x3xf32>
}
