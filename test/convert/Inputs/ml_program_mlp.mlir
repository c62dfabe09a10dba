// The StableHLO-style MLP of stablehlo_mlp.mlir (6 -> 8 -> relu -> 3) with
// its parameters in ml_program globals, as IREE-style JAX exports hold
// them: w1 and b1 immutable (global_load_const), w2 a mutable global
// (global_load: its value may change at run time), b2 immutable.
// Values: make_arrays.py's stream, seeds 21-24, printed to 6 digits.
module {
  ml_program.global private @w1(dense<[[-0.174752, 0.637849, 0.340062, -0.357261, -0.341028, -0.769155, -0.460454, 0.470149], [-0.506398, -0.198812, 0.743484, -0.899095, -0.403264, 0.679849, -0.469525, -0.827215], [-0.643569, -0.373196, 0.739221, -0.980547, 0.120579, -0.516397, 0.524193, -0.769646], [-0.956885, 0.86526, 0.80659, 0.807564, 0.0956581, -0.415741, -0.0377113, -0.0836794], [-0.106915, -0.40821, 0.727814, -0.621657, 0.658794, 0.896629, -0.487351, 0.816724], [-0.34707, -0.152273, -0.820297, -0.962775, -0.301562, -0.696358, 0.300727, 0.840587]]> : tensor<6x8xf32>) : tensor<6x8xf32>
  ml_program.global private @b1(dense<[-0.687465, 0.616171, -0.281356, 0.887072, 0.620788, 0.55447, -0.118134, -0.690226]> : tensor<8xf32>) : tensor<8xf32>
  ml_program.global private mutable @w2(dense<[[-0.58077, 0.998791, -0.85542], [0.264752, -0.6747, 0.378676], [-0.31645, -0.613801, -0.320091], [-0.620283, 0.34386, -0.576533], [0.0977449, 0.474624, -0.237851], [0.966705, -0.414999, -0.0667974], [-0.861671, 0.744336, -0.621626], [0.0886128, -0.46389, 0.286523]]> : tensor<8x3xf32>) : tensor<8x3xf32>
  ml_program.global private @b2(dense<[0.845853, 0.993522, -0.795477]> : tensor<3xf32>) : tensor<3xf32>
  func.func @main(%x: tensor<4x6xf32>) -> tensor<4x3xf32> {
    %w1 = ml_program.global_load_const @w1 : tensor<6x8xf32>
    %b1 = ml_program.global_load_const @b1 : tensor<8xf32>
    %w2 = ml_program.global_load @w2 : tensor<8x3xf32>
    %b2 = ml_program.global_load_const @b2 : tensor<3xf32>
    %cst = arith.constant 0.000000e+00 : f32
    %e1 = tensor.empty() : tensor<4x8xf32>
    %f1 = linalg.fill ins(%cst : f32) outs(%e1 : tensor<4x8xf32>) -> tensor<4x8xf32>
    %mm1 = linalg.matmul ins(%x, %w1 : tensor<4x6xf32>, tensor<6x8xf32>) outs(%f1 : tensor<4x8xf32>) -> tensor<4x8xf32>
    %bb1 = linalg.broadcast ins(%b1 : tensor<8xf32>) outs(%e1 : tensor<4x8xf32>) dimensions = [0]
    %add1 = linalg.map { arith.addf } ins(%mm1, %bb1 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e1 : tensor<4x8xf32>)
    %relu = linalg.map { arith.maximumf } ins(%add1, %f1 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e1 : tensor<4x8xf32>)
    %e2 = tensor.empty() : tensor<4x3xf32>
    %f2 = linalg.fill ins(%cst : f32) outs(%e2 : tensor<4x3xf32>) -> tensor<4x3xf32>
    %mm2 = linalg.matmul ins(%relu, %w2 : tensor<4x8xf32>, tensor<8x3xf32>) outs(%f2 : tensor<4x3xf32>) -> tensor<4x3xf32>
    %bb2 = linalg.broadcast ins(%b2 : tensor<3xf32>) outs(%e2 : tensor<4x3xf32>) dimensions = [0]
    %add2 = linalg.map { arith.addf } ins(%mm2, %bb2 : tensor<4x3xf32>, tensor<4x3xf32>) outs(%e2 : tensor<4x3xf32>)
    return %add2 : tensor<4x3xf32>
  }
}
