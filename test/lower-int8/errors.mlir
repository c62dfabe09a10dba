// Bad input for pt2e-lower-int8: each is an error at the op and the pass
// fails, leaving the IR as it was (docs/lower-int8.md, "Bad input"); a wrong
// rescale is never written.
//
// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-lower-int8)' --verify-diagnostics -o /dev/null 2>&1

// The output scale is so small that the rescale's scale,
// s_x * s_w / s_out = 1 * 0.5 / 1e-12, needs a left shift: no 32-bit
// multiplier with a shift in [2, 62] represents it.
func.func @unrepresentable(%x: tensor<1x2x3x3xf32>) -> tensor<1x4x3x3xf32> {
  %q = quant.qcast %x : tensor<1x2x3x3xf32> to tensor<1x2x3x3x!quant.uniform<i8:f32, 1.0:0>>
  %d = quant.dcast %q : tensor<1x2x3x3x!quant.uniform<i8:f32, 1.0:0>> to tensor<1x2x3x3xf32>
  %wi = arith.constant dense<1> : tensor<4x2x1x1xi8>
  %ws = quant.scast %wi : tensor<4x2x1x1xi8> to tensor<4x2x1x1x!quant.uniform<i8<-127:127>:f32:0, {0.5, 0.5, 0.5, 0.5}>>
  %w = quant.dcast %ws : tensor<4x2x1x1x!quant.uniform<i8<-127:127>:f32:0, {0.5, 0.5, 0.5, 0.5}>> to tensor<4x2x1x1xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x4x3x3xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4x3x3xf32>) -> tensor<1x4x3x3xf32>
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%d, %w : tensor<1x2x3x3xf32>, tensor<4x2x1x1xf32>) outs(%init : tensor<1x4x3x3xf32>) -> tensor<1x4x3x3xf32>
  // expected-error@+1 {{'pt2e-lower-int8': rescale scale 5e+11 (channel 0) has no TOSA 32-bit multiplier with a shift in [2, 62]: the unit cannot be requantized}}
  %qy = quant.qcast %y : tensor<1x4x3x3xf32> to tensor<1x4x3x3x!quant.uniform<i8:f32, 1.0e-12:0>>
  %dy = quant.dcast %qy : tensor<1x4x3x3x!quant.uniform<i8:f32, 1.0e-12:0>> to tensor<1x4x3x3xf32>
  return %dy : tensor<1x4x3x3xf32>
}

// -----

// A zero point the i8 storage cannot hold (MLIR's quant type accepts it).
func.func @zero_point_range(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'pt2e-lower-int8': zero point 300 outside the storage range [-128, 127]}}
  %q = quant.qcast %x : tensor<4xf32> to tensor<4x!quant.uniform<i8:f32, 0.1:300>>
  %d = quant.dcast %q : tensor<4x!quant.uniform<i8:f32, 0.1:300>> to tensor<4xf32>
  return %d : tensor<4xf32>
}

// -----

// Narrow storage: i8<-127:127> cannot hold -128 either.
func.func @zero_point_narrow(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'pt2e-lower-int8': zero point -128 outside the storage range [-127, 127]}}
  %q = quant.qcast %x : tensor<4xf32> to tensor<4x!quant.uniform<i8<-127:127>:f32, 0.1:-128>>
  %d = quant.dcast %q : tensor<4x!quant.uniform<i8<-127:127>:f32, 0.1:-128>> to tensor<4xf32>
  return %d : tensor<4xf32>
}

// -----

// A per-channel weight whose scales run along its input channels (axis 1,
// 2 scales) while the conv has 4 output channels: the per-channel rescale
// has no scale for channels 2 and 3.
func.func @scale_count(%x: tensor<1x2x3x3xf32>) -> tensor<1x4x3x3xf32> {
  %q = quant.qcast %x : tensor<1x2x3x3xf32> to tensor<1x2x3x3x!quant.uniform<i8:f32, 0.1:0>>
  %d = quant.dcast %q : tensor<1x2x3x3x!quant.uniform<i8:f32, 0.1:0>> to tensor<1x2x3x3xf32>
  %wi = arith.constant dense<1> : tensor<4x2x1x1xi8>
  %ws = quant.scast %wi : tensor<4x2x1x1xi8> to tensor<4x2x1x1x!quant.uniform<i8<-127:127>:f32:1, {0.5, 0.25}>>
  %w = quant.dcast %ws : tensor<4x2x1x1x!quant.uniform<i8<-127:127>:f32:1, {0.5, 0.25}>> to tensor<4x2x1x1xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x4x3x3xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4x3x3xf32>) -> tensor<1x4x3x3xf32>
  // expected-error@+1 {{'pt2e-lower-int8': per-channel weight has 2 scales along its axis 1, which is not the output-channel axis 0 of 4 channels: no per-channel rescale matches it}}
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%d, %w : tensor<1x2x3x3xf32>, tensor<4x2x1x1xf32>) outs(%init : tensor<1x4x3x3xf32>) -> tensor<1x4x3x3xf32>
  %qy = quant.qcast %y : tensor<1x4x3x3xf32> to tensor<1x4x3x3x!quant.uniform<i8:f32, 0.2:0>>
  %dy = quant.dcast %qy : tensor<1x4x3x3x!quant.uniform<i8:f32, 0.2:0>> to tensor<1x4x3x3xf32>
  return %dy : tensor<1x4x3x3xf32>
}

