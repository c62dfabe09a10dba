// Convolutions, depthwise convolutions and pools whose input is a tensor.pad
// of one value (test/ops/pad-read-through.test). In @fused only the op reads
// each pad: the op reads the pad's source and makes the padding itself, and
// the pad never runs. @twice is the same function with every pad also read
// by a tensor.extract nobody uses: a second reader in the IR, so the pad runs
// and the op reads the padded tensor, as before (the reference).
// Cases: NCHW convolutions (stride 1 on small images, grouped into one sgemm;
// stride 2 and dilation 2 with uneven padding of 1.5; one large image; a 1x1
// convolution, direct without the pad; a 7x7 stride-2 stem), NCHW max pool
// (-inf) and sum pool (uneven), NCHW depthwise (stride 1; stride 2 padding
// -0.0), NHWC convolutions (HWCF; FHWC stride 2 uneven, 1.5), NHWC depthwise
// and max pool; and NCHW planes that the window kernels take in several bands
// of output rows (depthwise 112x112 padding 1.5: four bands; a max pool of
// rows 1000 wide: a band per output row).
func.func @fused(%x_conv_same: tensor<2x3x9x11xf32>,
    %w_conv_same: tensor<4x3x3x3xf32>,
    %x_conv_asym: tensor<2x3x9x11xf32>,
    %w_conv_asym: tensor<4x3x3x3xf32>,
    %x_conv_large: tensor<1x2x50x50xf32>,
    %w_conv_large: tensor<3x2x3x3xf32>,
    %x_conv_1x1: tensor<2x3x9x11xf32>,
    %w_conv_1x1: tensor<4x3x1x1xf32>,
    %x_conv_stem: tensor<2x3x9x11xf32>,
    %w_conv_stem: tensor<4x3x7x7xf32>,
    %x_max_nchw: tensor<2x3x9x11xf32>,
    %x_sum_nchw: tensor<2x3x9x11xf32>,
    %x_dw_nchw: tensor<2x3x9x11xf32>,
    %w_dw_nchw: tensor<3x3x3xf32>,
    %x_dw_nchw_s2: tensor<2x3x9x11xf32>,
    %w_dw_nchw_s2: tensor<3x3x3xf32>,
    %x_conv_hwcf: tensor<2x9x11x3xf32>,
    %w_conv_hwcf: tensor<3x3x3x4xf32>,
    %x_conv_fhwc: tensor<2x9x11x3xf32>,
    %w_conv_fhwc: tensor<4x3x3x3xf32>,
    %x_dw_nhwc: tensor<2x9x11x3xf32>,
    %w_dw_nhwc: tensor<3x3x3xf32>,
    %x_max_nhwc: tensor<2x9x11x3xf32>,
    %x_dw_bands: tensor<1x2x112x112xf32>,
    %w_dw_bands: tensor<2x3x3xf32>,
    %x_max_bands: tensor<1x2x20x1000xf32>)
    -> (tensor<2x4x9x11xf32>, tensor<2x4x4x5xf32>, tensor<1x3x50x50xf32>, tensor<2x4x11x13xf32>, tensor<2x4x5x6xf32>, tensor<2x3x5x6xf32>, tensor<2x3x8x12xf32>, tensor<2x3x9x11xf32>, tensor<2x3x5x6xf32>, tensor<2x9x11x4xf32>, tensor<2x5x6x4xf32>, tensor<2x9x11x3xf32>, tensor<2x5x6x3xf32>, tensor<1x2x112x112xf32>, tensor<1x2x10x500xf32>) {
  %zero = arith.constant 0.0 : f32
  %mzero = arith.constant -0.0 : f32
  %one5 = arith.constant 1.5 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %c0 = arith.constant 0 : index
  %win = tensor.empty() : tensor<3x3xf32>
  %p_conv_same = tensor.pad %x_conv_same low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<2x3x9x11xf32> to tensor<2x3x11x13xf32>
  %e_conv_same = tensor.empty() : tensor<2x4x9x11xf32>
  %i_conv_same = linalg.fill ins(%zero : f32) outs(%e_conv_same : tensor<2x4x9x11xf32>) -> tensor<2x4x9x11xf32>
  %r_conv_same = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%p_conv_same, %w_conv_same : tensor<2x3x11x13xf32>, tensor<4x3x3x3xf32>) outs(%i_conv_same : tensor<2x4x9x11xf32>) -> tensor<2x4x9x11xf32>
  %p_conv_asym = tensor.pad %x_conv_asym low[0, 0, 2, 0] high[0, 0, 0, 3] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %one5 : f32
  } : tensor<2x3x9x11xf32> to tensor<2x3x11x14xf32>
  %e_conv_asym = tensor.empty() : tensor<2x4x4x5xf32>
  %i_conv_asym = linalg.fill ins(%zero : f32) outs(%e_conv_asym : tensor<2x4x4x5xf32>) -> tensor<2x4x4x5xf32>
  %r_conv_asym = linalg.conv_2d_nchw_fchw {dilations = dense<2> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%p_conv_asym, %w_conv_asym : tensor<2x3x11x14xf32>, tensor<4x3x3x3xf32>) outs(%i_conv_asym : tensor<2x4x4x5xf32>) -> tensor<2x4x4x5xf32>
  %p_conv_large = tensor.pad %x_conv_large low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x2x50x50xf32> to tensor<1x2x52x52xf32>
  %e_conv_large = tensor.empty() : tensor<1x3x50x50xf32>
  %i_conv_large = linalg.fill ins(%zero : f32) outs(%e_conv_large : tensor<1x3x50x50xf32>) -> tensor<1x3x50x50xf32>
  %r_conv_large = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%p_conv_large, %w_conv_large : tensor<1x2x52x52xf32>, tensor<3x2x3x3xf32>) outs(%i_conv_large : tensor<1x3x50x50xf32>) -> tensor<1x3x50x50xf32>
  %p_conv_1x1 = tensor.pad %x_conv_1x1 low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<2x3x9x11xf32> to tensor<2x3x11x13xf32>
  %e_conv_1x1 = tensor.empty() : tensor<2x4x11x13xf32>
  %i_conv_1x1 = linalg.fill ins(%zero : f32) outs(%e_conv_1x1 : tensor<2x4x11x13xf32>) -> tensor<2x4x11x13xf32>
  %r_conv_1x1 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%p_conv_1x1, %w_conv_1x1 : tensor<2x3x11x13xf32>, tensor<4x3x1x1xf32>) outs(%i_conv_1x1 : tensor<2x4x11x13xf32>) -> tensor<2x4x11x13xf32>
  %p_conv_stem = tensor.pad %x_conv_stem low[0, 0, 3, 3] high[0, 0, 3, 3] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<2x3x9x11xf32> to tensor<2x3x15x17xf32>
  %e_conv_stem = tensor.empty() : tensor<2x4x5x6xf32>
  %i_conv_stem = linalg.fill ins(%zero : f32) outs(%e_conv_stem : tensor<2x4x5x6xf32>) -> tensor<2x4x5x6xf32>
  %r_conv_stem = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%p_conv_stem, %w_conv_stem : tensor<2x3x15x17xf32>, tensor<4x3x7x7xf32>) outs(%i_conv_stem : tensor<2x4x5x6xf32>) -> tensor<2x4x5x6xf32>
  %p_max_nchw = tensor.pad %x_max_nchw low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %ninf : f32
  } : tensor<2x3x9x11xf32> to tensor<2x3x11x13xf32>
  %e_max_nchw = tensor.empty() : tensor<2x3x5x6xf32>
  %i_max_nchw = linalg.fill ins(%ninf : f32) outs(%e_max_nchw : tensor<2x3x5x6xf32>) -> tensor<2x3x5x6xf32>
  %r_max_nchw = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%p_max_nchw, %win : tensor<2x3x11x13xf32>, tensor<3x3xf32>) outs(%i_max_nchw : tensor<2x3x5x6xf32>) -> tensor<2x3x5x6xf32>
  %p_sum_nchw = tensor.pad %x_sum_nchw low[0, 0, 1, 2] high[0, 0, 0, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<2x3x9x11xf32> to tensor<2x3x10x14xf32>
  %e_sum_nchw = tensor.empty() : tensor<2x3x8x12xf32>
  %i_sum_nchw = linalg.fill ins(%zero : f32) outs(%e_sum_nchw : tensor<2x3x8x12xf32>) -> tensor<2x3x8x12xf32>
  %r_sum_nchw = linalg.pooling_nchw_sum {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%p_sum_nchw, %win : tensor<2x3x10x14xf32>, tensor<3x3xf32>) outs(%i_sum_nchw : tensor<2x3x8x12xf32>) -> tensor<2x3x8x12xf32>
  %p_dw_nchw = tensor.pad %x_dw_nchw low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<2x3x9x11xf32> to tensor<2x3x11x13xf32>
  %e_dw_nchw = tensor.empty() : tensor<2x3x9x11xf32>
  %i_dw_nchw = linalg.fill ins(%zero : f32) outs(%e_dw_nchw : tensor<2x3x9x11xf32>) -> tensor<2x3x9x11xf32>
  %r_dw_nchw = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%p_dw_nchw, %w_dw_nchw : tensor<2x3x11x13xf32>, tensor<3x3x3xf32>) outs(%i_dw_nchw : tensor<2x3x9x11xf32>) -> tensor<2x3x9x11xf32>
  %p_dw_nchw_s2 = tensor.pad %x_dw_nchw_s2 low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %mzero : f32
  } : tensor<2x3x9x11xf32> to tensor<2x3x11x13xf32>
  %e_dw_nchw_s2 = tensor.empty() : tensor<2x3x5x6xf32>
  %i_dw_nchw_s2 = linalg.fill ins(%zero : f32) outs(%e_dw_nchw_s2 : tensor<2x3x5x6xf32>) -> tensor<2x3x5x6xf32>
  %r_dw_nchw_s2 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%p_dw_nchw_s2, %w_dw_nchw_s2 : tensor<2x3x11x13xf32>, tensor<3x3x3xf32>) outs(%i_dw_nchw_s2 : tensor<2x3x5x6xf32>) -> tensor<2x3x5x6xf32>
  %p_conv_hwcf = tensor.pad %x_conv_hwcf low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<2x9x11x3xf32> to tensor<2x11x13x3xf32>
  %e_conv_hwcf = tensor.empty() : tensor<2x9x11x4xf32>
  %i_conv_hwcf = linalg.fill ins(%zero : f32) outs(%e_conv_hwcf : tensor<2x9x11x4xf32>) -> tensor<2x9x11x4xf32>
  %r_conv_hwcf = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%p_conv_hwcf, %w_conv_hwcf : tensor<2x11x13x3xf32>, tensor<3x3x3x4xf32>) outs(%i_conv_hwcf : tensor<2x9x11x4xf32>) -> tensor<2x9x11x4xf32>
  %p_conv_fhwc = tensor.pad %x_conv_fhwc low[0, 1, 0, 0] high[0, 1, 2, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %one5 : f32
  } : tensor<2x9x11x3xf32> to tensor<2x11x13x3xf32>
  %e_conv_fhwc = tensor.empty() : tensor<2x5x6x4xf32>
  %i_conv_fhwc = linalg.fill ins(%zero : f32) outs(%e_conv_fhwc : tensor<2x5x6x4xf32>) -> tensor<2x5x6x4xf32>
  %r_conv_fhwc = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%p_conv_fhwc, %w_conv_fhwc : tensor<2x11x13x3xf32>, tensor<4x3x3x3xf32>) outs(%i_conv_fhwc : tensor<2x5x6x4xf32>) -> tensor<2x5x6x4xf32>
  %p_dw_nhwc = tensor.pad %x_dw_nhwc low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<2x9x11x3xf32> to tensor<2x11x13x3xf32>
  %e_dw_nhwc = tensor.empty() : tensor<2x9x11x3xf32>
  %i_dw_nhwc = linalg.fill ins(%zero : f32) outs(%e_dw_nhwc : tensor<2x9x11x3xf32>) -> tensor<2x9x11x3xf32>
  %r_dw_nhwc = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%p_dw_nhwc, %w_dw_nhwc : tensor<2x11x13x3xf32>, tensor<3x3x3xf32>) outs(%i_dw_nhwc : tensor<2x9x11x3xf32>) -> tensor<2x9x11x3xf32>
  %p_max_nhwc = tensor.pad %x_max_nhwc low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %ninf : f32
  } : tensor<2x9x11x3xf32> to tensor<2x11x13x3xf32>
  %e_max_nhwc = tensor.empty() : tensor<2x5x6x3xf32>
  %i_max_nhwc = linalg.fill ins(%ninf : f32) outs(%e_max_nhwc : tensor<2x5x6x3xf32>) -> tensor<2x5x6x3xf32>
  %r_max_nhwc = linalg.pooling_nhwc_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%p_max_nhwc, %win : tensor<2x11x13x3xf32>, tensor<3x3xf32>) outs(%i_max_nhwc : tensor<2x5x6x3xf32>) -> tensor<2x5x6x3xf32>
  %p_dw_bands = tensor.pad %x_dw_bands low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %one5 : f32
  } : tensor<1x2x112x112xf32> to tensor<1x2x114x114xf32>
  %e_dw_bands = tensor.empty() : tensor<1x2x112x112xf32>
  %i_dw_bands = linalg.fill ins(%zero : f32) outs(%e_dw_bands : tensor<1x2x112x112xf32>) -> tensor<1x2x112x112xf32>
  %r_dw_bands = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%p_dw_bands, %w_dw_bands : tensor<1x2x114x114xf32>, tensor<2x3x3xf32>) outs(%i_dw_bands : tensor<1x2x112x112xf32>) -> tensor<1x2x112x112xf32>
  %p_max_bands = tensor.pad %x_max_bands low[0, 0, 1, 1] high[0, 0, 1, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %ninf : f32
  } : tensor<1x2x20x1000xf32> to tensor<1x2x22x1001xf32>
  %e_max_bands = tensor.empty() : tensor<1x2x10x500xf32>
  %i_max_bands = linalg.fill ins(%ninf : f32) outs(%e_max_bands : tensor<1x2x10x500xf32>) -> tensor<1x2x10x500xf32>
  %r_max_bands = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%p_max_bands, %win : tensor<1x2x22x1001xf32>, tensor<3x3xf32>) outs(%i_max_bands : tensor<1x2x10x500xf32>) -> tensor<1x2x10x500xf32>
  return %r_conv_same, %r_conv_asym, %r_conv_large, %r_conv_1x1, %r_conv_stem, %r_max_nchw, %r_sum_nchw, %r_dw_nchw, %r_dw_nchw_s2, %r_conv_hwcf, %r_conv_fhwc, %r_dw_nhwc, %r_max_nhwc, %r_dw_bands, %r_max_bands : tensor<2x4x9x11xf32>, tensor<2x4x4x5xf32>, tensor<1x3x50x50xf32>, tensor<2x4x11x13xf32>, tensor<2x4x5x6xf32>, tensor<2x3x5x6xf32>, tensor<2x3x8x12xf32>, tensor<2x3x9x11xf32>, tensor<2x3x5x6xf32>, tensor<2x9x11x4xf32>, tensor<2x5x6x4xf32>, tensor<2x9x11x3xf32>, tensor<2x5x6x3xf32>, tensor<1x2x112x112xf32>, tensor<1x2x10x500xf32>
}

