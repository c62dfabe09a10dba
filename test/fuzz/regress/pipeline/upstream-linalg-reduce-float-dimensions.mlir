// Upstream MLIR 22 crash, skipped by fuzz_pipeline.c (hitsUpstreamHazard):
// linalg.reduce with a non-integer 'dimensions' entry: SEGV in upstream NamedAttrList::set (mlir-opt-22 too)
func.func @f(%b: tensor<4x2xf32>, %e: tensor<4xf32>) -> tensor<4xf32> {
  %r = linalg.reduce ins(%b : tensor<4x2xf32>) outs(%e : tensor<4xf32>) dimensions = [1.5]
    (%in: f32, %init: f32) {
      %0 = arith.addf %in, %init : f32
      linalg.yield %0 : f32
    }
  return %r : tensor<4xf32>
}
