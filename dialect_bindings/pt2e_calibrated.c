/*
** pt2e_calibrated.c
** The one checker and writer of calibrated attributes ('scale',
** 'zero_point', 'stats') on pt2e.observer / pt2e.fake_quant ops.
**
** What pt2e-calibrate writes, and so what every check accepts:
**   scale = array<f32: s0, ...>, zero_point = array<i64: z0, ...>
**       one entry per tensor, or one per channel along the spec's ch_axis
**       (a fake_quant starts from torch's single 1.0 / 0); scales positive
**       and finite, zero points values of the dtype
**   stats = {min = array<f32: ...>, max = array<f32: ...>,
**            histogram = array<f32: ...>}
**       min and max per channel (per-tensor observers: 1; per-channel ones:
**       0 until they first observe), histogram only for Histogram observers,
**       with the spec's bins;
**   stats = {min, max, counts = array<i64: ...>, edges = array<f32: ...>}
**       for the ONNX Runtime kinds (percentile, entropy, distribution):
**       their histogram, whose length grows with the range.
**   Per-channel histograms (a kind with bins under a per-channel qscheme):
**       min and max per channel (0 before the first observation); a
**       Histogram's 'histogram' holds channels x bins, channel after
**       channel; an ONNX Runtime kind adds channel_bins = array<i64: ...>,
**       each channel's count of 'counts', whose counts and edges (one more
**       each) follow one another in channel order.
** Quantizing relies on more (pt2eCalibratedCheckQuantize): exactly one
** entry per channel, zero points inside [quant_min, quant_max]. Failures
** are phrases for "observer 'name' ...", so that every reader words them
** alike.
*/
#include "pt2e_calibrated.h"

#include <assert.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include "observers.h"
#include "pt2e_dialect.h"
#include "pt2e_support.h"

#define QPARAMS_NEED                                                          \
  "needs 'scale' as array<f32> and 'zero_point' as array<i64> of equal, "     \
  "non-zero length"
#define STATS_NEED                                                            \
  "needs 'stats' as {min = array<f32>, max = array<f32>} of equal length, "   \
  "with an optional 'histogram' = array<f32>"

void pt2eCalibratedFail(Pt2eCalibratedError *err, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err->message, sizeof err->message, fmt, ap);
  va_end(ap);
}

static MlirAttribute opAttr(MlirOperation op, const char *name) {
  return mlirOperationGetAttributeByName(op,
                                         mlirStringRefCreateFromCString(name));
}

/* {======================================================================
** Describing what was found
** ======================================================================= */

/* The attribute as MLIR prints it, cut to a few dozen characters: a wrong
** attribute may be a whole tensor. */
static const char *describe(MlirAttribute a, char *buf, size_t size) {
  if (!pt2eAttrToText(a, buf, size - 4)) /* room for "..." */
    memcpy(buf + strlen(buf), "...", 4);
  return buf;
}

/* }====================================================================== */

/* {======================================================================
** Channels
** ======================================================================= */

/* Specs whose 'quant' part says how the op quantizes (a shared spec's does
** not: it points at another op). */
static bool specSaysQScheme(const Pt2eSpec *spec) {
  return spec && spec->kind != Pt2eSpecShared;
}

static bool observerKeepsChannels(const Pt2eQuantSpec *q) {
  return pt2eObserverKindInfo(q->observer)->perChannel ||
         pt2eObserverKindInfo(q->observer)->perGroup ||
         pt2eObserverIsChannelHistogram(q);
}

/* The type the op watches: its operand's (the checks run before, or
** without, pt2eVerifyQuantOp). */
static bool watchedTensor(MlirOperation op, MlirType *out,
                          Pt2eCalibratedError *err) {
  if (mlirOperationGetNumOperands(op) < 1) {
    pt2eCalibratedFail(err, "has no operand, expected the tensor it watches");
    return false;
  }
  *out = mlirValueGetType(mlirOperationGetOperand(op, 0));
  return true;
}

/* ch_axis of 'spec' inside the ranked tensor 'tensor', into *axis. */
static bool axisInside(MlirType tensor, const Pt2eSpec *spec, int64_t *axis,
                       Pt2eCalibratedError *err) {
  if (!mlirTypeIsARankedTensor(tensor)) {
    char found[96];
    pt2eCalibratedFail(err, "watches a value of type %s, expected a ranked tensor",
         describe(mlirTypeAttrGet(tensor), found, sizeof found));
    return false;
  }
  int64_t rank = mlirShapedTypeGetRank(tensor);
  int64_t a = spec->quant.chAxis < 0 ? spec->quant.chAxis + rank
                                     : spec->quant.chAxis;
  if (a < 0 || a >= rank) {
    pt2eCalibratedFail(err, "has ch_axis %lld, outside a tensor of rank %lld",
         (long long)spec->quant.chAxis, (long long)rank);
    return false;
  }
  *axis = a;
  return true;
}

