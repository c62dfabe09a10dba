/*
** match.c
** Structural recognisers (contracts in match.h).
**
** The body of a linalg.generic is read by evaluating it: a tiny interpreter
** runs the scalar ops of the body (arith and math on floats) on sample
** values, so that relu written as maximumf, as maxnumf or as cmpf + select,
** with its zero inside the body, captured from outside or passed as a 0-d
** tensor, is recognised the same way. Anything the interpreter does not
** know makes the op unrecognised, never misrecognised.
*/
#include "match.h"

#include <math.h>
#include <string.h>

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Linalg.h"

#include "cmpf.h"
#include "copy.h"
#include "pt2e_limits.h"
#include "pt2e_support.h"
#include "structured.h"

#define BIG 1e30 /* stands for +-infinity in samples */

static bool isConstantOp(MlirOperation op) {
  return pt2eOpIs(op, "arith.constant") || pt2eOpIs(op, "tosa.const") ||
         pt2eOpIs(op, "tosa.const_shape") ||
         pt2eOpIs(op, "tensor.empty");
}

static bool isConstantAt(MlirValue v, int depth);

/* The values an op's regions read from around it, checked to be constant. */
typedef struct CaptureCheck {
  MlirOperation owner;
  MlirBlock around; /* the block 'owner' sits in */
  int depth;
  bool constant;
} CaptureCheck;

static bool definedInBlock(MlirValue v, MlirBlock b) {
  if (mlirValueIsABlockArgument(v))
    return mlirBlockEqual(mlirBlockArgumentGetOwner(v), b);
  return mlirBlockEqual(mlirOperationGetBlock(mlirOpResultGetOwner(v)), b);
}

static MlirWalkResult checkCapture(MlirOperation op, void *userData) {
  CaptureCheck *c = userData;
  if (mlirOperationEqual(op, c->owner))
    return MlirWalkResultAdvance;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); i++) {
    MlirValue v = mlirOperationGetOperand(op, i);
    if (definedInBlock(v, c->around) && !isConstantAt(v, c->depth + 1)) {
      c->constant = false;
      return MlirWalkResultInterrupt;
    }
  }
  return MlirWalkResultAdvance;
}

/*
** True when 'v' is computed from constants alone: its operands, and the
** values its op's regions capture (StableHLO's concatenate is a generic
** with no inputs whose body reads the tensors it joins: not a constant).
*/
static bool isConstantAt(MlirValue v, int depth) {
  MlirOperation p = pt2eOpProducer(v);
  if (mlirOperationIsNull(p) || depth > 12)
    return false;
  if (isConstantOp(p))
    return true;
  intptr_t n = mlirOperationGetNumOperands(p);
  if (n == 0)
    return false;
  for (intptr_t i = 0; i < n; i++)
    if (!isConstantAt(mlirOperationGetOperand(p, i), depth + 1))
      return false;
  if (mlirOperationGetNumRegions(p) == 0)
    return true;
  CaptureCheck c = {p, mlirOperationGetBlock(p), depth, true};
  mlirOperationWalk(p, checkCapture, &c, MlirWalkPreOrder);
  return c.constant;
}

bool pt2eMatchIsConstant(MlirValue v) { return isConstantAt(v, 0); }

/* A block argument of a function's body (not of a region inside it). */
static bool isFunctionArgument(MlirValue v) {
  if (!mlirValueIsABlockArgument(v))
    return false;
  MlirOperation parent = mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(v));
  return pt2eOpIs(parent, "func.func");
}

static bool isGlobalLoad(MlirOperation op) {
  return pt2eOpIs(op, "ml_program.global_load_const") ||
         pt2eOpIs(op, "ml_program.global_load");
}

/* Through layout ops (transposes, reshapes) to the value they start from. */
static MlirValue layoutSource(MlirValue v) {
  for (int depth = 0; depth < 8; depth++) {
    MlirOperation p = pt2eOpProducer(v);
    if (mlirOperationIsNull(p) || !pt2eMatchLayout(p) ||
        pt2eOpIs(p, "tensor.extract_slice") || pt2eOpIs(p, "tosa.slice"))
      break;
    v = mlirOperationGetOperand(p, 0);
  }
  return v;
}

/* A function argument or an ml_program global: a parameter not held in
   the IR (StableHLO/JAX exports pass weights so). */
static bool isExternalParameter(MlirValue v) {
  MlirOperation p = pt2eOpProducer(v);
  return isFunctionArgument(v) || (!mlirOperationIsNull(p) && isGlobalLoad(p));
}

static bool isIntegerTensor(MlirValue v) {
  MlirType t = mlirValueGetType(v);
  return mlirTypeIsAShaped(t) && mlirTypeIsAInteger(mlirShapedTypeGetElementType(t));
}

/* An int-to-float conversion in 'op's body whose operand is not an
   arith.constant (a scalar written so: StableHLO's sitofp of a literal). */
static MlirWalkResult findIntToFloat(MlirOperation op, void *userData) {
  if (!pt2eOpIs(op, "arith.sitofp") && !pt2eOpIs(op, "arith.uitofp"))
    return MlirWalkResultAdvance;
  MlirOperation from = pt2eOpProducer(mlirOperationGetOperand(op, 0));
  if (!mlirOperationIsNull(from) && pt2eOpIs(from, "arith.constant"))
    return MlirWalkResultAdvance;
  *(bool *)userData = true;
  return MlirWalkResultInterrupt;
}

bool pt2eMatchIsIntegerData(MlirValue v) {
  v = layoutSource(v);
  MlirOperation p = pt2eOpProducer(v);
  if (mlirOperationIsNull(p))
    return false;
  if (pt2eOpIs(p, "tosa.cast")) {
    MlirValue in = mlirOperationGetOperand(p, 0);
    MlirAttribute splat = {NULL};
    MlirOperation c = pt2eOpProducer(layoutSource(in));
    if (!mlirOperationIsNull(c) && pt2eOpIs(c, "tosa.const"))
      splat = mlirOperationGetAttributeByName(c, mlirStringRefCreateFromCString("values"));
    return isIntegerTensor(in) &&
           !(!mlirAttributeIsNull(splat) && mlirAttributeIsADenseElements(splat) &&
             mlirDenseElementsAttrIsSplat(splat));
  }
  if (!pt2eOpIs(p, "linalg.generic") && !pt2eOpIs(p, "linalg.map"))
    return false;
  bool found = false;
  mlirOperationWalk(p, findIntToFloat, &found, MlirWalkPreOrder);
  return found;
}

bool pt2eMatchIsParameter(MlirValue v) {
  return pt2eMatchIsConstant(v) || isExternalParameter(layoutSource(v));
}

/* True when operand 'k' of the linalg contraction 'op' reads one of its
   batch dims (those of the result and of both operands). */
static bool readsBatchDim(MlirOperation op, intptr_t k) {
  MlirLinalgContractionDimensions dims = mlirLinalgInferContractionDimensions(op);
  MlirAffineMap m = pt2eStructuredMap(op, k);
  if (mlirAttributeIsNull(dims.batch) || !mlirAttributeIsADenseI32Array(dims.batch) ||
      mlirAffineMapIsNull(m))
    return false;
  for (intptr_t i = 0; i < mlirDenseArrayGetNumElements(dims.batch); i++) {
    int64_t b = mlirDenseI32ArrayGetElement(dims.batch, i);
    for (intptr_t r = 0; r < mlirAffineMapGetNumResults(m); r++) {
      MlirAffineExpr e = mlirAffineMapGetResult(m, r);
      if (mlirAffineExprIsADim(e) && mlirAffineDimExprGetPosition(e) == b)
        return true;
    }
  }
  return false;
}

bool pt2eMatchLinearWeight(MlirOperation op) {
  MlirValue w = mlirOperationGetOperand(op, 1);
  if (pt2eMatchIsConstant(w))
    return true;
  /* an argument or global: a weight only where a linear's weight can be,
     outside the batch dims (Q times K transposed has two activations) */
  return isExternalParameter(layoutSource(w)) &&
         (pt2eOpIs(op, "tosa.matmul") || !readsBatchDim(op, 1));
}


/*
** A bias that is an external parameter: a function argument or global of
** lower rank than 'rank', broadcast to it (linalg.broadcast, a copying
** generic, reshapes). A full-rank argument is an activation (a residual
** input), never a bias.
*/
static bool isBroadcastParameter(MlirValue v, intptr_t rank) {
  for (int depth = 0; depth < 8; depth++) {
    MlirOperation p = pt2eOpProducer(v);
    if (mlirOperationIsNull(p) ||
        !(pt2eOpIs(p, "linalg.broadcast") || pt2eCopyIsGeneric(p) ||
          pt2eOpIs(p, "tensor.expand_shape") ||
          pt2eOpIs(p, "tensor.collapse_shape")))
      break;
    v = mlirOperationGetOperand(p, 0);
  }
  MlirType t = mlirValueGetType(v);
  return isExternalParameter(v) && mlirTypeIsARankedTensor(t) &&
         mlirShapedTypeGetRank(t) < rank;
}

bool pt2eMatchIsF32Tensor(MlirValue v) {
  MlirType t = mlirValueGetType(v);
  return mlirTypeIsARankedTensor(t) &&
         mlirTypeIsAF32(mlirShapedTypeGetElementType(t));
}

static bool isElementwise(MlirOperation op);

/* A generic without inputs whose body never reads its init: every element
** is the one value its body computes from constants (StableHLO's
** legalisation writes a scalar constant so: sitofp or truncf of one,
** yielded, then collapsed and broadcast). */
static bool constantGeneric(MlirOperation p) {
  if (!pt2eOpIs(p, "linalg.generic") || pt2eOpNumInputs(p) != 0 || !isElementwise(p))
    return false;
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(p, 0));
  for (intptr_t i = 0; i < mlirBlockGetNumArguments(b); i++)
    if (!mlirOpOperandIsNull(mlirValueGetFirstUse(mlirBlockGetArgument(b, i))))
      return false;
  return mlirBlockGetNumArguments(b) == 1;
}

bool pt2eMatchSplat(MlirValue v, double *out) {
  for (int depth = 0; depth < 6; depth++) {
    MlirOperation p = pt2eOpProducer(v);
    int outDimOf[PT2E_MAX_RANK];
    if (mlirOperationIsNull(p))
      return false;
    if (pt2eOpIs(p, "tosa.reshape") ||
        pt2eOpIs(p, "tensor.expand_shape") ||
        pt2eOpIs(p, "tensor.collapse_shape") ||
        pt2eOpIs(p, "linalg.broadcast") || pt2eOpIs(p, "linalg.fill") ||
        pt2eCopyBroadcast(p, outDimOf) >= 0) {
      v = mlirOperationGetOperand(p, 0); /* fill: its scalar */
      continue;
    }
    if (constantGeneric(p))
      return pt2eMatchEvalBody(p, (const double[1]){0}, out);
    const char *key = pt2eOpIs(p, "arith.constant") ? "value"
                      : pt2eOpIs(p, "tosa.const")   ? "values"
                                                       : NULL;
    if (!key)
      return false;
    MlirAttribute a = mlirOperationGetAttributeByName(p, pt2eStr(key));
    if (mlirAttributeIsNull(a))
      return false;
    if (mlirAttributeIsAFloat(a)) {
      *out = mlirFloatAttrGetValueDouble(a);
      return true;
    }
    if (!mlirAttributeIsADenseFPElements(a) || !mlirDenseElementsAttrIsSplat(a))
      return false;
    /* read at the element type's width (torch-mlir's TOSA writes f64
       splats: a layer norm's 1/N, _safe_softmax's -inf) */
    MlirType et = mlirShapedTypeGetElementType(mlirAttributeGetType(a));
    if (mlirTypeIsAF32(et))
      *out = mlirDenseElementsAttrGetFloatSplatValue(a);
    else if (mlirTypeIsAF64(et))
      *out = mlirDenseElementsAttrGetDoubleSplatValue(a);
    else
      return false;
    return true;
  }
  return false;
}

/*
** {======================================================================
** linalg.generic bodies
** =======================================================================
*/

#define MAX_BODY 48

typedef struct Body {
  MlirBlock block;
  intptr_t numIns, numOuts;
  size_t size;
  MlirValue vals[MAX_BODY];
  double nums[MAX_BODY];
} Body;

static bool lookup(Body *b, MlirValue v, double *out) {
  for (size_t i = 0; i < b->size; i++)
    if (mlirValueEqual(b->vals[i], v)) {
      *out = b->nums[i];
      return true;
    }
  MlirOperation p = pt2eOpProducer(v);
  if (!mlirOperationIsNull(p) && pt2eOpIs(p, "arith.constant")) {
    MlirAttribute a = mlirOperationGetAttributeByName(p, pt2eStr("value"));
    if (mlirAttributeIsAFloat(a)) {
      *out = mlirFloatAttrGetValueDouble(a);
      return true;
    }
    if (mlirAttributeIsAInteger(a)) { /* math.fpowi's exponent */
      *out = (double)mlirIntegerAttrGetValueInt(a);
      return true;
    }
  }
  return false;
}

