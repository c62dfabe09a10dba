/*
** lower_quant.c
** pt2e-lower-quant: quant.qcast / quant.dcast become linalg.generic ops over
** arith and math that compute exactly what PyTorch's
** quantized_decomposed.quantize_per_tensor / dequantize_per_tensor (and the
** per-channel variants) compute (torchao-numerics.md sections 5 and 10;
** qparams.h, pt2eQuantizeValue / pt2eDequantizeValue):
**
**   quantize:   q = int(clamp(roundeven(x * f(1/s)) + zp, qmin, qmax))
**     %m = arith.mulf %x, <f(1/s)>     multiply by the f32 reciprocal
**     %r = math.roundeven %m           half to even, before the zero point
**     %a = arith.addf %r, <zp>
**     clamp: select(a < qmin, qmin, a), then select(. > qmax, qmax, .)
**            in f32, so NaN stays NaN, as torch.clamp
**     NaN -> -2^31, arith.fptosi to i64, arith.trunci to the storage width:
**            torch casts through int32 on x86-64 (NaN and 2^31 give
**            INT32_MIN, so 0 in 4, 8 and 16 bits)
**   dequantize: per tensor  y = f(f(float(q) - zp) * s)
**               per channel y = f(float(q - zp_c) * s_c)  (int64 subtraction)
**
** Casts on scalars become the same arith/math ops in place. Per-axis types
** read their scale and zero point from small constant tensors indexed by the
** quantized dimension; sub-channel (block-wise) types from constants of the
** scales' shape, over the tensor viewed with each blocked dim cut in
** (blocks, block), dequantizing as torchao's dequantize_affine:
** f(f(float(q) - zp) * s). pt2e.dynamic_qdq (a dynamic spec) becomes the
** reductions and arithmetic of its qparams and its quantize-dequantize
** (lq_dynamic.c). Each lowered qcast ends in a
** quant.scast to its quant type and each lowered dcast reads through one;
** pairs of quant.scast that undo each other are then removed, so a
** qcast -> dcast chain leaves no quant op, and a folded weight
** (constant -> scast -> dcast) becomes its integer constant feeding the
** dequantize. A quant.scast that remains connects to a value whose quant
** type is seen elsewhere (function arguments and results: upstream's
** --strip-func-quant-types handles those).
**
** Unlike upstream --lower-quant-ops this rounds half to even instead of
** truncating (arith.fptosi), multiplies by the reciprocal and rounds before
** adding the zero point, and always clamps (README, "Upstream hazards").
*/
#include "pt2e_passes.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/Linalg.h"
#include "mlir-c/Dialect/Math.h"
#include "mlir-c/Dialect/Quant.h"
#include "mlir-c/Dialect/Tensor.h"
#include "mlir-c/IR.h"

#include "cmpf.h"
#include "constants.h"
#include "ir_ops.h"
#include "lq_build.h"
#include "lq_dynamic.h"
#include "pt2e_spec.h"
#include "pt2e_support.h"

/* The quant cast a Lowering rewrites (quant.scast is only collected). */
typedef enum CastKind { CastQCast, CastDCast, CastSCast } CastKind;

/* One quant op and everything its lowering needs, computed up front. */
typedef struct Lowering {
  MlirOperation op;
  CastKind kind;
  bool scalar;            /* on f32 / !quant.uniform scalars, not tensors */
  MlirType floatTensor;   /* tensor<... x f32> (or f32) */
  MlirType quantTensor;   /* tensor<... x !quant.uniform<...>> (or the type) */
  MlirType storageTensor; /* tensor<... x iN> (or iN) */
  unsigned width;
  bool isSigned;
  bool perAxis;
  int32_t axis;
  /* sub-channel (block-wise) types: each dim d in blocks of block[d];
  ** axisA / axisB then hold the qparams in the scales' shape */
  bool subChannel;
  int rank;
  int64_t block[LQ_MAX_RANK], size[LQ_MAX_RANK];
  float scale, inv, zpF; /* per tensor */
  int64_t zp;
  float qmin, qmax;
  MlirAttribute axisA, axisB; /* per axis: (inv, zp f32) or (scale, zp i64) */
} Lowering;

/* A pt2e.dynamic_qdq and its spec (checked when collected). */
typedef struct Dynamic {
  MlirOperation op;
  Pt2eQuantSpec q;
} Dynamic;

