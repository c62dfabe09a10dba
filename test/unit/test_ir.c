/*
** test_ir.c
** Unit tests for passes/ir/'s readers of upstream IR: op identity
** (ir_ops.c), the iterator types and bodies of structured ops
** (structured.c) and arith.cmpf's predicates (cmpf.h). The iterator types
** were read by printing them into a fixed buffer before; a generic with
** twelve loops, its reduction last, is the case that reading cut.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdbool.h>

#include "mlir-c/IR.h"

#include "cmpf.h"
#include "ir_ops.h"
#include "structured.h"
#include "support.h"

typedef UnitFixture Fixture;

static int groupSetup(void **state) {
  return unitFixtureSetup(state, UNIT_ALL_DIALECTS);
}

#define groupTeardown unitFixtureTeardown

/* A sum over the last of twelve loops, then a relu written as cmpf + select
** of a 0-d operand, then a matmul (a named op: no iterator_types). */
static const char *const module =
    "#in = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8, d9, d10, d11) -> "
    "(d0, d1, d2, d3, d4, d5, d6, d7, d8, d9, d10, d11)>\n"
    "#out = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8, d9, d10, d11) -> "
    "(d0, d1, d2, d3, d4, d5, d6, d7, d8, d9, d10)>\n"
    "#id = affine_map<(d0, d1) -> (d0, d1)>\n"
    "#scalar = affine_map<(d0, d1) -> ()>\n"
    "func.func @f(%x: tensor<1x1x1x1x1x1x1x1x1x1x1x4xf32>, %a: tensor<2x4xf32>,\n"
    "             %b: tensor<4x4xf32>) -> (tensor<1x1x1x1x1x1x1x1x1x1x1xf32>, "
    "tensor<2x4xf32>) {\n"
    "  %z = arith.constant 0.0 : f32\n"
    "  %z0 = arith.constant dense<0.0> : tensor<f32>\n"
    "  %e = tensor.empty() : tensor<1x1x1x1x1x1x1x1x1x1x1xf32>\n"
    "  %s = linalg.generic {indexing_maps = [#in, #out], iterator_types = [\"parallel\", "
    "\"parallel\", \"parallel\", \"parallel\", \"parallel\", \"parallel\", \"parallel\", "
    "\"parallel\", \"parallel\", \"parallel\", \"parallel\", \"reduction\"]} "
    "ins(%x : tensor<1x1x1x1x1x1x1x1x1x1x1x4xf32>) "
    "outs(%e : tensor<1x1x1x1x1x1x1x1x1x1x1xf32>) {\n"
    "  ^bb0(%i: f32, %o: f32):\n"
    "    %t = arith.addf %i, %o : f32\n"
    "    linalg.yield %t : f32\n"
    "  } -> tensor<1x1x1x1x1x1x1x1x1x1x1xf32>\n"
    "  %e2 = tensor.empty() : tensor<2x4xf32>\n"
    "  %r = linalg.generic {indexing_maps = [#id, #scalar, #id], iterator_types = "
    "[\"parallel\", \"parallel\"]} ins(%a, %z0 : tensor<2x4xf32>, tensor<f32>) "
    "outs(%e2 : tensor<2x4xf32>) {\n"
    "  ^bb0(%i: f32, %zero: f32, %o: f32):\n"
    "    %p = arith.cmpf ugt, %i, %zero : f32\n"
    "    %q = arith.select %p, %i, %zero : f32\n"
    "    linalg.yield %q : f32\n"
    "  } -> tensor<2x4xf32>\n"
    "  %f = linalg.fill ins(%z : f32) outs(%e2 : tensor<2x4xf32>) -> tensor<2x4xf32>\n"
    "  %m = linalg.matmul ins(%r, %b : tensor<2x4xf32>, tensor<4x4xf32>) "
    "outs(%f : tensor<2x4xf32>) -> tensor<2x4xf32>\n"
    "  return %s, %m : tensor<1x1x1x1x1x1x1x1x1x1x1xf32>, tensor<2x4xf32>\n"
    "}\n";

typedef struct Ops {
  MlirModule m;
  MlirOperation func, sum, relu, fill, matmul;
} Ops;

/* The ops of 'module' by their place in @f. */
static Ops parse(Fixture *fx) {
  Ops o;
  o.m = unitParseModule(fx, module);
  o.func = pt2eOpFindFunc(mlirModuleGetOperation(o.m), mlirStringRefCreateFromCString("f"));
  assert_false(mlirOperationIsNull(o.func));
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(o.func, 0));
  MlirOperation all[16];
  int n = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(op) && n < 16;
       op = mlirOperationGetNextInBlock(op))
    all[n++] = op;
  assert_int_equal(n, 9);
  o.sum = all[3];
  o.relu = all[5];
  o.fill = all[6];
  o.matmul = all[7];
  return o;
}

