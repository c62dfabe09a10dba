/*
** annotate.c
** pt2e-annotate: writes the 'pt2e.annotation' attributes that torchao's
** XNNPACKQuantizer (torchao/testing/pt2e/_xnnpack_quantizer.py) with
** get_symmetric_quantization_config(is_per_channel, is_qat, is_dynamic)
** would write, on torch-mlir's linalg-on-tensors or TOSA output, so that
** pt2e-prepare then places the observers prepare_pt2e places.
**
**   %p = tensor.pad %x ...                        {pt2e.annotation = {inputs = [#act]}}
**   %c = linalg.conv_2d_nchw_fchw ins(%p, %w ...) {pt2e.annotation = {inputs = [unit, #w]}}
**   %r = linalg.generic ... ins(%c ...) { maximumf } {pt2e.annotation = {output = #act}}
**
** Patterns are found by structure (passes/ir/match.c), in XNNPACKQuantizer's
** order: linear(+relu), conv(+relu; bias add and eval batch norm folded in),
** adaptive_avg_pool2d, add(+relu), mul(+relu), cat, then
** propagate_annotation (relu, hardtanh, max pool, mean, views share their
** producer's observer). torch-mlir's lowering artifacts around a pattern
** (the conv's tensor.pad, TOSA's NCHW<->NHWC transposes, reshapes around
** tosa.matmul, weight transposes) join the pattern, so the activation and
** weight edges sit where PT2E has them: on the PyTorch-level tensors.
**
** The pass plans every annotation first and fails, with the IR untouched,
** on a bad option or a pattern it cannot annotate; then it writes them.
** Ops already annotated are left alone and count as taken, as PT2E's
** _is_annotated, so running the pass twice changes nothing.
*/
#include "pt2e_passes.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Linalg.h"
#include "mlir-c/IR.h"

#include "annotate_arm.h"
#include "coverage.h"
#include "match.h"
#include "fold_batchnorm.h"
#include "pt2e_annotation.h"
#include "pt2e_limits.h"
#include "pt2e_spec.h"
#include "pt2e_support.h"

enum {
  OptQuantizer,
  OptPerChannel,
  OptQat,
  OptDynamic,
  OptExcludeNames,
  OptExcludeLocs,
  OptExcludeOps,
  OptActObserver,
  OptActDType,
  OptWeightDType,
  OptPercentile,
  OptNumBins,
  OptNumQuantizedBins,
  OptSymmetric,
  OptActChAxis,
  OptPatternObservers,
  OptStrict,
  OptAnnotateCat,
  OptGroupSize,
  OptInt4Packing,
  OptArmConfig,
  NumOptions
};

static const Pt2eOptionDecl annotateOptions[NumOptions] = {
    [OptQuantizer] = {"quantizer", Pt2eOptionString,
                      "which quantizer to imitate: xnnpack (PT2E's "
                      "XNNPACKQuantizer), or torchao's quantize_ configs "
                      "for decoders: 8da4w (Int8DynamicActivationIntx"
                      "WeightConfig, int4 weights in groups), "
                      "int8-weight-only (Int8WeightOnlyConfig), "
                      "int4-weight-only (Int4WeightOnlyConfig, tinygemm's "
                      "float zero points), or arm-tosa (ExecuTorch's "
                      "TOSAQuantizer, for Arm's TOSA backend)", "xnnpack",
                      false},
    [OptPerChannel] = {"per-channel", Pt2eOptionBool,
                       "per-channel symmetric weights (else per-tensor)",
                       "true", false},
    [OptQat] = {"qat", Pt2eOptionBool,
                "QAT specs (moving-average observers, for "
                "pt2e-prepare{qat=true})",
                "false", false},
    [OptDynamic] = {"dynamic", Pt2eOptionBool,
                    "dynamic activation quantization (linear only)", "false",
                    false},
    [OptExcludeNames] = {"exclude-names", Pt2eOptionList,
                         "leave ops of these module names unquantized "
                         "(a name in the location or pt2e.id; 'a' covers "
                         "'a.b')",
                         NULL, false},
    [OptExcludeLocs] = {"exclude-locs", Pt2eOptionList,
                        "leave ops whose printed location (quotes "
                        "dropped) contains this text, or matches this glob "
                        "(* ?)",
                        NULL, false},
    [OptExcludeOps] = {"exclude-ops", Pt2eOptionList,
                       "leave these op types unquantized: MLIR op names "
                       "(linalg.matmul) or patterns (conv, linear, add, mul, "
                       "cat, relu, hardtanh, max_pool2d, "
                       "adaptive_avg_pool2d, mean, view)",
                       NULL, false},
    [OptActObserver] = {"activation-observer", Pt2eOptionString,
                        "observer of every activation spec: histogram, "
                        "minmax, moving_average_minmax, percentile, entropy, "
                        "distribution, placeholder (default: the config's; "
                        "percentile, entropy, distribution: ONNX Runtime's "
                        "calibration methods)",
                        "", false},
    [OptActDType] = {"activation-dtype", Pt2eOptionString,
                     "dtype of every activation spec: int8, or int16 (a16w8: "
                     "[-32768, 32767], eps 2^-23)",
                     "int8", false},
    [OptWeightDType] = {"weight-dtype", Pt2eOptionString,
                        "dtype of every weight spec: int8 ([-127, 127]), or "
                        "int4 (per-channel symmetric [-8, 7])",
                        "int8", false},
    [OptPercentile] = {"percentile", Pt2eOptionFloat,
                       "activation-observer=percentile: the percentile "
                       "kept, in [0, 100] (default 99.999)",
                       NULL, false},
    [OptNumBins] = {"num-bins", Pt2eOptionInt,
                    "histogram bins of activation-observer=histogram, "
                    "percentile, entropy or distribution (default: the "
                    "kind's: 2048, 2048, 128, 2048)",
                    NULL, false},
    [OptNumQuantizedBins] = {"num-quantized-bins", Pt2eOptionInt,
                             "activation-observer=entropy: ONNX Runtime's "
                             "num_quantized_bins (default 128)",
                             NULL, false},
    [OptSymmetric] = {"symmetric", Pt2eOptionBool,
                      "activation-observer=percentile: ONNX Runtime's "
                      "symmetric (histogram of |x|, range [-e, e]; default "
                      "true); not the qscheme",
                      NULL, false},
    [OptActChAxis] = {"activation-ch-axis", Pt2eOptionInt,
                      "per-channel activations along this axis (>= 0; "
                      "per pattern: ch-axis): histogram kinds keep one histogram "
                      "per channel, minmax becomes per_channel_minmax "
                      "(docs/per-channel-histograms.md)",
                      NULL, false},
    [OptPatternObservers] = {"pattern-observers", Pt2eOptionList,
                             "per-pattern activation observers, "
                             "pattern:kind[;param=value...] with pattern one "
                             "of conv, linear, add, mul, cat, "
                             "adaptive_avg_pool2d and params percentile, "
                             "num-bins, num-quantized-bins, symmetric, "
                             "ch-axis (e.g. conv:percentile;percentile=99.99,"
                             "linear:entropy;ch-axis=1)",
                             NULL, false},
    [OptStrict] = {"strict", Pt2eOptionBool,
                   "fail on the first conv, linear, matmul, BatchNorm, add, "
                   "mul or cat left out of every quantized unit, naming it "
                   "and the reason (else each gets a pt2e.unquantized "
                   "attribute and a line on stderr)",
                   "false", false},
    [OptAnnotateCat] = {"annotate-cat", Pt2eOptionBool,
                        "annotate cat as XNNPACKQuantizer's _annotate_cat "
                        "writes it (inputs and output share input 0's "
                        "qparams); off by default because torchao 0.18 "
                        "never applies it to a torch.export (non-strict) "
                        "graph, whose cat carries no source_fn_stack",
                        "false", false},
    [OptGroupSize] = {"group-size", Pt2eOptionInt,
                      "quantizer=8da4w: weight elements per group along K "
                      "(torchao's PerGroup; default 32); "
                      "quantizer=int4-weight-only: 32, 64, 128 or 256 "
                      "(Int4WeightOnlyConfig's group_size, default 128)",
                      NULL, false},
    [OptInt4Packing] = {"int4-packing-format", Pt2eOptionString,
                        "quantizer=int4-weight-only: Int4WeightOnlyConfig's "
                        "int4_packing_format, which picks its formula: "
                        "tile_packed_to_4d (tinygemm's; its whole model runs "
                        "in float32 on a CPU, logits checked against torchao) "
                        "or plain (torchao's default: mslk / FBGEMM's "
                        "int4_row_quantize_zp; weights checked, its bf16 "
                        "CUDA kernel not reproduced)",
                        "tile_packed_to_4d", false},
    [OptArmConfig] = {"arm-config", Pt2eOptionString,
                      "quantizer=arm-tosa: ExecuTorch's TOSAQuantizer "
                      "configuration: a8w8 (get_symmetric_quantization_"
                      "config), a8w4 (weights in [-7, 7]) or a16w8 (int16 "
                      "symmetric activations)",
                      "a8w8", false},
};

static const char *const patternKinds[] = {
    "conv", "linear", "add", "mul", "cat", "relu", "hardtanh", "max_pool2d",
    "adaptive_avg_pool2d", "mean", "view"};
#define NUM_KINDS (sizeof patternKinds / sizeof patternKinds[0])

#define NONE ((size_t)-1)
#define UNIT_MAX 24

/* What goes on one input edge or output of a planned annotation. */
typedef enum SpecKind {
  SpecNone,          /* unit: not quantized */
  SpecAct,           /* the config's activation spec */
  SpecWeight,        /* the config's weight spec, with 'chAxis' */
  SpecToken,         /* per-token dynamic activation, along axis 'chAxis' */
  SpecSharedResult,  /* shared with the result of plan 'plan' */
  SpecSharedOperand  /* shared with edge 'index' of plan 'plan' */
} SpecKind;

typedef struct SpecRef {
  SpecKind kind;
  size_t plan;
  intptr_t index;
  int64_t chAxis;
  int pattern;       /* SpecAct: index in patternKinds of the pattern that
                        writes it (its pattern-observers entry), or -1 */
} SpecRef;

/* One op of the module, in walk (graph) order. */
typedef struct Plan {
  MlirOperation op;
  const char *role;   /* pattern role, names generated ids */
  SpecRef *inputs;    /* numOperands entries once any is set */
  intptr_t numInputs; /* written length of 'inputs' */
  SpecRef output;
  bool emit;          /* gets a 'pt2e.annotation' */
  bool claimed;       /* in a pattern, or annotated before the pass */
  bool hasOutput;     /* has (or will have) an output spec */
  bool excluded;      /* matched an exclude option */
  bool artifact;      /* a layout op around a TOSA conv / pool */
  bool needsId;
  MlirAttribute id;   /* its pt2e.id, once known */
  size_t moveBefore;  /* weight layout op: moves right before this plan */
  int64_t undividedK; /* 8da4w, int4-weight-only: a linear whose K the
                         group does not divide */
} Plan;

typedef struct Unit {
  size_t ops[UNIT_MAX];
  size_t numOps;
  size_t first;      /* op whose operand 'inOperand' is the input tensor */
  size_t end;        /* op whose result is the unit's value */
  size_t actPlan, weightPlan, core;
  intptr_t inOperand, actOperand, weightOperand;
  int64_t chAxis;
  int weightSteps;   /* layout ops between the weight and the core */
  const char *kind;
} Unit;

/* One activation spec's observer: the global one or a pattern's. */
typedef struct ActChoice {
  Pt2eObserverKind kind;
  Pt2eQuantSpec params; /* bins, percentile, symmetric, num_quantized_bins */
  bool perChannel;      /* activation-ch-axis / ch-axis given */
  int64_t chAxis;
} ActChoice;

/* Which quantizer the pass imitates (option 'quantizer'). */
typedef enum Recipe {
  RecipeXnnpack,        /* PT2E's XNNPACKQuantizer */
  Recipe8da4w,          /* torchao Int8DynamicActivationIntxWeightConfig */
  RecipeInt8WeightOnly, /* torchao Int8WeightOnlyConfig */
  RecipeInt4WeightOnly, /* torchao Int4WeightOnlyConfig (tinygemm formula) */
  RecipeArmTosa         /* ExecuTorch's TOSAQuantizer (annotate_arm.h) */
} Recipe;

static const char *const recipeNames[] = {"xnnpack", "8da4w",
                                          "int8-weight-only",
                                          "int4-weight-only", "arm-tosa"};
#define NUM_RECIPES (sizeof recipeNames / sizeof recipeNames[0])

typedef struct AnnotateState {
  MlirContext ctx;
  Recipe recipe;
  int64_t groupSize;   /* Recipe8da4w, RecipeInt4WeightOnly: group along K */
  bool int4Plain;      /* RecipeInt4WeightOnly: PLAIN's formula, not tinygemm's */
  Pt2eArmConfig armConfig; /* RecipeArmTosa: option arm-config */
  bool perChannel, qat, dynamic, failed;
  Pt2eObserverKind actObserver;
  Pt2eDType actDType, weightDType; /* activation-dtype, weight-dtype */
  Pt2eQuantSpec actParams; /* bins, percentile, symmetric, num_quantized_bins
                              of actObserver (its defaults unless given) */
  bool actPerChannel;      /* activation-ch-axis */
  int64_t actChAxis;
  ActChoice patternAct[NUM_KINDS]; /* pattern-observers entries */
  bool patternSet[NUM_KINDS];
  const Pt2eOptionValue *options;
  Plan *plans;
  size_t numPlans, capPlans;
  size_t *table; /* hash: op -> plan index (NONE: empty) */
  size_t tableSize;
  MlirStringRef *ids; /* pt2e.id values present before the pass */
  size_t numIds, capIds;
  size_t nextId;
} AnnotateState;

static MlirLocation opLoc(MlirOperation op) {
  return mlirOperationGetLocation(op);
}

/* torchao's quantize_ configs (not PT2E quantizers). */
static bool torchaoRecipe(const AnnotateState *st) {
  return st->recipe == Recipe8da4w || st->recipe == RecipeInt8WeightOnly ||
         st->recipe == RecipeInt4WeightOnly;
}

/* Dynamic quantization and torchao's quantize_ configs take linears only,
   with no output spec (torchao's filter is nn.Linear). */
static bool linearsOnly(const AnnotateState *st) {
  return st->dynamic || torchaoRecipe(st);
}

/*
** {======================================================================
** Collecting ops and the exclude options
** =======================================================================
*/

static size_t hashOp(MlirOperation op, size_t size) {
  uintptr_t p = (uintptr_t)op.ptr;
  return (size_t)((p >> 4) * 0x9E3779B97F4A7C15ull) & (size - 1);
}

static size_t planOf(const AnnotateState *st, MlirOperation op) {
  if (mlirOperationIsNull(op))
    return NONE;
  for (size_t h = hashOp(op, st->tableSize);; h = (h + 1) & (st->tableSize - 1)) {
    size_t i = st->table[h];
    if (i == NONE || mlirOperationEqual(st->plans[i].op, op))
      return i;
  }
}

