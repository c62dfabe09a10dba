/*
** report_rows.c
** The rows of pt2e-report (contracts in report_rows.h): which ops are rows,
** reading and checking one (spec, calibrated attributes, an ONNX Runtime
** kind's range recomputed from its histogram), and what a read row says.
** A row is read whole before anything uses it, so every accessor below
** reads lengths already checked (pt2e_calibrated.h).
*/
#include "report_rows.h"

#include <stdio.h>
#include <string.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Quant.h"

#include "constants.h"
#include "ir_ops.h"
#include "observers.h"
#include "pt2e_alloc.h"
#include "pt2e_calibrated.h"
#include "pt2e_dialect.h"
#include "pt2e_spec.h"
#include "pt2e_support.h"
#include "convert_zero.h"
#include "qparams.h"

/* {=====================================================================
** Reading and checking a row
** ====================================================================== */

bool pt2eReportRowIsRow(MlirOperation op) {
  if (pt2eIsQuantOp(op) || pt2eIsDynamicQdq(op))
    return true;
  return !mlirAttributeIsNull(pt2eQdqGetName(op)) &&
         mlirOperationGetNumResults(op) == 1;
}

void pt2eReportRowFree(Pt2eReportRow *row) {
  pt2eFree(row->ranges);
  row->ranges = NULL;
  row->numRanges = 0;
}

/* The error of a row whose observer could not take its saved stats or
** compute its range: the observer's own message, under its name. */
static MlirLogicalResult observerFailure(const Pt2eReportRow *row,
                                         MlirLocation loc,
                                         const Pt2eObserver *obs) {
  MlirStringRef name = pt2eReportRowName(row);
  return pt2eEmitError(loc, "'pt2e-report': observer '%.*s': %s",
                       (int)name.length, name.data,
                       pt2eObserverErrorMessage(obs));
}

/* The buffers the stats of per-channel histograms are restored into. */
typedef struct ChannelStats {
  int64_t *counts, *bins;
  float *edges, *mm, *ranges; /* mm: n minima then n maxima; ranges: lo/hi pairs */
} ChannelStats;

static bool channelStatsAlloc(ChannelStats *c, const Pt2eCalibratedStats *cs) {
  intptr_t n = cs->numChannels, ne = pt2eCalibratedOrtNumEdges(cs);
  c->counts = pt2eAlloc((size_t)(cs->ortBins > 0 ? cs->ortBins : 1) * sizeof *c->counts);
  c->edges = pt2eAlloc((size_t)(ne > 0 ? ne : 1) * sizeof *c->edges);
  c->bins = pt2eAlloc((size_t)(n > 0 ? n : 1) * sizeof *c->bins);
  c->mm = pt2eAlloc((size_t)(n > 0 ? 2 * n : 1) * sizeof *c->mm);
  c->ranges = pt2eAlloc((size_t)(n > 0 ? 2 * n : 1) * sizeof *c->ranges);
  return c->counts && c->edges && c->bins && c->mm && c->ranges;
}

static void channelStatsFree(ChannelStats *c) {
  pt2eFree(c->counts);
  pt2eFree(c->edges);
  pt2eFree(c->bins);
  pt2eFree(c->mm);
  pt2eFree(c->ranges);
}

/* Restores the stats into 'obs' as pt2e-calibrate restores them, then
** each channel's range into c->ranges (0, 0 for one that saw nothing). */
static Pt2eNumStatus channelRanges(Pt2eObserver *obs, const Pt2eCalibratedStats *cs,
                                   ChannelStats *c) {
  intptr_t n = cs->numChannels;
  pt2eCalibratedCopyOrtStats(cs, c->counts, c->edges);
  pt2eCalibratedCopyChannelBins(cs, c->bins);
  pt2eCalibratedCopyStats(cs, c->mm, c->mm + n, NULL);
  Pt2eObserverStats s = {n, c->mm, c->mm + n, 0, NULL, cs->ortBins, c->counts, c->edges,
                         c->bins};
  Pt2eNumStatus st = pt2eObserverSetStats(obs, &s);
  for (intptr_t ch = 0; st == Pt2eNumOk && ch < n; ch++) {
    st = pt2eObserverComputeChannelRange(obs, ch, &c->ranges[2 * ch], &c->ranges[2 * ch + 1]);
    if (st == Pt2eNumDefaulted) { /* a channel that saw nothing */
      c->ranges[2 * ch] = c->ranges[2 * ch + 1] = 0.0f;
      st = Pt2eNumOk;
    }
  }
  return st;
}

