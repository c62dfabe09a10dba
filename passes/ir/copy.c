/*
** copy.c
** Ops that only copy elements (contracts in copy.h).
*/
#include "copy.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include "ir_ops.h"
#include "pt2e_limits.h"
#include "structured.h"

bool pt2eCopyIsGeneric(MlirOperation op) {
  if (!pt2eOpIs(op, "linalg.generic") || mlirOperationGetNumOperands(op) != 2 ||
      mlirOperationGetNumResults(op) != 1)
    return false;
  MlirBlock b = pt2eStructuredBody(op);
  MlirOperation y = mlirBlockGetFirstOperation(b);
  return pt2eOpIs(y, "linalg.yield") && mlirOperationGetNumOperands(y) == 1 &&
         mlirValueEqual(mlirOperationGetOperand(y, 0), mlirBlockGetArgument(b, 0));
}

/* The static shape of 'v' into 'shape'; its rank, or -1. */
static int staticShape(MlirValue v, int64_t *shape) {
  MlirType t = mlirValueGetType(v);
  if (!mlirTypeIsARankedTensor(t) || !mlirShapedTypeHasStaticShape(t) ||
      mlirShapedTypeGetRank(t) > PT2E_MAX_RANK)
    return -1;
  int rank = (int)mlirShapedTypeGetRank(t);
  for (int d = 0; d < rank; d++)
    shape[d] = mlirShapedTypeGetDimSize(t, d);
  return rank;
}

/* The permutation attribute of a named transpose into 'perm'. */
static bool namedPermutation(MlirOperation op, int rank, int64_t *perm) {
  MlirAttribute p = pt2eOpAttr(op, pt2eOpIs(op, "tosa.transpose") ? "perms" : "permutation");
  bool i32 = !mlirAttributeIsNull(p) && mlirAttributeIsADenseI32Array(p);
  if (mlirAttributeIsNull(p) || !(i32 || mlirAttributeIsADenseI64Array(p)) ||
      mlirDenseArrayGetNumElements(p) != rank)
    return false;
  for (int d = 0; d < rank; d++)
    perm[d] = i32 ? mlirDenseI32ArrayGetElement(p, d) : mlirDenseI64ArrayGetElement(p, d);
  return true;
}

/* The loops map 'k' of a generic reads, one per loop (a permutation of
   them), into 'loopOf'. */
static bool mapPermutes(MlirOperation op, intptr_t k, int rank, int *loopOf) {
  MlirAffineMap m = pt2eStructuredMap(op, k);
  if (mlirAffineMapIsNull(m) || mlirAffineMapGetNumDims(m) != (intptr_t)rank ||
      !mlirAffineMapIsPermutation(m))
    return false;
  for (int r = 0; r < rank; r++)
    loopOf[r] = (int)mlirAffineDimExprGetPosition(mlirAffineMapGetResult(m, r));
  return true;
}

/* A generic copy's permutation: result dim d reads the loop its map names,
   which is input dim perm[d]. */
static bool genericPermutation(MlirOperation op, int rank, int64_t *perm) {
  int in[PT2E_MAX_RANK], out[PT2E_MAX_RANK];
  if (!pt2eCopyIsGeneric(op) || !mapPermutes(op, 0, rank, in) || !mapPermutes(op, 1, rank, out))
    return false;
  for (int d = 0; d < rank; d++)
    for (int r = 0; r < rank; r++)
      if (in[r] == out[d])
        perm[d] = r;
  return true;
}

/* linalg.broadcast: the input's dims run along the result dims its
   'dimensions' attribute (the added ones) leaves out, in order. */