typedef struct Lower {
  Lowering *ops;
  int count;
  size_t capacity;
  Dynamic *dyn;
  int numDyn;
  size_t capDyn;
  MlirOperation *scasts; /* existing and new quant.scast ops */
  int numScasts;
  size_t capScasts;
  bool failed;
} Lower;

/* {======================================================================
** Checking and planning
** ======================================================================= */

/* "'pt2e-lower-quant': '<op name>' <what>" at the op. */
static MlirLogicalResult opError(MlirOperation op, const char *what) {
  MlirStringRef n = pt2eOpNameOf(op);
  return pt2eEmitOpError(op, "pt2e-lower-quant", "'%.*s' %s", (int)n.length,
                         n.data, what);
}

static MlirLogicalResult outOfMemory(MlirLocation loc) {
  return pt2eOutOfMemory(loc, "'pt2e-lower-quant'");
}

static MlirType withElementType(MlirType type, MlirType elem) {
  intptr_t rank = mlirShapedTypeGetRank(type);
  int64_t shape[LQ_MAX_RANK];
  for (intptr_t i = 0; i < rank; i++)
    shape[i] = mlirShapedTypeGetDimSize(type, i);
  return mlirRankedTensorTypeGet(rank, shape, elem,
                                 mlirRankedTensorTypeGetEncoding(type));
}

/* Per-axis constants: (f(1/s_c), float(zp_c)) for qcast, (s_c, zp_c) for dcast. */
static MlirLogicalResult axisConstants(Lowering *l, MlirType qtype) {
  MlirContext ctx = mlirTypeGetContext(qtype);
  intptr_t n = mlirUniformQuantizedPerAxisTypeGetNumDims(qtype);
  float *a = pt2eAlloc((size_t)n * sizeof *a);
  float *zf = pt2eAlloc((size_t)n * sizeof *zf);
  int64_t *zi = pt2eAlloc((size_t)n * sizeof *zi);
  if (!a || !zf || !zi) {
    pt2eFree(a);
    pt2eFree(zf);
    pt2eFree(zi);
    return outOfMemory(mlirOperationGetLocation(l->op));
  }
  for (intptr_t c = 0; c < n; c++) {
    float s = (float)mlirUniformQuantizedPerAxisTypeGetScale(qtype, c);
    zi[c] = mlirUniformQuantizedPerAxisTypeGetZeroPoint(qtype, c);
    zf[c] = (float)zi[c];
    a[c] = l->kind == CastQCast ? 1.0f / s : s;
  }
  int64_t shape[1] = {(int64_t)n};
  MlirType ft = mlirRankedTensorTypeGet(1, shape, mlirF32TypeGet(ctx),
                                        mlirAttributeGetNull());
  MlirType it = mlirRankedTensorTypeGet(1, shape, mlirIntegerTypeGet(ctx, 64),
                                        mlirAttributeGetNull());
  l->axisA = mlirDenseElementsAttrFloatGet(ft, n, a);
  l->axisB = l->kind == CastQCast ? mlirDenseElementsAttrFloatGet(ft, n, zf)
                                  : mlirDenseElementsAttrInt64Get(it, n, zi);
  pt2eFree(a);
  pt2eFree(zf);
  pt2eFree(zi);
  return mlirLogicalResultSuccess();
}

