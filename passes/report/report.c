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
** Every row is read and checked (report_rows.h) before the first line
** is written: an op with a malformed spec, 'scale', 'zero_point' or 'stats'
** fails the pass at its location and nothing is printed.
*/
#include "pt2e_passes.h"

#include <stdio.h>
#include <string.h>

#include "ir_ops.h"
#include "pt2e_calibrated.h"
#include "pt2e_file.h"
#include "pt2e_spec.h"
#include "pt2e_support.h"
#include "report_json.h"
#include "coverage.h"
#include "report_rows.h"

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
  MlirStringRef n = pt2eOpNameOf(mlirOpResultGetOwner(v));
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
  int misses; /* coverage records printed */
} ReportState;

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

/* The table's qparams columns: their number, then at most three
** scale/zero_point pairs (after the dtype when it is not 8 or 32 bits). */
static void printRowQParams(FILE *out, const Pt2eReportRow *row) {
  if (row->n <= 0) {
    fprintf(out, "    -  (no qparams)");
    return;
  }
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
                       : row->kind == Pt2eReportDynamic  ? "dynamic"
                       : row->isScast                    ? "q-dq (int)"
                                                         : "q-dq";
  fprintf(out, "%-28.*s %-10s %-24s %-34s", (int)name.length, name.data,
          opKind, watches, kind);
  printRowQParams(out, row);
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

/* First walk: every row must read back, or nothing is printed. */
static MlirWalkResult checkOp(MlirOperation op, void *userData) {
  bool *failed = userData;
  Pt2eReportRow row;
  if (pt2eReportRowIsRow(op) && mlirLogicalResultIsFailure(pt2eReportRowRead(op, &row))) {
    *failed = true;
    pt2eReportRowFree(&row);
    return MlirWalkResultInterrupt;
  }
  if (pt2eReportRowIsRow(op))
    pt2eReportRowFree(&row);
  return MlirWalkResultAdvance;
}

static MlirWalkResult reportOp(MlirOperation op, void *userData) {
  ReportState *st = userData;
  Pt2eReportRow row;
  if (!pt2eReportRowIsRow(op) || mlirLogicalResultIsFailure(pt2eReportRowRead(op, &row)))
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

/* The coverage record (coverage.h): each op pt2e-annotate left out of
   every quantized unit, with its reason, after the rows. */
static MlirWalkResult reportMiss(MlirOperation op, void *userData) {
  ReportState *st = userData;
  MlirStringRef text = pt2eCoverageGet(op);
  if (!text.data)
    return MlirWalkResultAdvance;
  st->misses++;
  if (st->format == FormatJson) {
    pt2eReportJsonMiss(&st->json, op, text);
  } else if (st->format == FormatTable) {
    MlirStringRef n = pt2eOpNameOf(op);
    fprintf(st->out, "not quantized: '%.*s' @ ", (int)n.length, n.data);
    mlirLocationPrint(mlirOperationGetLocation(op), printLocation, st->out);
    fprintf(st->out, ": %.*s\n", (int)text.length, text.data);
  }
  return MlirWalkResultAdvance;
}

/* Every row in the chosen format, between the table's header and its
** count, or the JSON list's brackets. */
static void printRows(MlirOperation module, ReportState *st) {
  if (st->format == FormatTable)
    fprintf(st->out, "%-28s %-10s %-24s %-34s %5s  %s\n", "name", "op", "watches",
            "observer", "#qp", "scale/zero_point  clipped  min/max  @ location");
  /* One object per line: a list that greps and diffs line by line. */
  pt2eJsonInit(&st->json, st->out, 1);
  if (st->format == FormatJson)
    pt2eJsonBeginArray(&st->json);
  mlirOperationWalk(module, reportOp, st, MlirWalkPreOrder);
  if (st->format == FormatTable)
    fprintf(st->out, "%d row%s\n", st->count, st->count == 1 ? "" : "s");
  mlirOperationWalk(module, reportMiss, st, MlirWalkPreOrder);
  if (st->format == FormatTable && st->misses > 0)
    fprintf(st->out, "%d op%s not quantized\n", st->misses, st->misses == 1 ? "" : "s");
  if (st->format == FormatJson) {
    pt2eJsonEndArray(&st->json);
    fputc('\n', st->out);
  }
}

static MlirLogicalResult reportRun(MlirOperation module,
                                   const Pt2eOptionValue *options) {
  MlirLocation loc = mlirOperationGetLocation(module);
  MlirStringRef format = options[OptFormat].stringValue;
  MlirStringRef output = options[OptOutput].stringValue;
  ReportState st = {.out = stdout, .format = FormatTable, .count = 0, .misses = 0};
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
  char path[4096], err[PT2E_OUTPUT_ERROR_SIZE];
  snprintf(path, sizeof path, "%.*s", (int)output.length, output.data);
  /* The report file is replaced whole or not at all (pt2e_file.h). */
  Pt2eOutput file;
  if (!pt2eOutputOpen(&file, path, false, err, sizeof err))
    return pt2eEmitError(loc, "'pt2e-report': %s", err);
  st.out = file.file;
  printRows(module, &st);
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
