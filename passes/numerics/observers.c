/*
** observers.c
** Observer statistics of torchao 0.18's PT2E observers, in pure C.
**
** An observer holds 'numChannels' running minima and maxima (one pair for
** per-tensor kinds) and, for a Histogram, 'bins' float32 counts spread
** evenly over [minVals[0], maxVals[0]]. Per-tensor state starts at
** (+inf, -inf), per-channel state at zero channels, exactly as torch's
** buffers do. Every float operation mirrors one torch tensor op, in torch's
** order (torchao-numerics.md sections 1 and 7); the Histogram search mixes
** binary64 Python floats with float32 tensors, and the comments say which
** is which.
*/
#include "observers.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pt2e_checked.h"
#include "pt2e_alloc.h"

#define UPSAMPLE_RATE 16   /* HistogramObserver.upsample_rate */

struct Pt2eObserver {
  Pt2eQuantSpec spec;
  bool customRange;      /* has_customized_qrange */
  int lanes;             /* float lanes of torch.sum's vectors */
  bool fusedLinspace;    /* linspace kernel built with FMA */
  int64_t fixedChannels; /* per-channel: required count, 0 = any */
  int64_t numChannels;   /* length of minVals/maxVals */
  float *minVals, *maxVals;
  int64_t bins;          /* Histogram only, else 0 */
  float *histogram;
  char error[160];
};

/* factor * count + extra zeroed floats, NULL when the size overflows (bins
** and channel counts come from the model) or memory runs out. */
static float *allocFloats(int64_t count, int64_t factor, int64_t extra) {
  int64_t n;
  size_t bytes;
  if (!pt2eCheckedMul(count, factor, &n) || !pt2eCheckedAdd(n, extra, &n) ||
      !pt2eCheckedBytes(n, sizeof(float), &bytes))
    return NULL;
  return pt2eAlloc(bytes);
}

/*
** NaN bit patterns matter only for restoring state bit for bit. ATen's
** scalar minimum/maximum return quiet_NaN() (0x7fc00000); its AVX2/AVX512
** loops, and aminmax over more than one element, OR in a compare mask and
** give 0xffffffff (measured with torch 2.15).
*/
static float nanBits(uint32_t u) {
  float f;
  memcpy(&f, &u, sizeof f);
  return f;
}
#define QUIET_NAN nanBits(0x7fc00000u)
#define MASK_NAN nanBits(0xffffffffu)

/* ATen's scalar minimum/maximum: NaN propagates, otherwise std::min/max. */
static float minimumF(float a, float b) {
  if (isnan(a) || isnan(b))
    return QUIET_NAN;
  return (b < a) ? b : a;
}

static float maximumF(float a, float b) {
  if (isnan(a) || isnan(b))
    return QUIET_NAN;
  return (a < b) ? b : a;
}

/*
** Element 'i' of an n-element torch.minimum/maximum: cpu_kernel_vec runs
** blocks of two vectors (2 * lanes floats) vectorized, the tail scalar.
*/
static float elementwiseNaN(float r, int64_t i, int64_t n, int lanes) {
  int64_t vectorized = n - n % (2 * (int64_t)lanes);
  return (isnan(r) && i < vectorized) ? MASK_NAN : r;
}

static Pt2eNumStatus fail(Pt2eObserver *obs, Pt2eNumStatus status,
                          const char *msg) {
  snprintf(obs->error, sizeof obs->error, "%s", msg);
  return status;
}

/* {======================================================================
** ATen primitives
** ======================================================================= */

Pt2eCpuCapability pt2eHostCpuCapability(void) {
  const char *env = getenv("ATEN_CPU_CAPABILITY");
  Pt2eCpuCapability cap = Pt2eCpuDefault;
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
    cap = Pt2eCpuAvx2;
  if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
      __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq"))
    cap = Pt2eCpuAvx512;
#endif
  if (env != NULL && strcmp(env, "default") == 0)
    cap = Pt2eCpuDefault;
  else if (env != NULL && strcmp(env, "avx2") == 0 && cap == Pt2eCpuAvx512)
    cap = Pt2eCpuAvx2;
  return cap;
}

int pt2eCpuSumLanes(Pt2eCpuCapability cap) {
  return cap == Pt2eCpuAvx512 ? 16 : 8;
}

/* utils::CeilLog2 of SumKernel.cpp: 1 for x <= 2, else bit_length(x - 1). */
static int64_t ceilLog2(int64_t x) {
  int64_t bits = 0;
  uint64_t v;
  if (x <= 2)
    return 1;
  for (v = (uint64_t)(x - 1); v != 0; v >>= 1)
    bits++;
  return bits;
}

