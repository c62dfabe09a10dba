/*
** test_fold_batchnorm.c
** Unit tests for the BatchNorm fold (passes/fold_batchnorm.c) through its C
** entry point pt2eFoldBatchNorm: what it folds, that a module with nothing
** to fold comes back unchanged, and that running out of memory at any of
** its allocations is reported and leaves the module as it was (the rewrite
** itself allocates nothing: everything is planned first). The numbers are
** checked in test/fold-batchnorm/ (lit) and test_batchnorm.c.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "mlir-c/IR.h"

#include "fold_batchnorm.h"
#include "support.h"

typedef UnitFixture Fixture;

static int groupSetup(void **state) {
  return unitFixtureSetup(state, UNIT_ALL_DIALECTS);
}

#define groupTeardown unitFixtureTeardown

/* torch-mlir's eval BatchNorm of the conv result %c (mean, var, gamma, beta
   per channel; %mean, %var, %eps and %e defined before), then the return:
   the tail of every module below. */
#define BN_AFTER_CONV \
    "  %e2 = tensor.empty() : tensor<2xf32>\n" \
    "  %ve = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = [\"parallel\"]} ins(%var : tensor<2xf32>) outs(%e2 : tensor<2xf32>) {\n" \
    "  ^bb0(%in: f32, %out: f32):\n" \
    "    %t = arith.truncf %eps : f64 to f32\n" \
    "    %s = arith.addf %in, %t : f32\n" \
    "    linalg.yield %s : f32\n" \
    "  } -> tensor<2xf32>\n" \
    "  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = [\"parallel\"]} ins(%ve : tensor<2xf32>) outs(%e2 : tensor<2xf32>) {\n" \
    "  ^bb0(%in: f32, %out: f32):\n" \
    "    %s = math.rsqrt %in : f32\n" \
    "    linalg.yield %s : f32\n" \
    "  } -> tensor<2xf32>\n" \
    "  %gamma = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>\n" \
    "  %beta = arith.constant dense<[0.5, -0.5]> : tensor<2xf32>\n" \
    "  %m3 = tensor.expand_shape %mean [[0, 1, 2]] output_shape [2, 1, 1] : tensor<2xf32> into tensor<2x1x1xf32>\n" \
    "  %r3 = tensor.expand_shape %r [[0, 1, 2]] output_shape [2, 1, 1] : tensor<2xf32> into tensor<2x1x1xf32>\n" \
    "  %g3 = tensor.expand_shape %gamma [[0, 1, 2]] output_shape [2, 1, 1] : tensor<2xf32> into tensor<2x1x1xf32>\n" \
    "  %b3 = tensor.expand_shape %beta [[0, 1, 2]] output_shape [2, 1, 1] : tensor<2xf32> into tensor<2x1x1xf32>\n" \
    "  %1 = linalg.generic { indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = [\"parallel\", \"parallel\", \"parallel\", \"parallel\"]} ins(%c, %m3 : tensor<1x2x4x4xf32>, tensor<2x1x1xf32>) outs(%e : tensor<1x2x4x4xf32>) {\n" \
    "  ^bb0(%a: f32, %b: f32, %o: f32):\n" \
    "    %s = arith.subf %a, %b : f32\n" \
    "    linalg.yield %s : f32\n" \
    "  } -> tensor<1x2x4x4xf32>\n" \
    "  %2 = linalg.generic { indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = [\"parallel\", \"parallel\", \"parallel\", \"parallel\"]} ins(%1, %r3 : tensor<1x2x4x4xf32>, tensor<2x1x1xf32>) outs(%e : tensor<1x2x4x4xf32>) {\n" \
    "  ^bb0(%a: f32, %b: f32, %o: f32):\n" \
    "    %s = arith.mulf %a, %b : f32\n" \
    "    linalg.yield %s : f32\n" \
    "  } -> tensor<1x2x4x4xf32>\n" \
    "  %3 = linalg.generic { indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = [\"parallel\", \"parallel\", \"parallel\", \"parallel\"]} ins(%2, %g3 : tensor<1x2x4x4xf32>, tensor<2x1x1xf32>) outs(%e : tensor<1x2x4x4xf32>) {\n" \
    "  ^bb0(%a: f32, %b: f32, %o: f32):\n" \
    "    %s = arith.mulf %a, %b : f32\n" \
    "    linalg.yield %s : f32\n" \
    "  } -> tensor<1x2x4x4xf32>\n" \
    "  %4 = linalg.generic { indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = [\"parallel\", \"parallel\", \"parallel\", \"parallel\"]} ins(%3, %b3 : tensor<1x2x4x4xf32>, tensor<2x1x1xf32>) outs(%e : tensor<1x2x4x4xf32>) {\n" \
    "  ^bb0(%a: f32, %b: f32, %o: f32):\n" \
    "    %s = arith.addf %a, %b : f32\n" \
    "    linalg.yield %s : f32\n" \
    "  } -> tensor<1x2x4x4xf32>\n" \
    "  return %4 : tensor<1x2x4x4xf32>\n" \
    "}\n"

/* A conv without bias (its BatchNorm's add stays as the bias add) and one
   with a broadcast bias, each before torch-mlir's eval BatchNorm. */
