// pt2e-report{format=json}: every kind of entry, parsed by json-check (a
// strict RFC 8259 parser that also checks the report's schema,
// docs/report.md) and checked key by key. One object per line.
//
// Before pt2e-convert: observers (Histogram per tensor with a clipped
// share, per-channel with lists, derived and fixed specs without an
// observer of their own, one that has seen nothing, one with NaN stats, a
// per-channel one with no channels yet) and a fake_quant. After it: the Q-DQ
// pairs (quant.qcast, and quant.scast of the folded weight and bias); the
// uncalibrated observers are left in float (keep-uncalibrated=true).
// Strings need escaping: locations hold quotes and backslashes, the
// fake_quant's name a tab, a newline, a quote, a backslash, UTF-8 and a
// byte that is not UTF-8 (written as U+FFFD).
//
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-report{format=json})' -o /dev/null > %t.json
// RUN: %pt2e_build/bin/json-check --pt2e-report %t.json | FileCheck %s --check-prefix=VALID
// RUN: FileCheck %s --check-prefix=JSON --match-full-lines --strict-whitespace < %t.json
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-convert{keep-uncalibrated=true}, pt2e-report{format=json})' -o /dev/null > %t.qdq.json
// RUN: %pt2e_build/bin/json-check --pt2e-report %t.qdq.json | FileCheck %s --check-prefix=VALID-QDQ
// RUN: FileCheck %s --check-prefix=QDQ --match-full-lines --strict-whitespace < %t.qdq.json
// The same document through output=FILE.
// RUN: %pt2e_opt %s -p 'builtin.module(pt2e-report{format=json output=%t.out.json})' -o /dev/null
// RUN: diff %t.json %t.out.json
// A module without quantization points is an empty list, still valid.
// RUN: %pt2e_opt %S/../Inputs/empty.mlir -p 'builtin.module(pt2e-report{format=json})' -o /dev/null > %t.empty.json
// RUN: %pt2e_build/bin/json-check --pt2e-report %t.empty.json | FileCheck %s --check-prefix=EMPTY
// RUN: FileCheck %s --check-prefix=EMPTY-TEXT --match-full-lines --strict-whitespace < %t.empty.json
// A write that fails (a full disk) is an error, not a short document.
// RUN: not %pt2e_opt %s -p 'builtin.module(pt2e-report{format=json output=/dev/full})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=FULL
// FULL: error: 'pt2e-report': cannot write '/dev/full': No space left on device
// A real model at each stage: the notebook's conv -> relu prepared (no
// qparams yet), calibrated on its 8 batches, converted.
// RUN: %pt2e_opt %pt2e_root/examples/conv_relu/conv_relu.linalg.mlir -p 'builtin.module(pt2e-prepare, pt2e-report{format=json output=%t.prepared.json}, pt2e-calibrate{data=%pt2e_root/examples/conv_relu/golden/calib.npz}, pt2e-report{format=json output=%t.calibrated.json}, pt2e-convert, pt2e-report{format=json output=%t.converted.json})' -o /dev/null
// RUN: %pt2e_build/bin/json-check --pt2e-report %t.prepared.json | FileCheck %s --check-prefix=REAL
// RUN: %pt2e_build/bin/json-check --pt2e-report %t.calibrated.json | FileCheck %s --check-prefix=REAL
// RUN: %pt2e_build/bin/json-check --pt2e-report %t.converted.json | FileCheck %s --check-prefix=REAL-QDQ
// RUN: FileCheck %s --check-prefix=PREPARED < %t.prepared.json
// RUN: FileCheck %s --check-prefix=CALIBRATED < %t.calibrated.json
// REAL: valid JSON, 3 report entries
// REAL-QDQ: valid JSON, 3 report entries
// PREPARED: {"name": "activation_post_process_0", "kind": "observer", {{.*}}, "observer": "histogram", "observer_params": null, {{.*}}, "scale": null, "zero_point": null, "min": null, "max": null, "clipped": null},
// CALIBRATED: {"name": "activation_post_process_0", "kind": "observer", {{.*}}, "observer": "histogram", "observer_params": null, {{.*}}, "scale": [{{[0-9.e-]+}}], "zero_point": [{{-?[0-9]+}}], "min": [{{[0-9.e-]+}}], "max": [{{[0-9.e-]+}}], "clipped": {{[0-9.e-]+}}},
// CALIBRATED: {"name": "activation_post_process_1", "kind": "observer", {{.*}}, "observer": "per_channel_minmax", "observer_params": null, "dtype": "i8", "qscheme": "per_channel_symmetric", "ch_axis": 0, {{.*}}

