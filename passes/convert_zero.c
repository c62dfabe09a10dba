/*
** convert_zero.c
** The float zero points of a per_group_float_zero weight added after its
** dcast, as a linalg.generic over the weight viewed by groups
** (convert_zero.h).
*/
#include "convert_zero.h"

#include <string.h>

#include "ir_ops.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#define MAX_RANK 16

static MlirNamedAttribute named(MlirContext ctx, const char *name,
                                MlirAttribute a) {
  return mlirNamedAttributeGet(
      mlirIdentifierGet(ctx, mlirStringRefCreateFromCString(name)), a);
}

/* Creates 'name' before 'anchor' (or at the end of 'block'). */
static MlirValue build(MlirBlock block, MlirOperation anchor, const char *name,
                       intptr_t nOps, const MlirValue *ops, MlirType result,
                       intptr_t nAttrs, const MlirNamedAttribute *attrs) {
  MlirOperationState st = mlirOperationStateGet(
      mlirStringRefCreateFromCString(name), mlirOperationGetLocation(anchor));
  mlirOperationStateAddOperands(&st, nOps, ops);
  if (!mlirTypeIsNull(result))
    mlirOperationStateAddResults(&st, 1, &result);
  mlirOperationStateAddAttributes(&st, nAttrs, attrs);
  MlirOperation op = mlirOperationCreate(&st);
  if (!mlirBlockIsNull(block))
    mlirBlockAppendOwnedOperation(block, op);
  else
    mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(anchor), anchor,
                                        op);
  return mlirTypeIsNull(result) ? (MlirValue){NULL}
                                : mlirOperationGetResult(op, 0);
}

/* The generic's body: out = w + z (f32, as torchao's dequant += zero). */
static MlirRegion addBody(MlirContext ctx, MlirLocation loc,
                          MlirOperation anchor) {
  MlirType f32 = mlirF32TypeGet(ctx);
  MlirType types[3] = {f32, f32, f32};
  MlirLocation locs[3] = {loc, loc, loc};
  MlirBlock block = mlirBlockCreate(3, types, locs);
  MlirValue xz[2] = {mlirBlockGetArgument(block, 0),
                     mlirBlockGetArgument(block, 1)};
  MlirValue sum = build(block, anchor, "arith.addf", 2, xz, f32, 0, NULL);
  build(block, anchor, "linalg.yield", 1, &sum, (MlirType){NULL}, 0, NULL);
  MlirRegion region = mlirRegionCreate();
  mlirRegionAppendOwnedBlock(region, block);
  return region;
}

