/*
** qparams.c
** Quantization parameters and (fake) quantization of float32 values.
**
** Each statement below is one float32 operation of torch, in torch's order,
** so that results are bit-identical: 'f(a op b)' in the comments is one
** binary32 operation rounded to nearest even. Python floats meeting a
** float32 tensor are first rounded to float32 (torchao-numerics.md 0.3).
** Integer conversions of NaN or out-of-range floats follow x86-64, where
** torch's casts compile to cvttss2si and give the "integer indefinite"
** value (the most negative integer); C leaves them undefined, so they are
** spelled out here.
*/
#include "qparams.h"

#include <math.h>

/* ATen's minimum/maximum: NaN propagates, otherwise std::min/std::max. */
static float minimumF(float a, float b) {
  if (isnan(a))
    return a;
  if (isnan(b))
    return b;
  return (b < a) ? b : a;
}

static float maximumF(float a, float b) {
  if (isnan(a))
    return a;
  if (isnan(b))
    return b;
  return (a < b) ? b : a;
}

/* static_cast<int32_t>(float) on x86-64: truncation, INT32_MIN if invalid. */
static int32_t truncToInt32(float v) {
  if (!(v > -2147483904.0f && v < 2147483648.0f))
    return INT32_MIN;
  return (int32_t)v;
}

/* static_cast<int64_t>(float) on x86-64: truncation, INT64_MIN if invalid. */
static int64_t truncToInt64(float v) {
  if (!(v >= -9223372036854775808.0f && v < 9223372036854775808.0f))
    return INT64_MIN;
  return (int64_t)v;
}

/* Python's floor division of integers. */
static int64_t floorDiv2(int64_t a) {
  return (a >= 0) ? a / 2 : -((-a + 1) / 2);
}

const char *pt2eNumStatusName(Pt2eNumStatus status) {
  switch (status) {
  case Pt2eNumOk:           return "ok";
  case Pt2eNumDefaulted:    return "no statistics, default qparams";
  case Pt2eNumInvalidRange: return "invalid range";
  case Pt2eNumNaN:          return "NaN input";
  case Pt2eNumBadShape:     return "bad shape";
  case Pt2eNumUnsupported:  return "unsupported";
  case Pt2eNumNoMemory:     return "out of memory";
  }
  return "unknown status";
}

/* {======================================================================
** _calculate_qparams
** ======================================================================= */

/*
** The symmetric zero point: 128 for uint8 (or the floor midpoint of a
** custom range), 2^15 for uint16, 0 for everything else.
*/
static int64_t symmetricZeroPoint(const Pt2eQuantSpec *spec, bool customRange) {
  if (spec->dtype == Pt2eDTypeUInt8)
    return customRange ? floorDiv2(spec->quantMin + spec->quantMax) : 128;
  if (spec->dtype == Pt2eDTypeUInt16)
    return 32768;
  return 0;
}

/*
** One channel of the symmetric branch:
**   scale = max(f(max(-mn, mx) / f((qmax - qmin) / 2)), eps)
*/
static float symmetricScale(const Pt2eQuantSpec *spec, float mn, float mx) {
  float half = (float)((double)(spec->quantMax - spec->quantMin) / 2.0);
  float a = maximumF(-mn, mx);
  float scale = a / half;
  return maximumF(scale, spec->eps);
}

/*
** One channel of the affine branch:
**   scale = max(f(f(mx - mn) / f(qmax - qmin)), eps)
**   zp = clamp(int32(qmin - int32(rne(f(mn / scale)))), qmin, qmax)
** The zero point comes from the minimum alone; the int32 subtraction
** wraps as torch's int32 tensor does.
*/
static float affineScale(const Pt2eQuantSpec *spec, float mn, float mx,
                         int64_t *zeroPoint) {
  float range = (float)(double)(spec->quantMax - spec->quantMin);
  float width = mx - mn;
  float scale = width / range;
  float ratio;
  int32_t rounded;
  uint32_t wrapped;
  int64_t zp;
  scale = maximumF(scale, spec->eps);
  ratio = mn / scale;
  rounded = truncToInt32(nearbyintf(ratio));
  wrapped = (uint32_t)(int32_t)spec->quantMin - (uint32_t)rounded;
  zp = (int64_t)(int32_t)wrapped;
  if (zp < spec->quantMin)
    zp = spec->quantMin;
  if (zp > spec->quantMax)
    zp = spec->quantMax;
  *zeroPoint = zp;
  return scale;
}

