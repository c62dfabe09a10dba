// Upstream MLIR 22 crash, skipped by fuzz_pipeline.c (hitsUpstreamHazard):
// tensor.from_elements of 2^62+1 elements: 'LLVM ERROR: SmallVector unable to grow' in its upstream parser (mlir-opt-22 too)
func.func @f(%a: f32) -> tensor<4611686018427387905xf32> {
  %t = tensor.from_elements %a : tensor<4611686018427387905xf32>
  return %t : tensor<4611686018427387905xf32>
}
