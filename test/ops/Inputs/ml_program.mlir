// ml_program globals: a constant weight and a mutable state.
// main(x) = x * w + w, with x * w stored into and loaded back from @state.
module {
  ml_program.global private @w(dense<[1.5, -2.0, 0.25]> : tensor<3xf32>) : tensor<3xf32>
  ml_program.global private mutable @state(dense<0.0> : tensor<3xf32>) : tensor<3xf32>
  func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {
    %w = ml_program.global_load_const @w : tensor<3xf32>
    %y = arith.mulf %x, %w : tensor<3xf32>
    ml_program.global_store @state = %y : tensor<3xf32>
    %s = ml_program.global_load @state : tensor<3xf32>
    %r = arith.addf %s, %w : tensor<3xf32>
    return %r : tensor<3xf32>
  }
}
