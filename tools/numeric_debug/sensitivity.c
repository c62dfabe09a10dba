/*
** sensitivity.c
** pt2e-numeric-debug --sensitivity (sensitivity.h): the calibrated module
** is converted once in memory (pt2e-convert{fold-weights=false}: every
** point a quant.qcast -> quant.dcast pair on its float value, the same
** numbers as the folded weights); a unit left in float is that module with
** the Q-DQ pairs of the points it owns (units.h) bypassed, run on every
** batch and compared with the float module's outputs. One run per unit per
** batch; the greedy exclusion adds one run per batch per step.
*/
#include "sensitivity.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mlir-c/BuiltinAttributes.h"

#include "calib_data.h"
#include "entry.h"
#include "interp.h"
#include "ir_ops.h"
#include "json_writer.h"
#include "pass_progress.h"
#include "pt2e_dialect.h"
#include "pt2e_file.h"
#include "pt2e_passes.h"
#include "pt2e_support.h"
#include "units.h"
#include "numeric_debug/svg_rows.h"
#include "support/tool_output.h"

#define TOOL "pt2e-numeric-debug"

/* A run of the mode: the model, its units, the float model's outputs and
** the converted clone each evaluation starts from (freed by freeSens). */
typedef struct Sens {
  const SensitivityOptions *o;
  MlirModule module;     /* the calibrated model as read */
  SensUnits u;
  Pt2eInterp *floatInterp;
  MlirOperation quantOp; /* the converted clone, never run itself */
  MlirStringRef entry;
  Pt2eCalibData *data;
  MlirLocation loc;
  int64_t batches;
  int numOutputs;
  Pt2eTensor **floatOut; /* batches x numOutputs */
  double *ref2;          /* per output, sum x^2 over the batches */
  double start;
  Pt2eProgress line;      /* evaluations done, for people watching */
} Sens;

typedef struct Step {
  int unit;
  double sqnr;
  bool kept; /* it raised the output SQNR: it stays in float */
} Step;

static double nowSeconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static double sqnrDb(double ref2, double err2) {
  if (isnan(ref2) || isnan(err2))
    return NAN;
  if (err2 == 0)
    return ref2 == 0 ? NAN : INFINITY;
  return 10.0 * log10(ref2 / err2);
}

/* pt2e-convert with its defaults but fold-weights=false. */
static bool convertUnfolded(MlirOperation module) {
  Pt2eOptionValue opts[8];
  char err[256];
  memset(opts, 0, sizeof opts);
  if (pt2eConvertPass.numOptions > 8)
    return false;
  for (size_t i = 0; i < pt2eConvertPass.numOptions; i++) {
    const Pt2eOptionDecl *d = &pt2eConvertPass.options[i];
    if (d->defaultValue &&
        !pt2eOptionParse(d, mlirStringRefCreateFromCString(d->defaultValue), &opts[i], err,
                         sizeof err)) {
      fprintf(stderr, TOOL ": %s\n", err);
      return false;
    }
    if (!strcmp(d->name, "fold-weights"))
      opts[i].boolValue = false;
  }
  return mlirLogicalResultIsSuccess(pt2eConvertPass.run(module, opts));
}

typedef struct QcastList {
  MlirOperation *ops;
  size_t n, cap;
  bool failed;
} QcastList;

static MlirWalkResult collectQcast(MlirOperation op, void *userData) {
  QcastList *l = userData;
  if (!pt2eOpIs(op, "quant.qcast") ||
      mlirAttributeIsNull(pt2eQdqGetName(op)))
    return MlirWalkResultAdvance;
  if (!pt2eVecGrow((void **)&l->ops, &l->cap, l->n, sizeof *l->ops)) {
    l->failed = true;
    return MlirWalkResultInterrupt;
  }
  l->ops[l->n++] = op;
  return MlirWalkResultAdvance;
}

