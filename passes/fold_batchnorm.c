/*
** fold_batchnorm.c
** pt2e-fold-batchnorm: folds an eval-mode BatchNorm into the convolution
** (or linear) before it, as prepare_pt2e's _fuse_conv_bn_ (_fuse_linear_bn_)
** does before it annotates, with the float32 arithmetic of torch's
** fuse_conv_bn_weights (fuse_linear_bn_weights; numerics/batchnorm.h), so
** the folded weight is the one PT2E observes.
**
** torch-mlir lowers aten._native_batch_norm_legit_no_training to four
** per-channel ops after the conv, with the statistics as constants:
**
**   %c = linalg.conv_2d_nchw_fchw ins(%x, %W) outs(%init)   (bias: broadcast init)
**   %1 = generic { subf }  (%c, mean)        tosa.sub %c, mean
**   %2 = generic { mulf }  (%1, rsqrt(var + eps))   (rsqrt, add: generics)
**   %3 = generic { mulf }  (%2, gamma)       optional (affine)
**   %4 = generic { addf }  (%3, beta)        optional (affine)
**     becomes
**   %c = linalg.conv_2d_nchw_fchw ins(%x, %W') outs(broadcast(%b'))
**
** A conv without bias (init linalg.fill 0) keeps the BatchNorm's final add
** as its bias add (%c + b'), the form torch-mlir also accepts for a bias.
** TOSA: tosa.conv2d / depthwise_conv2d (weight OHWI / HWCM, bias operand)
** in its NHWC->NCHW transpose, then tosa.sub / mul / mul / add with the
** rsqrt as tosa.rsqrt(tosa.add(eps, var)); the conv gets W' and b', and the
** transpose's result replaces the add's.
**
** Matched: linalg.conv_{1d_ncw_fcw,2d_nchw_fchw}, depthwise_conv_{1d_ncw_cw,
** 2d_nchw_chw} (weight through its collapse_shape), tosa.conv2d,
** tosa.depthwise_conv2d with channel multiplier 1; and a linear on a 2-D
** input before a BatchNorm1d (_fuse_linear_bn_: linalg.matmul of the
** transposed weight, tosa.matmul + reshape; bias as torch-mlir's broadcast
** generic + add or a tosa.add), folded with fuse_linear_bn_weights'
** arithmetic; f32 only. Anything else (statistics that are not constants,
** another dtype, a value used twice inside the chain, an annotated op) is
** left alone without a word, as a pattern that is not there: PT2E folds
** only get_attr statistics.
**
** With qat=true a conv's weight is torchao's QAT observed weight instead,
** w * (gamma / sqrt(var + 1e-5)) (prepare_qat_pt2e's _qat_conv_bn_pattern;
** it does not fold), and the bias is the PTQ fold's; a linear's BatchNorm
** is left alone (prepare_qat_pt2e has no linear pattern).
**
** Every fold is computed before the first change; a failure (a
** dense_resource without its blob, no memory) leaves the module as it was.
** The IR left after a fold holds no BatchNorm op, so a second run changes
** nothing.
*/
#include "pt2e_passes.h"

#include <math.h>
#include <string.h>

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Linalg.h"
#include "mlir-c/IR.h"

#include "batchnorm.h"
#include "constants.h"
#include "copy.h"
#include "fold_batchnorm.h"
#include "ir_ops.h"
#include "match.h"
#include "pt2e_annotation.h"
#include "pt2e_checked.h"
#include "pt2e_limits.h"
#include "pt2e_support.h"
#include "structured.h"

#define WHO "'pt2e-fold-batchnorm'"

enum { OptQat, NumOptions };

static const Pt2eOptionDecl foldOptions[NumOptions] = {
    [OptQat] = {"qat", Pt2eOptionBool,
                "weights as prepare_qat_pt2e observes them: "
                "w * (gamma / sqrt(var + 1e-5))",
                "false", false},
};

enum { MAX_CHAIN = 4, MAX_DEAD = 64 };

/* The largest weight folded, as pt2e-convert's default max-weight-mb. */
#define MAX_WEIGHT_MB 4096
#define MAX_WEIGHT_BYTES ((size_t)MAX_WEIGHT_MB << 20)

typedef enum StepKind { StepSub, StepMul, StepAdd, StepNone } StepKind;

/* One planned fold: where each new constant goes and what it holds. */
typedef struct Fold {
  MlirOperation core;        /* the conv or linear (matmul) */
  MlirValue result;          /* what the BatchNorm reads (coreResult) */
  MlirOperation chain[MAX_CHAIN]; /* sub, mul (rsqrt), [mul gamma], [add beta] */
  int numChain;
  MlirOperation weightConst; /* the weight's constant */
  MlirOperation weightUser;  /* its user on the way to the core */
  intptr_t weightOperand;
  MlirOperation biasUser;    /* gets the folded bias at 'biasOperand' */
  intptr_t biasOperand;
  MlirType biasType;
  MlirOperation oldBias;     /* the producer of what 'biasUser' read there */
  MlirOperation epsConst;    /* a constant captured by the eps add's body */
  bool grouped;              /* a grouped conv (groupedCore) */
  intptr_t addInput;         /* reused add: its operand that becomes 'result' */
  StepKind lastKind;         /* of chain[numChain - 1] */
  bool reuseAdd;             /* no bias: the final add adds b' */
  bool initBias;             /* no bias and no add to reuse (a one-generic
                             ** BatchNorm): the core's zero init becomes a
                             ** broadcast of b' */
  float *weight, *bias;      /* folded values, owned */
  MlirOperation dead[MAX_DEAD]; /* what the fold may leave dead (collectDead) */
  int numDead;
} Fold;

typedef struct FoldState {
  PT2E_VEC(Fold) folds;
  bool qat, failed;
} FoldState;

static bool isNull(MlirOperation op) { return mlirOperationIsNull(op); }

/* The elements of a ranked, static tensor type in '*n'; false for any other
   type or when the count overflows. */
static bool staticNumel(MlirType t, int64_t *n) {
  if (!mlirTypeIsARankedTensor(t) || !mlirShapedTypeHasStaticShape(t))
    return false;
  *n = 1;
  for (intptr_t i = 0; i < mlirShapedTypeGetRank(t); i++)
    if (!pt2eCheckedMul(*n, mlirShapedTypeGetDimSize(t, i), n))
      return false;
  return true;
}

/* One element: a TOSA splat operand such as eps. */
static bool isOneElement(MlirValue v) {
  int64_t n;
  return staticNumel(mlirValueGetType(v), &n) && n == 1;
}

/*
** {======================================================================
** Reading constants
** =======================================================================
*/

typedef enum ReadResult { ReadOk, ReadNo, ReadError } ReadResult;

static bool isReshape(MlirOperation op) {
  return pt2eOpIs(op, "tensor.expand_shape") ||
         pt2eOpIs(op, "tensor.collapse_shape") ||
         pt2eOpIs(op, "tosa.reshape");
}

/* The constant op behind 'v' through reshapes, or a null op. */
static MlirOperation constantBehind(MlirValue v) {
  for (int depth = 0; depth < 4; depth++) {
    MlirOperation p = pt2eOpProducer(v);
    if (isReshape(p)) {
      v = mlirOperationGetOperand(p, 0);
      continue;
    }
    if (pt2eOpIs(p, "arith.constant") || pt2eOpIs(p, "tosa.const"))
      return p;
    break;
  }
  return (MlirOperation){NULL};
}

static MlirAttribute constantValue(MlirOperation op) {
  return mlirOperationGetAttributeByName(
      op, pt2eStr(pt2eOpIs(op, "tosa.const") ? "values" : "value"));
}

/*
** Reads the 'n' f32 values of the constant op 'k' into 'out' (dense
** literal, splat or dense_resource). ReadNo: not an f32 tensor of n
** elements; ReadError: a dense_resource without its blob (reported).
*/
static ReadResult readConstant(MlirOperation k, int64_t n, float *out) {
  MlirAttribute a = constantValue(k);
  if (mlirAttributeIsNull(a))
    return ReadNo;
  bool resource = mlirAttributeIsADenseResourceElements(a);
  if (!resource && !mlirAttributeIsADenseFPElements(a))
    return ReadNo;
  MlirType t = mlirAttributeGetType(a);
  if (!mlirTypeIsAF32(mlirShapedTypeGetElementType(t)) ||
      !mlirShapedTypeHasStaticShape(t) ||
      mlirElementsAttrGetNumElements(a) != n)
    return ReadNo;
  if (!pt2eResourceBlobIsPresent(a)) {
    pt2eEmitError(mlirOperationGetLocation(k),
                  WHO ": the constant's dense_resource has no blob in this "
                      "file (its dialect_resources entry is missing)");
    return ReadError;
  }
  bool splat = !resource && mlirDenseElementsAttrIsSplat(a);
  for (int64_t i = 0; i < n; i++)
    out[i] = resource ? mlirDenseFloatResourceElementsAttrGetValue(a, (intptr_t)i)
             : splat  ? mlirDenseElementsAttrGetFloatSplatValue(a)
                      : mlirDenseElementsAttrGetFloatValue(a, (intptr_t)i);
  return ReadOk;
}

