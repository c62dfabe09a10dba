/*
** merge.c
** pt2e-merge: merges the statistics of calibration shards into this
** module, as if one process had calibrated on all their batches in order.
**
**   pt2e-opt shard0.mlir -p 'builtin.module(pt2e-merge{from=shard1.mlir,shard2.mlir})'
**
** This module and every 'from' file are modules pt2e-calibrate{shard=i/n}
** (or an earlier pt2e-merge) wrote. Each carries a pt2e.calibration record:
** its batches, data source, options and the fingerprint of the module it
** was calibrated from. The merge refuses parts of different data, options,
** specs or fingerprints, and batch ranges with a gap or an overlap; the
** result covers the parts' union and can be merged again. Each observer
** instance's statistics are folded in batch order (observer_merge.c:
** MinMax exact, moving averages affine, Histogram exact when the shards
** were run with histogram-start) and its qparams recomputed by the
** observer code pt2e-calibrate uses. Nothing is written unless every part
** and every observer merged. docs/sharding.md.
*/
#include "pt2e_passes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlir-c/BuiltinAttributes.h"

#include "observer_merge.h"
#include "observers.h"
#include "pass_progress.h"
#include "pt2e_calibrated.h"
#include "pt2e_dialect.h"
#include "pt2e_shard.h"
#include "pt2e_spec.h"
#include "pt2e_support.h"

enum { OptFrom, OptProgress, NumOptions };

static const Pt2eOptionDecl mergeOptions[NumOptions] = {
    [OptFrom] = {"from", Pt2eOptionList,
                 "the other calibrated shards (files), merged with this "
                 "module in batch order", NULL, true},
    [OptProgress] = PT2E_PROGRESS_OPTION,
};

#define WHO "'pt2e-merge'"

/* One part of the merge: this module or a parsed 'from' file. */
typedef struct Part {
  MlirModule parsed;     /* null for this module */
  MlirOperation module;
  char name[1024];       /* the file, or "this module" */
  Pt2eShardRecord record;
} Part;

/* One observer instance of this module and its merged result. */
typedef struct Merged {
  MlirOperation op;      /* the first op of the instance, in this module */
  Pt2eSpec spec;
  Pt2eShardStats stats;
  bool hasQParams;
  int64_t n;
  float *scales;
  int64_t *zeroPoints;
} Merged;

typedef struct Merge {
  MlirLocation loc;
  Part *parts;
  size_t numParts;
  PT2E_VEC(Merged) merged;
  bool exact;
  Pt2eProgress progress; /* one step per part read: parsing a file is the
                         ** bulk of a part's work, its merge one pass over
                         ** each observer's statistics */
} Merge;

static void freeMerge(Merge *m) {
  for (size_t i = 0; i < m->numParts; i++)
    if (!mlirModuleIsNull(m->parts[i].parsed))
      mlirModuleDestroy(m->parts[i].parsed);
  pt2eFree(m->parts);
  for (size_t i = 0; i < m->merged.size; i++) {
    pt2eShardStatsClear(&m->merged.at[i].stats);
    pt2eFree(m->merged.at[i].scales);
    pt2eFree(m->merged.at[i].zeroPoints);
  }
  pt2eFree(m->merged.at);
}

/* {====================================================================
** The parts: records, fingerprints, batch ranges
** ===================================================================== */

