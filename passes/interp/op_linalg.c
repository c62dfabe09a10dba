/*
** op_linalg.c
** One executor for every linalg structured op (generic, map, reduce,
** broadcast, transpose, fill, matmul, convolutions, pooling, elementwise
** named ops), driven by the op's indexing maps and body region.
**
** Each indexing map's results must be affine sums of loop dimensions
** (d0 + d3, 2*d1 + d4, constants); with the operand's row-major strides this
** gives, for each operand, an element offset that is linear in the loop
** indices. The loop nest walks the iteration domain in row-major order and
** keeps every operand's offset up to date by adding per-dimension steps, so
** reductions accumulate in the output in loop order. Offsets are bounds-
** checked once at compile time. Named matmul and convolution ops on f32 take
** the sgemm path in kernels.c instead.
*/
#include "op_linalg.h"

#include <stdlib.h>
#include <string.h>

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Linalg.h"

#include "ops.h"
#include "broadcast.h"
#include "pt2e_checked.h"
#include "pt2e_parallel.h"
#include "pt2e_support.h"

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

void pt2eLinalgPlanDestroy(void *vp) {
  LinalgPlan *p = vp;
  if (!p)
    return;
  pt2eScalarProgramDestroy(p->body);
  if (p->freeKernel)
    p->freeKernel(p->kernel);
  pt2eFree(p);
}

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

/*
** Prepares the block path: merges loop d into d+1 whenever every operand
** steps through both as through one loop (coef[d] == coef[d+1] * size[d+1]),
** and allows blocks only when every output moves along the innermost merged
** loop (a reduction there would read an accumulator a block has not yet
** written back).
*/
static void planBlocks(LinalgPlan *p) {
  int numOperands = p->numIns + p->numOuts;
  p->usesIndex = pt2eScalarProgramUsesIndex(p->body);
  p->blockable = p->numLoops > 0 &&
                 pt2eScalarProgramIndexLoops(p->body, p->numLoops, p->indexUsed);
  if (!p->blockable)
    return;
  int m = 0;
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
  int moved = moveParallelLoopInnermost(p);
  for (int d = 0; moved >= 0 && d < p->numLoops; d++)
    p->loopMerged[d] = p->loopMerged[d] == moved ? m - 1
                       : p->loopMerged[d] > moved ? p->loopMerged[d] - 1
                                                  : p->loopMerged[d];
  for (int o = 0; o < p->numOuts; o++)
    if (p->mergedCoef[p->numIns + o][m - 1] == 0)
      p->blockable = false;
  p->f32Rows = p->blockable && pt2eScalarProgramIsF32Simple(p->body);
  p->splittable = p->blockable;
  for (int o = 0; o < p->numOuts && p->splittable; o++)
    p->splittable = writesEachOnce(p, p->numIns + o);
  p->lanesSplittable = p->blockable;
  for (int o = 0; o < p->numOuts && p->lanesSplittable; o++)
    p->lanesSplittable = writesOnceOutsideReductions(p, p->numIns + o);
  /* distinct offsets, in bounds (checkInBounds), as many as the output's
  ** elements: every element is written */
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

/* The numbers of inputs and outputs (operandSegmentSizes, or one output
** per result); false, with a diagnostic, when the plan cannot hold them. */
static bool readOperandCounts(MlirOperation op, MlirAttribute maps,
                              int *numIns, int *numOuts) {
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
      mlirArrayAttrGetNumElements(maps) != numOperands) {
    pt2eEmitOpError(op, NULL, "has more operands than the interpreter supports");
    return false;
  }
  if (mlirOperationGetNumResults(op) != *numOuts) {
    pt2eEmitOpError(op, NULL, "must have tensor semantics (one result per output)");
    return false;
  }
  return true;
}

static MlirAffineMap mapOf(MlirAttribute maps, int k) {
  return mlirAffineMapAttrGetValue(mlirArrayAttrGetElement(maps, k));
}