/* Allocates 'n' floats and reads the constant behind 'v' into them. */
static ReadResult readVector(MlirValue v, int64_t n, float **out,
                             MlirLocation loc) {
  MlirOperation k = constantBehind(v);
  if (isNull(k))
    return ReadNo;
  size_t bytes;
  *out = pt2eCheckedBytes(n, sizeof **out, &bytes) ? pt2eAlloc(bytes) : NULL;
  if (!*out) {
    pt2eOutOfMemory(loc, WHO);
    return ReadError;
  }
  ReadResult r = readConstant(k, n, *out);
  if (r != ReadOk) {
    pt2eFree(*out);
    *out = NULL;
  }
  return r;
}

/* }====================================================================== */

/*
** {======================================================================
** The BatchNorm's per-channel ops
** =======================================================================
*/

/* A linalg.generic with one result, 'ins' inputs, parallel loops and an
   identity output map. */
static bool isElementwise(MlirOperation op, intptr_t ins) {
  return pt2eOpIs(op, "linalg.generic") &&
         mlirOperationGetNumResults(op) == 1 && pt2eOpNumInputs(op) == ins &&
         pt2eStructuredAllParallel(op) &&
         mlirAffineMapIsIdentity(pt2eStructuredMap(op, pt2eOpNumInputs(op)));
}

/*
** The op whose result the body yields, when every other op of the body is
** an arith.constant or arith.truncf (torch-mlir truncates the f64 eps in
** the body); else a null op.
*/
static MlirOperation soleBodyOp(MlirOperation generic) {
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(generic, 0));
  MlirOperation yield = mlirBlockGetTerminator(b);
  MlirOperation none = {NULL};
  if (!pt2eOpIs(yield, "linalg.yield") || mlirOperationGetNumOperands(yield) != 1)
    return none;
  MlirOperation found = pt2eOpProducer(mlirOperationGetOperand(yield, 0));
  if (isNull(found) ||
      !mlirOperationEqual(mlirOperationGetParentOperation(found), generic))
    return none;
  for (MlirOperation o = mlirBlockGetFirstOperation(b);
       !mlirOperationEqual(o, yield); o = mlirOperationGetNextInBlock(o))
    if (!mlirOperationEqual(o, found) && !pt2eOpIs(o, "arith.constant") &&
        !pt2eOpIs(o, "arith.truncf"))
      return none;
  return found;
}

static bool isBlockArg(MlirValue v, MlirOperation generic, intptr_t k) {
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(generic, 0));
  return mlirValueIsABlockArgument(v) &&
         mlirBlockEqual(mlirBlockArgumentGetOwner(v), b) &&
         mlirBlockArgumentGetArgNumber(v) == k;
}

/*
** True when operand 'k' of the elementwise generic 'op' holds one value per
** channel of its result's dim 1: a map of one d1 and, everywhere else,
** size 1 read at index 0: a constant 0, or a loop that only runs over 0
** (torch-mlir reads a [c, 1, 1] statistic with (d1, d2, d3) when the
** activation is [n, c, 1, 1]: ResNet's last stage on a small input).
*/
static bool perChannelOperand(MlirOperation op, intptr_t k, int64_t c) {
  MlirAffineMap m = pt2eStructuredMap(op, k);
  MlirType t = mlirValueGetType(mlirOperationGetOperand(op, k));
  if (!mlirTypeIsARankedTensor(t) || !mlirShapedTypeHasStaticShape(t) ||
      mlirShapedTypeGetRank(t) != mlirAffineMapGetNumResults(m))
    return false;
  int64_t loops[PT2E_MAX_RANK];
  int numLoops = pt2eStructuredLoopSizes(op, loops, PT2E_MAX_RANK);
  int dims = 0;
  for (intptr_t i = 0; i < mlirAffineMapGetNumResults(m); i++) {
    MlirAffineExpr e = mlirAffineMapGetResult(m, i);
    int64_t size = mlirShapedTypeGetDimSize(t, i);
    intptr_t pos = mlirAffineExprIsADim(e) ? mlirAffineDimExprGetPosition(e) : -1;
    if (pos == 1 && size == c)
      dims++;
    else if (size == 1 && pos > 1 && pos < numLoops && loops[pos] == 1)
      continue;
    else if (!(mlirAffineExprIsAConstant(e) &&
               mlirAffineConstantExprGetValue(e) == 0 && size == 1))
      return false;
  }
  return dims == 1;
}

/*
** The per-channel vector that operand 'k' of the elementwise 'op' is a
** broadcast of, or a null value: the operand has an identity map and a
** broadcast laid 'c' values along its dim 1 (pt2eCopyChannelSource).
** StableHLO's legalisation to linalg writes a BatchNorm's statistics so:
** expand_shape to [c, 1, 1], then a (d1, 0, 0) broadcast.
*/
static MlirValue channelBroadcastSource(MlirOperation op, intptr_t k, int64_t c) {
  if (!pt2eStructuredIsIdentity(op, k))
    return (MlirValue){NULL};
  return pt2eCopyChannelSource(pt2eOpProducer(mlirOperationGetOperand(op, k)), 1, c);
}

/* A TOSA operand of shape [1, c, 1, ...] (rank of the activation). */
static bool perChannelTosa(MlirValue v, intptr_t rank, int64_t c) {
  MlirType t = mlirValueGetType(v);
  if (!mlirTypeIsARankedTensor(t) || !mlirShapedTypeHasStaticShape(t) ||
      mlirShapedTypeGetRank(t) != rank || rank < 2)
    return false;
  for (intptr_t i = 0; i < rank; i++)
    if (mlirShapedTypeGetDimSize(t, i) != (i == 1 ? c : 1))
      return false;
  return true;
}

/* tosa.mul's shift operand is a zero. */
static bool zeroShift(MlirOperation mul) {
  if (mlirOperationGetNumOperands(mul) < 3)
    return true;
  MlirOperation k = pt2eOpProducer(mlirOperationGetOperand(mul, 2));
  if (!pt2eOpIs(k, "tosa.const"))
    return false;
  MlirAttribute a = constantValue(k);
  if (mlirAttributeIsNull(a) || !mlirAttributeIsADenseIntElements(a) ||
      !mlirDenseElementsAttrIsSplat(a))
    return false;
  MlirType e = mlirShapedTypeGetElementType(mlirAttributeGetType(a));
  return mlirTypeIsAInteger(e) && mlirIntegerTypeGetWidth(e) == 8 &&
         mlirDenseElementsAttrGetInt8SplatValue(a) == 0;
}

/*
** What 'op' does to the activation 'in' of 'c' channels: sub, mul or add of
** a per-channel operand, returned in 'vec' (for sub, 'in' is the minuend);
** StepNone otherwise. '*inIndex' is the operand that holds 'in'.
*/
static StepKind stepOf(MlirOperation op, MlirValue in, int64_t c,
                       MlirValue *vec, intptr_t *inIndex) {
  if (isNull(op) || mlirOperationGetNumResults(op) != 1 ||
      !pt2eMatchIsF32Tensor(mlirOperationGetResult(op, 0)) ||
      !mlirTypeEqual(mlirValueGetType(in),
                     mlirValueGetType(mlirOperationGetResult(op, 0))))
    return StepNone;
  StepKind kind = StepNone;
  if (pt2eOpIs(op, "tosa.sub"))
    kind = StepSub;
  else if (pt2eOpIs(op, "tosa.mul"))
    kind = zeroShift(op) ? StepMul : StepNone;
  else if (pt2eOpIs(op, "tosa.add"))
    kind = StepAdd;
  if (kind != StepNone) {
    intptr_t rank = mlirShapedTypeGetRank(mlirValueGetType(in));
    for (intptr_t k = 0; k < 2; k++) {
      if (!mlirValueEqual(mlirOperationGetOperand(op, k), in) ||
          (k == 1 && kind == StepSub))
        continue;
      *vec = mlirOperationGetOperand(op, 1 - k);
      *inIndex = k;
      return perChannelTosa(*vec, rank, c) ? kind : StepNone;
    }
    return StepNone;
  }
  if (!isElementwise(op, 2))
    return StepNone;
  MlirOperation body = soleBodyOp(op);
  if (pt2eOpIs(body, "arith.subf"))
    kind = StepSub;
  else if (pt2eOpIs(body, "arith.mulf"))
    kind = StepMul;
  else if (pt2eOpIs(body, "arith.addf"))
    kind = StepAdd;
  else
    return StepNone;
  for (intptr_t k = 0; k < 2; k++) {
    if (!mlirValueEqual(mlirOperationGetOperand(op, k), in) ||
        !pt2eStructuredIsIdentity(op, k) ||
        (k == 1 && kind == StepSub))
      continue;
    /* the body must read the activation's block argument first for sub */
    MlirValue a0 = mlirOperationGetOperand(body, 0);
    MlirValue a1 = mlirOperationGetOperand(body, 1);
    if (!(isBlockArg(a0, op, k) && isBlockArg(a1, op, 1 - k)) &&
        !(kind != StepSub && isBlockArg(a1, op, k) && isBlockArg(a0, op, 1 - k)))
      return StepNone;
    *vec = mlirOperationGetOperand(op, 1 - k);
    *inIndex = k;
    if (perChannelOperand(op, 1 - k, c))
      return kind;
    *vec = channelBroadcastSource(op, 1 - k, c);
    return mlirValueIsNull(*vec) ? StepNone : kind;
  }
  return StepNone;
}