MlirValue pt2eConvertAddGroupZeros(MlirOperation anchor, MlirValue w,
                                   int64_t axis, int64_t groupSize,
                                   const float *zeros) {
  MlirContext ctx = mlirOperationGetContext(anchor);
  MlirLocation loc = mlirOperationGetLocation(anchor);
  MlirType type = mlirValueGetType(w);
  MlirType f32 = mlirF32TypeGet(ctx), i64 = mlirIntegerTypeGet(ctx, 64);
  int rank = (int)mlirShapedTypeGetRank(type);
  int64_t shape[MAX_RANK], xshape[MAX_RANK + 1], zshape[MAX_RANK];
  MlirAttribute reassoc[MAX_RANK];
  MlirAffineExpr zexprs[MAX_RANK];
  int64_t count = 1;
  /* the expanded view: axis -> (groups, group); loop r + 1 is the group's */
  for (int d = 0, r = 0; d < rank; d++) {
    shape[d] = mlirShapedTypeGetDimSize(type, d);
    MlirAttribute g[2] = {mlirIntegerAttrGet(i64, r),
                          mlirIntegerAttrGet(i64, r + 1)};
    zshape[d] = d == axis ? shape[d] / groupSize : shape[d];
    zexprs[d] = mlirAffineDimExprGet(ctx, r);
    count *= zshape[d];
    if (d == axis) {
      xshape[r] = zshape[d];
      xshape[r + 1] = groupSize;
      reassoc[d] = mlirArrayAttrGet(ctx, 2, g);
      r += 2;
    } else {
      xshape[r] = shape[d];
      reassoc[d] = mlirArrayAttrGet(ctx, 1, g);
      r += 1;
    }
  }
  int xr = rank + 1;
  MlirAttribute groups = mlirArrayAttrGet(ctx, rank, reassoc);
  MlirAttribute none = mlirAttributeGetNull();
  MlirType xtype = mlirRankedTensorTypeGet(xr, xshape, f32, none);
  MlirType ztype = mlirRankedTensorTypeGet(rank, zshape, f32, none);
  MlirNamedAttribute ex[2] = {
      named(ctx, "reassociation", groups),
      named(ctx, "static_output_shape", mlirDenseI64ArrayGet(ctx, xr, xshape))};
  MlirValue x = build((MlirBlock){NULL}, anchor, "tensor.expand_shape", 1, &w,
                      xtype, 2, ex);
  MlirNamedAttribute zv = named(
      ctx, "value",
      mlirDenseElementsAttrFloatGet(ztype, (intptr_t)count, zeros));
  MlirValue z = build((MlirBlock){NULL}, anchor, "arith.constant", 0, NULL,
                      ztype, 1, &zv);
  MlirValue init = build((MlirBlock){NULL}, anchor, "tensor.empty", 0, NULL,
                         xtype, 0, NULL);
  MlirAffineMap id = mlirAffineMapMultiDimIdentityGet(ctx, xr);
  MlirAffineMap zmap = mlirAffineMapGet(ctx, xr, 0, rank, zexprs);
  MlirAttribute maps[3] = {mlirAffineMapAttrGet(id), mlirAffineMapAttrGet(zmap),
                           mlirAffineMapAttrGet(id)};
  MlirAttribute par = mlirAttributeParseGet(
      ctx, mlirStringRefCreateFromCString("#linalg.iterator_type<parallel>"));
  MlirAttribute iters[MAX_RANK + 1];
  for (int i = 0; i < xr; i++)
    iters[i] = par;
  int32_t segments[2] = {2, 1};
  /* the tag lets pt2e-report find the zeros of the weight's row */
  MlirNamedAttribute attrs[4] = {
      named(ctx, "indexing_maps", mlirArrayAttrGet(ctx, 3, maps)),
      named(ctx, "iterator_types", mlirArrayAttrGet(ctx, xr, iters)),
      named(ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(ctx, 2, segments)),
      named(ctx, PT2E_FLOAT_ZERO_ATTR, mlirUnitAttrGet(ctx))};
  MlirValue operands[3] = {x, z, init};
  MlirRegion region = addBody(ctx, loc, anchor);
  MlirOperationState st = mlirOperationStateGet(
      mlirStringRefCreateFromCString("linalg.generic"), loc);
  mlirOperationStateAddOperands(&st, 3, operands);
  mlirOperationStateAddResults(&st, 1, &xtype);
  mlirOperationStateAddAttributes(&st, 4, attrs);
  mlirOperationStateAddOwnedRegions(&st, 1, &region);
  MlirOperation g = mlirOperationCreate(&st);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(anchor), anchor, g);
  MlirValue sum = mlirOperationGetResult(g, 0);
  MlirNamedAttribute co = named(ctx, "reassociation", groups);
  return build((MlirBlock){NULL}, anchor, "tensor.collapse_shape", 1, &sum,
               type, 1, &co);
}

/* The only user of 'v', or a null op. */
static MlirOperation soleUser(MlirValue v) {
  MlirOpOperand use = mlirValueGetFirstUse(v);
  if (mlirOpOperandIsNull(use) ||
      !mlirOpOperandIsNull(mlirOpOperandGetNextUse(use)))
    return (MlirOperation){NULL};
  return mlirOpOperandGetOwner(use);
}

/* The only user of 'op''s result when it is a 'name' op, or a null op. */
static MlirOperation next(MlirOperation op, const char *name) {
  if (mlirOperationIsNull(op) || mlirOperationGetNumResults(op) != 1)
    return (MlirOperation){NULL};
  MlirOperation user = soleUser(mlirOperationGetResult(op, 0));
  return !mlirOperationIsNull(user) && pt2eOpIs(user, name)
             ? user : (MlirOperation){NULL};
}

MlirAttribute pt2eConvertFloatZerosAfter(MlirOperation scast, intptr_t n,
                                         MlirOperation *collapse) {
  MlirAttribute none = {NULL};
  MlirOperation g = next(next(next(scast, "quant.dcast"), "tensor.expand_shape"),
                         "linalg.generic");
  if (mlirOperationIsNull(g) ||
      mlirAttributeIsNull(pt2eOpAttr(g, PT2E_FLOAT_ZERO_ATTR)) ||
      mlirOperationGetNumOperands(g) != 3)
    return none;
  MlirOperation back = next(g, "tensor.collapse_shape");
  MlirValue z = mlirOperationGetOperand(g, 1);
  if (mlirOperationIsNull(back) || !mlirValueIsAOpResult(z) ||
      !pt2eOpIs(mlirOpResultGetOwner(z), "arith.constant"))
    return none;
  MlirAttribute v = pt2eOpAttr(mlirOpResultGetOwner(z), "value");
  if (mlirAttributeIsNull(v) || !mlirAttributeIsADenseElements(v) ||
      !mlirTypeIsAF32(mlirShapedTypeGetElementType(mlirAttributeGetType(v))) ||
      mlirElementsAttrGetNumElements(v) != n)
    return none;
  if (collapse)
    *collapse = back;
  return v;
}