/*
** multi_row_sum of SumKernel.cpp: sums 'rows' rows of 'width' floats
** (row r starts at x + r * stride, lane l of slot k at k * lanes + l)
** into acc0[width], cascading through 4 levels of partial sums.
*/
#define MAX_ROW 64   /* 4 ILP slots x at most 16 lanes */
static void multiRowSum(const float *x, int64_t rows, int64_t stride,
                        int width, float *out) {
  enum { LEVELS = 4 };
  float acc[LEVELS][MAX_ROW];
  int64_t power = ceilLog2(rows) / LEVELS;
  int64_t step, mask, i = 0, j;
  int k, lv;
  if (power < 4)
    power = 4;
  step = (int64_t)1 << power;
  mask = step - 1;
  memset(acc, 0, sizeof acc);
  while (i + step <= rows) {
    for (j = 0; j < step; j++, i++)
      for (k = 0; k < width; k++)
        acc[0][k] += x[i * stride + k];
    for (lv = 1; lv < LEVELS; lv++) {
      for (k = 0; k < width; k++) {
        acc[lv][k] += acc[lv - 1][k];
        acc[lv - 1][k] = 0.0f;
      }
      if ((i & (mask << (lv * power))) != 0)
        break;
    }
  }
  for (; i < rows; i++)
    for (k = 0; k < width; k++)
      acc[0][k] += x[i * stride + k];
  for (lv = 1; lv < LEVELS; lv++)
    for (k = 0; k < width; k++)
      acc[0][k] += acc[lv][k];
  memcpy(out, acc[0], (size_t)width * sizeof(float));
}

/*
** cascade_sum over one contiguous row: vectors of 'lanes' floats are summed
** by row_sum (4 ILP slots of multi_row_sum, leftover vectors into slot 0,
** then slot0+slot1+slot2+slot3), leftover scalars go first into the final
** scalar, then the lanes in order; the output tensor starts at 0. Rows
** shorter than one vector take the scalar path, which is the same with one
** lane.
*/
float pt2eCascadeSum(const float *x, int64_t n, int lanes) {
  float slots[MAX_ROW];
  float final = 0.0f, zero = 0.0f;
  int64_t vecs, ilpRows, v, k;
  int l, s;
  if (lanes < 1 || lanes > MAX_ROW / 4)
    lanes = 8;
  if (n < lanes)
    lanes = 1;
  vecs = n / lanes;
  ilpRows = vecs / 4;
  multiRowSum(x, ilpRows, 4 * (int64_t)lanes, 4 * lanes, slots);
  for (v = ilpRows * 4; v < vecs; v++)
    for (l = 0; l < lanes; l++)
      slots[l] += x[v * lanes + l];
  for (s = 1; s < 4; s++)
    for (l = 0; l < lanes; l++)
      slots[l] += slots[s * lanes + l];
  for (k = vecs * lanes; k < n; k++)
    final += x[k];
  for (l = 0; l < lanes; l++)
    final += slots[l];
  return zero + final;
}

/*
** The outer edges histc uses, in double as Histogram.cpp does: equal edges
** widen by one on each side (by at least one float32 ulp).
*/
static void histcEdges(double *lo, double *hi) {
  if (*lo == *hi) {
    double down = nextafterf((float)*lo, -INFINITY);
    double up = nextafterf((float)*hi, INFINITY);
    *lo = fmin(down, *lo - 1.0);
    *hi = fmax(up, *hi + 1.0);
  }
}

Pt2eNumStatus pt2eHistc(const float *x, int64_t n, int64_t bins, float min,
                        float max, float *hist) {
  double lo = min, hi = max;
  float lof, hif, width, nb = (float)bins;
  int64_t i, pos;
  if (lo == hi && n > 0) {  /* histc uses the data's range */
    float mn = x[0], mx = x[0];
    for (i = 1; i < n; i++) {
      mn = minimumF(mn, x[i]);
      mx = maximumF(mx, x[i]);
    }
    lo = mn;
    hi = mx;
  }
  histcEdges(&lo, &hi);
  if (!isfinite(lo) || !isfinite(hi))
    return Pt2eNumNaN;
  lof = (float)lo;
  hif = (float)hi;
  width = hif - lof;
  memset(hist, 0, (size_t)bins * sizeof(float));
  float *part = allocFloats(bins, 4, 0); /* zeroed */
  if (!part)
    return Pt2eNumNoMemory;
  /* Bin numbers are computed a chunk at a time in a loop without branches
     (the compiler vectorizes its float divisions, which round exactly as
     the scalar ones), then counted; -1 marks values outside or NaN. */
  enum { Chunk = 1024 };
  int32_t slot[Chunk];
  for (int64_t base = 0; base < n; base += Chunk) {
    int64_t m = n - base < Chunk ? n - base : Chunk;
    for (i = 0; i < m; i++) {
      float v = x[base + i];
      /* (v - lof) * nb overflows to inf for ranges near FLT_MAX (torch's
      ** cast of that inf is undefined); such a value is at the top of the
      ** range, so the bin number is capped at nb (then bins - 1). For
      ** every value of a finite product q <= nb already. */
      float q = fminf(((v - lof) * nb) / width, nb);
      int inside = v >= lof && v <= hif;
      int32_t p = inside ? (int32_t)q : -1;
      slot[i] = p;
    }
    /* four partial histograms break the chain of increments to one bin;
       counts are whole numbers below 2^24, so adding them is exact */
    for (i = 0; i < m; i++) {
      pos = slot[i];
      if (pos < 0)
        continue;
      if (pos == bins)
        pos = bins - 1;
      part[(i & 3) * bins + pos] += 1.0f;
    }
  }
  for (pos = 0; pos < bins; pos++)
    hist[pos] = (part[pos] + part[bins + pos]) + (part[2 * bins + pos] + part[3 * bins + pos]);
  pt2eFree(part);
  return Pt2eNumOk;
}

