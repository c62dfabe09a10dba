/*
** test_hoisting.c
** What the interpreter does once instead of on every run (compile.c's
** planHoisting, op_pt2e.c): work on constants is cached after the first
** run (its observers see the same tensor again), and an observer of a
** constant that only takes min and max skips its repeats, while every
** other observer (Histogram counts) sees every run.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "mlir-c/BuiltinAttributes.h"

#include "interp.h"
#include "pt2e_support.h"
#include "support.h"

typedef UnitFixture Fixture;

static int groupSetup(void **state) {
  return unitFixtureSetup(state, UNIT_ALL_DIALECTS | UNIT_PT2E);
}

#define groupTeardown unitFixtureTeardown

/* Observe calls per observer name, and the data each last saw. */
typedef struct Seen {
  int calls[4];
  const void *data[4][4]; /* [observer][run] */
  int run;
} Seen;

static int observerIndex(MlirOperation op) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("name"));
  MlirStringRef s = mlirStringAttrGetValue(a);
  return s.data[s.length - 1] - '0';
}

static MlirLogicalResult countObserve(void *userData, MlirOperation op,
                                      const Pt2eTensor *x) {
  Seen *seen = userData;
  int i = observerIndex(op);
  seen->calls[i]++;
  seen->data[i][seen->run] = x->data;
  return mlirLogicalResultSuccess();
}

#define MINMAX "{dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = \"minmax\", qscheme = \"per_tensor_affine\", quant_max = 127 : i64, quant_min = -128 : i64}"
#define HIST "{bins = 2048 : i64, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = \"histogram\", qscheme = \"per_tensor_affine\", quant_max = 127 : i64, quant_min = -128 : i64}"
#define MOVING "{averaging_constant = 0.01 : f32, dtype = i8, eps = 2.44140625E-4 : f32, is_dynamic = false, observer = \"moving_average_minmax\", qscheme = \"per_tensor_affine\", quant_max = 127 : i64, quant_min = -128 : i64}"

static const char *kModel =
    "func.func @f(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {\n"
    "  %w = arith.constant dense<[[1.0, -2.0, 3.0], [0.5, 4.0, -1.0]]> : tensor<2x3xf32>\n"
    "  %e = tensor.empty() : tensor<3x2xf32>\n"
    "  %wt = linalg.transpose ins(%w : tensor<2x3xf32>) outs(%e : tensor<3x2xf32>) permutation = [1, 0]\n"
    "  %o0 = \"pt2e.observer\"(%wt) {name = \"activation_post_process_0\", spec = " MINMAX "} : (tensor<3x2xf32>) -> tensor<3x2xf32>\n"
    "  %o1 = \"pt2e.observer\"(%x) {name = \"activation_post_process_1\", spec = " MINMAX "} : (tensor<2x3xf32>) -> tensor<2x3xf32>\n"
    "  %o2 = \"pt2e.observer\"(%wt) {name = \"activation_post_process_2\", spec = " HIST "} : (tensor<3x2xf32>) -> tensor<3x2xf32>\n"
    "  %o3 = \"pt2e.observer\"(%wt) {name = \"activation_post_process_3\", spec = " MOVING "} : (tensor<3x2xf32>) -> tensor<3x2xf32>\n"
    "  return %o0 : tensor<3x2xf32>\n"
    "}\n";