bool pt2eCalibratedChannelAxis(MlirType tensor, const Pt2eSpec *spec,
                               int64_t *axis, int64_t *channels,
                               Pt2eCalibratedError *err) {
  int64_t a;
  if (!axisInside(tensor, spec, &a, err))
    return false;
  if (mlirShapedTypeIsDynamicDim(tensor, (intptr_t)a)) {
    pt2eCalibratedFail(err, "is per-channel along dimension %lld, which is dynamic",
         (long long)a);
    return false;
  }
  *axis = a;
  *channels = mlirShapedTypeGetDimSize(tensor, (intptr_t)a);
  return true;
}

bool pt2eCalibratedGroupCount(MlirType tensor, const Pt2eSpec *spec,
                              int64_t *groups, Pt2eCalibratedError *err) {
  int64_t a;
  if (!axisInside(tensor, spec, &a, err))
    return false;
  if (!mlirShapedTypeHasStaticShape(tensor)) {
    pt2eCalibratedFail(err, "is per-group on a tensor of dynamic shape, "
                            "whose group count is not known");
    return false;
  }
  int64_t size = mlirShapedTypeGetDimSize(tensor, (intptr_t)a);
  int64_t g = spec->quant.groupSize == 0 ? size : spec->quant.groupSize;
  if (g <= 0 || size % g != 0) {
    pt2eCalibratedFail(err, "has group_size %lld, which does not divide "
                            "dimension %lld of size %lld",
                       (long long)spec->quant.groupSize, (long long)a,
                       (long long)size);
    return false;
  }
  int64_t n = 1;
  for (intptr_t d = 0; d < mlirShapedTypeGetRank(tensor); d++)
    n *= d == a ? size / g : mlirShapedTypeGetDimSize(tensor, d);
  *groups = n;
  return true;
}

/*
** Whether 'n' qparams fit the spec's qscheme on 'tensor'. 'allowInitial'
** also accepts a single entry on a per-channel tensor (a fake_quant before
** its first observation); 'needStatic' fails on a dynamic channel
** dimension instead of accepting any count.
*/
static bool countFits(MlirType tensor, const Pt2eSpec *spec, intptr_t n,
                      bool allowInitial, bool needStatic,
                      Pt2eCalibratedError *err) {
  if (pt2eQSchemeIsPerGroup(spec->quant.qscheme)) {
    int64_t groups;
    if (!pt2eCalibratedGroupCount(tensor, spec, &groups, err))
      return false;
    if (n == groups)
      return true;
    pt2eCalibratedFail(err, "has %ld scales for %lld groups (expected one "
                            "'scale' and 'zero_point' per group)",
                       (long)n, (long long)groups);
    return false;
  }
  if (!pt2eQSchemeIsPerChannel(spec->quant.qscheme)) {
    if (n == 1)
      return true;
    pt2eCalibratedFail(err, "has %ld scales but a per-tensor qscheme (expected 1 'scale' "
              "and 'zero_point')", (long)n);
    return false;
  }
  int64_t axis, channels;
  if (!needStatic) {
    if (!axisInside(tensor, spec, &axis, err))
      return false;
    if (mlirShapedTypeIsDynamicDim(tensor, (intptr_t)axis))
      return true; /* any count may fit: the size is known when it runs */
  }
  if (!pt2eCalibratedChannelAxis(tensor, spec, &axis, &channels, err))
    return false;
  if (n == channels || (allowInitial && n == 1))
    return true;
  pt2eCalibratedFail(err, "has %ld scale%s for dimension %lld of size %lld (expected %lld, "
            "one 'scale' and 'zero_point' per channel%s)",
       (long)n, n == 1 ? "" : "s", (long long)axis, (long long)channels,
       (long long)channels, allowInitial ? ", or torch's initial 1" : "");
  return false;
}

/* }====================================================================== */

/* {======================================================================
** Qparams
** ======================================================================= */

/* Every zero point inside the dtype's range: anything else is no value of
** the storage type, and overflows the readers' integer arithmetic. */
static bool zeroPointsInDTypeRange(const Pt2eCalibratedQParams *q,
                                   const Pt2eSpec *spec,
                                   Pt2eCalibratedError *err) {
  int64_t lo = INT32_MIN, hi = INT32_MAX;
  const char *range = "int32";
  if (specSaysQScheme(spec)) {
    pt2eDTypeRange(spec->quant.dtype, &lo, &hi);
    range = pt2eDTypeName(spec->quant.dtype);
  }
  for (intptr_t i = 0; i < q->n; i++) {
    int64_t z = mlirDenseI64ArrayGetElement(q->zeroPoint, i);
    if (z < lo || z > hi) {
      pt2eCalibratedFail(err, "has zero point %lld outside [%lld, %lld], the range of %s "
                "(entry %ld of 'zero_point')",
           (long long)z, (long long)lo, (long long)hi, range, (long)i);
      return false;
    }
  }
  return true;
}

/* A scale that is not positive and finite quantizes nothing: no calibration
** writes one, and no reader could use it. */
static bool scaleUsable(float s, intptr_t i, Pt2eCalibratedError *err) {
  if (s > 0.0f && !isinf(s))
    return true;
  pt2eCalibratedFail(err, "has scale %g, which is not positive and finite (entry %ld of "
            "'scale')", (double)s, (long)i);
  return false;
}