static MlirWalkResult collectOp(MlirOperation op, void *userData) {
  AnnotateState *st = userData;
  if (!pt2eVecGrow((void **)&st->plans, &st->capPlans, st->numPlans,
                   sizeof *st->plans)) {
    st->failed = true;
    return MlirWalkResultInterrupt;
  }
  Plan *p = &st->plans[st->numPlans++];
  memset(p, 0, sizeof *p);
  p->op = op;
  p->output.kind = SpecNone;
  p->moveBefore = NONE;
  MlirAttribute id = pt2eOpGetId(op);
  if (!mlirAttributeIsNull(id) && mlirAttributeIsAString(id)) {
    p->id = id;
    if (!pt2eVecGrow((void **)&st->ids, &st->capIds, st->numIds,
                     sizeof *st->ids)) {
      st->failed = true;
      return MlirWalkResultInterrupt;
    }
    st->ids[st->numIds++] = mlirStringAttrGetValue(id);
  }
  if (!mlirAttributeIsNull(pt2eAnnotationGet(op))) {
    p->claimed = true;
    p->hasOutput = pt2eAnnotationHasOutput(op);
  }
  return MlirWalkResultAdvance;
}

static bool buildTable(AnnotateState *st) {
  size_t size = 16;
  while (size < 2 * st->numPlans)
    size *= 2;
  st->table = pt2eAlloc(size * sizeof *st->table);
  if (!st->table)
    return false;
  st->tableSize = size;
  for (size_t h = 0; h < size; h++)
    st->table[h] = NONE;
  for (size_t i = 0; i < st->numPlans; i++) {
    size_t h = hashOp(st->plans[i].op, size);
    while (st->table[h] != NONE)
      h = (h + 1) & (size - 1);
    st->table[h] = i;
  }
  return true;
}

/* '*' any run, '?' any one character; everything else literal. */
static bool globMatch(const char *p, size_t np, const char *s, size_t ns) {
  if (np == 0)
    return ns == 0;
  if (*p == '*')
    return globMatch(p + 1, np - 1, s, ns) ||
           (ns > 0 && globMatch(p, np, s + 1, ns - 1));
  return ns > 0 && (*p == '?' || *p == *s) &&
         globMatch(p + 1, np - 1, s + 1, ns - 1);
}

static bool locMatches(const char *text, MlirStringRef pattern) {
  size_t n = strlen(text);
  if (memchr(pattern.data, '*', pattern.length) ||
      memchr(pattern.data, '?', pattern.length))
    return globMatch(pattern.data, pattern.length, text, n);
  for (size_t i = 0; i + pattern.length <= n; i++)
    if (memcmp(text + i, pattern.data, pattern.length) == 0)
      return true;
  return false;
}

/* 'name' is 'module' or inside it ('layer1' covers 'layer1.0.conv1'). */
static bool nameMatches(MlirStringRef name, MlirStringRef module) {
  return name.length >= module.length &&
         memcmp(name.data, module.data, module.length) == 0 &&
         (name.length == module.length || name.data[module.length] == '.');
}

static bool locHasName(MlirLocation loc, MlirStringRef module, int depth) {
  if (depth > 8)
    return false;
  if (mlirLocationIsAName(loc))
    return nameMatches(mlirIdentifierStr(mlirLocationNameGetName(loc)),
                       module) ||
           locHasName(mlirLocationNameGetChildLoc(loc), module, depth + 1);
  if (mlirLocationIsACallSite(loc))
    return locHasName(mlirLocationCallSiteGetCallee(loc), module, depth + 1) ||
           locHasName(mlirLocationCallSiteGetCaller(loc), module, depth + 1);
  if (mlirLocationIsAFused(loc)) {
    MlirLocation locs[16];
    intptr_t n = mlirLocationFusedGetNumLocations(loc);
    if (n > 16)
      n = 16;
    mlirLocationFusedGetLocations(loc, locs);
    for (intptr_t i = 0; i < n; i++)
      if (locHasName(locs[i], module, depth + 1))
        return true;
  }
  return false;
}

/* Appends printed text to a Pt2eTextBuf without its double quotes:
   loc("a.py":3:1) is matched as loc(a.py:3:1). */
static void appendUnquoted(MlirStringRef s, void *userData) {
  for (size_t i = 0, from = 0; i <= s.length; i++)
    if (i == s.length || s.data[i] == '"') {
      pt2eTextBufAppend(mlirStringRefCreate(s.data + from, i - from), userData);
      from = i + 1;
    }
}

static bool isExcluded(const AnnotateState *st, const Plan *p) {
  const Pt2eOptionValue *names = &st->options[OptExcludeNames];
  const Pt2eOptionValue *locs = &st->options[OptExcludeLocs];
  const Pt2eOptionValue *ops = &st->options[OptExcludeOps];
  for (size_t i = 0; i < ops->listSize; i++)
    if (pt2eOpHasName(p->op, ops->listValues[i]))
      return true;
  for (size_t i = 0; i < names->listSize; i++)
    if (locHasName(opLoc(p->op), names->listValues[i], 0) ||
        (!mlirAttributeIsNull(p->id) &&
         nameMatches(mlirStringAttrGetValue(p->id), names->listValues[i])))
      return true;
  if (locs->listSize) {
    char text[1024];
    Pt2eTextBuf buf = pt2eTextBufOver(text, sizeof text);
    mlirLocationPrint(opLoc(p->op), appendUnquoted, &buf);
    for (size_t i = 0; i < locs->listSize; i++)
      if (locMatches(text, locs->listValues[i]))
        return true;
  }
  return false;
}

static bool kindExcluded(const AnnotateState *st, const char *kind) {
  const Pt2eOptionValue *ops = &st->options[OptExcludeOps];
  for (size_t i = 0; i < ops->listSize; i++)
    if (pt2eStringRefIs(ops->listValues[i], kind))
      return true;
  return false;
}

/* }====================================================================== */

/*
** {======================================================================
** Units: the ops of one pattern
** =======================================================================
*/

static bool unitAdd(Unit *u, size_t plan) {
  if (plan == NONE || u->numOps == UNIT_MAX)
    return false;
  u->ops[u->numOps++] = plan;
  return true;
}

static void unitInit(Unit *u, size_t core, const char *kind) {
  memset(u, 0, sizeof *u);
  u->actPlan = u->weightPlan = NONE;
  u->core = u->first = u->end = core;
  u->kind = kind;
  unitAdd(u, core);
}

/* Free (not claimed, not excluded) ops only; and the kind not excluded. */
static bool unitFree(const AnnotateState *st, const Unit *u) {
  if (kindExcluded(st, u->kind))
    return false;
  for (size_t i = 0; i < u->numOps; i++) {
    const Plan *p = &st->plans[u->ops[i]];
    if (p->claimed || p->excluded)
      return false;
  }
  return true;
}

static bool freeOp(const AnnotateState *st, size_t plan) {
  return plan != NONE && !st->plans[plan].claimed && !st->plans[plan].excluded;
}

static bool setInput(AnnotateState *st, size_t plan, intptr_t k, SpecRef s) {
  Plan *p = &st->plans[plan];
  if (!p->inputs) {
    intptr_t n = mlirOperationGetNumOperands(p->op);
    p->inputs = pt2eAlloc((size_t)(n > 0 ? n : 1) * sizeof *p->inputs);
    if (!p->inputs) {
      pt2eOutOfMemory(opLoc(p->op), "'pt2e-annotate'");
      st->failed = true;
      return false;
    }
  }
  p->inputs[k] = s;
  if (k + 1 > p->numInputs)
    p->numInputs = k + 1;
  p->emit = true;
  return true;
}

static void setOutput(AnnotateState *st, size_t plan, SpecRef s) {
  Plan *p = &st->plans[plan];
  p->output = s;
  p->hasOutput = true;
  p->emit = true;
}

static SpecRef spec(SpecKind kind, size_t plan, intptr_t index) {
  SpecRef s = {kind, plan, index, 0, -1};
  return s;
}

static int patternIndex(const char *kind) {
  for (size_t k = 0; k < NUM_KINDS; k++)
    if (strcmp(kind, patternKinds[k]) == 0)
      return (int)k;
  return -1;
}

/* The activation spec a unit of pattern 'kind' writes. */
static SpecRef actSpec(const char *kind) {
  SpecRef s = spec(SpecAct, NONE, 0);
  s.pattern = patternIndex(kind);
  return s;
}

/* Marks the unit taken; the core is annotated even with no spec of its own. */
static void unitClaim(AnnotateState *st, const Unit *u) {
  for (size_t i = 0; i < u->numOps; i++) {
    st->plans[u->ops[i]].claimed = true;
    if (!st->plans[u->ops[i]].role)
      st->plans[u->ops[i]].role = u->kind;
  }
  st->plans[u->core].emit = true;
}

/*
** Walks up from operand 'k' of 'plan' through single-use ops accepted by
** 'accept', adding them to 'u'; returns the op whose operand 0 is the
** PyTorch-level tensor (or 'plan' itself) and sets '*operand'.
*/
static size_t walkUp(AnnotateState *st, Unit *u, size_t plan, intptr_t k,
                     bool (*accept)(MlirOperation), intptr_t *operand,
                     int *steps) {
  *operand = k;
  *steps = 0;
  for (int i = 0; i < 4; i++) {
    MlirValue v = mlirOperationGetOperand(st->plans[plan].op, *operand);
    MlirOperation p = pt2eOpProducer(v);
    if (mlirOperationIsNull(p) || !accept(p) ||
        mlirOperationIsNull(pt2eOpSoleUser(v)))
      break;
    size_t pp = planOf(st, p);
    if (!unitAdd(u, pp))
      break;
    plan = pp;
    *operand = 0;
    ++*steps;
  }
  return plan;
}

static const int32_t toNhwc[4] = {0, 2, 3, 1}, toNchw[4] = {0, 3, 1, 2};

static bool convHead(MlirOperation op) {
  return pt2eMatchPad(op) || pt2eMatchTranspose(op, toNhwc, 4) ||
         /* StableHLO's grouped conv input: [N, C, H, W] -> [N, G, C/G, H, W] */
         (pt2eOpIs(op, "tensor.expand_shape") && pt2eMatchUnitReshape(op) &&
          mlirShapedTypeGetRank(mlirValueGetType(mlirOperationGetResult(op, 0))) == 5);
}

/* Reshapes torch-mlir writes before a matmul: unit dims, and the
   flattening of a linear's N-d input to 2-d (aten.linear takes [B, T, C]
   itself, so PT2E observes the unflattened tensor). */
static bool matmulHead(MlirOperation op) {
  return pt2eMatchUnitReshape(op) || pt2eMatchFlattenLeading(op);
}

static bool weightLayout(MlirOperation op) {
  return pt2eMatchLayout(op) && !pt2eOpIs(op, "tensor.extract_slice") &&
         !pt2eOpIs(op, "tosa.slice");
}

/* The unit's value: the result of its end op. */
static MlirValue unitValue(const AnnotateState *st, const Unit *u) {
  return mlirOperationGetResult(st->plans[u->end].op, 0);
}

/*
** Follows single-use clamps from 'v'; adds them to 'u' and returns their
** number, with the clamp they make together in [*lo, *hi].
*/
static size_t clampChain(AnnotateState *st, Unit *u, MlirValue v, double *lo,
                         double *hi) {
  size_t n = 0;
  *lo = -INFINITY;
  *hi = INFINITY;
  for (;;) {
    MlirOperation user = pt2eOpSoleUser(v);
    MlirValue in;
    double l, h;
    if (mlirOperationIsNull(user) || mlirOperationGetNumResults(user) != 1 ||
        !pt2eMatchClamp(user, &in, &l, &h) || !mlirValueEqual(in, v) ||
        !unitAdd(u, planOf(st, user)))
      return n;
    *lo = fmax(*lo, l);
    *hi = fmin(*hi, h);
    u->end = u->ops[u->numOps - 1];
    n++;
    v = mlirOperationGetResult(user, 0);
  }
}

/*
** Adds a fused relu after the unit when one follows (conv_relu,
** linear_relu, add_relu, mul_relu); PT2E fuses aten.relu only, so a
** relu6 / hardtanh is left to propagation.
*/
/* torch-mlir's reshapes between a 3-D linear's bias add and its relu. */
static bool isTensorReshape(MlirOperation op) {
  return pt2eOpIs(op, "tensor.expand_shape") || pt2eOpIs(op, "tensor.collapse_shape");
}

/* A contraction of an activation and a weight (linalg, named or generic,
   by MLIR's contraction interface; tosa.matmul). */
static bool isLinear(MlirOperation op) {
  if (pt2eOpIs(op, "tosa.matmul"))
    return true;
  return pt2eOpHasPrefix(op, "linalg.") && mlirOperationGetNumResults(op) == 1 &&
         mlirOperationGetNumOperands(op) == 3 && mlirLinalgIsAContractionOp(op);
}

static void fuseRelu(AnnotateState *st, Unit *u) {
  Unit with = *u;
  double lo, hi;
  /* A linear on a 3-D input: torch-mlir's reshape back to 3-D sits between
  ** the bias add and the relu, where PT2E sees aten.linear -> aten.relu.
  ** The reshapes join the unit only if a relu follows them. */
  MlirValue v = unitValue(st, u);
  MlirOperation core = st->plans[u->core].op;
  bool linalgLinear = pt2eOpHasPrefix(core, "linalg.") && isLinear(core);
  for (int k = 0; k < 2 && linalgLinear; k++) {
    MlirOperation user = pt2eOpSoleUser(v);
    if (mlirOperationIsNull(user) || !isTensorReshape(user) ||
        !unitAdd(&with, planOf(st, user)))
      break;
    with.end = with.ops[with.numOps - 1];
    v = mlirOperationGetResult(user, 0);
  }
  size_t n = clampChain(st, &with, v, &lo, &hi);
  bool arm = st->recipe == RecipeArmTosa;
  bool compute = !strcmp(u->kind, "conv") || !strcmp(u->kind, "linear");
  /* TOSAQuantizer (quantization_annotator.py) fuses into a conv or linear
     only, never into an add or mul; also a hardtanh with min 0 (relu6),
     and neither when the output spec is symmetric (a16w8) */
  if (arm && (!compute || st->armConfig == Pt2eArmA16W8))
    return;
  if (n == 0 || lo != 0 || (hi != INFINITY && !arm) || linearsOnly(st) ||
      kindExcluded(st, hi == INFINITY ? "relu" : "hardtanh"))
    return;
  for (size_t i = u->numOps; i < with.numOps; i++)
    if (!freeOp(st, with.ops[i]))
      return;
  for (size_t i = u->numOps; i < with.numOps; i++)
    st->plans[with.ops[i]].role = isTensorReshape(st->plans[with.ops[i]].op) ? "view" : "relu";
  *u = with;
}

static int rankOf(MlirValue v);

