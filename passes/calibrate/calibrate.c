/*
** calibrate.c
** pt2e-calibrate: runs the module's entry function over calibration data in
** the interpreter and feeds every pt2e.observer / pt2e.fake_quant, like
** calling a prepared PyTorch model on each batch.
**
**   pt2e-calibrate{data=calib.npz}            arrays arg0, arg1, ...: one per
**                                             function argument, with a
**                                             leading batch dimension
**   pt2e-calibrate{random-batches=8 seed=0}   seeded standard-normal data
**   ... random-int-range=0:256,arg1:1:2       integer arguments: uniform in
**                                             [LO, HI), for all or argK
**
** The IR is the saved state. Each op's statistics are restored from its
** 'stats' attribute before the first batch and written back after the last,
** so calibrating again continues where the last run stopped; observers get
** their computed 'scale' / 'zero_point', and fake-quant ops their current
** ones (torchao's FakeQuantize recomputes them on every batch while its
** observer is enabled). Ops that share one observer instance (attribute
** 'instance') share one state. Nothing is written unless every batch ran
** and every observer's qparams could be computed.
**
** With shard=i/n it runs only the i-th of n contiguous shares of the
** batches, from a module without statistics, and records what pt2e-merge
** needs: the pt2e.calibration record on the module and, in 'stats', a
** moving average's update count and first values, an exact-mode
** Histogram's start range and range changes (calib_shard.c,
** docs/sharding.md).
*/
#include "pt2e_passes.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/Linalg.h"
#include "mlir-c/Dialect/Math.h"
#include "mlir-c/Dialect/Tensor.h"

#include "calib_data.h"
#include "calib_shard.h"
#include "entry.h"
#include "interp.h"
#include "observers.h"
#include "pass_progress.h"
#include "pt2e_calibrated.h"
#include "pt2e_checked.h"
#include "pt2e_cpu.h"
#include "pt2e_dialect.h"
#include "pt2e_parallel.h"
#include "pt2e_shard.h"
#include "pt2e_spec.h"
#include "ir_ops.h"
#include "pt2e_support.h"

enum {
  OptData, OptEntry, OptRandomBatches, OptRandomIntRange, OptSeed, OptTiming,
  OptMaxTensorMb, OptMaxLiveMb, OptMaxBins, OptMaxEntryMb, OptShard,
  OptHistogramStart, OptSkipCalls, OptProgress, NumOptions
};

static const Pt2eOptionDecl calibrateOptions[NumOptions] = {
    [OptData] = {"data", Pt2eOptionString,
                 "calibration data: a .npz with arrays arg0, arg1, ... (one "
                 "per argument, leading batch dimension), or a .npy for a "
                 "one-argument function", NULL, false},
    [OptEntry] = {"entry", Pt2eOptionString,
                  "the function to run (default: the module's only public "
                  "function with a body)", NULL, false},
    [OptRandomBatches] = {"random-batches", Pt2eOptionInt,
                          "instead of data: this many batches of seeded "
                          "standard-normal data shaped like the arguments",
                          "0", false},
    [OptRandomIntRange] = {"random-int-range", Pt2eOptionList,
                           "with random-batches: integer arguments (token ids, "
                           "masks) drawn uniformly in [LO, HI): LO:HI for every "
                           "integer argument, argK:LO:HI for argument K",
                           NULL, false},
    [OptSeed] = {"seed", Pt2eOptionInt, "seed of the synthetic data", "0",
                 false},
    [OptTiming] = {"timing", Pt2eOptionBool,
                   "print the time of the calibration loop, the share spent "
                   "in observers and the peak memory to stderr", "off", false},
    /* Limits that keep a bad model or data file from exhausting the machine
    ** (docs/security.md); each error names the one that stopped it. */
    [OptMaxTensorMb] = {"max-tensor-mb", Pt2eOptionInt,
                        "the largest tensor the interpreter creates, in MiB",
                        PT2E_DEFAULT_MAX_TENSOR_MB, false},
    [OptMaxLiveMb] = {"max-live-mb", Pt2eOptionInt,
                      "the most memory the interpreter holds at once, in MiB",
                      PT2E_DEFAULT_MAX_LIVE_MB, false},
    [OptMaxBins] = {"max-bins", Pt2eOptionInt,
                    "the largest 'bins' a Histogram observer may ask for",
                    PT2E_DEFAULT_MAX_BINS, false},
    [OptMaxEntryMb] = {"max-entry-mb", Pt2eOptionInt,
                       "the largest array read from the data file, in MiB",
                       PT2E_DEFAULT_MAX_ENTRY_MB, false},
    /* Sharded calibration (calib_shard.c, docs/sharding.md). */
    [OptShard] = {"shard", Pt2eOptionString,
                  "i/n: calibrate only the i-th of n contiguous shares of the "
                  "batches, from a module without statistics, and record the "
                  "batch range, data and module fingerprint for pt2e-merge",
                  NULL, false},
    [OptHistogramStart] = {"histogram-start", Pt2eOptionList,
                           "with shard=: the calibrated modules of every "
                           "earlier shard; each Histogram starts from the "
                           "range they saw, so that pt2e-merge is exact",
                           NULL, false},
    [OptSkipCalls] = {"skip-calls", Pt2eOptionList,
                      "external declarations (@rtclock,...) whose calls give "
                      "zeros of their result types instead of an error "
                      "(timing code in benchmark IR)", NULL, false},
    [OptProgress] = PT2E_PROGRESS_OPTION,
};

/* {====================================================================
** Observer states
** ===================================================================== */

/* The state of one observer instance. */
typedef struct QState {
  MlirOperation op; /* the first op of the instance */
  MlirStringRef name;
  Pt2eSpec spec;
  Pt2eObserver *obs; /* NULL for derived and fixed specs */
  bool isFakeQuant;
  float *scales; /* the current fake-quant qparams (FakeQuantize buffers) */
  int64_t *zeroPoints;
  int64_t numScales;
  /* shard mode: what only a merge needs (observer_merge.h) */
  int64_t updates;           /* moving averages: updates made */
  float *firstMin, *firstMax; /* their first update's values */
  bool hasStart;             /* Histogram: started from histogram-start */
  float startMin, startMax, lastMin, lastMax;
  PT2E_VEC(float) ranges;    /* Histogram: (min, max) after each change */
} QState;

/* A pt2e op of the module and the state it feeds, for write-back. */
typedef struct OpState {
  MlirOperation op;
  int state;
  bool seesSeenValues; /* see viewsObservedValues */
} OpState;