static bool bind(Body *b, MlirValue v, double x) {
  if (b->size == MAX_BODY)
    return false;
  b->vals[b->size] = v;
  b->nums[b->size++] = x;
  return true;
}

/* The scalar ops a body may hold, on their operands x[0..2]. */
static double evAdd(const double *x) { return x[0] + x[1]; }
static double evSub(const double *x) { return x[0] - x[1]; }
static double evMul(const double *x) { return x[0] * x[1]; }
static double evDiv(const double *x) { return x[0] / x[1]; }
static double evNeg(const double *x) { return -x[0]; }
static double evRsqrt(const double *x) { return 1.0 / sqrt(x[0]); }
static double evSqrt(const double *x) { return sqrt(x[0]); }
static double evExp(const double *x) { return exp(x[0]); }
static double evErf(const double *x) { return erf(x[0]); }
static double evTanh(const double *x) { return tanh(x[0]); }
static double evPow(const double *x) { return pow(x[0], x[1]); }
static double evMax(const double *x) { return fmax(x[0], x[1]); }
static double evMin(const double *x) { return fmin(x[0], x[1]); }
static double evCopy(const double *x) { return x[0]; }
static double evSelect(const double *x) { return x[0] != 0 ? x[1] : x[2]; }

static const struct {
  const char *name;
  double (*eval)(const double *x);
} scalarOps[] = {
    {"arith.addf", evAdd},      {"arith.subf", evSub},        {"arith.mulf", evMul},
    {"arith.divf", evDiv},      {"arith.negf", evNeg},        {"math.rsqrt", evRsqrt},
    {"math.sqrt", evSqrt},      {"math.exp", evExp},          {"math.erf", evErf},
    {"math.tanh", evTanh},      {"math.fpowi", evPow},        {"math.powf", evPow},
    {"arith.maximumf", evMax},  {"arith.maxnumf", evMax},     {"arith.minimumf", evMin},
    {"arith.minnumf", evMin},   {"arith.truncf", evCopy},     {"arith.extf", evCopy},
    {"arith.select", evSelect}, {"arith.sitofp", evCopy},
};

/* The value of the body op 'o' on its operands 'x' (a constant's from
   'b'); false for an op the samples cannot run. */
static bool evalScalarOp(Body *b, MlirOperation o, const double *x, double *r) {
  if (pt2eOpIs(o, "arith.constant"))
    return lookup(b, mlirOperationGetResult(o, 0), r);
  /* StableHLO's bodies wrap a scalar in a 0-d tensor and take it back out */
  if ((pt2eOpIs(o, "tensor.from_elements") || pt2eOpIs(o, "tensor.extract")) &&
      mlirOperationGetNumOperands(o) == 1) {
    *r = x[0];
    return true;
  }
  if (pt2eOpIs(o, "arith.cmpf")) {
    int pred = pt2eCmpfOf(o);
    *r = pt2eCmpfHolds(pred, x[0], x[1]) ? 1 : 0;
    return pred >= 0;
  }
  for (size_t i = 0; i < sizeof scalarOps / sizeof *scalarOps; i++)
    if (pt2eOpIs(o, scalarOps[i].name)) {
      *r = scalarOps[i].eval(x);
      return true;
    }
  return false;
}

/*
** Runs the body of generic 'op' with block arguments 'args' (ins then outs);
** writes the yielded value. Fails on an op it does not know or a value
** whose number it cannot tell.
*/
bool pt2eMatchEvalBody(MlirOperation op, const double *args, double *out) {
  Body b;
  b.size = 0;
  b.block = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  intptr_t nargs = mlirBlockGetNumArguments(b.block);
  if (nargs > 8)
    return false;
  for (intptr_t i = 0; i < nargs; i++)
    bind(&b, mlirBlockGetArgument(b.block, i), args[i]);
  for (MlirOperation o = mlirBlockGetFirstOperation(b.block);
       !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o)) {
    double x[3] = {0, 0, 0}, r;
    intptr_t n = mlirOperationGetNumOperands(o);
    if (n > 3)
      return false;
    for (intptr_t i = 0; i < n; i++)
      if (!lookup(&b, mlirOperationGetOperand(o, i), &x[i]))
        return false;
    if (pt2eOpIs(o, "linalg.yield")) {
      if (n != 1)
        return false;
      *out = x[0];
      return true;
    }
    if (!evalScalarOp(&b, o, x, &r) || mlirOperationGetNumResults(o) != 1 ||
        !bind(&b, mlirOperationGetResult(o, 0), r))
      return false;
  }
  return false;
}

/* True unless every loop of 'op' is known to be parallel (a named op has
   no iterator types: it may reduce). */
static bool hasReduction(MlirOperation op) {
  int parallel, reduction;
  return !pt2eStructuredIterators(op, &parallel, &reduction) || reduction > 0;
}

/* A linalg.generic with one result, parallel loops and an identity output,
   or a linalg.map (StableHLO's elementwise ops: identity maps, no init
   argument in its body). */
static bool isElementwise(MlirOperation op) {
  if (pt2eOpIs(op, "linalg.map"))
    return mlirOperationGetNumResults(op) == 1;
  if (!pt2eOpIs(op, "linalg.generic") ||
      mlirOperationGetNumResults(op) != 1 || hasReduction(op))
    return false;
  return pt2eStructuredIsIdentity(op, pt2eOpNumInputs(op));
}

/*
** For an elementwise generic, the index of the one input that is not a
** constant splat (the others' values go to 'args'), or -1.
*/
static intptr_t soleVariableInput(MlirOperation op, double *args) {
  intptr_t var = -1, n = pt2eOpNumInputs(op);
  if (n > 7)
    return -1;
  for (intptr_t i = 0; i < n; i++) {
    if (pt2eMatchSplat(mlirOperationGetOperand(op, i), &args[i]))
      continue;
    if (var >= 0)
      return -1;
    var = i;
  }
  if (var >= 0 && !pt2eStructuredIsIdentity(op, var))
    return -1;
  return var;
}

/* }====================================================================== */

static const double samples[] = {-BIG, -100, -7, -6, -2.5, -1, -0.5, 0,
                                 0.5,  1,    2.5, 5.75, 6,  6.25, 7, 100, BIG};
#define NUM_SAMPLES (sizeof samples / sizeof samples[0])

static bool genericClamp(MlirOperation op, MlirValue *in, double *lo,
                         double *hi) {
  double args[8] = {0}, y;
  if (!isElementwise(op))
    return false;
  intptr_t var = soleVariableInput(op, args);
  if (var < 0)
    return false;
  args[var] = -BIG;
  if (!pt2eMatchEvalBody(op, args, lo))
    return false;
  args[var] = BIG;
  if (!pt2eMatchEvalBody(op, args, hi) || *lo > *hi || (*lo <= -BIG && *hi >= BIG))
    return false;
  for (size_t s = 0; s < NUM_SAMPLES; s++) {
    args[var] = samples[s];
    if (!pt2eMatchEvalBody(op, args, &y) || y != fmin(fmax(samples[s], *lo), *hi))
      return false;
  }
  *in = mlirOperationGetOperand(op, var);
  return true;
}

bool pt2eMatchClamp(MlirOperation op, MlirValue *in, double *lo, double *hi) {
  bool ok = false;
  if (pt2eOpIs(op, "tosa.clamp")) {
    MlirAttribute a = mlirOperationGetAttributeByName(op, pt2eStr("min_val"));
    MlirAttribute b = mlirOperationGetAttributeByName(op, pt2eStr("max_val"));
    if (!mlirAttributeIsAFloat(a) || !mlirAttributeIsAFloat(b))
      return false;
    *lo = mlirFloatAttrGetValueDouble(a);
    *hi = mlirFloatAttrGetValueDouble(b);
    *in = mlirOperationGetOperand(op, 0);
    ok = true;
  } else if (pt2eOpIs(op, "tosa.maximum") || pt2eOpIs(op, "tosa.minimum")) {
    double c;
    intptr_t var = 0;
    if (pt2eMatchSplat(mlirOperationGetOperand(op, 1), &c))
      var = 0;
    else if (pt2eMatchSplat(mlirOperationGetOperand(op, 0), &c))
      var = 1;
    else
      return false;
    *in = mlirOperationGetOperand(op, var);
    bool isMax = pt2eOpIs(op, "tosa.maximum");
    *lo = isMax ? c : -INFINITY;
    *hi = isMax ? INFINITY : c;
    if (!mlirTypeEqual(mlirValueGetType(*in),
                       mlirValueGetType(mlirOperationGetResult(op, 0))))
      return false;
    ok = true;
  } else {
    ok = genericClamp(op, in, lo, hi);
  }
  if (!ok)
    return false;
  if (*lo <= -BIG) /* -BIG: a generic with no lower bound */
    *lo = -INFINITY;
  if (*hi >= BIG) /* FLT_MAX (torch-mlir relu), or a generic with none */
    *hi = INFINITY;
  return true;
}

Pt2eMatchBinary pt2eMatchBinaryOp(MlirOperation op) {
  if (pt2eOpIs(op, "tosa.add"))
    return Pt2eMatchAdd;
  if (pt2eOpIs(op, "tosa.mul"))
    return Pt2eMatchMul;
  if (pt2eOpIs(op, "tosa.sub"))
    return Pt2eMatchSub;
  if (pt2eOpIs(op, "tosa.maximum"))
    return Pt2eMatchMax;
  if (pt2eOpIs(op, "tosa.minimum"))
    return Pt2eMatchMin;
  if (!isElementwise(op) || pt2eOpNumInputs(op) != 2)
    return Pt2eMatchNotBinary;
  static const double a[] = {1, -3, 7, 0.25, 2.5}, b[] = {2, 0.5, -7, 4, 3};
  bool add = true, mul = true, sub = true, max = true, min = true;
  for (size_t i = 0; i < sizeof a / sizeof a[0]; i++) {
    double args[3] = {a[i], b[i], 0}, y;
    if (!pt2eMatchEvalBody(op, args, &y))
      return Pt2eMatchNotBinary;
    add = add && y == a[i] + b[i];
    mul = mul && y == a[i] * b[i];
    sub = sub && y == a[i] - b[i];
    max = max && y == fmax(a[i], b[i]);
    min = min && y == fmin(a[i], b[i]);
  }
  return add ? Pt2eMatchAdd
         : mul ? Pt2eMatchMul
         : sub ? Pt2eMatchSub
         : max ? Pt2eMatchMax
         : min ? Pt2eMatchMin
               : Pt2eMatchNotBinary;
}

Pt2eMatchUnary pt2eMatchUnaryOp(MlirOperation op) {
  if (pt2eOpIs(op, "tosa.sigmoid"))
    return Pt2eMatchSigmoid;
  if (pt2eOpIs(op, "tosa.tanh"))
    return Pt2eMatchTanh;
  if (pt2eOpIs(op, "tosa.exp"))
    return Pt2eMatchExp;
  if (!isElementwise(op) || pt2eOpNumInputs(op) != 1)
    return Pt2eMatchNotUnary;
  static const double x[] = {-3, -0.5, 0, 0.25, 2};
  bool sig = true, th = true, ex = true;
  for (size_t i = 0; i < sizeof x / sizeof x[0]; i++) {
    double args[2] = {x[i], 0}, y;
    if (!pt2eMatchEvalBody(op, args, &y))
      return Pt2eMatchNotUnary;
    /* the body's own order of operations may round otherwise */
    sig = sig && fabs(y - 1 / (1 + exp(-x[i]))) <= 1e-6;
    th = th && fabs(y - tanh(x[i])) <= 1e-6;
    ex = ex && fabs(y - exp(x[i])) <= 1e-6 * exp(x[i]);
  }
  return sig ? Pt2eMatchSigmoid
         : th ? Pt2eMatchTanh
         : ex ? Pt2eMatchExp
              : Pt2eMatchNotUnary;
}

/* A value defined by arith.constant, directly or through one truncf /
   extf (torch-mlir keeps a Python float as an f64 constant and truncates
   it in the body). */
static bool isScalarConstant(MlirValue v) {
  for (int depth = 0; depth < 2 && mlirValueIsAOpResult(v); depth++) {
    MlirOperation d = mlirOpResultGetOwner(v);
    if (pt2eOpIs(d, "arith.constant"))
      return true;
    if (!pt2eOpIs(d, "arith.truncf") && !pt2eOpIs(d, "arith.extf"))
      return false;
    v = mlirOperationGetOperand(d, 0);
  }
  return false;
}

Pt2eMatchBinary pt2eMatchScalarBinaryOp(MlirOperation op) {
  if (!isElementwise(op) || pt2eOpNumInputs(op) != 1 ||
      !pt2eMatchIsF32Tensor(mlirOperationGetResult(op, 0)))
    return Pt2eMatchNotBinary;
  MlirBlock block = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  MlirOperation yield = mlirBlockGetTerminator(block);
  if (mlirOperationIsNull(yield) || mlirOperationGetNumOperands(yield) != 1 ||
      !mlirValueIsAOpResult(mlirOperationGetOperand(yield, 0)))
    return Pt2eMatchNotBinary;
  MlirOperation bin = mlirOpResultGetOwner(mlirOperationGetOperand(yield, 0));
  Pt2eMatchBinary kind = pt2eOpIs(bin, "arith.addf")   ? Pt2eMatchAdd
                         : pt2eOpIs(bin, "arith.mulf") ? Pt2eMatchMul
                                                       : Pt2eMatchNotBinary;
  if (kind == Pt2eMatchNotBinary)
    return kind;
  MlirValue in = mlirBlockGetArgument(block, 0);
  for (int k = 0; k < 2; k++)
    if (mlirValueEqual(mlirOperationGetOperand(bin, k), in) &&
        isScalarConstant(mlirOperationGetOperand(bin, 1 - k)))
      return kind;
  return Pt2eMatchNotBinary;
}