/*
** A sub-channel type's qparams as constants of the scales' shape: f(1/s)
** and float(zp) for qcast, s and float(zp) for dcast (torchao's
** dequantize_affine subtracts in float: f(f(float(q) - zp) * s)). The
** blocks per dim; a tensor of static shape only.
*/
static MlirLogicalResult subChannelConstants(Lowering *l, MlirType q) {
  MlirAttribute scales = mlirUniformQuantizedSubChannelTypeGetScales(q);
  MlirAttribute zps = mlirUniformQuantizedSubChannelTypeGetZeroPoints(q);
  MlirType t = l->quantTensor;
  if (l->scalar || !mlirShapedTypeHasStaticShape(t) ||
      !mlirAttributeIsADenseElements(scales) || !mlirAttributeIsADenseElements(zps))
    return opError(l->op, "of a sub-channel type is lowered on tensors of "
                          "static shape with dense scales only");
  l->subChannel = true;
  l->rank = (int)mlirShapedTypeGetRank(t);
  for (int d = 0; d < l->rank; d++) {
    l->size[d] = mlirShapedTypeGetDimSize(t, d);
    l->block[d] = l->size[d]; /* an unlisted dim is one block */
  }
  for (intptr_t p = 0; p < mlirUniformQuantizedSubChannelTypeGetNumBlockSizes(q); p++) {
    int32_t d = mlirUniformQuantizedSubChannelTypeGetQuantizedDimension(q, p);
    int64_t b = mlirUniformQuantizedSubChannelTypeGetBlockSize(q, p);
    if (d < 0 || d >= l->rank || b <= 0 || l->size[d] % b != 0)
      return opError(l->op, "has a sub-channel type whose blocks do not fit "
                            "the tensor");
    l->block[d] = b;
  }
  MlirType se = mlirShapedTypeGetElementType(mlirAttributeGetType(scales));
  MlirType ze = mlirShapedTypeGetElementType(mlirAttributeGetType(zps));
  unsigned zw = mlirIntegerTypeGetWidth(ze);
  if (zw != 64 && zw != 32 && zw != 16 && zw != 8 && zw != 4)
    return opError(l->op, "has sub-channel zero points of a width other "
                          "than 4, 8, 16, 32 or 64 bits, which this pass does "
                          "not read");
  intptr_t n = mlirElementsAttrGetNumElements(scales);
  float *a = pt2eAlloc((size_t)n * sizeof *a);
  float *zf = pt2eAlloc((size_t)n * sizeof *zf);
  if (!a || !zf) {
    pt2eFree(a);
    pt2eFree(zf);
    return outOfMemory(mlirOperationGetLocation(l->op));
  }
  for (intptr_t i = 0; i < n; i++) {
    float sc = mlirTypeIsAF64(se) ? (float)mlirDenseElementsAttrGetDoubleValue(scales, i)
                                  : mlirDenseElementsAttrGetFloatValue(scales, i);
    a[i] = l->kind == CastQCast ? 1.0f / sc : sc;
    zf[i] = (float)pt2eConstIntAt(zps, i);
  }
  MlirType ft = withElementType(mlirAttributeGetType(scales),
                                mlirF32TypeGet(mlirTypeGetContext(q)));
  l->axisA = mlirDenseElementsAttrFloatGet(ft, n, a);
  l->axisB = mlirDenseElementsAttrFloatGet(ft, n, zf);
  pt2eFree(a);
  pt2eFree(zf);
  return mlirLogicalResultSuccess();
}

/*
** The float and quantized types of 'l's op (tensors, or scalars on both
** sides), checked: scalars or ranked tensors of rank at most 16.
*/
static MlirLogicalResult planTypes(Lowering *l) {
  MlirOperation op = l->op;
  MlirType in = mlirValueGetType(mlirOperationGetOperand(op, 0));
  MlirType out = mlirValueGetType(mlirOperationGetResult(op, 0));
  l->floatTensor = l->kind == CastQCast ? in : out;
  l->quantTensor = l->kind == CastQCast ? out : in;
  l->scalar = !mlirTypeIsAShaped(l->floatTensor) && !mlirTypeIsAShaped(l->quantTensor);
  if (!l->scalar && (!mlirTypeIsARankedTensor(l->floatTensor) ||
                     !mlirTypeIsARankedTensor(l->quantTensor)))
    return opError(op, "is lowered on scalars and ranked tensors only");
  if (!l->scalar && mlirShapedTypeGetRank(l->floatTensor) > LQ_MAX_RANK)
    return opError(op, "is lowered on tensors of rank at most 16 only");
  return mlirLogicalResultSuccess();
}

/*
** The storage of the quantized element type 'q' (float element 'fe'),
** checked: !quant.uniform per tensor or per axis, f32 expressed, 4-, 8-,
** 16- or 32-bit storage. Fills 'l's width, sign, range and storage type.
*/
static MlirLogicalResult planStorage(Lowering *l, MlirType q, MlirType fe) {
  MlirOperation op = l->op;
  if (!mlirTypeIsAUniformQuantizedType(q) && !mlirTypeIsAUniformQuantizedPerAxisType(q) &&
      !mlirTypeIsAUniformQuantizedSubChannelType(q))
    return opError(op, "is lowered for !quant.uniform types (per tensor, per "
                       "axis or sub-channel) only");
  if (!mlirTypeIsAF32(fe) || !mlirTypeIsAF32(mlirQuantizedTypeGetExpressedType(q)))
    return opError(op, "is lowered with f32 as the expressed type only, as "
                       "PyTorch's quantize ops take");
  l->width = mlirQuantizedTypeGetStorageTypeIntegralWidth(q);
  if (l->width != 4 && l->width != 8 && l->width != 16 && l->width != 32)
    return opError(op, "is lowered for 4-, 8-, 16- and 32-bit storage only");
  l->isSigned = mlirQuantizedTypeIsSigned(q);
  l->qmin = (float)mlirQuantizedTypeGetStorageTypeMin(q);
  l->qmax = (float)mlirQuantizedTypeGetStorageTypeMax(q);
  l->storageTensor = l->scalar ? mlirQuantizedTypeGetStorageType(q)
                               : withElementType(l->quantTensor,
                                                 mlirQuantizedTypeGetStorageType(q));
  return mlirLogicalResultSuccess();
}

