/*
** ort_histogram.c
** ONNX Runtime's HistogramCollector (calibrate.py) and numpy's
** np.histogram, np.linspace, np.arange, np.sum and np.log beneath it.
**
** Invariant of a Pt2eOrtHistogram after a successful collect: numBins > 0,
** counts[numBins] and edges[numBins + 1] are exactly what ONNX Runtime
** keeps in histogram_dict (hist as int64, hist_edges as float32), and min,
** max are its running nanmin / nanmax. Each step below names the numpy
** call it stands for; docs/ort-calibration.md gives the line of
** calibrate.py and the float width of each operation. The module is built
** with -ffp-contract=off: no a*b+c is fused unless written as fmaf.
*/
#include "ort_histogram.h"

#include <math.h>
#include <string.h>

#include "pt2e_alloc.h"

/* A histogram grown past this many bins is refused (ONNX Runtime would
** try to allocate it): it only happens with a tiny first range followed by
** a huge one. */
#define ORT_MAX_BINS ((int64_t)1 << 24)

void pt2eOrtHistogramInit(Pt2eOrtHistogram *h, bool absolute, int64_t bins) {
  memset(h, 0, sizeof *h);
  h->absolute = absolute;
  h->initialBins = bins;
}

void pt2eOrtHistogramClear(Pt2eOrtHistogram *h) {
  pt2eFree(h->counts);
  pt2eFree(h->edges);
  pt2eOrtHistogramInit(h, h->absolute, h->initialBins);
}

/* {======================================================================
** numpy primitives
** ======================================================================= */

static float pairwise(const float *a, int64_t n) {
  if (n < 8) {
    float res = -0.0f;
    for (int64_t i = 0; i < n; i++)
      res += a[i];
    return res;
  }
  if (n <= 128) {
    float r[8], res;
    int64_t i;
    for (int j = 0; j < 8; j++)
      r[j] = a[j];
    for (i = 8; i < n - (n % 8); i += 8)
      for (int j = 0; j < 8; j++)
        r[j] += a[i + j];
    res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
    for (; i < n; i++)
      res += a[i];
    return res;
  }
  int64_t n2 = n / 2;
  n2 -= n2 % 8;
  return pairwise(a, n2) + pairwise(a + n2, n - n2);
}

/* add.reduce starts from the identity 0 and adds the pairwise sum
** (loops_utils.h.src FLOAT_pairwise_sum) of the contiguous array. */
float pt2eNumpyPairwiseSum(const float *x, int64_t n) {
  return 0.0f + pairwise(x, n);
}

float pt2eNumpyFloorDivide(float a, float b) {
  float mod, div, floordiv;
  if (b == 0.0f)
    return a / b;
  mod = fmodf(a, b);
  div = (a - mod) / b;
  if (mod != 0.0f) {
    if ((b < 0.0f) != (mod < 0.0f)) {
      mod += b;
      div -= 1.0f;
    }
  }
  if (div != 0.0f) {
    floordiv = floorf(div);
    if (div - floordiv > 0.5f)
      floordiv += 1.0f;
  } else {
    floordiv = copysignf(0.0f, a / b);
  }
  return floordiv;
}

/*
** np.log of one float32 > 0 as numpy's AVX2/AVX512F loop computes it
** (loops_exponent_log.dispatch.c.src simd_log_FLOAT, the path every x86-64
** machine with AVX2 + FMA takes): mantissa in [0.5, 1) doubled below
** sqrt(1/2), a rational polynomial in FMA steps, plus exponent * ln 2.
** Only positive finite values reach it here (smoothed distributions).
*/
float pt2eNumpyLogf(float v) {
  uint32_t bits;
  float e, x, num, den;
  float in = v;
  float expAdjust = 0.0f;
  if (in < 0x1p-126f) {  /* denormal: scale by 2^100 as fma_get_exponent */
    in = in * 0x1p100f;
    expAdjust = 100.0f;
  }
  memcpy(&bits, &in, sizeof bits);
  e = (float)((int32_t)(bits >> 23) - 0x7E) - expAdjust;
  bits = (bits & 0x7fffffu) | (126u << 23);
  memcpy(&x, &bits, sizeof x);
  if (x <= 0.707106781186547524400844362104849039f) {
    x = x + x;
    e = e - 1.0f;
  }
  x = x - 1.0f;
  num = fmaf(2.589979117907922693523e-02f, x, 3.808837741388407920751e-01f);
  num = fmaf(num, x, 1.480000633576506585156e+00f);
  num = fmaf(num, x, 2.112677543073053063722e+00f);
  num = fmaf(num, x, 9.999999999999998702752e-01f);
  num = fmaf(num, x, 0.0f);
  den = fmaf(5.875095403124574342950e-03f, x, 1.546476374983906719538e-01f);
  den = fmaf(den, x, 9.864942958519418960339e-01f);
  den = fmaf(den, x, 2.453006071784736363091e+00f);
  den = fmaf(den, x, 2.612677543073109236779e+00f);
  den = fmaf(den, x, 1.0f);
  return fmaf(e, 0.693147180559945309417232121458176568f, num / den);
}

