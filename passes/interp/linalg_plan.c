/*
** linalg_plan.c
** A linalg structured op compiled to its LinalgPlan (linalg_plan.h), once:
** operand counts, every operand's element offset as a linear function of
** the loop indices, the loop sizes, the bounds check, the compiled body,
** the block path's merged loops; and inputs a pure broadcast made read from
** the broadcast's source instead.
**
** Each indexing map's results must be affine sums of loop dimensions
** (d0 + d3, 2*d1 + d4, constants); with the operand's row-major strides this
** gives, for each operand, an element offset that is linear in the loop
** indices. Offsets are bounds-checked here, so that the loop nest
** (linalg_loops.c) and the kernels need not check them.
*/
#include "linalg_plan.h"

#include <stdlib.h>
#include <string.h>

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Linalg.h"

#include "broadcast.h"
#include "pt2e_checked.h"
#include "pt2e_support.h"
#include "structured.h"

/* {====================================================================
** Indexing maps as linear offsets
** ===================================================================== */

/* expr = sum(coef[d] * d) + constant; false if not of that form. */
static bool linearize(MlirAffineExpr e, int numLoops, int64_t *coef,
                      int64_t *constant) {
  if (mlirAffineExprIsADim(e)) {
    intptr_t d = mlirAffineDimExprGetPosition(e);
    if (d >= numLoops)
      return false;
    coef[d] += 1;
    return true;
  }
  if (mlirAffineExprIsAConstant(e)) {
    *constant += mlirAffineConstantExprGetValue(e);
    return true;
  }
  if (mlirAffineExprIsAAdd(e))
    return linearize(mlirAffineBinaryOpExprGetLHS(e), numLoops, coef, constant) &&
           linearize(mlirAffineBinaryOpExprGetRHS(e), numLoops, coef, constant);
  if (mlirAffineExprIsAMul(e)) {
    MlirAffineExpr l = mlirAffineBinaryOpExprGetLHS(e);
    MlirAffineExpr r = mlirAffineBinaryOpExprGetRHS(e);
    if (mlirAffineExprIsAConstant(l)) {
      MlirAffineExpr t = l;
      l = r;
      r = t;
    }
    if (!mlirAffineExprIsAConstant(r))
      return false;
    int64_t k = mlirAffineConstantExprGetValue(r);
    int64_t c2[PT2E_LINALG_MAX_LOOPS] = {0}, k2 = 0;
    if (!linearize(l, numLoops, c2, &k2))
      return false;
    for (int d = 0; d < numLoops; d++)
      coef[d] += k * c2[d];
    *constant += k * k2;
    return true;
  }
  return false;
}

/* The numbers of inputs and outputs (operandSegmentSizes, or one output
** per result); false, with a diagnostic, when the plan cannot hold them. */
static bool readOperandCounts(MlirOperation op, int *numIns, int *numOuts) {
  MlirAttribute seg = mlirOperationGetAttributeByName(
      op, mlirStringRefCreateFromCString("operandSegmentSizes"));
  if (!mlirAttributeIsNull(seg) && mlirDenseArrayGetNumElements(seg) == 2) {
    *numIns = mlirDenseI32ArrayGetElement(seg, 0);
    *numOuts = mlirDenseI32ArrayGetElement(seg, 1);
  } else {
    *numOuts = mlirOperationGetNumResults(op) > 0 ? (int)mlirOperationGetNumResults(op) : 1;
    *numIns = (int)mlirOperationGetNumOperands(op) - *numOuts;
  }
  int numOperands = *numIns + *numOuts;
  if (numOperands > PT2E_LINALG_MAX_OPERANDS ||
      pt2eStructuredNumMaps(op) != numOperands) {
    pt2eEmitOpError(op, NULL, "has more operands than the interpreter supports");
    return false;
  }
  if (mlirOperationGetNumResults(op) != *numOuts) {
    pt2eEmitOpError(op, NULL, "must have tensor semantics (one result per output)");
    return false;
  }
  return true;
}

/* The loop count: every map has the same dimensions and no symbols. */
static bool readLoopCount(MlirOperation op, int numOperands, int *numLoops) {
  *numLoops = -1;
  for (int k = 0; k < numOperands; k++) {
    MlirAffineMap m = pt2eStructuredMap(op, k);
    if (mlirAffineMapGetNumSymbols(m) != 0) {
      pt2eEmitOpError(op, NULL, "indexing maps with symbols are not supported");
      return false;
    }
    int nd = (int)mlirAffineMapGetNumDims(m);
    if (*numLoops < 0)
      *numLoops = nd;
    if (nd != *numLoops || nd > PT2E_LINALG_MAX_LOOPS) {
      pt2eEmitOpError(op, NULL, "has too many loops for the interpreter");
      return false;
    }
  }
  return true;
}

