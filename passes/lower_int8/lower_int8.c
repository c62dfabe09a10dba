/*
** lower_int8.c
** pt2e-lower-int8{target=tosa}: the Q/DQ model pt2e-convert writes
** (float ops between quant.dcast and quant.qcast, PT2E's reference form)
** becomes TOSA 1.0 integer ops on i8 with i32 accumulation, requantized with
** tosa.rescale (docs/lower-int8.md).
**
**   %x  = quant.dcast %q                 %xi = (i8 of %q)
**   %w  = quant.dcast (scast %cst_i8)    %c  = tosa.conv2d %xi, %w_ohwi, %bias_i32,
**   %y  = linalg.conv_2d_nchw_fchw ...         %x_zp, %w_zp {acc_type = i32}
**   %r  = relu %y                  ->    %o  = tosa.rescale %c, %mult, %shift, 0, %out_zp
**   %q2 = quant.qcast %r                 %o2 = tosa.clamp %o {min = out_zp}
**
** The pass walks each function once, in order, and gives every float value
** it can an integer form (Li8ValueInfo): Q8, the value is dequant(i8 tensor)
** per tensor; W8, a constant weight dequant(i8 constant) per channel; ACC,
** the value is (i32 tensor) * scale per channel, not yet requantized,
** held channel-last with the permutation and shape that give the float's
** layout; POOLSUM, a sum over H and W of a Q8 waiting for its division.
** New ops are inserted before the op they replace and the originals are left
** alone, so an op the pass does not know keeps reading its float operands:
** it stays in Q/DQ form. At the end every quant.qcast whose value was
** computed in integers is replaced by a quant.scast of that integer, and the
** float ops nobody reads any more are erased. Function arguments keep their
** quant.qcast (which becomes the model's input quantization) and results
** their quant.dcast.
**
** Bad input (a rescale scale with no 32-bit multiplier and shift in TOSA's
** shift range, a zero point outside its storage range, a per-channel weight
** whose scales do not run along the output channels) is an error at the op;
** every op the pass created is then erased, so the IR is as it was. A
** summary line on stderr says what was lowered and what was left.
**
** This file holds the options, the walk and its report, and one lowering
** per op (the table 'lowerings' is the one place an op is given one). The
** walk's state and the value map are in lower_int8_state.c, the reading
** of the model in lower_int8_read.c, the TOSA builders and requantization
** in lower_int8_tosa.c; each of those calls only the ones before it.
*/
#include "pt2e_passes.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Linalg.h"
#include "mlir-c/Dialect/Quant.h"
#include "mlir-c/Dialect/Tosa.h"
#include "mlir-c/IR.h"

#include "constants.h"
#include "copy.h"
#include "ir_ops.h"
#include "lower_int8_read.h"
#include "lower_int8_state.h"
#include "lower_int8_tosa.h"
#include "match.h"
#include "coverage.h"
#include "pt2e_alloc.h"
#include "pt2e_support.h"
#include "qparams.h"
#include "requantize.h"
#include "structured.h"

enum { OptTarget, OptRescale, OptInterface, OptStrict, NumOptions };

static const Pt2eOptionDecl lowerInt8Options[NumOptions] = {
    [OptTarget] = {"target", Pt2eOptionString, "integer dialect to lower to (only 'tosa')",
                   "tosa", false},
    [OptRescale] = {"rescale", Pt2eOptionString,
                    "tosa: tosa.rescale with TOSA's 32-bit multiplier and shift "
                    "(SINGLE_ROUND); float: PyTorch's float requantize "
                    "(round(acc * scale) + zp, half to even) written in TOSA float ops, "
                    "to count where the two differ",
                    "tosa", false},
    [OptInterface] = {"interface", Pt2eOptionString,
                      "float: the function keeps its float arguments and results (quant.qcast "
                      "in, quant.dcast out); int8: they become the i8 tensors, so the function "
                      "is TOSA alone (its qparams printed in the summary)",
                      "float", false},
    [OptStrict] = {"strict", Pt2eOptionBool,
                   "fail on the first float compute op left after the lowering (a conv, "
                   "linear, add... not lowered to int8, or never quantized), naming it and "
                   "the reason",
                   "false", false},
};

enum { UConv, UDepthwise, UMatmul, UAdd, UMul, UPool, ULayout, URequant };
static const char *const unitNames[] = {"conv2d", "depthwise_conv2d", "matmul", "add",
                                        "mul", "pool", "layout", "rescale"};

/* Notes a lowered unit of kind 'kind' whose integer result is 'out'; the
** walk failed when out of memory. */
static void countUnit(Li8Lower *l, int kind, MlirValue out) {
  Li8Unit u = {pt2eOpProducer(out), kind};
  if (!PT2E_PUSH(l->units, u))
    l->failed = true;
}

/*
** {======================================================================
** Quant casts
** =======================================================================
*/