/*
** Runs the first function of 'src' three times on a zero 2x3 argument with
** the counting hooks; 'want' (n floats) is what every run must return.
*/
static void runThrice(Fixture *fx, const char *src, Seen *seen,
                      const float *want, size_t n) {
  MlirModule m = unitParseModule(fx, src);
  assert_false(mlirModuleIsNull(m));
  MlirOperation func = mlirBlockGetFirstOperation(mlirModuleGetBody(m));
  memset(seen, 0, sizeof *seen);
  Pt2eInterpHooks hooks = {countObserve, NULL, seen, NULL, 0};
  Pt2eInterp *interp = pt2eInterpCreate(func, &hooks);
  assert_non_null(interp);
  int64_t shape[2] = {2, 3};
  Pt2eTensor *x = pt2eTensorCreate(Pt2eElemF32, 2, shape);
  for (seen->run = 0; seen->run < 3; seen->run++) {
    Pt2eTensor *y = NULL;
    assert_true(mlirLogicalResultIsSuccess(pt2eInterpRun(interp, &x, &y)));
    assert_int_equal(y->numel, n);
    assert_memory_equal(y->data, want, n * sizeof *want);
    pt2eTensorRelease(y);
  }
  pt2eTensorRelease(x);
  pt2eInterpDestroy(interp);
  mlirModuleDestroy(m);
}

static void testConstantWorkRunsOnce(void **state) {
  Seen seen;
  const float want[6] = {1.0f, 0.5f, -2.0f, 4.0f, 3.0f, -1.0f};
  runThrice(*state, kModel, &seen, want, 6);
  /* min/max of a constant: the first run only; the argument's, each run;
  ** Histogram and moving average: each run */
  assert_int_equal(seen.calls[0], 1);
  assert_int_equal(seen.calls[1], 3);
  assert_int_equal(seen.calls[2], 3);
  assert_int_equal(seen.calls[3], 3);
  /* the transpose ran once: later runs observe the cached tensor */
  assert_ptr_equal(seen.data[2][1], seen.data[2][0]);
  assert_ptr_equal(seen.data[2][2], seen.data[2][0]);
}

/* A constant broadcast only an observer reads (torch-mlir's weight of a
** linear on a 3-D input) is hoisted although it is larger than the weight:
** its MinMax observer then sees it once. */
static const char *kObservedBroadcast =
    "func.func @f(%x: tensor<2x3xf32>) -> tensor<4x2x3xf32> {\n"
    "  %w = arith.constant dense<[[1.0, -2.0, 3.0], [0.5, 4.0, -1.0]]> : tensor<2x3xf32>\n"
    "  %e = tensor.empty() : tensor<4x2x3xf32>\n"
    "  %b = linalg.broadcast ins(%w : tensor<2x3xf32>) outs(%e : tensor<4x2x3xf32>) dimensions = [0]\n"
    "  %o0 = \"pt2e.observer\"(%b) {name = \"activation_post_process_0\", spec = " MINMAX "} : (tensor<4x2x3xf32>) -> tensor<4x2x3xf32>\n"
    "  %e2 = tensor.empty() : tensor<4x2x3xf32>\n"
    "  %b2 = linalg.broadcast ins(%w : tensor<2x3xf32>) outs(%e2 : tensor<4x2x3xf32>) dimensions = [0]\n"
    "  %o1 = \"pt2e.observer\"(%b2) {name = \"activation_post_process_1\", spec = " MINMAX "} : (tensor<4x2x3xf32>) -> tensor<4x2x3xf32>\n"
    "  %s = arith.addf %o1, %b2 : tensor<4x2x3xf32>\n"
    "  return %s : tensor<4x2x3xf32>\n"
    "}\n";

static void testObservedBroadcastOfAWeight(void **state) {
  Seen seen;
  float want[24]; /* 2 x the weight, broadcast */
  const float w[6] = {1.0f, -2.0f, 3.0f, 0.5f, 4.0f, -1.0f};
  for (int i = 0; i < 24; i++)
    want[i] = 2.0f * w[i % 6];
  runThrice(*state, kObservedBroadcast, &seen, want, 24);
  /* only observed: hoisted, seen once; also read by an add: made and
  ** observed on every run (the size rule keeps it out of the cache) */
  assert_int_equal(seen.calls[0], 1);
  assert_int_equal(seen.calls[1], 3);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(testConstantWorkRunsOnce),
      cmocka_unit_test(testObservedBroadcastOfAWeight),
  };
  return cmocka_run_group_tests(tests, groupSetup, groupTeardown);
}