/* Checks one qcast / dcast and fills 'l': types, storage, then qparams. */
static MlirLogicalResult planOne(Lowering *l) {
  if (mlirLogicalResultIsFailure(planTypes(l)))
    return mlirLogicalResultFailure();
  MlirType q = l->scalar ? l->quantTensor : mlirShapedTypeGetElementType(l->quantTensor);
  MlirType fe = l->scalar ? l->floatTensor : mlirShapedTypeGetElementType(l->floatTensor);
  if (mlirLogicalResultIsFailure(planStorage(l, q, fe)))
    return mlirLogicalResultFailure();
  if (mlirTypeIsAUniformQuantizedSubChannelType(q))
    return subChannelConstants(l, q);
  l->perAxis = mlirTypeIsAUniformQuantizedPerAxisType(q);
  if (l->perAxis) {
    l->axis = mlirUniformQuantizedPerAxisTypeGetQuantizedDimension(q);
    return axisConstants(l, q);
  }
  l->scale = (float)mlirUniformQuantizedTypeGetScale(q);
  l->inv = 1.0f / l->scale;
  l->zp = mlirUniformQuantizedTypeGetZeroPoint(q);
  l->zpF = (float)l->zp;
  return mlirLogicalResultSuccess();
}

static bool addScast(Lower *lw, MlirOperation op) {
  if (!pt2eVecGrow((void **)&lw->scasts, &lw->capScasts, (size_t)lw->numScasts,
                   sizeof *lw->scasts))
    return false;
  lw->scasts[lw->numScasts++] = op;
  return true;
}

/*
** Checks a pt2e.dynamic_qdq: an f32 tensor of static shape and a dynamic
** spec per tensor or per group, affine or (with a zero point of 0)
** symmetric. False with a diagnostic otherwise.
*/
static bool planDynamic(Lower *lw, MlirOperation op) {
  Pt2eSpec spec;
  MlirType t = mlirValueGetType(mlirOperationGetOperand(op, 0));
  MlirAttribute a = mlirOperationGetAttributeByName(op, pt2eStr("spec"));
  if (mlirAttributeIsNull(a) ||
      mlirLogicalResultIsFailure(pt2eSpecParse(a, mlirOperationGetLocation(op), "spec", &spec)))
    return false;
  const Pt2eQuantSpec *q = &spec.quant;
  if (!mlirTypeIsARankedTensor(t) || !mlirShapedTypeHasStaticShape(t) ||
      !mlirTypeIsAF32(mlirShapedTypeGetElementType(t)) ||
      mlirShapedTypeGetRank(t) > LQ_MAX_RANK - 1) {
    opError(op, "is lowered on f32 tensors of static shape only");
    return false;
  }
  if (spec.kind != Pt2eSpecQuant || !q->isDynamic || pt2eQSchemeIsPerChannel(q->qscheme) ||
      (pt2eQSchemeIsSymmetric(q->qscheme) && pt2eDTypeInfo(q->dtype)->isUnsigned)) {
    opError(op, "is lowered for dynamic per-tensor and per-group specs (signed "
                "storage when symmetric) only");
    return false;
  }
  if (pt2eQSchemeIsPerGroup(q->qscheme)) {
    int64_t rank = mlirShapedTypeGetRank(t);
    int64_t size = q->chAxis < rank ? mlirShapedTypeGetDimSize(t, q->chAxis) : 0;
    if (q->chAxis >= rank || (q->groupSize != 0 && size % q->groupSize != 0)) {
      opError(op, "has a group that does not fit the tensor");
      return false;
    }
  }
  if (!pt2eVecGrow((void **)&lw->dyn, &lw->capDyn, (size_t)lw->numDyn, sizeof *lw->dyn)) {
    outOfMemory(mlirOperationGetLocation(op));
    return false;
  }
  lw->dyn[lw->numDyn++] = (Dynamic){op, *q};
  return true;
}

