/*
** op_linalg_softmax.c
** linalg.softmax on f32 tensors: softmax along 'dimension'. It has no body
** region, so it is not a structured op for linalg_loops.c's executor, and
** MLIR's C API has no pass that decomposes it.
**
** Each line along the dimension is computed in four steps, as torch's CPU
** kernel and MLIR's own decomposition (SoftmaxOp::decomposeOperation) order
** them, every operation rounded to f32:
**   m   = max_k x[k]                (NaN propagates; -inf for an empty line)
**   e_k = expf(x[k] - m)            (written to the output)
**   s   = e_0 + e_1 + ... + e_n-1   (in increasing k, from 0)
**   y_k = e_k / s
** Subtracting the maximum keeps exp from overflowing. torch sums in vector
** lanes, uses a vectorized exp and multiplies by 1/s, so results agree with
** it to float rounding, not bit for bit.
*/
#include "ops.h"

#include <math.h>
#include <stdint.h>

#include "mlir-c/BuiltinAttributes.h"

#include "pt2e_support.h"

/* One line of 'n' elements 'stride' apart, from 'x' into 'y'. */
static void softmaxLine(const float *x, float *y, int64_t n, int64_t stride) {
  float m = -INFINITY;
  for (int64_t k = 0; k < n; k++) {
    float v = x[k * stride];
    if (isnan(v) || v > m) /* a NaN, once taken, stays: v > NaN is false */
      m = v;
  }
  float s = 0.0f;
  for (int64_t k = 0; k < n; k++) {
    float e = expf(x[k * stride] - m);
    y[k * stride] = e;
    s += e;
  }
  for (int64_t k = 0; k < n; k++)
    y[k * stride] = y[k * stride] / s;
}

static MlirLogicalResult execSoftmax(Exec *ex, const Instr *in) {
  const Pt2eTensor *x = ex->slots[in->operands[0]].tensor;
  int dim = (int)(intptr_t)in->data;
  Pt2eTensor *y = pt2eTensorCreate(Pt2eElemF32, x->rank, x->shape);
  if (!y)
    return pt2eInterpOutOfMemory(in->op);
  int64_t outer = 1, inner = 1, n = x->shape[dim];
  for (int d = 0; d < dim; d++)
    outer *= x->shape[d];
  for (int d = dim + 1; d < x->rank; d++)
    inner *= x->shape[d];
  const float *src = x->data;
  float *dst = y->data;
  for (int64_t o = 0; o < outer; o++)
    for (int64_t i = 0; i < inner; i++)
      softmaxLine(src + o * n * inner + i, dst + o * n * inner + i, n, inner);
  ex->slots[in->results[0]].tensor = y;
  return mlirLogicalResultSuccess();
}

MlirLogicalResult pt2eCompileLinalgSoftmax(CompileCtx *cc, Instr *in) {
  MlirOperation op = in->op;
  if (in->numOperands != 2 || in->numResults != 1)
    return pt2eEmitOpError(op, NULL, "expected one input, one output and one "
                           "result");
  const SlotInfo *x = &cc->program->slots[in->operands[0]];
  const SlotInfo *out = &cc->program->slots[in->operands[1]];
  const SlotInfo *res = &cc->program->slots[in->results[0]];
  if (!x->isTensor || x->type != Pt2eElemF32 || !res->isTensor ||
      res->type != Pt2eElemF32 || !out->isTensor || out->type != Pt2eElemF32)
    return pt2eEmitOpError(op, NULL, "the interpreter runs softmax on f32 "
                           "tensors only");
  bool sameShape = x->rank == res->rank && x->rank == out->rank;
  for (int d = 0; sameShape && d < x->rank; d++)
    sameShape = x->shape[d] == res->shape[d] && x->shape[d] == out->shape[d];
  if (!sameShape)
    return pt2eEmitOpError(op, NULL, "input, output and result must have one "
                           "shape");
  MlirAttribute dimension = mlirOperationGetAttributeByName(
      op, mlirStringRefCreateFromCString("dimension"));
  int64_t dim = mlirAttributeIsNull(dimension) || !mlirAttributeIsAInteger(dimension)
                    ? -1
                    : mlirIntegerAttrGetValueInt(dimension);
  if (dim < 0 || dim >= x->rank)
    return pt2eEmitOpError(op, NULL, "dimension %lld is outside the input's "
                           "rank %d", (long long)dim, x->rank);
  in->data = (void *)(intptr_t)dim;
  in->exec = execSoftmax;
  return mlirLogicalResultSuccess();
}