/* Only float arithmetic that an affine per-channel op is made of. */
static bool arithmeticBody(MlirOperation op) {
  MlirBlock block = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  int n = 0;
  for (MlirOperation o = mlirBlockGetFirstOperation(block);
       !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o)) {
    if (pt2eOpIs(o, "linalg.yield") || pt2eOpIs(o, "arith.constant") ||
        pt2eOpIs(o, "arith.truncf") || pt2eOpIs(o, "arith.extf"))
      continue;
    if (!pt2eOpIs(o, "arith.addf") && !pt2eOpIs(o, "arith.subf") &&
        !pt2eOpIs(o, "arith.mulf") && !pt2eOpIs(o, "arith.divf") &&
        !pt2eOpIs(o, "math.rsqrt") && !pt2eOpIs(o, "math.sqrt"))
      return false;
    n++;
  }
  return n > 0;
}

/*
** The dims of 'v' (of rank 'rank') that it spans, into 'varies': a
** broadcast's (named or generic) source's non-unit dims, or else its own
** non-unit dims. Read from the shapes, not the values: a row of a splat is
** still laid along its dim, as the exporter wrote it.
*/
static void varyingDims(MlirValue v, int rank, bool *varies) {
  MlirType t = mlirValueGetType(v);
  for (int d = 0; d < rank; d++)
    varies[d] = false;
  if (!mlirTypeIsARankedTensor(t))
    return;
  int outDimOf[PT2E_MAX_RANK];
  MlirOperation p = pt2eOpProducer(v);
  int srcRank = pt2eCopyBroadcast(p, outDimOf);
  if (srcRank >= 0) {
    MlirType s = mlirValueGetType(mlirOperationGetOperand(p, 0));
    for (int r = 0; r < srcRank; r++)
      if (mlirShapedTypeGetDimSize(s, r) != 1 && outDimOf[r] < rank)
        varies[outDimOf[r]] = true;
    return;
  }
  for (int d = 0; d < rank && d < mlirShapedTypeGetRank(t); d++)
    varies[d] = mlirShapedTypeGetDimSize(t, d) != 1;
}

/* True when operand 'k' of elementwise 'op' is constant along every dim of
   the result but 'channel': what it reads through its map varies only
   there. */
static bool constantBesidesChannel(MlirOperation op, intptr_t k, int channel) {
  MlirValue v = mlirOperationGetOperand(op, k);
  int dims[PT2E_MAX_RANK];
  bool varies[PT2E_MAX_RANK];
  int n = pt2eStructuredMapDims(op, k, dims);
  if (n < 0)
    return false;
  varyingDims(v, n, varies);
  for (int r = 0; r < n; r++)
    if (varies[r] && dims[r] != channel)
      return false;
  return true;
}

/* The same for a TOSA elementwise op's constant operand 'c', broadcast to
   the result by numpy's rule (ranks aligned on the right). */
static bool tosaConstantBesidesChannel(MlirOperation op, MlirValue c, int channel) {
  MlirType t = mlirValueGetType(c);
  intptr_t rank = mlirShapedTypeGetRank(mlirValueGetType(mlirOperationGetResult(op, 0)));
  if (!mlirTypeIsARankedTensor(t) || mlirShapedTypeGetRank(t) > rank)
    return false;
  intptr_t shift = rank - mlirShapedTypeGetRank(t);
  for (intptr_t d = 0; d < mlirShapedTypeGetRank(t); d++)
    if (mlirShapedTypeGetDimSize(t, d) != 1 && d + shift != channel)
      return false;
  return true;
}

bool pt2eMatchAffine(MlirOperation op, MlirValue in, int channel) {
  if (pt2eOpIs(op, "tosa.add") || pt2eOpIs(op, "tosa.sub") ||
      pt2eOpIs(op, "tosa.mul")) {
    MlirValue a = mlirOperationGetOperand(op, 0);
    MlirValue b = mlirOperationGetOperand(op, 1);
    MlirValue c = mlirValueEqual(a, in) ? b : a;
    if (!(mlirValueEqual(a, in) || (mlirValueEqual(b, in) && !pt2eOpIs(op, "tosa.sub"))) ||
        !pt2eMatchIsConstant(c))
      return false;
    return channel < 0 || tosaConstantBesidesChannel(op, c, channel);
  }
  if (!isElementwise(op) || !arithmeticBody(op))
    return false;
  intptr_t n = pt2eOpNumInputs(op), constants = 0;
  bool found = false;
  for (intptr_t i = 0; i < n; i++) {
    MlirValue v = mlirOperationGetOperand(op, i);
    if (mlirValueEqual(v, in) && !found && pt2eStructuredIsIdentity(op, i))
      found = true;
    else if ((pt2eMatchIsConstant(v) ||
              isBroadcastParameter(v, mlirShapedTypeGetRank(mlirValueGetType(
                                          mlirOperationGetResult(op, 0))))) &&
             (channel < 0 || constantBesidesChannel(op, i, channel)))
      constants++;
    else
      return false;
  }
  return found && constants > 0;
}

bool pt2eMatchScale(MlirOperation op, MlirValue in) {
  if (pt2eOpIs(op, "tosa.mul")) {
    double c;
    return mlirValueEqual(mlirOperationGetOperand(op, 0), in) &&
           pt2eMatchSplat(mlirOperationGetOperand(op, 1), &c);
  }
  if (!isElementwise(op) || pt2eOpNumInputs(op) != 1 ||
      !mlirValueEqual(mlirOperationGetOperand(op, 0), in))
    return false;
  double args[2] = {1, 0}, c, y;
  if (!pt2eMatchEvalBody(op, args, &c) || c == 0)
    return false;
  static const double xs[] = {2, -3, 0.5, 7};
  for (size_t i = 0; i < sizeof xs / sizeof xs[0]; i++) {
    args[0] = xs[i];
    if (!pt2eMatchEvalBody(op, args, &y) || y != xs[i] * c)
      return false;
  }
  return true;
}

bool pt2eMatchSum(MlirOperation op, bool *global) {
  *global = false;
  if (pt2eOpIs(op, "tosa.reduce_sum"))
    return true;
  if (!pt2eOpIs(op, "linalg.generic") || pt2eOpNumInputs(op) != 1 ||
      mlirOperationGetNumResults(op) != 1 || !hasReduction(op))
    return false;
  double args[2] = {2.5, 4}, y;
  if (!pt2eMatchEvalBody(op, args, &y) || y != 6.5)
    return false;
  MlirType in = mlirValueGetType(mlirOperationGetOperand(op, 0));
  MlirType out = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (mlirTypeIsARankedTensor(in) && mlirTypeIsARankedTensor(out) &&
      mlirShapedTypeGetRank(in) == 4 && mlirShapedTypeGetRank(out) == 4 &&
      mlirShapedTypeGetDimSize(out, 2) == 1 &&
      mlirShapedTypeGetDimSize(out, 3) == 1 &&
      mlirShapedTypeGetDimSize(in, 1) == mlirShapedTypeGetDimSize(out, 1))
    *global = true;
  return true;
}

/* A tosa.reshape that only moves size-1 dims (pt2eMatchUnitReshape) into
** the shape transposing by 'p' gives moves every element where the transpose
** would: torch-mlir writes NHWC <-> NCHW so when H = W = 1. */
static bool reshapeAsTranspose(MlirOperation op, const int32_t *p, int n) {
  if (!pt2eOpIs(op, "tosa.reshape") || !pt2eMatchUnitReshape(op))
    return false;
  MlirType a = mlirValueGetType(mlirOperationGetOperand(op, 0));
  MlirType b = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (mlirShapedTypeGetRank(a) != n || mlirShapedTypeGetRank(b) != n)
    return false;
  for (int i = 0; i < n; i++)
    if (p[i] < 0 || p[i] >= n ||
        mlirShapedTypeGetDimSize(b, i) != mlirShapedTypeGetDimSize(a, p[i]))
      return false;
  return true;
}

bool pt2eMatchTransposeOrItsReshape(MlirOperation op, const int32_t *p, int n) {
  return reshapeAsTranspose(op, p, n) || pt2eMatchTranspose(op, p, n);
}

bool pt2eMatchTranspose(MlirOperation op, const int32_t *p, int n) {
  if (!pt2eOpIs(op, "tosa.transpose"))
    return false;
  MlirAttribute perms = mlirOperationGetAttributeByName(op, pt2eStr("perms"));
  if (mlirAttributeIsNull(perms) || mlirDenseArrayGetNumElements(perms) != n)
    return false;
  for (int i = 0; i < n; i++)
    if (mlirDenseI32ArrayGetElement(perms, i) != p[i])
      return false;
  return true;
}

bool pt2eMatchUnitReshape(MlirOperation op) {
  if (!pt2eOpIs(op, "tosa.reshape") &&
      !pt2eOpIs(op, "tensor.expand_shape") &&
      !pt2eOpIs(op, "tensor.collapse_shape"))
    return false;
  MlirType a = mlirValueGetType(mlirOperationGetOperand(op, 0));
  MlirType b = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (!mlirTypeIsARankedTensor(a) || !mlirTypeIsARankedTensor(b))
    return false;
  intptr_t i = 0, j = 0, ra = mlirShapedTypeGetRank(a),
           rb = mlirShapedTypeGetRank(b);
  for (;;) {
    while (i < ra && mlirShapedTypeGetDimSize(a, i) == 1)
      i++;
    while (j < rb && mlirShapedTypeGetDimSize(b, j) == 1)
      j++;
    if (i == ra || j == rb)
      return i == ra && j == rb;
    if (mlirShapedTypeGetDimSize(a, i++) != mlirShapedTypeGetDimSize(b, j++))
      return false;
  }
}

/* A reshape between [d0, ..., dn-1, C] (rank >= 3) and [d0*...*dn-1, C]:
   'a' is the N-d side. */
static bool flattensLeading(MlirType a, MlirType b) {
  if (!mlirTypeIsARankedTensor(a) || !mlirTypeIsARankedTensor(b) ||
      mlirShapedTypeGetRank(a) < 3 || mlirShapedTypeGetRank(b) != 2)
    return false;
  intptr_t last = mlirShapedTypeGetRank(a) - 1;
  return mlirShapedTypeGetDimSize(a, last) == mlirShapedTypeGetDimSize(b, 1) &&
         !mlirShapedTypeIsDynamicDim(a, last);
}

/* TOSA's form for tosa.matmul: [d0, ..., dn-1, C] (rank >= 3) and
   [1, d0*...*dn-1, C]. */
static bool flattensLeadingTosa(MlirType a, MlirType b) {
  if (!mlirTypeIsARankedTensor(a) || !mlirTypeIsARankedTensor(b) ||
      !mlirShapedTypeHasStaticShape(a) || !mlirShapedTypeHasStaticShape(b) ||
      mlirShapedTypeGetRank(a) < 3 || mlirShapedTypeGetRank(b) != 3 ||
      mlirShapedTypeGetDimSize(b, 0) != 1)
    return false;
  intptr_t last = mlirShapedTypeGetRank(a) - 1;
  int64_t lead = 1;
  for (intptr_t i = 0; i < last; i++)
    lead *= mlirShapedTypeGetDimSize(a, i);
  return mlirShapedTypeGetDimSize(a, last) == mlirShapedTypeGetDimSize(b, 2) &&
         lead == mlirShapedTypeGetDimSize(b, 1) &&
         mlirShapedTypeGetDimSize(a, 0) != 1; /* else a unit reshape */
}

static bool flattens(MlirOperation op, MlirType big, MlirType flat) {
  return (pt2eOpIs(op, "tensor.collapse_shape") ||
          pt2eOpIs(op, "tensor.expand_shape"))
             ? flattensLeading(big, flat)
             : pt2eOpIs(op, "tosa.reshape") &&
                   (flattensLeading(big, flat) || flattensLeadingTosa(big, flat));
}

bool pt2eMatchFlattenLeading(MlirOperation op) {
  return !pt2eOpIs(op, "tensor.expand_shape") &&
         flattens(op, mlirValueGetType(mlirOperationGetOperand(op, 0)),
                  mlirValueGetType(mlirOperationGetResult(op, 0)));
}

bool pt2eMatchUnflattenLeading(MlirOperation op) {
  return !pt2eOpIs(op, "tensor.collapse_shape") &&
         flattens(op, mlirValueGetType(mlirOperationGetResult(op, 0)),
                  mlirValueGetType(mlirOperationGetOperand(op, 0)));
}

/* A generic copy that transposes (passes/ir/copy.h: the permutation on
   either map). */