/* Records 'info' for 'v' (li8SetInfo); failure when out of memory. */
static MlirLogicalResult record(Li8Lower *l, MlirValue v, const Li8ValueInfo *info) {
  return li8SetInfo(l, v, info) ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

/* Gives 'yi', a copy of 'xi', scales of its own (the map owns each info's);
** false, the walk failed, when out of memory. */
static bool ownScales(Li8Lower *l, Li8ValueInfo *yi, const Li8ValueInfo *xi) {
  yi->scales = pt2eAlloc(sizeof(double) * (size_t)xi->nscales);
  if (!yi->scales) {
    l->failed = true;
    return false;
  }
  memcpy(yi->scales, xi->scales, sizeof(double) * (size_t)xi->nscales);
  return true;
}

/* The zero point of 'q' in its storage range; else an error at 'op'. */
static MlirLogicalResult checkZp(Li8Lower *l, MlirOperation op, const Li8QType *q) {
  if (q->zp < q->qmin || q->zp > q->qmax) {
    l->failed = true;
    return pt2eEmitOpError(op, "pt2e-lower-int8",
                           "zero point %lld outside the storage range [%lld, %lld]",
                           (long long)q->zp, (long long)q->qmin, (long long)q->qmax);
  }
  return mlirLogicalResultSuccess();
}

/* The i8 of the Q8 'in' in the qparams 'out': the same i8 when they agree,
** else an i8 -> i8 rescale. */
static MlirValue requantizeQ8(Li8Lower *l, MlirOperation op, const Li8ValueInfo *in,
                              const Li8QType *out) {
  if (in->scale == out->scale && in->zp == out->zp)
    return in->ival;
  double s = in->scale / out->scale;
  MlirValue r = li8Requantize(l, op, in->ival, in->zp, &s, 1, out, out->qmin, out->qmax);
  countUnit(l, URequant, r);
  return r;
}

/*
** The i8 of the ACC 'in' requantized to 'out' per channel, with the clamps
** it collected, then in the layout and shape of the float 'x' it stands
** for. A null value, the walk failed, when out of memory.
*/
static MlirValue requantizeAcc(Li8Lower *l, MlirOperation op, MlirValue x, const Li8ValueInfo *in,
                               const Li8QType *out) {
  MlirLocation loc = mlirOperationGetLocation(op);
  int64_t lo = li8QuantBound(in->lo, out), hi = li8QuantBound(in->hi, out);
  double *s = pt2eAlloc(sizeof(double) * (size_t)in->nscales);
  if (!s) {
    l->failed = true;
    return (MlirValue){NULL};
  }
  for (int64_t c = 0; c < in->nscales; c++)
    s[c] = in->scales[c] / out->scale;
  MlirValue r = li8Requantize(l, op, in->ival, 0, s, in->nscales, out, lo, hi);
  pt2eFree(s);
  r = li8Transpose(l, loc, r, in->accRank, in->perm);
  int64_t fshape[PT2E_MAX_RANK];
  li8ShapeOf(x, fshape);
  return li8Reshape(l, loc, r, li8RankOf(x), fshape);
}

/* The i8 of the qcast 'op' of a float (the model's input, or a value left
** in float): a quant.scast of its result to storage, made after it. */
static MlirValue storageOf(Li8Lower *l, MlirOperation op, MlirValue q) {
  MlirOperation saved = l->anchor;
  l->anchor = mlirOperationGetNextInBlock(op);
  int64_t shape[PT2E_MAX_RANK];
  li8ShapeOf(q, shape);
  MlirType i8 = li8TensorOf(li8RankOf(q), shape, li8IntType(l, 8));
  MlirValue v = li8Build(l, mlirOperationGetLocation(op), "quant.scast", 1, &q, i8, 0, NULL);
  l->anchor = saved;
  return v;
}

/*
** quant.qcast to a per-tensor i8: requantize an integer value (its qcast
** is replaced at the end, rewriteQCasts), or quantize a float input.
*/
static MlirLogicalResult lowerQCast(Li8Lower *l, MlirOperation op) {
  MlirValue x = mlirOperationGetOperand(op, 0), q = mlirOperationGetResult(op, 0);
  Li8QType out;
  if (!li8ReadQType(mlirValueGetType(q), &out))
    return mlirLogicalResultSuccess(); /* not a per-tensor int8: left as is */
  if (mlirLogicalResultIsFailure(checkZp(l, op, &out)))
    return mlirLogicalResultFailure();
  Li8ValueInfo *in = li8InfoOf(l, x);
  Li8ValueInfo qi = {0};
  qi.kind = Li8KindQ8;
  qi.scale = out.scale;
  qi.zp = out.zp;
  if (!in || (in->kind != Li8KindQ8 && in->kind != Li8KindAcc)) {
    qi.ival = storageOf(l, op, q);
    return record(l, q, &qi);
  }
  qi.ival = in->kind == Li8KindQ8 ? requantizeQ8(l, op, in, &out)
                                  : requantizeAcc(l, op, x, in, &out);
  if (l->failed)
    return mlirLogicalResultFailure();
  if (!PT2E_PUSH(l->loweredQ, op) || !PT2E_PUSH(l->loweredQVal, qi.ival))
    return l->failed = true, mlirLogicalResultFailure();
  return record(l, q, &qi);
}

/*
** The scales of a W8 of quantized element type 'qt' into 'w': per axis
** (w->axis its dimension) or per tensor (w->axis -1, expanded when a
** channel count is known). w->scales stays null when 'qt' is neither, or a
** zero point is not 0 (TOSA's weight_zp is one number); failure, the walk
** failed, only when out of memory.
*/
static MlirLogicalResult weightScales(Li8Lower *l, MlirType qt, Li8ValueInfo *w) {
  if (mlirTypeIsAUniformQuantizedPerAxisType(qt)) {
    w->axis = (int)mlirUniformQuantizedPerAxisTypeGetQuantizedDimension(qt);
    w->nscales = mlirUniformQuantizedPerAxisTypeGetNumDims(qt);
    for (intptr_t i = 0; i < w->nscales; i++)
      if (mlirUniformQuantizedPerAxisTypeGetZeroPoint(qt, i) != 0)
        return mlirLogicalResultSuccess();
    w->scales = pt2eAlloc(sizeof(double) * (size_t)w->nscales);
    if (!w->scales)
      return l->failed = true, mlirLogicalResultFailure();
    for (intptr_t i = 0; i < w->nscales; i++)
      w->scales[i] = mlirUniformQuantizedPerAxisTypeGetScale(qt, i);
  } else if (mlirTypeIsAUniformQuantizedType(qt)) {
    if (mlirUniformQuantizedTypeGetZeroPoint(qt) != 0)
      return mlirLogicalResultSuccess();
    w->axis = -1;
    w->nscales = 1;
    w->scales = pt2eAlloc(sizeof(double));
    if (!w->scales)
      return l->failed = true, mlirLogicalResultFailure();
    w->scales[0] = mlirUniformQuantizedTypeGetScale(qt);
  }
  return mlirLogicalResultSuccess();
}

/* quant.dcast: of a Q8 value (Q8), or of a constant i8 weight (W8). */
static MlirLogicalResult lowerDCast(Li8Lower *l, MlirOperation op) {
  MlirValue q = mlirOperationGetOperand(op, 0), d = mlirOperationGetResult(op, 0);
  Li8ValueInfo *qi = li8InfoOf(l, q);
  if (qi && qi->kind == Li8KindQ8) {
    Li8ValueInfo di = *qi;
    return record(l, d, &di);
  }
  MlirOperation sc = pt2eOpProducer(q);
  if (!pt2eOpIs(sc, "quant.scast"))
    return mlirLogicalResultSuccess();
  MlirAttribute data = pt2eConstElementsOf(mlirOperationGetOperand(sc, 0));
  MlirType qt = mlirShapedTypeGetElementType(mlirValueGetType(q));
  if (mlirAttributeIsNull(data) || !mlirAttributeIsADenseElements(data) ||
      mlirQuantizedTypeGetStorageTypeIntegralWidth(qt) != 8 || !mlirQuantizedTypeIsSigned(qt))
    return mlirLogicalResultSuccess();
  Li8ValueInfo w = {0};
  w.kind = Li8KindW8;
  w.wdata = data;
  w.wrank = li8RankOf(d);
  if (w.wrank > PT2E_MAX_RANK)
    return mlirLogicalResultSuccess();
  li8ShapeOf(d, w.wshape);
  if (mlirLogicalResultIsFailure(weightScales(l, qt, &w)))
    return mlirLogicalResultFailure();
  if (!w.scales)
    return mlirLogicalResultSuccess(); /* no TOSA form: left in Q/DQ form */
  return record(l, d, &w);
}

/*
** Records 'result' as the ACC 'acc' (i32) with the channel scales 'scales'
** (the map owns them), the permutation 'perm' to the float's layout (null:
** the identity) and the float's channel dimension; no clamp yet.
*/
static MlirLogicalResult setAcc(Li8Lower *l, MlirValue result, MlirValue acc, double *scales,
                                int64_t n, const int64_t *perm, int floatChannelDim) {
  Li8ValueInfo a = {0};
  a.kind = Li8KindAcc;
  a.ival = acc;
  a.scales = scales;
  a.nscales = n;
  a.accRank = li8RankOf(acc);
  for (int i = 0; i < a.accRank; i++)
    a.perm[i] = perm ? perm[i] : i;
  a.floatChannelDim = floatChannelDim;
  a.lo = -INFINITY;
  a.hi = INFINITY;
  return record(l, result, &a);
}

/* }====================================================================== */

/*
** {======================================================================
** Convolutions and matmuls
** =======================================================================
*/

/* NCHW -> NHWC and back (out[j] = in[perm[j]]). */
static const int64_t toNhwc[4] = {0, 2, 3, 1}, toNchw[4] = {0, 3, 1, 2};

/*
** The scales of a conv's or matmul's second operand, one per output
** channel: a W8's along 'axis' (li8WeightScales), or a Q8's one scale
** repeated. Null when the walk failed (a weight whose scales run along
** another axis, or out of memory).
*/
static double *operandScales(Li8Lower *l, MlirOperation op, const Li8ValueInfo *b, int axis,
                             int64_t n) {
  if (b->kind == Li8KindW8)
    return li8WeightScales(l, op, b, axis, n);
  double *ws = pt2eAlloc(sizeof(double) * (size_t)n);
  if (!ws) {
    l->failed = true;
    return NULL;
  }
  for (int64_t c = 0; c < n; c++)
    ws[c] = b->scale;
  return ws;
}

/*
** The accumulator's scales of a conv or matmul of an input at 'inScale' by
** an operand with the channel scales 'ws' (operandScales; freed here, also
** on failure): f32(inScale * ws[c]), the derived bias spec's. With 'b'
** non-null, also the int32 bias constant of the float 'bias' (null: zeros)
** into '*b' (li8BiasConst). Null when the walk failed, before or here.
*/
static double *accumulatorScales(Li8Lower *l, MlirLocation loc, double *ws, double inScale,
                                 int64_t n, MlirAttribute bias, MlirValue *b) {
  double *accScales = pt2eAlloc(sizeof(double) * (size_t)n);
  if (!accScales || l->failed) {
    pt2eFree(ws);
    pt2eFree(accScales);
    l->failed = true;
    return NULL;
  }
  if (b)
    *b = li8BiasConst(l, loc, bias, inScale, ws, n, accScales);
  else
    for (int64_t c = 0; c < n; c++)
      accScales[c] = (float)inScale * (float)ws[c];
  pt2eFree(ws);
  return accScales;
}

/*
** The NHWC i8 input of a TOSA window op (conv, depthwise conv, max pool)
** for the NCHW Q8 'xi', and its pad attribute: a tensor.pad before it whose
** pad value is 'padValue' becomes the op's own padding (TOSA pads a conv
** with the input zero point, a max pool with -inf). TOSA wants
** (in - 1 + pads - (k - 1) * dilation) / stride + 1 to be the output size
** 'outHW' exactly; the rows and columns no window reaches (the stride's
** remainder, or more: linalg computes only the windows of its output, so a
** ceil_mode max pool's pad may reach past them) are dropped from the bottom
** (right) pad, or sliced off the input when the pad is not enough.
*/
static MlirValue windowInput(Li8Lower *l, MlirLocation loc, const Li8ValueInfo *xi,
                             int64_t padValue, const int64_t *k, const int64_t *stride,
                             const int64_t *dil, const int64_t *outHW, int64_t *pad) {
  MlirValue src = xi->ival;
  for (int i = 0; i < 4; i++)
    pad[i] = 0;
  if (xi->padSrc.ptr && xi->padValue == padValue) {
    src = xi->padSrc;
    memcpy(pad, xi->pads, sizeof xi->pads);
  }
  int64_t s[4];
  li8ShapeOf(src, s);
  int64_t keep[2] = {s[2], s[3]};
  bool slice = false;
  for (int d = 0; d < 2; d++) {
    int64_t total = keep[d] - 1 + pad[2 * d] + pad[2 * d + 1] - (k[d] - 1) * dil[d];
    int64_t excess = total - (outHW[d] - 1) * stride[d];
    int64_t fromPad = excess < pad[2 * d + 1] ? excess : pad[2 * d + 1];
    pad[2 * d + 1] -= fromPad;
    if (excess > fromPad) {
      keep[d] -= excess - fromPad;
      slice = true;
    }
  }
  MlirValue xn = li8Transpose(l, loc, src, 4, toNhwc);
  if (slice) {
    int64_t start[4] = {0, 0, 0, 0}, size[4] = {s[0], keep[0], keep[1], s[1]};
    MlirValue ops[3] = {xn, li8ConstShape(l, loc, 4, start), li8ConstShape(l, loc, 4, size)};
    xn = li8Build(l, loc, "tosa.slice", 3, ops, li8TensorOf(4, size, li8IntType(l, 8)), 0,
                  NULL);
  }
  return xn;
}

/*
** The integer conv 'name' (tosa.conv2d, tosa.depthwise_conv2d) of the NHWC
** i8 'x' at zero point 'xZp' by the i8 weight 'wt' (zero point 0) with the
** int32 bias 'b' and the pad, stride and dilation attributes 'psd': its
** i32 accumulator of 'shape'.
*/
static MlirValue buildConv(Li8Lower *l, MlirLocation loc, const char *name, MlirValue x,
                           int64_t xZp, MlirValue wt, MlirValue b, const MlirAttribute *psd,
                           const int64_t *shape) {
  MlirNamedAttribute a[4] = {li8Named(l, "pad", psd[0]), li8Named(l, "stride", psd[1]),
                             li8Named(l, "dilation", psd[2]),
                             li8Named(l, "acc_type", mlirTypeAttrGet(li8IntType(l, 32)))};
  MlirValue ops[5] = {x, wt, b, li8ConstScalar(l, loc, 8, xZp), li8ConstScalar(l, loc, 8, 0)};
  return li8Build(l, loc, name, 5, ops, li8TensorOf(4, shape, li8IntType(l, 32)), 4, a);
}

/* A linalg conv's W8 as TOSA's weight constant: [F, C, KH, KW] -> OHWI
** [F, KH, KW, C], a depthwise [C, KH, KW] -> [KH, KW, C, 1]. */
static MlirValue linalgConvWeight(Li8Lower *l, MlirLocation loc, const Li8ValueInfo *wi,
                                  bool depthwise) {
  if (depthwise) {
    static const int64_t p[3] = {1, 2, 0};
    int64_t s[4] = {wi->wshape[1], wi->wshape[2], wi->wshape[0], 1};
    return li8WeightConst(l, loc, wi, p, 4, s);
  }
  int64_t s[4] = {wi->wshape[0], wi->wshape[2], wi->wshape[3], wi->wshape[1]};
  return li8WeightConst(l, loc, wi, toNhwc, 4, s);
}

/* linalg.conv_2d_nchw_fchw / depthwise_conv_2d_nchw_chw (or a generic
   that computes one, pt2eMatchNchwConv) on Q8 x W8, with its strides and
   dilations. */
static MlirLogicalResult lowerLinalgConv(Li8Lower *l, MlirOperation op, bool depthwise,
                                         const int64_t *stride, const int64_t *dil) {
  MlirValue x = mlirOperationGetOperand(op, 0), w = mlirOperationGetOperand(op, 1);
  MlirValue init = mlirOperationGetOperand(op, 2), y = mlirOperationGetResult(op, 0);
  Li8ValueInfo *xi = li8InfoOf(l, x), *wi = li8InfoOf(l, w);
  if (!xi || xi->kind != Li8KindQ8 || !wi || wi->kind != Li8KindW8 || li8RankOf(y) != 4)
    return mlirLogicalResultSuccess();
  int64_t yshape[4];
  li8ShapeOf(y, yshape);
  int64_t channels = yshape[1];
  MlirAttribute bias;
  if (!li8InitBias(init, 1, channels, &bias))
    return mlirLogicalResultSuccess();
  MlirLocation loc = mlirOperationGetLocation(op);
  double *ws = operandScales(l, op, wi, 0, channels);
  MlirValue b;
  double *accScales = ws ? accumulatorScales(l, loc, ws, xi->scale, channels, bias, &b) : NULL;
  if (!accScales)
    return mlirLogicalResultFailure();
  int64_t k[2] = {wi->wshape[depthwise ? 1 : 2], wi->wshape[depthwise ? 2 : 3]};
  int64_t pad[4];
  int64_t outHW[2] = {yshape[2], yshape[3]};
  MlirValue xn = windowInput(l, loc, xi, xi->zp, k, stride, dil, outHW, pad);
  MlirValue wt = linalgConvWeight(l, loc, wi, depthwise);
  if (l->failed) {
    pt2eFree(accScales);
    return mlirLogicalResultFailure();
  }
  MlirAttribute psd[3] = {li8I64Array(l, 4, pad), li8I64Array(l, 2, stride),
                          li8I64Array(l, 2, dil)};
  int64_t accShape[4] = {yshape[0], yshape[2], yshape[3], yshape[1]};
  MlirValue acc = buildConv(l, loc, depthwise ? "tosa.depthwise_conv2d" : "tosa.conv2d", xn,
                            xi->zp, wt, b, psd, accShape);
  countUnit(l, depthwise ? UDepthwise : UConv, acc);
  return setAcc(l, y, acc, accScales, channels, toNchw, 1);
}

/* True when operands 'i' and 'j' of 'op' are the float constant 0: a
** TOSA-form op's zero points, which a Q/DQ model leaves at 0. */
static bool zeroPoints(MlirOperation op, intptr_t i, intptr_t j) {
  double zi, zj;
  return pt2eConstScalar(mlirOperationGetOperand(op, i), &zi) && zi == 0.0 &&
         pt2eConstScalar(mlirOperationGetOperand(op, j), &zj) && zj == 0.0;
}

/*
** The float bias operand of a TOSA-form conv: a constant of 'channels'
** values, or of one 0 (no bias: null); false for anything else.
*/
static bool tosaConvBias(MlirOperation op, int64_t channels, MlirAttribute *bias) {
  MlirAttribute b = pt2eConstElementsOf(mlirOperationGetOperand(op, 2));
  if (!pt2eConstIsF32(b) ||
      (pt2eConstNumElements(b) != channels && pt2eConstNumElements(b) != 1))
    return false;
  if (pt2eConstNumElements(b) == 1 && pt2eConstF32At(b, 0) == 0.0f)
    b = mlirAttributeGetNull();
  else if (pt2eConstNumElements(b) != channels)
    return false;
  *bias = b;
  return true;
}

/*
** tosa.conv2d (NHWC, OHWI) or tosa.depthwise_conv2d (NHWC, [KH, KW, C, M])
** on Q8 x W8 with a float constant bias: the same op on i8 with zero points
** and an int32 bias, the weight's per-channel scales along 'scaleAxis'.
*/
static MlirLogicalResult lowerTosaWindowConv(Li8Lower *l, MlirOperation op, const char *name,
                                             int scaleAxis, int unit) {
  MlirValue x = mlirOperationGetOperand(op, 0), w = mlirOperationGetOperand(op, 1);
  MlirValue y = mlirOperationGetResult(op, 0);
  Li8ValueInfo *xi = li8InfoOf(l, x), *wi = li8InfoOf(l, w);
  if (!xi || xi->kind != Li8KindQ8 || !wi || wi->kind != Li8KindW8 || li8RankOf(y) != 4)
    return mlirLogicalResultSuccess();
  if (!zeroPoints(op, 3, 4))
    return mlirLogicalResultSuccess();
  int64_t yshape[4];
  li8ShapeOf(y, yshape);
  int64_t channels = yshape[3];
  MlirAttribute bias;
  if (!tosaConvBias(op, channels, &bias))
    return mlirLogicalResultSuccess();
  MlirLocation loc = mlirOperationGetLocation(op);
  double *ws = operandScales(l, op, wi, scaleAxis, channels);
  MlirValue b;
  double *accScales = ws ? accumulatorScales(l, loc, ws, xi->scale, channels, bias, &b) : NULL;
  if (!accScales)
    return mlirLogicalResultFailure();
  static const int64_t id[4] = {0, 1, 2, 3};
  MlirValue wt = li8WeightConst(l, loc, wi, id, 4, wi->wshape);
  if (l->failed) {
    pt2eFree(accScales);
    return mlirLogicalResultFailure();
  }
  MlirAttribute psd[3] = {pt2eOpAttr(op, "pad"), pt2eOpAttr(op, "stride"),
                          pt2eOpAttr(op, "dilation")};
  MlirValue acc = buildConv(l, loc, name, xi->ival, xi->zp, wt, b, psd, yshape);
  countUnit(l, unit, acc);
  return setAcc(l, y, acc, accScales, channels, NULL, 3);
}

/* tosa.conv2d: the per-channel scales along the weight's O axis (0). */
static MlirLogicalResult lowerTosaConv(Li8Lower *l, MlirOperation op) {
  return lowerTosaWindowConv(l, op, "tosa.conv2d", 0, UConv);
}

/*
** tosa.depthwise_conv2d in TOSA form: the per-channel scales along the
** weight's C axis (2), so only M = 1 (one output channel per input channel)
** matches PT2E's per-channel weight spec.
*/
static MlirLogicalResult lowerTosaDepthwise(Li8Lower *l, MlirOperation op) {
  Li8ValueInfo *wi = li8InfoOf(l, mlirOperationGetOperand(op, 1));
  if (!wi || wi->kind != Li8KindW8 || wi->wrank != 4 || wi->wshape[3] != 1)
    return mlirLogicalResultSuccess();
  return lowerTosaWindowConv(l, op, "tosa.depthwise_conv2d", 2, UDepthwise);
}

/*
** tosa.matmul [N, M, K] x [N, K, P] in TOSA form: Q8 x W8 (per channel on
** P, the weight's axis 2) or Q8 x Q8, the float zero points zero. The
** integer tosa.matmul takes the i8 zero points; no bias (TOSA's matmul has
** none).
*/
/* The infos of a matmul's operands 'a' and 'b' when 'a' is a Q8 and 'b' a
** W8 or a Q8 (the units the pass lowers); false otherwise. */
static bool matmulInputs(Li8Lower *l, MlirValue a, MlirValue b, Li8ValueInfo **ai,
                         Li8ValueInfo **bi) {
  *ai = li8InfoOf(l, a);
  *bi = li8InfoOf(l, b);
  return *ai && (*ai)->kind == Li8KindQ8 && *bi &&
         ((*bi)->kind == Li8KindW8 || (*bi)->kind == Li8KindQ8);
}

static MlirLogicalResult lowerTosaMatmul(Li8Lower *l, MlirOperation op) {
  MlirValue a = mlirOperationGetOperand(op, 0), bv = mlirOperationGetOperand(op, 1);
  MlirValue y = mlirOperationGetResult(op, 0);
  Li8ValueInfo *ai, *bi;
  if (!matmulInputs(l, a, bv, &ai, &bi) || li8RankOf(y) != 3)
    return mlirLogicalResultSuccess();
  if (!zeroPoints(op, 2, 3))
    return mlirLogicalResultSuccess();
  int64_t ys[3];
  li8ShapeOf(y, ys);
  int64_t n = ys[2], bzp = 0;
  MlirLocation loc = mlirOperationGetLocation(op);
  double *ws = operandScales(l, op, bi, 2, n);
  if (!ws)
    return mlirLogicalResultFailure();
  MlirValue b3;
  if (bi->kind == Li8KindW8) {
    static const int64_t id[3] = {0, 1, 2};
    b3 = li8WeightConst(l, loc, bi, id, 3, bi->wshape);
  } else {
    bzp = bi->zp;
    b3 = bi->ival;
  }
  double *accScales = accumulatorScales(l, loc, ws, ai->scale, n, mlirAttributeGetNull(), NULL);
  if (!accScales)
    return mlirLogicalResultFailure();
  MlirValue ops[4] = {ai->ival, b3, li8ConstScalar(l, loc, 8, ai->zp),
                      li8ConstScalar(l, loc, 8, bzp)};
  MlirValue acc =
      li8Build(l, loc, "tosa.matmul", 4, ops, li8TensorOf(3, ys, li8IntType(l, 32)), 0, NULL);
  countUnit(l, UMatmul, acc);
  return setAcc(l, y, acc, accScales, n, NULL, 2);
}

/*
** The maps of a plain matmul, (d0, d2), (d2, d1), (d0, d1), or none. The
** attribute is read as written: pt2eStructuredMap would give the default
** maps of a linalg.matmul that writes none, and only a written one may
** differ from them (a transposed operand).
*/
static bool plainMatmulMaps(MlirOperation op) {
  MlirAttribute maps = pt2eOpAttr(op, "indexing_maps");
  if (mlirAttributeIsNull(maps))
    return true;
  static const int64_t want[3][2] = {{0, 2}, {2, 1}, {0, 1}};
  if (mlirArrayAttrGetNumElements(maps) != 3)
    return false;
  for (int i = 0; i < 3; i++) {
    MlirAffineMap m = mlirAffineMapAttrGetValue(mlirArrayAttrGetElement(maps, i));
    if (mlirAffineMapGetNumResults(m) != 2)
      return false;
    for (int r = 0; r < 2; r++) {
      MlirAffineExpr e = mlirAffineMapGetResult(m, r);
      if (!mlirAffineExprIsADim(e) || mlirAffineDimExprGetPosition(e) != want[i][r])
        return false;
    }
  }
  return true;
}

/* linalg.matmul's second operand as tosa.matmul's [1, K, N] ('b3s') i8:
** a W8 as a constant, a Q8 reshaped (its zero point into '*zp'). */
static MlirValue matmulOperand(Li8Lower *l, MlirLocation loc, const Li8ValueInfo *bi,
                               const int64_t *b3s, int64_t *zp) {
  if (bi->kind == Li8KindW8) {
    static const int64_t id[2] = {0, 1};
    return li8WeightConst(l, loc, bi, id, 3, b3s);
  }
  *zp = bi->zp;
  return li8Reshape(l, loc, bi->ival, 3, b3s);
}

/* The int32 bias 'biasV' of 'n' channels added to the [1, M, N] ('y3s')
** accumulator 'acc' (tosa.matmul has no bias operand). */
static MlirValue addMatmulBias(Li8Lower *l, MlirLocation loc, MlirValue acc, MlirValue biasV,
                               int64_t n, const int64_t *y3s) {
  int64_t bshape[3] = {1, 1, n};
  MlirValue ops2[2] = {acc, li8Reshape(l, loc, biasV, 3, bshape)};
  return li8Build(l, loc, "tosa.add", 2, ops2, li8TensorOf(3, y3s, li8IntType(l, 32)), 0, NULL);
}

/* linalg.matmul [M,K] x [K,N]: Q8 x W8 (per channel on N) or Q8 x Q8. */
static MlirLogicalResult lowerMatmul(Li8Lower *l, MlirOperation op) {
  if (mlirOperationGetNumOperands(op) != 3)
    return mlirLogicalResultSuccess();
  MlirValue a = mlirOperationGetOperand(op, 0), bv = mlirOperationGetOperand(op, 1);
  MlirValue y = mlirOperationGetResult(op, 0);
  Li8ValueInfo *ai, *bi;
  if (!matmulInputs(l, a, bv, &ai, &bi) || li8RankOf(y) != 2 || !plainMatmulMaps(op))
    return mlirLogicalResultSuccess();
  MlirAttribute bias;
  int64_t ys[2], as[2], bs[2];
  li8ShapeOf(y, ys);
  li8ShapeOf(a, as);
  li8ShapeOf(bv, bs);
  if (!li8InitBias(mlirOperationGetOperand(op, 2), 1, ys[1], &bias))
    return mlirLogicalResultSuccess();
  MlirLocation loc = mlirOperationGetLocation(op);
  int64_t n = ys[1];
  double *ws = operandScales(l, op, bi, 1, n);
  if (!ws)
    return mlirLogicalResultFailure();
  int64_t bzp = 0, b3s[3] = {1, bs[0], bs[1]};
  MlirValue b3 = matmulOperand(l, loc, bi, b3s, &bzp), biasV;
  double *accScales = accumulatorScales(l, loc, ws, ai->scale, n, bias, &biasV);
  if (!accScales)
    return mlirLogicalResultFailure();
  int64_t a3s[3] = {1, as[0], as[1]}, y3s[3] = {1, ys[0], ys[1]};
  MlirValue ops[4] = {li8Reshape(l, loc, ai->ival, 3, a3s), b3, li8ConstScalar(l, loc, 8, ai->zp),
                      li8ConstScalar(l, loc, 8, bzp)};
  MlirValue acc =
      li8Build(l, loc, "tosa.matmul", 4, ops, li8TensorOf(3, y3s, li8IntType(l, 32)), 0, NULL);
  if (!mlirAttributeIsNull(bias))
    acc = addMatmulBias(l, loc, acc, biasV, n, y3s);
  countUnit(l, UMatmul, acc);
  return setAcc(l, y, acc, accScales, n, NULL, 1);
}

/* }====================================================================== */

/*
** {======================================================================
** Pads, pools and layout
** =======================================================================
*/

/*
** The i8 of the pad value 'v' of a tensor.pad of the Q8 'xi': -128 for
** -inf (only a max reads it: the smallest i8 acts as -inf), else the i8
** that dequantizes to exactly 'v'; false when there is none.
*/
static bool padValueI8(const Li8ValueInfo *xi, double v, int64_t *pv) {
  if (v == -INFINITY) {
    *pv = -128;
    return true;
  }
  double q = nearbyint(v / xi->scale) + (double)xi->zp;
  if (q < -128 || q > 127 || (q - (double)xi->zp) * xi->scale != v)
    return false;
  *pv = (int64_t)q;
  return true;
}

/* True when every reader of 'y' is a linalg.pooling_nchw_max. */
static bool onlyMaxPoolsRead(MlirValue y) {
  for (MlirOpOperand u = mlirValueGetFirstUse(y); !mlirOpOperandIsNull(u);
       u = mlirOpOperandGetNextUse(u))
    if (!pt2eOpIs(mlirOpOperandGetOwner(u), "linalg.pooling_nchw_max"))
      return false;
  return true;
}

/* The low and high pads of each of the 'rank' dimensions of the tensor.pad
** 'op' into 'pads' (low, high per dimension); false when one is negative. */
static bool padsOf(MlirOperation op, int rank, int64_t *pads) {
  MlirAttribute lo = pt2eOpAttr(op, "static_low"), hi = pt2eOpAttr(op, "static_high");
  for (int i = 0; i < rank; i++) {
    pads[2 * i] = pt2eConstI64At(lo, i);
    pads[2 * i + 1] = pt2eConstI64At(hi, i);
    if (pads[2 * i] < 0 || pads[2 * i + 1] < 0)
      return false;
  }
  return true;
}

/* A pad of H and W alone of a Q8 not padded before: 'yi' keeps the
** unpadded i8 and the pads, for the conv or pool that reads it. */
static void keepPadSource(Li8ValueInfo *yi, const Li8ValueInfo *xi, int rank, const int64_t *pads,
                          int64_t pv) {
  yi->padSrc = (MlirValue){NULL};
  if (rank == 4 && !pads[0] && !pads[1] && !pads[2] && !pads[3] && !xi->padSrc.ptr) {
    yi->padSrc = xi->ival;
    yi->pads[0] = pads[4];
    yi->pads[1] = pads[5];
    yi->pads[2] = pads[6];
    yi->pads[3] = pads[7];
    yi->padValue = pv;
  }
}

/* tensor.pad on Q8 with a constant pad value that has an exact i8. */
static MlirLogicalResult lowerPad(Li8Lower *l, MlirOperation op) {
  MlirValue x = mlirOperationGetOperand(op, 0), y = mlirOperationGetResult(op, 0);
  Li8ValueInfo *xi = li8InfoOf(l, x);
  if (!xi || xi->kind != Li8KindQ8 || mlirOperationGetNumOperands(op) != 1)
    return mlirLogicalResultSuccess();
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  MlirOperation yield = mlirBlockGetTerminator(body);
  double v;
  int64_t pv;
  if (!pt2eConstScalar(mlirOperationGetOperand(yield, 0), &v) || !padValueI8(xi, v, &pv))
    return mlirLogicalResultSuccess();
  if (v == -INFINITY && !onlyMaxPoolsRead(y))
    return mlirLogicalResultSuccess();
  int rank = li8RankOf(x);
  int64_t pads[2 * PT2E_MAX_RANK];
  if (!padsOf(op, rank, pads))
    return mlirLogicalResultSuccess();
  MlirLocation loc = mlirOperationGetLocation(op);
  int64_t ys[PT2E_MAX_RANK];
  li8ShapeOf(y, ys);
  MlirValue ops[3] = {xi->ival, li8ConstShape(l, loc, 2 * rank, pads),
                      li8ConstScalar(l, loc, 8, pv)};
  Li8ValueInfo yi = *xi;
  yi.ival =
      li8Build(l, loc, "tosa.pad", 3, ops, li8TensorOf(rank, ys, li8IntType(l, 8)), 0, NULL);
  keepPadSource(&yi, xi, rank, pads, pv);
  countUnit(l, ULayout, yi.ival);
  return li8SetPadInfo(l, y, &yi) ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

/* linalg.pooling_nchw_max on Q8 (unpadded, the tensor.pad before it is
** already lowered), init a fill of -inf. */
static MlirLogicalResult lowerMaxPool(Li8Lower *l, MlirOperation op) {
  MlirValue x = mlirOperationGetOperand(op, 0), win = mlirOperationGetOperand(op, 1);
  MlirValue y = mlirOperationGetResult(op, 0);
  Li8ValueInfo *xi = li8InfoOf(l, x);
  if (!xi || xi->kind != Li8KindQ8)
    return mlirLogicalResultSuccess();
  int64_t stride[2], dil[2], k[2], ys[4];
  li8StrideDilation(op, stride, dil);
  if (dil[0] != 1 || dil[1] != 1)
    return mlirLogicalResultSuccess();
  li8ShapeOf(win, k);
  li8ShapeOf(y, ys);
  MlirLocation loc = mlirOperationGetLocation(op);
  int64_t pad[4];
  int64_t outHW[2] = {ys[2], ys[3]};
  MlirValue xn = windowInput(l, loc, xi, -128, k, stride, dil, outHW, pad);
  MlirNamedAttribute a[3] = {li8Named(l, "kernel", li8I64Array(l, 2, k)),
                             li8Named(l, "stride", li8I64Array(l, 2, stride)),
                             li8Named(l, "pad", li8I64Array(l, 4, pad))};
  int64_t os[4] = {ys[0], ys[2], ys[3], ys[1]};
  MlirValue p = li8Build(l, loc, "tosa.max_pool2d", 1, &xn,
                         li8TensorOf(4, os, li8IntType(l, 8)), 3, a);
  Li8ValueInfo yi = *xi;
  yi.ival = li8Transpose(l, loc, p, 4, toNchw);
  countUnit(l, UPool, p);
  return record(l, y, &yi);
}

/*
** tosa.max_pool2d / tosa.avg_pool2d (TOSA form, NHWC) on Q8: the same op
** on i8 with the same kernel, stride and pad. A max pool's i8 keeps the
** input's qparams (quantize is monotonic; TOSA pads a max pool with the
** type's minimum). An avg pool takes the input zero point in and out, so
** its i8 is at the input's scale too, rounded by TOSA's integer
** reciprocal; the float avg pool's zero points must be 0.
*/
static MlirLogicalResult lowerTosaPool(Li8Lower *l, MlirOperation op, bool avg) {
  MlirValue x = mlirOperationGetOperand(op, 0), y = mlirOperationGetResult(op, 0);
  Li8ValueInfo *xi = li8InfoOf(l, x);
  if (!xi || xi->kind != Li8KindQ8 || li8RankOf(y) != 4)
    return mlirLogicalResultSuccess();
  if (avg && (mlirOperationGetNumOperands(op) != 3 || !zeroPoints(op, 1, 2)))
    return mlirLogicalResultSuccess();
  MlirAttribute k = pt2eOpAttr(op, "kernel"), st = pt2eOpAttr(op, "stride");
  MlirAttribute pd = pt2eOpAttr(op, "pad");
  if (mlirAttributeIsNull(k) || mlirAttributeIsNull(st) || mlirAttributeIsNull(pd))
    return mlirLogicalResultSuccess();
  MlirLocation loc = mlirOperationGetLocation(op);
  int64_t ys[4];
  li8ShapeOf(y, ys);
  MlirType i8 = li8TensorOf(4, ys, li8IntType(l, 8));
  MlirNamedAttribute a[4] = {li8Named(l, "kernel", k), li8Named(l, "stride", st),
                             li8Named(l, "pad", pd),
                             li8Named(l, "acc_type", mlirTypeAttrGet(li8IntType(l, 32)))};
  MlirValue p;
  if (avg) {
    MlirValue ops[3] = {xi->ival, li8ConstScalar(l, loc, 8, xi->zp),
                        li8ConstScalar(l, loc, 8, xi->zp)};
    p = li8Build(l, loc, "tosa.avg_pool2d", 3, ops, i8, 4, a);
  } else
    p = li8Build(l, loc, "tosa.max_pool2d", 1, &xi->ival, i8, 3, a);
  if (l->failed)
    return mlirLogicalResultFailure();
  Li8ValueInfo yi = {0};
  yi.kind = Li8KindQ8;
  yi.scale = xi->scale;
  yi.zp = xi->zp;
  yi.ival = p;
  countUnit(l, UPool, p);
  return record(l, y, &yi);
}

/* A W8 transposed at compile time: its bytes permuted (out[j] =
** in[perm[j]]) into a constant of its own, its channel axis followed.
** False, the walk failed, when out of memory. */
static bool transposeWeight(Li8Lower *l, const Li8ValueInfo *xi, const int64_t *perm, int rank,
                            Li8ValueInfo *yi) {
  int8_t *bytes = li8PermuteWeight(xi, perm);
  if (!bytes) {
    l->failed = true;
    return false;
  }
  for (int i = 0; i < rank; i++)
    yi->wshape[i] = xi->wshape[perm[i]];
  MlirType t = li8TensorOf(rank, yi->wshape, li8IntType(l, 8));
  yi->wdata = mlirDenseElementsAttrRawBufferGet(t, (size_t)pt2eConstNumElements(xi->wdata), bytes);
  pt2eFree(bytes);
  yi->axis = -1;
  for (int i = 0; i < rank && xi->axis >= 0; i++)
    if (perm[i] == xi->axis)
      yi->axis = i;
  if (xi->axis < 0)
    yi->axis = -1;
  return ownScales(l, yi, xi);
}

/* True when the float 'x' is its ACC 'xi' transposed, no reshape between
** (after one, a permutation of the float's dimensions is not one of the
** accumulator's). */
static bool accIsTransposeOnly(MlirValue x, const Li8ValueInfo *xi) {
  if (xi->accRank != li8RankOf(x))
    return false;
  int64_t xs[PT2E_MAX_RANK], as[PT2E_MAX_RANK];
  li8ShapeOf(x, xs);
  li8ShapeOf(xi->ival, as);
  for (int j = 0; j < xi->accRank; j++)
    if (xs[j] != as[xi->perm[j]])
      return false;
  return true;
}

/* An ACC transposed: no op, its permutation and float channel follow. */
static bool transposeAcc(Li8Lower *l, const Li8ValueInfo *xi, const int64_t *perm, int rank,
                         Li8ValueInfo *yi) {
  for (int j = 0; j < rank; j++)
    yi->perm[j] = xi->perm[perm[j]];
  for (int j = 0; j < rank; j++)
    if (perm[j] == xi->floatChannelDim)
      yi->floatChannelDim = j;
  return ownScales(l, yi, xi);
}

/* Layout ops: transposes of Q8 (tosa.transpose), W8 and ACC values. */
static MlirLogicalResult lowerTranspose(Li8Lower *l, MlirOperation op, const int64_t *perm,
                                        int rank) {
  MlirValue x = mlirOperationGetOperand(op, 0), y = mlirOperationGetResult(op, 0);
  Li8ValueInfo *xi = li8InfoOf(l, x);
  if (!xi || rank > PT2E_MAX_RANK)
    return mlirLogicalResultSuccess();
  Li8ValueInfo yi = *xi;
  if (xi->kind == Li8KindQ8) {
    yi.ival = li8Transpose(l, mlirOperationGetLocation(op), xi->ival, rank, perm);
    countUnit(l, ULayout, yi.ival);
  } else if (xi->kind == Li8KindW8) {
    if (!transposeWeight(l, xi, perm, rank, &yi))
      return mlirLogicalResultFailure();
  } else if (xi->kind == Li8KindAcc && accIsTransposeOnly(x, xi)) {
    if (!transposeAcc(l, xi, perm, rank, &yi))
      return mlirLogicalResultFailure();
  } else
    return mlirLogicalResultSuccess();
  return record(l, y, &yi);
}

/* Where dimension 'dim' of a tensor of shape 'xs' goes when it is reshaped
** to 'ys' ('rank'): the dimension of the same size with the same number of
** elements before it; -1 when it does not survive as a dimension. */
static int reshapedDim(const int64_t *xs, int dim, const int64_t *ys, int rank) {
  int64_t before = 1, acc = 1;
  for (int i = 0; i < dim; i++)
    before *= xs[i];
  int found = -1;
  for (int j = 0; j < rank; j++) {
    if (acc == before && ys[j] == xs[dim])
      found = j;
    acc *= ys[j];
  }
  return found;
}

/*
** The channel axis of a W8 reshaped to 'ys' ('rank'): the dimension of the
** same size with the same number of elements before it (-1 when per
** tensor); false when the axis does not survive as a dimension of its own.
*/
static bool reshapedAxis(const Li8ValueInfo *xi, int rank, const int64_t *ys, int *axis) {
  *axis = -1;
  if (xi->axis < 0)
    return true;
  *axis = reshapedDim(xi->wshape, xi->axis, ys, rank);
  return *axis >= 0;
}

/* A W8 reshaped at compile time to 'ys' ('rank'), channel axis 'axis':
** the same bytes in a constant of the new shape. False, the walk failed,
** when out of memory. */
static bool reshapeWeight(Li8Lower *l, const Li8ValueInfo *xi, int rank, const int64_t *ys,
                          int axis, Li8ValueInfo *yi) {
  memcpy(yi->wshape, ys, sizeof(int64_t) * (size_t)rank);
  yi->wrank = rank;
  yi->axis = axis;
  MlirType t = li8TensorOf(rank, ys, li8IntType(l, 8));
  yi->wdata = mlirDenseElementsAttrIsSplat(xi->wdata)
                  ? mlirDenseElementsAttrSplatGet(t, mlirDenseElementsAttrGetSplatValue(xi->wdata))
                  : mlirDenseElementsAttrRawBufferGet(t, (size_t)pt2eConstNumElements(xi->wdata),
                                                      mlirDenseElementsAttrGetRawData(xi->wdata));
  return ownScales(l, yi, xi);
}

/* Layout ops: reshapes of Q8 (tosa.reshape) and W8 values. */
static MlirLogicalResult lowerReshape(Li8Lower *l, MlirOperation op) {
  MlirValue x = mlirOperationGetOperand(op, 0), y = mlirOperationGetResult(op, 0);
  Li8ValueInfo *xi = li8InfoOf(l, x);
  int rank = li8RankOf(y);
  if (!xi || rank > PT2E_MAX_RANK)
    return mlirLogicalResultSuccess();
  int64_t ys[PT2E_MAX_RANK];
  li8ShapeOf(y, ys);
  Li8ValueInfo yi = *xi;
  int axis;
  if (xi->kind == Li8KindQ8) {
    yi.ival = li8Reshape(l, mlirOperationGetLocation(op), xi->ival, rank, ys);
    countUnit(l, ULayout, yi.ival);
  } else if (xi->kind == Li8KindW8) {
    if (!reshapedAxis(xi, rank, ys, &axis))
      return mlirLogicalResultSuccess();
    if (!reshapeWeight(l, xi, rank, ys, axis, &yi))
      return mlirLogicalResultFailure();
  } else if (xi->kind == Li8KindAcc) {
    /* no op: requantizeAcc reshapes to the float's shape in the end; only
       the channel dimension moves (TOSA's linear: [1, M, N] -> [M, N]) */
    int64_t xs[PT2E_MAX_RANK];
    li8ShapeOf(x, xs);
    yi.floatChannelDim = reshapedDim(xs, xi->floatChannelDim, ys, rank);
    if (yi.floatChannelDim < 0 || !ownScales(l, &yi, xi))
      return l->failed ? mlirLogicalResultFailure() : mlirLogicalResultSuccess();
  } else
    return mlirLogicalResultSuccess();
  return record(l, y, &yi);
}

/* }====================================================================== */

/*
** {======================================================================
** Concat and clamps
** =======================================================================
*/

enum { MaxConcatInputs = 64 };

/* The axis of a tensor.concat ('dim') or tosa.concat ('axis') of 1 to
** MaxConcatInputs inputs with a static result; false for anything else. */
static bool concatAxis(MlirOperation op, bool isTosa, int64_t *dim) {
  MlirValue y = mlirOperationGetResult(op, 0);
  intptr_t n = mlirOperationGetNumOperands(op);
  int rank = li8RankOf(y);
  MlirAttribute axisAttr = pt2eOpAttr(op, isTosa ? "axis" : "dim");
  if (n < 1 || n > MaxConcatInputs || rank > PT2E_MAX_RANK || mlirAttributeIsNull(axisAttr) ||
      !mlirAttributeIsAInteger(axisAttr) || !mlirShapedTypeHasStaticShape(mlirValueGetType(y)))
    return false;
  *dim = mlirIntegerAttrGetValueInt(axisAttr);
  return *dim >= 0 && *dim < rank;
}

/* The infos of the concat's inputs into 'in'; false unless all are Q8.
** '*shared' tells whether they all have input 0's qparams. */
static bool concatInputs(Li8Lower *l, MlirOperation op, Li8ValueInfo **in, bool *shared) {
  *shared = true;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); i++) {
    in[i] = li8InfoOf(l, mlirOperationGetOperand(op, i));
    if (!in[i] || in[i]->kind != Li8KindQ8)
      return false;
    *shared = *shared && in[i]->scale == in[0]->scale && in[i]->zp == in[0]->zp;
  }
  return true;
}

