/*
** test_observer_merge.c
** Unit tests for merging calibration shards (passes/numerics/
** observer_merge.c): for every split of a batch stream into contiguous
** shards, the merged statistics against one observer fed every batch in
** order.
**   MinMax, PerChannelMinMax (with NaN, +0 and -0)   bit for bit
**   moving averages                                  within MA_ULPS ulps of
**                                                    the largest |value|
**   Histogram, exact mode (start range + changes)    bit for bit
**   Histogram, one pass                              scale within 5%
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "golden.h"
#include "observer_merge.h"
#include "observers.h"
#include "pt2e_alloc.h"

enum { Batches = 10, Channels = 3, PerChannel = 8, Numel = Channels * PerChannel };

/* The bound docs/sharding.md states for moving averages: float32 ulps of
** the largest |value| averaged (see distance). */
#define MA_ULPS 4

static float batches[Batches][Numel];
static const int64_t shape[2] = {Channels, PerChannel};

static uint64_t rngState = 12345;
static float uniform(void) {
  rngState = rngState * 6364136223846793005ULL + 1442695040888963407ULL;
  return (float)((rngState >> 40) / 16777216.0);
}

/* Batches whose ranges grow now and then (so Histograms move their bins),
** with exact zeros of both signs. */
static void makeBatches(bool withNaN) {
  for (int b = 0; b < Batches; b++)
    for (int i = 0; i < Numel; i++) {
      float spread = 1.0f + (float)(b % 4);
      batches[b][i] = (uniform() * 2.0f - 1.0f) * spread;
    }
  batches[2][5] = -0.0f;
  batches[4][5] = 0.0f;
  if (withNaN)
    batches[6][9] = NAN;
}

static int64_t ulpsApart(float a, float b) {
  int64_t x = (int32_t)floatBits(a), y = (int32_t)floatBits(b);
  if (x < 0)
    x = INT32_MIN - x;
  if (y < 0)
    y = INT32_MIN - y;
  return x > y ? x - y : y - x;
}

/*
** The distance of a moving average from the sequential value, in ulps of
** the largest |value| the batches hold: an EMA's rounding errors are of
** the size of what it averages, so a result near zero (a channel's min
** close to 0) measured in its own ulps would look far off. Bit-exact kinds
** are compared in their own ulps (0 either way).
*/
static bool scaleByData;
static int64_t distance(float a, float b) {
  if (!scaleByData)
    return ulpsApart(a, b);
  float big = 0.0f;
  for (int k = 0; k < Batches; k++)
    for (int i = 0; i < Numel; i++)
      big = fabsf(batches[k][i]) > big ? fabsf(batches[k][i]) : big;
  float ulp = nextafterf(big, INFINITY) - big;
  return (int64_t)ceil(fabs((double)a - (double)b) / (double)ulp);
}

static float *copyOf(const float *x, int64_t n) {
  if (n <= 0)
    return NULL;
  float *y = pt2eAlloc((size_t)n * sizeof *y);
  assert_non_null(y);
  memcpy(y, x, (size_t)n * sizeof *y);
  return y;
}

/* One shard over batches [b0, b1): an observer (started from 'start' for an
** exact Histogram) and what pt2e-calibrate records beside its stats. */
static void runShard(const Pt2eQuantSpec *spec, int b0, int b1,
                     const float *start, Pt2eShardStats *out) {
  Pt2eObserver *obs = pt2eObserverCreate(spec, 0);
  assert_non_null(obs);
  memset(out, 0, sizeof *out);
  Pt2eObserverStats s;
  float lastMin = 0, lastMax = 0;
  float *ranges = pt2eAlloc(2 * Batches * sizeof(float));
  if (start) {
    pt2eObserverGetStats(obs, &s);
    float *zeros = pt2eAlloc((size_t)s.numBins * sizeof(float));
    Pt2eObserverStats st = {1, &start[0], &start[1], s.numBins, zeros, 0, NULL, NULL, NULL};
    assert_int_equal(pt2eObserverSetStats(obs, &st), Pt2eNumOk);
    pt2eFree(zeros);
    out->hasStart = true;
    out->startMin = lastMin = start[0];
    out->startMax = lastMax = start[1];
  }
  for (int b = b0; b < b1; b++) {
    assert_true(pt2eObserverUpdate(obs, batches[b], shape, 2) >= 0);
    pt2eObserverGetStats(obs, &s);
    if (out->updates++ == 0) {
      out->firstMin = copyOf(s.minVals, s.numChannels);
      out->firstMax = copyOf(s.maxVals, s.numChannels);
    }
    if (start && (floatBits(s.minVals[0]) != floatBits(lastMin) ||
                  floatBits(s.maxVals[0]) != floatBits(lastMax))) {
      lastMin = s.minVals[0];
      lastMax = s.maxVals[0];
      ranges[2 * out->numRanges] = lastMin;
      ranges[2 * out->numRanges + 1] = lastMax;
      out->numRanges++;
    }
  }
  pt2eObserverGetStats(obs, &s);
  out->numChannels = s.numChannels;
  out->minVals = copyOf(s.minVals, s.numChannels);
  out->maxVals = copyOf(s.maxVals, s.numChannels);
  out->numBins = s.numBins;
  out->histogram = copyOf(s.histogram, s.numBins);
  if (out->numRanges > 0)
    out->ranges = ranges;
  else
    pt2eFree(ranges);
  pt2eObserverDestroy(obs);
}