/* The eps of 'x + eps' in the eps add's body: an f32 constant, or the f64
   constant torch-mlir truncates (torch rounds the Python float alike). */
static bool epsOf(MlirValue e, double *eps, MlirOperation *outside,
                  MlirOperation generic) {
  MlirOperation p = pt2eOpProducer(e);
  if (pt2eOpIs(p, "arith.truncf"))
    p = pt2eOpProducer(mlirOperationGetOperand(p, 0));
  if (!pt2eOpIs(p, "arith.constant"))
    return false;
  MlirAttribute a = constantValue(p);
  if (!mlirAttributeIsAFloat(a))
    return false;
  *eps = mlirFloatAttrGetValueDouble(a);
  /* a constant defined above the generic dies with it */
  if (!mlirOperationEqual(mlirOperationGetParentOperation(p), generic))
    *outside = p;
  return true;
}

/*
** eps written as a value: a splat constant, or StableHLO's legalisation's
** broadcast of a reshaped generic without inputs that yields the f64
** constant truncated (epsOf). Followed through reshapes and broadcasts.
*/
static bool epsBehind(MlirValue v, double *eps, MlirOperation *outside) {
  for (int depth = 0; depth < 6; depth++) {
    MlirOperation p = pt2eOpProducer(v);
    int outDimOf[PT2E_MAX_RANK];
    if (isReshape(p) || pt2eCopyBroadcast(p, outDimOf) >= 0) {
      v = mlirOperationGetOperand(p, 0);
      continue;
    }
    /* the generic first: epsOf notes the constant it captures, which dies
       with the fold (pt2eMatchSplat would read the same number, but leave
       that constant behind) */
    if (isElementwise(p, 0) && !isNull(soleBodyOp(p))) {
      MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(p, 0));
      return epsOf(mlirOperationGetOperand(mlirBlockGetTerminator(b), 0), eps, outside, p);
    }
    return pt2eMatchSplat(v, eps);
  }
  return false;
}

/*
** Reads rsqrt(var + eps) behind 'v': var into a new array '*var' of 'c'
** values and eps, from linalg generics (math.rsqrt; addf of a constant) or
** tosa.rsqrt(tosa.add). ReadNo when 'v' is not that.
*/
static ReadResult readRsqrt(MlirValue v, int64_t c, float **var, double *eps,
                            MlirOperation *epsConst, MlirLocation loc) {
  MlirOperation r = pt2eOpProducer(v);
  for (int depth = 0; depth < 4 && isReshape(r); depth++)
    r = pt2eOpProducer(mlirOperationGetOperand(r, 0));
  MlirValue sum;
  if (pt2eOpIs(r, "tosa.rsqrt")) {
    sum = mlirOperationGetOperand(r, 0);
  } else if (isElementwise(r, 1) &&
             pt2eStructuredIsIdentity(r, 0) &&
             pt2eOpIs(soleBodyOp(r), "math.rsqrt") &&
             isBlockArg(mlirOperationGetOperand(soleBodyOp(r), 0), r, 0)) {
    sum = mlirOperationGetOperand(r, 0);
  } else {
    return ReadNo;
  }
  MlirOperation add = pt2eOpProducer(sum);
  MlirValue varValue;
  if (pt2eOpIs(add, "tosa.add")) {
    /* torch-mlir writes tosa.add(eps, var): eps is the one-element splat */
    double e;
    intptr_t k = isOneElement(mlirOperationGetOperand(add, 0)) && c != 1 ? 1 : 0;
    if (!pt2eMatchSplat(mlirOperationGetOperand(add, 1 - k), &e) ||
        !isOneElement(mlirOperationGetOperand(add, 1 - k)))
      return ReadNo;
    *eps = e;
    varValue = mlirOperationGetOperand(add, k);
  } else if (isElementwise(add, 1) &&
             pt2eStructuredIsIdentity(add, 0) &&
             pt2eOpIs(soleBodyOp(add), "arith.addf")) {
    MlirOperation body = soleBodyOp(add);
    intptr_t k = isBlockArg(mlirOperationGetOperand(body, 0), add, 0) ? 0 : 1;
    if (!isBlockArg(mlirOperationGetOperand(body, k), add, 0) ||
        !epsOf(mlirOperationGetOperand(body, 1 - k), eps, epsConst, add))
      return ReadNo;
    varValue = mlirOperationGetOperand(add, 0);
  } else if (isElementwise(add, 2) && pt2eOpIs(soleBodyOp(add), "arith.addf") &&
             pt2eStructuredIsIdentity(add, 0) && pt2eStructuredIsIdentity(add, 1)) {
    /* var + eps with eps an operand (StableHLO's legalisation) */
    MlirOperation body = soleBodyOp(add);
    if (!(isBlockArg(mlirOperationGetOperand(body, 0), add, 0) &&
          isBlockArg(mlirOperationGetOperand(body, 1), add, 1)) &&
        !(isBlockArg(mlirOperationGetOperand(body, 0), add, 1) &&
          isBlockArg(mlirOperationGetOperand(body, 1), add, 0)))
      return ReadNo;
    /* var is the constant vector, eps the other (when both are constants,
       either way gives the same f32 sum) */
    intptr_t k = 0;
    while (k < 2 && (isNull(constantBehind(mlirOperationGetOperand(add, k))) ||
                     !epsBehind(mlirOperationGetOperand(add, 1 - k), eps, epsConst)))
      k++;
    if (k == 2)
      return ReadNo;
    varValue = mlirOperationGetOperand(add, k);
  } else {
    return ReadNo;
  }
  MlirType t = mlirValueGetType(varValue);
  if (!mlirTypeIsARankedTensor(t) || !mlirShapedTypeHasStaticShape(t))
    return ReadNo;
  return readVector(varValue, c, var, loc);
}

/* }====================================================================== */

/*
** {======================================================================
** What a fold leaves dead
** =======================================================================
*/

static bool resultsUnused(MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); i++)
    if (!mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(op, i))))
      return false;
  return true;
}

/* Ops a dead BatchNorm leaves behind: pure, on tensors or constants. */
static bool erasable(MlirOperation op) {
  static const char *const names[] = {
      "arith.constant", "tensor.empty",    "tensor.expand_shape",
      "tensor.collapse_shape", "linalg.generic", "linalg.broadcast",
      "linalg.fill",    "tosa.const",      "tosa.const_shape",
      "tosa.reshape",   "tosa.rsqrt",      "tosa.add",
      "tosa.sub",       "tosa.mul"};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (pt2eOpIs(op, names[i]))
      return true;
  return false;
}

/* Adds 'op' to the fold's clean-up list unless there already or full (a
   full list only leaves dead ops behind). */
static void noteDead(Fold *f, MlirOperation op) {
  if (isNull(op) || !erasable(op) || f->numDead == MAX_DEAD)
    return;
  for (int i = 0; i < f->numDead; i++)
    if (mlirOperationEqual(f->dead[i], op))
      return;
  f->dead[f->numDead++] = op;
}

