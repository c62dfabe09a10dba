/*
** op_linalg.h
** The compiled form of a linalg structured op, shared by the loop executor
** (op_linalg.c) and the kernels (kernels.c).
*/
#ifndef PT2E_INTERP_LINALG_H
#define PT2E_INTERP_LINALG_H

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
  void *kernel; /* kernel-specific data (kernels.c), owned */
  void (*freeKernel)(void *);
} LinalgPlan;

void pt2eLinalgPlanDestroy(void *plan);
/* Runs the plan with the generic loop nest. */
MlirLogicalResult pt2eLinalgRunLoops(Exec *ex, const Instr *in);
/* Fills 'outs' with the op's result tensors, initialised from its inits. */
MlirLogicalResult pt2eLinalgInitOutputs(Exec *ex, const Instr *in, int numIns,
                                        int numOuts, Pt2eTensor **outs);
/* Installs a tight-loop reduction (op_linalg_reduce.c: a sum, an i1 and /
** or, a max with its argmax, along the innermost loop) as in->exec when the
** op is one; called on ops no kernel took. */
void pt2eLinalgChooseReduction(CompileCtx *cc, Instr *in, LinalgPlan *plan);
/* Installs an integer kernel (kernels_int8.c) for the i8 convolutions and
** products tosa-to-linalg-named makes; false leaves the op alone. */
bool pt2eLinalgChooseInt8Kernel(CompileCtx *cc, Instr *in, LinalgPlan *plan);

/* Installs a kernel (kernels.c) as in->exec when the op has a known shape. */
void pt2eLinalgChooseKernel(CompileCtx *cc, Instr *in, LinalgPlan *plan);

#endif /* PT2E_INTERP_LINALG_H */
