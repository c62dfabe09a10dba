/*
** linalg_loops.c
** The executor of every linalg structured op (linalg_loops.h), which the
** kernels fall back to: the outputs initialised from the inits (taken
** over, copied, or written into a dying input), then the loop nest over the
** plan's iteration domain, or its block paths.
**
** The loop nest walks the iteration domain in row-major order and keeps
** every operand's offset up to date by adding per-dimension steps, so
** reductions accumulate in the output in loop order. The block paths run
** the merged loops as rows of lanes, each body instruction once per block
** (on Pt2eScalar lanes, or on plain float rows), split over the pool when
** every output element is written by one point: each element still sees
** the same operations in the same order as in the loop nest.
*/
#include "linalg_loops.h"

#include <stdlib.h>
#include <string.h>

#include "pt2e_parallel.h"
#include "pt2e_support.h"

/* {====================================================================
** Outputs: result tensors start as the output operands' values. An init
** tensor whose last use is this op and that nobody else holds is taken
** over instead of copied.
** ===================================================================== */

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

/* True when this op is the last to read the init that is its operand k,
** and reads it as that operand only. */
static bool lastReadOfInit(const Instr *in, int k) {
  int slot = in->operands[k];
  bool last = false;
  for (int j = 0; j < in->numRelease; j++)
    last |= in->release[j] == slot;
  for (int j = 0; j < in->numOperands; j++)
    if (j != k && in->operands[j] == slot)
      last = false; /* also read as another operand */
  return last;
}

/* pt2eLinalgInitOutputs; 'overwrites' (or NULL) says which outputs the op
** writes whole without reading their init: those need no copy of it, and
** may be written into an input (inPlaceInput, with the plan 'p'). */
static MlirLogicalResult initOutputs(Exec *ex, const Instr *in, int numIns,
                                     int numOuts, const bool *overwrites,
                                     const LinalgPlan *p, Pt2eTensor **outs) {
  for (int o = 0; o < numOuts; o++) {
    Pt2eTensor *init = ex->slots[in->operands[numIns + o]].tensor;
    bool last = lastReadOfInit(in, numIns + o);
    /* an input that dies here comes first, even when the init dies too:
    ** its lines are in cache (the op reads them), where an init the op
    ** only overwrites (an empty) would be written cold, and may be memory
    ** nothing has touched yet (torch-mlir's relu after a convolution wrote
    ** 26 MB of fresh pages on ResNet-18's first batch, where the bias add
    ** before it ran in place: bench/README.md, the fourth round) */
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

/* }==================================================================== */

/* {====================================================================
** The loop nest
** ===================================================================== */

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
  pt2eScalarProgramResetAsserts(p->body, regs);
}

/* The loop nest over the plan's iteration domain; fails when a cf.assert
** of the body failed (reported at it). */
static MlirLogicalResult runLoops(const LinalgPlan *p, const Slot *slots, const Instr *in,
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
    return pt2eInterpOutOfMemory(in->op);
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
done:;
  MlirLogicalResult asserted = pt2eScalarProgramCheckAsserts(p->body, regs);
  if (regs != regsBuf)
    pt2eFree(regs);
  return asserted;
}

/* }==================================================================== */

/* {====================================================================
** The block paths
** ===================================================================== */

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
** Where an f32 block run starts: each operand's tensor, float data and
** first offset, and a row of 'scratch' for every register, those of the
** registers the same in every lane (scalars, captures) filled once.
*/
static void startRowsF32(const LinalgPlan *p, const Slot *slots, const Instr *in,
                         Pt2eTensor **outs, float *scratch, const Pt2eTensor **t,
                         float **base, int64_t *off, const float **rows) {
  int nRegs = pt2eScalarProgramNumRegs(p->body);
  Pt2eScalar one[64];
  startOperands(p, slots, in, outs, t, off, one);
  for (int k = 0; k < p->numIns + p->numOuts; k++)
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
}

/* One contiguous output that the body's last instruction defines: that
** instruction may write the output row itself. */
static bool directOutputF32(const LinalgPlan *p) {
  int L = p->numMerged;
  return p->numOuts == 1 && p->mergedCoef[p->numIns][L - 1] == 1 &&
         pt2eScalarProgramLastReg(p->body) >= 0 &&
         pt2eScalarProgramLastReg(p->body) == pt2eScalarProgramYieldReg(p->body, 0);
}

/* The input a body only yields, broadcast along the innermost loop (a
** bias into a convolution's init), or -1: each output row is one value. */
static int fillSourceF32(const LinalgPlan *p) {
  int L = p->numMerged;
  if (p->numOuts != 1 || p->mergedCoef[p->numIns][L - 1] != 1 ||
      pt2eScalarProgramLastReg(p->body) >= 0)
    return -1;
  int y = pt2eScalarProgramYieldReg(p->body, 0);
  return y < p->numIns && p->isTensor[y] && p->mergedCoef[y][L - 1] == 0 ? y : -1;
}

/* The rows of such a body: each the value of input 'from' at its start. */
static void fillRowsF32(const LinalgPlan *p, float *const *base, int from,
                        BlockRange r, int64_t *idx, int64_t *off) {
  int numOperands = p->numIns + p->numOuts, L = p->numMerged;
  for (int64_t line = r.row0; line < r.row1; line++) {
    float v = base[from][off[from]], *dst = base[p->numIns] + off[p->numIns];
    for (int64_t i = r.i0; i < r.i1; i++)
      dst[i] = v;
    if (line + 1 < r.row1)
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
  int numOperands = p->numIns + p->numOuts, L = p->numMerged;
  const float *rows[64];
  const Pt2eTensor *t[PT2E_LINALG_MAX_OPERANDS];
  float *base[PT2E_LINALG_MAX_OPERANDS];
  int64_t idx[PT2E_LINALG_MAX_LOOPS] = {0}, off[PT2E_LINALG_MAX_OPERANDS];
  startRowsF32(p, slots, in, outs, scratch, t, base, off, rows);
  rowOffsets(p, r.row0, idx, off);
  int fillFrom = fillSourceF32(p);
  if (fillFrom >= 0) {
    fillRowsF32(p, base, fillFrom, r, idx, off);
    return;
  }
  bool direct = directOutputF32(p);
  /* an operand broadcast along the innermost loop (a rank-0 bound of a
  ** relu6, a per-channel scale) is one value per row: its scratch row is
  ** filled when that value's address changes, not on every block */
  const void *broadcastFrom[PT2E_LINALG_MAX_OPERANDS] = {NULL};
  for (int64_t line = r.row0; line < r.row1; line++) {
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
  MlirLogicalResult ran = done ? mlirLogicalResultSuccess() : runLoops(p, ex->slots, in, outs);
  for (int o = 0; o < p->numOuts; o++)
    ex->slots[in->results[o]].tensor = outs[o];
  return ran;
}

/* }==================================================================== */
