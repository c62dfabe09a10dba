/*
** pt2e_shard.c
** The calibration record of a module and the merge state of its observers
** (pt2e_shard.h): read with every length and kind checked, written so that
** it reads back.
*/
#include "pt2e_shard.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include "pt2e_checked.h"
#include "pt2e_dialect.h"
#include "pt2e_support.h"


static MlirStringRef ref(const char *s) {
  return mlirStringRefCreateFromCString(s);
}

static MlirNamedAttribute named(MlirContext ctx, const char *name,
                                MlirAttribute value) {
  return mlirNamedAttributeGet(mlirIdentifierGet(ctx, ref(name)), value);
}

static MlirAttribute entry(MlirAttribute dict, const char *key) {
  return mlirDictionaryAttrGetElementByName(dict, ref(key));
}

/* {======================================================================
** The module's record
** ======================================================================= */

#define RECORD_NEED                                                            \
  "'" PT2E_ATTR_CALIBRATION "' must be {batches = array<i64: begin, end>, "   \
  "total = N, source = \"...\", options = \"...\", fingerprint = \"...\", "   \
  "exact = true|false}"

static bool recordString(MlirAttribute d, const char *key, MlirStringRef *out,
                         Pt2eCalibratedError *err) {
  MlirAttribute a = entry(d, key);
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAString(a)) {
    pt2eCalibratedFail(err, RECORD_NEED "; '%s' is missing or not a string", key);
    return false;
  }
  *out = mlirStringAttrGetValue(a);
  return true;
}

bool pt2eShardReadRecord(MlirOperation module, Pt2eShardRecord *out,
                         Pt2eCalibratedError *err) {
  memset(out, 0, sizeof *out);
  MlirAttribute d = mlirOperationGetAttributeByName(module, ref(PT2E_ATTR_CALIBRATION));
  if (mlirAttributeIsNull(d))
    return true;
  if (!mlirAttributeIsADictionary(d)) {
    pt2eCalibratedFail(err, RECORD_NEED);
    return false;
  }
  MlirAttribute b = entry(d, PT2E_ATTR_CALIBRATION_BATCHES);
  MlirAttribute t = entry(d, PT2E_ATTR_CALIBRATION_TOTAL);
  MlirAttribute x = entry(d, PT2E_ATTR_CALIBRATION_EXACT);
  if (mlirAttributeIsNull(b) || !mlirAttributeIsADenseI64Array(b) ||
      mlirDenseArrayGetNumElements(b) != 2 || mlirAttributeIsNull(t) ||
      !mlirAttributeIsAInteger(t) || mlirAttributeIsNull(x) ||
      !mlirAttributeIsABool(x)) {
    pt2eCalibratedFail(err, RECORD_NEED);
    return false;
  }
  out->begin = mlirDenseI64ArrayGetElement(b, 0);
  out->end = mlirDenseI64ArrayGetElement(b, 1);
  out->total = mlirIntegerAttrGetValueInt(t);
  out->exact = mlirBoolAttrGetValue(x);
  if (!(0 <= out->begin && out->begin <= out->end && out->end <= out->total)) {
    pt2eCalibratedFail(err, RECORD_NEED "; found batches [%lld, %lld) of %lld",
         (long long)out->begin, (long long)out->end, (long long)out->total);
    return false;
  }
  if (!recordString(d, PT2E_ATTR_CALIBRATION_SOURCE, &out->source, err) ||
      !recordString(d, PT2E_ATTR_CALIBRATION_OPTIONS, &out->options, err) ||
      !recordString(d, PT2E_ATTR_CALIBRATION_FINGERPRINT, &out->fingerprint, err))
    return false;
  out->present = true;
  return true;
}

void pt2eShardWriteRecord(MlirOperation module, const Pt2eShardRecord *r) {
  MlirContext ctx = mlirOperationGetContext(module);
  int64_t range[2] = {r->begin, r->end};
  MlirNamedAttribute e[6] = {
      named(ctx, PT2E_ATTR_CALIBRATION_BATCHES, mlirDenseI64ArrayGet(ctx, 2, range)),
      named(ctx, PT2E_ATTR_CALIBRATION_TOTAL,
            mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), r->total)),
      named(ctx, PT2E_ATTR_CALIBRATION_SOURCE, mlirStringAttrGet(ctx, r->source)),
      named(ctx, PT2E_ATTR_CALIBRATION_OPTIONS, mlirStringAttrGet(ctx, r->options)),
      named(ctx, PT2E_ATTR_CALIBRATION_FINGERPRINT,
            mlirStringAttrGet(ctx, r->fingerprint)),
      named(ctx, PT2E_ATTR_CALIBRATION_EXACT, mlirBoolAttrGet(ctx, r->exact)),
  };
  mlirOperationSetAttributeByName(module, ref(PT2E_ATTR_CALIBRATION),
                                  mlirDictionaryAttrGet(ctx, 6, e));
}