/*
** np.linspace(first, last, bins + 1, dtype=float32) as np.histogram makes
** its edges: step = (last - first) / bins, edge[i] = i * step + first in
** two float32 roundings, the last edge exactly 'last'; a zero step (a
** denormal range) divides first, as gh-5437's branch does.
*/
static void linspaceEdges(float first, float last, int64_t bins, float *e) {
  float delta = last - first;
  float step = delta / (float)bins;
  for (int64_t i = 0; i <= bins; i++) {
    float y = (float)i;
    if (step == 0.0f)
      y = (y / (float)bins) * delta;
    else
      y = y * step;
    e[i] = y + first;
  }
  e[bins] = last;
}

/* np.histogram's equal-bins index of each value in [first, last] (NaN and
** values outside dropped): ((x - first) / (last - first)) * bins in
** float32, truncated, then corrected by one against the edges (numpy's
** 'decrement' and 'increment'). Adds into counts[bins]. */
static void countUniform(const float *x, int64_t n, float first, float last,
                         int64_t bins, const float *edges, int64_t *counts) {
  float denom = last - first, nb = (float)bins;
  for (int64_t i = 0; i < n; i++) {
    float v = x[i];
    int64_t k;
    if (!(v >= first && v <= last))
      continue;
    k = (int64_t)(((v - first) / denom) * nb);
    if (k == bins)
      k--;
    if (v < edges[k])
      k--;
    if (v >= edges[k + 1] && k != bins - 1)
      k++;
    counts[k]++;
  }
}

/*
** np.histogram(x, bins, range=(first, last)) on float32 data, the
** equal-bins path: the outer edges (equal ones widened by 0.5), the
** linspace edges, then countUniform. Adds into counts[bins] (zeroed by
** the caller) and writes edges[bins + 1].
*/
static Pt2eNumStatus histogramUniform(const float *x, int64_t n, float first,
                                      float last, int64_t bins,
                                      int64_t *counts, float *edges) {
  if (!isfinite(first) || !isfinite(last))
    return Pt2eNumNaN;       /* "range of [..] is not finite" */
  if (first > last)
    return Pt2eNumInvalidRange;
  if (first == last) {
    first = first - 0.5f;
    last = last + 0.5f;
  }
  linspaceEdges(first, last, bins, edges);
  for (int64_t i = 0; i < bins; i++)
    if (!(edges[i] < edges[i + 1]))
      return Pt2eNumInvalidRange;  /* "Too many bins for data range" */
  countUniform(x, n, first, last, bins, edges, counts);
  return Pt2eNumOk;
}

/*
** np.histogram(x, bins=edges) with an array of 'bins' + 1 edges (compared
** in double: float32 data against the float64 edges np.hstack made, or
** against float32 edges exactly): _search_sorted_inclusive, i.e. bin j
** holds edges[j] <= v < edges[j+1], the last bin also v == edges[bins];
** values outside and NaN are dropped. Adds into counts[bins].
*/
static void histogramEdges(const float *x, int64_t n, const double *edges,
                           int64_t bins, int64_t *counts) {
  /* The edges are an arange (nearly equal widths): start from the index
  ** the first width gives and walk to the largest j with edges[j] <= v,
  ** which is what the search over sorted values counts. */
  double lo = edges[0], hi = edges[bins], width = edges[1] - edges[0];
  double inv = width > 0.0 ? 1.0 / width : 0.0;
  for (int64_t i = 0; i < n; i++) {
    double v = fabsf(x[i]);
    int64_t j;
    if (!(v >= lo && v <= hi))
      continue;
    double guess = (v - lo) * inv;
    j = guess < (double)bins ? (int64_t)guess : bins;
    while (j > 0 && edges[j] > v)
      j--;
    while (j < bins && edges[j + 1] <= v)
      j++;
    if (j >= bins)
      j = bins - 1;
    counts[j]++;
  }
}

