/*
** convert.c
** pt2e-convert: every calibrated pt2e.observer / pt2e.fake_quant becomes a
** quant.qcast -> quant.dcast pair on upstream !quant.uniform types, as
** torchao's convert_pt2e replaces each observer by quantize_per_tensor /
** quantize_per_channel followed by the matching dequantize.
**
**   %o = "pt2e.observer"(%x) {name = "activation_post_process_0",
**          scale = array<f32: 0.5>, zero_point = array<i64: 3>, spec = ...}
**     becomes
**   %q = quant.qcast %x : tensor<4xf32> to tensor<4x!quant.uniform<i8:f32, 5.000000e-01:3>>
**   %o = quant.dcast %q : tensor<4x!quant.uniform<i8:f32, 5.000000e-01:3>> to tensor<4xf32>
**
** Per-channel specs give per-axis types (!quant.uniform<i8<-127:127>:f32:0,
** {s0,s1,...}>); storage type and range come from the spec. Qparams are the
** 'scale' / 'zero_point' that pt2e-calibrate wrote (computed there by
** qparams.c); fixed specs use their own; derived specs (the int32 bias) get
** the product of their sources' scales and zero point 0, as XNNPACK's
** _derive_bias_qparams_fn. With fold-weights (the default, as convert_pt2e's
** constant folding of the weight quantize), an op on an arith.constant or
** tosa.const becomes the quantized integer constant + quant.scast +
** quant.dcast, quantized with pt2eQuantizeValue; also when the constant
** reaches the op through layout ops (linalg.transpose or its generic form,
** tosa.transpose, tensor.collapse_shape / expand_shape / reshape,
** tosa.reshape: torch-mlir transposes a linear's weight): the integer
** constant is then written in the layout the op watches, each element
** taken from the float constant through the layout ops' index maps, so it
** holds exactly what quantizing the transposed tensor at run time would
** give, and the float constant and its layout ops go unless something else
** reads them. An immutable ml_program global (global_load_const) folds as
** a constant; a function argument or a mutable global (StableHLO/JAX
** weights) is quantized at run time.
**
** Every op is checked and every new type and constant computed before the
** first change; a failure leaves the module as it was. The calibrated
** attributes are read and checked through pt2e_calibrated.h, which also
** checks what quantizing relies on (one positive, finite scale per tensor
** or channel, zero points inside the spec's range). An op without qparams
** is an error unless keep-uncalibrated=true, which leaves its value in float
** (the op is removed). No pt2e op is left afterwards.
*/
#include "pt2e_passes.h"
#include "convert_zero.h"

#include <stdio.h>
#include <string.h>

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/Linalg.h"
#include "mlir-c/Dialect/Quant.h"
#include "mlir-c/IR.h"

#include "pt2e_calibrated.h"
#include "pt2e_checked.h"
#include "pt2e_dialect.h"
#include "pt2e_spec.h"
#include "copy.h"
#include "ir_ops.h"
#include "pt2e_support.h"
#include "groups.h"
#include "qparams.h"

#define PT2E_CONVERT_MAX_RANK 16
#define PT2E_CONVERT_MAX_LAYOUT 8 /* layout ops between a weight and its observer */

enum { OptFoldWeights, OptKeepUncalibrated, OptMaxWeightMb, NumOptions };

static const Pt2eOptionDecl convertOptions[NumOptions] = {
    [OptFoldWeights] = {"fold-weights", Pt2eOptionBool,
                        "quantize observed constants (weights, bias) now: an "
                        "integer constant + quant.scast + quant.dcast",
                        "true", false},
    [OptKeepUncalibrated] = {"keep-uncalibrated", Pt2eOptionBool,
                             "leave values whose op has no qparams in float "
                             "instead of failing",
                             "false", false},
    /* A splat constant of a huge static shape is one value in the IR but
    ** folds to numel integers: bounded like the interpreter's tensors. */
    [OptMaxWeightMb] = {"max-weight-mb", Pt2eOptionInt,
                        "the largest integer constant a folded weight may "
                        "become, in MiB", PT2E_DEFAULT_MAX_TENSOR_MB, false},
};

/* What becomes of one pt2e op. */
typedef enum Action {
  ActQdq,   /* quant.qcast -> quant.dcast */
  ActFold,  /* integer constant -> quant.scast -> quant.dcast */
  ActFloat, /* no qparams, keep-uncalibrated: the op goes, the value stays */
  ActDynamic /* a dynamic spec: pt2e.dynamic_qdq chooses qparams at run time */
} Action;

typedef struct Target {
  MlirOperation op;
  MlirStringRef name;
  Pt2eSpec spec;
  Pt2eCalibratedQParams own; /* its 'scale' / 'zero_point' (n 0: none) */
  bool hasStats;       /* it has 'stats': a fake_quant has observed */
  Pt2eCalibratedStats stats; /* its checked 'stats' (present: hasStats) */
  bool has;            /* qparams known */
  int64_t n;           /* number of scales */
  float *scales;
  int64_t *zeroPoints;
  float *floatZeros;   /* per_group_float_zero(_plain): each group's float
                          zero point, from the stats' min and the scale */
  float *floatLows;    /* ... and the low end its values are quantized from
                          (pt2eFloatZeroLow) */
  int64_t axis;        /* per-channel: the quantized dimension */
  Action action;
  MlirType quantTensor; /* tensor<... x !quant.uniform<...>> */
  MlirOperation constOp;
  MlirAttribute folded; /* ActFold: the integer constant's value */
  /* ActFold through layout ops: the ops from the constant to the observer
  ** (layout[0] reads the constant), whose index maps fold applies */
  MlirOperation layout[PT2E_CONVERT_MAX_LAYOUT];
  int numLayout;
} Target;