static bool scalesUsable(const Pt2eCalibratedQParams *q,
                         Pt2eCalibratedError *err) {
  for (intptr_t i = 0; i < q->n; i++)
    if (!scaleUsable(mlirDenseF32ArrayGetElement(q->scale, i), i, err))
      return false;
  return true;
}

/* Both arrays present, of the right element types and equal lengths. */
static bool qparamsShape(MlirAttribute scale, MlirAttribute zp,
                         Pt2eCalibratedError *err) {
  char found[96];
  bool noScale = mlirAttributeIsNull(scale), noZp = mlirAttributeIsNull(zp);
  if (noScale || noZp) {
    pt2eCalibratedFail(err, QPARAMS_NEED "; found %s", noScale && noZp ? "neither"
                                         : noZp ? "'scale' but no 'zero_point'"
                                                : "'zero_point' but no 'scale'");
    return false;
  }
  if (!mlirAttributeIsADenseF32Array(scale)) {
    pt2eCalibratedFail(err, QPARAMS_NEED "; found 'scale' = %s",
         describe(scale, found, sizeof found));
    return false;
  }
  if (!mlirAttributeIsADenseI64Array(zp)) {
    pt2eCalibratedFail(err, QPARAMS_NEED "; found 'zero_point' = %s",
         describe(zp, found, sizeof found));
    return false;
  }
  intptr_t ns = mlirDenseArrayGetNumElements(scale);
  intptr_t nz = mlirDenseArrayGetNumElements(zp);
  if (ns == 0 || ns != nz) {
    pt2eCalibratedFail(err, QPARAMS_NEED "; found 'scale' of %ld and 'zero_point' of %ld "
              "elements", (long)ns, (long)nz);
    return false;
  }
  return true;
}

bool pt2eCalibratedReadQParams(MlirOperation op, const Pt2eSpec *spec,
                               Pt2eCalibratedQParams *out,
                               Pt2eCalibratedError *err) {
  MlirAttribute scale = opAttr(op, PT2E_ATTR_SCALE);
  MlirAttribute zp = opAttr(op, PT2E_ATTR_ZERO_POINT);
  Pt2eCalibratedQParams q = {0, {NULL}, {NULL}};
  *out = q;
  if (mlirAttributeIsNull(scale) && mlirAttributeIsNull(zp) &&
      !pt2eIsFakeQuant(op))
    return true; /* an observer that has not been calibrated */
  if (!qparamsShape(scale, zp, err))
    return false;
  q.n = mlirDenseArrayGetNumElements(scale);
  q.scale = scale;
  q.zeroPoint = zp;
  MlirType tensor;
  if (specSaysQScheme(spec) &&
      (!watchedTensor(op, &tensor, err) ||
       !countFits(tensor, spec, q.n, pt2eIsFakeQuant(op), false, err)))
    return false;
  if (!scalesUsable(&q, err) || !zeroPointsInDTypeRange(&q, spec, err))
    return false;
  *out = q;
  return true;
}

bool pt2eCalibratedCheckQuantize(MlirType tensor, const Pt2eSpec *spec,
                                 intptr_t n, const float *scales,
                                 const int64_t *zeroPoints,
                                 Pt2eCalibratedError *err) {
  if (n < 1) {
    pt2eCalibratedFail(err, "has no scales, expected at least 1");
    return false;
  }
  if (!countFits(tensor, spec, n, false, true, err))
    return false;
  const Pt2eQuantSpec *q = &spec->quant;
  for (intptr_t i = 0; i < n; i++) {
    if (!scaleUsable(scales[i], i, err))
      return false;
    if (zeroPoints[i] < q->quantMin || zeroPoints[i] > q->quantMax) {
      pt2eCalibratedFail(err, "has zero point %lld outside [%lld, %lld], the spec's "
                "quant_min and quant_max (entry %ld of 'zero_point')",
           (long long)zeroPoints[i], (long long)q->quantMin,
           (long long)q->quantMax, (long)i);
      return false;
    }
  }
  return true;
}

/* }====================================================================== */

/* {======================================================================
** Statistics
** ======================================================================= */

/* Entry 'key' of 'stats' as array<f32> into *out (null when absent and
** 'optional'). */
static bool statsArray(MlirAttribute stats, const char *key, bool optional,
                       MlirAttribute *out, Pt2eCalibratedError *err) {
  MlirAttribute a =
      mlirDictionaryAttrGetElementByName(stats, mlirStringRefCreateFromCString(key));
  *out = a;
  if (mlirAttributeIsNull(a)) {
    if (optional)
      return true;
    pt2eCalibratedFail(err, STATS_NEED "; found no '%s'", key);
    return false;
  }
  if (!mlirAttributeIsADenseF32Array(a)) {
    char found[96];
    pt2eCalibratedFail(err, STATS_NEED "; found '%s' = %s", key,
         describe(a, found, sizeof found));
    return false;
  }
  return true;
}

