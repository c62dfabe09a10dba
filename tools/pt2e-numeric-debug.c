/*
** pt2e-numeric-debug.c
** Which quantization point lost the accuracy: runs a float model and its
** quantized form in the interpreter on the same batches, pairs every
** quantization point across the two by its name, and reports per point
**
**   sqnr_in     the quantized model's activation arriving at the point
**               (before the point's own quantize-dequantize) against the
**               float model's there: the error accumulated up to it (what
**               torchao's numeric debugger reports per node);
**   sqnr_out    the same after the point's quantize-dequantize: what the
**               quantized model passes on;
**   local_sqnr  the point's own quantize-dequantize applied to the float
**               activation, against it: its local error;
**
** and the SQNR of every output; sorted worst first (lowest sqnr_out).
** docs/numeric-debug.md is the design and the meaning of each number.
**
**   pt2e-numeric-debug FLOAT.mlir QUANT.mlir --data=FILE [--entry=NAME]
**       [--format=table|json] [--output=FILE] [--svg=PLOT.svg]
**       [--irdl-file=PATH] [--max-entry-mb=N]
**   pt2e-numeric-debug --sensitivity CALIBRATED.mlir --data=FILE
**       [--target-sqnr=DB] [--progress|--no-progress] [same options]
**
** --sensitivity (numeric_debug/sensitivity.h): per quantized unit, the
** output SQNR with only that unit in float; --target-sqnr also leaves the
** worst units in float until the target is met and prints pt2e-annotate's
** exclude-... option for them.
**
** FLOAT holds the points as pt2e.observer ops (pt2e-prepare's or
** pt2e-calibrate's output: observers pass values through). QUANT holds them
** as Q-DQ pairs (pt2e-convert's output: the quant.qcast / quant.scast keeps
** the observer's name) or as pt2e.fake_quant ops with their qparams. FILE
** is calibration data (.npz with arg0, arg1, ... or a .npy for one
** argument, a leading batch dimension; passes/calibrate/calib_data.h reads it).
**
** SQNR is torchao's, 10*log10(sum x^2 / sum (x - y)^2), in dB, with the
** sums taken over every batch (in double, in element order, batch after
** batch: the same bits on every machine). inf: no error; nan: 0/0.
*/
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Quant.h"
#include "mlir-c/IR.h"

#include "calib_data.h"
#include "constants.h"
#include "entry.h"
#include "interp.h"
#include "ir_ops.h"
#include "json_writer.h"
#include "pt2e_calibrated.h"
#include "pt2e_checked.h"
#include "pt2e_dialect.h"
#include "pt2e_file.h"
#include "pt2e_spec.h"
#include "pt2e_support.h"
#include "convert_zero.h"
#include "groups.h"
#include "qparams.h"
#include "numeric_debug/sensitivity.h"
#include "numeric_debug/svg_rows.h"
#include "support/skip_calls.h"
#include "support/tool_context.h"
#include "support/tool_output.h"

#define TOOL "pt2e-numeric-debug"

/* The probes the tool inserts into QUANT are observers with these name
** prefixes; a point of the model may not start with them. */
#define PROBE_IN "pt2e-numeric-debug:in:"
#define PROBE_OUT "pt2e-numeric-debug:out:"

static void usage(FILE *to) {
  fprintf(to,
          "usage: " TOOL " FLOAT.mlir QUANT.mlir --data=FILE [--entry=NAME]\n"
          "           [--format=table|json] [--output=FILE] [--svg=PLOT.svg]\n"
          "           [--irdl-file=PATH] [--max-entry-mb=N]\n"
          "\n"
          "FLOAT: the model with pt2e.observer ops (prepared or calibrated).\n"
          "QUANT: its quantized form: pt2e-convert's output (Q-DQ pairs) or\n"
          "       pt2e.fake_quant ops with qparams.\n"
          "FILE:  batches, as pt2e-calibrate's data= (.npz arg0.. or .npy).\n"
          "--skip-calls=@A,@B: calls of these external declarations give\n"
          "       zeros of their result types (timing code) instead of an error.\n"
          "NAME:  the function to run (default: the only public func.func\n"
          "       with a body, as in every tool).\n"
          "Per quantization point, worst first: sqnr_in (the quantized\n"
          "model's activation reaching the point against the float one),\n"
          "sqnr_out (after the point's quantize-dequantize), local_sqnr (the\n"
          "point's quantize-dequantize of the float activation); and the SQNR\n"
          "of every output. dB, over all batches (docs/numeric-debug.md).\n"
          "--svg writes the three columns as a plot, one row per point.\n"
          "\n"
          "       " TOOL " --sensitivity CALIBRATED.mlir --data=FILE [--target-sqnr=DB]\n"
          "           [--progress|--no-progress] [--format=...] [--output=...] [--svg=...]\n"
          "Per quantized unit (a pattern pt2e-annotate annotated), the output SQNR\n"
          "with only that unit left in float, worst unit first; --target-sqnr leaves\n"
          "the worst units in float until the output SQNR reaches DB and prints the\n"
          "pt2e-annotate{exclude-...} option that does it (docs/numeric-debug.md).\n");
}

typedef struct Options {
  const char *floatPath, *quantPath, *data, *entry, *output, *svg;
  const char *skipCalls; /* --skip-calls=@a,@b */
  bool json;
  char irdl[4096];
  int64_t maxEntryMb;
  bool sensitivity, hasTarget;
  double targetDb;
  Pt2eProgressMode progress; /* auto: when stderr is a terminal */
} Options;

static const char *flagValue(const char *arg, const char *name) {
  size_t n = strlen(name);
  return strncmp(arg, name, n) == 0 && arg[n] == '=' ? arg + n + 1 : NULL;
}

/* --target-sqnr=DB (it implies --sensitivity); false with a message. */
static bool parseTargetSqnr(const char *v, Options *o) {
  char *end;
  errno = 0;
  o->targetDb = strtod(v, &end);
  if (end == v || *end || errno || !isfinite(o->targetDb)) {
    fprintf(stderr, TOOL ": --target-sqnr wants a finite number of dB, got '%s'\n", v);
    return false;
  }
  o->hasTarget = o->sensitivity = true;
  return true;
}

/* --max-entry-mb=N; false with a message. */
static bool parseMaxEntryMb(const char *v, Options *o) {
  char *end;
  errno = 0;
  long long mb = strtoll(v, &end, 10);
  if (end == v || *end || errno || mb <= 0) {
    fprintf(stderr, TOOL ": --max-entry-mb wants a positive number of MiB, got '%s'\n", v);
    return false;
  }
  o->maxEntryMb = mb;
  return true;
}

/* --format=table|json; false with a message. */
static bool parseFormat(const char *v, Options *o) {
  if (!strcmp(v, "json"))
    o->json = true;
  else if (strcmp(v, "table")) {
    fprintf(stderr, TOOL ": unknown format '%s' (table or json)\n", v);
    return false;
  }
  return true;
}