/*
** PyTorch's x86-64 wheels compile the AVX2 copy of the linspace kernel with
** -mfma, and the compiler fuses 'start + step * i' and 'end - step * k';
** the DEFAULT copy rounds twice. Measured against torch 2.15: both
** variants match every element under their capability.
*/
float pt2eLinspaceAt(float start, float end, int64_t steps, int64_t i,
                     bool fused) {
  float span = end - start;
  float step = span / (float)(steps - 1);
  float t;
  if (i < steps / 2) {
    if (fused)
      return fmaf(step, (float)i, start);
    t = step * (float)i;
    return start + t;
  }
  if (fused)
    return fmaf(-step, (float)(steps - 1 - i), end);
  t = step * (float)(steps - 1 - i);
  return end - t;
}

/* }====================================================================== */

/* {======================================================================
** Creation and state
** ======================================================================= */

static bool setChannels(Pt2eObserver *obs, int64_t n) {
  float *mn = NULL, *mx = NULL;
  if (n > 0) {
    mn = allocFloats(n, 1, 0);
    mx = allocFloats(n, 1, 0);
    if (mn == NULL || mx == NULL) {
      pt2eFree(mn);
      pt2eFree(mx);
      return false;
    }
  }
  pt2eFree(obs->minVals);
  pt2eFree(obs->maxVals);
  obs->minVals = mn;
  obs->maxVals = mx;
  obs->numChannels = n;
  return true;
}

Pt2eObserver *pt2eObserverCreate(const Pt2eQuantSpec *spec,
                                 int64_t numChannels) {
  Pt2eObserver *obs;
  int64_t dmin, dmax;
  bool perChannelScheme = pt2eQSchemeIsPerChannel(spec->qscheme);
  const Pt2eObserverKindInfo *kind = pt2eObserverKindInfo(spec->observer);
  bool perChannelKind = kind->perChannel;
  if (!perChannelKind && perChannelScheme && !kind->isPlaceholder)
    return NULL;  /* torch: "qscheme only support per_tensor_..." */
  if (numChannels < 0 || (!perChannelKind && numChannels > 1))
    return NULL;
  obs = pt2eAlloc(sizeof *obs);
  if (obs == NULL)
    return NULL;
  obs->spec = *spec;
  pt2eDTypeRange(spec->dtype, &dmin, &dmax);
  obs->customRange = !(spec->quantMin == dmin && spec->quantMax == dmax);
  pt2eObserverSetCpuCapability(obs, pt2eHostCpuCapability());
  obs->fixedChannels = perChannelKind ? numChannels : 0;
  if (!perChannelKind) {
    if (!setChannels(obs, 1)) {
      pt2eObserverDestroy(obs);
      return NULL;
    }
    obs->minVals[0] = INFINITY;
    obs->maxVals[0] = -INFINITY;
  }
  if (kind->hasBins) {
    obs->bins = spec->bins > 0 ? spec->bins : kind->bins;
    obs->histogram = allocFloats(obs->bins, 1, 0);
    if (obs->histogram == NULL) {
      pt2eObserverDestroy(obs);
      return NULL;
    }
  }
  return obs;
}

void pt2eObserverDestroy(Pt2eObserver *obs) {
  if (obs == NULL)
    return;
  pt2eFree(obs->minVals);
  pt2eFree(obs->maxVals);
  pt2eFree(obs->histogram);
  pt2eFree(obs);
}

void pt2eObserverSetCustomRange(Pt2eObserver *obs, bool customRange) {
  obs->customRange = customRange;
}

