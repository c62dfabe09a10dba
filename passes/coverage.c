/*
** coverage.c
** The coverage record (contracts in coverage.h). The kinds are those
** XNNPACKQuantizer has patterns for (conv, linear, add, mul, cat) plus the
** BatchNorm that prepare_pt2e folds: an op of one of them outside every
** unit is a miss the user must see. The reasons are read from the IR
** alone, so that pt2e-annotate gives the same text whichever pass left
** the op out; the pass adds its own (an exclude option, dynamic mode)
** before asking here.
*/
#include "coverage.h"

#include <stdio.h>
#include <string.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Linalg.h"

#include "match.h"
#include "structured.h"

/* 'op' yields a ranked tensor of floats: a value PT2E could observe. */
static bool floatTensorResult(MlirOperation op) {
  if (mlirOperationGetNumResults(op) != 1)
    return false;
  MlirType t = mlirValueGetType(mlirOperationGetResult(op, 0));
  return mlirTypeIsARankedTensor(t) && mlirTypeIsAFloat(mlirShapedTypeGetElementType(t));
}

/* Every operand is computed from constants. */
static bool constantsOnly(MlirOperation op) {
  for (intptr_t k = 0; k < pt2eOpNumSources(op); k++)
    if (!pt2eMatchIsConstant(mlirOperationGetOperand(op, k)))
      return false;
  return true;
}

/* A contraction of linalg (named or generic) or tosa.matmul. */
static bool isContraction(MlirOperation op) {
  if (pt2eOpIs(op, "tosa.matmul"))
    return true;
  return pt2eOpHasPrefix(op, "linalg.") && mlirOperationGetNumOperands(op) == 3 &&
         mlirLinalgIsAContractionOp(op);
}

/* The body of the linalg op computes an rsqrt (of its variance). */
static bool bodyHasRsqrt(MlirOperation op) {
  MlirOperation ops[32];
  int n = pt2eStructuredBodyOps(op, ops, 32);
  for (int k = 0; k < n; k++)
    if (pt2eOpIs(ops[k], "math.rsqrt"))
      return true;
  return false;
}

/* An eval BatchNorm as one generic: an rsqrt in a body that reads a
   full-rank activation and per-channel (rank 1) operands. */
static bool isOneGenericBatchNorm(MlirOperation op) {
  if (!pt2eOpIs(op, "linalg.generic") || !bodyHasRsqrt(op))
    return false;
  bool full = false, channel = false;
  intptr_t rank = mlirShapedTypeGetRank(mlirValueGetType(mlirOperationGetResult(op, 0)));
  for (intptr_t k = 0; k < pt2eOpNumSources(op); k++) {
    MlirType t = mlirValueGetType(mlirOperationGetOperand(op, k));
    if (!mlirTypeIsARankedTensor(t))
      continue;
    full |= mlirShapedTypeGetRank(t) == rank;
    channel |= mlirShapedTypeGetRank(t) == 1 && rank > 1;
  }
  return full && channel;
}

bool pt2eCoverageAfterCore(MlirOperation op) {
  for (int step = 0; step < 4; step++) {
    MlirValue act = {NULL};
    for (intptr_t k = 0; k < pt2eOpNumSources(op); k++) {
      MlirValue v = mlirOperationGetOperand(op, k);
      if (pt2eMatchIsConstant(v))
        continue;
      if (!mlirValueIsNull(act))
        return false; /* two activations: no chain back to one core */
      act = v;
    }
    if (mlirValueIsNull(act))
      return false; /* no activation operand (a generic reading captures) */
    op = pt2eOpProducer(act);
    int64_t axis;
    MlirValue in;
    double lo, hi;
    if (mlirOperationIsNull(op))
      return false;
    if (pt2eMatchConv(op, &axis) || isContraction(op))
      return true;
    /* a relu or a pool between: the BatchNorm is a later layer's
       (DenseNet's pre-activation BN after conv, BN, relu) */
    if (pt2eMatchClamp(op, &in, &lo, &hi) || pt2eMatchMaxPool(op))
      return false;
  }
  return false;
}

bool pt2eCoverageUnfoldedBatchNorm(MlirOperation op) {
  return !constantsOnly(op) && pt2eMatchBatchNormScale(op);
}