/* One argument: -1 to go on, else the exit code (0 after --help, 2 for a
** bad one). */
static int parseArg(const char *a, Options *o) {
  const char *v;
  if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
    usage(stdout);
    return 0;
  } else if (!strcmp(a, "--sensitivity")) {
    o->sensitivity = true;
  } else if (!strcmp(a, "--progress") || !strcmp(a, "--no-progress")) {
    o->progress = a[2] == 'p' ? Pt2eProgressOn : Pt2eProgressOff;
  } else if ((v = flagValue(a, "--target-sqnr"))) {
    return parseTargetSqnr(v, o) ? -1 : 2;
  } else if ((v = flagValue(a, "--data"))) {
    o->data = v;
  } else if ((v = flagValue(a, "--entry"))) {
    o->entry = v;
  } else if ((v = flagValue(a, "--skip-calls"))) {
    o->skipCalls = v;
  } else if ((v = flagValue(a, "--output"))) {
    o->output = v;
  } else if ((v = flagValue(a, "--svg"))) {
    o->svg = v;
  } else if ((v = flagValue(a, "--irdl-file"))) {
    snprintf(o->irdl, sizeof o->irdl, "%s", v);
  } else if ((v = flagValue(a, "--format"))) {
    return parseFormat(v, o) ? -1 : 2;
  } else if ((v = flagValue(a, "--max-entry-mb"))) {
    return parseMaxEntryMb(v, o) ? -1 : 2;
  } else if (a[0] == '-' && a[1] == '-') {
    fprintf(stderr, TOOL ": unknown option '%s'\n", a);
    usage(stderr);
    return 2;
  } else if (!o->floatPath) {
    o->floatPath = a;
  } else if (!o->quantPath) {
    o->quantPath = a;
  } else {
    fprintf(stderr, TOOL ": one float and one quantized model, got a third: '%s'\n", a);
    return 2;
  }
  return -1;
}

/* -1 to go on, else the exit code (0 after --help, 2 for a bad line). */
static int parseArgs(int argc, char **argv, Options *o) {
  memset(o, 0, sizeof *o);
  pt2eDialectDefaultIrdlPath(o->irdl, sizeof o->irdl);
  o->maxEntryMb = strtoll(PT2E_DEFAULT_MAX_ENTRY_MB, NULL, 10);
  o->output = "-";
  o->progress = Pt2eProgressAuto;
  for (int i = 1; i < argc; i++) {
    int rc = parseArg(argv[i], o);
    if (rc >= 0)
      return rc;
  }
  if (o->sensitivity) {
    if (!o->floatPath || o->quantPath || !o->data) {
      fprintf(stderr, TOOL ": --sensitivity needs one CALIBRATED.mlir and --data=FILE\n");
      usage(stderr);
      return 2;
    }
    return -1;
  }
  if (!o->floatPath || !o->quantPath || !o->data) {
    fprintf(stderr, TOOL ": needs FLOAT.mlir, QUANT.mlir and --data=FILE\n");
    usage(stderr);
    return 2;
  }
  return -1;
}

/* {====================================================================
** Points and their sums
** ===================================================================== */

/* Sums of one kind of error over the batches. */
typedef struct ErrSum {
  double err2;     /* sum of (x - y)^2 */
  bool seen;       /* measured in some batch */
  double batch;    /* this batch's sum, when measured in it */
  bool seenBatch;
} ErrSum;

typedef struct Point {
  char name[512];
  int order;            /* position in QUANT (program order) */
  const char *kind;     /* "qdq" or "fake_quant" */
  bool inFloat, hasIn;  /* an observer in FLOAT; a value before its q-dq */
  /* The point's quantize-dequantize, for local_sqnr (canQuantize false:
  ** QUANT's point is the identity: fake quant off, a derived spec). */
  bool canQuantize;
  bool dynamic;         /* a pt2e.dynamic_qdq: qparams from the value */
  Pt2eQuantSpec spec;
  float *scales;
  int64_t *zeroPoints;
  float *floatZeros;    /* per_group_float_zero (int4-weight-only): the
                           zeros added after the dcast, n of them */
  MlirOperation valueOp; /* the op whose result is the dequantized value
                            (null: the dcast) */
  int64_t n;
  /* The float activation of the current batch (kept while it is constant:
  ** an observer of a weight may run only once). */
  Pt2eTensor *floatValue;
  double ref2, refBatch; /* sum of x^2: all batches, this one */
  ErrSum in, out, local;
  int64_t elements;     /* per batch */
  char problem[256];    /* why a number is missing (shapes differ, ...) */
} Point;

typedef struct Debugger {
  Point *points;
  size_t numPoints, capPoints;
  char floatOnly[64][256]; /* observers of FLOAT that QUANT does not have */
  int numFloatOnly, floatOnlyMore;
  bool failed;
  /* outputs */
  int numOutputs;
  double *outRef2, *outErr2;
  int64_t *outElements;
  char outProblem[256];
} Debugger;

static Point *findPoint(Debugger *d, MlirStringRef name) {
  for (size_t i = 0; i < d->numPoints; i++)
    if (strlen(d->points[i].name) == name.length &&
        !memcmp(d->points[i].name, name.data, name.length))
      return &d->points[i];
  return NULL;
}

static bool startsWith(MlirStringRef s, const char *prefix) {
  size_t n = strlen(prefix);
  return s.length >= n && !memcmp(s.data, prefix, n);
}

/* Sum of (a - b)^2 in element order; sum of a^2 into *ref2 when asked. */
static double sumSquaredDiff(const float *a, const float *b, int64_t n, double *ref2) {
  double e = 0, r = 0;
  for (int64_t i = 0; i < n; i++) {
    double x = a[i], dx = x - (double)b[i];
    e += dx * dx;
    r += x * x;
  }
  if (ref2)
    *ref2 = r;
  return e;
}

/* torchao's SQNR in dB from the two sums. */
static double sqnrDb(double ref2, double err2) {
  if (isnan(ref2) || isnan(err2))
    return NAN;
  if (err2 == 0)
    return ref2 == 0 ? NAN : INFINITY;
  return 10.0 * log10(ref2 / err2);
}

static void noteProblem(Point *p, const char *fmt, const char *what) {
  if (!p->problem[0])
    snprintf(p->problem, sizeof p->problem, fmt, what);
}

static void errAdd(ErrSum *e, double v) {
  e->batch = v;
  e->seenBatch = true;
  e->seen = true;
}

/* At the end of a batch: a sum not measured again is the last one (the
** value was a constant the interpreter computed once). */
static void errCommit(ErrSum *e) {
  if (e->seen)
    e->err2 += e->batch;
  e->seenBatch = false;
}

/* }==================================================================== */

/* {====================================================================
** Reading the two models
** ===================================================================== */

static MlirAttribute probeSpec(MlirContext ctx) {
  /* Not a min/max observer: the interpreter then hands every run and the
  ** whole tensor to the hook (op_pt2e.c skips repeated min/max observers
  ** of constants and may show them a broadcast's source only). */
  return mlirAttributeParseGet(
      ctx, mlirStringRefCreateFromCString("{dtype = i8, observer = \"moving_average_minmax\"}"));
}

