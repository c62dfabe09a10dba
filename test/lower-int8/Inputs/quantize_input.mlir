// conv_relu's input quantization alone (its quant.qcast, read as i8): makes
// conv_relu.input.i8.npy, the int8 interface's input, from conv_relu.input.npy.
func.func @q(%x: tensor<4x3x16x16xf32>) -> tensor<4x3x16x16xi8> {
  %q = quant.qcast %x : tensor<4x3x16x16xf32> to tensor<4x3x16x16x!quant.uniform<i8:f32, 0.032437607645988464:6>>
  %s = quant.scast %q : tensor<4x3x16x16x!quant.uniform<i8:f32, 0.032437607645988464:6>> to tensor<4x3x16x16xi8>
  return %s : tensor<4x3x16x16xi8>
}