/* Writes act / weight / output specs of a conv or linear unit. */
static bool applyCompute(AnnotateState *st, Unit *u) {
  if (!unitFree(st, u))
    return true;
  SpecRef w = spec(SpecWeight, NONE, 0);
  w.chAxis = u->chAxis;
  SpecRef act = actSpec(u->kind);
  if (st->recipe == Recipe8da4w) {
    act = spec(SpecToken, NONE, 0);
    act.chAxis = rankOf(mlirOperationGetOperand(st->plans[u->actPlan].op,
                                                u->actOperand)) - 1;
  } else if (st->recipe == RecipeInt8WeightOnly ||
             st->recipe == RecipeInt4WeightOnly) {
    act = spec(SpecNone, 0, 0);
  }
  if (!setInput(st, u->actPlan, u->actOperand, act) ||
      !setInput(st, u->weightPlan, u->weightOperand, w))
    return false;
  if (u->core != u->actPlan && !setInput(st, u->core, 0, spec(SpecNone, 0, 0)))
    return false;
  if (!linearsOnly(st))
    setOutput(st, u->end, actSpec(u->kind));
  /* PT2E observes the activation before the weight (the conv's argument
     order), and prepare names observers in op order: the weight's layout
     ops move right before the core, source first. */
  for (size_t p = u->weightPlan;
       u->weightSteps > 0 && p != u->core && st->plans[p].moveBefore == NONE;) {
    st->plans[p].moveBefore = u->core;
    MlirOperation user =
        pt2eOpSoleUser(mlirOperationGetResult(st->plans[p].op, 0));
    p = planOf(st, user);
  }
  unitClaim(st, u);
  return true;
}

/* The rank of 'v', a ranked tensor (0 otherwise). */
static int rankOf(MlirValue v) {
  MlirType t = mlirValueGetType(v);
  return mlirTypeIsARankedTensor(t) ? (int)mlirShapedTypeGetRank(t) : 0;
}

/*
** The dim of the unit's value that holds the core's output channels, where
** a bias or a batch norm may vary: a linear's last; a linalg conv's (NCHW)
** 1; a TOSA conv's or pool's (NHWC) 3.
*/
static int coreChannelDim(const AnnotateState *st, const Unit *u) {
  MlirOperation core = st->plans[u->core].op;
  if (isLinear(core))
    return rankOf(mlirOperationGetResult(core, 0)) - 1;
  return pt2eOpHasPrefix(core, "tosa.") ? 3 : 1;
}

/*
** The channel dim after 'op' (a reshape that adds or removes unit dims, or
** a leading flatten's inverse) moved it: still the k-th dim of size > 1;
** the last dim for a linear.
*/
static int channelAfterReshape(MlirOperation op, int channel, bool linear) {
  MlirValue in = mlirOperationGetOperand(op, 0), out = mlirOperationGetResult(op, 0);
  if (linear)
    return rankOf(out) - 1;
  MlirType ti = mlirValueGetType(in), to = mlirValueGetType(out);
  int k = 0;
  for (int d = 0; d < channel && d < rankOf(in); d++)
    k += mlirShapedTypeGetDimSize(ti, d) != 1;
  for (int d = 0; d < rankOf(out); d++)
    if (mlirShapedTypeGetDimSize(to, d) != 1 && k-- == 0)
      return d;
  return -1;
}

/* Adds the single-use tail ops after the unit: TOSA's transpose back to
   NCHW first, unit reshapes, and affine ops by constants along the output
   channels (bias adds, a batch norm's scale and shift). */
static void addTails(AnnotateState *st, Unit *u, bool transposeFirst,
                     bool unitReshapes) {
  int channel = coreChannelDim(st, u);
  bool linear = isLinear(st->plans[u->core].op);
  for (int i = 0; i < 8; i++) {
    MlirValue v = unitValue(st, u);
    MlirOperation user = pt2eOpSoleUser(v);
    if (mlirOperationIsNull(user) || mlirOperationGetNumResults(user) != 1)
      return;
    bool transpose = transposeFirst && i == 0 && pt2eMatchTranspose(user, toNchw, 4);
    bool reshape = !transpose && unitReshapes &&
                   (pt2eMatchUnitReshape(user) || pt2eMatchUnflattenLeading(user));
    bool ok = transpose || reshape || pt2eMatchAffine(user, v, channel);
    if (!ok || !unitAdd(u, planOf(st, user)))
      return;
    if (transpose)
      channel = channel == 3 ? 1 : channel;
    else if (reshape)
      channel = channelAfterReshape(user, channel, linear);
    u->end = u->ops[u->numOps - 1];
  }
}

/* }====================================================================== */

/*
** {======================================================================
** The patterns, in XNNPACKQuantizer's order
** =======================================================================
*/

/* A conv of any form (pt2eMatchConv), when its filter axis is not needed. */
static bool isConv(MlirOperation op) {
  int64_t axis;
  return pt2eMatchConv(op, &axis);
}

/*
** Weight edge of a conv / linear unit. PT2E observes the weight parameter
** (out channels first, ch_axis 0) after the activation (names follow op
** order in pt2e-prepare). When the activation edge sits on a head op (a
** pad or a transpose) the edge goes through the weight's layout ops to the
** source, and those ops later move right before the core; otherwise it is
** the core's operand 1, with the channel axis of the op's own layout.
*/
static MlirLogicalResult weightEdge(AnnotateState *st, Unit *u, int64_t axis) {
  int steps = 0;
  u->weightPlan = u->core;
  u->weightOperand = 1;
  if (u->actPlan != u->core)
    u->weightPlan = walkUp(st, u, u->core, 1, weightLayout, &u->weightOperand,
                           &steps);
  /* A weight reached through layout ops is PyTorch's (out channels first). */
  u->chAxis = steps > 0 ? 0 : axis;
  u->weightSteps = steps;
  MlirOperation core = st->plans[u->core].op;
  if (steps == 0 && st->perChannel && pt2eOpIs(core, "tosa.depthwise_conv2d")) {
    MlirType t = mlirValueGetType(mlirOperationGetOperand(core, 1));
    if (mlirShapedTypeGetRank(t) != 4 || mlirShapedTypeGetDimSize(t, 3) != 1)
      return pt2eEmitError(opLoc(core),
                           "'pt2e-annotate': per-channel weight of a depthwise "
                           "conv with channel multiplier > 1 has no single "
                           "channel axis (use per-channel=false)");
  }
  if (u->chAxis < 0 && st->perChannel)
    return pt2eEmitError(opLoc(core),
                         "'pt2e-annotate': cannot tell the output-channel axis "
                         "of this %s's weight (use per-channel=false)", u->kind);
  return mlirLogicalResultSuccess();
}

/* Activation and weight (operands 0, 1) are f32: XNNPACKQuantizer
   quantizes float32 only (an i8 or f64 matmul is left alone). */
static bool f32Operands(MlirOperation op) {
  return pt2eMatchIsF32Tensor(mlirOperationGetOperand(op, 0)) &&
         pt2eMatchIsF32Tensor(mlirOperationGetOperand(op, 1));
}

/*
** A linear under one of torchao's quantize_ configs. Its weight edge is
** the weight itself: through torch-mlir's transpose to the [N, K]
** parameter when there is one (torchao quantizes nn.Linear.weight), so the
** groups run along K, its last axis; without layout ops (a StableHLO
** [K, N] argument) along the axis the contraction reduces. A K that the
** group size does not divide stays in float with its reason in the
** coverage record: under 8da4w torchao's quantize_ fails on it ("Expecting
** input size ... to be divisible by block_size"); Int4WeightOnlyConfig
** skips it with a log line ("Skipping quantizing weight with int4 weight
** only quantization ...", quant_api.py:575-579), so it stays float there
** too.
*/
static MlirLogicalResult torchaoLinear(AnnotateState *st, Unit *u) {
  MlirOperation core = st->plans[u->core].op;
  int steps = 0;
  u->weightPlan = walkUp(st, u, u->core, 1, weightLayout, &u->weightOperand,
                         &steps);
  u->weightSteps = steps;
  MlirValue w = mlirOperationGetOperand(st->plans[u->weightPlan].op,
                                        u->weightOperand);
  int64_t outAxis = steps > 0 ? 0 : pt2eMatchContractionAxis(core, 1);
  int64_t kAxis = steps > 0 ? rankOf(w) - 1
                            : pt2eMatchContractionReductionAxis(core, 1);
  if (outAxis < 0 || kAxis < 0)
    return pt2eEmitError(opLoc(core),
                         "'pt2e-annotate': cannot tell the %s axis of this "
                         "linear's weight", outAxis < 0 ? "output" : "K");
  bool grouped = st->recipe == Recipe8da4w ||
                 st->recipe == RecipeInt4WeightOnly;
  u->chAxis = grouped ? kAxis : outAxis;
  if (grouped) {
    int64_t k = mlirShapedTypeGetDimSize(mlirValueGetType(w), (intptr_t)kAxis);
    if (k <= 0 || k % st->groupSize != 0) {
      st->plans[u->core].undividedK = k;
      return mlirLogicalResultSuccess();
    }
  }
  return applyCompute(st, u) ? mlirLogicalResultSuccess()
                             : mlirLogicalResultFailure();
}

static MlirLogicalResult annotateLinear(AnnotateState *st, size_t i) {
  MlirOperation op = st->plans[i].op;
  if (!isLinear(op) || !freeOp(st, i))
    return mlirLogicalResultSuccess();
  /* aten.linear only: a weight (a constant, or a function argument or
  ** global in a StableHLO export) and an activation input, both f32. */
  if (!f32Operands(op) || !pt2eMatchLinearWeight(op) ||
      pt2eMatchIsConstant(mlirOperationGetOperand(op, 0)))
    return mlirLogicalResultSuccess();
  Unit u;
  unitInit(&u, i, "linear");
  int steps;
  u.actPlan = walkUp(st, &u, i, 0, matmulHead, &u.actOperand, &steps);
  if (torchaoRecipe(st))
    return torchaoLinear(st, &u);
  if (mlirLogicalResultIsFailure(
          weightEdge(st, &u, pt2eMatchContractionAxis(op, 1))))
    return mlirLogicalResultFailure();
  if (!st->dynamic) {
    addTails(st, &u, false, true);
    fuseRelu(st, &u);
  }
  return applyCompute(st, &u) ? mlirLogicalResultSuccess()
                              : mlirLogicalResultFailure();
}

/* The single-use tensor.expand_shape that makes operand 'k' of 'op'. */
static MlirOperation expandOf(MlirOperation op, intptr_t k) {
  MlirValue v = mlirOperationGetOperand(op, k);
  MlirOperation p = pt2eOpProducer(v);
  if (!pt2eOpIs(p, "tensor.expand_shape") || mlirOperationIsNull(pt2eOpSoleUser(v)))
    return (MlirOperation){NULL};
  return p;
}

/* The source dim of reshape 'op' whose reassociation group is exactly
   [first, first + 1], or -1. */
static int64_t mergedDim(MlirOperation op, int64_t first) {
  MlirAttribute groups = mlirOperationGetAttributeByName(op, pt2eStr("reassociation"));
  if (mlirAttributeIsNull(groups) || !mlirAttributeIsAArray(groups))
    return -1;
  for (intptr_t g = 0; g < mlirArrayAttrGetNumElements(groups); g++) {
    MlirAttribute dims = mlirArrayAttrGetElement(groups, g);
    if (mlirAttributeIsAArray(dims) && mlirArrayAttrGetNumElements(dims) == 2 &&
        mlirIntegerAttrGetValueInt(mlirArrayAttrGetElement(dims, 0)) == first &&
        mlirIntegerAttrGetValueInt(mlirArrayAttrGetElement(dims, 1)) == first + 1)
      return g;
  }
  return -1;
}

static bool isPad(MlirOperation op) { return pt2eMatchPad(op); }

/*
** A grouped conv as torch-mlir writes it (conv_2d_ngchw_gfchw, a depthwise
** conv with a channel multiplier likewise): its output channels are two
** adjacent filter dims (the groups, the channels per group), and
** tensor.expand_shape ops split PyTorch's tensors into them (the weight's
** out channels, the input's channels), a collapse_shape merges the
** output's back. They join the unit, so that the edges sit on PyTorch's
** tensors: the weight [F, C/G, kh, kw] observed per channel on the dim the
** expand split, the input before its expand (and pad), the output after
** the collapse. False, with 'u' unchanged, for any other conv.
*/
static bool groupedConv(AnnotateState *st, Unit *u) {
  MlirOperation core = st->plans[u->core].op;
  int64_t dims[4];
  MlirOperation w = expandOf(core, 1);
  if (pt2eMatchConvChannelDims(core, dims) != 2 || dims[1] != dims[0] + 1 ||
      mlirOperationIsNull(w) || mergedDim(w, dims[0]) < 0)
    return false;
  Unit g = *u;
  if (!unitAdd(&g, planOf(st, w)))
    return false;
  g.weightPlan = planOf(st, w);
  g.weightOperand = 0;
  g.weightSteps = 1;
  g.chAxis = mergedDim(w, dims[0]);
  MlirOperation x = expandOf(core, 0);
  if (!mlirOperationIsNull(x) && unitAdd(&g, planOf(st, x))) {
    int steps;
    g.actPlan = walkUp(st, &g, planOf(st, x), 0, isPad, &g.actOperand, &steps);
  }
  MlirOperation out = pt2eOpSoleUser(mlirOperationGetResult(core, 0));
  if (pt2eOpIs(out, "tensor.collapse_shape") && unitAdd(&g, planOf(st, out)))
    g.end = g.ops[g.numOps - 1];
  *u = g;
  return true;
}

static MlirLogicalResult annotateConv(AnnotateState *st, size_t i) {
  MlirOperation op = st->plans[i].op;
  int64_t axis;
  if (!freeOp(st, i) || !pt2eMatchConv(op, &axis) || !f32Operands(op))
    return mlirLogicalResultSuccess();
  Unit u;
  unitInit(&u, i, "conv");
  int steps;
  u.actPlan = walkUp(st, &u, i, 0, convHead, &u.actOperand, &steps);
  bool grouped = axis < 0 && u.actPlan == i && groupedConv(st, &u);
  if (!grouped && mlirLogicalResultIsFailure(weightEdge(st, &u, axis)))
    return mlirLogicalResultFailure();
  /* a 5-D grouped conv (StableHLO's depthwise) is collapsed back to 4-D
     before its bias and BatchNorm: the collapse joins the unit */
  bool grouped5d = rankOf(mlirOperationGetResult(op, 0)) == 5;
  addTails(st, &u, pt2eOpHasPrefix(op, "tosa."), grouped5d);
  fuseRelu(st, &u);
  return applyCompute(st, &u) ? mlirLogicalResultSuccess()
                              : mlirLogicalResultFailure();
}

/* The producer's plan when it has (or will have) an output spec. */
static size_t annotatedProducer(const AnnotateState *st, MlirValue v) {
  size_t p = planOf(st, pt2eOpProducer(v));
  return p != NONE && st->plans[p].hasOutput ? p : NONE;
}

/* Input shares the producer's output if annotated, else the act spec;
   the output shares the input edge (XNNPACK's adaptive_avg_pool2d). */
static bool applyPool(AnnotateState *st, Unit *u) {
  if (!unitFree(st, u))
    return true;
  size_t first = u->first, last = u->end;
  size_t prod = annotatedProducer(st, mlirOperationGetOperand(st->plans[first].op, 0));
  SpecRef in = prod == NONE ? actSpec(u->kind)
                            : spec(SpecSharedResult, prod, 0);
  if (prod != NONE)
    st->plans[prod].needsId = true;
  if (!setInput(st, first, 0, in))
    return false;
  if (first != last)
    st->plans[first].needsId = true;
  setOutput(st, last, spec(SpecSharedOperand, first, 0));
  unitClaim(st, u);
  return true;
}