/* A probe observer named PREFIX + name on 'value', inserted after 'after'
** (or at the start of the block when 'after' is null): returns it. */
static MlirOperation makeProbe(MlirContext ctx, MlirValue value, MlirBlock block,
                               MlirOperation after, MlirLocation loc,
                               const char *prefix, const char *name) {
  char full[600];
  snprintf(full, sizeof full, "%s%s", prefix, name);
  MlirOperationState st = mlirOperationStateGet(
      mlirStringRefCreateFromCString("pt2e.observer"), loc);
  mlirOperationStateAddOperands(&st, 1, &value);
  MlirType t = mlirValueGetType(value);
  mlirOperationStateAddResults(&st, 1, &t);
  MlirNamedAttribute attrs[2] = {
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, mlirStringRefCreateFromCString(PT2E_ATTR_NAME)),
                            mlirStringAttrGet(ctx, mlirStringRefCreateFromCString(full))),
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, mlirStringRefCreateFromCString(PT2E_ATTR_SPEC)),
                            probeSpec(ctx)),
  };
  mlirOperationStateAddAttributes(&st, 2, attrs);
  MlirOperation probe = mlirOperationCreate(&st);
  if (mlirOperationIsNull(after))
    mlirBlockInsertOwnedOperation(block, 0, probe);
  else
    mlirBlockInsertOwnedOperationAfter(block, after, probe);
  return probe;
}

/* Every use of 'v' except by 'probe' now reads the probe's result, so that
** the probe runs (nothing unread is dropped) and sees the value. */
static void routeThrough(MlirValue v, MlirOperation probe) {
  mlirValueReplaceAllUsesExcept(v, mlirOperationGetResult(probe, 0), 1, &probe);
}

/* A probe reading 'v' placed right after its definition. */
static MlirOperation probeValue(MlirContext ctx, MlirValue v, const char *prefix,
                                const char *name) {
  MlirOperation def = pt2eOpProducer(v);
  MlirBlock block = mlirOperationIsNull(def) ? mlirBlockArgumentGetOwner(v)
                                             : mlirOperationGetBlock(def);
  return makeProbe(ctx, v, block, def, mlirValueGetLocation(v), prefix, name);
}

typedef struct Scan {
  Debugger *d;
  MlirContext ctx;
  MlirOperation *ops; /* the points of QUANT, collected before changing it */
  size_t numOps, capOps;
  bool failed;
  const char *path;
} Scan;

/* A dynamic point after pt2e-convert: a pt2e.dynamic_qdq. */
static MlirStringRef dynamicName(MlirOperation op) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("name"));
  return !mlirAttributeIsNull(a) && mlirAttributeIsAString(a) ? mlirStringAttrGetValue(a)
                                                               : mlirStringRefCreate(NULL, 0);
}

static bool isQdqRow(MlirOperation op) {
  return !mlirAttributeIsNull(pt2eQdqGetName(op)) && mlirOperationGetNumResults(op) == 1;
}

static MlirWalkResult collectQuantPoint(MlirOperation op, void *userData) {
  Scan *s = userData;
  if (pt2eIsObserver(op)) {
    MlirStringRef n = pt2eQuantOpGetName(op);
    fprintf(stderr, TOOL ": '%s' has a pt2e.observer ('%.*s'): the quantized model "
            "holds Q-DQ pairs (pt2e-convert) or pt2e.fake_quant ops\n", s->path,
            (int)n.length, n.data);
    s->failed = true;
    return MlirWalkResultInterrupt;
  }
  if (pt2eIsFakeQuant(op) || isQdqRow(op) || pt2eIsDynamicQdq(op)) {
    if (s->numOps == s->capOps) {
      size_t cap = s->capOps ? 2 * s->capOps : 64;
      MlirOperation *grown = pt2eRealloc(s->ops, cap * sizeof *grown);
      if (!grown) {
        fprintf(stderr, TOOL ": out of memory\n");
        s->failed = true;
        return MlirWalkResultInterrupt;
      }
      s->ops = grown;
      s->capOps = cap;
    }
    s->ops[s->numOps++] = op;
  }
  return MlirWalkResultAdvance;
}

/*
** A Q-DQ pair of MLIR's sub-channel type, as pt2e-convert writes a
** per-group weight: blocks of 1 on every dim but one. Its scales and zero
** points per group; any other block layout is reported without a local
** SQNR (canQuantize false).
*/
static bool subChannelQuantization(MlirOperation op, MlirType q,
                                   Point *p) {
  MlirAttribute sc = mlirUniformQuantizedSubChannelTypeGetScales(q);
  MlirAttribute zp = mlirUniformQuantizedSubChannelTypeGetZeroPoints(q);
  memset(&p->spec, 0, sizeof p->spec);
  p->spec.quantMin = mlirQuantizedTypeGetStorageTypeMin(q);
  p->spec.quantMax = mlirQuantizedTypeGetStorageTypeMax(q);
  p->spec.dtype = mlirQuantizedTypeGetStorageTypeIntegralWidth(q) == 4 ? Pt2eDTypeInt4
                                                                          : Pt2eDTypeInt8;
  p->spec.qscheme = Pt2eQSchemePerGroupAffine;
  int grouped = 0;
  for (intptr_t k = 0; k < mlirUniformQuantizedSubChannelTypeGetNumBlockSizes(q); k++) {
    int32_t dim = mlirUniformQuantizedSubChannelTypeGetQuantizedDimension(q, k);
    int64_t b = mlirUniformQuantizedSubChannelTypeGetBlockSize(q, k);
    if (b > 1) {
      grouped++;
      p->spec.chAxis = dim;
      p->spec.groupSize = b;
    }
  }
  MlirType zt = mlirShapedTypeGetElementType(mlirAttributeGetType(zp));
  unsigned zw = mlirTypeIsAInteger(zt) ? mlirIntegerTypeGetWidth(zt) : 0;
  if (grouped != 1 || (zw != 4 && zw != 8 && zw != 16 && zw != 32 && zw != 64) ||
      !mlirTypeIsAF32(mlirShapedTypeGetElementType(mlirAttributeGetType(sc))))
    return true; /* reported, no local SQNR */
  p->n = mlirElementsAttrGetNumElements(sc);
  p->scales = pt2eAlloc((size_t)p->n * sizeof *p->scales);
  p->zeroPoints = pt2eAlloc((size_t)p->n * sizeof *p->zeroPoints);
  if (!p->scales || !p->zeroPoints)
    return false;
  for (int64_t i = 0; i < p->n; i++) {
    p->scales[i] = mlirDenseElementsAttrGetFloatValue(sc, i);
    p->zeroPoints[i] = pt2eConstIntAt(zp, i);
  }
  /* int4-weight-only: float zero points added after the dcast */
  MlirAttribute fz = pt2eConvertFloatZerosAfter(op, (intptr_t)p->n, &p->valueOp);
  if (!mlirAttributeIsNull(fz)) {
    p->floatZeros = pt2eAlloc((size_t)p->n * sizeof *p->floatZeros);
    if (!p->floatZeros)
      return false;
    for (int64_t i = 0; i < p->n; i++)
      p->floatZeros[i] = mlirDenseElementsAttrIsSplat(fz)
                             ? mlirDenseElementsAttrGetFloatSplatValue(fz)
                             : mlirDenseElementsAttrGetFloatValue(fz, i);
    p->spec.qscheme = Pt2eQSchemePerGroupFloatZero;
  }
  p->canQuantize = true;
  return true;
}

