// A depthwise conv (stride 2) and a 1x1 conv after linalg-generalize-named-ops
// (the corpus' generic form; issue 31): both are recognised by their maps and
// bodies (pt2eMatchNchwConv: MLIR's inferred strides and dilations), and
// pt2e-lower-int8 lowers them as the named ops, with the same qparams.
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{per-channel=true},pt2e-prepare,pt2e-calibrate{random-batches=1 seed=0},pt2e-convert,pt2e-lower-int8)' 2>&1 | FileCheck %s
// CHECK: @forward: {{[0-9]+}} quant.qcast lowered (conv2d 1, depthwise_conv2d 1{{.*}}), 0 float ops left
// CHECK: tosa.depthwise_conv2d {{.*}}stride = array<i64: 2, 2>
// CHECK: tosa.conv2d {{.*}}stride = array<i64: 1, 1>
// The generic form calibrates to the named form's qparams, bit for bit.
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate{per-channel=true},pt2e-prepare,pt2e-calibrate{random-batches=1 seed=0},pt2e-report{format=qparams})' -o /dev/null > %t.generic
// RUN: %pt2e_opt %S/Inputs/named-convs.mlir -p 'builtin.module(pt2e-annotate{per-channel=true},pt2e-prepare,pt2e-calibrate{random-batches=1 seed=0},pt2e-report{format=qparams})' -o /dev/null > %t.named
// RUN: diff %t.named %t.generic
#map = affine_map<(d0, d1, d2, d3) -> ()>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d3, d1 * 2 + d4, d2 * 2 + d5)>
#map3 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d3, d4, d5)>
#map4 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d3, d1, d2)>
#map5 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 + d5, d3 + d6)>
#map6 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d4, d5, d6)>
#map7 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
module {
  func.func @forward(%arg0: tensor<1x4x9x9xf32>) -> tensor<1x8x4x4xf32> {
    %cst = arith.constant dense<5.000000e-02> : tensor<4x3x3xf32>
    %cst_0 = arith.constant dense<-2.000000e-02> : tensor<8x4x1x1xf32>
    %cst_1 = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<1x4x4x4xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_1 : f32) outs(%0 : tensor<1x4x4x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1x4x4x4xf32>
    %2 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%arg0, %cst : tensor<1x4x9x9xf32>, tensor<4x3x3xf32>) outs(%1 : tensor<1x4x4x4xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %6 = arith.mulf %in, %in_2 : f32
      %7 = arith.addf %out, %6 : f32
      linalg.yield %7 : f32
    } -> tensor<1x4x4x4xf32>
    %3 = tensor.empty() : tensor<1x8x4x4xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_1 : f32) outs(%3 : tensor<1x8x4x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1x8x4x4xf32>
    %5 = linalg.generic {indexing_maps = [#map5, #map6, #map7], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%2, %cst_0 : tensor<1x4x4x4xf32>, tensor<8x4x1x1xf32>) outs(%4 : tensor<1x8x4x4xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %6 = arith.mulf %in, %in_2 : f32
      %7 = arith.addf %out, %6 : f32
      linalg.yield %7 : f32
    } -> tensor<1x8x4x4xf32>
    return %5 : tensor<1x8x4x4xf32>
  }
}

