/*
** test_interp.c
** Unit tests for the interpreter (the files of passes/interp/). Every expected value
** was worked out by hand (small integers, so float results are exact) or
** is a well-known constant, never taken from the interpreter itself.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "mlir-c/RegisterEverything.h"

#include "gemm.h"           /* white box: the reference sgemm, thread counts */
#include "interp.h"
#include "kernels_window.h" /* white box: the vector widths */
#include "pt2e_parallel.h"
#include "ops.h" /* white box: the op table */
#include "pt2e_support.h"
#include "support.h"

typedef UnitFixture Fixture;

static int groupSetup(void **state) {
  return unitFixtureSetup(state, UNIT_ALL_DIALECTS);
}

#define groupTeardown unitFixtureTeardown
#define clearDiag unitClearDiag

static Pt2eTensor *f32Tensor(int rank, const int64_t *shape, const float *v) {
  Pt2eTensor *t = pt2eTensorCreate(Pt2eElemF32, rank, shape);
  memcpy(t->data, v, (size_t)t->numel * sizeof(float));
  return t;
}

/* Parses 'src', runs its first function on 'args', returns its results. */
static bool runFirst(Fixture *fx, const char *src, Pt2eTensor **args,
                     Pt2eTensor **results, bool fast) {
  MlirModule m = mlirModuleCreateParse(fx->ctx, mlirStringRefCreateFromCString(src));
  if (mlirModuleIsNull(m))
    return false;
  MlirOperation func = mlirBlockGetFirstOperation(mlirModuleGetBody(m));
  Pt2eInterp *interp = pt2eInterpCreate(func, NULL);
  bool ok = interp != NULL;
  if (ok) {
    pt2eInterpSetFastPaths(interp, fast);
    ok = mlirLogicalResultIsSuccess(pt2eInterpRun(interp, args, results));
  }
  pt2eInterpDestroy(interp);
  mlirModuleDestroy(m);
  return ok;
}

static void expectF32(const Pt2eTensor *t, const float *want, int64_t n) {
  assert_int_equal(t->type, Pt2eElemF32);
  assert_int_equal(t->numel, n);
  for (int64_t i = 0; i < n; i++)
    if (((const float *)t->data)[i] != want[i])
      fail_msg("element %lld: got %.9g, want %.9g", (long long)i,
               (double)((const float *)t->data)[i], (double)want[i]);
}

static void testReluGenericWithMaximumfAndWithSelect(void **state) {
  Fixture *fx = *state;
  const char *src =
      "#id = affine_map<(d0) -> (d0)>\n"
      "func.func @relu(%x: tensor<5xf32>) -> (tensor<5xf32>, tensor<5xf32>) {\n"
      "  %z = arith.constant 0.0 : f32\n"
      "  %e = tensor.empty() : tensor<5xf32>\n"
      "  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = [\"parallel\"]}\n"
      "      ins(%x : tensor<5xf32>) outs(%e : tensor<5xf32>) {\n"
      "  ^bb0(%in: f32, %o: f32):\n"
      "    %m = arith.maximumf %in, %z : f32\n"
      "    linalg.yield %m : f32\n"
      "  } -> tensor<5xf32>\n"
      "  %b = linalg.generic {indexing_maps = [#id, #id], iterator_types = [\"parallel\"]}\n"
      "      ins(%x : tensor<5xf32>) outs(%e : tensor<5xf32>) {\n"
      "  ^bb0(%in: f32, %o: f32):\n"
      "    %c = arith.cmpf ugt, %in, %z : f32\n"
      "    %s = arith.select %c, %in, %z : f32\n"
      "    linalg.yield %s : f32\n"
      "  } -> tensor<5xf32>\n"
      "  return %a, %b : tensor<5xf32>, tensor<5xf32>\n}\n";
  int64_t shape[] = {5};
  float x[] = {-1.5f, 2.0f, -0.0f, 4.25f, -3.0f};
  float want[] = {0.0f, 2.0f, 0.0f, 4.25f, 0.0f};
  Pt2eTensor *in = f32Tensor(1, shape, x), *out[2];
  assert_true(runFirst(fx, src, &in, out, true));
  expectF32(out[0], want, 5);
  expectF32(out[1], want, 5);
  /* maximumf(-0, +0) is +0 */
  assert_false(signbit(((float *)out[0]->data)[2]));
  pt2eTensorRelease(out[0]);
  pt2eTensorRelease(out[1]);
  pt2eTensorRelease(in);
}

static const char *matmulSrc =
    "func.func @mm(%a: tensor<2x3xf32>, %b: tensor<3x2xf32>) -> tensor<2x2xf32> {\n"
    "  %z = arith.constant 0.0 : f32\n"
    "  %e = tensor.empty() : tensor<2x2xf32>\n"
    "  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x2xf32>) -> tensor<2x2xf32>\n"
    "  %r = linalg.matmul ins(%a, %b : tensor<2x3xf32>, tensor<3x2xf32>)\n"
    "                     outs(%f : tensor<2x2xf32>) -> tensor<2x2xf32>\n"
    "  return %r : tensor<2x2xf32>\n}\n";

static void testMatmulMatchesHandResultOnBothPaths(void **state) {
  Fixture *fx = *state;
  int64_t sa[] = {2, 3}, sb[] = {3, 2};
  float a[] = {1, 2, 3, 4, 5, 6}, b[] = {7, 8, 9, 10, 11, 12};
  /* [1 2 3; 4 5 6] x [7 8; 9 10; 11 12] = [58 64; 139 154] */
  float want[] = {58, 64, 139, 154};
  Pt2eTensor *args[] = {f32Tensor(2, sa, a), f32Tensor(2, sb, b)}, *out;
  for (int fast = 0; fast < 2; fast++) {
    assert_true(runFirst(fx, matmulSrc, args, &out, fast));
    expectF32(out, want, 4);
    pt2eTensorRelease(out);
  }
  pt2eTensorRelease(args[0]);
  pt2eTensorRelease(args[1]);
}

static void testTransposedMatmulByIndexingMaps(void **state) {
  Fixture *fx = *state;
  const char *src =
      "func.func @mmt(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x2xf32> {\n"
      "  %z = arith.constant 0.0 : f32\n"
      "  %e = tensor.empty() : tensor<2x2xf32>\n"
      "  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x2xf32>) -> tensor<2x2xf32>\n"
      "  %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>,\n"
      "        affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]\n"
      "      ins(%a, %b : tensor<2x3xf32>, tensor<2x3xf32>) outs(%f : tensor<2x2xf32>) -> tensor<2x2xf32>\n"
      "  return %r : tensor<2x2xf32>\n}\n";
  int64_t s[] = {2, 3};
  float a[] = {1, 2, 3, 4, 5, 6}, b[] = {1, 0, -1, 2, 1, 0};
  /* rows of a dotted with rows of b: [1-3, 2+2; 4-6, 8+5] */
  float want[] = {-2, 4, -2, 13};
  Pt2eTensor *args[] = {f32Tensor(2, s, a), f32Tensor(2, s, b)}, *out;
  for (int fast = 0; fast < 2; fast++) {
    assert_true(runFirst(fx, src, args, &out, fast));
    expectF32(out, want, 4);
    pt2eTensorRelease(out);
  }
  pt2eTensorRelease(args[0]);
  pt2eTensorRelease(args[1]);
}

static void testConvNchwFchwWithStrideOnBothPaths(void **state) {
  Fixture *fx = *state;
  const char *src =
      "func.func @conv(%x: tensor<1x1x4x4xf32>, %w: tensor<2x1x2x2xf32>) -> tensor<2x1x2x2xf32> {\n"
      "  %z = arith.constant 0.0 : f32\n"
      "  %e = tensor.empty() : tensor<2x1x2x2xf32>\n"
      "  %x2 = tensor.concat dim(0) %x, %x : (tensor<1x1x4x4xf32>, tensor<1x1x4x4xf32>) -> tensor<2x1x4x4xf32>\n"
      "  %e2 = tensor.empty() : tensor<2x2x2x2xf32>\n"
      "  %f = linalg.fill ins(%z : f32) outs(%e2 : tensor<2x2x2x2xf32>) -> tensor<2x2x2x2xf32>\n"
      "  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>}\n"
      "      ins(%x2, %w : tensor<2x1x4x4xf32>, tensor<2x1x2x2xf32>) outs(%f : tensor<2x2x2x2xf32>) -> tensor<2x2x2x2xf32>\n"
      "  %s = tensor.extract_slice %c[1, 0, 0, 0] [1, 2, 2, 2] [1, 1, 1, 1] : tensor<2x2x2x2xf32> to tensor<2x2x2xf32>\n"
      "  %r = tensor.expand_shape %s [[0, 1], [2], [3]] output_shape [2, 1, 2, 2] : tensor<2x2x2xf32> into tensor<2x1x2x2xf32>\n"
      "  return %r : tensor<2x1x2x2xf32>\n}\n";
  int64_t sx[] = {1, 1, 4, 4}, sw[] = {2, 1, 2, 2};
  float x[16], w[] = {1, 0, 0, 1, /* second filter: */ 1, 1, 1, 1};
  for (int i = 0; i < 16; i++)
    x[i] = (float)i;
  /* windows at (0,0),(0,2),(2,0),(2,2): {0,1,4,5},{2,3,6,7},{8,9,12,13},{10,11,14,15}
     filter 1 (diag): 0+5, 2+7, 8+13, 10+15; filter 2 (sum): 10, 18, 42, 50 */
  float want[] = {5, 9, 21, 25, 10, 18, 42, 50};
  Pt2eTensor *args[] = {f32Tensor(4, sx, x), f32Tensor(4, sw, w)}, *out;
  for (int fast = 0; fast < 2; fast++) {
    assert_true(runFirst(fx, src, args, &out, fast));
    expectF32(out, want, 8);
    pt2eTensorRelease(out);
  }
  pt2eTensorRelease(args[0]);
  pt2eTensorRelease(args[1]);
}

