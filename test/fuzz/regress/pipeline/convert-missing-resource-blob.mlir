func.func @f(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %cst = arith.constant dense_resource<missing> : tensor<2x2xf32>
  %a = arith.addf %x, %cst {pt2e.annotation = {inputs = [{observer = "minmax", dtype = i8}, {observer = "minmax", dtype = i8}], output = {observer = "minmax", dtype = i8}}} : tensor<2x2xf32>
  return %a : tensor<2x2xf32>
}