void pt2eObserverSetCpuCapability(Pt2eObserver *obs, Pt2eCpuCapability cap) {
  obs->lanes = pt2eCpuSumLanes(cap);
  obs->fusedLinspace = cap != Pt2eCpuDefault;
}

int64_t pt2eObserverNumChannels(const Pt2eObserver *obs) {
  return obs->numChannels;
}

const char *pt2eObserverErrorMessage(const Pt2eObserver *obs) {
  return obs->error;
}

void pt2eObserverGetStats(const Pt2eObserver *obs, Pt2eObserverStats *stats) {
  stats->numChannels = obs->numChannels;
  stats->minVals = obs->minVals;
  stats->maxVals = obs->maxVals;
  stats->numBins = obs->bins;
  stats->histogram = obs->histogram;
}

Pt2eNumStatus pt2eObserverSetStats(Pt2eObserver *obs,
                                   const Pt2eObserverStats *stats) {
  int64_t n = stats->numChannels;
  bool perChannel = pt2eObserverKindInfo(obs->spec.observer)->perChannel;
  if (stats->numBins != obs->bins || n < 0 || (!perChannel && n != 1) ||
      (perChannel && obs->fixedChannels > 0 && n != 0 &&
       n != obs->fixedChannels))
    return fail(obs, Pt2eNumBadShape, "statistics do not fit the observer");
  if (n != obs->numChannels && !setChannels(obs, n))
    return fail(obs, Pt2eNumNoMemory, "out of memory");
  if (n > 0) {
    memcpy(obs->minVals, stats->minVals, (size_t)n * sizeof(float));
    memcpy(obs->maxVals, stats->maxVals, (size_t)n * sizeof(float));
  }
  if (obs->bins > 0)
    memcpy(obs->histogram, stats->histogram, (size_t)obs->bins * sizeof(float));
  obs->error[0] = '\0';
  return Pt2eNumOk;
}

/* }====================================================================== */

/* {======================================================================
** MinMax kinds
** ======================================================================= */

/* torch.aminmax of all 'n' values: exact, NaN propagates. */
static void aminmax(const float *x, int64_t n, float *mn, float *mx) {
  float lo = x[0], hi = x[0];
  int64_t i;
  /* Eight independent lanes (which the compiler can keep in vector
     registers), combined at the end. Without NaN this equals the sequential
     'v < lo ? v : lo' of minimumF, except for the sign of a zero result
     (equal values with different bits are only +0 and -0); a NaN, or a
     zero result, sends the tensor through the exact loop below. */
  enum { Lanes = 8 };
  float l8[Lanes], h8[Lanes];
  int nan = 0;
  for (int k = 0; k < Lanes; k++)
    l8[k] = h8[k] = x[0];
  for (i = 0; i + Lanes <= n; i += Lanes)
    for (int k = 0; k < Lanes; k++) {
      float v = x[i + k];
      nan |= v != v;
      l8[k] = v < l8[k] ? v : l8[k];
      h8[k] = h8[k] < v ? v : h8[k];
    }
  for (; i < n; i++) {
    float v = x[i];
    nan |= v != v;
    l8[0] = v < l8[0] ? v : l8[0];
    h8[0] = h8[0] < v ? v : h8[0];
  }
  for (int k = 0; k < Lanes; k++) {
    lo = l8[k] < lo ? l8[k] : lo;
    hi = hi < h8[k] ? h8[k] : hi;
  }
  if (!nan && lo != 0.0f && hi != 0.0f) {
    *mn = lo;
    *mx = hi;
    return;
  }
  lo = hi = x[0];
  nan = lo != lo;
  for (i = 1; i < n; i++) {
    float v = x[i];
    nan |= v != v;
    lo = v < lo ? v : lo;
    hi = hi < v ? v : hi;
  }
  if (!nan) {
    *mn = lo;
    *mx = hi;
    return;
  }
  lo = hi = x[0];
  for (i = 1; i < n; i++) {
    lo = minimumF(lo, x[i]);
    hi = maximumF(hi, x[i]);
  }
  *mn = (n > 1 && isnan(lo)) ? MASK_NAN : lo;
  *mx = (n > 1 && isnan(hi)) ? MASK_NAN : hi;
}

/* m + c * (cur - m), three float32 tensor ops. */
static float movingAverage(float m, float cur, float c) {
  float diff = cur - m;
  float delta = c * diff;
  return m + delta;
}

