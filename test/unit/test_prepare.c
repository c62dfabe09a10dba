/*
** test_prepare.c
** Unit tests for pt2e-prepare (passes/prepare.c) that lit cannot make: a
** failing run, for a bad annotation or for memory running out at any
** allocation, leaves the module exactly as it was.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlir-c/Diagnostics.h"
#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/Func.h"
#include "mlir-c/Dialect/IRDL.h"
#include "mlir-c/IR.h"

#include "pt2e_passes.h"
#include "pt2e_support.h"
#include "support.h"

typedef UnitFixture Fixture;

static int groupSetup(void **state) {
  return unitFixtureSetup(state, UNIT_FUNC | UNIT_ARITH | UNIT_PT2E);
}

#define groupTeardown unitFixtureTeardown

/* Two annotated ops with sharing, a derived and a fixed spec. */
static const char *const goodModule =
    "#a = {observer = \"histogram\", dtype = i8}\n"
    "#d = {derived_from = [{operand = 0}, {op = \"p\", operand = 0}], "
    "dtype = i32}\n"
    "func.func @f(%x: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {\n"
    "  %0 = arith.negf %x {pt2e.id = \"p\", pt2e.annotation = {inputs = [#a], "
    "output = #a}} : tensor<4xf32>\n"
    "  %1 = arith.addf %0, %b {pt2e.annotation = {inputs = [#a, #d], "
    "output = {fixed = {scale = 0.5 : f32, zero_point = 0}, dtype = i8}}} "
    ": tensor<4xf32>\n"
    "  %2 = arith.mulf %1, %1 {pt2e.annotation = {inputs = [{shared = "
    "{op = \"p\", result = 0}}]}} : tensor<4xf32>\n"
    "  return %2 : tensor<4xf32>\n"
    "}\n";

static MlirLogicalResult runPrepare(MlirModule m, bool qat) {
  Pt2eOptionValue opts[1];
  memset(opts, 0, sizeof opts);
  opts[0].boolValue = qat;
  return pt2ePreparePass.run(mlirModuleGetOperation(m), opts);
}

#define parseModule unitParseModule

static void testBadAnnotationLeavesModuleUntouched(void **state) {
  Fixture *fx = *state;
  static UnitText before, after;
  /* the first op is fine, the last one is not: nothing may change */
  char text[4096];
  snprintf(text, sizeof text, "%s",
           "#a = {observer = \"minmax\", dtype = i8}\n"
           "func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
           "  %0 = arith.negf %x {pt2e.annotation = {inputs = [#a], "
           "output = #a}} : tensor<4xf32>\n"
           "  %1 = arith.negf %0 {pt2e.annotation = {output = {shared = "
           "{op = \"nowhere\", result = 0}}}} : tensor<4xf32>\n"
           "  return %1 : tensor<4xf32>\n"
           "}\n");
  MlirModule m = parseModule(fx, text);
  unitPrintModule(m, &before);
  fx->diag[0] = '\0';
  assert_true(mlirLogicalResultIsFailure(runPrepare(m, false)));
  assert_non_null(strstr(fx->diag, "no op has pt2e.id = \"nowhere\""));
  unitPrintModule(m, &after);
  assert_string_equal(before.buf, after.buf);
  mlirModuleDestroy(m);
}

/*
** Makes the n-th allocation fail for n = 0, 1, ... until the pass gets
** through: every failing run reports and leaves the module as it was.
*/
static MlirLogicalResult runPrepareWith(MlirModule m, void *qat) {
  return runPrepare(m, *(bool *)qat);
}

static void runOutOfMemoryAtEveryAllocation(Fixture *fx, bool qat) {
  unitFailEveryAllocation(fx, goodModule, runPrepareWith, &qat, "pt2e-prepare");
}

static void testOutOfMemoryLeavesModuleUntouched(void **state) {
  runOutOfMemoryAtEveryAllocation(*state, false);
}

static void testOutOfMemoryInQatLeavesModuleUntouched(void **state) {
  runOutOfMemoryAtEveryAllocation(*state, true);
}

static void testSecondRunChangesNothing(void **state) {
  Fixture *fx = *state;
  static UnitText once, twice;
  MlirModule m = parseModule(fx, goodModule);
  assert_true(mlirLogicalResultIsSuccess(runPrepare(m, false)));
  unitPrintModule(m, &once);
  assert_non_null(strstr(once.buf, "activation_post_process_4"));
  assert_null(strstr(once.buf, "activation_post_process_5"));
  assert_true(mlirLogicalResultIsSuccess(runPrepare(m, false)));
  unitPrintModule(m, &twice);
  assert_string_equal(once.buf, twice.buf);
  mlirModuleDestroy(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(testBadAnnotationLeavesModuleUntouched),
      cmocka_unit_test(testOutOfMemoryLeavesModuleUntouched),
      cmocka_unit_test(testOutOfMemoryInQatLeavesModuleUntouched),
      cmocka_unit_test(testSecondRunChangesNothing),
  };
  return cmocka_run_group_tests_name("prepare", tests, groupSetup,
                                     groupTeardown);
}
