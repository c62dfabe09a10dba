/*
** observer_merge.c
** Merging the statistics of calibration shards (observer_merge.h): each
** rule is the composition of a sequential run's updates, written with the
** element rules observers.c exports, so that a merge is what one process
** would have computed over the batches of both shards.
*/
#include "observer_merge.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "observers.h"
#include "pt2e_alloc.h"
#include "pt2e_checked.h"

void pt2eShardStatsClear(Pt2eShardStats *s) {
  pt2eFree(s->minVals);
  pt2eFree(s->maxVals);
  pt2eFree(s->histogram);
  pt2eFree(s->firstMin);
  pt2eFree(s->firstMax);
  pt2eFree(s->ranges);
  memset(s, 0, sizeof *s);
}

static float *copyFloats(const float *x, int64_t n) {
  size_t bytes;
  if (n <= 0 || !pt2eCheckedBytes(n, sizeof(float), &bytes))
    return NULL;
  float *y = pt2eAllocUninit(bytes);
  if (y)
    memcpy(y, x, bytes);
  return y;
}

/* A deep copy of 's' into 'out'; false when memory runs out. */
static bool copyStats(const Pt2eShardStats *s, Pt2eShardStats *out) {
  Pt2eShardStats c = *s;
  c.minVals = copyFloats(s->minVals, s->numChannels);
  c.maxVals = copyFloats(s->maxVals, s->numChannels);
  c.histogram = copyFloats(s->histogram, s->numBins);
  c.firstMin = s->firstMin ? copyFloats(s->firstMin, s->numChannels) : NULL;
  c.firstMax = s->firstMax ? copyFloats(s->firstMax, s->numChannels) : NULL;
  c.ranges = copyFloats(s->ranges, 2 * s->numRanges);
  bool ok = (s->numChannels <= 0 || (c.minVals && c.maxVals)) &&
            (s->numBins <= 0 || c.histogram) &&
            (!s->firstMin || c.firstMin) && (!s->firstMax || c.firstMax) &&
            (s->numRanges <= 0 || c.ranges);
  if (!ok) {
    pt2eShardStatsClear(&c);
    return false;
  }
  *out = c;
  return true;
}

/* Replaces 'acc' by a copy of 's'. */
static Pt2eNumStatus takeLater(Pt2eShardStats *acc, const Pt2eShardStats *s) {
  Pt2eShardStats c;
  if (!copyStats(s, &c))
    return Pt2eNumNoMemory;
  pt2eShardStatsClear(acc);
  *acc = c;
  return Pt2eNumOk;
}

static Pt2eNumStatus badShape(char *err, size_t errSize, const char *what) {
  snprintf(err, errSize, "%s", what);
  return Pt2eNumBadShape;
}

/* A per-tensor state before its first update: +inf / -inf. */
static bool perTensorEmpty(const Pt2eShardStats *s) {
  return s->numChannels == 1 && s->minVals[0] == INFINITY &&
         s->maxVals[0] == -INFINITY;
}

/* {======================================================================
** MinMax and PerChannelMinMax: min of mins, max of maxes
** ======================================================================= */

/*
** A sequential run folds each batch's minimum into the state with
** minimumF(newer, older); the fold keeps, of equal values, the newest one
** and propagates NaN, so folding the later shard's result into the
** earlier one's gives the same bits. Per-channel updates after the first
** also give NaN the bits of ATen's vector loop (pt2eObserverChannelNaN);
** a shard whose state saw two or more updates has those bits already, and
** the merge is itself a second update.
*/
static Pt2eNumStatus mergeMinMax(bool perChannel, Pt2eShardStats *acc,
                                 const Pt2eShardStats *later, char *err,
                                 size_t errSize) {
  int64_t n = acc->numChannels;
  if (perChannel) {
    if (later->numChannels == 0)
      return Pt2eNumOk;
    if (n == 0)
      return takeLater(acc, later);
  }
  if (later->numChannels != n)
    return badShape(err, errSize, "the shards' channel counts differ");
  for (int64_t c = 0; c < n; c++) {
    float mn = pt2eObserverMinimumOf(later->minVals[c], acc->minVals[c]);
    float mx = pt2eObserverMaximumOf(later->maxVals[c], acc->maxVals[c]);
    if (perChannel) {
      mn = pt2eObserverChannelNaN(mn, c, n);
      mx = pt2eObserverChannelNaN(mx, c, n);
    }
    acc->minVals[c] = mn;
    acc->maxVals[c] = mx;
  }
  return Pt2eNumOk;
}