/* The quantize-dequantize of a Q-DQ pair, from its !quant.uniform type. */
static bool qdqQuantization(MlirOperation op, Point *p) {
  MlirType t = mlirValueGetType(mlirOperationGetResult(op, 0));
  MlirType q = mlirTypeIsAShaped(t) ? mlirShapedTypeGetElementType(t) : t;
  if (mlirTypeIsAUniformQuantizedSubChannelType(q))
    return subChannelQuantization(op, q, p);
  bool perAxis = mlirTypeIsAUniformQuantizedPerAxisType(q);
  if (!perAxis && !mlirTypeIsAUniformQuantizedType(q))
    return false;
  p->n = perAxis ? mlirUniformQuantizedPerAxisTypeGetNumDims(q) : 1;
  p->scales = pt2eAlloc((size_t)p->n * sizeof *p->scales);
  p->zeroPoints = pt2eAlloc((size_t)p->n * sizeof *p->zeroPoints);
  if (!p->scales || !p->zeroPoints)
    return false;
  for (int64_t i = 0; i < p->n; i++) {
    p->scales[i] = (float)(perAxis ? mlirUniformQuantizedPerAxisTypeGetScale(q, i)
                                   : mlirUniformQuantizedTypeGetScale(q));
    p->zeroPoints[i] = perAxis ? mlirUniformQuantizedPerAxisTypeGetZeroPoint(q, i)
                               : mlirUniformQuantizedTypeGetZeroPoint(q);
  }
  memset(&p->spec, 0, sizeof p->spec);
  p->spec.quantMin = mlirQuantizedTypeGetStorageTypeMin(q);
  p->spec.quantMax = mlirQuantizedTypeGetStorageTypeMax(q);
  p->spec.qscheme = perAxis ? Pt2eQSchemePerChannelAffine : Pt2eQSchemePerTensorAffine;
  p->spec.chAxis = perAxis ? mlirUniformQuantizedPerAxisTypeGetQuantizedDimension(q) : 0;
  p->canQuantize = true;
  return true;
}

/*
** The quantize-dequantize of a pt2e.fake_quant, as the interpreter applies
** it (passes/interp/op_pt2e.c): its scale / zero_point when
** fake_quant_enabled, per tensor unless the spec is a QuantizationSpec, the
** identity for a derived spec.
*/
static bool fakeQuantQuantization(MlirOperation op, Point *p) {
  Pt2eSpec spec;
  if (mlirLogicalResultIsFailure(pt2eVerifyQuantOp(op)) ||
      mlirLogicalResultIsFailure(pt2eSpecParse(pt2eQuantOpGetSpec(op),
                                               mlirOperationGetLocation(op),
                                               PT2E_ATTR_SPEC, &spec)))
    return false;
  Pt2eCalibratedQParams q;
  Pt2eCalibratedError err;
  if (!pt2eCalibratedReadQParams(op, &spec, &q, &err)) {
    pt2eCalibratedEmitError(op, TOOL, &err);
    return false;
  }
  p->spec = spec.quant;
  if (spec.kind != Pt2eSpecQuant && pt2eQSchemeIsPerChannel(p->spec.qscheme))
    p->spec.qscheme = Pt2eQSchemePerTensorAffine;
  p->canQuantize = pt2eFakeQuantGetSwitch(op, Pt2eSwitchFakeQuant) &&
                   spec.kind != Pt2eSpecDerived && q.n > 0;
  if (!p->canQuantize)
    return true;
  p->n = q.n;
  p->scales = pt2eAlloc((size_t)q.n * sizeof *p->scales);
  p->zeroPoints = pt2eAlloc((size_t)q.n * sizeof *p->zeroPoints);
  if (!p->scales || !p->zeroPoints)
    return false;
  pt2eCalibratedCopyQParams(&q, p->scales, p->zeroPoints);
  return true;
}

/* A pt2e.dynamic_qdq: its spec; the qparams come from each value. */
static bool dynamicQuantization(MlirOperation op, Point *p) {
  Pt2eSpec spec;
  MlirAttribute a = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("spec"));
  if (mlirAttributeIsNull(a) ||
      mlirLogicalResultIsFailure(pt2eSpecParse(a, mlirOperationGetLocation(op), "spec", &spec)))
    return false;
  p->spec = spec.quant;
  p->dynamic = true;
  p->canQuantize = true;
  return true;
}

/* The first quant.dcast reading 'v' (a Q-DQ pair's quantized value). */
static MlirOperation dcastOf(MlirValue v) {
  for (MlirOpOperand u = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(u);
       u = mlirOpOperandGetNextUse(u)) {
    MlirOperation user = mlirOpOperandGetOwner(u);
    if (pt2eOpIs(user, "quant.dcast"))
      return user;
  }
  return (MlirOperation){NULL};
}

/* QUANT's point 'op', the i-th, as the next of d->points: its name (one
** the tool can pair) and its quantize-dequantize. NULL with a message. */
static Point *addPoint(Debugger *d, MlirOperation op, size_t i, const char *path) {
  Point *p = &d->points[d->numPoints];
  memset(p, 0, sizeof *p);
  bool fq = pt2eIsFakeQuant(op), dyn = pt2eIsDynamicQdq(op);
  MlirStringRef name = fq    ? pt2eQuantOpGetName(op)
                       : dyn ? dynamicName(op)
                             : mlirStringAttrGetValue(pt2eQdqGetName(op));
  if (name.length >= sizeof p->name || startsWith(name, PROBE_IN) ||
      startsWith(name, PROBE_OUT) || findPoint(d, name)) {
    fprintf(stderr, TOOL ": '%s': quantization point '%.*s' is %s\n", path,
            (int)name.length, name.data,
            findPoint(d, name) ? "named twice" : "not a name the tool can pair");
    return NULL;
  }
  memcpy(p->name, name.data, name.length);
  p->order = (int)i;
  p->kind = fq ? "fake_quant" : dyn ? "dynamic" : "qdq";
  d->numPoints++;
  if (!(fq ? fakeQuantQuantization(op, p) : dyn ? dynamicQuantization(op, p)
                                                : qdqQuantization(op, p))) {
    fprintf(stderr, TOOL ": '%s': cannot read the qparams of '%s'\n", path, p->name);
    return NULL;
  }
  return p;
}

/* The probes around point 'p' of op 'op': "in" on the value it quantizes,
** read by the point only (none for a folded constant: a quant.scast),
** "out" on the fake_quant's result or the dcast's. */
static void probePoint(MlirContext ctx, MlirOperation op, Point *p) {
  bool fq = pt2eIsFakeQuant(op) || pt2eIsDynamicQdq(op);
  if (fq || !pt2eOpIs(op, "quant.scast")) {
    MlirValue x = mlirOperationGetOperand(op, 0);
    MlirOperation probe = probeValue(ctx, x, PROBE_IN, p->name);
    mlirOperationSetOperand(op, 0, mlirOperationGetResult(probe, 0));
    p->hasIn = true;
  }
  MlirOperation outOp = fq ? op
                        : !mlirOperationIsNull(p->valueOp)
                            ? p->valueOp /* after the float zeros' generic */
                            : dcastOf(mlirOperationGetResult(op, 0));
  if (mlirOperationIsNull(outOp)) {
    noteProblem(p, "%s", "its quant.qcast has no quant.dcast");
    return;
  }
  MlirValue y = mlirOperationGetResult(outOp, 0);
  routeThrough(y, probeValue(ctx, y, PROBE_OUT, p->name));
}

