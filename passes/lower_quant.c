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
** quantized dimension. Each lowered qcast ends in a
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
#include "ir_ops.h"
#include "pt2e_support.h"

#define PT2E_LOWER_MAX_RANK 16

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
  float scale, inv, zpF; /* per tensor */
  int64_t zp;
  float qmin, qmax;
  MlirAttribute axisA, axisB; /* per axis: (inv, zp f32) or (scale, zp i64) */
} Lowering;

typedef struct Lower {
  Lowering *ops;
  int count;
  size_t capacity;
  MlirOperation *scasts; /* existing and new quant.scast ops */
  int numScasts;
  size_t capScasts;
  bool failed;
} Lower;

static MlirStringRef str(const char *s) { return mlirStringRefCreateFromCString(s); }

static MlirNamedAttribute named(MlirContext ctx, const char *name, MlirAttribute a) {
  return mlirNamedAttributeGet(mlirIdentifierGet(ctx, str(name)), a);
}

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
  int64_t shape[PT2E_LOWER_MAX_RANK];
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
  if (!l->scalar && mlirShapedTypeGetRank(l->floatTensor) > PT2E_LOWER_MAX_RANK)
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
  if (!mlirTypeIsAUniformQuantizedType(q) && !mlirTypeIsAUniformQuantizedPerAxisType(q))
    return opError(op, "is lowered for !quant.uniform types (per tensor or "
                       "per axis) only");
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
    /* not silently left for a backend that cannot run it */
    opError(op, "(a dynamic spec: qparams chosen when it runs) is not "
                "lowered yet; pt2e-run and the interpreter run it as it is");
    goto fail;
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

/* Creates an op; appends it to 'block', or inserts it before 'anchor'. */
static MlirValue build(MlirBlock block, MlirOperation anchor, MlirLocation loc,
                       const char *name, intptr_t nOps, const MlirValue *ops,
                       MlirType result, intptr_t nAttrs,
                       const MlirNamedAttribute *attrs) {
  MlirOperationState st = mlirOperationStateGet(str(name), loc);
  mlirOperationStateAddOperands(&st, nOps, ops);
  if (!mlirTypeIsNull(result))
    mlirOperationStateAddResults(&st, 1, &result);
  mlirOperationStateAddAttributes(&st, nAttrs, attrs);
  MlirOperation op = mlirOperationCreate(&st);
  if (mlirOperationIsNull(anchor))
    mlirBlockAppendOwnedOperation(block, op);
  else
    mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(anchor), anchor, op);
  return mlirTypeIsNull(result) ? (MlirValue){NULL} : mlirOperationGetResult(op, 0);
}

/*
** Where scalar code goes: appended to 'block' (a linalg body), or, when
** 'anchor' is set, inserted before it (a quant cast on scalars).
*/
typedef struct Body {
  MlirBlock block;
  MlirOperation anchor;
  MlirLocation loc;
  MlirContext ctx;
} Body;

static MlirValue emit(Body *b, const char *name, intptr_t n, const MlirValue *ops,
                      MlirType t, intptr_t nAttrs, const MlirNamedAttribute *attrs) {
  return build(b->block, b->anchor, b->loc, name, n, ops, t, nAttrs, attrs);
}

static MlirValue op1(Body *b, const char *name, MlirValue a, MlirType t) {
  return emit(b, name, 1, &a, t, 0, NULL);
}

static MlirValue op2(Body *b, const char *name, MlirValue x, MlirValue y, MlirType t) {
  MlirValue v[2] = {x, y};
  return emit(b, name, 2, v, t, 0, NULL);
}

static MlirValue constF32(Body *b, float v) {
  MlirType f32 = mlirF32TypeGet(b->ctx);
  MlirNamedAttribute a = named(b->ctx, "value", mlirFloatAttrDoubleGet(b->ctx, f32, (double)v));
  return emit(b, "arith.constant", 0, NULL, f32, 1, &a);
}

static MlirValue cmpf(Body *b, int64_t pred, MlirValue x, MlirValue y) {
  MlirValue v[2] = {x, y};
  MlirNamedAttribute a = named(b->ctx, "predicate",
                               mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64), pred));
  return emit(b, "arith.cmpf", 2, v, mlirIntegerTypeGet(b->ctx, 1), 1, &a);
}

static MlirValue select3(Body *b, MlirValue c, MlirValue x, MlirValue y) {
  MlirValue v[3] = {c, x, y};
  return emit(b, "arith.select", 3, v, mlirValueGetType(x), 0, NULL);
}