typedef struct Convert {
  PT2E_VEC(Target) targets;
  bool failed;
  int64_t maxWeightBytes; /* max-weight-mb */
} Convert;

/* Emits "'pt2e-convert': observer 'name' <message>" at the target's op
** (the format, a literal, is pasted after the space); returns failure. */
#define targetError(t, ...)                                                  \
  pt2eQuantOpEmitError((t)->op, "pt2e-convert", " " __VA_ARGS__)

static Target *findTarget(Convert *c, MlirStringRef name) {
  for (size_t i = 0; i < c->targets.size; i++)
    if (mlirStringRefEqual(c->targets.at[i].name, name))
      return &c->targets.at[i];
  return NULL;
}

static void freeTargets(Convert *c) {
  for (size_t i = 0; i < c->targets.size; i++) {
    pt2eFree(c->targets.at[i].scales);
    pt2eFree(c->targets.at[i].zeroPoints);
    pt2eFree(c->targets.at[i].floatZeros);
    pt2eFree(c->targets.at[i].floatLows);
  }
  pt2eFree(c->targets.at);
}

/* {======================================================================
** Collecting and qparams
** ======================================================================= */

static MlirWalkResult collectOps(MlirOperation op, void *userData) {
  Convert *c = userData;
  if (!pt2eIsQuantOp(op))
    return MlirWalkResultAdvance;
  if (mlirLogicalResultIsFailure(pt2eVerifyQuantOp(op)))
    goto fail;
  Target fresh;
  memset(&fresh, 0, sizeof fresh);
  fresh.op = op;
  fresh.name = pt2eQuantOpGetName(op);
  if (findTarget(c, fresh.name)) {
    targetError(&fresh, "has the name of another pt2e op");
    goto fail;
  }
  if (!PT2E_PUSH(c->targets, fresh)) {
    pt2eOutOfMemory(mlirOperationGetLocation(op), "'pt2e-convert'");
    goto fail;
  }
  Target *t = &c->targets.at[c->targets.size - 1];
  if (mlirLogicalResultIsFailure(pt2eSpecParse(pt2eQuantOpGetSpec(op),
                                               mlirOperationGetLocation(op),
                                               PT2E_ATTR_SPEC, &t->spec)))
    goto fail;
  if (t->spec.quant.isDynamic) {
    /* qparams from the tensor when it runs (convert_pt2e's choose_qparams
    ** for PT2E's dynamic specs); nothing to read or fold now */
    if (t->spec.kind != Pt2eSpecQuant) {
      targetError(t, "has a dynamic spec of another kind than a "
                     "QuantizationSpec (shared and derived specs resolve to "
                     "their group's)");
      goto fail;
    }
    t->action = ActDynamic;
    return MlirWalkResultAdvance;
  }
  Pt2eCalibratedStats stats;
  Pt2eCalibratedError err;
  if (!pt2eCalibratedReadQParams(op, &t->spec, &t->own, &err) ||
      !pt2eCalibratedReadStats(op, &t->spec, &stats, &err)) {
    targetError(t, "%s", err.message);
    goto fail;
  }
  t->hasStats = stats.present;
  t->stats = stats;
  return MlirWalkResultAdvance;
fail:
  c->failed = true;
  return MlirWalkResultInterrupt;
}

static MlirLogicalResult allocQParams(Target *t, int64_t n) {
  size_t scaleBytes, zpBytes;
  t->n = n;
  if (pt2eCheckedBytes(n, sizeof *t->scales, &scaleBytes) &&
      pt2eCheckedBytes(n, sizeof *t->zeroPoints, &zpBytes)) {
    t->scales = pt2eAlloc(scaleBytes);
    t->zeroPoints = pt2eAlloc(zpBytes);
  }
  if (!t->scales || !t->zeroPoints)
    return pt2eOutOfMemory(mlirOperationGetLocation(t->op), "'pt2e-convert'");
  return mlirLogicalResultSuccess();
}

/*
** per_group_float_zero: the float zero point of each group, f(min +
** f(scale * mid)) as torchao's _choose_qparams_affine_tinygemm computes it,
** from the 'stats' min that calibration kept beside the scale ('src': the
** op the qparams came from). Not a second attribute: the min and the
** scale determine it, so nothing can disagree with the stats.
*/
static MlirLogicalResult floatZeros(Target *t, const Target *src) {
  const Pt2eQuantSpec *q = &t->spec.quant;
  if (!pt2eQSchemeHasFloatZero(q->qscheme))
    return mlirLogicalResultSuccess();
  if (!src->stats.present || src->stats.numChannels != (intptr_t)t->n)
    return targetError(t, "has qscheme '%s' but no 'stats' "
                          "min of its %lld groups, which its float zero "
                          "points (min + mid * scale) come from",
                       pt2eQSchemeName(q->qscheme), (long long)t->n);
  size_t bytes;
  if (pt2eCheckedBytes(t->n, sizeof *t->floatZeros, &bytes)) {
    t->floatZeros = pt2eAlloc(bytes);
    t->floatLows = pt2eAlloc(bytes);
  }
  if (!t->floatZeros || !t->floatLows)
    return pt2eOutOfMemory(mlirOperationGetLocation(t->op), "'pt2e-convert'");
  for (int64_t i = 0; i < t->n; i++) {
    float min = pt2eCalibratedStatsMin(&src->stats, (intptr_t)i);
    t->floatZeros[i] = pt2eFloatZeroPoint(min, t->scales[i], q->quantMin, q->quantMax);
    t->floatLows[i] = pt2eFloatZeroLow(q->qscheme, min, t->scales[i], t->floatZeros[i],
                                       q->quantMin, q->quantMax);
  }
  return mlirLogicalResultSuccess();
}

