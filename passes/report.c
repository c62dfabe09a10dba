/*
** report.c
** pt2e-report: prints every pt2e.observer / pt2e.fake_quant of the module,
** without changing it.
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

static void printQParams(FILE *out, MlirOperation op) {
  MlirStringRef name = pt2eQuantOpGetName(op);
  MlirAttribute s = attr(op, PT2E_ATTR_SCALE), z = attr(op, PT2E_ATTR_ZERO_POINT);
  fprintf(out, "%.*s scale=", (int)name.length, name.data);
  if (mlirAttributeIsNull(s) || !mlirAttributeIsADenseF32Array(s) ||
      mlirAttributeIsNull(z) || !mlirAttributeIsADenseI64Array(z)) {
    fprintf(out, "none\n");
    return;
  }
  intptr_t n = mlirDenseArrayGetNumElements(s);
  for (intptr_t i = 0; i < n; i++)
    fprintf(out, "%s%08x", i ? "," : "", bitsOf(mlirDenseF32ArrayGetElement(s, i)));
  fprintf(out, " zero_point=");
  for (intptr_t i = 0; i < mlirDenseArrayGetNumElements(z); i++)
    fprintf(out, "%s%lld", i ? "," : "", (long long)mlirDenseI64ArrayGetElement(z, i));
  fprintf(out, "\n");
}

static void printRow(FILE *out, MlirOperation op) {
  MlirStringRef name = pt2eQuantOpGetName(op);
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
  fprintf(out, "%-28.*s %-10s %-24s %-34.*s", (int)name.length, name.data,
          pt2eIsFakeQuant(op) ? "fake_quant" : "observer", watches,
          (int)kind.length, kind.data);
  MlirAttribute s = attr(op, PT2E_ATTR_SCALE), z = attr(op, PT2E_ATTR_ZERO_POINT);
  if (!mlirAttributeIsNull(s) && mlirAttributeIsADenseF32Array(s) &&
      !mlirAttributeIsNull(z) && mlirAttributeIsADenseI64Array(z)) {
    intptr_t n = mlirDenseArrayGetNumElements(s);
    fprintf(out, " %4ld  ", (long)n);
    for (intptr_t i = 0; i < n && i < 3; i++)
      fprintf(out, "%s%.6g/%lld", i ? " " : "", (double)mlirDenseF32ArrayGetElement(s, i),
              (long long)mlirDenseI64ArrayGetElement(z, i));
    if (n > 3)
      fprintf(out, " ...");
  } else {
    fprintf(out, "    -  (no qparams)");
  }
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

static MlirWalkResult reportOp(MlirOperation op, void *userData) {
  ReportState *st = userData;
  if (!pt2eIsQuantOp(op))
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
            "observer", "#qp", "scale/zero_point  min/max  @ location");
  mlirOperationWalk(module, reportOp, &st, MlirWalkPreOrder);
  if (!st.qparams)
    fprintf(st.out, "%d pt2e op%s\n", st.count, st.count == 1 ? "" : "s");
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
