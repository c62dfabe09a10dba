/*
** lower_tosa.c
** TOSA support for the interpreter: a module with TOSA ops is cloned and
** the clone lowered with MLIR's own tosa-to-linalg-named, tosa-to-linalg,
** tosa-to-arith and tosa-to-tensor conversions, so that TOSA means exactly
** what upstream MLIR says it means. The user's module is never changed; the
** pt2e ops survive the lowering with their names, which is how the
** calibrate pass finds their originals.
*/
#include "lower_tosa.h"

#include <stdio.h>
#include <string.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Conversion.h"
#include "mlir-c/Pass.h"

#include "ir_ops.h"
#include "pt2e_support.h"

/* tosa.const_shape outlives the lowering as a dead op; the compiler skips
** unused ones (pt2eIsDeadShapeOp), so it does not count as TOSA left over. */
bool pt2eIsDeadShapeOp(MlirOperation op) {
  if (!pt2eOpIs(op, "tosa.const_shape"))
    return false;
  return mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(op, 0)));
}

static MlirWalkResult findTosa(MlirOperation op, void *userData) {
  /* (a name of the prefix alone is no op of the dialect) */
  if (pt2eOpHasPrefix(op, "tosa.") && !pt2eOpIs(op, "tosa.") && !pt2eIsDeadShapeOp(op)) {
    *(bool *)userData = true;
    return MlirWalkResultInterrupt;
  }
  return MlirWalkResultAdvance;
}

bool pt2eModuleHasTosa(MlirOperation module) {
  bool found = false;
  mlirOperationWalk(module, findTosa, &found, MlirWalkPreOrder);
  return found;
}

/*
** {======================================================================
** Keeping quant.dcast(quant.qcast(x)) through the lowering
** =======================================================================
** The quant dialect folds dcast(qcast(x)) to x, and tosa-to-linalg folds
** the ops it visits: a converted TOSA model lost its activation
** quantization in the interpreter (conv -> relu's output SQNR 48.8 dB
** where the linalg form, and the model after pt2e-lower-quant, give 39.5).
** So on the clone each such dcast becomes a call of a private function
** holding the dcast of its argument, which no folder sees through; the
** interpreter runs the call.
*/
typedef struct Guard {
  MlirOperation module;
  int count; /* functions made so far: their names */
  MlirOperation found[256];
  int numFound;
} Guard;

static MlirWalkResult findFoldableDcast(MlirOperation op, void *userData) {
  Guard *g = userData;
  if (!pt2eOpIs(op, "quant.dcast") || mlirOperationGetNumOperands(op) != 1)
    return MlirWalkResultAdvance;
  MlirValue q = mlirOperationGetOperand(op, 0);
  if (!pt2eOpIs(pt2eOpProducer(q), "quant.qcast"))
    return MlirWalkResultAdvance;
  if (g->numFound == (int)(sizeof g->found / sizeof *g->found))
    return MlirWalkResultInterrupt; /* the rest in the next round */
  g->found[g->numFound++] = op;
  return MlirWalkResultAdvance;
}

/* func.func private @sym(%q: in) -> out { %d = quant.dcast %q; return %d },
** the dcast cloned into it, appended to the module. */
static void appendDcastFunc(Guard *g, MlirOperation dcast, MlirStringRef sym,
                            MlirType in, MlirType out) {
  MlirContext ctx = mlirOperationGetContext(dcast);
  MlirLocation loc = mlirOperationGetLocation(dcast);
  MlirRegion body = mlirRegionCreate();
  MlirBlock block = mlirBlockCreate(1, &in, &loc);
  mlirRegionAppendOwnedBlock(body, block);
  MlirOperation inner = mlirOperationClone(dcast);
  mlirOperationSetOperand(inner, 0, mlirBlockGetArgument(block, 0));
  mlirBlockAppendOwnedOperation(block, inner);
  MlirValue d = mlirOperationGetResult(inner, 0);
  MlirOperationState rs = mlirOperationStateGet(mlirStringRefCreateFromCString("func.return"), loc);
  mlirOperationStateAddOperands(&rs, 1, &d);
  mlirBlockAppendOwnedOperation(block, mlirOperationCreate(&rs));
  MlirNamedAttribute fattrs[3] = {
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, mlirStringRefCreateFromCString("sym_name")),
                            mlirStringAttrGet(ctx, sym)),
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, mlirStringRefCreateFromCString("function_type")),
                            mlirTypeAttrGet(mlirFunctionTypeGet(ctx, 1, &in, 1, &out))),
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, mlirStringRefCreateFromCString("sym_visibility")),
                            mlirStringAttrGet(ctx, mlirStringRefCreateFromCString("private")))};
  MlirOperationState fs = mlirOperationStateGet(mlirStringRefCreateFromCString("func.func"), loc);
  mlirOperationStateAddAttributes(&fs, 3, fattrs);
  mlirOperationStateAddOwnedRegions(&fs, 1, &body);
  MlirOperation fn = mlirOperationCreate(&fs);
  mlirBlockAppendOwnedOperation(mlirRegionGetFirstBlock(mlirOperationGetRegion(g->module, 0)), fn);
}

