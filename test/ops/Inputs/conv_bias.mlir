// Convolutions whose init is their bias broadcast over the output
// (test/ops/conv-bias.test): @bias reads the bias through linalg.broadcast
// (the kernel starts every chain at its filter's bias, the broadcast never
// runs), @copy through a generic that multiplies the broadcast by one (an
// init the kernel reads as it is). Grouped images (small outputs), one image
// per product (large), and a 1x1 convolution that reads its input directly.
#id4 = affine_map<(n, c, h, w) -> (n, c, h, w)>
func.func @bias(%x: tensor<3x4x10x10xf32>, %w: tensor<5x4x3x3xf32>, %b: tensor<5xf32>,
                %y: tensor<1x3x50x50xf32>, %v: tensor<6x3x3x3xf32>, %c: tensor<6xf32>,
                %u: tensor<7x4x1x1xf32>, %d: tensor<7xf32>)
    -> (tensor<3x5x8x8xf32>, tensor<1x6x48x48xf32>, tensor<3x7x10x10xf32>) {
  %e0 = tensor.empty() : tensor<3x5x8x8xf32>
  %b0 = linalg.broadcast ins(%b : tensor<5xf32>) outs(%e0 : tensor<3x5x8x8xf32>) dimensions = [0, 2, 3]
  %r0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
      ins(%x, %w : tensor<3x4x10x10xf32>, tensor<5x4x3x3xf32>) outs(%b0 : tensor<3x5x8x8xf32>) -> tensor<3x5x8x8xf32>
  %e1 = tensor.empty() : tensor<1x6x48x48xf32>
  %b1 = linalg.broadcast ins(%c : tensor<6xf32>) outs(%e1 : tensor<1x6x48x48xf32>) dimensions = [0, 2, 3]
  %r1 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
      ins(%y, %v : tensor<1x3x50x50xf32>, tensor<6x3x3x3xf32>) outs(%b1 : tensor<1x6x48x48xf32>) -> tensor<1x6x48x48xf32>
  %e2 = tensor.empty() : tensor<3x7x10x10xf32>
  %b2 = linalg.broadcast ins(%d : tensor<7xf32>) outs(%e2 : tensor<3x7x10x10xf32>) dimensions = [0, 2, 3]
  %r2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
      ins(%x, %u : tensor<3x4x10x10xf32>, tensor<7x4x1x1xf32>) outs(%b2 : tensor<3x7x10x10xf32>) -> tensor<3x7x10x10xf32>
  return %r0, %r1, %r2 : tensor<3x5x8x8xf32>, tensor<1x6x48x48xf32>, tensor<3x7x10x10xf32>
}

func.func @copy(%x: tensor<3x4x10x10xf32>, %w: tensor<5x4x3x3xf32>, %b: tensor<5xf32>,
                %y: tensor<1x3x50x50xf32>, %v: tensor<6x3x3x3xf32>, %c: tensor<6xf32>,
                %u: tensor<7x4x1x1xf32>, %d: tensor<7xf32>)
    -> (tensor<3x5x8x8xf32>, tensor<1x6x48x48xf32>, tensor<3x7x10x10xf32>) {
  %one = arith.constant 1.0 : f32
  %e0 = tensor.empty() : tensor<3x5x8x8xf32>
  %b0 = linalg.broadcast ins(%b : tensor<5xf32>) outs(%e0 : tensor<3x5x8x8xf32>) dimensions = [0, 2, 3]
  %m0 = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%b0 : tensor<3x5x8x8xf32>) outs(%e0 : tensor<3x5x8x8xf32>) {
  ^bb0(%i: f32, %o: f32):
    %s = arith.mulf %i, %one : f32
    linalg.yield %s : f32
  } -> tensor<3x5x8x8xf32>
  %r0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
      ins(%x, %w : tensor<3x4x10x10xf32>, tensor<5x4x3x3xf32>) outs(%m0 : tensor<3x5x8x8xf32>) -> tensor<3x5x8x8xf32>
  %e1 = tensor.empty() : tensor<1x6x48x48xf32>
  %b1 = linalg.broadcast ins(%c : tensor<6xf32>) outs(%e1 : tensor<1x6x48x48xf32>) dimensions = [0, 2, 3]
  %m1 = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%b1 : tensor<1x6x48x48xf32>) outs(%e1 : tensor<1x6x48x48xf32>) {
  ^bb0(%i: f32, %o: f32):
    %s = arith.mulf %i, %one : f32
    linalg.yield %s : f32
  } -> tensor<1x6x48x48xf32>
  %r1 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
      ins(%y, %v : tensor<1x3x50x50xf32>, tensor<6x3x3x3xf32>) outs(%m1 : tensor<1x6x48x48xf32>) -> tensor<1x6x48x48xf32>
  %e2 = tensor.empty() : tensor<3x7x10x10xf32>
  %b2 = linalg.broadcast ins(%d : tensor<7xf32>) outs(%e2 : tensor<3x7x10x10xf32>) dimensions = [0, 2, 3]
  %m2 = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%b2 : tensor<3x7x10x10xf32>) outs(%e2 : tensor<3x7x10x10xf32>) {
  ^bb0(%i: f32, %o: f32):
    %s = arith.mulf %i, %one : f32
    linalg.yield %s : f32
  } -> tensor<3x7x10x10xf32>
  %r2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
      ins(%x, %u : tensor<3x4x10x10xf32>, tensor<7x4x1x1xf32>) outs(%m2 : tensor<3x7x10x10xf32>) -> tensor<3x7x10x10xf32>
  return %r0, %r1, %r2 : tensor<3x5x8x8xf32>, tensor<1x6x48x48xf32>, tensor<3x7x10x10xf32>
}