static MlirWalkResult collectOps(MlirOperation op, void *userData) {
  Lower *lw = userData;
  CastKind kind;
  if (pt2eOpIs(op, "quant.qcast"))
    kind = CastQCast;
  else if (pt2eOpIs(op, "quant.dcast"))
    kind = CastDCast;
  else if (pt2eOpIs(op, "quant.scast"))
    kind = CastSCast;
  else if (pt2eOpIs(op, "pt2e.dynamic_qdq")) {
    if (!planDynamic(lw, op))
      goto fail;
    return MlirWalkResultAdvance;
  } else
    return MlirWalkResultAdvance;
  if (kind == CastSCast) {
    if (addScast(lw, op))
      return MlirWalkResultAdvance;
    outOfMemory(mlirOperationGetLocation(op));
    goto fail;
  }
  if (!pt2eVecGrow((void **)&lw->ops, &lw->capacity, (size_t)lw->count,
                   sizeof *lw->ops)) {
    outOfMemory(mlirOperationGetLocation(op));
    goto fail;
  }
  Lowering *l = &lw->ops[lw->count++];
  memset(l, 0, sizeof *l);
  l->op = op;
  l->kind = kind;
  if (mlirLogicalResultIsFailure(planOne(l)))
    goto fail;
  return MlirWalkResultAdvance;
fail:
  lw->failed = true;
  return MlirWalkResultInterrupt;
}

/* }====================================================================== */

/* {======================================================================
** Building IR
** ======================================================================= */

/*
** Quantizes the f32 scalar 'x' with 'inv' = f(1/s) and 'zp' (f32) exactly
** as pt2eQuantizeValue; returns the storage integer.
*/
static MlirValue quantizeScalar(LqBody *b, const Lowering *l, MlirValue x,
                                MlirValue inv, MlirValue zp) {
  MlirType f32 = mlirF32TypeGet(b->ctx);
  MlirValue lo = lqConstF32(b, l->qmin), hi = lqConstF32(b, l->qmax);
  MlirValue nanValue = lqConstF32(b, -2147483648.0f);
  MlirValue m = lqOp2(b, "arith.mulf", x, inv, f32);
  MlirValue r = lqOp1(b, "math.roundeven", m, f32);
  MlirValue a = lqOp2(b, "arith.addf", r, zp, f32);
  a = lqSelect(b, lqCmpf(b, PT2E_CMPF_OLT, a, lo), lo, a);
  a = lqSelect(b, lqCmpf(b, PT2E_CMPF_OGT, a, hi), hi, a);
  a = lqSelect(b, lqCmpf(b, PT2E_CMPF_UNO, a, a), nanValue, a);
  MlirValue i = lqOp1(b, "arith.fptosi", a, mlirIntegerTypeGet(b->ctx, 64));
  return lqOp1(b, "arith.trunci", i, mlirIntegerTypeGet(b->ctx, l->width));
}

/* Dequantizes the storage integer 'q' per tensor: f(f(float(q) - zp) * s). */
static MlirValue dequantizeScalar(LqBody *b, const Lowering *l, MlirValue q) {
  MlirType f32 = mlirF32TypeGet(b->ctx);
  MlirValue f = lqOp1(b, l->isSigned ? "arith.sitofp" : "arith.uitofp", q, f32);
  MlirValue d = lqOp2(b, "arith.subf", f, lqConstF32(b, l->zpF), f32);
  return lqOp2(b, "arith.mulf", d, lqConstF32(b, l->scale), f32);
}

/* The quantize body: block arguments (x, [inv, zp,] out). */
static void quantizeBody(LqBody *b, const Lowering *l) {
  bool many = l->perAxis || l->subChannel;
  MlirValue x = mlirBlockGetArgument(b->block, 0);
  MlirValue inv = many ? mlirBlockGetArgument(b->block, 1) : lqConstF32(b, l->inv);
  MlirValue zp = many ? mlirBlockGetArgument(b->block, 2) : lqConstF32(b, l->zpF);
  lqYield(b, quantizeScalar(b, l, x, inv, zp));
}