/* }====================================================================== */

/* {======================================================================
** Collection
** ======================================================================= */

/* Python's min(a, b) and max(a, b) on numpy scalars: b only if it is
** strictly smaller (larger), so a NaN never replaces a number. */
static float pyMin(float a, float b) { return b < a ? b : a; }
static float pyMax(float a, float b) { return b > a ? b : a; }

/* np.nanmin / np.nanmax of the batch (NaN when every value is NaN). */
static void nanMinMax(const float *x, int64_t n, float *mn, float *mx) {
  float lo = NAN, hi = NAN;
  for (int64_t i = 0; i < n; i++) {
    float v = x[i];
    if (isnan(v))
      continue;
    if (isnan(lo) || v < lo)
      lo = v;
    if (isnan(hi) || v > hi)
      hi = v;
  }
  *mn = lo;
  *mx = hi;
}

/* counts[bins] and edges[bins + 1], or false (and neither). */
static bool allocBins(int64_t bins, int64_t **counts, float **edges) {
  if (bins <= 0 || bins > ORT_MAX_BINS)
    return false;
  *counts = pt2eAlloc((size_t)bins * sizeof(int64_t));
  *edges = pt2eAlloc((size_t)(bins + 1) * sizeof(float));
  if (*counts == NULL || *edges == NULL) {
    pt2eFree(*counts);
    pt2eFree(*edges);
    return false;
  }
  return true;
}

/* The new histogram_dict entry: the counts and edges, and min(old_min,
** min_value), max(old_max, max_value) on a later batch (Python's min and
** max), the batch's own on the first. */
static void install(Pt2eOrtHistogram *h, int64_t bins, int64_t *counts,
                    float *edges, float mn, float mx) {
  if (h->seen) {
    mn = pyMin(h->min, mn);
    mx = pyMax(h->max, mx);
  }
  pt2eFree(h->counts);
  pt2eFree(h->edges);
  h->numBins = bins;
  h->counts = counts;
  h->edges = edges;
  h->seen = true;
  h->min = mn;
  h->max = mx;
}

/* merge_histogram's growth: half_increased_bins = int((new_threshold -
** old_threshold) // old_stride + 1) old strides on each side (numpy's
** float32 floor_divide), new_threshold = half_increased_bins * old_stride
** + old_threshold into '*t'. */
static Pt2eNumStatus widenedRange(const Pt2eOrtHistogram *h, float *t,
                                  int64_t *bins, int64_t *offset) {
  float stride = (2.0f * h->threshold) / (float)h->numBins;
  float half = pt2eNumpyFloorDivide(*t - h->threshold, stride) + 1.0f;
  if (!(half < (float)ORT_MAX_BINS))
    return Pt2eNumInvalidRange;
  *offset = (int64_t)half;
  *bins = h->numBins + 2 * *offset;
  *t = (float)*offset * stride + h->threshold;
  return Pt2eNumOk;
}

/* The np.histogram a batch of threshold '*t' gets: collect_value's first
** one over [-t, t], or merge_histogram's: over the old range when t fits,
** over [-t, t] when the old range was [0, 0], else over the widened range.
** '*range' is its half width, '*offset' where the old counts go. */
static Pt2eNumStatus valueRange(const Pt2eOrtHistogram *h, float *t,
                                float *range, int64_t *bins,
                                int64_t *offset) {
  Pt2eNumStatus st = Pt2eNumOk;
  *offset = 0;
  if (!h->seen) {
    *bins = h->initialBins;
  } else if (*t <= h->threshold) {
    *bins = h->numBins;
    *range = h->threshold;
    return Pt2eNumOk;
  } else if (h->threshold == 0.0f) {
    *bins = h->numBins;
  } else {
    st = widenedRange(h, t, bins, offset);
  }
  *range = *t;
  return st;
}

