// quant.qcast / quant.scast / quant.dcast, per tensor and per axis.
!qi8 = !quant.uniform<i8:f32, 5.000000e-01:3>
!qu8 = !quant.uniform<u8:f32, 1.000000e-01:128>
!qax = !quant.uniform<i8<-127:127>:f32:1, {5.000000e-01:1, 2.500000e-01:-2, 2.000000e+00:0}>

// Quantize x (scale 0.5, zero point 3, i8), its storage integers, and the
// dequantized values; the same for xu with u8 storage (scale 0.1, zero point 128).
func.func @per_tensor(%x: tensor<16xf32>, %xu: tensor<16xf32>) -> (tensor<16xi8>, tensor<16xf32>, tensor<16xi8>, tensor<16xf32>) {
  %q = quant.qcast %x : tensor<16xf32> to tensor<16x!qi8>
  %s = quant.scast %q : tensor<16x!qi8> to tensor<16xi8>
  %d = quant.dcast %q : tensor<16x!qi8> to tensor<16xf32>
  %qu = quant.qcast %xu : tensor<16xf32> to tensor<16x!qu8>
  %su = quant.scast %qu : tensor<16x!qu8> to tensor<16xi8>
  %du = quant.dcast %qu : tensor<16x!qu8> to tensor<16xf32>
  return %s, %d, %su, %du : tensor<16xi8>, tensor<16xf32>, tensor<16xi8>, tensor<16xf32>
}

// Per-axis along dim 1 (3 channels), narrow range [-127, 127]; and
// dequantizing storage integers given as i8 (scast i8 -> quant type).
func.func @per_axis(%x: tensor<4x3xf32>, %i: tensor<4x3xi8>) -> (tensor<4x3xi8>, tensor<4x3xf32>, tensor<4x3xf32>) {
  %q = quant.qcast %x : tensor<4x3xf32> to tensor<4x3x!qax>
  %s = quant.scast %q : tensor<4x3x!qax> to tensor<4x3xi8>
  %d = quant.dcast %q : tensor<4x3x!qax> to tensor<4x3xf32>
  %qi = quant.scast %i : tensor<4x3xi8> to tensor<4x3x!qax>
  %di = quant.dcast %qi : tensor<4x3x!qax> to tensor<4x3xf32>
  return %s, %d, %di : tensor<4x3xi8>, tensor<4x3xf32>, tensor<4x3xf32>
}