/*
** Per-channel histograms of an ONNX Runtime kind: each channel's range,
** from the stats restored as pt2e-calibrate restores them.
*/
static MlirLogicalResult ortChannelRanges(Pt2eReportRow *row) {
  MlirLocation loc = mlirOperationGetLocation(row->op);
  Pt2eObserver *obs = pt2eObserverCreate(&row->spec.quant, 0);
  ChannelStats c;
  bool allocated = channelStatsAlloc(&c, &row->stats);
  MlirLogicalResult r = mlirLogicalResultSuccess();
  if (!obs || !allocated) {
    r = pt2eOutOfMemory(loc, "'pt2e-report'");
  } else if (channelRanges(obs, &row->stats, &c) != Pt2eNumOk) {
    r = observerFailure(row, loc, obs);
  } else {
    row->hasRange = true;
    row->numRanges = row->stats.numChannels;
    row->ranges = c.ranges;
    c.ranges = NULL;
  }
  pt2eObserverDestroy(obs);
  channelStatsFree(&c);
  return r;
}

/*
** An ONNX Runtime kind's range, recomputed from its 'stats' histogram as
** pt2e-calibrate computed it; a histogram the method refuses is an error
** at the op, as it is for pt2e-calibrate.
*/
static MlirLogicalResult ortRange(Pt2eReportRow *row) {
  const Pt2eCalibratedStats *cs = &row->stats;
  row->hasRange = false;
  if (row->spec.kind != Pt2eSpecQuant || cs->ortBins < 1 ||
      pt2eObserverKindInfo(row->spec.quant.observer)->ort == Pt2eOrtNone)
    return mlirLogicalResultSuccess();
  if (pt2eObserverIsChannelHistogram(&row->spec.quant))
    return ortChannelRanges(row);
  MlirLocation loc = mlirOperationGetLocation(row->op);
  Pt2eObserver *obs = pt2eObserverCreate(&row->spec.quant, 0);
  int64_t *counts = pt2eAlloc((size_t)cs->ortBins * sizeof *counts);
  float *edges = pt2eAlloc((size_t)(cs->ortBins + 1) * sizeof *edges);
  MlirLogicalResult r = mlirLogicalResultSuccess();
  if (!obs || !counts || !edges) {
    r = pt2eOutOfMemory(loc, "'pt2e-report'");
    goto done;
  }
  pt2eCalibratedCopyOrtStats(cs, counts, edges);
  float mn = pt2eCalibratedStatsMin(cs, 0), mx = pt2eCalibratedStatsMax(cs, 0);
  Pt2eObserverStats s = {1, &mn, &mx, 0, NULL, cs->ortBins, counts, edges, NULL};
  if (pt2eObserverSetStats(obs, &s) != Pt2eNumOk ||
      pt2eObserverComputeRange(obs, &row->rangeLo, &row->rangeHi) != Pt2eNumOk) {
    r = observerFailure(row, loc, obs);
    goto done;
  }
  row->hasRange = true;
done:
  pt2eObserverDestroy(obs);
  pt2eFree(counts);
  pt2eFree(edges);
  return r;
}

bool pt2eReportRowHasFloatZeros(const Pt2eReportRow *row) {
  if (row->kind == Pt2eReportQdq)
    return !mlirAttributeIsNull(row->floatZeros);
  return row->spec.kind == Pt2eSpecQuant &&
         pt2eQSchemeHasFloatZero(row->spec.quant.qscheme) &&
         row->n > 0 && row->stats.present && row->stats.numChannels == row->n;
}

float pt2eReportRowFloatZero(const Pt2eReportRow *row, intptr_t i) {
  if (row->kind == Pt2eReportQdq)
    return mlirDenseElementsAttrIsSplat(row->floatZeros)
               ? mlirDenseElementsAttrGetFloatSplatValue(row->floatZeros)
               : mlirDenseElementsAttrGetFloatValue(row->floatZeros, i);
  return pt2eFloatZeroPoint(pt2eCalibratedStatsMin(&row->stats, i),
                            pt2eCalibratedScale(&row->qp, i),
                            row->spec.quant.quantMin, row->spec.quant.quantMax);
}