/*
** A global average pool (adaptive_avg_pool2d(1)): sum over H, W then a
** scale; TOSA: reduce_sum ops then a mul, or a global tosa.avg_pool2d.
*/
static bool globalPool(AnnotateState *st, size_t i, Unit *u, bool *global) {
  MlirOperation op = st->plans[i].op;
  *global = false;
  if (pt2eOpIs(op, "tosa.avg_pool2d")) {
    unitInit(u, i, "adaptive_avg_pool2d");
    MlirType in = mlirValueGetType(mlirOperationGetOperand(op, 0));
    MlirType out = mlirValueGetType(mlirOperationGetResult(op, 0));
    *global = mlirShapedTypeGetRank(out) == 4 &&
              mlirShapedTypeGetDimSize(out, 1) == 1 &&
              mlirShapedTypeGetDimSize(out, 2) == 1 &&
              mlirShapedTypeGetDimSize(in, 1) != 1;
    intptr_t k;
    int steps;
    u->first = walkUp(st, u, i, 0, convHead, &k, &steps);
    addTails(st, u, true, false);
    return *global;
  }
  bool g;
  if (!pt2eMatchSum(op, &g))
    return false;
  unitInit(u, i, "adaptive_avg_pool2d");
  MlirValue v = mlirOperationGetResult(op, 0);
  for (int n = 0; n < 4 && pt2eOpIs(op, "tosa.reduce_sum"); n++) {
    MlirOperation user = pt2eOpSoleUser(v);
    if (!pt2eOpIs(user, "tosa.reduce_sum") || !unitAdd(u, planOf(st, user)))
      break;
    u->end = u->ops[u->numOps - 1];
    v = mlirOperationGetResult(user, 0);
  }
  MlirOperation user = pt2eOpSoleUser(v);
  if (mlirOperationIsNull(user) || !pt2eMatchScale(user, v) ||
      !unitAdd(u, planOf(st, user)))
    return false;
  u->end = u->ops[u->numOps - 1];
  if (pt2eOpIs(op, "tosa.reduce_sum")) {
    MlirType in = mlirValueGetType(mlirOperationGetOperand(op, 0));
    MlirType out = mlirValueGetType(mlirOperationGetResult(user, 0));
    g = mlirShapedTypeGetRank(in) == 4 && mlirShapedTypeGetRank(out) == 4 &&
        mlirShapedTypeGetDimSize(out, 2) == 1 &&
        mlirShapedTypeGetDimSize(out, 3) == 1 && u->numOps == 3;
  }
  *global = g;
  return true;
}

static MlirLogicalResult annotatePool(AnnotateState *st, size_t i) {
  Unit u;
  bool global;
  if (!freeOp(st, i) || !globalPool(st, i, &u, &global) || !global)
    return mlirLogicalResultSuccess();
  return applyPool(st, &u) ? mlirLogicalResultSuccess()
                           : mlirLogicalResultFailure();
}

/* A huge constant scalar (torch.histc's limit) or an operand that is not f32. */
static bool unquantizable(MlirValue v) {
  if (!pt2eMatchIsF32Tensor(v))
    return true;
  double c;
  MlirType t = mlirValueGetType(v);
  return mlirShapedTypeHasStaticShape(t) &&
         mlirShapedTypeGetRank(t) <= 1 && pt2eMatchSplat(v, &c) &&
         fabs(c) > 3.4028235e15 &&
         (mlirShapedTypeGetRank(t) == 0 || mlirShapedTypeGetDimSize(t, 0) == 1);
}

/*
** True when 'v' comes straight from a conv or linear annotated by an
** earlier run whose output spec sits further on: 'v' is then inside that
** unit (its bias add), which the earlier run claimed without writing
** anything on it. Running the pass twice must not annotate it as an add.
*/
static bool insideAnnotatedUnit(const AnnotateState *st, MlirValue v) {
  /* back through the unit's unannotated tail (bias add, batch norm's
  ** affine ops, reshapes, TOSA's layout transposes) to the core */
  for (int step = 0; step < 8 && mlirValueIsAOpResult(v); step++) {
    size_t p = planOf(st, mlirOpResultGetOwner(v));
    if (p == NONE)
      return false;
    MlirOperation op = st->plans[p].op;
    if (st->plans[p].claimed)
      return !st->plans[p].hasOutput && (isConv(op) || isLinear(op));
    if (mlirOperationGetNumOperands(op) == 0 ||
        !(pt2eMatchAffine(op, mlirOperationGetOperand(op, 0), -1) ||
          pt2eMatchUnitReshape(op) || pt2eMatchLayout(op) || pt2eOpIs(op, "tosa.transpose") ||
          pt2eMatchBinaryOp(op) != Pt2eMatchNotBinary))
      return false;
    v = mlirOperationGetOperand(op, 0);
  }
  return false;
}

/*
** An add or mul (XNNPACK's _annotate_add / _annotate_mul): both inputs and
** the output (or the fused relu's). Also x + c and x * c with a Python
** float c (RMSNorm's variance + eps, a scaling): torchao's
** XNNPACKQuantizer first turns the scalar into a 0-d tensor attribute
** (_convert_scalars_to_attrs), then annotates the op as any other. Here
** the scalar is a constant inside the body, which no observer can watch:
** the one input and the output are annotated, the scalar stays exact
** (torchao's observer of it quantizes 1e-6 to 0 at XNNPACK's eps 2^-12; a
** difference qparams-check shows as one unpaired torchao observer per such
** op).
*/
static MlirLogicalResult annotateBinary(AnnotateState *st, size_t i,
                                        Pt2eMatchBinary which) {
  MlirOperation op = st->plans[i].op;
  if (!freeOp(st, i))
    return mlirLogicalResultSuccess();
  bool scalar = pt2eMatchScalarBinaryOp(op) == which;
  if (!scalar && pt2eMatchBinaryOp(op) != which)
    return mlirLogicalResultSuccess();
  intptr_t n = scalar ? 1 : 2;
  bool allConstant = true;
  for (intptr_t k = 0; k < n; k++) {
    MlirValue v = mlirOperationGetOperand(op, k);
    /* parameter arithmetic (batch norm's var + eps) is not a PT2E node */
    if (insideAnnotatedUnit(st, v) || unquantizable(v))
      return mlirLogicalResultSuccess();
    allConstant = allConstant && pt2eMatchIsConstant(v) && !pt2eMatchIsIntegerData(v);
  }
  /* constants alone: parameter arithmetic, which PT2E never sees as a
  ** node; positions made float are one (rotary's arange * inv_freq) */
  if (allConstant)
    return mlirLogicalResultSuccess();
  Unit u;
  unitInit(&u, i, which == Pt2eMatchAdd   ? "add"
                  : which == Pt2eMatchMul ? "mul"
                  : which == Pt2eMatchSub ? "sub"
                                          : "minimum_maximum");
  fuseRelu(st, &u);
  if (!unitFree(st, &u))
    return mlirLogicalResultSuccess();
  for (intptr_t k = 0; k < n; k++)
    if (!setInput(st, i, k, actSpec(u.kind)))
      return mlirLogicalResultFailure();
  setOutput(st, u.end, actSpec(u.kind));
  unitClaim(st, &u);
  return mlirLogicalResultSuccess();
}

/*
** A decomposed layer_norm (pt2eMatchLayerNorm) is claimed without
** annotations, first: XNNPACKQuantizer annotates no layer_norm, so no
** observer lands inside it (its inner mul / add / mean would otherwise be
** taken by those patterns, and its weight and bias observed as
** activations). The linear after it observes its output, as in PT2E.
*/
static MlirLogicalResult claimLayerNorm(AnnotateState *st, size_t i) {
  MlirOperation ops[PT2E_LAYER_NORM_MAX_OPS];
  int n = freeOp(st, i) ? pt2eMatchLayerNorm(st->plans[i].op, ops) : 0;
  size_t plans[PT2E_LAYER_NORM_MAX_OPS];
  for (int k = 0; k < n; k++)
    if (!freeOp(st, plans[k] = planOf(st, ops[k])))
      return mlirLogicalResultSuccess();
  for (int k = 0; k < n; k++) {
    st->plans[plans[k]].claimed = true;
    st->plans[plans[k]].role = "layer_norm";
  }
  return mlirLogicalResultSuccess();
}

/*
** The decompositions of pt2eMatchDecomposed (softmax, gelu, silu,
** attention) are claimed without annotations before any pattern runs:
** XNNPACKQuantizer annotates none of those aten ops, so no observer lands
** inside them, and attention's products are no linear even when V is a
** function argument (taken as a weight otherwise). All or nothing: when
** one op is excluded or taken, the others stay free.
*/
static void claimDecomposed(AnnotateState *st, size_t i) {
  MlirOperation ops[PT2E_DECOMPOSED_MAX_OPS];
  const char *what = NULL;
  int n = freeOp(st, i) ? pt2eMatchDecomposed(st->plans[i].op, ops, &what) : 0;
  size_t plans[PT2E_DECOMPOSED_MAX_OPS];
  for (int k = 0; k < n; k++)
    if (!freeOp(st, plans[k] = planOf(st, ops[k])))
      return;
  for (int k = 0; k < n; k++) {
    st->plans[plans[k]].claimed = true;
    st->plans[plans[k]].role = what;
  }
}

