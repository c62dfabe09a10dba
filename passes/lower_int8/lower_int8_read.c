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
#include "match.h"
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

/*
** The f32 constant of 'channels' values that the broadcast 'p' lays along
** its result's dim 'channelDim' (pt2eCopyChannelSource), read through
** reshapes (StableHLO's expand_shape of a 1-D one to [c, 1, 1]). Null
** otherwise.
*/
static MlirAttribute channelBroadcastConst(MlirOperation p, int channelDim, int64_t channels) {
  MlirValue src = pt2eCopyChannelSource(p, channelDim, channels);
  if (mlirValueIsNull(src))
    return mlirAttributeGetNull();
  for (int depth = 0; depth < 4; depth++) {
    MlirOperation q = pt2eOpProducer(src);
    if (!pt2eOpIs(q, "tensor.expand_shape") && !pt2eOpIs(q, "tensor.collapse_shape"))
      break;
    src = mlirOperationGetOperand(q, 0);
  }
  MlirAttribute a = pt2eConstElementsOf(src);
  if (!pt2eConstIsF32(a) || pt2eConstNumElements(a) != channels)
    return mlirAttributeGetNull();
  return a;
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
  *bias = channelBroadcastConst(p, channelDim, channels);
  return !mlirAttributeIsNull(*bias);
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
  if (!pt2eStructuredIsIdentity(op, input))
    return mlirAttributeGetNull();
  return channelBroadcastConst(pt2eOpProducer(li8SkipUnitScale(v)), channelDim, channels);
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

/* The operand of the elementwise generic 'op' that it multiplies by a
** splat 1.0, or -1. */
static int unitScaledOperand(MlirOperation op) {
  MlirOperation b[2];
  if (!pt2eOpIs(op, "linalg.generic") || mlirOperationGetNumOperands(op) != 3 ||
      mlirOperationGetNumResults(op) != 1 || pt2eStructuredBodyOps(op, b, 2) != 1 ||
      !pt2eOpIs(b[0], "arith.mulf") || !pt2eStructuredIsIdentity(op, 0) ||
      !pt2eStructuredIsIdentity(op, 1) || !pt2eStructuredIsIdentity(op, 2))
    return -1;
  int a0 = pt2eStructuredArgIndex(op, mlirOperationGetOperand(b[0], 0));
  int a1 = pt2eStructuredArgIndex(op, mlirOperationGetOperand(b[0], 1));
  if (a0 < 0 || a1 < 0 || a0 > 1 || a1 > 1 || a0 == a1)
    return -1;
  double one;
  for (int k = 0; k < 2; k++)
    if (pt2eMatchSplat(mlirOperationGetOperand(op, 1 - k), &one) && one == 1.0)
      return k;
  return -1;
}

MlirValue li8SkipUnitScale(MlirValue v) {
  MlirOperation p = pt2eOpProducer(v);
  int k = unitScaledOperand(p);
  return k < 0 ? v : mlirOperationGetOperand(p, k);
}
