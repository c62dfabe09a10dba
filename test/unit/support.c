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

bool unitLoadPt2eDialect(MlirContext ctx) {
  char err[1024];
  mlirDialectHandleRegisterDialect(mlirGetDialectHandle__irdl__(), ctx);
  return pt2eDialectLoadIrdlFile(ctx, PT2E_IRDL_FILE, err, sizeof err);
}
