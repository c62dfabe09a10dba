// Pads a convolution or pool does not read through (test/ops/pad-read-through.test):
// each runs, and the op reads the padded tensor. A pad of the channels as well
// as the image (the kernels pad height and width only), a padding value that
// depends on the indices (h + w), and a NaN padding value (whose bits a
// double need not keep).
func.func @fallback(%x: tensor<2x3x9x11xf32>, %w4: tensor<4x4x3x3xf32>, %w3: tensor<4x3x3x3xf32>)
    -> (tensor<2x4x9x11xf32>, tensor<2x3x5x6xf32>, tensor<2x4x9x11xf32>) {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %nan = arith.constant 0x7FC00000 : f32
  %win = tensor.empty() : tensor<3x3xf32>
  %e0 = tensor.empty() : tensor<2x4x9x11xf32>
  %i0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<2x4x9x11xf32>) -> tensor<2x4x9x11xf32>
  %pc = tensor.pad %x low[0, 1, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %zero : f32
  } : tensor<2x3x9x11xf32> to tensor<2x4x11x13xf32>
  %r0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
      ins(%pc, %w4 : tensor<2x4x11x13xf32>, tensor<4x4x3x3xf32>) outs(%i0 : tensor<2x4x9x11xf32>) -> tensor<2x4x9x11xf32>
  %e1 = tensor.empty() : tensor<2x3x5x6xf32>
  %i1 = linalg.fill ins(%ninf : f32) outs(%e1 : tensor<2x3x5x6xf32>) -> tensor<2x3x5x6xf32>
  %pi = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    %s = arith.addi %c, %d : index
    %si = arith.index_cast %s : index to i64
    %v = arith.sitofp %si : i64 to f32
    tensor.yield %v : f32
  } : tensor<2x3x9x11xf32> to tensor<2x3x11x13xf32>
  %r1 = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>}
      ins(%pi, %win : tensor<2x3x11x13xf32>, tensor<3x3xf32>) outs(%i1 : tensor<2x3x5x6xf32>) -> tensor<2x3x5x6xf32>
  %pn = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %nan : f32
  } : tensor<2x3x9x11xf32> to tensor<2x3x11x13xf32>
  %r2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
      ins(%pn, %w3 : tensor<2x3x11x13xf32>, tensor<4x3x3x3xf32>) outs(%i0 : tensor<2x4x9x11xf32>) -> tensor<2x4x9x11xf32>
  return %r0, %r1, %r2 : tensor<2x4x9x11xf32>, tensor<2x3x5x6xf32>, tensor<2x4x9x11xf32>
}