/*
** Reads QUANT's points into d->points (in program order) and puts probes
** around each: "in" on the value it quantizes (not for a folded constant,
** whose float value is gone), "out" on the value after its q-dq.
*/
static bool prepareQuant(Debugger *d, MlirContext ctx, MlirModule m, const char *path) {
  Scan s = {.d = d, .ctx = ctx, .path = path};
  mlirOperationWalk(mlirModuleGetOperation(m), collectQuantPoint, &s, MlirWalkPreOrder);
  if (!s.failed && s.numOps == 0) {
    fprintf(stderr, TOOL ": '%s' has no quantization point (a pt2e.fake_quant, or a "
            "quant.qcast / quant.scast named by pt2e-convert)\n", path);
    s.failed = true;
  }
  d->points = s.failed ? NULL : pt2eAlloc(s.numOps * sizeof *d->points);
  if (!s.failed && !d->points) {
    fprintf(stderr, TOOL ": out of memory\n");
    s.failed = true;
  }
  for (size_t i = 0; !s.failed && i < s.numOps; i++) {
    Point *p = addPoint(d, s.ops[i], i, path);
    if (p)
      probePoint(ctx, s.ops[i], p);
    else
      s.failed = true;
  }
  pt2eFree(s.ops);
  return !s.failed;
}

typedef struct FloatScan {
  Debugger *d;
  const char *path;
  MlirAttribute spec;
  bool failed;
  int observers;
} FloatScan;

static MlirWalkResult collectFloatPoint(MlirOperation op, void *userData) {
  FloatScan *s = userData;
  if (pt2eIsFakeQuant(op) || isQdqRow(op)) {
    fprintf(stderr, TOOL ": '%s' is not a float model: it has a %s; give the "
            "module with pt2e.observer ops (pt2e-prepare or pt2e-calibrate)\n", s->path,
            pt2eIsFakeQuant(op) ? "pt2e.fake_quant" : "Q-DQ pair");
    s->failed = true;
    return MlirWalkResultInterrupt;
  }
  if (!pt2eIsObserver(op))
    return MlirWalkResultAdvance;
  s->observers++;
  MlirStringRef name = pt2eQuantOpGetName(op);
  Point *p = findPoint(s->d, name);
  if (p) {
    if (p->inFloat) {
      fprintf(stderr, TOOL ": '%s': observer '%.*s' is named twice\n", s->path,
              (int)name.length, name.data);
      s->failed = true;
      return MlirWalkResultInterrupt;
    }
    p->inFloat = true;
  } else if (s->d->numFloatOnly < 64) {
    snprintf(s->d->floatOnly[s->d->numFloatOnly++], sizeof s->d->floatOnly[0], "%.*s",
             (int)name.length, name.data);
  } else {
    s->d->floatOnlyMore++;
  }
  /* Every run and the whole tensor reach the hook (see probeSpec). */
  mlirOperationSetAttributeByName(op, mlirStringRefCreateFromCString(PT2E_ATTR_SPEC),
                                  s->spec);
  return MlirWalkResultAdvance;
}

static bool prepareFloat(Debugger *d, MlirContext ctx, MlirModule m, const char *path) {
  FloatScan s = {.d = d, .path = path, .spec = probeSpec(ctx)};
  mlirOperationWalk(mlirModuleGetOperation(m), collectFloatPoint, &s, MlirWalkPreOrder);
  if (!s.failed && s.observers == 0) {
    fprintf(stderr, TOOL ": '%s' has no pt2e.observer: the float model is the prepared "
            "or calibrated module\n", path);
    s.failed = true;
  }
  return !s.failed;
}

/* }==================================================================== */

/* {====================================================================
** The runs
** ===================================================================== */

/* Checks that the hook sees a float32 tensor; notes it on the point else. */
static bool isF32(Point *p, const Pt2eTensor *t) {
  if (t->type == Pt2eElemF32)
    return true;
  noteProblem(p, "%s", "not a float32 tensor");
  return false;
}

/* The local quantize-dequantize of a per-group or dynamic point on 'x'
** into 'q' (groups.h), and its error. */
static void localGroups(Point *p, const Pt2eTensor *x, float *q) {
  Pt2eGroups g;
  int64_t flat = x->numel;
  bool grouped = pt2eQSchemeIsPerGroup(p->spec.qscheme);
  bool ok = grouped ? pt2eGroupsOf(x->shape, x->rank, p->spec.chAxis, p->spec.groupSize, &g)
                    : pt2eGroupsOf(&flat, 1, 0, 0, &g);
  if (ok && p->dynamic) {
    float *buf = pt2eAlloc((size_t)g.count * 3 * sizeof *buf);
    int64_t *zps = pt2eAlloc((size_t)g.count * sizeof *zps);
    ok = buf && zps &&
         pt2eGroupsDynamicQdq(&p->spec, &g, x->data, q, buf, zps, buf + g.count,
                              buf + 2 * g.count) >= 0;
    pt2eFree(buf);
    pt2eFree(zps);
  } else if (ok) {
    ok = g.count == p->n;
    if (ok && p->floatZeros) {
      /* q - mid, then (q - mid) * scale + zero (two roundings, as the
         dcast and the generic after it). The Q-DQ pair keeps the zero, not
         which formula chose it: values are requantized from tinygemm's
         low end zero - mid * scale (PLAIN's, the group's min, differs
         from it by float rounding only; the folded weight is exact) */
      for (int64_t i = 0; i < x->numel; i++) {
        int64_t c = pt2eGroupIndex(&g, i);
        float lo = pt2eFloatZeroLow(Pt2eQSchemePerGroupFloatZero, 0.0f, p->scales[c],
                                    p->floatZeros[c], p->spec.quantMin, p->spec.quantMax);
        int64_t v = pt2eQuantizeFloatZero(((const float *)x->data)[i], p->scales[c], lo,
                                          p->spec.quantMin, p->spec.quantMax);
        float dq = (float)v * p->scales[c];
        q[i] = dq + p->floatZeros[c];
      }
    } else if (ok) {
      pt2eGroupsFakeQuant(&p->spec, &g, x->data, p->scales, p->zeroPoints, q);
    }
  }
  if (!ok) {
    noteProblem(p, "%s", "its groups do not fit the float activation");
    sumSquaredDiff(x->data, x->data, x->numel, &p->refBatch);
    return;
  }
  errAdd(&p->local, sumSquaredDiff(x->data, q, x->numel, &p->refBatch));
}

