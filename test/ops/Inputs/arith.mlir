// arith ops on tensors (elementwise) and in linalg.generic bodies.

// Constants: dense, splat, dense_resource (blob: 4-byte alignment header 0x04000000,
// then little-endian float32 1.0, -2.5, 0.125, 3.0e+38) and integer splats/dense.
func.func @constants() -> (tensor<2x3xf32>, tensor<2x2xf32>, tensor<4xf32>, tensor<3xi8>, tensor<2xi64>, tensor<2x2xi32>) {
  %d = arith.constant dense<[[1.5, -2.0, 3.25], [0.0, -0.0, 1.0e-3]]> : tensor<2x3xf32>
  %s = arith.constant dense<0.1> : tensor<2x2xf32>
  %r = arith.constant dense_resource<blob_f32> : tensor<4xf32>
  %i8 = arith.constant dense<[-128, 127, -1]> : tensor<3xi8>
  %i64 = arith.constant dense<[9223372036854775807, -9223372036854775808]> : tensor<2xi64>
  %i32 = arith.constant dense<-7> : tensor<2x2xi32>
  return %d, %s, %r, %i8, %i64, %i32 : tensor<2x3xf32>, tensor<2x2xf32>, tensor<4xf32>, tensor<3xi8>, tensor<2xi64>, tensor<2x2xi32>
}

func.func @fbin(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) {
  %a = arith.addf %x, %y : tensor<4x8xf32>
  %s = arith.subf %x, %y : tensor<4x8xf32>
  %m = arith.mulf %x, %y : tensor<4x8xf32>
  %d = arith.divf %x, %y : tensor<4x8xf32>
  %r = arith.remf %x, %y : tensor<4x8xf32>
  return %a, %s, %m, %d, %r : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>
}

// maximumf/minimumf (IEEE 754-2019: NaN propagates, -0 < +0).
func.func @minmax(%x: tensor<12xf32>, %y: tensor<12xf32>) -> (tensor<12xf32>, tensor<12xf32>) {
  %a = arith.maximumf %x, %y : tensor<12xf32>
  %b = arith.minimumf %x, %y : tensor<12xf32>
  return %a, %b : tensor<12xf32>, tensor<12xf32>
}

// maxnumf/minnumf (NaN is ignored when the other operand is a number).
// The inputs avoid +0 vs -0, for which either operand may be returned.
func.func @minmaxnum(%x: tensor<12xf32>, %y: tensor<12xf32>) -> (tensor<12xf32>, tensor<12xf32>) {
  %a = arith.maxnumf %x, %y : tensor<12xf32>
  %b = arith.minnumf %x, %y : tensor<12xf32>
  return %a, %b : tensor<12xf32>, tensor<12xf32>
}