/* Only the keys pt2e-calibrate writes: another one is a typo or another
** tool's data, which no reader would look at. */
static bool statsKeysKnown(MlirAttribute stats, Pt2eCalibratedError *err) {
  static const char *const known[] = {
      PT2E_ATTR_STATS_MIN, PT2E_ATTR_STATS_MAX, PT2E_ATTR_STATS_HISTOGRAM,
      /* ONNX Runtime kinds' collected histogram (per channel: lengths) */
      PT2E_ATTR_STATS_COUNTS, PT2E_ATTR_STATS_EDGES,
      PT2E_ATTR_STATS_CHANNEL_BINS,
      /* a shard's, checked by pt2e_shard.c, the only reader */
      PT2E_ATTR_STATS_UPDATES, PT2E_ATTR_STATS_FIRST_MIN,
      PT2E_ATTR_STATS_FIRST_MAX, PT2E_ATTR_STATS_START, PT2E_ATTR_STATS_RANGES};
  for (intptr_t i = 0; i < mlirDictionaryAttrGetNumElements(stats); i++) {
    MlirStringRef key =
        mlirIdentifierStr(mlirDictionaryAttrGetElement(stats, i).name);
    bool ok = false;
    for (size_t k = 0; k < sizeof known / sizeof *known; k++)
      ok = ok || pt2eStringRefIs(key, known[k]);
    if (!ok) {
      pt2eCalibratedFail(err, "has 'stats' entry '%.*s', expected only '%s', '%s', '%s', "
                "'%s', '%s' and '%s' (and a shard's '%s', '%s', '%s', '%s', "
                "'%s')",
           (int)key.length, key.data, PT2E_ATTR_STATS_MIN, PT2E_ATTR_STATS_MAX,
           PT2E_ATTR_STATS_HISTOGRAM, PT2E_ATTR_STATS_COUNTS,
           PT2E_ATTR_STATS_EDGES, PT2E_ATTR_STATS_CHANNEL_BINS,
           PT2E_ATTR_STATS_UPDATES,
           PT2E_ATTR_STATS_FIRST_MIN, PT2E_ATTR_STATS_FIRST_MAX,
           PT2E_ATTR_STATS_START, PT2E_ATTR_STATS_RANGES);
      return false;
    }
  }
  return true;
}

static bool binsAreCounts(const Pt2eCalibratedStats *s,
                          Pt2eCalibratedError *err) {
  for (intptr_t i = 0; i < s->numBins; i++) {
    float c = mlirDenseF32ArrayGetElement(s->histogram, i);
    if (!(c >= 0.0f) || isinf(c)) {
      pt2eCalibratedFail(err, "has 'stats' histogram bin %ld = %g, expected a finite "
                "count >= 0", (long)i, (double)c);
      return false;
    }
  }
  return true;
}

/*
** 'counts' (array<i64>, each >= 0) and 'edges' (array<f32>, finite, not
** decreasing, one longer): both or neither, into s->counts / s->edges.
** With 'channel_bins' (array<i64>, each >= 0, adding up to the counts),
** one such histogram per channel, one after the other: the edges are one
** longer per channel that has counts and do not decrease within a channel.
*/
/* 'channel_bins' (each channel's number of counts) into 's', with the
   total count and the number of channels that have a histogram. */
static bool ortChannelBins(MlirAttribute cb, Pt2eCalibratedStats *s, intptr_t *total,
                           intptr_t *parts, Pt2eCalibratedError *err) {
  if (!mlirAttributeIsADenseI64Array(cb)) {
    pt2eCalibratedFail(err, "has 'stats' '%s', expected array<i64> of each channel's "
              "number of counts", PT2E_ATTR_STATS_CHANNEL_BINS);
    return false;
  }
  *parts = 0;
  for (intptr_t i = 0; i < mlirDenseArrayGetNumElements(cb); i++) {
    int64_t v = mlirDenseI64ArrayGetElement(cb, i);
    if (v < 0 || v > ((int64_t)1 << 24)) {
      pt2eCalibratedFail(err, "has 'stats' '%s' entry %ld = %lld, expected 0 to 2^24",
           PT2E_ATTR_STATS_CHANNEL_BINS, (long)i, (long long)v);
      return false;
    }
    *total += (intptr_t)v;
    *parts += v > 0;
  }
  s->ortChannels = mlirDenseArrayGetNumElements(cb);
  s->channelBins = cb;
  return true;
}

/* Counts 'c' and edges 'e' agree: N > 0 counts (as 'cb' adds up when
   present) and N + 1 edges per part. */
