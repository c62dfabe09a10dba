/*
** op_linalg_reduce.c
** Reductions along the innermost loop that torch-mlir writes as
** linalg.generic, on tight loops instead of the block path's lanes of
** Pt2eScalar: a sum (f32 or f64: softmax's denominator, a layer norm's mean
** and variance), an i1 and / or (softmax's all--inf guard), and the max with
** its argmax (aten.max.dim: maximumf, cmpf ogt and a select of
** linalg.index), whose two outputs the block path took through strided
** gathers of 8-byte lanes.
**
** The order is the loop nest's, by construction: every output is one chain
** over the reduction loop in increasing order, starting from its init,
** each step the body's scalar operation (no contraction: -ffp-contract=off).
** Rows are grouped only to run several independent chains at once, and the
** pool splits only the rows, so neither the group size nor the thread count
** touches an output's chain. The op must write distinct outputs at distinct
** points of its outer loops (LinalgPlan.lanesSplittable and every outer
** loop moving every output); other shapes keep the block path or the loop
** nest. Without fast paths the loop nest runs (the reference that
** test/ops/reduce-rows.test compares with bit for bit).
*/
#include "op_linalg.h"

#include <math.h>
#include <string.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include "cmpf.h"
#include "ir_ops.h"
#include "pt2e_parallel.h"

typedef enum ReduceKind {
  ReduceAddF32,
  ReduceAddF64,
  ReduceAndI1,
  ReduceOrI1,
  ReduceArgmaxF32 /* outputs: max (f32), its index (i64) */
} ReduceKind;

/* {====================================================================
** Matching the body
** ===================================================================== */

static bool isArg(MlirValue v, MlirBlock b, int k) {
  return mlirValueEqual(v, mlirBlockGetArgument(b, k));
}

/* The block's operations, up to 'max' of them, the terminator last. */
static int blockOps(MlirBlock b, MlirOperation *ops, int max) {
  int n = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (n == max)
      return max + 1;
    ops[n++] = op;
  }
  return n;
}

/* Body: %r = <name> %in, %out (either order); linalg.yield %r. */
static bool bodyIsBinary(MlirBlock b, const char *name) {
  MlirOperation ops[3];
  if (blockOps(b, ops, 2) != 2 || !pt2eOpIs(ops[0], name) || !pt2eOpIs(ops[1], "linalg.yield") ||
      mlirOperationGetNumOperands(ops[0]) != 2 || mlirOperationGetNumOperands(ops[1]) != 1 ||
      !mlirValueEqual(mlirOperationGetOperand(ops[1], 0), mlirOperationGetResult(ops[0], 0)))
    return false;
  MlirValue x = mlirOperationGetOperand(ops[0], 0), y = mlirOperationGetOperand(ops[0], 1);
  return (isArg(x, b, 0) && isArg(y, b, 1)) || (isArg(x, b, 1) && isArg(y, b, 0));
}

/* The op among ops[0..n) named 'name', or null. */
static MlirOperation findOp(MlirOperation *ops, int n, const char *name) {
  for (int i = 0; i < n; i++)
    if (pt2eOpIs(ops[i], name))
      return ops[i];
  return (MlirOperation){NULL};
}