MlirLogicalResult pt2eReportRowRead(MlirOperation op, Pt2eReportRow *row) {
  memset(row, 0, sizeof *row);
  row->op = op;
  if (pt2eIsDynamicQdq(op)) {
    /* its spec only: no qparams or statistics exist before it runs */
    row->kind = Pt2eReportDynamic;
    MlirAttribute spec = pt2eQuantOpGetSpec(op);
    if (pt2eQuantOpGetName(op).length == 0 || mlirAttributeIsNull(spec))
      return pt2eEmitError(mlirOperationGetLocation(op), "'pt2e-report': "
                           "pt2e.dynamic_qdq needs 'name' and 'spec'");
    return pt2eSpecParse(spec, mlirOperationGetLocation(op), PT2E_ATTR_SPEC,
                         &row->spec);
  }
  if (!pt2eIsQuantOp(op)) {
    row->kind = Pt2eReportQdq;
    row->isScast = pt2eOpIs(op, "quant.scast");
    MlirType t = mlirValueGetType(mlirOperationGetResult(op, 0));
    MlirType elem = mlirTypeIsAShaped(t) ? mlirShapedTypeGetElementType(t) : t;
    if (mlirTypeIsAUniformQuantizedType(elem)) {
      row->quant = elem;
      row->n = 1;
    } else if (mlirTypeIsAUniformQuantizedPerAxisType(elem)) {
      row->quant = elem;
      row->n = mlirUniformQuantizedPerAxisTypeGetNumDims(elem);
    } else if (mlirTypeIsAUniformQuantizedSubChannelType(elem)) {
      /* block-wise (8da4w's groups): one scale per block */
      row->quant = elem;
      row->n = mlirElementsAttrGetNumElements(
          mlirUniformQuantizedSubChannelTypeGetScales(elem));
      row->floatZeros = pt2eConvertFloatZerosAfter(op, row->n, NULL);
    }
    return mlirLogicalResultSuccess();
  }
  MlirLocation loc = mlirOperationGetLocation(op);
  Pt2eCalibratedError err;
  row->kind = pt2eIsFakeQuant(op) ? Pt2eReportFakeQuant : Pt2eReportObserver;
  if (mlirLogicalResultIsFailure(pt2eDialectRequire(
          mlirOperationGetContext(op), loc, "pt2e-report")) ||
      mlirLogicalResultIsFailure(pt2eVerifyQuantOp(op)) ||
      mlirLogicalResultIsFailure(
          pt2eSpecParse(pt2eQuantOpGetSpec(op), loc, PT2E_ATTR_SPEC, &row->spec)))
    return mlirLogicalResultFailure();
  if (!pt2eCalibratedReadQParams(op, &row->spec, &row->qp, &err) ||
      !pt2eCalibratedReadStats(op, &row->spec, &row->stats, &err))
    return pt2eCalibratedEmitError(op, "pt2e-report", &err);
  row->n = row->qp.n;
  return ortRange(row);
}

/* }===================================================================== */

/* {=====================================================================
** What a row says
** ====================================================================== */

int64_t pt2eReportRowGroups(const Pt2eReportRow *row) {
  if (row->kind != Pt2eReportDynamic)
    return (int64_t)row->n;
  if (!pt2eQSchemeIsPerGroup(row->spec.quant.qscheme))
    return 1;
  Pt2eCalibratedError err;
  int64_t groups;
  MlirType t = mlirValueGetType(mlirOperationGetOperand(row->op, 0));
  return pt2eCalibratedGroupCount(t, &row->spec, &groups, &err) ? groups : -1;
}

int64_t pt2eReportRowGroupSize(const Pt2eReportRow *row) {
  if (row->kind != Pt2eReportQdq)
    return pt2eQSchemeIsPerGroup(row->spec.quant.qscheme) &&
                   row->spec.kind != Pt2eSpecShared
               ? row->spec.quant.groupSize
               : -1;
  if (mlirTypeIsNull(row->quant) ||
      !mlirTypeIsAUniformQuantizedSubChannelType(row->quant))
    return -1;
  int64_t most = 1; /* the largest block: the group along its axis */
  for (intptr_t p = 0; p < mlirUniformQuantizedSubChannelTypeGetNumBlockSizes(row->quant); p++) {
    int64_t b = mlirUniformQuantizedSubChannelTypeGetBlockSize(row->quant, p);
    most = b > most ? b : most;
  }
  return most;
}

