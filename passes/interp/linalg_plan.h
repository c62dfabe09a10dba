/*
** linalg_plan.h
** The compiled form of a linalg structured op (linalg_plan.c builds it):
** every operand's element offset as a linear function of the loop indices,
** the loop sizes, the compiled body, and the block path's merged loops. The
** loop nest (linalg_loops.c) runs it; the kernels match it.
*/
#ifndef PT2E_INTERP_LINALG_PLAN_H
#define PT2E_INTERP_LINALG_PLAN_H

#include "op_arith.h"

#define PT2E_LINALG_MAX_LOOPS 12
#define PT2E_LINALG_MAX_OPERANDS 8

typedef struct LinalgPlan {
  int numIns, numOuts, numLoops, numBodyArgs;
  int64_t size[PT2E_LINALG_MAX_LOOPS]; /* loop trip counts */
  bool isTensor[PT2E_LINALG_MAX_OPERANDS];
  /* whether the body reads its argument k (an output's %out often not):
  ** the loops load only those, so an output is not read before it is
  ** written (a fresh page read first is mapped to the zero page, and the
  ** write after it faults again and flushes the other cores' TLBs) */
  bool argRead[PT2E_LINALG_MAX_OPERANDS];
  /* element offset of operand k = base[k] + sum_d coef[k][d] * i_d */
  int64_t base[PT2E_LINALG_MAX_OPERANDS];
  int64_t coef[PT2E_LINALG_MAX_OPERANDS][PT2E_LINALG_MAX_LOOPS];
  /* per indexing expression (operand k, result r): coefficients, constant
     and the dimension size, for bounds checks and kernel matching */
  int exprCount[PT2E_LINALG_MAX_OPERANDS];
  int64_t exprCoef[PT2E_LINALG_MAX_OPERANDS][PT2E_MAX_RANK][PT2E_LINALG_MAX_LOOPS];
  int64_t exprConst[PT2E_LINALG_MAX_OPERANDS][PT2E_MAX_RANK];
  int64_t dimSize[PT2E_LINALG_MAX_OPERANDS][PT2E_MAX_RANK];
  /* The block path (no linalg.index in the body): the loops merged where
     every operand's offsets allow it, so that the innermost loop is long. */
  bool blockable;
  bool f32Rows; /* ...on plain float rows (an all-f32, simple body) */
  bool splittable; /* ...and every output element written by one point of
                   ** the merged space: the pool may split it (planBlocks) */
  bool lanesSplittable; /* ...or, for a reduction, every output element
                        ** written by one lane of the innermost merged loop:
                        ** the pool may split the lanes, never the rows */
  /* linalg.index on the block path: loop d lies in merged loop
  ** loopMerged[d], its index is (that loop's index / loopDiv[d]) % size[d] */
  bool usesIndex;
  bool indexUsed[PT2E_LINALG_MAX_LOOPS];
  int loopMerged[PT2E_LINALG_MAX_LOOPS];
  int64_t loopDiv[PT2E_LINALG_MAX_LOOPS];
  /* output o is written whole and its init never read: it needs no copy
  ** of the init (planBlocks) */
  bool overwrites[PT2E_LINALG_MAX_OPERANDS];
  int numMerged;
  int64_t mergedSize[PT2E_LINALG_MAX_LOOPS];
  int64_t mergedCoef[PT2E_LINALG_MAX_OPERANDS][PT2E_LINALG_MAX_LOOPS];
  ScalarProgram *body;
  void *kernel; /* kernel-specific data (kernels.c, kernels_int8.c), owned */
  void (*freeKernel)(void *);
} LinalgPlan;

/*
** Builds the plan of the linalg op of 'in' (operands and results numbered):
** operand counts, loop count, per-operand linear offsets and loop sizes from
** the operand shapes, the bounds check, the compiled body, the block path.
** NULL, with a diagnostic at the op, on anything the executor cannot run
** safely (or out of memory).
*/
LinalgPlan *pt2eLinalgPlanBuild(CompileCtx *cc, Instr *in);

/* Frees a plan, its body and its kernel's data; NULL is allowed. */
void pt2eLinalgPlanDestroy(void *plan);

/*
** Plans the block path again from p's offsets (the merged loops, whether
** the pool may split them, which outputs are written whole): after the
** operands were rewired (pt2eLinalgReadThroughBroadcasts).
*/
void pt2eLinalgPlanBlocks(LinalgPlan *p);

/*
** Rewires each tensor input of 'in' that a pure broadcast made
** (pt2eBroadcastSource) to the broadcast's source, composing its offsets
** in 'p', when the source's slot and shape fit. For an op the loop nest
** runs (a kernel reads its operands as they are). True when an operand was
** rewired: the block path must then be planned again.
*/
bool pt2eLinalgReadThroughBroadcasts(CompileCtx *cc, Instr *in, LinalgPlan *p);

#endif /* PT2E_INTERP_LINALG_PLAN_H */