static void testBiasBroadcastAndReduceSum(void **state) {
  Fixture *fx = *state;
  const char *src =
      "func.func @f(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2xf32>) {\n"
      "  %b = arith.constant dense<[10.0, 20.0, 30.0]> : tensor<3xf32>\n"
      "  %e = tensor.empty() : tensor<2x3xf32>\n"
      "  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],\n"
      "      iterator_types = [\"parallel\", \"parallel\"]} ins(%x, %b : tensor<2x3xf32>, tensor<3xf32>) outs(%e : tensor<2x3xf32>) {\n"
      "  ^bb0(%a: f32, %c: f32, %o: f32):\n"
      "    %s = arith.addf %a, %c : f32\n"
      "    linalg.yield %s : f32\n"
      "  } -> tensor<2x3xf32>\n"
      "  %z = arith.constant 0.0 : f32\n"
      "  %e2 = tensor.empty() : tensor<2xf32>\n"
      "  %acc = linalg.fill ins(%z : f32) outs(%e2 : tensor<2xf32>) -> tensor<2xf32>\n"
      "  %r = linalg.reduce ins(%x : tensor<2x3xf32>) outs(%acc : tensor<2xf32>) dimensions = [1]\n"
      "    (%in: f32, %init: f32) {\n"
      "      %s = arith.addf %in, %init : f32\n"
      "      linalg.yield %s : f32\n"
      "    }\n"
      "  return %y, %r : tensor<2x3xf32>, tensor<2xf32>\n}\n";
  int64_t s[] = {2, 3};
  float x[] = {1, 2, 3, 4, 5, 6};
  float wantY[] = {11, 22, 33, 14, 25, 36}, wantR[] = {6, 15};
  Pt2eTensor *in = f32Tensor(2, s, x), *out[2];
  assert_true(runFirst(fx, src, &in, out, true));
  expectF32(out[0], wantY, 6);
  expectF32(out[1], wantR, 2);
  pt2eTensorRelease(out[0]);
  pt2eTensorRelease(out[1]);
  pt2eTensorRelease(in);
}

static void testPadWithConstantAndCollapse(void **state) {
  Fixture *fx = *state;
  const char *src =
      "func.func @p(%x: tensor<1x2x2xf32>) -> tensor<12xf32> {\n"
      "  %c = arith.constant -1.0 : f32\n"
      "  %p = tensor.pad %x low[0, 1, 0] high[0, 0, 1] {\n"
      "  ^bb0(%i: index, %j: index, %k: index):\n"
      "    tensor.yield %c : f32\n"
      "  } : tensor<1x2x2xf32> to tensor<1x3x3xf32>\n"
      "  %f = tensor.collapse_shape %p [[0, 1, 2]] : tensor<1x3x3xf32> into tensor<9xf32>\n"
      "  %s = tensor.extract_slice %f[0] [3] [1] : tensor<9xf32> to tensor<3xf32>\n"
      "  %r = tensor.concat dim(0) %f, %s : (tensor<9xf32>, tensor<3xf32>) -> tensor<12xf32>\n"
      "  return %r : tensor<12xf32>\n}\n";
  int64_t s[] = {1, 2, 2};
  float x[] = {1, 2, 3, 4};
  float want[] = {-1, -1, -1, 1, 2, -1, 3, 4, -1, -1, -1, -1};
  Pt2eTensor *in = f32Tensor(3, s, x), *out;
  assert_true(runFirst(fx, src, &in, &out, true));
  expectF32(out, want, 12);
  pt2eTensorRelease(out);
  pt2eTensorRelease(in);
}

static void testArithOnTensorsAndIntegerWrap(void **state) {
  Fixture *fx = *state;
  const char *src =
      "func.func @a(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xi8>, tensor<4xf32>) {\n"
      "  %y = arith.mulf %x, %x : tensor<4xf32>\n"
      "  %i = arith.fptosi %x : tensor<4xf32> to tensor<4xi8>\n"
      "  %c = arith.constant dense<100> : tensor<4xi8>\n"
      "  %w = arith.addi %i, %c : tensor<4xi8>\n"
      "  %r = math.roundeven %x : tensor<4xf32>\n"
      "  return %y, %w, %r : tensor<4xf32>, tensor<4xi8>, tensor<4xf32>\n}\n";
  int64_t s[] = {4};
  float x[] = {2.5f, -2.5f, 30.0f, 0.5f};
  float wantY[] = {6.25f, 6.25f, 900.0f, 0.25f};
  /* fptosi truncates: 2, -2, 30, 0; +100 wraps in i8: 102, 98, 130-256=-126, 100 */
  int8_t wantW[] = {102, 98, -126, 100};
  float wantR[] = {2.0f, -2.0f, 30.0f, 0.0f}; /* ties to even */
  Pt2eTensor *in = f32Tensor(1, s, x), *out[3];
  assert_true(runFirst(fx, src, &in, out, true));
  expectF32(out[0], wantY, 4);
  assert_int_equal(out[1]->type, Pt2eElemI8);
  assert_memory_equal(out[1]->data, wantW, 4);
  expectF32(out[2], wantR, 4);
  for (int k = 0; k < 3; k++)
    pt2eTensorRelease(out[k]);
  pt2eTensorRelease(in);
}

/*
** i4 in the interpreter: a parsed decimal constant (MLIR keeps -8 as the
** byte 0x08) reads back sign-extended, arith wraps at 4 bits (7 + 1 = -8),
** arith.extsi and a per-axis quant.dcast of i4 storage see the signed value.
*/
static void testInt4ConstantsWrapAndDequantize(void **state) {
  Fixture *fx = *state;
  const char *src =
      "func.func @a() -> (tensor<4xi32>, tensor<4xi32>, tensor<2x2xf32>) {\n"
      "  %c = arith.constant dense<[-8, -1, 0, 7]> : tensor<4xi4>\n"
      "  %one = arith.constant dense<1> : tensor<4xi4>\n"
      "  %w = arith.addi %c, %one : tensor<4xi4>\n"
      "  %e = arith.extsi %c : tensor<4xi4> to tensor<4xi32>\n"
      "  %f = arith.extsi %w : tensor<4xi4> to tensor<4xi32>\n"
      "  %q = arith.constant dense<[[-8, 7], [-1, 3]]> : tensor<2x2xi4>\n"
      "  %s = quant.scast %q : tensor<2x2xi4> to tensor<2x2x!quant.uniform<i4:f32:0, {0.5, 0.25}>>\n"
      "  %d = quant.dcast %s : tensor<2x2x!quant.uniform<i4:f32:0, {0.5, 0.25}>> to tensor<2x2xf32>\n"
      "  return %e, %f, %d : tensor<4xi32>, tensor<4xi32>, tensor<2x2xf32>\n}\n";
  int32_t wantE[] = {-8, -1, 0, 7}, wantF[] = {-7, 0, 1, -8};
  float wantD[] = {-4.0f, 3.5f, -0.25f, 0.75f};
  Pt2eTensor *out[3];
  assert_true(runFirst(fx, src, NULL, out, true));
  assert_int_equal(out[0]->type, Pt2eElemI32);
  assert_memory_equal(out[0]->data, wantE, sizeof wantE);
  assert_memory_equal(out[1]->data, wantF, sizeof wantF);
  expectF32(out[2], wantD, 4);
  for (int k = 0; k < 3; k++)
    pt2eTensorRelease(out[k]);
}

static void testMathFunctionsMatchKnownValues(void **state) {
  Fixture *fx = *state;
  const char *src =
      "func.func @m(%x: tensor<1xf32>) -> (tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>) {\n"
      "  %a = math.exp %x : tensor<1xf32>\n"
      "  %b = math.tanh %x : tensor<1xf32>\n"
      "  %c = math.erf %x : tensor<1xf32>\n"
      "  %d = math.rsqrt %x : tensor<1xf32>\n"
      "  return %a, %b, %c, %d : tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>\n}\n";
  int64_t s[] = {1};
  float x[] = {1.0f};
  /* e, tanh(1), erf(1), 1/sqrt(1) from tables */
  double want[] = {2.718281828459045, 0.7615941559557649, 0.8427007929497149, 1.0};
  Pt2eTensor *in = f32Tensor(1, s, x), *out[4];
  assert_true(runFirst(fx, src, &in, out, true));
  for (int k = 0; k < 4; k++) {
    double got = ((float *)out[k]->data)[0];
    if (fabs(got - want[k]) > 2e-7 * fabs(want[k]))
      fail_msg("result %d: got %.9g, want %.9g", k, got, want[k]);
    pt2eTensorRelease(out[k]);
  }
  pt2eTensorRelease(in);
}