static bool isGenericTranspose(MlirOperation op) {
  int64_t perm[PT2E_MAX_RANK];
  return pt2eCopyIsGeneric(op) && pt2eCopyTranspose(op, perm) >= 0;
}

bool pt2eMatchLayout(MlirOperation op) {
  return pt2eOpIs(op, "tosa.reshape") || pt2eOpIs(op, "tosa.transpose") ||
         isGenericTranspose(op) ||
         pt2eOpIs(op, "tensor.expand_shape") ||
         pt2eOpIs(op, "tensor.collapse_shape") ||
         pt2eOpIs(op, "linalg.transpose") ||
         pt2eOpIs(op, "tensor.extract_slice") ||
         pt2eOpIs(op, "tosa.slice");
}

bool pt2eMatchPad(MlirOperation op) {
  return pt2eOpIs(op, "tensor.pad") || pt2eOpIs(op, "tosa.pad");
}

/* The position of loop dim 'd' among the results of 'map', or -1. */
static int64_t dimPosition(MlirAffineMap map, intptr_t d) {
  for (intptr_t i = 0; i < mlirAffineMapGetNumResults(map); i++) {
    MlirAffineExpr e = mlirAffineMapGetResult(map, i);
    if (mlirAffineExprIsADim(e) && mlirAffineDimExprGetPosition(e) == d)
      return i;
  }
  return -1;
}

/* The maps of operand 'k' and of the output of linalg op 'op'; false
   for an op that has none. */
static bool operandAndOutputMaps(MlirOperation op, intptr_t k, MlirAffineMap *w,
                                 MlirAffineMap *out) {
  if (!pt2eOpHasPrefix(op, "linalg."))
    return false;
  MlirAttribute maps = mlirLinalgGetIndexingMapsAttribute(op);
  if (mlirAttributeIsNull(maps))
    return false;
  intptr_t n = mlirArrayAttrGetNumElements(maps);
  *out = mlirAffineMapAttrGetValue(mlirArrayAttrGetElement(maps, n - 1));
  *w = mlirAffineMapAttrGetValue(mlirArrayAttrGetElement(maps, k));
  return true;
}

int64_t pt2eMatchContractionAxis(MlirOperation op, intptr_t k) {
  if (pt2eOpIs(op, "tosa.matmul"))
    return k == 1 ? 2 : -1;
  MlirAffineMap out, w;
  if (!operandAndOutputMaps(op, k, &w, &out))
    return -1;
  intptr_t nr = mlirAffineMapGetNumResults(out);
  if (nr == 0)
    return -1;
  MlirAffineExpr last = mlirAffineMapGetResult(out, nr - 1);
  if (!mlirAffineExprIsADim(last))
    return -1;
  return dimPosition(w, mlirAffineDimExprGetPosition(last));
}

int64_t pt2eMatchContractionReductionAxis(MlirOperation op, intptr_t k) {
  if (pt2eOpIs(op, "tosa.matmul"))
    return k == 1 ? 1 : k == 0 ? 2 : -1;
  MlirAffineMap out, w;
  if (!operandAndOutputMaps(op, k, &w, &out))
    return -1;
  int64_t found = -1;
  for (intptr_t i = 0; i < mlirAffineMapGetNumResults(w); i++) {
    MlirAffineExpr e = mlirAffineMapGetResult(w, i);
    if (!mlirAffineExprIsADim(e))
      return -1;
    if (dimPosition(out, mlirAffineDimExprGetPosition(e)) < 0) {
      if (found >= 0)
        return -1; /* two reduced dims: no single K */
      found = i;
    }
  }
  return found;
}

/* A body that accumulates the product of its two inputs: out + in0 * in1
** (a pooling op has a convolution's maps too, but sums or takes a max). */
static bool multiplyAccumulates(MlirOperation op) {
  static const double a[] = {2.5, 0.5, -1}, b[] = {-3, 4, 6}, acc[] = {7, 1, -2};
  for (size_t i = 0; i < sizeof a / sizeof a[0]; i++) {
    double args[3] = {a[i], b[i], acc[i]}, y;
    if (!pt2eMatchEvalBody(op, args, &y) || y != acc[i] + a[i] * b[i])
      return false;
  }
  return true;
}

/* The one element of a DenseI32Array of loop dims, or -1 (none or more). */
static intptr_t soleDim(MlirAttribute dims) {
  if (mlirAttributeIsNull(dims) || mlirDenseArrayGetNumElements(dims) != 1)
    return -1;
  return mlirDenseI32ArrayGetElement(dims, 0);
}

static bool dimsEmpty(MlirAttribute dims) {
  return mlirAttributeIsNull(dims) || mlirDenseArrayGetNumElements(dims) == 0;
}

/*
** A linalg convolution, named or generic, by its maps (MLIR's own
** isaConvolutionOpInterface: an input indexed by sums of output-image and
** filter-loop dims, a filter, an output) and its body. The filter's
** channel axis is the dim of the output channel, or for a depthwise conv
** the dim of the depth (channels in input, filter and output alike);
** with both (a channel multiplier) there is no single axis.
*/
static bool linalgConv(MlirOperation op, int64_t *weightAxis) {
  if (!pt2eOpHasPrefix(op, "linalg.") || mlirOperationGetNumResults(op) != 1 ||
      pt2eOpNumInputs(op) != 2 || !mlirLinalgIsAConvolutionOp(op) ||
      !multiplyAccumulates(op))
    return false;
  MlirLinalgConvolutionDimensions dims = mlirLinalgInferConvolutionDimensions(op);
  if (mlirAttributeIsNull(dims.outputImage))
    return false;
  intptr_t oc = soleDim(dims.outputChannel), depth = soleDim(dims.depth);
  MlirAffineMap filter = pt2eStructuredMap(op, 1);
  *weightAxis = -1;
  if (oc >= 0 && dimsEmpty(dims.depth))
    *weightAxis = dimPosition(filter, oc);
  else if (depth >= 0 && dimsEmpty(dims.outputChannel))
    *weightAxis = dimPosition(filter, depth);
  else if (oc >= 0 && depth >= 0) {
    /* a grouped conv (g, f per group): one axis when one of the two has
       size 1 in the filter (StableHLO's depthwise conv: 24 groups of 1) */
    intptr_t po = dimPosition(filter, oc), pd = dimPosition(filter, depth);
    MlirType ft = mlirValueGetType(mlirOperationGetOperand(op, 1));
    if (po >= 0 && pd >= 0 && mlirTypeIsARankedTensor(ft)) {
      int64_t so = mlirShapedTypeGetDimSize(ft, po), sd = mlirShapedTypeGetDimSize(ft, pd);
      *weightAxis = so == 1 && sd != 1 ? pd : sd == 1 && so != 1 ? po : -1;
    }
  }
  return true;
}

/* A body that keeps the larger of its input and its accumulator. */
static bool maxAccumulates(MlirOperation op) {
  static const double a[] = {2.5, -4, 0}, acc[] = {-1, 3, -0.5};
  for (size_t i = 0; i < sizeof a / sizeof a[0]; i++) {
    double args[3] = {a[i], 0, acc[i]}, y;
    if (!pt2eMatchEvalBody(op, args, &y) || y != fmax(a[i], acc[i]))
      return false;
  }
  return true;
}

bool pt2eMatchMaxPool(MlirOperation op) {
  if (pt2eOpIs(op, "tosa.max_pool2d"))
    return true;
  /* linalg's pooling ops have a convolution's maps, the window operand
  ** standing for the filter (shape only) */
  return pt2eOpHasPrefix(op, "linalg.") && mlirOperationGetNumResults(op) == 1 &&
         pt2eOpNumInputs(op) == 2 && mlirLinalgIsAConvolutionOp(op) && maxAccumulates(op);
}

/* d(a) * s + d(b) * dl, as linalg writes a strided, dilated window. */
static MlirAffineExpr windowExpr(MlirContext ctx, int a, int b, int64_t s, int64_t dl) {
  MlirAffineExpr x = mlirAffineMulExprGet(mlirAffineDimExprGet(ctx, a),
                                          mlirAffineConstantExprGet(ctx, s));
  MlirAffineExpr k = mlirAffineMulExprGet(mlirAffineDimExprGet(ctx, b),
                                          mlirAffineConstantExprGet(ctx, dl));
  return mlirAffineAddExprGet(x, k);
}

/* Map 'k' of 'op' is (e[0], ..., e[n-1]) over 'loops' dims. */
static bool mapIs(MlirOperation op, intptr_t k, int loops, const MlirAffineExpr *e, int n) {
  MlirAffineMap want = mlirAffineMapGet(mlirOperationGetContext(op), loops, 0, n,
                                        (MlirAffineExpr *)e);
  return mlirAffineMapEqual(pt2eStructuredMap(op, k), want);
}

/* One of the two ints of a DenseI64Array attribute, or 'fallback'. */
static int64_t arrayAt(MlirAttribute a, intptr_t i, int64_t fallback) {
  if (mlirAttributeIsNull(a) || !mlirAttributeIsADenseI64Array(a) ||
      mlirDenseArrayGetNumElements(a) <= i)
    return fallback;
  return mlirDenseI64ArrayGetElement(a, i);
}

/*
** The loops of a 7-loop generic conv as conv_2d_nchw_fchw's (n, f, oh, ow,
** c, kh, kw) into 'L', read from the output map (n, f, oh, ow) and the
** filter map (f, c, kh, kw), bare dims each: linalg-generalize-named-ops
** keeps the named op's order, StableHLO's legalisation writes its own
** ((d6, d0, d2 + d3, d4 + d5) for the input). False unless they are seven
** distinct loops.
*/
static bool nchwConvLoops(MlirOperation op, int *L) {
  int od[PT2E_MAX_RANK], wd[PT2E_MAX_RANK];
  if (pt2eStructuredMapDims(op, 2, od) != 4 || pt2eStructuredMapDims(op, 1, wd) != 4 ||
      wd[0] != od[1])
    return false;
  int loops[7] = {od[0], od[1], od[2], od[3], wd[1], wd[2], wd[3]};
  unsigned seen = 0;
  for (int i = 0; i < 7; i++) {
    if (loops[i] < 0 || loops[i] >= 7 || (seen >> loops[i] & 1u))
      return false;
    seen |= 1u << loops[i];
    L[i] = loops[i];
  }
  return true;
}

bool pt2eMatchNchwConv(MlirOperation op, bool *depthwise, int64_t *strides,
                       int64_t *dilations) {
  int64_t axis;
  if (!pt2eOpIs(op, "linalg.generic") || !pt2eMatchConv(op, &axis) ||
      mlirOperationGetNumOperands(op) != 3 || pt2eStructuredNumMaps(op) != 3)
    return false;
  MlirLinalgConvolutionDimensions cd = mlirLinalgInferConvolutionDimensions(op);
  for (int i = 0; i < 2; i++) {
    strides[i] = arrayAt(cd.strides, i, -1);
    dilations[i] = arrayAt(cd.dilations, i, -1);
    if (strides[i] < 1 || dilations[i] < 1)
      return false;
  }
  MlirContext ctx = mlirOperationGetContext(op);
  MlirAffineExpr d[7];
  for (int i = 0; i < 7; i++)
    d[i] = mlirAffineDimExprGet(ctx, i);
  /* conv_2d_nchw_fchw: loops (n, f, oh, ow, c, kh, kw) in any order */
  int L[7];
  if (nchwConvLoops(op, L)) {
    MlirAffineExpr in7[4] = {d[L[0]], d[L[4]],
                             windowExpr(ctx, L[2], L[5], strides[0], dilations[0]),
                             windowExpr(ctx, L[3], L[6], strides[1], dilations[1])};
    MlirAffineExpr w7[4] = {d[L[1]], d[L[4]], d[L[5]], d[L[6]]};
    MlirAffineExpr o7[4] = {d[L[0]], d[L[1]], d[L[2]], d[L[3]]};
    if (mapIs(op, 0, 7, in7, 4) && mapIs(op, 1, 7, w7, 4) && mapIs(op, 2, 7, o7, 4)) {
      *depthwise = false;
      return true;
    }
  }
  /* depthwise_conv_2d_nchw_chw: (n, oh, ow, c, kh, kw) */
  MlirAffineExpr in6[4] = {d[0], d[3], windowExpr(ctx, 1, 4, strides[0], dilations[0]),
                           windowExpr(ctx, 2, 5, strides[1], dilations[1])};
  MlirAffineExpr w6[3] = {d[3], d[4], d[5]}, o6[4] = {d[0], d[3], d[1], d[2]};
  *depthwise = true;
  return mapIs(op, 0, 6, in6, 4) && mapIs(op, 1, 6, w6, 3) && mapIs(op, 2, 6, o6, 4);
}

