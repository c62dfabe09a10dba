/*
** report.c
** pt2e-report: prints every pt2e.observer / pt2e.fake_quant of the module,
** and every Q-DQ pair pt2e-convert made of one (its quant.qcast or
** quant.scast keeps the observer's name in 'pt2e.name'), without changing
** the module. After convert, the qparams format prints the same lines as
** before it.
**
**   pt2e-report                      a readable table (stdout)
**   pt2e-report{format=qparams}      one line per op, exact: scales as f32
**                                    bit patterns, for diffs against goldens
**   pt2e-report{format=json}         a JSON list, one object per row, with
**                                    stable keys (report_json.c; the schema
**                                    is docs/report.md)
**   pt2e-report{output=report.txt}   write to a file instead
**
** qparams lines read:
**   activation_post_process_0 scale=3d03a34d zero_point=-1
** with comma-separated lists for per-channel ops, and 'scale=none' for ops
** without qparams yet.
**
** Every row is read and checked (pt2e_calibrated.h) before the first line
** is written: an op with a malformed spec, 'scale', 'zero_point' or 'stats'
** fails the pass at its location and nothing is printed.
*/
#include "pt2e_passes.h"
#include "report.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Quant.h"

#include "observers.h"
#include "pt2e_alloc.h"
#include "pt2e_calibrated.h"
#include "pt2e_dialect.h"
#include "pt2e_file.h"
#include "pt2e_spec.h"
#include "pt2e_support.h"

enum { OptFormat, OptOutput, NumOptions };

static const Pt2eOptionDecl reportOptions[NumOptions] = {
    [OptFormat] = {"format", Pt2eOptionString,
                   "table (readable), qparams (exact, for diffs) or json (for programs)", "table",
                   false},
    [OptOutput] = {"output", Pt2eOptionString,
                   "file to write ('-' for stdout)", "-", false},
};

static uint32_t bitsOf(float f) {
  uint32_t u;
  memcpy(&u, &f, sizeof u);
  return u;
}

/* What the op watches: "arg0" or the producing op and result number. */
static void describeInput(MlirOperation op, char *buf, size_t size) {
  MlirValue v = mlirOperationGetOperand(op, 0);
  if (mlirValueIsABlockArgument(v)) {
    snprintf(buf, size, "arg%ld", (long)mlirBlockArgumentGetArgNumber(v));
    return;
  }
  MlirOperation def = mlirOpResultGetOwner(v);
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(def));
  snprintf(buf, size, "%.*s#%ld", (int)n.length, n.data,
           (long)mlirOpResultGetResultNumber(v));
}

static void printLocation(MlirStringRef s, void *userData) {
  fwrite(s.data, 1, s.length, (FILE *)userData);
}

typedef enum ReportFormat { FormatTable, FormatQParams, FormatJson } ReportFormat;

typedef struct ReportState {
  FILE *out;
  ReportFormat format;
  Pt2eJson json;
  int count;
} ReportState;

/*
** An ONNX Runtime kind's range, recomputed from its 'stats' histogram as
** pt2e-calibrate computed it; a histogram the method refuses is an error
** at the op, as it is for pt2e-calibrate.
*/
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

