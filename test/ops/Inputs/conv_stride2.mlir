// NCHW convolutions whose im2col rows are made with a stride of 2 or more
// (test/ops/conv-stride2.test): the even floats of an input row, copied 16
// (AVX-512) or 8 (AVX2) at a time (kernels.c, colCopy). Runs of 37 outputs
// (two blocks of 16 and a tail of 5) whose last tap is the tensor's last
// float (no load may reach past it); a ResNet-18 stem (7x7, padding 3, read
// through the pad: runs cut by the padding); runs of exactly 32 (the last
// full block masks its second load); 1x1 taps, runs of 9 (a tail alone);
// small images grouped into one product (runs of 3 across images); and a
// stride of 3, which stays on the scalar loop.
func.func @strided(%x37: tensor<1x2x9x75xf32>, %w37: tensor<3x2x3x3xf32>,
    %xstem: tensor<2x3x33x33xf32>, %wstem: tensor<4x3x7x7xf32>,
    %x32: tensor<1x1x5x65xf32>, %w32: tensor<2x1x3x3xf32>,
    %x1x1: tensor<1x2x4x17xf32>, %w1x1: tensor<3x2x1x1xf32>,
    %xgrp: tensor<4x2x8x8xf32>, %wgrp: tensor<3x2x3x3xf32>,
    %xs3: tensor<1x2x10x40xf32>, %ws3: tensor<3x2x3x3xf32>)
    -> (tensor<1x3x4x37xf32>, tensor<2x4x17x17xf32>, tensor<1x2x2x32xf32>,
        tensor<1x3x2x9xf32>, tensor<4x3x3x3xf32>, tensor<1x3x3x13xf32>) {
  %zero = arith.constant 0.0 : f32
  %e37 = tensor.empty() : tensor<1x3x4x37xf32>
  %i37 = linalg.fill ins(%zero : f32) outs(%e37 : tensor<1x3x4x37xf32>) -> tensor<1x3x4x37xf32>
  %r37 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%x37, %w37 : tensor<1x2x9x75xf32>, tensor<3x2x3x3xf32>) outs(%i37 : tensor<1x3x4x37xf32>) -> tensor<1x3x4x37xf32>
  %pstem = tensor.pad %xstem low[0, 0, 3, 3] high[0, 0, 3, 3] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<2x3x33x33xf32> to tensor<2x3x39x39xf32>
  %estem = tensor.empty() : tensor<2x4x17x17xf32>
  %istem = linalg.fill ins(%zero : f32) outs(%estem : tensor<2x4x17x17xf32>) -> tensor<2x4x17x17xf32>
  %rstem = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%pstem, %wstem : tensor<2x3x39x39xf32>, tensor<4x3x7x7xf32>) outs(%istem : tensor<2x4x17x17xf32>) -> tensor<2x4x17x17xf32>
  %e32 = tensor.empty() : tensor<1x2x2x32xf32>
  %i32 = linalg.fill ins(%zero : f32) outs(%e32 : tensor<1x2x2x32xf32>) -> tensor<1x2x2x32xf32>
  %r32 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%x32, %w32 : tensor<1x1x5x65xf32>, tensor<2x1x3x3xf32>) outs(%i32 : tensor<1x2x2x32xf32>) -> tensor<1x2x2x32xf32>
  %e1x1 = tensor.empty() : tensor<1x3x2x9xf32>
  %i1x1 = linalg.fill ins(%zero : f32) outs(%e1x1 : tensor<1x3x2x9xf32>) -> tensor<1x3x2x9xf32>
  %r1x1 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%x1x1, %w1x1 : tensor<1x2x4x17xf32>, tensor<3x2x1x1xf32>) outs(%i1x1 : tensor<1x3x2x9xf32>) -> tensor<1x3x2x9xf32>
  %egrp = tensor.empty() : tensor<4x3x3x3xf32>
  %igrp = linalg.fill ins(%zero : f32) outs(%egrp : tensor<4x3x3x3xf32>) -> tensor<4x3x3x3xf32>
  %rgrp = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%xgrp, %wgrp : tensor<4x2x8x8xf32>, tensor<3x2x3x3xf32>) outs(%igrp : tensor<4x3x3x3xf32>) -> tensor<4x3x3x3xf32>
  %es3 = tensor.empty() : tensor<1x3x3x13xf32>
  %is3 = linalg.fill ins(%zero : f32) outs(%es3 : tensor<1x3x3x13xf32>) -> tensor<1x3x3x13xf32>
  %rs3 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<3> : vector<2xi64>} ins(%xs3, %ws3 : tensor<1x2x10x40xf32>, tensor<3x2x3x3xf32>) outs(%is3 : tensor<1x3x3x13xf32>) -> tensor<1x3x3x13xf32>
  return %r37, %rstem, %r32, %r1x1, %rgrp, %rs3 : tensor<1x3x4x37xf32>, tensor<2x4x17x17xf32>, tensor<1x2x2x32xf32>, tensor<1x3x2x9xf32>, tensor<4x3x3x3xf32>, tensor<1x3x3x13xf32>
}