int pt2eMatchConvChannelDims(MlirOperation op, int64_t *dims) {
  int64_t axis;
  if (!pt2eOpHasPrefix(op, "linalg.") || !linalgConv(op, &axis))
    return 0;
  MlirLinalgConvolutionDimensions d = mlirLinalgInferConvolutionDimensions(op);
  MlirAffineMap filter = pt2eStructuredMap(op, 1);
  int n = 0;
  for (intptr_t pos = 0; pos < mlirAffineMapGetNumResults(filter); pos++) {
    MlirAffineExpr e = mlirAffineMapGetResult(filter, pos);
    if (!mlirAffineExprIsADim(e))
      continue;
    int32_t loop = (int32_t)mlirAffineDimExprGetPosition(e);
    bool channel = false;
    MlirAttribute sets[2] = {d.outputChannel, d.depth};
    for (int k = 0; k < 2; k++)
      for (intptr_t j = 0; !mlirAttributeIsNull(sets[k]) &&
                           j < mlirDenseArrayGetNumElements(sets[k]); j++)
        channel = channel || mlirDenseI32ArrayGetElement(sets[k], j) == loop;
    if (channel && n < 4)
      dims[n++] = pos;
  }
  return n;
}

bool pt2eMatchConv(MlirOperation op, int64_t *weightAxis) {
  if (pt2eOpIs(op, "tosa.conv2d")) {
    *weightAxis = 0; /* OHWI */
    return true;
  }
  if (pt2eOpIs(op, "tosa.depthwise_conv2d")) {
    *weightAxis = 2; /* HWCM: C, when M is 1 */
    return true;
  }
  return linalgConv(op, weightAxis);
}

/* tosa.rsqrt, or an elementwise generic of one input computing 1 / sqrt(x). */
static bool isRsqrt(MlirOperation op) {
  if (pt2eOpIs(op, "tosa.rsqrt"))
    return true;
  if (!isElementwise(op) || pt2eOpNumInputs(op) != 1)
    return false;
  static const double xs[] = {4, 16, 0.25}, ys[] = {0.5, 0.25, 2};
  for (size_t i = 0; i < sizeof xs / sizeof xs[0]; i++) {
    double args[2] = {xs[i], 0}, y;
    if (!pt2eMatchEvalBody(op, args, &y) || y != ys[i])
      return false;
  }
  return true;
}

/* tosa.sub, or an elementwise generic of two inputs computing a - b. */
static bool isSub(MlirOperation op) {
  if (pt2eOpIs(op, "tosa.sub"))
    return true;
  if (!isElementwise(op) || pt2eOpNumInputs(op) != 2)
    return false;
  static const double a[] = {1, -3, 7}, b[] = {2, 0.5, -7};
  for (size_t i = 0; i < sizeof a / sizeof a[0]; i++) {
    double args[3] = {a[i], b[i], 0}, y;
    if (!pt2eMatchEvalBody(op, args, &y) || y != a[i] - b[i])
      return false;
  }
  return true;
}

static MlirOperation definingOp(MlirValue v) {
  return mlirValueIsAOpResult(v) ? mlirOpResultGetOwner(v) : (MlirOperation){NULL};
}

/* The operand of binary 'op' that is not 'v' (null if neither is). */
static MlirValue otherOperand(MlirOperation op, MlirValue v) {
  MlirValue a = mlirOperationGetOperand(op, 0), b = mlirOperationGetOperand(op, 1);
  if (mlirValueEqual(a, v))
    return b;
  if (mlirValueEqual(b, v))
    return a;
  return (MlirValue){NULL};
}

/* The norm's core seen from its rsqrt: sum(x), * 1/N, x - mean, the rsqrt,
   (x - mean) * rstd, into ops[0..4]; false when 'rsqrt' is not under one. */
static bool layerNormCore(MlirOperation rsqrt, MlirOperation *ops) {
  if (!isRsqrt(rsqrt))
    return false;
  MlirValue r = mlirOperationGetResult(rsqrt, 0);
  MlirOperation norm = pt2eOpSoleUser(r); /* (x - mean) * rstd */
  if (mlirOperationIsNull(norm) || pt2eMatchBinaryOp(norm) != Pt2eMatchMul)
    return false;
  MlirOperation centre = definingOp(otherOperand(norm, r)); /* x - mean */
  if (mlirOperationIsNull(centre) || !isSub(centre))
    return false;
  MlirValue x = mlirOperationGetOperand(centre, 0);
  MlirOperation mean = definingOp(mlirOperationGetOperand(centre, 1));
  MlirOperation sum = mlirOperationIsNull(mean) || mlirOperationGetNumOperands(mean) < 1
                          ? (MlirOperation){NULL}
                          : definingOp(mlirOperationGetOperand(mean, 0));
  bool global;
  if (mlirOperationIsNull(sum) ||
      !pt2eMatchScale(mean, mlirOperationGetOperand(mean, 0)) ||
      !pt2eMatchSum(sum, &global) ||
      !mlirValueEqual(mlirOperationGetOperand(sum, 0), x))
    return false;
  MlirOperation core[5] = {sum, mean, centre, rsqrt, norm};
  memcpy(ops, core, sizeof core);
  return true;
}

/*
** The variance under the rsqrt: + eps, a mean (sum, scale, casts) of a
** square, into 'chain' (room for 8); its length when the square is found,
** else 0 (torch-mlir computes it in f64, which is never annotated anyway;
** another frontend may not). In TOSA form: tosa.add of eps, tosa.cast,
** tosa.mul by 1/N, tosa.reduce_sum of tosa.mul(d, d).
*/
static int layerNormVariance(MlirOperation rsqrt, MlirOperation *chain) {
  int m = 0;
  MlirValue v = mlirOperationGetOperand(rsqrt, 0);
  for (int step = 0; step < 8; step++) {
    MlirOperation op = definingOp(v);
    bool tosa = pt2eOpHasPrefix(op, "tosa.");
    if (mlirOperationIsNull(op) || (!pt2eOpIs(op, "linalg.generic") && !tosa))
      break;
    bool g;
    if (pt2eMatchBinaryOp(op) == Pt2eMatchMul &&
        mlirValueEqual(mlirOperationGetOperand(op, 0), mlirOperationGetOperand(op, 1))) {
      chain[m++] = op;
      return m;
    } else if (tosa ? pt2eOpIs(op, "tosa.cast") || pt2eOpIs(op, "tosa.reduce_sum") ||
                          pt2eMatchScale(op, mlirOperationGetOperand(op, 0))
                    : pt2eOpNumInputs(op) == 1 && (isElementwise(op) || pt2eMatchSum(op, &g))) {
      chain[m++] = op;
      v = mlirOperationGetOperand(op, 0);
    } else if (pt2eMatchBinaryOp(op) == Pt2eMatchAdd &&
               pt2eMatchIsConstant(mlirOperationGetOperand(op, 1))) {
      chain[m++] = op;
      v = mlirOperationGetOperand(op, 0);
    } else {
      break;
    }
  }
  return 0;
}

/* The affine part after the norm: * weight, + bias (constants), each when
   present, into 'ops'; returns how many. */
static int layerNormAffine(MlirOperation norm, MlirOperation *ops) {
  int n = 0;
  MlirValue y = mlirOperationGetResult(norm, 0);
  MlirOperation next = pt2eOpSoleUser(y);
  if (!mlirOperationIsNull(next) && pt2eMatchBinaryOp(next) == Pt2eMatchMul &&
      !mlirValueIsNull(otherOperand(next, y)) &&
      pt2eMatchIsConstant(otherOperand(next, y))) {
    ops[n++] = next;
    y = mlirOperationGetResult(next, 0);
    next = pt2eOpSoleUser(y);
  }
  if (!mlirOperationIsNull(next) && pt2eMatchBinaryOp(next) == Pt2eMatchAdd &&
      !mlirValueIsNull(otherOperand(next, y)) &&
      pt2eMatchIsConstant(otherOperand(next, y)))
    ops[n++] = next;
  return n;
}

int pt2eMatchLayerNorm(MlirOperation rsqrt, MlirOperation *ops) {
  if (!layerNormCore(rsqrt, ops))
    return 0;
  int n = 5;
  n += layerNormVariance(rsqrt, ops + n);
  return n + layerNormAffine(ops[4], ops + n);
}

/*
** {======================================================================
** A BatchNorm left as a chain of elementwise ops
** =======================================================================
*/

/* 'op' computes an rsqrt: tosa.rsqrt, math.rsqrt, or a linalg body's. */
static bool computesRsqrt(MlirOperation op) {
  if (pt2eOpIs(op, "tosa.rsqrt") || pt2eOpIs(op, "math.rsqrt"))
    return true;
  if (!pt2eOpHasPrefix(op, "linalg.") || mlirOperationGetNumRegions(op) != 1)
    return false;
  MlirOperation body[32];
  int n = pt2eStructuredBodyOps(op, body, 32);
  for (int k = 0; k < n; k++)
    if (pt2eOpIs(body[k], "math.rsqrt"))
      return true;
  return false;
}

/* 'v' is computed through an rsqrt within 'depth' ops. */
static bool viaRsqrt(MlirValue v, int depth) {
  MlirOperation def = pt2eOpProducer(v);
  if (mlirOperationIsNull(def) || depth == 0)
    return false;
  if (computesRsqrt(def))
    return true;
  for (intptr_t k = 0; k < pt2eOpNumSources(def); k++)
    if (viaRsqrt(mlirOperationGetOperand(def, k), depth - 1))
      return true;
  return false;
}

/* The operand of the two-input 'op' that is not a constant, or null when
   not exactly one is. */
static MlirValue soleActivation(MlirOperation op) {
  MlirValue none = {NULL}, act = none;
  for (intptr_t k = 0; k < pt2eOpNumSources(op) && k < 2; k++) {
    MlirValue v = mlirOperationGetOperand(op, k);
    if (pt2eMatchIsConstant(v))
      continue;
    if (!mlirValueIsNull(act))
      return none;
    act = v;
  }
  return act;
}

bool pt2eMatchBatchNormScale(MlirOperation op) {
  if (pt2eMatchBinaryOp(op) != Pt2eMatchMul || mlirValueIsNull(soleActivation(op)))
    return false;
  for (intptr_t k = 0; k < 2; k++) {
    MlirValue v = mlirOperationGetOperand(op, k);
    if (pt2eMatchIsConstant(v) && viaRsqrt(v, 6))
      return true;
  }
  return false;
}

int pt2eMatchBatchNormChain(MlirOperation scale, MlirOperation *ops) {
  if (!pt2eMatchBatchNormScale(scale))
    return 0;
  int n = 0;
  MlirValue in = soleActivation(scale);
  MlirOperation sub = pt2eOpProducer(in);
  if (!mlirOperationIsNull(sub) && !mlirValueIsNull(soleActivation(sub)) &&
      pt2eMatchAffine(sub, soleActivation(sub), -1) &&
      mlirOperationEqual(pt2eOpOnlyUser(in), scale))
    ops[n++] = sub;
  ops[n++] = scale;
  MlirOperation last = scale;
  for (int k = 0; k < 2; k++) { /* * gamma, + beta */
    MlirValue out = mlirOperationGetResult(last, 0);
    MlirOperation next = pt2eOpOnlyUser(out);
    if (mlirOperationIsNull(next) || !pt2eMatchAffine(next, out, -1))
      break;
    ops[n++] = last = next;
  }
  return n;
}

/* }====================================================================== */

/*
** {======================================================================
** Decompositions of ops XNNPACKQuantizer does not annotate
** =======================================================================
*/

/* A list of matched ops that refuses to grow past its room. */
typedef struct OpList {
  MlirOperation *ops;
  int n;
} OpList;

static bool push(OpList *l, MlirOperation op) {
  if (mlirOperationIsNull(op) || l->n == PT2E_DECOMPOSED_MAX_OPS)
    return false;
  l->ops[l->n++] = op;
  return true;
}

/* The element type of the one result of 'op' is i1 (a mask). */
static bool yieldsMask(MlirOperation op) {
  if (mlirOperationGetNumResults(op) != 1)
    return false;
  MlirType t = mlirValueGetType(mlirOperationGetResult(op, 0));
  return mlirTypeIsARankedTensor(t) &&
         mlirTypeIsAInteger(mlirShapedTypeGetElementType(t)) &&
         mlirIntegerTypeGetWidth(mlirShapedTypeGetElementType(t)) == 1;
}

/* An elementwise generic of one input whose body computes f at the
** samples, to 'tol' * (1 + |x|): a body's constants are float32 or
** rounded (torch-mlir's tanh gelu takes sqrt(2/pi) as 0.797724, 1.35e-3
** off its value at x = -3). */
static bool computesUnary(MlirOperation op, double (*f)(double), double tol) {
  if (!isElementwise(op) || pt2eOpNumInputs(op) != 1)
    return false;
  static const double xs[] = {-3, -1, -0.5, 0.25, 1, 2.5};
  for (size_t i = 0; i < sizeof xs / sizeof xs[0]; i++) {
    double args[2] = {xs[i], 0}, y, want = f(xs[i]);
    if (!pt2eMatchEvalBody(op, args, &y) || !(fabs(y - want) <= tol * (1 + fabs(xs[i]))))
      return false;
  }
  return true;
}

static double geluErf(double x) { return 0.5 * x * (1 + erf(x / sqrt(2.0))); }

static double geluTanh(double x) {
  const double k = 0.7978845608028654; /* sqrt(2 / pi) */
  return 0.5 * x * (1 + tanh(k * (x + 0.044715 * x * x * x)));
}