static void updatePerTensor(Pt2eObserver *obs, const float *x, int64_t n) {
  float cmin, cmax;
  aminmax(x, n, &cmin, &cmax);
  if (obs->spec.observer == Pt2eObserverMovingAverageMinMax) {
    if (obs->minVals[0] == INFINITY && obs->maxVals[0] == -INFINITY) {
      obs->minVals[0] = cmin;
      obs->maxVals[0] = cmax;
    } else {
      float c = obs->spec.averagingConstant;
      obs->minVals[0] = movingAverage(obs->minVals[0], cmin, c);
      obs->maxVals[0] = movingAverage(obs->maxVals[0], cmax, c);
    }
  } else {
    obs->minVals[0] = minimumF(cmin, obs->minVals[0]);
    obs->maxVals[0] = maximumF(cmax, obs->maxVals[0]);
  }
}

/*
** Per-channel update: channel c of a tensor split at 'axis' into
** [outer, channels, inner] is every x[(o * channels + c) * inner + k].
*/
static Pt2eNumStatus updatePerChannel(Pt2eObserver *obs, const float *x,
                                      const int64_t *shape, int rank) {
  int64_t axis = obs->spec.chAxis, outer = 1, inner = 1, channels, o, c, k;
  bool first = obs->numChannels == 0;
  float *cmin, *cmax;
  int d;
  if (axis < 0)
    axis += rank;
  if (axis < 0 || axis >= rank)
    return fail(obs, Pt2eNumBadShape, "channel axis out of range");
  channels = shape[axis];
  if ((!first && channels != obs->numChannels) ||
      (obs->fixedChannels > 0 && channels != obs->fixedChannels))
    return fail(obs, Pt2eNumBadShape, "channel count differs from the state");
  for (d = 0; d < rank; d++) {
    if (d < axis)
      outer *= shape[d];
    else if (d > axis)
      inner *= shape[d];
  }
  cmin = allocFloats(channels, 2, 0);
  if (cmin == NULL)
    return fail(obs, Pt2eNumNoMemory, "out of memory");
  cmax = cmin + channels;
  for (c = 0; c < channels; c++) {
    const float *row = x + c * inner;
    cmin[c] = cmax[c] = row[0];
  }
  for (o = 0; o < outer; o++)
    for (c = 0; c < channels; c++) {
      const float *row = x + (o * channels + c) * inner;
      float lo = cmin[c], hi = cmax[c];
      int nan = 0;
      for (k = 0; k < inner; k++) { /* as in aminmax: exact unless NaN */
        float v = row[k];
        nan |= v != v;
        lo = v < lo ? v : lo;
        hi = hi < v ? v : hi;
      }
      if (nan)
        for (k = 0; k < inner; k++) {
          cmin[c] = minimumF(cmin[c], row[k]);
          cmax[c] = maximumF(cmax[c], row[k]);
        }
      else if (!isnan(cmin[c])) {
        cmin[c] = lo;
        cmax[c] = hi;
      }
    }
  for (c = 0; c < channels; c++) {  /* aminmax(dim=1) gives quiet NaNs */
    if (isnan(cmin[c]))
      cmin[c] = QUIET_NAN;
    if (isnan(cmax[c]))
      cmax[c] = QUIET_NAN;
  }
  if (first && !setChannels(obs, channels)) {
    pt2eFree(cmin);
    return fail(obs, Pt2eNumNoMemory, "out of memory");
  }
  for (c = 0; c < channels; c++) {
    if (first) {
      obs->minVals[c] = cmin[c];
      obs->maxVals[c] = cmax[c];
    } else if (obs->spec.observer == Pt2eObserverMovingAveragePerChannelMinMax) {
      float a = obs->spec.averagingConstant;
      obs->minVals[c] = movingAverage(obs->minVals[c], cmin[c], a);
      obs->maxVals[c] = movingAverage(obs->maxVals[c], cmax[c], a);
    } else {
      float mn = minimumF(cmin[c], obs->minVals[c]);
      float mx = maximumF(cmax[c], obs->maxVals[c]);
      obs->minVals[c] = elementwiseNaN(mn, c, channels, obs->lanes);
      obs->maxVals[c] = elementwiseNaN(mx, c, channels, obs->lanes);
    }
  }
  pt2eFree(cmin);
  return Pt2eNumOk;
}

/* }====================================================================== */

/* {======================================================================
** Histogram: forward and merging
** ======================================================================= */