/*
** The ops the fold may leave dead, collected while planning so that the
** rewrite allocates nothing: the BatchNorm's ops, the old weight and bias
** constants, and every erasable producer behind them (the rsqrt chain,
** reshapes, constants, tensor.empty). Which of them die is decided at the
** rewrite, by their uses.
*/
static void collectDead(Fold *f) {
  for (int i = 0; i < f->numChain - (f->reuseAdd ? 1 : 0); i++)
    noteDead(f, f->chain[i]);
  noteDead(f, f->weightConst);
  noteDead(f, f->oldBias);
  noteDead(f, f->epsConst);
  for (int i = 0; i < f->numDead; i++)
    for (intptr_t k = 0; k < mlirOperationGetNumOperands(f->dead[i]); k++)
      noteDead(f, pt2eOpProducer(mlirOperationGetOperand(f->dead[i], k)));
}

/* }====================================================================== */

/*
** {======================================================================
** Matching one conv or linear
** =======================================================================
*/

typedef enum CoreKind { CoreConv, CoreLinear } CoreKind;

static const struct {
  const char *name;
  bool tosa;
  CoreKind kind;
  intptr_t weightAxis; /* the output-channel axis of the weight operand */
} coreOps[] = {
    {"linalg.conv_2d_nchw_fchw", false, CoreConv, 0},
    {"linalg.conv_1d_ncw_fcw", false, CoreConv, 0},
    {"linalg.depthwise_conv_2d_nchw_chw", false, CoreConv, 0},
    {"linalg.depthwise_conv_1d_ncw_cw", false, CoreConv, 0},
    {"tosa.conv2d", true, CoreConv, 0},           /* OHWI */
    {"tosa.depthwise_conv2d", true, CoreConv, 2}, /* HWCM, M = 1 */
    {"linalg.matmul", false, CoreLinear, 1},      /* x @ W^T: [in, out] */
    {"tosa.matmul", true, CoreLinear, 2},         /* [1, in, out] */
};

typedef struct CoreInfo {
  bool tosa;
  CoreKind kind;
  intptr_t weightAxis;
  bool grouped; /* output channels over filter dims 0 and 1 (groupedCore) */
} CoreInfo;

/* The output dim that loop 'loop' of the linalg op writes, or -1. */
static int outputDimOfLoop(MlirOperation op, int loop) {
  int dims[PT2E_MAX_RANK];
  int n = pt2eStructuredMapDims(op, mlirOperationGetNumOperands(op) - 1, dims);
  for (int i = 0; i < n; i++)
    if (dims[i] == loop)
      return i;
  return -1;
}

/* A generic conv or contraction (linalg-generalize-named-ops' form, or
   another exporter's) whose output channels are its result's dim 1, as the
   named ops of coreOps have them. */
static bool genericCore(MlirOperation op, CoreInfo *ci) {
  if (!pt2eOpIs(op, "linalg.generic") || mlirOperationGetNumResults(op) != 1 ||
      mlirOperationGetNumOperands(op) != 3)
    return false;
  int64_t axis;
  int dims[PT2E_MAX_RANK];
  if (pt2eMatchConv(op, &axis) && axis >= 0) {
    int n = pt2eStructuredMapDims(op, 1, dims);
    if (axis >= n || dims[axis] < 0 || outputDimOfLoop(op, dims[axis]) != 1)
      return false;
    *ci = (CoreInfo){false, CoreConv, (intptr_t)axis, false};
    return true;
  }
  if (!mlirLinalgIsAContractionOp(op) || (axis = pt2eMatchContractionAxis(op, 1)) < 0)
    return false;
  *ci = (CoreInfo){false, CoreLinear, (intptr_t)axis, false};
  return true;
}

/* What 'op' is as the core of a fold: a named op of coreOps, or a generic
   one (genericCore). */
/*
** A grouped conv as torch-mlir writes it (conv_2d_ngchw_gfchw, named or
** generic): the output channels are filter dims 0 and 1 (groups, channels
** per group), the filter an expand_shape of PyTorch's [F, C/G, kh, kw] and
** the output collapsed back to [N, F, H, W] (coreResult, weightSource).
** PT2E's _fuse_conv_bn_ folds its BatchNorm like any conv's.
*/
static bool groupedCore(MlirOperation op, CoreInfo *ci) {
  int64_t dims[4], axis;
  if (!pt2eOpHasPrefix(op, "linalg.") || mlirOperationGetNumOperands(op) != 3 ||
      !pt2eMatchConv(op, &axis) || axis >= 0 || pt2eMatchConvChannelDims(op, dims) != 2 ||
      dims[0] != 0 || dims[1] != 1)
    return false;
  *ci = (CoreInfo){false, CoreConv, 0, true};
  return true;
}

static bool coreOf(MlirOperation op, CoreInfo *ci) {
  for (size_t i = 0; i < sizeof coreOps / sizeof coreOps[0]; i++)
    if (pt2eOpIs(op, coreOps[i].name)) {
      *ci = (CoreInfo){coreOps[i].tosa, coreOps[i].kind, coreOps[i].weightAxis, false};
      return true;
    }
  return genericCore(op, ci) || groupedCore(op, ci);
}

/* linalg.transpose's permutation entry 'i', or -1. */
static int64_t permutationAt(MlirOperation t, intptr_t i) {
  MlirAttribute p = mlirOperationGetAttributeByName(t, pt2eStr("permutation"));
  if (!mlirAttributeIsADenseI64Array(p) || i >= mlirDenseArrayGetNumElements(p))
    return -1;
  return mlirDenseI64ArrayGetElement(p, i);
}

/*
** The constant of the weight operand through single-use layout ops
** (torch-mlir's collapse_shape of a depthwise weight, keeping dim 0; the
** linear weight's linalg.transpose), the op that reads it and at which
** operand, and '*axis': the output-channel axis of that constant.
*/
static bool weightSource(Fold *f, intptr_t *axis) {
  MlirOperation user = f->core;
  intptr_t k = 1;
  for (int depth = 0; depth < 4; depth++) {
    MlirValue v = mlirOperationGetOperand(user, k);
    MlirOperation p = pt2eOpProducer(v);
    if (pt2eOpIs(p, "arith.constant") || pt2eOpIs(p, "tosa.const")) {
      f->weightConst = p;
      f->weightUser = user;
      f->weightOperand = k;
      return true;
    }
    /* a block argument (no producer) is not a constant weight */
    if (isNull(p) || isNull(pt2eOpSoleUser(mlirOperationGetResult(p, 0))))
      return false;
    int64_t perm[PT2E_MAX_RANK];
    int rank = pt2eOpHasPrefix(p, "tosa.") ? -1 : pt2eCopyTranspose(p, perm);
    if (pt2eOpIs(p, "linalg.transpose")) {
      *axis = (intptr_t)permutationAt(p, *axis);
      if (*axis < 0)
        return false;
    } else if (rank > 0) { /* a transpose written as a copying generic */
      if (*axis >= rank)
        return false;
      *axis = (intptr_t)perm[*axis];
    } else if (pt2eOpIs(p, "tensor.collapse_shape") ||
               pt2eOpIs(p, "tensor.expand_shape")) {
      /* row-major order is kept; dim 0 must be the channel dim on both sides
         (a grouped conv's expand splits PyTorch's F into its dims 0 and 1) */
      MlirType in = mlirValueGetType(mlirOperationGetOperand(p, 0));
      MlirType out = mlirValueGetType(v);
      int64_t channels = mlirShapedTypeGetDimSize(out, 0);
      if (f->grouped && user.ptr == f->core.ptr && pt2eOpIs(p, "tensor.expand_shape") &&
          mlirShapedTypeGetRank(out) == 5 && mlirShapedTypeGetRank(in) == 4)
        channels *= mlirShapedTypeGetDimSize(out, 1);
      if (*axis != 0 || mlirShapedTypeGetDimSize(in, 0) != channels)
        return false;
    } else {
      return false;
    }
    user = p;
    k = 0;
  }
  return false;
}

/* Elements and the inner block (the elements after the channel axis) of
   the weight constant, whose 'axis' holds the 'c' output channels. */
static bool weightLayout(const Fold *f, intptr_t axis, int64_t c,
                         int64_t *numel, int64_t *inner) {
  MlirType t = mlirValueGetType(mlirOperationGetResult(f->weightConst, 0));
  if (!mlirTypeIsARankedTensor(t) || !mlirShapedTypeHasStaticShape(t) ||
      !mlirTypeIsAF32(mlirShapedTypeGetElementType(t)))
    return false;
  intptr_t rank = mlirShapedTypeGetRank(t);
  if (axis >= rank || mlirShapedTypeGetDimSize(t, axis) != c ||
      !staticNumel(t, numel))
    return false;
  *inner = 1;
  for (intptr_t i = axis + 1; i < rank; i++)
    *inner *= mlirShapedTypeGetDimSize(t, i);
  return true;
}

