/*
** lq_dynamic.c
** pt2e-lower-quant's lowering of pt2e.dynamic_qdq (a dynamic spec: PT2E's
** per-tensor dynamic activations, torchao's per-token / per-group ones).
**
** pt2e.dynamic_qdq becomes four linalg.generic ops, each computing what
** groups.c computes (torchao's choose_qparams_affine / PT2E's
** choose_qparams.tensor, quantize_affine, dequantize_affine), in float32:
**   1, 2. min and max of each group (a reduction over the group's elements,
**         arith.minimumf / maximumf: NaN propagates as torch.amin's);
**   3.    per group: mn = min(min, 0), mx = max(max, 0);
**         affine:    scale = max(f(mx - mn) / f(qmax - qmin), eps),
**                    zp = clamp(qmin - roundeven(mn / scale), qmin, qmax)
**         symmetric: scale = max(f(max(-mn, mx)) / f((qmax - qmin) / 2), eps),
**                    zp = 0;
**   4.    y = (clamp(roundeven(x * f(1 / scale)) + zp, qmin, qmax) - zp) * scale.
** The tensor is viewed with the grouped axis cut in (groups, group)
** (tensor.expand_shape; per tensor: collapsed to one axis first), so every
** map is a projection of loop dims.
*/
#include "lq_dynamic.h"

#include <math.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include "cmpf.h"
#include "lq_build.h"

