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
**   pt2e-report{output=report.txt}   write to a file instead
**
** qparams lines read:
**   activation_post_process_0 scale=3d03a34d zero_point=-1
** with comma-separated lists for per-channel ops, and 'scale=none' for ops
** without qparams yet.
*/
#include "pt2e_passes.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Quant.h"

#include "pt2e_dialect.h"
#include "pt2e_support.h"

enum { OptFormat, OptOutput, NumOptions };

static const Pt2eOptionDecl reportOptions[NumOptions] = {
    [OptFormat] = {"format", Pt2eOptionString,
                   "table (readable) or qparams (exact, for diffs)", "table",
                   false},
    [OptOutput] = {"output", Pt2eOptionString,
                   "file to write ('-' for stdout)", "-", false},
};

static MlirAttribute attr(MlirOperation op, const char *name) {
  return mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
}

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

typedef struct ReportState {
  FILE *out;
  bool qparams;
  int count;
} ReportState;

/*
** One row's qparams, wherever they live: the 'scale' / 'zero_point'
** attributes of an observer or fake-quant op, or the !quant.uniform type of
** the value a Q-DQ pair's quant.qcast / quant.scast produces.
*/
typedef struct QParams {
  MlirAttribute scales, zeroPoints; /* observer / fake_quant */
  MlirType quant;                   /* Q-DQ pair */
  intptr_t n;                       /* 0: none yet */
} QParams;

static QParams qparamsOf(MlirOperation op) {
  QParams q = {{NULL}, {NULL}, {NULL}, 0};
  if (!pt2eIsQuantOp(op)) {
    MlirType t = mlirValueGetType(mlirOperationGetResult(op, 0));
    q.quant = mlirTypeIsAShaped(t) ? mlirShapedTypeGetElementType(t) : t;
    if (mlirTypeIsAUniformQuantizedType(q.quant))
      q.n = 1;
    else if (mlirTypeIsAUniformQuantizedPerAxisType(q.quant))
      q.n = mlirUniformQuantizedPerAxisTypeGetNumDims(q.quant);
    return q;
  }
  q.scales = attr(op, PT2E_ATTR_SCALE);
  q.zeroPoints = attr(op, PT2E_ATTR_ZERO_POINT);
  if (!mlirAttributeIsNull(q.scales) && mlirAttributeIsADenseF32Array(q.scales) &&
      !mlirAttributeIsNull(q.zeroPoints) && mlirAttributeIsADenseI64Array(q.zeroPoints))
    q.n = mlirDenseArrayGetNumElements(q.scales);
  return q;
}

static float scaleAt(const QParams *q, intptr_t i) {
  if (!mlirTypeIsNull(q->quant))
    return (float)(mlirTypeIsAUniformQuantizedType(q->quant)
                       ? mlirUniformQuantizedTypeGetScale(q->quant)
                       : mlirUniformQuantizedPerAxisTypeGetScale(q->quant, i));
  return mlirDenseF32ArrayGetElement(q->scales, i);
}

static int64_t zeroPointAt(const QParams *q, intptr_t i) {
  if (!mlirTypeIsNull(q->quant))
    return mlirTypeIsAUniformQuantizedType(q->quant)
               ? mlirUniformQuantizedTypeGetZeroPoint(q->quant)
               : mlirUniformQuantizedPerAxisTypeGetZeroPoint(q->quant, i);
  return mlirDenseI64ArrayGetElement(q->zeroPoints, i);
}

/* The row's name: the op's 'name', or the Q-DQ pair's 'pt2e.name'. */
static MlirStringRef rowName(MlirOperation op) {
  if (pt2eIsQuantOp(op))
    return pt2eQuantOpGetName(op);
  return mlirStringAttrGetValue(attr(op, PT2E_QDQ_NAME_ATTR));
}