/* merge_histogram's sum: the old counts added at their place; when the
** batch fitted the old range, the old edges and threshold stay. */
static void addOldCounts(const Pt2eOrtHistogram *h, int64_t offset,
                         int64_t bins, int64_t *counts, float *edges,
                         float *t) {
  for (int64_t i = 0; i < h->numBins; i++)
    counts[offset + i] += h->counts[i];
  if (*t <= h->threshold) {
    memcpy(edges, h->edges, (size_t)(bins + 1) * sizeof(float));
    *t = h->threshold;
  }
}

/*
** collect_value (calibrate.py HistogramCollector.collect_value and
** merge_histogram): t = max(|min|, |max|) of the batch; the first batch
** is histogrammed over [-t, t]; a later one over the old range when t
** fits, else over a range widened by whole old bins on each side (or
** over [-t, t] when the old range was [0, 0]), and the old counts added
** at their place.
*/
static Pt2eNumStatus collectValue(Pt2eOrtHistogram *h, const float *x,
                                  int64_t n) {
  float mn, mx, t, range, *edges;
  int64_t bins, offset, *counts;
  Pt2eNumStatus st;
  nanMinMax(x, n, &mn, &mx);
  t = pyMax(fabsf(mn), fabsf(mx));
  if (!isfinite(t))
    return Pt2eNumNaN;
  st = valueRange(h, &t, &range, &bins, &offset);
  if (st != Pt2eNumOk)
    return st;
  if (!allocBins(bins, &counts, &edges))
    return bins > ORT_MAX_BINS ? Pt2eNumInvalidRange : Pt2eNumNoMemory;
  st = histogramUniform(x, n, -range, range, bins, counts, edges);
  if (st != Pt2eNumOk) {
    pt2eFree(counts);
    pt2eFree(edges);
    return st;
  }
  if (h->seen)
    addOldCounts(h, offset, bins, counts, edges, &t);
  install(h, bins, counts, edges, mn, mx);
  h->threshold = t;
  return Pt2eNumOk;
}

/* np.histogram's autodetected range of np.absolute(x): a.min(), a.max();
** false when it is NaN (numpy raises). */
static bool absoluteRange(const float *x, int64_t n, float *amin,
                          float *amax) {
  *amin = INFINITY;
  *amax = -INFINITY;
  for (int64_t i = 0; i < n; i++) {
    float a = fabsf(x[i]);
    if (isnan(a))
      return false;
    *amin = a < *amin ? a : *amin;
    *amax = a > *amax ? a : *amax;
  }
  return true;
}

/* collect_absolute_value's first batch: np.histogram(np.absolute(x),
** num_bins) over its autodetected range. */
static Pt2eNumStatus absoluteFirst(Pt2eOrtHistogram *h, const float *x,
                                   int64_t n, float mn, float mx) {
  float amin, amax, *edges, *ax;
  int64_t *counts;
  Pt2eNumStatus st;
  if (!absoluteRange(x, n, &amin, &amax))
    return Pt2eNumNaN;  /* a.min() is NaN: "autodetected range" */
  if (!allocBins(h->initialBins, &counts, &edges))
    return Pt2eNumNoMemory;
  ax = pt2eAlloc((size_t)n * sizeof(float));
  if (ax == NULL) {
    pt2eFree(counts);
    pt2eFree(edges);
    return Pt2eNumNoMemory;
  }
  for (int64_t i = 0; i < n; i++)
    ax[i] = fabsf(x[i]);
  st = histogramUniform(ax, n, amin, amax, h->initialBins, counts, edges);
  pt2eFree(ax);
  if (st != Pt2eNumOk) {
    pt2eFree(counts);
    pt2eFree(edges);
    return st;
  }
  install(h, h->initialBins, counts, edges, mn, mx);
  return Pt2eNumOk;
}

