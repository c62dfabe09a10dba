/*
** lower_int8_read.c
** Reading the Q/DQ model for pt2e-lower-int8 (lower_int8_read.h).
*/
#include "lower_int8_read.h"

#include <math.h>

#include "mlir-c/AffineExpr.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Quant.h"

#include "cmpf.h"
#include "constants.h"
#include "copy.h"
#include "ir_ops.h"
#include "pt2e_alloc.h"
#include "structured.h"

bool li8ReadQType(MlirType quantTensor, Li8QType *q) {
  MlirType e = mlirShapedTypeGetElementType(quantTensor);
  if (!mlirTypeIsAUniformQuantizedType(e) || !mlirQuantizedTypeIsSigned(e))
    return false;
  q->scale = mlirUniformQuantizedTypeGetScale(e);
  q->zp = mlirUniformQuantizedTypeGetZeroPoint(e);
  q->qmin = mlirQuantizedTypeGetStorageTypeMin(e);
  q->qmax = mlirQuantizedTypeGetStorageTypeMax(e);
  q->width = mlirQuantizedTypeGetStorageTypeIntegralWidth(e);
  return q->width == 8;
}

int li8RankOf(MlirValue v) { return (int)mlirShapedTypeGetRank(mlirValueGetType(v)); }

void li8ShapeOf(MlirValue v, int64_t *shape) {
  MlirType t = mlirValueGetType(v);
  for (int i = 0; i < li8RankOf(v); i++)
    shape[i] = mlirShapedTypeGetDimSize(t, i);
}

MlirType li8EltOf(MlirValue v) { return mlirShapedTypeGetElementType(mlirValueGetType(v)); }

/* The quantized value of float 'v' in 'q', clamped to storage. */
int64_t li8QuantBound(double v, const Li8QType *q) {
  if (v == -INFINITY)
    return q->qmin;
  if (v == INFINITY)
    return q->qmax;
  double r = nearbyint(v / q->scale) + (double)q->zp;
  return r < (double)q->qmin ? q->qmin : r > (double)q->qmax ? q->qmax : (int64_t)r;
}

/* Per-channel scales of a W8 for 'channels' output channels along 'axis'. */
double *li8WeightScales(Li8Lower *l, MlirOperation op, const Li8ValueInfo *w, int axis,
                        int64_t channels) {
  if (w->axis >= 0 && (w->axis != axis || w->nscales != channels)) {
    l->failed = true;
    pt2eEmitOpError(op, "pt2e-lower-int8",
                    "per-channel weight has %lld scales along its axis %d, which is not the "
                    "output-channel axis %d of %lld channels: no per-channel rescale matches it",
                    (long long)w->nscales, w->axis, axis, (long long)channels);
    return NULL;
  }
  double *s = pt2eAlloc(sizeof(double) * (size_t)channels);
  if (!s) {
    l->failed = true;
    return NULL;
  }
  for (int64_t c = 0; c < channels; c++)
    s[c] = w->scales[w->axis >= 0 ? c : 0];
  return s;
}

/* The bias a linalg init holds: fill(0) gives none (null, true), a
** broadcast (named or generic: passes/ir/copy.h) of a 1-D float constant
** along dim 'channelDim' gives it; else false. */
bool li8InitBias(MlirValue init, int channelDim, int64_t channels, MlirAttribute *bias) {
  *bias = mlirAttributeGetNull();
  MlirOperation p = pt2eOpProducer(init);
  double v;
  if (pt2eOpIs(p, "linalg.fill"))
    return pt2eConstScalar(mlirOperationGetOperand(p, 0), &v) && v == 0.0;
  /* linalg-generalize-named-ops' fill: a copying generic of a scalar */
  if (pt2eCopyIsGeneric(p) && !mlirTypeIsAShaped(mlirValueGetType(mlirOperationGetOperand(p, 0))))
    return pt2eConstScalar(mlirOperationGetOperand(p, 0), &v) && v == 0.0;
  int outDimOf[PT2E_MAX_RANK];
  if (pt2eCopyBroadcast(p, outDimOf) == 1 && outDimOf[0] == channelDim) {
    MlirAttribute a = pt2eConstElementsOf(mlirOperationGetOperand(p, 0));
    if (pt2eConstIsF32(a) && pt2eConstNumElements(a) == channels) {
      *bias = a;
      return true;
    }
  }
  return false;
}

bool li8StrideDilation(MlirOperation op, int64_t *stride, int64_t *dilation) {
  MlirAttribute s = pt2eOpAttr(op, "strides"), d = pt2eOpAttr(op, "dilations");
  for (int i = 0; i < 2; i++) {
    stride[i] = mlirAttributeIsNull(s) ? 1 : pt2eConstI64At(s, i);
    dilation[i] = mlirAttributeIsNull(d) ? 1 : pt2eConstI64At(d, i);
  }
  return true;
}