static bool ortArraysAgree(MlirAttribute c, MlirAttribute e, MlirAttribute cb,
                           intptr_t total, intptr_t parts, Pt2eCalibratedError *err) {
  if (!mlirAttributeIsNull(c) && !mlirAttributeIsNull(e) &&
      mlirAttributeIsADenseI64Array(c) && mlirAttributeIsADenseF32Array(e) &&
      mlirDenseArrayGetNumElements(c) >= 1 &&
      mlirDenseArrayGetNumElements(e) == mlirDenseArrayGetNumElements(c) + parts &&
      (mlirAttributeIsNull(cb) || total == mlirDenseArrayGetNumElements(c)))
    return true;
  if (mlirAttributeIsNull(cb))
    pt2eCalibratedFail(err, "has 'stats' '%s' and '%s', expected both: array<i64> of N > 0 "
              "counts and array<f32> of N + 1 edges",
         PT2E_ATTR_STATS_COUNTS, PT2E_ATTR_STATS_EDGES);
  else
    pt2eCalibratedFail(err, "has 'stats' '%s', '%s' and '%s' that disagree, expected N "
              "counts in all, as '%s' adds up, and N + 1 edges per channel "
              "with counts", PT2E_ATTR_STATS_COUNTS, PT2E_ATTR_STATS_EDGES,
         PT2E_ATTR_STATS_CHANNEL_BINS, PT2E_ATTR_STATS_CHANNEL_BINS);
  return false;
}

/* The edges of each part (the whole histogram, or each channel's with
   counts) are finite and do not decrease. */
static bool ortEdgesRise(MlirAttribute e, MlirAttribute cb, intptr_t n, intptr_t parts,
                         Pt2eCalibratedError *err) {
  intptr_t start = 0, ch = 0;
  while (start < n + parts) {
    intptr_t len = n + 1;
    if (!mlirAttributeIsNull(cb)) {
      while (mlirDenseI64ArrayGetElement(cb, ch) == 0)
        ch++;
      len = (intptr_t)mlirDenseI64ArrayGetElement(cb, ch++) + 1;
    }
    for (intptr_t i = start; i < start + len; i++) {
      float v = mlirDenseF32ArrayGetElement(e, i);
      if (!isfinite(v) ||
          (i > start && !(mlirDenseF32ArrayGetElement(e, i - 1) <= v))) {
        pt2eCalibratedFail(err, "has 'stats' edge %ld = %g, expected finite edges that do "
                  "not decrease", (long)i, (double)v);
        return false;
      }
    }
    start += len;
  }
  return true;
}

static bool ortHistogram(MlirAttribute stats, Pt2eCalibratedStats *s,
                         Pt2eCalibratedError *err) {
  MlirAttribute c = mlirDictionaryAttrGetElementByName(
      stats, mlirStringRefCreateFromCString(PT2E_ATTR_STATS_COUNTS));
  MlirAttribute e = mlirDictionaryAttrGetElementByName(
      stats, mlirStringRefCreateFromCString(PT2E_ATTR_STATS_EDGES));
  MlirAttribute cb = mlirDictionaryAttrGetElementByName(
      stats, mlirStringRefCreateFromCString(PT2E_ATTR_STATS_CHANNEL_BINS));
  intptr_t parts = 1, total = 0;
  if (!mlirAttributeIsNull(cb) && !ortChannelBins(cb, s, &total, &parts, err))
    return false;
  if (mlirAttributeIsNull(c) && mlirAttributeIsNull(e) && total == 0)
    return true;
  if (!ortArraysAgree(c, e, cb, total, parts, err))
    return false;
  intptr_t n = mlirDenseArrayGetNumElements(c);
  for (intptr_t i = 0; i < n; i++)
    if (mlirDenseI64ArrayGetElement(c, i) < 0) {
      pt2eCalibratedFail(err, "has 'stats' count %ld = %lld, expected a count >= 0",
           (long)i, (long long)mlirDenseI64ArrayGetElement(c, i));
      return false;
    }
  if (!ortEdgesRise(e, cb, n, parts, err))
    return false;
  s->ortBins = n;
  s->counts = c;
  s->edges = e;
  return true;
}

/* The channel and bin counts the observer of 'spec' keeps on 'op'. */
/* The stats' channel count against the observer: one for a per-tensor
   observer, the watched dimension's size (or 0 before the first batch)
   for one that keeps channels. */
static bool statsChannelsFit(MlirOperation op, const Pt2eSpec *spec,
                             const Pt2eCalibratedStats *s, Pt2eCalibratedError *err) {
  const Pt2eQuantSpec *q = &spec->quant;
  if (!observerKeepsChannels(q)) {
    if (s->numChannels == 1)
      return true;
    pt2eCalibratedFail(err, "has 'stats' of %ld channels, expected 1 for observer '%s'",
         (long)s->numChannels, pt2eObserverKindName(q->observer));
    return false;
  }
  MlirType tensor;
  int64_t axis;
  if (!watchedTensor(op, &tensor, err) || !axisInside(tensor, spec, &axis, err))
    return false;
  if (pt2eObserverKindInfo(q->observer)->perGroup) {
    int64_t groups;
    if (!pt2eCalibratedGroupCount(tensor, spec, &groups, err))
      return false;
    if (s->numChannels == 0 || s->numChannels == groups)
      return true;
    pt2eCalibratedFail(err, "has 'stats' of %ld groups, expected %lld (or 0 "
                            "before the first observation)",
                       (long)s->numChannels, (long long)groups);
    return false;
  }
  int64_t channels = mlirShapedTypeIsDynamicDim(tensor, (intptr_t)axis)
                         ? -1 : mlirShapedTypeGetDimSize(tensor, (intptr_t)axis);
  if (s->numChannels != 0 && channels >= 0 && s->numChannels != channels) {
    pt2eCalibratedFail(err, "has 'stats' of %ld channels for dimension %lld of size %lld "
              "(expected %lld, or 0 before the first observation)",
         (long)s->numChannels, (long long)axis, (long long)channels,
         (long long)channels);
    return false;
  }
  return true;
}