/* Records that the folded bias goes into operand 'k' of 'user' (read from
   'v', the value there now, into '*bias'). */
static ReadResult biasAt(Fold *f, MlirOperation user, intptr_t k, int64_t c,
                         float **bias) {
  MlirValue b = mlirOperationGetOperand(user, k);
  f->biasUser = user;
  f->biasOperand = k;
  f->biasType = mlirValueGetType(b);
  f->oldBias = pt2eOpProducer(b);
  if (!pt2eOpIs(f->oldBias, "arith.constant") &&
      !pt2eOpIs(f->oldBias, "tosa.const"))
    return ReadNo;
  return readVector(b, c, bias, mlirOperationGetLocation(f->core));
}

/* A zero linalg.fill: the init of a conv or matmul without bias. */
static bool zeroFill(MlirValue init) {
  MlirOperation p = pt2eOpProducer(init);
  double zero;
  if (pt2eOpIs(p, "linalg.fill"))
    return pt2eMatchSplat(mlirOperationGetOperand(p, 0), &zero) && zero == 0;
  /* linalg-generalize-named-ops' fill: a generic yielding its scalar input */
  return pt2eCopyIsGeneric(p) && pt2eMatchSplat(mlirOperationGetOperand(p, 0), &zero) &&
         zero == 0;
}

/*
** The conv's bias: linalg's broadcast init of a constant, a zero fill (no
** bias: '*none'), TOSA's bias operand.
*/
static ReadResult convBias(Fold *f, bool tosa, int64_t c, float **bias,
                           bool *none) {
  *none = false;
  if (tosa)
    return biasAt(f, f->core, 2, c, bias);
  MlirValue init = mlirOperationGetOperand(f->core, mlirOperationGetNumOperands(f->core) - 1);
  MlirOperation p = pt2eOpProducer(init);
  if (zeroFill(init)) {
    *none = true;
    return ReadOk;
  }
  /* the broadcast gets the folded bias: only this conv may read it */
  if (!pt2eOpIs(p, "linalg.broadcast") || isNull(pt2eOpSoleUser(init)))
    return ReadNo;
  MlirAttribute dims = mlirOperationGetAttributeByName(p, pt2eStr("dimensions"));
  intptr_t rank = mlirShapedTypeGetRank(mlirValueGetType(init));
  if (!mlirAttributeIsADenseI64Array(dims) ||
      mlirDenseArrayGetNumElements(dims) != rank - 1)
    return ReadNo;
  for (intptr_t i = 0; i < rank - 1; i++)
    if (mlirDenseI64ArrayGetElement(dims, i) == 1)
      return ReadNo; /* the channel dim must be the one kept */
  return biasAt(f, p, 0, c, bias);
}

/*
** A linear's bias add after 'v' ([M, c]): an add generic or tosa.add of a
** per-channel constant, or (torch-mlir's linalg form) of a broadcast
** generic of one. '*none' when 'v' is not followed by one; then f->result
** stays 'v'.
*/
static ReadResult linearBias(Fold *f, MlirValue v, int64_t c, float **bias,
                             bool *none) {
  MlirOperation add = pt2eOpSoleUser(v);
  MlirValue vec = {NULL};
  intptr_t in = 0;
  *none = true;
  f->result = v;
  if (pt2eOpIs(add, "tosa.add") || pt2eOpIs(add, "linalg.generic")) {
    if (stepOf(add, v, c, &vec, &in) == StepAdd &&
        mlirValueEqual(vec, mlirOperationGetOperand(add, 1 - in))) {
      /* a per-channel constant right in the add (TOSA's [1, c]) */
      if (isNull(constantBehind(vec)))
        return ReadOk; /* not a bias: maybe the BatchNorm's add */
      *none = false;
      f->result = mlirOperationGetResult(add, 0);
      return biasAt(f, add, 1 - in, c, bias);
    }
    if (!isElementwise(add, 2) || !pt2eOpIs(soleBodyOp(add), "arith.addf"))
      return ReadOk;
    in = mlirValueEqual(mlirOperationGetOperand(add, 0), v) ? 0 : 1;
    if (!mlirValueEqual(mlirOperationGetOperand(add, in), v))
      return ReadOk; /* 'v' is the add's init, not an input */
    MlirOperation body = soleBodyOp(add);
    MlirValue other = mlirOperationGetOperand(add, 1 - in);
    MlirOperation b = pt2eOpProducer(other);
    if (!pt2eStructuredIsIdentity(add, 1 - in) ||
        !(isBlockArg(mlirOperationGetOperand(body, 0), add, 0) &&
          isBlockArg(mlirOperationGetOperand(body, 1), add, 1)) ||
        isNull(pt2eOpSoleUser(other)))
      return ReadOk;
    /* torch-mlir's broadcast: a generic yielding its one input, read along
       the last dim (the channels) */
    if (isNull(b) || !pt2eOpIs(b, "linalg.generic") || pt2eOpNumInputs(b) != 1 ||
        mlirOperationGetNumResults(b) != 1 ||
        !perChannelOperand(b, 0, c) || !pt2eStructuredAllParallel(b))
      return ReadOk;
    MlirBlock blk = mlirRegionGetFirstBlock(mlirOperationGetRegion(b, 0));
    MlirOperation yield = mlirBlockGetTerminator(blk);
    if (!pt2eOpIs(yield, "linalg.yield") ||
        mlirOperationGetNumOperands(yield) != 1 ||
        !isBlockArg(mlirOperationGetOperand(yield, 0), b, 0))
      return ReadOk;
    *none = false;
    f->result = mlirOperationGetResult(add, 0);
    return biasAt(f, b, 0, c, bias);
  }
  return ReadOk;
}

/*
** The value the BatchNorm reads, with its channels on dim 1: a linalg
** conv's result, TOSA's NHWC->NCHW transpose of it; a linear's [M, out]
** (TOSA: tosa.matmul's [1, M, out] reshaped), after its bias add if any.
*/
static bool coreResult(Fold *f, CoreKind kind, bool tosa) {
  MlirValue r = mlirOperationGetResult(f->core, 0);
  MlirOperation u = pt2eOpSoleUser(r);
  static const int32_t toNchw[] = {0, 3, 1, 2};
  if (tosa && kind == CoreConv) {
    if (!pt2eMatchTransposeOrItsReshape(u, toNchw, 4)) /* a reshape on 1x1 */
      return false;
    r = mlirOperationGetResult(u, 0);
  } else if (tosa) {
    if (!pt2eOpIs(u, "tosa.reshape"))
      return false;
    r = mlirOperationGetResult(u, 0);
  } else if (f->grouped) {
    /* [N, G, F/G, H, W] -> [N, F, H, W]: the channels in PyTorch's order */
    MlirType a = mlirValueGetType(r);
    if (!pt2eOpIs(u, "tensor.collapse_shape"))
      return false;
    MlirType b = mlirValueGetType(mlirOperationGetResult(u, 0));
    if (mlirShapedTypeGetRank(a) != 5 || mlirShapedTypeGetRank(b) != 4 ||
        mlirShapedTypeGetDimSize(b, 1) !=
            mlirShapedTypeGetDimSize(a, 1) * mlirShapedTypeGetDimSize(a, 2) ||
        mlirShapedTypeGetDimSize(b, 2) != mlirShapedTypeGetDimSize(a, 3))
      return false;
    r = mlirOperationGetResult(u, 0);
  } else if (kind == CoreConv && pt2eOpIs(u, "tensor.collapse_shape") &&
             pt2eMatchUnitReshape(u)) {
    /* a grouped conv's [N, G, F/G, H, W] back to [N, F, H, W] (StableHLO's
       depthwise conv, F/G = 1): the BatchNorm follows the collapse */
    MlirType a = mlirValueGetType(r), b = mlirValueGetType(mlirOperationGetResult(u, 0));
    if (mlirShapedTypeGetRank(b) < 2 ||
        mlirShapedTypeGetDimSize(a, 1) != mlirShapedTypeGetDimSize(b, 1))
      return false;
    r = mlirOperationGetResult(u, 0);
  }
  f->result = r;
  return true;
}

typedef struct Stats {
  float *mean, *var, *gamma, *beta, *coreBias;
  double eps;
} Stats;

static void freeStats(Stats *s) {
  pt2eFree(s->mean);
  pt2eFree(s->var);
  pt2eFree(s->gamma);
  pt2eFree(s->beta);
  pt2eFree(s->coreBias);
}