static double sigmoid(double x) { return 1 / (1 + exp(-x)); }

/* An elementwise generic of two inputs computing a / b. */
static bool isDiv(MlirOperation op) {
  if (!isElementwise(op) || pt2eOpNumInputs(op) != 2)
    return false;
  static const double a[] = {1, -3, 7}, b[] = {2, 0.5, -4};
  for (size_t i = 0; i < sizeof a / sizeof a[0]; i++) {
    double args[3] = {a[i], b[i], 0}, y;
    if (!pt2eMatchEvalBody(op, args, &y) || y != a[i] / b[i])
      return false;
  }
  return true;
}

/* An elementwise generic of three inputs computing cond ? a : b. */
static bool isSelect(MlirOperation op) {
  if (!isElementwise(op) || pt2eOpNumInputs(op) != 3)
    return false;
  double on[4] = {1, 2, 3, 0}, off[4] = {0, 2, 3, 0}, y, z;
  return pt2eMatchEvalBody(op, on, &y) && y == 2 && pt2eMatchEvalBody(op, off, &z) && z == 3;
}

/* A reduction generic of one input whose first yielded value is the
** maximum of the input and the accumulator (torch-mlir's max, which also
** yields the argmax as a second result). */
static bool isMaxReduction(MlirOperation op) {
  if (!pt2eOpIs(op, "linalg.generic") || pt2eOpNumInputs(op) != 1 ||
      !hasReduction(op))
    return false;
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  if (mlirBlockIsNull(b) || mlirBlockGetNumArguments(b) < 2)
    return false; /* no accumulator */
  MlirOperation y = mlirBlockGetTerminator(b);
  if (mlirOperationIsNull(y) || mlirOperationGetNumOperands(y) < 1)
    return false;
  MlirOperation m = pt2eOpProducer(mlirOperationGetOperand(y, 0));
  if (!pt2eOpIs(m, "arith.maximumf") && !pt2eOpIs(m, "arith.maxnumf"))
    return false;
  MlirValue in = mlirBlockGetArgument(b, 0), acc = mlirBlockGetArgument(b, 1);
  MlirValue p = mlirOperationGetOperand(m, 0), q = mlirOperationGetOperand(m, 1);
  return (mlirValueEqual(p, in) && mlirValueEqual(q, acc)) ||
         (mlirValueEqual(p, acc) && mlirValueEqual(q, in));
}

/* A reshape (torch-mlir's keepdim, bmm's batch collapse):
   tensor.expand_shape / collapse_shape, tosa.reshape. */
static bool isReshape(MlirOperation op) {
  return pt2eOpIs(op, "tensor.expand_shape") ||
         pt2eOpIs(op, "tensor.collapse_shape") || pt2eOpIs(op, "tosa.reshape");
}

/* Walks up from 'v' through reshapes, pushing them; the value above. */
static MlirValue upReshapes(OpList *l, MlirValue v) {
  for (int step = 0; step < 4; step++) {
    MlirOperation p = definingOp(v);
    if (!isReshape(p) || !push(l, p))
      break;
    v = mlirOperationGetOperand(p, 0);
  }
  return v;
}

/* Walks down from 'v' through reshapes that are its sole users, pushing
   them; the value below. */
static MlirValue downReshapes(OpList *l, MlirValue v) {
  for (int step = 0; step < 4; step++) {
    MlirOperation u = pt2eOpSoleUser(v);
    if (!isReshape(u) || !push(l, u))
      break;
    v = mlirOperationGetResult(u, 0);
  }
  return v;
}

/* The two users of 'v', or false unless it has exactly two. */
static bool twoUsers(MlirValue v, MlirOperation *a, MlirOperation *b) {
  MlirOpOperand u = mlirValueGetFirstUse(v);
  if (mlirOpOperandIsNull(u))
    return false;
  *a = mlirOpOperandGetOwner(u);
  u = mlirOpOperandGetNextUse(u);
  if (mlirOpOperandIsNull(u))
    return false;
  *b = mlirOpOperandGetOwner(u);
  return mlirOpOperandIsNull(mlirOpOperandGetNextUse(u));
}

/*
** _safe_softmax's guard after the division 'div' of softmax(x): a select
** of zeros where a whole row of x is -inf (a cmpf generic of x, an i1 and
** reduction), else the softmax. Pushes the three ops; the select's result
** (or the division's, without a guard).
*/
static MlirValue softmaxGuard(OpList *l, MlirOperation div, MlirValue x) {
  MlirValue y = mlirOperationGetResult(div, 0);
  MlirOperation sel = pt2eOpSoleUser(y);
  if (!isSelect(sel) || !mlirValueEqual(mlirOperationGetOperand(sel, 2), y))
    return y;
  MlirOperation all = definingOp(mlirOperationGetOperand(sel, 0));
  if (!pt2eOpIs(all, "linalg.generic") || pt2eOpNumInputs(all) != 1 ||
      !hasReduction(all) || !yieldsMask(all))
    return y;
  MlirOperation cmp = definingOp(mlirOperationGetOperand(all, 0));
  if (!isElementwise(cmp) || pt2eOpNumInputs(cmp) != 1 || !yieldsMask(cmp) ||
      !mlirValueEqual(mlirOperationGetOperand(cmp, 0), x))
    return y;
  int mark = l->n;
  if (!push(l, cmp) || !push(l, all) || !push(l, sel)) {
    l->n = mark;
    return y;
  }
  return mlirOperationGetResult(sel, 0);
}

static double expOf(double x) { return exp(x); }

/*
** softmax(x) as torch-mlir decomposes it, seen from its exp: a max
** reduction of x (its keepdim reshape), x - max, exp, a sum reduction of
** the exp (reshapes), exp / sum, then _safe_softmax's guard when present.
** '*x' and '*out' get the softmax's input and output.
*/
static bool matchSoftmax(OpList *l, MlirOperation ex, MlirValue *x,
                         MlirValue *out) {
  if (!computesUnary(ex, expOf, 0))
    return false;
  MlirOperation centre = definingOp(mlirOperationGetOperand(ex, 0));
  if (!isSub(centre) ||
      !mlirOperationEqual(pt2eOpSoleUser(mlirOperationGetResult(centre, 0)), ex))
    return false;
  *x = mlirOperationGetOperand(centre, 0);
  MlirValue m = upReshapes(l, mlirOperationGetOperand(centre, 1));
  MlirOperation max = definingOp(m);
  if (!isMaxReduction(max) || !mlirValueEqual(mlirOperationGetOperand(max, 0), *x))
    return false;
  MlirValue e = mlirOperationGetResult(ex, 0);
  MlirOperation a, b, sum, div;
  bool global;
  if (!twoUsers(e, &a, &b))
    return false;
  sum = pt2eMatchSum(a, &global) ? a : b;
  div = mlirOperationEqual(sum, a) ? b : a;
  if (!pt2eMatchSum(sum, &global) || !isDiv(div) ||
      !mlirValueEqual(mlirOperationGetOperand(div, 0), e))
    return false;
  if (!push(l, max) || !push(l, centre) || !push(l, ex) || !push(l, sum))
    return false;
  MlirValue s = downReshapes(l, mlirOperationGetResult(sum, 0));
  if (!mlirValueEqual(mlirOperationGetOperand(div, 1), s) || !push(l, div))
    return false;
  *out = softmaxGuard(l, div, *x);
  return true;
}

/* A contraction of two inputs (batch_matmul, named or generic;
   tosa.matmul). */
static bool isContraction(MlirOperation op) {
  if (pt2eOpIs(op, "tosa.matmul"))
    return true;
  return pt2eOpHasPrefix(op, "linalg.") && pt2eOpNumInputs(op) == 2 &&
         mlirOperationGetNumResults(op) == 1 && mlirLinalgIsAContractionOp(op);
}

static bool isTranspose(MlirOperation op) {
  return pt2eOpIs(op, "linalg.transpose") || pt2eOpIs(op, "tosa.transpose");
}

/* Walks up from an operand of attention's first product: reshapes, the
** scale by head_dim**-0.25, and for K the transpose (linalg or TOSA); each
** only when it feeds nothing else. */
static void attentionOperand(OpList *l, MlirValue v, bool key) {
  for (int step = 0; step < 6; step++) {
    MlirOperation p = definingOp(v);
    if (mlirOperationIsNull(p) || mlirOperationIsNull(pt2eOpSoleUser(v)))
      return;
    bool take = isReshape(p) ||
                (mlirOperationGetNumOperands(p) >= 1 &&
                 pt2eMatchScale(p, mlirOperationGetOperand(p, 0))) ||
                (key && isTranspose(p));
    if (!take || !push(l, p))
      return;
    key = key && !isTranspose(p); /* one transpose */
    v = mlirOperationGetOperand(p, 0);
  }
}

static bool listed(const OpList *l, MlirOperation op);

/* Every user of op's result is in l. */
static bool usedInside(const OpList *l, MlirOperation op) {
  for (MlirOpOperand u = mlirValueGetFirstUse(mlirOperationGetResult(op, 0));
       !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u))
    if (!listed(l, mlirOpOperandGetOwner(u)))
      return false;
  return true;
}

/*
** SDPA's decomposition with an attn_mask adds the mask to the product
** Q @ K^T (reshapes between) before the softmax: 'add' when it is such an
** add, read by the softmax only; pushes it and returns the product (a
** null op otherwise). torch.export keeps SDPA whole, so PT2E observes
** nothing inside it: annotated as an add, the mask (-inf where masked,
** which an observer skips) would be quantized to 0 and the causal mask
** lost. Eager attention (a scale or a division after the product) is not
** matched: there PT2E annotates the add itself.
*/
static MlirOperation attentionMaskAdd(OpList *l, MlirOperation add) {
  if (pt2eMatchBinaryOp(add) != Pt2eMatchAdd || !usedInside(l, add))
    return (MlirOperation){NULL};
  for (int k = 0; k < 2; k++) {
    int mark = l->n;
    MlirOperation qk = definingOp(upReshapes(l, mlirOperationGetOperand(add, k)));
    if (isContraction(qk) && push(l, add))
      return qk;
    l->n = mark;
  }
  return (MlirOperation){NULL};
}

/*
** The math path of scaled_dot_product_attention around a softmax whose
** input is 'x' and output 'y': (Q * s) @ (K^T * s) (reshapes), softmax,
** then @ V (reshapes). Pushes the products and what joins them.
*/
static bool matchAttention(OpList *l, MlirValue x, MlirValue y) {
  int mark = l->n;
  MlirOperation qk = definingOp(upReshapes(l, x));
  if (!isContraction(qk))
    qk = attentionMaskAdd(l, qk);
  if (!isContraction(qk) || !push(l, qk)) {
    l->n = mark;
    return false;
  }
  MlirValue p = downReshapes(l, y);
  MlirOperation pv = pt2eOpSoleUser(p);
  if (!isContraction(pv) || !mlirValueEqual(mlirOperationGetOperand(pv, 0), p) ||
      !push(l, pv)) {
    l->n = mark;
    return false;
  }
  attentionOperand(l, mlirOperationGetOperand(qk, 0), false);
  attentionOperand(l, mlirOperationGetOperand(qk, 1), true);
  attentionOperand(l, mlirOperationGetOperand(pv, 1), false); /* V's reshape */
  downReshapes(l, mlirOperationGetResult(pv, 0));
  return true;
}

/* The index k (0 or 1) of the operand of binary 'op' produced by an op
   named 'name' whose operand 0 is op's other operand, or -1. */
static int operandOfOther(MlirOperation op, const char *name) {
  for (int k = 0; k < 2; k++) {
    MlirOperation p = definingOp(mlirOperationGetOperand(op, k));
    if (pt2eOpIs(p, name) &&
        mlirValueEqual(mlirOperationGetOperand(p, 0), mlirOperationGetOperand(op, 1 - k)))
      return k;
  }
  return -1;
}

/*
** _safe_softmax's guard in TOSA form after the product 'mul' of softmax(x):
** tosa.select(reduce_all(equal(cast(x), -inf)), zeros, softmax), the cast
** to f64 optional. Pushes its ops; the select's result (or the product's,
** without a guard).
*/
static MlirValue tosaSoftmaxGuard(OpList *l, MlirOperation mul, MlirValue x) {
  MlirValue y = mlirOperationGetResult(mul, 0);
  MlirOperation sel = pt2eOpSoleUser(y);
  double zero, inf;
  if (!pt2eOpIs(sel, "tosa.select") || !mlirValueEqual(mlirOperationGetOperand(sel, 2), y) ||
      !pt2eMatchSplat(mlirOperationGetOperand(sel, 1), &zero) || zero != 0)
    return y;
  MlirOperation all = definingOp(mlirOperationGetOperand(sel, 0));
  MlirOperation eq = pt2eOpIs(all, "tosa.reduce_all")
                         ? definingOp(mlirOperationGetOperand(all, 0))
                         : (MlirOperation){NULL};
  if (!pt2eOpIs(eq, "tosa.equal") ||
      !pt2eMatchSplat(mlirOperationGetOperand(eq, 1), &inf) || !(inf < -BIG))
    return y;
  MlirValue in = mlirOperationGetOperand(eq, 0);
  MlirOperation cast = definingOp(in);
  bool viaCast = pt2eOpIs(cast, "tosa.cast") &&
                 mlirValueEqual(mlirOperationGetOperand(cast, 0), x) &&
                 mlirOperationEqual(pt2eOpSoleUser(in), eq);
  if (!viaCast && !mlirValueEqual(in, x))
    return y;
  int mark = l->n;
  if ((viaCast && !push(l, cast)) || !push(l, eq) || !push(l, all) || !push(l, sel)) {
    l->n = mark;
    return y;
  }
  return mlirOperationGetResult(sel, 0);
}

