/*
** lq_build.c
** The IR builders of pt2e-lower-quant (lower_quant.c, lq_dynamic.c): ops
** before an anchor or appended to a body, scalar arithmetic in a body,
** linalg.generic from its parts, reshapes, filled tensors.
*/
#include "lq_build.h"

#include <string.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include "pt2e_support.h"

MlirNamedAttribute lqNamed(MlirContext ctx, const char *name, MlirAttribute a) {
  return mlirNamedAttributeGet(mlirIdentifierGet(ctx, pt2eStr(name)), a);
}

/* Creates an op; appends it to 'block', or inserts it before 'anchor'. */
MlirValue lqBuild(MlirBlock block, MlirOperation anchor, MlirLocation loc,
                       const char *name, intptr_t nOps, const MlirValue *ops,
                       MlirType result, intptr_t nAttrs,
                       const MlirNamedAttribute *attrs) {
  MlirOperationState st = mlirOperationStateGet(pt2eStr(name), loc);
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


MlirValue lqEmit(LqBody *b, const char *name, intptr_t n, const MlirValue *ops,
                      MlirType t, intptr_t nAttrs, const MlirNamedAttribute *attrs) {
  return lqBuild(b->block, b->anchor, b->loc, name, n, ops, t, nAttrs, attrs);
}

MlirValue lqOp1(LqBody *b, const char *name, MlirValue a, MlirType t) {
  return lqEmit(b, name, 1, &a, t, 0, NULL);
}

MlirValue lqOp2(LqBody *b, const char *name, MlirValue x, MlirValue y, MlirType t) {
  MlirValue v[2] = {x, y};
  return lqEmit(b, name, 2, v, t, 0, NULL);
}

MlirValue lqConstF32(LqBody *b, float v) {
  MlirType f32 = mlirF32TypeGet(b->ctx);
  MlirNamedAttribute a = lqNamed(b->ctx, "value", mlirFloatAttrDoubleGet(b->ctx, f32, (double)v));
  return lqEmit(b, "arith.constant", 0, NULL, f32, 1, &a);
}

MlirValue lqCmpf(LqBody *b, int64_t pred, MlirValue x, MlirValue y) {
  MlirValue v[2] = {x, y};
  MlirNamedAttribute a = lqNamed(b->ctx, "predicate",
                               mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64), pred));
  return lqEmit(b, "arith.cmpf", 2, v, mlirIntegerTypeGet(b->ctx, 1), 1, &a);
}

MlirValue lqSelect(LqBody *b, MlirValue c, MlirValue x, MlirValue y) {
  MlirValue v[3] = {c, x, y};
  return lqEmit(b, "arith.select", 3, v, mlirValueGetType(x), 0, NULL);
}


void lqYield(LqBody *b, MlirValue v) {
  lqEmit(b, "linalg.yield", 1, &v, (MlirType){NULL}, 0, NULL);
}


/* tensor.empty shaped like 'like' (a value), with element type of 'type'. */
MlirValue lqEmptyLike(MlirOperation anchor, MlirValue like, MlirType type) {
  MlirContext ctx = mlirOperationGetContext(anchor);
  MlirLocation loc = mlirOperationGetLocation(anchor);
  MlirValue dims[LQ_MAX_RANK];
  intptr_t nd = 0;
  MlirType lt = mlirValueGetType(like);
  for (intptr_t i = 0; i < mlirShapedTypeGetRank(lt); i++) {
    if (!mlirShapedTypeIsDynamicDim(lt, i))
      continue;
    MlirType index = mlirIndexTypeGet(ctx);
    MlirNamedAttribute v = lqNamed(ctx, "value", mlirIntegerAttrGet(index, i));
    MlirValue c = lqBuild((MlirBlock){NULL}, anchor, loc, "arith.constant", 0,
                        NULL, index, 1, &v);
    MlirValue ops[2] = {like, c};
    dims[nd++] = lqBuild((MlirBlock){NULL}, anchor, loc, "tensor.dim", 2, ops,
                       index, 0, NULL);
  }
  return lqBuild((MlirBlock){NULL}, anchor, loc, "tensor.empty", nd, dims, type,
               0, NULL);
}

/* A linalg.generic built from its parts before 'anchor' ('nIns' inputs,
   the init, a map each, the loops parallel but where 'reduced' says; NULL:
   all parallel), its body 'body'; its result. */