/* In 'module' (a converted clone), every op reading a dcast of a dropped
** point's qcast reads the qcast's float operand instead; returns how many
** points were bypassed, -1 when memory runs out. */
static int bypassPoints(const Sens *s, MlirOperation module, const bool *inFloat) {
  QcastList l = {0};
  mlirOperationWalk(module, collectQcast, &l, MlirWalkPreOrder);
  if (l.failed) {
    pt2eFree(l.ops);
    return -1;
  }
  int bypassed = 0;
  for (size_t i = 0; i < l.n; i++) {
    MlirStringRef name = mlirStringAttrGetValue(pt2eQdqGetName(l.ops[i]));
    const SensPoint *p = NULL;
    for (int k = 0; k < s->u.numPoints && !p; k++)
      if (strlen(s->u.points[k].name) == name.length &&
          !memcmp(s->u.points[k].name, name.data, name.length))
        p = &s->u.points[k];
    if (!p || !sensPointDropped(p, inFloat))
      continue;
    MlirValue x = mlirOperationGetOperand(l.ops[i], 0);
    MlirValue q = mlirOperationGetResult(l.ops[i], 0);
    /* the dcasts first: replacing uses while walking them would lose the
    ** next one */
    MlirOperation dcasts[16];
    int nd = 0;
    for (MlirOpOperand use = mlirValueGetFirstUse(q); !mlirOpOperandIsNull(use) && nd < 16;
         use = mlirOpOperandGetNextUse(use)) {
      MlirOperation d = mlirOpOperandGetOwner(use);
      if (pt2eOpIs(d, "quant.dcast"))
        dcasts[nd++] = d;
    }
    for (int k = 0; k < nd; k++)
      mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(dcasts[k], 0), x);
    bypassed++;
  }
  pt2eFree(l.ops);
  return bypassed;
}

/* Adds the squared errors of batch 'b''s quantized outputs 'res' against
** the float model's into err2[k], and releases 'res'; false, with a
** message per output, when one is not the float model's shape and f32. */
static bool addBatchError(Sens *s, int64_t b, Pt2eTensor **res, double *err2) {
  bool ok = true;
  for (int k = 0; k < s->numOutputs; k++) {
    const Pt2eTensor *f = s->floatOut[b * s->numOutputs + k];
    const float *x = f->data, *y = res[k]->data;
    if (res[k]->type != Pt2eElemF32 || res[k]->numel != f->numel) {
      pt2eProgressBreak(&s->line);
      fprintf(stderr, TOOL ": output %d of the quantized model is not the float "
              "model's shape and f32 type\n", k);
      ok = false;
    }
    for (int64_t i = 0; ok && i < f->numel; i++) {
      double d = (double)x[i] - (double)y[i];
      err2[k] += d * d;
    }
    pt2eTensorRelease(res[k]);
  }
  return ok;
}

/* The lowest output SQNR (nan when any is nan). */
static double lowestSqnr(const Sens *s, const double *err2) {
  double lowest = INFINITY;
  for (int k = 0; k < s->numOutputs; k++) {
    double v = sqnrDb(s->ref2[k], err2[k]);
    if (isnan(v) || v < lowest)
      lowest = v;
  }
  return lowest;
}

