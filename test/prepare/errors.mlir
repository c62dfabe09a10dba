// Every bad annotation is an error at the annotated op that names the
// problem; the pass then fails and changes nothing (checked by
// test/unit/test_prepare.c).
// RUN: %pt2e_opt %s --split-input-file --verify-diagnostics -p 'builtin.module(pt2e-prepare)'

func.func @not_float(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error@+1 {{'pt2e.annotation' input 0: operand 0 is not a ranked tensor of floats but 'tensor<4xi32>'}}
  %0 = arith.addi %x, %x {pt2e.annotation = {inputs = [{observer = "minmax", dtype = i8}]}} : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @scalar(%x: f32) -> f32 {
  // expected-error@+1 {{'pt2e.annotation' output: result 0 is not a ranked tensor of floats but 'f32'}}
  %0 = arith.negf %x {pt2e.annotation = {output = {observer = "minmax", dtype = i8}}} : f32
  return %0 : f32
}

// -----

func.func @ch_axis_out_of_range(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{'pt2e.annotation' input 0: 'ch_axis' 2 is out of range for operand 0 of rank 2}}
  %0 = arith.negf %x {pt2e.annotation = {inputs = [{observer = "per_channel_minmax", dtype = i8, qscheme = "per_channel_symmetric", ch_axis = 2}]}} : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @min_above_max(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'pt2e.annotation' output: 'quant_min' 10 is greater than 'quant_max' 5}}
  %0 = arith.negf %x {pt2e.annotation = {output = {observer = "minmax", dtype = i8, quant_min = 10, quant_max = 5}}} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @outside_dtype(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'pt2e.annotation' input 0: 'quant_min' -1 is outside the range of ui8 [0, 255]}}
  %0 = arith.negf %x {pt2e.annotation = {inputs = [{observer = "minmax", dtype = ui8, quant_min = -1}]}} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @unknown_observer(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'pt2e.annotation' input 0: unknown observer 'kl_divergence' (expected one of: minmax, moving_average_minmax, per_channel_minmax, moving_average_per_channel_minmax, histogram, percentile, entropy, distribution, per_group_minmax, placeholder)}}
  %0 = arith.negf %x {pt2e.annotation = {inputs = [{observer = "kl_divergence", dtype = i8}]}} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @parameter_of_other_observer(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'pt2e.annotation' input 0: 'bins' is not a parameter of observer 'minmax'}}
  %0 = arith.negf %x {pt2e.annotation = {inputs = [{observer = "minmax", dtype = i8, bins = 256}]}} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @unknown_parameter(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'pt2e.annotation' input 0: unknown key 'quantile' in a spec}}
  %0 = arith.negf %x {pt2e.annotation = {inputs = [{observer = "histogram", dtype = i8, quantile = 99.9}]}} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @missing_observer(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'pt2e.annotation' input 0: missing 'observer' (or 'shared', 'derived_from', 'fixed')}}
  %0 = arith.negf %x {pt2e.annotation = {inputs = [{dtype = i8}]}} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @bad_dtype(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'pt2e.annotation' input 0: 'dtype' must be one of the types i8, ui8, i16, ui16, i4, i32}}
  %0 = arith.negf %x {pt2e.annotation = {inputs = [{observer = "minmax", dtype = "int8"}]}} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @observer_qscheme_mismatch(%x: tensor<4xf32>) -> tensor<4xf32> {
  // (a histogram kind with a per-channel qscheme is per-channel histograms)
  // expected-error@+1 {{'pt2e.annotation' input 0: observer 'minmax' does not support qscheme 'per_channel_affine'}}
  %0 = arith.negf %x {pt2e.annotation = {inputs = [{observer = "minmax", dtype = i8, qscheme = "per_channel_affine"}]}} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @shared_points_nowhere(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'pt2e.annotation' output: 'shared' points to operand 1 of this op, which is not quantized (no spec in its 'pt2e.annotation')}}
  %0 = arith.addf %x, %x {pt2e.annotation = {output = {shared = {operand = 1}}}} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @shared_unknown_id(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'pt2e.annotation' output: 'shared' points to op "conv", but no op has pt2e.id = "conv"}}
  %0 = arith.negf %x {pt2e.annotation = {output = {shared = {op = "conv", result = 0}}}} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @shared_cycle(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'pt2e.annotation' input 0: shared specs form a cycle and never reach a spec with an observer}}
  %0 = arith.negf %x {pt2e.annotation = {inputs = [{shared = {result = 0}}], output = {shared = {operand = 0}}}} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @derived_from_unobserved(%x: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'pt2e.annotation' input 1: 'derived_from' points to operand 0 of this op, which is not quantized (no spec in its 'pt2e.annotation')}}
  %0 = arith.addf %x, %b {pt2e.annotation = {inputs = [unit, {derived_from = [{operand = 0}], dtype = i32}]}} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @too_many_inputs(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'pt2e.annotation' has 2 inputs but the op has only 1 operands}}
  %0 = arith.negf %x {pt2e.annotation = {inputs = [unit, unit]}} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @not_a_dictionary(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'pt2e.annotation' must be a dictionary {inputs = [...], output = {...}}}}
  %0 = arith.negf %x {pt2e.annotation = "histogram"} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @unknown_annotation_key(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{unknown key 'outputs' in 'pt2e.annotation' (expected 'inputs', 'output', 'allow_implicit_sharing')}}
  %0 = arith.negf %x {pt2e.annotation = {outputs = [{observer = "minmax", dtype = i8}]}} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @same_value_two_specs(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'pt2e.annotation' input 1: operands 0 and 1 are the same value, so they must have the same spec}}
  %0 = arith.addf %x, %x {pt2e.annotation = {inputs = [{observer = "minmax", dtype = i8}, {observer = "minmax", dtype = ui8}]}} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @duplicate_id(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = arith.negf %x {pt2e.id = "a"} : tensor<4xf32>
  // expected-error@+1 {{'pt2e.id' "a" is used by two ops}}
  %1 = arith.negf %0 {pt2e.id = "a"} : tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

func.func @bad_fixed(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'pt2e.annotation' output: 'scale' in 'fixed' must be positive}}
  %0 = arith.negf %x {pt2e.annotation = {output = {fixed = {scale = 0.0, zero_point = 0}, dtype = i8}}} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @multi_result(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  // expected-error@+1 {{'pt2e.annotation' output: the op has 2 results; only an op with one result can have an 'output'}}
  %0:2 = scf.execute_region -> (tensor<4xf32>, tensor<4xf32>) {
    scf.yield %x, %x : tensor<4xf32>, tensor<4xf32>
  } {pt2e.annotation = {output = {observer = "minmax", dtype = i8}}}
  return %0#0, %0#1 : tensor<4xf32>, tensor<4xf32>
}