/*
** Per-channel histograms of an ONNX Runtime kind: each channel's range,
** from the stats restored as pt2e-calibrate restores them.
*/
static MlirLogicalResult ortChannelRanges(Pt2eReportRow *row) {
  const Pt2eCalibratedStats *cs = &row->stats;
  MlirLocation loc = mlirOperationGetLocation(row->op);
  intptr_t n = cs->numChannels, ne = pt2eCalibratedOrtNumEdges(cs);
  Pt2eObserver *obs = pt2eObserverCreate(&row->spec.quant, 0);
  int64_t *counts = pt2eAlloc((size_t)(cs->ortBins > 0 ? cs->ortBins : 1) * sizeof *counts);
  float *edges = pt2eAlloc((size_t)(ne > 0 ? ne : 1) * sizeof *edges);
  int64_t *bins = pt2eAlloc((size_t)(n > 0 ? n : 1) * sizeof *bins);
  float *mm = pt2eAlloc((size_t)(n > 0 ? 2 * n : 1) * sizeof *mm);
  float *ranges = pt2eAlloc((size_t)(n > 0 ? 2 * n : 1) * sizeof *ranges);
  MlirLogicalResult r = mlirLogicalResultSuccess();
  if (!obs || !counts || !edges || !bins || !mm || !ranges) {
    r = pt2eOutOfMemory(loc, "'pt2e-report'");
    goto done;
  }
  pt2eCalibratedCopyOrtStats(cs, counts, edges);
  pt2eCalibratedCopyChannelBins(cs, bins);
  pt2eCalibratedCopyStats(cs, mm, mm + n, NULL);
  Pt2eObserverStats s = {n, mm, mm + n, 0, NULL, cs->ortBins, counts, edges, bins};
  Pt2eNumStatus st = pt2eObserverSetStats(obs, &s);
  for (intptr_t c = 0; st == Pt2eNumOk && c < n; c++) {
    st = pt2eObserverComputeChannelRange(obs, c, &ranges[2 * c], &ranges[2 * c + 1]);
    if (st == Pt2eNumDefaulted) { /* a channel that saw nothing */
      ranges[2 * c] = ranges[2 * c + 1] = 0.0f;
      st = Pt2eNumOk;
    }
  }
  if (st != Pt2eNumOk) {
    r = observerFailure(row, loc, obs);
    goto done;
  }
  row->hasRange = true;
  row->numRanges = n;
  row->ranges = ranges;
  ranges = NULL;
done:
  pt2eObserverDestroy(obs);
  pt2eFree(counts);
  pt2eFree(edges);
  pt2eFree(bins);
  pt2eFree(mm);
  pt2eFree(ranges);
  return r;
}

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