/* }====================================================================== */

/* {======================================================================
** Moving averages: an affine composition
** ======================================================================= */

/*
** After its first update (which sets the state to the batch's value f) an
** EMA update m <- m + c (x - m) is affine in m with slope (1 - c). A shard
** run from nothing starts at f; run after the earlier shards it would have
** started at a + c (f - a), 'a' their result. The two runs differ by
** (1-c) (a - f) after that first update and by (1-c)^u (a - f) after all u
** updates, so the sequential result is later + (1-c)^u (a - f). Computed
** in double and rounded once; the float32 runs themselves round at every
** step, which is the difference docs/sharding.md bounds.
*/
static float affineMerge(float later, float earlier, float first,
                         double slopePow) {
  double r = (double)later + slopePow * ((double)earlier - (double)first);
  return (float)r;
}

/* Each channel's minimum and maximum after both shards: affineMerge with
** slopePow (1 - c)^u, u the later shard's updates. */
static void foldAffine(Pt2eShardStats *acc, const Pt2eShardStats *later,
                       double slopePow) {
  for (int64_t c = 0; c < acc->numChannels; c++) {
    acc->minVals[c] = affineMerge(later->minVals[c], acc->minVals[c],
                                  later->firstMin[c], slopePow);
    acc->maxVals[c] = affineMerge(later->maxVals[c], acc->maxVals[c],
                                  later->firstMax[c], slopePow);
  }
}

static Pt2eNumStatus mergeMovingAverage(const Pt2eQuantSpec *spec,
                                        Pt2eShardStats *acc,
                                        const Pt2eShardStats *later,
                                        char *err, size_t errSize) {
  if (acc->updates < 0 || later->updates < 0)
    return badShape(err, errSize,
                    "a moving-average observer without its update count "
                    "('updates' in 'stats': calibrate with shard=i/n)");
  if (later->updates == 0)
    return Pt2eNumOk;
  if (acc->updates == 0)
    return takeLater(acc, later);
  int64_t n = acc->numChannels;
  if (later->numChannels != n)
    return badShape(err, errSize, "the shards' channel counts differ");
  if (!later->firstMin || !later->firstMax)
    return badShape(err, errSize,
                    "a moving-average observer without its first values "
                    "('first_min' / 'first_max' in 'stats')");
  int64_t total;
  if (!pt2eCheckedAdd(acc->updates, later->updates, &total))
    return badShape(err, errSize, "the update counts overflow");
  foldAffine(acc, later,
             pow(1.0 - (double)spec->averagingConstant,
                 (double)later->updates));
  acc->updates = total;
  return Pt2eNumOk;
}

/* }====================================================================== */

/* {======================================================================
** Histogram
** ======================================================================= */

static bool sameBits(float a, float b) {
  return memcmp(&a, &b, sizeof a) == 0;
}

/* acc takes the merged bins 'h' on [lo, hi] and the 'nr' recorded range
** changes 'ranges', its own freed. */
static void installHistogram(Pt2eShardStats *acc, float *h, float *ranges,
                             int64_t nr, float lo, float hi) {
  pt2eFree(acc->histogram);
  pt2eFree(acc->ranges);
  acc->histogram = h;
  acc->ranges = ranges;
  acc->numRanges = nr;
  acc->minVals[0] = lo;
  acc->maxVals[0] = hi;
}