/* }====================================================================== */

/* {======================================================================
** The fingerprint
** ======================================================================= */

typedef struct Fnv {
  uint64_t h;
} Fnv;

static void fnvAppend(MlirStringRef s, void *userData) {
  Fnv *f = userData;
  for (size_t i = 0; i < s.length; i++) {
    f->h ^= (unsigned char)s.data[i];
    f->h *= 0x100000001b3ULL;
  }
}

static void fnvBytes(Fnv *f, const void *p, size_t n) {
  MlirStringRef s = {p, n};
  fnvAppend(s, f);
}

/*
** The contents of a dense_resource attribute, hashed: its key is the
** file's name for the blob, which MLIR renames ('_1') when a second file
** with the same key is parsed into the context, as pt2e-merge does.
*/
static uint64_t resourceHash(MlirAttribute a) {
  Fnv f = {0xcbf29ce484222325ULL};
  MlirType t = mlirAttributeGetType(a);
  MlirType e = mlirShapedTypeGetElementType(t);
  int64_t n = 0;
  if (mlirShapedTypeHasStaticShape(t)) {
    n = 1;
    for (intptr_t d = 0; d < mlirShapedTypeGetRank(t); d++)
      n *= mlirShapedTypeGetDimSize(t, d);
  }
  if (!pt2eResourceBlobIsPresent(a))
    return 0;
  for (int64_t i = 0; i < n; i++) {
    uint64_t v = 0;
    if (mlirTypeIsAF32(e)) {
      float x = mlirDenseFloatResourceElementsAttrGetValue(a, i);
      memcpy(&v, &x, sizeof x);
    } else if (mlirTypeIsAF64(e)) {
      double x = mlirDenseDoubleResourceElementsAttrGetValue(a, i);
      memcpy(&v, &x, sizeof x);
    } else if (mlirTypeIsAInteger(e)) {
      switch (mlirIntegerTypeGetWidth(e)) {
      case 1: v = mlirDenseBoolResourceElementsAttrGetValue(a, i); break;
      case 8: v = (uint8_t)mlirDenseInt8ResourceElementsAttrGetValue(a, i); break;
      case 16: v = (uint16_t)mlirDenseInt16ResourceElementsAttrGetValue(a, i); break;
      case 32: v = (uint32_t)mlirDenseInt32ResourceElementsAttrGetValue(a, i); break;
      case 64: v = (uint64_t)mlirDenseInt64ResourceElementsAttrGetValue(a, i); break;
      default: return 0;
      }
    } else {
      return 0; /* an element type without a getter: its type still counts */
    }
    fnvBytes(&f, &v, sizeof v);
  }
  return f.h;
}

/* Replaces each dense_resource attribute of 'op' by a string of its
** contents' hash (the type stays in the printed text of the op). */
static void replaceResources(MlirOperation op) {
  intptr_t n = mlirOperationGetNumAttributes(op);
  for (intptr_t i = 0; i < n; i++) {
    MlirNamedAttribute na = mlirOperationGetAttribute(op, i);
    if (!mlirAttributeIsADenseResourceElements(na.attribute))
      continue;
    char text[128];
    Pt2eTextBuf tb = pt2eTextBufOver(text, sizeof text);
    snprintf(text, sizeof text, "resource %016llx : ",
             (unsigned long long)resourceHash(na.attribute));
    tb.len = strlen(text);
    mlirTypePrint(mlirAttributeGetType(na.attribute), pt2eTextBufAppend, &tb);
    MlirStringRef name = mlirIdentifierStr(na.name);
    mlirOperationSetAttributeByName(
        op, name,
        mlirStringAttrGet(mlirOperationGetContext(op),
                          mlirStringRefCreateFromCString(text)));
  }
}

static MlirWalkResult stripResults(MlirOperation op, void *userData) {
  (void)userData;
  replaceResources(op);
  if (pt2eIsQuantOp(op)) {
    mlirOperationRemoveAttributeByName(op, ref(PT2E_ATTR_STATS));
    mlirOperationRemoveAttributeByName(op, ref(PT2E_ATTR_SCALE));
    mlirOperationRemoveAttributeByName(op, ref(PT2E_ATTR_ZERO_POINT));
  }
  return MlirWalkResultAdvance;
}