/* FLOAT's observers: keep the activation, and measure the point's local
** quantize-dequantize on it. */
static MlirLogicalResult observeFloat(void *userData, MlirOperation op,
                                      const Pt2eTensor *x) {
  Debugger *d = userData;
  Point *p = findPoint(d, pt2eQuantOpGetName(op));
  if (!p || !isF32(p, x))
    return mlirLogicalResultSuccess();
  pt2eTensorRelease(p->floatValue);
  p->floatValue = pt2eTensorCreate(x->type, x->rank, x->shape);
  if (!p->floatValue)
    return pt2eOutOfMemory(mlirOperationGetLocation(op), "'" TOOL "'");
  memcpy(p->floatValue->data, x->data, (size_t)x->numel * sizeof(float));
  p->elements = x->numel;
  p->refBatch = 0;
  if (!p->canQuantize) {
    sumSquaredDiff(x->data, x->data, x->numel, &p->refBatch);
    errAdd(&p->local, 0);
    return mlirLogicalResultSuccess();
  }
  float *q = pt2eAllocUninit((size_t)x->numel * sizeof *q);
  if (!q)
    return pt2eOutOfMemory(mlirOperationGetLocation(op), "'" TOOL "'");
  if (p->dynamic || pt2eQSchemeIsPerGroup(p->spec.qscheme)) {
    localGroups(p, x, q);
    pt2eFree(q);
    return mlirLogicalResultSuccess();
  }
  if (pt2eFakeQuantApply(&p->spec, x->data, x->shape, x->rank, p->scales, p->zeroPoints,
                         p->n, q) != Pt2eNumOk) {
    noteProblem(p, "%s", "its qparams do not fit the float activation's channels");
    sumSquaredDiff(x->data, x->data, x->numel, &p->refBatch);
  } else {
    errAdd(&p->local, sumSquaredDiff(x->data, q, x->numel, &p->refBatch));
  }
  pt2eFree(q);
  return mlirLogicalResultSuccess();
}

/* QUANT's probes: compare with the float activation of the same batch. */
static MlirLogicalResult observeQuant(void *userData, MlirOperation op,
                                      const Pt2eTensor *y) {
  Debugger *d = userData;
  MlirStringRef name = pt2eQuantOpGetName(op);
  bool isIn = startsWith(name, PROBE_IN);
  size_t skip = strlen(isIn ? PROBE_IN : PROBE_OUT);
  if (!isIn && !startsWith(name, PROBE_OUT))
    return mlirLogicalResultSuccess();
  Point *p = findPoint(d, mlirStringRefCreate(name.data + skip, name.length - skip));
  if (!p || !p->inFloat || !isF32(p, y))
    return mlirLogicalResultSuccess();
  const Pt2eTensor *x = p->floatValue;
  if (!x) {
    noteProblem(p, "%s", "the float model never computed it");
    return mlirLogicalResultSuccess();
  }
  if (x->numel != y->numel || x->rank != y->rank ||
      memcmp(x->shape, y->shape, (size_t)x->rank * sizeof x->shape[0])) {
    noteProblem(p, "%s", "the two models' tensors differ in shape");
    return mlirLogicalResultSuccess();
  }
  errAdd(isIn ? &p->in : &p->out, sumSquaredDiff(x->data, y->data, x->numel, NULL));
  return mlirLogicalResultSuccess();
}

static void compareOutputs(Debugger *d, Pt2eTensor **f, Pt2eTensor **q) {
  for (int k = 0; k < d->numOutputs; k++) {
    if (f[k]->type != Pt2eElemF32 || q[k]->type != Pt2eElemF32 ||
        f[k]->numel != q[k]->numel) {
      if (!d->outProblem[0])
        snprintf(d->outProblem, sizeof d->outProblem,
                 "output %d is not float32 of one shape in both models", k);
      d->outErr2[k] = NAN;
      continue;
    }
    double r;
    d->outErr2[k] += sumSquaredDiff(f[k]->data, q[k]->data, f[k]->numel, &r);
    d->outRef2[k] += r;
    d->outElements[k] = f[k]->numel;
  }
}

/* The end of a batch: every point's sums of this batch join the totals. */
static void commitBatch(Debugger *d) {
  for (size_t i = 0; i < d->numPoints; i++) {
    Point *p = &d->points[i];
    if (!p->inFloat || !p->floatValue)
      continue;
    p->ref2 += p->refBatch;
    errCommit(&p->in);
    errCommit(&p->out);
    errCommit(&p->local);
  }
}

static bool sameSignature(Pt2eInterp *a, Pt2eInterp *b, const Options *o) {
  bool ok = pt2eInterpNumArgs(a) == pt2eInterpNumArgs(b) &&
            pt2eInterpNumResults(a) == pt2eInterpNumResults(b);
  for (int i = 0; ok && i < pt2eInterpNumArgs(a); i++)
    ok = mlirTypeEqual(pt2eInterpArgType(a, i), pt2eInterpArgType(b, i));
  if (!ok)
    fprintf(stderr, TOOL ": '%s' and '%s' do not take the same arguments and "
            "results\n", o->floatPath, o->quantPath);
  return ok;
}

static bool runBatches(Debugger *d, Pt2eInterp *fi, Pt2eInterp *qi, Pt2eCalibData *data,
                       MlirLocation loc, int64_t *batches) {
  int nres = pt2eInterpNumResults(fi);
  Pt2eTensor **fr = pt2eAlloc((size_t)(nres + 1) * sizeof *fr);
  Pt2eTensor **qr = pt2eAlloc((size_t)(nres + 1) * sizeof *qr);
  bool ok = fr && qr;
  *batches = pt2eCalibDataNumBatches(data);
  for (int64_t b = 0; ok && b < *batches; b++) {
    Pt2eTensor *const *args = pt2eCalibDataBatch(data, b, loc);
    ok = args && mlirLogicalResultIsSuccess(pt2eInterpRun(fi, args, fr));
    if (!ok)
      break;
    ok = mlirLogicalResultIsSuccess(pt2eInterpRun(qi, args, qr));
    if (ok) {
      compareOutputs(d, fr, qr);
      commitBatch(d);
    }
    for (int k = 0; k < nres; k++) {
      pt2eTensorRelease(fr[k]);
      if (ok)
        pt2eTensorRelease(qr[k]);
    }
  }
  pt2eFree(fr);
  pt2eFree(qr);
  return ok;
}

/* }==================================================================== */

/* {====================================================================
** The report
** ===================================================================== */

static double pointSqnr(const Point *p, const ErrSum *e) {
  return e->seen ? sqnrDb(p->ref2, e->err2) : NAN;
}

/* Worst first: lowest sqnr_out; unmeasured (nan) last; then program order. */
static int worstFirst(const void *a, const void *b) {
  const Point *p = a, *q = b;
  double x = pointSqnr(p, &p->out), y = pointSqnr(q, &q->out);
  bool xn = isnan(x) || !p->inFloat, yn = isnan(y) || !q->inFloat;
  if (xn != yn)
    return xn ? 1 : -1;
  if (!xn && x != y)
    return x < y ? -1 : 1;
  return p->order - q->order;
}

static void printDb(FILE *out, double v, bool known) {
  if (!known)
    fprintf(out, " %10s", "-");
  else if (isnan(v))
    fprintf(out, " %10s", "nan");
  else if (isinf(v))
    fprintf(out, " %10s", v > 0 ? "inf" : "-inf");
  else
    fprintf(out, " %10.3f", v);
}