/* The loop count: every map has the same dimensions and no symbols. */
static bool readLoopCount(MlirOperation op, MlirAttribute maps,
                          int numOperands, int *numLoops) {
  *numLoops = -1;
  for (int k = 0; k < numOperands; k++) {
    MlirAffineMap m = mapOf(maps, k);
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
static bool planLoops(CompileCtx *cc, const Instr *in, MlirAttribute maps,
                      LinalgPlan *p) {
  for (int d = 0; d < p->numLoops; d++)
    p->size[d] = -1;
  for (int k = 0; k < p->numIns + p->numOuts; k++) {
    const SlotInfo *info = &cc->program->slots[in->operands[k]];
    p->isTensor[k] = info->isTensor;
    if (info->isTensor && !linearizeOperand(in->op, mapOf(maps, k), info, k, p))
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
static LinalgPlan *buildPlan(CompileCtx *cc, Instr *in) {
  MlirOperation op = in->op;
  MlirAttribute maps = mlirLinalgGetIndexingMapsAttribute(op);
  int numIns, numOuts, numLoops;
  if (mlirAttributeIsNull(maps)) {
    pt2eEmitOpError(op, NULL, "has no indexing maps");
    return NULL;
  }
  if (!readOperandCounts(op, maps, &numIns, &numOuts))
    return NULL;
  LinalgPlan *p = pt2eAlloc(sizeof *p);
  if (!p) {
    pt2eInterpOutOfMemory(op);
    return NULL;
  }
  p->numIns = numIns;
  p->numOuts = numOuts;
  bool ok = readLoopCount(op, maps, numIns + numOuts, &numLoops);
  p->numLoops = numLoops;
  ok = ok && planLoops(cc, in, maps, p) && checkInBounds(op, p) &&
       compileBody(cc, in, p);
  if (!ok) {
    pt2eLinalgPlanDestroy(p);
    return NULL;
  }
  planBlocks(p);
  return p;
}

/*
** Result tensors start as the output operands' values. An init tensor whose
** last use is this op and that nobody else holds is taken over instead of
** copied.
*/
/* True when slot 's' dies at 'in' (its last use) and nobody else holds
** its tensor, which is the interpreter's own (not an attribute's data). */
static bool diesHere(const Exec *ex, const Instr *in, int s) {
  const Pt2eTensor *t = ex->slots[s].tensor;
  bool last = false;
  for (int k = 0; k < in->numRelease; k++)
    last |= in->release[k] == s;
  return last && t && t->refs == 1 && !t->borrowed;
}

/*
** An input whose tensor output o may be written into, in place: one of the
** same element type and count, read at every point at the element the point
** writes (the same offsets: its coefficients and base are the output's),
** in no other way (every operand on its slot reads it so), and dying here.
** Each point reads its elements before it writes, in every path (the loop
** nest per element; the block paths gather a block's inputs, or read the
** same lanes of the row they write: pt2eScalarProgramRunF32Into), and the
** pool splits points, so no point reads an element another has written.
** An elementwise op on a tensor that dies (a linear's bias add, a relu, a
** layer norm's steps) then touches no new memory. -1 when there is none.
*/
static int inPlaceInput(const Exec *ex, const Instr *in, const LinalgPlan *p,
                        int o) {
  int out = p->numIns + o;
  const Pt2eTensor *init = ex->slots[in->operands[out]].tensor;
  for (int k = 0; k < p->numIns; k++) {
    int s = in->operands[k];
    const Pt2eTensor *t = ex->slots[s].tensor;
    if (!p->isTensor[k] || !t || t->type != init->type || t->numel != init->numel ||
        !diesHere(ex, in, s))
      continue;
    bool same = true;
    for (int j = 0; j < p->numIns + p->numOuts && same; j++) {
      if (in->operands[j] != s)
        continue;
      same = j < p->numIns && p->base[j] == p->base[out];
      for (int d = 0; d < p->numLoops && same; d++)
        same = p->coef[j][d] == p->coef[out][d];
    }
    if (same)
      return k;
  }
  return -1;
}

/* pt2eLinalgInitOutputs; 'overwrites' (or NULL) says which outputs the op
** writes whole without reading their init: those need no copy of it, and
** may be written into an input (inPlaceInput, with the plan 'p'). */
static MlirLogicalResult initOutputs(Exec *ex, const Instr *in, int numIns,
                                     int numOuts, const bool *overwrites,
                                     const LinalgPlan *p, Pt2eTensor **outs) {
  for (int o = 0; o < numOuts; o++) {
    int slot = in->operands[numIns + o];
    Pt2eTensor *init = ex->slots[slot].tensor;
    bool last = false;
    for (int k = 0; k < in->numRelease; k++)
      last |= in->release[k] == slot;
    for (int k = 0; k < in->numOperands; k++)
      if (k != numIns + o && in->operands[k] == slot)
        last = false; /* also read as another operand */
    /* an input that dies here comes first, even when the init dies too:
    ** its lines are in cache (the op reads them), where an init the op
    ** only overwrites (an empty) would be written cold, and may be memory
    ** nothing has touched yet (torch-mlir's relu after a convolution wrote
    ** 26 MB of fresh pages on ResNet-18's first batch: 7 times the time of
    ** the bias add before it, which ran in place) */
    int host = p && numOuts == 1 && overwrites && overwrites[o] && ex->interp->fastPaths
                   ? inPlaceInput(ex, in, p, o)
                   : -1;
    if (host < 0 && last && init->refs == 1) {
      outs[o] = pt2eTensorRetain(init);
      continue;
    }
    if (host >= 0) {
      /* the input's tensor, in the output's shape (the same count) */
      Pt2eTensor *t = pt2eTensorRetain(ex->slots[in->operands[host]].tensor);
      t->rank = init->rank;
      memcpy(t->shape, init->shape, sizeof t->shape);
      outs[o] = t;
      continue;
    }
    /* written whole here (the copy of the init, or the op itself) */
    outs[o] = pt2eTensorCreateUninit(init->type, init->rank, init->shape);
    if (!outs[o]) {
      for (int j = 0; j < o; j++)
        pt2eTensorRelease(outs[j]);
      return pt2eInterpOutOfMemory(in->op);
    }
    if (!overwrites || !overwrites[o])
      memcpy(outs[o]->data, init->data,
             (size_t)init->numel * pt2eElemSize(init->type));
  }
  return mlirLogicalResultSuccess();
}

MlirLogicalResult pt2eLinalgInitOutputs(Exec *ex, const Instr *in, int numIns,
                                        int numOuts, Pt2eTensor **outs) {
  return initOutputs(ex, in, numIns, numOuts, NULL, NULL, outs);
}

/*
** The odometer over loops [0, last): steps loop last-1, carrying into the
** outer ones, and keeps every operand's offset in step. Returns false once
** every index has wrapped around (the nest is done).
*/
static bool advance(int last, const int64_t *size,
                    const int64_t (*coef)[PT2E_LINALG_MAX_LOOPS], int numOperands,
                    int64_t *idx, int64_t *off) {
  for (int d = last - 1; d >= 0; d--) {
    idx[d]++;
    for (int k = 0; k < numOperands; k++)
      off[k] += coef[k][d];
    if (idx[d] < size[d])
      return true;
    for (int k = 0; k < numOperands; k++)
      off[k] -= coef[k][d] * size[d];
    idx[d] = 0;
  }
  return false;
}

/* True for body registers that hold the same value in every lane: scalar
** operands and captured values. */
static bool isLaneInvariant(const LinalgPlan *p, int r) {
  if (r < p->numBodyArgs && !p->isTensor[r])
    return true;
  for (int c = 0; c < pt2eScalarProgramNumCaptures(p->body); c++)
    if (pt2eScalarProgramCaptureReg(p->body, c) == r)
      return true;
  return false;
}

/*
** Where a run starts: each operand's tensor and first element offset, and
** in 'regs' the values that stay the same for the whole op (scalar
** operands and captured values).
*/
static void startOperands(const LinalgPlan *p, const Slot *slots,
                          const Instr *in, Pt2eTensor **outs,
                          const Pt2eTensor **t, int64_t *off, Pt2eScalar *regs) {
  for (int k = 0; k < p->numIns + p->numOuts; k++) {
    t[k] = k < p->numIns ? slots[in->operands[k]].tensor : outs[k - p->numIns];
    off[k] = p->base[k];
    if (!p->isTensor[k] && k < p->numBodyArgs)
      regs[k] = slots[in->operands[k]].scalar;
  }
  pt2eScalarProgramSetCaptures(p->body, slots, regs);
}

/* The loop nest over the plan's iteration domain. */
static void runLoops(const LinalgPlan *p, const Slot *slots, const Instr *in,
                     Pt2eTensor **outs) {
  int numOperands = p->numIns + p->numOuts;
  const Pt2eTensor *t[PT2E_LINALG_MAX_OPERANDS];
  Pt2eScalar regsBuf[64];
  int nRegs = pt2eScalarProgramNumRegs(p->body);
  Pt2eScalar *regs = nRegs <= 64 ? regsBuf : pt2eAlloc((size_t)nRegs * sizeof *regs);
  Pt2eScalar yields[PT2E_LINALG_MAX_OPERANDS];
  int64_t idx[PT2E_LINALG_MAX_LOOPS] = {0};
  int64_t off[PT2E_LINALG_MAX_OPERANDS];
  if (!regs)
    return;
  startOperands(p, slots, in, outs, t, off, regs);
  for (int d = 0; d < p->numLoops; d++)
    if (p->size[d] == 0)
      goto done;
  int L = p->numLoops;
  int64_t inner = L ? p->size[L - 1] : 1;
  for (;;) {
    for (int64_t i = 0; i < inner; i++) {
      if (L)
        idx[L - 1] = i;
      for (int k = 0; k < p->numBodyArgs; k++)
        if (p->isTensor[k] && p->argRead[k])
          regs[k] = pt2eTensorLoad(t[k], off[k]);
      pt2eScalarProgramRun(p->body, regs, idx, yields);
      for (int o = 0; o < p->numOuts; o++)
        pt2eTensorStore(outs[o], off[p->numIns + o], yields[o]);
      if (L)
        for (int k = 0; k < numOperands; k++)
          off[k] += p->coef[k][L - 1];
    }
    if (L)
      for (int k = 0; k < numOperands; k++)
        off[k] -= p->coef[k][L - 1] * inner;
    if (!advance(L - 1, p->size, p->coef, numOperands, idx, off))
      break;
  }
done:
  if (regs != regsBuf)
    pt2eFree(regs);
}

enum { BlockLanes = 256 };

/* Loads 'n' elements of 't' from 'off' with step 'step' into 'lanes'. */
static void gather(const Pt2eTensor *t, int64_t off, int64_t step, int64_t n,
                   Pt2eScalar *lanes) {
  if (t->type == Pt2eElemF32) {
    const float *src = (const float *)t->data + off;
    if (step == 1)
      for (int64_t i = 0; i < n; i++)
        lanes[i].f32 = src[i];
    else
      for (int64_t i = 0; i < n; i++)
        lanes[i].f32 = src[i * step];
    return;
  }
  if (t->type == Pt2eElemF64) { /* a layer norm's variance */
    const double *src = (const double *)t->data + off;
    for (int64_t i = 0; i < n; i++)
      lanes[i].f64 = src[i * step];
    return;
  }
  if (t->type == Pt2eElemI64) {
    const int64_t *src = (const int64_t *)t->data + off;
    for (int64_t i = 0; i < n; i++)
      lanes[i].i = src[i * step];
    return;
  }
  /* i8 and i32 (the int8 TOSA's rescales and clamps): sign-extended, as
  ** pt2eTensorLoad reads them */
  if (t->type == Pt2eElemI8) {
    const int8_t *src = (const int8_t *)t->data + off;
    for (int64_t i = 0; i < n; i++)
      lanes[i].i = src[i * step];
    return;
  }
  if (t->type == Pt2eElemI32) {
    const int32_t *src = (const int32_t *)t->data + off;
    for (int64_t i = 0; i < n; i++)
      lanes[i].i = src[i * step];
    return;
  }
  if (t->type == Pt2eElemI1) { /* a softmax guard's masks: bytes of 0 / 1 */
    const uint8_t *src = (const uint8_t *)t->data + off;
    for (int64_t i = 0; i < n; i++)
      lanes[i].i = src[i * step] & 1;
    return;
  }
  for (int64_t i = 0; i < n; i++)
    lanes[i] = pt2eTensorLoad(t, off + i * step);
}

static void scatter(Pt2eTensor *t, int64_t off, int64_t step, int64_t n,
                    const Pt2eScalar *lanes) {
  if (t->type == Pt2eElemF32) {
    float *dst = (float *)t->data + off;
    for (int64_t i = 0; i < n; i++)
      dst[i * step] = lanes[i].f32;
    return;
  }
  if (t->type == Pt2eElemF64) {
    double *dst = (double *)t->data + off;
    for (int64_t i = 0; i < n; i++)
      dst[i * step] = lanes[i].f64;
    return;
  }
  if (t->type == Pt2eElemI64) {
    int64_t *dst = (int64_t *)t->data + off;
    for (int64_t i = 0; i < n; i++)
      dst[i * step] = lanes[i].i;
    return;
  }
  if (t->type == Pt2eElemI8) { /* truncated, as pt2eTensorStore */
    int8_t *dst = (int8_t *)t->data + off;
    for (int64_t i = 0; i < n; i++)
      dst[i * step] = (int8_t)lanes[i].i;
    return;
  }
  if (t->type == Pt2eElemI32) {
    int32_t *dst = (int32_t *)t->data + off;
    for (int64_t i = 0; i < n; i++)
      dst[i * step] = (int32_t)lanes[i].i;
    return;
  }
  if (t->type == Pt2eElemI1) {
    uint8_t *dst = (uint8_t *)t->data + off;
    for (int64_t i = 0; i < n; i++)
      dst[i * step] = (uint8_t)(lanes[i].i & 1);
    return;
  }
  for (int64_t i = 0; i < n; i++)
    pt2eTensorStore(t, off + i * step, lanes[i]);
}

/*
** The block paths run the merged space as rows (the outer merged loops,
** flattened) of 'inner' elements (the innermost), in blocks of BlockLanes
** elements, each instruction of the body once per block. Each element still
** sees the same operations in the same order as in runLoops. A run covers
** rows [row0, row1) and in each the elements [i0, i1): the pool splits the
** rows, or one row's elements (pt2eLinalgRunLoops).
*/
typedef struct BlockRange {
  int64_t row0, row1, i0, i1;
} BlockRange;

/* Each operand's offset at the start of row 'row' (merged loops < L-1). */
static void rowOffsets(const LinalgPlan *p, int64_t row, int64_t *idx, int64_t *off) {
  int L = p->numMerged, numOperands = p->numIns + p->numOuts;
  for (int d = L - 2; d >= 0; d--) {
    idx[d] = row % p->mergedSize[d];
    row /= p->mergedSize[d];
    for (int k = 0; k < numOperands; k++)
      off[k] += idx[d] * p->mergedCoef[k][d];
  }
}

/* Fills rows[d][0..n) with linalg.index d of the lanes i0 .. i0+n-1 of the
** row whose outer merged indices are 'idx', for the loops the body reads. */
static void fillIndexRows(const LinalgPlan *p, const int64_t *idx, int64_t i0,
                          int64_t n, int64_t (*rows)[BlockLanes]) {
  int inner = p->numMerged - 1;
  for (int d = 0; d < p->numLoops; d++) {
    if (!p->indexUsed[d])
      continue;
    int m = p->loopMerged[d];
    int64_t div = p->loopDiv[d], size = p->size[d];
    if (m < inner) {
      int64_t v = idx[m] / div % size;
      for (int64_t i = 0; i < n; i++)
        rows[d][i] = v;
    } else {
      for (int64_t i = 0; i < n; i++)
        rows[d][i] = (i0 + i) / div % size;
    }
  }
}

/* The generic block path, on Pt2eScalar lanes; 'regs' holds nRegs x
** BlockLanes scalars. */
static void runBlocks(const LinalgPlan *p, const Slot *slots, const Instr *in,
                      Pt2eTensor **outs, Pt2eScalar *regs, BlockRange r) {
  int numOperands = p->numIns + p->numOuts;
  int nRegs = pt2eScalarProgramNumRegs(p->body);
  Pt2eScalar one[64];
  const Pt2eTensor *t[PT2E_LINALG_MAX_OPERANDS];
  int64_t idx[PT2E_LINALG_MAX_LOOPS] = {0}, off[PT2E_LINALG_MAX_OPERANDS];
  /* scalars and captured values are the same in every lane */
  startOperands(p, slots, in, outs, t, off, one);
  for (int g = 0; g < nRegs; g++)
    if (isLaneInvariant(p, g))
      for (int i = 0; i < BlockLanes; i++)
        regs[(int64_t)g * BlockLanes + i] = one[g];
  int L = p->numMerged;
  int64_t indexRows[PT2E_LINALG_MAX_LOOPS][BlockLanes];
  const int64_t *indexRowPtrs[PT2E_LINALG_MAX_LOOPS];
  for (int d = 0; d < PT2E_LINALG_MAX_LOOPS; d++)
    indexRowPtrs[d] = indexRows[d];
  rowOffsets(p, r.row0, idx, off);
  for (int64_t row = r.row0; row < r.row1; row++) {
    for (int64_t i0 = r.i0; i0 < r.i1; i0 += BlockLanes) {
      int64_t n = r.i1 - i0 < BlockLanes ? r.i1 - i0 : BlockLanes;
      for (int k = 0; k < p->numBodyArgs; k++)
        if (p->isTensor[k] && p->argRead[k])
          gather(t[k], off[k] + i0 * p->mergedCoef[k][L - 1],
                 p->mergedCoef[k][L - 1], n, regs + (int64_t)k * BlockLanes);
      if (p->usesIndex)
        fillIndexRows(p, idx, i0, n, indexRows);
      pt2eScalarProgramRunBlock(p->body, regs, BlockLanes, n,
                                p->usesIndex ? indexRowPtrs : NULL);
      for (int o = 0; o < p->numOuts; o++) {
        int k = p->numIns + o;
        scatter(outs[o], off[k] + i0 * p->mergedCoef[k][L - 1],
                p->mergedCoef[k][L - 1], n,
                regs + (int64_t)pt2eScalarProgramYieldReg(p->body, o) * BlockLanes);
      }
    }
    if (row + 1 < r.row1)
      advance(L - 1, p->mergedSize, p->mergedCoef, numOperands, idx, off);
  }
}

/*
** The f32 block path: like runBlocks, on plain float rows. Contiguous
** operands are read and written in place; strided ones go through a row of
** 'scratch' (nRegs x BlockLanes floats). Only for bodies
** pt2eScalarProgramIsF32Simple accepts.
*/
static void runBlocksF32(const LinalgPlan *p, const Slot *slots,
                         const Instr *in, Pt2eTensor **outs, float *scratch,
                         BlockRange r) {
  int numOperands = p->numIns + p->numOuts;
  int nRegs = pt2eScalarProgramNumRegs(p->body);
  const float *rows[64];
  Pt2eScalar one[64];
  const Pt2eTensor *t[PT2E_LINALG_MAX_OPERANDS];
  float *base[PT2E_LINALG_MAX_OPERANDS];
  int64_t idx[PT2E_LINALG_MAX_LOOPS] = {0}, off[PT2E_LINALG_MAX_OPERANDS];
  startOperands(p, slots, in, outs, t, off, one);
  for (int k = 0; k < numOperands; k++)
    base[k] = t[k] ? (float *)t[k]->data : NULL;
  for (int g = 0; g < nRegs; g++) {
    float *row = scratch + (int64_t)g * BlockLanes;
    /* an i1 register is a row of 0.0f / 1.0f (a scalar mask operand) */
    float v = pt2eScalarProgramRegType(p->body, g) == Pt2eElemI1
                  ? ((one[g].i & 1) ? 1.0f : 0.0f)
                  : one[g].f32;
    if (isLaneInvariant(p, g))
      for (int i = 0; i < BlockLanes; i++)
        row[i] = v;
    rows[g] = row;
  }
  int L = p->numMerged;
  /* one contiguous output that the body's last instruction defines */
  bool direct = p->numOuts == 1 && p->mergedCoef[p->numIns][L - 1] == 1 &&
                pt2eScalarProgramLastReg(p->body) >= 0 &&
                pt2eScalarProgramLastReg(p->body) == pt2eScalarProgramYieldReg(p->body, 0);
  /* a body that only yields an input broadcast along the innermost loop
  ** (a bias into a convolution's init): each output row is one value */
  int fillFrom = -1;
  if (p->numOuts == 1 && p->mergedCoef[p->numIns][L - 1] == 1 &&
      pt2eScalarProgramLastReg(p->body) < 0) {
    int y = pt2eScalarProgramYieldReg(p->body, 0);
    if (y < p->numIns && p->isTensor[y] && p->mergedCoef[y][L - 1] == 0)
      fillFrom = y;
  }
  /* an operand broadcast along the innermost loop (a rank-0 bound of a
  ** relu6, a per-channel scale) is one value per row: its scratch row is
  ** filled when that value's address changes, not on every block */
  const void *broadcastFrom[PT2E_LINALG_MAX_OPERANDS] = {NULL};
  rowOffsets(p, r.row0, idx, off);
  for (int64_t line = r.row0; line < r.row1; line++) {
    if (fillFrom >= 0) {
      float v = base[fillFrom][off[fillFrom]], *dst = base[p->numIns] + off[p->numIns];
      for (int64_t i = r.i0; i < r.i1; i++)
        dst[i] = v;
      if (line + 1 < r.row1)
        advance(L - 1, p->mergedSize, p->mergedCoef, numOperands, idx, off);
      continue;
    }
    for (int64_t i0 = r.i0; i0 < r.i1; i0 += BlockLanes) {
      int64_t n = r.i1 - i0 < BlockLanes ? r.i1 - i0 : BlockLanes;
      for (int k = 0; k < p->numBodyArgs; k++) {
        if (!p->isTensor[k])
          continue;
        int64_t step = p->mergedCoef[k][L - 1];
        if (t[k]->type == Pt2eElemI1) {
          /* a mask operand (bytes of 0 / 1) as the row of 0.0f / 1.0f a
          ** select's condition reads; one value per row when broadcast */
          const uint8_t *m = (const uint8_t *)t[k]->data + off[k] + i0 * step;
          float *row = scratch + (int64_t)k * BlockLanes;
          rows[k] = row;
          if (step == 0) {
            if (broadcastFrom[k] != m)
              for (int64_t i = 0; i < BlockLanes; i++)
                row[i] = (*m & 1) ? 1.0f : 0.0f;
            broadcastFrom[k] = m;
            continue;
          }
          for (int64_t i = 0; i < n; i++)
            row[i] = (m[i * step] & 1) ? 1.0f : 0.0f;
          continue;
        }
        const float *src = base[k] + off[k] + i0 * step;
        if (step == 1) {
          rows[k] = src;
          continue;
        }
        float *row = scratch + (int64_t)k * BlockLanes;
        rows[k] = row;
        if (step == 0) {
          if (broadcastFrom[k] != src)
            for (int64_t i = 0; i < BlockLanes; i++)
              row[i] = *src;
          broadcastFrom[k] = src;
          continue;
        }
        for (int64_t i = 0; i < n; i++)
          row[i] = src[i * step];
      }
      if (direct) {
        /* the last instruction writes the output row itself */
        int k = p->numIns;
        pt2eScalarProgramRunF32Into(p->body, rows, scratch, BlockLanes, n,
                                    base[k] + off[k] + i0);
        continue;
      }
      pt2eScalarProgramRunF32(p->body, rows, scratch, BlockLanes, n);
      for (int o = 0; o < p->numOuts; o++) {
        int k = p->numIns + o;
        int64_t step = p->mergedCoef[k][L - 1];
        float *dst = base[k] + off[k] + i0 * step;
        const float *v = rows[pt2eScalarProgramYieldReg(p->body, o)];
        if (step == 1)
          memmove(dst, v, (size_t)n * sizeof *dst);
        else
          for (int64_t i = 0; i < n; i++)
            dst[i * step] = v[i];
      }
    }
    if (line + 1 < r.row1)
      advance(L - 1, p->mergedSize, p->mergedCoef, numOperands, idx, off);
  }
}

/* A block-path run over the pool: chunk c covers rows (or, with one row,
** elements) [begin, end), on its own scratch. */
typedef struct BlockJob {
  const LinalgPlan *p;
  const Slot *slots;
  const Instr *in;
  Pt2eTensor **outs;
  int64_t rows, inner;
  bool byElements; /* split one row's elements instead of the rows */
  void *scratch[PT2E_MAX_THREADS];
} BlockJob;

static void runBlockChunk(void *ctx, int64_t begin, int64_t end, int worker) {
  const BlockJob *j = ctx;
  BlockRange r = j->byElements ? (BlockRange){0, j->rows, begin, end}
                               : (BlockRange){begin, end, 0, j->inner};
  if (j->p->f32Rows)
    runBlocksF32(j->p, j->slots, j->in, j->outs, j->scratch[worker], r);
  else
    runBlocks(j->p, j->slots, j->in, j->outs, j->scratch[worker], r);
}

/* Elements below which a loop is not worth waking the pool for. */
enum { BlockGrainElements = 1 << 15 };

/*
** Runs the block path, split over the pool when the plan allows it (every
** output element written by one point: splittable). False when its scratch
** cannot be had (the loops then run instead).
*/
static bool runBlocksParallel(const LinalgPlan *p, const Slot *slots,
                              const Instr *in, Pt2eTensor **outs) {
  int nRegs = pt2eScalarProgramNumRegs(p->body);
  if (nRegs > 64)
    return false;
  int L = p->numMerged;
  BlockJob j = {p, slots, in, outs, 1, p->mergedSize[L - 1], false, {NULL}};
  for (int d = 0; d < L - 1; d++)
    j.rows *= p->mergedSize[d];
  if (j.rows == 0 || j.inner == 0)
    return true;
  int64_t total = j.rows * j.inner, items = j.rows, grain = items;
  int chunks = 1;
  if (p->splittable || p->lanesSplittable) {
    /* a reduction's rows are its steps: only its lanes may be split */
    j.byElements = !p->splittable || j.rows < pt2eParallelThreads();
    items = j.byElements ? j.inner : j.rows;
    /* an item is a row (its elements) or an element */
    grain = j.byElements ? BlockGrainElements / j.rows + 1
                         : BlockGrainElements / j.inner + 1;
    if (total >= BlockGrainElements)
      chunks = pt2eParallelChunks(items, grain);
  }
  size_t lane = p->f32Rows ? sizeof(float) : sizeof(Pt2eScalar);
  bool ok = true;
  for (int c = 0; c < chunks && ok; c++)
    ok = (j.scratch[c] = pt2eAlloc((size_t)(nRegs ? nRegs : 1) * BlockLanes * lane)) != NULL;
  if (ok && chunks > 1)
    pt2eParallelFor(items, grain, runBlockChunk, &j); /* 'chunks' chunks */
  else if (ok)
    runBlockChunk(&j, 0, j.byElements ? j.inner : j.rows, 0);
  for (int c = 0; c < chunks; c++)
    pt2eFree(j.scratch[c]);
  return ok;
}

MlirLogicalResult pt2eLinalgRunLoops(Exec *ex, const Instr *in) {
  const LinalgPlan *p = in->data;
  Pt2eTensor *outs[PT2E_LINALG_MAX_OPERANDS];
  if (mlirLogicalResultIsFailure(initOutputs(ex, in, p->numIns, p->numOuts,
                                             p->overwrites, p, outs)))
    return mlirLogicalResultFailure();
  bool done = false;
  if (p->blockable && ex->interp->fastPaths)
    done = runBlocksParallel(p, ex->slots, in, outs);
  if (!done)
    runLoops(p, ex->slots, in, outs);
  for (int o = 0; o < p->numOuts; o++)
    ex->slots[in->results[o]].tensor = outs[o];
  return mlirLogicalResultSuccess();
}

/* {====================================================================
** Reading through broadcasts
** ===================================================================== */

/*
** An input of a loop-nest op (no kernel) that a pure broadcast produced is
** read from the broadcast's source instead, through the composed offsets:
** the same values in the same order, without writing and reading the
** broadcast (torch-mlir adds a linear's bias as broadcast + add: 8 MB
** written and read again per transformer FFN layer and batch). The
** broadcast, if nothing else reads it, then never runs (planDeadCode).
** True when an operand was rewired.
*/
static bool readThroughBroadcasts(CompileCtx *cc, Instr *in, LinalgPlan *p) {
  bool changed = false;
  for (int k = 0; k < p->numIns; k++) {
    int dimOf[PT2E_MAX_RANK], sr = 0;
    if (!p->isTensor[k])
      continue;
    MlirValue src = pt2eBroadcastSource(mlirOperationGetOperand(in->op, k), dimOf, &sr);
    int slot = mlirValueIsNull(src) ? -1 : cc->slotOf(cc, src);
    if (slot < 0)
      continue;
    const SlotInfo *si = &cc->program->slots[slot];
    const SlotInfo *bi = &cc->program->slots[in->operands[k]];
    bool fits = si->isTensor && si->rank == sr && si->type == bi->type &&
                bi->rank == p->exprCount[k];
    for (int s = 0; s < sr && fits; s++)
      fits = si->shape[s] == p->dimSize[k][dimOf[s]];
    if (!fits)
      continue;
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
    in->operands[k] = slot;
    changed = true;
  }
  return changed;
}

/* }==================================================================== */

MlirLogicalResult pt2eCompileLinalgStructured(CompileCtx *cc, Instr *in) {
  if (mlirOperationGetNumRegions(in->op) != 1)
    return pt2eEmitOpError(in->op, NULL, "expected one body region");
  LinalgPlan *p = buildPlan(cc, in);
  if (!p)
    return mlirLogicalResultFailure();
  in->data = p;
  in->freeData = pt2eLinalgPlanDestroy;
  in->exec = pt2eLinalgRunLoops;
  pt2eLinalgChooseKernel(cc, in, p); /* may replace 'exec' */
  if (in->exec == pt2eLinalgRunLoops && readThroughBroadcasts(cc, in, p))
    planBlocks(p); /* the rewired operands' strides */
  if (in->exec == pt2eLinalgRunLoops)
    pt2eLinalgChooseReduction(cc, in, p); /* may replace 'exec' */
  return mlirLogicalResultSuccess();
}
