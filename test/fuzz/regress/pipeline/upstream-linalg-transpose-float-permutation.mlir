// Upstream MLIR 22 crash, skipped by fuzz_pipeline.c (hitsUpstreamHazard):
// linalg.transpose with a non-integer 'permutation' entry: SEGV in upstream NamedAttrList::set (mlir-opt-22 too)
func.func @f(%b: tensor<4x2xf32>, %e: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %bb = linalg.transpose ins(%b : tensor<4x2xf32>) outs(%e : tensor<2x4xf32>) permutation = [1.5, 0]
  return %bb : tensor<2x4xf32>
}
