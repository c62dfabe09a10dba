/*
** report_json.c
** pt2e-report{format=json}: one JSON object per row (report_rows.h), with the
** stable keys of docs/report.md, in this order:
**
**   name kind observed{op result argument location} location observer
**   observer_params dtype qscheme ch_axis quant_min quant_max scale zero_point min max
**   clipped
**
** Every key is always present; what a row does not have is null. The keys
** are the report's schema, not the IR's: some read like the calibrated
** attributes ('zero_point'), but they stay what docs/report.md says when the
** attributes change (tools/check-layers.py knows this file).
*/
#include "report_json.h"

#include <string.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Quant.h"

#include "ir_ops.h"
#include "pt2e_dialect.h"
#include "pt2e_support.h"

static void locationChunk(MlirStringRef s, void *userData) {
  pt2eJsonStringChunk(userData, s.data, s.length);
}

/* A location as MLIR prints it: loc("file.mlir":3:8), fused ones whole. */
static void writeLocation(Pt2eJson *j, MlirLocation loc) {
  pt2eJsonStringBegin(j);
  mlirLocationPrint(loc, locationChunk, j);
  pt2eJsonStringEnd(j);
}

static void writeStringRef(Pt2eJson *j, MlirStringRef s) {
  pt2eJsonString(j, s.data, s.length);
}

/*
** What the row watches: the producing op's name and result number (and
** 'argument' null), or, for a block argument, 'op' and 'result' null and
** the argument's number; and the value's own location (the producer's, or
** the argument's).
*/
static void writeObserved(Pt2eJson *j, MlirOperation op) {
  MlirValue v = mlirOperationGetOperand(op, 0);
  pt2eJsonBeginObject(j);
  if (mlirValueIsABlockArgument(v)) {
    pt2eJsonKey(j, "op");
    pt2eJsonNull(j);
    pt2eJsonKey(j, "result");
    pt2eJsonNull(j);
    pt2eJsonKey(j, "argument");
    pt2eJsonInt(j, (int64_t)mlirBlockArgumentGetArgNumber(v));
  } else {
    pt2eJsonKey(j, "op");
    writeStringRef(j, pt2eOpNameOf(mlirOpResultGetOwner(v)));
    pt2eJsonKey(j, "result");
    pt2eJsonInt(j, (int64_t)mlirOpResultGetResultNumber(v));
    pt2eJsonKey(j, "argument");
    pt2eJsonNull(j);
  }
  pt2eJsonKey(j, "location");
  writeLocation(j, mlirValueGetLocation(v));
  pt2eJsonEndObject(j);
}

static const char *kindName(Pt2eReportKind kind) {
  switch (kind) {
  case Pt2eReportObserver: return "observer";
  case Pt2eReportFakeQuant: return "fake_quant";
  case Pt2eReportQdq: return "qdq";
  case Pt2eReportDynamic: return "dynamic";
  }
  return "?";
}

static void writeNameOrNull(Pt2eJson *j, const char *name) {
  if (name)
    pt2eJsonCString(j, name);
  else
    pt2eJsonNull(j);
}

/* "range": the method's [lo, hi], [[lo, hi], ...] for per-channel
** histograms (one pair per channel), null before calibration. */
static void writeRange(Pt2eJson *j, const Pt2eReportRow *row) {
  pt2eJsonKey(j, "range");
  if (row->hasRange && row->ranges != NULL) {
    pt2eJsonBeginArray(j);
    for (intptr_t c = 0; c < row->numRanges; c++) {
      pt2eJsonBeginArray(j);
      pt2eJsonF32(j, row->ranges[2 * c]);
      pt2eJsonF32(j, row->ranges[2 * c + 1]);
      pt2eJsonEndArray(j);
    }
    pt2eJsonEndArray(j);
  } else if (row->hasRange) {
    pt2eJsonBeginArray(j);
    pt2eJsonF32(j, row->rangeLo);
    pt2eJsonF32(j, row->rangeHi);
    pt2eJsonEndArray(j);
  } else {
    pt2eJsonNull(j);
  }
}

/* An integer, or null when it is unknown. */
static void writeIntOrNull(Pt2eJson *j, bool known, int64_t v) {
  if (known)
    pt2eJsonInt(j, v);
  else
    pt2eJsonNull(j);
}