/*
** TOSA's softmax from its tosa.exp: reduce_max of x, x - max, exp,
** reduce_sum of the exp, reciprocal, exp * reciprocal, then _safe_softmax's
** guard when present. '*x' and '*out' get the softmax's input and output.
*/
static bool matchTosaSoftmax(OpList *l, MlirOperation ex, MlirValue *x,
                             MlirValue *out) {
  if (!pt2eOpIs(ex, "tosa.exp"))
    return false;
  MlirOperation centre = definingOp(mlirOperationGetOperand(ex, 0));
  if (!pt2eOpIs(centre, "tosa.sub") ||
      mlirOperationIsNull(pt2eOpSoleUser(mlirOperationGetResult(centre, 0))))
    return false;
  MlirOperation max = definingOp(mlirOperationGetOperand(centre, 1));
  if (!pt2eOpIs(max, "tosa.reduce_max") ||
      !mlirValueEqual(mlirOperationGetOperand(max, 0), mlirOperationGetOperand(centre, 0)))
    return false;
  MlirOperation a, b;
  if (!twoUsers(mlirOperationGetResult(ex, 0), &a, &b))
    return false;
  MlirOperation sum = pt2eOpIs(a, "tosa.reduce_sum") ? a : b;
  MlirOperation mul = mlirOperationEqual(sum, a) ? b : a;
  if (!pt2eOpIs(sum, "tosa.reduce_sum") || !pt2eOpIs(mul, "tosa.mul"))
    return false;
  MlirValue e = mlirOperationGetResult(ex, 0);
  int k = mlirValueEqual(mlirOperationGetOperand(mul, 0), e) ? 1 : 0;
  MlirOperation rec = definingOp(mlirOperationGetOperand(mul, k));
  if (!mlirValueEqual(mlirOperationGetOperand(mul, 1 - k), e) ||
      !pt2eOpIs(rec, "tosa.reciprocal") ||
      !mlirOperationEqual(definingOp(mlirOperationGetOperand(rec, 0)), sum))
    return false;
  if (!push(l, max) || !push(l, centre) || !push(l, ex) || !push(l, sum) ||
      !push(l, rec) || !push(l, mul))
    return false;
  *x = mlirOperationGetOperand(centre, 0);
  *out = tosaSoftmaxGuard(l, mul, *x);
  return true;
}

/*
** {----------------------------------------------------------------------
** TOSA gelu: a small cone of elementwise ops, read by evaluating it
** -----------------------------------------------------------------------
*/

/* The TOSA elementwise ops of a gelu's cone (erf form: x * (0.5 * (1 +
   erf(x * c))); tanh form: (0.5 * x) * (1 + tanh(k * (x + c * pow(x, 3)))),
   k itself pow(2/pi, 0.5)): their arity, or 0 for any other op. */
static int tosaElementwiseArity(MlirOperation op) {
  static const char *const unary[] = {"tosa.erf", "tosa.tanh", "tosa.sigmoid",
                                      "tosa.exp", "tosa.reciprocal", "tosa.rsqrt",
                                      "tosa.abs"};
  static const char *const binary[] = {"tosa.add", "tosa.sub", "tosa.mul", "tosa.pow"};
  for (size_t i = 0; i < sizeof unary / sizeof unary[0]; i++)
    if (pt2eOpIs(op, unary[i]))
      return 1;
  for (size_t i = 0; i < sizeof binary / sizeof binary[0]; i++)
    if (pt2eOpIs(op, binary[i]))
      return 2;
  return 0;
}

static double tosaApply(MlirOperation op, double a, double b) {
  if (pt2eOpIs(op, "tosa.erf"))
    return erf(a);
  if (pt2eOpIs(op, "tosa.tanh"))
    return tanh(a);
  if (pt2eOpIs(op, "tosa.sigmoid"))
    return 1 / (1 + exp(-a));
  if (pt2eOpIs(op, "tosa.exp"))
    return exp(a);
  if (pt2eOpIs(op, "tosa.reciprocal"))
    return 1 / a;
  if (pt2eOpIs(op, "tosa.rsqrt"))
    return 1 / sqrt(a);
  if (pt2eOpIs(op, "tosa.abs"))
    return fabs(a);
  if (pt2eOpIs(op, "tosa.add"))
    return a + b;
  if (pt2eOpIs(op, "tosa.sub"))
    return a - b;
  if (pt2eOpIs(op, "tosa.mul"))
    return a * b;
  return pow(a, b); /* tosa.pow */
}

static bool listed(const OpList *l, MlirOperation op) {
  for (int k = 0; k < l->n; k++)
    if (mlirOperationEqual(l->ops[k], op))
      return true;
  return false;
}

/*
** The value of 'v' when the cone's input 'x' is 'xv': x itself, a constant
** splat, or a TOSA elementwise op of those. Pushes (once) every op it goes
** through that depends on x and is f32; false for anything else (another
** activation, a non-splat constant, an op it does not know, a non-f32 op
** on x's path).
*/
static bool tosaEval(OpList *l, MlirValue v, MlirValue x, double xv, double *out,
                     int depth) {
  if (mlirValueEqual(v, x)) {
    *out = xv;
    return true;
  }
  if (pt2eMatchSplat(v, out))
    return true;
  MlirOperation p = definingOp(v);
  int arity = tosaElementwiseArity(p);
  if (arity == 0 || depth > 12)
    return false;
  double a[2] = {0, 0};
  for (int k = 0; k < arity; k++)
    if (!tosaEval(l, mlirOperationGetOperand(p, k), x, xv, &a[k], depth + 1))
      return false;
  *out = tosaApply(p, a[0], a[1]);
  if (pt2eMatchIsConstant(v) || listed(l, p))
    return true; /* pow(2 / pi, 0.5): a constant, never annotated */
  return pt2eMatchIsF32Tensor(v) && push(l, p);
}

/*
** The input of the cone above 'op': walking up through the TOSA elementwise
** ops whose result feeds one op only, the one non-constant value reached
** (null when there are none or several).
*/
static MlirValue tosaConeInput(MlirOperation op, int depth) {
  MlirValue found = {NULL};
  for (int k = 0; k < tosaElementwiseArity(op); k++) {
    MlirValue v = mlirOperationGetOperand(op, k), in = v;
    if (pt2eMatchIsConstant(v))
      continue;
    MlirOperation p = definingOp(v);
    if (tosaElementwiseArity(p) && !mlirOperationIsNull(pt2eOpSoleUser(v)) &&
        depth < 8)
      in = tosaConeInput(p, depth + 1);
    if (mlirValueIsNull(in) || (!mlirValueIsNull(found) && !mlirValueEqual(found, in)))
      return (MlirValue){NULL};
    found = in;
  }
  return found;
}

/* The ops of l other than 'last' feed ops of l only (no observer may
   land between them). */
static bool closedCone(const OpList *l, MlirOperation last) {
  for (int k = 0; k < l->n; k++) {
    if (mlirOperationEqual(l->ops[k], last))
      continue;
    for (MlirOpOperand u = mlirValueGetFirstUse(mlirOperationGetResult(l->ops[k], 0));
         !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u))
      if (!listed(l, mlirOpOperandGetOwner(u)))
        return false;
  }
  return true;
}

/* The cone ending at 'out' computes gelu of 'x' (erf or tanh form) at the
   samples; pushes its ops. */
static bool tosaConeIsGelu(OpList *l, MlirOperation out, MlirValue x) {
  static const double xs[] = {-3, -1, -0.5, 0.25, 1, 2.5};
  bool erfForm = true, tanhForm = true;
  for (size_t i = 0; i < sizeof xs / sizeof xs[0]; i++) {
    double y;
    if (!tosaEval(l, mlirOperationGetResult(out, 0), x, xs[i], &y, 0))
      return false;
    double tol = 1e-3 * (1 + fabs(xs[i]));
    erfForm = erfForm && fabs(y - geluErf(xs[i])) <= tol;
    tanhForm = tanhForm && fabs(y - geluTanh(xs[i])) <= tol;
  }
  return erfForm || tanhForm;
}

/*
** gelu in TOSA form, seen from its tosa.erf or tosa.tanh: the input x is
** the one value the cone above it starts from; the output the first op
** below it (sole users, at most 4 steps) at which the cone computes
** gelu(x). Every op of the cone but the last feeds the cone only.
*/
static bool matchTosaGelu(OpList *l, MlirOperation t) {
  if ((!pt2eOpIs(t, "tosa.erf") && !pt2eOpIs(t, "tosa.tanh")) ||
      !pt2eMatchIsF32Tensor(mlirOperationGetResult(t, 0)))
    return false;
  MlirValue x = tosaConeInput(t, 0);
  if (mlirValueIsNull(x) || !pt2eMatchIsF32Tensor(x))
    return false;
  MlirOperation out = t;
  for (int step = 0; step < 4; step++) {
    out = pt2eOpSoleUser(mlirOperationGetResult(out, 0));
    if (tosaElementwiseArity(out) == 0)
      return false;
    l->n = 0;
    if (tosaConeIsGelu(l, out, x))
      return closedCone(l, out);
  }
  return false;
}

/* }---------------------------------------------------------------------- */

/* TOSA's silu from its tosa.mul, x * tosa.sigmoid(x), with the sigmoid
   read by the mul only: the sigmoid, or a null op. */
static MlirOperation tosaSiluSigmoid(MlirOperation op) {
  int k = pt2eOpIs(op, "tosa.mul") ? operandOfOther(op, "tosa.sigmoid") : -1;
  MlirValue s = k < 0 ? (MlirValue){NULL} : mlirOperationGetOperand(op, k);
  if (k < 0 || !mlirOperationEqual(pt2eOpSoleUser(s), op))
    return (MlirOperation){NULL};
  return definingOp(s);
}

/* silu from its generic mul, x * sigmoid(x), with the sigmoid (one generic)
   read by the mul only: the sigmoid, or a null op. */
static MlirOperation siluSigmoid(MlirOperation op) {
  if (pt2eMatchBinaryOp(op) != Pt2eMatchMul || !pt2eOpIs(op, "linalg.generic"))
    return (MlirOperation){NULL};
  for (int k = 0; k < 2; k++) {
    MlirValue a = mlirOperationGetOperand(op, k), s = mlirOperationGetOperand(op, 1 - k);
    MlirOperation sig = definingOp(s);
    if (computesUnary(sig, sigmoid, 1e-12) &&
        mlirValueEqual(mlirOperationGetOperand(sig, 0), a) &&
        mlirOperationEqual(pt2eOpSoleUser(s), op))
      return sig;
  }
  return (MlirOperation){NULL};
}

/*
** {----------------------------------------------------------------------
** hardswish and hardsigmoid, as a cone of elementwise ops in any dialect
** (torch-mlir writes x + 3, a max with 0, a min with 6, a product with x
** and a division by 6, one op each), recognised by evaluating the cone.
*/

/* The value inputs of a cone op: a TOSA elementwise op, a tosa.clamp /
   maximum / minimum, or an elementwise linalg generic; 0 for others. */
static int coneArity(MlirOperation op) {
  int n = tosaElementwiseArity(op);
  if (n)
    return n;
  if (pt2eOpIs(op, "tosa.clamp"))
    return 1;
  if (pt2eOpIs(op, "tosa.maximum") || pt2eOpIs(op, "tosa.minimum"))
    return 2;
  if (isElementwise(op) && pt2eOpNumInputs(op) >= 1 && pt2eOpNumInputs(op) <= 3)
    return (int)pt2eOpNumInputs(op);
  return 0;
}

/* The float value of attribute 'name' of 'op'. */
static bool floatAttr(MlirOperation op, const char *name, double *out) {
  MlirAttribute a = pt2eOpAttr(op, name);
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAFloat(a))
    return false;
  *out = mlirFloatAttrGetValueDouble(a);
  return true;
}

/* What the cone op 'op' computes from 'a' (coneArity values). */
static bool coneApply(MlirOperation op, const double *a, double *out) {
  double lo, hi;
  if (tosaElementwiseArity(op)) {
    *out = tosaApply(op, a[0], a[1]);
  } else if (pt2eOpIs(op, "tosa.clamp")) {
    if (!floatAttr(op, "min_val", &lo) || !floatAttr(op, "max_val", &hi))
      return false;
    *out = fmin(fmax(a[0], lo), hi);
  } else if (pt2eOpIs(op, "tosa.maximum") || pt2eOpIs(op, "tosa.minimum")) {
    *out = pt2eOpIs(op, "tosa.maximum") ? fmax(a[0], a[1]) : fmin(a[0], a[1]);
  } else {
    double args[4] = {a[0], a[1], a[2], 0}; /* the init's value is not read */
    return pt2eMatchEvalBody(op, args, out);
  }
  return true;
}