static void testOpIdentityIsByName(void **state) {
  Ops o = parse(*state);
  assert_true(pt2eOpIs(o.sum, "linalg.generic"));
  assert_false(pt2eOpIs(o.sum, "linalg.generi"));
  assert_false(pt2eOpIs(o.sum, "linalg.generic.x"));
  assert_true(pt2eOpHasPrefix(o.matmul, "linalg."));
  assert_false(pt2eOpHasPrefix(o.matmul, "tosa."));
  assert_true(pt2eOpHasName(o.fill, mlirStringRefCreateFromCString("linalg.fill")));
  MlirOperation none = {NULL};
  assert_false(pt2eOpIs(none, "linalg.generic"));
  assert_false(pt2eOpHasPrefix(none, ""));
  assert_true(mlirOperationIsNull(pt2eOpProducer(
      mlirBlockGetArgument(mlirRegionGetFirstBlock(mlirOperationGetRegion(o.func, 0)), 0))));
  assert_true(mlirOperationEqual(pt2eOpProducer(mlirOperationGetOperand(o.matmul, 2)), o.fill));
  assert_true(mlirOperationEqual(pt2eOpSoleUser(mlirOperationGetResult(o.relu, 0)), o.matmul));
  assert_int_equal(pt2eOpNumInputs(o.matmul), 2);
  assert_true(mlirOperationIsNull(
      pt2eOpFindFunc(mlirModuleGetOperation(o.m), mlirStringRefCreateFromCString("g"))));
  mlirModuleDestroy(o.m);
}

/* Twelve loops: the reduction is the twelfth, past what a 256-byte print
** of the attribute held. */
static void testIteratorTypesOfTwelveLoops(void **state) {
  Ops o = parse(*state);
  int parallel, reduction;
  assert_true(pt2eStructuredIterators(o.sum, &parallel, &reduction));
  assert_int_equal(parallel, 11);
  assert_int_equal(reduction, 1);
  assert_false(pt2eStructuredAllParallel(o.sum));
  assert_true(pt2eStructuredIsReductionLoop(o.sum, 11));
  assert_false(pt2eStructuredIsReductionLoop(o.sum, 10));
  assert_false(pt2eStructuredIsReductionLoop(o.sum, 12));
  assert_true(pt2eStructuredAllParallel(o.relu));
  /* a named op has no iterator_types attribute */
  assert_false(pt2eStructuredIterators(o.matmul, &parallel, &reduction));
  assert_int_equal(parallel + reduction, 0);
  assert_false(pt2eStructuredAllParallel(o.matmul));
  assert_int_equal(pt2eStructuredNumMaps(o.matmul), 3);
  mlirModuleDestroy(o.m);
}

static void testBodyAndMaps(void **state) {
  Ops o = parse(*state);
  MlirOperation body[4];
  assert_int_equal(pt2eStructuredBodyOps(o.relu, body, 4), 2);
  assert_int_equal(pt2eStructuredBodyOps(o.relu, body, 1), -1);
  assert_true(pt2eOpIs(body[0], "arith.cmpf"));
  assert_true(mlirValueEqual(pt2eStructuredYielded(o.relu), mlirOperationGetResult(body[1], 0)));
  assert_int_equal(pt2eStructuredArgIndex(o.relu, mlirOperationGetOperand(body[0], 1)), 1);
  assert_int_equal(pt2eStructuredArgIndex(o.relu, mlirOperationGetResult(body[0], 0)), -1);
  assert_true(mlirAffineMapIsIdentity(pt2eStructuredMap(o.relu, 0)));
  assert_int_equal(mlirAffineMapGetNumResults(pt2eStructuredMap(o.relu, 1)), 0);
  assert_int_equal(pt2eCmpfOf(body[0]), PT2E_CMPF_UGT);
  assert_int_equal(pt2eCmpfOf(body[1]), -1);
  mlirModuleDestroy(o.m);
}

/* Every predicate against its definition, NaN on either side included. */
static void testCmpfPredicates(void **state) {
  (void)state;
  const double v[] = {-1.0, 0.0, 2.0, NAN};
  for (int p = PT2E_CMPF_FALSE; p <= PT2E_CMPF_TRUE; p++)
    for (int i = 0; i < 4; i++)
      for (int j = 0; j < 4; j++) {
        double a = v[i], b = v[j];
        bool unord = isnan(a) || isnan(b);
        bool lt = !unord && a < b, eq = !unord && a == b, gt = !unord && a > b;
        bool want[16] = {false,          eq,      gt,        gt || eq,      lt,
                         lt || eq,       lt || gt, !unord,   unord || eq,   unord || gt,
                         unord || gt || eq, unord || lt, unord || lt || eq,
                         unord || lt || gt, unord, true};
        assert_int_equal(pt2eCmpfHolds(p, a, b), want[p]);
      }
  assert_true(pt2eCmpfIsGreater(PT2E_CMPF_UGE) && !pt2eCmpfIsGreater(PT2E_CMPF_OLT));
  assert_true(pt2eCmpfIsLess(PT2E_CMPF_OLE) && !pt2eCmpfIsLess(PT2E_CMPF_UNE));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(testOpIdentityIsByName),
      cmocka_unit_test(testIteratorTypesOfTwelveLoops),
      cmocka_unit_test(testBodyAndMaps),
      cmocka_unit_test(testCmpfPredicates),
  };
  return cmocka_run_group_tests_name("ir", tests, groupSetup, groupTeardown);
}
