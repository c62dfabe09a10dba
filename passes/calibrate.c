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
**
** The IR is the saved state. Each op's statistics are restored from its
** 'stats' attribute before the first batch and written back after the last,
** so calibrating again continues where the last run stopped; observers get
** their computed 'scale' / 'zero_point', and fake-quant ops their current
** ones (torchao's FakeQuantize recomputes them on every batch while its
** observer is enabled). Ops that share one observer instance (attribute
** 'instance') share one state. Nothing is written unless every batch ran
** and every observer's qparams could be computed.
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
#include "interp.h"
#include "observers.h"
#include "pt2e_calibrated.h"
#include "pt2e_checked.h"
#include "pt2e_dialect.h"
#include "pt2e_spec.h"
#include "pt2e_support.h"

enum {
  OptData, OptEntry, OptRandomBatches, OptSeed, OptTiming,
  OptMaxTensorMb, OptMaxLiveMb, OptMaxBins, OptMaxEntryMb, NumOptions
};

static const Pt2eOptionDecl calibrateOptions[NumOptions] = {
    [OptData] = {"data", Pt2eOptionString,
                 "calibration data: a .npz with arrays arg0, arg1, ... (one "
                 "per argument, leading batch dimension), or a .npy for a "
                 "one-argument function", NULL, false},
    [OptEntry] = {"entry", Pt2eOptionString,
                  "the function to run (default: the module's only public "
                  "function)", NULL, false},
    [OptRandomBatches] = {"random-batches", Pt2eOptionInt,
                          "instead of data: this many batches of seeded "
                          "standard-normal data shaped like the arguments",
                          "0", false},
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
} QState;

typedef struct Calibration {
  QState *states;
  int numStates, capStates;
  MlirOperation *ops; /* every pt2e op of the module, for write-back */
  int *opState;       /* state index of ops[i] */
  int numOps, capOps;
  int64_t maxBins;      /* max-bins: the largest Histogram allowed */
  int64_t batch;        /* the batch running now, for messages */
  double observerSeconds; /* time inside the hooks (timing=on) */
} Calibration;

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static MlirStringRef attrString(MlirOperation op, const char *name) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAString(a))
    return mlirStringRefCreateFromCString("");
  return mlirStringAttrGetValue(a);
}

static int findState(const Calibration *c, MlirStringRef name) {
  for (int i = 0; i < c->numStates; i++)
    if (mlirStringRefEqual(c->states[i].name, name))
      return i;
  return -1;
}

/* The state an op feeds: its own, or that of the op named by 'instance'. */
static int stateOfOp(const Calibration *c, MlirOperation op) {
  MlirStringRef inst = attrString(op, PT2E_ATTR_INSTANCE);
  return findState(c, inst.length ? inst : pt2eQuantOpGetName(op));
}

static void freeStates(Calibration *c) {
  for (int i = 0; i < c->numStates; i++) {
    pt2eObserverDestroy(c->states[i].obs);
    pt2eFree(c->states[i].scales);
    pt2eFree(c->states[i].zeroPoints);
  }
  pt2eFree(c->states);
  pt2eFree(c->ops);
  pt2eFree(c->opState);
}

static MlirLogicalResult opError(MlirOperation op, const char *fmt, const char *detail) {
  MlirStringRef n = pt2eQuantOpGetName(op);
  char msg[600];
  snprintf(msg, sizeof msg, fmt, detail);
  return pt2eEmitError(mlirOperationGetLocation(op), "observer '%.*s': %s",
                       (int)n.length, n.data, msg);
}