/*
** An eval BatchNorm left as a chain of elementwise ops (no conv or linear
** before it to fold into, pt2eMatchBatchNormChain) is claimed without
** annotations, after the conv and linear patterns took theirs: PT2E sees
** one aten.batch_norm, which XNNPACKQuantizer does not annotate, so its
** sub / mul / add get no observers and its constants none as activations.
** The coverage record names it.
*/
static MlirLogicalResult claimBatchNorm(AnnotateState *st, size_t i) {
  MlirOperation ops[PT2E_BATCH_NORM_MAX_OPS];
  int n = freeOp(st, i) ? pt2eMatchBatchNormChain(st->plans[i].op, ops) : 0;
  size_t plans[PT2E_BATCH_NORM_MAX_OPS];
  for (int k = 0; k < n; k++)
    if (!freeOp(st, plans[k] = planOf(st, ops[k])))
      return mlirLogicalResultSuccess();
  for (int k = 0; k < n; k++) {
    st->plans[plans[k]].claimed = true;
    st->plans[plans[k]].role = "batch_norm";
  }
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult annotateCat(AnnotateState *st, size_t i) {
  MlirOperation op = st->plans[i].op;
  if (!st->options[OptAnnotateCat].boolValue ||(!pt2eOpIs(op, "tensor.concat") && !pt2eOpIs(op, "tosa.concat")) ||
      !freeOp(st, i) || kindExcluded(st, "cat") ||
      mlirOperationGetNumOperands(op) == 0 ||
      !pt2eMatchIsF32Tensor(mlirOperationGetResult(op, 0)))
    return mlirLogicalResultSuccess();
  /* XNNPACKQuantizer quantizes float32 only: a cat of token ids or index
     tensors (i64, i32) is left alone */
  for (intptr_t k = 0; k < mlirOperationGetNumOperands(op); k++)
    if (!pt2eMatchIsF32Tensor(mlirOperationGetOperand(op, k)))
      return mlirLogicalResultSuccess();
  MlirValue first = mlirOperationGetOperand(op, 0);
  for (intptr_t k = 0; k < mlirOperationGetNumOperands(op); k++) {
    bool same = mlirValueEqual(mlirOperationGetOperand(op, k), first);
    if (!setInput(st, i, k,
                  same ? actSpec("cat")
                       : spec(SpecSharedOperand, i, 0)))
      return mlirLogicalResultFailure();
  }
  setOutput(st, i, spec(SpecSharedOperand, i, 0));
  st->plans[i].claimed = true;
  st->plans[i].role = "cat";
  return mlirLogicalResultSuccess();
}

/* Marks the layout transposes around TOSA convs and pools as artifacts. */
static void markArtifacts(AnnotateState *st) {
  for (size_t i = 0; i < st->numPlans; i++) {
    MlirOperation op = st->plans[i].op;
    if (!pt2eOpHasPrefix(op, "tosa.") ||
        (!isConv(op) && !pt2eMatchMaxPool(op) &&
         !pt2eOpIs(op, "tosa.avg_pool2d")))
      continue;
    Unit u;
    intptr_t k;
    int steps;
    unitInit(&u, i, "view");
    walkUp(st, &u, i, 0, convHead, &k, &steps);
    addTails(st, &u, true, false);
    for (size_t j = 0; j < u.numOps; j++)
      if (pt2eOpIs(st->plans[u.ops[j]].op, "tosa.transpose"))
        st->plans[u.ops[j]].artifact = true;
  }
}

/*
** propagate_annotation: relu, hardtanh, max_pool2d, mean and views whose
** producer has an output spec share it, input and output.
*/
static MlirLogicalResult propagate(AnnotateState *st, size_t i) {
  MlirOperation op = st->plans[i].op;
  if (!freeOp(st, i) || st->plans[i].artifact ||
      mlirOperationGetNumResults(op) != 1 ||
      mlirOperationGetNumOperands(op) == 0)
    return mlirLogicalResultSuccess();
  Unit u;
  MlirValue in;
  double lo, hi;
  bool global;
  if (pt2eMatchClamp(op, &in, &lo, &hi)) {
    unitInit(&u, i, "hardtanh");
    clampChain(st, &u, mlirOperationGetResult(op, 0), &lo, &hi);
    double l0, h0;
    pt2eMatchClamp(op, &in, &l0, &h0);
    lo = fmax(lo, l0);
    hi = fmin(hi, h0);
    if (lo == 0 && hi == INFINITY)
      u.kind = "relu";
    /* the activation may be operand 1 (torch-mlir's min(c, x)) */
    for (intptr_t k = 0; k < mlirOperationGetNumOperands(op); k++)
      if (mlirValueEqual(in, mlirOperationGetOperand(op, k)))
        u.inOperand = k;
  } else if (pt2eMatchMaxPool(op)) {
    unitInit(&u, i, "max_pool2d");
    intptr_t k;
    int steps;
    u.first = walkUp(st, &u, i, 0, convHead, &k, &steps);
    addTails(st, &u, pt2eOpHasPrefix(op, "tosa."), false);
  } else if (globalPool(st, i, &u, &global)) {
    u.kind = "mean";
  } else if (pt2eMatchLayout(op)) {
    unitInit(&u, i, "view");
  } else {
    return mlirLogicalResultSuccess();
  }
  size_t prod = annotatedProducer(
      st, mlirOperationGetOperand(st->plans[u.first].op, u.inOperand));
  if (prod == NONE || !unitFree(st, &u))
    return mlirLogicalResultSuccess();
  st->plans[prod].needsId = true;
  if (!setInput(st, u.first, u.inOperand, spec(SpecSharedResult, prod, 0)))
    return mlirLogicalResultFailure();
  setOutput(st, u.end, spec(SpecSharedResult, prod, 0));
  unitClaim(st, &u);
  return mlirLogicalResultSuccess();
}

/* }====================================================================== */

/*
** {======================================================================
** Options, specs and writing
** =======================================================================
*/

/*
** The observer kinds an activation spec may name: those of quant_spec.h's
** table that keep per-tensor statistics (or none, the placeholder).
*/
static bool isActivationObserver(int k) {
  return !pt2eObserverKindInfo((Pt2eObserverKind)k)->perChannel &&
         !pt2eObserverKindInfo((Pt2eObserverKind)k)->perGroup;
}

/* The activation observer kind named 'name', or -1. */
static int activationObserverNamed(MlirStringRef name) {
  for (int k = 0; k < pt2eObserverKindCount(); k++)
    if (isActivationObserver(k) &&
        pt2eStringRefIs(name, pt2eObserverKindName((Pt2eObserverKind)k)))
      return k;
  return -1;
}

/*
** "histogram, minmax, moving_average_minmax or placeholder": the activation
** observers by name in alphabetical order, written into 'buf'.
*/
static const char *activationObserverList(char *buf, size_t size) {
  const char *names[16];
  int n = 0;
  for (int k = 0; k < pt2eObserverKindCount() && n < 16; k++) {
    if (!isActivationObserver(k))
      continue;
    const char *name = pt2eObserverKindName((Pt2eObserverKind)k);
    int at = n++;
    for (; at > 0 && strcmp(names[at - 1], name) > 0; at--)
      names[at] = names[at - 1];
    names[at] = name;
  }
  buf[0] = '\0';
  for (int i = 0; i < n; i++) {
    const char *sep = i == 0 ? "" : i == n - 1 ? " or " : ", ";
    strncat(buf, sep, size - strlen(buf) - 1);
    strncat(buf, names[i], size - strlen(buf) - 1);
  }
  return buf;
}

/*
** activation-dtype and weight-dtype, after per-channel, qat and dynamic:
** int16 activations and int4 weights are for static post-training
** quantization (no QAT or dynamic specs with them: untested paths), and
** int4 weights are per channel only (the issue's per-channel symmetric int4).
*/
static MlirLogicalResult readDTypes(AnnotateState *st, MlirLocation loc) {
  MlirStringRef a = st->options[OptActDType].stringValue;
  MlirStringRef w = st->options[OptWeightDType].stringValue;
  if (pt2eStringRefIs(a, "int8"))
    st->actDType = Pt2eDTypeInt8;
  else if (pt2eStringRefIs(a, "int16"))
    st->actDType = Pt2eDTypeInt16;
  else
    return pt2eEmitError(loc,
                         "'pt2e-annotate' option 'activation-dtype': unknown "
                         "dtype '%.*s' (expected int8 or int16)",
                         (int)a.length, a.data);
  if (pt2eStringRefIs(w, "int8"))
    st->weightDType = Pt2eDTypeInt8;
  else if (pt2eStringRefIs(w, "int4"))
    st->weightDType = Pt2eDTypeInt4;
  else
    return pt2eEmitError(loc,
                         "'pt2e-annotate' option 'weight-dtype': unknown "
                         "dtype '%.*s' (expected int8 or int4)",
                         (int)w.length, w.data);
  const char *mode = st->qat ? "qat=true" : st->dynamic ? "dynamic=true" : NULL;
  if (st->actDType == Pt2eDTypeInt16 && mode)
    return pt2eEmitError(loc,
                         "'pt2e-annotate' option 'activation-dtype': int16 "
                         "activations are for static post-training "
                         "quantization only, not with %s", mode);
  if (st->weightDType == Pt2eDTypeInt4 && mode)
    return pt2eEmitError(loc,
                         "'pt2e-annotate' option 'weight-dtype': int4 weights "
                         "are for static post-training quantization only, "
                         "not with %s", mode);
  if (st->weightDType == Pt2eDTypeInt4 && !st->perChannel)
    return pt2eEmitError(loc,
                         "'pt2e-annotate' option 'weight-dtype': int4 weights "
                         "are per-channel only (per-channel=false asks for "
                         "one scale per tensor)");
  return mlirLogicalResultSuccess();
}

/*
** The checks every activation observer's parameters pass, wherever they
** came from: 'where' names the option ("option 'percentile'", or a
** pattern-observers entry and its parameter) as the messages say it.
*/
static MlirLogicalResult checkParam(MlirLocation loc, int opt,
                                    const Pt2eObserverKindInfo *k,
                                    const Pt2eQuantSpec *p, const char *where) {
  if (opt == OptPercentile && !(p->percentile >= 0.0 && p->percentile <= 100.0))
    return pt2eEmitError(loc, "'pt2e-annotate' %s: %g is outside [0, 100]",
                         where, p->percentile);
  if (opt == OptNumBins && (p->bins < 1 || p->bins > 65536))
    return pt2eEmitError(loc, "'pt2e-annotate' %s: %lld is outside [1, 65536]",
                         where, (long long)p->bins);
  if (opt == OptNumBins && k->ort == Pt2eOrtDistribution && p->bins < 512)
    return pt2eEmitError(loc,
                         "'pt2e-annotate' %s: distribution needs at least 512 "
                         "bins (ONNX Runtime's compute_distribution), got %lld",
                         where, (long long)p->bins);
  if (opt == OptNumQuantizedBins &&
      (p->numQuantizedBins < 1 || p->numQuantizedBins / 2 > p->bins / 2))
    return pt2eEmitError(loc,
                         "'pt2e-annotate' %s: %lld must be in [1, num-bins = "
                         "%lld] (ONNX Runtime's KL search has no candidate "
                         "otherwise)", where, (long long)p->numQuantizedBins,
                         (long long)p->bins);
  return mlirLogicalResultSuccess();
}

/* The observer parameters and which kinds take them, for the messages. */
static const struct {
  int option;
  const char *takenBy;
} observerParams[] = {
    {OptPercentile, "percentile"},
    {OptNumBins, "histogram, percentile, entropy or distribution"},
    {OptNumQuantizedBins, "entropy"},
    {OptSymmetric, "percentile"}};
#define NUM_OBSERVER_PARAMS (sizeof observerParams / sizeof *observerParams)

static bool kindTakes(const Pt2eObserverKindInfo *k, int opt) {
  return opt == OptNumBins            ? k->hasBins
         : opt == OptNumQuantizedBins ? k->ort == Pt2eOrtEntropy
                                      : k->ort == Pt2eOrtPercentile;
}

/* The global observer options' values (those given) over 'p'. */
static void applyGlobalParams(const AnnotateState *st,
                              const Pt2eObserverKindInfo *k, Pt2eQuantSpec *p) {
  const Pt2eOptionValue *o = st->options;
  if (o[OptPercentile].isSet && kindTakes(k, OptPercentile))
    p->percentile = o[OptPercentile].floatValue;
  if (o[OptSymmetric].isSet && kindTakes(k, OptSymmetric))
    p->symmetric = o[OptSymmetric].boolValue;
  if (o[OptNumBins].isSet && kindTakes(k, OptNumBins))
    p->bins = o[OptNumBins].intValue;
  if (o[OptNumQuantizedBins].isSet && kindTakes(k, OptNumQuantizedBins))
    p->numQuantizedBins = o[OptNumQuantizedBins].intValue;
}

/*
** The parameters of the activation observer (percentile, num-bins,
** num-quantized-bins, symmetric) into st->actParams, over the kind's
** defaults. A parameter that neither the kind nor any pattern-observers
** entry's kind takes, or a value ONNX Runtime (or torch) would refuse, is
** an error naming the option. Runs after readPatternKinds.
*/
static MlirLogicalResult readObserverParams(AnnotateState *st,
                                            MlirLocation loc) {
  const Pt2eOptionValue *o = st->options;
  Pt2eObserverKind kind = st->actObserver;
  const Pt2eObserverKindInfo *k = pt2eObserverKindInfo(kind);
  Pt2eQuantSpec *p = &st->actParams;
  pt2eQuantSpecInit(p, kind, st->actDType);
  for (size_t i = 0; i < NUM_OBSERVER_PARAMS; i++) {
    int opt = observerParams[i].option;
    bool takes = kindTakes(k, opt);
    for (size_t j = 0; j < NUM_KINDS; j++)
      takes = takes ||
              (st->patternSet[j] &&
               kindTakes(pt2eObserverKindInfo(st->patternAct[j].kind), opt));
    if (o[opt].isSet && !takes)
      return pt2eEmitError(loc,
                           "'pt2e-annotate' option '%s': a parameter of "
                           "activation-observer=%s only, not of '%s'",
                           annotateOptions[opt].name,
                           observerParams[i].takenBy, k->name);
  }
  if (k->ort != Pt2eOrtNone && (st->qat || st->dynamic))
    return pt2eEmitError(loc,
                         "'pt2e-annotate' option 'activation-observer': "
                         "'%s' (ONNX Runtime's calibration) is for static "
                         "post-training quantization, not %s=true",
                         k->name, st->qat ? "qat" : "dynamic");
  applyGlobalParams(st, k, p);
  for (size_t i = 0; i < NUM_OBSERVER_PARAMS; i++) {
    int opt = observerParams[i].option;
    char where[64];
    snprintf(where, sizeof where, "option '%s'", annotateOptions[opt].name);
    if (o[opt].isSet &&
        mlirLogicalResultIsFailure(checkParam(loc, opt, k, p, where)))
      return mlirLogicalResultFailure();
  }
  /* an entropy's num_quantized_bins is checked against its bins even when
     neither is given */
  if (k->ort == Pt2eOrtEntropy && !o[OptNumQuantizedBins].isSet &&
      mlirLogicalResultIsFailure(checkParam(loc, OptNumQuantizedBins, k, p,
                                            "option 'num-quantized-bins'")))
    return mlirLogicalResultFailure();
  return mlirLogicalResultSuccess();
}

/*
** The per-channel form of activation observer 'kind': a kind with bins
** keeps one histogram per channel under a per-channel qscheme; MinMax and
** its moving average are PerChannelMinMax and its moving average (torch's
** own per-channel observers). -1 for the placeholder, which has none.
*/
static int perChannelForm(Pt2eObserverKind kind) {
  const Pt2eObserverKindInfo *k = pt2eObserverKindInfo(kind);
  if (k->hasBins)
    return (int)kind;
  if (kind == Pt2eObserverMinMax)
    return Pt2eObserverPerChannelMinMax;
  if (kind == Pt2eObserverMovingAverageMinMax)
    return Pt2eObserverMovingAveragePerChannelMinMax;
  return -1;
}

/* activation-ch-axis: per-channel activations for static PTQ only, and
** only for kinds that have a per-channel form. */
static MlirLogicalResult readActChAxis(AnnotateState *st, MlirLocation loc) {
  const Pt2eOptionValue *o = &st->options[OptActChAxis];
  if (!o->isSet)
    return mlirLogicalResultSuccess();
  if (st->qat || st->dynamic)
    return pt2eEmitError(loc,
                         "'pt2e-annotate' option 'activation-ch-axis': "
                         "per-channel activations are for static "
                         "post-training quantization only, not %s=true",
                         st->qat ? "qat" : "dynamic");
  if (perChannelForm(st->actObserver) < 0)
    return pt2eEmitError(loc,
                         "'pt2e-annotate' option 'activation-ch-axis': "
                         "observer '%s' has no per-channel form",
                         pt2eObserverKindName(st->actObserver));
  if (o->intValue < 0)  /* annotations want ch_axis >= 0 (pt2e-prepare) */
    return pt2eEmitError(loc,
                         "'pt2e-annotate' option 'activation-ch-axis': %lld "
                         "is negative; give the axis from the front",
                         (long long)o->intValue);
  st->actPerChannel = true;
  st->actChAxis = o->intValue;
  return mlirLogicalResultSuccess();
}

/* The patterns that write an activation spec of their own (the others
** share their producer's, so their producer's entry decides). */
static bool patternHasActSpec(int k) {
  static const char *const own[] = {"conv", "linear", "add", "mul", "cat",
                                    "adaptive_avg_pool2d"};
  for (size_t i = 0; i < sizeof own / sizeof *own; i++)
    if (strcmp(patternKinds[k], own[i]) == 0)
      return true;
  return false;
}

/* Splits 'entry' at the first 'sep' (or its end) into 'head' and 'rest'. */
static void splitAt(MlirStringRef entry, char sep, MlirStringRef *head,
                    MlirStringRef *rest) {
  size_t i = 0;
  while (i < entry.length && entry.data[i] != sep)
    i++;
  *head = mlirStringRefCreate(entry.data, i);
  *rest = i < entry.length ? mlirStringRefCreate(entry.data + i + 1,
                                                 entry.length - i - 1)
                           : mlirStringRefCreate(entry.data + entry.length, 0);
}

#define ENTRY_ERR(fmt, ...)                                                   \
  pt2eEmitError(loc,                                                          \
                "'pt2e-annotate' option 'pattern-observers': entry '%.*s': " \
                fmt, (int)entry.length, entry.data, __VA_ARGS__)

/*
** First pass over pattern-observers: each entry's pattern and kind (the
** parameters come in readPatternParams, once the global ones are known).
** Unknown, duplicate or spec-less patterns, unknown kinds, the
** placeholder, QAT and dynamic are errors naming the option.
*/
static MlirLogicalResult readPatternKinds(AnnotateState *st, MlirLocation loc) {
  const Pt2eOptionValue *o = &st->options[OptPatternObservers];
  for (size_t i = 0; i < o->listSize; i++) {
    MlirStringRef entry = o->listValues[i], head, params, pat, kind;
    splitAt(entry, ';', &head, &params);
    splitAt(head, ':', &pat, &kind);
    int k = -1;
    for (size_t j = 0; j < NUM_KINDS; j++)
      if (pt2eStringRefIs(pat, patternKinds[j]))
        k = (int)j;
    if (st->qat || st->dynamic)
      return ENTRY_ERR("per-pattern observers are for static post-training "
                       "quantization only, not %s=true",
                       st->qat ? "qat" : "dynamic");
    if (k < 0)
      return ENTRY_ERR("unknown pattern '%.*s' (expected conv, linear, add, "
                       "mul, cat or adaptive_avg_pool2d, then ':' and an "
                       "observer)", (int)pat.length, pat.data);
    if (!patternHasActSpec(k))
      return ENTRY_ERR("pattern '%s' shares its producer's activation spec "
                       "and has no observer of its own (choose the "
                       "producer's pattern)", patternKinds[k]);
    if (st->patternSet[k])
      return ENTRY_ERR("pattern '%s' is given twice", patternKinds[k]);
    int obs = activationObserverNamed(kind);
    if (obs < 0 || pt2eObserverKindInfo((Pt2eObserverKind)obs)->isPlaceholder) {
      char known[256];
      return ENTRY_ERR("'%.*s' is not a static activation observer "
                       "(expected one of %s; placeholder is for "
                       "dynamic=true only)",
                       (int)kind.length, kind.data,
                       activationObserverList(known, sizeof known));
    }
    st->patternSet[k] = true;
    st->patternAct[k].kind = (Pt2eObserverKind)obs;
  }
  return mlirLogicalResultSuccess();
}

/* An entry's ch-axis=buf into 'a'. */
static MlirLogicalResult readEntryChAxis(MlirLocation loc, MlirStringRef entry,
                                         const char *buf, ActChoice *a) {
  char *endp;
  long long v = strtoll(buf, &endp, 10);
  if (*endp != '\0')
    return ENTRY_ERR("ch-axis '%s' is not an integer", buf);
  if (perChannelForm(a->kind) < 0)
    return ENTRY_ERR("observer '%s' has no per-channel form",
                     pt2eObserverKindInfo(a->kind)->name);
  if (*buf == '\0' || v < 0)
    return ENTRY_ERR("ch-axis '%s' is negative or empty; give the axis "
                     "from the front", buf);
  a->perChannel = true;
  a->chAxis = v;
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult readEntryValue(MlirLocation loc, MlirStringRef entry,
                                        int opt, const char *buf, ActChoice *a);

/* One 'name=value' parameter of an entry into 'a'. */
static MlirLogicalResult readEntryParam(AnnotateState *st, MlirLocation loc,
                                        MlirStringRef entry, MlirStringRef kv,
                                        ActChoice *a) {
  const Pt2eObserverKindInfo *k = pt2eObserverKindInfo(a->kind);
  MlirStringRef name, value;
  char buf[64];
  (void)st;
  splitAt(kv, '=', &name, &value);
  if (value.length == 0 || value.length >= sizeof buf)
    return ENTRY_ERR("parameter '%.*s' needs name=value", (int)kv.length,
                     kv.data);
  memcpy(buf, value.data, value.length);
  buf[value.length] = '\0';
  int opt = -1;
  for (size_t i = 0; i < NUM_OBSERVER_PARAMS; i++)
    if (pt2eStringRefIs(name, annotateOptions[observerParams[i].option].name))
      opt = observerParams[i].option;
  if (opt < 0 && !pt2eStringRefIs(name, "ch-axis"))
    return ENTRY_ERR("unknown parameter '%.*s' (expected percentile, "
                     "num-bins, num-quantized-bins, symmetric or ch-axis)",
                     (int)name.length, name.data);
  if (opt < 0)
    return readEntryChAxis(loc, entry, buf, a);
  for (size_t i = 0; i < NUM_OBSERVER_PARAMS; i++)
    if (observerParams[i].option == opt && !kindTakes(k, opt))
      return ENTRY_ERR("'%s' is a parameter of %s only, not of '%s'",
                       annotateOptions[opt].name, observerParams[i].takenBy,
                       k->name);
  return readEntryValue(loc, entry, opt, buf, a);
}

/* The value 'buf' of the observer parameter 'opt' of an entry into 'a'. */
static MlirLogicalResult readEntryValue(MlirLocation loc, MlirStringRef entry,
                                        int opt, const char *buf, ActChoice *a) {
  char *endp;
  if (opt == OptSymmetric) {
    if (strcmp(buf, "true") != 0 && strcmp(buf, "false") != 0)
      return ENTRY_ERR("symmetric '%s' is not true or false", buf);
    a->params.symmetric = strcmp(buf, "true") == 0;
    return mlirLogicalResultSuccess();
  }
  if (opt == OptPercentile) {
    a->params.percentile = strtod(buf, &endp);
  } else {
    long long v = strtoll(buf, &endp, 10);
    if (opt == OptNumBins)
      a->params.bins = v;
    else
      a->params.numQuantizedBins = v;
  }
  if (*endp != '\0')
    return ENTRY_ERR("%s '%s' is not a number", annotateOptions[opt].name, buf);
  return mlirLogicalResultSuccess();
}

/*
** Second pass: each entry's parameters, over its kind's defaults and the
** global parameters its kind takes; then the same checks as the global
** options, and ch-axis (else activation-ch-axis when its kind has a
** per-channel form).
*/
/* The parameters after the entry's kind ('rest') into 'a', marking in
   'given' which observer parameters the entry names. */
static MlirLogicalResult readEntryParams(AnnotateState *st, MlirLocation loc,
                                         MlirStringRef entry, MlirStringRef rest,
                                         ActChoice *a, bool *given) {
  while (rest.length > 0) {
    MlirStringRef kv;
    splitAt(rest, ';', &kv, &rest);
    if (mlirLogicalResultIsFailure(readEntryParam(st, loc, entry, kv, a)))
      return mlirLogicalResultFailure();
    for (size_t p = 0; p < NUM_OBSERVER_PARAMS; p++) {
      MlirStringRef name, value;
      splitAt(kv, '=', &name, &value);
      if (pt2eStringRefIs(name, annotateOptions[observerParams[p].option].name))
        given[observerParams[p].option] = true;
    }
  }
  return mlirLogicalResultSuccess();
}

/* The global options' checks on an entry's parameters: those it gave,
   those of its kind set globally, and entropy's num-quantized-bins. */
static MlirLogicalResult checkEntryParams(const AnnotateState *st, MlirLocation loc,
                                          MlirStringRef entry, const ActChoice *a,
                                          const bool *given) {
  const Pt2eObserverKindInfo *k = pt2eObserverKindInfo(a->kind);
  for (size_t p = 0; p < NUM_OBSERVER_PARAMS; p++) {
    int opt = observerParams[p].option;
    char where[192];
    snprintf(where, sizeof where,
             "option 'pattern-observers': entry '%.*s': '%s'",
             (int)entry.length, entry.data, annotateOptions[opt].name);
    bool check = given[opt] || (st->options[opt].isSet && kindTakes(k, opt)) ||
                 (opt == OptNumQuantizedBins && k->ort == Pt2eOrtEntropy);
    if (check &&
        mlirLogicalResultIsFailure(checkParam(loc, opt, k, &a->params, where)))
      return mlirLogicalResultFailure();
  }
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult readPatternParams(AnnotateState *st, MlirLocation loc) {
  const Pt2eOptionValue *o = &st->options[OptPatternObservers];
  for (size_t i = 0; i < o->listSize; i++) {
    MlirStringRef entry = o->listValues[i], head, rest, pat, kind;
    splitAt(entry, ';', &head, &rest);
    splitAt(head, ':', &pat, &kind);
    ActChoice *a = NULL;
    for (size_t j = 0; j < NUM_KINDS; j++)
      if (pt2eStringRefIs(pat, patternKinds[j]))
        a = &st->patternAct[j];
    pt2eQuantSpecInit(&a->params, a->kind, st->actDType);
    applyGlobalParams(st, pt2eObserverKindInfo(a->kind), &a->params);
    a->perChannel = false;
    bool given[NumOptions] = {false};
    if (mlirLogicalResultIsFailure(readEntryParams(st, loc, entry, rest, a, given)))
      return mlirLogicalResultFailure();
    if (!a->perChannel && st->actPerChannel && perChannelForm(a->kind) >= 0) {
      a->perChannel = true;
      a->chAxis = st->actChAxis;
    }
    if (mlirLogicalResultIsFailure(checkEntryParams(st, loc, entry, a, given)))
      return mlirLogicalResultFailure();
  }
  return mlirLogicalResultSuccess();
}

#undef ENTRY_ERR

/* activation-observer=, over the quantizer's default for qat= / dynamic=. */
static MlirLogicalResult readActObserver(AnnotateState *st, MlirLocation loc) {
  st->actObserver = st->dynamic ? (st->qat ? Pt2eObserverMovingAverageMinMax
                                           : Pt2eObserverPlaceholder)
                    : st->qat   ? Pt2eObserverMovingAverageMinMax
                                : Pt2eObserverHistogram;
  MlirStringRef a = st->options[OptActObserver].stringValue;
  if (a.length) {
    int k = activationObserverNamed(a);
    char known[256];
    if (k < 0)
      return pt2eEmitError(loc,
                           "'pt2e-annotate' option 'activation-observer': "
                           "'%.*s' is not a per-tensor observer (expected "
                           "%s)",
                           (int)a.length, a.data,
                           activationObserverList(known, sizeof known));
    if (st->dynamic && k == Pt2eObserverHistogram)
      return pt2eEmitError(loc,
                           "'pt2e-annotate' option 'activation-observer': "
                           "'histogram' cannot observe dynamic activations "
                           "(use placeholder or a minmax observer)");
    if (!st->dynamic && pt2eObserverKindInfo((Pt2eObserverKind)k)->isPlaceholder)
      return pt2eEmitError(loc,
                           "'pt2e-annotate' option 'activation-observer': "
                           "'placeholder' is for dynamic=true only");
    st->actObserver = (Pt2eObserverKind)k;
  }
  return mlirLogicalResultSuccess();
}

/* exclude-ops= names patterns or registered ops; exclude-names= and
   exclude-locs= have no empty entry. */
static MlirLogicalResult readExclusions(AnnotateState *st, MlirLocation loc) {
  const Pt2eOptionValue *o = st->options;
  const Pt2eOptionValue *ops = &o[OptExcludeOps];
  for (size_t i = 0; i < ops->listSize; i++) {
    MlirStringRef n = ops->listValues[i];
    bool known = false;
    for (size_t k = 0; k < NUM_KINDS; k++)
      known = known || pt2eStringRefIs(n, patternKinds[k]);
    if (!known && !mlirContextIsRegisteredOperation(st->ctx, n))
      return pt2eEmitError(loc,
                           "'pt2e-annotate' option 'exclude-ops': '%.*s' is "
                           "neither a pattern (conv, linear, add, mul, cat, "
                           "relu, hardtanh, max_pool2d, adaptive_avg_pool2d, "
                           "mean, view) nor a registered op",
                           (int)n.length, n.data);
  }
  static const int listOpts[] = {OptExcludeNames, OptExcludeLocs};
  for (size_t j = 0; j < 2; j++)
    for (size_t i = 0; i < o[listOpts[j]].listSize; i++)
      if (o[listOpts[j]].listValues[i].length == 0)
        return pt2eEmitError(loc,
                             "'pt2e-annotate' option '%s': an empty entry "
                             "would match every op",
                             annotateOptions[listOpts[j]].name);
  return mlirLogicalResultSuccess();
}

/*
** The options of torchao's configs: group-size for 8da4w (any positive
** divisor of K) and int4-weight-only (torchao's tinygemm kernels take 32,
** 64, 128 or 256 only: Int4WeightOnlyConfig's documented choices); the
** XNNPACKQuantizer's own options (observers, dtypes, per-channel, qat,
** dynamic, patterns) do not apply to them and are errors, not ignored.
** arm-tosa takes per-channel (TOSAQuantizer's is_per_channel) and
** arm-config; its QAT and dynamic configs are not built (errors).
*/
static MlirLogicalResult readRecipeOptions(AnnotateState *st, MlirLocation loc) {
  const Pt2eOptionValue *o = st->options;
  static const int xnnpackOnly[] = {
      OptPerChannel, OptQat,       OptDynamic,       OptActObserver,
      OptActDType,   OptWeightDType, OptPercentile,  OptNumBins,
      OptNumQuantizedBins, OptSymmetric, OptActChAxis, OptPatternObservers,
      OptAnnotateCat};
  const char *name = recipeNames[st->recipe];
  if (st->recipe != RecipeXnnpack)
    for (size_t k = 0; k < sizeof xnnpackOnly / sizeof *xnnpackOnly; k++)
      /* TOSAQuantizer's configs take is_per_channel too */
      if (o[xnnpackOnly[k]].isSet &&
          !(st->recipe == RecipeArmTosa && xnnpackOnly[k] == OptPerChannel)) {
        if (st->recipe == RecipeArmTosa &&
            (xnnpackOnly[k] == OptQat || xnnpackOnly[k] == OptDynamic))
          return pt2eEmitError(loc,
                               "'pt2e-annotate' option '%s': quantizer=arm-tosa "
                               "builds TOSAQuantizer's post-training static "
                               "configurations only (is_qat=False, "
                               "is_dynamic=False)",
                               annotateOptions[xnnpackOnly[k]].name);
        return pt2eEmitError(loc,
                             "'pt2e-annotate' option '%s' is XNNPACKQuantizer's; "
                             "quantizer=%s has no such choice",
                             annotateOptions[xnnpackOnly[k]].name, name);
      }
  /* Int8DynamicActivationIntxWeightConfig's PerGroup(32);
     Int4WeightOnlyConfig's group_size=128 */
  st->groupSize = st->recipe == RecipeInt4WeightOnly ? 128 : 32;
  if (o[OptGroupSize].isSet) {
    int64_t g = o[OptGroupSize].intValue;
    if (st->recipe != Recipe8da4w && st->recipe != RecipeInt4WeightOnly)
      return pt2eEmitError(loc, "'pt2e-annotate' option 'group-size' is for "
                                "quantizer=8da4w or int4-weight-only, not %s",
                           name);
    if (g <= 0)
      return pt2eEmitError(loc, "'pt2e-annotate' option 'group-size' must be "
                                "positive, got %lld", (long long)g);
    if (st->recipe == RecipeInt4WeightOnly && g != 32 && g != 64 &&
        g != 128 && g != 256)
      return pt2eEmitError(loc, "'pt2e-annotate' option 'group-size' of "
                                "quantizer=int4-weight-only must be 32, 64, "
                                "128 or 256 (Int4WeightOnlyConfig's), got %lld",
                           (long long)g);
    st->groupSize = g;
  }
  MlirStringRef arm = o[OptArmConfig].stringValue;
  if (o[OptArmConfig].isSet && st->recipe != RecipeArmTosa)
    return pt2eEmitError(loc, "'pt2e-annotate' option 'arm-config' is for "
                              "quantizer=arm-tosa, not %s", name);
  if (!pt2eArmConfigNamed(arm.data, arm.length, &st->armConfig))
    return pt2eEmitError(loc, "'pt2e-annotate' option 'arm-config': unknown "
                              "configuration '%.*s' (expected %s)",
                         (int)arm.length, arm.data, pt2eArmConfigList());
  MlirStringRef packing = o[OptInt4Packing].stringValue;
  if (o[OptInt4Packing].isSet && st->recipe != RecipeInt4WeightOnly)
    return pt2eEmitError(loc, "'pt2e-annotate' option 'int4-packing-format' is "
                              "for quantizer=int4-weight-only, not %s", name);
  st->int4Plain = pt2eStringRefIs(packing, "plain");
  if (!st->int4Plain && !pt2eStringRefIs(packing, "tile_packed_to_4d"))
    return pt2eEmitError(loc, "'pt2e-annotate' option 'int4-packing-format': "
                              "unknown format '%.*s' (expected plain or "
                              "tile_packed_to_4d; torchao's other formats run "
                              "only on CUDA)",
                         (int)packing.length, packing.data);
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult readOptions(AnnotateState *st, MlirOperation module) {
  const Pt2eOptionValue *o = st->options;
  MlirLocation loc = opLoc(module);
  MlirStringRef q = o[OptQuantizer].stringValue;
  size_t r = 0;
  while (r < NUM_RECIPES && !pt2eStringRefIs(q, recipeNames[r]))
    r++;
  if (r == NUM_RECIPES)
    return pt2eEmitError(loc,
                         "'pt2e-annotate' option 'quantizer': unknown "
                         "quantizer '%.*s' (expected xnnpack, 8da4w, "
                         "int8-weight-only, int4-weight-only or arm-tosa)",
                         (int)q.length, q.data);
  st->recipe = (Recipe)r;
  if (mlirLogicalResultIsFailure(readRecipeOptions(st, loc)))
    return mlirLogicalResultFailure();
  st->perChannel = o[OptPerChannel].boolValue;
  st->qat = o[OptQat].boolValue;
  st->dynamic = o[OptDynamic].boolValue;
  if (mlirLogicalResultIsFailure(readActObserver(st, loc)) ||
      mlirLogicalResultIsFailure(readDTypes(st, loc)) ||
      mlirLogicalResultIsFailure(readPatternKinds(st, loc)) ||
      mlirLogicalResultIsFailure(readObserverParams(st, loc)) ||
      mlirLogicalResultIsFailure(readActChAxis(st, loc)) ||
      mlirLogicalResultIsFailure(readPatternParams(st, loc)))
    return mlirLogicalResultFailure();
  return readExclusions(st, loc);
}

static void initSpec(Pt2eSpec *s, Pt2eObserverKind obs, Pt2eDType dtype,
                     int64_t qmin, int64_t qmax, Pt2eQScheme qs, int64_t ch,
                     bool dynamic) {
  memset(s, 0, sizeof *s);
  s->kind = Pt2eSpecQuant;
  pt2eQuantSpecInit(&s->quant, obs, dtype); /* the kind's defaults */
  s->quant.quantMin = qmin;
  s->quant.quantMax = qmax;
  s->quant.qscheme = qs;
  s->quant.chAxis = pt2eQSchemeIsPerChannel(qs) ? ch : 0;
  s->quant.eps = 0x1p-12f; /* XNNPACK's config: eps=2**-12 */
  s->quant.isDynamic = dynamic;
}

/*
** XNNPACK's int8 activation spec, or with activation-dtype=int16 torchao's
** int16 activation spec as its PT2E test builds it (test_quantize_pt2e.py,
** test_int16: the whole int16 range, per-tensor affine, the observer's
** default eps 2^-23). XNNPACK's eps 2^-12 would bound an int16 scale from
** below at 2^-12, that is a range of at most 16 over 65536 steps: most of
** what int16 buys.
*/
static MlirAttribute actAttr(const AnnotateState *st, const ActChoice *a) {
  Pt2eSpec s;
  bool i16 = st->actDType == Pt2eDTypeInt16;
  if (st->recipe == RecipeArmTosa) {
    memset(&s, 0, sizeof s);
    s.kind = Pt2eSpecQuant;
    pt2eArmActSpec(st->armConfig, &s.quant);
    return pt2eSpecToAttr(st->ctx, &s);
  }
  Pt2eObserverKind kind =
      a->perChannel ? (Pt2eObserverKind)perChannelForm(a->kind) : a->kind;
  initSpec(&s, kind, st->actDType, i16 ? -32768 : -128, i16 ? 32767 : 127,
           a->perChannel ? Pt2eQSchemePerChannelAffine
                         : Pt2eQSchemePerTensorAffine,
           a->chAxis, st->dynamic);
  if (i16)
    s.quant.eps = pt2eObserverKindInfo(kind)->eps;
  if (st->dynamic && st->qat)
    s.quant.averagingConstant = 1.0f;
  s.quant.bins = a->params.bins;
  s.quant.percentile = a->params.percentile;
  s.quant.symmetric = a->params.symmetric;
  s.quant.numQuantizedBins = a->params.numQuantizedBins;
  return pt2eSpecToAttr(st->ctx, &s);
}

/*
** 8da4w's activation: torchao's _apply_int8_act_asym_per_token_quant_dequant,
** choose_qparams_affine ASYMMETRIC int8 [-128, 127] over each row of the
** last axis (block (1, ..., 1, K)), eps its default smallest_normal, when
** the linear runs: a dynamic placeholder of one group per token.
*/
static MlirAttribute tokenAttr(const AnnotateState *st, int64_t axis) {
  Pt2eSpec s;
  initSpec(&s, Pt2eObserverPlaceholder, Pt2eDTypeInt8, -128, 127,
           Pt2eQSchemePerGroupAffine, axis, true);
  s.quant.chAxis = axis;
  s.quant.groupSize = 0;
  s.quant.eps = pt2eObserverKindInfo(Pt2eObserverPerGroupMinMax)->eps;
  return pt2eSpecToAttr(st->ctx, &s);
}

/*
** The weight specs of torchao's configs: 8da4w's int4 symmetric in groups
** along K (choose_qparams_affine SYMMETRIC, [-8, 7], scale amax / 7.5, eps
** smallest_normal); Int8WeightOnlyConfig's int8 per row symmetric over the
** whole range [-128, 127] with eps = finfo(float32).eps (Int8Tensor.from_hp
** passes it), which is PerChannelMinMax's formula on the output channels.
*/
static MlirAttribute torchaoWeightAttr(const AnnotateState *st, int64_t axis) {
  Pt2eSpec s;
  if (st->recipe == RecipeInt4WeightOnly) {
    /* tinygemm's _choose_qparams_affine_tinygemm: asymmetric over the
       group's own range, float zero point, eps its default smallest_normal
       (FORMULAS.md c); q in 0..15 stored as q - 8 in [-8, 7]. PLAIN
       (int4_row_quantize_zp): the same but the range clamped to 1e-6
       before the division, and quantized from the min */
    initSpec(&s, Pt2eObserverPerGroupMinMax, Pt2eDTypeInt4, -8, 7,
             st->int4Plain ? Pt2eQSchemePerGroupFloatZeroPlain
                           : Pt2eQSchemePerGroupFloatZero, axis, false);
    s.quant.chAxis = axis;
    s.quant.groupSize = st->groupSize;
    s.quant.eps = st->int4Plain ? 1e-6f
                                : pt2eObserverKindInfo(Pt2eObserverPerGroupMinMax)->eps;
  } else if (st->recipe == Recipe8da4w) {
    initSpec(&s, Pt2eObserverPerGroupMinMax, Pt2eDTypeInt4, -8, 7,
             Pt2eQSchemePerGroupSymmetric, axis, false);
    s.quant.chAxis = axis;
    s.quant.groupSize = st->groupSize;
    s.quant.eps = pt2eObserverKindInfo(Pt2eObserverPerGroupMinMax)->eps;
  } else {
    initSpec(&s, Pt2eObserverPerChannelMinMax, Pt2eDTypeInt8, -128, 127,
             Pt2eQSchemePerChannelSymmetric, axis, false);
    s.quant.eps = 0x1p-23f;
  }
  return pt2eSpecToAttr(st->ctx, &s);
}

static MlirAttribute weightAttr(const AnnotateState *st, int64_t chAxis) {
  Pt2eSpec s;
  if (torchaoRecipe(st))
    return torchaoWeightAttr(st, chAxis);
  if (st->recipe == RecipeArmTosa) {
    memset(&s, 0, sizeof s);
    s.kind = Pt2eSpecQuant;
    pt2eArmWeightSpec(st->armConfig, st->perChannel, chAxis, &s.quant);
    return pt2eSpecToAttr(st->ctx, &s);
  }
  Pt2eObserverKind obs =
      st->perChannel ? (st->qat ? Pt2eObserverMovingAveragePerChannelMinMax
                                : Pt2eObserverPerChannelMinMax)
                     : (st->qat ? Pt2eObserverMovingAverageMinMax
                                : Pt2eObserverMinMax);
  /* int4: torchao's PT2E int4 weight (get_symmetric_quantization_config(
     weight_qmin=-8, weight_qmax=7), the range its reference representation
     takes for int4), in i4 storage */
  bool i4 = st->weightDType == Pt2eDTypeInt4;
  initSpec(&s, obs, st->weightDType, i4 ? -8 : -127, i4 ? 7 : 127,
           st->perChannel ? Pt2eQSchemePerChannelSymmetric
                          : Pt2eQSchemePerTensorSymmetric,
           chAxis, false);
  return pt2eSpecToAttr(st->ctx, &s);
}

static bool idTaken(const AnnotateState *st, const char *id) {
  for (size_t i = 0; i < st->numIds; i++)
    if (pt2eStringRefIs(st->ids[i], id))
      return true;
  for (size_t i = 0; i < st->numPlans; i++)
    if (!mlirAttributeIsNull(st->plans[i].id) &&
        pt2eStringRefIs(mlirStringAttrGetValue(st->plans[i].id), id))
      return true;
  return false;
}

/* Gives every op a shared spec points at a pt2e.id (kept if it has one). */
static void assignIds(AnnotateState *st) {
  char buf[64];
  for (size_t i = 0; i < st->numPlans; i++) {
    Plan *p = &st->plans[i];
    if (!p->needsId || !mlirAttributeIsNull(p->id))
      continue;
    do
      snprintf(buf, sizeof buf, "%s_%zu", p->role ? p->role : "op",
               st->nextId++);
    while (idTaken(st, buf));
    p->id = mlirStringAttrGet(st->ctx, pt2eStr(buf));
  }
}

static MlirAttribute refAttr(const AnnotateState *st, size_t self, SpecRef r,
                             MlirAttribute act, const MlirAttribute *patAct) {
  Pt2eSpec s;
  switch (r.kind) {
  case SpecNone:
    return mlirUnitAttrGet(st->ctx);
  case SpecAct:
    return r.pattern >= 0 && st->patternSet[r.pattern] ? patAct[r.pattern]
                                                       : act;
  case SpecWeight:
    return weightAttr(st, r.chAxis);
  case SpecToken:
    return tokenAttr(st, r.chAxis);
  default:
    memset(&s, 0, sizeof s);
    s.kind = Pt2eSpecShared;
    s.shared.kind = r.kind == SpecSharedResult ? Pt2eRefResult : Pt2eRefOperand;
    s.shared.index = r.index;
    if (r.plan != self)
      s.shared.op = mlirStringAttrGetValue(st->plans[r.plan].id);
    return pt2eSpecToAttr(st->ctx, &s);
  }
}

/* Allocates first (failing with the IR untouched), then writes. */
static bool writeAnnotations(AnnotateState *st) {
  intptr_t most = 1;
  for (size_t i = 0; i < st->numPlans; i++)
    if (st->plans[i].numInputs > most)
      most = st->plans[i].numInputs;
  MlirAttribute *at = pt2eAlloc((size_t)most * sizeof *at);
  if (!at) {
    pt2eOutOfMemory(opLoc(st->plans[0].op), "'pt2e-annotate'");
    return false;
  }
  ActChoice global = {st->actObserver, st->actParams, st->actPerChannel,
                      st->actChAxis};
  MlirAttribute act = actAttr(st, &global);
  MlirAttribute patAct[NUM_KINDS];
  for (size_t k = 0; k < NUM_KINDS; k++)
    patAct[k] = st->patternSet[k] ? actAttr(st, &st->patternAct[k]) : act;
  for (size_t i = 0; i < st->numPlans; i++)
    if (st->plans[i].moveBefore != NONE)
      mlirOperationMoveBefore(st->plans[i].op,
                              st->plans[st->plans[i].moveBefore].op);
  for (size_t i = 0; i < st->numPlans; i++) {
    Plan *p = &st->plans[i];
    if (p->needsId && !mlirAttributeIsNull(p->id))
      pt2eOpSetId(p->op, p->id);
    if (!p->emit)
      continue;
    for (intptr_t k = 0; k < p->numInputs; k++)
      at[k] = refAttr(st, i, p->inputs[k], act, patAct);
    MlirAttribute output = p->output.kind != SpecNone
                               ? refAttr(st, i, p->output, act, patAct)
                               : mlirAttributeGetNull();
    pt2eAnnotationSet(p->op, p->numInputs, at, output);
  }
  pt2eFree(at);
  return true;
}

/* }====================================================================== */

/*
** {======================================================================
** The coverage record
** =======================================================================
*/

/* Why op 'i', of the quantizable 'kind', is in no unit: an option of this
   pass, or what the IR says (coverage.h). */
static const char *missReason(const AnnotateState *st, size_t i, const char *kind,
                              char *buf, size_t size) {
  if (st->plans[i].excluded || kindExcluded(st, kind))
    return "excluded by an exclude option of pt2e-annotate";
  if (st->plans[i].undividedK) {
    snprintf(buf, size,
             st->recipe == RecipeInt4WeightOnly
                 ? "K = %lld is not a multiple of group-size %lld (torchao "
                   "leaves it in float too: Int4WeightOnlyConfig skips it "
                   "with a log line)"
                 : "K = %lld is not a multiple of group-size %lld (torchao's "
                   "quantize_ fails on it: the group must divide K)",
             (long long)st->plans[i].undividedK, (long long)st->groupSize);
    return buf;
  }
  if (st->dynamic && strcmp(kind, "linear") != 0)
    return "dynamic quantization annotates linears only";
  if (torchaoRecipe(st) && strcmp(kind, "linear") != 0)
    return "torchao's quantize_ configs quantize nn.Linear only";
  if (!strcmp(kind, "cat") && !st->options[OptAnnotateCat].boolValue)
    return "torchao 0.18's XNNPACKQuantizer annotates no cat of a torch.export "
           "(non-strict) graph: get_source_partitions finds no torch.cat there "
           "(annotate-cat=true annotates it)";
  return pt2eCoverageReason(st->plans[i].op, kind, buf, size);
}

/* The bias add of a unit annotated by an earlier run: inside that unit. */
static bool inEarlierUnit(const AnnotateState *st, MlirOperation op) {
  for (intptr_t k = 0; k < pt2eOpNumInputs(op); k++)
    if (insideAnnotatedUnit(st, mlirOperationGetOperand(op, k)))
      return true;
  return false;
}

/*
** Every op of a quantizable kind that no unit claimed gets its
** pt2e.unquantized record and a line on stderr; with strict=true the first
** one fails the pass instead. Never a silent miss.
*/
static MlirLogicalResult recordCoverage(AnnotateState *st) {
  bool strict = st->options[OptStrict].boolValue;
  for (size_t i = 0; i < st->numPlans; i++) {
    const Plan *p = &st->plans[i];
    const char *kind = p->claimed || p->artifact ? NULL : pt2eCoverageKind(p->op);
    char buf[256];
    const char *why;
    if (pt2eCoverageUnfoldedBatchNorm(p->op)) {
      kind = "batch_norm";
      why = !pt2eCoverageAfterCore(p->op)
                ? "BatchNorm not folded: it follows no conv or linear (XNNPACKQuantizer "
                  "annotates no batch_norm)"
                : "BatchNorm not folded into the conv or linear before it: "
                  "pt2e-fold-batchnorm does not read its statistics in this form";
    } else if (!kind || inEarlierUnit(st, p->op)) {
      continue;
    } else {
      why = missReason(st, i, kind, buf, sizeof buf);
    }
    if (strict)
      return pt2eEmitError(opLoc(p->op), "'pt2e-annotate' (strict=true): this %s is "
                                         "not quantized: %s", kind, why);
    pt2eCoverageMark(p->op, kind, why);
    pt2eCoveragePrint("pt2e-annotate", p->op, pt2eCoverageGet(p->op));
  }
  return mlirLogicalResultSuccess();
}

/* }====================================================================== */

typedef MlirLogicalResult (*PatternFn)(AnnotateState *, size_t);

static MlirLogicalResult addPattern(AnnotateState *st, size_t i) {
  return annotateBinary(st, i, Pt2eMatchAdd);
}

static MlirLogicalResult mulPattern(AnnotateState *st, size_t i) {
  return annotateBinary(st, i, Pt2eMatchMul);
}

/*
** TOSAQuantizer annotates aten.maximum / aten.minimum of two activations as
** add: both inputs and the output. Both must be computed (not constant):
** a maximum with a zero tensor is a relu, which PT2E sees as aten.relu.
*/
static MlirLogicalResult maxMinPattern(AnnotateState *st, size_t i) {
  if (st->recipe != RecipeArmTosa)
    return mlirLogicalResultSuccess();
  Pt2eMatchBinary which = pt2eMatchBinaryOp(st->plans[i].op);
  if (which != Pt2eMatchMax && which != Pt2eMatchMin)
    return mlirLogicalResultSuccess();
  for (intptr_t k = 0; k < 2; k++)
    if (pt2eMatchIsConstant(mlirOperationGetOperand(st->plans[i].op, k)))
      return mlirLogicalResultSuccess();
  return annotateBinary(st, i, which);
}

/*
** TOSAQuantizer annotates aten.mm / aten.bmm as add: both inputs and the
** output. Here: a contraction of two computed activations (no weight
** operand, which makes it a linear; none constant).
*/
static MlirLogicalResult matmulPattern(AnnotateState *st, size_t i) {
  MlirOperation op = st->plans[i].op;
  if (st->recipe != RecipeArmTosa || !isLinear(op) || !freeOp(st, i) ||
      !f32Operands(op) || pt2eMatchLinearWeight(op))
    return mlirLogicalResultSuccess();
  for (intptr_t k = 0; k < 2; k++) {
    MlirValue v = mlirOperationGetOperand(op, k);
    if (pt2eMatchIsConstant(v) || insideAnnotatedUnit(st, v) || unquantizable(v))
      return mlirLogicalResultSuccess();
  }
  Unit u;
  unitInit(&u, i, "matmul");
  if (!unitFree(st, &u))
    return mlirLogicalResultSuccess();
  for (intptr_t k = 0; k < 2; k++)
    if (!setInput(st, i, k, actSpec(u.kind)))
      return mlirLogicalResultFailure();
  setOutput(st, i, actSpec(u.kind));
  unitClaim(st, &u);
  return mlirLogicalResultSuccess();
}

/*
** TOSAQuantizer's _one_to_one ops (quantization_annotator.py): sigmoid,
** tanh, exp get the input activation spec and their own output spec
** (XNNPACKQuantizer annotates none of them). One inside a claimed
** decomposition (silu's sigmoid, softmax's exp) stays claimed.
*/
static MlirLogicalResult oneToOnePattern(AnnotateState *st, size_t i) {
  MlirOperation op = st->plans[i].op;
  if (st->recipe != RecipeArmTosa || !freeOp(st, i) ||
      pt2eMatchUnaryOp(op) == Pt2eMatchNotUnary)
    return mlirLogicalResultSuccess();
  MlirValue in = mlirOperationGetOperand(op, 0);
  if (!pt2eMatchIsF32Tensor(in) ||
      !pt2eMatchIsF32Tensor(mlirOperationGetResult(op, 0)) ||
      insideAnnotatedUnit(st, in) || unquantizable(in) || pt2eMatchIsConstant(in))
    return mlirLogicalResultSuccess();
  Unit u;
  unitInit(&u, i, "one_to_one");
  if (!unitFree(st, &u))
    return mlirLogicalResultSuccess();
  if (!setInput(st, i, 0, actSpec(u.kind)))
    return mlirLogicalResultFailure();
  setOutput(st, i, actSpec(u.kind));
  unitClaim(st, &u);
  return mlirLogicalResultSuccess();
}

/* TOSAQuantizer annotates aten.sub.Tensor as add: both inputs and the
   output (quantization_annotator.py); XNNPACKQuantizer leaves it alone. */
static MlirLogicalResult subPattern(AnnotateState *st, size_t i) {
  if (st->recipe != RecipeArmTosa)
    return mlirLogicalResultSuccess();
  return annotateBinary(st, i, Pt2eMatchSub);
}

/*
** {======================================================================
** Normal forms the patterns read
** =======================================================================
*/

/* The ops a normal form rewrites, collected by a walk first (rewriting
   while walking would change what the walk visits). */
typedef struct Collected {
  PT2E_VEC(MlirOperation) ops;
  bool failed;
} Collected;

/* Walks 'module' with 'collect' (which pushes into a Collected), then
   applies 'rewrite' to each op collected; false when out of memory. */
static bool rewriteCollected(MlirOperation module,
                             MlirWalkResult (*collect)(MlirOperation, void *),
                             void (*rewrite)(MlirOperation)) {
  Collected found;
  memset(&found, 0, sizeof found);
  mlirOperationWalk(module, collect, &found, MlirWalkPostOrder);
  for (size_t i = 0; !found.failed && i < found.ops.size; i++)
    rewrite(found.ops.at[i]);
  bool ok = !found.failed;
  pt2eFree(found.ops.at);
  return ok;
}

/* Collects the last insert of every cat written as an insert_slice chain
   (one whose result no insert_slice writes into). */
static MlirWalkResult collectCatEnd(MlirOperation op, void *userData) {
  Collected *ends = userData;
  MlirValue sources[PT2E_CAT_MAX_INPUTS];
  int64_t dim;
  if (!pt2eOpIs(op, "tensor.insert_slice"))
    return MlirWalkResultAdvance;
  MlirOperation user = pt2eOpSoleUser(mlirOperationGetResult(op, 0));
  if (pt2eOpIs(user, "tensor.insert_slice") &&
      mlirValueEqual(mlirOperationGetOperand(user, 1), mlirOperationGetResult(op, 0)))
    return MlirWalkResultAdvance;
  if (pt2eMatchCatChain(op, sources, PT2E_CAT_MAX_INPUTS, &dim) > 0 &&
      !PT2E_PUSH(ends->ops, op))
    ends->failed = true;
  return MlirWalkResultAdvance;
}

/* Replaces the insert_slice chain ending at 'last' by the tensor.concat it
   computes (the same elements: no arithmetic), so that the cat pattern,
   pt2e-convert and pt2e-lower-int8 see one op. */
static void rewriteCatChain(MlirOperation last) {
  MlirValue sources[PT2E_CAT_MAX_INPUTS];
  int64_t dim;
  int n = pt2eMatchCatChain(last, sources, PT2E_CAT_MAX_INPUTS, &dim);
  MlirContext ctx = mlirOperationGetContext(last);
  MlirType t = mlirValueGetType(mlirOperationGetResult(last, 0));
  MlirNamedAttribute d = mlirNamedAttributeGet(
      mlirIdentifierGet(ctx, pt2eStr("dim")),
      mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), dim));
  MlirOperationState st = mlirOperationStateGet(pt2eStr("tensor.concat"),
                                                mlirOperationGetLocation(last));
  mlirOperationStateAddOperands(&st, n, sources);
  mlirOperationStateAddResults(&st, 1, &t);
  mlirOperationStateAddAttributes(&st, 1, &d);
  MlirOperation cat = mlirOperationCreate(&st);
  mlirBlockInsertOwnedOperationAfter(mlirOperationGetBlock(last), last, cat);
  mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(last, 0), mlirOperationGetResult(cat, 0));
  for (MlirOperation op = last; pt2eOpIs(op, "tensor.insert_slice");) {
    MlirOperation dest = pt2eOpProducer(mlirOperationGetOperand(op, 1));
    mlirOperationDestroy(op);
    op = dest;
    if (pt2eOpIs(op, "tensor.empty") &&
        mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(op, 0))))
      mlirOperationDestroy(op);
  }
}