/* A float that is a scalar constant or a rank-0 constant input of 'op'. */
bool li8ConstOperand(MlirOperation op, MlirValue v, double *out) {
  int a = pt2eStructuredArgIndex(op, v);
  if (a >= 0) {
    MlirValue in = mlirOperationGetOperand(op, a);
    return li8RankOf(in) == 0 && pt2eConstScalar(in, out);
  }
  return pt2eConstScalar(v, out);
}

/*
** select(cmpf(p, a, b), a, b) with a the value and b a constant: a max
** (ogt, oge, ugt, uge) or a min (olt, ole, ult, ule) against the constant.
** Writes the tensor operand index and the clamp.
*/
bool li8MatchMinMax(MlirOperation op, int *input, double *lo, double *hi) {
  MlirOperation b[3];
  if (pt2eStructuredBodyOps(op, b, 3) != 2 || !pt2eOpIs(b[0], "arith.cmpf") ||
      !pt2eOpIs(b[1], "arith.select") ||
      !mlirValueEqual(pt2eStructuredYielded(op), mlirOperationGetResult(b[1], 0)) ||
      !mlirValueEqual(mlirOperationGetOperand(b[1], 0), mlirOperationGetResult(b[0], 0)))
    return false;
  MlirValue ca = mlirOperationGetOperand(b[0], 0), cb = mlirOperationGetOperand(b[0], 1);
  MlirValue sa = mlirOperationGetOperand(b[1], 1), sb = mlirOperationGetOperand(b[1], 2);
  if (!mlirValueEqual(ca, sa) || !mlirValueEqual(cb, sb))
    return false;
  int pred = pt2eCmpfOf(b[0]);
  bool isMax = pt2eCmpfIsGreater(pred), isMin = pt2eCmpfIsLess(pred);
  if (!isMax && !isMin)
    return false;
  double c;
  MlirValue v;
  if (li8ConstOperand(op, cb, &c) && pt2eStructuredArgIndex(op, ca) >= 0)
    v = ca;
  else if (li8ConstOperand(op, ca, &c) && pt2eStructuredArgIndex(op, cb) >= 0)
    v = cb;
  else
    return false;
  *input = pt2eStructuredArgIndex(op, v);
  if (!pt2eStructuredIsIdentity(op, *input))
    return false;
  *lo = isMax ? c : -INFINITY;
  *hi = isMax ? INFINITY : c;
  return true;
}

/*
** The bias a float operand of an addf holds, along the ACC's float channel
** dimension: a constant [C, 1, 1] read through (d0, d1, d2, d3) -> (d1, 0, 0),
** or a broadcast (named or generic) of a 1-D constant along that dimension.
** Null when it is neither.
*/
MlirAttribute li8BiasOperand(MlirOperation op, int input, int channelDim, int64_t channels) {
  MlirValue v = mlirOperationGetOperand(op, input);
  MlirAttribute c = pt2eConstElementsOf(v);
  MlirAffineMap m = pt2eStructuredMap(op, input);
  if (pt2eConstIsF32(c) && pt2eConstNumElements(c) == channels) {
    for (intptr_t r = 0; r < mlirAffineMapGetNumResults(m); r++) {
      MlirAffineExpr e = mlirAffineMapGetResult(m, r);
      if (mlirAffineExprIsADim(e) && mlirAffineDimExprGetPosition(e) == channelDim)
        return c;
    }
    return mlirAttributeGetNull();
  }
  MlirOperation p = pt2eOpProducer(v);
  int outDimOf[PT2E_MAX_RANK];
  if (!pt2eStructuredIsIdentity(op, input) || pt2eCopyBroadcast(p, outDimOf) != 1 ||
      outDimOf[0] != channelDim)
    return mlirAttributeGetNull();
  MlirAttribute src = pt2eConstElementsOf(mlirOperationGetOperand(p, 0));
  if (!pt2eConstIsF32(src) || pt2eConstNumElements(src) != channels)
    return mlirAttributeGetNull();
  return src;
}

MlirAttribute li8TosaBiasOperand(MlirValue v, MlirValue y, int channelDim, int64_t channels) {
  MlirAttribute c = pt2eConstElementsOf(v);
  int rank = li8RankOf(y);
  if (!pt2eConstIsF32(c) || pt2eConstNumElements(c) != channels || li8RankOf(v) != rank ||
      channelDim < 0 || channelDim >= rank)
    return mlirAttributeGetNull();
  int64_t vs[PT2E_MAX_RANK];
  li8ShapeOf(v, vs);
  for (int i = 0; i < rank; i++)
    if (vs[i] != (i == channelDim ? channels : 1))
      return mlirAttributeGetNull();
  return c;
}