/* temp_amax = np.max(np.absolute(x)) of a later batch, NaN skipped. */
static float absoluteMax(const float *x, int64_t n) {
  float tmax = NAN;
  for (int64_t i = 0; i < n; i++) {
    float a = fabsf(x[i]);
    if (!isnan(a) && (isnan(tmax) || a > tmax))
      tmax = a;
  }
  return tmax;
}

/* The length of np.arange(last + width, tmax + width, width) (float32
** scalars) and its start, when tmax passes the last edge; else 0. */
static Pt2eNumStatus arangeLength(float last, float width, float tmax,
                                  float *start, int64_t *extra) {
  *start = 0.0f;
  *extra = 0;
  if (tmax > last) {
    float stop;
    double len;
    *start = last + width;
    stop = tmax + width;
    len = ceil((double)((stop - *start) / width));
    if (!(len < (double)ORT_MAX_BINS))
      return Pt2eNumInvalidRange;
    *extra = len > 0 ? (int64_t)len : 0;
  }
  return Pt2eNumOk;
}

/* The float64 edges of np.hstack and the int64 counts and float32 edges
** of the np.histogram over them, for 'bins' bins. */
static Pt2eNumStatus allocAbsoluteBins(int64_t bins, double **dedges,
                                       int64_t **counts, float **edges) {
  *dedges = pt2eAlloc((size_t)(bins + 1) * sizeof(double));
  if (*dedges == NULL)
    return Pt2eNumNoMemory;
  if (!allocBins(bins, counts, edges)) {
    pt2eFree(*dedges);
    return bins > ORT_MAX_BINS ? Pt2eNumInvalidRange : Pt2eNumNoMemory;
  }
  return Pt2eNumOk;
}

/* np.hstack((old_hist_edges, new_bin_edges)) in float64: the 'old' + 1
** float32 edges, then np.arange's 'extra' elements (DOUBLE_fill: the
** start, float32(start + width), then start + i * delta in double). */
static void hstackArange(const float *old, int64_t nOld, float start,
                         float width, int64_t extra, double *dedges) {
  for (int64_t i = 0; i <= nOld; i++)
    dedges[i] = old[i];
  if (extra > 0) {
    double s = start, next = (float)(start + width);
    double delta = next - s;
    dedges[nOld + 1] = s;
    if (extra > 1)
      dedges[nOld + 2] = next;
    for (int64_t i = 2; i < extra; i++)
      dedges[nOld + 1 + i] = s + (double)i * delta;
  }
}

/* np.histogram's check of given bins: "bins must increase monotonically". */
static bool increasing(const double *dedges, int64_t bins) {
  for (int64_t i = 0; i < bins; i++)
    if (dedges[i] > dedges[i + 1])
      return false;
  return true;
}

/*
** collect_absolute_value's later batch: a batch whose max |x| passes the
** last edge first appends np.arange(last + w, max + w, w) (w = edges[1] -
** edges[0]); the batch is counted against those float64 edges, the edges
** stored as float32 (hist_edges.astype), and hist[:len(old_hist)] +=
** old_hist.
*/
static Pt2eNumStatus absoluteLater(Pt2eOrtHistogram *h, const float *x,
                                   int64_t n, float mn, float mx) {
  float tmax = absoluteMax(x, n), start, *edges;
  int64_t old = h->numBins, extra, bins, *counts;
  float width = h->edges[1] - h->edges[0];
  double *dedges;
  Pt2eNumStatus st;
  if (isinf(tmax))
    return Pt2eNumNaN;  /* arange to infinity: numpy raises */
  st = arangeLength(h->edges[old], width, tmax, &start, &extra);
  bins = old + extra;
  if (st != Pt2eNumOk ||
      (st = allocAbsoluteBins(bins, &dedges, &counts, &edges)) != Pt2eNumOk)
    return st;
  hstackArange(h->edges, old, start, width, extra, dedges);
  if (!increasing(dedges, bins)) {
    pt2eFree(dedges);
    pt2eFree(counts);
    pt2eFree(edges);
    return Pt2eNumInvalidRange;
  }
  histogramEdges(x, n, dedges, bins, counts);
  for (int64_t i = 0; i <= bins; i++)
    edges[i] = (float)dedges[i];
  pt2eFree(dedges);
  for (int64_t i = 0; i < old; i++)
    counts[i] += h->counts[i];
  install(h, bins, counts, edges, mn, mx);
  return Pt2eNumOk;
}