/*
** Operand k's map as linear offsets: per result expression its loop
** coefficients, constant and dimension size, folded with the row-major
** strides into p->coef / p->base; a loop indexed by a bare dimension takes
** its trip count from that dimension.
*/
static bool linearizeOperand(MlirOperation op, MlirAffineMap m,
                             const SlotInfo *info, int k, LinalgPlan *p) {
  int nr = (int)mlirAffineMapGetNumResults(m);
  if (nr != info->rank) {
    pt2eEmitOpError(op, NULL, "an indexing map does not match its operand's rank");
    return false;
  }
  int64_t stride = 1;
  p->exprCount[k] = nr;
  for (int r = nr - 1; r >= 0; r--) {
    int64_t coef[PT2E_LINALG_MAX_LOOPS] = {0}, c0 = 0;
    MlirAffineExpr e = mlirAffineMapGetResult(m, r);
    if (!linearize(e, p->numLoops, coef, &c0)) {
      pt2eEmitOpError(op, NULL, "indexing maps with mod, floordiv or ceildiv "
                      "are not supported");
      return false;
    }
    for (int d = 0; d < p->numLoops; d++) {
      p->coef[k][d] += stride * coef[d];
      p->exprCoef[k][r][d] = coef[d];
    }
    p->exprConst[k][r] = c0;
    p->base[k] += stride * c0;
    if (mlirAffineExprIsADim(e)) {
      int d = (int)mlirAffineDimExprGetPosition(e);
      if (p->size[d] < 0)
        p->size[d] = info->shape[r];
    }
    p->dimSize[k][r] = info->shape[r];
    stride *= info->shape[r];
  }
  return true;
}

/* Linearizes every tensor operand, then checks every loop got a bound. */
static bool planLoops(CompileCtx *cc, const Instr *in, LinalgPlan *p) {
  for (int d = 0; d < p->numLoops; d++)
    p->size[d] = -1;
  for (int k = 0; k < p->numIns + p->numOuts; k++) {
    const SlotInfo *info = &cc->program->slots[in->operands[k]];
    p->isTensor[k] = info->isTensor;
    if (info->isTensor && !linearizeOperand(in->op, pt2eStructuredMap(in->op, k), info, k, p))
      return false;
  }
  for (int d = 0; d < p->numLoops; d++)
    if (p->size[d] < 0) {
      pt2eEmitOpError(in->op, NULL, "cannot infer a loop bound from the operand "
                      "shapes");
      return false;
    }
  return true;
}

/* Bounds check, once: every indexing expression stays inside its
** dimension over the whole iteration domain (an empty domain reads none). */
static bool checkInBounds(MlirOperation op, const LinalgPlan *p) {
  bool empty = false;
  for (int d = 0; d < p->numLoops; d++)
    empty |= p->size[d] == 0;
  for (int k = 0; !empty && k < p->numIns + p->numOuts; k++)
    for (int r = 0; p->isTensor[k] && r < p->exprCount[k]; r++) {
      int64_t lo = p->exprConst[k][r], hi = lo;
      for (int d = 0; d < p->numLoops; d++) {
        int64_t span = p->exprCoef[k][r][d] * (p->size[d] - 1);
        if (span < 0)
          lo += span;
        else
          hi += span;
      }
      if (lo < 0 || hi >= p->dimSize[k][r]) {
        pt2eEmitOpError(op, NULL, "an indexing map reads or writes outside its "
                        "operand");
        return false;
      }
    }
  return true;
}

/* }==================================================================== */

/* {====================================================================
** The block path: merged loops
** ===================================================================== */

