/*
** test_match.c
** Unit tests for pt2e-annotate's recogniser of decomposed ops
** (pt2eMatchDecomposed, passes/ir/match.c) on torch-mlir's real
** output: which op each decomposition is seen from, what it is named and
** how many ops it claims. lit sees only what the claims change around them
** (test/annotate/decomposed.mlir); a gelu or a softmax changes nothing
** visible today, so its recognition is checked here.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdbool.h>
#include <string.h>

#include "mlir-c/IR.h"

#include "match.h"
#include "support.h"

typedef UnitFixture Fixture;

static int groupSetup(void **state) {
  return unitFixtureSetup(state, UNIT_ALL_DIALECTS);
}

#define groupTeardown unitFixtureTeardown

/* torch-mlir 20261001, linalg-on-tensors: F.gelu(x) */
static const char *const geluErfModule =
    "#map = affine_map<(d0, d1) -> (d0, d1)>\n"
    "module {\n"
    "  func.func @gelu(%arg0: tensor<2x8xf32>) -> tensor<2x8xf32> {\n"
    "    %cst = arith.constant 1.000000e+00 : f32\n"
    "    %cst_0 = arith.constant 5.000000e-01 : f32\n"
    "    %cst_1 = arith.constant 1.41421354 : f32\n"
    "    %0 = tensor.empty() : tensor<2x8xf32>\n"
    "    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = [\"parallel\", \"parallel\"]} ins(%arg0 : tensor<2x8xf32>) outs(%0 : tensor<2x8xf32>) {\n"
    "    ^bb0(%in: f32, %out: f32):\n"
    "      %2 = arith.divf %in, %cst_1 : f32\n"
    "      %3 = math.erf %2 : f32\n"
    "      %4 = arith.addf %3, %cst : f32\n"
    "      %5 = arith.mulf %4, %cst_0 : f32\n"
    "      %6 = arith.mulf %in, %5 : f32\n"
    "      linalg.yield %6 : f32\n"
    "    } -> tensor<2x8xf32>\n"
    "    return %1 : tensor<2x8xf32>\n"
    "  }\n"
    "}\n"
    "\n";

/* torch-mlir 20261001, linalg-on-tensors: F.gelu(x, approximate="tanh") */
static const char *const geluTanhModule =
    "#map = affine_map<(d0, d1) -> (d0, d1)>\n"
    "module {\n"
    "  func.func @gelut(%arg0: tensor<2x8xf32>) -> tensor<2x8xf32> {\n"
    "    %c3_i64 = arith.constant 3 : i64\n"
    "    %cst = arith.constant 4.471500e-02 : f32\n"
    "    %cst_0 = arith.constant 7.977240e-01 : f32\n"
    "    %cst_1 = arith.constant 1.000000e+00 : f32\n"
    "    %cst_2 = arith.constant 5.000000e-01 : f32\n"
    "    %0 = tensor.empty() : tensor<2x8xf32>\n"
    "    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = [\"parallel\", \"parallel\"]} ins(%arg0 : tensor<2x8xf32>) outs(%0 : tensor<2x8xf32>) {\n"
    "    ^bb0(%in: f32, %out: f32):\n"
    "      %2 = math.fpowi %in, %c3_i64 : f32, i64\n"
    "      %3 = arith.mulf %2, %cst : f32\n"
    "      %4 = arith.addf %in, %3 : f32\n"
    "      %5 = arith.mulf %4, %cst_0 : f32\n"
    "      %6 = math.tanh %5 : f32\n"
    "      %7 = arith.addf %6, %cst_1 : f32\n"
    "      %8 = arith.mulf %7, %cst_2 : f32\n"
    "      %9 = arith.mulf %in, %8 : f32\n"
    "      linalg.yield %9 : f32\n"
    "    } -> tensor<2x8xf32>\n"
    "    return %1 : tensor<2x8xf32>\n"
    "  }\n"
    "}\n"
    "\n";

