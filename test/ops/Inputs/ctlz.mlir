// math.ctlz on i8, i32 and i64 tensors (see ctlz.test).
#id = affine_map<(d0) -> (d0)>
func.func @ctlz() -> (tensor<5xi8>, tensor<8xi32>, tensor<3xi64>) {
  %a = arith.constant dense<[0, 1, 127, -1, 16]> : tensor<5xi8>
  %b = arith.constant dense<[0, 1, 2, 255, 256, 2147483647, -1, -2147483648]> : tensor<8xi32>
  %c = arith.constant dense<[0, 1, 1099511627776]> : tensor<3xi64>
  %ea = tensor.empty() : tensor<5xi8>
  %eb = tensor.empty() : tensor<8xi32>
  %ec = tensor.empty() : tensor<3xi64>
  %ra = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a : tensor<5xi8>) outs(%ea : tensor<5xi8>) {
  ^bb0(%in: i8, %out: i8):
    %r = math.ctlz %in : i8
    linalg.yield %r : i8
  } -> tensor<5xi8>
  %rb = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%b : tensor<8xi32>) outs(%eb : tensor<8xi32>) {
  ^bb0(%in: i32, %out: i32):
    %r = math.ctlz %in : i32
    linalg.yield %r : i32
  } -> tensor<8xi32>
  %rc = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%c : tensor<3xi64>) outs(%ec : tensor<3xi64>) {
  ^bb0(%in: i64, %out: i64):
    %r = math.ctlz %in : i64
    linalg.yield %r : i64
  } -> tensor<3xi64>
  return %ra, %rb, %rc : tensor<5xi8>, tensor<8xi32>, tensor<3xi64>
}
