/*
** sensitivity.h
** pt2e-numeric-debug --sensitivity: per quantized unit (the ops of one
** pattern pt2e-annotate annotated), the model's output SQNR against float
** with only that unit left in float, from the qparams already calibrated;
** and with --target-sqnr, the greedy exclusion list that reaches a target,
** in pt2e-annotate's exclude-... syntax. docs/numeric-debug.md, section
** "Sensitivity", is the design.
*/
#ifndef PT2E_NUMERIC_DEBUG_SENSITIVITY_H
#define PT2E_NUMERIC_DEBUG_SENSITIVITY_H

#include <stdbool.h>
#include <stdint.h>

#include "mlir-c/IR.h"

#include "pt2e_progress.h"

typedef struct SensitivityOptions {
  const char *modelPath; /* calibrated: pt2e.observer ops with qparams */
  const char *data, *entry, *output, *svg;
  bool json;
  bool hasTarget;
  double targetDb;
  int64_t maxEntryMb;
  Pt2eProgressMode progress; /* --progress, --no-progress; auto: on a terminal */
  const MlirStringRef *skipCalls; /* --skip-calls: borrowed, numSkipCalls */
  size_t numSkipCalls;
} SensitivityOptions;

/* Runs the mode; returns the exit code (0, or 1 with a message on stderr). */
int pt2eSensitivityRun(MlirContext ctx, const SensitivityOptions *o);

#endif /* PT2E_NUMERIC_DEBUG_SENSITIVITY_H */