float pt2eReportRowScale(const Pt2eReportRow *row, intptr_t i) {
  if (row->kind == Pt2eReportQdq &&
      mlirTypeIsAUniformQuantizedSubChannelType(row->quant)) {
    MlirAttribute sc = mlirUniformQuantizedSubChannelTypeGetScales(row->quant);
    return mlirTypeIsAF64(mlirShapedTypeGetElementType(mlirAttributeGetType(sc)))
               ? (float)mlirDenseElementsAttrGetDoubleValue(sc, i)
               : mlirDenseElementsAttrGetFloatValue(sc, i);
  }
  if (row->kind == Pt2eReportQdq)
    return (float)(mlirTypeIsAUniformQuantizedType(row->quant)
                       ? mlirUniformQuantizedTypeGetScale(row->quant)
                       : mlirUniformQuantizedPerAxisTypeGetScale(row->quant, i));
  return pt2eCalibratedScale(&row->qp, i);
}

int64_t pt2eReportRowZeroPoint(const Pt2eReportRow *row, intptr_t i) {
  if (row->kind == Pt2eReportQdq &&
      mlirTypeIsAUniformQuantizedSubChannelType(row->quant))
    return pt2eConstIntAt(mlirUniformQuantizedSubChannelTypeGetZeroPoints(row->quant), i);
  if (row->kind == Pt2eReportQdq)
    return mlirTypeIsAUniformQuantizedType(row->quant)
               ? mlirUniformQuantizedTypeGetZeroPoint(row->quant)
               : mlirUniformQuantizedPerAxisTypeGetZeroPoint(row->quant, i);
  return pt2eCalibratedZeroPoint(&row->qp, i);
}

MlirStringRef pt2eReportRowName(const Pt2eReportRow *row) {
  if (row->kind != Pt2eReportQdq)
    return pt2eQuantOpGetName(row->op);
  return mlirStringAttrGetValue(pt2eQdqGetName(row->op));
}

/*
** The storage type of a !quant.uniform as a spec dtype ("i8", "ui16", "i4"),
** or NULL for one the spec has no name for (i2, say).
*/
static const char *storageDTypeName(MlirType quant) {
  unsigned bits = mlirQuantizedTypeGetStorageTypeIntegralWidth(quant);
  bool isUnsigned = !mlirQuantizedTypeIsSigned(quant);
  for (int d = 0; d < pt2eDTypeCount(); d++) {
    const Pt2eDTypeInfo *info = pt2eDTypeInfo((Pt2eDType)d);
    if (info->bits == bits && info->isUnsigned == isUnsigned)
      return info->name;
  }
  return NULL;
}

const char *pt2eReportRowDType(const Pt2eReportRow *row) {
  if (row->kind == Pt2eReportQdq)
    return mlirTypeIsNull(row->quant) ? NULL : storageDTypeName(row->quant);
  if (row->spec.kind == Pt2eSpecShared)
    return NULL;
  return pt2eDTypeName(row->spec.quant.dtype);
}

/*
** Whether the values of a bin spanning [lo, hi] count as clipped against
** [rlo, rhi]: the bin is first cut to the observed [mn, mx] (no value lies
** outside it: a constant 0.1 sits at 0.1, not at its bin's middle), then
** its middle is clipped when it lies beyond [rlo, rhi] by more than
** 'half' (half a quantization step): a value that rounds onto the grid's
** end is represented as well as any other, not clipped.
*/
static bool binClipped(double lo, double hi, double mn, double mx, double rlo,
                       double rhi, double half) {
  if (lo < mn)
    lo = mn;
  if (hi > mx)
    hi = mx;
  double mid = lo <= hi ? 0.5 * (lo + hi) : (lo > mx ? mx : mn);
  return mid < rlo - half || mid > rhi + half;
}

