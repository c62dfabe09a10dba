// torch.cumsum(x, 1) on i64, as torch-mlir 20261001 writes it (linalg-on-tensors):
// tm_tensor.scan, an op of torch-mlir's own dialect (test/ops/tm-tensor.test).
module {
  func.func @forward(%arg0: tensor<1x4xi64>) -> tensor<1x4xi64> {
    %c0_i64 = arith.constant 0 : i64
    %0 = tensor.empty() : tensor<1x4xi64>
    %1 = linalg.fill ins(%c0_i64 : i64) outs(%0 : tensor<1x4xi64>) -> tensor<1x4xi64>
    %2 = tensor.empty() : tensor<1xi64>
    %3 = linalg.fill ins(%c0_i64 : i64) outs(%2 : tensor<1xi64>) -> tensor<1xi64>
    %4:2 = tm_tensor.scan dimension(1) inclusive(true) ins(%arg0 : tensor<1x4xi64>) outs(%1, %3 : tensor<1x4xi64>, tensor<1xi64>) {
    ^bb0(%arg1: i64, %arg2: i64):
      %5 = arith.addi %arg1, %arg2 : i64
      tm_tensor.yield %5 : i64
    } -> tensor<1x4xi64>, tensor<1xi64>
    return %4#0 : tensor<1x4xi64>
  }
}