const char *pt2eCoverageKind(MlirOperation op) {
  int64_t catDim;
  if (!floatTensorResult(op))
    return NULL;
  if (pt2eMatchConcatGeneric(op, &catDim))
    return "cat"; /* its sources are captured, not operands */
  if (pt2eOpNumSources(op) == 0 || constantsOnly(op))
    return NULL;
  int64_t axis;
  if (pt2eMatchConv(op, &axis))
    return "conv";
  if (isContraction(op))
    return pt2eMatchLinearWeight(op) ? "linear" : "matmul";
  if (isOneGenericBatchNorm(op))
    return "batch_norm";
  switch (pt2eMatchBinaryOp(op)) {
  case Pt2eMatchAdd:
    return "add";
  case Pt2eMatchMul:
    return "mul";
  case Pt2eMatchSub: /* not patterns of XNNPACKQuantizer's */
  case Pt2eMatchMax:
  case Pt2eMatchMin:
  case Pt2eMatchNotBinary:
    break;
  }
  if (pt2eOpIs(op, "tensor.concat") || pt2eOpIs(op, "tosa.concat"))
    return "cat";
  return NULL;
}

/* The first operand that is not a tensor of f32, or -1. */
static intptr_t nonF32Operand(MlirOperation op, intptr_t upTo) {
  for (intptr_t k = 0; k < upTo && k < pt2eOpNumSources(op); k++)
    if (!pt2eMatchIsF32Tensor(mlirOperationGetOperand(op, k)))
      return k;
  return -1;
}

/* Why a one-generic BatchNorm was not folded into what precedes it. */
static const char *batchNormReason(MlirOperation op) {
  MlirOperation prev = pt2eOpProducer(mlirOperationGetOperand(op, 0));
  int64_t axis;
  if (!pt2eMatchConv(prev, &axis) && !isContraction(prev))
    return "BatchNorm not folded: it follows no conv or linear (XNNPACKQuantizer "
           "annotates no batch_norm)";
  if (!pt2eOpIs(pt2eOpOnlyUser(mlirOperationGetResult(prev, 0)), "linalg.generic"))
    return "BatchNorm not folded: the conv's or linear's result has other users";
  for (intptr_t k = 1; k < pt2eOpNumSources(op); k++)
    if (!pt2eMatchIsConstant(mlirOperationGetOperand(op, k)))
      return "BatchNorm not folded: its statistics or affine parameters are not "
             "constants";
  return "BatchNorm not folded: its body is not an eval BatchNorm this pass reads "
         "((x - mean) * rsqrt(var + eps) * gamma + beta, in any order)";
}

const char *pt2eCoverageReason(MlirOperation op, const char *kind, char *buf,
                               size_t size) {
  bool compute = !strcmp(kind, "conv") || !strcmp(kind, "linear") ||
                 !strcmp(kind, "matmul");
  intptr_t bad = nonF32Operand(op, compute ? 2 : pt2eOpNumSources(op));
  if (bad >= 0) {
    snprintf(buf, size, "operand %d is not a tensor of f32 (XNNPACKQuantizer "
                        "quantizes float32 only)", (int)bad);
    return buf;
  }
  if (!strcmp(kind, "matmul"))
    return "a matmul of two activations (XNNPACKQuantizer annotates no matmul "
           "without a weight)";
  if (!strcmp(kind, "conv") && !pt2eMatchIsParameter(mlirOperationGetOperand(op, 1)))
    return "its weight is not a constant or a parameter";
  if (!strcmp(kind, "batch_norm"))
    return batchNormReason(op);
  return "no XNNPACKQuantizer pattern took it in this form";
}

void pt2eCoverageMark(MlirOperation op, const char *kind, const char *reason) {
  char text[512];
  snprintf(text, sizeof text, "%s: %s", kind, reason);
  MlirContext ctx = mlirOperationGetContext(op);
  mlirOperationSetDiscardableAttributeByName(
      op, mlirStringRefCreateFromCString(PT2E_COVERAGE_ATTR),
      mlirStringAttrGet(ctx, mlirStringRefCreateFromCString(text)));
}

MlirStringRef pt2eCoverageGet(MlirOperation op) {
  MlirAttribute a = mlirOperationGetDiscardableAttributeByName(
      op, mlirStringRefCreateFromCString(PT2E_COVERAGE_ATTR));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAString(a))
    return (MlirStringRef){NULL, 0};
  return mlirStringAttrGetValue(a);
}

static void printToStderr(MlirStringRef s, void *userData) {
  (void)userData;
  fwrite(s.data, 1, s.length, stderr);
}

void pt2eCoveragePrint(const char *who, MlirOperation op, MlirStringRef text) {
  MlirStringRef n = pt2eOpNameOf(op);
  fprintf(stderr, "%s: not quantized: '%.*s' at ", who, (int)n.length, n.data);
  mlirLocationPrint(mlirOperationGetLocation(op), printToStderr, NULL);
  fprintf(stderr, ": %.*s\n", (int)text.length, text.data);
}