/*
** Restores the statistics saved in the op's 'stats' attribute, if any,
** after pt2e_calibrated.h has checked them against the spec and the tensor.
*/
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
    return opError(st->op, "%s", "out of memory");
  pt2eCalibratedCopyStats(&cs, buf, buf + n, buf + 2 * n);
  Pt2eObserverStats s = {n, buf, buf + n, nb, nb ? buf + 2 * n : NULL};
  Pt2eNumStatus r = pt2eObserverSetStats(st->obs, &s);
  pt2eFree(buf);
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
    return opError(st->op, "%s", "out of memory");
  pt2eCalibratedCopyQParams(&q, st->scales, st->zeroPoints);
  st->numScales = n;
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult addState(Calibration *c, MlirOperation op) {
  if (c->numStates == c->capStates) {
    int cap = c->capStates ? 2 * c->capStates : 16;
    QState *s = pt2eRealloc(c->states, (size_t)cap * sizeof *s);
    if (!s)
      return opError(op, "%s", "out of memory");
    c->states = s;
    c->capStates = cap;
  }
  QState *st = &c->states[c->numStates++];
  memset(st, 0, sizeof *st);
  st->op = op;
  st->name = pt2eQuantOpGetName(op);
  st->isFakeQuant = pt2eIsFakeQuant(op);
  MlirAttribute spec = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(PT2E_ATTR_SPEC));
  if (mlirLogicalResultIsFailure(
          pt2eSpecParse(spec, mlirOperationGetLocation(op), "spec", &st->spec)))
    return mlirLogicalResultFailure();
  if (st->isFakeQuant && mlirLogicalResultIsFailure(readFakeQuantParams(st)))
    return mlirLogicalResultFailure();
  if (st->spec.kind != Pt2eSpecQuant)
    return mlirLogicalResultSuccess(); /* derived / fixed: no statistics */
  if (st->spec.quant.observer == Pt2eObserverHistogram &&
      st->spec.quant.bins > c->maxBins)
    return pt2eEmitError(mlirOperationGetLocation(op),
                         "observer '%.*s': a Histogram of %lld bins is more "
                         "than the largest allowed, %lld (raise it with "
                         "max-bins)", (int)st->name.length, st->name.data,
                         (long long)st->spec.quant.bins, (long long)c->maxBins);
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
  if (c->numOps == c->capOps) {
    int cap = c->capOps ? 2 * c->capOps : 16;
    MlirOperation *o = pt2eRealloc(c->ops, (size_t)cap * sizeof *o);
    int *s = pt2eRealloc(c->opState, (size_t)cap * sizeof *s);
    if (o)
      c->ops = o;
    if (s)
      c->opState = s;
    if (!o || !s) {
      opError(op, "%s", "out of memory");
      goto fail;
    }
    c->capOps = cap;
  }
  MlirStringRef inst = attrString(op, PT2E_ATTR_INSTANCE);
  if (inst.length == 0) {
    if (findState(c, pt2eQuantOpGetName(op)) >= 0) {
      opError(op, "%s", "another pt2e op has the same name");
      goto fail;
    }
    if (mlirLogicalResultIsFailure(addState(c, op)))
      goto fail;
  }
  c->ops[c->numOps++] = op;
  return MlirWalkResultAdvance;
fail:
  w->failed = true;
  return MlirWalkResultInterrupt;
}

/* Links ops that name an 'instance' to its state (after all are known). */
static MlirLogicalResult linkInstances(Calibration *c) {
  for (int i = 0; i < c->numOps; i++) {
    c->opState[i] = stateOfOp(c, c->ops[i]);
    if (c->opState[i] < 0) {
      MlirStringRef inst = attrString(c->ops[i], PT2E_ATTR_INSTANCE);
      char what[300];
      snprintf(what, sizeof what, "'instance' names '%.*s', which is no pt2e op",
               (int)inst.length, inst.data);
      return opError(c->ops[i], "%s", what);
    }
  }
  return mlirLogicalResultSuccess();
}

/* }==================================================================== */

/* {====================================================================
** Interpreter hooks
** ===================================================================== */

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
  Pt2eNumStatus r = pt2eObserverUpdate(st->obs, x->data, x->shape, x->rank);
  if (r < 0) {
    char what[600];
    snprintf(what, sizeof what, "%s (batch %lld)",
             pt2eObserverErrorMessage(st->obs), (long long)c->batch);
    return opError(op, "%s", what);
  }
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
    if (mlirLogicalResultIsFailure(observeInto(c, op, x, &st)))
      return mlirLogicalResultFailure();
    int64_t n = pt2eObserverNumChannels(st->obs);
    if (n < 1)
      n = 1;
    if (n != st->numScales) { /* torch resizes the buffers */
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
    Pt2eNumStatus r = pt2eObserverComputeQParams(st->obs, st->scales,
                                                 st->zeroPoints, n);
    if (r < 0)
      return opError(op, "cannot compute qparams (%s)", pt2eNumStatusName(r));
  }
  if (!quantize || st->spec.kind == Pt2eSpecDerived) {
    *y = pt2eTensorRetain(x);
    return mlirLogicalResultSuccess();
  }
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
} Result;