typedef struct Calibration {
  QState *states;
  int numStates;
  size_t capStates;
  PT2E_VEC(OpState) ops; /* every pt2e op of the module */
  int64_t maxBins;      /* max-bins: the largest Histogram allowed */
  int64_t maxTensorMb;  /* max-tensor-mb: also bounds channels x bins of
                        ** per-channel histograms */
  int64_t batch;        /* the batch running now, for messages */
  bool sharded;         /* shard=: keep what pt2e-merge needs */
  bool randomData;      /* random-batches=: a NaN is the data's fault */
  double observerSeconds; /* time inside the hooks (timing=on) */
} Calibration;

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int findState(const Calibration *c, MlirStringRef name) {
  for (int i = 0; i < c->numStates; i++)
    if (mlirStringRefEqual(c->states[i].name, name))
      return i;
  return -1;
}

/* The state an op feeds: its own, or that of the op named by 'instance'. */
static int stateOfOp(const Calibration *c, MlirOperation op) {
  return findState(c, pt2eQuantOpResolveInstance(op));
}

static void freeStates(Calibration *c) {
  for (int i = 0; i < c->numStates; i++) {
    pt2eObserverDestroy(c->states[i].obs);
    pt2eFree(c->states[i].scales);
    pt2eFree(c->states[i].zeroPoints);
    pt2eFree(c->states[i].firstMin);
    pt2eFree(c->states[i].firstMax);
    pt2eFree(c->states[i].ranges.at);
  }
  pt2eFree(c->states);
  pt2eFree(c->ops.at);
}

/* Emits "observer 'name': <message>" at the op (the format, a literal, is
** pasted after the colon); returns failure. */
#define opError(op, ...) pt2eQuantOpEmitError((op), NULL, ": " __VA_ARGS__)

static MlirLogicalResult outOfMemory(MlirOperation op) {
  return pt2eOutOfMemory(mlirOperationGetLocation(op), "'pt2e-calibrate'");
}

/*
** Restores the statistics saved in the op's 'stats' attribute, if any,
** after pt2e_calibrated.h has checked them against the spec and the tensor.
*/
/* The ONNX Runtime parts of read statistics, owned while they are set. */
typedef struct OrtParts {
  int64_t *counts, *channelBins;
  float *edges;
} OrtParts;

/* The ONNX Runtime parts of read statistics 'cs' into 's' (a histogram's
   counts and edges, per-channel histograms' bin counts), in arrays of 'p'
   that the caller frees. False when out of memory. */
static bool restoreOrtStats(const Pt2eCalibratedStats *cs, Pt2eObserverStats *s,
                            OrtParts *p) {
  if (cs->ortBins > 0) { /* an ONNX Runtime histogram */
    p->counts = pt2eAlloc((size_t)cs->ortBins * sizeof *p->counts);
    p->edges = pt2eAlloc((size_t)pt2eCalibratedOrtNumEdges(cs) * sizeof *p->edges);
    if (!p->counts || !p->edges)
      return false;
    pt2eCalibratedCopyOrtStats(cs, p->counts, p->edges);
    s->ortBins = cs->ortBins;
    s->ortCounts = p->counts;
    s->ortEdges = p->edges;
  }
  if (cs->ortChannels > 0) { /* per-channel histograms of an ONNX kind */
    p->channelBins = pt2eAlloc((size_t)cs->ortChannels * sizeof *p->channelBins);
    if (!p->channelBins)
      return false;
    pt2eCalibratedCopyChannelBins(cs, p->channelBins);
    s->ortChannelBins = p->channelBins;
  }
  return true;
}

static MlirLogicalResult restoreStats(QState *st) {
  Pt2eCalibratedStats cs;
  Pt2eCalibratedError err;
  if (!pt2eCalibratedReadStats(st->op, &st->spec, &cs, &err))
    return pt2eCalibratedEmitError(st->op, NULL, &err);
  if (!cs.present)
    return mlirLogicalResultSuccess();
  int64_t n = cs.numChannels, nb = cs.numBins, count;
  size_t bytes;
  float *buf = NULL;
  if (pt2eCheckedAdd(n, n, &count) && pt2eCheckedAdd(count, nb + 1, &count) &&
      pt2eCheckedBytes(count, sizeof(float), &bytes))
    buf = pt2eAlloc(bytes);
  if (!buf)
    return outOfMemory(st->op);
  pt2eCalibratedCopyStats(&cs, buf, buf + n, buf + 2 * n);
  Pt2eObserverStats s = {n, buf, buf + n, nb, nb ? buf + 2 * n : NULL,
                         0, NULL, NULL, NULL};
  OrtParts parts = {NULL, NULL, NULL};
  bool restored = restoreOrtStats(&cs, &s, &parts);
  Pt2eNumStatus r = restored ? pt2eObserverSetStats(st->obs, &s) : Pt2eNumOk;
  pt2eFree(buf);
  pt2eFree(parts.counts);
  pt2eFree(parts.edges);
  pt2eFree(parts.channelBins);
  if (!restored)
    return outOfMemory(st->op);
  if (r != Pt2eNumOk)
    return opError(st->op, "'stats' does not fit this observer (%s)",
                   pt2eNumStatusName(r));
  return mlirLogicalResultSuccess();
}

/* Reads the fake-quant op's current scale / zero point into 'st'. */
static MlirLogicalResult readFakeQuantParams(QState *st) {
  Pt2eCalibratedQParams q;
  Pt2eCalibratedError err;
  if (!pt2eCalibratedReadQParams(st->op, &st->spec, &q, &err))
    return pt2eCalibratedEmitError(st->op, NULL, &err);
  int64_t n = q.n;
  size_t scaleBytes, zpBytes;
  if (pt2eCheckedBytes(n, sizeof(float), &scaleBytes) &&
      pt2eCheckedBytes(n, sizeof(int64_t), &zpBytes)) {
    st->scales = pt2eAlloc(scaleBytes);
    st->zeroPoints = pt2eAlloc(zpBytes);
  }
  if (!st->scales || !st->zeroPoints)
    return outOfMemory(st->op);
  pt2eCalibratedCopyQParams(&q, st->scales, st->zeroPoints);
  st->numScales = n;
  return mlirLogicalResultSuccess();
}