/* The sub / mul / [mul] / [add] chain after f->result, its constants read. */
static ReadResult matchChain(Fold *f, int64_t c, Stats *s) {
  MlirLocation loc = mlirOperationGetLocation(f->core);
  MlirValue v = f->result, vec = {NULL};
  intptr_t in = 0;
  static const StepKind want[MAX_CHAIN] = {StepSub, StepMul, StepMul, StepAdd};
  for (int i = 0; i < MAX_CHAIN; i++) {
    MlirOperation user = pt2eOpSoleUser(v);
    StepKind k = stepOf(user, v, c, &vec, &in);
    /* gamma and beta are optional (affine=False); beta may come alone */
    if (k != want[i] && i == 2 && k == StepAdd)
      i = 3;
    if (k != want[i] || !mlirAttributeIsNull(pt2eAnnotationGet(user)))
      break;
    ReadResult r;
    if (i == 1)
      r = readRsqrt(vec, c, &s->var, &s->eps, &f->epsConst, loc);
    else
      r = readVector(vec, c, i == 0 ? &s->mean : i == 2 ? &s->gamma : &s->beta, loc);
    if (r != ReadOk)
      return r;
    f->chain[f->numChain++] = user;
    f->addInput = in;
    f->lastKind = k;
    v = mlirOperationGetResult(user, 0);
  }
  return f->numChain >= 2 ? ReadOk : ReadNo;
}

/*
** {======================================================================
** A BatchNorm written as one linalg.generic
** =======================================================================
**
** Older torch-mlir and the ONNX path write the whole eval BatchNorm as one
** generic over the activation and the per-channel statistics, its body in
** any order of ops: (x - mean) * rsqrt(var + eps) * gamma + beta, or
** (x - mean) / sqrt(var + eps) ..., gamma and beta optional. Which input is
** which is found by what the body computes: it is run (pt2eMatchEvalBody)
** on sample numbers for each way of giving the inputs their roles, and
** exactly the right one reproduces the formula. eps is then the float
** constant of the body (or captured by it) that the samples solve for.
*/

enum { RoleMean, RoleVar, RoleGamma, RoleBeta, NumRoles };

typedef struct OneGeneric {
  MlirOperation op;
  intptr_t act;                /* the input that reads the core's result */
  intptr_t params[4];          /* the per-channel inputs, in operand order */
  int numParams;
  int role[4];                 /* role of params[j], once found */
  double scalars[8];           /* 0-d constant inputs, by input index */
} OneGeneric;

/* Sample numbers: x, mean, var (positive), gamma, beta per sample. */
enum { NumSamples = 4 };
static const double sampleVal[NumRoles + 1][NumSamples] = {
    {1.75, -0.5, 3.25, 0.125},   /* x */
    {0.25, 0.75, -1.5, 2.0},     /* mean */
    {0.5, 2.0, 1.25, 4.0},       /* var */
    {1.5, -0.75, 2.5, 0.5},      /* gamma */
    {0.1, -0.3, 0.7, 1.1},       /* beta */
};

/* What the generic yields on sample 's' with the roles of 'g', its init's
   element 'out'. */
static bool evalSample(const OneGeneric *g, int s, double out, double *y) {
  double args[8];
  intptr_t ins = pt2eOpNumInputs(g->op);
  for (intptr_t k = 0; k < ins; k++)
    args[k] = g->scalars[k];
  args[g->act] = sampleVal[0][s];
  for (int j = 0; j < g->numParams; j++)
    args[g->params[j]] = sampleVal[1 + g->role[j]][s];
  args[ins] = out;
  return pt2eMatchEvalBody(g->op, args, y);
}

/* The value of role 'r' on sample 's' under the roles of 'g' (a missing
   gamma is 1, a missing beta 0). */
static double roleValue(const OneGeneric *g, int r, int s) {
  for (int j = 0; j < g->numParams; j++)
    if (g->role[j] == r)
      return sampleVal[1 + r][s];
  return r == RoleGamma ? 1.0 : 0.0;
}

/* True when the body computes the batch norm under the roles of 'g', with
   an eps solved from the first sample into '*eps'. */
static bool rolesFit(const OneGeneric *g, double *eps) {
  double y[NumSamples], other;
  for (int s = 0; s < NumSamples; s++)
    if (!evalSample(g, s, 0.0, &y[s]))
      return false;
  /* the init's element is never read */
  if (!evalSample(g, 0, 7.0, &other) || other != y[0])
    return false;
  double x = sampleVal[0][0], m = roleValue(g, RoleMean, 0);
  double rs = (y[0] - roleValue(g, RoleBeta, 0)) / (roleValue(g, RoleGamma, 0) * (x - m));
  if (!(rs > 0))
    return false;
  *eps = 1.0 / (rs * rs) - roleValue(g, RoleVar, 0);
  if (!(*eps > -1e-9 && *eps < 1.0))
    return false;
  for (int s = 1; s < NumSamples; s++) {
    double want = (sampleVal[0][s] - roleValue(g, RoleMean, s)) /
                      sqrt(roleValue(g, RoleVar, s) + *eps) * roleValue(g, RoleGamma, s) +
                  roleValue(g, RoleBeta, s);
    if (!(fabs(y[s] - want) <= 1e-9 * (1.0 + fabs(want))))
      return false;
  }
  return true;
}

/* Tries every way of giving the params distinct roles, mean and var among
   them; keeps the one that fits. */
static bool assignRoles(OneGeneric *g, int j, unsigned used, double *eps) {
  if (j >= g->numParams || j >= NumRoles) /* numParams <= 4 = NumRoles */
    return (used & 3u) == 3u && rolesFit(g, eps);
  for (int r = 0; r < NumRoles; r++) {
    if (used >> r & 1u)
      continue;
    g->role[j] = r;
    if (assignRoles(g, j + 1, used | 1u << r, eps))
      return true;
  }
  return false;
}

/* The float constant 'op's body computes with (inside it, captured from
   above, or a 0-d input) closest to 'want', when it is within a relative
   1e-6 of it; false when none is. */
static bool bodyConstant(const OneGeneric *g, double want, double *eps, MlirOperation *outside) {
  MlirBlock b = pt2eStructuredBody(g->op);
  for (MlirOperation o = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o)) {
    for (intptr_t k = -1; k < mlirOperationGetNumOperands(o); k++) {
      MlirOperation c = k < 0 ? o : pt2eOpProducer(mlirOperationGetOperand(o, k));
      MlirAttribute a = pt2eOpIs(c, "arith.constant") ? pt2eOpAttr(c, "value")
                                                       : mlirAttributeGetNull();
      if (mlirAttributeIsNull(a) || !mlirAttributeIsAFloat(a))
        continue;
      double v = mlirFloatAttrGetValueDouble(a);
      if (fabs(v - want) <= 1e-6 * fabs(v)) {
        *eps = v;
        if (!mlirOperationEqual(mlirOperationGetParentOperation(c), g->op))
          *outside = c;
        return true;
      }
    }
  }
  for (intptr_t k = 0; k < pt2eOpNumInputs(g->op); k++)
    if (fabs(g->scalars[k] - want) <= 1e-6 * fabs(g->scalars[k]) && g->scalars[k] != 0) {
      *eps = g->scalars[k];
      return true;
    }
  return false;
}

/* 'op' has the shape of a one-generic BatchNorm after 'f->result': one
   result like it, parallel loops, identity output; 'f->result' read
   through an identity map, the other inputs per-channel constants or 0-d
   constants. */
static bool oneGenericShape(const Fold *f, int64_t c, MlirOperation op, OneGeneric *g) {
  memset(g, 0, sizeof *g);
  g->op = op;
  g->act = -1;
  if (!pt2eOpIs(op, "linalg.generic"))
    return false;
  intptr_t ins = pt2eOpNumInputs(op);
  if ( mlirOperationGetNumResults(op) != 1 || ins > 7 ||
      !pt2eStructuredAllParallel(op) || !pt2eStructuredIsIdentity(op, ins) ||
      !mlirTypeEqual(mlirValueGetType(mlirOperationGetResult(op, 0)),
                     mlirValueGetType(f->result)))
    return false;
  for (intptr_t k = 0; k < ins; k++) {
    MlirValue v = mlirOperationGetOperand(op, k);
    MlirType t = mlirValueGetType(v);
    if (g->act < 0 && mlirValueEqual(v, f->result) && pt2eStructuredIsIdentity(op, k))
      g->act = k;
    else if (perChannelOperand(op, k, c) && !isNull(constantBehind(v)) && g->numParams < 4)
      g->params[g->numParams++] = k;
    else if (!(mlirTypeIsARankedTensor(t) && mlirShapedTypeGetRank(t) == 0 &&
               pt2eConstScalar(v, &g->scalars[k])))
      return false;
  }
  return g->act >= 0 && g->numParams >= 2;
}

