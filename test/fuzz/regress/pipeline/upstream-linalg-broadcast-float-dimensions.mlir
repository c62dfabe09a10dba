// Upstream MLIR 22 crash, skipped by fuzz_pipeline.c (hitsUpstreamHazard):
// linalg.broadcast with a non-integer 'dimensions' entry: SEGV in upstream NamedAttrList::set (mlir-opt-22 too)
func.func @f(%b: tensor<4xf32>, %e: tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32> {
  %bb = linalg.broadcast ins(%b : tensor<4xf32>) outs(%e : tensor<1x4x8x8xf32>) dimensions = [0.5, 2, 3]
  return %bb : tensor<1x4x8x8xf32>
}