/* torch-mlir 20261001, linalg-on-tensors: F.silu(x) */
static const char *const siluModule =
    "#map = affine_map<(d0, d1) -> (d0, d1)>\n"
    "module {\n"
    "  func.func @silu(%arg0: tensor<2x8xf32>) -> tensor<2x8xf32> {\n"
    "    %cst = arith.constant 1.000000e+00 : f32\n"
    "    %0 = tensor.empty() : tensor<2x8xf32>\n"
    "    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = [\"parallel\", \"parallel\"]} ins(%arg0 : tensor<2x8xf32>) outs(%0 : tensor<2x8xf32>) {\n"
    "    ^bb0(%in: f32, %out: f32):\n"
    "      %3 = arith.negf %in : f32\n"
    "      %4 = math.exp %3 : f32\n"
    "      %5 = arith.addf %4, %cst : f32\n"
    "      %6 = arith.divf %cst, %5 : f32\n"
    "      linalg.yield %6 : f32\n"
    "    } -> tensor<2x8xf32>\n"
    "    %2 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = [\"parallel\", \"parallel\"]} ins(%arg0, %1 : tensor<2x8xf32>, tensor<2x8xf32>) outs(%0 : tensor<2x8xf32>) {\n"
    "    ^bb0(%in: f32, %in_0: f32, %out: f32):\n"
    "      %3 = arith.mulf %in, %in_0 : f32\n"
    "      linalg.yield %3 : f32\n"
    "    } -> tensor<2x8xf32>\n"
    "    return %2 : tensor<2x8xf32>\n"
    "  }\n"
    "}\n"
    "\n";

/* torch-mlir 20261001, linalg-on-tensors: F.softmax(x, -1) */
static const char *const softmaxModule =
    "#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>\n"
    "#map1 = affine_map<(d0, d1, d2) -> (d0, d1)>\n"
    "#map2 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>\n"
    "module {\n"
    "  func.func @softmax(%arg0: tensor<2x8x16xf32>) -> tensor<2x8x16xf32> {\n"
    "    %c0_i64 = arith.constant 0 : i64\n"
    "    %cst = arith.constant 0xFF800000 : f32\n"
    "    %cst_0 = arith.constant 0.000000e+00 : f32\n"
    "    %0 = tensor.empty() : tensor<2x8xi64>\n"
    "    %1 = linalg.fill ins(%c0_i64 : i64) outs(%0 : tensor<2x8xi64>) -> tensor<2x8xi64>\n"
    "    %2 = tensor.empty() : tensor<2x8xf32>\n"
    "    %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<2x8xf32>) -> tensor<2x8xf32>\n"
    "    %4:2 = linalg.generic {indexing_maps = [#map, #map1, #map1], iterator_types = [\"parallel\", \"parallel\", \"reduction\"]} ins(%arg0 : tensor<2x8x16xf32>) outs(%3, %1 : tensor<2x8xf32>, tensor<2x8xi64>) {\n"
    "    ^bb0(%in: f32, %out: f32, %out_1: i64):\n"
    "      %12 = linalg.index 2 : index\n"
    "      %13 = arith.index_cast %12 : index to i64\n"
    "      %14 = arith.maximumf %in, %out : f32\n"
    "      %15 = arith.cmpf ogt, %in, %out : f32\n"
    "      %16 = arith.select %15, %13, %out_1 : i64\n"
    "      linalg.yield %14, %16 : f32, i64\n"
    "    } -> (tensor<2x8xf32>, tensor<2x8xi64>)\n"
    "    %expanded = tensor.expand_shape %4#0 [[0], [1, 2]] output_shape [2, 8, 1] : tensor<2x8xf32> into tensor<2x8x1xf32>\n"
    "    %5 = tensor.empty() : tensor<2x8x16xf32>\n"
    "    %6 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = [\"parallel\", \"parallel\", \"parallel\"]} ins(%arg0, %expanded : tensor<2x8x16xf32>, tensor<2x8x1xf32>) outs(%5 : tensor<2x8x16xf32>) {\n"
    "    ^bb0(%in: f32, %in_1: f32, %out: f32):\n"
    "      %12 = arith.subf %in, %in_1 : f32\n"
    "      linalg.yield %12 : f32\n"
    "    } -> tensor<2x8x16xf32>\n"
    "    %7 = linalg.generic {indexing_maps = [#map, #map], iterator_types = [\"parallel\", \"parallel\", \"parallel\"]} ins(%6 : tensor<2x8x16xf32>) outs(%5 : tensor<2x8x16xf32>) {\n"
    "    ^bb0(%in: f32, %out: f32):\n"
    "      %12 = math.exp %in : f32\n"
    "      linalg.yield %12 : f32\n"
    "    } -> tensor<2x8x16xf32>\n"
    "    %8 = tensor.empty() : tensor<2x8x1xf32>\n"
    "    %9 = linalg.fill ins(%cst_0 : f32) outs(%8 : tensor<2x8x1xf32>) -> tensor<2x8x1xf32>\n"
    "    %10 = linalg.generic {indexing_maps = [#map, #map2], iterator_types = [\"parallel\", \"parallel\", \"reduction\"]} ins(%7 : tensor<2x8x16xf32>) outs(%9 : tensor<2x8x1xf32>) {\n"
    "    ^bb0(%in: f32, %out: f32):\n"
    "      %12 = arith.addf %in, %out : f32\n"
    "      linalg.yield %12 : f32\n"
    "    } -> tensor<2x8x1xf32>\n"
    "    %11 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = [\"parallel\", \"parallel\", \"parallel\"]} ins(%7, %10 : tensor<2x8x16xf32>, tensor<2x8x1xf32>) outs(%5 : tensor<2x8x16xf32>) {\n"
    "    ^bb0(%in: f32, %in_1: f32, %out: f32):\n"
    "      %12 = arith.divf %in, %in_1 : f32\n"
    "      linalg.yield %12 : f32\n"
    "    } -> tensor<2x8x16xf32>\n"
    "    return %11 : tensor<2x8x16xf32>\n"
    "  }\n"
    "}\n"
    "\n";