static MlirLogicalResult readPart(Merge *m, Part *p) {
  Pt2eCalibratedError err;
  if (!pt2eShardReadRecord(p->module, &p->record, &err))
    return pt2eEmitError(m->loc, WHO ": %s: %s", p->name, err.message);
  if (!p->record.present)
    return pt2eEmitError(m->loc, WHO ": %s has no '%s' record: merge modules "
                                 "that pt2e-calibrate{shard=i/n} or pt2e-merge "
                                 "wrote", p->name, PT2E_ATTR_CALIBRATION);
  char now[17];
  if (!pt2eShardFingerprint(p->module, now))
    return pt2eOutOfMemory(m->loc, WHO);
  if (!pt2eStringRefIs(p->record.fingerprint, now))
    return pt2eEmitError(m->loc, WHO ": %s was changed after calibration: its "
                                 "record says fingerprint %.*s, its text gives "
                                 "%s", p->name, (int)p->record.fingerprint.length,
                         p->record.fingerprint.data, now);
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult openParts(Merge *m, MlirOperation module,
                                   const Pt2eOptionValue *from) {
  m->parts = pt2eAlloc((from->listSize + 1) * sizeof *m->parts);
  if (!m->parts)
    return pt2eOutOfMemory(m->loc, WHO);
  Part *self = &m->parts[m->numParts++];
  self->module = module;
  snprintf(self->name, sizeof self->name, "this module");
  if (mlirLogicalResultIsFailure(readPart(m, self)))
    return mlirLogicalResultFailure();
  pt2eProgressStep(&m->progress, 1);
  MlirContext ctx = mlirOperationGetContext(module);
  for (size_t i = 0; i < from->listSize; i++) {
    Part *p = &m->parts[m->numParts++];
    MlirStringRef f = from->listValues[i];
    snprintf(p->name, sizeof p->name, "%.*s", (int)f.length, f.data);
    p->parsed = mlirModuleCreateParseFromFile(ctx, mlirStringRefCreateFromCString(p->name));
    if (mlirModuleIsNull(p->parsed))
      return pt2eEmitError(m->loc, WHO ": %s cannot be read or parsed", p->name);
    p->module = mlirModuleGetOperation(p->parsed);
    if (mlirLogicalResultIsFailure(readPart(m, p)))
      return mlirLogicalResultFailure();
    pt2eProgressStep(&m->progress, 1);
  }
  return mlirLogicalResultSuccess();
}

/* Same data, options and fingerprint as this module (the first part). */
static MlirLogicalResult checkSameRun(Merge *m) {
  const Pt2eShardRecord *a = &m->parts[0].record;
  for (size_t i = 1; i < m->numParts; i++) {
    const Part *p = &m->parts[i];
    const Pt2eShardRecord *b = &p->record;
    if (!mlirStringRefEqual(a->source, b->source) || a->total != b->total)
      return pt2eEmitError(m->loc, WHO ": %s calibrated on '%.*s' (%lld "
                                   "batches), this module on '%.*s' (%lld "
                                   "batches)", p->name, (int)b->source.length,
                           b->source.data, (long long)b->total,
                           (int)a->source.length, a->source.data,
                           (long long)a->total);
    if (!mlirStringRefEqual(a->options, b->options))
      return pt2eEmitError(m->loc, WHO ": %s was calibrated with options "
                                   "'%.*s', this module with '%.*s'", p->name,
                           (int)b->options.length, b->options.data,
                           (int)a->options.length, a->options.data);
  }
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult checkSameModule(Merge *m) {
  const Pt2eShardRecord *a = &m->parts[0].record;
  for (size_t i = 1; i < m->numParts; i++) {
    const Part *p = &m->parts[i];
    if (!mlirStringRefEqual(a->fingerprint, p->record.fingerprint))
      return pt2eEmitError(m->loc, WHO ": %s was calibrated from another module "
                                   "(fingerprint %.*s, this module %.*s): "
                                   "merge shards of one prepared module",
                           p->name, (int)p->record.fingerprint.length,
                           p->record.fingerprint.data, (int)a->fingerprint.length,
                           a->fingerprint.data);
  }
  return mlirLogicalResultSuccess();
}

static int byBegin(const void *x, const void *y) {
  const Part *a = x, *b = y;
  if (a->record.begin != b->record.begin)
    return (a->record.begin > b->record.begin) - (a->record.begin < b->record.begin);
  return (a->record.end > b->record.end) - (a->record.end < b->record.end);
}

/* Sorts the parts by batch range; the ranges must abut. */
static MlirLogicalResult checkRanges(Merge *m) {
  qsort(m->parts, m->numParts, sizeof *m->parts, byBegin);
  for (size_t i = 1; i < m->numParts; i++) {
    const Part *p = &m->parts[i - 1], *q = &m->parts[i];
    if (q->record.begin == p->record.end)
      continue;
    return pt2eEmitError(m->loc, WHO ": %s holds batches [%lld, %lld) and %s "
                                 "[%lld, %lld): %s", p->name,
                         (long long)p->record.begin, (long long)p->record.end,
                         q->name, (long long)q->record.begin,
                         (long long)q->record.end,
                         q->record.begin > p->record.end
                             ? "a gap (a shard is missing)"
                             : "they overlap (a shard is given twice?)");
  }
  return mlirLogicalResultSuccess();
}

/* }==================================================================== */

/* {====================================================================
** The observers
** ===================================================================== */

/* The part's op of the instance, with the same spec as this module's. */
static MlirLogicalResult partOp(Merge *m, const Part *p, const Merged *x,
                                MlirOperation *out) {
  MlirStringRef name = pt2eQuantOpGetName(x->op);
  MlirOperation op = mlirModuleIsNull(p->parsed) ? x->op : pt2eShardFindObserver(p->module, name);
  if (mlirOperationIsNull(op))
    return pt2eEmitError(m->loc, WHO ": %s has no observer '%.*s'", p->name,
                         (int)name.length, name.data);
  if (!mlirAttributeEqual(pt2eQuantOpGetSpec(op), pt2eQuantOpGetSpec(x->op))) {
    char a[300], b[300];
    pt2eAttrToText(pt2eQuantOpGetSpec(op), a, sizeof a);
    pt2eAttrToText(pt2eQuantOpGetSpec(x->op), b, sizeof b);
    return pt2eEmitError(m->loc, WHO ": observer '%.*s' has spec %s in %s but "
                                 "%s in this module", (int)name.length,
                         name.data, a, p->name, b);
  }
  *out = op;
  return mlirLogicalResultSuccess();
}

/* Folds the parts' statistics of one instance in batch order. */
static MlirLogicalResult mergeOne(Merge *m, Merged *x) {
  /* per-channel histograms have no merge rule here yet: refused, naming
  ** the observer (docs/sharding.md) */
  if (x->spec.kind == Pt2eSpecQuant &&
      pt2eObserverIsChannelHistogram(&x->spec.quant)) {
    MlirOperation op;
    if (mlirLogicalResultIsFailure(partOp(m, &m->parts[0], x, &op)))
      return mlirLogicalResultFailure();
    return pt2eEmitError(m->loc, WHO ": observer '%.*s' keeps per-channel "
                         "histograms ('%s' with qscheme '%s'), which "
                         "pt2e-merge does not merge: calibrate it in one "
                         "process", (int)pt2eQuantOpGetName(op).length,
                         pt2eQuantOpGetName(op).data,
                         pt2eObserverKindName(x->spec.quant.observer),
                         pt2eQSchemeName(x->spec.quant.qscheme));
  }
  for (size_t i = 0; i < m->numParts; i++) {
    const Part *p = &m->parts[i];
    MlirOperation op;
    if (mlirLogicalResultIsFailure(partOp(m, p, x, &op)))
      return mlirLogicalResultFailure();
    Pt2eShardStats s;
    Pt2eCalibratedError err;
    if (!pt2eShardReadStats(op, &x->spec, &s, &err))
      return pt2eEmitError(m->loc, WHO ": %s: observer '%.*s' %s", p->name,
                           (int)pt2eQuantOpGetName(op).length,
                           pt2eQuantOpGetName(op).data, err.message);
    if (i == 0) {
      x->stats = s;
      continue;
    }
    char why[300];
    Pt2eNumStatus r = pt2eShardStatsMerge(&x->spec.quant, &x->stats, &s,
                                          &m->exact, why, sizeof why);
    pt2eShardStatsClear(&s);
    if (r == Pt2eNumNoMemory)
      return pt2eOutOfMemory(m->loc, WHO);
    if (r != Pt2eNumOk)
      return pt2eEmitError(m->loc, WHO ": %s: observer '%.*s' cannot be merged: %s",
                           p->name, (int)pt2eQuantOpGetName(x->op).length,
                           pt2eQuantOpGetName(x->op).data, why);
  }
  return mlirLogicalResultSuccess();
}

/* The qparams of the merged statistics, by the observer code
** pt2e-calibrate computes them with. */
static MlirLogicalResult computeQParams(Merge *m, Merged *x) {
  Pt2eObserver *obs = pt2eObserverCreate(&x->spec.quant, 0);
  if (!obs)
    return pt2eQuantOpEmitError(x->op, WHO, ": cannot create this observer");
  const Pt2eShardStats *s = &x->stats;
  Pt2eObserverStats os = {s->numChannels, s->minVals, s->maxVals, s->numBins,
                          s->histogram, 0, NULL, NULL, NULL};
  Pt2eNumStatus r = pt2eObserverSetStats(obs, &os);
  int64_t n = s->numChannels < 1 ? 1 : s->numChannels;
  x->scales = pt2eAlloc((size_t)n * sizeof(float));
  x->zeroPoints = pt2eAlloc((size_t)n * sizeof(int64_t));
  if (!x->scales || !x->zeroPoints) {
    pt2eObserverDestroy(obs);
    return pt2eOutOfMemory(m->loc, WHO);
  }
  if (r == Pt2eNumOk)
    r = pt2eObserverComputeQParams(obs, x->scales, x->zeroPoints, n);
  pt2eObserverDestroy(obs);
  x->n = n;
  if (r == Pt2eNumDefaulted || r == Pt2eNumUnsupported)
    return mlirLogicalResultSuccess(); /* nothing observed: as calibrate */
  if (r < 0)
    return pt2eQuantOpEmitError(x->op, WHO, ": cannot compute qparams (%s)",
                                pt2eNumStatusName(r));
  x->hasQParams = true;
  return mlirLogicalResultSuccess();
}

typedef struct Collect {
  Merge *m;
  bool failed;
} Collect;

static MlirWalkResult collectInstances(MlirOperation op, void *userData) {
  Collect *c = userData;
  if (!pt2eIsQuantOp(op) || pt2eQuantOpGetInstance(op).length != 0)
    return MlirWalkResultAdvance;
  Merged x;
  memset(&x, 0, sizeof x);
  x.op = op;
  if (mlirLogicalResultIsFailure(pt2eVerifyQuantOp(op)) ||
      mlirLogicalResultIsFailure(pt2eSpecParse(pt2eQuantOpGetSpec(op),
                                               mlirOperationGetLocation(op),
                                               PT2E_ATTR_SPEC, &x.spec))) {
    c->failed = true;
    return MlirWalkResultInterrupt;
  }
  if (x.spec.kind != Pt2eSpecQuant)
    return MlirWalkResultAdvance; /* derived / fixed: no statistics */
  if (!PT2E_PUSH(c->m->merged, x)) {
    pt2eOutOfMemory(c->m->loc, WHO);
    c->failed = true;
    return MlirWalkResultInterrupt;
  }
  return MlirWalkResultAdvance;
}

/* }==================================================================== */

/* Writes every instance's stats and qparams on each of its ops. */
static MlirWalkResult writeOp(MlirOperation op, void *userData) {
  Merge *m = userData;
  if (!pt2eIsQuantOp(op))
    return MlirWalkResultAdvance;
  MlirStringRef owner = pt2eQuantOpResolveInstance(op);
  for (size_t i = 0; i < m->merged.size; i++) {
    const Merged *x = &m->merged.at[i];
    if (!mlirStringRefEqual(pt2eQuantOpGetName(x->op), owner))
      continue;
    pt2eShardWriteStats(op, &x->spec, &x->stats);
    if (x->hasQParams)
      pt2eCalibratedWriteQParams(op, (intptr_t)x->n, x->scales, x->zeroPoints);
    break;
  }
  return MlirWalkResultAdvance;
}

/* Writes the merged statistics and qparams into the module, and the
   record of the batches they cover: the first part's start to the last
   part's end, exact when every part and this merge were. */
static void writeMerged(Merge *m, MlirOperation module) {
  Pt2eShardRecord rec = m->parts[0].record;
  rec.end = m->parts[m->numParts - 1].record.end;
  for (size_t i = 0; i < m->numParts; i++)
    rec.exact = rec.exact && m->parts[i].record.exact;
  rec.exact = rec.exact && m->exact;
  /* the strings of a parsed part die with it: copy them first */
  char source[4096], opts[512], fp[17];
  snprintf(source, sizeof source, "%.*s", (int)rec.source.length, rec.source.data);
  snprintf(opts, sizeof opts, "%.*s", (int)rec.options.length, rec.options.data);
  snprintf(fp, sizeof fp, "%.*s", (int)rec.fingerprint.length, rec.fingerprint.data);
  rec.source = mlirStringRefCreateFromCString(source);
  rec.options = mlirStringRefCreateFromCString(opts);
  rec.fingerprint = mlirStringRefCreateFromCString(fp);
  mlirOperationWalk(module, writeOp, m, MlirWalkPreOrder);
  pt2eShardWriteRecord(module, &rec);
}

static MlirLogicalResult mergeRun(MlirOperation module,
                                  const Pt2eOptionValue *options) {
  Merge m;
  memset(&m, 0, sizeof m);
  m.loc = mlirOperationGetLocation(module);
  m.exact = true;
  MlirContext ctx = mlirOperationGetContext(module);
  Pt2eProgressMode mode;
  MlirLogicalResult r = pt2eDialectRequire(ctx, m.loc, "pt2e-merge");
  if (mlirLogicalResultIsSuccess(r))
    r = pt2ePassProgressMode(&options[OptProgress], m.loc, "pt2e-merge", &mode);
  if (mlirLogicalResultIsFailure(r))
    return r;
  m.progress = (Pt2eProgress){.what = "pt2e-merge", .countUnit = "shards",
                              .total = (int64_t)options[OptFrom].listSize + 1};
  MlirDiagnosticHandlerID watch = 0;
  pt2ePassProgressBegin(&m.progress, mode, ctx, &watch);
  r = openParts(&m, module, &options[OptFrom]);
  if (mlirLogicalResultIsSuccess(r))
    r = checkSameRun(&m);
  Collect c = {&m, false};
  if (mlirLogicalResultIsSuccess(r)) {
    mlirOperationWalk(module, collectInstances, &c, MlirWalkPreOrder);
    if (c.failed)
      r = mlirLogicalResultFailure();
  }
  /* specs first: a spec that differs is named; then the whole module */
  for (size_t i = 0; mlirLogicalResultIsSuccess(r) && i < m.merged.size; i++)
    for (size_t k = 0; mlirLogicalResultIsSuccess(r) && k < m.numParts; k++) {
      MlirOperation op;
      r = partOp(&m, &m.parts[k], &m.merged.at[i], &op);
    }
  if (mlirLogicalResultIsSuccess(r))
    r = checkSameModule(&m);
  if (mlirLogicalResultIsSuccess(r))
    r = checkRanges(&m);
  for (size_t i = 0; mlirLogicalResultIsSuccess(r) && i < m.merged.size; i++) {
    r = mergeOne(&m, &m.merged.at[i]);
    if (mlirLogicalResultIsSuccess(r))
      r = computeQParams(&m, &m.merged.at[i]);
  }
  if (mlirLogicalResultIsSuccess(r))
    writeMerged(&m, module);
  pt2ePassProgressEnd(&m.progress, mlirLogicalResultIsSuccess(r), ctx, watch);
  freeMerge(&m);
  return r;
}

const Pt2ePassDecl pt2eMergePass = {
    .argument = "pt2e-merge",
    .name = "Pt2eMerge",
    .summary = "Merge the statistics of calibration shards (pt2e-calibrate"
               "{shard=i/n}) into this module and recompute the qparams",
    .anchorOp = "builtin.module",
    .options = mergeOptions,
    .numOptions = NumOptions,
    .dependentDialects = NULL,
    .numDependentDialects = 0,
    .run = mergeRun,
};
