// Issue 31, ir-forms.md A6: cat written as tensor.empty and a chain of tensor.insert_slice.
// The module is the reproducer of ir-forms.md, as an exporter wrote it.
// The chain is read as the cat it computes (a tensor.concat). What PT2E does
// with it: torchao 0.18's XNNPACKQuantizer annotates no cat of a
// torch.export graph (checked with torch 2.15: the cat node has no
// source_fn_stack, so get_source_partitions finds none), so by default each
// conv keeps its own observer, the cat gets none, and the coverage record
// says why; annotate-cat=true applies _annotate_cat (inputs and output
// share input 0's qparams) and the cat lowers to int8.
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate,pt2e-prepare,pt2e-calibrate{random-batches=2 seed=0},pt2e-report)' -o /dev/null 2>&1 | FileCheck %s --check-prefix=TORCHAO
// TORCHAO: linalg.conv_2d_nchw_fchw#0 histogram 1 0.00398068/24
// TORCHAO-NEXT: linalg.conv_2d_nchw_fchw#0 histogram 1 0.00238841/-25
// TORCHAO-NEXT: 5 rows
// TORCHAO-NEXT: not quantized: 'tensor.concat' @ {{.*}}: cat: torchao 0.18's XNNPACKQuantizer annotates no cat
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{annotate-cat=true})' | FileCheck %s --check-prefix=CAT
// CAT-NOT: tensor.insert_slice
// CAT: tensor.concat {{.*}}pt2e.annotation
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{per-channel=true annotate-cat=true},pt2e-prepare,pt2e-calibrate{random-batches=2 seed=0},pt2e-report,pt2e-convert,pt2e-lower-int8)' -o /dev/null 2>&1 | FileCheck %s --check-prefix=FLOW
// the two convs' outputs and the cat's share one scale and zero point
// FLOW: linalg.conv_2d_nchw_fchw#0 histogram 1 [[QP:[0-9.e-]+/-?[0-9]+]]
// FLOW: linalg.conv_2d_nchw_fchw#0 histogram 1 [[QP]]
// FLOW: tensor.concat#0 histogram 1 [[QP]]
// FLOW: @forward: 3 quant.qcast lowered (conv2d 2, layout 1), 0 float ops left
func.func @forward(%x: tensor<1x3x8x8xf32>) -> tensor<1x8x6x6xf32> {
  %w1 = arith.constant dense<0.05> : tensor<4x3x3x3xf32>
  %w2 = arith.constant dense<-0.03> : tensor<4x3x3x3xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x4x6x6xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %a = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w1 : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) outs(%f : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %b = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w2 : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) outs(%f : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %e8 = tensor.empty() : tensor<1x8x6x6xf32>
  %s0 = tensor.insert_slice %a into %e8[0, 0, 0, 0] [1, 4, 6, 6] [1, 1, 1, 1] : tensor<1x4x6x6xf32> into tensor<1x8x6x6xf32>
  %s1 = tensor.insert_slice %b into %s0[0, 4, 0, 0] [1, 4, 6, 6] [1, 1, 1, 1] : tensor<1x4x6x6xf32> into tensor<1x8x6x6xf32>
  return %s1 : tensor<1x8x6x6xf32>
}