/*
** The qparams of a quant-spec op: its own 'scale' / 'zero_point', or those
** of the op named by its 'instance'. An observer is calibrated when it has
** them; a fake_quant always has them (torchao's initial 1.0 / 0), so it
** counts as calibrated once 'stats' exist: its buffers are then what its
** observer's calculate_qparams() gives, which is what convert_pt2e uses.
*/
static MlirLogicalResult readQuantQParams(Convert *c, Target *t) {
  const Target *src = t;
  if (t->own.n == 0) {
    const Target *first = findTarget(c, pt2eQuantOpResolveInstance(t->op));
    if (first)
      src = first;
  }
  if (src->own.n == 0)
    return mlirLogicalResultSuccess();
  if (pt2eIsFakeQuant(t->op) && !t->hasStats && !src->hasStats)
    return mlirLogicalResultSuccess(); /* never observed anything */
  if (mlirLogicalResultIsFailure(allocQParams(t, (int64_t)src->own.n)))
    return mlirLogicalResultFailure();
  pt2eCalibratedCopyQParams(&src->own, t->scales, t->zeroPoints);
  t->has = true;
  return floatZeros(t, src);
}

/* The type of the tensor the target watches. */
static MlirType watchedType(const Target *t) {
  return mlirValueGetType(mlirOperationGetOperand(t->op, 0));
}

/* The spec's channel axis in the tensor (into t->axis) and its size. */
static MlirLogicalResult channelAxis(Target *t, int64_t *channels) {
  Pt2eCalibratedError err;
  if (!pt2eCalibratedChannelAxis(watchedType(t), &t->spec, &t->axis, channels,
                                 &err))
    return targetError(t, "%s", err.message);
  return mlirLogicalResultSuccess();
}

/*
** A derived spec: scale = the product of its sources' scales in float32, in
** 'derived_from' order (torch's act_scale * weight_scale), broadcasting
** per-tensor sources over the channels; zero point 0.
*/
static MlirLogicalResult deriveQParams(Convert *c, Target *t, bool keepFloat) {
  const Target *src[PT2E_SPEC_MAX_SOURCES];
  for (size_t k = 0; k < t->spec.numSources; k++) {
    const Pt2eSpecRef *ref = &t->spec.sources[k];
    if (ref->kind != Pt2eRefObserver)
      return targetError(t, "has a derived spec that does not name its source "
                            "observers (derived_from = [\"name\", ...])");
    src[k] = findTarget(c, ref->name);
    if (!src[k])
      return targetError(t, "is derived from '%.*s', which is no pt2e op",
                         (int)ref->name.length, ref->name.data);
    if (src[k]->spec.kind == Pt2eSpecDerived)
      return targetError(t, "is derived from '%.*s', which is itself derived",
                         (int)ref->name.length, ref->name.data);
    if (!src[k]->has) {
      if (keepFloat)
        return mlirLogicalResultSuccess(); /* stays float with its source */
      return targetError(t, "is derived from '%.*s', which has no qparams "
                            "(run pt2e-calibrate first, or keep-uncalibrated"
                            "=true leaves both in float)",
                         (int)ref->name.length, ref->name.data);
    }
  }
  int64_t n = 1;
  if (pt2eQSchemeIsPerChannel(t->spec.quant.qscheme) &&
      mlirLogicalResultIsFailure(channelAxis(t, &n)))
    return mlirLogicalResultFailure();
  for (size_t k = 0; k < t->spec.numSources; k++)
    if (src[k]->n != 1 && src[k]->n != n)
      return targetError(t, "is derived from '%.*s', which has %lld scales; "
                            "expected 1 or %lld",
                         (int)src[k]->name.length, src[k]->name.data,
                         (long long)src[k]->n, (long long)n);
  if (mlirLogicalResultIsFailure(allocQParams(t, n)))
    return mlirLogicalResultFailure();
  Pt2eScaleSource from[PT2E_SPEC_MAX_SOURCES];
  for (size_t k = 0; k < t->spec.numSources; k++)
    from[k] = (Pt2eScaleSource){src[k]->scales, src[k]->n};
  pt2eDeriveMulScales(from, t->spec.numSources, n, t->scales, t->zeroPoints);
  t->has = true;
  return mlirLogicalResultSuccess();
}