/* torch-mlir 20261001, linalg-on-tensors: F.scaled_dot_product_attention(x, x, x) */
static const char *const attentionModule =
    "#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>\n"
    "#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>\n"
    "#map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>\n"
    "module {\n"
    "  func.func @sdpa(%arg0: tensor<2x2x8x16xf32>) -> tensor<2x2x8x16xf32> {\n"
    "    %cst = arith.constant 0.000000e+00 : f32\n"
    "    %c0_i64 = arith.constant 0 : i64\n"
    "    %cst_0 = arith.constant 0xFF800000 : f32\n"
    "    %true = arith.constant true\n"
    "    %cst_1 = arith.constant dense<0.000000e+00> : tensor<2x2x8x8xf32>\n"
    "    %cst_2 = arith.constant 0xFFF0000000000000 : f64\n"
    "    %cst_3 = arith.constant 5.000000e-01 : f32\n"
    "    %0 = tensor.empty() : tensor<2x2x8x16xf32>\n"
    "    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = [\"parallel\", \"parallel\", \"parallel\", \"parallel\"]} ins(%arg0 : tensor<2x2x8x16xf32>) outs(%0 : tensor<2x2x8x16xf32>) {\n"
    "    ^bb0(%in: f32, %out: f32):\n"
    "      %28 = arith.mulf %in, %cst_3 : f32\n"
    "      linalg.yield %28 : f32\n"
    "    } -> tensor<2x2x8x16xf32>\n"
    "    %2 = tensor.empty() : tensor<2x2x16x8xf32>\n"
    "    %transposed = linalg.transpose ins(%arg0 : tensor<2x2x8x16xf32>) outs(%2 : tensor<2x2x16x8xf32>) permutation = [0, 1, 3, 2] \n"
    "    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = [\"parallel\", \"parallel\", \"parallel\", \"parallel\"]} ins(%transposed : tensor<2x2x16x8xf32>) outs(%2 : tensor<2x2x16x8xf32>) {\n"
    "    ^bb0(%in: f32, %out: f32):\n"
    "      %28 = arith.mulf %in, %cst_3 : f32\n"
    "      linalg.yield %28 : f32\n"
    "    } -> tensor<2x2x16x8xf32>\n"
    "    %collapsed = tensor.collapse_shape %1 [[0, 1], [2], [3]] : tensor<2x2x8x16xf32> into tensor<4x8x16xf32>\n"
    "    %collapsed_4 = tensor.collapse_shape %3 [[0, 1], [2], [3]] : tensor<2x2x16x8xf32> into tensor<4x16x8xf32>\n"
    "    %4 = tensor.empty() : tensor<4x8x8xf32>\n"
    "    %5 = linalg.fill ins(%cst : f32) outs(%4 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>\n"
    "    %6 = linalg.batch_matmul ins(%collapsed, %collapsed_4 : tensor<4x8x16xf32>, tensor<4x16x8xf32>) outs(%5 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>\n"
    "    %expanded = tensor.expand_shape %6 [[0, 1], [2], [3]] output_shape [2, 2, 8, 8] : tensor<4x8x8xf32> into tensor<2x2x8x8xf32>\n"
    "    %7 = tensor.empty() : tensor<2x2x8xi64>\n"
    "    %8 = linalg.fill ins(%c0_i64 : i64) outs(%7 : tensor<2x2x8xi64>) -> tensor<2x2x8xi64>\n"
    "    %9 = tensor.empty() : tensor<2x2x8xf32>\n"
    "    %10 = linalg.fill ins(%cst_0 : f32) outs(%9 : tensor<2x2x8xf32>) -> tensor<2x2x8xf32>\n"
    "    %11:2 = linalg.generic {indexing_maps = [#map, #map1, #map1], iterator_types = [\"parallel\", \"parallel\", \"parallel\", \"reduction\"]} ins(%expanded : tensor<2x2x8x8xf32>) outs(%10, %8 : tensor<2x2x8xf32>, tensor<2x2x8xi64>) {\n"
    "    ^bb0(%in: f32, %out: f32, %out_9: i64):\n"
    "      %28 = linalg.index 3 : index\n"
    "      %29 = arith.index_cast %28 : index to i64\n"
    "      %30 = arith.maximumf %in, %out : f32\n"
    "      %31 = arith.cmpf ogt, %in, %out : f32\n"
    "      %32 = arith.select %31, %29, %out_9 : i64\n"
    "      linalg.yield %30, %32 : f32, i64\n"
    "    } -> (tensor<2x2x8xf32>, tensor<2x2x8xi64>)\n"
    "    %expanded_5 = tensor.expand_shape %11#0 [[0], [1], [2, 3]] output_shape [2, 2, 8, 1] : tensor<2x2x8xf32> into tensor<2x2x8x1xf32>\n"
    "    %12 = tensor.empty() : tensor<2x2x8x8xf32>\n"
    "    %13 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = [\"parallel\", \"parallel\", \"parallel\", \"parallel\"]} ins(%expanded, %expanded_5 : tensor<2x2x8x8xf32>, tensor<2x2x8x1xf32>) outs(%12 : tensor<2x2x8x8xf32>) {\n"
    "    ^bb0(%in: f32, %in_9: f32, %out: f32):\n"
    "      %28 = arith.subf %in, %in_9 : f32\n"
    "      linalg.yield %28 : f32\n"
    "    } -> tensor<2x2x8x8xf32>\n"
    "    %14 = linalg.generic {indexing_maps = [#map, #map], iterator_types = [\"parallel\", \"parallel\", \"parallel\", \"parallel\"]} ins(%13 : tensor<2x2x8x8xf32>) outs(%12 : tensor<2x2x8x8xf32>) {\n"
    "    ^bb0(%in: f32, %out: f32):\n"
    "      %28 = math.exp %in : f32\n"
    "      linalg.yield %28 : f32\n"
    "    } -> tensor<2x2x8x8xf32>\n"
    "    %15 = tensor.empty() : tensor<2x2x8x1xf32>\n"
    "    %16 = linalg.fill ins(%cst : f32) outs(%15 : tensor<2x2x8x1xf32>) -> tensor<2x2x8x1xf32>\n"
    "    %17 = linalg.generic {indexing_maps = [#map, #map2], iterator_types = [\"parallel\", \"parallel\", \"parallel\", \"reduction\"]} ins(%14 : tensor<2x2x8x8xf32>) outs(%16 : tensor<2x2x8x1xf32>) {\n"
    "    ^bb0(%in: f32, %out: f32):\n"
    "      %28 = arith.addf %in, %out : f32\n"
    "      linalg.yield %28 : f32\n"
    "    } -> tensor<2x2x8x1xf32>\n"
    "    %18 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = [\"parallel\", \"parallel\", \"parallel\", \"parallel\"]} ins(%14, %17 : tensor<2x2x8x8xf32>, tensor<2x2x8x1xf32>) outs(%12 : tensor<2x2x8x8xf32>) {\n"
    "    ^bb0(%in: f32, %in_9: f32, %out: f32):\n"
    "      %28 = arith.divf %in, %in_9 : f32\n"
    "      linalg.yield %28 : f32\n"
    "    } -> tensor<2x2x8x8xf32>\n"
    "    %19 = tensor.empty() : tensor<2x2x8x8xi1>\n"
    "    %20 = linalg.generic {indexing_maps = [#map, #map], iterator_types = [\"parallel\", \"parallel\", \"parallel\", \"parallel\"]} ins(%expanded : tensor<2x2x8x8xf32>) outs(%19 : tensor<2x2x8x8xi1>) {\n"
    "    ^bb0(%in: f32, %out: i1):\n"
    "      %28 = arith.extf %in : f32 to f64\n"
    "      %29 = arith.cmpf oeq, %28, %cst_2 : f64\n"
    "      linalg.yield %29 : i1\n"
    "    } -> tensor<2x2x8x8xi1>\n"
    "    %21 = tensor.empty() : tensor<2x2x8x1xi1>\n"
    "    %22 = linalg.fill ins(%true : i1) outs(%21 : tensor<2x2x8x1xi1>) -> tensor<2x2x8x1xi1>\n"
    "    %23 = linalg.generic {indexing_maps = [#map, #map2], iterator_types = [\"parallel\", \"parallel\", \"parallel\", \"reduction\"]} ins(%20 : tensor<2x2x8x8xi1>) outs(%22 : tensor<2x2x8x1xi1>) {\n"
    "    ^bb0(%in: i1, %out: i1):\n"
    "      %28 = arith.andi %in, %out : i1\n"
    "      linalg.yield %28 : i1\n"
    "    } -> tensor<2x2x8x1xi1>\n"
    "    %24 = linalg.generic {indexing_maps = [#map2, #map, #map, #map], iterator_types = [\"parallel\", \"parallel\", \"parallel\", \"parallel\"]} ins(%23, %cst_1, %18 : tensor<2x2x8x1xi1>, tensor<2x2x8x8xf32>, tensor<2x2x8x8xf32>) outs(%12 : tensor<2x2x8x8xf32>) {\n"
    "    ^bb0(%in: i1, %in_9: f32, %in_10: f32, %out: f32):\n"
    "      %28 = arith.select %in, %in_9, %in_10 : f32\n"
    "      linalg.yield %28 : f32\n"
    "    } -> tensor<2x2x8x8xf32>\n"
    "    %collapsed_6 = tensor.collapse_shape %24 [[0, 1], [2], [3]] : tensor<2x2x8x8xf32> into tensor<4x8x8xf32>\n"
    "    %collapsed_7 = tensor.collapse_shape %arg0 [[0, 1], [2], [3]] : tensor<2x2x8x16xf32> into tensor<4x8x16xf32>\n"
    "    %25 = tensor.empty() : tensor<4x8x16xf32>\n"
    "    %26 = linalg.fill ins(%cst : f32) outs(%25 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>\n"
    "    %27 = linalg.batch_matmul ins(%collapsed_6, %collapsed_7 : tensor<4x8x8xf32>, tensor<4x8x16xf32>) outs(%26 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>\n"
    "    %expanded_8 = tensor.expand_shape %27 [[0, 1], [2], [3]] output_shape [2, 2, 8, 16] : tensor<4x8x16xf32> into tensor<2x2x8x16xf32>\n"
    "    return %expanded_8 : tensor<2x2x8x16xf32>\n"
    "  }\n"
    "}\n"
    "\n";

