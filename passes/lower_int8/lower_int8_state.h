/*
** lower_int8_state.h
** pt2e-lower-int8's state (lower_int8_state.c), shared by the pass and its
** modules as Lua's lstate.h is: the integer form the walk gives each float
** value (Li8ValueInfo) and the map from value to it, the walk's state
** (Li8Lower) with the list of ops it created, a per-tensor quantized type's
** storage facts (Li8QType), and the one way a module reports a bad unit
** (li8Fail). The floor of the pass: it calls none of the pass's other files.
**
** Invariant: an op the walk creates is in 'created' (li8RecordCreated), so
** that a failed walk erases all of them (li8EraseCreated) and leaves the
** function as it was; the map owns every info's 'scales'.
*/
#ifndef PT2E_LOWER_INT8_STATE_H
#define PT2E_LOWER_INT8_STATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include "pt2e_limits.h"
#include "pt2e_support.h"

/*
** What integer form a float value has: Q8, dequant(i8 tensor) per tensor;
** W8, a constant weight dequant(i8 constant) per channel; ACC, an i32
** tensor times a scale per channel, not yet requantized; POOLSUM, a sum over
** H and W of a Q8 waiting for its division. None: the value stays float.
*/
typedef enum Li8Kind {
  Li8KindNone, Li8KindQ8, Li8KindW8, Li8KindAcc, Li8KindPoolSum
} Li8Kind;

typedef struct Li8ValueInfo {
  Li8Kind kind;
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
} Li8ValueInfo;

/* A unit the walk lowered: its kind, for the summary, and the op that makes
** its integer result. A unit whose result nobody reads in the end (its ops
** erased as dead, say when the qcast after it stayed in Q/DQ form) is not
** counted as lowered. */
typedef struct Li8Unit {
  MlirOperation out;
  int kind;
} Li8Unit;

typedef struct Li8Lower {
  MlirContext ctx;
  MlirBlock block;
  MlirOperation anchor; /* new ops go before it */
  bool floatRescale;
  /* value -> info, open addressing on the value's pointer */
  const void **keys;
  Li8ValueInfo *vals;
  size_t cap, used;
  PT2E_VEC(MlirOperation) created; /* to erase on failure */
  PT2E_VEC(MlirOperation) loweredQ; /* qcasts replaced at the end */
  PT2E_VEC(MlirValue) loweredQVal;
  PT2E_VEC(Li8Unit) units; /* every unit lowered, for the summary */
  bool failed;
} Li8Lower;

/* Storage facts of a per-tensor quantized element type. */
typedef struct Li8QType {
  double scale;
  int64_t zp, qmin, qmax;
  unsigned width;
} Li8QType;

/* The info recorded for 'v', or NULL (owned by the map). */
Li8ValueInfo *li8InfoOf(Li8Lower *l, MlirValue v);

/* The kind of 'v's info (Li8KindNone when it has none). */
Li8Kind li8KindOf(Li8Lower *l, MlirValue v);

/*
** Records 'info' for 'v' (replacing any); the map owns info->scales from
** now on. A copied padSrc is dropped: only tensor.pad's own result keeps it,
** through li8SetPadInfo. False when out of memory.
*/
bool li8SetInfo(Li8Lower *l, MlirValue v, const Li8ValueInfo *info);

/* li8SetInfo keeping info->padSrc (the result of a lowered tensor.pad). */
bool li8SetPadInfo(Li8Lower *l, MlirValue v, const Li8ValueInfo *info);

/* Adds 'op' to the ops the walk created; marks the walk failed when out of
** memory. */
void li8RecordCreated(Li8Lower *l, MlirOperation op);

/* Destroys every op the walk created, newest first. */
void li8EraseCreated(Li8Lower *l);

/* Frees the map (with every info's scales) and the op lists. */
void li8StateFree(Li8Lower *l);

/*
** Reports a bad unit at 'op' as "'pt2e-lower-int8': " and 'fmt' formatted
** with the two doubles 'a' and 'b', and marks the walk as failed, so that
** everything created is erased. Returns failure.
*/
MlirLogicalResult li8Fail(Li8Lower *l, MlirOperation op, const char *fmt, double a, double b);

#endif /* PT2E_LOWER_INT8_STATE_H */