/* The permutation of the tosa.transpose every one of the 'n' inputs' i8
** comes from, into 'perm'; false when they do not all have the same. */
static bool commonTranspose(Li8ValueInfo *const *in, intptr_t n, int rank, int64_t *perm) {
  bool transposed = true;
  for (intptr_t i = 0; i < n && transposed; i++) {
    MlirOperation t = pt2eOpProducer(in[i]->ival);
    MlirAttribute p =
        pt2eOpIs(t, "tosa.transpose") ? pt2eOpAttr(t, "perms") : mlirAttributeGetNull();
    transposed = !mlirAttributeIsNull(p) && mlirDenseArrayGetNumElements(p) == rank;
    for (int j = 0; j < rank && transposed; j++) {
      int64_t pj = mlirDenseI32ArrayGetElement(p, j);
      if (i == 0)
        perm[j] = pj;
      transposed = pj == perm[j];
    }
  }
  return transposed;
}

/*
** The concat's 'n' i8 sources into 'srcs' (from before their common
** transpose when 'transposed'), each whose qparams differ from 'out'
** rescaled i8 -> i8, and the result's shape (rank 'rank', summed along
** 'axis') into 'shape'. Failure when a rescale fails.
*/
static MlirLogicalResult concatSources(Li8Lower *l, MlirOperation op, Li8ValueInfo *const *in,
                                       intptr_t n, bool transposed, int rank, int64_t axis,
                                       const Li8QType *out, MlirValue *srcs, int64_t *shape) {
  for (intptr_t i = 0; i < n; i++) {
    MlirValue s =
        transposed ? mlirOperationGetOperand(pt2eOpProducer(in[i]->ival), 0) : in[i]->ival;
    if (in[i]->scale != out->scale || in[i]->zp != out->zp) {
      double sc = in[i]->scale / out->scale;
      s = li8Requantize(l, op, s, in[i]->zp, &sc, 1, out, out->qmin, out->qmax);
      if (l->failed)
        return mlirLogicalResultFailure();
      countUnit(l, URequant, s);
    }
    srcs[i] = s;
    int64_t si[PT2E_MAX_RANK];
    li8ShapeOf(s, si);
    if (i == 0)
      memcpy(shape, si, sizeof(int64_t) * (size_t)rank);
    else
      shape[axis] += si[axis];
  }
  return mlirLogicalResultSuccess();
}