/* torchao's Histogram bins: the spec's count (per channel for per-channel
   histograms); no other observer keeps any. */
static bool statsBinsFit(const Pt2eQuantSpec *q, const Pt2eCalibratedStats *s,
                         Pt2eCalibratedError *err) {
  const char *obs = pt2eObserverKindName(q->observer);
  bool channelHist = pt2eObserverIsChannelHistogram(q);
  if (q->observer == Pt2eObserverHistogram && channelHist) {
    if (s->numBins != s->numChannels * q->bins) {
      pt2eCalibratedFail(err, "has 'stats' histogram of %ld bins, expected %ld channels x "
                "the spec's %lld bins", (long)s->numBins,
           (long)s->numChannels, (long long)q->bins);
      return false;
    }
  } else if (q->observer == Pt2eObserverHistogram && s->numBins != q->bins) {
    if (s->numBins == 0)
      pt2eCalibratedFail(err, "has 'stats' without '%s', which observer '%s' keeps (%lld "
                "bins)", PT2E_ATTR_STATS_HISTOGRAM, obs, (long long)q->bins);
    else
      pt2eCalibratedFail(err, "has 'stats' histogram of %ld bins, expected the spec's %lld",
           (long)s->numBins, (long long)q->bins);
    return false;
  }
  if (q->observer != Pt2eObserverHistogram && s->numBins != 0) {
    pt2eCalibratedFail(err, "has a 'stats' histogram, which observer '%s' does not keep",
         obs);
    return false;
  }
  return true;
}

/* Per-channel histograms of an ONNX Runtime kind: one bin count per
   channel, non-zero exactly where min and max are finite. */
static bool statsChannelBinsFit(const Pt2eCalibratedStats *s, Pt2eCalibratedError *err) {
  if (s->numChannels > 0 && s->ortChannels != s->numChannels) {
    pt2eCalibratedFail(err, "has 'stats' '%s' of %ld entries for %ld channels",
         PT2E_ATTR_STATS_CHANNEL_BINS, (long)s->ortChannels,
         (long)s->numChannels);
    return false;
  }
  for (intptr_t c = 0; c < s->numChannels; c++) {
    bool has = mlirDenseI64ArrayGetElement(s->channelBins, c) > 0;
    if (has != (bool)isfinite(mlirDenseF32ArrayGetElement(s->min, c))) {
      pt2eCalibratedFail(err, "has 'stats' min/max and '%s' that disagree at channel "
                "%ld (a histogram exactly when min and max are finite)",
           PT2E_ATTR_STATS_CHANNEL_BINS, (long)c);
      return false;
    }
  }
  return true;
}

/* ONNX Runtime's histograms: channel bins only for its per-channel form,
   counts and edges only for its per-tensor one, there exactly when min and
   max are finite. */
static bool statsOrtFit(const Pt2eQuantSpec *q, const Pt2eCalibratedStats *s,
                        Pt2eCalibratedError *err) {
  bool channelHist = pt2eObserverIsChannelHistogram(q);
  bool ort = pt2eObserverKindInfo(q->observer)->ort != Pt2eOrtNone;
  if (!(ort && channelHist) && !mlirAttributeIsNull(s->channelBins)) {
    pt2eCalibratedFail(err, "has 'stats' '%s', which only per-channel histograms of an "
              "ONNX Runtime kind keep", PT2E_ATTR_STATS_CHANNEL_BINS);
    return false;
  }
  if (ort && channelHist)
    return statsChannelBinsFit(s, err);
  if (!ort && s->ortBins != 0) {
    pt2eCalibratedFail(err, "has 'stats' '%s' and '%s', which observer '%s' does not keep",
         PT2E_ATTR_STATS_COUNTS, PT2E_ATTR_STATS_EDGES,
         pt2eObserverKindName(q->observer));
    return false;
  }
  if (ort && (s->ortBins != 0) !=
                 (s->numChannels == 1 &&
                  isfinite(mlirDenseF32ArrayGetElement(s->min, 0)))) {
    pt2eCalibratedFail(err, "has 'stats' min/max and '%s'/'%s' that disagree (a histogram "
              "exactly when min and max are finite)",
         PT2E_ATTR_STATS_COUNTS, PT2E_ATTR_STATS_EDGES);
    return false;
  }
  return true;
}

static bool statsFitSpec(MlirOperation op, const Pt2eSpec *spec,
                         const Pt2eCalibratedStats *s,
                         Pt2eCalibratedError *err) {
  return statsChannelsFit(op, spec, s, err) && statsBinsFit(&spec->quant, s, err) &&
         statsOrtFit(&spec->quant, s, err);
}