/*
** True when operand k's offsets are distinct for distinct points of the
** merged loops: taken by increasing stride, each loop's stride passes the
** largest offset the smaller ones reach (a dense or padded layout, never a
** reduction). Then points in different chunks never write the same element,
** and a split of the space cannot change a result.
*/
static bool writesOnceAlong(const LinalgPlan *p, int k, bool skipReductions) {
  bool used[PT2E_LINALG_MAX_LOOPS] = {false};
  int64_t reach = 1; /* offsets 0 .. reach-1 are what the loops taken so far reach */
  for (;;) {
    int best = -1;
    for (int d = 0; d < p->numMerged; d++) {
      int64_t c = p->mergedCoef[k][d];
      if (used[d] || p->mergedSize[d] == 1 || (c == 0 && skipReductions))
        continue;
      if (c == 0)
        return false; /* a reduction into this operand */
      if (best < 0 || llabs(c) < llabs(p->mergedCoef[k][best]))
        best = d;
    }
    if (best < 0)
      return true;
    int64_t c = llabs(p->mergedCoef[k][best]), add;
    if (c < reach || !pt2eCheckedMul(c, p->mergedSize[best] - 1, &add) ||
        !pt2eCheckedAdd(reach, add, &reach))
      return false;
    used[best] = true;
  }
}

static bool writesEachOnce(const LinalgPlan *p, int k) {
  return writesOnceAlong(p, k, false);
}

/*
** True when operand k's offsets are distinct for distinct points of the
** loops it moves along (its reduction loops aside): then two points that
** write the same element differ only in reduction loops, so they share
** their lane of the innermost merged loop, and a split of the lanes keeps
** every element's steps on one thread, in their order.
*/
static bool writesOnceOutsideReductions(const LinalgPlan *p, int k) {
  return writesOnceAlong(p, k, true);
}

/*
** A reduction along the innermost merged loop (softmax's max and sum, a
** layer norm's mean) cannot run in blocks along it: a block would read an
** accumulator its earlier lanes have not written back. So the innermost
** loop along which every output moves (sizes > 1) becomes the innermost
** instead: the lanes of a block are distinct outputs, each still reduced
** over the reduction loops in increasing order, one step per row. Which
** outputs are computed together changes, never the order of one output's
** steps.
*/
static int moveParallelLoopInnermost(LinalgPlan *p) {
  int m = p->numMerged, numOperands = p->numIns + p->numOuts;
  bool reducesInnermost = false;
  for (int o = 0; o < p->numOuts; o++)
    reducesInnermost |= p->mergedCoef[p->numIns + o][m - 1] == 0;
  if (!reducesInnermost)
    return -1;
  int q = -1;
  for (int d = m - 2; d >= 0 && q < 0; d--) {
    bool all = p->mergedSize[d] > 1;
    for (int o = 0; o < p->numOuts && all; o++)
      all = p->mergedCoef[p->numIns + o][d] != 0;
    if (all)
      q = d;
  }
  if (q < 0)
    return -1; /* no such loop: the loop nest runs it */
  int64_t size = p->mergedSize[q], coef[PT2E_LINALG_MAX_OPERANDS];
  for (int k = 0; k < numOperands; k++)
    coef[k] = p->mergedCoef[k][q];
  for (int d = q; d < m - 1; d++) {
    p->mergedSize[d] = p->mergedSize[d + 1];
    for (int k = 0; k < numOperands; k++)
      p->mergedCoef[k][d] = p->mergedCoef[k][d + 1];
  }
  p->mergedSize[m - 1] = size;
  for (int k = 0; k < numOperands; k++)
    p->mergedCoef[k][m - 1] = coef[k];
  return q;
}

/* Merges loop d into the merged loop before it whenever every operand
** steps through both as through one loop (coef[d] == coef[d+1] * size[d+1]). */
static void mergeLoops(LinalgPlan *p) {
  int numOperands = p->numIns + p->numOuts, m = 0;
  for (int d = 0; d < p->numLoops; d++) {
    bool merge = m > 0;
    for (int k = 0; merge && k < numOperands; k++)
      merge = p->mergedCoef[k][m - 1] == p->coef[k][d] * p->size[d];
    if (merge) {
      p->mergedSize[m - 1] *= p->size[d];
      for (int k = 0; k < numOperands; k++)
        p->mergedCoef[k][m - 1] = p->coef[k][d];
      p->loopMerged[d] = m - 1;
      continue;
    }
    p->mergedSize[m] = p->size[d];
    for (int k = 0; k < numOperands; k++)
      p->mergedCoef[k][m] = p->coef[k][d];
    p->loopMerged[d] = m;
    m++;
  }
  p->numMerged = m;
  /* a merged loop's index is its loops' indices in mixed radix, the last
  ** loop fastest */
  for (int d = p->numLoops - 1; d >= 0; d--)
    p->loopDiv[d] = d + 1 < p->numLoops && p->loopMerged[d + 1] == p->loopMerged[d]
                        ? p->loopDiv[d + 1] * p->size[d + 1]
                        : 1;
}