/*
** _upscale_histogram: spreads each old bin over 16 sub-bins of
** f(h[i]/16), maps each sub-bin's mid-point into the new edges
** linspace(umin, umax, bins+1) with upper_bound - 1 (clamped), and adds the
** weights in sub-bin order (torch.bincount) into 'out'. 'edges' is scratch
** for bins + 1 floats.
*/
static void upscaleHistogram(const float *h, int64_t bins, float omin,
                             float omax, float umin, float umax, bool fused,
                             float *out, float *edges) {
  int64_t fine = bins * UPSAMPLE_RATE, k;
  float span = omax - omin;
  float binSize = span / (float)fine;
  float half = 0.5f * binSize;
  int64_t e;
  memset(out, 0, (size_t)bins * sizeof(float));
  for (e = 0; e <= bins; e++)
    edges[e] = pt2eLinspaceAt(umin, umax, bins + 1, e, fused);
  for (k = 0; k < fine; k++) {
    float mid = pt2eLinspaceAt(omin, omax, fine + 1, k, fused) + half;
    float w = h[k / UPSAMPLE_RATE] / (float)UPSAMPLE_RATE;
    int64_t lo = 0, hi = bins + 1, idx;
    while (lo < hi) {  /* upper_bound: first edge > mid */
      int64_t m = lo + (hi - lo) / 2;
      if (edges[m] <= mid)
        lo = m + 1;
      else
        hi = m;
    }
    idx = lo - 1;
    if (idx >= bins)
      idx = bins - 1;
    if (idx < 0)
      idx = 0;
    out[idx] += w;
  }
}

/*
** _combine_histograms after the range grew to [umin, umax]: 'upd' holds
** the new batch binned over that range; the old bins are mapped onto it
** and 'upd' receives the sum.
*/
static bool combineHistograms(Pt2eObserver *obs, float *upd, float umin,
                              float umax) {
  const float *orig = obs->histogram;
  float omin = obs->minVals[0], omax = obs->maxVals[0];
  int64_t bins = obs->bins, i;
  float *moved = allocFloats(bins, 2, 1);
  if (moved == NULL)
    return false;
  if (omin == omax) {
    /* one value seen so far: all its mass moves into one bin */
    float mass = pt2eCascadeSum(orig, bins, obs->lanes);
    if (pt2eHistc(&omin, 1, bins, umin, umax, moved) != Pt2eNumOk) {
      pt2eFree(moved);
      return false; /* out of memory: the range is finite here */
    }
    for (i = 0; i < bins; i++) {
      float t = moved[i] * mass;
      upd[i] = t + upd[i];
    }
  } else {
    upscaleHistogram(orig, bins, omin, omax, umin, umax, obs->fusedLinspace,
                     moved, moved + bins);
    for (i = 0; i < bins; i++)
      upd[i] = upd[i] + moved[i];
  }
  pt2eFree(moved);
  return true;
}

/*
** HistogramObserver.forward on 'n' values: infinities are dropped (with
** torch's warning), NaN makes torch.histc raise.
*/
static Pt2eNumStatus histcFailure(Pt2eObserver *obs, Pt2eNumStatus st) {
  if (st == Pt2eNumNoMemory)
    return fail(obs, st, "out of memory");
  return fail(obs, Pt2eNumNaN,
              "torch.histc: range of the histogram is not finite (NaN input)");
}

static Pt2eNumStatus updateHistogram(Pt2eObserver *obs, const float *x,
                                     int64_t n) {
  int64_t bins = obs->bins, i, kept = n;
  float xmin, xmax, *finite = NULL, *upd;
  const float *src = x;
  aminmax(x, n, &xmin, &xmax);
  if (xmin == -INFINITY || xmax == INFINITY) {
    finite = allocFloats(n, 1, 0);
    if (finite == NULL)
      return fail(obs, Pt2eNumNoMemory, "out of memory");
    for (i = 0, kept = 0; i < n; i++)
      if (fabsf(x[i]) != INFINITY)
        finite[kept++] = x[i];
    if (kept == 0) {
      pt2eFree(finite);
      return Pt2eNumOk;
    }
    src = finite;
    aminmax(src, kept, &xmin, &xmax);
  }
  if (obs->minVals[0] == INFINITY || obs->maxVals[0] == -INFINITY) {
    /* reset_histogram: min/max are stored before histc can raise */
    obs->minVals[0] = xmin;
    obs->maxVals[0] = xmax;
    Pt2eNumStatus st = pt2eHistc(src, kept, bins, xmin, xmax, obs->histogram);
    if (st != Pt2eNumOk) {
      pt2eFree(finite);
      return histcFailure(obs, st);
    }
    pt2eFree(finite);
    return Pt2eNumOk;
  }
  upd = allocFloats(bins, 1, 0);
  if (upd == NULL) {
    pt2eFree(finite);
    return fail(obs, Pt2eNumNoMemory, "out of memory");
  }
  {
    float newMin = minimumF(obs->minVals[0], xmin);
    float newMax = maximumF(obs->maxVals[0], xmax);
    Pt2eNumStatus st = pt2eHistc(src, kept, bins, newMin, newMax, upd);
    pt2eFree(finite);
    if (st != Pt2eNumOk) {
      pt2eFree(upd);
      return histcFailure(obs, st);
    }
    if (newMin == obs->minVals[0] && newMax == obs->maxVals[0]) {
      for (i = 0; i < bins; i++)
        obs->histogram[i] = obs->histogram[i] + upd[i];
    } else {
      if (!combineHistograms(obs, upd, newMin, newMax)) {
        pt2eFree(upd);
        return fail(obs, Pt2eNumNoMemory, "out of memory");
      }
      memcpy(obs->histogram, upd, (size_t)bins * sizeof(float));
      obs->minVals[0] = newMin;
      obs->maxVals[0] = newMax;
    }
  }
  pt2eFree(upd);
  return Pt2eNumOk;
}

