// A grouped conv (Conv2d(4, 6, 3, groups=2)) as torch-mlir writes it:
// tensor.expand_shape splits the padded input's channels [4] into [2, 2] and
// the weight's out channels [6] into [2, 3], conv_2d_ngchw_gfchw, and a
// collapse_shape merges the output back to [1, 6, 8, 8]. The expands and the
// collapse join the conv, so the edges sit on PyTorch's tensors: the input
// before its pad, the [6, 2, 3, 3] weight per channel on axis 0, the relu's
// output (conv -> relu fused through the collapse). The same in the
// linalg-generalize-named-ops form. (The weight is an argument here: the
// generalize pass folds an inline constant's expand_shape into a 5-D
// constant, which then has no single channel axis; torch-mlir's weights
// are dense_resource blobs, whose expand_shape stays.)
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate)' | FileCheck %s
// RUN: %pt2e_opt %s -p 'builtin.module(func.func(linalg-generalize-named-ops),pt2e-annotate)' | FileCheck %s
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-annotate,pt2e-prepare)' | FileCheck %s --check-prefix=PREP
// CHECK-LABEL: func.func @grouped_conv_relu
// CHECK: tensor.pad
// CHECK: } {pt2e.annotation = {inputs = [{{{.*}}observer = "histogram"
// CHECK: tensor.expand_shape %{{.*}} {{\[}}[0], [1, 2], [3], [4]] {{.*}}tensor<1x4x10x10xf32> into tensor<1x2x2x10x10xf32>
// CHECK-NOT: pt2e.annotation
// CHECK: tensor.expand_shape %{{.*}} {{\[}}[0, 1], [2], [3], [4]] {{.*}}{pt2e.annotation = {inputs = [{ch_axis = 0 : i64, {{.*}}observer = "per_channel_minmax"{{.*}}}]}} : tensor<6x2x3x3xf32> into tensor<2x3x2x3x3xf32>
// CHECK: pt2e.annotation = {inputs = [unit]}
// CHECK: tensor.collapse_shape
// CHECK-NOT: pt2e.annotation
// CHECK: pt2e.annotation = {output = {{{.*}}observer = "histogram"
// CHECK: arith.maximumf
// PREP-LABEL: func.func @grouped_conv_relu
// PREP: "pt2e.observer"(%arg0) {name = "activation_post_process_0"
// PREP: "pt2e.observer"(%arg1) {name = "activation_post_process_1", spec = {ch_axis = 0 : i64{{.*}}} : (tensor<6x2x3x3xf32>)
// PREP: "pt2e.observer"(%{{.*}}) {name = "activation_post_process_2", {{.*}} : (tensor<1x6x8x8xf32>)
// PREP-NOT: "pt2e.observer"
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @grouped_conv_relu(%x: tensor<1x4x8x8xf32>, %w: tensor<6x2x3x3xf32>) -> tensor<1x6x8x8xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %zero : f32
  } : tensor<1x4x8x8xf32> to tensor<1x4x10x10xf32>
  %xe = tensor.expand_shape %p [[0], [1, 2], [3], [4]] output_shape [1, 2, 2, 10, 10] : tensor<1x4x10x10xf32> into tensor<1x2x2x10x10xf32>
  %we = tensor.expand_shape %w [[0, 1], [2], [3], [4]] output_shape [2, 3, 2, 3, 3] : tensor<6x2x3x3xf32> into tensor<2x3x2x3x3xf32>
  %e = tensor.empty() : tensor<1x2x3x8x8xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<1x2x3x8x8xf32>) -> tensor<1x2x3x8x8xf32>
  %c = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%xe, %we : tensor<1x2x2x10x10xf32>, tensor<2x3x2x3x3xf32>) outs(%z : tensor<1x2x3x8x8xf32>) -> tensor<1x2x3x8x8xf32>
  %cc = tensor.collapse_shape %c [[0], [1, 2], [3], [4]] : tensor<1x2x3x8x8xf32> into tensor<1x6x8x8xf32>
  %e2 = tensor.empty() : tensor<1x6x8x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cc : tensor<1x6x8x8xf32>) outs(%e2 : tensor<1x6x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x6x8x8xf32>
  return %r : tensor<1x6x8x8xf32>
}
