// The 'pt2e' dialect, defined in IRDL.
//
// Load it into any MLIR 22 tool with `--irdl-file=pt2e.irdl.mlir`; `pt2e-opt`
// loads it by itself. IRDL-defined ops have no custom syntax, so they print in
// MLIR's generic form: "pt2e.observer"(%x) {...} : (T) -> T.
//
// What IRDL checks here: one tensor operand and one result of the *same* type
// (both use the constraint variable %tensor), and the presence and kind of the
// required attributes. What IRDL cannot say about builtin types (a float
// element type, the contents of 'spec') is checked in C by
// dialect_bindings/pt2e_dialect.c (pt2eVerifyQuantOp), which every pass calls.
// Extra attributes (for example 'stats' after calibration) are allowed.
irdl.dialect @pt2e {
  // Records statistics of the tensor flowing through it; returns its input
  // unchanged (PT2E's observer modules, e.g. HistogramObserver).
  //   name: the stable name, like PT2E's "activation_post_process_0"
  //   spec: the quantization spec (see docs/annotations.md)
  irdl.operation @observer {
    %tensor = irdl.base "!builtin.tensor"
    irdl.operands(input: %tensor)
    irdl.results(output: %tensor)
    %name = irdl.base "#builtin.string"
    %spec = irdl.base "#builtin.dictionary"
    irdl.attributes {
      "name" = %name,
      "spec" = %spec
    }
  }

  // Observes (when observer_enabled) and quantizes-dequantizes its input with
  // the current scale / zero_point (when fake_quant_enabled), like torchao's
  // FakeQuantize. scale is array<f32: ...>, zero_point is array<i64: ...>:
  // one entry per tensor, or one per channel for per-channel specs.
  irdl.operation @fake_quant {
    %tensor = irdl.base "!builtin.tensor"
    irdl.operands(input: %tensor)
    irdl.results(output: %tensor)
    %name = irdl.base "#builtin.string"
    %spec = irdl.base "#builtin.dictionary"
    %on = irdl.is true
    %off = irdl.is false
    %switch = irdl.any_of(%on, %off)
    %switch2 = irdl.any_of(%on, %off)
    %scale = irdl.base "#builtin.dense_array"
    %zero_point = irdl.base "#builtin.dense_array"
    irdl.attributes {
      "name" = %name,
      "spec" = %spec,
      "observer_enabled" = %switch,
      "fake_quant_enabled" = %switch2,
      "scale" = %scale,
      "zero_point" = %zero_point
    }
  }
  // Quantizes and dequantizes its input with qparams chosen from the input
  // itself when it runs: PT2E's dynamic quantization (choose_qparams.tensor,
  // quantize_per_tensor.tensor, dequantize_per_tensor.tensor) for a
  // per-tensor spec, torchao's per-token activations of
  // Int8DynamicActivationIntxWeightConfig (choose_qparams_affine,
  // quantize_affine, dequantize_affine over rows) for a per_group spec.
  // pt2e-convert makes it of a dynamic (is_dynamic = true) observer;
  // pt2e-lower-quant lowers it to linalg and arith.
  irdl.operation @dynamic_qdq {
    %tensor = irdl.base "!builtin.tensor"
    irdl.operands(input: %tensor)
    irdl.results(output: %tensor)
    %name = irdl.base "#builtin.string"
    %spec = irdl.base "#builtin.dictionary"
    irdl.attributes {
      "name" = %name,
      "spec" = %spec
    }
  }
}