/*
** tensor.concat (torch.cat in linalg form) and tosa.concat of Q8 values:
** tosa.concat on i8. pt2e-annotate's cat shares input 0's qparams with the
** other inputs and the output, so usually no rescale is needed; where the
** inputs' qparams differ, the one quant.qcast reading the result gives the
** target and each other input gets an i8 -> i8 tosa.rescale to it. Inputs
** that all arrive as tosa.transpose of the same permutation (NHWC from a
** conv, back to NCHW) are concatenated before that transpose, on the axis
** the permutation maps the float axis to, and transposed once after, so the
** next conv's transpose to NHWC cancels against it.
*/
static MlirLogicalResult lowerConcat(Li8Lower *l, MlirOperation op, bool isTosa) {
  MlirValue y = mlirOperationGetResult(op, 0);
  intptr_t n = mlirOperationGetNumOperands(op);
  int rank = li8RankOf(y);
  int64_t dim;
  Li8ValueInfo *in[MaxConcatInputs];
  bool shared;
  if (!concatAxis(op, isTosa, &dim) || !concatInputs(l, op, in, &shared))
    return mlirLogicalResultSuccess(); /* not all dequantized: Q/DQ form */
  Li8QType out = {in[0]->scale, in[0]->zp, -128, 127, 8};
  if (!shared) {
    /* the target qparams: those of the one quant.qcast of the result */
    MlirOperation q = pt2eOpSoleUser(y);
    if (!pt2eOpIs(q, "quant.qcast") ||
        !li8ReadQType(mlirValueGetType(mlirOperationGetResult(q, 0)), &out))
      return mlirLogicalResultSuccess();
    if (mlirLogicalResultIsFailure(checkZp(l, q, &out)))
      return mlirLogicalResultFailure();
  }
  int64_t perm[PT2E_MAX_RANK], shape[PT2E_MAX_RANK];
  bool transposed = commonTranspose(in, n, rank, perm);
  int64_t axis = transposed ? perm[dim] : dim;
  MlirValue srcs[MaxConcatInputs];
  if (mlirLogicalResultIsFailure(
          concatSources(l, op, in, n, transposed, rank, axis, &out, srcs, shape)))
    return mlirLogicalResultFailure();
  MlirLocation loc = mlirOperationGetLocation(op);
  MlirNamedAttribute a = li8Named(l, "axis", mlirIntegerAttrGet(li8IntType(l, 32), axis));
  MlirValue c = li8Build(l, loc, "tosa.concat", n, srcs,
                         li8TensorOf(rank, shape, li8IntType(l, 8)), 1, &a);
  Li8ValueInfo yi = {0};
  yi.kind = Li8KindQ8;
  yi.scale = out.scale;
  yi.zp = out.zp;
  yi.ival = transposed ? li8Transpose(l, loc, c, rank, perm) : c;
  countUnit(l, ULayout, yi.ival);
  return record(l, y, &yi);
}

