// Upstream MLIR 22 crash, skipped by fuzz_pipeline.c (hitsUpstreamHazard):
// tensor.concat with a hex dim past INT64_MAX (wraps negative): SEGV in upstream tensor::ConcatOp::verify (mlir-opt-22 too)
func.func @f(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<4xf32> {
  %c = tensor.concat dim(0xFFF0000000000000) %a, %b : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
  return %c : tensor<4xf32>
}