/*
** "observer_params": the parameters of an ONNX Runtime kind
** ({"bins", "percentile", "symmetric"} for percentile, {"bins",
** "num_quantized_bins"} for entropy, {"bins"} for distribution); of a
** per-group row (a per_group spec or a sub-channel type) {"group_size",
** "groups"}: elements per group and the number of groups (of scales);
** null for every other row.
*/
static void writeObserverParams(Pt2eJson *j, const Pt2eReportRow *row) {
  pt2eJsonKey(j, "observer_params");
  int64_t group = pt2eReportRowGroupSize(row);
  if (group >= 0) {
    pt2eJsonBeginObject(j);
    pt2eJsonKey(j, "group_size");
    pt2eJsonInt(j, group);
    pt2eJsonKey(j, "groups");
    int64_t groups = pt2eReportRowGroups(row);
    writeIntOrNull(j, groups >= 0, groups);
    if (pt2eReportRowHasFloatZeros(row)) {
      /* per_group_float_zero: dq = (q - mid) * scale + zero, the float
         zero points beside 'scale' ('zero_point' holds 0s) */
      pt2eJsonKey(j, "zero_point_float");
      pt2eJsonBeginArray(j);
      for (intptr_t i = 0; i < row->n; i++)
        pt2eJsonF32(j, pt2eReportRowFloatZero(row, i));
      pt2eJsonEndArray(j);
    }
    pt2eJsonEndObject(j);
    return;
  }
  if (row->kind == Pt2eReportQdq || row->spec.kind != Pt2eSpecQuant ||
      pt2eObserverKindInfo(row->spec.quant.observer)->ort == Pt2eOrtNone) {
    pt2eJsonNull(j);
    return;
  }
  const Pt2eQuantSpec *q = &row->spec.quant;
  Pt2eOrtMethod m = pt2eObserverKindInfo(q->observer)->ort;
  pt2eJsonBeginObject(j);
  pt2eJsonKey(j, "bins");
  pt2eJsonInt(j, q->bins);
  if (m == Pt2eOrtPercentile) {
    pt2eJsonKey(j, "percentile");
    pt2eJsonF64(j, q->percentile);
    pt2eJsonKey(j, "symmetric");
    pt2eJsonBool(j, q->symmetric);
  }
  if (m == Pt2eOrtEntropy) {
    pt2eJsonKey(j, "num_quantized_bins");
    pt2eJsonInt(j, q->numQuantizedBins);
  }
  writeRange(j, row);
  pt2eJsonEndObject(j);
}

/*
** dtype, qscheme, ch_axis, quant_min, quant_max. An observer or fake-quant
** op has them from its spec (a shared spec has none of its own: null); a
** Q-DQ pair from its !quant.uniform type, which is affine by construction:
** whether the observer was symmetric is no longer in the IR (its zero
** points say it). What is unknown stays false or NULL (null in the JSON).
*/
typedef struct QuantFacts {
  const char *qscheme;
  bool hasAxis, hasRange;
  int64_t axis, qmin, qmax;
} QuantFacts;

static void readQuantFacts(const Pt2eReportRow *row, QuantFacts *f) {
  memset(f, 0, sizeof *f);
  if (row->kind == Pt2eReportQdq) {
    if (!mlirTypeIsNull(row->quant)) {
      bool perAxis = mlirTypeIsAUniformQuantizedPerAxisType(row->quant);
      bool grouped = mlirTypeIsAUniformQuantizedSubChannelType(row->quant);
      f->qscheme = pt2eQSchemeName(row->floatZeros.ptr ? Pt2eQSchemePerGroupFloatZero
                                   : grouped ? Pt2eQSchemePerGroupAffine
                                   : perAxis ? Pt2eQSchemePerChannelAffine
                                             : Pt2eQSchemePerTensorAffine);
      f->hasAxis = perAxis;
      if (perAxis)
        f->axis = mlirUniformQuantizedPerAxisTypeGetQuantizedDimension(row->quant);
      f->hasRange = true;
      f->qmin = mlirQuantizedTypeGetStorageTypeMin(row->quant);
      f->qmax = mlirQuantizedTypeGetStorageTypeMax(row->quant);
    }
  } else if (row->spec.kind != Pt2eSpecShared) {
    const Pt2eQuantSpec *q = &row->spec.quant;
    f->qscheme = pt2eQSchemeName(q->qscheme);
    f->hasAxis = pt2eQSchemeHasAxis(q->qscheme);
    f->axis = q->chAxis;
    f->hasRange = true;
    f->qmin = q->quantMin;
    f->qmax = q->quantMax;
  }
}

