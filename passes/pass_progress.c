/*
** pass_progress.c
** The progress line inside a pass or a tool that runs MLIR (see
** pass_progress.h).
*/
#include "pass_progress.h"

#include "pt2e_support.h"

MlirLogicalResult pt2ePassProgressMode(const Pt2eOptionValue *opt, MlirLocation loc,
                                       const char *pass, Pt2eProgressMode *out) {
  MlirStringRef t = opt->stringValue;
  if (pt2eProgressModeParse(t.data, t.length, out))
    return mlirLogicalResultSuccess();
  return pt2eEmitError(loc, "'%s': progress= takes auto, on or off, got '%.*s'",
                       pass, (int)t.length, t.data);
}

/* Ends the line, then lets the handlers attached before it (mlir-opt's, which
** print) have the diagnostic: failure means "not handled here". */
static MlirLogicalResult breakBeforeDiagnostic(MlirDiagnostic d, void *userData) {
  (void)d;
  pt2eProgressBreak(userData);
  return mlirLogicalResultFailure();
}

void pt2ePassProgressBegin(Pt2eProgress *p, Pt2eProgressMode mode, MlirContext ctx,
                           MlirDiagnosticHandlerID *handler) {
  pt2eProgressStart(p, mode);
  if (p->shown)
    *handler = mlirContextAttachDiagnosticHandler(ctx, breakBeforeDiagnostic, p, NULL);
}

void pt2ePassProgressEnd(Pt2eProgress *p, bool succeeded, MlirContext ctx,
                         MlirDiagnosticHandlerID handler) {
  if (succeeded)
    pt2eProgressFinish(p);
  else
    pt2eProgressBreak(p);
  if (p->shown)
    mlirContextDetachDiagnosticHandler(ctx, handler);
}