/* The range of a Histogram after batches [0, b): the exact mode's pre-pass. */
static bool rangeBefore(int b, float *range) {
  bool seen = false;
  for (int k = 0; k < b; k++)
    for (int i = 0; i < Numel; i++) {
      float v = batches[k][i];
      if (!seen) {
        range[0] = range[1] = v;
        seen = true;
      }
      range[0] = pt2eObserverMinimumOf(range[0], v);
      range[1] = pt2eObserverMaximumOf(range[1], v);
    }
  return seen;
}

/* The statistics of shards cut where 'cuts' has a bit set (bit k: a cut
** before batch k+1), merged in order. */
static void mergedSplit(const Pt2eQuantSpec *spec, unsigned cuts, bool exact,
                        Pt2eShardStats *acc, bool *wasExact) {
  int b0 = 0;
  bool first = true;
  *wasExact = true;
  for (int b = 1; b <= Batches; b++) {
    if (b < Batches && !(cuts & (1u << (b - 1))))
      continue;
    float start[2];
    bool hasStart = exact && b0 > 0 && rangeBefore(b0, start);
    Pt2eShardStats s;
    runShard(spec, b0, b, hasStart ? start : NULL, &s);
    if (first) {
      *acc = s;
      first = false;
    } else {
      char err[200];
      assert_int_equal(pt2eShardStatsMerge(spec, acc, &s, wasExact, err, sizeof err),
                       Pt2eNumOk);
      pt2eShardStatsClear(&s);
    }
    b0 = b;
  }
}

static void specOf(Pt2eQuantSpec *q, Pt2eObserverKind kind) {
  pt2eQuantSpecInit(q, kind, Pt2eDTypeInt8);
  if (kind == Pt2eObserverPerChannelMinMax ||
      kind == Pt2eObserverMovingAveragePerChannelMinMax)
    q->qscheme = Pt2eQSchemePerChannelAffine;
  if (kind == Pt2eObserverHistogram)
    q->bins = 64;
}

/* Compares every split's merge with the sequential run; returns the worst
** distance in ulps (min/max; histogram bins when 'bins'). */
static int64_t worstOverSplits(Pt2eObserverKind kind, bool exact, bool bins) {
  Pt2eQuantSpec q;
  specOf(&q, kind);
  Pt2eShardStats seq;
  runShard(&q, 0, Batches, NULL, &seq);
  int64_t worst = 0;
  for (unsigned cuts = 0; cuts < (1u << (Batches - 1)); cuts++) {
    Pt2eShardStats m;
    bool wasExact;
    mergedSplit(&q, cuts, exact, &m, &wasExact);
    assert_int_equal(m.numChannels, seq.numChannels);
    for (int64_t c = 0; c < seq.numChannels; c++) {
      int64_t d1 = distance(m.minVals[c], seq.minVals[c]);
      int64_t d2 = distance(m.maxVals[c], seq.maxVals[c]);
      if (isnan(seq.minVals[c]) || isnan(seq.maxVals[c])) {
        assert_int_equal(floatBits(m.minVals[c]), floatBits(seq.minVals[c]));
        assert_int_equal(floatBits(m.maxVals[c]), floatBits(seq.maxVals[c]));
        d1 = d2 = 0;
      }
      worst = d1 > worst ? d1 : worst;
      worst = d2 > worst ? d2 : worst;
    }
    for (int64_t i = 0; bins && i < seq.numBins; i++) {
      int64_t d = ulpsApart(m.histogram[i], seq.histogram[i]);
      worst = d > worst ? d : worst;
    }
    pt2eShardStatsClear(&m);
  }
  pt2eShardStatsClear(&seq);
  return worst;
}

static void testMinMaxIsBitExact(void **state) {
  (void)state;
  makeBatches(false);
  assert_int_equal(worstOverSplits(Pt2eObserverMinMax, false, false), 0);
  assert_int_equal(worstOverSplits(Pt2eObserverPerChannelMinMax, false, false), 0);
}

static void testMinMaxPropagatesNaNBitExact(void **state) {
  (void)state;
  makeBatches(true);
  assert_int_equal(worstOverSplits(Pt2eObserverMinMax, false, false), 0);
  assert_int_equal(worstOverSplits(Pt2eObserverPerChannelMinMax, false, false), 0);
}