/* }====================================================================== */

/* {======================================================================
** Histogram: _non_linear_param_search
** ======================================================================= */

/* Everything the error evaluation needs, fixed for one search. */
typedef struct Search {
  const float *hist;
  int64_t bins;
  double minVal, maxVal;  /* min_val.item(), max_val.item() */
  double dstBins;         /* 2 ** iinfo(dtype).bits */
  int lanes;
  float *norm;            /* scratch, 'bins' floats */
} Search;

/* _get_norm's cube difference: f(f(f(f(e*e)*e) - f(f(b*b)*b)) / 3). */
static float cubeDiff(float b, float e) {
  float e2 = e * e, e3 = e2 * e;
  float b2 = b * b, b3 = b2 * b;
  float d = e3 - b3;
  return d / 3.0f;
}

/* Python-style float floor division (c10::div_floor_floating), float32. */
static float divFloor(float a, float b) {
  float mod, div, fl;
  if (b == 0.0f)
    return a / b;
  mod = fmodf(a, b);
  div = (a - mod) / b;
  if (mod != 0.0f && (b < 0.0f) != (mod < 0.0f))
    div -= 1.0f;
  if (div != 0.0f) {
    fl = floorf(div);
    if (div - fl > 0.5f)
      fl += 1.0f;
    return fl;
  }
  return copysignf(0.0f, a / b);
}

static float clampF(float v, float lo, float hi) {
  float r = maximumF(v, lo);
  return minimumF(r, hi);
}

/*
** _compute_quantization_error(ns, ne): the L2 error of quantizing bins
** ns..ne into dst_nbins bins. Python floats (binary64) are 'bw' and 'dbw';
** they are rounded to float32 where they meet a tensor.
*/
static double quantizationError(const Search *s, int64_t ns, int64_t ne) {
  double bw = (s->maxVal - s->minVal) / (double)s->bins;
  double dbw = bw * (double)(ne - ns + 1) / s->dstBins;
  float BW, DBW, halfD, negHalfD, g2, top;
  int64_t i;
  if (dbw == 0.0)
    return 0.0;
  BW = (float)bw;
  DBW = (float)dbw;
  halfD = (float)(dbw / 2);
  negHalfD = (float)(-dbw / 2);
  top = (float)(s->dstBins - 1);
  g2 = cubeDiff(negHalfD, halfD);
  for (i = 0; i < s->bins; i++) {
    float sb = (float)(i - ns) * BW;
    float se = sb + BW;
    float db = clampF(divFloor(sb, DBW), 0.0f, top);
    float dbc = (db + 0.5f) * DBW;
    float de = clampF(divFloor(se, DBW), 0.0f, top);
    float dens = s->hist[i] / BW;
    float t1 = dens * cubeDiff(sb - dbc, halfD);
    float cnt = (de - db) - 1.0f;
    float t2 = cnt * (dens * g2);
    float dec = (de * DBW) + halfD;
    float t3 = dens * cubeDiff(negHalfD, se - dec);
    float acc = 0.0f + t1;
    acc = acc + t2;
    s->norm[i] = acc + t3;
  }
  return (double)pt2eCascadeSum(s->norm, s->bins, s->lanes);
}

