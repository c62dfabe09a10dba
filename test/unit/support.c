/*
** support.c
** Helpers shared by the cmocka tests; see support.h.
*/
#include "support.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/Func.h"
#include "mlir-c/Dialect/IRDL.h"
#include "mlir-c/RegisterEverything.h"

#include "pt2e_alloc.h"
#include "pt2e_dialect.h"

void unitAppendText(MlirStringRef s, void *userData) {
  char *buf = userData;
  size_t used = strlen(buf);
  size_t room = UNIT_DIAG_SIZE - 1 - used;
  size_t n = s.length < room ? s.length : room;
  memcpy(buf + used, s.data, n);
  buf[used + n] = '\0';
}

MlirLogicalResult unitCollectDiagnostic(MlirDiagnostic d, void *userData) {
  if (((char *)userData)[0] != '\0')
    unitAppendText(mlirStringRefCreateFromCString("\n"), userData);
  mlirDiagnosticPrint(d, unitAppendText, userData);
  return mlirLogicalResultSuccess();
}

static void appendToUnitText(MlirStringRef s, void *userData) {
  UnitText *t = userData;
  size_t room = sizeof t->buf - 1 - t->len;
  size_t n = s.length < room ? s.length : room;
  memcpy(t->buf + t->len, s.data, n);
  t->len += n;
  t->buf[t->len] = '\0';
}

void unitPrintModule(MlirModule m, UnitText *t) {
  t->len = 0;
  t->buf[0] = '\0';
  mlirOperationPrint(mlirModuleGetOperation(m), appendToUnitText, t);
}

bool unitLoadPt2eDialect(MlirContext ctx) {
  char err[1024];
  mlirDialectHandleRegisterDialect(mlirGetDialectHandle__irdl__(), ctx);
  return pt2eDialectLoadIrdlFile(ctx, PT2E_IRDL_FILE, err, sizeof err);
}

/*
** {======================================================================
** The shared fixture
** =======================================================================
*/

static void registerDialects(MlirContext ctx, unsigned what) {
  if (what & UNIT_ALL_DIALECTS) {
    MlirDialectRegistry reg = mlirDialectRegistryCreate();
    mlirRegisterAllDialects(reg);
    mlirContextAppendDialectRegistry(ctx, reg);
    mlirDialectRegistryDestroy(reg);
    mlirContextLoadAllAvailableDialects(ctx);
  }
  if (what & UNIT_ALL_PASSES)
    mlirRegisterAllPasses();
  if (what & UNIT_FUNC)
    mlirDialectHandleRegisterDialect(mlirGetDialectHandle__func__(), ctx);
  if (what & UNIT_ARITH)
    mlirDialectHandleRegisterDialect(mlirGetDialectHandle__arith__(), ctx);
}

int unitFixtureSetup(void **state, unsigned what) {
  UnitFixture *fx = calloc(1, sizeof *fx);
  if (!fx)
    return -1;
  *state = fx;
  fx->ctx = mlirContextCreate();
  registerDialects(fx->ctx, what);
  if ((what & UNIT_PT2E) && !unitLoadPt2eDialect(fx->ctx))
    return -1;
  fx->handler = mlirContextAttachDiagnosticHandler(fx->ctx, unitCollectDiagnostic,
                                                   fx->diag, NULL);
  fx->attached = true;
  return 0;
}

int unitFixtureTeardown(void **state) {
  UnitFixture *fx = *state;
  if (!fx)
    return 0;
  if (fx->attached)
    mlirContextDetachDiagnosticHandler(fx->ctx, fx->handler);
  mlirContextDestroy(fx->ctx);
  free(fx);
  return 0;
}

int unitClearDiag(void **state) {
  ((UnitFixture *)*state)->diag[0] = '\0';
  return 0;
}

MlirModule unitParseModule(UnitFixture *fx, const char *text) {
  MlirModule m = mlirModuleCreateParse(fx->ctx, mlirStringRefCreateFromCString(text));
  if (mlirModuleIsNull(m))
    fail_msg("parse failed: %s", fx->diag);
  return m;
}

/* }====================================================================== */

void unitFailEveryAllocation(UnitFixture *fx, const char *src, UnitPassRun run,
                             void *userData, const char *what) {
  static UnitText before, after;
  int failures = 0;
  for (long n = 0; n < 1000; n++) {
    MlirModule m = unitParseModule(fx, src);
    unitPrintModule(m, &before);
    fx->diag[0] = '\0';
    pt2eAllocFailAfter(n);
    MlirLogicalResult r = run(m, userData);
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
  fail_msg("%s never succeeded", what);
}