static void printTable(FILE *out, const Debugger *d, int64_t batches) {
  fprintf(out, "%-4s %-32s %-10s %10s %10s %10s %10s  %s\n", "rank", "point", "kind",
          "sqnr_in", "sqnr_out", "local", "elements", "note");
  for (size_t i = 0; i < d->numPoints; i++) {
    const Point *p = &d->points[i];
    fprintf(out, "%-4zu %-32s %-10s", i + 1, p->name, p->kind);
    printDb(out, pointSqnr(p, &p->in), p->inFloat && p->in.seen);
    printDb(out, pointSqnr(p, &p->out), p->inFloat && p->out.seen);
    printDb(out, pointSqnr(p, &p->local), p->inFloat && p->local.seen);
    fprintf(out, " %10lld  %s\n", (long long)p->elements,
            !p->inFloat ? "not in the float model" : p->problem);
  }
  for (int k = 0; k < d->numOutputs; k++) {
    fprintf(out, "%-4s %-32s %-10s %10s", "", "", "output", "");
    char label[32];
    snprintf(label, sizeof label, "output %d", k);
    printDb(out, sqnrDb(d->outRef2[k], d->outErr2[k]), true);
    fprintf(out, " %10s %10lld  %s\n", "", (long long)d->outElements[k], label);
  }
  for (int i = 0; i < d->numFloatOnly; i++)
    fprintf(out, "float model only: %s\n", d->floatOnly[i]);
  if (d->floatOnlyMore)
    fprintf(out, "float model only: %d more\n", d->floatOnlyMore);
  fprintf(out, "%zu points, %d output%s, %lld batch%s; SQNR in dB over all batches\n",
          d->numPoints, d->numOutputs, d->numOutputs == 1 ? "" : "s", (long long)batches,
          batches == 1 ? "" : "es");
}

static void jsonDb(Pt2eJson *j, const char *key, double v, bool known) {
  pt2eJsonKey(j, key);
  if (known)
    pt2eJsonF64(j, v);
  else
    pt2eJsonNull(j);
}

/* Point 'p', of rank 'rank', as one object of "points". */
static void jsonPoint(Pt2eJson *j, const Point *p, int64_t rank) {
  pt2eJsonBeginObject(j);
  pt2eJsonKey(j, "rank");
  pt2eJsonInt(j, rank);
  pt2eJsonKey(j, "name");
  pt2eJsonCString(j, p->name);
  pt2eJsonKey(j, "kind");
  pt2eJsonCString(j, p->kind);
  pt2eJsonKey(j, "in_float_model");
  pt2eJsonBool(j, p->inFloat);
  jsonDb(j, "sqnr_in", pointSqnr(p, &p->in), p->inFloat && p->in.seen);
  jsonDb(j, "sqnr_out", pointSqnr(p, &p->out), p->inFloat && p->out.seen);
  jsonDb(j, "local_sqnr", pointSqnr(p, &p->local), p->inFloat && p->local.seen);
  pt2eJsonKey(j, "elements");
  pt2eJsonInt(j, p->elements);
  pt2eJsonKey(j, "note");
  if (p->problem[0])
    pt2eJsonCString(j, p->problem);
  else
    pt2eJsonNull(j);
  pt2eJsonEndObject(j);
}

static void printJson(FILE *out, const Debugger *d, const Options *o, int64_t batches) {
  Pt2eJson j;
  pt2eJsonInit(&j, out, 2);
  pt2eJsonBeginObject(&j);
  pt2eJsonKey(&j, "float_model");
  pt2eJsonCString(&j, o->floatPath);
  pt2eJsonKey(&j, "quantized_model");
  pt2eJsonCString(&j, o->quantPath);
  pt2eJsonKey(&j, "data");
  pt2eJsonCString(&j, o->data);
  pt2eJsonKey(&j, "batches");
  pt2eJsonInt(&j, batches);
  pt2eJsonKey(&j, "outputs");
  pt2eJsonBeginArray(&j);
  for (int k = 0; k < d->numOutputs; k++) {
    pt2eJsonBeginObject(&j);
    pt2eJsonKey(&j, "index");
    pt2eJsonInt(&j, k);
    jsonDb(&j, "sqnr", sqnrDb(d->outRef2[k], d->outErr2[k]), true);
    pt2eJsonKey(&j, "elements");
    pt2eJsonInt(&j, d->outElements[k]);
    pt2eJsonEndObject(&j);
  }
  pt2eJsonEndArray(&j);
  pt2eJsonKey(&j, "points");
  pt2eJsonBeginArray(&j);
  for (size_t i = 0; i < d->numPoints; i++)
    jsonPoint(&j, &d->points[i], (int64_t)i + 1);
  pt2eJsonEndArray(&j);
  pt2eJsonKey(&j, "float_only");
  pt2eJsonBeginArray(&j);
  for (int i = 0; i < d->numFloatOnly; i++)
    pt2eJsonCString(&j, d->floatOnly[i]);
  pt2eJsonEndArray(&j);
  pt2eJsonEndObject(&j);
  fputc('\n', out);
}

/* }==================================================================== */

/* {====================================================================
** The plot: one row per point in rank order, sqnr_out as a bar, sqnr_in
** as a ring, local as a tick, the outputs' SQNR as dashed lines
** ===================================================================== */

/* The largest finite figure the plot shows (at least 10 dB). */
static double svgScale(const Debugger *d) {
  double top = 10;
  for (size_t i = 0; i < d->numPoints; i++) {
    const Point *p = &d->points[i];
    const ErrSum *e[3] = {&p->in, &p->out, &p->local};
    for (int k = 0; k < 3; k++)
      if (p->inFloat && e[k]->seen)
        top = svgRowsAxisEnd(top, pointSqnr(p, e[k]));
  }
  for (int k = 0; k < d->numOutputs; k++)
    top = svgRowsAxisEnd(top, sqnrDb(d->outRef2[k], d->outErr2[k]));
  return top;
}

static void printSvg(FILE *out, const Debugger *d) {
  int rows = (int)d->numPoints;
  SvgRows c;
  svgRowsBegin(&c, out, 260, rows, svgScale(d), 46,
               "SQNR per quantization point, worst first (dB): bar sqnr_out, ring sqnr_in, "
               "tick local");
  for (int i = 0; i < rows; i++) {
    const Point *p = &d->points[i];
    int y = svgRowsY(i);
    svgRowsLabel(&c, i, p->name);
    if (!p->inFloat)
      continue;
    double vo = pointSqnr(p, &p->out), vi = pointSqnr(p, &p->in), vl = pointSqnr(p, &p->local);
    char tip[64];
    if (p->out.seen && !isnan(vo)) {
      snprintf(tip, sizeof tip, "sqnr_out %.3f", vo);
      svgRowsBar(&c, i, vo, tip);
    }
    if (p->in.seen && !isnan(vi))
      fprintf(out, "<circle cx=\"%.1f\" cy=\"%d\" r=\"4\" fill=\"none\" stroke=\"#222\">"
              "<title>sqnr_in %.3f</title></circle>\n", svgRowsX(&c, vi), y + SvgRow / 2, vi);
    if (p->local.seen && !isnan(vl))
      fprintf(out, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#e08a00\" "
              "stroke-width=\"3\"><title>local %.3f</title></line>\n", svgRowsX(&c, vl), y + 1,
              svgRowsX(&c, vl), y + SvgRow - 1, vl);
  }
  /* the outputs last, over the bars */
  for (int k = 0; k < d->numOutputs; k++) {
    double v = sqnrDb(d->outRef2[k], d->outErr2[k]);
    if (isnan(v))
      continue;
    char label[64];
    snprintf(label, sizeof label, "output %d: %.2f", k, v);
    svgRowsLine(&c, v, "#c00", SvgTop - 14, label);
  }
  svgRowsEnd(&c);
}

/* }==================================================================== */

