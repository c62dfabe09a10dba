// The bodies tosa-to-linalg and tosa-to-arith{include-apply-rescale=true}
// make of tosa.rescale and tosa.clamp, written out with what TOSA's
// verifier would not let through: shifts 0, 1, 63, 64 and beyond (a shift
// by the width or more gives 0 in the interpreter), negative multipliers,
// a clamp whose min comes before its max with crossed bounds, and a body
// one op away from the rescale (DOUBLE_ROUND-like: a second shift), which
// must stay on the block path; an i16 input (the kernel's general loop,
// not the vector one). See int8-fast-kernels.test.
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d3)>
func.func @edges(%acc: tensor<3x5x6x40xi32>) -> (tensor<3x5x6x40xi8>, tensor<3x5x6x40xi32>, tensor<3x5x6x40xi8>, tensor<3x5x6x40xi32>, tensor<3x5x6x40xi8>) {
  %m = arith.constant dense<[1073741824, -1073741824, 2147483647, -2147483648, 1, -1, 0, 1717986918, 1500000000, -1500000000,
                             1073741824, -1073741824, 2147483647, -2147483648, 1, -1, 0, 1717986918, 1500000000, -1500000000,
                             1073741824, -1073741824, 2147483647, -2147483648, 1, -1, 0, 1717986918, 1500000000, -1500000000,
                             1073741824, -1073741824, 2147483647, -2147483648, 1, -1, 0, 1717986918, 1500000000, -1500000000]> : tensor<40xi32>
  %s = arith.constant dense<[0, 1, 2, 31, 32, 33, 62, 63, 64, 65, -1, -128, 127, 100, 45, 46, 47, 48, 64, 200,
                             40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 38, 39, 40, 41, 42, 43, 44, 45, 46]> : tensor<40xi8>
  %sixteen = arith.constant dense<16> : tensor<3x5x6x40xi32>
  %small = arith.shrsi %acc, %sixteen : tensor<3x5x6x40xi32>
  %e8 = tensor.empty() : tensor<3x5x6x40xi8>
  %e32 = tensor.empty() : tensor<3x5x6x40xi32>
  %r1 = linalg.generic {indexing_maps = [#id, #ch, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%small, %m, %s : tensor<3x5x6x40xi32>, tensor<40xi32>, tensor<40xi8>) outs(%e8 : tensor<3x5x6x40xi8>) {
  ^bb0(%in: i32, %mu: i32, %sh: i8, %out: i8):
    %izp = arith.constant 5 : i32
    %ozp = arith.constant -3 : i32
    %one = arith.constant 1 : i64
    %x = arith.subi %in, %izp : i32
    %s32 = arith.extui %sh : i8 to i32
    %x64 = arith.extsi %x : i32 to i64
    %m64 = arith.extsi %mu : i32 to i64
    %p = arith.muli %x64, %m64 : i64
    %s64 = arith.extui %s32 : i32 to i64
    %h = arith.shli %one, %s64 : i64
    %r = arith.shrui %h, %one : i64
    %t = arith.addi %p, %r : i64
    %u = arith.shrsi %t, %s64 : i64
    %v = arith.trunci %u : i64 to i32
    %o = arith.addi %v, %ozp : i32
    %lo = arith.constant -100 : i32
    %hi = arith.constant 90 : i32
    %c1 = arith.maxsi %lo, %o : i32
    %c2 = arith.minsi %hi, %c1 : i32
    %y = arith.trunci %c2 : i32 to i8
    linalg.yield %y : i8
  } -> tensor<3x5x6x40xi8>
  // per tensor, i32 out, no clamp, shift 64 as an i64 constant: all 0 + ozp
  %r2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%acc : tensor<3x5x6x40xi32>) outs(%e32 : tensor<3x5x6x40xi32>) {
  ^bb0(%in: i32, %out: i32):
    %ozp = arith.constant 2147483647 : i32
    %one = arith.constant 1 : i64
    %mu = arith.constant -7 : i32
    %s64 = arith.constant 64 : i64
    %x64 = arith.extsi %in : i32 to i64
    %m64 = arith.extsi %mu : i32 to i64
    %p = arith.muli %m64, %x64 : i64
    %h = arith.shli %one, %s64 : i64
    %r = arith.shrui %h, %one : i64
    %t = arith.addi %r, %p : i64
    %u = arith.shrsi %t, %s64 : i64
    %v = arith.trunci %u : i64 to i32
    %o = arith.addi %ozp, %v : i32
    linalg.yield %o : i32
  } -> tensor<3x5x6x40xi32>
  // clamp: min first, then max, with crossed bounds (everything 50)
  %t8 = arith.trunci %acc : tensor<3x5x6x40xi32> to tensor<3x5x6x40xi8>
  %k = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%t8 : tensor<3x5x6x40xi8>) outs(%e8 : tensor<3x5x6x40xi8>) {
  ^bb0(%in: i8, %out: i8):
    %lo = arith.constant 10 : i8
    %hi = arith.constant 50 : i8
    %a = arith.minsi %in, %lo : i8
    %b = arith.maxsi %hi, %a : i8
    linalg.yield %b : i8
  } -> tensor<3x5x6x40xi8>
  // one op away: the shift applied twice (not the rescale: the block path)
  %r4 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%acc : tensor<3x5x6x40xi32>) outs(%e32 : tensor<3x5x6x40xi32>) {
  ^bb0(%in: i32, %out: i32):
    %one = arith.constant 1 : i64
    %mu = arith.constant 1073741824 : i32
    %s64 = arith.constant 20 : i64
    %x64 = arith.extsi %in : i32 to i64
    %m64 = arith.extsi %mu : i32 to i64
    %p = arith.muli %x64, %m64 : i64
    %h = arith.shli %one, %s64 : i64
    %r = arith.shrui %h, %one : i64
    %t = arith.addi %p, %r : i64
    %u0 = arith.shrsi %t, %s64 : i64
    %u = arith.shrsi %u0, %s64 : i64
    %v = arith.trunci %u : i64 to i32
    %z = arith.constant 0 : i32
    %o = arith.addi %v, %z : i32
    linalg.yield %o : i32
  } -> tensor<3x5x6x40xi32>
  // i16 in, per channel, the clamp before the truncation to i8
  %t16 = arith.trunci %acc : tensor<3x5x6x40xi32> to tensor<3x5x6x40xi16>
  %r5 = linalg.generic {indexing_maps = [#id, #ch, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%t16, %m, %s : tensor<3x5x6x40xi16>, tensor<40xi32>, tensor<40xi8>) outs(%e8 : tensor<3x5x6x40xi8>) {
  ^bb0(%in: i16, %mu: i32, %sh: i8, %out: i8):
    %izp = arith.constant -300 : i32
    %ozp = arith.constant 9 : i32
    %one = arith.constant 1 : i64
    %w = arith.extsi %in : i16 to i32
    %x = arith.subi %w, %izp : i32
    %s32 = arith.extui %sh : i8 to i32
    %x64 = arith.extsi %x : i32 to i64
    %m64 = arith.extsi %mu : i32 to i64
    %p = arith.muli %m64, %x64 : i64
    %s64 = arith.extui %s32 : i32 to i64
    %h = arith.shli %one, %s64 : i64
    %r = arith.shrui %h, %one : i64
    %t = arith.addi %r, %p : i64
    %u = arith.shrsi %t, %s64 : i64
    %v = arith.trunci %u : i64 to i32
    %o = arith.addi %ozp, %v : i32
    %lo = arith.constant -128 : i32
    %hi = arith.constant 127 : i32
    %c1 = arith.minsi %o, %hi : i32
    %c2 = arith.maxsi %c1, %lo : i32
    %y = arith.trunci %c2 : i32 to i8
    linalg.yield %y : i8
  } -> tensor<3x5x6x40xi8>
  return %r1, %r2, %k, %r4, %r5 : tensor<3x5x6x40xi8>, tensor<3x5x6x40xi32>, tensor<3x5x6x40xi8>, tensor<3x5x6x40xi32>, tensor<3x5x6x40xi8>
}