/* The output SQNR (the lowest over the outputs) of the converted module
** with the units of 'inFloat' in float; *dropped = points bypassed. */
static bool evaluate(Sens *s, const bool *inFloat, double *sqnr, int *dropped) {
  MlirOperation clone = mlirOperationClone(s->quantOp);
  *dropped = bypassPoints(s, clone, inFloat);
  Pt2eInterpHooks hooks = {NULL, NULL, NULL, s->o->skipCalls, s->o->numSkipCalls};
  Pt2eInterp *qi = *dropped >= 0 ? pt2eInterpCreateInModule(clone, s->entry, &hooks, NULL)
                                 : NULL;
  Pt2eTensor **res = pt2eAlloc(((size_t)s->numOutputs + 1) * sizeof *res);
  double *err2 = pt2eAlloc(((size_t)s->numOutputs + 1) * sizeof *err2);
  bool ok = qi && res && err2;
  if (*dropped < 0 || !res || !err2) {
    pt2eProgressBreak(&s->line);
    fprintf(stderr, TOOL ": out of memory\n");
  }
  for (int k = 0; ok && k < s->numOutputs; k++)
    err2[k] = 0;
  for (int64_t b = 0; ok && b < s->batches; b++) {
    Pt2eTensor *const *args = pt2eCalibDataBatch(s->data, b, s->loc);
    ok = args && mlirLogicalResultIsSuccess(pt2eInterpRun(qi, args, res)) &&
         addBatchError(s, b, res, err2);
  }
  *sqnr = ok ? lowestSqnr(s, err2) : INFINITY;
  pt2eFree(res);
  pt2eFree(err2);
  pt2eInterpDestroy(qi);
  mlirOperationDestroy(clone);
  if (ok)
    pt2eProgressStep(&s->line, (double)s->batches);
  return ok;
}

/* Float outputs of every batch, kept for the comparisons. */
static bool runFloat(Sens *s) {
  size_t n = (size_t)(s->batches * s->numOutputs) + 1;
  s->floatOut = pt2eAlloc(n * sizeof *s->floatOut);
  s->ref2 = pt2eAlloc(((size_t)s->numOutputs + 1) * sizeof *s->ref2);
  if (!s->floatOut || !s->ref2) {
    fprintf(stderr, TOOL ": out of memory\n");
    return false;
  }
  memset(s->floatOut, 0, n * sizeof *s->floatOut);
  for (int k = 0; k < s->numOutputs; k++)
    s->ref2[k] = 0;
  for (int64_t b = 0; b < s->batches; b++) {
    Pt2eTensor *const *args = pt2eCalibDataBatch(s->data, b, s->loc);
    Pt2eTensor **out = &s->floatOut[b * s->numOutputs];
    if (!args || mlirLogicalResultIsFailure(pt2eInterpRun(s->floatInterp, args, out)))
      return false;
    for (int k = 0; k < s->numOutputs; k++) {
      if (out[k]->type != Pt2eElemF32) {
        fprintf(stderr, TOOL ": output %d of '%s' is not f32\n", k, s->o->modelPath);
        return false;
      }
      const float *x = out[k]->data;
      for (int64_t i = 0; i < out[k]->numel; i++)
        s->ref2[k] += (double)x[i] * (double)x[i];
    }
  }
  return true;
}

/* {====================================================================
** Ranking, the greedy exclusion and the reports
** ===================================================================== */

static const double *rankSqnr;

/* Worst unit first: the highest output SQNR once it is in float; nan
** last; then program order. */
static int worstFirst(const void *a, const void *b) {
  int i = *(const int *)a, j = *(const int *)b;
  double x = rankSqnr[i], y = rankSqnr[j];
  if (isnan(x) != isnan(y))
    return isnan(x) ? 1 : -1;
  if (!isnan(x) && x != y)
    return x > y ? -1 : 1;
  return i - j;
}

static void fmtDb(char *buf, size_t n, double v) {
  if (isnan(v))
    snprintf(buf, n, "nan");
  else if (isinf(v))
    snprintf(buf, n, v > 0 ? "inf" : "-inf");
  else
    snprintf(buf, n, "%.3f", v);
}

/* "exclude-names=a,b exclude-locs=c" for the units of 'steps'. */
static void exclusionText(const Sens *s, const Step *steps, int n, char *out, size_t size) {
  static const char *options[2] = {"exclude-names", "exclude-locs"};
  out[0] = 0;
  size_t len = 0;
  for (int o = 0; o < 2; o++) {
    bool first = true;
    for (int i = 0; i < n; i++) {
      const SensUnit *u = &s->u.units[steps[i].unit];
      if (!steps[i].kept || !u->excludeOption || strcmp(u->excludeOption, options[o]))
        continue;
      len += (size_t)snprintf(out + len, len < size ? size - len : 0, "%s%s%s",
                              first ? (len ? " " : "") : ",", first ? options[o] : "",
                              first ? "=" : "");
      len += (size_t)snprintf(out + len, len < size ? size - len : 0, "%s", u->excludeValue);
      first = false;
    }
  }
}