// VALID: {{.*}}.json: valid JSON, 8 report entries
// VALID-QDQ: {{.*}}.json: valid JSON, 5 report entries
// EMPTY: {{.*}}.json: valid JSON, 0 report entries
// EMPTY-TEXT:[]

// JSON:[
// JSON-NEXT:  {"name": "x_act", "kind": "observer", "observed": {"op": null, "result": null, "argument": 0, "location": "loc(\"in\\22put\\\\dir\":1:2)"}, "location": "loc(\"C:\\\\models\\\\\\22q\\22.mlir\":7:9)", "observer": "histogram", "observer_params": null, "dtype": "i8", "qscheme": "per_tensor_affine", "ch_axis": null, "quant_min": -128, "quant_max": 127, "scale": [0.0078125], "zero_point": [-128], "min": [0], "max": [4], "clipped": 0.5},
// JSON-NEXT:  {"name": "w_pc", "kind": "observer", "observed": {"op": "arith.constant", "result": 0, "argument": null, "location": "loc(fused[\"conv.weight\", \"m.py\":3:1])"}, "location": "loc(\"conv\"(\"m.py\":3:1))", "observer": "per_channel_minmax", "observer_params": null, "dtype": "i8", "qscheme": "per_channel_symmetric", "ch_axis": 0, "quant_min": -127, "quant_max": 127, "scale": [0.00787401572, 0.00393700786], "zero_point": [0, 0], "min": [-0.25, -0.5], "max": [1, 0.125], "clipped": null},
// JSON-NEXT:  {"name": "b_derived", "kind": "observer", "observed": {"op": "arith.constant", "result": 0, "argument": null, "location": "loc({{.*}}json.mlir\":[[#]]:8)"}, "location": "loc({{.*}}json.mlir\":[[#]]:9)", "observer": null, "observer_params": null, "dtype": "i32", "qscheme": "per_channel_symmetric", "ch_axis": 0, "quant_min": -2147483648, "quant_max": 2147483647, "scale": null, "zero_point": null, "min": null, "max": null, "clipped": null},
// JSON-NEXT:  {"name": "fresh", "kind": "observer", "observed": {"op": "arith.addf", {{.*}}}, "location": {{.*}}, "observer": "minmax", "observer_params": null, "dtype": "i8", "qscheme": "per_tensor_affine", "ch_axis": null, "quant_min": -128, "quant_max": 127, "scale": null, "zero_point": null, "min": ["Infinity"], "max": ["-Infinity"], "clipped": null},
// JSON-NEXT:  {"name": "sigmoid_out", "kind": "observer", "observed": {"op": "pt2e.observer", {{.*}}}, "location": {{.*}}, "observer": null, "observer_params": null, "dtype": "ui8", "qscheme": "per_tensor_affine", "ch_axis": null, "quant_min": 0, "quant_max": 255, "scale": null, "zero_point": null, "min": null, "max": null, "clipped": null},
// JSON-NEXT:  {"name": "tab\tnew\nline é \ufffd\"\\", "kind": "fake_quant", "observed": {"op": "pt2e.observer", {{.*}}}, "location": {{.*}}, "observer": "minmax", "observer_params": null, "dtype": "i8", "qscheme": "per_tensor_affine", "ch_axis": null, "quant_min": -128, "quant_max": 127, "scale": [0.100000001], "zero_point": [3], "min": [-0.300000012], "max": [25.2000008], "clipped": null},
// JSON-NEXT:  {"name": "nan_stats", "kind": "observer", "observed": {"op": "pt2e.fake_quant", {{.*}}}, "location": {{.*}}, "observer": "minmax", "observer_params": null, "dtype": "i8", "qscheme": "per_tensor_affine", "ch_axis": null, "quant_min": -128, "quant_max": 127, "scale": null, "zero_point": null, "min": ["NaN"], "max": [-0], "clipped": null},
// JSON-NEXT:  {"name": "pc_empty", "kind": "observer", "observed": {"op": "pt2e.observer", {{.*}}}, "location": {{.*}}, "observer": "per_channel_minmax", "observer_params": null, "dtype": "i8", "qscheme": "per_channel_affine", "ch_axis": 1, "quant_min": -128, "quant_max": 127, "scale": null, "zero_point": null, "min": [], "max": [], "clipped": null}
// JSON-NEXT:]