/*
** torch-mlir's aten.max.dim body, args (%in, %max, %idx):
**   %i = linalg.index <last loop>; %ii = arith.index_cast %i to i64
**   %m = arith.maximumf %in, %max (either order)
**   %c = arith.cmpf ogt, %in, %max
**   %s = arith.select %c, %ii, %idx
**   linalg.yield %m, %s
*/
static bool bodyIsArgmax(MlirBlock b, int lastLoop) {
  MlirOperation ops[7];
  if (blockOps(b, ops, 6) != 6)
    return false;
  MlirOperation index = findOp(ops, 5, "linalg.index");
  MlirOperation cast = findOp(ops, 5, "arith.index_cast");
  MlirOperation max = findOp(ops, 5, "arith.maximumf");
  MlirOperation cmp = findOp(ops, 5, "arith.cmpf");
  MlirOperation sel = findOp(ops, 5, "arith.select");
  MlirOperation yield = ops[5];
  if (mlirOperationIsNull(index) || mlirOperationIsNull(cast) || mlirOperationIsNull(max) ||
      mlirOperationIsNull(cmp) || mlirOperationIsNull(sel) || !pt2eOpIs(yield, "linalg.yield") ||
      mlirOperationGetNumOperands(yield) != 2 || mlirOperationGetNumOperands(cast) != 1 ||
      mlirOperationGetNumOperands(max) != 2 || mlirOperationGetNumOperands(cmp) != 2 ||
      mlirOperationGetNumOperands(sel) != 3)
    return false;
  MlirAttribute dim = pt2eOpAttr(index, "dim");
  if (mlirAttributeIsNull(dim) || !mlirAttributeIsAInteger(dim) ||
      mlirIntegerAttrGetValueInt(dim) != lastLoop || pt2eCmpfOf(cmp) != PT2E_CMPF_OGT)
    return false;
  MlirType castTo = mlirValueGetType(mlirOperationGetResult(cast, 0));
  MlirValue mx = mlirOperationGetOperand(max, 0), my = mlirOperationGetOperand(max, 1);
  return mlirValueEqual(mlirOperationGetOperand(cast, 0), mlirOperationGetResult(index, 0)) &&
         mlirTypeIsAInteger(castTo) && mlirIntegerTypeGetWidth(castTo) == 64 &&
         ((isArg(mx, b, 0) && isArg(my, b, 1)) || (isArg(mx, b, 1) && isArg(my, b, 0))) &&
         isArg(mlirOperationGetOperand(cmp, 0), b, 0) &&
         isArg(mlirOperationGetOperand(cmp, 1), b, 1) &&
         mlirValueEqual(mlirOperationGetOperand(sel, 0), mlirOperationGetResult(cmp, 0)) &&
         mlirValueEqual(mlirOperationGetOperand(sel, 1), mlirOperationGetResult(cast, 0)) &&
         isArg(mlirOperationGetOperand(sel, 2), b, 2) &&
         mlirValueEqual(mlirOperationGetOperand(yield, 0), mlirOperationGetResult(max, 0)) &&
         mlirValueEqual(mlirOperationGetOperand(yield, 1), mlirOperationGetResult(sel, 0));
}

/* }==================================================================== */

/* {====================================================================
** The rows
** ===================================================================== */

/* Rows run in groups of this many chains at once (the latency of one
** chain's add or compare would otherwise bound the loop). */
enum { Group = 8 };

typedef struct ReduceJob {
  const LinalgPlan *p;
  ReduceKind kind;
  const Pt2eTensor *x;
  Pt2eTensor *outs[2];
  int64_t steps; /* the reduction loop's trip count */
} ReduceJob;

/* Operand k's offset at outer point 'row' (loops 0 .. numLoops-2). */
static int64_t rowOffset(const LinalgPlan *p, int k, int64_t row) {
  int64_t off = p->base[k];
  for (int d = p->numLoops - 2; d >= 0; d--) {
    off += row % p->size[d] * p->coef[k][d];
    row /= p->size[d];
  }
  return off;
}

/* IEEE 754-2019 maximum, as the scalar program's maximumf: NaN wins (the
** default NaN), -0 < +0. */
static inline float maximumF32(float x, float y) {
  return (x != x || y != y) ? NAN : x == y ? (signbit(x) ? y : x) : (x > y ? x : y);
}

#define GROUP_LOOP(T, step, ...)                                               \
  for (int64_t k = 0; k < steps; k++)                                          \
    for (int g = 0; g < n; g++) {                                              \
      T v = src[g][k * (step)];                                                \
      __VA_ARGS__;                                                             \
    }

/* The helpers below are always inlined: reduceGroup is called with
** n == Group (a constant, so that the chains' accumulators stay in
** registers) and with the remainder. */
#define GROUP_INLINE __attribute__((always_inline)) static inline

/* Rows r0 .. r0+n-1's offsets: input, output, and the argmax's indices. */
GROUP_INLINE void groupOffsets(const ReduceJob *j, int64_t r0, int n,
                               int64_t *xo, int64_t *oo, int64_t *io) {
  for (int g = 0; g < n; g++) {
    xo[g] = rowOffset(j->p, 0, r0 + g);
    oo[g] = rowOffset(j->p, 1, r0 + g);
    io[g] = j->kind == ReduceArgmaxF32 ? rowOffset(j->p, 2, r0 + g) : 0;
  }
}

