/*
** tool_context.h
** The MLIR context every stand-alone program starts from (pt2e-run,
** pt2e-draw, pt2e-numeric-debug): the upstream dialects a model may use,
** and the pt2e dialect from its IRDL file.
*/
#ifndef PT2E_TOOL_CONTEXT_H
#define PT2E_TOOL_CONTEXT_H

#include <stdbool.h>

#include "mlir-c/IR.h"

/*
** Creates in '*ctx' a context with every upstream dialect loaded and the
** pt2e dialect read from the IRDL file 'irdl'. When that file fails, prints
** "<tool>: <why>" on stderr, destroys the context and returns false.
*/
bool pt2eToolContextCreate(const char *tool, const char *irdl, MlirContext *ctx);

#endif
