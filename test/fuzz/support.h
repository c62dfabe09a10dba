/*
** support.h
** What the fuzz targets share (support.c): one MLIR context with every
** upstream dialect, the pt2e dialect and the pt2e passes, whose diagnostics
** are dropped; and a runner for one pass pipeline that checks the rules
** every pt2e pass promises (pt2e_pass.h).
**
** PT2E_FUZZ_VERBOSE=1 in the environment prints the diagnostics and what
** each stage did, for reading a reproducer.
*/
#ifndef PT2E_FUZZ_SUPPORT_H
#define PT2E_FUZZ_SUPPORT_H

#include <stdbool.h>
#include <stddef.h>

#include "mlir-c/IR.h"

/* True when PT2E_FUZZ_VERBOSE is set (and not "0"). */
bool fuzzVerbose(void);

/*
** The context for one input. It is shared by consecutive inputs (creating
** one costs far more than most inputs) and recreated every few thousand, so
** that the attributes and types it uniques do not grow without bound.
** Nothing made in it may be kept past the input.
*/
MlirContext fuzzContext(void);

/* Registers the pt2e passes with MLIR's pass registry (register_passes.cpp). */
void fuzzRegisterPasses(void);

/*
** Runs the textual pass pipeline 'pipeline' (e.g. "builtin.module(pt2e-
** prepare)") on 'module' and returns whether it succeeded. Aborts, so that
** libFuzzer reports it, when a pass breaks its contract: it succeeded but
** left IR that does not verify, or it failed but changed the IR.
*/
bool fuzzRunPipeline(MlirModule module, const char *pipeline);

/* Prints 'what' and the module to stderr when verbose. */
void fuzzTrace(const char *what, MlirModule module);

#endif /* PT2E_FUZZ_SUPPORT_H */