/* The bins 'h' on [*lo, *hi] moved along each of later's recorded range
** changes in turn, as the sequential run moved them; [*lo, *hi] ends at
** the last. 'tmp' holds as many floats. False when out of memory. */
static bool replayRanges(const Pt2eShardStats *later, int64_t bins, float *h,
                         float *tmp, float *lo, float *hi) {
  for (int64_t r = 0; r < later->numRanges; r++) {
    float nlo = later->ranges[2 * r], nhi = later->ranges[2 * r + 1];
    memset(tmp, 0, (size_t)bins * sizeof(float));
    if (pt2eHistogramAddRemapped(h, bins, *lo, *hi, nlo, nhi, tmp) !=
        Pt2eNumOk)
      return false;
    memcpy(h, tmp, (size_t)bins * sizeof(float));
    *lo = nlo;
    *hi = nhi;
  }
  return true;
}

/* Both shards' recorded range changes, acc's then later's, into 'ranges'. */
static void joinRanges(const Pt2eShardStats *acc,
                       const Pt2eShardStats *later, float *ranges) {
  if (acc->numRanges > 0)
    memcpy(ranges, acc->ranges, (size_t)acc->numRanges * 2 * sizeof(float));
  if (later->numRanges > 0)
    memcpy(ranges + 2 * acc->numRanges, later->ranges,
           (size_t)later->numRanges * 2 * sizeof(float));
}

/*
** Exact mode: 'later' started from the range 'acc' ended with, on empty
** bins, and moved its bins at each recorded range change as the sequential
** run moved all of them. Moving is linear in the counts, so the sequential
** bins are acc's moved along the same changes plus later's; with counts
** that are sums of 1/16ths well below 2^20 every step is exact in float32.
*/
static Pt2eNumStatus mergeHistogramExact(Pt2eShardStats *acc,
                                         const Pt2eShardStats *later,
                                         char *err, size_t errSize) {
  int64_t bins = acc->numBins, nr = acc->numRanges + later->numRanges;
  size_t bytes;
  float *h = copyFloats(acc->histogram, bins);
  float *tmp = copyFloats(acc->histogram, bins);
  float *ranges = NULL, lo = acc->minVals[0], hi = acc->maxVals[0];
  if (nr > 0 && pt2eCheckedBytes(2 * nr, sizeof(float), &bytes))
    ranges = pt2eAllocUninit(bytes);
  bool ok = h && tmp && (nr <= 0 || ranges) &&
            replayRanges(later, bins, h, tmp, &lo, &hi);
  pt2eFree(tmp);
  if (!ok || !sameBits(lo, later->minVals[0]) ||
      !sameBits(hi, later->maxVals[0])) {
    pt2eFree(h);
    pt2eFree(ranges);
    return !ok ? Pt2eNumNoMemory
               : badShape(err, errSize,
                          "a Histogram's recorded range changes do not end "
                          "at its range");
  }
  for (int64_t i = 0; i < bins; i++)
    h[i] = later->histogram[i] + h[i];
  joinRanges(acc, later, ranges);
  installHistogram(acc, h, ranges, nr, lo, hi);
  return Pt2eNumOk;
}

/* The bins of 's' on [lo, hi] into 'out' (zeroed): a copy when that is its
** range, else moved as an update moves them. False when out of memory. */
static bool binsOn(const Pt2eShardStats *s, float lo, float hi, float *out) {
  if (sameBits(lo, s->minVals[0]) && sameBits(hi, s->maxVals[0])) {
    memcpy(out, s->histogram, (size_t)s->numBins * sizeof(float));
    return true;
  }
  return pt2eHistogramAddRemapped(s->histogram, s->numBins, s->minVals[0],
                                  s->maxVals[0], lo, hi, out) == Pt2eNumOk;
}

/*
** One pass: both shards' bins are moved once onto the union of their
** ranges, the earlier ones first, as an update moves the old bins and adds
** the new batch's. The sequential run moved the earlier bins at each of
** the later shard's range changes and binned the later batches on ranges
** that already held the earlier ones: close, not the same.
*/
static Pt2eNumStatus mergeHistogramOnePass(Pt2eShardStats *acc,
                                           const Pt2eShardStats *later) {
  int64_t bins = acc->numBins;
  /* as an update grows the range: minimum(state, batch) */
  float lo = pt2eObserverMinimumOf(acc->minVals[0], later->minVals[0]);
  float hi = pt2eObserverMaximumOf(acc->maxVals[0], later->maxVals[0]);
  size_t bytes;
  if (!pt2eCheckedBytes(bins, sizeof(float), &bytes))
    return Pt2eNumNoMemory;
  float *h = pt2eAlloc(bytes);
  float *moved = pt2eAlloc(bytes);
  bool ok = h && moved && binsOn(later, lo, hi, h) &&
            binsOn(acc, lo, hi, moved);
  for (int64_t i = 0; ok && i < bins; i++)
    h[i] = h[i] + moved[i];
  pt2eFree(moved);
  if (!ok) {
    pt2eFree(h);
    return Pt2eNumNoMemory;
  }
  installHistogram(acc, h, NULL, 0, lo, hi);
  return Pt2eNumOk;
}