/*
** _non_linear_param_search: narrows [min_val, max_val] to the bin range
** [start, end] that minimizes the quantization error, moving the lower or
** upper quantile bound by 1e-5 (binary64, accumulated step by step) at a
** time. Writes the new float32 min and max.
*/
static bool nonLinearSearch(Pt2eObserver *obs, float *newMin, float *newMax) {
  int64_t bins = obs->bins, start = 0, end = bins - 1, i;
  float minV = obs->minVals[0], maxV = obs->maxVals[0];
  float span = maxV - minV;
  float bwT = span / (float)bins;
  double total, alpha = 0.0, beta = 1.0, normMin = INFINITY, run = 0.0;
  float *cSum = allocFloats(bins, 2, 0);
  Search s;
  if (cSum == NULL)
    return false;
  s.hist = obs->histogram;
  s.bins = bins;
  s.minVal = minV;
  s.maxVal = maxV;
  s.dstBins = ldexp(1.0, obs->spec.dtype == Pt2eDTypeInt32 ? 32 :
                         (obs->spec.dtype == Pt2eDTypeInt16 ||
                          obs->spec.dtype == Pt2eDTypeUInt16) ? 16 : 8);
  s.lanes = obs->lanes;
  s.norm = cSum + bins;
  total = (double)pt2eCascadeSum(obs->histogram, bins, obs->lanes);
  for (i = 0; i < bins; i++) {  /* torch.cumsum accumulates in double */
    run += (double)obs->histogram[i];
    cSum[i] = (float)run;
  }
  while (alpha < beta) {
    double nextAlpha = alpha + 1e-5, nextBeta = beta - 1e-5;
    float lowT = (float)(nextAlpha * total), highT = (float)(nextBeta * total);
    int64_t l = start, r = end, nextStart = start, nextEnd = end;
    double norm;
    while (l < end && cSum[l] < lowT)
      l++;
    while (r > start && cSum[r] > highT)
      r--;
    if (l - start > end - r) {
      nextStart = l;
      alpha = nextAlpha;
    } else {
      nextEnd = r;
      beta = nextBeta;
    }
    if (nextStart == start && nextEnd == end)
      continue;
    norm = quantizationError(&s, nextStart, nextEnd);
    if (norm > normMin)
      break;
    normMin = norm;
    start = nextStart;
    end = nextEnd;
  }
  pt2eFree(cSum);
  {
    float lo = bwT * (float)start, hi = bwT * (float)(end + 1);
    *newMin = minV + lo;
    *newMax = minV + hi;
  }
  return true;
}

/* }====================================================================== */

/* {======================================================================
** Update and qparams
** ======================================================================= */

Pt2eNumStatus pt2eObserverUpdate(Pt2eObserver *obs, const float *data,
                                 const int64_t *shape, int rank) {
  int64_t n = 1;
  int d;
  obs->error[0] = '\0';
  for (d = 0; d < rank; d++) {
    if (shape[d] < 0)
      return fail(obs, Pt2eNumBadShape, "negative dimension");
    n *= shape[d];
  }
  if (n == 0)
    return Pt2eNumOk;  /* torch returns empty inputs unobserved */
  switch (obs->spec.observer) {
  case Pt2eObserverMinMax:
  case Pt2eObserverMovingAverageMinMax:
    updatePerTensor(obs, data, n);
    return Pt2eNumOk;
  case Pt2eObserverPerChannelMinMax:
  case Pt2eObserverMovingAveragePerChannelMinMax:
    return updatePerChannel(obs, data, shape, rank);
  case Pt2eObserverHistogram:
    return updateHistogram(obs, data, n);
  case Pt2eObserverPlaceholder:
    return Pt2eNumOk;
  }
  return fail(obs, Pt2eNumUnsupported, "unknown observer kind");
}

Pt2eNumStatus pt2eObserverComputeQParams(Pt2eObserver *obs, float *scales,
                                         int64_t *zeroPoints,
                                         int64_t capacity) {
  int64_t n = obs->numChannels;
  const Pt2eObserverKindInfo *kind = pt2eObserverKindInfo(obs->spec.observer);
  Pt2eNumStatus st;
  obs->error[0] = '\0';
  if (capacity < (n > 1 ? n : 1))
    return fail(obs, Pt2eNumBadShape, "qparams arrays too small");
  if (kind->isPlaceholder)
    return fail(obs, Pt2eNumUnsupported,
                "calculate_qparams should not be called for PlaceholderObserver");
  if (kind->hasBins) {
    float lo, hi;
    if (obs->minVals[0] == INFINITY && obs->maxVals[0] == -INFINITY) {
      scales[0] = 1.0f;
      zeroPoints[0] = 0;
      return Pt2eNumDefaulted;
    }
    if (isnan(obs->minVals[0]) || isnan(obs->maxVals[0]))
      return fail(obs, Pt2eNumInvalidRange, "min or max is NaN");
    if (!nonLinearSearch(obs, &lo, &hi))
      return fail(obs, Pt2eNumNoMemory, "out of memory");
    st = pt2eCalculateQParams(&obs->spec, obs->customRange, &lo, &hi, 1,
                              scales, zeroPoints);
  } else {
    st = pt2eCalculateQParams(&obs->spec, obs->customRange, obs->minVals,
                              obs->maxVals, n, scales, zeroPoints);
  }
  if (st == Pt2eNumInvalidRange)
    return fail(obs, st, "min should be less than or equal to max (NaN?)");
  return st;
}

/* }====================================================================== */