typedef struct Result {
  bool *inFloat; /* the units in float in the evaluation under way */
  double baseline, *sqnr, seconds;
  int *dropped, *order;
  bool greedy, reached;
  Step *steps;
  int numSteps;
  int runs;
  double finalSqnr; /* with the kept steps' units in float */
  int numKept;
} Result;

/* The table's greedy steps, and the exclusion option when they reach the
** target. */
static void printGreedy(FILE *out, const Sens *s, const Result *r) {
  char a[32], b[32];
  fmtDb(a, sizeof a, s->o->targetDb);
  fprintf(out, "greedy, worst first, to a target of %s dB:\n", a);
  fmtDb(b, sizeof b, r->baseline);
  fprintf(out, "  0 units in float: %s dB\n", b);
  int kept = 0;
  for (int k = 0; k < r->numSteps; k++) {
    kept += r->steps[k].kept;
    fmtDb(b, sizeof b, r->steps[k].sqnr);
    if (r->steps[k].kept)
      fprintf(out, "  %d unit%s in float: %s dB (+ %s)\n", kept, kept == 1 ? "" : "s", b,
              s->u.units[r->steps[k].unit].name);
    else
      fprintf(out, "  (+ %s: %s dB, no better: back to quantized)\n",
              s->u.units[r->steps[k].unit].name, b);
  }
  if (r->reached) {
    char text[8192];
    exclusionText(s, r->steps, r->numSteps, text, sizeof text);
    fmtDb(b, sizeof b, r->finalSqnr);
    fprintf(out, "target reached: %s dB with %d unit%s in float\n", b, kept,
            kept == 1 ? "" : "s");
    fprintf(out, "pt2e-annotate{%s}\n", text);
  }
}

static void printTable(FILE *out, const Sens *s, const Result *r) {
  char a[32], b[32];
  fprintf(out, "%-4s %-20s %-28s %6s %11s %9s  %s\n", "rank", "unit", "op", "points",
          "sqnr_float", "gain", "exclude");
  for (int k = 0; k < s->u.numUnits; k++) {
    int i = r->order[k];
    const SensUnit *u = &s->u.units[i];
    fmtDb(a, sizeof a, r->sqnr[i]);
    double gain = r->sqnr[i] - r->baseline;
    if (isfinite(gain))
      snprintf(b, sizeof b, "%+.3f", gain);
    else
      fmtDb(b, sizeof b, gain);
    fprintf(out, "%-4d %-20s %-28s %6d %11s %9s  ", k + 1, u->name, u->core, r->dropped[i], a, b);
    if (u->excludeOption)
      fprintf(out, "%s=%s\n", u->excludeOption, u->excludeValue);
    else
      fprintf(out, "- (%s)\n", u->why);
  }
  fmtDb(a, sizeof a, r->baseline);
  fprintf(out, "all quantized: output SQNR %s dB\n", a);
  if (r->greedy)
    printGreedy(out, s, r);
  fprintf(out, "%d units, %lld batch%s, %d runs of the quantized model per batch, %.2f s\n",
          s->u.numUnits, (long long)s->batches, s->batches == 1 ? "" : "es", r->runs,
          r->seconds);
}

static void jsonDb(Pt2eJson *j, const char *key, double v) {
  pt2eJsonKey(j, key);
  pt2eJsonF64(j, v);
}