/* A reassociation [[0, 1], [2], ..., [rank - 2]] (the first two dims of a
   'rank'-D tensor merged) as the ArrayAttr tensor reshapes take. */
static MlirAttribute mergeFirstTwo(MlirContext ctx, int rank) {
  MlirType i64 = mlirIntegerTypeGet(ctx, 64);
  MlirAttribute groups[PT2E_MAX_RANK], dims[2];
  dims[0] = mlirIntegerAttrGet(i64, 0);
  dims[1] = mlirIntegerAttrGet(i64, 1);
  groups[0] = mlirArrayAttrGet(ctx, 2, dims);
  for (int g = 1; g < rank - 1; g++) {
    MlirAttribute d = mlirIntegerAttrGet(i64, g + 1);
    groups[g] = mlirArrayAttrGet(ctx, 1, &d);
  }
  return mlirArrayAttrGet(ctx, rank - 1, groups);
}

/* A grouped conv whose 5-D filter [G, F/G, C/G, kh, kw] is a constant itself
   (the ONNX importer folds torch-mlir's expand_shape into it). */
static MlirWalkResult collectGroupedWeight(MlirOperation op, void *userData) {
  Collected *convs = userData;
  int64_t dims[4];
  if (mlirOperationGetNumOperands(op) < 2 || pt2eMatchConvChannelDims(op, dims) != 2 ||
      dims[0] != 0 || dims[1] != 1)
    return MlirWalkResultAdvance;
  MlirValue w = mlirOperationGetOperand(op, 1);
  MlirType t = mlirValueGetType(w);
  if (!pt2eMatchIsConstant(w) || !pt2eOpIs(pt2eOpProducer(w), "arith.constant") ||
      !mlirTypeIsARankedTensor(t) || mlirShapedTypeGetRank(t) != 5 ||
      !mlirShapedTypeHasStaticShape(t))
    return MlirWalkResultAdvance;
  if (!PT2E_PUSH(convs->ops, op))
    convs->failed = true;
  return MlirWalkResultAdvance;
}