bool pt2eShardFingerprint(MlirOperation module, char out[17]) {
  MlirOperation copy = mlirOperationClone(module);
  if (mlirOperationIsNull(copy))
    return false;
  mlirOperationRemoveAttributeByName(copy, ref(PT2E_ATTR_CALIBRATION));
  mlirOperationWalk(copy, stripResults, NULL, MlirWalkPreOrder);
  Fnv f = {0xcbf29ce484222325ULL};
  /* generic form, no locations: the text depends on the IR alone */
  MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
  mlirOpPrintingFlagsPrintGenericOpForm(flags);
  mlirOperationPrintWithFlags(copy, flags, fnvAppend, &f);
  mlirOpPrintingFlagsDestroy(flags);
  mlirOperationDestroy(copy);
  snprintf(out, 17, "%016llx", (unsigned long long)f.h);
  return true;
}

/* }====================================================================== */

/* {======================================================================
** An observer's merge state
** ======================================================================= */

static float *floats(int64_t n) {
  size_t bytes;
  if (n <= 0 || !pt2eCheckedBytes(n, sizeof(float), &bytes))
    return NULL;
  return pt2eAlloc(bytes);
}

static bool noMemory(Pt2eCalibratedError *err, Pt2eShardStats *s) {
  pt2eShardStatsClear(s);
  pt2eCalibratedFail(err, "ran out of memory reading its 'stats'");
  return false;
}

/* An optional array<f32> entry of 'len' values (len < 0: even, any). */
static bool extraArray(MlirAttribute stats, const char *key, int64_t len,
                       float **out, int64_t *count, Pt2eCalibratedError *err) {
  MlirAttribute a = entry(stats, key);
  *out = NULL;
  if (count)
    *count = 0;
  if (mlirAttributeIsNull(a))
    return true;
  intptr_t n = mlirAttributeIsADenseF32Array(a) ? mlirDenseArrayGetNumElements(a) : -1;
  if (n < 0 || (len >= 0 && n != len) || (len < 0 && n % 2 != 0)) {
    if (len >= 0)
      pt2eCalibratedFail(err, "has 'stats' entry '%s' that is not array<f32> of %lld values",
           key, (long long)len);
    else
      pt2eCalibratedFail(err, "has 'stats' entry '%s' that is not array<f32> of (min, max) "
                "pairs", key);
    return false;
  }
  if (count)
    *count = n / 2;
  if (n == 0)
    return true;
  *out = floats(n);
  if (!*out) {
    pt2eCalibratedFail(err, "ran out of memory reading its 'stats'");
    return false;
  }
  for (intptr_t i = 0; i < n; i++)
    (*out)[i] = mlirDenseF32ArrayGetElement(a, i);
  return true;
}

/* The state of an observer before its first update into 's': no channel
   yet (one, empty, per tensor) and an empty histogram. */
static bool emptyStats(const Pt2eQuantSpec *q, Pt2eShardStats *s, Pt2eCalibratedError *err) {
  const Pt2eObserverKindInfo *kind = pt2eObserverKindInfo(q->observer);
  s->numChannels = kind->perChannel ? 0 : 1;
  s->numBins = kind->hasBins ? q->bins : 0;
  if (!kind->perChannel) {
    s->minVals = floats(1);
    s->maxVals = floats(1);
    if (!s->minVals || !s->maxVals)
      return noMemory(err, s);
    s->minVals[0] = INFINITY;
    s->maxVals[0] = -INFINITY;
  }
  if (s->numBins > 0 && !(s->histogram = floats(s->numBins)))
    return noMemory(err, s);
  return true;
}

/* The merge's own entries of 'stats' into 's': the number of updates, the
   first batch's min/max, the histogram's start and the ranges seen. */
static bool mergeEntries(MlirAttribute stats, Pt2eShardStats *s, Pt2eCalibratedError *err) {
  MlirAttribute u = entry(stats, PT2E_ATTR_STATS_UPDATES);
  s->updates = -1;
  if (!mlirAttributeIsNull(u)) {
    if (!mlirAttributeIsAInteger(u) || mlirIntegerAttrGetValueInt(u) < 0) {
      pt2eCalibratedFail(err, "has 'stats' entry '%s' that is not an integer >= 0",
           PT2E_ATTR_STATS_UPDATES);
      return false;
    }
    s->updates = mlirIntegerAttrGetValueInt(u);
  }
  int64_t firstLen = s->updates > 0 ? s->numChannels : 0;
  float *start = NULL;
  bool ok = extraArray(stats, PT2E_ATTR_STATS_FIRST_MIN, firstLen, &s->firstMin, NULL, err) &&
            extraArray(stats, PT2E_ATTR_STATS_FIRST_MAX, firstLen, &s->firstMax, NULL, err) &&
            extraArray(stats, PT2E_ATTR_STATS_START, 2, &start, NULL, err) &&
            extraArray(stats, PT2E_ATTR_STATS_RANGES, -1, &s->ranges, &s->numRanges, err);
  if (ok && start) {
    s->hasStart = true;
    s->startMin = start[0];
    s->startMax = start[1];
  }
  pt2eFree(start);
  return ok;
}

