/*
** broadcast.c
** What upstream ops broadcast and overwrite (contracts in broadcast.h).
**
** A generic counts as all-parallel only with at least one loop, all of
** them parallel: the interpreter's earlier reader looked for the word
** "parallel" in the printed iterator types, so a generic without loops was
** never taken for a broadcast or an overwrite, and still is not.
*/
#include "broadcast.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include "ir_ops.h"
#include "pt2e_limits.h"
#include "structured.h"

/* Every loop of 'op' is parallel, and it has at least one. */
static bool parallelLoopsOnly(MlirOperation op) {
  int par, red;
  return pt2eStructuredIterators(op, &par, &red) && par > 0 && red == 0;
}

/* The body's first op yields its block argument 0, and only that. */
static bool bodyYieldsInput(MlirOperation op) {
  MlirBlock body = pt2eStructuredBody(op);
  MlirOperation y = mlirBlockGetFirstOperation(body);
  return pt2eOpIs(y, "linalg.yield") && mlirOperationGetNumOperands(y) == 1 &&
         mlirValueEqual(mlirOperationGetOperand(y, 0), mlirBlockGetArgument(body, 0));
}

/* linalg.broadcast's 'dimensions' are the added ones: the source's run
** along the others, in order. */
static bool broadcastDims(MlirOperation def, int rank, int sr, int *dimOf) {
  MlirAttribute dims = pt2eOpAttr(def, "dimensions");
  if (mlirAttributeIsNull(dims) || !mlirAttributeIsADenseI64Array(dims))
    return false;
  bool added[PT2E_MAX_RANK] = {false};
  intptr_t n = mlirDenseArrayGetNumElements(dims);
  for (intptr_t i = 0; i < n; i++) {
    int64_t d = mlirDenseI64ArrayGetElement(dims, i);
    if (d < 0 || d >= rank || added[d])
      return false;
    added[d] = true;
  }
  int s = 0;
  for (int d = 0; d < rank; d++)
    if (!added[d]) {
      if (s == sr)
        return false;
      dimOf[s++] = d;
    }
  return s == sr;
}

/* A linalg.generic in a broadcast's form: parallel loops, an input map of
** distinct bare dimensions, an identity output, a body yielding the input. */
static bool genericBroadcastDims(MlirOperation def, int rank, int sr, int *dimOf) {
  if (!pt2eOpIs(def, "linalg.generic") || !parallelLoopsOnly(def) ||
      pt2eStructuredNumMaps(def) != 2)
    return false;
  MlirAffineMap inMap = pt2eStructuredMap(def, 0), outMap = pt2eStructuredMap(def, 1);
  if (!mlirAffineMapIsIdentity(outMap) || mlirAffineMapGetNumDims(inMap) != rank ||
      mlirAffineMapGetNumResults(inMap) != sr)
    return false;
  bool seen[PT2E_MAX_RANK] = {false};
  for (int r = 0; r < sr; r++) {
    MlirAffineExpr e = mlirAffineMapGetResult(inMap, r);
    if (!mlirAffineExprIsADim(e))
      return false;
    int d = (int)mlirAffineDimExprGetPosition(e);
    if (d < 0 || d >= rank || seen[d])
      return false;
    seen[d] = true;
    dimOf[r] = d;
  }
  return bodyYieldsInput(def);
}

MlirValue pt2eBroadcastSource(MlirValue v, int *dimOf, int *srcRank) {
  MlirValue none = {NULL};
  MlirOperation def = pt2eOpProducer(v);
  if (mlirOperationIsNull(def) || mlirOperationGetNumOperands(def) != 2 ||
      mlirOperationGetNumResults(def) != 1)
    return none;
  MlirValue src = mlirOperationGetOperand(def, 0);
  MlirType st = mlirValueGetType(src), vt = mlirValueGetType(v);
  if (!mlirTypeIsARankedTensor(st) || !mlirTypeIsARankedTensor(vt))
    return none;
  int rank = (int)mlirShapedTypeGetRank(vt), sr = (int)mlirShapedTypeGetRank(st);
  if (rank > PT2E_MAX_RANK || sr > rank)
    return none;
  *srcRank = sr;
  bool found = pt2eOpIs(def, "linalg.broadcast") ? broadcastDims(def, rank, sr, dimOf)
                                                 : genericBroadcastDims(def, rank, sr, dimOf);
  return found ? src : none;
}

bool pt2eOverwritesOperand(MlirOperation user, int operand) {
  int numOperands = (int)mlirOperationGetNumOperands(user);
  int numOuts = (int)mlirOperationGetNumResults(user);
  MlirAttribute seg = pt2eOpAttr(user, "operandSegmentSizes");
  int numIns = !mlirAttributeIsNull(seg) && mlirDenseArrayGetNumElements(seg) == 2
                   ? mlirDenseI32ArrayGetElement(seg, 0)
                   : numOperands - numOuts;
  if (numOuts < 1 || numIns < 0 || numIns + numOuts != numOperands ||
      operand < numIns || operand >= numOperands)
    return false; /* not an init (or results without tensor semantics) */
  if (pt2eOpIs(user, "linalg.fill") || pt2eOpIs(user, "linalg.transpose") ||
      pt2eOpIs(user, "linalg.broadcast") || pt2eOpIs(user, "linalg.copy"))
    return true;
  if (!pt2eOpIs(user, "linalg.generic") || !parallelLoopsOnly(user) ||
      mlirOperationGetNumRegions(user) != 1)
    return false;
  if (pt2eStructuredNumMaps(user) != numOperands ||
      !mlirAffineMapIsPermutation(pt2eStructuredMap(user, operand)))
    return false;
  MlirBlock body = pt2eStructuredBody(user);
  if (mlirBlockIsNull(body) || mlirBlockGetNumArguments(body) != numOperands)
    return false;
  return mlirOpOperandIsNull(mlirValueGetFirstUse(mlirBlockGetArgument(body, operand)));
}