/*
** Quantizes the f32 scalar 'x' with 'inv' = f(1/s) and 'zp' (f32) exactly
** as pt2eQuantizeValue; returns the storage integer.
*/
static MlirValue quantizeScalar(Body *b, const Lowering *l, MlirValue x,
                                MlirValue inv, MlirValue zp) {
  MlirType f32 = mlirF32TypeGet(b->ctx);
  MlirValue lo = constF32(b, l->qmin), hi = constF32(b, l->qmax);
  MlirValue nanValue = constF32(b, -2147483648.0f);
  MlirValue m = op2(b, "arith.mulf", x, inv, f32);
  MlirValue r = op1(b, "math.roundeven", m, f32);
  MlirValue a = op2(b, "arith.addf", r, zp, f32);
  a = select3(b, cmpf(b, PT2E_CMPF_OLT, a, lo), lo, a);
  a = select3(b, cmpf(b, PT2E_CMPF_OGT, a, hi), hi, a);
  a = select3(b, cmpf(b, PT2E_CMPF_UNO, a, a), nanValue, a);
  MlirValue i = op1(b, "arith.fptosi", a, mlirIntegerTypeGet(b->ctx, 64));
  return op1(b, "arith.trunci", i, mlirIntegerTypeGet(b->ctx, l->width));
}

/* Dequantizes the storage integer 'q' per tensor: f(f(float(q) - zp) * s). */
static MlirValue dequantizeScalar(Body *b, const Lowering *l, MlirValue q) {
  MlirType f32 = mlirF32TypeGet(b->ctx);
  MlirValue f = op1(b, l->isSigned ? "arith.sitofp" : "arith.uitofp", q, f32);
  MlirValue d = op2(b, "arith.subf", f, constF32(b, l->zpF), f32);
  return op2(b, "arith.mulf", d, constF32(b, l->scale), f32);
}

static void yield(Body *b, MlirValue v) {
  emit(b, "linalg.yield", 1, &v, (MlirType){NULL}, 0, NULL);
}

/* The quantize body: block arguments (x, [inv, zp,] out). */
static void quantizeBody(Body *b, const Lowering *l) {
  MlirValue x = mlirBlockGetArgument(b->block, 0);
  MlirValue inv = l->perAxis ? mlirBlockGetArgument(b->block, 1) : constF32(b, l->inv);
  MlirValue zp = l->perAxis ? mlirBlockGetArgument(b->block, 2) : constF32(b, l->zpF);
  yield(b, quantizeScalar(b, l, x, inv, zp));
}

/*
** The dequantize body: block arguments (q, [scale, zp,] out). Per channel
** torch subtracts in int64 first: f(float(q - zp_c) * s_c).
*/
static void dequantizeBody(Body *b, const Lowering *l) {
  MlirValue q = mlirBlockGetArgument(b->block, 0);
  if (!l->perAxis) {
    yield(b, dequantizeScalar(b, l, q));
    return;
  }
  MlirType f32 = mlirF32TypeGet(b->ctx), i64 = mlirIntegerTypeGet(b->ctx, 64);
  MlirValue wide = op1(b, l->isSigned ? "arith.extsi" : "arith.extui", q, i64);
  MlirValue d = op2(b, "arith.subi", wide, mlirBlockGetArgument(b->block, 2), i64);
  MlirValue f = op1(b, "arith.sitofp", d, f32);
  yield(b, op2(b, "arith.mulf", f, mlirBlockGetArgument(b->block, 1), f32));
}

/* tensor.empty shaped like 'like' (a value), with element type of 'type'. */
static MlirValue emptyLike(MlirOperation anchor, MlirValue like, MlirType type) {
  MlirContext ctx = mlirOperationGetContext(anchor);
  MlirLocation loc = mlirOperationGetLocation(anchor);
  MlirValue dims[PT2E_LOWER_MAX_RANK];
  intptr_t nd = 0;
  MlirType lt = mlirValueGetType(like);
  for (intptr_t i = 0; i < mlirShapedTypeGetRank(lt); i++) {
    if (!mlirShapedTypeIsDynamicDim(lt, i))
      continue;
    MlirType index = mlirIndexTypeGet(ctx);
    MlirNamedAttribute v = named(ctx, "value", mlirIntegerAttrGet(index, i));
    MlirValue c = build((MlirBlock){NULL}, anchor, loc, "arith.constant", 0,
                        NULL, index, 1, &v);
    MlirValue ops[2] = {like, c};
    dims[nd++] = build((MlirBlock){NULL}, anchor, loc, "tensor.dim", 2, ops,
                       index, 0, NULL);
  }
  return build((MlirBlock){NULL}, anchor, loc, "tensor.empty", nd, dims, type,
               0, NULL);
}

/* Fills a generic's body: block arguments (operand elements..., out). */
typedef void (*BodyFill)(Body *b, const Lowering *l);

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
  if (l->perAxis) {
    MlirNamedAttribute a = named(ctx, "value", l->axisA);
    MlirNamedAttribute z = named(ctx, "value", l->axisB);
    ins[nIns++] = build((MlirBlock){NULL}, anchor, loc, "arith.constant", 0,
                        NULL, mlirAttributeGetType(l->axisA), 1, &a);
    ins[nIns++] = build((MlirBlock){NULL}, anchor, loc, "arith.constant", 0,
                        NULL, mlirAttributeGetType(l->axisB), 1, &z);
  }
  return nIns;
}