static void testCallRunsTheCallee(void **state) {
  Fixture *fx = *state;
  const char *src =
      "func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {\n"
      "  %y = func.call @twice(%x) : (tensor<2xf32>) -> tensor<2xf32>\n"
      "  %z = func.call @twice(%y) : (tensor<2xf32>) -> tensor<2xf32>\n"
      "  return %z : tensor<2xf32>\n}\n"
      "func.func private @twice(%x: tensor<2xf32>) -> tensor<2xf32> {\n"
      "  %y = arith.addf %x, %x : tensor<2xf32>\n"
      "  return %y : tensor<2xf32>\n}\n";
  int64_t s[] = {2};
  float x[] = {1.5f, -3.0f}, want[] = {6.0f, -12.0f};
  Pt2eTensor *in = f32Tensor(1, s, x), *out;
  assert_true(runFirst(fx, src, &in, &out, true));
  expectF32(out, want, 2);
  pt2eTensorRelease(out);
  pt2eTensorRelease(in);
}

static void testDynamicShapeIsAnErrorAtTheOp(void **state) {
  Fixture *fx = *state;
  const char *src =
      "func.func @d(%x: tensor<?xf32>) -> tensor<?xf32> {\n"
      "  return %x : tensor<?xf32>\n}\n";
  MlirModule m = mlirModuleCreateParse(fx->ctx, mlirStringRefCreateFromCString(src));
  Pt2eInterp *interp = pt2eInterpCreate(mlirBlockGetFirstOperation(mlirModuleGetBody(m)), NULL);
  assert_null(interp);
  assert_non_null(strstr(fx->diag, "has a dynamic shape"));
  mlirModuleDestroy(m);
}

static void testUnsupportedOpIsNamed(void **state) {
  Fixture *fx = *state;
  const char *src =
      "func.func @u(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
      "  %s = tensor.rank %x : tensor<4xf32>\n"
      "  return %x : tensor<4xf32>\n}\n";
  MlirModule m = mlirModuleCreateParse(fx->ctx, mlirStringRefCreateFromCString(src));
  Pt2eInterp *interp = pt2eInterpCreate(mlirBlockGetFirstOperation(mlirModuleGetBody(m)), NULL);
  assert_null(interp);
  assert_non_null(strstr(fx->diag, "the interpreter does not support 'tensor.rank'"));
  mlirModuleDestroy(m);
}

/* The compile function the op table gives a bare op named 'name' (no
** operands, attributes or results: the table reads only the name). */
static CompileFn findCompileFn(MlirContext ctx, const char *name) {
  MlirOperationState st = mlirOperationStateGet(mlirStringRefCreateFromCString(name),
                                                mlirLocationUnknownGet(ctx));
  MlirOperation op = mlirOperationCreate(&st);
  CompileFn fn = pt2eFindCompileFn(op);
  mlirOperationDestroy(op);
  return fn;
}

/* The op table looks exact names up before dialect prefixes, and a prefix
** row with an op list claims only the listed ops. */
static void testOpTableNamesBeforePrefixes(void **state) {
  Fixture *fx = *state;
#define FIND(name) findCompileFn(fx->ctx, name)
  assert_ptr_equal(FIND("linalg.softmax"), pt2eCompileLinalgSoftmax);
  assert_ptr_equal(FIND("linalg.matmul"), pt2eCompileLinalgStructured);
  assert_ptr_equal(FIND("linalg.generic"), pt2eCompileLinalgStructured);
  assert_null(FIND("linalg.yield")); /* only inside a body */
  assert_null(FIND("linalg.index"));
  assert_null(FIND("linalg."));
  assert_ptr_equal(FIND("arith.constant"), pt2eCompileArithConstant);
  assert_ptr_equal(FIND("arith.addf"), pt2eCompileElementwise);
  assert_ptr_equal(FIND("math.erf"), pt2eCompileElementwise);
  assert_null(FIND("math.cbrt")); /* not in op_arith.c's scalar ops */
  assert_ptr_equal(FIND("tensor.cast"), pt2eCompileTensorReshape);
  assert_null(FIND("tensor.rank"));
  assert_null(FIND("tosa.add")); /* lowered before compiling, never looked up */
#undef FIND
}

/* Softmax on values whose results are exact in f32: equal values, a pair
** that overflows exp unless the maximum is subtracted, and -inf. */
static void testSoftmaxAlongEachDimension(void **state) {
  Fixture *fx = *state;
  const char *src =
      "func.func @s(%x: tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>) {\n"
      "  %e = tensor.empty() : tensor<2x2xf32>\n"
      "  %r = linalg.softmax dimension(1) ins(%x : tensor<2x2xf32>) "
      "outs(%e : tensor<2x2xf32>) -> tensor<2x2xf32>\n"
      "  %c = linalg.softmax dimension(0) ins(%x : tensor<2x2xf32>) "
      "outs(%e : tensor<2x2xf32>) -> tensor<2x2xf32>\n"
      "  return %r, %c : tensor<2x2xf32>, tensor<2x2xf32>\n}\n";
  int64_t s[] = {2, 2};
  float x[] = {1000.0f, 1000.0f, -INFINITY, 1000.0f};
  float rows[] = {0.5f, 0.5f, 0.0f, 1.0f}, cols[] = {1.0f, 0.5f, 0.0f, 0.5f};
  Pt2eTensor *in = f32Tensor(2, s, x), *out[2];
  assert_true(runFirst(fx, src, &in, out, true));
  expectF32(out[0], rows, 4);
  expectF32(out[1], cols, 4);
  pt2eTensorRelease(out[0]);
  pt2eTensorRelease(out[1]);
  pt2eTensorRelease(in);
}

static void testWrongArgumentShapeIsReported(void **state) {
  Fixture *fx = *state;
  int64_t s[] = {3};
  float x[] = {1, 2, 3};
  Pt2eTensor *a = f32Tensor(1, s, x), *args[] = {a, a}, *out;
  assert_false(runFirst(fx, matmulSrc, args, &out, true));
  assert_non_null(strstr(fx->diag, "argument #0: expected tensor<2x3xf32>, got tensor<3xf32>"));
  pt2eTensorRelease(a);
}

static void testFailedAssertStopsTheRun(void **state) {
  Fixture *fx = *state;
  const char *src =
      "func.func @a(%x: tensor<2xf32>) -> tensor<2xf32> {\n"
      "  %f = arith.constant false\n"
      "  cf.assert %f, \"shape check\"\n"
      "  return %x : tensor<2xf32>\n}\n";
  int64_t s[] = {2};
  float x[] = {1, 2};
  Pt2eTensor *in = f32Tensor(1, s, x), *out;
  assert_false(runFirst(fx, src, &in, &out, true));
  assert_non_null(strstr(fx->diag, "'cf.assert' failed: shape check"));
  pt2eTensorRelease(in);
}

/* Runs function 'entry' of 'src' through pt2eInterpCreateInModule. */
static bool runInModule(Fixture *fx, const char *src, const char *entry,
                        Pt2eTensor **args, Pt2eTensor **results) {
  MlirModule m = mlirModuleCreateParse(fx->ctx, mlirStringRefCreateFromCString(src));
  if (mlirModuleIsNull(m))
    return false;
  Pt2eInterp *interp = pt2eInterpCreateInModule(
      mlirModuleGetOperation(m), mlirStringRefCreateFromCString(entry), NULL, NULL);
  bool ok = interp && mlirLogicalResultIsSuccess(pt2eInterpRun(interp, args, results));
  pt2eInterpDestroy(interp);
  mlirModuleDestroy(m);
  return ok;
}

static void testTosaOpsRunThroughUpstreamLowering(void **state) {
  Fixture *fx = *state;
  const char *src =
      "func.func @t(%x: tensor<1x3x3x1xf32>) -> (tensor<1x2x2x1xf32>, tensor<1x1x1x1xf32>, tensor<1x3xf32>, tensor<3x3xf32>, tensor<1x3x3x1xf32>) {\n"
      "  %w = \"tosa.const\"() {values = dense<1.0> : tensor<1x2x2x1xf32>} : () -> tensor<1x2x2x1xf32>\n"
      "  %b = \"tosa.const\"() {values = dense<0.5> : tensor<1xf32>} : () -> tensor<1xf32>\n"
      "  %zp = \"tosa.const\"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>\n"
      "  %c = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x3x3x1xf32>, tensor<1x2x2x1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x2x2x1xf32>\n"
      "  %r = tosa.clamp %c {min_val = 0.0 : f32, max_val = 20.0 : f32} : (tensor<1x2x2x1xf32>) -> tensor<1x2x2x1xf32>\n"
      "  %p = tosa.max_pool2d %x {kernel = array<i64: 3, 3>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x3x3x1xf32>) -> tensor<1x1x1x1xf32>\n"
      "  %shape = tosa.const_shape {values = dense<[3, 3]> : tensor<2xindex>} : () -> !tosa.shape<2>\n"
      "  %x2 = tosa.reshape %x, %shape : (tensor<1x3x3x1xf32>, !tosa.shape<2>) -> tensor<3x3xf32>\n"
      "  %s = tosa.reduce_sum %x2 {axis = 0 : i32} : (tensor<3x3xf32>) -> tensor<1x3xf32>\n"
      "  %t = tosa.transpose %x2 {perms = array<i32: 1, 0>} : (tensor<3x3xf32>) -> tensor<3x3xf32>\n"
      "  %shift = \"tosa.const\"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>\n"
      "  %zero = \"tosa.const\"() {values = dense<0.0> : tensor<1x1x1x1xf32>} : () -> tensor<1x1x1x1xf32>\n"
      "  %m = tosa.mul %x, %zero, %shift : (tensor<1x3x3x1xf32>, tensor<1x1x1x1xf32>, tensor<1xi8>) -> tensor<1x3x3x1xf32>\n"
      "  %sg = tosa.sigmoid %m : (tensor<1x3x3x1xf32>) -> tensor<1x3x3x1xf32>\n"
      "  return %r, %p, %s, %t, %sg : tensor<1x2x2x1xf32>, tensor<1x1x1x1xf32>, tensor<1x3xf32>, tensor<3x3xf32>, tensor<1x3x3x1xf32>\n}\n";
  int64_t s[] = {1, 3, 3, 1};
  float x[9];
  for (int i = 0; i < 9; i++)
    x[i] = (float)i;
  /* 2x2 window sums + 0.5: 8.5, 12.5, 20.5, 24.5, clamped to [0, 20] */
  float wantConv[] = {8.5f, 12.5f, 20.0f, 20.0f};
  float wantPool[] = {8.0f};
  float wantSum[] = {9.0f, 12.0f, 15.0f}; /* column sums of [0..8] as 3x3 */
  float wantT[] = {0, 3, 6, 1, 4, 7, 2, 5, 8};
  float wantSig[9];
  for (int i = 0; i < 9; i++)
    wantSig[i] = 0.5f; /* sigmoid(0) */
  Pt2eTensor *in = f32Tensor(4, s, x), *out[5];
  assert_true(runInModule(fx, src, "t", &in, out));
  expectF32(out[0], wantConv, 4);
  expectF32(out[1], wantPool, 1);
  expectF32(out[2], wantSum, 3);
  expectF32(out[3], wantT, 9);
  expectF32(out[4], wantSig, 9);
  for (int k = 0; k < 5; k++)
    pt2eTensorRelease(out[k]);
  pt2eTensorRelease(in);
}

