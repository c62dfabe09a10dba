/*
** pass_progress.h
** The progress line (pt2e_progress.h) inside a pass or a tool that runs
** MLIR: the progress= option of pt2e-calibrate and pt2e-merge, and the
** diagnostics that must not land after half a line.
*/
#ifndef PT2E_PASS_PROGRESS_H
#define PT2E_PASS_PROGRESS_H

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"

#include "pt2e_pass.h"
#include "pt2e_progress.h"

/* The declaration of a pass's progress= option (one row of its table). */
#define PT2E_PROGRESS_OPTION                                                   \
  {"progress", Pt2eOptionString,                                               \
   "show the work done, its rate and the time left on stderr: auto (when "    \
   "stderr is a terminal), on or off", "auto", false}

/* The value of 'opt' (a PT2E_PROGRESS_OPTION) into *out, or an error at
** 'loc' naming 'pass' and the three values. */
MlirLogicalResult pt2ePassProgressMode(const Pt2eOptionValue *opt, MlirLocation loc,
                                       const char *pass, Pt2eProgressMode *out);

/*
** Starts 'p' (pt2eProgressStart) and, when it is shown, attaches a handler
** to 'ctx' that ends its open line before any diagnostic is printed, so
** that an error in the middle of the work starts on a line of its own.
** Every pt2ePassProgressBegin is paired with one pt2ePassProgressEnd.
*/
void pt2ePassProgressBegin(Pt2eProgress *p, Pt2eProgressMode mode, MlirContext ctx,
                           MlirDiagnosticHandlerID *handler);
/* Writes the final line when 'succeeded', else ends the open line as it
** stands; detaches the handler. */
void pt2ePassProgressEnd(Pt2eProgress *p, bool succeeded, MlirContext ctx,
                         MlirDiagnosticHandlerID handler);

#endif /* PT2E_PASS_PROGRESS_H */