/* Checks the qparams against the tensor and the spec's range. */
static MlirLogicalResult checkQParams(Target *t) {
  MlirType type = watchedType(t);
  if (mlirShapedTypeGetRank(type) > PT2E_CONVERT_MAX_RANK)
    return targetError(t, "watches a tensor of rank %lld; at most %d is "
                          "supported", (long long)mlirShapedTypeGetRank(type),
                       PT2E_CONVERT_MAX_RANK);
  Pt2eCalibratedError err;
  if (!pt2eCalibratedCheckQuantize(type, &t->spec, (intptr_t)t->n, t->scales,
                                   t->zeroPoints, &err))
    return targetError(t, "%s", err.message);
  int64_t channels;
  if (pt2eQSchemeHasAxis(t->spec.quant.qscheme) &&
      mlirLogicalResultIsFailure(channelAxis(t, &channels)))
    return mlirLogicalResultFailure();
  if (!mlirTypeIsAF32(mlirShapedTypeGetElementType(type)))
    return targetError(t, "watches a tensor of another float type than f32, "
                          "which PyTorch's quantize ops do not take");
  return mlirLogicalResultSuccess();
}

/* }====================================================================== */

/* {======================================================================
** Types and folded constants
** ======================================================================= */

/* The storage integer width of a dtype (quant_spec.c's table: i4 is 4). */
static unsigned storageWidth(Pt2eDType dtype) {
  return pt2eDTypeInfo(dtype)->bits;
}

static bool storageSigned(Pt2eDType dtype) {
  return !pt2eDTypeInfo(dtype)->isUnsigned;
}

/* Bytes per element of a folded constant's buffer: MLIR keeps an i4
** element in one byte, as it keeps an i8. */
static size_t storageBytes(Pt2eDType dtype) {
  unsigned bits = storageWidth(dtype);
  return bits < 8 ? 1 : bits / 8;
}

/* The groups of a checked per-group target on the tensor it watches. */
static Pt2eGroups targetGroups(const Target *t) {
  MlirType type = watchedType(t);
  int64_t shape[PT2E_CONVERT_MAX_RANK];
  int rank = (int)mlirShapedTypeGetRank(type);
  for (int d = 0; d < rank; d++)
    shape[d] = mlirShapedTypeGetDimSize(type, d);
  Pt2eGroups g;
  bool ok = pt2eGroupsOf(shape, rank, t->axis, t->spec.quant.groupSize, &g);
  (void)ok; /* checkQParams checked the count (pt2eCalibratedGroupCount) */
  return g;
}

/*
** MLIR's sub-channel type for a per-group target: block size 'size' on
** the grouped axis and 1 on every other, the scales and zero points as
** tensors of the tensor's shape divided by the blocks (row-major: the
** order of the group numbers, groups.h).
*/
static MlirType subChannelType(MlirContext ctx, Target *t, unsigned flags,
                               MlirType storage, MlirType f32) {
  const Pt2eQuantSpec *q = &t->spec.quant;
  MlirType type = watchedType(t);
  intptr_t rank = mlirShapedTypeGetRank(type);
  Pt2eGroups g = targetGroups(t);
  int64_t shape[PT2E_CONVERT_MAX_RANK], blocks[PT2E_CONVERT_MAX_RANK];
  int32_t dims[PT2E_CONVERT_MAX_RANK];
  for (intptr_t d = 0; d < rank; d++) {
    dims[d] = (int32_t)d;
    blocks[d] = d == t->axis ? g.size : 1;
    shape[d] = mlirShapedTypeGetDimSize(type, d) / blocks[d];
  }
  MlirAttribute scales = mlirDenseElementsAttrFloatGet(
      mlirRankedTensorTypeGet(rank, shape, f32, mlirAttributeGetNull()),
      (intptr_t)t->n, t->scales);
  MlirAttribute zps = mlirDenseElementsAttrInt64Get(
      mlirRankedTensorTypeGet(rank, shape, mlirIntegerTypeGet(ctx, 64),
                              mlirAttributeGetNull()),
      (intptr_t)t->n, t->zeroPoints);
  return mlirUniformQuantizedSubChannelTypeGet(flags, storage, f32, scales,
                                               zps, rank, dims, blocks,
                                               q->quantMin, q->quantMax);
}

/* The !quant.uniform element type of a checked target. */
static MlirType quantElementType(MlirContext ctx, Target *t) {
  const Pt2eQuantSpec *q = &t->spec.quant;
  MlirType storage = mlirIntegerTypeGet(ctx, storageWidth(q->dtype));
  unsigned flags = storageSigned(q->dtype) ? mlirQuantizedTypeGetSignedFlag() : 0;
  MlirType f32 = mlirF32TypeGet(ctx);
  if (pt2eQSchemeIsPerGroup(q->qscheme))
    return subChannelType(ctx, t, flags, storage, f32);
  if (!pt2eQSchemeIsPerChannel(q->qscheme))
    return mlirUniformQuantizedTypeGet(flags, storage, f32,
                                       (double)t->scales[0], t->zeroPoints[0],
                                       q->quantMin, q->quantMax);
  double *scales = pt2eAlloc((size_t)t->n * sizeof *scales);
  if (!scales)
    return (MlirType){NULL};
  for (int64_t i = 0; i < t->n; i++)
    scales[i] = (double)t->scales[i];
  MlirType type = mlirUniformQuantizedPerAxisTypeGet(
      flags, storage, f32, (intptr_t)t->n, scales, t->zeroPoints,
      (int32_t)t->axis, q->quantMin, q->quantMax);
  pt2eFree(scales);
  return type;
}

/* 'type' (a ranked tensor) with element type 'elem'. */
static MlirType withElementType(MlirType type, MlirType elem) {
  intptr_t rank = mlirShapedTypeGetRank(type);
  int64_t shape[PT2E_CONVERT_MAX_RANK];
  for (intptr_t i = 0; i < rank && i < PT2E_CONVERT_MAX_RANK; i++)
    shape[i] = mlirShapedTypeGetDimSize(type, i);
  return mlirRankedTensorTypeGet(rank, shape, elem,
                                 mlirRankedTensorTypeGetEncoding(type));
}

