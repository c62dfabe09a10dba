// Functions the interpreter must refuse, each with a diagnostic at the op.
func.func @dynamic_arg(%x: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %y = arith.addf %x, %x : tensor<?x3xf32>
  return %y : tensor<?x3xf32>
}

func.func @dynamic_value(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %d = tensor.cast %x : tensor<2x3xf32> to tensor<?x3xf32>
  %s = tensor.cast %d : tensor<?x3xf32> to tensor<2x3xf32>
  return %s : tensor<2x3xf32>
}

func.func @unsupported_op(%x: tensor<2x3xf32>, %i: tensor<1x1xindex>) -> tensor<1xf32> {
  %g = tensor.gather %x[%i] gather_dims([0]) : (tensor<2x3xf32>, tensor<1x1xindex>) -> tensor<1x3xf32>
  %c0 = arith.constant 0 : index
  %v = tensor.extract %g[%c0, %c0] : tensor<1x3xf32>
  %r = tensor.from_elements %v : tensor<1xf32>
  return %r : tensor<1xf32>
}

#id = affine_map<(i, j) -> (i, j)>
func.func @unsupported_scalar(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %e = tensor.empty() : tensor<2x3xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) {
  ^bb0(%a: f32, %o: f32):
    %c = math.cbrt %a : f32
    linalg.yield %c : f32
  } -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

func.func @unsupported_type(%x: tensor<2x3xf16>) -> tensor<2x3xf16> {
  %y = arith.addf %x, %x : tensor<2x3xf16>
  return %y : tensor<2x3xf16>
}

// The body writes into the outer tensor %t (reading one with
// tensor.extract or tensor.dim is supported: test/ops/tensor.test).
func.func @captured_tensor(%x: tensor<2x3xf32>, %t: tensor<3xf32>) -> tensor<2x3xf32> {
  %e = tensor.empty() : tensor<2x3xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) {
  ^bb0(%a: f32, %o: f32):
    %j = linalg.index 1 : index
    %u = tensor.insert %a into %t[%j] : tensor<3xf32>
    %b = tensor.extract %u[%j] : tensor<3xf32>
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}