/* The unit of rank k + 1, as one object of "units". */
static void jsonUnit(Pt2eJson *j, const Sens *s, const Result *r, int k) {
  int i = r->order[k];
  const SensUnit *u = &s->u.units[i];
  pt2eJsonBeginObject(j);
  pt2eJsonKey(j, "rank");
  pt2eJsonInt(j, k + 1);
  pt2eJsonKey(j, "name");
  pt2eJsonCString(j, u->name);
  pt2eJsonKey(j, "op");
  pt2eJsonCString(j, u->core);
  pt2eJsonKey(j, "location");
  pt2eJsonCString(j, u->location);
  pt2eJsonKey(j, "ops");
  pt2eJsonInt(j, u->numOps);
  pt2eJsonKey(j, "points");
  pt2eJsonInt(j, r->dropped[i]);
  jsonDb(j, "sqnr_float", r->sqnr[i]);
  jsonDb(j, "gain", r->sqnr[i] - r->baseline);
  pt2eJsonKey(j, "exclude");
  if (u->excludeOption) {
    char text[4200];
    snprintf(text, sizeof text, "%s=%s", u->excludeOption, u->excludeValue);
    pt2eJsonCString(j, text);
  } else {
    pt2eJsonNull(j);
  }
  pt2eJsonKey(j, "note");
  if (u->excludeOption)
    pt2eJsonNull(j);
  else
    pt2eJsonCString(j, u->why);
  pt2eJsonEndObject(j);
}

/* "greedy": the target, its steps and the exclusion option (--target-sqnr). */
static void jsonGreedy(Pt2eJson *j, const Sens *s, const Result *r) {
  pt2eJsonBeginObject(j);
  jsonDb(j, "target", s->o->targetDb);
  pt2eJsonKey(j, "reached");
  pt2eJsonBool(j, r->reached);
  jsonDb(j, "sqnr", r->finalSqnr);
  pt2eJsonKey(j, "units_in_float");
  pt2eJsonInt(j, r->numKept);
  pt2eJsonKey(j, "steps");
  pt2eJsonBeginArray(j);
  for (int k = 0; k < r->numSteps; k++) {
    pt2eJsonBeginObject(j);
    pt2eJsonKey(j, "unit");
    pt2eJsonCString(j, s->u.units[r->steps[k].unit].name);
    jsonDb(j, "sqnr", r->steps[k].sqnr);
    pt2eJsonKey(j, "kept");
    pt2eJsonBool(j, r->steps[k].kept);
    pt2eJsonEndObject(j);
  }
  pt2eJsonEndArray(j);
  char text[8192];
  exclusionText(s, r->steps, r->numSteps, text, sizeof text);
  pt2eJsonKey(j, "annotate_options");
  pt2eJsonCString(j, text);
  pt2eJsonEndObject(j);
}

static void printJson(FILE *out, const Sens *s, const Result *r) {
  Pt2eJson j;
  pt2eJsonInit(&j, out, 2);
  pt2eJsonBeginObject(&j);
  pt2eJsonKey(&j, "model");
  pt2eJsonCString(&j, s->o->modelPath);
  pt2eJsonKey(&j, "data");
  pt2eJsonCString(&j, s->o->data);
  pt2eJsonKey(&j, "batches");
  pt2eJsonInt(&j, s->batches);
  pt2eJsonKey(&j, "runs_per_batch");
  pt2eJsonInt(&j, r->runs);
  jsonDb(&j, "seconds", r->seconds);
  jsonDb(&j, "baseline_sqnr", r->baseline);
  pt2eJsonKey(&j, "units");
  pt2eJsonBeginArray(&j);
  for (int k = 0; k < s->u.numUnits; k++)
    jsonUnit(&j, s, r, k);
  pt2eJsonEndArray(&j);
  pt2eJsonKey(&j, "greedy");
  if (r->greedy)
    jsonGreedy(&j, s, r);
  else
    pt2eJsonNull(&j);
  pt2eJsonEndObject(&j);
  fputc('\n', out);
}