/* An empty 'acc' takes a copy of 'later', keeping its own histogram-start
** (the start the merged calibration began from). */
static Pt2eNumStatus takeLaterKeepingStart(Pt2eShardStats *acc,
                                           const Pt2eShardStats *later,
                                           char *err, size_t errSize) {
  if (later->hasStart)
    return badShape(err, errSize,
                    "a Histogram started from a range (histogram-start) "
                    "but the shards before it saw nothing");
  bool keepStart = acc->hasStart;
  float smin = acc->startMin, smax = acc->startMax;
  Pt2eNumStatus st = takeLater(acc, later);
  acc->hasStart = keepStart;
  acc->startMin = smin;
  acc->startMax = smax;
  return st;
}

/* Whether 'later' started (histogram-start) from the range acc ended at. */
static Pt2eNumStatus checkStart(const Pt2eShardStats *acc,
                                const Pt2eShardStats *later, char *err,
                                size_t errSize) {
  if (sameBits(later->startMin, acc->minVals[0]) &&
      sameBits(later->startMax, acc->maxVals[0]))
    return Pt2eNumOk;
  snprintf(err, errSize,
           "a Histogram started from [%.9g, %.9g] (histogram-start), but "
           "the shards before it ended at [%.9g, %.9g]",
           (double)later->startMin, (double)later->startMax,
           (double)acc->minVals[0], (double)acc->maxVals[0]);
  return Pt2eNumBadShape;
}

static Pt2eNumStatus mergeHistogram(Pt2eShardStats *acc,
                                    const Pt2eShardStats *later, bool *exact,
                                    char *err, size_t errSize) {
  if (acc->numBins != later->numBins || acc->numChannels != 1 ||
      later->numChannels != 1)
    return badShape(err, errSize, "the shards' histograms differ in size");
  bool laterEmpty = perTensorEmpty(later) && !later->hasStart;
  if (laterEmpty)
    return Pt2eNumOk;
  if (perTensorEmpty(acc))
    return takeLaterKeepingStart(acc, later, err, errSize);
  if (later->hasStart) {
    Pt2eNumStatus st = checkStart(acc, later, err, errSize);
    return st != Pt2eNumOk ? st
                           : mergeHistogramExact(acc, later, err, errSize);
  }
  *exact = false;
  acc->hasStart = false;
  return mergeHistogramOnePass(acc, later);
}

/* }====================================================================== */

Pt2eNumStatus pt2eShardStatsMerge(const Pt2eQuantSpec *spec,
                                  Pt2eShardStats *acc,
                                  const Pt2eShardStats *later, bool *exact,
                                  char *err, size_t errSize) {
  if (err && errSize)
    err[0] = '\0';
  switch (spec->observer) {
  case Pt2eObserverMinMax:
    return mergeMinMax(false, acc, later, err, errSize);
  case Pt2eObserverPerChannelMinMax:
    return mergeMinMax(true, acc, later, err, errSize);
  case Pt2eObserverMovingAverageMinMax:
  case Pt2eObserverMovingAveragePerChannelMinMax:
    return mergeMovingAverage(spec, acc, later, err, errSize);
  case Pt2eObserverHistogram:
    return mergeHistogram(acc, later, exact, err, errSize);
  case Pt2eObserverPlaceholder:
    return Pt2eNumOk; /* dynamic quantization: it records nothing */
  default: /* a kind added later needs its rule here */
    return badShape(err, errSize, "this observer kind keeps no statistics "
                                  "a merge knows");
  }
}