/* The permutation of the tosa.transpose 't' into 'perm' (its first
** PT2E_MAX_RANK entries); its rank. */
static int permsOf(MlirOperation t, int64_t *perm) {
  MlirAttribute p = pt2eOpAttr(t, "perms");
  int rank = (int)mlirDenseArrayGetNumElements(p);
  for (int i = 0; i < rank && i < PT2E_MAX_RANK; i++)
    perm[i] = mlirDenseI32ArrayGetElement(p, i);
  return rank;
}

/*
** The i8 'src' clamped to the quantized [lo, hi] of 'q'. When 'src' is the
** only use of a tosa.clamp's result (hardtanh's max then min), one
** tosa.clamp of that clamp's input with the narrower bounds instead; the
** first is left unread and erased.
*/
static MlirValue clampI8(Li8Lower *l, MlirLocation loc, MlirValue src, const Li8QType *q,
                         double lo, double hi) {
  MlirOperation prev = pt2eOpProducer(src);
  if (!pt2eOpIs(prev, "tosa.clamp") ||
      !mlirOpOperandIsNull(mlirOpOperandGetNextUse(mlirValueGetFirstUse(src))))
    return li8ClampInt(l, loc, src, li8QuantBound(lo, q), li8QuantBound(hi, q));
  int64_t plo = mlirIntegerAttrGetValueInt(pt2eOpAttr(prev, "min_val"));
  int64_t phi = mlirIntegerAttrGetValueInt(pt2eOpAttr(prev, "max_val"));
  int64_t nlo = li8QuantBound(lo, q), nhi = li8QuantBound(hi, q);
  return li8ClampInt(l, loc, mlirOperationGetOperand(prev, 0), nlo > plo ? nlo : plo,
                     nhi < phi ? nhi : phi);
}

/* A clamp [lo, hi] of the Q8 'xi' as tosa.clamp on i8; on a transposed i8
** the clamp goes before the layout change, so that the next conv's
** transpose back to NHWC cancels against it (li8Transpose). */
static MlirValue clampQ8(Li8Lower *l, MlirOperation op, const Li8ValueInfo *xi, double lo,
                         double hi) {
  Li8QType q = {xi->scale, xi->zp, -128, 127, 8};
  MlirLocation loc = mlirOperationGetLocation(op);
  MlirOperation t = pt2eOpProducer(xi->ival);
  if (!pt2eOpIs(t, "tosa.transpose"))
    return clampI8(l, loc, xi->ival, &q, lo, hi);
  MlirValue c = clampI8(l, loc, mlirOperationGetOperand(t, 0), &q, lo, hi);
  int64_t perm[PT2E_MAX_RANK];
  int rank = permsOf(t, perm);
  return li8Transpose(l, loc, c, rank, perm);
}

/* A clamp [lo, hi] on Q8 (tosa.clamp on i8) or ACC (folded). */
static MlirLogicalResult applyClamp(Li8Lower *l, MlirOperation op, MlirValue x, MlirValue y,
                                    double lo, double hi) {
  Li8ValueInfo *xi = li8InfoOf(l, x);
  if (!xi || (xi->kind != Li8KindQ8 && xi->kind != Li8KindAcc))
    return mlirLogicalResultSuccess();
  Li8ValueInfo yi = *xi;
  if (xi->kind == Li8KindAcc) {
    yi.lo = fmax(xi->lo, lo);
    yi.hi = fmin(xi->hi, hi);
    if (!ownScales(l, &yi, xi))
      return mlirLogicalResultFailure();
  } else
    yi.ival = clampQ8(l, op, xi, lo, hi);
  return record(l, y, &yi);
}

/* }====================================================================== */

/*
** {======================================================================
** linalg.generic bodies
** =======================================================================
*/

/* The float 'bias' as int32 at the ACC's scales (quantize_per_channel's
** rounding, zero point 0); null when out of memory. */
static int32_t *int32Bias(const Li8ValueInfo *acc, MlirAttribute bias) {
  int32_t *b = pt2eAlloc(sizeof(int32_t) * (size_t)acc->nscales);
  if (!b)
    return NULL;
  for (int64_t c = 0; c < acc->nscales; c++)
    b[c] = (int32_t)pt2eQuantizeValue(pt2eConstF32At(bias, c), (float)acc->scales[c], 0,
                                      INT32_MIN, INT32_MAX, Pt2eDTypeInt32);
  return b;
}

/* The conv the pass just made for the ACC 'acc' when nobody reads it yet
** and its bias is still zero, so that a bias can go into it; else null. */
static MlirOperation freeConvBias(const Li8ValueInfo *acc) {
  MlirOperation conv = pt2eOpProducer(acc->ival);
  if ((pt2eOpIs(conv, "tosa.conv2d") || pt2eOpIs(conv, "tosa.depthwise_conv2d")) &&
      mlirOpOperandIsNull(mlirValueGetFirstUse(acc->ival)) &&
      pt2eConstIsZeroI32(pt2eConstElementsOf(mlirOperationGetOperand(conv, 2))))
    return conv;
  return (MlirOperation){NULL};
}

/* acc + bias (float constant per channel): into the conv's bias operand
** when it is still free (the same integer sum, one op less), else a
** tosa.add of the int32 bias. */
static MlirLogicalResult addBias(Li8Lower *l, MlirOperation op, Li8ValueInfo *acc,
                                 MlirAttribute bias, MlirValue y) {
  MlirLocation loc = mlirOperationGetLocation(op);
  int64_t n = acc->nscales;
  int32_t *b = int32Bias(acc, bias);
  if (!b)
    return l->failed = true, mlirLogicalResultFailure();
  Li8ValueInfo yi = *acc;
  MlirOperation conv = freeConvBias(acc);
  if (!mlirOperationIsNull(conv)) {
    MlirOperation saved = l->anchor;
    l->anchor = conv; /* the constant must come before its reader */
    MlirValue bc = li8ConstRaw(l, loc, li8TensorOf(1, &n, li8IntType(l, 32)), 4 * (size_t)n, b);
    l->anchor = saved;
    mlirOperationSetOperand(conv, 2, bc);
    yi.ival = acc->ival;
  } else {
    int64_t bs[PT2E_MAX_RANK];
    for (int i = 0; i < acc->accRank; i++)
      bs[i] = 1;
    bs[acc->accRank - 1] = n;
    MlirValue bc = li8ConstRaw(l, loc, li8TensorOf(acc->accRank, bs, li8IntType(l, 32)),
                               4 * (size_t)n, b);
    MlirValue ops[2] = {acc->ival, bc};
    yi.ival = li8Build(l, loc, "tosa.add", 2, ops, mlirValueGetType(acc->ival), 0, NULL);
  }
  pt2eFree(b);
  if (!ownScales(l, &yi, acc))
    return mlirLogicalResultFailure();
  return record(l, y, &yi);
}

/* True when 'x' is a tosa.transpose from NHWC to NCHW (toNchw). */
static bool isToNchw(MlirValue x) {
  MlirOperation p = pt2eOpProducer(x);
  if (!pt2eOpIs(p, "tosa.transpose"))
    return false;
  MlirAttribute perms = pt2eOpAttr(p, "perms");
  if (mlirDenseArrayGetNumElements(perms) != 4)
    return false;
  for (int i = 0; i < 4; i++)
    if (mlirDenseI32ArrayGetElement(perms, i) != toNchw[i])
      return false;
  return true;
}

/*
** When the i8 values 'a' and 'b' are both NHWC values transposed back to
** NCHW (the outputs of convs and pools meeting at a residual add), their
** NHWC sources into 'as' and 'bs'; else false. An elementwise op commutes
** with the transpose. Only this direction: a model's own transposes (a
** TOSA-form model moved to NHWC) stay where they are, since moving them
** after the op would add one per consumer.
*/
static bool bothFromNhwc(MlirValue a, MlirValue b, MlirValue *as, MlirValue *bs) {
  if (!isToNchw(a) || !isToNchw(b))
    return false;
  *as = mlirOperationGetOperand(pt2eOpProducer(a), 0);
  *bs = mlirOperationGetOperand(pt2eOpProducer(b), 0);
  return true;
}