static MlirAttribute statsAttr(MlirContext ctx, const QState *st) {
  Pt2eObserverStats s;
  pt2eObserverGetStats(st->obs, &s);
  MlirNamedAttribute entries[3];
  int n = 0;
  entries[n++] = mlirNamedAttributeGet(
      mlirIdentifierGet(ctx, mlirStringRefCreateFromCString("min")),
      mlirDenseF32ArrayGet(ctx, (intptr_t)s.numChannels, s.minVals));
  entries[n++] = mlirNamedAttributeGet(
      mlirIdentifierGet(ctx, mlirStringRefCreateFromCString("max")),
      mlirDenseF32ArrayGet(ctx, (intptr_t)s.numChannels, s.maxVals));
  if (s.numBins > 0)
    entries[n++] = mlirNamedAttributeGet(
        mlirIdentifierGet(ctx, mlirStringRefCreateFromCString("histogram")),
        mlirDenseF32ArrayGet(ctx, (intptr_t)s.numBins, s.histogram));
  return mlirDictionaryAttrGet(ctx, n, entries);
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
    if (!r->scales || !r->zeroPoints)
      return opError(st->op, "%s", "out of memory");
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

static void writeBack(Calibration *c, const Result *res, MlirContext ctx) {
  for (int i = 0; i < c->numOps; i++) {
    MlirOperation op = c->ops[i];
    const QState *st = &c->states[c->opState[i]];
    const Result *r = &res[c->opState[i]];
    if (st->obs)
      mlirOperationSetAttributeByName(op, mlirStringRefCreateFromCString("stats"),
                                      statsAttr(ctx, st));
    if (!r->has)
      continue;
    mlirOperationSetAttributeByName(
        op, mlirStringRefCreateFromCString(PT2E_ATTR_SCALE),
        mlirDenseF32ArrayGet(ctx, (intptr_t)r->n, r->scales));
    mlirOperationSetAttributeByName(
        op, mlirStringRefCreateFromCString(PT2E_ATTR_ZERO_POINT),
        mlirDenseI64ArrayGet(ctx, (intptr_t)r->n, r->zeroPoints));
  }
}

/* }==================================================================== */

/* The entry function's name: the option, or the module's only public one. */
static MlirLogicalResult chooseEntry(MlirOperation module, const Pt2eOptionValue *opt,
                                     MlirStringRef *out) {
  if (opt->isSet && opt->stringValue.length) {
    *out = opt->stringValue;
    return mlirLogicalResultSuccess();
  }
  int count = 0;
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation o = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o)) {
    if (!pt2eStringRefIs(mlirIdentifierStr(mlirOperationGetName(o)), "func.func"))
      continue;
    MlirAttribute vis = mlirOperationGetAttributeByName(
        o, mlirStringRefCreateFromCString("sym_visibility"));
    if (!mlirAttributeIsNull(vis) && pt2eStringRefIs(mlirStringAttrGetValue(vis), "private"))
      continue;
    if (mlirRegionIsNull(mlirOperationGetRegion(o, 0)) ||
        mlirBlockIsNull(mlirRegionGetFirstBlock(mlirOperationGetRegion(o, 0))))
      continue; /* a declaration */
    *out = mlirStringAttrGetValue(mlirOperationGetAttributeByName(
        o, mlirSymbolTableGetSymbolAttributeName()));
    count++;
  }
  if (count == 1)
    return mlirLogicalResultSuccess();
  return pt2eEmitError(mlirOperationGetLocation(module),
                       "'pt2e-calibrate': the module has %d public functions; "
                       "name the one to run with entry=<name>", count);
}