// A Q-DQ pair's qparams are its !quant.uniform type's, which is affine (the
// symmetric weight reads per_channel_affine with zero points 0); it keeps
// no statistics and no observer kind.
// QDQ:[
// QDQ-NEXT:  {"name": "x_act", "kind": "qdq", "observed": {"op": null, "result": null, "argument": 0, "location": "loc(\"in\\22put\\\\dir\":1:2)"}, "location": "loc(\"C:\\\\models\\\\\\22q\\22.mlir\":7:9)", "observer": null, "observer_params": null, "dtype": "i8", "qscheme": "per_tensor_affine", "ch_axis": null, "quant_min": -128, "quant_max": 127, "scale": [0.0078125], "zero_point": [-128], "min": null, "max": null, "clipped": null},
// QDQ-NEXT:  {"name": "w_pc", "kind": "qdq", "observed": {"op": "arith.constant", "result": 0, "argument": null, "location": {{.*}}}, "location": "loc(\"conv\"(\"m.py\":3:1))", "observer": null, "observer_params": null, "dtype": "i8", "qscheme": "per_channel_affine", "ch_axis": 0, "quant_min": -127, "quant_max": 127, "scale": [0.00787401572, 0.00393700786], "zero_point": [0, 0], "min": null, "max": null, "clipped": null},
// QDQ-NEXT:  {"name": "b_derived", "kind": "qdq", "observed": {"op": "arith.constant", {{.*}}}, "location": {{.*}}, "observer": null, "observer_params": null, "dtype": "i32", "qscheme": "per_channel_affine", "ch_axis": 0, "quant_min": -2147483648, "quant_max": 2147483647, "scale": [6.15157478e-05, 3.07578739e-05], "zero_point": [0, 0], "min": null, "max": null, "clipped": null},
// QDQ-NEXT:  {"name": "sigmoid_out", "kind": "qdq", "observed": {"op": "arith.addf", {{.*}}}, "location": {{.*}}, "observer": null, "observer_params": null, "dtype": "ui8", "qscheme": "per_tensor_affine", "ch_axis": null, "quant_min": 0, "quant_max": 255, "scale": [0.00390625], "zero_point": [0], "min": null, "max": null, "clipped": null},
// QDQ-NEXT:  {"name": "tab\tnew\nline é \ufffd\"\\", "kind": "qdq", "observed": {"op": "quant.dcast", {{.*}}}, "location": {{.*}}, "observer": null, "observer_params": null, "dtype": "i8", "qscheme": "per_tensor_affine", "ch_axis": null, "quant_min": -128, "quant_max": 127, "scale": [0.100000001], "zero_point": [3], "min": null, "max": null, "clipped": null}
// QDQ-NEXT:]