/* x * y of two arguments: torch's own aten.mul, no silu. */
static const char *const mulModule =
    "#map = affine_map<(d0, d1) -> (d0, d1)>\n"
    "func.func @mul(%x: tensor<2x8xf32>, %y: tensor<2x8xf32>) -> tensor<2x8xf32> {\n"
    "  %0 = tensor.empty() : tensor<2x8xf32>\n"
    "  %1 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = "
    "[\"parallel\", \"parallel\"]} ins(%x, %y : tensor<2x8xf32>, tensor<2x8xf32>) "
    "outs(%0 : tensor<2x8xf32>) {\n"
    "  ^bb0(%a: f32, %b: f32, %o: f32):\n"
    "    %p = arith.mulf %a, %b : f32\n"
    "    linalg.yield %p : f32\n"
    "  } -> tensor<2x8xf32>\n"
    "  return %1 : tensor<2x8xf32>\n"
    "}\n";

/* What pt2eMatchDecomposed found over a whole module. */
typedef struct Found {
  int matches;      /* ops a decomposition was seen from */
  int ops;          /* ops claimed by the last match */
  const char *what; /* the last match's name */
} Found;

static MlirWalkResult matchOne(MlirOperation op, void *userData) {
  Found *f = userData;
  MlirOperation ops[PT2E_DECOMPOSED_MAX_OPS];
  const char *what = NULL;
  int n = pt2eMatchDecomposed(op, ops, &what);
  if (n > 0) {
    f->matches++;
    f->ops = n;
    f->what = what;
  }
  return MlirWalkResultAdvance;
}