/* The BatchNorm as one generic after f->result: its statistics into 's'. */
static ReadResult matchOneGeneric(Fold *f, int64_t c, Stats *s) {
  MlirOperation op = pt2eOpOnlyUser(f->result);
  OneGeneric g;
  double epsFit;
  if (!oneGenericShape(f, c, op, &g) || !mlirAttributeIsNull(pt2eAnnotationGet(op)) ||
      !assignRoles(&g, 0, 0, &epsFit))
    return ReadNo;
  s->eps = 0.0;
  if (fabs(epsFit) > 1e-30 && !bodyConstant(&g, epsFit, &s->eps, &f->epsConst))
    return ReadNo;
  MlirLocation loc = mlirOperationGetLocation(f->core);
  float **dest[NumRoles] = {&s->mean, &s->var, &s->gamma, &s->beta};
  for (int j = 0; j < g.numParams; j++) {
    ReadResult r = readVector(mlirOperationGetOperand(op, g.params[j]), c, dest[g.role[j]], loc);
    if (r != ReadOk)
      return r;
  }
  f->chain[0] = op;
  f->numChain = 1;
  f->lastKind = StepNone;
  return ReadOk;
}

/* }====================================================================== */

/* A linalg core whose init is a zero fill gets the folded bias as a
   broadcast init (torch-mlir's form of a conv or linear with bias). */
static ReadResult planInitBias(Fold *f, int64_t c) {
  intptr_t init = mlirOperationGetNumOperands(f->core) - 1;
  MlirOperation fill = pt2eOpProducer(mlirOperationGetOperand(f->core, init));
  if (!zeroFill(mlirOperationGetOperand(f->core, init)))
    return ReadNo;
  int64_t shape[1] = {c};
  f->initBias = true;
  f->biasUser = f->core;
  f->biasOperand = init;
  f->biasType = mlirRankedTensorTypeGet(1, shape, mlirF32TypeGet(mlirOperationGetContext(f->core)),
                                        mlirAttributeGetNull());
  f->oldBias = fill;
  return ReadOk;
}

/* The core's bias, and where the folded bias goes. */
static ReadResult planBias(Fold *f, CoreKind kind, bool tosa, int64_t c,
                           Stats *s, float **linearBiasRead, bool linearNone) {
  bool none = linearNone;
  ReadResult r = ReadOk;
  if (kind == CoreConv) {
    r = convBias(f, tosa, c, &s->coreBias, &none);
  } else {
    s->coreBias = *linearBiasRead;
    *linearBiasRead = NULL;
  }
  if (r != ReadOk || !none)
    return r;
  /* no bias: the BatchNorm's final add becomes the core's bias add; a
     BatchNorm written as one generic gives the core a bias init instead;
     a chain without its add (affine=False) has nowhere to put the bias */
  if (f->numChain == 1 && f->lastKind == StepNone && !tosa)
    return planInitBias(f, c);
  if (f->lastKind != StepAdd)
    return ReadNo;
  MlirOperation add = f->chain[f->numChain - 1];
  MlirValue vec = mlirOperationGetOperand(add, 1 - f->addInput);
  f->reuseAdd = true;
  f->biasUser = add;
  f->biasOperand = 1 - f->addInput;
  MlirValue src = tosa ? (MlirValue){NULL} : channelBroadcastSource(add, 1 - f->addInput, c);
  if (!mlirValueIsNull(src)) {
    /* beta broadcast to the activation's shape: the new bias replaces the
       broadcast's source, so that it stays c values */
    f->biasUser = pt2eOpProducer(vec);
    f->biasOperand = 0;
    vec = src;
  }
  f->biasType = mlirValueGetType(vec);
  f->oldBias = pt2eOpProducer(vec);
  int64_t n;
  return staticNumel(f->biasType, &n) && n == c ? ReadOk : ReadNo;
}

/* The core's output channels 'c', and its weight's element count and inner
   size (the elements per output channel); false when no fold applies. */
static bool planCore(const FoldState *st, MlirOperation core, Fold *f, int64_t *c,
                     int64_t *numel, int64_t *inner) {
  CoreInfo ci;
  if (!coreOf(core, &ci))
    return false;
  bool tosa = ci.tosa;
  CoreKind kind = ci.kind;
  intptr_t axis = ci.weightAxis;
  f->grouped = ci.grouped;
  /* prepare_qat_pt2e has no linear + BatchNorm pattern: nothing to fold */
  if ((kind == CoreLinear && st->qat) ||
      !pt2eMatchIsF32Tensor(mlirOperationGetResult(core, 0)) ||
      !coreResult(f, kind, tosa) || !weightSource(f, &axis))
    return false;
  MlirType rt = mlirValueGetType(f->result);
  /* _fuse_linear_bn_ folds only a 2-D linear (BatchNorm1d's channels on
     dim 1 are then the output features) */
  if (!mlirTypeIsARankedTensor(rt) || !mlirShapedTypeHasStaticShape(rt) ||
      (kind == CoreConv ? mlirShapedTypeGetRank(rt) < 3 : mlirShapedTypeGetRank(rt) != 2))
    return false;
  *c = mlirShapedTypeGetDimSize(rt, 1);
  if (!weightLayout(f, axis, *c, numel, inner))
    return false;
  return kind != CoreLinear || tosa ||
         zeroFill(mlirOperationGetOperand(core, mlirOperationGetNumOperands(core) - 1));
}

/* The BatchNorm's statistics and the core's bias into 's'. */
static ReadResult readStats(Fold *f, CoreKind kind, bool tosa, int64_t c, Stats *s) {
  float *linearBiasRead = NULL;
  bool linearNone = true;
  ReadResult r = ReadOk;
  if (kind == CoreLinear)
    r = linearBias(f, f->result, c, &linearBiasRead, &linearNone);
  /* linearBias set biasUser for a bias it found: keep it from planBias */
  if (r == ReadOk)
    r = matchChain(f, c, s);
  if (r == ReadNo) { /* not a chain: perhaps one generic */
    freeStats(s);
    memset(s, 0, sizeof *s);
    f->numChain = 0;
    f->epsConst = (MlirOperation){NULL};
    r = matchOneGeneric(f, c, s);
  }
  if (r == ReadOk)
    r = planBias(f, kind, tosa, c, s, &linearBiasRead, linearNone);
  pt2eFree(linearBiasRead);
  return r;
}

/* Room for the folded weight (numel floats, within MAX_WEIGHT_BYTES) and
   bias (c floats). */
static ReadResult allocFolded(Fold *f, int64_t numel, int64_t c) {
  size_t bytes = 0;
  if (!pt2eCheckedBytes(numel, sizeof *f->weight, &bytes) || bytes > MAX_WEIGHT_BYTES) {
    /* a splat of a huge shape is one value in the file, numel floats here */
    pt2eEmitError(mlirOperationGetLocation(f->weightConst),
                  WHO ": folding this weight (%lld elements) needs more than "
                      "%d MiB", (long long)numel, MAX_WEIGHT_MB);
    return ReadError;
  }
  f->weight = pt2eAlloc(bytes);
  f->bias = pt2eAlloc((size_t)c * sizeof *f->bias);
  if (!f->weight || !f->bias) {
    pt2eOutOfMemory(mlirOperationGetLocation(f->core), WHO);
    return ReadError;
  }
  return ReadOk;
}

/* torch's fuse_{conv,linear}_bn_weights on the read weight, in place. */
static void fuseWeights(const FoldState *st, Fold *f, CoreKind kind, const Stats *s,
                        int64_t c, int64_t numel, int64_t inner) {
  Pt2eBatchNorm bn = {c, s->mean, s->var, s->gamma, s->beta, s->eps};
  if (kind == CoreLinear) {
    pt2eFuseLinearBnWeights(&bn, f->weight, numel, inner, s->coreBias, f->bias);
  } else if (st->qat) {
    pt2eScaleConvBnWeightQat(&bn, f->weight, numel, inner);
    pt2eFuseConvBnWeights(&bn, NULL, 0, inner, s->coreBias, f->bias);
  } else {
    pt2eFuseConvBnWeights(&bn, f->weight, numel, inner, s->coreBias, f->bias);
  }
}