/* One row per unit in rank order: a bar to the output SQNR with the unit
** in float; the all-quantized SQNR (and the target) as dashed lines. */
static void printSvg(FILE *out, const Sens *s, const Result *r) {
  double top = 10;
  for (int i = 0; i < s->u.numUnits; i++)
    top = svgRowsAxisEnd(top, r->sqnr[i]);
  top = svgRowsAxisEnd(top, r->baseline);
  if (r->greedy)
    top = svgRowsAxisEnd(top, s->o->targetDb);
  SvgRows c;
  svgRowsBegin(&c, out, 200, s->u.numUnits, top, 40,
               "Output SQNR with one unit in float, worst unit first (dB)");
  for (int k = 0; k < s->u.numUnits; k++) {
    int i = r->order[k];
    svgRowsLabel(&c, k, s->u.units[i].name);
    if (!isnan(r->sqnr[i])) {
      char tip[64];
      snprintf(tip, sizeof tip, "%.3f dB (%+.3f)", r->sqnr[i], r->sqnr[i] - r->baseline);
      svgRowsBar(&c, k, r->sqnr[i], tip);
    }
  }
  struct { double v; const char *label, *color; } lines[2] = {
      {r->baseline, "all quantized", "#c00"}, {s->o->targetDb, "target", "#080"}};
  for (int k = 0; k < (r->greedy ? 2 : 1); k++) {
    if (isnan(lines[k].v))
      continue;
    char label[64];
    snprintf(label, sizeof label, "%s: %.2f", lines[k].label, lines[k].v);
    svgRowsLine(&c, lines[k].v, lines[k].color, c.axisY + 28, label);
  }
  svgRowsEnd(&c);
}

/* }==================================================================== */

/* Units in rank order into the greedy set until the target is met: one
** evaluation per step; a unit that does not raise the output SQNR of the
** set so far goes back to quantized (units interact: two that each gain
** alone may lose together). Units whose exclusion no option can write, or
** that gain nothing alone, are not tried. */
static bool greedy(Sens *s, Result *r) {
  bool *inFloat = r->inFloat;
  r->greedy = true;
  r->finalSqnr = r->baseline;
  r->reached = r->baseline >= s->o->targetDb;
  for (int k = 0; k < s->u.numUnits && !r->reached; k++) {
    int i = r->order[k];
    if (!s->u.units[i].excludeOption || !(r->sqnr[i] > r->baseline))
      continue;
    inFloat[i] = true;
    int dropped;
    double v;
    if (!evaluate(s, inFloat, &v, &dropped))
      return false;
    Step *st = &r->steps[r->numSteps++];
    st->unit = i;
    st->sqnr = v;
    st->kept = v > r->finalSqnr;
    r->runs++;
    if (st->kept) {
      r->finalSqnr = v;
      r->numKept++;
    } else {
      inFloat[i] = false;
    }
    r->reached = r->finalSqnr >= s->o->targetDb;
  }
  return true;
}

static MlirWalkResult findFakeQuant(MlirOperation op, void *userData) {
  if (!pt2eIsFakeQuant(op))
    return MlirWalkResultAdvance;
  *(bool *)userData = true;
  return MlirWalkResultInterrupt;
}

/* Writes the plot (with --svg) and the report, and commits each. */
static bool writeOutputs(const Sens *s, const Result *r, Pt2eOutput *file, Pt2eOutput *plot) {
  if (s->o->svg) {
    printSvg(plot->file, s, r);
    if (!pt2eToolOutputCommit(TOOL, plot))
      return false;
  }
  if (s->o->json)
    printJson(file->file, s, r);
  else
    printTable(file->file, s, r);
  return pt2eToolOutputCommit(TOOL, file);
}

/* {====================================================================
** The run, phase by phase
** ===================================================================== */