static Found matchModule(Fixture *fx, const char *text) {
  MlirModule m = unitParseModule(fx, text);
  Found f = {0, 0, NULL};
  mlirOperationWalk(mlirModuleGetOperation(m), matchOne, &f, MlirWalkPreOrder);
  mlirModuleDestroy(m);
  return f;
}

static void testGeluErfIsOneGeneric(void **state) {
  Found f = matchModule(*state, geluErfModule);
  assert_int_equal(f.matches, 1);
  assert_int_equal(f.ops, 1);
  assert_string_equal(f.what, "gelu");
}

/* torch-mlir's tanh form takes sqrt(2/pi) as 0.797724 */
static void testGeluTanhWithTorchMlirsConstantIsGelu(void **state) {
  Found f = matchModule(*state, geluTanhModule);
  assert_int_equal(f.matches, 1);
  assert_int_equal(f.ops, 1);
  assert_string_equal(f.what, "gelu");
}

/* seen from its mul: the sigmoid generic and the mul */
static void testSiluIsSigmoidAndMul(void **state) {
  Found f = matchModule(*state, siluModule);
  assert_int_equal(f.matches, 1);
  assert_int_equal(f.ops, 2);
  assert_string_equal(f.what, "silu");
}

/* max, its keepdim expand_shape, sub, exp, sum, div */
static void testSoftmaxIsSixOps(void **state) {
  Found f = matchModule(*state, softmaxModule);
  assert_int_equal(f.matches, 1);
  assert_int_equal(f.ops, 6);
  assert_string_equal(f.what, "softmax");
}