/* Whether the pool may split the merged space (or a reduction's lanes),
** and which outputs are written whole: distinct offsets, in bounds
** (checkInBounds), as many as the output's elements, its init unread. */
static void planSplits(LinalgPlan *p) {
  p->splittable = p->blockable;
  for (int o = 0; o < p->numOuts && p->splittable; o++)
    p->splittable = writesEachOnce(p, p->numIns + o);
  p->lanesSplittable = p->blockable;
  for (int o = 0; o < p->numOuts && p->lanesSplittable; o++)
    p->lanesSplittable = writesOnceOutsideReductions(p, p->numIns + o);
  int64_t points = 1;
  for (int d = 0; d < p->numMerged; d++)
    points *= p->mergedSize[d];
  for (int o = 0; o < p->numOuts; o++) {
    int k = p->numIns + o;
    int64_t numel = 1;
    for (int r = 0; r < p->exprCount[k]; r++)
      numel *= p->dimSize[k][r];
    p->overwrites[o] = p->splittable && points == numel &&
                       (p->numBodyArgs <= k || !pt2eScalarProgramReadsReg(p->body, k));
  }
}

/*
** Prepares the block path: merges the loops, and allows blocks only when
** every output moves along the innermost merged loop (a reduction there
** would read an accumulator a block has not yet written back), after a
** parallel loop was moved innermost where one can be.
*/
void pt2eLinalgPlanBlocks(LinalgPlan *p) {
  p->usesIndex = pt2eScalarProgramUsesIndex(p->body);
  p->blockable = p->numLoops > 0 &&
                 pt2eScalarProgramIndexLoops(p->body, p->numLoops, p->indexUsed) &&
                 !pt2eScalarProgramReadsTensors(p->body) &&
                 !pt2eScalarProgramHasAsserts(p->body); /* checked per element */
  if (!p->blockable)
    return;
  mergeLoops(p);
  int m = p->numMerged;
  int moved = moveParallelLoopInnermost(p);
  for (int d = 0; moved >= 0 && d < p->numLoops; d++)
    p->loopMerged[d] = p->loopMerged[d] == moved ? m - 1
                       : p->loopMerged[d] > moved ? p->loopMerged[d] - 1
                                                  : p->loopMerged[d];
  for (int o = 0; o < p->numOuts; o++)
    if (p->mergedCoef[p->numIns + o][m - 1] == 0)
      p->blockable = false;
  p->f32Rows = p->blockable && pt2eScalarProgramIsF32Simple(p->body);
  planSplits(p);
}

/* }==================================================================== */

/* {====================================================================
** The plan
** ===================================================================== */

/* Compiles the body region and checks its arguments against the operands
** (linalg.map's body takes only the inputs; the others take all). */
static bool compileBody(CompileCtx *cc, const Instr *in, LinalgPlan *p) {
  MlirOperation op = in->op;
  p->body = pt2eScalarProgramCompile(cc, mlirOperationGetRegion(op, 0),
                                     "linalg.yield");
  if (!p->body)
    return false;
  p->numBodyArgs = (int)mlirBlockGetNumArguments(
      mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0)));
  if (p->numBodyArgs != p->numIns + p->numOuts && p->numBodyArgs != p->numIns) {
    pt2eEmitOpError(op, NULL, "has a body whose arguments do not match its "
                    "operands");
    return false;
  }
  for (int k = 0; k < p->numBodyArgs; k++) {
    const SlotInfo *info = &cc->program->slots[in->operands[k]];
    p->argRead[k] = pt2eScalarProgramReadsReg(p->body, k);
    if (pt2eScalarProgramRegType(p->body, k) != info->type) {
      pt2eEmitOpError(op, NULL, "has a body argument whose type differs from "
                      "its operand's element type");
      return false;
    }
  }
  return true;
}

/*
** Builds the plan: operand counts, loop count, per-operand linear offsets
** and loop sizes from the operand shapes, the bounds check, the compiled
** body, the block path. Emits a diagnostic and returns NULL on anything the
** executor cannot run safely.
*/
LinalgPlan *pt2eLinalgPlanBuild(CompileCtx *cc, Instr *in) {
  MlirOperation op = in->op;
  int numIns, numOuts, numLoops;
  if (mlirAttributeIsNull(mlirLinalgGetIndexingMapsAttribute(op))) {
    pt2eEmitOpError(op, NULL, "has no indexing maps");
    return NULL;
  }
  if (!readOperandCounts(op, &numIns, &numOuts))
    return NULL;
  LinalgPlan *p = pt2eAlloc(sizeof *p);
  if (!p) {
    pt2eInterpOutOfMemory(op);
    return NULL;
  }
  p->numIns = numIns;
  p->numOuts = numOuts;
  bool ok = readLoopCount(op, numIns + numOuts, &numLoops);
  p->numLoops = numLoops;
  ok = ok && planLoops(cc, in, p) && checkInBounds(op, p) &&
       compileBody(cc, in, p);
  if (!ok) {
    pt2eLinalgPlanDestroy(p);
    return NULL;
  }
  pt2eLinalgPlanBlocks(p);
  return p;
}

