// Slices that walkSlice copies as contiguous runs (test/ops/slice-runs.test):
// one block, runs of a partial innermost dimension, whole trailing
// dimensions under a partial one, a strided innermost dimension (runs of one
// element), a strided outer dimension over whole inner ones, rank-reducing
// slices, unit dimensions at an offset.
func.func @extract(%x: tensor<3x5x7x9xf32>, %u: tensor<3x1x7x9xf32>)
    -> (tensor<1x5x7x9xf32>, tensor<3x4x5x6xf32>, tensor<3x3x7x9xf32>, tensor<3x5x7x4xf32>,
        tensor<2x5x7x9xf32>, tensor<7x9xf32>, tensor<1x1x3x9xf32>, tensor<2x2x3x3xf32>) {
  %a = tensor.extract_slice %x[1, 0, 0, 0] [1, 5, 7, 9] [1, 1, 1, 1] : tensor<3x5x7x9xf32> to tensor<1x5x7x9xf32>
  %b = tensor.extract_slice %x[0, 1, 2, 3] [3, 4, 5, 6] [1, 1, 1, 1] : tensor<3x5x7x9xf32> to tensor<3x4x5x6xf32>
  %c = tensor.extract_slice %x[0, 1, 0, 0] [3, 3, 7, 9] [1, 1, 1, 1] : tensor<3x5x7x9xf32> to tensor<3x3x7x9xf32>
  %d = tensor.extract_slice %x[0, 0, 0, 1] [3, 5, 7, 4] [1, 1, 1, 2] : tensor<3x5x7x9xf32> to tensor<3x5x7x4xf32>
  %e = tensor.extract_slice %x[0, 0, 0, 0] [2, 5, 7, 9] [2, 1, 1, 1] : tensor<3x5x7x9xf32> to tensor<2x5x7x9xf32>
  %f = tensor.extract_slice %x[1, 2, 0, 0] [1, 1, 7, 9] [1, 1, 1, 1] : tensor<3x5x7x9xf32> to tensor<7x9xf32>
  %g = tensor.extract_slice %u[1, 0, 2, 0] [1, 1, 3, 9] [1, 1, 1, 1] : tensor<3x1x7x9xf32> to tensor<1x1x3x9xf32>
  %h = tensor.extract_slice %x[0, 1, 1, 2] [2, 2, 3, 3] [2, 3, 2, 3] : tensor<3x5x7x9xf32> to tensor<2x2x3x3xf32>
  return %a, %b, %c, %d, %e, %f, %g, %h
      : tensor<1x5x7x9xf32>, tensor<3x4x5x6xf32>, tensor<3x3x7x9xf32>, tensor<3x5x7x4xf32>,
        tensor<2x5x7x9xf32>, tensor<7x9xf32>, tensor<1x1x3x9xf32>, tensor<2x2x3x3xf32>
}

// The same shapes inserted back: into a copy of x (the destination is read
// after this use) and into a destination that dies here (taken over).
func.func @insert(%x: tensor<3x5x7x9xf32>, %u: tensor<3x1x7x9xf32>)
    -> (tensor<3x5x7x9xf32>, tensor<3x5x7x9xf32>, tensor<3x5x7x9xf32>, tensor<3x5x7x9xf32>,
        tensor<3x1x7x9xf32>, tensor<3x5x7x9xf32>) {
  %b = tensor.extract_slice %x[0, 0, 0, 0] [3, 4, 5, 6] [1, 1, 1, 1] : tensor<3x5x7x9xf32> to tensor<3x4x5x6xf32>
  %ib = tensor.insert_slice %b into %x[0, 1, 2, 3] [3, 4, 5, 6] [1, 1, 1, 1] : tensor<3x4x5x6xf32> into tensor<3x5x7x9xf32>
  %c = tensor.extract_slice %x[0, 0, 0, 0] [3, 3, 7, 9] [1, 1, 1, 1] : tensor<3x5x7x9xf32> to tensor<3x3x7x9xf32>
  %ic = tensor.insert_slice %c into %x[0, 2, 0, 0] [3, 3, 7, 9] [1, 1, 1, 1] : tensor<3x3x7x9xf32> into tensor<3x5x7x9xf32>
  %d = tensor.extract_slice %x[0, 0, 0, 0] [3, 5, 7, 4] [1, 1, 1, 1] : tensor<3x5x7x9xf32> to tensor<3x5x7x4xf32>
  %id = tensor.insert_slice %d into %x[0, 0, 0, 1] [3, 5, 7, 4] [1, 1, 1, 2] : tensor<3x5x7x4xf32> into tensor<3x5x7x9xf32>
  %f = tensor.extract_slice %x[0, 0, 0, 0] [1, 1, 7, 9] [1, 1, 1, 1] : tensor<3x5x7x9xf32> to tensor<7x9xf32>
  %if = tensor.insert_slice %f into %x[2, 4, 0, 0] [1, 1, 7, 9] [1, 1, 1, 1] : tensor<7x9xf32> into tensor<3x5x7x9xf32>
  %g = tensor.extract_slice %u[0, 0, 0, 0] [1, 1, 3, 9] [1, 1, 1, 1] : tensor<3x1x7x9xf32> to tensor<1x1x3x9xf32>
  %ig = tensor.insert_slice %g into %u[2, 0, 4, 0] [1, 1, 3, 9] [1, 1, 1, 1] : tensor<1x1x3x9xf32> into tensor<3x1x7x9xf32>
  %e = tensor.extract_slice %x[0, 0, 0, 0] [2, 5, 7, 9] [1, 1, 1, 1] : tensor<3x5x7x9xf32> to tensor<2x5x7x9xf32>
  %z = arith.constant dense<0.0> : tensor<3x5x7x9xf32>
  %ie = tensor.insert_slice %e into %z[0, 0, 0, 0] [2, 5, 7, 9] [2, 1, 1, 1] : tensor<2x5x7x9xf32> into tensor<3x5x7x9xf32>
  return %ib, %ic, %id, %if, %ig, %ie
      : tensor<3x5x7x9xf32>, tensor<3x5x7x9xf32>, tensor<3x5x7x9xf32>, tensor<3x5x7x9xf32>,
        tensor<3x1x7x9xf32>, tensor<3x5x7x9xf32>
}