func.func @twice(%x_conv_same: tensor<2x3x9x11xf32>,
    %w_conv_same: tensor<4x3x3x3xf32>,
    %x_conv_asym: tensor<2x3x9x11xf32>,
    %w_conv_asym: tensor<4x3x3x3xf32>,
    %x_conv_large: tensor<1x2x50x50xf32>,
    %w_conv_large: tensor<3x2x3x3xf32>,
    %x_conv_1x1: tensor<2x3x9x11xf32>,
    %w_conv_1x1: tensor<4x3x1x1xf32>,
    %x_conv_stem: tensor<2x3x9x11xf32>,
    %w_conv_stem: tensor<4x3x7x7xf32>,
    %x_max_nchw: tensor<2x3x9x11xf32>,
    %x_sum_nchw: tensor<2x3x9x11xf32>,
    %x_dw_nchw: tensor<2x3x9x11xf32>,
    %w_dw_nchw: tensor<3x3x3xf32>,
    %x_dw_nchw_s2: tensor<2x3x9x11xf32>,
    %w_dw_nchw_s2: tensor<3x3x3xf32>,
    %x_conv_hwcf: tensor<2x9x11x3xf32>,
    %w_conv_hwcf: tensor<3x3x3x4xf32>,
    %x_conv_fhwc: tensor<2x9x11x3xf32>,
    %w_conv_fhwc: tensor<4x3x3x3xf32>,
    %x_dw_nhwc: tensor<2x9x11x3xf32>,
    %w_dw_nhwc: tensor<3x3x3xf32>,
    %x_max_nhwc: tensor<2x9x11x3xf32>,
    %x_dw_bands: tensor<1x2x112x112xf32>,
    %w_dw_bands: tensor<2x3x3xf32>,
    %x_max_bands: tensor<1x2x20x1000xf32>)
    -> (tensor<2x4x9x11xf32>, tensor<2x4x4x5xf32>, tensor<1x3x50x50xf32>, tensor<2x4x11x13xf32>, tensor<2x4x5x6xf32>, tensor<2x3x5x6xf32>, tensor<2x3x8x12xf32>, tensor<2x3x9x11xf32>, tensor<2x3x5x6xf32>, tensor<2x9x11x4xf32>, tensor<2x5x6x4xf32>, tensor<2x9x11x3xf32>, tensor<2x5x6x3xf32>, tensor<1x2x112x112xf32>, tensor<1x2x10x500xf32>) {
  %zero = arith.constant 0.0 : f32
  %mzero = arith.constant -0.0 : f32
  %one5 = arith.constant 1.5 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %c0 = arith.constant 0 : index
  %win = tensor.empty() : tensor<3x3xf32>
  %p_conv_same = tensor.pad %x_conv_same low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<2x3x9x11xf32> to tensor<2x3x11x13xf32>
  %twice_conv_same = tensor.extract %p_conv_same[%c0, %c0, %c0, %c0] : tensor<2x3x11x13xf32>
  %e_conv_same = tensor.empty() : tensor<2x4x9x11xf32>
  %i_conv_same = linalg.fill ins(%zero : f32) outs(%e_conv_same : tensor<2x4x9x11xf32>) -> tensor<2x4x9x11xf32>
  %r_conv_same = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%p_conv_same, %w_conv_same : tensor<2x3x11x13xf32>, tensor<4x3x3x3xf32>) outs(%i_conv_same : tensor<2x4x9x11xf32>) -> tensor<2x4x9x11xf32>
  %p_conv_asym = tensor.pad %x_conv_asym low[0, 0, 2, 0] high[0, 0, 0, 3] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %one5 : f32
  } : tensor<2x3x9x11xf32> to tensor<2x3x11x14xf32>
  %twice_conv_asym = tensor.extract %p_conv_asym[%c0, %c0, %c0, %c0] : tensor<2x3x11x14xf32>
  %e_conv_asym = tensor.empty() : tensor<2x4x4x5xf32>
  %i_conv_asym = linalg.fill ins(%zero : f32) outs(%e_conv_asym : tensor<2x4x4x5xf32>) -> tensor<2x4x4x5xf32>
  %r_conv_asym = linalg.conv_2d_nchw_fchw {dilations = dense<2> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%p_conv_asym, %w_conv_asym : tensor<2x3x11x14xf32>, tensor<4x3x3x3xf32>) outs(%i_conv_asym : tensor<2x4x4x5xf32>) -> tensor<2x4x4x5xf32>
  %p_conv_large = tensor.pad %x_conv_large low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x2x50x50xf32> to tensor<1x2x52x52xf32>
  %twice_conv_large = tensor.extract %p_conv_large[%c0, %c0, %c0, %c0] : tensor<1x2x52x52xf32>
  %e_conv_large = tensor.empty() : tensor<1x3x50x50xf32>
  %i_conv_large = linalg.fill ins(%zero : f32) outs(%e_conv_large : tensor<1x3x50x50xf32>) -> tensor<1x3x50x50xf32>
  %r_conv_large = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%p_conv_large, %w_conv_large : tensor<1x2x52x52xf32>, tensor<3x2x3x3xf32>) outs(%i_conv_large : tensor<1x3x50x50xf32>) -> tensor<1x3x50x50xf32>
  %p_conv_1x1 = tensor.pad %x_conv_1x1 low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<2x3x9x11xf32> to tensor<2x3x11x13xf32>
  %twice_conv_1x1 = tensor.extract %p_conv_1x1[%c0, %c0, %c0, %c0] : tensor<2x3x11x13xf32>
  %e_conv_1x1 = tensor.empty() : tensor<2x4x11x13xf32>
  %i_conv_1x1 = linalg.fill ins(%zero : f32) outs(%e_conv_1x1 : tensor<2x4x11x13xf32>) -> tensor<2x4x11x13xf32>
  %r_conv_1x1 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%p_conv_1x1, %w_conv_1x1 : tensor<2x3x11x13xf32>, tensor<4x3x1x1xf32>) outs(%i_conv_1x1 : tensor<2x4x11x13xf32>) -> tensor<2x4x11x13xf32>
  %p_conv_stem = tensor.pad %x_conv_stem low[0, 0, 3, 3] high[0, 0, 3, 3] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<2x3x9x11xf32> to tensor<2x3x15x17xf32>
  %twice_conv_stem = tensor.extract %p_conv_stem[%c0, %c0, %c0, %c0] : tensor<2x3x15x17xf32>
  %e_conv_stem = tensor.empty() : tensor<2x4x5x6xf32>
  %i_conv_stem = linalg.fill ins(%zero : f32) outs(%e_conv_stem : tensor<2x4x5x6xf32>) -> tensor<2x4x5x6xf32>
  %r_conv_stem = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%p_conv_stem, %w_conv_stem : tensor<2x3x15x17xf32>, tensor<4x3x7x7xf32>) outs(%i_conv_stem : tensor<2x4x5x6xf32>) -> tensor<2x4x5x6xf32>
  %p_max_nchw = tensor.pad %x_max_nchw low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %ninf : f32
  } : tensor<2x3x9x11xf32> to tensor<2x3x11x13xf32>
  %twice_max_nchw = tensor.extract %p_max_nchw[%c0, %c0, %c0, %c0] : tensor<2x3x11x13xf32>
  %e_max_nchw = tensor.empty() : tensor<2x3x5x6xf32>
  %i_max_nchw = linalg.fill ins(%ninf : f32) outs(%e_max_nchw : tensor<2x3x5x6xf32>) -> tensor<2x3x5x6xf32>
  %r_max_nchw = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%p_max_nchw, %win : tensor<2x3x11x13xf32>, tensor<3x3xf32>) outs(%i_max_nchw : tensor<2x3x5x6xf32>) -> tensor<2x3x5x6xf32>
  %p_sum_nchw = tensor.pad %x_sum_nchw low[0, 0, 1, 2] high[0, 0, 0, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<2x3x9x11xf32> to tensor<2x3x10x14xf32>
  %twice_sum_nchw = tensor.extract %p_sum_nchw[%c0, %c0, %c0, %c0] : tensor<2x3x10x14xf32>
  %e_sum_nchw = tensor.empty() : tensor<2x3x8x12xf32>
  %i_sum_nchw = linalg.fill ins(%zero : f32) outs(%e_sum_nchw : tensor<2x3x8x12xf32>) -> tensor<2x3x8x12xf32>
  %r_sum_nchw = linalg.pooling_nchw_sum {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%p_sum_nchw, %win : tensor<2x3x10x14xf32>, tensor<3x3xf32>) outs(%i_sum_nchw : tensor<2x3x8x12xf32>) -> tensor<2x3x8x12xf32>
  %p_dw_nchw = tensor.pad %x_dw_nchw low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<2x3x9x11xf32> to tensor<2x3x11x13xf32>
  %twice_dw_nchw = tensor.extract %p_dw_nchw[%c0, %c0, %c0, %c0] : tensor<2x3x11x13xf32>
  %e_dw_nchw = tensor.empty() : tensor<2x3x9x11xf32>
  %i_dw_nchw = linalg.fill ins(%zero : f32) outs(%e_dw_nchw : tensor<2x3x9x11xf32>) -> tensor<2x3x9x11xf32>
  %r_dw_nchw = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%p_dw_nchw, %w_dw_nchw : tensor<2x3x11x13xf32>, tensor<3x3x3xf32>) outs(%i_dw_nchw : tensor<2x3x9x11xf32>) -> tensor<2x3x9x11xf32>
  %p_dw_nchw_s2 = tensor.pad %x_dw_nchw_s2 low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %mzero : f32
  } : tensor<2x3x9x11xf32> to tensor<2x3x11x13xf32>
  %twice_dw_nchw_s2 = tensor.extract %p_dw_nchw_s2[%c0, %c0, %c0, %c0] : tensor<2x3x11x13xf32>
  %e_dw_nchw_s2 = tensor.empty() : tensor<2x3x5x6xf32>
  %i_dw_nchw_s2 = linalg.fill ins(%zero : f32) outs(%e_dw_nchw_s2 : tensor<2x3x5x6xf32>) -> tensor<2x3x5x6xf32>
  %r_dw_nchw_s2 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%p_dw_nchw_s2, %w_dw_nchw_s2 : tensor<2x3x11x13xf32>, tensor<3x3x3xf32>) outs(%i_dw_nchw_s2 : tensor<2x3x5x6xf32>) -> tensor<2x3x5x6xf32>
  %p_conv_hwcf = tensor.pad %x_conv_hwcf low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<2x9x11x3xf32> to tensor<2x11x13x3xf32>
  %twice_conv_hwcf = tensor.extract %p_conv_hwcf[%c0, %c0, %c0, %c0] : tensor<2x11x13x3xf32>
  %e_conv_hwcf = tensor.empty() : tensor<2x9x11x4xf32>
  %i_conv_hwcf = linalg.fill ins(%zero : f32) outs(%e_conv_hwcf : tensor<2x9x11x4xf32>) -> tensor<2x9x11x4xf32>
  %r_conv_hwcf = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%p_conv_hwcf, %w_conv_hwcf : tensor<2x11x13x3xf32>, tensor<3x3x3x4xf32>) outs(%i_conv_hwcf : tensor<2x9x11x4xf32>) -> tensor<2x9x11x4xf32>
  %p_conv_fhwc = tensor.pad %x_conv_fhwc low[0, 1, 0, 0] high[0, 1, 2, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %one5 : f32
  } : tensor<2x9x11x3xf32> to tensor<2x11x13x3xf32>
  %twice_conv_fhwc = tensor.extract %p_conv_fhwc[%c0, %c0, %c0, %c0] : tensor<2x11x13x3xf32>
  %e_conv_fhwc = tensor.empty() : tensor<2x5x6x4xf32>
  %i_conv_fhwc = linalg.fill ins(%zero : f32) outs(%e_conv_fhwc : tensor<2x5x6x4xf32>) -> tensor<2x5x6x4xf32>
  %r_conv_fhwc = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%p_conv_fhwc, %w_conv_fhwc : tensor<2x11x13x3xf32>, tensor<4x3x3x3xf32>) outs(%i_conv_fhwc : tensor<2x5x6x4xf32>) -> tensor<2x5x6x4xf32>
  %p_dw_nhwc = tensor.pad %x_dw_nhwc low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<2x9x11x3xf32> to tensor<2x11x13x3xf32>
  %twice_dw_nhwc = tensor.extract %p_dw_nhwc[%c0, %c0, %c0, %c0] : tensor<2x11x13x3xf32>
  %e_dw_nhwc = tensor.empty() : tensor<2x9x11x3xf32>
  %i_dw_nhwc = linalg.fill ins(%zero : f32) outs(%e_dw_nhwc : tensor<2x9x11x3xf32>) -> tensor<2x9x11x3xf32>
  %r_dw_nhwc = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%p_dw_nhwc, %w_dw_nhwc : tensor<2x11x13x3xf32>, tensor<3x3x3xf32>) outs(%i_dw_nhwc : tensor<2x9x11x3xf32>) -> tensor<2x9x11x3xf32>
  %p_max_nhwc = tensor.pad %x_max_nhwc low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %ninf : f32
  } : tensor<2x9x11x3xf32> to tensor<2x11x13x3xf32>
  %twice_max_nhwc = tensor.extract %p_max_nhwc[%c0, %c0, %c0, %c0] : tensor<2x11x13x3xf32>
  %e_max_nhwc = tensor.empty() : tensor<2x5x6x3xf32>
  %i_max_nhwc = linalg.fill ins(%ninf : f32) outs(%e_max_nhwc : tensor<2x5x6x3xf32>) -> tensor<2x5x6x3xf32>
  %r_max_nhwc = linalg.pooling_nhwc_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%p_max_nhwc, %win : tensor<2x11x13x3xf32>, tensor<3x3xf32>) outs(%i_max_nhwc : tensor<2x5x6x3xf32>) -> tensor<2x5x6x3xf32>
  %p_dw_bands = tensor.pad %x_dw_bands low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %one5 : f32
  } : tensor<1x2x112x112xf32> to tensor<1x2x114x114xf32>
  %twice_dw_bands = tensor.extract %p_dw_bands[%c0, %c0, %c0, %c0] : tensor<1x2x114x114xf32>
  %e_dw_bands = tensor.empty() : tensor<1x2x112x112xf32>
  %i_dw_bands = linalg.fill ins(%zero : f32) outs(%e_dw_bands : tensor<1x2x112x112xf32>) -> tensor<1x2x112x112xf32>
  %r_dw_bands = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%p_dw_bands, %w_dw_bands : tensor<1x2x114x114xf32>, tensor<2x3x3xf32>) outs(%i_dw_bands : tensor<1x2x112x112xf32>) -> tensor<1x2x112x112xf32>
  %p_max_bands = tensor.pad %x_max_bands low[0, 0, 1, 1] high[0, 0, 1, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %ninf : f32
  } : tensor<1x2x20x1000xf32> to tensor<1x2x22x1001xf32>
  %twice_max_bands = tensor.extract %p_max_bands[%c0, %c0, %c0, %c0] : tensor<1x2x22x1001xf32>
  %e_max_bands = tensor.empty() : tensor<1x2x10x500xf32>
  %i_max_bands = linalg.fill ins(%ninf : f32) outs(%e_max_bands : tensor<1x2x10x500xf32>) -> tensor<1x2x10x500xf32>
  %r_max_bands = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%p_max_bands, %win : tensor<1x2x22x1001xf32>, tensor<3x3xf32>) outs(%i_max_bands : tensor<1x2x10x500xf32>) -> tensor<1x2x10x500xf32>
  return %r_conv_same, %r_conv_asym, %r_conv_large, %r_conv_1x1, %r_conv_stem, %r_max_nchw, %r_sum_nchw, %r_dw_nchw, %r_dw_nchw_s2, %r_conv_hwcf, %r_conv_fhwc, %r_dw_nhwc, %r_max_nhwc, %r_dw_bands, %r_max_bands : tensor<2x4x9x11xf32>, tensor<2x4x4x5xf32>, tensor<1x3x50x50xf32>, tensor<2x4x11x13xf32>, tensor<2x4x5x6xf32>, tensor<2x3x5x6xf32>, tensor<2x3x8x12xf32>, tensor<2x3x9x11xf32>, tensor<2x3x5x6xf32>, tensor<2x9x11x4xf32>, tensor<2x5x6x4xf32>, tensor<2x9x11x3xf32>, tensor<2x5x6x3xf32>, tensor<1x2x112x112xf32>, tensor<1x2x10x500xf32>
}
// inputs, in order:
//   conv_same (2, 3, 9, 11) (4, 3, 3, 3)
//   conv_asym (2, 3, 9, 11) (4, 3, 3, 3)
//   conv_large (1, 2, 50, 50) (3, 2, 3, 3)
//   conv_1x1 (2, 3, 9, 11) (4, 3, 1, 1)
//   conv_stem (2, 3, 9, 11) (4, 3, 7, 7)
//   max_nchw (2, 3, 9, 11)
//   sum_nchw (2, 3, 9, 11)
//   dw_nchw (2, 3, 9, 11) (3, 3, 3)
//   dw_nchw_s2 (2, 3, 9, 11) (3, 3, 3)
//   conv_hwcf (2, 9, 11, 3) (3, 3, 3, 4)
//   conv_fhwc (2, 9, 11, 3) (4, 3, 3, 3)
//   dw_nhwc (2, 9, 11, 3) (3, 3, 3)
//   max_nhwc (2, 9, 11, 3)
//   dw_bands (1, 2, 112, 112) (2, 3, 3)
//   max_bands (1, 2, 20, 1000)