/* One histogram per channel: channels x bins floats (the ONNX Runtime
** kinds' start; they grow with the range) must fit what one tensor may
** take. */
static MlirLogicalResult checkChannelHistograms(const Calibration *c, const QState *st) {
  Pt2eCalibratedError err;
  int64_t axis, channels, cells;
  MlirType t = mlirValueGetType(mlirOperationGetOperand(st->op, 0));
  if (!pt2eCalibratedChannelAxis(t, &st->spec, &axis, &channels, &err))
    return pt2eCalibratedEmitError(st->op, NULL, &err);
  if (!pt2eCheckedMul(channels, st->spec.quant.bins, &cells) ||
      cells > c->maxTensorMb * (1024 * 1024 / (int64_t)sizeof(float)))
    return pt2eEmitError(mlirOperationGetLocation(st->op),
                         "observer '%.*s': per-channel histograms of %lld "
                         "channels x %lld bins are more than max-tensor-mb "
                         "(%lld MiB) allows", (int)st->name.length,
                         st->name.data, (long long)channels,
                         (long long)st->spec.quant.bins,
                         (long long)c->maxTensorMb);
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult addState(Calibration *c, MlirOperation op) {
  if (!pt2eVecGrow((void **)&c->states, &c->capStates, (size_t)c->numStates,
                   sizeof *c->states))
    return outOfMemory(op);
  QState *st = &c->states[c->numStates++];
  memset(st, 0, sizeof *st);
  st->op = op;
  st->name = pt2eQuantOpGetName(op);
  st->isFakeQuant = pt2eIsFakeQuant(op);
  if (mlirLogicalResultIsFailure(pt2eSpecParse(
          pt2eQuantOpGetSpec(op), mlirOperationGetLocation(op), PT2E_ATTR_SPEC, &st->spec)))
    return mlirLogicalResultFailure();
  if (st->isFakeQuant && mlirLogicalResultIsFailure(readFakeQuantParams(st)))
    return mlirLogicalResultFailure();
  if (st->spec.kind != Pt2eSpecQuant)
    return mlirLogicalResultSuccess(); /* derived / fixed: no statistics */
  if (pt2eObserverKindInfo(st->spec.quant.observer)->hasBins &&
      st->spec.quant.bins > c->maxBins)
    return pt2eEmitError(mlirOperationGetLocation(op),
                         "observer '%.*s': a Histogram of %lld bins is more "
                         "than the largest allowed, %lld (raise it with "
                         "max-bins)", (int)st->name.length, st->name.data,
                         (long long)st->spec.quant.bins, (long long)c->maxBins);
  if (pt2eObserverIsChannelHistogram(&st->spec.quant) &&
      mlirLogicalResultIsFailure(checkChannelHistograms(c, st)))
    return mlirLogicalResultFailure();
  st->obs = pt2eObserverCreate(&st->spec.quant, 0);
  if (!st->obs)
    return opError(op, "%s",
                   "cannot create this observer (out of memory, or a spec "
                   "torch refuses, such as a per-channel qscheme on a "
                   "per-tensor observer)");
  return restoreStats(st);
}

typedef struct Collect {
  Calibration *c;
  bool failed;
} Collect;

static MlirWalkResult collectQuantOps(MlirOperation op, void *userData) {
  Collect *w = userData;
  Calibration *c = w->c;
  if (!pt2eIsQuantOp(op))
    return MlirWalkResultAdvance;
  if (mlirLogicalResultIsFailure(pt2eVerifyQuantOp(op)))
    goto fail;
  if (pt2eQuantOpGetInstance(op).length == 0) {
    if (findState(c, pt2eQuantOpGetName(op)) >= 0) {
      opError(op, "%s", "another pt2e op has the same name");
      goto fail;
    }
    if (mlirLogicalResultIsFailure(addState(c, op)))
      goto fail;
  }
  OpState entry = {op, -1, false};
  if (!PT2E_PUSH(c->ops, entry)) {
    outOfMemory(op);
    goto fail;
  }
  return MlirWalkResultAdvance;
fail:
  w->failed = true;
  return MlirWalkResultInterrupt;
}

/* Ops that keep every element of their operand 0 or a part of it, in
** another shape or order. */
static bool isViewOp(MlirOperation op) {
  static const char *const names[] = {"tensor.expand_shape", "tensor.collapse_shape",
                                      "linalg.transpose", "tensor.extract_slice"};
  for (size_t i = 0; i < sizeof names / sizeof *names; i++)
    if (pt2eOpIs(op, names[i]))
      return true;
  return false;
}

/*
** True when the observer op 'o' of a shared instance observes a view
** (reshape, transpose, slice) of a value that an earlier op of the same
** instance has observed in the same run: its operand is reached from that
** op's result through view ops and other observers (which return their
** input). prepare_pt2e calls a shared observer once per node of torch's
** graph; torch-mlir writes one aten view as several such ops (unflatten,
** unsqueeze, transpose, select: expand_shape, linalg.transpose,
** extract_slice), and each got an observer op of the instance, which
** would count the same elements again (the transformer layer: 5.8M
** elements per batch on top of its instances' own 5.0M). Not updating
** for them gives each element one count. Only for the kinds where that
** is what torch computes: MinMax (min and max of values already seen are
** no-ops) and Histogram (torch's graph observes these values once; where
** it observes a view twice, doubling every count scales every step of the
** search by 2 exactly and picks the same bins). Moving averages and
** fake-quant ops move on every call and keep them.
*/
static bool viewsObservedValues(const Calibration *c, const OpState *o) {
  const QState *st = &c->states[o->state];
  if (mlirOperationEqual(st->op, o->op) || st->isFakeQuant || !st->obs ||
      !pt2eIsObserver(o->op) ||
      (st->spec.quant.observer != Pt2eObserverMinMax &&
       st->spec.quant.observer != Pt2eObserverPerChannelMinMax &&
       st->spec.quant.observer != Pt2eObserverHistogram &&
       pt2eObserverKindInfo(st->spec.quant.observer)->ort == Pt2eOrtNone))
    return false;
  MlirValue v = mlirOperationGetOperand(o->op, 0);
  for (int steps = 0; steps < 64 && mlirValueIsAOpResult(v); steps++) {
    MlirOperation def = mlirOpResultGetOwner(v);
    if (pt2eIsObserver(def)) {
      if (stateOfOp(c, def) == o->state)
        return true;
    } else if (!isViewOp(def)) {
      return false;
    }
    v = mlirOperationGetOperand(def, 0);
  }
  return false;
}

/* Links ops that name an 'instance' to its state (after all are known). */
static MlirLogicalResult linkInstances(Calibration *c) {
  for (size_t i = 0; i < c->ops.size; i++) {
    OpState *o = &c->ops.at[i];
    o->state = stateOfOp(c, o->op);
    if (o->state < 0) {
      MlirStringRef inst = pt2eQuantOpGetInstance(o->op);
      return opError(o->op, "'%s' names '%.*s', which is no pt2e op",
                     PT2E_ATTR_INSTANCE, (int)inst.length, inst.data);
    }
  }
  for (size_t i = 0; i < c->ops.size; i++)
    c->ops.at[i].seesSeenValues = viewsObservedValues(c, &c->ops.at[i]);
  return mlirLogicalResultSuccess();
}

static const OpState *opStateOf(const Calibration *c, MlirOperation op) {
  for (size_t i = 0; i < c->ops.size; i++)
    if (mlirOperationEqual(c->ops.at[i].op, op))
      return &c->ops.at[i];
  return NULL;
}

/* }==================================================================== */

/* {====================================================================
** Interpreter hooks
** ===================================================================== */

/*
** Shard mode, after an update that saw values: a moving average counts it
** and keeps its first values (the affine merge needs both); an exact-mode
** Histogram records each change of its range (the merge moves the earlier
** shards' bins along them).
*/
static bool trackUpdate(QState *st) {
  const Pt2eObserverKindInfo *kind = pt2eObserverKindInfo(st->spec.quant.observer);
  Pt2eObserverStats s;
  pt2eObserverGetStats(st->obs, &s);
  if (kind->movingAverage) {
    if (st->updates++ == 0) {
      size_t bytes = (size_t)(s.numChannels > 0 ? s.numChannels : 1) * sizeof(float);
      st->firstMin = pt2eAllocUninit(bytes);
      st->firstMax = pt2eAllocUninit(bytes);
      if (!st->firstMin || !st->firstMax)
        return false;
      memcpy(st->firstMin, s.minVals, (size_t)s.numChannels * sizeof(float));
      memcpy(st->firstMax, s.maxVals, (size_t)s.numChannels * sizeof(float));
    }
  } else if (kind->hasBins && st->hasStart &&
             (memcmp(&s.minVals[0], &st->lastMin, sizeof(float)) != 0 ||
              memcmp(&s.maxVals[0], &st->lastMax, sizeof(float)) != 0)) {
    st->lastMin = s.minVals[0];
    st->lastMax = s.maxVals[0];
    if (!PT2E_PUSH(st->ranges, st->lastMin) || !PT2E_PUSH(st->ranges, st->lastMax))
      return false;
  }
  return true;
}

/* True when every element of the f32 tensor 'x' is finite. */
static bool allFinite(const Pt2eTensor *x) {
  const float *v = x->data;
  for (int64_t i = 0; i < x->numel; i++)
    if (!isfinite(v[i]))
      return false;
  return true;
}

/* The func.func that holds 'op', or a null op. */
static MlirOperation enclosingFunc(MlirOperation op) {
  while (!mlirOperationIsNull(op) && !pt2eOpIs(op, "func.func"))
    op = mlirOperationGetParentOperation(op);
  return op;
}

/*
** "#0 (tensor<2x4xf32>), #2 (tensor<4xf32>)": the arguments of the function
** holding 'op' that its input is computed from, into 'buf'.
*/
static void feedingArguments(MlirOperation op, char *buf, size_t size) {
  MlirOperation f = enclosingFunc(op);
  MlirBlock b = mlirOperationIsNull(f) ? (MlirBlock){NULL}
                                       : mlirRegionGetFirstBlock(mlirOperationGetRegion(f, 0));
  intptr_t n = mlirBlockIsNull(b) ? 0 : mlirBlockGetNumArguments(b);
  bool *feeds = pt2eAlloc((size_t)(n + 1) * sizeof *feeds);
  size_t len = 0;
  buf[0] = '\0';
  if (feeds && pt2eOpArgumentsFeeding(mlirOperationGetOperand(op, 0), b, feeds, n)) {
    for (intptr_t k = 0; k < n && len < size; k++) {
      if (!feeds[k])
        continue;
      char type[128];
      if (!pt2eAttrToText(mlirTypeAttrGet(mlirValueGetType(mlirBlockGetArgument(b, k))),
                          type, sizeof type))
        snprintf(type, sizeof type, "...");
      int w = snprintf(buf + len, size - len, "%s#%lld (%s)", len ? ", " : "",
                       (long long)k, type);
      len = w < 0 ? size : len + (size_t)w;
    }
  }
  pt2eFree(feeds);
  if (!buf[0])
    snprintf(buf, size, "(none found)");
}

/*
** An observer saw NaN or an infinity while random-batches= feeds the
** function: the random standard-normal values are not valid for every
** argument (a BatchNorm variance passed as an argument is negative half
** the time, and its square root is NaN). Says so, naming the arguments the
** observed value is computed from, and what to give instead.
*/
static MlirLogicalResult randomDataNotFinite(const Calibration *c, MlirOperation op,
                                             const Pt2eTensor *x) {
  bool nan = false;
  const float *v = x->data;
  for (int64_t i = 0; i < x->numel && !nan; i++)
    nan = isnan(v[i]);
  char args[1024];
  feedingArguments(op, args, sizeof args);
  return opError(op, "saw %s in batch %lld of random calibration data "
                 "(random-batches=): it is computed from arguments %s, and "
                 "standard-normal values are not valid for every argument (a "
                 "BatchNorm variance passed as an argument is negative half "
                 "the time: its square root is NaN); give real inputs with "
                 "data=<file.npz>", nan ? "NaN" : "an infinity",
                 (long long)c->batch, args);
}

static MlirLogicalResult observeInto(Calibration *c, MlirOperation op,
                                     const Pt2eTensor *x, QState **out) {
  int s = stateOfOp(c, op);
  if (s < 0)
    return opError(op, "%s", "is not part of the module being calibrated");
  QState *st = &c->states[s];
  *out = st;
  if (!st->obs)
    return mlirLogicalResultSuccess();
  if (x->type != Pt2eElemF32)
    return opError(op, "%s", "observes float32 tensors only");
  const OpState *o = opStateOf(c, op);
  if (o && o->seesSeenValues)
    return mlirLogicalResultSuccess();
  if (c->randomData && !allFinite(x))
    return randomDataNotFinite(c, op, x);
  Pt2eNumStatus r = pt2eObserverUpdate(st->obs, x->data, x->shape, x->rank);
  if (r < 0) {
    char what[600];
    snprintf(what, sizeof what, "%s (batch %lld)",
             pt2eObserverErrorMessage(st->obs), (long long)c->batch);
    return opError(op, "%s", what);
  }
  if (c->sharded && x->numel > 0 && !trackUpdate(st))
    return outOfMemory(op);
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult hookObserve(void *userData, MlirOperation op,
                                     const Pt2eTensor *x) {
  Calibration *c = userData;
  QState *st;
  double t0 = now();
  MlirLogicalResult r = observeInto(c, op, x, &st);
  c->observerSeconds += now() - t0;
  return r;
}

/* FakeQuantize.forward: observe and refresh qparams, then fake-quantize. */
/* A fake-quant op's qparams from its observer, after an observed batch
   (torch resizes its scale and zero-point buffers to the channels). */
static MlirLogicalResult updateFakeQParams(MlirOperation op, QState *st) {
  int64_t n = pt2eObserverNumChannels(st->obs);
  if (n < 1)
    n = 1;
  if (n != st->numScales) {
    float *sc = pt2eRealloc(st->scales, (size_t)n * sizeof *sc);
    if (sc)
      st->scales = sc;
    int64_t *zp = pt2eRealloc(st->zeroPoints, (size_t)n * sizeof *zp);
    if (zp)
      st->zeroPoints = zp;
    if (!sc || !zp)
      return opError(op, "%s", "out of memory");
    st->numScales = n;
  }
  Pt2eNumStatus r = pt2eObserverComputeQParams(st->obs, st->scales, st->zeroPoints, n);
  if (r < 0)
    return opError(op, "cannot compute qparams (%s)", pt2eNumStatusName(r));
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult fakeQuantize(MlirOperation op, const QState *st, Pt2eTensor *x,
                                      Pt2eTensor **y);

static MlirLogicalResult fakeQuantOf(Calibration *c, MlirOperation op,
                                     Pt2eTensor *x, Pt2eTensor **y) {
  QState *st = NULL;
  int s = stateOfOp(c, op);
  if (s < 0)
    return opError(op, "%s", "is not part of the module being calibrated");
  st = &c->states[s];
  bool observe = pt2eFakeQuantGetSwitch(op, Pt2eSwitchObserver);
  bool quantize = pt2eFakeQuantGetSwitch(op, Pt2eSwitchFakeQuant);
  if (st->spec.kind == Pt2eSpecFixed) {
    st->scales[0] = st->spec.fixedScale;
    st->zeroPoints[0] = st->spec.fixedZeroPoint;
  } else if (observe && st->obs) {
    if (mlirLogicalResultIsFailure(observeInto(c, op, x, &st)) ||
        mlirLogicalResultIsFailure(updateFakeQParams(op, st)))
      return mlirLogicalResultFailure();
  }
  if (!quantize || st->spec.kind == Pt2eSpecDerived) {
    *y = pt2eTensorRetain(x);
    return mlirLogicalResultSuccess();
  }
  return fakeQuantize(op, st, x, y);
}

/* FakeQuantize's forward of 'x' with the op's current qparams into '*y'. */
static MlirLogicalResult fakeQuantize(MlirOperation op, const QState *st, Pt2eTensor *x,
                                      Pt2eTensor **y) {
  if (x->type != Pt2eElemF32)
    return opError(op, "%s", "fake-quantizes float32 tensors only");
  Pt2eTensor *t = pt2eTensorCreate(x->type, x->rank, x->shape);
  if (!t)
    return opError(op, "%s", "out of memory");
  const Pt2eQuantSpec *q = &st->spec.quant;
  if (pt2eFakeQuantApply(q, x->data, x->shape, x->rank, st->scales,
                         st->zeroPoints, st->numScales, t->data) != Pt2eNumOk) {
    pt2eTensorRelease(t);
    return opError(op, "%s",
                   "has per-channel qparams that do not match the tensor's "
                   "channel axis");
  }
  *y = t;
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult hookFakeQuant(void *userData, MlirOperation op,
                                       Pt2eTensor *x, Pt2eTensor **y) {
  Calibration *c = userData;
  double t0 = now();
  MlirLogicalResult r = fakeQuantOf(c, op, x, y);
  c->observerSeconds += now() - t0;
  return r;
}

/* }==================================================================== */

/* {====================================================================
** Write-back
** ===================================================================== */

typedef struct Result {
  float *scales;
  int64_t *zeroPoints;
  int64_t n;
  bool has; /* qparams exist (something was observed, or fixed / fake quant) */
  bool owned; /* scales and zeroPoints were allocated here (an observer's),
              ** not borrowed from the state or its spec */
} Result;

/* The observer's statistics as the op's 'stats', to continue from. */
static void writeStats(MlirOperation op, const QState *st) {
  Pt2eObserverStats s;
  pt2eObserverGetStats(st->obs, &s);
  if (pt2eObserverKindInfo(st->spec.quant.observer)->ort != Pt2eOrtNone &&
      pt2eObserverIsChannelHistogram(&st->spec.quant)) {
    /* before the first batch: no channels, an empty channel_bins */
    static const int64_t none[1] = {0};
    pt2eCalibratedWriteChannelOrtStats(
        op, (intptr_t)s.numChannels, s.minVals, s.maxVals,
        (intptr_t)s.ortBins, s.ortCounts, s.ortEdges,
        s.ortChannelBins ? s.ortChannelBins : none);
    return;
  }
  if (pt2eObserverKindInfo(st->spec.quant.observer)->ort != Pt2eOrtNone) {
    pt2eCalibratedWriteOrtStats(op, s.minVals, s.maxVals, (intptr_t)s.ortBins,
                                s.ortCounts, s.ortEdges);
    return;
  }
  pt2eCalibratedWriteStats(op, (intptr_t)s.numChannels, s.minVals, s.maxVals,
                           (intptr_t)s.numBins, s.histogram);
}

/* Computes every state's final qparams; fails before anything is written. */
static MlirLogicalResult computeResults(Calibration *c, Result *res) {
  for (int i = 0; i < c->numStates; i++) {
    QState *st = &c->states[i];
    Result *r = &res[i];
    if (st->isFakeQuant) { /* the buffers as the last batch left them */
      r->n = st->numScales;
      r->scales = st->scales;
      r->zeroPoints = st->zeroPoints;
      r->has = true;
      continue;
    }
    if (st->spec.kind == Pt2eSpecFixed) {
      r->n = 1;
      r->scales = &st->spec.fixedScale;
      r->zeroPoints = &st->spec.fixedZeroPoint;
      r->has = true;
      continue;
    }
    if (!st->obs)
      continue; /* derived: convert computes it from its sources */
    int64_t n = pt2eObserverNumChannels(st->obs);
    r->n = n < 1 ? 1 : n;
    r->scales = pt2eAlloc((size_t)r->n * sizeof(float));
    r->zeroPoints = pt2eAlloc((size_t)r->n * sizeof(int64_t));
    r->owned = true;
    if (!r->scales || !r->zeroPoints)
      return outOfMemory(st->op);
    Pt2eNumStatus s = pt2eObserverComputeQParams(st->obs, r->scales,
                                                 r->zeroPoints, r->n);
    if (s == Pt2eNumDefaulted || s == Pt2eNumUnsupported)
      continue; /* nothing observed (or a placeholder): no qparams yet */
    if (s < 0)
      return opError(st->op, "cannot compute qparams (%s)", pt2eNumStatusName(s));
    r->has = true;
  }
  return mlirLogicalResultSuccess();
}

/* Shard mode: the stats with what pt2e-merge needs (pt2e_shard.h). */
static void writeShardStats(MlirOperation op, const QState *st) {
  Pt2eObserverStats s;
  pt2eObserverGetStats(st->obs, &s);
  Pt2eShardStats ss = {
      .numChannels = s.numChannels, .minVals = (float *)s.minVals,
      .maxVals = (float *)s.maxVals, .numBins = s.numBins,
      .histogram = (float *)s.histogram, .updates = st->updates,
      .firstMin = st->firstMin, .firstMax = st->firstMax,
      .hasStart = st->hasStart, .startMin = st->startMin,
      .startMax = st->startMax, .numRanges = (int64_t)st->ranges.size / 2,
      .ranges = st->ranges.at};
  pt2eShardWriteStats(op, &st->spec, &ss);
}

static void writeBack(Calibration *c, const Result *res) {
  for (size_t i = 0; i < c->ops.size; i++) {
    MlirOperation op = c->ops.at[i].op;
    const QState *st = &c->states[c->ops.at[i].state];
    const Result *r = &res[c->ops.at[i].state];
    if (st->obs && c->sharded)
      writeShardStats(op, st);
    else if (st->obs)
      writeStats(op, st);
    if (r->has)
      pt2eCalibratedWriteQParams(op, (intptr_t)r->n, r->scales, r->zeroPoints);
  }
}

/* }==================================================================== */

/* The entry function's name: the option, or the module's only public
** function with a body (pt2eEntryFind, the rule every tool follows). */
static MlirLogicalResult chooseEntry(MlirOperation module, const Pt2eOptionValue *opt,
                                     MlirStringRef *out) {
  char name[256] = "", err[768];
  if (opt->isSet && opt->stringValue.length)
    snprintf(name, sizeof name, "%.*s", (int)opt->stringValue.length,
             opt->stringValue.data);
  MlirOperation f = pt2eEntryFind(module, name, "entry=<name>", err, sizeof err);
  if (mlirOperationIsNull(f))
    return pt2eEmitError(mlirOperationGetLocation(module), "'pt2e-calibrate': %s", err);
  *out = pt2eSymbolName(f);
  return mlirLogicalResultSuccess();
}

/* {====================================================================
** The run: options, observer states, the batch loop, the write-back
** ===================================================================== */

/* One run of the pass: what it opened, for the steps and the cleanup. */
typedef struct Run {
  MlirLocation loc;
  MlirOperation module;
  const Pt2eOptionValue *options;
  Calibration c;
  bool haveData;         /* data=, else random-batches= */
  MlirStringRef entry;
  Pt2eInterpHooks hooks;
  Pt2eInterp *interp;
  Pt2eCalibData *data;
  double loopSeconds;    /* the batch loop, for timing=on */
  size_t peakBase;       /* bytes held when the loop started */
  int64_t begin, end;    /* the batches to run: all, or the shard's */
  Pt2eShardRecord record; /* shard mode: written on the module */
  Pt2eProgressMode progress;
  char fingerprint[17];
  char source[4096], optionText[512];
} Run;

/* The dialect, one data source, the entry function. */
static MlirLogicalResult checkOptions(Run *run, MlirOperation module) {
  const Pt2eOptionValue *options = run->options;
  MlirContext ctx = mlirOperationGetContext(module);
  if (mlirLogicalResultIsFailure(pt2eDialectRequire(ctx, run->loc, "pt2e-calibrate")))
    return mlirLogicalResultFailure();
  run->haveData = options[OptData].isSet && options[OptData].stringValue.length;
  run->c.randomData = !run->haveData;
  int64_t randomBatches = options[OptRandomBatches].intValue;
  if (run->haveData == (randomBatches > 0) || randomBatches < 0)
    return pt2eEmitError(run->loc, "'pt2e-calibrate' needs either data=<file.npz> "
                                   "or random-batches=<N> (N > 0), not both");
  if (run->haveData && options[OptRandomIntRange].listSize)
    return pt2eEmitError(run->loc, "'pt2e-calibrate': random-int-range= goes with "
                                   "random-batches=; data= gives every argument "
                                   "its values");
  if (mlirLogicalResultIsFailure(pt2ePassProgressMode(
          &options[OptProgress], run->loc, "pt2e-calibrate", &run->progress)))
    return mlirLogicalResultFailure();
  return chooseEntry(module, &options[OptEntry], &run->entry);
}

/* Every pt2e op of the module and one state per observer instance. */
static MlirLogicalResult collectStates(Run *run, MlirOperation module) {
  Calibration *c = &run->c;
  c->maxBins = run->options[OptMaxBins].intValue;
  c->maxTensorMb = run->options[OptMaxTensorMb].intValue;
  Collect w = {c, false};
  mlirOperationWalk(module, collectQuantOps, &w, MlirWalkPreOrder);
  if (w.failed || mlirLogicalResultIsFailure(linkInstances(c)))
    return mlirLogicalResultFailure();
  if (c->ops.size == 0)
    return pt2eEmitError(run->loc, "'pt2e-calibrate': nothing to calibrate, the "
                                   "module has no pt2e.observer or "
                                   "pt2e.fake_quant (run pt2e-prepare first)");
  return mlirLogicalResultSuccess();
}

/*
** random-batches= feeds standard-normal f32 values, and integers in their
** range to integer arguments when random-int-range= is given (checked
** with the data, calib_data.c). Any other argument (an attention mask of
** i64 or token ids without random-int-range=) is an error at the argument,
** naming it.
*/
static MlirLogicalResult checkRandomArgs(const Run *run, MlirOperation module) {
  MlirOperation f = pt2eOpFindFunc(module, run->entry);
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(f, 0));
  bool ranges = run->options[OptRandomIntRange].listSize > 0;
  for (intptr_t k = 0; k < mlirBlockGetNumArguments(b); k++) {
    MlirValue a = mlirBlockGetArgument(b, k);
    MlirType t = mlirValueGetType(a);
    if (mlirTypeIsARankedTensor(t) && (mlirTypeIsAF32(mlirShapedTypeGetElementType(t)) ||
                                       (ranges && mlirTypeIsAInteger(mlirShapedTypeGetElementType(t)))))
      continue;
    char type[128];
    if (!pt2eAttrToText(mlirTypeAttrGet(t), type, sizeof type))
      snprintf(type, sizeof type, "...");
    return pt2eEmitError(mlirValueGetLocation(a),
                         "'pt2e-calibrate': argument #%lld of @%.*s is %s: "
                         "random-batches= makes standard-normal float32 data, "
                         "and integers with random-int-range=LO:HI (token ids: "
                         "0:VOCAB); or give real inputs for every argument with "
                         "data=<file.npz>", (long long)k, (int)run->entry.length,
                         run->entry.data, type);
  }
  return mlirLogicalResultSuccess();
}

/* The interpreter (with its limits and the observer hooks) and the data. */
static MlirLogicalResult openRun(Run *run, MlirOperation module) {
  const Pt2eOptionValue *options = run->options;
  Pt2eInterpLimits limits;
  if (!pt2eInterpLimitsFromMiB(options[OptMaxTensorMb].intValue,
                               options[OptMaxLiveMb].intValue, &limits))
    return pt2eEmitError(run->loc, "'pt2e-calibrate': max-tensor-mb and "
                                   "max-live-mb must be positive (got %lld and "
                                   "%lld)",
                         (long long)options[OptMaxTensorMb].intValue,
                         (long long)options[OptMaxLiveMb].intValue);
  if (!run->haveData &&
      mlirLogicalResultIsFailure(checkRandomArgs(run, module)))
    return mlirLogicalResultFailure();
  run->hooks = (Pt2eInterpHooks){hookObserve, hookFakeQuant, &run->c,
                                 options[OptSkipCalls].listValues,
                                 options[OptSkipCalls].listSize};
  run->interp = pt2eInterpCreateInModule(module, run->entry, &run->hooks, &limits);
  if (!run->interp)
    return mlirLogicalResultFailure();
  if (run->haveData) {
    char path[4096];
    MlirStringRef p = options[OptData].stringValue;
    snprintf(path, sizeof path, "%.*s", (int)p.length, p.data);
    run->data = pt2eCalibDataOpen(run->interp, path,
                                  options[OptMaxEntryMb].intValue, run->loc);
  } else {
    run->data = pt2eCalibDataRandom(run->interp, options[OptRandomBatches].intValue,
                                    (uint64_t)options[OptSeed].intValue,
                                    options[OptRandomIntRange].listValues,
                                    options[OptRandomIntRange].listSize, run->loc);
  }
  return run->data ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

/* The options as the record keeps them: what shapes the statistics besides
** the module and the data (the limits only stop a run). */
static void describeOptions(Run *run) {
  const Pt2eOptionValue *o = run->options;
  MlirStringRef data = o[OptData].stringValue;
  if (run->haveData)
    snprintf(run->source, sizeof run->source, "%.*s", (int)data.length, data.data);
  else
    snprintf(run->source, sizeof run->source, "random");
  if (run->haveData)
    snprintf(run->optionText, sizeof run->optionText, "entry=%.*s",
             (int)run->entry.length, run->entry.data);
  else {
    int n = snprintf(run->optionText, sizeof run->optionText,
                     "entry=%.*s random-batches=%lld seed=%lld", (int)run->entry.length,
                     run->entry.data, (long long)o[OptRandomBatches].intValue,
                     (long long)o[OptSeed].intValue);
    /* the ranges shape the data, so the record keeps them (docs/sharding.md) */
    for (size_t k = 0; k < o[OptRandomIntRange].listSize && n > 0 &&
                       (size_t)n < sizeof run->optionText; k++) {
      MlirStringRef r = o[OptRandomIntRange].listValues[k];
      n += snprintf(run->optionText + n, sizeof run->optionText - (size_t)n, "%s%.*s",
                    k ? "," : " random-int-range=", (int)r.length, r.data);
    }
  }
}

/* Shard mode: every Histogram starts from the range the earlier shards'
** calibrated modules (histogram-start) left it, on empty bins. */
static MlirLogicalResult startHistograms(Run *run) {
  const Pt2eOptionValue *o = &run->options[OptHistogramStart];
  if (o->listSize == 0)
    return mlirLogicalResultSuccess();
  Pt2eShardPrefix *p = pt2eShardPrefixOpen(
      run->module, o->listValues, o->listSize, run->fingerprint,
      mlirStringRefCreateFromCString(run->source),
      mlirStringRefCreateFromCString(run->optionText), run->begin, run->loc);
  if (!p)
    return mlirLogicalResultFailure();
  MlirLogicalResult r = mlirLogicalResultSuccess();
  for (int i = 0; mlirLogicalResultIsSuccess(r) && i < run->c.numStates; i++) {
    QState *st = &run->c.states[i];
    if (!st->obs || st->spec.quant.observer != Pt2eObserverHistogram)
      continue;
    bool seen;
    float lo, hi;
    r = pt2eShardPrefixRange(p, st->name, &st->spec, run->loc, &seen, &lo, &hi);
    if (mlirLogicalResultIsFailure(r) || !seen)
      continue; /* nothing seen before: the shard starts as the first does */
    Pt2eObserverStats s;
    pt2eObserverGetStats(st->obs, &s);
    float *zeros = pt2eAlloc((size_t)s.numBins * sizeof(float));
    if (!zeros) {
      r = outOfMemory(st->op);
      break;
    }
    Pt2eObserverStats start = {1, &lo, &hi, s.numBins, zeros, 0, NULL, NULL, NULL};
    if (pt2eObserverSetStats(st->obs, &start) != Pt2eNumOk)
      r = outOfMemory(st->op);
    pt2eFree(zeros);
    st->hasStart = true;
    st->startMin = st->lastMin = lo;
    st->startMax = st->lastMax = hi;
  }
  pt2eShardPrefixClose(p);
  return r;
}

/* All batches, or with shard= the shard's, from a module without stats. */
static MlirLogicalResult chooseBatches(Run *run) {
  const Pt2eOptionValue *o = run->options;
  run->begin = 0;
  run->end = pt2eCalibDataNumBatches(run->data);
  bool sharded = o[OptShard].isSet && o[OptShard].stringValue.length;
  if (!sharded) {
    if (o[OptHistogramStart].listSize > 0)
      return pt2eEmitError(run->loc, "'pt2e-calibrate': histogram-start needs "
                                     "shard=i/n");
    return mlirLogicalResultSuccess();
  }
  int64_t total = run->end;
  if (mlirLogicalResultIsFailure(pt2eCalibShardRange(
          o[OptShard].stringValue, total, run->loc, &run->begin, &run->end)))
    return mlirLogicalResultFailure();
  for (size_t i = 0; i < run->c.ops.size; i++) {
    MlirOperation op = run->c.ops.at[i].op;
    /* what a fake-quantized value is depends on the qparams the earlier
    ** batches left, so the later shards would see other values */
    if (pt2eIsFakeQuant(op) && pt2eFakeQuantGetSwitch(op, Pt2eSwitchFakeQuant))
      return opError(op, "%s", "fake-quantizes: shard= needs every "
                               "pt2e.fake_quant's fake-quant switch off "
                               "(pt2e-toggle{fake-quant=off}), since a "
                               "fake-quantized value depends on the qparams "
                               "the earlier batches left");
    if (!mlirAttributeIsNull(mlirOperationGetAttributeByName(
            op, mlirStringRefCreateFromCString(PT2E_ATTR_STATS))))
      return opError(op, "%s", "has 'stats': shard= calibrates a module without "
                               "statistics (the prepared one), so that the "
                               "shards can be merged");
  }
  if (!pt2eShardFingerprint(run->module, run->fingerprint))
    return pt2eOutOfMemory(run->loc, "'pt2e-calibrate'");
  describeOptions(run);
  run->c.sharded = true;
  run->record = (Pt2eShardRecord){
      .present = true, .begin = run->begin, .end = run->end, .total = total,
      .source = mlirStringRefCreateFromCString(run->source),
      .options = mlirStringRefCreateFromCString(run->optionText),
      .fingerprint = mlirStringRefCreateFromCString(run->fingerprint),
      .exact = true};
  return startHistograms(run);
}

/*
** What the progress line's rate counts in a batch whose first argument is
** 'x' (NULL: the function takes none), and how many are in it: a float
** tensor of rank 4 is NCHW images, one per row; an integer one is token
** ids, one per element; anything else samples along the leading dim (a
** scalar is one). A function without arguments gives NULL: the rate then
** counts batches.
*/
static const char *batchItems(const Pt2eTensor *x, double *count) {
  if (!x) {
    *count = 1;
    return NULL;
  }
  bool isFloat = x->type == Pt2eElemF32 || x->type == Pt2eElemF64;
  bool isInteger = !isFloat && x->type != Pt2eElemI1; /* a mask is no text */
  if (isInteger) {
    *count = (double)x->numel;
    return "tokens";
  }
  *count = x->rank > 0 ? (double)x->shape[0] : 1;
  return isFloat && x->rank == 4 ? "images" : "samples";
}

/* Runs the entry function on every batch; the hooks feed the observers. */
static MlirLogicalResult runBatches(Run *run) {
  int nRes = pt2eInterpNumResults(run->interp);
  bool hasArgs = pt2eInterpNumArgs(run->interp) > 0;
  Pt2eTensor **outs = pt2eAlloc((size_t)(nRes + 1) * sizeof *outs);
  if (!outs)
    return pt2eOutOfMemory(run->loc, "'pt2e-calibrate'");
  Pt2eProgress progress = {.what = "pt2e-calibrate", .countUnit = "batches",
                           .total = run->end - run->begin};
  MlirContext ctx = mlirOperationGetContext(run->module);
  MlirDiagnosticHandlerID watch = 0;
  pt2ePassProgressBegin(&progress, run->progress, ctx, &watch);
  double start = now();
  pt2eAllocResetPeak(); /* measure what the loop adds to what is held now */
  run->peakBase = pt2eAllocLiveBytes();
  MlirLogicalResult r = mlirLogicalResultSuccess();
  for (int64_t b = run->begin; mlirLogicalResultIsSuccess(r) && b < run->end;
       b++) {
    run->c.batch = b;
    Pt2eTensor *const *args = pt2eCalibDataBatch(run->data, b, run->loc);
    if (!args) {
      r = mlirLogicalResultFailure();
      break;
    }
    double items;
    progress.rateUnit = batchItems(hasArgs ? args[0] : NULL, &items);
    r = pt2eInterpRun(run->interp, args, outs);
    for (int k = 0; mlirLogicalResultIsSuccess(r) && k < nRes; k++)
      pt2eTensorRelease(outs[k]);
    if (mlirLogicalResultIsSuccess(r))
      pt2eProgressStep(&progress, items);
  }
  run->loopSeconds = now() - start;
  pt2ePassProgressEnd(&progress, mlirLogicalResultIsSuccess(r), ctx, watch);
  pt2eFree(outs);
  return r;
}

/* timing=on: the loop's time, the observers' share, the peak memory, and
** the kernels' instruction set and threads (what a benchmark ran on). */
static void printTiming(const Run *run) {
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  int64_t n = run->end - run->begin;
  double loop = run->loopSeconds, obs = run->c.observerSeconds;
  fprintf(stderr,
          "pt2e-calibrate: %lld batches in %.3f s (%.3f s per batch); "
          "observers %.3f s (%.1f%%); interpreter peak %.1f MiB; "
          "peak RSS %.1f MiB; kernels %s, %d threads\n",
          (long long)n, loop, loop / (double)(n ? n : 1), obs,
          100.0 * obs / (loop > 0 ? loop : 1),
          (double)(pt2eAllocPeakBytes() - run->peakBase) / 1048576.0,
          (double)ru.ru_maxrss / 1024.0, pt2eIsaName(pt2eCpuIsa()),
          pt2eParallelThreads());
}

/* Computes every state's qparams and, when all could be, writes them. */
static MlirLogicalResult finishRun(Run *run) {
  Calibration *c = &run->c;
  Result *res = pt2eAlloc((size_t)(c->numStates + 1) * sizeof *res);
  if (!res)
    return pt2eOutOfMemory(run->loc, "'pt2e-calibrate'");
  MlirLogicalResult r = computeResults(c, res);
  if (mlirLogicalResultIsSuccess(r))
    writeBack(c, res);
  if (mlirLogicalResultIsSuccess(r) && c->sharded)
    pt2eShardWriteRecord(run->module, &run->record);
  for (int i = 0; i < c->numStates; i++)
    if (res[i].owned) {
      pt2eFree(res[i].scales);
      pt2eFree(res[i].zeroPoints);
    }
  pt2eFree(res);
  return r;
}

static MlirLogicalResult calibrateRun(MlirOperation module,
                                      const Pt2eOptionValue *options) {
  Run run;
  memset(&run, 0, sizeof run);
  run.loc = mlirOperationGetLocation(module);
  run.module = module;
  run.options = options;
  if (mlirLogicalResultIsFailure(checkOptions(&run, module)))
    return mlirLogicalResultFailure();
  MlirLogicalResult r = collectStates(&run, module);
  if (mlirLogicalResultIsSuccess(r))
    r = openRun(&run, module);
  if (mlirLogicalResultIsSuccess(r))
    r = chooseBatches(&run);
  if (mlirLogicalResultIsSuccess(r))
    r = runBatches(&run);
  if (mlirLogicalResultIsSuccess(r) && options[OptTiming].boolValue)
    printTiming(&run);
  if (mlirLogicalResultIsSuccess(r))
    r = finishRun(&run);
  pt2eCalibDataClose(run.data);
  pt2eInterpDestroy(run.interp);
  freeStates(&run.c);
  return r;
}

/* }==================================================================== */

static MlirDialectHandle (*const calibrateDialects[])(void) = {
    mlirGetDialectHandle__arith__, mlirGetDialectHandle__linalg__,
    mlirGetDialectHandle__math__, mlirGetDialectHandle__tensor__,
};

const Pt2ePassDecl pt2eCalibratePass = {
    .argument = "pt2e-calibrate",
    .name = "Pt2eCalibrate",
    .summary = "Run the model on calibration data and record observer "
               "statistics and qparams in the IR",
    .anchorOp = "builtin.module",
    .options = calibrateOptions,
    .numOptions = NumOptions,
    .dependentDialects = calibrateDialects,
    .numDependentDialects = sizeof calibrateDialects / sizeof *calibrateDialects,
    .run = calibrateRun,
};