/*
** The dequantize body: block arguments (q, [scale, zp,] out). Per channel
** torch subtracts in int64 first: f(float(q - zp_c) * s_c).
*/
static void dequantizeBody(LqBody *b, const Lowering *l) {
  MlirValue q = mlirBlockGetArgument(b->block, 0);
  if (l->subChannel) {
    MlirType f32 = mlirF32TypeGet(b->ctx);
    MlirValue f = lqOp1(b, l->isSigned ? "arith.sitofp" : "arith.uitofp", q, f32);
    MlirValue d = lqOp2(b, "arith.subf", f, mlirBlockGetArgument(b->block, 2), f32);
    lqYield(b, lqOp2(b, "arith.mulf", d, mlirBlockGetArgument(b->block, 1), f32));
    return;
  }
  if (!l->perAxis) {
    lqYield(b, dequantizeScalar(b, l, q));
    return;
  }
  MlirType f32 = mlirF32TypeGet(b->ctx), i64 = mlirIntegerTypeGet(b->ctx, 64);
  MlirValue wide = lqOp1(b, l->isSigned ? "arith.extsi" : "arith.extui", q, i64);
  MlirValue d = lqOp2(b, "arith.subi", wide, mlirBlockGetArgument(b->block, 2), i64);
  MlirValue f = lqOp1(b, "arith.sitofp", d, f32);
  lqYield(b, lqOp2(b, "arith.mulf", f, mlirBlockGetArgument(b->block, 1), f32));
}

/* Fills a generic's body: block arguments (operand elements..., out). */
typedef void (*BodyFill)(LqBody *b, const Lowering *l);

/*
** A generic's inputs into 'ins': 'input' and, per axis, the two constant
** tensors of the channels' qparams, made before the op. Their number.
*/
static int genericInputs(const Lowering *l, MlirValue input, MlirValue *ins) {
  MlirOperation anchor = l->op;
  MlirContext ctx = mlirOperationGetContext(anchor);
  MlirLocation loc = mlirOperationGetLocation(anchor);
  int nIns = 0;
  ins[nIns++] = input;
  if (l->perAxis || l->subChannel) {
    MlirNamedAttribute a = lqNamed(ctx, "value", l->axisA);
    MlirNamedAttribute z = lqNamed(ctx, "value", l->axisB);
    ins[nIns++] = lqBuild((MlirBlock){NULL}, anchor, loc, "arith.constant", 0,
                        NULL, mlirAttributeGetType(l->axisA), 1, &a);
    ins[nIns++] = lqBuild((MlirBlock){NULL}, anchor, loc, "arith.constant", 0,
                        NULL, mlirAttributeGetType(l->axisB), 1, &z);
  }
  return nIns;
}

/* A generic's body: one block with an argument per operand's element
** ('nIns' inputs, then the result's), filled by 'fill'. */
static MlirBlock genericBody(const Lowering *l, const MlirValue *ins, int nIns,
                              MlirType resultType, BodyFill fill) {
  MlirContext ctx = mlirOperationGetContext(l->op);
  MlirLocation loc = mlirOperationGetLocation(l->op);
  MlirType argTypes[4];
  MlirLocation argLocs[4];
  for (int k = 0; k < nIns; k++)
    argTypes[k] = mlirShapedTypeGetElementType(mlirValueGetType(ins[k]));
  argTypes[nIns] = mlirShapedTypeGetElementType(resultType);
  for (int k = 0; k <= nIns; k++)
    argLocs[k] = loc;
  LqBody body = {mlirBlockCreate(nIns + 1, argTypes, argLocs), {NULL}, loc, ctx};
  fill(&body, l);
  return body.block;
}

/*
** linalg.generic over 'input' (plus, per axis, the two constant tensors)
** into a new tensor of type 'resultType', with the body from 'fill'.
*/
/*
** The expanded view of a sub-channel tensor: each dim cut in more than
** one block of more than one element becomes two, (blocks, block), so
** that the qparams tensor is indexed by loop dims alone (the interpreter
** and most backends take no floordiv in an indexing map). Fills the
** expanded shape, the reassociation of tensor.expand_shape, and per
** scales dim its expression over the expanded loops. Returns the rank.
*/
static int expandBlocks(const Lowering *l, MlirContext ctx, int64_t *shape,
                        MlirAttribute *groups, MlirAffineExpr *scaleExprs) {
  int r = 0;
  MlirType i64 = mlirIntegerTypeGet(ctx, 64);
  for (int d = 0; d < l->rank; d++) {
    int64_t blocks = l->size[d] / l->block[d];
    MlirAttribute g[2];
    if (blocks > 1 && l->block[d] > 1) {
      shape[r] = blocks;
      shape[r + 1] = l->block[d];
      g[0] = mlirIntegerAttrGet(i64, r);
      g[1] = mlirIntegerAttrGet(i64, r + 1);
      groups[d] = mlirArrayAttrGet(ctx, 2, g);
      scaleExprs[d] = mlirAffineDimExprGet(ctx, r);
      r += 2;
    } else {
      shape[r] = l->size[d];
      g[0] = mlirIntegerAttrGet(i64, r);
      groups[d] = mlirArrayAttrGet(ctx, 1, g);
      scaleExprs[d] = blocks == 1 ? mlirAffineConstantExprGet(ctx, 0)
                                  : mlirAffineDimExprGet(ctx, r);
      r += 1;
    }
  }
  return r;
}