// The same four ops in a linalg.generic body (the scalar path).
#id1 = affine_map<(i) -> (i)>
func.func @minmax_generic(%x: tensor<12xf32>, %y: tensor<12xf32>) -> (tensor<12xf32>, tensor<12xf32>) {
  %e = tensor.empty() : tensor<12xf32>
  %r:2 = linalg.generic {indexing_maps = [#id1, #id1, #id1, #id1], iterator_types = ["parallel"]}
      ins(%x, %y : tensor<12xf32>, tensor<12xf32>) outs(%e, %e : tensor<12xf32>, tensor<12xf32>) {
  ^bb0(%a: f32, %b: f32, %o1: f32, %o2: f32):
    %mx = arith.maximumf %a, %b : f32
    %mn = arith.minimumf %a, %b : f32
    linalg.yield %mx, %mn : f32, f32
  } -> (tensor<12xf32>, tensor<12xf32>)
  return %r#0, %r#1 : tensor<12xf32>, tensor<12xf32>
}

func.func @negf(%x: tensor<12xf32>) -> tensor<12xf32> {
  %n = arith.negf %x : tensor<12xf32>
  return %n : tensor<12xf32>
}

// cmpf, all 16 predicates, on pairs with NaN, +-0 and +-inf.
func.func @cmpf(%x: tensor<12xf32>, %y: tensor<12xf32>) -> (tensor<12xi1>, tensor<12xi1>, tensor<12xi1>, tensor<12xi1>, tensor<12xi1>, tensor<12xi1>, tensor<12xi1>, tensor<12xi1>, tensor<12xi1>, tensor<12xi1>, tensor<12xi1>, tensor<12xi1>, tensor<12xi1>, tensor<12xi1>, tensor<12xi1>, tensor<12xi1>) {
  %false = arith.cmpf false, %x, %y : tensor<12xf32>
  %oeq = arith.cmpf oeq, %x, %y : tensor<12xf32>
  %ogt = arith.cmpf ogt, %x, %y : tensor<12xf32>
  %oge = arith.cmpf oge, %x, %y : tensor<12xf32>
  %olt = arith.cmpf olt, %x, %y : tensor<12xf32>
  %ole = arith.cmpf ole, %x, %y : tensor<12xf32>
  %one = arith.cmpf one, %x, %y : tensor<12xf32>
  %ord = arith.cmpf ord, %x, %y : tensor<12xf32>
  %ueq = arith.cmpf ueq, %x, %y : tensor<12xf32>
  %ugt = arith.cmpf ugt, %x, %y : tensor<12xf32>
  %uge = arith.cmpf uge, %x, %y : tensor<12xf32>
  %ult = arith.cmpf ult, %x, %y : tensor<12xf32>
  %ule = arith.cmpf ule, %x, %y : tensor<12xf32>
  %une = arith.cmpf une, %x, %y : tensor<12xf32>
  %uno = arith.cmpf uno, %x, %y : tensor<12xf32>
  %true = arith.cmpf true, %x, %y : tensor<12xf32>
  return %false, %oeq, %ogt, %oge, %olt, %ole, %one, %ord, %ueq, %ugt, %uge, %ult, %ule, %une, %uno, %true : tensor<12xi1>, tensor<12xi1>, tensor<12xi1>, tensor<12xi1>, tensor<12xi1>, tensor<12xi1>, tensor<12xi1>, tensor<12xi1>, tensor<12xi1>, tensor<12xi1>, tensor<12xi1>, tensor<12xi1>, tensor<12xi1>, tensor<12xi1>, tensor<12xi1>, tensor<12xi1>
}

func.func @cmpi(%x: tensor<8xi32>, %y: tensor<8xi32>) -> (tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>) {
  %eq = arith.cmpi eq, %x, %y : tensor<8xi32>
  %ne = arith.cmpi ne, %x, %y : tensor<8xi32>
  %slt = arith.cmpi slt, %x, %y : tensor<8xi32>
  %sle = arith.cmpi sle, %x, %y : tensor<8xi32>
  %sgt = arith.cmpi sgt, %x, %y : tensor<8xi32>
  %sge = arith.cmpi sge, %x, %y : tensor<8xi32>
  %ult = arith.cmpi ult, %x, %y : tensor<8xi32>
  %ule = arith.cmpi ule, %x, %y : tensor<8xi32>
  %ugt = arith.cmpi ugt, %x, %y : tensor<8xi32>
  %uge = arith.cmpi uge, %x, %y : tensor<8xi32>
  return %eq, %ne, %slt, %sle, %sgt, %sge, %ult, %ule, %ugt, %uge : tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>
}

// select with a tensor condition and with a scalar condition.
func.func @select(%c: tensor<2x4xi1>, %x: tensor<2x4xf32>, %y: tensor<2x4xf32>, %s: tensor<i1>) -> (tensor<2x4xf32>, tensor<2x4xf32>) {
  %a = arith.select %c, %x, %y : tensor<2x4xi1>, tensor<2x4xf32>
  %b0 = tensor.extract %s[] : tensor<i1>
  %b = arith.select %b0, %x, %y : tensor<2x4xf32>
  return %a, %b : tensor<2x4xf32>, tensor<2x4xf32>
}

// Integer ops on i8: add/sub/mul wrap around; divsi/remsi truncate toward zero.
func.func @int_i8(%x: tensor<16xi8>, %y: tensor<16xi8>) -> (tensor<16xi8>, tensor<16xi8>, tensor<16xi8>, tensor<16xi8>, tensor<16xi8>, tensor<16xi8>, tensor<16xi8>, tensor<16xi8>) {
  %addi = arith.addi %x, %y : tensor<16xi8>
  %subi = arith.subi %x, %y : tensor<16xi8>
  %muli = arith.muli %x, %y : tensor<16xi8>
  %divsi = arith.divsi %x, %y : tensor<16xi8>
  %remsi = arith.remsi %x, %y : tensor<16xi8>
  %andi = arith.andi %x, %y : tensor<16xi8>
  %ori = arith.ori %x, %y : tensor<16xi8>
  %xori = arith.xori %x, %y : tensor<16xi8>
  return %addi, %subi, %muli, %divsi, %remsi, %andi, %ori, %xori : tensor<16xi8>, tensor<16xi8>, tensor<16xi8>, tensor<16xi8>, tensor<16xi8>, tensor<16xi8>, tensor<16xi8>, tensor<16xi8>
}

// Shifts by amounts in [0, bitwidth).
func.func @shift_i8(%x: tensor<16xi8>, %s: tensor<16xi8>) -> (tensor<16xi8>, tensor<16xi8>, tensor<16xi8>) {
  %shli = arith.shli %x, %s : tensor<16xi8>
  %shrsi = arith.shrsi %x, %s : tensor<16xi8>
  %shrui = arith.shrui %x, %s : tensor<16xi8>
  return %shli, %shrsi, %shrui : tensor<16xi8>, tensor<16xi8>, tensor<16xi8>
}

// Integer ops on i32: add/sub/mul wrap around; divsi/remsi truncate toward zero.
func.func @int_i32(%x: tensor<16xi32>, %y: tensor<16xi32>) -> (tensor<16xi32>, tensor<16xi32>, tensor<16xi32>, tensor<16xi32>, tensor<16xi32>, tensor<16xi32>, tensor<16xi32>, tensor<16xi32>) {
  %addi = arith.addi %x, %y : tensor<16xi32>
  %subi = arith.subi %x, %y : tensor<16xi32>
  %muli = arith.muli %x, %y : tensor<16xi32>
  %divsi = arith.divsi %x, %y : tensor<16xi32>
  %remsi = arith.remsi %x, %y : tensor<16xi32>
  %andi = arith.andi %x, %y : tensor<16xi32>
  %ori = arith.ori %x, %y : tensor<16xi32>
  %xori = arith.xori %x, %y : tensor<16xi32>
  return %addi, %subi, %muli, %divsi, %remsi, %andi, %ori, %xori : tensor<16xi32>, tensor<16xi32>, tensor<16xi32>, tensor<16xi32>, tensor<16xi32>, tensor<16xi32>, tensor<16xi32>, tensor<16xi32>
}

// Shifts by amounts in [0, bitwidth).
func.func @shift_i32(%x: tensor<16xi32>, %s: tensor<16xi32>) -> (tensor<16xi32>, tensor<16xi32>, tensor<16xi32>) {
  %shli = arith.shli %x, %s : tensor<16xi32>
  %shrsi = arith.shrsi %x, %s : tensor<16xi32>
  %shrui = arith.shrui %x, %s : tensor<16xi32>
  return %shli, %shrsi, %shrui : tensor<16xi32>, tensor<16xi32>, tensor<16xi32>
}

// Integer ops on i64: add/sub/mul wrap around; divsi/remsi truncate toward zero.
func.func @int_i64(%x: tensor<16xi64>, %y: tensor<16xi64>) -> (tensor<16xi64>, tensor<16xi64>, tensor<16xi64>, tensor<16xi64>, tensor<16xi64>, tensor<16xi64>, tensor<16xi64>, tensor<16xi64>) {
  %addi = arith.addi %x, %y : tensor<16xi64>
  %subi = arith.subi %x, %y : tensor<16xi64>
  %muli = arith.muli %x, %y : tensor<16xi64>
  %divsi = arith.divsi %x, %y : tensor<16xi64>
  %remsi = arith.remsi %x, %y : tensor<16xi64>
  %andi = arith.andi %x, %y : tensor<16xi64>
  %ori = arith.ori %x, %y : tensor<16xi64>
  %xori = arith.xori %x, %y : tensor<16xi64>
  return %addi, %subi, %muli, %divsi, %remsi, %andi, %ori, %xori : tensor<16xi64>, tensor<16xi64>, tensor<16xi64>, tensor<16xi64>, tensor<16xi64>, tensor<16xi64>, tensor<16xi64>, tensor<16xi64>
}

// Shifts by amounts in [0, bitwidth).
func.func @shift_i64(%x: tensor<16xi64>, %s: tensor<16xi64>) -> (tensor<16xi64>, tensor<16xi64>, tensor<16xi64>) {
  %shli = arith.shli %x, %s : tensor<16xi64>
  %shrsi = arith.shrsi %x, %s : tensor<16xi64>
  %shrui = arith.shrui %x, %s : tensor<16xi64>
  return %shli, %shrsi, %shrui : tensor<16xi64>, tensor<16xi64>, tensor<16xi64>
}

// More integer ops on i32 (unsigned division, floor/ceil division, min/max).
func.func @int_more(%x: tensor<16xi32>, %y: tensor<16xi32>) -> (tensor<16xi32>, tensor<16xi32>, tensor<16xi32>, tensor<16xi32>, tensor<16xi32>, tensor<16xi32>, tensor<16xi32>, tensor<16xi32>) {
  %divui = arith.divui %x, %y : tensor<16xi32>
  %remui = arith.remui %x, %y : tensor<16xi32>
  %floordivsi = arith.floordivsi %x, %y : tensor<16xi32>
  %ceildivsi = arith.ceildivsi %x, %y : tensor<16xi32>
  %maxsi = arith.maxsi %x, %y : tensor<16xi32>
  %minsi = arith.minsi %x, %y : tensor<16xi32>
  %maxui = arith.maxui %x, %y : tensor<16xi32>
  %minui = arith.minui %x, %y : tensor<16xi32>
  return %divui, %remui, %floordivsi, %ceildivsi, %maxsi, %minsi, %maxui, %minui : tensor<16xi32>, tensor<16xi32>, tensor<16xi32>, tensor<16xi32>, tensor<16xi32>, tensor<16xi32>, tensor<16xi32>, tensor<16xi32>
}

// Float casts: extf, truncf (round to nearest even), fptosi (toward zero), bitcast.
func.func @casts_f(%x: tensor<12xf32>, %d: tensor<12xf64>) -> (tensor<12xf64>, tensor<12xf32>, tensor<12xi32>, tensor<12xi8>, tensor<12xi32>) {
  %e = arith.extf %x : tensor<12xf32> to tensor<12xf64>
  %t = arith.truncf %d : tensor<12xf64> to tensor<12xf32>
  %i = arith.fptosi %x : tensor<12xf32> to tensor<12xi32>
  %i8 = arith.fptosi %x : tensor<12xf32> to tensor<12xi8>
  %b = arith.bitcast %x : tensor<12xf32> to tensor<12xi32>
  return %e, %t, %i, %i8, %b : tensor<12xf64>, tensor<12xf32>, tensor<12xi32>, tensor<12xi8>, tensor<12xi32>
}

// fptoui on non-negative values, up to 4e9 (above INT32_MAX).
func.func @fptoui(%x: tensor<6xf32>) -> tensor<6xi32> {
  %u = arith.fptoui %x : tensor<6xf32> to tensor<6xi32>
  return %u : tensor<6xi32>
}

// Integer casts from i8: sitofp, uitofp (-1 -> 255.0), extsi, extui, and from
// i64: trunci, index_cast both ways, bitcast i32 -> f32.
func.func @casts_i(%a: tensor<8xi8>, %w: tensor<8xi64>, %v: tensor<8xi32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xi32>, tensor<8xi64>, tensor<8xi32>, tensor<8xi8>, tensor<8xi64>, tensor<8xi8>, tensor<8xf32>) {
  %s = arith.sitofp %a : tensor<8xi8> to tensor<8xf32>
  %u = arith.uitofp %a : tensor<8xi8> to tensor<8xf32>
  %es = arith.extsi %a : tensor<8xi8> to tensor<8xi32>
  %eu = arith.extui %a : tensor<8xi8> to tensor<8xi64>
  %t32 = arith.trunci %w : tensor<8xi64> to tensor<8xi32>
  %t8 = arith.trunci %w : tensor<8xi64> to tensor<8xi8>
  %ix = arith.index_cast %v : tensor<8xi32> to tensor<8xindex>
  %ix64 = arith.index_cast %ix : tensor<8xindex> to tensor<8xi64>
  %ix8 = arith.index_cast %ix : tensor<8xindex> to tensor<8xi8>
  %bf = arith.bitcast %v : tensor<8xi32> to tensor<8xf32>
  return %s, %u, %es, %eu, %t32, %t8, %ix64, %ix8, %bf : tensor<8xf32>, tensor<8xf32>, tensor<8xi32>, tensor<8xi64>, tensor<8xi32>, tensor<8xi8>, tensor<8xi64>, tensor<8xi8>, tensor<8xf32>
}

{-#
  dialect_resources: {
    builtin: {
      blob_f32: "0x040000000000803F000020C00000003EE6B1617F"
    }
  }
#-}
