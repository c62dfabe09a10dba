/*
** support.c
** Helpers shared by the cmocka tests; see support.h.
*/
#include "support.h"

#include <string.h>

#include "mlir-c/Dialect/IRDL.h"

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