MlirValue lqInsertGeneric(MlirOperation anchor, int nIns, const MlirValue *ins,
                               MlirValue init, int rank, const MlirAffineMap *maps,
                               const bool *reduced, MlirBlock body) {
  MlirContext ctx = mlirOperationGetContext(anchor);
  MlirLocation loc = mlirOperationGetLocation(anchor);
  MlirValue operands[4];
  MlirAttribute mapAttrs[4], iters[2 * LQ_MAX_RANK];
  for (int k = 0; k < nIns; k++)
    operands[k] = ins[k];
  operands[nIns] = init;
  for (int k = 0; k <= nIns; k++)
    mapAttrs[k] = mlirAffineMapAttrGet(maps[k]);
  MlirAttribute par = mlirAttributeParseGet(ctx, pt2eStr("#linalg.iterator_type<parallel>"));
  MlirAttribute red = mlirAttributeParseGet(ctx, pt2eStr("#linalg.iterator_type<reduction>"));
  for (int i = 0; i < rank; i++)
    iters[i] = reduced && reduced[i] ? red : par;
  int32_t segments[2] = {nIns, 1};
  MlirNamedAttribute attrs[3] = {
      lqNamed(ctx, "indexing_maps", mlirArrayAttrGet(ctx, nIns + 1, mapAttrs)),
      lqNamed(ctx, "iterator_types", mlirArrayAttrGet(ctx, rank, iters)),
      lqNamed(ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(ctx, 2, segments))};
  MlirRegion region = mlirRegionCreate();
  mlirRegionAppendOwnedBlock(region, body);
  MlirType resultType = mlirValueGetType(init);
  MlirOperationState st = mlirOperationStateGet(pt2eStr("linalg.generic"), loc);
  mlirOperationStateAddOperands(&st, nIns + 1, operands);
  mlirOperationStateAddResults(&st, 1, &resultType);
  mlirOperationStateAddAttributes(&st, 3, attrs);
  mlirOperationStateAddOwnedRegions(&st, 1, &region);
  MlirOperation g = mlirOperationCreate(&st);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(anchor), anchor, g);
  return mlirOperationGetResult(g, 0);
}

/* A tensor.expand_shape / collapse_shape of 'v' to 'type'. */
MlirValue lqReshape(MlirOperation anchor, const char *name, MlirValue v,
                           MlirType type, MlirAttribute groups, int outRank,
                           const int64_t *outShape) {
  MlirContext ctx = mlirOperationGetContext(anchor);
  MlirNamedAttribute attrs[2];
  intptr_t n = 0;
  attrs[n++] = lqNamed(ctx, "reassociation", groups);
  if (!strcmp(name, "tensor.expand_shape"))
    attrs[n++] = lqNamed(ctx, "static_output_shape", mlirDenseI64ArrayGet(ctx, outRank, outShape));
  return lqBuild((MlirBlock){NULL}, anchor, mlirOperationGetLocation(anchor), name, 1, &v,
               type, n, attrs);
}


/* A block of 'n' f32 arguments, for a body. */
LqBody lqF32Body(MlirContext ctx, MlirLocation loc, int n) {
  MlirType types[4];
  MlirLocation locs[4];
  for (int k = 0; k < n; k++) {
    types[k] = mlirF32TypeGet(ctx);
    locs[k] = loc;
  }
  LqBody b = {mlirBlockCreate(n, types, locs), {NULL}, loc, ctx};
  return b;
}

MlirValue lqArg(LqBody *b, int k) { return mlirBlockGetArgument(b->block, k); }

/* An f32 tensor of 'shape' filled with 'v' (linalg.fill of tensor.empty). */
MlirValue lqFilled(MlirOperation anchor, int rank, const int64_t *shape, float v) {
  MlirContext ctx = mlirOperationGetContext(anchor);
  MlirLocation loc = mlirOperationGetLocation(anchor);
  MlirType t = mlirRankedTensorTypeGet(rank, shape, mlirF32TypeGet(ctx), mlirAttributeGetNull());
  MlirValue empty = lqBuild((MlirBlock){NULL}, anchor, loc, "tensor.empty", 0, NULL, t, 0, NULL);
  LqBody scalar = {{NULL}, anchor, loc, ctx};
  MlirValue c = lqConstF32(&scalar, v);
  MlirValue ops[2] = {c, empty};
  int32_t segments[2] = {1, 1};
  MlirNamedAttribute seg = lqNamed(ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(ctx, 2, segments));
  /* linalg.fill's region is implicit in its custom form: build it */
  MlirType types[2] = {mlirF32TypeGet(ctx), mlirF32TypeGet(ctx)};
  MlirLocation locs[2] = {loc, loc};
  MlirBlock block = mlirBlockCreate(2, types, locs);
  MlirValue in = mlirBlockGetArgument(block, 0);
  lqBuild(block, (MlirOperation){NULL}, loc, "linalg.yield", 1, &in, (MlirType){NULL}, 0, NULL);
  MlirRegion region = mlirRegionCreate();
  mlirRegionAppendOwnedBlock(region, block);
  MlirOperationState st = mlirOperationStateGet(pt2eStr("linalg.fill"), loc);
  mlirOperationStateAddOperands(&st, 2, ops);
  mlirOperationStateAddResults(&st, 1, &t);
  mlirOperationStateAddAttributes(&st, 1, &seg);
  mlirOperationStateAddOwnedRegions(&st, 1, &region);
  MlirOperation f = mlirOperationCreate(&st);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(anchor), anchor, f);
  return mlirOperationGetResult(f, 0);
}

/* The reassociation that merges every dim of a rank-'rank' tensor into one. */
MlirAttribute lqAllInOne(MlirContext ctx, int rank) {
  MlirAttribute idx[LQ_MAX_RANK];
  for (int d = 0; d < rank; d++)
    idx[d] = mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), d);
  MlirAttribute one = mlirArrayAttrGet(ctx, rank, idx);
  return mlirArrayAttrGet(ctx, 1, &one);
}

