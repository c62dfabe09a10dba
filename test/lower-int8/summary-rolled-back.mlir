// The summary line counts a unit only when its integer ops survive: the add
// below is lowered to tosa.add on i32, but the qcast after it is an i16 type
// this pass leaves in Q/DQ form, so nothing reads the integer add and it is
// erased as dead. The summary must then say 0 units (it said "add 1" before)
// and list the float add as left.
// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-lower-int8)' 2>%t.log | FileCheck %s
// RUN: FileCheck %s --check-prefix=SUMMARY < %t.log

#map = affine_map<(d0, d1) -> (d0, d1)>

// CHECK-LABEL: func.func @add_into_i16
// CHECK-NOT: tosa.add
// CHECK: linalg.generic
// SUMMARY: pt2e-lower-int8: left in Q/DQ form: 'linalg.generic' at loc("{{.*}}summary-rolled-back.mlir":{{[0-9]+}}:8)
// SUMMARY-SAME: its operands are dequantized
// SUMMARY-NEXT: pt2e-lower-int8: @add_into_i16: 0 quant.qcast lowered (), 1 float ops left in Q/DQ form
func.func @add_into_i16(%x: tensor<2x2xf32>, %y: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %qx = quant.qcast %x : tensor<2x2xf32> to tensor<2x2x!quant.uniform<i8:f32, 0.5:1>>
  %dx = quant.dcast %qx : tensor<2x2x!quant.uniform<i8:f32, 0.5:1>> to tensor<2x2xf32>
  %qy = quant.qcast %y : tensor<2x2xf32> to tensor<2x2x!quant.uniform<i8:f32, 0.25:-2>>
  %dy = quant.dcast %qy : tensor<2x2x!quant.uniform<i8:f32, 0.25:-2>> to tensor<2x2xf32>
  %e = tensor.empty() : tensor<2x2xf32>
  %s = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%dx, %dy : tensor<2x2xf32>, tensor<2x2xf32>) outs(%e : tensor<2x2xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %r = arith.addf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<2x2xf32>
  %qs = quant.qcast %s : tensor<2x2xf32> to tensor<2x2x!quant.uniform<i16:f32, 0.001:0>>
  %ds = quant.dcast %qs : tensor<2x2x!quant.uniform<i16:f32, 0.001:0>> to tensor<2x2xf32>
  return %ds : tensor<2x2xf32>
}

// -----

#map = affine_map<(d0, d1) -> (d0, d1)>

// The same add whose qcast is int8 is lowered and counted.
// CHECK-LABEL: func.func @add_into_i8
// CHECK: tosa.add
// SUMMARY: pt2e-lower-int8: @add_into_i8: 1 quant.qcast lowered (add 1), 0 float ops left in Q/DQ form
func.func @add_into_i8(%x: tensor<2x2xf32>, %y: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %qx = quant.qcast %x : tensor<2x2xf32> to tensor<2x2x!quant.uniform<i8:f32, 0.5:1>>
  %dx = quant.dcast %qx : tensor<2x2x!quant.uniform<i8:f32, 0.5:1>> to tensor<2x2xf32>
  %qy = quant.qcast %y : tensor<2x2xf32> to tensor<2x2x!quant.uniform<i8:f32, 0.25:-2>>
  %dy = quant.dcast %qy : tensor<2x2x!quant.uniform<i8:f32, 0.25:-2>> to tensor<2x2xf32>
  %e = tensor.empty() : tensor<2x2xf32>
  %s = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%dx, %dy : tensor<2x2xf32>, tensor<2x2xf32>) outs(%e : tensor<2x2xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %r = arith.addf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<2x2xf32>
  %qs = quant.qcast %s : tensor<2x2xf32> to tensor<2x2x!quant.uniform<i8:f32, 0.25:0>>
  %ds = quant.dcast %qs : tensor<2x2x!quant.uniform<i8:f32, 0.25:0>> to tensor<2x2xf32>
  return %ds : tensor<2x2xf32>
}