Pt2eNumStatus pt2eCalculateQParams(const Pt2eQuantSpec *spec, bool customRange,
                                   const float *minVals, const float *maxVals,
                                   int64_t n, float *scales,
                                   int64_t *zeroPoints) {
  bool perChannel = pt2eQSchemeHasAxis(spec->qscheme);
  bool symmetric = pt2eQSchemeIsSymmetric(spec->qscheme);
  int64_t i;
  if (n == 0 || (!perChannel && minVals[0] == INFINITY &&
                 maxVals[0] == -INFINITY)) {
    scales[0] = 1.0f;  /* check_min_max_valid's defaults */
    zeroPoints[0] = 0;
    return Pt2eNumDefaulted;
  }
  for (i = 0; i < n; i++)
    if (!(minVals[i] <= maxVals[i]))
      return Pt2eNumInvalidRange;
  for (i = 0; i < n; i++) {
    if (pt2eQSchemeHasFloatZero(spec->qscheme)) {
      /* the group's own range (preserve_zero=False); the float zero point
         is pt2eFloatZeroPoint's, the integer one 0. tinygemm: scale
         f(max - min) / f(qmax - qmin), clamped to eps; PLAIN (mslk's
         int4_row_quantize_zp): the range clamped to eps, then divided */
      float range = (float)(double)(spec->quantMax - spec->quantMin);
      scales[i] = spec->qscheme == Pt2eQSchemePerGroupFloatZero
                      ? maximumF((maxVals[i] - minVals[i]) / range, spec->eps)
                      : maximumF(maxVals[i] - minVals[i], spec->eps) / range;
      zeroPoints[i] = 0;
      continue;
    }
    float mn = minimumF(minVals[i], 0.0f);
    float mx = maximumF(maxVals[i], 0.0f);
    if (symmetric) {
      scales[i] = symmetricScale(spec, mn, mx);
      zeroPoints[i] = symmetricZeroPoint(spec, customRange);
    } else {
      scales[i] = affineScale(spec, mn, mx, &zeroPoints[i]);
    }
  }
  return Pt2eNumOk;
}

/* }====================================================================== */

/* {======================================================================
** Quantize, dequantize, fake-quantize
** ======================================================================= */

/* Narrows an int32 to the width of 'dtype', wrapping as a C cast does. */
static int64_t narrowTo(int32_t v, Pt2eDType dtype) {
  switch (dtype) {
  case Pt2eDTypeInt8:   return (int8_t)(uint8_t)(uint32_t)v;
  case Pt2eDTypeUInt8:  return (uint8_t)(uint32_t)v;
  case Pt2eDTypeInt16:  return (int16_t)(uint16_t)(uint32_t)v;
  case Pt2eDTypeUInt16: return (uint16_t)(uint32_t)v;
  case Pt2eDTypeInt4:   return (int64_t)(((uint32_t)v & 0xFu) ^ 0x8u) - 8;
  case Pt2eDTypeInt32:  return v;
  }
  return v;
}

int64_t pt2eQuantizeValue(float x, float scale, int64_t zeroPoint,
                          int64_t qmin, int64_t qmax, Pt2eDType dtype) {
  float inv = 1.0f / scale;
  float scaled = x * inv;
  float rounded = nearbyintf(scaled);
  float shifted = rounded + (float)zeroPoint;
  float lo = (float)qmin, hi = (float)qmax;
  float clamped = shifted;  /* torch.clamp keeps NaN */
  if (clamped < lo)
    clamped = lo;
  if (clamped > hi)
    clamped = hi;
  return narrowTo(truncToInt32(clamped), dtype);
}

int64_t pt2eFloatZeroMid(int64_t qmin, int64_t qmax) {
  return (qmax - qmin + 1) / 2;
}

float pt2eFloatZeroPoint(float min, float scale, int64_t qmin, int64_t qmax) {
  float step = scale * (float)pt2eFloatZeroMid(qmin, qmax);
  return min + step;
}

float pt2eFloatZeroLow(Pt2eQScheme qscheme, float min, float scale, float zero,
                       int64_t qmin, int64_t qmax) {
  if (qscheme == Pt2eQSchemePerGroupFloatZeroPlain)
    return min;
  float step = scale * (float)pt2eFloatZeroMid(qmin, qmax);
  return zero - step;
}

int64_t pt2eQuantizeFloatZero(float x, float scale, float lo, int64_t qmin,
                              int64_t qmax) {
  int64_t mid = pt2eFloatZeroMid(qmin, qmax);
  float shifted = x - lo;
  float ratio = shifted / scale;
  float q = nearbyintf(ratio);
  float top = (float)(qmax - qmin);
  if (!(q >= 0.0f)) /* NaN too: no weight has one */
    q = 0.0f;
  if (q > top)
    q = top;
  return (int64_t)q - mid;
}

float pt2eDequantizeValue(int64_t q, float scale, int64_t zeroPoint) {
  float diff = (float)q - (float)zeroPoint;
  return diff * scale;
}