static void printQParams(FILE *out, MlirOperation op) {
  MlirStringRef name = rowName(op);
  QParams q = qparamsOf(op);
  fprintf(out, "%.*s scale=", (int)name.length, name.data);
  if (q.n == 0) {
    fprintf(out, "none\n");
    return;
  }
  for (intptr_t i = 0; i < q.n; i++)
    fprintf(out, "%s%08x", i ? "," : "", bitsOf(scaleAt(&q, i)));
  fprintf(out, " zero_point=");
  for (intptr_t i = 0; i < q.n; i++)
    fprintf(out, "%s%lld", i ? "," : "", (long long)zeroPointAt(&q, i));
  fprintf(out, "\n");
}

/*
** The share of the observed values (by the Histogram's bins, so to the
** width of a bin) that fall outside what the qparams represent:
** [(qmin - zp) * s, (qmax - zp) * s]. Negative when unknown.
*/
static double clippedShare(MlirOperation op, const QParams *q) {
  MlirAttribute stats = attr(op, "stats"), spec = attr(op, PT2E_ATTR_SPEC);
  if (q->n != 1 || mlirAttributeIsNull(stats) || !mlirAttributeIsADictionary(stats) ||
      mlirAttributeIsNull(spec) || !mlirAttributeIsADictionary(spec))
    return -1;
  MlirAttribute h = mlirDictionaryAttrGetElementByName(stats, mlirStringRefCreateFromCString("histogram"));
  MlirAttribute mn = mlirDictionaryAttrGetElementByName(stats, mlirStringRefCreateFromCString("min"));
  MlirAttribute mx = mlirDictionaryAttrGetElementByName(stats, mlirStringRefCreateFromCString("max"));
  MlirAttribute lo = mlirDictionaryAttrGetElementByName(spec, mlirStringRefCreateFromCString("quant_min"));
  MlirAttribute hi = mlirDictionaryAttrGetElementByName(spec, mlirStringRefCreateFromCString("quant_max"));
  if (mlirAttributeIsNull(h) || !mlirAttributeIsADenseF32Array(h) || mlirAttributeIsNull(mn) ||
      mlirAttributeIsNull(mx) || mlirAttributeIsNull(lo) || mlirAttributeIsNull(hi) ||
      !mlirAttributeIsAInteger(lo) || !mlirAttributeIsAInteger(hi))
    return -1;
  double s = scaleAt(q, 0), z = (double)zeroPointAt(q, 0);
  double rlo = ((double)mlirIntegerAttrGetValueInt(lo) - z) * s;
  double rhi = ((double)mlirIntegerAttrGetValueInt(hi) - z) * s;
  double a = mlirDenseF32ArrayGetElement(mn, 0), b = mlirDenseF32ArrayGetElement(mx, 0);
  intptr_t bins = mlirDenseArrayGetNumElements(h);
  double total = 0, clipped = 0, width = (b - a) / (double)bins;
  for (intptr_t i = 0; i < bins; i++) {
    double c = mlirDenseF32ArrayGetElement(h, i), mid = a + width * ((double)i + 0.5);
    total += c;
    if (mid < rlo || mid > rhi)
      clipped += c;
  }
  return total > 0 ? clipped / total : -1;
}