bool pt2eCalibratedReadStats(MlirOperation op, const Pt2eSpec *spec,
                             Pt2eCalibratedStats *out,
                             Pt2eCalibratedError *err) {
  Pt2eCalibratedStats s;
  memset(&s, 0, sizeof s);
  *out = s;
  MlirAttribute stats = opAttr(op, PT2E_ATTR_STATS);
  if (mlirAttributeIsNull(stats))
    return true;
  if (!mlirAttributeIsADictionary(stats)) {
    char found[96];
    pt2eCalibratedFail(err, STATS_NEED "; found %s", describe(stats, found, sizeof found));
    return false;
  }
  if (!statsKeysKnown(stats, err) ||
      !statsArray(stats, PT2E_ATTR_STATS_MIN, false, &s.min, err) ||
      !statsArray(stats, PT2E_ATTR_STATS_MAX, false, &s.max, err) ||
      !statsArray(stats, PT2E_ATTR_STATS_HISTOGRAM, true, &s.histogram, err) ||
      !ortHistogram(stats, &s, err))
    return false;
  intptr_t nmin = mlirDenseArrayGetNumElements(s.min);
  intptr_t nmax = mlirDenseArrayGetNumElements(s.max);
  if (nmin != nmax) {
    pt2eCalibratedFail(err, STATS_NEED "; found 'min' of %ld and 'max' of %ld elements",
         (long)nmin, (long)nmax);
    return false;
  }
  s.present = true;
  s.numChannels = nmin;
  s.numBins = mlirAttributeIsNull(s.histogram)
                  ? 0 : mlirDenseArrayGetNumElements(s.histogram);
  if (s.numBins == 0)
    s.histogram = (MlirAttribute){NULL};
  if ((spec && spec->kind == Pt2eSpecQuant && !statsFitSpec(op, spec, &s, err)) ||
      !binsAreCounts(&s, err))
    return false;
  *out = s;
  return true;
}

/* }====================================================================== */

/* {======================================================================
** Reporting and element access
** ======================================================================= */

MlirLogicalResult pt2eCalibratedEmitError(MlirOperation op, const char *reader,
                                          const Pt2eCalibratedError *err) {
  return pt2eQuantOpEmitError(op, reader, " %s", err->message);
}

MlirLogicalResult pt2eCalibratedVerifyOp(MlirOperation op, const Pt2eSpec *spec,
                                         const char *reader) {
  Pt2eCalibratedQParams q;
  Pt2eCalibratedStats s;
  Pt2eCalibratedError err;
  if (!pt2eCalibratedReadQParams(op, spec, &q, &err) ||
      !pt2eCalibratedReadStats(op, spec, &s, &err))
    return pt2eCalibratedEmitError(op, reader, &err);
  return mlirLogicalResultSuccess();
}

float pt2eCalibratedScale(const Pt2eCalibratedQParams *q, intptr_t i) {
  assert(i >= 0 && i < q->n && "scale index outside the checked length");
  return mlirDenseF32ArrayGetElement(q->scale, i);
}

int64_t pt2eCalibratedZeroPoint(const Pt2eCalibratedQParams *q, intptr_t i) {
  assert(i >= 0 && i < q->n && "zero point index outside the checked length");
  return mlirDenseI64ArrayGetElement(q->zeroPoint, i);
}

void pt2eCalibratedCopyQParams(const Pt2eCalibratedQParams *q, float *scales,
                               int64_t *zeroPoints) {
  for (intptr_t i = 0; i < q->n; i++) {
    scales[i] = mlirDenseF32ArrayGetElement(q->scale, i);
    zeroPoints[i] = mlirDenseI64ArrayGetElement(q->zeroPoint, i);
  }
}

float pt2eCalibratedStatsMin(const Pt2eCalibratedStats *s, intptr_t i) {
  assert(i >= 0 && i < s->numChannels && "min index outside the checked length");
  return mlirDenseF32ArrayGetElement(s->min, i);
}

float pt2eCalibratedStatsMax(const Pt2eCalibratedStats *s, intptr_t i) {
  assert(i >= 0 && i < s->numChannels && "max index outside the checked length");
  return mlirDenseF32ArrayGetElement(s->max, i);
}

float pt2eCalibratedStatsBin(const Pt2eCalibratedStats *s, intptr_t i) {
  assert(i >= 0 && i < s->numBins && "bin index outside the checked length");
  return mlirDenseF32ArrayGetElement(s->histogram, i);
}

void pt2eCalibratedCopyStats(const Pt2eCalibratedStats *s, float *min,
                             float *max, float *histogram) {
  for (intptr_t i = 0; i < s->numChannels; i++) {
    min[i] = mlirDenseF32ArrayGetElement(s->min, i);
    max[i] = mlirDenseF32ArrayGetElement(s->max, i);
  }
  for (intptr_t i = 0; i < s->numBins; i++)
    histogram[i] = mlirDenseF32ArrayGetElement(s->histogram, i);
}