/*
** The softmax (6) with _safe_softmax's guard (cmpf, andi, select: 3), the
** two products (2) with the reshapes around them (Q@K: 2 collapses and the
** expand of the result; P@V: the collapses of P and of V and the expand of
** the result: 6), the scales of Q and of K^T and K's transpose (3): 20.
*/
static void testAttentionClaimsProductsScalesAndGuard(void **state) {
  Found f = matchModule(*state, attentionModule);
  assert_int_equal(f.matches, 1);
  assert_int_equal(f.ops, 20);
  assert_string_equal(f.what, "scaled_dot_product_attention");
}

static void testMulOfTwoArgumentsIsNoDecomposition(void **state) {
  Found f = matchModule(*state, mulModule);
  assert_int_equal(f.matches, 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(testGeluErfIsOneGeneric),
      cmocka_unit_test(testGeluTanhWithTorchMlirsConstantIsGelu),
      cmocka_unit_test(testSiluIsSigmoidAndMul),
      cmocka_unit_test(testSoftmaxIsSixOps),
      cmocka_unit_test(testAttentionClaimsProductsScalesAndGuard),
      cmocka_unit_test(testMulOfTwoArgumentsIsNoDecomposition),
  };
  return cmocka_run_group_tests_name("match", tests, groupSetup,
                                     groupTeardown);
}
