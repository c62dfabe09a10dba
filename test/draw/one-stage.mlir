// pt2e-draw on one module: one node per argument, op and return, edges with
// tensor types, pt2e.observer / pt2e.fake_quant / quant casts styled apart.
// RUN: %pt2e_build/bin/pt2e-draw %s --entry=mm --title="conv -> relu" | FileCheck %s
// RUN: %pt2e_build/bin/pt2e-draw %s --entry=mm --no-types | FileCheck %s --check-prefix=NOTYPES
// RUN: %pt2e_build/bin/pt2e-draw %s --entry=qdq | FileCheck %s --check-prefix=QDQ

// CHECK:      digraph pt2e {
// CHECK:      label="conv -> relu";
// CHECK:      "arg0" [label="arg0\ntensor<1x4xf32>", shape=invhouse, {{.*}}class="arg"];
// CHECK-NEXT: "observer:activation_post_process_0" [label="pt2e.observer\nactivation_post_process_0\nhistogram", shape=ellipse, style=filled, fillcolor="#fff2a8", {{.*}}class="observer"];
// CHECK-NEXT: "arith.constant#0" [label="arith.constant", {{.*}}class="const"];
// CHECK-NEXT: "fake_quant:activation_post_process_1" [label="pt2e.fake_quant\nactivation_post_process_1\nper_channel_minmax\nobserver off, fake quant on", shape=box, style="rounded,filled", fillcolor="#ffd8a8", {{.*}}class="fake_quant"];
// The zero constant feeds linalg.fill; the unused one (#2) is left out.
// CHECK-NEXT: "arith.constant#1" [label="arith.constant", {{.*}}class="const"];
// CHECK-NEXT: "tensor.empty#0" [label="tensor.empty", {{.*}}class="const"];
// CHECK-NEXT: "linalg.fill#0" [label="linalg.fill", {{.*}}class="op"];
// CHECK-NEXT: "linalg.matmul#0" [label="linalg.matmul\nmm\n(annotated)", shape=box, style=filled, fillcolor=white, class="op"];
// CHECK-NEXT: "observer:activation_post_process_2" [label="pt2e.observer\nactivation_post_process_2\nminmax\nshares activation_post_process_0"
// CHECK-NEXT: "return" [label="func.return", shape=house,
// CHECK-NOT:  "arith.constant#2" [
// CHECK:      "arg0" -> "observer:activation_post_process_0" [label="1x4xf32", fontsize=9];
// CHECK:      "observer:activation_post_process_0" -> "linalg.matmul#0" [label="1x4xf32", fontsize=9];
// CHECK:      "fake_quant:activation_post_process_1" -> "linalg.matmul#0" [label="4x2xf32", fontsize=9];
// CHECK:      "observer:activation_post_process_2" -> "return" [label="1x2xf32", fontsize=9];
// CHECK:      }

// NOTYPES: "arg0" -> "observer:activation_post_process_0" [fontsize=9];

// QDQ:      "qcast:activation_post_process_0" [label="quant.qcast\nactivation_post_process_0\ni8[-128, 127] scale 0.5 zp 3", shape=box, style=filled, fillcolor="#a5d8ff", {{.*}}class="qcast"];
// QDQ-NEXT: "dcast:activation_post_process_0" [label="quant.dcast\ni8[-128, 127] scale 0.5 zp 3", shape=box, style=filled, fillcolor="#d0ebff", {{.*}}class="dcast"];
// QDQ-NEXT: "qcast:w" [label="quant.qcast\nw\ni8[-127, 127] per axis 1, 2 scales", {{.*}}class="qcast"];
// QDQ:      "qcast:activation_post_process_0" -> "dcast:activation_post_process_0" [label="4x!quant<i8>", fontsize=9];

func.func @mm(%x: tensor<1x4xf32>) -> tensor<1x2xf32> {
  %xo = "pt2e.observer"(%x) {name = "activation_post_process_0", spec = {dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "histogram", bins = 2048 : i64, qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}} : (tensor<1x4xf32>) -> tensor<1x4xf32>
  %w = arith.constant dense<0.5> : tensor<4x2xf32>
  %wq = "pt2e.fake_quant"(%w) {name = "activation_post_process_1", spec = {ch_axis = 1 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "per_channel_minmax", qscheme = "per_channel_symmetric", quant_max = 127 : i64, quant_min = -127 : i64}, observer_enabled = false, fake_quant_enabled = true, scale = array<f32: 1.0, 1.0>, zero_point = array<i64: 0, 0>} : (tensor<4x2xf32>) -> tensor<4x2xf32>
  %zero = arith.constant 0.0 : f32
  %unused = arith.constant 1.0 : f32
  %init = tensor.empty() : tensor<1x2xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%init : tensor<1x2xf32>) -> tensor<1x2xf32>
  %y = linalg.matmul {pt2e.id = "mm", pt2e.annotation = {inputs = [{observer = "minmax", dtype = i8}]}} ins(%xo, %wq : tensor<1x4xf32>, tensor<4x2xf32>) outs(%acc : tensor<1x2xf32>) -> tensor<1x2xf32>
  %yo = "pt2e.observer"(%y) {name = "activation_post_process_2", instance = "activation_post_process_0", spec = {dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = "minmax", qscheme = "per_tensor_affine", quant_max = 127 : i64, quant_min = -128 : i64}} : (tensor<1x2xf32>) -> tensor<1x2xf32>
  return %yo : tensor<1x2xf32>
}

func.func @qdq(%x: tensor<4xf32>, %w: tensor<3x2xf32>) -> (tensor<4xf32>, tensor<3x2xf32>) {
  %q = quant.qcast %x {pt2e.name = "activation_post_process_0"} : tensor<4xf32> to tensor<4x!quant.uniform<i8:f32, 0.5:3>>
  %d = quant.dcast %q : tensor<4x!quant.uniform<i8:f32, 0.5:3>> to tensor<4xf32>
  %wq = quant.qcast %w {pt2e.name = "w"} : tensor<3x2xf32> to tensor<3x2x!quant.uniform<i8<-127:127>:f32:1, {0.25, 0.125}>>
  %wd = quant.dcast %wq : tensor<3x2x!quant.uniform<i8<-127:127>:f32:1, {0.25, 0.125}>> to tensor<3x2xf32>
  return %d, %wd : tensor<4xf32>, tensor<3x2xf32>
}
