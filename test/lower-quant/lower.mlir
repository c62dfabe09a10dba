// pt2e-lower-quant: the IR it builds. Quantize multiplies by the f32
// reciprocal, rounds half to even, adds the zero point, clamps in f32, maps
// NaN to -2^31 and converts through i64 (torch's int32 cast); dequantize is
// f(f(float(q) - zp) * s), or f(float(q - zp_c) * s_c) per axis.
//
// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-lower-quant)' | FileCheck %s
// RUN: %pt2e_opt %s --split-input-file -p 'builtin.module(pt2e-lower-quant)' | %mlir_opt --split-input-file -o /dev/null

// CHECK-LABEL: func.func @qdq
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK: %[[E:.*]] = tensor.empty() : tensor<4xi8>
// CHECK: %[[Q:.*]] = linalg.generic {{.*}} ins(%[[X]] : tensor<4xf32>) outs(%[[E]] : tensor<4xi8>)
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %{{.*}}: i8):
// CHECK-DAG: %[[INV:.*]] = arith.constant 1.000000e+01 : f32
// CHECK-DAG: %[[ZP:.*]] = arith.constant 3.000000e+00 : f32
// CHECK-DAG: %[[LO:.*]] = arith.constant -1.280000e+02 : f32
// CHECK-DAG: %[[HI:.*]] = arith.constant 1.270000e+02 : f32
// CHECK-DAG: %[[NAN:.*]] = arith.constant -2.14748365E+9 : f32
// CHECK: %[[M:.*]] = arith.mulf %[[IN]], %[[INV]] : f32
// CHECK-NEXT: %[[R:.*]] = math.roundeven %[[M]] : f32
// CHECK-NEXT: %[[A:.*]] = arith.addf %[[R]], %[[ZP]] : f32
// CHECK-NEXT: %[[C1:.*]] = arith.cmpf olt, %[[A]], %[[LO]] : f32
// CHECK-NEXT: %[[S1:.*]] = arith.select %[[C1]], %[[LO]], %[[A]] : f32
// CHECK-NEXT: %[[C2:.*]] = arith.cmpf ogt, %[[S1]], %[[HI]] : f32
// CHECK-NEXT: %[[S2:.*]] = arith.select %[[C2]], %[[HI]], %[[S1]] : f32
// CHECK-NEXT: %[[C3:.*]] = arith.cmpf uno, %[[S2]], %[[S2]] : f32
// CHECK-NEXT: %[[S3:.*]] = arith.select %[[C3]], %[[NAN]], %[[S2]] : f32
// CHECK-NEXT: %[[I:.*]] = arith.fptosi %[[S3]] : f32 to i64
// CHECK-NEXT: %[[T:.*]] = arith.trunci %[[I]] : i64 to i8
// CHECK-NEXT: linalg.yield %[[T]] : i8
// CHECK: linalg.generic {{.*}} ins(%[[Q]] : tensor<4xi8>) outs(%{{.*}} : tensor<4xf32>)
// CHECK: arith.sitofp %{{.*}} : i8 to f32
// CHECK: arith.subf
// CHECK: arith.mulf
// CHECK-NOT: quant.
// CHECK: return
func.func @qdq(%x: tensor<4xf32>) -> tensor<4xf32> {
  %q = quant.qcast %x : tensor<4xf32> to tensor<4x!quant.uniform<i8:f32, 0.1:3>>
  %y = quant.dcast %q : tensor<4x!quant.uniform<i8:f32, 0.1:3>> to tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// A folded per-axis weight: the int8 constant feeds the dequantize directly;
// scales and zero points are constant tensors read along the axis.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[AX:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @per_axis_weight
// CHECK-DAG: %[[W:.*]] = arith.constant dense<{{\[}}[1, 2], [3, 4]]> : tensor<2x2xi8>
// CHECK-DAG: %[[S:.*]] = arith.constant dense<[5.000000e-01, 2.500000e-01]> : tensor<2xf32>
// CHECK-DAG: %[[Z:.*]] = arith.constant dense<0> : tensor<2xi64>
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[AX]], #[[AX]], #[[ID]]]{{.*}} ins(%[[W]], %[[S]], %[[Z]] : tensor<2x2xi8>, tensor<2xf32>, tensor<2xi64>)
// CHECK: arith.extsi %{{.*}} : i8 to i64
// CHECK-NEXT: arith.subi
// CHECK-NEXT: arith.sitofp %{{.*}} : i64 to f32
// CHECK-NEXT: arith.mulf
// CHECK-NOT: quant.
func.func @per_axis_weight() -> tensor<2x2xf32> {
  %w = arith.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi8>
  %s = quant.scast %w : tensor<2x2xi8> to tensor<2x2x!quant.uniform<i8<-127:127>:f32:1, {0.5, 0.25}>>
  %d = quant.dcast %s : tensor<2x2x!quant.uniform<i8<-127:127>:f32:1, {0.5, 0.25}>> to tensor<2x2xf32>
  return %d : tensor<2x2xf32>
}

// -----

// Unsigned storage converts with uitofp; scalars lower in place; dynamic
// dimensions size the result with tensor.dim.
// CHECK-LABEL: func.func @unsigned_scalar
// CHECK: arith.mulf
// CHECK: math.roundeven
// CHECK: arith.trunci %{{.*}} : i64 to i8
// CHECK: arith.uitofp %{{.*}} : i8 to f32
// CHECK-NOT: quant.
func.func @unsigned_scalar(%x: f32) -> f32 {
  %q = quant.qcast %x : f32 to !quant.uniform<u8:f32, 0.5:128>
  %y = quant.dcast %q : !quant.uniform<u8:f32, 0.5:128> to f32
  return %y : f32
}
// CHECK-LABEL: func.func @dynamic
// CHECK: %[[D:.*]] = tensor.dim %{{.*}}, %{{.*}} : tensor<?x2xf32>
// CHECK: tensor.empty(%[[D]]) : tensor<?x2xi16>
func.func @dynamic(%x: tensor<?x2xf32>) -> tensor<?x2xf32> {
  %q = quant.qcast %x : tensor<?x2xf32> to tensor<?x2x!quant.uniform<i16:f32, 0.5>>
  %y = quant.dcast %q : tensor<?x2x!quant.uniform<i16:f32, 0.5>> to tensor<?x2xf32>
  return %y : tensor<?x2xf32>
}

// -----

// A quant type that leaves the function keeps one quant.scast at the
// boundary (for --strip-func-quant-types); scast pairs cancel.
// CHECK-LABEL: func.func @boundary
// CHECK: %[[G:.*]] = linalg.generic
// CHECK: %[[S:.*]] = quant.scast %[[G]] : tensor<4xi8> to tensor<4x!quant.uniform<i8:f32, 5.000000e-01>>
// CHECK-NEXT: return %[[S]]
func.func @boundary(%x: tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.5>> {
  %q = quant.qcast %x : tensor<4xf32> to tensor<4x!quant.uniform<i8:f32, 0.5>>
  %i = quant.scast %q : tensor<4x!quant.uniform<i8:f32, 0.5>> to tensor<4xi8>
  %r = quant.scast %i : tensor<4xi8> to tensor<4x!quant.uniform<i8:f32, 0.5>>
  return %r : tensor<4x!quant.uniform<i8:f32, 0.5>>
}
