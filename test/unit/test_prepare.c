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

typedef struct Fixture {
  MlirContext ctx;
  char diag[UNIT_DIAG_SIZE];
  MlirDiagnosticHandlerID handler;
} Fixture;

static int groupSetup(void **state) {
  Fixture *fx = calloc(1, sizeof *fx);
  if (!fx)
    return -1;
  *state = fx;
  fx->ctx = mlirContextCreate();
  mlirDialectHandleRegisterDialect(mlirGetDialectHandle__func__(), fx->ctx);
  mlirDialectHandleRegisterDialect(mlirGetDialectHandle__arith__(), fx->ctx);
  mlirDialectHandleRegisterDialect(mlirGetDialectHandle__irdl__(), fx->ctx);
  if (!unitLoadPt2eDialect(fx->ctx))
    return -1;
  fx->handler = mlirContextAttachDiagnosticHandler(fx->ctx, unitCollectDiagnostic,
                                                   fx->diag, NULL);
  return 0;
}

static int groupTeardown(void **state) {
  Fixture *fx = *state;
  mlirContextDetachDiagnosticHandler(fx->ctx, fx->handler);
  mlirContextDestroy(fx->ctx);
  free(fx);
  return 0;
}

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

static MlirModule parseModule(Fixture *fx, const char *text) {
  MlirModule m =
      mlirModuleCreateParse(fx->ctx, mlirStringRefCreateFromCString(text));
  assert_false(mlirModuleIsNull(m));
  return m;
}

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
static void runOutOfMemoryAtEveryAllocation(Fixture *fx, bool qat) {
  static UnitText before, after;
  int failures = 0;
  for (long n = 0; n < 1000; n++) {
    MlirModule m = parseModule(fx, goodModule);
    unitPrintModule(m, &before);
    fx->diag[0] = '\0';
    pt2eAllocFailAfter(n);
    MlirLogicalResult r = runPrepare(m, qat);
    pt2eAllocFailAfter(-1);
    unitPrintModule(m, &after);
    mlirModuleDestroy(m);
    if (mlirLogicalResultIsSuccess(r)) {
      assert_true(failures > 0); /* the pass does allocate */
      assert_string_not_equal(before.buf, after.buf);
      return;
    }
    failures++;
    assert_non_null(strstr(fx->diag, "ran out of memory"));
    assert_string_equal(before.buf, after.buf);
  }
  fail_msg("pt2e-prepare never succeeded");
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