/*
** One element of ATen's per-tensor fake-quant kernel, with 'inv' the
** float32 reciprocal of 'scale' computed once per tensor.
*/
static float fakeQuantOne(float x, float scale, float inv, int64_t zeroPoint,
                          int64_t qmin, int64_t qmax) {
  float scaled = x * inv;
  float qf = (float)zeroPoint + nearbyintf(scaled);
  double clamped = fmin(fmax((double)qf, (double)qmin), (double)qmax);
  int64_t q = (int64_t)clamped;  /* fmax drops NaN: NaN becomes qmin */
  return (float)(q - zeroPoint) * scale;
}

float pt2eFakeQuantizeValue(float x, float scale, int64_t zeroPoint,
                            int64_t qmin, int64_t qmax) {
  return fakeQuantOne(x, scale, 1.0f / scale, zeroPoint, qmin, qmax);
}

void pt2eFakeQuantizePerTensor(const float *data, int64_t count, float scale,
                               int64_t zeroPoint, int64_t qmin, int64_t qmax,
                               float *out) {
  float inv = 1.0f / scale;
  int64_t i;
  for (i = 0; i < count; i++)
    out[i] = fakeQuantOne(data[i], scale, inv, zeroPoint, qmin, qmax);
}

/* One row of channel values of ATen's per-channel fake-quant kernel: the
** product by the float32 reciprocal of 'scale', rounded half to even, the
** zero point added in float32, cast to int64 first, clamped, and the
** difference times the scale in double. */
static void fakeQuantRow(const float *src, float *dst, int64_t n,
                         float scale, int64_t zeroPoint, int64_t qmin,
                         int64_t qmax) {
  float inv = 1.0f / scale;
  for (int64_t k = 0; k < n; k++) {
    float scaled = src[k] * inv;
    float qf = (float)zeroPoint + nearbyintf(scaled);
    int64_t q = truncToInt64(qf);  /* cast first: NaN, inf -> INT64_MIN */
    if (q < qmin)
      q = qmin;
    if (q > qmax)
      q = qmax;
    dst[k] = (float)((double)(q - zeroPoint) * (double)scale);
  }
}

Pt2eNumStatus pt2eFakeQuantizePerChannel(const float *data,
                                         const int64_t *shape, int rank,
                                         int64_t axis, const float *scales,
                                         const int64_t *zeroPoints,
                                         int64_t qmin, int64_t qmax,
                                         float *out) {
  int64_t outer = 1, inner = 1, channels;
  if (axis < 0)
    axis += rank;
  if (axis < 0 || axis >= rank)
    return Pt2eNumBadShape;
  for (int d = 0; d < rank; d++) {
    if (d < axis)
      outer *= shape[d];
    else if (d > axis)
      inner *= shape[d];
  }
  channels = shape[axis];
  for (int64_t o = 0; o < outer; o++)
    for (int64_t c = 0; c < channels; c++) {
      int64_t row = (o * channels + c) * inner;
      fakeQuantRow(data + row, out + row, inner, scales[c], zeroPoints[c],
                   qmin, qmax);
    }
  return Pt2eNumOk;
}

Pt2eNumStatus pt2eFakeQuantApply(const Pt2eQuantSpec *spec, const float *data,
                                 const int64_t *shape, int rank,
                                 const float *scales,
                                 const int64_t *zeroPoints,
                                 int64_t numQParams, float *out) {
  int64_t axis = spec->chAxis < 0 ? spec->chAxis + rank : spec->chAxis;
  int64_t count = 1;
  int d;
  if (numQParams < 1)
    return Pt2eNumBadShape;
  if (!pt2eQSchemeIsPerChannel(spec->qscheme)) {
    for (d = 0; d < rank; d++)
      count *= shape[d];
    pt2eFakeQuantizePerTensor(data, count, scales[0], zeroPoints[0],
                              spec->quantMin, spec->quantMax, out);
    return Pt2eNumOk;
  }
  if (axis < 0 || axis >= rank || shape[axis] != numQParams)
    return Pt2eNumBadShape;
  return pt2eFakeQuantizePerChannel(data, shape, rank, axis, scales,
                                    zeroPoints, spec->quantMin,
                                    spec->quantMax, out);
}

/* }====================================================================== */

/* {======================================================================
** Derived qparams
** ======================================================================= */

Pt2eNumStatus pt2eDeriveMulScales(const Pt2eScaleSource *sources,
                                  size_t numSources, int64_t n,
                                  float *scales, int64_t *zeroPoints) {
  size_t k;
  int64_t i;
  for (k = 0; k < numSources; k++)
    if (sources[k].n != 1 && sources[k].n != n)
      return Pt2eNumBadShape;
  for (i = 0; i < n; i++) {
    float s = 0.0f;
    for (k = 0; k < numSources; k++) {
      float sk = sources[k].scales[sources[k].n == 1 ? 0 : i];
      s = k == 0 ? sk : s * sk;
    }
    scales[i] = s;
    zeroPoints[i] = 0;
  }
  return Pt2eNumOk;
}

/* }====================================================================== */