/* The static shape of 'v' into 'shape'; returns the rank. */
static intptr_t shapeOf(MlirValue v, int64_t *shape) {
  MlirType t = mlirValueGetType(v);
  intptr_t rank = mlirShapedTypeGetRank(t);
  for (intptr_t d = 0; d < rank; d++)
    shape[d] = mlirShapedTypeGetDimSize(t, d);
  return rank;
}

static bool staticTensor(MlirValue v) {
  MlirType t = mlirValueGetType(v);
  return mlirTypeIsARankedTensor(t) && mlirShapedTypeHasStaticShape(t) &&
         mlirShapedTypeGetRank(t) <= PT2E_CONVERT_MAX_RANK;
}

/*
** The permutation of a transpose into 'perm' (result dim d is input dim
** perm[d]): any spelling passes/ir/copy.h reads, checked to map the input's
** shape onto the result's. False for anything else.
*/
static bool transposePerm(MlirOperation op, int64_t *perm) {
  return pt2eCopyTranspose(op, perm) >= 0;
}

/* An op that only moves elements and keeps their row-major order. */
static bool isReshape(MlirOperation op) {
  return (pt2eOpIs(op, "tensor.collapse_shape") || pt2eOpIs(op, "tensor.expand_shape") ||
          pt2eOpIs(op, "tensor.reshape") || pt2eOpIs(op, "tosa.reshape")) &&
         mlirOperationGetNumResults(op) == 1 &&
         staticTensor(mlirOperationGetOperand(op, 0)) &&
         staticTensor(mlirOperationGetResult(op, 0));
}

/*
** A layout op a weight may reach its observer through (torch-mlir's
** linalg.transpose of a linear's weight, its generic form, reshapes of
** TOSA and StableHLO), on static tensors.
*/
static bool isFoldableLayout(MlirOperation op) {
  int64_t perm[PT2E_CONVERT_MAX_RANK];
  return isReshape(op) || transposePerm(op, perm);
}

/*
** The value of the immutable ml_program.global that 'load' (a
** global_load_const) reads, or a null attr. A mutable global's value may
** change at run time (global_store): its loads are not folded.
*/
static MlirAttribute globalValue(MlirOperation load) {
  MlirAttribute sym = pt2eOpAttr(load, "global");
  MlirOperation table = mlirOperationGetParentOperation(load);
  while (!mlirOperationIsNull(table) && !pt2eOpIs(table, "builtin.module"))
    table = mlirOperationGetParentOperation(table);
  if (mlirAttributeIsNull(sym) || !mlirAttributeIsAFlatSymbolRef(sym) ||
      mlirOperationIsNull(table))
    return (MlirAttribute){NULL};
  MlirSymbolTable symbols = mlirSymbolTableCreate(table);
  MlirOperation global =
      mlirSymbolTableLookup(symbols, mlirFlatSymbolRefAttrGetValue(sym));
  mlirSymbolTableDestroy(symbols);
  if (mlirOperationIsNull(global) || !pt2eOpIs(global, "ml_program.global") ||
      !mlirAttributeIsNull(pt2eOpAttr(global, "is_mutable")))
    return (MlirAttribute){NULL};
  return pt2eOpAttr(global, "value");
}

/*
** The dense f32 value of a constant weight feeding 't', directly or
** through layout ops (recorded in t->layout), or a null attr.
*/
static MlirAttribute constantValue(Target *t) {
  MlirValue in = mlirOperationGetOperand(t->op, 0);
  MlirOperation chain[PT2E_CONVERT_MAX_LAYOUT];
  int n = 0;
  while (mlirValueIsAOpResult(in) && n < PT2E_CONVERT_MAX_LAYOUT &&
         isFoldableLayout(mlirOpResultGetOwner(in))) {
    chain[n++] = mlirOpResultGetOwner(in);
    in = mlirOperationGetOperand(chain[n - 1], 0);
  }
  if (!mlirValueIsAOpResult(in))
    return (MlirAttribute){NULL};
  MlirOperation def = mlirOpResultGetOwner(in);
  MlirAttribute value = {NULL};
  if (pt2eOpIs(def, "arith.constant"))
    value = pt2eOpAttr(def, "value");
  else if (pt2eOpIs(def, "tosa.const"))
    value = pt2eOpAttr(def, "values");
  else if (pt2eOpIs(def, "ml_program.global_load_const"))
    value = globalValue(def);
  /* torch-mlir writes weights as dense_resource blobs: fold those too */
  if (mlirAttributeIsNull(value) ||
      !(mlirAttributeIsADenseElements(value) ||
        mlirAttributeIsADenseResourceElements(value)) ||
      !mlirTypeIsAF32(mlirShapedTypeGetElementType(mlirAttributeGetType(value))) ||
      !mlirShapedTypeHasStaticShape(mlirAttributeGetType(value)))
    return (MlirAttribute){NULL};
  t->constOp = def;
  t->numLayout = n;
  for (int i = 0; i < n; i++)
    t->layout[i] = chain[n - 1 - i]; /* constant first */
  return value;
}