GROUP_INLINE void groupAddF32(const ReduceJob *j, int n, int64_t steps, int64_t xs,
                              const int64_t *xo, const int64_t *oo) {
  const float *src[Group];
  float acc[Group];
  float *out = j->outs[0]->data;
  for (int g = 0; g < n; g++) {
    src[g] = (const float *)j->x->data + xo[g];
    acc[g] = out[oo[g]];
  }
  GROUP_LOOP(float, xs, acc[g] = v + acc[g])
  for (int g = 0; g < n; g++)
    out[oo[g]] = acc[g];
}

GROUP_INLINE void groupAddF64(const ReduceJob *j, int n, int64_t steps, int64_t xs,
                              const int64_t *xo, const int64_t *oo) {
  const double *src[Group];
  double acc[Group];
  double *out = j->outs[0]->data;
  for (int g = 0; g < n; g++) {
    src[g] = (const double *)j->x->data + xo[g];
    acc[g] = out[oo[g]];
  }
  GROUP_LOOP(double, xs, acc[g] = v + acc[g])
  for (int g = 0; g < n; g++)
    out[oo[g]] = acc[g];
}

/* and / or on bytes of 0 / 1, as the scalar program holds i1 */
GROUP_INLINE void groupLogicI1(const ReduceJob *j, int n, int64_t steps, int64_t xs,
                               const int64_t *xo, const int64_t *oo) {
  const uint8_t *src[Group];
  unsigned acc[Group];
  uint8_t *out = j->outs[0]->data;
  for (int g = 0; g < n; g++) {
    src[g] = (const uint8_t *)j->x->data + xo[g];
    acc[g] = out[oo[g]] & 1u;
  }
  if (j->kind == ReduceAndI1) {
    GROUP_LOOP(uint8_t, xs, acc[g] &= v & 1u)
  } else {
    GROUP_LOOP(uint8_t, xs, acc[g] |= v & 1u)
  }
  for (int g = 0; g < n; g++)
    out[oo[g]] = (uint8_t)acc[g];
}

GROUP_INLINE void groupArgmaxF32(const ReduceJob *j, int n, int64_t steps, int64_t xs,
                                 const int64_t *xo, const int64_t *oo,
                                 const int64_t *io) {
  const float *src[Group];
  float m[Group];
  int64_t id[Group];
  float *outM = j->outs[0]->data;
  int64_t *outI = j->outs[1]->data;
  for (int g = 0; g < n; g++) {
    src[g] = (const float *)j->x->data + xo[g];
    m[g] = outM[oo[g]];
    id[g] = outI[io[g]];
  }
  /* the body's order: the compare and the maximum both read the old
  ** maximum; cmpf ogt is false when unordered, as C's > */
  GROUP_LOOP(float, xs, id[g] = v > m[g] ? k : id[g]; m[g] = maximumF32(v, m[g]))
  for (int g = 0; g < n; g++) {
    outM[oo[g]] = m[g];
    outI[io[g]] = id[g];
  }
}

/* Rows r0 .. r0+n-1, each its own chain. */
GROUP_INLINE void reduceGroup(const ReduceJob *j, int64_t r0, int n) {
  const LinalgPlan *p = j->p;
  int64_t steps = j->steps, xs = p->coef[0][p->numLoops - 1];
  int64_t xo[Group], oo[Group], io[Group];
  groupOffsets(j, r0, n, xo, oo, io);
  switch (j->kind) {
  case ReduceAddF32: groupAddF32(j, n, steps, xs, xo, oo); break;
  case ReduceAddF64: groupAddF64(j, n, steps, xs, xo, oo); break;
  case ReduceAndI1:
  case ReduceOrI1: groupLogicI1(j, n, steps, xs, xo, oo); break;
  case ReduceArgmaxF32: groupArgmaxF32(j, n, steps, xs, xo, oo, io); break;
  }
}

static void reduceRows(void *ctx, int64_t begin, int64_t end, int worker) {
  (void)worker;
  const ReduceJob *j = ctx;
  int64_t r0 = begin;
  for (; r0 + Group <= end; r0 += Group)
    reduceGroup(j, r0, Group);
  if (r0 < end)
    reduceGroup(j, r0, (int)(end - r0));
}

