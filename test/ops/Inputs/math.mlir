// math ops on tensors, and sigmoid / GELU compositions in linalg.generic bodies.
func.func @any(%x: tensor<32xf32>) -> (tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>) {
  %e = math.exp %x : tensor<32xf32>
  %t = math.tanh %x : tensor<32xf32>
  %r = math.erf %x : tensor<32xf32>
  %a = math.absf %x : tensor<32xf32>
  return %e, %t, %r, %a : tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>
}

// x > 0; y in [-2, 2]; n in [-3, 4].
func.func @pos(%x: tensor<32xf32>, %y: tensor<32xf32>, %n: tensor<32xi32>) -> (tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>) {
  %l = math.log %x : tensor<32xf32>
  %s = math.sqrt %x : tensor<32xf32>
  %r = math.rsqrt %x : tensor<32xf32>
  %p = math.powf %x, %y : tensor<32xf32>
  %i = math.fpowi %x, %n : tensor<32xf32>, tensor<32xi32>
  return %l, %s, %r, %p, %i : tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>
}

// Round half to even, on ties and near-ties.
func.func @roundeven(%x: tensor<16xf32>) -> tensor<16xf32> {
  %r = math.roundeven %x : tensor<16xf32>
  return %r : tensor<16xf32>
}

// sigmoid(x) = 1 / (1 + exp(-x)); gelu(x) = 0.5 x (1 + erf(x / sqrt(2))).
#id = affine_map<(i) -> (i)>
func.func @compositions(%x: tensor<32xf32>) -> (tensor<32xf32>, tensor<32xf32>) {
  %one = arith.constant 1.0 : f32
  %half = arith.constant 0.5 : f32
  %rsqrt2 = arith.constant 0.707106781186547524 : f32
  %e = tensor.empty() : tensor<32xf32>
  %r:2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<32xf32>) outs(%e, %e : tensor<32xf32>, tensor<32xf32>) {
  ^bb0(%v: f32, %o1: f32, %o2: f32):
    %n = arith.negf %v : f32
    %ex = math.exp %n : f32
    %d = arith.addf %one, %ex : f32
    %sg = arith.divf %one, %d : f32
    %s = arith.mulf %v, %rsqrt2 : f32
    %er = math.erf %s : f32
    %p = arith.addf %one, %er : f32
    %h = arith.mulf %v, %half : f32
    %g = arith.mulf %h, %p : f32
    linalg.yield %sg, %g : f32, f32
  } -> (tensor<32xf32>, tensor<32xf32>)
  return %r#0, %r#1 : tensor<32xf32>, tensor<32xf32>
}