static int namedBroadcast(MlirOperation op, int *outDimOf) {
  MlirAttribute added = pt2eOpAttr(op, "dimensions");
  MlirType in = mlirValueGetType(mlirOperationGetOperand(op, 0));
  MlirType out = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (mlirAttributeIsNull(added) || !mlirAttributeIsADenseI64Array(added) ||
      !mlirTypeIsARankedTensor(in) || !mlirTypeIsARankedTensor(out) ||
      mlirShapedTypeGetRank(out) > PT2E_MAX_RANK)
    return -1;
  int rank = 0;
  for (intptr_t d = 0; d < mlirShapedTypeGetRank(out); d++) {
    bool isAdded = false;
    for (intptr_t i = 0; i < mlirDenseArrayGetNumElements(added); i++)
      isAdded = isAdded || mlirDenseI64ArrayGetElement(added, i) == d;
    if (!isAdded)
      outDimOf[rank++] = (int)d;
  }
  return rank == mlirShapedTypeGetRank(in) ? rank : -1;
}

/* A generic copy into an identity-mapped output: input dim r runs along the
   loop (= result dim) its map names, each loop at most once, in order; a
   size-1 input dim read at 0 runs along none (StableHLO's legalisation
   broadcasts a [c, 1, 1] with (d1, 0, 0)). */
static int genericBroadcast(MlirOperation op, int *outDimOf) {
  int dims[PT2E_MAX_RANK];
  if (!pt2eCopyIsGeneric(op))
    return -1; /* before reading maps: 'op' may be any op */
  int rank = pt2eStructuredMapDims(op, 0, dims);
  if (!pt2eStructuredIsIdentity(op, 1) || rank < 0 || !pt2eStructuredAllParallel(op))
    return -1;
  int last = -1;
  for (int r = 0; r < rank; r++) {
    if (dims[r] == PT2E_STRUCTURED_UNIT) {
      outDimOf[r] = PT2E_STRUCTURED_UNIT;
      continue;
    }
    if (dims[r] <= last)
      return -1;
    outDimOf[r] = last = dims[r];
  }
  return rank;
}

int pt2eCopyBroadcast(MlirOperation op, int *outDimOf) {
  if (mlirOperationIsNull(op)) /* callers pass a producer: none for an argument */
    return -1;
  if (mlirOperationGetNumResults(op) != 1 || mlirOperationGetNumOperands(op) != 2)
    return -1;
  return pt2eOpIs(op, "linalg.broadcast") ? namedBroadcast(op, outDimOf)
                                          : genericBroadcast(op, outDimOf);
}

int pt2eCopyTranspose(MlirOperation op, int64_t *perm) {
  int64_t inShape[PT2E_MAX_RANK], outShape[PT2E_MAX_RANK];
  if (mlirOperationIsNull(op) || mlirOperationGetNumOperands(op) < 1 ||
      mlirOperationGetNumResults(op) != 1)
    return -1;
  int rank = staticShape(mlirOperationGetResult(op, 0), outShape);
  if (rank < 0 || staticShape(mlirOperationGetOperand(op, 0), inShape) != rank)
    return -1;
  for (int d = 0; d < rank; d++)
    perm[d] = -1;
  bool named = pt2eOpIs(op, "linalg.transpose") || pt2eOpIs(op, "tosa.transpose");
  if (!(named ? namedPermutation(op, rank, perm) : genericPermutation(op, rank, perm)))
    return -1;
  unsigned seen = 0;
  for (int d = 0; d < rank; d++) {
    if (perm[d] < 0 || perm[d] >= rank || (seen >> perm[d] & 1u) ||
        inShape[perm[d]] != outShape[d])
      return -1;
    seen |= 1u << perm[d];
  }
  return rank;
}

MlirValue pt2eCopyChannelSource(MlirOperation op, int channelDim, int64_t channels) {
  MlirValue none = {NULL};
  int outDimOf[PT2E_MAX_RANK];
  int rank = pt2eCopyBroadcast(op, outDimOf);
  if (rank < 1)
    return none;
  MlirValue src = mlirOperationGetOperand(op, 0);
  MlirType t = mlirValueGetType(src);
  int along = 0;
  for (int r = 0; r < rank; r++) {
    int64_t size = mlirShapedTypeGetDimSize(t, r);
    if (outDimOf[r] == channelDim && size == channels)
      along++;
    else if (size != 1)
      return none;
  }
  return along == 1 ? src : none;
}
