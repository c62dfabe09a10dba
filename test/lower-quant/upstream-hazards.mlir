// The two upstream hazards, run for real on this machine with mlir-runner.
// With scale 0.5 and zero point 3 PyTorch's quantize_per_tensor gives, for
// x = -1.25 (-2.5 * scale), 0.75 (1.5 * scale), 1.35 (2.7 * scale), 150 and
// -150: rne(-2.5) + 3 = 1, rne(1.5) + 3 = 5, rne(2.7) + 3 = 6, clamped 127,
// clamped -128.
//
// 1. Upstream --lower-quant-ops divides, adds the zero point before
//    converting, and converts with arith.fptosi (truncation toward zero):
//    0, 4, 5; it does not clamp full-range storage, so 303 and -297 become
//    poison (x86 prints them wrapped: 47 and -41).
// RUN: %mlir_opt %s --lower-quant-ops --canonicalize --one-shot-bufferize=bufferize-function-boundaries --convert-scf-to-cf --convert-vector-to-llvm --convert-to-llvm --reconcile-unrealized-casts | mlir-runner -e main -entry-point-result=void --shared-libs=/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so | FileCheck %s --check-prefix=UPSTREAM
// UPSTREAM: 0
// UPSTREAM-NEXT: 4
// UPSTREAM-NEXT: 5
// UPSTREAM-NOT: 127
//
// pt2e-lower-quant gives PyTorch's values.
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-lower-quant)' | %mlir_opt --canonicalize --one-shot-bufferize=bufferize-function-boundaries --convert-scf-to-cf --convert-vector-to-llvm --convert-to-llvm --reconcile-unrealized-casts | mlir-runner -e main -entry-point-result=void --shared-libs=/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so | FileCheck %s --check-prefix=TORCH
// TORCH: 1
// TORCH-NEXT: 5
// TORCH-NEXT: 6
// TORCH-NEXT: 127
// TORCH-NEXT: -128
//
// 2. Upstream --canonicalize folds quant.dcast(quant.qcast(x)) to x: the
//    quantization error is gone. pt2e-lower-quant first keeps it.
// RUN: %mlir_opt %s --canonicalize | FileCheck %s --check-prefix=FOLD
// FOLD-LABEL: func.func @qdq
// FOLD-NEXT: return %arg0 : f32
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-lower-quant,canonicalize)' | FileCheck %s --check-prefix=KEEP
// KEEP-LABEL: func.func @qdq
// KEEP: math.roundeven
// KEEP: arith.mulf
// KEEP: return

func.func @q(%x: f32) -> i8 {
  %q = quant.qcast %x : f32 to !quant.uniform<i8:f32, 0.5:3>
  %i = quant.scast %q : !quant.uniform<i8:f32, 0.5:3> to i8
  return %i : i8
}

func.func @qdq(%x: f32) -> f32 {
  %q = quant.qcast %x : f32 to !quant.uniform<i8:f32, 0.5:3>
  %y = quant.dcast %q : !quant.uniform<i8:f32, 0.5:3> to f32
  return %y : f32
}

func.func @main() {
  %xs = arith.constant dense<[-1.25, 0.75, 1.35, 150.0, -150.0]> : tensor<5xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  scf.for %k = %c0 to %c5 step %c1 {
    %x = tensor.extract %xs[%k] : tensor<5xf32>
    %i = func.call @q(%x) : (f32) -> i8
    vector.print %i : i8
  }
  return
}