/*
** The row-major index in the input of layout op 'op' of the element at
** row-major index 'i' of its result. A reshape keeps the order; a
** transpose's result dim d is its input dim perm[d].
*/
static int64_t layoutSource(MlirOperation op, int64_t i) {
  int64_t perm[PT2E_CONVERT_MAX_RANK];
  if (isReshape(op) || !transposePerm(op, perm))
    return i;
  int64_t outShape[PT2E_CONVERT_MAX_RANK], inShape[PT2E_CONVERT_MAX_RANK];
  int64_t idx[PT2E_CONVERT_MAX_RANK];
  intptr_t rank = shapeOf(mlirOperationGetResult(op, 0), outShape);
  shapeOf(mlirOperationGetOperand(op, 0), inShape);
  for (intptr_t d = rank - 1; d >= 0; d--) {
    idx[perm[d]] = i % outShape[d];
    i /= outShape[d];
  }
  int64_t j = 0;
  for (intptr_t d = 0; d < rank; d++)
    j = j * inShape[d] + idx[d];
  return j;
}

/* The constant's element index of element 'i' of the observed tensor. */
static int64_t constantIndex(const Target *t, int64_t i) {
  for (int k = t->numLayout - 1; k >= 0; k--)
    i = layoutSource(t->layout[k], i);
  return i;
}

/*
** Quantizes the constant 'value' with the target's qparams, element by
** element with pt2eQuantizeValue (torch's quantize_per_tensor /
** quantize_per_channel, run once at convert time like torchao's constant
** folding), into an integer DenseElementsAttr of the storage type, in the
** layout the observer watches: through layout ops, element i is the
** constant's element constantIndex(i), so the integer constant is exactly
** what quantizing the transposed or reshaped float tensor at run time gives.
*/
/* The weight's values quantized with the target's qparams into 'buf'
   ('numel' elements of the spec's storage type); 'inner' elements per
   channel of the watched type. */
static void quantizeConstant(const Target *t, MlirAttribute value, int64_t numel,
                             int64_t inner, int64_t channels, void *buf) {
  const Pt2eQuantSpec *q = &t->spec.quant;
  bool grouped = pt2eQSchemeIsPerGroup(q->qscheme);
  Pt2eGroups g;
  if (grouped)
    g = targetGroups(t);
  bool resource = mlirAttributeIsADenseResourceElements(value);
  bool splat = !resource && mlirDenseElementsAttrIsSplat(value);
  for (int64_t i = 0; i < numel; i++) {
    intptr_t j = (intptr_t)constantIndex(t, i);
    float x = resource ? mlirDenseFloatResourceElementsAttrGetValue(value, j)
              : splat  ? mlirDenseElementsAttrGetFloatSplatValue(value)
                       : mlirDenseElementsAttrGetFloatValue(value, j);
    int64_t c = grouped ? pt2eGroupIndex(&g, i) : (i / inner) % channels;
    int64_t v = t->floatZeros
                    ? pt2eQuantizeFloatZero(x, t->scales[c], t->floatLows[c],
                                            q->quantMin, q->quantMax)
                    : pt2eQuantizeValue(x, t->scales[c], t->zeroPoints[c],
                                        q->quantMin, q->quantMax, q->dtype);
    switch (q->dtype) {
    case Pt2eDTypeInt8:
    case Pt2eDTypeInt4: ((int8_t *)buf)[i] = (int8_t)v; break;
    case Pt2eDTypeUInt8: ((uint8_t *)buf)[i] = (uint8_t)v; break;
    case Pt2eDTypeInt16: ((int16_t *)buf)[i] = (int16_t)v; break;
    case Pt2eDTypeUInt16: ((uint16_t *)buf)[i] = (uint16_t)v; break;
    case Pt2eDTypeInt32: ((int32_t *)buf)[i] = (int32_t)v; break;
    }
  }
}

/* The integer elements attribute of 'type' with storage 'dtype' over the
   'n' values of 'buf'. */
static MlirAttribute integerConstant(MlirContext ctx, MlirType type, Pt2eDType dtype,
                                     intptr_t n, const void *buf) {
  MlirType intType = withElementType(type, mlirIntegerTypeGet(ctx, storageWidth(dtype)));
  switch (dtype) {
  case Pt2eDTypeInt8:
  /* an i4 element is stored in a byte: the i8 builder fills it */
  case Pt2eDTypeInt4: return mlirDenseElementsAttrInt8Get(intType, n, buf);
  case Pt2eDTypeUInt8: return mlirDenseElementsAttrUInt8Get(intType, n, buf);
  case Pt2eDTypeInt16: return mlirDenseElementsAttrInt16Get(intType, n, buf);
  case Pt2eDTypeUInt16: return mlirDenseElementsAttrUInt16Get(intType, n, buf);
  case Pt2eDTypeInt32: return mlirDenseElementsAttrInt32Get(intType, n, buf);
  }
  return mlirAttributeGetNull();
}

