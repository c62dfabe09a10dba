// conv_relu's output dequantization alone: the int8 interface's i8 output
// as the float interface returns it.
func.func @d(%x: tensor<4x8x14x14xi8>) -> tensor<4x8x14x14xf32> {
  %s = quant.scast %x : tensor<4x8x14x14xi8> to tensor<4x8x14x14x!quant.uniform<i8:f32, 0.0097279902547597885:-128>>
  %d = quant.dcast %s : tensor<4x8x14x14x!quant.uniform<i8:f32, 0.0097279902547597885:-128>> to tensor<4x8x14x14xf32>
  return %d : tensor<4x8x14x14xf32>
}