static void testMovingAveragesWithinTheBound(void **state) {
  (void)state;
  makeBatches(false);
  scaleByData = true;
  int64_t a = worstOverSplits(Pt2eObserverMovingAverageMinMax, false, false);
  int64_t b = worstOverSplits(Pt2eObserverMovingAveragePerChannelMinMax, false, false);
  scaleByData = false;
  printf("moving averages: worst %lld and %lld ulps (of the largest |value|) over %u splits\n",
         (long long)a, (long long)b, 1u << (Batches - 1));
  assert_true(a <= MA_ULPS);
  assert_true(b <= MA_ULPS);
}

static void testExactHistogramIsBitExact(void **state) {
  (void)state;
  makeBatches(false);
  assert_int_equal(worstOverSplits(Pt2eObserverHistogram, true, true), 0);
}

/* One pass: the scale of the merged bins against the sequential ones. */
static void testOnePassHistogramIsClose(void **state) {
  (void)state;
  makeBatches(false);
  Pt2eQuantSpec q;
  specOf(&q, Pt2eObserverHistogram);
  Pt2eShardStats seq;
  runShard(&q, 0, Batches, NULL, &seq);
  Pt2eObserver *obs = pt2eObserverCreate(&q, 0);
  float s0, s1;
  int64_t z0, z1;
  Pt2eObserverStats st = {1, seq.minVals, seq.maxVals, seq.numBins, seq.histogram,
                          0, NULL, NULL, NULL};
  assert_int_equal(pt2eObserverSetStats(obs, &st), Pt2eNumOk);
  assert_int_equal(pt2eObserverComputeQParams(obs, &s0, &z0, 1), Pt2eNumOk);
  double worst = 0;
  int64_t worstZp = 0;
  for (unsigned cuts = 1; cuts < (1u << (Batches - 1)); cuts++) {
    Pt2eShardStats m;
    bool wasExact;
    mergedSplit(&q, cuts, false, &m, &wasExact);
    assert_false(wasExact);
    Pt2eObserverStats ms = {1, m.minVals, m.maxVals, m.numBins, m.histogram,
                             0, NULL, NULL, NULL};
    assert_int_equal(pt2eObserverSetStats(obs, &ms), Pt2eNumOk);
    assert_int_equal(pt2eObserverComputeQParams(obs, &s1, &z1, 1), Pt2eNumOk);
    double rel = fabs((double)s1 - (double)s0) / (double)s0;
    worst = rel > worst ? rel : worst;
    worstZp = llabs(z1 - z0) > worstZp ? llabs(z1 - z0) : worstZp;
    pt2eShardStatsClear(&m);
  }
  printf("one-pass Histogram: scale within %.3g relative, zero point within "
         "%lld over %u splits\n", worst, (long long)worstZp,
         (1u << (Batches - 1)) - 1);
  assert_true(worst <= 0.05);
  pt2eObserverDestroy(obs);
  pt2eShardStatsClear(&seq);
}

/* What a merge refuses: other channel counts, a moving average without its
** count, an exact-mode start that is not where the earlier shards ended. */
static void testRefusals(void **state) {
  (void)state;
  makeBatches(false);
  Pt2eQuantSpec q;
  char err[200];
  bool exact = true;
  Pt2eShardStats a, b;
  specOf(&q, Pt2eObserverMovingAverageMinMax);
  runShard(&q, 0, 2, NULL, &a);
  runShard(&q, 2, 4, NULL, &b);
  b.updates = -1;
  assert_int_equal(pt2eShardStatsMerge(&q, &a, &b, &exact, err, sizeof err),
                   Pt2eNumBadShape);
  assert_non_null(strstr(err, "without its update count"));
  pt2eShardStatsClear(&a);
  pt2eShardStatsClear(&b);
  specOf(&q, Pt2eObserverHistogram);
  float start[2] = {-9.0f, 9.0f};
  runShard(&q, 0, 2, NULL, &a);
  runShard(&q, 2, 4, start, &b);
  assert_int_equal(pt2eShardStatsMerge(&q, &a, &b, &exact, err, sizeof err),
                   Pt2eNumBadShape);
  assert_non_null(strstr(err, "but the shards before it ended at"));
  pt2eShardStatsClear(&a);
  pt2eShardStatsClear(&b);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(testMinMaxIsBitExact),
      cmocka_unit_test(testMinMaxPropagatesNaNBitExact),
      cmocka_unit_test(testMovingAveragesWithinTheBound),
      cmocka_unit_test(testExactHistogramIsBitExact),
      cmocka_unit_test(testOnePassHistogramIsClose),
      cmocka_unit_test(testRefusals),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