static void writeQuantFacts(Pt2eJson *j, const Pt2eReportRow *row) {
  QuantFacts f;
  readQuantFacts(row, &f);
  pt2eJsonKey(j, "dtype");
  writeNameOrNull(j, pt2eReportRowDType(row));
  pt2eJsonKey(j, "qscheme");
  writeNameOrNull(j, f.qscheme);
  pt2eJsonKey(j, "ch_axis");
  writeIntOrNull(j, f.hasAxis, f.axis);
  pt2eJsonKey(j, "quant_min");
  writeIntOrNull(j, f.hasRange, f.qmin);
  pt2eJsonKey(j, "quant_max");
  writeIntOrNull(j, f.hasRange, f.qmax);
}

/* 'scale' and 'zero_point': lists of n, null before calibration. */
static void writeQParams(Pt2eJson *j, const Pt2eReportRow *row) {
  pt2eJsonKey(j, "scale");
  if (row->n == 0) {
    pt2eJsonNull(j);
  } else {
    pt2eJsonBeginArray(j);
    for (intptr_t i = 0; i < row->n; i++)
      pt2eJsonF32(j, pt2eReportRowScale(row, i));
    pt2eJsonEndArray(j);
  }
  pt2eJsonKey(j, "zero_point");
  if (row->n == 0) {
    pt2eJsonNull(j);
  } else {
    pt2eJsonBeginArray(j);
    for (intptr_t i = 0; i < row->n; i++)
      pt2eJsonInt(j, pt2eReportRowZeroPoint(row, i));
    pt2eJsonEndArray(j);
  }
}

/*
** 'min' and 'max': one per channel as the op's 'stats' hold them (an empty
** list for a per-channel observer that has seen nothing yet), null without
** statistics (and always for a Q-DQ pair). torch starts a MinMax observer
** at min = +inf, max = -inf: those come out as "Infinity" / "-Infinity".
*/
static void writeStats(Pt2eJson *j, const Pt2eReportRow *row) {
  const Pt2eCalibratedStats *st = &row->stats;
  for (int which = 0; which < 2; which++) {
    pt2eJsonKey(j, which == 0 ? "min" : "max");
    if (row->kind == Pt2eReportQdq || !st->present) {
      pt2eJsonNull(j);
      continue;
    }
    pt2eJsonBeginArray(j);
    for (intptr_t i = 0; i < st->numChannels; i++)
      pt2eJsonF32(j, which == 0 ? pt2eCalibratedStatsMin(st, i)
                                : pt2eCalibratedStatsMax(st, i));
    pt2eJsonEndArray(j);
  }
}

void pt2eReportJsonRow(Pt2eJson *j, const Pt2eReportRow *row) {
  pt2eJsonBeginObject(j);
  pt2eJsonKey(j, "name");
  writeStringRef(j, pt2eReportRowName(row));
  pt2eJsonKey(j, "kind");
  pt2eJsonCString(j, kindName(row->kind));
  pt2eJsonKey(j, "observed");
  writeObserved(j, row->op);
  pt2eJsonKey(j, "location");
  writeLocation(j, mlirOperationGetLocation(row->op));
  pt2eJsonKey(j, "observer");
  writeNameOrNull(j, row->kind != Pt2eReportQdq && row->spec.kind == Pt2eSpecQuant
                         ? pt2eObserverKindName(row->spec.quant.observer)
                         : NULL);
  writeObserverParams(j, row);
  writeQuantFacts(j, row);
  writeQParams(j, row);
  writeStats(j, row);
  pt2eJsonKey(j, "clipped");
  double clipped = pt2eReportRowClipped(row);
  if (clipped >= 0)
    pt2eJsonF64(j, clipped);
  else
    pt2eJsonNull(j);
  pt2eJsonEndObject(j);
}

void pt2eReportJsonMiss(Pt2eJson *j, MlirOperation op, MlirStringRef text) {
  pt2eJsonBeginObject(j);
  pt2eJsonKey(j, "kind");
  pt2eJsonCString(j, "not_quantized");
  pt2eJsonKey(j, "op");
  writeStringRef(j, pt2eOpNameOf(op));
  pt2eJsonKey(j, "location");
  writeLocation(j, mlirOperationGetLocation(op));
  pt2eJsonKey(j, "reason");
  writeStringRef(j, text);
  pt2eJsonEndObject(j);
}