static MlirLogicalResult foldConstant(MlirContext ctx, const Convert *cv,
                                      Target *t, MlirAttribute value) {
  const Pt2eQuantSpec *q = &t->spec.quant;
  MlirType type = watchedType(t); /* the constant's, or its layout ops' */
  int64_t numel = mlirElementsAttrGetNumElements(value);
  int64_t inner = 1, channels = 1;
  if (pt2eQSchemeIsPerChannel(q->qscheme)) {
    channels = t->n;
    for (intptr_t d = (intptr_t)t->axis + 1; d < mlirShapedTypeGetRank(type); d++)
      inner *= mlirShapedTypeGetDimSize(type, d);
  }
  size_t width = storageBytes(q->dtype), bytes = 0;
  bool countable = pt2eCheckedBytes(numel ? numel : 1, width, &bytes);
  if (!countable || bytes > (uint64_t)cv->maxWeightBytes)
    return pt2eEmitError(mlirOperationGetLocation(t->op),
                         "'pt2e-convert': folding this weight (%lld elements) "
                         "makes an integer constant of more than %lld MiB "
                         "(raise the limit with max-weight-mb, or keep it in "
                         "float with fold-weights=false)", (long long)numel,
                         (long long)(cv->maxWeightBytes >> 20));
  void *buf = pt2eAlloc(bytes);
  if (!buf)
    return pt2eOutOfMemory(mlirOperationGetLocation(t->op), "'pt2e-convert'");
  quantizeConstant(t, value, numel, inner, channels, buf);
  t->folded = integerConstant(ctx, type, q->dtype, (intptr_t)numel, buf);
  pt2eFree(buf);
  return mlirLogicalResultSuccess();
}

/* Decides what becomes of every target and computes all it needs. */
/* What becomes of target 't', whose qparams are known: Q/DQ, or its weight
   folded to an integer constant (fold-weights=true). */
static MlirLogicalResult planAction(Convert *c, MlirContext ctx, Target *t,
                                    bool foldWeights) {
  if (mlirLogicalResultIsFailure(checkQParams(t)))
    return mlirLogicalResultFailure();
  MlirType elem = quantElementType(ctx, t);
  if (mlirTypeIsNull(elem))
    return pt2eOutOfMemory(mlirOperationGetLocation(t->op), "'pt2e-convert'");
  t->quantTensor = withElementType(
      mlirValueGetType(mlirOperationGetOperand(t->op, 0)), elem);
  t->action = ActQdq;
  MlirAttribute value = foldWeights ? constantValue(t) : (MlirAttribute){NULL};
  if (!mlirAttributeIsNull(value) && !pt2eResourceBlobIsPresent(value))
    return pt2eEmitError(mlirOperationGetLocation(t->constOp),
                         "'pt2e-convert': the weight's dense_resource has no "
                         "blob in this file (its dialect_resources entry is "
                         "missing)");
  if (!mlirAttributeIsNull(value)) {
    if (mlirLogicalResultIsFailure(foldConstant(ctx, c, t, value)))
      return mlirLogicalResultFailure();
    t->action = ActFold;
  }
  if (t->floatZeros && t->action != ActFold)
    return targetError(t, "has qscheme '%s', which "
                          "pt2e-convert folds into a constant weight only "
                          "(a float zero point has no quant.qcast form); this "
                          "one watches no constant, or fold-weights=false",
                       pt2eQSchemeName(t->spec.quant.qscheme));
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult plan(Convert *c, MlirContext ctx, bool foldWeights,
                              bool keepFloat) {
  for (size_t i = 0; i < c->targets.size; i++) {
    Target *t = &c->targets.at[i];
    if (t->action == ActDynamic)
      continue;
    if (t->spec.kind == Pt2eSpecFixed) {
      if (mlirLogicalResultIsFailure(allocQParams(t, 1)))
        return mlirLogicalResultFailure();
      t->scales[0] = t->spec.fixedScale;
      t->zeroPoints[0] = t->spec.fixedZeroPoint;
      t->has = true;
    } else if (t->spec.kind == Pt2eSpecQuant &&
               mlirLogicalResultIsFailure(readQuantQParams(c, t))) {
      return mlirLogicalResultFailure();
    }
  }
  for (size_t i = 0; i < c->targets.size; i++) {
    Target *t = &c->targets.at[i];
    if (t->spec.kind == Pt2eSpecDerived &&
        mlirLogicalResultIsFailure(deriveQParams(c, t, keepFloat)))
      return mlirLogicalResultFailure();
  }
  for (size_t i = 0; i < c->targets.size; i++) {
    Target *t = &c->targets.at[i];
    if (t->action == ActDynamic)
      continue;
    if (!t->has) {
      if (!keepFloat)
        return targetError(t, "has no qparams (run pt2e-calibrate first, or "
                              "keep-uncalibrated=true leaves it in float)");
      t->action = ActFloat;
      continue;
    }
    if (mlirLogicalResultIsFailure(planAction(c, ctx, t, foldWeights)))
      return mlirLogicalResultFailure();
  }
  return mlirLogicalResultSuccess();
}

/* }====================================================================== */

/* {======================================================================
** Rewriting
** ======================================================================= */

/* Creates 'name'(operand) -> result before 'anchor'; returns its result. */
static MlirValue insertBefore(MlirOperation anchor, const char *name,
                              MlirValue *operand, MlirType result,
                              MlirNamedAttribute *attr) {
  MlirOperationState st =
      mlirOperationStateGet(pt2eStr(name), mlirOperationGetLocation(anchor));
  if (operand)
    mlirOperationStateAddOperands(&st, 1, operand);
  if (attr)
    mlirOperationStateAddAttributes(&st, 1, attr);
  mlirOperationStateAddResults(&st, 1, &result);
  MlirOperation op = mlirOperationCreate(&st);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(anchor), anchor, op);
  return mlirOperationGetResult(op, 0);
}

static bool resultsUnused(MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); i++)
    if (!mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(op, i))))
      return false;
  return true;
}