void lqLowerDynamic(MlirOperation op, const Pt2eQuantSpec *q) {
  MlirContext ctx = mlirOperationGetContext(op);
  MlirLocation loc = mlirOperationGetLocation(op);
  MlirValue x = mlirOperationGetOperand(op, 0);
  MlirType xt = mlirValueGetType(x);
  MlirType f32 = mlirF32TypeGet(ctx);
  int rank = (int)mlirShapedTypeGetRank(xt);
  int64_t shape[LQ_MAX_RANK];
  for (int d = 0; d < rank; d++)
    shape[d] = mlirShapedTypeGetDimSize(xt, d);

  /* per tensor: one axis holding everything, one group */
  MlirValue src = x;
  int srank = rank, axis = (int)q->chAxis;
  int64_t sshape[LQ_MAX_RANK], group = q->groupSize;
  bool perTensor = !pt2eQSchemeIsPerGroup(q->qscheme);
  if (perTensor) {
    int64_t numel = 1;
    for (int d = 0; d < rank; d++)
      numel *= shape[d];
    sshape[0] = numel;
    srank = 1;
    axis = 0;
    group = 0;
    if (rank != 1)
      src = lqReshape(op, "tensor.collapse_shape", x,
                      mlirRankedTensorTypeGet(1, sshape, f32, mlirAttributeGetNull()),
                      lqAllInOne(ctx, rank), 1, sshape);
  } else {
    for (int d = 0; d < rank; d++)
      sshape[d] = shape[d];
  }
  int64_t size = sshape[axis];
  int64_t g = group == 0 ? size : group, blocks = size / g;

  /* expanded view: the axis as (blocks, g) when there are several groups */
  bool split = blocks > 1;
  int xr = split ? srank + 1 : srank;
  int64_t xshape[LQ_MAX_RANK + 1], stats[LQ_MAX_RANK];
  MlirAffineExpr statExprs[LQ_MAX_RANK];
  MlirAttribute groupsAttr[LQ_MAX_RANK];
  bool reduced[LQ_MAX_RANK + 1] = {false};
  MlirType i64 = mlirIntegerTypeGet(ctx, 64);
  for (int d = 0, r = 0; d < srank; d++) {
    MlirAttribute gi[2];
    if (d == axis && split) {
      xshape[r] = blocks;
      xshape[r + 1] = g;
      gi[0] = mlirIntegerAttrGet(i64, r);
      gi[1] = mlirIntegerAttrGet(i64, r + 1);
      groupsAttr[d] = mlirArrayAttrGet(ctx, 2, gi);
      statExprs[d] = mlirAffineDimExprGet(ctx, r);
      reduced[r + 1] = true;
      stats[d] = blocks;
      r += 2;
    } else {
      xshape[r] = sshape[d];
      gi[0] = mlirIntegerAttrGet(i64, r);
      groupsAttr[d] = mlirArrayAttrGet(ctx, 1, gi);
      statExprs[d] = d == axis ? mlirAffineConstantExprGet(ctx, 0) : mlirAffineDimExprGet(ctx, r);
      reduced[r] = d == axis;
      stats[d] = d == axis ? 1 : sshape[d];
      r += 1;
    }
  }
  MlirAttribute groups = mlirArrayAttrGet(ctx, srank, groupsAttr);
  MlirType xxt = mlirRankedTensorTypeGet(xr, xshape, f32, mlirAttributeGetNull());
  MlirValue xx = split ? lqReshape(op, "tensor.expand_shape", src, xxt, groups, xr, xshape) : src;
  MlirAffineMap id = mlirAffineMapMultiDimIdentityGet(ctx, xr);
  MlirAffineMap toStats = mlirAffineMapGet(ctx, xr, 0, srank, statExprs);
  MlirAffineMap statId = mlirAffineMapMultiDimIdentityGet(ctx, srank);

  /* 1, 2: min and max of each group */
  MlirAffineMap redMaps[2] = {id, toStats};
  LqBody bmin = lqF32Body(ctx, loc, 2);
  MlirValue vmin = lqOp2(&bmin, "arith.minimumf", lqArg(&bmin, 0), lqArg(&bmin, 1), f32);
  lqYield(&bmin, vmin);
  MlirValue mins = lqInsertGeneric(op, 1, &xx, lqFilled(op, srank, stats, INFINITY), xr, redMaps,
                              reduced, bmin.block);
  LqBody bmax = lqF32Body(ctx, loc, 2);
  MlirValue vmax = lqOp2(&bmax, "arith.maximumf", lqArg(&bmax, 0), lqArg(&bmax, 1), f32);
  lqYield(&bmax, vmax);
  MlirValue maxs = lqInsertGeneric(op, 1, &xx, lqFilled(op, srank, stats, -INFINITY), xr, redMaps,
                              reduced, bmax.block);

  /* 3: scale and zero point (as f32) per group; the zero point's generic
     recomputes the scale, so each generic has one result */
  float qmin = (float)q->quantMin, qmax = (float)q->quantMax;
  bool sym = pt2eQSchemeIsSymmetric(q->qscheme);
  MlirValue ins2[2] = {mins, maxs};
  MlirAffineMap pmaps[3] = {statId, statId, statId};
  MlirValue qp[2];
  for (int which = 0; which < 2; which++) {
    LqBody b = lqF32Body(ctx, loc, 3);
    MlirValue zero = lqConstF32(&b, 0.0f);
    MlirValue mn = lqOp2(&b, "arith.minimumf", lqArg(&b, 0), zero, f32);
    MlirValue mx = lqOp2(&b, "arith.maximumf", lqArg(&b, 1), zero, f32);
    MlirValue scale, zp;
    if (sym) {
      MlirValue a = lqOp2(&b, "arith.maximumf", lqOp1(&b, "arith.negf", mn, f32), mx, f32);
      float half = (float)((double)(q->quantMax - q->quantMin) / 2.0);
      scale = lqOp2(&b, "arith.divf", a, lqConstF32(&b, half), f32);
    } else {
      MlirValue w = lqOp2(&b, "arith.subf", mx, mn, f32);
      scale = lqOp2(&b, "arith.divf", w, lqConstF32(&b, qmax - qmin), f32);
    }
    scale = lqOp2(&b, "arith.maximumf", scale, lqConstF32(&b, q->eps), f32);
    if (sym) {
      zp = zero;
    } else {
      MlirValue r = lqOp1(&b, "math.roundeven", lqOp2(&b, "arith.divf", mn, scale, f32), f32);
      zp = lqOp2(&b, "arith.subf", lqConstF32(&b, qmin), r, f32);
      zp = lqSelect(&b, lqCmpf(&b, PT2E_CMPF_OLT, zp, lqConstF32(&b, qmin)), lqConstF32(&b, qmin), zp);
      zp = lqSelect(&b, lqCmpf(&b, PT2E_CMPF_OGT, zp, lqConstF32(&b, qmax)), lqConstF32(&b, qmax), zp);
    }
    lqYield(&b, which == 0 ? scale : zp);
    MlirValue init = lqBuild((MlirBlock){NULL}, op, loc, "tensor.empty", 0, NULL,
                           mlirValueGetType(mins), 0, NULL);
    qp[which] = lqInsertGeneric(op, 2, ins2, init, srank, pmaps, NULL, b.block);
  }

  /* 4: quantize and dequantize every element with its group's qparams */
  LqBody b = lqF32Body(ctx, loc, 4);
  MlirValue s = lqArg(&b, 1), z = lqArg(&b, 2);
  MlirValue inv = lqOp2(&b, "arith.divf", lqConstF32(&b, 1.0f), s, f32);
  MlirValue r = lqOp1(&b, "math.roundeven", lqOp2(&b, "arith.mulf", lqArg(&b, 0), inv, f32), f32);
  MlirValue a = lqOp2(&b, "arith.addf", r, z, f32);
  MlirValue lo = lqConstF32(&b, qmin), hi = lqConstF32(&b, qmax);
  a = lqSelect(&b, lqCmpf(&b, PT2E_CMPF_OLT, a, lo), lo, a);
  a = lqSelect(&b, lqCmpf(&b, PT2E_CMPF_OGT, a, hi), hi, a);
  MlirValue y = lqOp2(&b, "arith.mulf", lqOp2(&b, "arith.subf", a, z, f32), s, f32);
  lqYield(&b, y);
  MlirValue ins4[3] = {xx, qp[0], qp[1]};
  MlirAffineMap qmaps[4] = {id, toStats, toStats, id};
  MlirValue out = lqBuild((MlirBlock){NULL}, op, loc, "tensor.empty", 0, NULL, xxt, 0, NULL);
  MlirValue res = lqInsertGeneric(op, 3, ins4, out, xr, qmaps, NULL, b.block);
  if (split)
    res = lqReshape(op, "tensor.collapse_shape", res,
                    mlirRankedTensorTypeGet(srank, sshape, f32, mlirAttributeGetNull()),
                    groups, srank, sshape);
  if (perTensor && rank != 1)
    res = lqReshape(op, "tensor.expand_shape", res, xt, lqAllInOne(ctx, rank), rank, shape);
  mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, 0), res);
  mlirOperationDestroy(op);
}