/* The function to run (--entry, or the module's only public function with
** a body: pt2eEntryFind) with its units in s->u; a null op, with a message,
** when there is none to measure. */
static MlirOperation readUnits(Sens *s) {
  const SensitivityOptions *o = s->o;
  char err[768];
  MlirOperation func = pt2eEntryFind(mlirModuleGetOperation(s->module), o->entry,
                                     "--entry=NAME", err, sizeof err);
  if (mlirOperationIsNull(func)) {
    fprintf(stderr, TOOL ": '%s': %s\n", o->modelPath, err);
    return func;
  }
  bool fakeQuant = false;
  mlirOperationWalk(func, findFakeQuant, &fakeQuant, MlirWalkPreOrder);
  if (fakeQuant) {
    fprintf(stderr, TOOL ": '%s' has pt2e.fake_quant ops: --sensitivity reads a module "
            "calibrated with observers (pt2e-prepare without qat, pt2e-calibrate)\n",
            o->modelPath);
    return (MlirOperation){NULL};
  }
  if (!sensFindUnits(func, o->modelPath, &s->u))
    return (MlirOperation){NULL};
  if (s->u.numUnits == 0) {
    fprintf(stderr, TOOL ": '%s' has no quantized unit: no op carries a pt2e.annotation "
            "with an observer spec (give pt2e-annotate, pt2e-prepare, pt2e-calibrate's output)\n",
            o->modelPath);
    return (MlirOperation){NULL};
  }
  return func;
}

/* Runs the float model on every batch (runFloat) and makes the converted
** clone every evaluation starts from. */
static bool prepareRuns(Sens *s, MlirOperation func) {
  MlirOperation module = mlirModuleGetOperation(s->module);
  s->start = nowSeconds();
  s->entry = pt2eSymbolName(func);
  s->loc = mlirOperationGetLocation(module);
  Pt2eInterpHooks hooks = {NULL, NULL, NULL, s->o->skipCalls, s->o->numSkipCalls};
  s->floatInterp = pt2eInterpCreateInModule(module, s->entry, &hooks, NULL);
  if (!s->floatInterp)
    return false;
  s->data = pt2eCalibDataOpen(s->floatInterp, s->o->data, s->o->maxEntryMb, s->loc);
  if (!s->data)
    return false;
  s->batches = pt2eCalibDataNumBatches(s->data);
  s->numOutputs = pt2eInterpNumResults(s->floatInterp);
  if (!runFloat(s))
    return false;
  s->quantOp = mlirOperationClone(module);
  return convertUnfolded(s->quantOp);
}

/* The result's arrays, one entry per unit (freed by freeResult). */
static bool allocResult(const Sens *s, Result *r) {
  size_t nu = (size_t)s->u.numUnits + 1;
  r->inFloat = pt2eAlloc(nu * sizeof *r->inFloat);
  r->sqnr = pt2eAlloc(nu * sizeof *r->sqnr);
  r->dropped = pt2eAlloc(nu * sizeof *r->dropped);
  r->order = pt2eAlloc(nu * sizeof *r->order);
  r->steps = pt2eAlloc(nu * sizeof *r->steps);
  if (!r->inFloat || !r->sqnr || !r->dropped || !r->order || !r->steps) {
    fprintf(stderr, TOOL ": out of memory\n");
    return false;
  }
  memset(r->inFloat, 0, nu * sizeof *r->inFloat);
  return true;
}

/* The all-quantized baseline, each unit alone in float, the ranking and,
** with --target-sqnr, the greedy set. */
static bool measureRuns(Sens *s, Result *r) {
  int dropped;
  if (!evaluate(s, r->inFloat, &r->baseline, &dropped))
    return false;
  r->runs = 1;
  for (int i = 0; i < s->u.numUnits; i++) {
    r->inFloat[i] = true;
    if (!evaluate(s, r->inFloat, &r->sqnr[i], &r->dropped[i]))
      return false;
    r->inFloat[i] = false;
    r->order[i] = i;
    r->runs++;
  }
  rankSqnr = r->sqnr;
  qsort(r->order, (size_t)s->u.numUnits, sizeof *r->order, worstFirst);
  if (s->o->hasTarget && !greedy(s, r))
    return false;
  r->seconds = nowSeconds() - s->start;
  return true;
}

