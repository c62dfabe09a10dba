/*
** support.h
** Helpers shared by the cmocka tests (support.c): capturing diagnostics and
** printed modules as text, and loading the pt2e dialect into a context.
*/
#ifndef PT2E_TEST_SUPPORT_H
#define PT2E_TEST_SUPPORT_H

#include <stdbool.h>
#include <stddef.h>

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"

/* Size of a test's diagnostic buffer: char diag[UNIT_DIAG_SIZE]. */
#define UNIT_DIAG_SIZE 4096

/* Appends 's' to the NUL-terminated buffer 'userData' (UNIT_DIAG_SIZE
** bytes), cutting what does not fit; usable as an MlirStringCallback. */
void unitAppendText(MlirStringRef s, void *userData);

/* A diagnostic handler appending each diagnostic's text to the buffer
** 'userData', one per line (no newline after a single one). */
MlirLogicalResult unitCollectDiagnostic(MlirDiagnostic d, void *userData);

/* A module printed as text, for comparing the IR before and after a pass. */
typedef struct UnitText {
  char buf[65536];
  size_t len;
} UnitText;

/* Prints 'm' into 't' (replacing what it held), cut at the buffer's size. */
void unitPrintModule(MlirModule m, UnitText *t);

/* Registers the IRDL dialect in 'ctx' and loads the pt2e dialect from the
** built dialect file (PT2E_IRDL_FILE); false when that fails. */
bool unitLoadPt2eDialect(MlirContext ctx);

#endif /* PT2E_TEST_SUPPORT_H */