#hist = {dtype = i8, observer = "histogram", quant_min = -128, quant_max = 127, qscheme = "per_tensor_affine", bins = 4}
#act = {dtype = i8, observer = "minmax"}
#w = {ch_axis = 0 : i64, dtype = i8, observer = "per_channel_minmax", qscheme = "per_channel_symmetric", quant_max = 127 : i64, quant_min = -127 : i64}
#bias = {ch_axis = 0 : i64, derive = "mul_scales", derived_from = ["x_act", "w_pc"], dtype = i32, is_dynamic = false, qscheme = "per_channel_symmetric", quant_max = 2147483647 : i64, quant_min = -2147483648 : i64}
#fixed = {dtype = ui8, fixed = {scale = 3.906250e-03 : f32, zero_point = 0 : i64}, is_dynamic = false, qscheme = "per_tensor_affine", quant_max = 255 : i64, quant_min = 0 : i64}
func.func @kinds(%x: tensor<2x3xf32> loc("in\"put\\dir":1:2)) -> tensor<2x3xf32> {
  // Histogram over [0, 4] in 4 bins of one value each (centres 0.5 .. 3.5);
  // scale 1/128 and zero point -128 represent [0, 1.99]: 50% clipped.
  %ox = "pt2e.observer"(%x) {name = "x_act", spec = #hist, scale = array<f32: 0.0078125>, zero_point = array<i64: -128>,
         stats = {min = array<f32: 0.0>, max = array<f32: 4.0>, histogram = array<f32: 1.0, 1.0, 1.0, 1.0>}} : (tensor<2x3xf32>) -> tensor<2x3xf32> loc("C:\\models\\\"q\".mlir":7:9)
  %w = arith.constant dense<[[0.5, -0.25, 1.0], [0.125, 0.0625, -0.5]]> : tensor<2x3xf32> loc(fused["conv.weight", "m.py":3:1])
  %ow = "pt2e.observer"(%w) {name = "w_pc", spec = #w, scale = array<f32: 0.0078740157, 0.0039370079>, zero_point = array<i64: 0, 0>,
         stats = {min = array<f32: -0.25, -0.5>, max = array<f32: 1.0, 0.125>}} : (tensor<2x3xf32>) -> tensor<2x3xf32> loc("conv"("m.py":3:1))
  %b = arith.constant dense<[1.0, -0.3]> : tensor<2xf32>
  %ob = "pt2e.observer"(%b) {name = "b_derived", spec = #bias} : (tensor<2xf32>) -> tensor<2xf32>
  %m = arith.mulf %ox, %ow : tensor<2x3xf32>
  %e = tensor.empty() : tensor<2x3xf32>
  %r = linalg.broadcast ins(%ob : tensor<2xf32>) outs(%e : tensor<2x3xf32>) dimensions = [1]
  %s = arith.addf %m, %r : tensor<2x3xf32>
  // torch's MinMaxObserver starts at min = +inf, max = -inf.
  %os = "pt2e.observer"(%s) {name = "fresh", spec = #act, stats = {min = array<f32: 0x7F800000>, max = array<f32: 0xFF800000>}} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %of = "pt2e.observer"(%os) {name = "sigmoid_out", spec = #fixed} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %fq = "pt2e.fake_quant"(%of) {name = "tab\09new\0Aline é \FF\"\\", spec = #act, observer_enabled = true, fake_quant_enabled = true, scale = array<f32: 0.1>, zero_point = array<i64: 3>,
         stats = {min = array<f32: -0.3>, max = array<f32: 25.2>}} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %nan = "pt2e.observer"(%fq) {name = "nan_stats", spec = #act, stats = {min = array<f32: 0x7FC00000>, max = array<f32: -0.0>}} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %pc = "pt2e.observer"(%nan) {name = "pc_empty", spec = {ch_axis = 1 : i64, dtype = i8, observer = "per_channel_minmax", qscheme = "per_channel_affine"}, stats = {min = array<f32>, max = array<f32>}} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %pc : tensor<2x3xf32>
}