/*
** Q8 + Q8 as TFLite's legalization to TOSA does it: both inputs rescaled to
** i32 at scale 2 * max(s1, s2) / 2^20, added; the ACC goes on to the qcast.
** Q8 * Q8: both widened unscaled, tosa.mul, ACC scale s1 * s2.
** When both inputs are NHWC values transposed back to NCHW (a residual add
** of two conv outputs in an NCHW model), the op runs in NHWC and the ACC
** carries the transpose to NCHW, made after its rescale:
** the next conv's transpose to NHWC then cancels against it, so a residual
** network stays NHWC from block to block instead of a transpose pair
** around every add (ResNet-18: 24 transposes -> 4, fewer dispatches in IREE).
*/
static MlirLogicalResult addMulQ8(Li8Lower *l, MlirOperation op, bool mul, Li8ValueInfo *a,
                                  Li8ValueInfo *b) {
  MlirValue y = mlirOperationGetResult(op, 0);
  MlirLocation loc = mlirOperationGetLocation(op);
  double accScale;
  MlirValue ai, bi, as = a->ival, bs = b->ival;
  const int64_t *perm = bothFromNhwc(a->ival, b->ival, &as, &bs) ? toNchw : NULL;
  if (mul) {
    ai = li8Widen(l, op, as, a->zp, 1.0);
    bi = li8Widen(l, op, bs, b->zp, 1.0);
    accScale = a->scale * b->scale;
  } else {
    double twiceMax = 2.0 * fmax(a->scale, b->scale);
    const double lshift = 1048576.0; /* 2^20, TFLite's input_shift for int8 add */
    ai = li8Widen(l, op, as, a->zp, a->scale / twiceMax * lshift);
    bi = li8Widen(l, op, bs, b->zp, b->scale / twiceMax * lshift);
    accScale = twiceMax / lshift;
  }
  if (l->failed)
    return mlirLogicalResultFailure();
  MlirValue ops[3] = {ai, bi, li8ConstScalar(l, loc, 8, 0)};
  MlirValue acc = li8Build(l, loc, mul ? "tosa.mul" : "tosa.add", mul ? 3 : 2, ops,
                           mlirValueGetType(ai), 0, NULL);
  double *s = pt2eAlloc(sizeof(double));
  if (!s)
    return l->failed = true, mlirLogicalResultFailure();
  s[0] = accScale;
  countUnit(l, mul ? UMul : UAdd, acc);
  return setAcc(l, y, acc, s, 1, perm, li8RankOf(y) - 1);
}

static MlirLogicalResult lowerAddMul(Li8Lower *l, MlirOperation op, bool mul) {
  Li8ValueInfo *a = li8InfoOf(l, mlirOperationGetOperand(op, 0));
  Li8ValueInfo *b = li8InfoOf(l, mlirOperationGetOperand(op, 1));
  if (!a || !b || a->kind != Li8KindQ8 || b->kind != Li8KindQ8 ||
      !pt2eStructuredIsIdentity(op, 0) ||
      !pt2eStructuredIsIdentity(op, 1))
    return mlirLogicalResultSuccess();
  return addMulQ8(l, op, mul, a, b);
}

/* True when 'a' and 'b' have the shape of 'y' (no broadcast). */
static bool sameShapes(MlirValue a, MlirValue b, MlirValue y) {
  int r = li8RankOf(y);
  if (r > PT2E_MAX_RANK || li8RankOf(a) != r || li8RankOf(b) != r)
    return false;
  int64_t sa[PT2E_MAX_RANK], sb[PT2E_MAX_RANK], sy[PT2E_MAX_RANK];
  li8ShapeOf(a, sa);
  li8ShapeOf(b, sb);
  li8ShapeOf(y, sy);
  for (int i = 0; i < r; i++)
    if (sa[i] != sy[i] || sb[i] != sy[i])
      return false;
  return true;
}

/*
** tosa.add / tosa.mul (TOSA form) of two dequantized activations of the
** output's shape: the same integer unit as the linalg addf / mulf. A mul's
** shift operand must be the constant 0 (TOSA's float mul has no other).
*/
/* True when the tosa.mul 'op' has the shift operand i8 0 (TOSA's float
** mul has no other). */
static bool zeroShift(MlirOperation op) {
  MlirAttribute sh = mlirOperationGetNumOperands(op) == 3
                         ? pt2eConstElementsOf(mlirOperationGetOperand(op, 2))
                         : mlirAttributeGetNull();
  return !mlirAttributeIsNull(sh) && mlirAttributeIsADenseElements(sh) &&
         pt2eConstNumElements(sh) == 1 &&
         mlirTypeIsAInteger(mlirShapedTypeGetElementType(mlirAttributeGetType(sh))) &&
         mlirIntegerTypeGetWidth(mlirShapedTypeGetElementType(mlirAttributeGetType(sh))) == 8 &&
         mlirDenseElementsAttrGetInt8Value(sh, 0) == 0;
}

static MlirLogicalResult lowerTosaAddMul(Li8Lower *l, MlirOperation op, bool mul) {
  MlirValue av = mlirOperationGetOperand(op, 0), bv = mlirOperationGetOperand(op, 1);
  MlirValue y = mlirOperationGetResult(op, 0);
  Li8ValueInfo *a = li8InfoOf(l, av), *b = li8InfoOf(l, bv);
  for (int k = 0; k < 2 && !mul; k++) {
    /* a TOSA-form linear's bias: matmul, reshape, then this add */
    Li8ValueInfo *acc = k ? b : a;
    MlirValue accV = k ? bv : av;
    if (!acc || acc->kind != Li8KindAcc || !sameShapes(accV, accV, y))
      continue;
    MlirAttribute bias =
        li8TosaBiasOperand(k ? av : bv, y, acc->floatChannelDim, acc->nscales);
    if (!mlirAttributeIsNull(bias))
      return addBias(l, op, acc, bias, y);
  }
  if (!a || !b || a->kind != Li8KindQ8 || b->kind != Li8KindQ8 || !sameShapes(av, bv, y))
    return mlirLogicalResultSuccess();
  if (mul && !zeroShift(op))
    return mlirLogicalResultSuccess();
  return addMulQ8(l, op, mul, a, b);
}

/* sum over H, W of Q8 (global average pooling's first half). */
static MlirLogicalResult lowerSum(Li8Lower *l, MlirOperation op) {
  MlirValue x = mlirOperationGetOperand(op, 0), y = mlirOperationGetResult(op, 0);
  Li8ValueInfo *xi = li8InfoOf(l, x);
  if (!xi || xi->kind != Li8KindQ8 || li8RankOf(x) != 4)
    return mlirLogicalResultSuccess();
  MlirOperation b[2];
  double v;
  MlirOperation fill = pt2eOpProducer(mlirOperationGetOperand(op, 1));
  if (pt2eStructuredBodyOps(op, b, 2) != 1 || !pt2eOpIs(b[0], "arith.addf") ||
      !pt2eOpIs(fill, "linalg.fill") || !pt2eConstScalar(mlirOperationGetOperand(fill, 0), &v) ||
      v != 0.0)
    return mlirLogicalResultSuccess();
  int64_t ys[4], xs[4];
  li8ShapeOf(y, ys);
  li8ShapeOf(x, xs);
  if (ys[0] != xs[0] || ys[1] != xs[1] || ys[2] != 1 || ys[3] != 1 ||
      !pt2eStructuredIsIdentity(op, 0))
    return mlirLogicalResultSuccess();
  Li8ValueInfo yi = *xi;
  yi.kind = Li8KindPoolSum;
  yi.poolCount = xs[2] * xs[3];
  return record(l, y, &yi);
}

/* POOLSUM / count: tosa.avg_pool2d over the whole H x W. */
static MlirLogicalResult lowerMean(Li8Lower *l, MlirOperation op, Li8ValueInfo *si,
                                   double divisor) {
  MlirValue y = mlirOperationGetResult(op, 0);
  int64_t xs[4];
  li8ShapeOf(si->ival, xs);
  if (divisor != (double)si->poolCount || si->poolCount != xs[2] * xs[3])
    return mlirLogicalResultSuccess(); /* not the mean over all of H and W */
  MlirLocation loc = mlirOperationGetLocation(op);
  int64_t k[2] = {xs[2], xs[3]}, one[2] = {1, 1};
  static const int64_t pad0[4] = {0, 0, 0, 0};
  MlirNamedAttribute a[4] = {li8Named(l, "kernel", li8I64Array(l, 2, k)),
                             li8Named(l, "stride", li8I64Array(l, 2, one)),
                             li8Named(l, "pad", li8I64Array(l, 4, pad0)),
                             li8Named(l, "acc_type", mlirTypeAttrGet(li8IntType(l, 32)))};
  MlirValue xn = li8Transpose(l, loc, si->ival, 4, toNhwc);
  MlirValue ops[3] = {xn, li8ConstScalar(l, loc, 8, si->zp), li8ConstScalar(l, loc, 8, si->zp)};
  int64_t os[4] = {xs[0], 1, 1, xs[1]};
  MlirValue p = li8Build(l, loc, "tosa.avg_pool2d", 3, ops, li8TensorOf(4, os, li8IntType(l, 8)),
                         4, a);
  Li8ValueInfo yi = *si;
  yi.kind = Li8KindQ8;
  int64_t ys[4];
  li8ShapeOf(y, ys);
  yi.ival = li8Reshape(l, loc, p, 4, ys); /* N,1,1,C and N,C,1,1 share their bytes */
  countUnit(l, UPool, p);
  return record(l, y, &yi);
}

/* The one arith.addf, mulf or divf of a generic's body, when the body
** yields its result; else null. */
static MlirOperation arithBody(MlirOperation op) {
  MlirOperation b[2];
  if (pt2eStructuredBodyOps(op, b, 2) != 1)
    return (MlirOperation){NULL};
  if (!pt2eOpIs(b[0], "arith.addf") && !pt2eOpIs(b[0], "arith.mulf") &&
      !pt2eOpIs(b[0], "arith.divf"))
    return (MlirOperation){NULL};
  if (!mlirValueEqual(pt2eStructuredYielded(op), mlirOperationGetResult(b[0], 0)))
    return (MlirOperation){NULL};
  return b[0];
}

/* POOLSUM / constant ('div', the body's divf): the global average pool's
** mean. */
/*
** tosa.reduce_sum over H or W (axis 2 or 3) of a Q8 NCHW tensor, or of such
** a sum over the other one: TOSA's adaptive average pooling to 1x1 is two
** reduce_sums and a mul by 1 / (H * W). A POOLSUM keeps the unsummed i8
** and the count of elements summed so far.
*/
static MlirLogicalResult lowerTosaReduceSum(Li8Lower *l, MlirOperation op) {
  MlirValue x = mlirOperationGetOperand(op, 0), y = mlirOperationGetResult(op, 0);
  Li8ValueInfo *xi = li8InfoOf(l, x);
  MlirAttribute axisAttr = pt2eOpAttr(op, "axis");
  if (!xi || (xi->kind != Li8KindQ8 && xi->kind != Li8KindPoolSum) || li8RankOf(x) != 4 ||
      li8RankOf(xi->ival) != 4 || !mlirAttributeIsAInteger(axisAttr))
    return mlirLogicalResultSuccess();
  int64_t axis = mlirIntegerAttrGetValueInt(axisAttr), xs[4], is[4];
  li8ShapeOf(x, xs);
  li8ShapeOf(xi->ival, is);
  if ((axis != 2 && axis != 3) || xs[axis] != is[axis] || (xs[axis] == 1 && is[axis] != 1))
    return mlirLogicalResultSuccess();
  int other = axis == 2 ? 3 : 2;
  if (xi->kind == Li8KindQ8 && (xs[other] != is[other] || xs[0] != is[0] || xs[1] != is[1]))
    return mlirLogicalResultSuccess();
  if (xi->kind == Li8KindPoolSum && (xs[other] != 1 || xi->poolCount != is[other]))
    return mlirLogicalResultSuccess();
  Li8ValueInfo yi = *xi;
  yi.kind = Li8KindPoolSum;
  yi.poolCount = (xi->kind == Li8KindPoolSum ? xi->poolCount : 1) * xs[axis];
  return record(l, y, &yi);
}

static MlirLogicalResult lowerPoolDivide(Li8Lower *l, MlirOperation op, MlirOperation div) {
  Li8ValueInfo *si = li8InfoOf(l, mlirOperationGetOperand(op, 0));
  double d;
  if (si && si->kind == Li8KindPoolSum && pt2eConstScalar(mlirOperationGetOperand(div, 1), &d))
    return lowerMean(l, op, si, d);
  return mlirLogicalResultSuccess();
}

/* x * 1.0 (StableHLO's addmm scales its product by alpha = 1): the result
** is x, in the integer form x has (no op). */
static MlirLogicalResult lowerUnitScale(Li8Lower *l, MlirOperation op) {
  MlirValue y = mlirOperationGetResult(op, 0);
  Li8ValueInfo *xi = li8InfoOf(l, li8SkipUnitScale(y));
  if (!xi || (xi->kind != Li8KindQ8 && xi->kind != Li8KindAcc))
    return mlirLogicalResultSuccess();
  Li8ValueInfo yi = *xi;
  if (xi->kind == Li8KindAcc && !ownScales(l, &yi, xi))
    return mlirLogicalResultFailure();
  return record(l, y, &yi);
}