bool pt2eShardReadStats(MlirOperation op, const Pt2eSpec *spec,
                        Pt2eShardStats *out, Pt2eCalibratedError *err) {
  memset(out, 0, sizeof *out);
  Pt2eCalibratedStats cs;
  if (!pt2eCalibratedReadStats(op, spec, &cs, err))
    return false;
  Pt2eShardStats s;
  memset(&s, 0, sizeof s);
  if (!cs.present) { /* the state before the first update */
    if (!emptyStats(&spec->quant, &s, err))
      return false;
    *out = s;
    return true;
  }
  s.numChannels = cs.numChannels;
  s.numBins = cs.numBins;
  s.minVals = floats(s.numChannels);
  s.maxVals = floats(s.numChannels);
  s.histogram = floats(s.numBins);
  if ((s.numChannels > 0 && (!s.minVals || !s.maxVals)) ||
      (s.numBins > 0 && !s.histogram))
    return noMemory(err, &s);
  pt2eCalibratedCopyStats(&cs, s.minVals, s.maxVals, s.histogram);
  MlirAttribute stats = mlirOperationGetAttributeByName(op, ref(PT2E_ATTR_STATS));
  if (!mergeEntries(stats, &s, err)) {
    pt2eShardStatsClear(&s);
    return false;
  }
  *out = s;
  return true;
}

void pt2eShardWriteStats(MlirOperation op, const Pt2eSpec *spec,
                         const Pt2eShardStats *s) {
  MlirContext ctx = mlirOperationGetContext(op);
  const Pt2eObserverKindInfo *kind = pt2eObserverKindInfo(spec->quant.observer);
  MlirNamedAttribute e[8];
  intptr_t n = 0;
  intptr_t ch = (intptr_t)s->numChannels;
  e[n++] = named(ctx, PT2E_ATTR_STATS_MIN, mlirDenseF32ArrayGet(ctx, ch, s->minVals));
  e[n++] = named(ctx, PT2E_ATTR_STATS_MAX, mlirDenseF32ArrayGet(ctx, ch, s->maxVals));
  if (s->numBins > 0)
    e[n++] = named(ctx, PT2E_ATTR_STATS_HISTOGRAM,
                   mlirDenseF32ArrayGet(ctx, (intptr_t)s->numBins, s->histogram));
  if (kind->movingAverage && s->updates >= 0) {
    e[n++] = named(ctx, PT2E_ATTR_STATS_UPDATES,
                   mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), s->updates));
    if (s->updates > 0 && s->firstMin && s->firstMax) {
      e[n++] = named(ctx, PT2E_ATTR_STATS_FIRST_MIN,
                     mlirDenseF32ArrayGet(ctx, ch, s->firstMin));
      e[n++] = named(ctx, PT2E_ATTR_STATS_FIRST_MAX,
                     mlirDenseF32ArrayGet(ctx, ch, s->firstMax));
    }
  }
  if (kind->hasBins && s->hasStart) {
    float start[2] = {s->startMin, s->startMax};
    e[n++] = named(ctx, PT2E_ATTR_STATS_START, mlirDenseF32ArrayGet(ctx, 2, start));
    e[n++] = named(ctx, PT2E_ATTR_STATS_RANGES,
                   mlirDenseF32ArrayGet(ctx, (intptr_t)(2 * s->numRanges), s->ranges));
  }
  mlirOperationSetAttributeByName(op, ref(PT2E_ATTR_STATS),
                                  mlirDictionaryAttrGet(ctx, n, e));
}

/* }====================================================================== */

typedef struct FindObserver {
  MlirStringRef name;
  MlirOperation found;
} FindObserver;

static MlirWalkResult findObserver(MlirOperation op, void *userData) {
  FindObserver *f = userData;
  if (pt2eIsQuantOp(op) && pt2eQuantOpGetInstance(op).length == 0 &&
      mlirStringRefEqual(pt2eQuantOpGetName(op), f->name)) {
    f->found = op;
    return MlirWalkResultInterrupt;
  }
  return MlirWalkResultAdvance;
}

MlirOperation pt2eShardFindObserver(MlirOperation root, MlirStringRef name) {
  FindObserver f = {name, {NULL}};
  mlirOperationWalk(root, findObserver, &f, MlirWalkPreOrder);
  return f.found;
}