/* Rows below which the pool is not woken (elements per chunk). */
enum { ReduceGrainElements = 1 << 15 };

static MlirLogicalResult execReduce(Exec *ex, const Instr *in, ReduceKind kind) {
  const LinalgPlan *p = in->data;
  if (!ex->interp->fastPaths)
    return pt2eLinalgRunLoops(ex, in);
  ReduceJob j = {p, kind, ex->slots[in->operands[0]].tensor, {NULL, NULL},
                 p->size[p->numLoops - 1]};
  if (mlirLogicalResultIsFailure(
          pt2eLinalgInitOutputs(ex, in, p->numIns, p->numOuts, j.outs)))
    return mlirLogicalResultFailure();
  int64_t rows = 1;
  for (int d = 0; d < p->numLoops - 1; d++)
    rows *= p->size[d];
  if (rows > 0 && j.steps > 0)
    pt2eParallelFor(rows, ReduceGrainElements / j.steps + 1, reduceRows, &j);
  for (int o = 0; o < p->numOuts; o++)
    ex->slots[in->results[o]].tensor = j.outs[o];
  return mlirLogicalResultSuccess();
}

#define EXEC_KIND(fn, kind)                                                    \
  static MlirLogicalResult fn(Exec *ex, const Instr *in) {                     \
    return execReduce(ex, in, kind);                                           \
  }
EXEC_KIND(execAddF32, ReduceAddF32)
EXEC_KIND(execAddF64, ReduceAddF64)
EXEC_KIND(execAndI1, ReduceAndI1)
EXEC_KIND(execOrI1, ReduceOrI1)
EXEC_KIND(execArgmaxF32, ReduceArgmaxF32)

/* }==================================================================== */

/*
** The shape every kind needs: tensor operands, the last loop a reduction
** (no output moves along it) and every other loop moving every output (or
** of size 1), distinct outputs at distinct outer points.
*/
static bool reducesInnermost(const LinalgPlan *p) {
  int L = p->numLoops;
  if (L < 1 || !p->lanesSplittable || p->size[L - 1] < 1)
    return false;
  for (int k = 0; k < p->numIns + p->numOuts; k++)
    if (!p->isTensor[k])
      return false;
  for (int o = 0; o < p->numOuts; o++) {
    int k = p->numIns + o;
    if (p->coef[k][L - 1] != 0)
      return false;
    for (int d = 0; d < L - 1; d++)
      if (p->size[d] > 1 && p->coef[k][d] == 0)
        return false;
  }
  return true;
}

/* The tight loop of the reduction the op's body is, or NULL. */
static ExecFn reductionOf(const CompileCtx *cc, const Instr *in, const LinalgPlan *p) {
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(in->op, 0));
  Pt2eElemType x = cc->program->slots[in->operands[0]].type;
  Pt2eElemType y = cc->program->slots[in->operands[1]].type;
  if (p->numOuts == 1 && x == y) {
    if (x == Pt2eElemF32 && bodyIsBinary(b, "arith.addf"))
      return execAddF32;
    if (x == Pt2eElemF64 && bodyIsBinary(b, "arith.addf"))
      return execAddF64;
    if (x == Pt2eElemI1 && bodyIsBinary(b, "arith.andi"))
      return execAndI1;
    if (x == Pt2eElemI1 && bodyIsBinary(b, "arith.ori"))
      return execOrI1;
    return NULL;
  }
  if (p->numOuts == 2 && x == Pt2eElemF32 && y == Pt2eElemF32 &&
      cc->program->slots[in->operands[2]].type == Pt2eElemI64 &&
      bodyIsArgmax(b, p->numLoops - 1))
    return execArgmaxF32;
  return NULL;
}

/* pt2eLinalgChooseReduction (op_linalg.h) */
bool pt2eLinalgChooseReduction(CompileCtx *cc, Instr *in, LinalgPlan *p) {
  if (!pt2eOpIs(in->op, "linalg.generic") ||
      p->numIns != 1 || p->numBodyArgs != 1 + p->numOuts || !reducesInnermost(p))
    return false;
  ExecFn fn = reductionOf(cc, in, p);
  if (fn)
    in->exec = fn;
  return fn != NULL;
}