/* Writes the grouped conv 'conv's constant 5-D filter as torch-mlir does:
   PyTorch's [F, C/G, kh, kw] (a collapse_shape of the constant) and an
   expand_shape to the groups, so that the conv pattern observes the weight
   per output channel on PyTorch's tensor (groupedConv). */
static void splitGroupedWeight(MlirOperation conv) {
  MlirContext ctx = mlirOperationGetContext(conv);
  MlirLocation loc = mlirOperationGetLocation(conv);
  MlirValue w = mlirOperationGetOperand(conv, 1);
  MlirType t = mlirValueGetType(w);
  int64_t s5[5], s4[4];
  for (int d = 0; d < 5; d++)
    s5[d] = mlirShapedTypeGetDimSize(t, d);
  s4[0] = s5[0] * s5[1];
  for (int d = 1; d < 4; d++)
    s4[d] = s5[d + 1];
  MlirType t4 = mlirRankedTensorTypeGet(4, s4, mlirShapedTypeGetElementType(t),
                                        mlirAttributeGetNull());
  MlirNamedAttribute re = mlirNamedAttributeGet(mlirIdentifierGet(ctx, pt2eStr("reassociation")),
                                                mergeFirstTwo(ctx, 5));
  MlirOperationState cs = mlirOperationStateGet(pt2eStr("tensor.collapse_shape"), loc);
  mlirOperationStateAddOperands(&cs, 1, &w);
  mlirOperationStateAddResults(&cs, 1, &t4);
  mlirOperationStateAddAttributes(&cs, 1, &re);
  MlirOperation collapse = mlirOperationCreate(&cs);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(conv), conv, collapse);
  MlirValue w4 = mlirOperationGetResult(collapse, 0);
  MlirNamedAttribute ea[2] = {
      re, mlirNamedAttributeGet(mlirIdentifierGet(ctx, pt2eStr("static_output_shape")),
                                mlirDenseI64ArrayGet(ctx, 5, s5))};
  MlirOperationState es = mlirOperationStateGet(pt2eStr("tensor.expand_shape"), loc);
  mlirOperationStateAddOperands(&es, 1, &w4);
  mlirOperationStateAddResults(&es, 1, &t);
  mlirOperationStateAddAttributes(&es, 2, ea);
  MlirOperation expand = mlirOperationCreate(&es);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(conv), conv, expand);
  mlirOperationSetOperand(conv, 1, mlirOperationGetResult(expand, 0));
}


