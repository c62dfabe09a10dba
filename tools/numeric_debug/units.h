/*
** units.h
** The quantized units of a calibrated module and the quantization points
** each one owns, read from the IR pt2e-annotate and pt2e-prepare left:
**
** - a unit is a set of annotated ops (pt2e.annotation) joined by edges
**   without an observer (conv -> its bias add: one pattern) and by shared
**   specs ({shared = {op = "conv_0"}}: a propagated ReLU6 follows its
**   producer, as pt2e-annotate propagates it only when the producer is
**   annotated); a set with no observer spec of its own is no unit;
** - a point (a pt2e.observer) is requested by the unit of the annotated op
**   that produces its value and by the units of the annotated ops that read
**   it (through un-annotated ops such as tensor.pad). Leaving a set S of
**   units in float drops the points all of whose requesters are in S: what
**   pt2e-annotate{exclude-...} then pt2e-prepare would not place (the
**   points a neighbour still asks for stay, with their calibrated qparams).
**
** docs/numeric-debug.md ("Sensitivity") says what this does not model.
*/
#ifndef PT2E_NUMERIC_DEBUG_UNITS_H
#define PT2E_NUMERIC_DEBUG_UNITS_H

#include <stdbool.h>
#include <stddef.h>

#include "mlir-c/IR.h"

#define UNIT_MAX_REQUESTERS 16

typedef struct SensUnit {
  char name[128];       /* its core's module name, a pt2e.id of one of its
                        ** ops, else unit_N (N: program order) */
  char core[96];        /* the MLIR name of its core op */
  char location[512];   /* the core op's printed location */
  /* pt2e-annotate's option that excludes it: exclude-names or
  ** exclude-locs, with its value; empty when no location singles it out */
  const char *excludeOption;
  char excludeValue[4096];
  char why[1200];       /* why excludeValue is empty */
  int numOps;
  int numPoints; /* the points dropped when only this unit is in float */
} SensUnit;

typedef struct SensPoint {
  char name[256];
  int requesters[UNIT_MAX_REQUESTERS]; /* unit indices */
  int numRequesters;
  bool tooMany; /* more requesters than kept: never dropped */
} SensPoint;

typedef struct SensUnits {
  SensUnit *units;
  int numUnits;
  SensPoint *points;
  int numPoints;
} SensUnits;

/* Reads the units of 'func' (the entry func.func of the calibrated module
** read from 'modelPath': a location naming that file itself is no way to
** exclude anything). False with a message on stderr on failure (out of
** memory). */
bool sensFindUnits(MlirOperation func, const char *modelPath, SensUnits *out);
void sensFreeUnits(SensUnits *u);

/* Whether point 'p' is dropped when the units with inFloat[i] are in
** float. */
bool sensPointDropped(const SensPoint *p, const bool *inFloat);

#endif /* PT2E_NUMERIC_DEBUG_UNITS_H */