static const char *const twoFolds =
    "func.func @folded(%x: tensor<1x1x4x4xf32>) -> tensor<1x2x4x4xf32> {\n"
    "  %zero = arith.constant 0.0 : f32\n"
    "  %eps = arith.constant 0.0 : f64\n"
    "  %w = arith.constant dense<[[[[2.0]]], [[[3.0]]]]> : tensor<2x1x1x1xf32>\n"
    "  %mean = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>\n"
    "  %var = arith.constant dense<[4.0, 0.25]> : tensor<2xf32>\n"
    "  %e = tensor.empty() : tensor<1x2x4x4xf32>\n"
    "  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>\n"
    "  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x1x4x4xf32>, tensor<2x1x1x1xf32>) outs(%init : tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>\n"
    BN_AFTER_CONV
    "func.func @folded_with_bias(%x: tensor<1x1x4x4xf32>) -> tensor<1x2x4x4xf32> {\n"
    "  %zero = arith.constant 0.0 : f32\n"
    "  %eps = arith.constant 0.0 : f64\n"
    "  %w = arith.constant dense<[[[[2.0]]], [[[3.0]]]]> : tensor<2x1x1x1xf32>\n"
    "  %mean = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>\n"
    "  %var = arith.constant dense<[4.0, 0.25]> : tensor<2xf32>\n"
    "  %e = tensor.empty() : tensor<1x2x4x4xf32>\n"
    "  %cb = arith.constant dense<[1.0, -1.0]> : tensor<2xf32>\n"
    "  %init = linalg.broadcast ins(%cb : tensor<2xf32>) outs(%e : tensor<1x2x4x4xf32>) dimensions = [0, 2, 3]\n"
    "  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x1x4x4xf32>, tensor<2x1x1x1xf32>) outs(%init : tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>\n"
    BN_AFTER_CONV;

/* The same BatchNorm with its variance a function argument. */
static const char *const nothingToFold =
    "func.func @left_alone(%x: tensor<1x1x4x4xf32>, %var: tensor<2xf32>) -> tensor<1x2x4x4xf32> {\n"
    "  %zero = arith.constant 0.0 : f32\n"
    "  %eps = arith.constant 0.0 : f64\n"
    "  %w = arith.constant dense<[[[[2.0]]], [[[3.0]]]]> : tensor<2x1x1x1xf32>\n"
    "  %mean = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>\n"
    "  %e = tensor.empty() : tensor<1x2x4x4xf32>\n"
    "  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>\n"
    "  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x1x4x4xf32>, tensor<2x1x1x1xf32>) outs(%init : tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>\n"
    BN_AFTER_CONV;

static MlirLogicalResult runFold(MlirModule m, void *numFolded) {
  return pt2eFoldBatchNorm(mlirModuleGetOperation(m), false, numFolded);
}

static int countOps(MlirModule m, const char *name) {
  static UnitText t;
  unitPrintModule(m, &t);
  int n = 0;
  for (const char *p = t.buf; (p = strstr(p, name)) != NULL; p += strlen(name))
    n++;
  return n;
}

static void testFoldsBothConvsAndLeavesNoBatchNorm(void **state) {
  Fixture *fx = *state;
  MlirModule m = unitParseModule(fx, twoFolds);
  int folded = -1;
  assert_true(mlirLogicalResultIsSuccess(runFold(m, &folded)));
  assert_int_equal(folded, 2);
  assert_int_equal(countOps(m, "math.rsqrt"), 0);
  assert_int_equal(countOps(m, "arith.subf"), 0);
  assert_int_equal(countOps(m, "arith.truncf"), 0); /* the eps generic is gone */
  /* the conv without bias keeps one add generic: its bias add */
  assert_int_equal(countOps(m, "arith.addf"), 1);
  assert_true(mlirOperationVerify(mlirModuleGetOperation(m)));
  mlirModuleDestroy(m);
}

static void testNothingToFoldLeavesTheModuleAsItWas(void **state) {
  Fixture *fx = *state;
  static UnitText before, after;
  MlirModule m = unitParseModule(fx, nothingToFold);
  unitPrintModule(m, &before);
  int folded = -1;
  assert_true(mlirLogicalResultIsSuccess(runFold(m, &folded)));
  assert_int_equal(folded, 0);
  unitPrintModule(m, &after);
  assert_string_equal(before.buf, after.buf);
  assert_string_equal(fx->diag, "");
  mlirModuleDestroy(m);
}

static void testOutOfMemoryLeavesTheModuleAsItWas(void **state) {
  int folded;
  unitFailEveryAllocation(*state, twoFolds, runFold, &folded,
                          "pt2eFoldBatchNorm");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup(testFoldsBothConvsAndLeavesNoBatchNorm, unitClearDiag),
      cmocka_unit_test_setup(testNothingToFoldLeavesTheModuleAsItWas, unitClearDiag),
      cmocka_unit_test_setup(testOutOfMemoryLeavesTheModuleAsItWas, unitClearDiag),
  };
  return cmocka_run_group_tests_name("fold_batchnorm", tests, groupSetup,
                                     groupTeardown);
}