void pt2eLinalgPlanDestroy(void *vp) {
  LinalgPlan *p = vp;
  if (!p)
    return;
  pt2eScalarProgramDestroy(p->body);
  if (p->freeKernel)
    p->freeKernel(p->kernel);
  pt2eFree(p);
}

/* }==================================================================== */

/* {====================================================================
** Reading through broadcasts: an input of a loop-nest op (no kernel) that
** a pure broadcast produced is read from the broadcast's source instead,
** through the composed offsets: the same values in the same order, without
** writing and reading the broadcast (torch-mlir adds a linear's bias as
** broadcast + add: 8 MB written and read again per transformer FFN layer
** and batch). The broadcast, if nothing else reads it, then never runs
** (planDeadCode).
** ===================================================================== */

/* The slot of the source of the broadcast input k reads, when its shape
** fits k's map (dimOf, srcRank: pt2eBroadcastSource's), or -1. */
static int broadcastSourceSlot(CompileCtx *cc, const Instr *in, const LinalgPlan *p,
                               int k, int *dimOf, int *srcRank) {
  MlirValue src = pt2eBroadcastSource(mlirOperationGetOperand(in->op, k), dimOf, srcRank);
  int slot = mlirValueIsNull(src) ? -1 : cc->slotOf(cc, src);
  if (slot < 0)
    return -1;
  const SlotInfo *si = &cc->program->slots[slot];
  const SlotInfo *bi = &cc->program->slots[in->operands[k]];
  bool fits = si->isTensor && si->rank == *srcRank && si->type == bi->type &&
              bi->rank == p->exprCount[k];
  for (int s = 0; s < *srcRank && fits; s++)
    fits = si->shape[s] == p->dimSize[k][dimOf[s]];
  return fits ? slot : -1;
}

/* Input k's offsets composed through the broadcast: its expressions are
** those of the broadcast's dimensions dimOf[0..sr) the source runs along,
** over the source's row-major strides. */
static void composeThroughSource(LinalgPlan *p, int k, const SlotInfo *si,
                                 const int *dimOf, int sr) {
  int64_t coef[PT2E_LINALG_MAX_LOOPS] = {0}, base = 0, stride = 1;
  int64_t exprCoef[PT2E_MAX_RANK][PT2E_LINALG_MAX_LOOPS];
  int64_t exprConst[PT2E_MAX_RANK], dimSize[PT2E_MAX_RANK];
  for (int s = sr - 1; s >= 0; s--) {
    int r = dimOf[s];
    for (int d = 0; d < p->numLoops; d++) {
      coef[d] += stride * p->exprCoef[k][r][d];
      exprCoef[s][d] = p->exprCoef[k][r][d];
    }
    base += stride * p->exprConst[k][r];
    exprConst[s] = p->exprConst[k][r];
    dimSize[s] = si->shape[s];
    stride *= si->shape[s];
  }
  for (int d = 0; d < p->numLoops; d++)
    p->coef[k][d] = coef[d];
  for (int s = 0; s < sr; s++) {
    for (int d = 0; d < p->numLoops; d++)
      p->exprCoef[k][s][d] = exprCoef[s][d];
    p->exprConst[k][s] = exprConst[s];
    p->dimSize[k][s] = dimSize[s];
  }
  p->exprCount[k] = sr;
  p->base[k] = base;
}

bool pt2eLinalgReadThroughBroadcasts(CompileCtx *cc, Instr *in, LinalgPlan *p) {
  bool changed = false;
  for (int k = 0; k < p->numIns; k++) {
    int dimOf[PT2E_MAX_RANK], sr = 0;
    int slot = p->isTensor[k] ? broadcastSourceSlot(cc, in, p, k, dimOf, &sr) : -1;
    if (slot < 0)
      continue;
    composeThroughSource(p, k, &cc->program->slots[slot], dimOf, sr);
    in->operands[k] = slot;
    changed = true;
  }
  return changed;
}

/* }==================================================================== */
