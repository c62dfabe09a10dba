/*
** tool_context.c
** See tool_context.h.
*/
#include "support/tool_context.h"

#include <stdio.h>

#include "mlir-c/RegisterEverything.h"

#include "pt2e_dialect.h"

bool pt2eToolContextCreate(const char *tool, const char *irdl, MlirContext *ctx) {
  MlirDialectRegistry reg = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(reg);
  *ctx = mlirContextCreate();
  mlirContextAppendDialectRegistry(*ctx, reg);
  mlirDialectRegistryDestroy(reg);
  mlirContextLoadAllAvailableDialects(*ctx);
  char err[4200];
  if (pt2eDialectLoadIrdlFile(*ctx, irdl, err, sizeof err))
    return true;
  fprintf(stderr, "%s: %s\n", tool, err);
  mlirContextDestroy(*ctx);
  return false;
}