/*
** collect_absolute_value: the first batch is np.histogram(|x|, num_bins)
** over [min |x|, max |x|]; a later batch whose max |x| passes the last
** edge first appends np.arange(last + w, max + w, w) (w = edges[1] -
** edges[0], all float32 scalars; arange fills float64: start, start + w
** rounded to float32, then start + i * delta in double), is counted
** against those float64 edges, and the edges are stored as float32.
*/
static Pt2eNumStatus collectAbsolute(Pt2eOrtHistogram *h, const float *x,
                                     int64_t n) {
  float mn, mx;
  nanMinMax(x, n, &mn, &mx);
  if (!h->seen)
    return absoluteFirst(h, x, n, mn, mx);
  return absoluteLater(h, x, n, mn, mx);
}

Pt2eNumStatus pt2eOrtHistogramCollect(Pt2eOrtHistogram *h, const float *x,
                                      int64_t n) {
  if (n <= 0)
    return Pt2eNumOk;
  return h->absolute ? collectAbsolute(h, x, n) : collectValue(h, x, n);
}

/* }====================================================================== */

/* {======================================================================
** Ranges
** ======================================================================= */

/* np.searchsorted(cdf, v) (side 'left'): the first i with cdf[i] >= v. */
static int64_t searchLeft(const double *cdf, int64_t n, double v) {
  int64_t lo = 0, hi = n;
  while (lo < hi) {
    int64_t mid = lo + (hi - lo) / 2;
    if (cdf[mid] < v)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

/* The clamp every method ends with: a threshold outside the observed
** [min, max] becomes min (max). */
static void clampToSeen(const Pt2eOrtHistogram *h, float *lo, float *hi) {
  if (*lo < h->min)
    *lo = h->min;
  if (*hi > h->max)
    *hi = h->max;
}

/* np.cumsum(hist / total): each count divided by the total in float64,
** then summed left to right; NULL when out of memory. */
static double *cumulativeDistribution(const Pt2eOrtHistogram *h) {
  int64_t total = 0, nb = h->numBins;
  double *cdf, acc = 0.0;
  for (int64_t i = 0; i < nb; i++)
    total += h->counts[i];
  cdf = pt2eAlloc((size_t)nb * sizeof(double));
  if (cdf == NULL)
    return NULL;
  for (int64_t i = 0; i < nb; i++) {
    acc += (double)h->counts[i] / (double)total;
    cdf[i] = acc;
  }
  return cdf;
}

Pt2eNumStatus pt2eOrtPercentileRange(const Pt2eOrtHistogram *h,
                                     double percentile, bool symmetric,
                                     float *rmin, float *rmax) {
  int64_t nb = h->numBins;
  double *cdf;
  if (!(percentile >= 0.0 && percentile <= 100.0))
    return Pt2eNumInvalidRange;
  if (!h->seen)
    return Pt2eNumDefaulted;
  cdf = cumulativeDistribution(h);
  if (cdf == NULL)
    return Pt2eNumNoMemory;
  if (symmetric) {
    int64_t r = searchLeft(cdf, nb, percentile / 100.0);
    *rmin = -h->edges[r];
    *rmax = h->edges[r];
  } else {
    double cut = (100.0 - percentile) / 200.0;
    int64_t r = searchLeft(cdf, nb, 1.0 - cut);
    int64_t l = searchLeft(cdf, nb, cut);
    *rmin = h->edges[l];
    *rmax = h->edges[r];
  }
  pt2eFree(cdf);
  clampToSeen(h, rmin, rmax);
  return Pt2eNumOk;
}

/*
** quant_utils.smooth_distribution of 'n' counts into float32 'out':
** zeros become eps = 1e-4 and eps * zeros / nonzeros is taken off the
** others, both in float32 after numpy casts the Python floats. Returns 0
** when every count is zero (ONNX Runtime returns None), -1 when one of its
** asserts would fail, 1 otherwise.
*/
static int smooth(const int64_t *p, int64_t n, float *out, float *ones) {
  float nZeros, nNonzeros, eps = 1e-4f, negEps1;
  double eps1;
  for (int64_t i = 0; i < n; i++)
    ones[i] = p[i] == 0 ? 1.0f : 0.0f;
  nZeros = pt2eNumpyPairwiseSum(ones, n);
  nNonzeros = (float)n - nZeros;
  if (nNonzeros == 0.0f)
    return 0;
  eps1 = 0.0001 * (double)nZeros / (double)nNonzeros;
  if (!(eps1 < 1.0))
    return -1;
  negEps1 = (float)-eps1;
  for (int64_t i = 0; i < n; i++) {
    float z = ones[i], nz = p[i] != 0 ? 1.0f : 0.0f;
    out[i] = (float)p[i] + (eps * z + negEps1 * nz);
    if (!(out[i] > 0.0f))
      return -1;
  }
  return 1;
}

/*
** calibrate.entropy(p, q): both normalised by their np.sum, then
** np.sum(p * log(p / q)) in float32 (rel_entr; after smoothing every
** entry is positive). 'tmp' holds n floats.
*/
static float klDivergence(float *p, float *q, int64_t n, float *tmp) {
  float sp = pt2eNumpyPairwiseSum(p, n), sq = pt2eNumpyPairwiseSum(q, n);
  for (int64_t i = 0; i < n; i++) {
    float pk = (1.0f * p[i]) / sp, qk = (1.0f * q[i]) / sq;
    float r;
    if (pk > 0.0f && qk > 0.0f)
      r = pk * pt2eNumpyLogf(pk / qk);
    else if (pk == 0.0f && qk >= 0.0f)
      r = 0.0f;
    else
      r = INFINITY;
    tmp[i] = r;
  }
  return pt2eNumpyPairwiseSum(tmp, n);
}

/* get_entropy_threshold's arrays, for slices of up to nb + 1 bins: p, q
** and the quantized bins as int64, the smoothed p and q, a float32
** scratch for entropy and smooth_distribution's is_zeros. */
typedef struct EntropyScratch {
  int64_t *p, *q, *qbins;
  float *ps, *qs, *tmp, *ones;
} EntropyScratch;

static void freeScratch(EntropyScratch *s) {
  pt2eFree(s->p);
  pt2eFree(s->q);
  pt2eFree(s->qbins);
  pt2eFree(s->ps);
  pt2eFree(s->qs);
  pt2eFree(s->tmp);
  pt2eFree(s->ones);
}

/* All of them, or false (and none) when memory runs out. */
static bool allocScratch(EntropyScratch *s, int64_t nb, int64_t nqb) {
  s->p = pt2eAlloc((size_t)(nb + 1) * sizeof(int64_t));
  s->q = pt2eAlloc((size_t)(nb + 1) * sizeof(int64_t));
  s->qbins = pt2eAlloc((size_t)nqb * sizeof(int64_t));
  s->ps = pt2eAlloc((size_t)(nb + 1) * sizeof(float));
  s->qs = pt2eAlloc((size_t)(nb + 1) * sizeof(float));
  s->tmp = pt2eAlloc((size_t)(nb + 1) * sizeof(float));
  s->ones = pt2eAlloc((size_t)(nb + 1) * sizeof(float));
  if (s->p && s->q && s->qbins && s->ps && s->qs && s->tmp && s->ones)
    return true;
  freeScratch(s);
  return false;
}

/* The end of candidate i's slice: min(zero_bin_index + i + 1, num_bins). */
static int64_t sliceEnd(int64_t zero, int64_t i, int64_t nb) {
  return zero + i + 1 < nb ? zero + i + 1 : nb;
}

/* The reference distribution p: hist[start:end] with the outliers,
** sum(hist[:start]) and sum(hist[end:]), added to its two end bins. */
static void referenceDistribution(const int64_t *hist, int64_t nb,
                                  int64_t start, int64_t end, int64_t *p) {
  int64_t left = 0, right = 0;
  for (int64_t k = 0; k < start; k++)
    left += hist[k];
  for (int64_t k = end; k < nb; k++)
    right += hist[k];
  memcpy(p, hist + start, (size_t)(end - start) * sizeof(int64_t));
  p[0] += left;
  p[end - start - 1] += right;
}

/* quantized_bins: the slice without outliers merged 'merged' bins at a
** time; the leftover tail of the slice joins the last one. */
static void quantizeBins(const int64_t *slice, int64_t size, int64_t nqb,
                         int64_t merged, int64_t *qbins) {
  for (int64_t b = 0; b < nqb; b++) {
    int64_t s = 0;
    for (int64_t k = b * merged; k < (b + 1) * merged; k++)
      s += slice[k];
    qbins[b] = s;
  }
  for (int64_t k = nqb * merged; k < size; k++)
    qbins[nqb - 1] += slice[k];
}

/* q: each quantized bin expanded back over its stretch as the int64 of
** quantized / norm (the quotient truncated), norm the number of non-zero
** p there (nothing written when it is 0); zero past nqb * merged. */
static void expandBins(const int64_t *p, const int64_t *qbins, int64_t size,
                       int64_t nqb, int64_t merged, int64_t *q) {
  memset(q, 0, (size_t)size * sizeof(int64_t));
  for (int64_t b = 0; b < nqb; b++) {
    int64_t norm = 0;
    for (int64_t k = b * merged; k < (b + 1) * merged; k++)
      norm += p[k] != 0;
    if (norm != 0) {
      int64_t v = (int64_t)((double)qbins[b] / (double)norm);
      for (int64_t k = b * merged; k < (b + 1) * merged; k++)
        q[k] = v;
    }
  }
}

/* kl_divergence[i]: entropy(smooth(p), smooth(q)) of 'size' bins, inf when
** either is all zeros; false when smooth_distribution's assert fails. */
static bool candidateKl(EntropyScratch *s, int64_t size, double *kl) {
  int sp = smooth(s->p, size, s->ps, s->ones);
  int sq = sp < 0 ? sp : smooth(s->q, size, s->qs, s->ones);
  if (sp < 0 || sq < 0)
    return false;
  if (sp == 0 || sq == 0)
    *kl = INFINITY;
  else
    *kl = (double)klDivergence(s->ps, s->qs, size, s->tmp);
  return true;
}

Pt2eNumStatus pt2eOrtEntropyRange(const Pt2eOrtHistogram *h,
                                  int64_t numQuantizedBins, float *rmin,
                                  float *rmax) {
  int64_t nb = h->numBins, zero, half, nqb = numQuantizedBins, best = -1;
  double bestKl = 0.0;
  EntropyScratch s;
  if (!h->seen)
    return Pt2eNumDefaulted;
  zero = nb / 2;
  half = nqb / 2;
  if (nqb <= 0 || half > zero)
    return Pt2eNumInvalidRange;  /* np.argmin of an empty sequence */
  if (!allocScratch(&s, nb, nqb))
    return Pt2eNumNoMemory;
  for (int64_t i = half; i <= zero; i++) {
    int64_t start = zero - i, size = sliceEnd(zero, i, nb) - start;
    double kl;
    referenceDistribution(h->counts, nb, start, start + size, s.p);
    quantizeBins(h->counts + start, size, nqb, size / nqb, s.qbins);
    expandBins(s.p, s.qbins, size, nqb, size / nqb, s.q);
    if (!candidateKl(&s, size, &kl)) {
      freeScratch(&s);
      return Pt2eNumInvalidRange;  /* smooth_distribution's assert */
    }
    /* np.argmin: the first minimum, or the first NaN */
    if (best < 0 || (!isnan(bestKl) && (isnan(kl) || kl < bestKl))) {
      best = i;
      bestKl = kl;
    }
  }
  *rmin = h->edges[zero - best];
  *rmax = h->edges[sliceEnd(zero, best, nb)];
  clampToSeen(h, rmin, rmax);
  freeScratch(&s);
  return Pt2eNumOk;
}

Pt2eNumStatus pt2eOrtDistributionRange(const Pt2eOrtHistogram *h,
                                       float *rmin, float *rmax) {
  if (h->initialBins < 512)
    return Pt2eNumInvalidRange;  /* "Must be in range 512 <= num_bins" */
  if (!h->seen)
    return Pt2eNumDefaulted;
  /* hist_edges.min() / .max(): the edges increase, so the two ends */
  *rmin = h->edges[0];
  *rmax = h->edges[h->numBins];
  return Pt2eNumOk;
}

/* }====================================================================== */
