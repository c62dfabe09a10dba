// tosa.tile of a rank-5 tensor, as torch-mlir's TOSA form of a Llama's
// causal mask writes it (test/ops/tile-5d.test): upstream tosa-to-linalg
// lowers it through a rank-10 broadcast.
func.func @tile(%arg0: tensor<1x1x1x2x1xi32>) -> tensor<1x1x1x8x1xi32> {
  %m = tosa.const_shape {values = dense<[1, 1, 1, 4, 1]> : tensor<5xindex>} : () -> !tosa.shape<5>
  %t = tosa.tile %arg0, %m : (tensor<1x1x1x2x1xi32>, !tosa.shape<5>) -> tensor<1x1x1x8x1xi32>
  return %t : tensor<1x1x1x8x1xi32>
}