/* in0 + in1: an ACC plus a bias operand (either order: addBias), else two
** Q8 (lowerAddMul). */
static MlirLogicalResult lowerAddf(Li8Lower *l, MlirOperation op) {
  MlirValue in0 = mlirOperationGetOperand(op, 0), in1 = mlirOperationGetOperand(op, 1);
  for (int k = 0; k < 2; k++) {
    Li8ValueInfo *acc = li8InfoOf(l, k ? in1 : in0);
    if (acc && acc->kind == Li8KindAcc && pt2eStructuredIsIdentity(op, k)) {
      MlirAttribute bias = li8BiasOperand(op, 1 - k, acc->floatChannelDim, acc->nscales);
      if (!mlirAttributeIsNull(bias))
        return addBias(l, op, acc, bias, mlirOperationGetResult(op, 0));
    }
  }
  return lowerAddMul(l, op, false);
}

/* A transpose in any spelling (linalg.transpose, tosa.transpose, a generic
   copy permuting its loops on either map: passes/ir/copy.h). */
static MlirLogicalResult lowerAnyTranspose(Li8Lower *l, MlirOperation op) {
  int64_t perm[PT2E_MAX_RANK];
  int rank = pt2eCopyTranspose(op, perm);
  return rank < 0 ? mlirLogicalResultSuccess() : lowerTranspose(l, op, perm, rank);
}

/*
** linalg.generic: a min/max clamp (applyClamp), or one addf, mulf or divf:
** POOLSUM / count, the H x W sum of a Q8, ACC + bias, Q8 + Q8, Q8 * Q8.
*/
static MlirLogicalResult lowerGeneric(Li8Lower *l, MlirOperation op) {
  intptr_t nOps = mlirOperationGetNumOperands(op);
  if (mlirOperationGetNumResults(op) != 1)
    return mlirLogicalResultSuccess();
  double lo, hi;
  if (pt2eCopyIsGeneric(op))
    return lowerAnyTranspose(l, op);
  /* linalg-generalize-named-ops' conv and matmul: lowered as the named ops */
  bool depthwise;
  int64_t stride[2], dil[2];
  if (pt2eMatchNchwConv(op, &depthwise, stride, dil))
    return lowerLinalgConv(l, op, depthwise, stride, dil);
  if (nOps == 3 && mlirLinalgIsAContractionOp(op) && plainMatmulMaps(op))
    return lowerMatmul(l, op);
  MlirValue clamped;
  if (pt2eMatchClamp(op, &clamped, &lo, &hi))
    return applyClamp(l, op, clamped, mlirOperationGetResult(op, 0), lo, hi);
  MlirOperation b = arithBody(op);
  if (mlirOperationIsNull(b))
    return mlirLogicalResultSuccess();
  bool add = pt2eOpIs(b, "arith.addf"), mul = pt2eOpIs(b, "arith.mulf");
  bool div = pt2eOpIs(b, "arith.divf");
  int a0 = pt2eStructuredArgIndex(op, mlirOperationGetOperand(b, 0));
  int a1 = pt2eStructuredArgIndex(op, mlirOperationGetOperand(b, 1));
  if (div && nOps == 2 && a0 == 0)
    return lowerPoolDivide(l, op, b);
  if (add && nOps == 2 && a0 >= 0 && a1 == 1 && a0 != a1 && a0 == 0 &&
      li8KindOf(l, mlirOperationGetOperand(op, 0)) == Li8KindQ8)
    return lowerSum(l, op); /* could be the sum reduction: out = out + in */
  if (nOps != 3 || a0 < 0 || a1 < 0 || a0 == a1 || a0 > 1 || a1 > 1)
    return mlirLogicalResultSuccess();
  if (add)
    return lowerAddf(l, op);
  if (mul && li8SkipUnitScale(mlirOperationGetResult(op, 0)).ptr !=
                 mlirOperationGetResult(op, 0).ptr)
    return lowerUnitScale(l, op);
  if (mul)
    return lowerAddMul(l, op, true);
  return mlirLogicalResultSuccess();
}

/* }====================================================================== */

/*
** {======================================================================
** Dispatch
** =======================================================================
*/

static MlirLogicalResult lowerLinalgConv2d(Li8Lower *l, MlirOperation op) {
  int64_t stride[2], dil[2];
  li8StrideDilation(op, stride, dil);
  return lowerLinalgConv(l, op, false, stride, dil);
}

static MlirLogicalResult lowerLinalgDepthwise(Li8Lower *l, MlirOperation op) {
  int64_t stride[2], dil[2];
  li8StrideDilation(op, stride, dil);
  return lowerLinalgConv(l, op, true, stride, dil);
}

static MlirLogicalResult lowerTosaMaxPool(Li8Lower *l, MlirOperation op) {
  return lowerTosaPool(l, op, false);
}

static MlirLogicalResult lowerTosaAvgPool(Li8Lower *l, MlirOperation op) {
  return lowerTosaPool(l, op, true);
}

static MlirLogicalResult lowerTosaAdd(Li8Lower *l, MlirOperation op) {
  return lowerTosaAddMul(l, op, false);
}

/* tosa.mul: a POOLSUM times the f32 of 1 / count (the end of an average
** pool in TOSA form), else Q8 * Q8. */
static MlirLogicalResult lowerTosaMul(Li8Lower *l, MlirOperation op) {
  Li8ValueInfo *si = li8InfoOf(l, mlirOperationGetOperand(op, 0));
  MlirAttribute c = pt2eConstElementsOf(mlirOperationGetOperand(op, 1));
  if (si && si->kind == Li8KindPoolSum && zeroShift(op) && pt2eConstIsF32(c) &&
      pt2eConstNumElements(c) == 1 &&
      pt2eConstF32At(c, 0) == (float)(1.0 / (double)si->poolCount))
    return lowerMean(l, op, si, (double)si->poolCount);
  return lowerTosaAddMul(l, op, true);
}

static MlirLogicalResult lowerTensorConcat(Li8Lower *l, MlirOperation op) {
  return lowerConcat(l, op, false);
}

static MlirLogicalResult lowerTosaConcat(Li8Lower *l, MlirOperation op) {
  return lowerConcat(l, op, true);
}

/* linalg.transpose ('permutation', i64) or tosa.transpose ('perms', i32). */
/* A clamp in any spelling (passes/ir/match.h, pt2eMatchClamp): tosa.clamp,
** tosa.maximum / minimum with a constant, a generic computing one. */
static MlirLogicalResult lowerAnyClamp(Li8Lower *l, MlirOperation op) {
  MlirValue in;
  double lo, hi;
  if (!pt2eMatchClamp(op, &in, &lo, &hi))
    return mlirLogicalResultSuccess();
  return applyClamp(l, op, in, mlirOperationGetResult(op, 0), lo, hi);
}

/*
** The ops the pass lowers, each with its lowering: the one place an op is
** given an integer form. A lowering that does not match its op's operands
** leaves it alone (success); any other op stays in Q/DQ form.
*/
typedef MlirLogicalResult (*LowerFn)(Li8Lower *l, MlirOperation op);

static const struct {
  const char *name;
  LowerFn lower;
} lowerings[] = {
    {"quant.qcast", lowerQCast},
    {"quant.dcast", lowerDCast},
    {"linalg.conv_2d_nchw_fchw", lowerLinalgConv2d},
    {"linalg.depthwise_conv_2d_nchw_chw", lowerLinalgDepthwise},
    {"tosa.conv2d", lowerTosaConv},
    {"tosa.depthwise_conv2d", lowerTosaDepthwise},
    {"linalg.matmul", lowerMatmul},
    {"tosa.matmul", lowerTosaMatmul},
    {"tosa.max_pool2d", lowerTosaMaxPool},
    {"tosa.avg_pool2d", lowerTosaAvgPool},
    {"tosa.add", lowerTosaAdd},
    {"tosa.mul", lowerTosaMul},
    {"tensor.pad", lowerPad},
    {"linalg.pooling_nchw_max", lowerMaxPool},
    {"linalg.generic", lowerGeneric},
    {"tensor.concat", lowerTensorConcat},
    {"tosa.concat", lowerTosaConcat},
    {"tensor.collapse_shape", lowerReshape},
    {"tensor.expand_shape", lowerReshape},
    {"tosa.reshape", lowerReshape},
    {"tosa.reduce_sum", lowerTosaReduceSum},
    {"linalg.transpose", lowerAnyTranspose},
    {"tosa.transpose", lowerAnyTranspose},
    {"tosa.clamp", lowerAnyClamp},
    {"tosa.maximum", lowerAnyClamp},
    {"tosa.minimum", lowerAnyClamp},
};

static MlirLogicalResult lowerOp(Li8Lower *l, MlirOperation op) {
  for (size_t i = 0; i < sizeof lowerings / sizeof *lowerings; i++)
    if (pt2eOpIs(op, lowerings[i].name))
      return lowerings[i].lower(l, op);
  return mlirLogicalResultSuccess();
}

/* }====================================================================== */

/*
** {======================================================================
** The function: walk, rewrite, cleanup, interface, report
** =======================================================================
*/

/* Ops the pass may erase when nobody reads them (all without effects). */
static bool erasable(MlirOperation op) {
  static const char *const prefixes[] = {"arith.", "linalg.", "tensor.", "quant.", "tosa."};
  for (size_t i = 0; i < sizeof prefixes / sizeof *prefixes; i++)
    if (pt2eOpHasPrefix(op, prefixes[i]))
      return true;
  return false;
}

static bool unused(MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); i++)
    if (!mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(op, i))))
      return false;
  return true;
}

/* A float compute op still alive after the lowering: left in Q/DQ form. */
static bool isCompute(MlirOperation op) {
  if (pt2eOpIs(op, "tensor.empty") || pt2eOpIs(op, "arith.constant") ||
      pt2eOpIs(op, "tosa.const") || pt2eOpIs(op, "tosa.const_shape") ||
      pt2eOpIs(op, "func.return") || pt2eOpHasPrefix(op, "quant."))
    return false;
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); i++) {
    MlirType t = mlirValueGetType(mlirOperationGetResult(op, i));
    if (mlirTypeIsAShaped(t) && mlirTypeIsAFloat(mlirShapedTypeGetElementType(t)))
      return true;
  }
  return false;
}

static void printToFile(MlirStringRef s, void *userData) {
  fwrite(s.data, 1, s.length, (FILE *)userData);
}

static void printQType(MlirType quantTensor) {
  Li8QType q;
  if (li8ReadQType(quantTensor, &q))
    fprintf(stderr, " i8 scale %.17g zero point %lld", q.scale, (long long)q.zp);
}

/* interface=int8's arguments: an argument read only by quant.qcast ->
** quant.scast to i8 becomes that i8 tensor (its qparams printed). */
static void int8Arguments(MlirStringRef name, MlirBlock block) {
  intptr_t nArgs = mlirBlockGetNumArguments(block);
  for (intptr_t i = 0; i < nArgs; i++) {
    MlirValue a = mlirBlockGetArgument(block, (intptr_t)i);
    MlirOperation q = pt2eOpSoleUser(a);
    if (!pt2eOpIs(q, "quant.qcast"))
      continue;
    MlirOperation s = pt2eOpSoleUser(mlirOperationGetResult(q, 0));
    if (!pt2eOpIs(s, "quant.scast"))
      continue;
    MlirValue i8 = mlirOperationGetResult(s, 0);
    fprintf(stderr, "pt2e-lower-int8: @%.*s: argument %d is", (int)name.length, name.data,
            (int)i);
    printQType(mlirValueGetType(mlirOperationGetResult(q, 0)));
    fputc('\n', stderr);
    mlirValueSetType(a, mlirValueGetType(i8));
    mlirValueReplaceAllUsesOfWith(i8, a);
    mlirOperationDestroy(s);
    mlirOperationDestroy(q);
  }
}

/* interface=int8's results: a result that is quant.dcast(quant.scast(i8))
** returns the i8 (its qparams printed); the casts go when unread. */
static void int8Results(MlirStringRef name, MlirOperation ret) {
  intptr_t nRes = mlirOperationGetNumOperands(ret);
  for (intptr_t i = 0; i < nRes; i++) {
    MlirOperation d = pt2eOpProducer(mlirOperationGetOperand(ret, i));
    if (!pt2eOpIs(d, "quant.dcast"))
      continue;
    MlirOperation s = pt2eOpProducer(mlirOperationGetOperand(d, 0));
    if (!pt2eOpIs(s, "quant.scast"))
      continue;
    MlirValue i8 = mlirOperationGetOperand(s, 0);
    if (!mlirTypeIsAInteger(li8EltOf(i8)))
      continue;
    fprintf(stderr, "pt2e-lower-int8: @%.*s: result %d is", (int)name.length, name.data,
            (int)i);
    printQType(mlirValueGetType(mlirOperationGetOperand(d, 0)));
    fputc('\n', stderr);
    mlirOperationSetOperand(ret, i, i8);
    if (unused(d)) {
      mlirOperationDestroy(d);
      if (unused(s))
        mlirOperationDestroy(s);
    }
  }
}

