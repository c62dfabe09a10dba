/*
** structured.c
** Linalg structured ops read through the C API (contracts in structured.h).
**
** An iterator type is an attribute of the linalg dialect that the C API has
** no accessor for; it is compared, by MLIR's attribute equality, against
** the parallel and reduction attributes parsed once in the op's context
** (uniqued there, so parsing again gives the same attribute).
*/
#include "structured.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Linalg.h"

#include "ir_ops.h"
#include "pt2e_limits.h"

MlirAffineMap pt2eStructuredMap(MlirOperation op, intptr_t k) {
  MlirAttribute maps = mlirLinalgGetIndexingMapsAttribute(op);
  return mlirAffineMapAttrGetValue(mlirArrayAttrGetElement(maps, k));
}

intptr_t pt2eStructuredNumMaps(MlirOperation op) {
  MlirAttribute maps = mlirLinalgGetIndexingMapsAttribute(op);
  return mlirAttributeIsNull(maps) ? 0 : mlirArrayAttrGetNumElements(maps);
}

static MlirAttribute iteratorKind(MlirOperation op, const char *kind) {
  MlirContext ctx = mlirOperationGetContext(op);
  return mlirAttributeParseGet(ctx, mlirStringRefCreateFromCString(kind));
}

/* The iterator types of 'op', or a null attribute. */
static MlirAttribute iteratorTypes(MlirOperation op) {
  MlirAttribute it = pt2eOpAttr(op, "iterator_types");
  return !mlirAttributeIsNull(it) && mlirAttributeIsAArray(it) ? it
                                                               : mlirAttributeGetNull();
}

bool pt2eStructuredIterators(MlirOperation op, int *numParallel, int *numReduction) {
  *numParallel = *numReduction = 0;
  MlirAttribute it = iteratorTypes(op);
  if (mlirAttributeIsNull(it))
    return false;
  MlirAttribute parallel = iteratorKind(op, "#linalg.iterator_type<parallel>");
  MlirAttribute reduction = iteratorKind(op, "#linalg.iterator_type<reduction>");
  for (intptr_t d = 0; d < mlirArrayAttrGetNumElements(it); d++) {
    MlirAttribute a = mlirArrayAttrGetElement(it, d);
    *numParallel += mlirAttributeEqual(a, parallel);
    *numReduction += mlirAttributeEqual(a, reduction);
  }
  return true;
}

bool pt2eStructuredAllParallel(MlirOperation op) {
  int par, red;
  return pt2eStructuredIterators(op, &par, &red) && red == 0;
}

bool pt2eStructuredIsReductionLoop(MlirOperation op, intptr_t d) {
  MlirAttribute it = iteratorTypes(op);
  if (mlirAttributeIsNull(it) || d < 0 || d >= mlirArrayAttrGetNumElements(it))
    return false;
  return mlirAttributeEqual(mlirArrayAttrGetElement(it, d),
                            iteratorKind(op, "#linalg.iterator_type<reduction>"));
}

/* The static size of dim 'r' of operand 'k' of 'op', or -1. */
static int64_t operandDim(MlirOperation op, intptr_t k, intptr_t r) {
  MlirType t = mlirValueGetType(mlirOperationGetOperand(op, k));
  if (!mlirTypeIsARankedTensor(t) || r >= mlirShapedTypeGetRank(t) ||
      mlirShapedTypeIsDynamicDim(t, r))
    return -1;
  return mlirShapedTypeGetDimSize(t, r);
}

int pt2eStructuredMapDims(MlirOperation op, intptr_t k, int *dims) {
  MlirAffineMap m = pt2eStructuredMap(op, k);
  if (mlirAffineMapIsNull(m))
    return -1;
  intptr_t n = mlirAffineMapGetNumResults(m);
  if (n > PT2E_MAX_RANK)
    return -1;
  for (intptr_t r = 0; r < n; r++) {
    MlirAffineExpr e = mlirAffineMapGetResult(m, r);
    if (mlirAffineExprIsADim(e))
      dims[r] = (int)mlirAffineDimExprGetPosition(e);
    else if (mlirAffineExprIsAConstant(e) && mlirAffineConstantExprGetValue(e) == 0 &&
             operandDim(op, k, r) == 1)
      dims[r] = PT2E_STRUCTURED_UNIT;
    else
      return -1;
  }
  return (int)n;
}

int pt2eStructuredLoopSizes(MlirOperation op, int64_t *sizes, int max) {
  intptr_t numMaps = pt2eStructuredNumMaps(op);
  MlirAffineMap m0 = numMaps > 0 ? pt2eStructuredMap(op, 0) : (MlirAffineMap){NULL};
  int loops = mlirAffineMapIsNull(m0) ? 0 : (int)mlirAffineMapGetNumDims(m0);
  if (loops > max)
    return -1;
  for (int d = 0; d < loops; d++)
    sizes[d] = -1;
  for (intptr_t k = 0; k < numMaps; k++) {
    MlirAffineMap m = pt2eStructuredMap(op, k);
    for (intptr_t r = 0; r < mlirAffineMapGetNumResults(m); r++) {
      MlirAffineExpr e = mlirAffineMapGetResult(m, r);
      if (!mlirAffineExprIsADim(e))
        continue;
      intptr_t d = mlirAffineDimExprGetPosition(e);
      if (d < loops && sizes[d] < 0)
        sizes[d] = operandDim(op, k, r);
    }
  }
  return loops;
}

bool pt2eStructuredIsIdentity(MlirOperation op, intptr_t k) {
  MlirAffineMap m = pt2eStructuredMap(op, k);
  if (mlirAffineMapIsNull(m))
    return false;
  if (mlirAffineMapIsIdentity(m))
    return true;
  int dims[PT2E_MAX_RANK];
  int64_t sizes[PT2E_MAX_RANK];
  int n = pt2eStructuredMapDims(op, k, dims);
  if (n < 0 || n != (int)mlirAffineMapGetNumDims(m) ||
      pt2eStructuredLoopSizes(op, sizes, PT2E_MAX_RANK) != n)
    return false;
  for (int r = 0; r < n; r++)
    if (dims[r] != r && !(dims[r] == PT2E_STRUCTURED_UNIT && sizes[r] == 1))
      return false;
  return true;
}

MlirBlock pt2eStructuredBody(MlirOperation op) {
  return mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
}

int pt2eStructuredBodyOps(MlirOperation op, MlirOperation *ops, int max) {
  int n = 0;
  for (MlirOperation o = mlirBlockGetFirstOperation(pt2eStructuredBody(op));
       !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o)) {
    if (pt2eOpIs(o, "linalg.yield"))
      break;
    if (n == max)
      return -1;
    ops[n++] = o;
  }
  return n;
}

MlirValue pt2eStructuredYielded(MlirOperation op) {
  MlirOperation y = mlirBlockGetTerminator(pt2eStructuredBody(op));
  return mlirOperationGetNumOperands(y) == 1 ? mlirOperationGetOperand(y, 0)
                                             : (MlirValue){NULL};
}

int pt2eStructuredArgIndex(MlirOperation op, MlirValue v) {
  if (!mlirValueIsABlockArgument(v) ||
      !mlirBlockEqual(mlirBlockArgumentGetOwner(v), pt2eStructuredBody(op)))
    return -1;
  return (int)mlirBlockArgumentGetArgNumber(v);
}