static void testMissingEntryFunctionIsNamed(void **state) {
  Fixture *fx = *state;
  Pt2eTensor *out;
  assert_false(runInModule(fx, matmulSrc, "forward", NULL, &out));
  assert_non_null(strstr(fx->diag, "no function '@forward' to run in this module"));
}

static void testPoolingMaxAndSumOnBothPaths(void **state) {
  Fixture *fx = *state;
  const char *src =
      "func.func @pool(%x: tensor<1x1x4x4xf32>) -> (tensor<1x1x2x2xf32>, tensor<1x2x2x1xf32>) {\n"
      "  %ninf = arith.constant 0xFF800000 : f32\n"
      "  %z = arith.constant 0.0 : f32\n"
      "  %w = tensor.empty() : tensor<2x2xf32>\n"
      "  %e = tensor.empty() : tensor<1x1x2x2xf32>\n"
      "  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<1x1x2x2xf32>) -> tensor<1x1x2x2xf32>\n"
      "  %m = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>}\n"
      "      ins(%x, %w : tensor<1x1x4x4xf32>, tensor<2x2xf32>) outs(%f : tensor<1x1x2x2xf32>) -> tensor<1x1x2x2xf32>\n"
      "  %xh = tensor.collapse_shape %x [[0], [1, 2], [3]] : tensor<1x1x4x4xf32> into tensor<1x4x4xf32>\n"
      "  %xn = tensor.expand_shape %xh [[0], [1], [2, 3]] output_shape [1, 4, 4, 1] : tensor<1x4x4xf32> into tensor<1x4x4x1xf32>\n"
      "  %e2 = tensor.empty() : tensor<1x2x2x1xf32>\n"
      "  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<1x2x2x1xf32>) -> tensor<1x2x2x1xf32>\n"
      "  %s = linalg.pooling_nhwc_sum {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>}\n"
      "      ins(%xn, %w : tensor<1x4x4x1xf32>, tensor<2x2xf32>) outs(%f2 : tensor<1x2x2x1xf32>) -> tensor<1x2x2x1xf32>\n"
      "  return %m, %s : tensor<1x1x2x2xf32>, tensor<1x2x2x1xf32>\n}\n";
  int64_t sx[] = {1, 1, 4, 4};
  float x[16];
  for (int i = 0; i < 16; i++)
    x[i] = (float)i;
  /* 2x2 windows {0,1,4,5}, {2,3,6,7}, {8,9,12,13}, {10,11,14,15} */
  float wantMax[] = {5, 7, 13, 15}, wantSum[] = {10, 18, 42, 50};
  Pt2eTensor *in = f32Tensor(4, sx, x), *out[2];
  for (int fast = 0; fast < 2; fast++) {
    assert_true(runFirst(fx, src, &in, out, fast));
    expectF32(out[0], wantMax, 4);
    expectF32(out[1], wantSum, 4);
    pt2eTensorRelease(out[0]);
    pt2eTensorRelease(out[1]);
  }
  pt2eTensorRelease(in);
}

static void testPadWithIndexDependentBody(void **state) {
  Fixture *fx = *state;
  const char *src =
      "func.func @p(%x: tensor<2xf32>) -> tensor<4xf32> {\n"
      "  %p = tensor.pad %x low[1] high[1] {\n"
      "  ^bb0(%i: index):\n"
      "    %c = arith.index_cast %i : index to i32\n"
      "    %f = arith.sitofp %c : i32 to f32\n"
      "    tensor.yield %f : f32\n"
      "  } : tensor<2xf32> to tensor<4xf32>\n"
      "  return %p : tensor<4xf32>\n}\n";
  int64_t s1[] = {2};
  float x[] = {7, 8}, want[] = {0, 7, 8, 3}; /* pads take their own index */
  Pt2eTensor *in = f32Tensor(1, s1, x), *out;
  assert_true(runFirst(fx, src, &in, &out, true));
  expectF32(out, want, 4);
  pt2eTensorRelease(out);
  pt2eTensorRelease(in);
}

/* The depthwise kernels add in the loop nest's order: bit-identical results. */
static void testDepthwiseKernelsEqualTheLoopsBitForBit(void **state) {
  Fixture *fx = *state;
  const char *src =
      "func.func @dw(%x: tensor<2x3x9x9xf32>, %w: tensor<3x3x3xf32>, %xn: tensor<2x9x9x3xf32>, %wn: tensor<3x3x3xf32>)\n"
      "    -> (tensor<2x3x3x3xf32>, tensor<2x4x3x3xf32>) {\n"
      "  %o = arith.constant dense<0.25> : tensor<2x3x3x3xf32>\n"
      "  %a = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<2> : vector<2xi64>, strides = dense<2> : vector<2xi64>}\n"
      "      ins(%x, %w : tensor<2x3x9x9xf32>, tensor<3x3x3xf32>) outs(%o : tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32>\n"
      "  %on = arith.constant dense<-0.5> : tensor<2x4x3x3xf32>\n"
      "  %b = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>}\n"
      "      ins(%xn, %wn : tensor<2x9x9x3xf32>, tensor<3x3x3xf32>) outs(%on : tensor<2x4x3x3xf32>) -> tensor<2x4x3x3xf32>\n"
      "  return %a, %b : tensor<2x3x3x3xf32>, tensor<2x4x3x3xf32>\n}\n";
  int64_t sx[] = {2, 3, 9, 9}, sw[] = {3, 3, 3}, sxn[] = {2, 9, 9, 3};
  float x[486], w[27];
  uint32_t r = 7;
  for (int i = 0; i < 486; i++) {
    r = r * 1664525u + 1013904223u;
    x[i] = (float)(int32_t)r * 4.6566e-10f; /* varied signs and magnitudes */
  }
  for (int i = 0; i < 27; i++)
    w[i] = x[i * 17 % 486] * 3.0f;
  Pt2eTensor *args[] = {f32Tensor(4, sx, x), f32Tensor(3, sw, w),
                        f32Tensor(4, sxn, x), f32Tensor(3, sw, w)};
  Pt2eTensor *fast[2], *slow[2];
  assert_true(runFirst(fx, src, args, fast, true));
  assert_true(runFirst(fx, src, args, slow, false));
  for (int k = 0; k < 2; k++) {
    assert_int_equal(fast[k]->numel, slow[k]->numel);
    assert_memory_equal(fast[k]->data, slow[k]->data, (size_t)fast[k]->numel * 4);
    pt2eTensorRelease(fast[k]);
    pt2eTensorRelease(slow[k]);
  }
  for (int k = 0; k < 4; k++)
    pt2eTensorRelease(args[k]);
}

/* {======================================================================
** The window kernels (depthwise, pooling, im2col + sgemm) against the
** loop nest, bit for bit, at every vector width and with 1, 2, 3 threads
** ======================================================================= */

/* Deterministic values of varied signs and magnitudes. */
static void fillValues(float *v, int64_t n, uint32_t seed) {
  uint32_t r = seed;
  for (int64_t i = 0; i < n; i++) {
    r = r * 1664525u + 1013904223u;
    v[i] = (float)(int32_t)r * 4.6566e-10f * (float)(1 + (r >> 28));
  }
}

static Pt2eTensor *filledTensor(int rank, const int64_t *shape, uint32_t seed) {
  Pt2eTensor *t = pt2eTensorCreate(Pt2eElemF32, rank, shape);
  fillValues(t->data, t->numel, seed);
  return t;
}