/*
** The clipped share (pt2eReportRowClipped) by an ONNX Runtime kind's
** histogram (counts, edges): each bin (cut to min/max) by binClipped. The
** |x| histogram of a symmetric percentile counts signed values only when
** all of them have one sign (min >= 0: as they are; max <= 0: negated);
** otherwise unknown.
*/
static double ortClipped(const Pt2eReportRow *row, double rlo, double rhi,
                         double half) {
  const Pt2eCalibratedStats *st = &row->stats;
  const Pt2eQuantSpec *q = &row->spec.quant;
  bool absolute = pt2eObserverKindInfo(q->observer)->ort == Pt2eOrtPercentile &&
                  q->symmetric;
  double sign = 1.0;
  if (absolute) {
    if (pt2eCalibratedStatsMin(st, 0) >= 0.0f)
      sign = 1.0;
    else if (pt2eCalibratedStatsMax(st, 0) <= 0.0f)
      sign = -1.0;
    else
      return -1;
  }
  double total = 0, clipped = 0;
  double mn = pt2eCalibratedStatsMin(st, 0), mx = pt2eCalibratedStatsMax(st, 0);
  for (intptr_t i = 0; i < st->ortBins; i++) {
    double c = (double)mlirDenseI64ArrayGetElement(st->counts, i);
    double e0 = sign * (double)mlirDenseF32ArrayGetElement(st->edges, i);
    double e1 = sign * (double)mlirDenseF32ArrayGetElement(st->edges, i + 1);
    total += c;
    if (c > 0 && binClipped(e0 < e1 ? e0 : e1, e0 < e1 ? e1 : e0, mn, mx, rlo,
                            rhi, half))
      clipped += c;
  }
  return total > 0 ? clipped / total : -1;
}

/* A Histogram observer's bins against [(qmin - zp) * s, (qmax - zp) * s]
** widened by half a step (binClipped). */
double pt2eReportRowClipped(const Pt2eReportRow *row) {
  const Pt2eCalibratedStats *st = &row->stats;
  if (row->kind == Pt2eReportQdq || row->n != 1 || !st->present ||
      st->numChannels < 1 || (st->numBins < 1 && st->ortBins < 1))
    return -1;
  double s = pt2eReportRowScale(row, 0), z = (double)pt2eReportRowZeroPoint(row, 0);
  double rlo = ((double)row->spec.quant.quantMin - z) * s;
  double rhi = ((double)row->spec.quant.quantMax - z) * s;
  double half = 0.5 * s;
  if (st->ortBins > 0)
    return ortClipped(row, rlo, rhi, half);
  double a = pt2eCalibratedStatsMin(st, 0), b = pt2eCalibratedStatsMax(st, 0);
  intptr_t bins = st->numBins;
  double total = 0, clipped = 0, width = (b - a) / (double)bins;
  for (intptr_t i = 0; i < bins; i++) {
    double c = pt2eCalibratedStatsBin(st, i);
    total += c;
    if (c > 0 && binClipped(a + width * (double)i, a + width * (double)(i + 1), a,
                            b, rlo, rhi, half))
      clipped += c;
  }
  return total > 0 ? clipped / total : -1;
}

const char *pt2eReportRowObserver(const Pt2eReportRow *row, char *buf,
                                  size_t size) {
  if (row->kind == Pt2eReportQdq || row->spec.kind != Pt2eSpecQuant)
    return "-";
  const Pt2eQuantSpec *q = &row->spec.quant;
  const Pt2eObserverKindInfo *k = pt2eObserverKindInfo(q->observer);
  if (pt2eObserverIsChannelHistogram(q)) {
    /* per-channel histograms: the kind, its bins and the axis */
    snprintf(buf, size, "%s %lld bins/ch %lld", k->name, (long long)q->bins,
             (long long)q->chAxis);
    return buf;
  }
  switch (k->ort) {
  case Pt2eOrtPercentile:
    snprintf(buf, size, "%s %.9g %s %lld bins", k->name, q->percentile,
             q->symmetric ? "sym" : "asym", (long long)q->bins);
    return buf;
  case Pt2eOrtEntropy:
    snprintf(buf, size, "%s %lld/%lld bins", k->name,
             (long long)q->numQuantizedBins, (long long)q->bins);
    return buf;
  case Pt2eOrtDistribution:
    snprintf(buf, size, "%s %lld bins", k->name, (long long)q->bins);
    return buf;
  case Pt2eOrtNone:
    break;
  }
  return k->name;
}

/* }===================================================================== */