// -----

// A concat whose input 1 must be rescaled to the output's qparams by
// 1.0 / 1e-12: no 32-bit multiplier, an error at the concat.
func.func @concat_unrepresentable(%x: tensor<2xf32>, %y: tensor<2xf32>) -> tensor<4xf32> {
  %qx = quant.qcast %x : tensor<2xf32> to tensor<2x!quant.uniform<i8:f32, 1.0e-12:0>>
  %dx = quant.dcast %qx : tensor<2x!quant.uniform<i8:f32, 1.0e-12:0>> to tensor<2xf32>
  %qy = quant.qcast %y : tensor<2xf32> to tensor<2x!quant.uniform<i8:f32, 1.0:0>>
  %dy = quant.dcast %qy : tensor<2x!quant.uniform<i8:f32, 1.0:0>> to tensor<2xf32>
  // expected-error@+1 {{'pt2e-lower-int8': rescale scale 1e+12 (channel 0) has no TOSA 32-bit multiplier with a shift in [2, 62]: the unit cannot be requantized}}
  %cat = tensor.concat dim(0) %dx, %dy : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
  %qc = quant.qcast %cat : tensor<4xf32> to tensor<4x!quant.uniform<i8:f32, 1.0e-12:0>>
  %dc = quant.dcast %qc : tensor<4x!quant.uniform<i8:f32, 1.0e-12:0>> to tensor<4xf32>
  return %dc : tensor<4xf32>
}

// -----

// A TOSA-form tosa.matmul whose per-channel weight runs along K (axis 1)
// instead of the output columns P (axis 2).
func.func @tosa_matmul_weight_axis(%a: tensor<1x2x3xf32>) -> tensor<1x2x2xf32> {
  %qa = quant.qcast %a : tensor<1x2x3xf32> to tensor<1x2x3x!quant.uniform<i8:f32, 0.5:1>>
  %da = quant.dcast %qa : tensor<1x2x3x!quant.uniform<i8:f32, 0.5:1>> to tensor<1x2x3xf32>
  %wi = "tosa.const"() <{values = dense<1> : tensor<1x3x2xi8>}> : () -> tensor<1x3x2xi8>
  %ws = quant.scast %wi : tensor<1x3x2xi8> to tensor<1x3x2x!quant.uniform<i8<-127:127>:f32:1, {0.25, 0.5, 0.5}>>
  %w = quant.dcast %ws : tensor<1x3x2x!quant.uniform<i8<-127:127>:f32:1, {0.25, 0.5, 0.5}>> to tensor<1x3x2xf32>
  %z = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  // expected-error@+1 {{'pt2e-lower-int8': per-channel weight has 3 scales along its axis 1, which is not the output-channel axis 2 of 2 channels: no per-channel rescale matches it}}
  %y = tosa.matmul %da, %w, %z, %z : (tensor<1x2x3xf32>, tensor<1x3x2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x2x2xf32>
  %qy = quant.qcast %y : tensor<1x2x2xf32> to tensor<1x2x2x!quant.uniform<i8:f32, 0.5:3>>
  %dy = quant.dcast %qy : tensor<1x2x2x!quant.uniform<i8:f32, 0.5:3>> to tensor<1x2x2xf32>
  return %dy : tensor<1x2x2xf32>
}

// -----

// A TOSA-form tosa.depthwise_conv2d whose per-channel weight runs along KW
// (axis 1) instead of the channels C (axis 2).
func.func @tosa_depthwise_weight_axis(%x: tensor<1x3x3x2xf32>) -> tensor<1x2x2x2xf32> {
  %q = quant.qcast %x : tensor<1x3x3x2xf32> to tensor<1x3x3x2x!quant.uniform<i8:f32, 0.5:2>>
  %d = quant.dcast %q : tensor<1x3x3x2x!quant.uniform<i8:f32, 0.5:2>> to tensor<1x3x3x2xf32>
  %wi = "tosa.const"() <{values = dense<1> : tensor<2x2x2x1xi8>}> : () -> tensor<2x2x2x1xi8>
  %ws = quant.scast %wi : tensor<2x2x2x1xi8> to tensor<2x2x2x1x!quant.uniform<i8<-127:127>:f32:1, {0.25, 0.5}>>
  %w = quant.dcast %ws : tensor<2x2x2x1x!quant.uniform<i8<-127:127>:f32:1, {0.25, 0.5}>> to tensor<2x2x2x1xf32>
  %z = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  // expected-error@+1 {{'pt2e-lower-int8': per-channel weight has 2 scales along its axis 1, which is not the output-channel axis 2 of 2 channels: no per-channel rescale matches it}}
  %y = tosa.depthwise_conv2d %d, %w, %z, %z, %z {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x3x3x2xf32>, tensor<2x2x2x1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x2x2x2xf32>
  %qy = quant.qcast %y : tensor<1x2x2x2xf32> to tensor<1x2x2x2x!quant.uniform<i8:f32, 0.5:0>>
  %dy = quant.dcast %qy : tensor<1x2x2x2x!quant.uniform<i8:f32, 0.5:0>> to tensor<1x2x2x2xf32>
  return %dy : tensor<1x2x2x2xf32>
}