/* Runs 'src' on fresh copies of 'args' (the init argument is consumed by
** some paths), returns the one result. */
static Pt2eTensor *runOne(Fixture *fx, const char *src, Pt2eTensor **args,
                          int nargs, bool fast) {
  Pt2eTensor *copies[4], *out = NULL;
  for (int k = 0; k < nargs; k++) {
    copies[k] = pt2eTensorCreate(args[k]->type, args[k]->rank, args[k]->shape);
    memcpy(copies[k]->data, args[k]->data, (size_t)args[k]->numel * sizeof(float));
  }
  bool ok = runFirst(fx, src, copies, &out, fast);
  for (int k = 0; k < nargs; k++)
    pt2eTensorRelease(copies[k]);
  return ok ? out : NULL;
}

static void expectSameBits(const Pt2eTensor *got, const Pt2eTensor *want,
                           const char *what, int level, int threads) {
  assert_non_null(got);
  assert_int_equal(got->numel, want->numel);
  const uint32_t *g = got->data, *w = want->data;
  for (int64_t i = 0; i < got->numel; i++)
    if (g[i] != w[i])
      fail_msg("%s (vector level %d, %d threads): element %lld is %08x, the loops give %08x",
               what, level, threads, (long long)i, g[i], w[i]);
}

/* The fast path at widths portable, AVX2, AVX-512 (as far as the CPU has
** them) and 1, 2, 3 threads, each against the loop nest's result. */
static void expectFastEqualsLoops(Fixture *fx, const char *src, Pt2eTensor **args,
                                  int nargs, const char *what) {
  Pt2eTensor *loops = runOne(fx, src, args, nargs, false);
  assert_non_null(loops);
  for (int level = 1; level <= 3; level++)
    for (int threads = 1; threads <= 3; threads++) {
      pt2eWindowConfigure(level);
      pt2eParallelConfigure(threads);
      pt2eGemmConfigure(threads, false);
      Pt2eTensor *fast = runOne(fx, src, args, nargs, true);
      expectSameBits(fast, loops, what, level, threads);
      pt2eTensorRelease(fast);
    }
  pt2eWindowConfigure(0);
  pt2eParallelConfigure(0);
  pt2eGemmConfigure(0, false);
  pt2eTensorRelease(loops);
}

typedef struct WindowCase {
  bool nchw;
  int64_t n, c, h, w, kh, kw, sh, sw, dh, dw;
} WindowCase;

static int64_t outSize(int64_t in, int64_t k, int64_t s, int64_t d) {
  return (in - (k - 1) * d - 1) / s + 1;
}

static void shapeText(char *buf, size_t size, const int64_t *d, int rank) {
  int at = 0;
  for (int i = 0; i < rank; i++)
    at += snprintf(buf + at, size - (size_t)at, "%lldx", (long long)d[i]);
  snprintf(buf + at, size - (size_t)at, "f32");
}

/*
** Depthwise convolutions of MobileNetV2 (3x3, stride 1 and 2, the input
** padded as torch-mlir pads it; C = 32 at 112x112 up to 960 at 7x7), odd
** sizes and channel counts that are no multiple of a vector, dilation, a
** 5x5 window, and stride 3 (which the vector tiles leave to the portable
** loops), NCHW and NHWC: the same bits as the loop nest.
*/
static void testDepthwiseFastKernelsOnModelShapes(void **state) {
  Fixture *fx = *state;
  const WindowCase cases[] = {
      {true, 1, 32, 114, 114, 3, 3, 1, 1, 1, 1},  /* MobileNetV2 block 1 */
      {true, 1, 96, 113, 113, 3, 3, 2, 2, 1, 1},  /* 112 -> 56, stride 2 */
      {true, 2, 19, 15, 15, 3, 3, 2, 2, 1, 1},    /* odd C, 7x7 out */
      {true, 1, 960, 9, 9, 3, 3, 1, 1, 1, 1},     /* the last blocks */
      {true, 3, 5, 17, 21, 3, 3, 1, 1, 2, 2},     /* dilation 2 */
      {true, 2, 3, 19, 37, 5, 5, 2, 2, 1, 1},     /* 5x5, 17 outputs a row */
      {true, 2, 4, 13, 13, 3, 3, 3, 3, 1, 1},     /* stride 3: portable */
      {true, 1, 6, 11, 40, 3, 2, 2, 1, 1, 3},     /* mixed strides, dilations */
      {false, 2, 37, 9, 9, 3, 3, 2, 2, 1, 1},     /* NHWC, odd C */
      {false, 1, 144, 58, 58, 3, 3, 1, 1, 1, 1},  /* NHWC MobileNetV2 */
      {false, 1, 70, 11, 11, 3, 3, 1, 1, 2, 2},   /* NHWC, C over a block */
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const WindowCase *k = &cases[i];
    int64_t oh = outSize(k->h, k->kh, k->sh, k->dh), ow = outSize(k->w, k->kw, k->sw, k->dw);
    int64_t xs[4], ws[3], ys[4];
    if (k->nchw) {
      int64_t a[] = {k->n, k->c, k->h, k->w}, b[] = {k->c, k->kh, k->kw}, c[] = {k->n, k->c, oh, ow};
      memcpy(xs, a, sizeof a), memcpy(ws, b, sizeof b), memcpy(ys, c, sizeof c);
    } else {
      int64_t a[] = {k->n, k->h, k->w, k->c}, b[] = {k->kh, k->kw, k->c}, c[] = {k->n, oh, ow, k->c};
      memcpy(xs, a, sizeof a), memcpy(ws, b, sizeof b), memcpy(ys, c, sizeof c);
    }
    char tx[64], tw[64], ty[64], src[1024];
    shapeText(tx, sizeof tx, xs, 4), shapeText(tw, sizeof tw, ws, 3), shapeText(ty, sizeof ty, ys, 4);
    snprintf(src, sizeof src,
             "func.func @dw(%%x: tensor<%s>, %%w: tensor<%s>, %%o: tensor<%s>) -> tensor<%s> {\n"
             "  %%a = linalg.depthwise_conv_2d_%s {dilations = dense<[%lld, %lld]> : vector<2xi64>,"
             " strides = dense<[%lld, %lld]> : vector<2xi64>}\n"
             "      ins(%%x, %%w : tensor<%s>, tensor<%s>) outs(%%o : tensor<%s>) -> tensor<%s>\n"
             "  return %%a : tensor<%s>\n}\n",
             tx, tw, ty, ty, k->nchw ? "nchw_chw" : "nhwc_hwc", (long long)k->dh,
             (long long)k->dw, (long long)k->sh, (long long)k->sw, tx, tw, ty, ty, ty);
    Pt2eTensor *args[] = {filledTensor(4, xs, 11 + (uint32_t)i), filledTensor(3, ws, 23 + (uint32_t)i),
                          filledTensor(4, ys, 37 + (uint32_t)i)};
    char what[64];
    snprintf(what, sizeof what, "depthwise case %zu", i);
    expectFastEqualsLoops(fx, src, args, 3, what);
    for (int a = 0; a < 3; a++)
      pt2eTensorRelease(args[a]);
  }
}