/* The function's type from its block's arguments and its return's operands
** (left as it is beyond 64 of either). */
static void retypeFunc(MlirOperation func, MlirBlock block, MlirOperation ret) {
  intptr_t nArgs = mlirBlockGetNumArguments(block), nRes = mlirOperationGetNumOperands(ret);
  MlirType ins[64], outs[64];
  if (nArgs > 64 || nRes > 64)
    return;
  for (intptr_t i = 0; i < nArgs; i++)
    ins[i] = mlirValueGetType(mlirBlockGetArgument(block, i));
  for (intptr_t i = 0; i < nRes; i++)
    outs[i] = mlirValueGetType(mlirOperationGetOperand(ret, i));
  MlirContext ctx = mlirOperationGetContext(func);
  mlirOperationSetAttributeByName(
      func, mlirStringRefCreateFromCString("function_type"),
      mlirTypeAttrGet(mlirFunctionTypeGet(ctx, nArgs, ins, nRes, outs)));
}

/*
** interface=int8: the arguments and results that are quantized to or
** dequantized from i8 become those i8 tensors; the function type follows.
** Others stay as they are.
*/
static void makeInt8Interface(MlirOperation func, MlirBlock block) {
  MlirStringRef name = pt2eSymbolName(func);
  int8Arguments(name, block);
  MlirOperation ret = mlirBlockGetTerminator(block);
  int8Results(name, ret);
  retypeFunc(func, block, ret);
}

typedef PT2E_VEC(MlirOperation) OpList;

/* The ops of 'block' in order into 'ops' (empty at the call); false when
** out of memory, with 'ops' freed. */
static bool listOps(MlirBlock block, OpList *ops) {
  for (MlirOperation o = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o))
    if (!PT2E_PUSH(*ops, o)) {
      pt2eFree(ops->at);
      return false;
    }
  return true;
}

/* Gives each op of 'ops' in turn its integer form (lowerOp), until one
** fails; false then, with the walk marked failed. */
static bool lowerOps(Li8Lower *l, const OpList *ops) {
  for (size_t i = 0; i < ops->size && !l->failed; i++) {
    l->anchor = ops->at[i];
    if (mlirLogicalResultIsFailure(lowerOp(l, ops->at[i])))
      l->failed = true;
  }
  return !l->failed;
}

/* Every lowered qcast is read through a quant.scast of its integer value
** instead; the number of them. */
static int rewriteQCasts(Li8Lower *l) {
  int lowered = 0;
  for (size_t i = 0; i < l->loweredQ.size; i++) {
    MlirOperation q = l->loweredQ.at[i];
    l->anchor = q;
    MlirValue qv = mlirOperationGetResult(q, 0);
    MlirValue s = li8Build(l, mlirOperationGetLocation(q), "quant.scast", 1,
                           &l->loweredQVal.at[i], mlirValueGetType(qv), 0, NULL);
    mlirValueReplaceAllUsesOfWith(qv, s);
    lowered++;
  }
  return lowered;
}

static int unitByOp(const void *a, const void *b) {
  uintptr_t x = (uintptr_t)((const Li8Unit *)a)->out.ptr;
  uintptr_t y = (uintptr_t)((const Li8Unit *)b)->out.ptr;
  return x < y ? -1 : x > y;
}

/* Drops the units whose result 'op' makes: 'op' is about to be erased as
** dead, so they were rolled back, not lowered. l->units is sorted by op. */
static void dropUnitsOf(Li8Lower *l, MlirOperation op) {
  Li8Unit key = {op, 0};
  if (l->units.size == 0)
    return; /* no array to search (bsearch wants a non-null base) */
  Li8Unit *u = bsearch(&key, l->units.at, l->units.size, sizeof key, unitByOp);
  if (!u)
    return;
  while (u > l->units.at && u[-1].out.ptr == op.ptr)
    u--;
  for (; u < l->units.at + l->units.size && u->out.ptr == op.ptr; u++)
    u->kind = -1;
}

/*
** Erases what nobody reads, last op first: a use always follows its
** definition in the block, so one backward sweep erases whole chains. A
** unit whose result is erased is not counted (dropUnitsOf). False when out
** of memory (nothing erased).
*/
static bool eraseDead(Li8Lower *l) {
  OpList all = {NULL, 0, 0};
  if (!listOps(l->block, &all))
    return false;
  if (l->units.size)
    qsort(l->units.at, l->units.size, sizeof *l->units.at, unitByOp);
  for (size_t i = all.size; i-- > 0;)
    if (erasable(all.at[i]) && unused(all.at[i])) {
      dropUnitsOf(l, all.at[i]);
      mlirOperationDestroy(all.at[i]);
    }
  pt2eFree(all.at);
  return true;
}

/*
** Per-axis activations (per-channel activation ranges: activation-ch-axis,
** per-channel histograms) have no TOSA form here: tosa.rescale and the
** zero-point inputs take one scale and zero point per activation tensor.
** Said once per quant.qcast, whose readers then stay in Q/DQ form.
*/
static void reportPerAxis(MlirBlock block) {
  for (MlirOperation o = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o)) {
    if (!pt2eOpIs(o, "quant.qcast"))
      continue;
    MlirType e = mlirShapedTypeGetElementType(mlirValueGetType(mlirOperationGetResult(o, 0)));
    MlirValue in = mlirOperationGetOperand(o, 0);
    if (!mlirTypeIsAUniformQuantizedPerAxisType(e) ||
        pt2eOpIs(pt2eOpProducer(in), "arith.constant"))
      continue;
    fprintf(stderr, "pt2e-lower-int8: not lowered: 'quant.qcast' at ");
    mlirLocationPrint(mlirOperationGetLocation(o), printToFile, stderr);
    fprintf(stderr, " quantizes a non-constant tensor per axis %d (a per-channel "
                    "activation, or a weight passed as an argument); TOSA's "
                    "rescale takes one scale per activation tensor, so its "
                    "readers stay in Q/DQ form (pt2e-lower-quant lowers it)\n",
            (int)mlirUniformQuantizedPerAxisTypeGetQuantizedDimension(e));
  }
}

/* Why the float compute op 'op' is still here: pt2e-annotate's coverage
   record when it was never quantized (coverage.h), else what reaches it. */
static const char *leftReason(MlirOperation op) {
  for (intptr_t k = 0; k < mlirOperationGetNumOperands(op); k++)
    if (pt2eOpIs(pt2eOpProducer(mlirOperationGetOperand(op, k)), "quant.dcast"))
      return "its operands are dequantized but this pass has no int8 TOSA form for "
             "it in this form";
  return "no quantized value reaches it (no pt2e annotation)";
}

/* Each float compute op left, with its reason, on stderr: the coverage
   after the lowering; with 'strict' the first one is an error instead. */
static bool printLeft(const Li8Lower *l, bool strict, int *left) {
  for (MlirOperation o = mlirBlockGetFirstOperation(l->block); !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o)) {
    if (!isCompute(o))
      continue;
    ++*left;
    MlirStringRef record = pt2eCoverageGet(o), n = pt2eOpNameOf(o);
    if (strict) {
      if (record.data)
        pt2eEmitError(mlirOperationGetLocation(o),
                      "pt2e-lower-int8 (strict=true): this '%.*s' is not quantized: %.*s",
                      (int)n.length, n.data, (int)record.length, record.data);
      else
        pt2eEmitError(mlirOperationGetLocation(o),
                      "pt2e-lower-int8 (strict=true): this '%.*s' is not lowered to int8: %s",
                      (int)n.length, n.data, leftReason(o));
      return false;
    }
    if (record.data) {
      pt2eCoveragePrint("pt2e-lower-int8", o, record);
      continue;
    }
    fprintf(stderr, "pt2e-lower-int8: left in Q/DQ form: '%.*s' at ", (int)n.length, n.data);
    mlirLocationPrint(mlirOperationGetLocation(o), printToFile, stderr);
    fprintf(stderr, ": %s\n", leftReason(o));
  }
  return true;
}

/* The summary: each float op left (printLeft), then one line of what was
** lowered ('lowered' qcasts, the units by kind) and what was left. */
static bool printSummary(const Li8Lower *l, MlirOperation func, int lowered, bool strict) {
  int left = 0;
  if (!printLeft(l, strict, &left))
    return false;
  MlirStringRef name = pt2eSymbolName(func);
  fprintf(stderr, "pt2e-lower-int8: @%.*s: %d quant.qcast lowered (", (int)name.length,
          name.data, lowered);
  enum { NumKinds = sizeof unitNames / sizeof *unitNames };
  int count[NumKinds] = {0};
  for (size_t i = 0; i < l->units.size; i++)
    if (l->units.at[i].kind >= 0)
      count[l->units.at[i].kind]++;
  bool first = true;
  for (int k = 0; k < NumKinds; k++)
    if (count[k]) {
      fprintf(stderr, "%s%s %d", first ? "" : ", ", unitNames[k], count[k]);
      first = false;
    }
  fprintf(stderr, "), %d float ops left in Q/DQ form\n", left);
  return true;
}

/*
** One function: collect its ops, lower them in order (on failure every op
** created is erased), rewrite the lowered qcasts, erase the dead float ops,
** give it the int8 interface when asked, then report per-axis qcasts and
** the summary.
*/
static MlirLogicalResult lowerFunc(MlirOperation func, bool floatRescale, bool int8Interface,
                                   bool strict) {
  Li8Lower l;
  memset(&l, 0, sizeof l);
  l.ctx = mlirOperationGetContext(func);
  l.floatRescale = floatRescale;
  l.block = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  if (mlirBlockIsNull(l.block))
    return mlirLogicalResultSuccess();
  OpList ops = {NULL, 0, 0};
  if (!listOps(l.block, &ops))
    return pt2eOutOfMemory(mlirOperationGetLocation(func), "'pt2e-lower-int8'");
  bool lowered = lowerOps(&l, &ops);
  pt2eFree(ops.at);
  if (!lowered) {
    li8EraseCreated(&l);
    li8StateFree(&l);
    return mlirLogicalResultFailure();
  }
  int qcasts = rewriteQCasts(&l);
  if (!eraseDead(&l)) {
    li8StateFree(&l);
    return pt2eOutOfMemory(mlirOperationGetLocation(func), "'pt2e-lower-int8'");
  }
  if (int8Interface)
    makeInt8Interface(func, l.block);
  reportPerAxis(l.block);
  bool clean = printSummary(&l, func, qcasts, strict);
  li8StateFree(&l);
  return clean ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

/* }====================================================================== */

static MlirLogicalResult lowerInt8Run(MlirOperation module, const Pt2eOptionValue *options) {
  if (!pt2eStringRefIs(options[OptTarget].stringValue, "tosa"))
    return pt2eEmitError(mlirOperationGetLocation(module),
                         "pt2e-lower-int8: unknown target '%.*s' (only 'tosa')",
                         (int)options[OptTarget].stringValue.length,
                         options[OptTarget].stringValue.data);
  MlirStringRef rs = options[OptRescale].stringValue;
  bool floatRescale = pt2eStringRefIs(rs, "float");
  if (!floatRescale && !pt2eStringRefIs(rs, "tosa"))
    return pt2eEmitError(mlirOperationGetLocation(module),
                         "pt2e-lower-int8: unknown rescale '%.*s' (tosa or float)", (int)rs.length,
                         rs.data);
  MlirStringRef io = options[OptInterface].stringValue;
  bool int8Interface = pt2eStringRefIs(io, "int8");
  if (!int8Interface && !pt2eStringRefIs(io, "float"))
    return pt2eEmitError(mlirOperationGetLocation(module),
                         "pt2e-lower-int8: unknown interface '%.*s' (float or int8)",
                         (int)io.length, io.data);
  MlirBlock top = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation f = mlirBlockGetFirstOperation(top); !mlirOperationIsNull(f);
       f = mlirOperationGetNextInBlock(f))
    if (pt2eOpIs(f, "func.func") &&
        mlirLogicalResultIsFailure(
            lowerFunc(f, floatRescale, int8Interface, options[OptStrict].boolValue)))
      return mlirLogicalResultFailure();
  return mlirLogicalResultSuccess();
}

static MlirDialectHandle (*const lowerInt8Dialects[])(void) = {
    mlirGetDialectHandle__tosa__, mlirGetDialectHandle__quant__};

const Pt2ePassDecl pt2eLowerInt8Pass = {
    .argument = "pt2e-lower-int8",
    .name = "Pt2eLowerInt8",
    .summary = "Lower pt2e-convert's quant.dcast -> op -> quant.qcast units to TOSA 1.0 integer "
               "ops (i8, i32 accumulation, tosa.rescale)",
    .anchorOp = "builtin.module",
    .options = lowerInt8Options,
    .numOptions = NumOptions,
    .dependentDialects = lowerInt8Dialects,
    .numDependentDialects = sizeof lowerInt8Dialects / sizeof *lowerInt8Dialects,
    .run = lowerInt8Run,
};
