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

#include <string.h>

#include "mlir-c/Conversion.h"
#include "mlir-c/Pass.h"

#include "pt2e_support.h"

/* tosa.const_shape outlives the lowering as a dead op; the compiler skips
** unused ones (pt2eIsDeadShapeOp), so it does not count as TOSA left over. */
bool pt2eIsDeadShapeOp(MlirOperation op) {
  if (!pt2eStringRefIs(mlirIdentifierStr(mlirOperationGetName(op)),
                       "tosa.const_shape"))
    return false;
  return mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(op, 0)));
}

static MlirWalkResult findTosa(MlirOperation op, void *userData) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  if (n.length > 5 && memcmp(n.data, "tosa.", 5) == 0 && !pt2eIsDeadShapeOp(op)) {
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

MlirOperation pt2eLowerTosaClone(MlirOperation module) {
  MlirOperation clone = mlirOperationClone(module);
  MlirContext ctx = mlirOperationGetContext(module);
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  MlirOpPassManager fn = mlirPassManagerGetNestedUnder(
      pm, mlirStringRefCreateFromCString("func.func"));
  mlirOpPassManagerAddOwnedPass(fn, mlirCreateConversionTosaToLinalgNamed());
  mlirOpPassManagerAddOwnedPass(fn, mlirCreateConversionTosaToLinalg());
  mlirOpPassManagerAddOwnedPass(fn, mlirCreateConversionTosaToArithPass());
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