/*
** Pooling, max and sum, NCHW and NHWC: ResNet-18's 3x3 stride-2 max pool,
** odd shapes, stride 3 (portable), with NaN, infinities and both zeros in
** the input (max: NaN propagates, -0 < +0): the same bits as the loops.
*/
static void testPoolingFastKernelsOnModelShapes(void **state) {
  Fixture *fx = *state;
  const WindowCase cases[] = {
      {true, 1, 64, 113, 113, 3, 3, 2, 2, 1, 1}, /* ResNet-18, 112 -> 56 */
      {true, 2, 7, 16, 23, 2, 3, 1, 2, 2, 1},
      {true, 2, 3, 13, 13, 3, 3, 3, 3, 1, 1},    /* stride 3: portable */
      {false, 2, 21, 11, 11, 3, 3, 2, 2, 1, 1},
      {false, 1, 67, 9, 9, 2, 2, 1, 1, 2, 2},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    for (int max = 0; max < 2; max++) {
      const WindowCase *k = &cases[i];
      int64_t oh = outSize(k->h, k->kh, k->sh, k->dh), ow = outSize(k->w, k->kw, k->sw, k->dw);
      int64_t xs[4], ys[4];
      if (k->nchw) {
        int64_t a[] = {k->n, k->c, k->h, k->w}, c[] = {k->n, k->c, oh, ow};
        memcpy(xs, a, sizeof a), memcpy(ys, c, sizeof c);
      } else {
        int64_t a[] = {k->n, k->h, k->w, k->c}, c[] = {k->n, oh, ow, k->c};
        memcpy(xs, a, sizeof a), memcpy(ys, c, sizeof c);
      }
      char tx[64], ty[64], src[1024];
      shapeText(tx, sizeof tx, xs, 4), shapeText(ty, sizeof ty, ys, 4);
      snprintf(src, sizeof src,
               "func.func @pool(%%x: tensor<%s>, %%o: tensor<%s>) -> tensor<%s> {\n"
               "  %%w = tensor.empty() : tensor<%lldx%lldxf32>\n"
               "  %%a = linalg.pooling_%s_%s {dilations = dense<[%lld, %lld]> : vector<2xi64>,"
               " strides = dense<[%lld, %lld]> : vector<2xi64>}\n"
               "      ins(%%x, %%w : tensor<%s>, tensor<%lldx%lldxf32>) outs(%%o : tensor<%s>) -> tensor<%s>\n"
               "  return %%a : tensor<%s>\n}\n",
               tx, ty, ty, (long long)k->kh, (long long)k->kw, k->nchw ? "nchw" : "nhwc",
               max ? "max" : "sum", (long long)k->dh, (long long)k->dw, (long long)k->sh,
               (long long)k->sw, tx, (long long)k->kh, (long long)k->kw, ty, ty, ty);
      Pt2eTensor *args[] = {filledTensor(4, xs, 5 + (uint32_t)i), filledTensor(4, ys, 9 + (uint32_t)i)};
      float *x = args[0]->data, *y = args[1]->data;
      /* specials: NaN, infinities, zeros of both signs, ties */
      for (int64_t e = 0; e < args[0]->numel; e += 97) {
        static const float special[] = {NAN, INFINITY, -INFINITY, 0.0f, -0.0f, 0.0f, -0.0f, 1.0f};
        x[e] = special[(e / 97) % 8];
        if (e + 1 < args[0]->numel)
          x[e + 1] = -0.0f;
      }
      for (int64_t e = 0; e < args[1]->numel; e += 5)
        y[e] = (e / 5) % 3 == 0 ? -INFINITY : (e / 5) % 3 == 1 ? -0.0f : 0.0f;
      char what[64];
      snprintf(what, sizeof what, "pooling case %zu (%s)", i, max ? "max" : "sum");
      expectFastEqualsLoops(fx, src, args, 2, what);
      pt2eTensorRelease(args[0]);
      pt2eTensorRelease(args[1]);
    }
}

/*
** A shape the window kernels do not take keeps the loop nest: an f64
** depthwise convolution (the kernels are f32 only) gives the hand result.
*/
static void testDepthwiseOutsideTheKernelsRunsOnTheLoops(void **state) {
  Fixture *fx = *state;
  const char *src =
      "func.func @dw(%x: tensor<1x1x3x3xf64>, %w: tensor<1x2x2xf64>) -> tensor<1x1x2x2xf64> {\n"
      "  %o = arith.constant dense<0.5> : tensor<1x1x2x2xf64>\n"
      "  %a = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}\n"
      "      ins(%x, %w : tensor<1x1x3x3xf64>, tensor<1x2x2xf64>) outs(%o : tensor<1x1x2x2xf64>) -> tensor<1x1x2x2xf64>\n"
      "  return %a : tensor<1x1x2x2xf64>\n}\n";
  int64_t sx[] = {1, 1, 3, 3}, sw[] = {1, 2, 2};
  Pt2eTensor *args[] = {pt2eTensorCreate(Pt2eElemF64, 4, sx), pt2eTensorCreate(Pt2eElemF64, 3, sw)}, *out;
  for (int i = 0; i < 9; i++)
    ((double *)args[0]->data)[i] = i;
  double w[] = {1, 2, 3, 4};
  memcpy(args[1]->data, w, sizeof w);
  /* 0.5 + x00 + 2 x01 + 3 x10 + 4 x11 at (0,0): 0.5 + 0 + 2 + 9 + 16 */
  double want[] = {27.5, 37.5, 57.5, 67.5};
  assert_true(runFirst(fx, src, args, &out, true));
  assert_int_equal(out->type, Pt2eElemF64);
  assert_memory_equal(out->data, want, sizeof want);
  pt2eTensorRelease(out);
  pt2eTensorRelease(args[0]);
  pt2eTensorRelease(args[1]);
}

/*
** The convolution's own order: im2col in (c, kh, kw) order and one fma
** chain per output from its init (pt2eSgemmReference). NCHW images are
** grouped into one product when their outputs are small, 1x1 convs read
** their input directly (or gathered for a group), and convolutions with
** wide enough outputs read their input's phase planes (kernels.c,
** WideConv: ResNet-18's stem and layer1, grouped stride-1 layers, through a
** pad of any value, dilated); each image gets the bits of the reference, at
** every vector width and thread count. ResNet-18's 7x7 stride-2 first
** layer and 3x3 / 1x1 layers at 56x56, 28x28, 14x14 and 7x7, MobileNetV2's
** 1x1 layers at 14x14 and 7x7, odd sizes.
*/
static void testConvKernelsEqualTheReferenceOrder(void **state) {
  Fixture *fx = *state;
  /* pad: amounts (low = high) of a tensor.pad of value pv the conv reads */
  typedef struct { int64_t n, c, h, w, f, kh, kw, s, d, pad; float pv; } ConvCase;
  const ConvCase cases[] = {
      {2, 3, 69, 69, 16, 7, 7, 2, 1, 0, 0},   /* ResNet-18 conv1 (smaller image) */
      {3, 32, 16, 16, 24, 3, 3, 1, 1, 0, 0},  /* 3x3 at 14x14, grouped */
      {3, 40, 9, 9, 17, 3, 3, 1, 1, 0, 0},    /* 3x3 at 7x7, grouped, odd F */
      {2, 24, 14, 14, 40, 1, 1, 2, 1, 0, 0},  /* 1x1 stride 2 (downsample) */
      {5, 64, 7, 7, 48, 1, 1, 1, 1, 0, 0},    /* 1x1 at 7x7: direct, grouped */
      {3, 96, 14, 14, 24, 1, 1, 1, 1, 0, 0},  /* 1x1 at 14x14 */
      {2, 5, 60, 50, 7, 1, 1, 1, 1, 0, 0},    /* 1x1 with a large image */
      {1, 7, 13, 11, 5, 3, 2, 1, 1, 0, 0},    /* one image: phase planes */
      /* phase planes: the stem at full size, 4 phases, through a zero pad */
      {1, 3, 224, 224, 64, 7, 7, 2, 1, 3, 0},
      /* layer1 (56x56, F = 64 + 3 for a short row tile), a pad of 1.5 */
      {1, 16, 56, 56, 67, 3, 3, 1, 1, 1, 1.5f},
      /* layer2 3x3 (28x28): grouped, each image by its planes; -0 pad */
      {3, 8, 28, 28, 13, 3, 3, 1, 1, 1, -0.0f},
      /* stride 2 at 50x50, odd input, uneven use of the last row */
      {1, 9, 101, 101, 12, 3, 3, 2, 1, 1, 0},
      /* dilation 2 and stride 2: taps 0, 2, 4 all in phase 0 */
      {1, 4, 70, 66, 9, 3, 3, 2, 2, 2, -2.0f},
      /* dilation 3, stride 1, a 1x1-wide kernel row */
      {2, 3, 60, 60, 5, 2, 1, 1, 3, 0, 0},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const ConvCase *k = &cases[i];
    int64_t hp = k->h + 2 * k->pad, wp = k->w + 2 * k->pad;
    int64_t oh = (hp - (k->kh - 1) * k->d - 1) / k->s + 1,
            ow = (wp - (k->kw - 1) * k->d - 1) / k->s + 1;
    int64_t xs[] = {k->n, k->c, k->h, k->w}, ps[] = {k->n, k->c, hp, wp},
            ws[] = {k->f, k->c, k->kh, k->kw}, ys[] = {k->n, k->f, oh, ow};
    char tx[64], tp[64], tw[64], ty[64], pad[512], src[2048];
    shapeText(tx, sizeof tx, xs, 4), shapeText(tp, sizeof tp, ps, 4);
    shapeText(tw, sizeof tw, ws, 4), shapeText(ty, sizeof ty, ys, 4);
    pad[0] = '\0';
    uint32_t pvBits; /* the value's bits, as MLIR's hexadecimal float literal */
    memcpy(&pvBits, &k->pv, sizeof pvBits);
    if (k->pad)
      snprintf(pad, sizeof pad,
               "  %%v = arith.constant 0x%08X : f32\n"
               "  %%p = tensor.pad %%x low[0, 0, %lld, %lld] high[0, 0, %lld, %lld] {\n"
               "  ^bb0(%%i0: index, %%i1: index, %%i2: index, %%i3: index):\n"
               "    tensor.yield %%v : f32\n"
               "  } : tensor<%s> to tensor<%s>\n",
               (unsigned)pvBits, (long long)k->pad, (long long)k->pad, (long long)k->pad,
               (long long)k->pad, tx, tp);
    snprintf(src, sizeof src,
             "func.func @conv(%%x: tensor<%s>, %%w: tensor<%s>, %%o: tensor<%s>) -> tensor<%s> {\n"
             "%s"
             "  %%a = linalg.conv_2d_nchw_fchw {dilations = dense<%lld> : vector<2xi64>,"
             " strides = dense<%lld> : vector<2xi64>}\n"
             "      ins(%s, %%w : tensor<%s>, tensor<%s>) outs(%%o : tensor<%s>) -> tensor<%s>\n"
             "  return %%a : tensor<%s>\n}\n",
             tx, tw, ty, ty, pad, (long long)k->d, (long long)k->s, k->pad ? "%p" : "%x",
             tp, tw, ty, ty, ty);
    Pt2eTensor *args[] = {filledTensor(4, xs, 3 + (uint32_t)i), filledTensor(4, ws, 7 + (uint32_t)i),
                          filledTensor(4, ys, 13 + (uint32_t)i)};
    /* the reference: per image, im2col by hand, then the reference chain */
    int64_t ohw = oh * ow, kkc = k->c * k->kh * k->kw;
    Pt2eTensor *want = pt2eTensorCreate(Pt2eElemF32, 4, ys);
    memcpy(want->data, args[2]->data, (size_t)want->numel * sizeof(float));
    float *col = malloc((size_t)(kkc * ohw) * sizeof(float));
    assert_non_null(col);
    for (int64_t n = 0; n < k->n; n++) {
      const float *x = (const float *)args[0]->data + n * k->c * k->h * k->w;
      for (int64_t c = 0; c < k->c; c++)
        for (int64_t kh = 0; kh < k->kh; kh++)
          for (int64_t kw = 0; kw < k->kw; kw++)
            for (int64_t r = 0; r < oh; r++)
              for (int64_t q = 0; q < ow; q++) {
                int64_t ih = r * k->s + kh * k->d - k->pad, iw = q * k->s + kw * k->d - k->pad;
                col[((c * k->kh + kh) * k->kw + kw) * ohw + r * ow + q] =
                    ih >= 0 && ih < k->h && iw >= 0 && iw < k->w
                        ? x[(c * k->h + ih) * k->w + iw]
                        : k->pv;
              }
      pt2eSgemmReference(false, false, k->f, ohw, kkc, args[1]->data, kkc, col, ohw, true,
                         (float *)want->data + n * k->f * ohw, ohw);
    }
    free(col);
    for (int level = 1; level <= 3; level++)
      for (int threads = 1; threads <= 3; threads++) {
        pt2eWindowConfigure(level);
        pt2eParallelConfigure(threads);
        /* every micro-kernel: the phase planes' in-place AVX-512 tile and
        ** the others' packed B through a local tile */
        pt2eGemmConfigure(threads, level == 1 ? PT2E_GEMM_SCALAR
                                   : level == 2 ? PT2E_GEMM_AVX2 : PT2E_GEMM_AUTO);
        Pt2eTensor *fast = runOne(fx, src, args, 3, true);
        char what[64];
        snprintf(what, sizeof what, "conv case %zu", i);
        expectSameBits(fast, want, what, level, threads);
        pt2eTensorRelease(fast);
      }
    pt2eWindowConfigure(0);
    pt2eParallelConfigure(0);
    pt2eGemmConfigure(0, false);
    pt2eTensorRelease(want);
    for (int a = 0; a < 3; a++)
      pt2eTensorRelease(args[a]);
  }
}

/*
** Runs 'src' on 'args' with the n-th allocation refused, for n = 0, 1, ...
** until a run needs no refusal, on the loops and on the fast paths: each
** run that a refusal stops says "ran out of memory", each that completes
** gives the bits of a run without refusals (its 'nTensors' results, at
** most 8).
*/
static void expectEveryAllocationFailureReported(Fixture *fx, const char *src,
                                                 Pt2eTensor **args, int nTensors) {
  for (int fast = 0; fast <= 1; fast++) {
    Pt2eTensor *want[8] = {NULL};
    assert_true(runFirst(fx, src, args, want, fast));
    bool done = false;
    for (long n = 0; n < 100000 && !done; n++) {
      Pt2eTensor *got[8] = {NULL};
      fx->diag[0] = '\0';
      pt2eAllocFailAfter(n);
      bool ok = runFirst(fx, src, args, got, fast);
      done = (long)pt2eAllocFailAfter(-1) < n; /* no allocation was refused */
      if (!ok) {
        assert_false(done);
        if (!strstr(fx->diag, "ran out of memory"))
          fail_msg("fast %d, allocation %ld refused: '%s'", fast, n, fx->diag);
        continue;
      }
      for (int r = 0; r < nTensors; r++) {
        expectSameBits(got[r], want[r], "a run that completed", 0, 0);
        pt2eTensorRelease(got[r]);
      }
    }
    assert_true(done);
    for (int r = 0; r < nTensors; r++)
      pt2eTensorRelease(want[r]);
  }
}

/*
** Out of memory at every allocation of the kernels whose init or weight is
** not read as the op writes it: a padded NCHW convolution whose init is its
** bias broadcast (row starts, constant weights packed once), and a matmul
** whose init is a fill (row starts, constant B packed once). Each run that
** an allocation failure stops says so ("ran out of memory"); a run that
** completes (a packing that failed is only a memo: the sgemm packs instead)
** gives the bits of a run without failures; fast paths and loops alike.
*/
static void testRewiredKernelsReportEveryAllocationFailure(void **state) {
  Fixture *fx = *state;
  const char *src =
      "func.func @f(%x: tensor<2x3x6x6xf32>, %a: tensor<5x7xf32>)"
      " -> (tensor<2x4x6x6xf32>, tensor<5x9xf32>) {\n"
      "  %z = arith.constant 0.0 : f32\n"
      "  %w = arith.constant dense<0.375> : tensor<4x3x3x3xf32>\n"
      "  %b = arith.constant dense<[0.5, -1.0, 2.0, 0.25]> : tensor<4xf32>\n"
      "  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {\n"
      "  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):\n"
      "    tensor.yield %z : f32\n"
      "  } : tensor<2x3x6x6xf32> to tensor<2x3x8x8xf32>\n"
      "  %e = tensor.empty() : tensor<2x4x6x6xf32>\n"
      "  %bb = linalg.broadcast ins(%b : tensor<4xf32>) outs(%e : tensor<2x4x6x6xf32>) dimensions = [0, 2, 3]\n"
      "  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}\n"
      "      ins(%p, %w : tensor<2x3x8x8xf32>, tensor<4x3x3x3xf32>) outs(%bb : tensor<2x4x6x6xf32>) -> tensor<2x4x6x6xf32>\n"
      "  %m = arith.constant dense<-0.625> : tensor<7x9xf32>\n"
      "  %e2 = tensor.empty() : tensor<5x9xf32>\n"
      "  %f = linalg.fill ins(%z : f32) outs(%e2 : tensor<5x9xf32>) -> tensor<5x9xf32>\n"
      "  %y = linalg.matmul ins(%a, %m : tensor<5x7xf32>, tensor<7x9xf32>) outs(%f : tensor<5x9xf32>) -> tensor<5x9xf32>\n"
      "  return %c, %y : tensor<2x4x6x6xf32>, tensor<5x9xf32>\n"
      "}\n";
  const int64_t xs[] = {2, 3, 6, 6}, as[] = {5, 7};
  Pt2eTensor *args[] = {filledTensor(4, xs, 41), filledTensor(2, as, 42)};
  expectEveryAllocationFailureReported(fx, src, args, 2);
  for (int k = 0; k < 2; k++)
    pt2eTensorRelease(args[k]);
}

/*
** The same for the kernels that read through a pad: an NCHW depthwise
** convolution and an NHWC max pool (their padded plane or pixel of
** padding), a 1x1 NCHW convolution (no direct read through a pad), and a
** pad with a second reader (an extract nobody uses, still a reader in the
** IR), which runs (its one-pass fill) while the convolution reads it.
*/
static void testReadThroughPadReportsEveryAllocationFailure(void **state) {
  Fixture *fx = *state;
  const char *src =
      "func.func @f(%x: tensor<2x3x6x6xf32>, %h: tensor<2x6x6x3xf32>)"
      " -> (tensor<2x3x6x6xf32>, tensor<2x3x3x3xf32>, tensor<2x4x8x8xf32>, tensor<2x4x6x6xf32>) {\n"
      "  %z = arith.constant 0.0 : f32\n"
      "  %ninf = arith.constant 0xFF800000 : f32\n"
      "  %c0 = arith.constant 0 : index\n"
      "  %dw = arith.constant dense<0.375> : tensor<3x3x3xf32>\n"
      "  %w1 = arith.constant dense<-0.5> : tensor<4x3x1x1xf32>\n"
      "  %w3 = arith.constant dense<0.25> : tensor<4x3x3x3xf32>\n"
      "  %win = tensor.empty() : tensor<3x3xf32>\n"
      "  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {\n"
      "  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):\n"
      "    tensor.yield %z : f32\n"
      "  } : tensor<2x3x6x6xf32> to tensor<2x3x8x8xf32>\n"
      "  %e0 = tensor.empty() : tensor<2x3x6x6xf32>\n"
      "  %f0 = linalg.fill ins(%z : f32) outs(%e0 : tensor<2x3x6x6xf32>) -> tensor<2x3x6x6xf32>\n"
      "  %d = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}\n"
      "      ins(%p, %dw : tensor<2x3x8x8xf32>, tensor<3x3x3xf32>) outs(%f0 : tensor<2x3x6x6xf32>) -> tensor<2x3x6x6xf32>\n"
      "  %ph = tensor.pad %h low[0, 1, 1, 0] high[0, 1, 1, 0] {\n"
      "  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):\n"
      "    tensor.yield %ninf : f32\n"
      "  } : tensor<2x6x6x3xf32> to tensor<2x8x8x3xf32>\n"
      "  %e1 = tensor.empty() : tensor<2x3x3x3xf32>\n"
      "  %f1 = linalg.fill ins(%ninf : f32) outs(%e1 : tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32>\n"
      "  %m = linalg.pooling_nhwc_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>}\n"
      "      ins(%ph, %win : tensor<2x8x8x3xf32>, tensor<3x3xf32>) outs(%f1 : tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32>\n"
      "  %p1 = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {\n"
      "  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):\n"
      "    tensor.yield %z : f32\n"
      "  } : tensor<2x3x6x6xf32> to tensor<2x3x8x8xf32>\n"
      "  %e2 = tensor.empty() : tensor<2x4x8x8xf32>\n"
      "  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<2x4x8x8xf32>) -> tensor<2x4x8x8xf32>\n"
      "  %c1 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}\n"
      "      ins(%p1, %w1 : tensor<2x3x8x8xf32>, tensor<4x3x1x1xf32>) outs(%f2 : tensor<2x4x8x8xf32>) -> tensor<2x4x8x8xf32>\n"
      "  %p2 = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {\n"
      "  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):\n"
      "    tensor.yield %z : f32\n"
      "  } : tensor<2x3x6x6xf32> to tensor<2x3x8x8xf32>\n"
      "  %e3 = tensor.empty() : tensor<2x4x6x6xf32>\n"
      "  %f3 = linalg.fill ins(%z : f32) outs(%e3 : tensor<2x4x6x6xf32>) -> tensor<2x4x6x6xf32>\n"
      "  %c3 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}\n"
      "      ins(%p2, %w3 : tensor<2x3x8x8xf32>, tensor<4x3x3x3xf32>) outs(%f3 : tensor<2x4x6x6xf32>) -> tensor<2x4x6x6xf32>\n"
      "  %corner = tensor.extract %p2[%c0, %c0, %c0, %c0] : tensor<2x3x8x8xf32>\n"
      "  return %d, %m, %c1, %c3 : tensor<2x3x6x6xf32>, tensor<2x3x3x3xf32>, tensor<2x4x8x8xf32>, tensor<2x4x6x6xf32>\n"
      "}\n";
  const int64_t xs[] = {2, 3, 6, 6}, hs[] = {2, 6, 6, 3};
  Pt2eTensor *args[] = {filledTensor(4, xs, 43), filledTensor(4, hs, 44)};
  expectEveryAllocationFailureReported(fx, src, args, 4);
  for (int k = 0; k < 2; k++)
    pt2eTensorRelease(args[k]);
}

/*
** The same for a convolution on its input's phase planes (20x20 outputs
** of a 3x3 conv through a pad of 1: pitch 22, 2 of 22 columns dropped):
** its planes and row offsets are allocated per call, and a refusal of
** either says "ran out of memory"; the stride-2 one (9x9, pitch 10) makes 4 phases.
*/
static void testPhasePlaneConvReportsEveryAllocationFailure(void **state) {
  Fixture *fx = *state;
  const char *src =
      "func.func @f(%x: tensor<1x2x20x20xf32>) -> (tensor<1x3x20x20xf32>, tensor<1x3x9x9xf32>) {\n"
      "  %z = arith.constant 0.0 : f32\n"
      "  %w = arith.constant dense<0.375> : tensor<3x2x3x3xf32>\n"
      "  %b = arith.constant dense<[0.5, -1.0, 2.0]> : tensor<3xf32>\n"
      "  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {\n"
      "  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):\n"
      "    tensor.yield %z : f32\n"
      "  } : tensor<1x2x20x20xf32> to tensor<1x2x22x22xf32>\n"
      "  %e = tensor.empty() : tensor<1x3x20x20xf32>\n"
      "  %bb = linalg.broadcast ins(%b : tensor<3xf32>) outs(%e : tensor<1x3x20x20xf32>) dimensions = [0, 2, 3]\n"
      "  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}\n"
      "      ins(%p, %w : tensor<1x2x22x22xf32>, tensor<3x2x3x3xf32>) outs(%bb : tensor<1x3x20x20xf32>) -> tensor<1x3x20x20xf32>\n"
      "  %e2 = tensor.empty() : tensor<1x3x9x9xf32>\n"
      "  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<1x3x9x9xf32>) -> tensor<1x3x9x9xf32>\n"
      "  %c2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>}\n"
      "      ins(%x, %w : tensor<1x2x20x20xf32>, tensor<3x2x3x3xf32>) outs(%f2 : tensor<1x3x9x9xf32>) -> tensor<1x3x9x9xf32>\n"
      "  return %c, %c2 : tensor<1x3x20x20xf32>, tensor<1x3x9x9xf32>\n"
      "}\n";
  const int64_t xs[] = {1, 2, 20, 20};
  Pt2eTensor *args[] = {filledTensor(4, xs, 45)};
  expectEveryAllocationFailureReported(fx, src, args, 2);
  pt2eTensorRelease(args[0]);
}

/* }====================================================================== */

/* A shape whose element count overflows int64 gives no tensor, never one
** with a wrapped count (4611686018427387905 * 4 wraps to 4). */
static void testOverflowingShapeGivesNoTensor(void **state) {
  (void)state;
  const int64_t huge[2] = {4611686018427387905LL, 4};
  assert_null(pt2eTensorCreate(Pt2eElemF32, 2, huge));
  assert_null(pt2eTensorCreateBorrowed(Pt2eElemF32, 2, huge, huge));
  const int64_t negative[1] = {-1};
  assert_null(pt2eTensorCreate(Pt2eElemF32, 1, negative));
  const int64_t bytesOverflow[1] = {INT64_MAX / 2};
  assert_null(pt2eTensorCreate(Pt2eElemF64, 1, bytesOverflow));
}

/* The allocator's ceiling refuses what would pass it, counts the refusal,
** and lets the same size through again once the ceiling is lifted. */
static void testAllocLimitRefusesAndCounts(void **state) {
  (void)state;
  size_t base = pt2eAllocLiveBytes();
  size_t hits = pt2eAllocLimitHits();
  size_t old = pt2eAllocSetLimit(base + 1000);
  void *small = pt2eAlloc(500);
  assert_non_null(small);
  assert_null(pt2eAlloc(600));
  assert_int_equal(pt2eAllocLimitHits(), hits + 1);
  assert_null(pt2eRealloc(small, 1200));
  assert_int_equal(pt2eAllocLimitHits(), hits + 2);
  pt2eAllocSetLimit(old);
  void *big = pt2eAlloc(600);
  assert_non_null(big);
  pt2eFree(big);
  pt2eFree(small);
}

/* Limits from MiB: positive values only, and no overflow. */
static void testLimitsFromMiB(void **state) {
  (void)state;
  Pt2eInterpLimits l;
  assert_true(pt2eInterpLimitsFromMiB(1, 2, &l));
  assert_int_equal(l.maxTensorBytes, 1 << 20);
  assert_int_equal(l.maxLiveBytes, 2 << 20);
  assert_false(pt2eInterpLimitsFromMiB(0, 2, &l));
  assert_false(pt2eInterpLimitsFromMiB(1, -1, &l));
  assert_false(pt2eInterpLimitsFromMiB(INT64_MAX / 1024, 1, &l));
  l = pt2eInterpDefaultLimits();
  assert_int_equal(l.maxTensorBytes, 4096LL << 20);
  assert_int_equal(l.maxLiveBytes, 16384LL << 20);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup(testReluGenericWithMaximumfAndWithSelect, clearDiag),
      cmocka_unit_test_setup(testInt4ConstantsWrapAndDequantize, clearDiag),
      cmocka_unit_test_setup(testMatmulMatchesHandResultOnBothPaths, clearDiag),
      cmocka_unit_test_setup(testTransposedMatmulByIndexingMaps, clearDiag),
      cmocka_unit_test_setup(testConvNchwFchwWithStrideOnBothPaths, clearDiag),
      cmocka_unit_test_setup(testBiasBroadcastAndReduceSum, clearDiag),
      cmocka_unit_test_setup(testPadWithConstantAndCollapse, clearDiag),
      cmocka_unit_test_setup(testArithOnTensorsAndIntegerWrap, clearDiag),
      cmocka_unit_test_setup(testMathFunctionsMatchKnownValues, clearDiag),
      cmocka_unit_test_setup(testCallRunsTheCallee, clearDiag),
      cmocka_unit_test_setup(testDynamicShapeIsAnErrorAtTheOp, clearDiag),
      cmocka_unit_test_setup(testUnsupportedOpIsNamed, clearDiag),
      cmocka_unit_test(testOpTableNamesBeforePrefixes),
      cmocka_unit_test_setup(testSoftmaxAlongEachDimension, clearDiag),
      cmocka_unit_test_setup(testWrongArgumentShapeIsReported, clearDiag),
      cmocka_unit_test_setup(testFailedAssertStopsTheRun, clearDiag),
      cmocka_unit_test_setup(testTosaOpsRunThroughUpstreamLowering, clearDiag),
      cmocka_unit_test_setup(testMissingEntryFunctionIsNamed, clearDiag),
      cmocka_unit_test_setup(testPoolingMaxAndSumOnBothPaths, clearDiag),
      cmocka_unit_test_setup(testPadWithIndexDependentBody, clearDiag),
      cmocka_unit_test_setup(testDepthwiseKernelsEqualTheLoopsBitForBit, clearDiag),
      cmocka_unit_test_setup(testDepthwiseFastKernelsOnModelShapes, clearDiag),
      cmocka_unit_test_setup(testPoolingFastKernelsOnModelShapes, clearDiag),
      cmocka_unit_test_setup(testDepthwiseOutsideTheKernelsRunsOnTheLoops, clearDiag),
      cmocka_unit_test_setup(testConvKernelsEqualTheReferenceOrder, clearDiag),
      cmocka_unit_test_setup(testRewiredKernelsReportEveryAllocationFailure, clearDiag),
      cmocka_unit_test_setup(testPhasePlaneConvReportsEveryAllocationFailure, clearDiag),
      cmocka_unit_test_setup(testReadThroughPadReportsEveryAllocationFailure, clearDiag),
      cmocka_unit_test(testOverflowingShapeGivesNoTensor),
      cmocka_unit_test(testAllocLimitRefusesAndCounts),
      cmocka_unit_test(testLimitsFromMiB),
  };
  return cmocka_run_group_tests_name("interp", tests, groupSetup, groupTeardown);
}