static MlirLogicalResult calibrateRun(MlirOperation module,
                                      const Pt2eOptionValue *options) {
  MlirLocation loc = mlirOperationGetLocation(module);
  MlirContext ctx = mlirOperationGetContext(module);
  if (mlirLogicalResultIsFailure(pt2eDialectRequire(ctx, loc, "pt2e-calibrate")))
    return mlirLogicalResultFailure();
  bool haveData = options[OptData].isSet && options[OptData].stringValue.length;
  int64_t randomBatches = options[OptRandomBatches].intValue;
  if (haveData == (randomBatches > 0) || randomBatches < 0)
    return pt2eEmitError(loc, "'pt2e-calibrate' needs either data=<file.npz> "
                              "or random-batches=<N> (N > 0), not both");
  MlirStringRef entry;
  if (mlirLogicalResultIsFailure(chooseEntry(module, &options[OptEntry], &entry)))
    return mlirLogicalResultFailure();

  Calibration c;
  memset(&c, 0, sizeof c);
  c.maxBins = options[OptMaxBins].intValue;
  Collect w = {&c, false};
  mlirOperationWalk(module, collectQuantOps, &w, MlirWalkPreOrder);
  MlirLogicalResult r = w.failed ? mlirLogicalResultFailure() : linkInstances(&c);
  if (mlirLogicalResultIsSuccess(r) && c.numOps == 0)
    r = pt2eEmitError(loc, "'pt2e-calibrate': nothing to calibrate, the module "
                           "has no pt2e.observer or pt2e.fake_quant (run "
                           "pt2e-prepare first)");

  Pt2eInterpHooks hooks = {hookObserve, hookFakeQuant, &c};
  Pt2eInterpLimits limits;
  Pt2eInterp *interp = NULL;
  Pt2eCalibData *data = NULL;
  if (mlirLogicalResultIsSuccess(r) &&
      !pt2eInterpLimitsFromMiB(options[OptMaxTensorMb].intValue,
                               options[OptMaxLiveMb].intValue, &limits))
    r = pt2eEmitError(loc, "'pt2e-calibrate': max-tensor-mb and max-live-mb "
                           "must be positive (got %lld and %lld)",
                      (long long)options[OptMaxTensorMb].intValue,
                      (long long)options[OptMaxLiveMb].intValue);
  if (mlirLogicalResultIsSuccess(r)) {
    interp = pt2eInterpCreateInModule(module, entry, &hooks, &limits);
    if (!interp)
      r = mlirLogicalResultFailure();
  }
  if (mlirLogicalResultIsSuccess(r)) {
    char path[4096];
    MlirStringRef p = options[OptData].stringValue;
    snprintf(path, sizeof path, "%.*s", (int)p.length, p.data);
    data = haveData ? pt2eCalibDataOpen(interp, path,
                                        options[OptMaxEntryMb].intValue, loc)
                    : pt2eCalibDataRandom(interp, randomBatches,
                                          (uint64_t)options[OptSeed].intValue, loc);
    if (!data)
      r = mlirLogicalResultFailure();
  }
  int nRes = interp ? pt2eInterpNumResults(interp) : 0;
  Pt2eTensor **outs = pt2eAlloc((size_t)(nRes + 1) * sizeof *outs);
  double start = now();
  pt2eAllocResetPeak(); /* measure what the loop adds to what is held now */
  size_t peakBase = pt2eAllocLiveBytes();
  if (!outs)
    r = pt2eEmitError(loc, "'pt2e-calibrate' ran out of memory");
  for (int64_t b = 0; mlirLogicalResultIsSuccess(r) && b < pt2eCalibDataNumBatches(data); b++) {
    c.batch = b;
    Pt2eTensor *const *args = pt2eCalibDataBatch(data, b, loc);
    if (!args) {
      r = mlirLogicalResultFailure();
      break;
    }
    r = pt2eInterpRun(interp, args, outs);
    for (int k = 0; mlirLogicalResultIsSuccess(r) && k < nRes; k++)
      pt2eTensorRelease(outs[k]);
  }
  double loopSeconds = now() - start;
  if (mlirLogicalResultIsSuccess(r) && options[OptTiming].boolValue) {
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    int64_t n = pt2eCalibDataNumBatches(data);
    fprintf(stderr,
            "pt2e-calibrate: %lld batches in %.3f s (%.3f s per batch); "
            "observers %.3f s (%.1f%%); interpreter peak %.1f MiB; "
            "peak RSS %.1f MiB\n",
            (long long)n, loopSeconds, loopSeconds / (double)(n ? n : 1),
            c.observerSeconds, 100.0 * c.observerSeconds / (loopSeconds > 0 ? loopSeconds : 1),
            (double)(pt2eAllocPeakBytes() - peakBase) / 1048576.0,
            (double)ru.ru_maxrss / 1024.0);
  }
  Result *res = pt2eAlloc((size_t)(c.numStates + 1) * sizeof *res);
  if (mlirLogicalResultIsSuccess(r) && !res)
    r = pt2eEmitError(loc, "'pt2e-calibrate' ran out of memory");
  if (mlirLogicalResultIsSuccess(r))
    r = computeResults(&c, res);
  if (mlirLogicalResultIsSuccess(r))
    writeBack(&c, res, ctx);
  for (int i = 0; res && i < c.numStates; i++)
    if (!c.states[i].isFakeQuant && c.states[i].spec.kind == Pt2eSpecQuant) {
      pt2eFree(res[i].scales);
      pt2eFree(res[i].zeroPoints);
    }
  pt2eFree(res);
  pt2eFree(outs);
  pt2eCalibDataClose(data);
  pt2eInterpDestroy(interp);
  freeStates(&c);
  return r;
}

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