/* The function to run: --entry, or the float module's only public
** function with a body (pt2eEntryFind, the rule of every tool). */
static bool entryName(MlirModule m, const Options *o, char *name, size_t size) {
  char err[768];
  MlirOperation f = pt2eEntryFind(mlirModuleGetOperation(m), o->entry,
                                  "--entry=NAME", err, sizeof err);
  if (mlirOperationIsNull(f)) {
    fprintf(stderr, TOOL ": '%s': %s\n", o->floatPath, err);
    return false;
  }
  MlirStringRef s = pt2eSymbolName(f);
  snprintf(name, size, "%.*s", (int)s.length, s.data);
  return true;
}

static void freeDebugger(Debugger *d) {
  for (size_t i = 0; i < d->numPoints; i++) {
    pt2eTensorRelease(d->points[i].floatValue);
    pt2eFree(d->points[i].scales);
    pt2eFree(d->points[i].floatZeros);
    pt2eFree(d->points[i].zeroPoints);
  }
  pt2eFree(d->points);
  pt2eFree(d->outRef2);
  pt2eFree(d->outErr2);
  pt2eFree(d->outElements);
}

/* {====================================================================
** The comparison, phase by phase
** ===================================================================== */

/* The two models and what runs them (closeRun frees them). */
typedef struct Models {
  MlirModule fm, qm;   /* FLOAT and QUANT as read */
  Pt2eInterp *fi, *qi; /* their entry functions, the probes hooked */
  Pt2eCalibData *data; /* the batches */
  MlirLocation loc;    /* FLOAT's, for errors about the batches */
  MlirStringRef *skip; /* --skip-calls, held while the interpreters live */
} Models;

/* FLOAT, then QUANT unless FLOAT failed (the parser said why). */
static void readModels(MlirContext ctx, const Options *o, Models *m) {
  memset(m, 0, sizeof *m);
  m->fm = mlirModuleCreateParseFromFile(ctx, mlirStringRefCreateFromCString(o->floatPath));
  if (!mlirModuleIsNull(m->fm))
    m->qm = mlirModuleCreateParseFromFile(ctx, mlirStringRefCreateFromCString(o->quantPath));
}

/* The interpreters of both models' function 'entry', with the hooks that
** read the probes, checked to take the same arguments; and the batches. */
static bool openRuns(Debugger *d, const Options *o, const char *entry, Models *m) {
  size_t numSkip;
  m->skip = pt2eToolSkipCalls(o->skipCalls, &numSkip);
  Pt2eInterpHooks fh = {observeFloat, NULL, d, m->skip, numSkip},
                  qh = {observeQuant, NULL, d, m->skip, numSkip};
  MlirStringRef e = mlirStringRefCreateFromCString(entry);
  m->fi = m->skip ? pt2eInterpCreateInModule(mlirModuleGetOperation(m->fm), e, &fh, NULL)
                  : NULL;
  m->qi = m->fi ? pt2eInterpCreateInModule(mlirModuleGetOperation(m->qm), e, &qh, NULL) : NULL;
  if (!m->fi || !m->qi || !sameSignature(m->fi, m->qi, o))
    return false;
  m->loc = mlirOperationGetLocation(mlirModuleGetOperation(m->fm));
  m->data = pt2eCalibDataOpen(m->fi, o->data, o->maxEntryMb, m->loc);
  return m->data != NULL;
}

/* The sums of each output of the entry function. */
static bool allocOutputs(Debugger *d, const Models *m) {
  d->numOutputs = pt2eInterpNumResults(m->fi);
  size_t no = (size_t)d->numOutputs + 1;
  d->outRef2 = pt2eAlloc(no * sizeof *d->outRef2);
  d->outErr2 = pt2eAlloc(no * sizeof *d->outErr2);
  d->outElements = pt2eAlloc(no * sizeof *d->outElements);
  if (!d->outRef2 || !d->outErr2 || !d->outElements) {
    fprintf(stderr, TOOL ": out of memory\n");
    return false;
  }
  return true;
}

/* Writes the plot (with --svg) and the report, and commits each. */
static bool writeOutputs(const Debugger *d, const Options *o, int64_t batches,
                         Pt2eOutput *file, Pt2eOutput *plot) {
  if (o->svg) {
    printSvg(plot->file, d);
    if (!pt2eToolOutputCommit(TOOL, plot))
      return false;
  }
  if (o->json)
    printJson(file->file, d, o, batches);
  else
    printTable(file->file, d, batches);
  return pt2eToolOutputCommit(TOOL, file);
}

static void closeRun(Models *m, Debugger *d) {
  pt2eCalibDataClose(m->data);
  pt2eInterpDestroy(m->qi);
  pt2eInterpDestroy(m->fi);
  pt2eFree(m->skip);
  freeDebugger(d);
  if (!mlirModuleIsNull(m->qm))
    mlirModuleDestroy(m->qm);
  if (!mlirModuleIsNull(m->fm))
    mlirModuleDestroy(m->fm);
}

/* }==================================================================== */

static int debug(MlirContext ctx, const Options *o) {
  static Debugger d; /* large: 64 float-only names */
  Models m;
  readModels(ctx, o, &m);
  /* The report replaces its file whole, and only once every run is done;
  ** a file that cannot be written fails before the runs. */
  Pt2eOutput file = {0}, plot = {0};
  bool opened = pt2eToolOutputOpen(TOOL, &file, o->output) &&
                (!o->svg || pt2eToolOutputOpen(TOOL, &plot, o->svg));
  char entry[256];
  int64_t batches = 0;
  int rc = 1;
  if (opened && !mlirModuleIsNull(m.fm) && !mlirModuleIsNull(m.qm) &&
      prepareQuant(&d, ctx, m.qm, o->quantPath) && prepareFloat(&d, ctx, m.fm, o->floatPath) &&
      entryName(m.fm, o, entry, sizeof entry) && openRuns(&d, o, entry, &m) &&
      allocOutputs(&d, &m) && runBatches(&d, m.fi, m.qi, m.data, m.loc, &batches)) {
    qsort(d.points, d.numPoints, sizeof *d.points, worstFirst);
    rc = writeOutputs(&d, o, batches, &file, &plot) ? 0 : 1;
  }
  pt2eOutputAbort(&plot); /* nothing when committed or never opened */
  pt2eOutputAbort(&file);
  closeRun(&m, &d);
  return rc;
}

int main(int argc, char **argv) {
  static Options opt;
  int parsed = parseArgs(argc, argv, &opt);
  if (parsed >= 0)
    return parsed;
  MlirContext ctx;
  if (!pt2eToolContextCreate(TOOL, opt.irdl, &ctx))
    return 1;
  int rc;
  if (opt.sensitivity) {
    size_t numSkip;
    MlirStringRef *skip = pt2eToolSkipCalls(opt.skipCalls, &numSkip);
    SensitivityOptions so = {opt.floatPath, opt.data, opt.entry, opt.output, opt.svg,
                             opt.json, opt.hasTarget, opt.targetDb, opt.maxEntryMb,
                             opt.progress, skip, numSkip};
    rc = skip ? pt2eSensitivityRun(ctx, &so) : 1;
    pt2eFree(skip);
  } else {
    rc = debug(ctx, &opt);
  }
  mlirContextDestroy(ctx);
  return rc;
}