/* }====================================================================== */

static MlirLogicalResult annotateModule(AnnotateState *st,
                                        MlirOperation module) {
  if (mlirLogicalResultIsFailure(readOptions(st, module)))
    return mlirLogicalResultFailure();
  /* prepare_pt2e folds conv + BatchNorm before the quantizer annotates */
  if (mlirLogicalResultIsFailure(pt2eFoldBatchNorm(module, st->qat, NULL)))
    return mlirLogicalResultFailure();
  /* cats spelt as insert_slice chains become tensor.concat; a grouped
     conv's constant 5-D filter becomes torch-mlir's collapse + expand */
  if (!rewriteCollected(module, collectCatEnd, rewriteCatChain) ||
      !rewriteCollected(module, collectGroupedWeight, splitGroupedWeight))
    return pt2eOutOfMemory(opLoc(module), "'pt2e-annotate'");
  mlirOperationWalk(module, collectOp, st, MlirWalkPreOrder);
  if (st->failed || !buildTable(st))
    return pt2eOutOfMemory(opLoc(module), "'pt2e-annotate'");
  for (size_t i = 0; i < st->numPlans; i++)
    st->plans[i].excluded = isExcluded(st, &st->plans[i]);
  markArtifacts(st);
  for (size_t i = 0; i < st->numPlans; i++)
    claimDecomposed(st, i);

  /* dynamic quantization annotates linears only: the first entry */
  static const PatternFn staticOps[] = {annotateLinear, claimLayerNorm, annotateConv,
                                        annotatePool,   claimBatchNorm, addPattern,
                                        mulPattern,     subPattern,
                                        maxMinPattern,  matmulPattern,
                                        oneToOnePattern,
                                        annotateCat};
  size_t numPatterns = linearsOnly(st) ? 1 : sizeof staticOps / sizeof staticOps[0];
  for (size_t k = 0; k < numPatterns; k++)
    for (size_t i = 0; i < st->numPlans; i++)
      if (mlirLogicalResultIsFailure(staticOps[k](st, i)) || st->failed)
        return mlirLogicalResultFailure();
  for (size_t i = 0; i < st->numPlans; i++)
    if (mlirLogicalResultIsFailure(propagate(st, i)) || st->failed)
      return mlirLogicalResultFailure();
  if (mlirLogicalResultIsFailure(recordCoverage(st)))
    return mlirLogicalResultFailure();
  assignIds(st);
  return writeAnnotations(st) ? mlirLogicalResultSuccess()
                              : mlirLogicalResultFailure();
}

static MlirLogicalResult annotateRun(MlirOperation module,
                                     const Pt2eOptionValue *options) {
  AnnotateState st;
  memset(&st, 0, sizeof st);
  st.ctx = mlirOperationGetContext(module);
  st.options = options;
  MlirLogicalResult r = annotateModule(&st, module);
  for (size_t i = 0; i < st.numPlans; i++)
    pt2eFree(st.plans[i].inputs);
  pt2eFree(st.plans);
  pt2eFree(st.table);
  pt2eFree(st.ids);
  return r;
}

const Pt2ePassDecl pt2eAnnotatePass = {
    .argument = "pt2e-annotate",
    .name = "Pt2eAnnotate",
    .summary = "Write the 'pt2e.annotation' attributes torchao's "
               "XNNPACKQuantizer would write (for pt2e-prepare)",
    .anchorOp = "builtin.module",
    .options = annotateOptions,
    .numOptions = NumOptions,
    .dependentDialects = NULL,
    .numDependentDialects = 0,
    .run = annotateRun,
};