static void printRow(FILE *out, MlirOperation op) {
  MlirStringRef name = rowName(op);
  MlirAttribute spec = attr(op, PT2E_ATTR_SPEC);
  MlirAttribute kindAttr = mlirAttributeIsNull(spec)
                               ? spec
                               : mlirDictionaryAttrGetElementByName(
                                     spec, mlirStringRefCreateFromCString("observer"));
  MlirStringRef kind = !mlirAttributeIsNull(kindAttr) && mlirAttributeIsAString(kindAttr)
                           ? mlirStringAttrGetValue(kindAttr)
                           : mlirStringRefCreateFromCString("-");
  char watches[160];
  describeInput(op, watches, sizeof watches);
  const char *opKind = pt2eIsFakeQuant(op) ? "fake_quant"
                       : pt2eIsObserver(op) ? "observer"
                       : pt2eStringRefIs(mlirIdentifierStr(mlirOperationGetName(op)), "quant.scast")
                           ? "q-dq (int)" : "q-dq";
  fprintf(out, "%-28.*s %-10s %-24s %-34.*s", (int)name.length, name.data,
          opKind, watches, (int)kind.length, kind.data);
  QParams q = qparamsOf(op);
  if (q.n > 0) {
    fprintf(out, " %4ld  ", (long)q.n);
    for (intptr_t i = 0; i < q.n && i < 3; i++)
      fprintf(out, "%s%.6g/%lld", i ? " " : "", (double)scaleAt(&q, i),
              (long long)zeroPointAt(&q, i));
    if (q.n > 3)
      fprintf(out, " ... (%ld)", (long)q.n);
  } else {
    fprintf(out, "    -  (no qparams)");
  }
  double clip = clippedShare(op, &q);
  if (clip >= 0)
    fprintf(out, "  clipped %.3g%%", 100.0 * clip);
  MlirAttribute stats = attr(op, "stats");
  if (!mlirAttributeIsNull(stats) && mlirAttributeIsADictionary(stats)) {
    MlirAttribute mn = mlirDictionaryAttrGetElementByName(stats, mlirStringRefCreateFromCString("min"));
    MlirAttribute mx = mlirDictionaryAttrGetElementByName(stats, mlirStringRefCreateFromCString("max"));
    if (!mlirAttributeIsNull(mn) && mlirAttributeIsADenseF32Array(mn) &&
        mlirDenseArrayGetNumElements(mn) > 0 && !mlirAttributeIsNull(mx) &&
        mlirAttributeIsADenseF32Array(mx) && mlirDenseArrayGetNumElements(mx) > 0)
      fprintf(out, "  min/max %.6g/%.6g%s", (double)mlirDenseF32ArrayGetElement(mn, 0),
              (double)mlirDenseF32ArrayGetElement(mx, 0),
              mlirDenseArrayGetNumElements(mn) > 1 ? " ..." : "");
  }
  fprintf(out, "  @ ");
  mlirLocationPrint(mlirOperationGetLocation(op), printLocation, out);
  fprintf(out, "\n");
}

/* Observers, fake-quant ops, and the Q-DQ pairs pt2e-convert made. */
static bool isRow(MlirOperation op) {
  if (pt2eIsQuantOp(op))
    return true;
  MlirAttribute n = attr(op, PT2E_QDQ_NAME_ATTR);
  return !mlirAttributeIsNull(n) && mlirAttributeIsAString(n) &&
         mlirOperationGetNumResults(op) == 1;
}

static MlirWalkResult reportOp(MlirOperation op, void *userData) {
  ReportState *st = userData;
  if (!isRow(op))
    return MlirWalkResultAdvance;
  st->count++;
  if (st->qparams)
    printQParams(st->out, op);
  else
    printRow(st->out, op);
  return MlirWalkResultAdvance;
}

static MlirLogicalResult reportRun(MlirOperation module,
                                   const Pt2eOptionValue *options) {
  MlirLocation loc = mlirOperationGetLocation(module);
  MlirStringRef format = options[OptFormat].stringValue;
  MlirStringRef output = options[OptOutput].stringValue;
  ReportState st = {stdout, false, 0};
  if (pt2eStringRefIs(format, "qparams"))
    st.qparams = true;
  else if (!pt2eStringRefIs(format, "table"))
    return pt2eEmitError(loc, "'pt2e-report': unknown format '%.*s' (table or qparams)",
                         (int)format.length, format.data);
  char path[4096];
  snprintf(path, sizeof path, "%.*s", (int)output.length, output.data);
  if (strcmp(path, "-") != 0) {
    st.out = fopen(path, "w");
    if (!st.out)
      return pt2eEmitError(loc, "'pt2e-report': cannot write '%s': %s", path,
                           strerror(errno));
  }
  if (!st.qparams)
    fprintf(st.out, "%-28s %-10s %-24s %-34s %5s  %s\n", "name", "op", "watches",
            "observer", "#qp", "scale/zero_point  clipped  min/max  @ location");
  mlirOperationWalk(module, reportOp, &st, MlirWalkPreOrder);
  if (!st.qparams)
    fprintf(st.out, "%d row%s\n", st.count, st.count == 1 ? "" : "s");
  fflush(st.out);
  if (st.out != stdout)
    fclose(st.out);
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