/* measureRuns under the progress line: evaluations done, every batch each. */
static bool measure(Sens *s, Result *r) {
  /* run 1 is the all-quantized model, then one per unit, then the greedy
  ** steps (at most one per unit: the total is an upper bound there) */
  int greedySteps = s->o->hasTarget ? s->u.numUnits : 0;
  s->line = (Pt2eProgress){.what = TOOL ": sensitivity", .countUnit = "evaluations",
                           .rateUnit = "batches", .total = s->u.numUnits + 1 + greedySteps,
                           .totalIsBound = greedySteps > 0};
  MlirContext ctx = mlirModuleGetContext(s->module);
  MlirDiagnosticHandlerID watch = 0;
  pt2ePassProgressBegin(&s->line, s->o->progress, ctx, &watch);
  bool ok = measureRuns(s, r);
  s->line.total = s->line.done; /* the greedy steps may end early */
  s->line.totalIsBound = false;
  pt2ePassProgressEnd(&s->line, ok, ctx, watch);
  return ok;
}

/* With --target-sqnr: true, with a message, when the greedy set falls
** short of the target. */
static bool targetMissed(const Sens *s, const Result *r) {
  if (!r->greedy || r->reached)
    return false;
  char t[32], b[32];
  fmtDb(t, sizeof t, s->o->targetDb);
  fmtDb(b, sizeof b, r->finalSqnr);
  fprintf(stderr, TOOL ": target %s dB not reached: every unit that gains anything alone "
          "tried, the best set (%d unit%s in float) gives %s dB\n", t, r->numKept,
          r->numKept == 1 ? "" : "s", b);
  return true;
}

static void freeResult(Result *r) {
  pt2eFree(r->inFloat);
  pt2eFree(r->sqnr);
  pt2eFree(r->dropped);
  pt2eFree(r->order);
  pt2eFree(r->steps);
}

static void freeSens(Sens *s) {
  if (s->floatOut)
    for (int64_t i = 0; i < s->batches * s->numOutputs; i++)
      pt2eTensorRelease(s->floatOut[i]);
  pt2eFree(s->floatOut);
  pt2eFree(s->ref2);
  pt2eCalibDataClose(s->data);
  pt2eInterpDestroy(s->floatInterp);
  if (!mlirOperationIsNull(s->quantOp))
    mlirOperationDestroy(s->quantOp);
  sensFreeUnits(&s->u);
  if (!mlirModuleIsNull(s->module))
    mlirModuleDestroy(s->module);
}

/* }==================================================================== */

int pt2eSensitivityRun(MlirContext ctx, const SensitivityOptions *o) {
  Sens s;
  Result r;
  memset(&s, 0, sizeof s);
  memset(&r, 0, sizeof r);
  s.o = o;
  s.module = mlirModuleCreateParseFromFile(ctx, mlirStringRefCreateFromCString(o->modelPath));
  /* the outputs fail before any run; they are replaced whole at the end */
  Pt2eOutput file = {0}, plot = {0};
  bool opened = pt2eToolOutputOpen(TOOL, &file, o->output) &&
                (!o->svg || pt2eToolOutputOpen(TOOL, &plot, o->svg));
  int rc = 1;
  MlirOperation func = {NULL};
  if (opened && !mlirModuleIsNull(s.module) && !mlirOperationIsNull(func = readUnits(&s)) &&
      prepareRuns(&s, func) && allocResult(&s, &r) && measure(&s, &r) &&
      writeOutputs(&s, &r, &file, &plot))
    rc = targetMissed(&s, &r) ? 1 : 0;
  pt2eOutputAbort(&plot); /* nothing when committed or never opened */
  pt2eOutputAbort(&file);
  freeResult(&r);
  freeSens(&s);
  return rc;
}