/*
** A generic's attributes for 'nIns' inputs and one init over 'rank'
** parallel loops: the identity map for the input and the init, (d_axis)
** for the per-axis constants.
*/
static void genericAttrs(const Lowering *l, MlirContext ctx, intptr_t rank, int nIns,
                         MlirNamedAttribute *attrs) {
  MlirAttribute maps[4];
  MlirAffineMap id = mlirAffineMapMultiDimIdentityGet(ctx, rank);
  MlirAffineExpr axisExpr = mlirAffineDimExprGet(ctx, l->axis);
  MlirAffineMap axisMap = mlirAffineMapGet(ctx, rank, 0, 1, &axisExpr);
  maps[0] = mlirAffineMapAttrGet(id);
  for (int k = 1; k < nIns; k++)
    maps[k] = mlirAffineMapAttrGet(axisMap);
  maps[nIns] = mlirAffineMapAttrGet(id);
  MlirAttribute parallel = mlirAttributeParseGet(ctx, str("#linalg.iterator_type<parallel>"));
  MlirAttribute iters[PT2E_LOWER_MAX_RANK];
  for (intptr_t i = 0; i < rank; i++)
    iters[i] = parallel;
  int32_t segments[2] = {nIns, 1};
  attrs[0] = named(ctx, "indexing_maps", mlirArrayAttrGet(ctx, nIns + 1, maps));
  attrs[1] = named(ctx, "iterator_types", mlirArrayAttrGet(ctx, rank, iters));
  attrs[2] = named(ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(ctx, 2, segments));
}

/* A generic's region: one block with an argument per operand's element
** ('nIns' inputs, then the result's), filled by 'fill'. */
static MlirRegion genericBody(const Lowering *l, const MlirValue *ins, int nIns,
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
  Body body = {mlirBlockCreate(nIns + 1, argTypes, argLocs), {NULL}, loc, ctx};
  fill(&body, l);
  MlirRegion region = mlirRegionCreate();
  mlirRegionAppendOwnedBlock(region, body.block);
  return region;
}

/*
** linalg.generic over 'input' (plus, per axis, the two constant tensors)
** into a new tensor of type 'resultType', with the body from 'fill'.
*/
static MlirValue buildGeneric(const Lowering *l, MlirValue input, MlirType resultType,
                              BodyFill fill) {
  MlirOperation anchor = l->op;
  MlirLocation loc = mlirOperationGetLocation(anchor);
  MlirValue operands[4];
  int nIns = genericInputs(l, input, operands);
  operands[nIns] = emptyLike(anchor, input, resultType);
  MlirNamedAttribute attrs[3];
  genericAttrs(l, mlirOperationGetContext(anchor), mlirShapedTypeGetRank(resultType), nIns,
               attrs);
  MlirRegion region = genericBody(l, operands, nIns, resultType, fill);
  MlirOperationState st = mlirOperationStateGet(str("linalg.generic"), loc);
  mlirOperationStateAddOperands(&st, nIns + 1, operands);
  mlirOperationStateAddResults(&st, 1, &resultType);
  mlirOperationStateAddAttributes(&st, 3, attrs);
  mlirOperationStateAddOwnedRegions(&st, 1, &region);
  MlirOperation generic = mlirOperationCreate(&st);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(anchor), anchor, generic);
  return mlirOperationGetResult(generic, 0);
}

static void lowerOne(Lower *lw, const Lowering *l) {
  MlirOperation op = l->op;
  MlirLocation loc = mlirOperationGetLocation(op);
  MlirValue in = mlirOperationGetOperand(op, 0);
  MlirValue result;
  Body scalarCode = {{NULL}, op, loc, mlirOperationGetContext(op)};
  if (l->kind == CastQCast) {
    MlirValue ints =
        l->scalar ? quantizeScalar(&scalarCode, l, in, constF32(&scalarCode, l->inv),
                                   constF32(&scalarCode, l->zpF))
                  : buildGeneric(l, in, l->storageTensor, quantizeBody);
    result = build((MlirBlock){NULL}, op, loc, "quant.scast", 1, &ints,
                   l->quantTensor, 0, NULL);
    lw->scasts[lw->numScasts++] = pt2eOpProducer(result);
  } else {
    MlirOperation def = pt2eOpProducer(in);
    MlirValue ints;
    if (pt2eOpIs(def, "quant.scast") &&
        mlirTypeEqual(mlirValueGetType(mlirOperationGetOperand(def, 0)), l->storageTensor)) {
      ints = mlirOperationGetOperand(def, 0);
    } else {
      ints = build((MlirBlock){NULL}, op, loc, "quant.scast", 1, &in,
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
    cleanScasts(&lw);
  }
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