/* %d = func.call @sym(%q) in place of the dcast, which is destroyed. */
static void callInstead(MlirOperation dcast, MlirStringRef sym, MlirType out) {
  MlirContext ctx = mlirOperationGetContext(dcast);
  MlirValue q = mlirOperationGetOperand(dcast, 0);
  MlirNamedAttribute callee = mlirNamedAttributeGet(
      mlirIdentifierGet(ctx, mlirStringRefCreateFromCString("callee")),
      mlirFlatSymbolRefAttrGet(ctx, sym));
  MlirOperationState cs = mlirOperationStateGet(mlirStringRefCreateFromCString("func.call"),
                                                mlirOperationGetLocation(dcast));
  mlirOperationStateAddOperands(&cs, 1, &q);
  mlirOperationStateAddResults(&cs, 1, &out);
  mlirOperationStateAddAttributes(&cs, 1, &callee);
  MlirOperation call = mlirOperationCreate(&cs);
  mlirOperationSetInherentAttributeByName(call, mlirStringRefCreateFromCString("callee"),
                                          mlirFlatSymbolRefAttrGet(ctx, sym));
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(dcast), dcast, call);
  mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(dcast, 0), mlirOperationGetResult(call, 0));
  mlirOperationDestroy(dcast);
}

/* Replaces 'dcast' with a call of a new private function that dcasts. */
static void outlineDcast(Guard *g, MlirOperation dcast) {
  MlirType in = mlirValueGetType(mlirOperationGetOperand(dcast, 0));
  MlirType out = mlirValueGetType(mlirOperationGetResult(dcast, 0));
  char name[64];
  snprintf(name, sizeof name, "__pt2e_dcast_%d", g->count++);
  MlirStringRef sym = mlirStringRefCreateFromCString(name);
  appendDcastFunc(g, dcast, sym, in, out);
  callInstead(dcast, sym, out);
}

static void guardQuantCasts(MlirOperation module) {
  Guard g;
  memset(&g, 0, sizeof g);
  g.module = module;
  do {
    g.numFound = 0;
    mlirOperationWalk(module, findFoldableDcast, &g, MlirWalkPostOrder);
    for (int i = 0; i < g.numFound; i++)
      outlineDcast(&g, g.found[i]);
  } while (g.numFound > 0);
}

/* }====================================================================== */

static void ignorePipelineError(MlirStringRef message, void *userData) {
  (void)message;
  (void)userData;
}

MlirOperation pt2eLowerTosaClone(MlirOperation module) {
  MlirOperation clone = mlirOperationClone(module);
  MlirContext ctx = mlirOperationGetContext(module);
  guardQuantCasts(clone);
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  MlirOpPassManager fn = mlirPassManagerGetNestedUnder(
      pm, mlirStringRefCreateFromCString("func.func"));
  mlirOpPassManagerAddOwnedPass(fn, mlirCreateConversionTosaToLinalgNamed());
  mlirOpPassManagerAddOwnedPass(fn, mlirCreateConversionTosaToLinalg());
  /* include-apply-rescale: tosa.rescale becomes tosa.apply_scale in
  ** tosa-to-linalg, and only this option lowers that to arith (i64
  ** multiply, add, shift: what an int8 model from pt2e-lower-int8 runs) */
  mlirRegisterConversionTosaToArithPass(); /* the textual form needs it registered */
  MlirLogicalResult added = mlirOpPassManagerAddPipeline(
      fn, mlirStringRefCreateFromCString("tosa-to-arith{include-apply-rescale=true}"),
      ignorePipelineError, NULL);
  (void)added; /* a registered pass with a declared option: cannot fail */
  mlirOpPassManagerAddOwnedPass(fn, mlirCreateConversionTosaToTensorPass());
  MlirLogicalResult r = mlirPassManagerRunOnOp(pm, clone);
  mlirPassManagerDestroy(pm);
  if (mlirLogicalResultIsSuccess(r) && pt2eModuleHasTosa(clone)) {
    pt2eEmitError(mlirOperationGetLocation(module),
                  "some TOSA ops could not be lowered for the interpreter");
    r = mlirLogicalResultFailure();
  }
  if (mlirLogicalResultIsFailure(r)) {
    mlirOperationDestroy(clone);
    return (MlirOperation){NULL};
  }
  return clone;
}