void pt2eCalibratedCopyOrtStats(const Pt2eCalibratedStats *s, int64_t *counts,
                                float *edges) {
  intptr_t numEdges = mlirAttributeIsNull(s->edges)
                          ? 0 : mlirDenseArrayGetNumElements(s->edges);
  for (intptr_t i = 0; i < s->ortBins; i++)
    counts[i] = mlirDenseI64ArrayGetElement(s->counts, i);
  for (intptr_t i = 0; i < numEdges; i++)
    edges[i] = mlirDenseF32ArrayGetElement(s->edges, i);
}

intptr_t pt2eCalibratedOrtNumEdges(const Pt2eCalibratedStats *s) {
  return mlirAttributeIsNull(s->edges) ? 0
                                       : mlirDenseArrayGetNumElements(s->edges);
}

void pt2eCalibratedCopyChannelBins(const Pt2eCalibratedStats *s,
                                   int64_t *bins) {
  for (intptr_t i = 0; i < s->ortChannels; i++)
    bins[i] = mlirDenseI64ArrayGetElement(s->channelBins, i);
}

/* }====================================================================== */

/* {======================================================================
** Writing
** ======================================================================= */

static MlirNamedAttribute namedArray(MlirContext ctx, const char *name,
                                     intptr_t n, const float *values) {
  return mlirNamedAttributeGet(
      mlirIdentifierGet(ctx, mlirStringRefCreateFromCString(name)),
      mlirDenseF32ArrayGet(ctx, n, values));
}

void pt2eCalibratedWriteQParams(MlirOperation op, intptr_t n,
                                const float *scales,
                                const int64_t *zeroPoints) {
  MlirContext ctx = mlirOperationGetContext(op);
  mlirOperationSetAttributeByName(
      op, mlirStringRefCreateFromCString(PT2E_ATTR_SCALE),
      mlirDenseF32ArrayGet(ctx, n, scales));
  mlirOperationSetAttributeByName(
      op, mlirStringRefCreateFromCString(PT2E_ATTR_ZERO_POINT),
      mlirDenseI64ArrayGet(ctx, n, zeroPoints));
}

void pt2eCalibratedWriteStats(MlirOperation op, intptr_t numChannels,
                              const float *min, const float *max,
                              intptr_t numBins, const float *histogram) {
  MlirContext ctx = mlirOperationGetContext(op);
  MlirNamedAttribute entries[3];
  intptr_t n = 0;
  entries[n++] = namedArray(ctx, PT2E_ATTR_STATS_MIN, numChannels, min);
  entries[n++] = namedArray(ctx, PT2E_ATTR_STATS_MAX, numChannels, max);
  if (numBins > 0)
    entries[n++] = namedArray(ctx, PT2E_ATTR_STATS_HISTOGRAM, numBins, histogram);
  mlirOperationSetAttributeByName(
      op, mlirStringRefCreateFromCString(PT2E_ATTR_STATS),
      mlirDictionaryAttrGet(ctx, n, entries));
}

void pt2eCalibratedWriteOrtStats(MlirOperation op, const float *min,
                                 const float *max, intptr_t ortBins,
                                 const int64_t *counts, const float *edges) {
  pt2eCalibratedWriteChannelOrtStats(op, 1, min, max, ortBins, counts, edges,
                                     NULL);
}

void pt2eCalibratedWriteChannelOrtStats(MlirOperation op, intptr_t channels,
                                        const float *min, const float *max,
                                        intptr_t ortBins, const int64_t *counts,
                                        const float *edges,
                                        const int64_t *channelBins) {
  MlirContext ctx = mlirOperationGetContext(op);
  MlirNamedAttribute entries[5];
  intptr_t n = 0, parts = 1;
  entries[n++] = namedArray(ctx, PT2E_ATTR_STATS_MIN, channels, min);
  entries[n++] = namedArray(ctx, PT2E_ATTR_STATS_MAX, channels, max);
  if (channelBins != NULL) {
    parts = 0;
    for (intptr_t c = 0; c < channels; c++)
      parts += channelBins[c] > 0;
    entries[n++] = mlirNamedAttributeGet(
        mlirIdentifierGet(ctx, mlirStringRefCreateFromCString(
                                   PT2E_ATTR_STATS_CHANNEL_BINS)),
        mlirDenseI64ArrayGet(ctx, channels, channelBins));
  }
  if (ortBins > 0) {
    entries[n++] = mlirNamedAttributeGet(
        mlirIdentifierGet(ctx, mlirStringRefCreateFromCString(
                                   PT2E_ATTR_STATS_COUNTS)),
        mlirDenseI64ArrayGet(ctx, ortBins, counts));
    entries[n++] = namedArray(ctx, PT2E_ATTR_STATS_EDGES, ortBins + parts, edges);
  }
  mlirOperationSetAttributeByName(
      op, mlirStringRefCreateFromCString(PT2E_ATTR_STATS),
      mlirDictionaryAttrGet(ctx, n, entries));
}

/* }====================================================================== */
