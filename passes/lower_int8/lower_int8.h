/*
** lower_int8.h
** What pt2e-lower-int8's modules share (private to the pass): the integer
** form the walk gives each float value (ValueInfo), the walk's state (Lower),
** a per-tensor quantized type's storage facts (QType), and the one way a
** module reports a bad unit (li8Fail, lower_int8.c). The TOSA builders are
** in lower_int8_tosa.h, the model-reading helpers in lower_int8_read.h.
*/
#ifndef PT2E_LOWER_INT8_H
#define PT2E_LOWER_INT8_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include "pt2e_limits.h"
#include "pt2e_support.h"

typedef enum Kind { KNone, KQ8, KW8, KAcc, KPoolSum } Kind;

typedef struct ValueInfo {
  Kind kind;
  MlirValue ival;    /* Q8, ACC, POOLSUM: the integer tensor */
  double scale;      /* Q8, POOLSUM: per tensor */
  int64_t zp;        /* Q8, POOLSUM */
  /* W8: the i8 constant and its per-channel scales along 'axis' */
  MlirAttribute wdata;
  int wrank;
  int64_t wshape[PT2E_MAX_RANK];
  int axis;
  double *scales;    /* W8 and ACC: one per channel (ACC: the last dim) */
  int64_t nscales;
  /* ACC: the float is reshape(transpose(ival, perm), floatShape) */
  int accRank;
  int64_t perm[PT2E_MAX_RANK];
  int floatChannelDim;
  double lo, hi;     /* ACC: clamps seen, in float (relu: lo = 0) */
  int64_t poolCount; /* POOLSUM: elements summed */
  /* Q8 made by tensor.pad on H and W of an NCHW tensor: the unpadded i8,
  ** the pads (top, bottom, left, right) and the pad's i8, so that a conv or
  ** pool can take the padding into its own pad attribute */
  MlirValue padSrc;
  int64_t pads[4];
  int64_t padValue;
} ValueInfo;

typedef struct Lower {
  MlirContext ctx;
  MlirBlock block;
  MlirOperation anchor; /* new ops go before it */
  bool floatRescale;
  /* value -> info, open addressing on the value's pointer */
  const void **keys;
  ValueInfo *vals;
  size_t cap, used;
  PT2E_VEC(MlirOperation) created; /* to erase on failure */
  PT2E_VEC(MlirOperation) loweredQ; /* qcasts replaced at the end */
  PT2E_VEC(MlirValue) loweredQVal;
  int units[8]; /* counts by kind of unit, for the summary */
  bool failed;
} Lower;

/* Storage facts of a per-tensor quantized element type. */
typedef struct QType {
  double scale;
  int64_t zp, qmin, qmax;
  unsigned width;
} QType;

/* Reports a bad unit at 'op' (fmt takes two doubles) and marks the walk as
** failed, so that everything created is erased. */
MlirLogicalResult li8Fail(Lower *l, MlirOperation op, const char *fmt, double a, double b);

#endif