/* The value of 'v' when the cone's input 'x' is 'xv' (tosaEval for any
   cone op); pushes the f32 ops it goes through that depend on x. */
static bool coneEval(OpList *l, MlirValue v, MlirValue x, double xv, double *out, int depth) {
  if (mlirValueEqual(v, x)) {
    *out = xv;
    return true;
  }
  if (pt2eMatchSplat(v, out))
    return true;
  MlirOperation p = definingOp(v);
  int arity = coneArity(p);
  if (arity == 0 || depth > 12)
    return false;
  double a[3] = {0, 0, 0};
  for (int k = 0; k < arity; k++)
    if (!coneEval(l, mlirOperationGetOperand(p, k), x, xv, &a[k], depth + 1))
      return false;
  if (!coneApply(p, a, out))
    return false;
  if (pt2eMatchIsConstant(v) || listed(l, p))
    return true;
  return pt2eMatchIsF32Tensor(v) && push(l, p);
}

/* The non-constant values above 'op' through cone ops, nearest first
   (breadth first, at most 'max', 'depth' levels): where its input may be. */
static int coneCandidates(MlirOperation op, MlirValue *out, int max) {
  MlirOperation level[16];
  int nLevel = 1, n = 0;
  level[0] = op;
  for (int depth = 0; depth < 6 && nLevel > 0; depth++) {
    MlirOperation next[16];
    int nNext = 0;
    for (int i = 0; i < nLevel; i++)
      for (int k = 0; k < coneArity(level[i]); k++) {
        MlirValue v = mlirOperationGetOperand(level[i], k);
        if (pt2eMatchIsConstant(v) || n == max)
          continue;
        out[n++] = v;
        MlirOperation p = definingOp(v);
        if (coneArity(p) && nNext < 16)
          next[nNext++] = p;
      }
    memcpy(level, next, (size_t)nNext * sizeof *next);
    nLevel = nNext;
  }
  return n;
}

static double hardsigmoid(double x) { return fmin(fmax(x + 3, 0), 6) / 6; }
static double hardswish(double x) { return x * hardsigmoid(x); }

/* The cone ending at 'out' computes hardswish or hardsigmoid of its input
   at the samples, its inner results read inside it only; pushes its ops. */
static bool coneIsHard(OpList *l, MlirOperation out, MlirValue x, const char **what) {
  static const double xs[] = {-5, -3, -1.5, -0.5, 0, 0.7, 2, 3, 4.5};
  bool swish = true, sig = true;
  l->n = 0;
  for (size_t i = 0; i < sizeof xs / sizeof xs[0]; i++) {
    double y;
    if (!coneEval(l, mlirOperationGetResult(out, 0), x, xs[i], &y, 0))
      return false;
    swish = swish && fabs(y - hardswish(xs[i])) <= 1e-6 * (1 + fabs(xs[i]));
    sig = sig && fabs(y - hardsigmoid(xs[i])) <= 1e-6;
  }
  if ((!swish && !sig) || !closedCone(l, out))
    return false;
  *what = swish ? "hardswish" : "hardsigmoid";
  return true;
}

/* Some value above 'out' is the input of a hardswish or hardsigmoid cone
   ending at 'out' (the nearest that works: a bias add above it is not part
   of the activation). */
static bool matchHardActivation(OpList *l, MlirOperation out, const char **what) {
  MlirValue xs[16];
  int n = coneArity(out) ? coneCandidates(out, xs, 16) : 0;
  for (int i = 0; i < n; i++)
    if (pt2eMatchIsF32Tensor(xs[i]) && coneIsHard(l, out, xs[i], what))
      return true;
  l->n = 0;
  return false;
}

/* }---------------------------------------------------------------------- */

int pt2eMatchDecomposed(MlirOperation op, MlirOperation *ops,
                        const char **what) {
  OpList l = {ops, 0};
  MlirValue x, y;
  if (matchTosaSoftmax(&l, op, &x, &y)) {
    *what = matchAttention(&l, x, y) ? "scaled_dot_product_attention" : "softmax";
    return l.n;
  }
  l.n = 0;
  if (matchTosaGelu(&l, op)) {
    *what = "gelu";
    return l.n;
  }
  l.n = 0;
  MlirOperation sig = tosaSiluSigmoid(op);
  if (!mlirOperationIsNull(sig)) {
    *what = "silu";
    return push(&l, sig) && push(&l, op) ? l.n : 0;
  }
  /* either form: they differ by 2e-4 at most, far less than any other
     activation differs from gelu */
  if (computesUnary(op, geluErf, 1e-3) || computesUnary(op, geluTanh, 1e-3)) {
    *what = "gelu";
    return push(&l, op) ? l.n : 0;
  }
  if (matchSoftmax(&l, op, &x, &y)) {
    *what = matchAttention(&l, x, y) ? "scaled_dot_product_attention" : "softmax";
    return l.n;
  }
  l.n = 0;
  sig = siluSigmoid(op);
  if (!mlirOperationIsNull(sig)) {
    *what = "silu";
    return push(&l, sig) && push(&l, op) ? l.n : 0;
  }
  l.n = 0;
  return matchHardActivation(&l, op, what) ? l.n : 0;
}

/* }====================================================================== */

/*
** {======================================================================
** cat written as a chain of tensor.insert_slice
** =======================================================================
*/

/* One insert of the chain: its source and where it goes along 'dim'. */
typedef struct CatPiece {
  MlirValue source;
  int64_t offset, size;
} CatPiece;

/* The static offsets, sizes and strides of a tensor.insert_slice without
   dynamic ones, into the arrays (room for PT2E_MAX_RANK); its rank or -1. */
static int sliceGeometry(MlirOperation op, int64_t *offsets, int64_t *sizes) {
  MlirAttribute o = pt2eOpAttr(op, "static_offsets"), s = pt2eOpAttr(op, "static_sizes"),
                t = pt2eOpAttr(op, "static_strides");
  if (mlirOperationGetNumOperands(op) != 2 || mlirAttributeIsNull(o) || mlirAttributeIsNull(s) ||
      mlirAttributeIsNull(t) || !mlirAttributeIsADenseI64Array(o) ||
      !mlirAttributeIsADenseI64Array(s) || !mlirAttributeIsADenseI64Array(t))
    return -1;
  intptr_t rank = mlirDenseArrayGetNumElements(o);
  if (rank > PT2E_MAX_RANK || mlirDenseArrayGetNumElements(s) != rank ||
      mlirDenseArrayGetNumElements(t) != rank)
    return -1;
  for (intptr_t d = 0; d < rank; d++) {
    offsets[d] = mlirDenseI64ArrayGetElement(o, d);
    sizes[d] = mlirDenseI64ArrayGetElement(s, d);
    if (mlirDenseI64ArrayGetElement(t, d) != 1)
      return -1;
  }
  return (int)rank;
}

/* Adds the insert 'op' into a destination of 'shape' to 'pieces': whole
   along every dim but 'dim' (found on the first piece that is not whole
   along one), the source of the slice's own shape. */
static bool addPiece(MlirOperation op, const int64_t *shape, int rank, int64_t *dim,
                     CatPiece *pieces, int *n) {
  int64_t offsets[PT2E_MAX_RANK], sizes[PT2E_MAX_RANK];
  MlirType src = mlirValueGetType(mlirOperationGetOperand(op, 0));
  if (sliceGeometry(op, offsets, sizes) != rank || !mlirTypeIsARankedTensor(src) ||
      mlirShapedTypeGetRank(src) != rank)
    return false;
  for (int d = 0; d < rank; d++) {
    if (mlirShapedTypeGetDimSize(src, d) != sizes[d])
      return false;
    if (offsets[d] == 0 && sizes[d] == shape[d])
      continue;
    if (*dim < 0)
      *dim = d;
    if (*dim != d)
      return false;
  }
  pieces[*n].source = mlirOperationGetOperand(op, 0);
  pieces[*n].offset = *dim >= 0 ? offsets[*dim] : 0;
  pieces[*n].size = *dim >= 0 ? sizes[*dim] : shape[0];
  (*n)++;
  return true;
}

/* The pieces in order of their offsets cover [0, extent) along the dim
   exactly once. */
static bool piecesTile(CatPiece *pieces, int n, int64_t extent) {
  for (int i = 1; i < n; i++)
    for (int j = i; j > 0 && pieces[j - 1].offset > pieces[j].offset; j--) {
      CatPiece t = pieces[j];
      pieces[j] = pieces[j - 1];
      pieces[j - 1] = t;
    }
  int64_t at = 0;
  for (int i = 0; i < n; i++) {
    if (pieces[i].offset != at)
      return false;
    at += pieces[i].size;
  }
  return at == extent;
}

int pt2eMatchCatChain(MlirOperation last, MlirValue *sources, int max, int64_t *dim) {
  CatPiece pieces[PT2E_CAT_MAX_INPUTS];
  int64_t shape[PT2E_MAX_RANK];
  MlirType t = mlirOperationIsNull(last) || mlirOperationGetNumResults(last) != 1
                   ? (MlirType){NULL}
                   : mlirValueGetType(mlirOperationGetResult(last, 0));
  if (!pt2eOpIs(last, "tensor.insert_slice") || !mlirTypeIsARankedTensor(t) ||
      !mlirShapedTypeHasStaticShape(t) || mlirShapedTypeGetRank(t) > PT2E_MAX_RANK)
    return 0;
  int rank = (int)mlirShapedTypeGetRank(t), n = 0;
  for (int d = 0; d < rank; d++)
    shape[d] = mlirShapedTypeGetDimSize(t, d);
  *dim = -1;
  MlirOperation op = last;
  while (pt2eOpIs(op, "tensor.insert_slice")) {
    if (n == PT2E_CAT_MAX_INPUTS || n == max || !addPiece(op, shape, rank, dim, pieces, &n))
      return 0;
    MlirValue dest = mlirOperationGetOperand(op, 1);
    op = pt2eOpProducer(dest);
    /* every insert but the last is read by the next one only */
    if (pt2eOpIs(op, "tensor.insert_slice") && mlirOperationIsNull(pt2eOpSoleUser(dest)))
      return 0;
  }
  if (!pt2eOpIs(op, "tensor.empty") || n < 2 || *dim < 0 || !piecesTile(pieces, n, shape[*dim]))
    return 0;
  for (int i = 0; i < n; i++)
    sources[i] = pieces[i].source;
  return n;
}

/* }====================================================================== */

/* The tensors a concatenate generic's body extracts from (concatWalk). */
typedef struct ConcatWalk {
  MlirOperation owner;
  MlirValue tensors[PT2E_CAT_MAX_INPUTS];
  int n;
  bool bad;
} ConcatWalk;

static MlirWalkResult concatWalk(MlirOperation op, void *userData) {
  ConcatWalk *w = userData;
  if (!pt2eOpIs(op, "tensor.extract") || mlirOperationEqual(op, w->owner))
    return MlirWalkResultAdvance;
  MlirValue t = mlirOperationGetOperand(op, 0);
  if (!definedInBlock(t, mlirOperationGetBlock(w->owner)))
    return MlirWalkResultAdvance; /* a 0-d tensor the body made */
  for (int i = 0; i < w->n; i++)
    if (mlirValueEqual(w->tensors[i], t))
      return MlirWalkResultAdvance;
  if (w->n == PT2E_CAT_MAX_INPUTS) {
    w->bad = true;
    return MlirWalkResultInterrupt;
  }
  w->tensors[w->n++] = t;
  return MlirWalkResultAdvance;
}

int pt2eMatchConcatGeneric(MlirOperation op, int64_t *dim) {
  if (!pt2eOpIs(op, "linalg.generic") || pt2eOpNumInputs(op) != 0 ||
      mlirOperationGetNumResults(op) != 1 || !isElementwise(op))
    return 0;
  MlirType rt = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (!mlirTypeIsARankedTensor(rt) || !mlirShapedTypeHasStaticShape(rt))
    return 0;
  ConcatWalk w = {.owner = op};
  mlirOperationWalk(op, concatWalk, &w, MlirWalkPreOrder);
  intptr_t rank = mlirShapedTypeGetRank(rt);
  if (w.bad || w.n < 2)
    return 0;
  for (intptr_t d = 0; d < rank; d++) {
    int64_t sum = 0;
    bool fits = true;
    for (int i = 0; i < w.n && fits; i++) {
      MlirType t = mlirValueGetType(w.tensors[i]);
      fits = mlirTypeIsARankedTensor(t) && mlirShapedTypeHasStaticShape(t) &&
             mlirShapedTypeGetRank(t) == rank;
      for (intptr_t e = 0; fits && e < rank; e++)
        fits = e == d || mlirShapedTypeGetDimSize(t, e) == mlirShapedTypeGetDimSize(rt, e);
      if (fits)
        sum += mlirShapedTypeGetDimSize(t, d);
    }
    if (fits && sum == mlirShapedTypeGetDimSize(rt, d)) {
      *dim = (int64_t)d;
      return w.n;
    }
  }
  return 0;
}