/* Side-effect-free ops a layout op reads besides its data: an init, a shape. */
static bool isShapeOperand(MlirOperation op) {
  return pt2eOpIs(op, "tensor.empty") || pt2eOpIs(op, "tosa.const_shape") ||
         pt2eOpIs(op, "arith.constant");
}

/*
** Destroys 'op' (a folded weight's constant or layout op) when nothing
** reads it any more, then the inits and shapes only it read.
*/
static void destroyIfUnused(MlirOperation op) {
  if (!resultsUnused(op))
    return;
  MlirOperation inputs[4];
  intptr_t n = 0;
  for (intptr_t i = 1; i < mlirOperationGetNumOperands(op) && n < 4; i++) {
    MlirValue v = mlirOperationGetOperand(op, i);
    if (mlirValueIsAOpResult(v) && isShapeOperand(mlirOpResultGetOwner(v)))
      inputs[n++] = mlirOpResultGetOwner(v);
  }
  mlirOperationDestroy(op);
  for (intptr_t i = 0; i < n; i++)
    if (resultsUnused(inputs[i]))
      mlirOperationDestroy(inputs[i]);
}

static void rewrite(Convert *c, MlirContext ctx) {
  for (size_t i = 0; i < c->targets.size; i++) {
    Target *t = &c->targets.at[i];
    MlirValue in = mlirOperationGetOperand(t->op, 0);
    MlirValue out = mlirOperationGetResult(t->op, 0);
    MlirValue repl = in;
    /* the observer's name stays on the qcast / scast, for pt2e-report */
    MlirNamedAttribute name = pt2eQdqNameAttr(ctx, t->name);
    if (t->action == ActDynamic) {
      MlirOperation dyn = pt2eDynamicQdqOpCreate(
          mlirOperationGetLocation(t->op), in, t->name,
          pt2eSpecToAttr(ctx, &t->spec));
      mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(t->op), t->op,
                                          dyn);
      repl = mlirOperationGetResult(dyn, 0);
    } else if (t->action == ActQdq) {
      MlirValue q = insertBefore(t->op, "quant.qcast", &in, t->quantTensor, &name);
      repl = insertBefore(t->op, "quant.dcast", &q, mlirValueGetType(out), NULL);
    } else if (t->action == ActFold) {
      bool tosa = pt2eOpIs(t->constOp, "tosa.const");
      MlirNamedAttribute value = mlirNamedAttributeGet(
          mlirIdentifierGet(ctx, pt2eStr(tosa ? "values" : "value")), t->folded);
      MlirValue k = insertBefore(t->op, tosa ? "tosa.const" : "arith.constant",
                                 NULL, mlirAttributeGetType(t->folded), &value);
      MlirValue q = insertBefore(t->op, "quant.scast", &k, t->quantTensor, &name);
      repl = insertBefore(t->op, "quant.dcast", &q, mlirValueGetType(out), NULL);
      if (t->floatZeros)
        repl = pt2eConvertAddGroupZeros(t->op, repl, t->axis,
                                        targetGroups(t).size, t->floatZeros);
    }
    mlirValueReplaceAllUsesOfWith(out, repl);
    mlirOperationDestroy(t->op);
    if (t->action != ActFold)
      continue;
    /* the float weight and its layout ops are gone, unless read elsewhere */
    for (int k = t->numLayout - 1; k >= 0; k--)
      destroyIfUnused(t->layout[k]);
    destroyIfUnused(t->constOp);
  }
}

/* }====================================================================== */

static MlirLogicalResult convertRun(MlirOperation module,
                                    const Pt2eOptionValue *options) {
  MlirContext ctx = mlirOperationGetContext(module);
  if (mlirLogicalResultIsFailure(pt2eDialectRequire(
          ctx, mlirOperationGetLocation(module), "pt2e-convert")))
    return mlirLogicalResultFailure();
  Convert c;
  memset(&c, 0, sizeof c);
  if (!pt2eCheckedMul(options[OptMaxWeightMb].intValue, 1 << 20, &c.maxWeightBytes) ||
      c.maxWeightBytes <= 0)
    return pt2eEmitError(mlirOperationGetLocation(module),
                         "'pt2e-convert': max-weight-mb must be positive (got %lld)",
                         (long long)options[OptMaxWeightMb].intValue);
  mlirOperationWalk(module, collectOps, &c, MlirWalkPreOrder);
  MlirLogicalResult r = c.failed ? mlirLogicalResultFailure()
                                 : plan(&c, ctx, options[OptFoldWeights].boolValue,
                                        options[OptKeepUncalibrated].boolValue);
  if (mlirLogicalResultIsSuccess(r))
    rewrite(&c, ctx);
  freeTargets(&c);
  return r;
}

static MlirDialectHandle (*const convertDialects[])(void) = {
    mlirGetDialectHandle__arith__,
    mlirGetDialectHandle__quant__,
};

const Pt2ePassDecl pt2eConvertPass = {
    .argument = "pt2e-convert",
    .name = "Pt2eConvert",
    .summary = "Replace calibrated observers and fake-quant ops by "
               "quant.qcast / quant.dcast (convert_pt2e)",
    .anchorOp = "builtin.module",
    .options = convertOptions,
    .numOptions = NumOptions,
    .dependentDialects = convertDialects,
    .numDependentDialects = sizeof convertDialects / sizeof *convertDialects,
    .run = convertRun,
};