/* Plans the fold of 'core' into 'f' (ReadNo: no BatchNorm to fold). */
static ReadResult planFold(const FoldState *st, MlirOperation core, Fold *f) {
  CoreInfo ci;
  coreOf(core, &ci); /* collectFold asked it before */
  CoreKind kind = ci.kind;
  int64_t c, numel, inner;
  memset(f, 0, sizeof *f);
  f->core = core;
  if (!planCore(st, core, f, &c, &numel, &inner))
    return ReadNo;
  Stats s;
  memset(&s, 0, sizeof s);
  ReadResult r = readStats(f, kind, ci.tosa, c, &s);
  if (r == ReadOk)
    r = allocFolded(f, numel, c);
  if (r == ReadOk)
    r = readConstant(f->weightConst, numel, f->weight);
  if (r == ReadOk)
    fuseWeights(st, f, kind, &s, c, numel, inner);
  freeStats(&s);
  if (r != ReadOk) {
    pt2eFree(f->weight);
    pt2eFree(f->bias);
    f->weight = f->bias = NULL;
  } else {
    collectDead(f);
  }
  return r;
}

/* }====================================================================== */

/*
** {======================================================================
** Rewriting
** =======================================================================
*/

/*
** A constant of 'type' holding 'values', inserted right after 'old' (the
** constant, or the producer of the value, it replaces: it dominates the
** user and keeps the module's order), as a tosa.const after a TOSA op and
** an arith.constant otherwise.
*/
static MlirValue newConstant(MlirOperation old, MlirType type,
                             const float *values) {
  MlirContext ctx = mlirOperationGetContext(old);
  bool tosa = pt2eOpHasPrefix(old, "tosa.");
  int64_t n = 0;
  staticNumel(type, &n); /* checked when the fold was planned */
  MlirAttribute a = mlirDenseElementsAttrFloatGet(type, (intptr_t)n, values);
  MlirNamedAttribute value =
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, pt2eStr(tosa ? "values" : "value")), a);
  MlirOperationState st = mlirOperationStateGet(
      pt2eStr(tosa ? "tosa.const" : "arith.constant"), mlirOperationGetLocation(old));
  mlirOperationStateAddAttributes(&st, 1, &value);
  mlirOperationStateAddResults(&st, 1, &type);
  MlirOperation op = mlirOperationCreate(&st);
  mlirBlockInsertOwnedOperationAfter(mlirOperationGetBlock(old), old, op);
  return mlirOperationGetResult(op, 0);
}

/*
** Destroys the ops of every fold's clean-up list whose results have no
** use, again until none is left to destroy, once all folds are applied:
** folds may share an op (a zero fill or a tensor.empty CSE made common, a
** captured eps), so one fold's list may name an op another fold already
** left dead. The lists are merged without duplicates first, so each op is
** destroyed once and never read after. Out of memory: nothing is erased
** (dead ops are harmless).
*/
static void eraseAllDead(Fold *folds, size_t numFolds) {
  size_t cap = 0, n = 0;
  for (size_t i = 0; i < numFolds; i++)
    cap += (size_t)folds[i].numDead;
  MlirOperation *all = cap ? pt2eAlloc(cap * sizeof *all) : NULL;
  bool *gone = cap ? pt2eAlloc(cap * sizeof *gone) : NULL;
  if (!all || !gone) {
    pt2eFree(all);
    pt2eFree(gone);
    return;
  }
  for (size_t i = 0; i < numFolds; i++)
    for (int k = 0; k < folds[i].numDead; k++) {
      size_t j = 0;
      while (j < n && !mlirOperationEqual(all[j], folds[i].dead[k]))
        j++;
      if (j == n)
        all[n++] = folds[i].dead[k];
    }
  memset(gone, 0, n * sizeof *gone);
  for (bool progress = true; progress;) {
    progress = false;
    for (size_t i = 0; i < n; i++)
      if (!gone[i] && resultsUnused(all[i])) {
        mlirOperationDestroy(all[i]);
        gone[i] = progress = true;
      }
  }
  pt2eFree(all);
  pt2eFree(gone);
}

/* Rewrites the module as planned; allocates nothing of ours, cannot fail. */
/* linalg.broadcast of the 1-D 'bias' along dim 1 of the zero fill 'fill'
   reads, inserted after the bias constant: the init of a core with bias. */
static MlirValue broadcastChannels(MlirOperation fill, MlirValue bias) {
  MlirContext ctx = mlirOperationGetContext(fill);
  MlirValue empty = mlirOperationGetOperand(fill, 1);
  MlirType t = mlirValueGetType(empty);
  int64_t dims[PT2E_MAX_RANK];
  intptr_t n = 0;
  for (intptr_t d = 0; d < mlirShapedTypeGetRank(t); d++)
    if (d != 1)
      dims[n++] = d;
  MlirNamedAttribute added = mlirNamedAttributeGet(
      mlirIdentifierGet(ctx, pt2eStr("dimensions")), mlirDenseI64ArrayGet(ctx, n, dims));
  MlirOperationState st = mlirOperationStateGet(pt2eStr("linalg.broadcast"),
                                                mlirOperationGetLocation(fill));
  MlirValue operands[2] = {bias, empty};
  MlirRegion body = mlirRegionCreate();
  mlirOperationStateAddOperands(&st, 2, operands);
  mlirOperationStateAddResults(&st, 1, &t);
  mlirOperationStateAddAttributes(&st, 1, &added);
  mlirOperationStateAddOwnedRegions(&st, 1, &body);
  MlirOperation op = mlirOperationCreate(&st);
  mlirLinalgFillBuiltinNamedOpRegion(op);
  MlirOperation after = pt2eOpProducer(bias);
  mlirBlockInsertOwnedOperationAfter(mlirOperationGetBlock(after), after, op);
  return mlirOperationGetResult(op, 0);
}

static void applyFold(Fold *f) {
  MlirValue w = newConstant(
      f->weightConst, mlirValueGetType(mlirOperationGetResult(f->weightConst, 0)),
      f->weight);
  mlirOperationSetOperand(f->weightUser, f->weightOperand, w);
  MlirValue b = newConstant(f->oldBias, f->biasType, f->bias);
  if (f->initBias)
    b = broadcastChannels(f->oldBias, b);
  mlirOperationSetOperand(f->biasUser, f->biasOperand, b);
  if (f->reuseAdd)
    mlirOperationSetOperand(f->chain[f->numChain - 1], f->addInput, f->result);
  else
    mlirValueReplaceAllUsesOfWith(
        mlirOperationGetResult(f->chain[f->numChain - 1], 0), f->result);
}

/* }====================================================================== */

static MlirWalkResult collectFold(MlirOperation op, void *userData) {
  FoldState *st = userData;
  CoreInfo ci;
  if (!coreOf(op, &ci))
    return MlirWalkResultAdvance;
  Fold f;
  ReadResult r = planFold(st, op, &f);
  if (r == ReadNo)
    return MlirWalkResultAdvance;
  if (r == ReadOk && PT2E_PUSH(st->folds, f))
    return MlirWalkResultAdvance;
  if (r == ReadOk) {
    pt2eFree(f.weight);
    pt2eFree(f.bias);
    pt2eOutOfMemory(mlirOperationGetLocation(op), WHO);
  }
  st->failed = true;
  return MlirWalkResultInterrupt;
}

MlirLogicalResult pt2eFoldBatchNorm(MlirOperation module, bool qat,
                                    int *numFolded) {
  FoldState st;
  memset(&st, 0, sizeof st);
  st.qat = qat;
  mlirOperationWalk(module, collectFold, &st, MlirWalkPreOrder);
  for (size_t i = 0; i < st.folds.size && !st.failed; i++)
    applyFold(&st.folds.at[i]);
  if (!st.failed)
    eraseAllDead(st.folds.at, st.folds.size);
  if (numFolded)
    *numFolded = (int)st.folds.size;
  for (size_t i = 0; i < st.folds.size; i++) {
    pt2eFree(st.folds.at[i].weight);
    pt2eFree(st.folds.at[i].bias);
  }
  pt2eFree(st.folds.at);
  return st.failed ? mlirLogicalResultFailure() : mlirLogicalResultSuccess();
}

static MlirLogicalResult foldRun(MlirOperation module,
                                 const Pt2eOptionValue *options) {
  return pt2eFoldBatchNorm(module, options[OptQat].boolValue, NULL);
}

const Pt2ePassDecl pt2eFoldBatchNormPass = {
    .argument = "pt2e-fold-batchnorm",
    .name = "Pt2eFoldBatchNorm",
    .summary = "Fold eval-mode BatchNorm into the convolution before it, "
               "bit for bit as prepare_pt2e's _fuse_conv_bn_",
    .anchorOp = "builtin.module",
    .options = foldOptions,
    .numOptions = NumOptions,
    .dependentDialects = NULL,
    .numDependentDialects = 0,
    .run = foldRun,
};
