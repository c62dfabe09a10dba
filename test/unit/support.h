/*
** support.h
** Helpers shared by the cmocka tests (support.c): capturing diagnostics and
** printed modules as text, loading the pt2e dialect into a context, the
** shared fixture and the "fail every allocation" harness.
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

/*
** {======================================================================
** The shared cmocka fixture: one context per group of tests, with a
** diagnostic handler writing into 'diag'. A test file sets it up with what
** its context needs:
**   static int groupSetup(void **state) {
**     return unitFixtureSetup(state, UNIT_FUNC | UNIT_PT2E);
**   }
** and passes unitFixtureTeardown (and unitClearDiag before each test).
** =======================================================================
*/

typedef struct UnitFixture {
  MlirContext ctx;
  char diag[UNIT_DIAG_SIZE]; /* the diagnostics of the running test */
  MlirDiagnosticHandlerID handler;
  bool attached;             /* the handler is attached */
} UnitFixture;

/* What a fixture's context holds besides the builtin dialect. */
enum {
  UNIT_ALL_DIALECTS = 1 << 0, /* every upstream dialect, loaded */
  UNIT_ALL_PASSES = 1 << 1,   /* every upstream pass registered */
  UNIT_FUNC = 1 << 2,         /* func registered */
  UNIT_ARITH = 1 << 3,        /* arith registered */
  UNIT_PT2E = 1 << 4          /* irdl, and pt2e from the built IRDL file */
};

/* Creates the fixture in *state; 'what' is a set of UNIT_* flags. Returns
** 0, or -1 when the context cannot be made (cmocka then skips the group). */
int unitFixtureSetup(void **state, unsigned what);
int unitFixtureTeardown(void **state);
/* Empties the fixture's 'diag' (a cmocka per-test setup). */
int unitClearDiag(void **state);

/* Parses 'text' into a module of the fixture's context; fails the test
** (with the diagnostics) when it does not parse. */
MlirModule unitParseModule(UnitFixture *fx, const char *text);

/* }====================================================================== */

/*
** Runs a pass on a module parsed from 'src' with the n-th allocation
** failing, for n = 0, 1, ..., until it succeeds: each failing run must
** report "ran out of memory" and leave the module as it was, the run that
** succeeds must change it (and come after at least one failure). 'what'
** names the pass when it never succeeds.
*/
typedef MlirLogicalResult (*UnitPassRun)(MlirModule m, void *userData);
void unitFailEveryAllocation(UnitFixture *fx, const char *src, UnitPassRun run,
                             void *userData, const char *what);

#endif /* PT2E_TEST_SUPPORT_H */
