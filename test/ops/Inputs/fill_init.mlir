// Products and convolutions whose init is a linalg.fill (test/ops/fill-init.test):
// @fill starts every chain at the fill's value (the fill never runs), @copy
// reads an init made by a generic from the same fill (multiplied by one).
#id2 = affine_map<(i, j) -> (i, j)>
#id4 = affine_map<(a, b, c, d) -> (a, b, c, d)>
func.func @fill(%a: tensor<37x21xf32>, %b: tensor<21x45xf32>, %x: tensor<3x6x9x10xf32>,
                %w: tensor<2x3x10x4xf32>, %v: tensor<5x6x3x3xf32>)
    -> (tensor<37x45xf32>, tensor<3x5x7x4xf32>, tensor<3x5x7x8xf32>) {
  %c = arith.constant -0.375 : f32
  %z = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<37x45xf32>
  %f0 = linalg.fill ins(%c : f32) outs(%e0 : tensor<37x45xf32>) -> tensor<37x45xf32>
  %r0 = linalg.matmul ins(%a, %b : tensor<37x21xf32>, tensor<21x45xf32>) outs(%f0 : tensor<37x45xf32>) -> tensor<37x45xf32>
  %e1 = tensor.empty() : tensor<3x5x7x4xf32>
  %f1 = linalg.fill ins(%c : f32) outs(%e1 : tensor<3x5x7x4xf32>) -> tensor<3x5x7x4xf32>
  %r1 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
      ins(%x, %w : tensor<3x6x9x10xf32>, tensor<2x3x10x4xf32>) outs(%f1 : tensor<3x5x7x4xf32>) -> tensor<3x5x7x4xf32>
  %e2 = tensor.empty() : tensor<3x5x7x8xf32>
  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<3x5x7x8xf32>) -> tensor<3x5x7x8xf32>
  %r2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
      ins(%x, %v : tensor<3x6x9x10xf32>, tensor<5x6x3x3xf32>) outs(%f2 : tensor<3x5x7x8xf32>) -> tensor<3x5x7x8xf32>
  return %r0, %r1, %r2 : tensor<37x45xf32>, tensor<3x5x7x4xf32>, tensor<3x5x7x8xf32>
}

func.func @copy(%a: tensor<37x21xf32>, %b: tensor<21x45xf32>, %x: tensor<3x6x9x10xf32>,
                %w: tensor<2x3x10x4xf32>, %v: tensor<5x6x3x3xf32>)
    -> (tensor<37x45xf32>, tensor<3x5x7x4xf32>, tensor<3x5x7x8xf32>) {
  %c = arith.constant -0.375 : f32
  %z = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %e0 = tensor.empty() : tensor<37x45xf32>
  %f0 = linalg.fill ins(%c : f32) outs(%e0 : tensor<37x45xf32>) -> tensor<37x45xf32>
  %m0 = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%f0 : tensor<37x45xf32>) outs(%e0 : tensor<37x45xf32>) {
  ^bb0(%i: f32, %o: f32):
    %s = arith.mulf %i, %one : f32
    linalg.yield %s : f32
  } -> tensor<37x45xf32>
  %r0 = linalg.matmul ins(%a, %b : tensor<37x21xf32>, tensor<21x45xf32>) outs(%m0 : tensor<37x45xf32>) -> tensor<37x45xf32>
  %e1 = tensor.empty() : tensor<3x5x7x4xf32>
  %f1 = linalg.fill ins(%c : f32) outs(%e1 : tensor<3x5x7x4xf32>) -> tensor<3x5x7x4xf32>
  %m1 = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%f1 : tensor<3x5x7x4xf32>) outs(%e1 : tensor<3x5x7x4xf32>) {
  ^bb0(%i: f32, %o: f32):
    %s = arith.mulf %i, %one : f32
    linalg.yield %s : f32
  } -> tensor<3x5x7x4xf32>
  %r1 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
      ins(%x, %w : tensor<3x6x9x10xf32>, tensor<2x3x10x4xf32>) outs(%m1 : tensor<3x5x7x4xf32>) -> tensor<3x5x7x4xf32>
  %e2 = tensor.empty() : tensor<3x5x7x8xf32>
  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<3x5x7x8xf32>) -> tensor<3x5x7x8xf32>
  %m2 = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%f2 : tensor<3x5x7x8xf32>) outs(%e2 : tensor<3x5x7x8xf32>) {
  ^bb0(%i: f32, %o: f32):
    %s = arith.mulf %i, %one : f32
    linalg.yield %s : f32
  } -> tensor<3x5x7x8xf32>
  %r2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
      ins(%x, %v : tensor<3x6x9x10xf32>, tensor<5x6x3x3xf32>) outs(%m2 : tensor<3x5x7x8xf32>) -> tensor<3x5x7x8xf32>
  return %r0, %r1, %r2 : tensor<37x45xf32>, tensor<3x5x7x4xf32>, tensor<3x5x7x8xf32>
}
