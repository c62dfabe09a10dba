/*
** lq_build.h
** The IR builders pt2e-lower-quant's lowerings share (lower_quant.c: quant
** casts; lq_dynamic.c: pt2e.dynamic_qdq). Each new op goes right before an
** anchor op, or at the end of a body's block.
*/
#ifndef PT2E_LQ_BUILD_H
#define PT2E_LQ_BUILD_H

#include <stdbool.h>
#include <stdint.h>

#include "mlir-c/AffineMap.h"
#include "mlir-c/IR.h"

/* The largest rank a lowered tensor may have (one more for a group split). */
#define LQ_MAX_RANK 16

/*
** Where scalar code goes: appended to 'block' (a linalg body), or, when
** 'anchor' is set, inserted before it (a quant cast on scalars).
*/
typedef struct LqBody {
  MlirBlock block;
  MlirOperation anchor;
  MlirLocation loc;
  MlirContext ctx;
} LqBody;

MlirNamedAttribute lqNamed(MlirContext ctx, const char *name, MlirAttribute a);

/* Creates an op with at most one result; appends it to 'block', or inserts
   it before 'anchor' when that is set. Its result (null without one). */
MlirValue lqBuild(MlirBlock block, MlirOperation anchor, MlirLocation loc,
                  const char *name, intptr_t nOps, const MlirValue *ops,
                  MlirType result, intptr_t nAttrs, const MlirNamedAttribute *attrs);

/* lqBuild where 'b' says. */
MlirValue lqEmit(LqBody *b, const char *name, intptr_t n, const MlirValue *ops,
                 MlirType t, intptr_t nAttrs, const MlirNamedAttribute *attrs);
MlirValue lqOp1(LqBody *b, const char *name, MlirValue a, MlirType t);
MlirValue lqOp2(LqBody *b, const char *name, MlirValue x, MlirValue y, MlirType t);
MlirValue lqConstF32(LqBody *b, float v);
/* arith.cmpf with predicate 'pred' (cmpf.h's PT2E_CMPF_*) */
MlirValue lqCmpf(LqBody *b, int64_t pred, MlirValue x, MlirValue y);
MlirValue lqSelect(LqBody *b, MlirValue c, MlirValue x, MlirValue y);
void lqYield(LqBody *b, MlirValue v);

/* A new block of 'n' f32 arguments (n <= 4), for a generic's body, and its
   argument 'k'. */
LqBody lqF32Body(MlirContext ctx, MlirLocation loc, int n);
MlirValue lqArg(LqBody *b, int k);

/* tensor.empty shaped like 'like' (dynamic dims through tensor.dim), with
   the element type of 'type', before 'anchor'. */
MlirValue lqEmptyLike(MlirOperation anchor, MlirValue like, MlirType type);

/* An f32 tensor of 'shape' filled with 'v' (linalg.fill of tensor.empty). */
MlirValue lqFilled(MlirOperation anchor, int rank, const int64_t *shape, float v);

/*
** A linalg.generic before 'anchor': 'nIns' (at most 3) inputs, the init,
** a map each, the loops parallel but where 'reduced' says (NULL: all
** parallel), its body 'body' (owned from here). Its result.
*/
MlirValue lqInsertGeneric(MlirOperation anchor, int nIns, const MlirValue *ins,
                          MlirValue init, int rank, const MlirAffineMap *maps,
                          const bool *reduced, MlirBlock body);

/* A tensor.expand_shape ('outShape' its static output shape) or
   tensor.collapse_shape of 'v' to 'type', before 'anchor'. */
MlirValue lqReshape(MlirOperation anchor, const char *name, MlirValue v,
                    MlirType type, MlirAttribute groups, int outRank,
                    const int64_t *outShape);

/* The reassociation that merges every dim of a rank-'rank' tensor into one. */
MlirAttribute lqAllInOne(MlirContext ctx, int rank);

#endif