/*
** Reads and checks one row; emits the first problem at the op and fails,
** so that the pass prints nothing for a module it cannot read.
*/
static MlirLogicalResult readRow(MlirOperation op, Pt2eReportRow *row) {
  memset(row, 0, sizeof *row);
  row->op = op;
  if (!pt2eIsQuantOp(op)) {
    row->kind = Pt2eReportQdq;
    row->isScast = pt2eStringRefIs(mlirIdentifierStr(mlirOperationGetName(op)),
                                   "quant.scast");
    MlirType t = mlirValueGetType(mlirOperationGetResult(op, 0));
    MlirType elem = mlirTypeIsAShaped(t) ? mlirShapedTypeGetElementType(t) : t;
    if (mlirTypeIsAUniformQuantizedType(elem)) {
      row->quant = elem;
      row->n = 1;
    } else if (mlirTypeIsAUniformQuantizedPerAxisType(elem)) {
      row->quant = elem;
      row->n = mlirUniformQuantizedPerAxisTypeGetNumDims(elem);
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

float pt2eReportRowScale(const Pt2eReportRow *row, intptr_t i) {
  if (row->kind == Pt2eReportQdq)
    return (float)(mlirTypeIsAUniformQuantizedType(row->quant)
                       ? mlirUniformQuantizedTypeGetScale(row->quant)
                       : mlirUniformQuantizedPerAxisTypeGetScale(row->quant, i));
  return pt2eCalibratedScale(&row->qp, i);
}

int64_t pt2eReportRowZeroPoint(const Pt2eReportRow *row, intptr_t i) {
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

static void printQParams(FILE *out, const Pt2eReportRow *row) {
  MlirStringRef name = pt2eReportRowName(row);
  fprintf(out, "%.*s scale=", (int)name.length, name.data);
  if (row->n == 0) {
    fprintf(out, "none\n");
    return;
  }
  for (intptr_t i = 0; i < row->n; i++)
    fprintf(out, "%s%08x", i ? "," : "", bitsOf(pt2eReportRowScale(row, i)));
  fprintf(out, " zero_point=");
  for (intptr_t i = 0; i < row->n; i++)
    fprintf(out, "%s%lld", i ? "," : "", (long long)pt2eReportRowZeroPoint(row, i));
  fprintf(out, "\n");
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
** The share of the observed values (by the Histogram's bins, so to the
** width of a bin) that fall outside what the qparams represent:
** [(qmin - zp) * s, (qmax - zp) * s]. Negative when unknown.
*/
/*
** The same share by an ONNX Runtime kind's histogram (counts, edges): a
** bin's middle against the range. The |x| histogram of a symmetric
** percentile counts signed values only when all of them have one sign
** (min >= 0: as they are; max <= 0: negated); otherwise unknown.
*/
static double ortClipped(const Pt2eReportRow *row, double rlo, double rhi) {
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
  for (intptr_t i = 0; i < st->ortBins; i++) {
    double c = (double)mlirDenseI64ArrayGetElement(st->counts, i);
    double mid = sign * 0.5 * ((double)mlirDenseF32ArrayGetElement(st->edges, i) +
                               (double)mlirDenseF32ArrayGetElement(st->edges, i + 1));
    total += c;
    if (mid < rlo || mid > rhi)
      clipped += c;
  }
  return total > 0 ? clipped / total : -1;
}

double pt2eReportRowClipped(const Pt2eReportRow *row) {
  const Pt2eCalibratedStats *st = &row->stats;
  if (row->kind == Pt2eReportQdq || row->n != 1 || !st->present ||
      st->numChannels < 1 || (st->numBins < 1 && st->ortBins < 1))
    return -1;
  double s = pt2eReportRowScale(row, 0), z = (double)pt2eReportRowZeroPoint(row, 0);
  double rlo = ((double)row->spec.quant.quantMin - z) * s;
  double rhi = ((double)row->spec.quant.quantMax - z) * s;
  if (st->ortBins > 0)
    return ortClipped(row, rlo, rhi);
  double a = pt2eCalibratedStatsMin(st, 0), b = pt2eCalibratedStatsMax(st, 0);
  intptr_t bins = st->numBins;
  double total = 0, clipped = 0, width = (b - a) / (double)bins;
  for (intptr_t i = 0; i < bins; i++) {
    double c = pt2eCalibratedStatsBin(st, i), mid = a + width * ((double)i + 0.5);
    total += c;
    if (mid < rlo || mid > rhi)
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

static void printRow(FILE *out, const Pt2eReportRow *row) {
  MlirOperation op = row->op;
  MlirStringRef name = pt2eReportRowName(row);
  char label[64];
  const char *kind = pt2eReportRowObserver(row, label, sizeof label);
  char watches[160];
  describeInput(op, watches, sizeof watches);
  const char *opKind = row->kind == Pt2eReportFakeQuant ? "fake_quant"
                       : row->kind == Pt2eReportObserver ? "observer"
                       : row->isScast                    ? "q-dq (int)"
                                                         : "q-dq";
  fprintf(out, "%-28.*s %-10s %-24s %-34s", (int)name.length, name.data,
          opKind, watches, kind);
  if (row->n > 0) {
    fprintf(out, " %4ld  ", (long)row->n);
    /* int8 and an int32 bias are what every table shows; other widths
       (i16 activations, i4 weights) say so before their qparams */
    const char *dtype = pt2eReportRowDType(row);
    unsigned bits = 8;
    for (int d = 0; dtype && d < pt2eDTypeCount(); d++)
      if (strcmp(dtype, pt2eDTypeName((Pt2eDType)d)) == 0)
        bits = pt2eDTypeInfo((Pt2eDType)d)->bits;
    if (bits != 8 && bits != 32)
      fprintf(out, "%s ", dtype);
    for (intptr_t i = 0; i < row->n && i < 3; i++)
      fprintf(out, "%s%.6g/%lld", i ? " " : "", (double)pt2eReportRowScale(row, i),
              (long long)pt2eReportRowZeroPoint(row, i));
    if (row->n > 3)
      fprintf(out, " ... (%ld)", (long)row->n);
  } else {
    fprintf(out, "    -  (no qparams)");
  }
  double clip = pt2eReportRowClipped(row);
  if (clip >= 0)
    fprintf(out, "  clipped %.3g%%", 100.0 * clip);
  const Pt2eCalibratedStats *st = &row->stats;
  if (st->present && st->numChannels > 0)
    fprintf(out, "  min/max %.6g/%.6g%s", (double)pt2eCalibratedStatsMin(st, 0),
            (double)pt2eCalibratedStatsMax(st, 0), st->numChannels > 1 ? " ..." : "");
  fprintf(out, "  @ ");
  mlirLocationPrint(mlirOperationGetLocation(op), printLocation, out);
  fprintf(out, "\n");
}

/* Observers, fake-quant ops, and the Q-DQ pairs pt2e-convert made. */
static bool isRow(MlirOperation op) {
  if (pt2eIsQuantOp(op))
    return true;
  return !mlirAttributeIsNull(pt2eQdqGetName(op)) &&
         mlirOperationGetNumResults(op) == 1;
}

/* First walk: every row must read back, or nothing is printed. */
static MlirWalkResult checkOp(MlirOperation op, void *userData) {
  bool *failed = userData;
  Pt2eReportRow row;
  if (isRow(op) && mlirLogicalResultIsFailure(readRow(op, &row))) {
    *failed = true;
    pt2eReportRowFree(&row);
    return MlirWalkResultInterrupt;
  }
  if (isRow(op))
    pt2eReportRowFree(&row);
  return MlirWalkResultAdvance;
}

static MlirWalkResult reportOp(MlirOperation op, void *userData) {
  ReportState *st = userData;
  Pt2eReportRow row;
  if (!isRow(op) || mlirLogicalResultIsFailure(readRow(op, &row)))
    return MlirWalkResultAdvance; /* checkOp has read every row already */
  st->count++;
  switch (st->format) {
  case FormatQParams: printQParams(st->out, &row); break;
  case FormatJson: pt2eReportJsonRow(&st->json, &row); break;
  case FormatTable: printRow(st->out, &row); break;
  }
  pt2eReportRowFree(&row);
  return MlirWalkResultAdvance;
}

static MlirLogicalResult reportRun(MlirOperation module,
                                   const Pt2eOptionValue *options) {
  MlirLocation loc = mlirOperationGetLocation(module);
  MlirStringRef format = options[OptFormat].stringValue;
  MlirStringRef output = options[OptOutput].stringValue;
  ReportState st = {.out = stdout, .format = FormatTable, .count = 0};
  if (pt2eStringRefIs(format, "qparams"))
    st.format = FormatQParams;
  else if (pt2eStringRefIs(format, "json"))
    st.format = FormatJson;
  else if (!pt2eStringRefIs(format, "table"))
    return pt2eEmitError(loc, "'pt2e-report': unknown format '%.*s' (table, qparams or json)",
                         (int)format.length, format.data);
  bool failed = false;
  mlirOperationWalk(module, checkOp, &failed, MlirWalkPreOrder);
  if (failed)
    return mlirLogicalResultFailure();
  char path[4096], err[4400];
  snprintf(path, sizeof path, "%.*s", (int)output.length, output.data);
  /* The report file is replaced whole or not at all (pt2e_file.h). */
  Pt2eOutput file;
  if (!pt2eOutputOpen(&file, path, false, err, sizeof err))
    return pt2eEmitError(loc, "'pt2e-report': %s", err);
  st.out = file.file;
  if (st.format == FormatTable)
    fprintf(st.out, "%-28s %-10s %-24s %-34s %5s  %s\n", "name", "op", "watches",
            "observer", "#qp", "scale/zero_point  clipped  min/max  @ location");
  /* One object per line: a list that greps and diffs line by line. */
  pt2eJsonInit(&st.json, st.out, 1);
  if (st.format == FormatJson)
    pt2eJsonBeginArray(&st.json);
  mlirOperationWalk(module, reportOp, &st, MlirWalkPreOrder);
  if (st.format == FormatTable)
    fprintf(st.out, "%d row%s\n", st.count, st.count == 1 ? "" : "s");
  if (st.format == FormatJson) {
    pt2eJsonEndArray(&st.json);
    fputc('\n', st.out);
  }
  if (!pt2eOutputCommit(&file, err, sizeof err))
    return pt2eEmitError(loc, "'pt2e-report': %s", err);
  return mlirLogicalResultSuccess();
}

const Pt2ePassDecl pt2eReportPass = {
    .argument = "pt2e-report",
    .name = "Pt2eReport",
    .summary = "Print every observer and fake-quant op with its qparams and "
               "statistics",
    .anchorOp = "builtin.module",
    .options = reportOptions,
    .numOptions = NumOptions,
    .dependentDialects = NULL,
    .numDependentDialects = 0,
    .run = reportRun,
};