/* The sub-channel generic: expand, compute over (blocks, block) loops with
   the qparams indexed by the blocks, collapse back. */
static MlirValue buildBlockGeneric(const Lowering *l, MlirValue input,
                                   MlirType resultType, BodyFill fill) {
  MlirOperation anchor = l->op;
  MlirContext ctx = mlirOperationGetContext(anchor);
  MlirLocation loc = mlirOperationGetLocation(anchor);
  int64_t shape[2 * LQ_MAX_RANK];
  MlirAttribute groupAttrs[LQ_MAX_RANK];
  MlirAffineExpr scaleExprs[LQ_MAX_RANK];
  int r = expandBlocks(l, ctx, shape, groupAttrs, scaleExprs);
  MlirAttribute groups = mlirArrayAttrGet(ctx, l->rank, groupAttrs);
  MlirType inElem = mlirShapedTypeGetElementType(mlirValueGetType(input));
  MlirType outElem = mlirShapedTypeGetElementType(resultType);
  MlirType inX = mlirRankedTensorTypeGet(r, shape, inElem, mlirAttributeGetNull());
  MlirType outX = mlirRankedTensorTypeGet(r, shape, outElem, mlirAttributeGetNull());
  MlirValue operands[4];
  int nIns = genericInputs(l, input, operands);
  operands[0] = lqReshape(anchor, "tensor.expand_shape", input, inX, groups, r, shape);
  operands[nIns] = lqBuild((MlirBlock){NULL}, anchor, loc, "tensor.empty", 0, NULL,
                         outX, 0, NULL);
  MlirAffineMap id = mlirAffineMapMultiDimIdentityGet(ctx, r);
  MlirAffineMap qmap = mlirAffineMapGet(ctx, r, 0, l->rank, scaleExprs);
  MlirAffineMap maps[4] = {id, qmap, qmap, id};
  MlirValue generic = lqInsertGeneric(anchor, nIns, operands, operands[nIns], r, maps, NULL,
                                    genericBody(l, operands, nIns, outX, fill));
  int64_t outShape[LQ_MAX_RANK];
  for (int d = 0; d < l->rank; d++)
    outShape[d] = l->size[d];
  return lqReshape(anchor, "tensor.collapse_shape", generic, resultType, groups,
                   l->rank, outShape);
}

static MlirValue buildGeneric(const Lowering *l, MlirValue input, MlirType resultType,
                              BodyFill fill) {
  if (l->subChannel)
    return buildBlockGeneric(l, input, resultType, fill);
  MlirOperation anchor = l->op;
  MlirContext ctx = mlirOperationGetContext(anchor);
  MlirValue operands[4];
  int nIns = genericInputs(l, input, operands);
  operands[nIns] = lqEmptyLike(anchor, input, resultType);
  /* the identity for the input and the init, (d_axis) for the per-axis
     constants */
  int rank = (int)mlirShapedTypeGetRank(resultType);
  MlirAffineMap id = mlirAffineMapMultiDimIdentityGet(ctx, rank);
  MlirAffineExpr axisExpr = mlirAffineDimExprGet(ctx, l->axis);
  MlirAffineMap axisMap = mlirAffineMapGet(ctx, rank, 0, 1, &axisExpr);
  MlirAffineMap maps[4] = {id, axisMap, axisMap, id};
  maps[nIns] = id;
  return lqInsertGeneric(anchor, nIns, operands, operands[nIns], rank, maps, NULL,
                       genericBody(l, operands, nIns, resultType, fill));
}

