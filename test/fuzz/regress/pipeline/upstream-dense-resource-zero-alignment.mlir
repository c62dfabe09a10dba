// Upstream MLIR 22 crash, skipped by fuzz_pipeline.c (hitsUpstreamHazard):
// a dialect_resources blob with alignment 0: LLVM ERROR: out of memory in the parser (mlir-opt-22 too)
func.func @f() -> tensor<2xf32> {
  %c = arith.constant dense_resource<blob> : tensor<2xf32>
  return %c : tensor<2xf32>
}
{-#
  dialect_resources: {
    builtin: {
      blob: "0x000000000000803F00000040"
    }
  }
#-}