static void lowerOne(Lower *lw, const Lowering *l) {
  MlirOperation op = l->op;
  MlirLocation loc = mlirOperationGetLocation(op);
  MlirValue in = mlirOperationGetOperand(op, 0);
  MlirValue result;
  LqBody scalarCode = {{NULL}, op, loc, mlirOperationGetContext(op)};
  if (l->kind == CastQCast) {
    MlirValue ints =
        l->scalar ? quantizeScalar(&scalarCode, l, in, lqConstF32(&scalarCode, l->inv),
                                   lqConstF32(&scalarCode, l->zpF))
                  : buildGeneric(l, in, l->storageTensor, quantizeBody);
    result = lqBuild((MlirBlock){NULL}, op, loc, "quant.scast", 1, &ints,
                   l->quantTensor, 0, NULL);
    lw->scasts[lw->numScasts++] = pt2eOpProducer(result);
  } else {
    MlirOperation def = pt2eOpProducer(in);
    MlirValue ints;
    if (pt2eOpIs(def, "quant.scast") &&
        mlirTypeEqual(mlirValueGetType(mlirOperationGetOperand(def, 0)), l->storageTensor)) {
      ints = mlirOperationGetOperand(def, 0);
    } else {
      ints = lqBuild((MlirBlock){NULL}, op, loc, "quant.scast", 1, &in,
                   l->storageTensor, 0, NULL);
      lw->scasts[lw->numScasts++] = pt2eOpProducer(ints);
    }
    result = l->scalar ? dequantizeScalar(&scalarCode, l, ints)
                       : buildGeneric(l, ints, l->floatTensor, dequantizeBody);
  }
  mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, 0), result);
  mlirOperationDestroy(op);
}

/*
** Removes quant.scast pairs that undo each other (scast(scast(x)) with the
** type of x) and then every unused quant.scast, until nothing changes.
*/
static void cleanScasts(Lower *lw) {
  bool changed = true;
  while (changed) {
    changed = false;
    for (int i = 0; i < lw->numScasts; i++) {
      MlirOperation s = lw->scasts[i];
      if (mlirOperationIsNull(s))
        continue;
      MlirValue res = mlirOperationGetResult(s, 0);
      MlirOperation inner = pt2eOpProducer(mlirOperationGetOperand(s, 0));
      if (pt2eOpIs(inner, "quant.scast") &&
          mlirTypeEqual(mlirValueGetType(mlirOperationGetOperand(inner, 0)),
                        mlirValueGetType(res)) &&
          !mlirOpOperandIsNull(mlirValueGetFirstUse(res))) {
        mlirValueReplaceAllUsesOfWith(res, mlirOperationGetOperand(inner, 0));
        changed = true;
      }
      if (mlirOpOperandIsNull(mlirValueGetFirstUse(res))) {
        mlirOperationDestroy(s);
        lw->scasts[i] = (MlirOperation){NULL};
        changed = true;
      }
    }
  }
}

/* }====================================================================== */

static MlirLogicalResult lowerRun(MlirOperation module,
                                  const Pt2eOptionValue *options) {
  (void)options;
  Lower lw;
  memset(&lw, 0, sizeof lw);
  mlirOperationWalk(module, collectOps, &lw, MlirWalkPreOrder);
  /* room for the scasts the rewrite adds: at most one per op */
  if (!lw.failed && lw.count > 0) {
    int need = lw.numScasts + lw.count;
    MlirOperation *g = pt2eRealloc(lw.scasts, (size_t)need * sizeof *g);
    if (!g) {
      outOfMemory(mlirOperationGetLocation(module));
      lw.failed = true;
    } else {
      lw.scasts = g;
      lw.capScasts = (size_t)need;
    }
  }
  if (!lw.failed) {
    for (int i = 0; i < lw.count; i++)
      lowerOne(&lw, &lw.ops[i]);
    for (int i = 0; i < lw.numDyn; i++)
      lqLowerDynamic(lw.dyn[i].op, &lw.dyn[i].q);
    cleanScasts(&lw);
  }
  pt2eFree(lw.dyn);
  pt2eFree(lw.ops);
  pt2eFree(lw.scasts);
  return lw.failed ? mlirLogicalResultFailure() : mlirLogicalResultSuccess();
}

static MlirDialectHandle (*const lowerDialects[])(void) = {
    mlirGetDialectHandle__arith__, mlirGetDialectHandle__linalg__,
    mlirGetDialectHandle__math__,  mlirGetDialectHandle__quant__,
    mlirGetDialectHandle__tensor__,
};

const Pt2ePassDecl pt2eLowerQuantPass = {
    .argument = "pt2e-lower-quant",
    .name = "Pt2eLowerQuant",
    .summary = "Lower quant.qcast / quant.dcast / quant.scast to linalg, arith "
               "and math with PyTorch's rounding and clamping",
    .anchorOp = "builtin.module",
    .options = NULL,
    .numOptions = 0,
    .dependentDialects = lowerDialects,
    .numDependentDialects = sizeof lowerDialects / sizeof *lowerDialects,
    .run = lowerRun,
};
