/*
** test_channel_histograms.c
** Unit tests for per-channel histograms (observers.c: a Histogram,
** percentile, entropy or distribution observer with a per-channel
** qscheme). Two references:
**   - the per-tensor observer of the same kind run on each channel's slice
**     x.select(ch_axis, c): state and qparams bit for bit, over batches with
**     growing ranges, a constant channel and a negative-only channel, and
**     through a stats round trip;
**   - goldens of torchao 0.18's HistogramObserver and onnxruntime 1.31.1's
**     HistogramCollector run per channel slice
**     (tools/oracle/channel_histograms/make_goldens.py,
**     test/Inputs/observers/chhist_*).
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
#include "observers.h"
#include "pt2e_alloc.h"

#define MAX_BATCHES 8
#define MAX_RANK 4

/* One golden case's header and batches. */
typedef struct Case {
  Pt2eQuantSpec spec;
  int numBatches;
  float *data[MAX_BATCHES];
  int64_t shape[MAX_BATCHES][MAX_RANK];
  int rank[MAX_BATCHES];
  int64_t channels;
} Case;

/* Reads a case's header and batches, up to 'channels C'. */
static void readCase(Tokens *t, Case *k) {
  const char *tok;
  memset(k, 0, sizeof *k);
  expectWord(t, "kind");
  Pt2eObserverKind kind = goldenObserverKind(nextToken(t));
  pt2eQuantSpecInit(&k->spec, kind, Pt2eDTypeInt8);
  expectWord(t, "qscheme");
  k->spec.qscheme = goldenQScheme(nextToken(t));
  expectWord(t, "ch_axis");
  k->spec.chAxis = nextInt(t);
  expectWord(t, "dtype");
  k->spec.dtype = goldenDType(nextToken(t));
  expectWord(t, "quant_min");
  k->spec.quantMin = nextInt(t);
  expectWord(t, "quant_max");
  k->spec.quantMax = nextInt(t);
  expectWord(t, "bins");
  k->spec.bins = nextInt(t);
  expectWord(t, "percentile");
  k->spec.percentile = nextHex64(t);
  expectWord(t, "symmetric");
  k->spec.symmetric = nextInt(t) != 0;
  expectWord(t, "num_quantized_bins");
  k->spec.numQuantizedBins = nextInt(t);
  k->spec.eps = 0x1p-12f;  /* the oracle's eps */
  while ((tok = nextToken(t)) != NULL && strcmp(tok, "batch") == 0) {
    int b = k->numBatches++;
    int64_t count, n = 1;
    assert_true(b < MAX_BATCHES);
    k->data[b] = readF32(nextToken(t), &count);
    k->rank[b] = (int)nextInt(t);
    for (int d = 0; d < k->rank[b]; d++) {
      k->shape[b][d] = nextInt(t);
      n *= k->shape[b][d];
    }
    assert_int_equal(n, count);
  }
  assert_non_null(tok);
  assert_string_equal(tok, "channels");
  k->channels = nextInt(t);
}

static void freeCase(Case *k) {
  for (int b = 0; b < k->numBatches; b++)
    pt2eFree(k->data[b]);
}

static Pt2eObserver *runCase(const Case *k) {
  Pt2eObserver *obs = pt2eObserverCreate(&k->spec, 0);
  assert_non_null(obs);
  for (int b = 0; b < k->numBatches; b++)
    assert_int_equal(pt2eObserverUpdate(obs, k->data[b], k->shape[b], k->rank[b]),
                     Pt2eNumOk);
  assert_int_equal(pt2eObserverNumChannels(obs), k->channels);
  return obs;
}

/* {======================================================================
** Against torchao's and ONNX Runtime's goldens
** ======================================================================= */

static void torchGolden(const char *name) {
  char file[96];
  Tokens t;
  Case k;
  Pt2eObserverStats s;
  float scales[16];
  int64_t zps[16], count;
  snprintf(file, sizeof file, "chhist_%s.case", name);
  openTokens(&t, file);
  readCase(&t, &k);
  Pt2eObserver *obs = runCase(&k);
  assert_true(k.channels <= 16);
  assert_int_equal(pt2eObserverComputeQParams(obs, scales, zps, 16), Pt2eNumOk);
  pt2eObserverGetStats(obs, &s);
  snprintf(file, sizeof file, "chhist_%s.hist.f32", name);
  float *hist = readF32(file, &count);
  assert_int_equal(s.numBins, count);
  assert_int_equal(s.numBins, k.channels * k.spec.bins);
  assert_memory_equal(s.histogram, hist, (size_t)count * sizeof(float));
  for (int64_t c = 0; c < k.channels; c++) {
    expectWord(&t, "channel");
    assert_int_equal(nextInt(&t), c);
    expectWord(&t, "min");
    assert_int_equal(floatBits(s.minVals[c]), floatBits(nextHex(&t)));
    expectWord(&t, "max");
    assert_int_equal(floatBits(s.maxVals[c]), floatBits(nextHex(&t)));
    expectWord(&t, "scale");
    assert_int_equal(floatBits(scales[c]), floatBits(nextHex(&t)));
    expectWord(&t, "zp");
    assert_int_equal(zps[c], nextInt(&t));
  }
  pt2eFree(hist);
  pt2eObserverDestroy(obs);
  freeCase(&k);
  closeTokens(&t);
}

static void ortGolden(const char *name) {
  char file[96];
  Tokens t;
  Case k;
  Pt2eObserverStats s;
  int64_t count, offC = 0;
  snprintf(file, sizeof file, "chhist_%s.case", name);
  openTokens(&t, file);
  readCase(&t, &k);
  Pt2eObserver *obs = runCase(&k);
  pt2eObserverGetStats(obs, &s);
  assert_non_null(s.ortChannelBins);
  snprintf(file, sizeof file, "chhist_%s.edges.f32", name);
  float *edges = readF32(file, &count);
  assert_int_equal(count, s.ortBins + k.channels);
  assert_memory_equal(s.ortEdges, edges, (size_t)count * sizeof(float));
  for (int64_t c = 0; c < k.channels; c++) {
    float lo, hi;
    expectWord(&t, "channel");
    assert_int_equal(nextInt(&t), c);
    expectWord(&t, "min");
    assert_int_equal(floatBits(s.minVals[c]), floatBits(nextHex(&t)));
    expectWord(&t, "max");
    assert_int_equal(floatBits(s.maxVals[c]), floatBits(nextHex(&t)));
    expectWord(&t, "bins");
    assert_int_equal(s.ortChannelBins[c], nextInt(&t));
    expectWord(&t, "counts");
    for (int64_t i = 0; i < s.ortChannelBins[c]; i++)
      assert_int_equal(s.ortCounts[offC + i], nextInt(&t));
    offC += s.ortChannelBins[c];
    expectWord(&t, "range");
    assert_int_equal(pt2eObserverComputeChannelRange(obs, c, &lo, &hi),
                     Pt2eNumOk);
    assert_int_equal(floatBits(lo), floatBits(nextHex(&t)));
    assert_int_equal(floatBits(hi), floatBits(nextHex(&t)));
  }
  assert_int_equal(offC, s.ortBins);
  pt2eFree(edges);
  pt2eObserverDestroy(obs);
  freeCase(&k);
  closeTokens(&t);
}

static void testHistogramMatchesTorchaoPerChannelAffine(void **state) {
  (void)state;
  torchGolden("hist_affine");
}

static void testHistogramMatchesTorchaoPerChannelSymmetricLastAxis(void **state) {
  (void)state;
  torchGolden("hist_symmetric");
}

static void testSymmetricPercentileMatchesOnnxRuntime(void **state) {
  (void)state;
  ortGolden("percentile_sym");
}

static void testAsymmetricPercentileMatchesOnnxRuntime(void **state) {
  (void)state;
  ortGolden("percentile_asym");
}

static void testEntropyMatchesOnnxRuntime(void **state) {
  (void)state;
  ortGolden("entropy");
}

static void testDistributionMatchesOnnxRuntime(void **state) {
  (void)state;
  ortGolden("distribution");
}

/* }====================================================================== */

/* {======================================================================
** Against the per-tensor observer on each channel's slice
** ======================================================================= */

/* Channel c of x (rank 'rank', 'shape') at 'axis', in row-major order. */
static int64_t sliceOf(const float *x, const int64_t *shape, int rank,
                       int64_t axis, int64_t c, float *out) {
  int64_t outer = 1, inner = 1, n = 0;
  for (int d = 0; d < rank; d++) {
    if (d < axis)
      outer *= shape[d];
    else if (d > axis)
      inner *= shape[d];
  }
  for (int64_t o = 0; o < outer; o++)
    for (int64_t i = 0; i < inner; i++)
      out[n++] = x[(o * shape[axis] + c) * inner + i];
  return n;
}

/* Compares 'obs' (per-channel) with per-tensor observers fed the slices of
** the case's batches 'from'..'to'. */
static void compareWithSlices(Pt2eObserver *obs, const Case *k, int to) {
  Pt2eQuantSpec q = k->spec;
  Pt2eObserverStats s, p;
  float scales[16], ps;
  int64_t zps[16], pz, offC = 0, offE = 0;
  int64_t axis = k->spec.chAxis < 0 ? k->spec.chAxis + k->rank[0] : k->spec.chAxis;
  q.qscheme = k->spec.qscheme == Pt2eQSchemePerChannelSymmetric
                  ? Pt2eQSchemePerTensorSymmetric : Pt2eQSchemePerTensorAffine;
  q.chAxis = 0;
  /* the channels' qparams, or the first failing channel's error (a
  ** constant channel under an asymmetric percentile: ONNX Runtime's range
  ** comes out reversed and torch's calculate_qparams asserts) */
  Pt2eNumStatus qst = pt2eObserverComputeQParams(obs, scales, zps, 16);
  bool failedBefore = false;
  pt2eObserverGetStats(obs, &s);
  bool ort = pt2eObserverKindInfo(q.observer)->ort != Pt2eOrtNone;
  for (int64_t c = 0; c < k->channels; c++) {
    Pt2eObserver *one = pt2eObserverCreate(&q, 0);
    float slice[1024];
    assert_non_null(one);
    for (int b = 0; b < to; b++) {
      int64_t n = sliceOf(k->data[b], k->shape[b], k->rank[b], axis, c, slice);
      assert_int_equal(pt2eObserverUpdate(one, slice, &n, 1), Pt2eNumOk);
    }
    pt2eObserverGetStats(one, &p);
    assert_int_equal(floatBits(s.minVals[c]), floatBits(p.minVals[0]));
    assert_int_equal(floatBits(s.maxVals[c]), floatBits(p.maxVals[0]));
    if (ort) {
      assert_int_equal(s.ortChannelBins[c], p.ortBins);
      assert_memory_equal(s.ortCounts + offC, p.ortCounts,
                          (size_t)p.ortBins * sizeof(int64_t));
      assert_memory_equal(s.ortEdges + offE, p.ortEdges,
                          (size_t)(p.ortBins + 1) * sizeof(float));
      offC += p.ortBins;
      offE += p.ortBins + 1;
    } else {
      assert_memory_equal(s.histogram + c * p.numBins, p.histogram,
                          (size_t)p.numBins * sizeof(float));
    }
    Pt2eNumStatus pst = pt2eObserverComputeQParams(one, &ps, &pz, 1);
    if (qst == Pt2eNumOk) {
      assert_int_equal(pst, Pt2eNumOk);
      assert_int_equal(floatBits(scales[c]), floatBits(ps));
      assert_int_equal(zps[c], pz);
    } else if (pst != Pt2eNumOk && !failedBefore) {
      char want[200];
      snprintf(want, sizeof want, "channel %lld: %s", (long long)c,
               pt2eObserverErrorMessage(one));
      assert_int_equal(qst, pst);
      assert_string_equal(pt2eObserverErrorMessage(obs), want);
      failedBefore = true;
    }
    pt2eObserverDestroy(one);
  }
  assert_true(qst == Pt2eNumOk || failedBefore);
}

/* Every golden case's data, under every kind with bins: the per-channel
** observer is the per-tensor one per slice after each batch, and a state
** restored from its stats goes on exactly as the one that kept running. */
static void sliceCase(const char *name, Pt2eObserverKind kind, bool symmetric) {
  char file[96];
  Tokens t;
  Case k;
  snprintf(file, sizeof file, "chhist_%s.case", name);
  openTokens(&t, file);
  readCase(&t, &k);
  k.spec.observer = kind;
  k.spec.symmetric = symmetric;
  k.spec.qscheme = symmetric ? Pt2eQSchemePerChannelSymmetric
                             : Pt2eQSchemePerChannelAffine;
  if (kind == Pt2eObserverDistribution)
    k.spec.bins = 512;
  if (kind == Pt2eObserverEntropy)
    k.spec.numQuantizedBins = 16;
  Pt2eObserver *obs = pt2eObserverCreate(&k.spec, 0);
  assert_non_null(obs);
  for (int b = 0; b < k.numBatches; b++) {
    assert_int_equal(pt2eObserverUpdate(obs, k.data[b], k.shape[b], k.rank[b]),
                     Pt2eNumOk);
    compareWithSlices(obs, &k, b + 1);
    if (b == 0) {
      /* continue from the saved stats, as a second calibration run does */
      Pt2eObserverStats s;
      Pt2eObserver *again = pt2eObserverCreate(&k.spec, 0);
      assert_non_null(again);
      pt2eObserverGetStats(obs, &s);
      assert_int_equal(pt2eObserverSetStats(again, &s), Pt2eNumOk);
      pt2eObserverDestroy(obs);
      obs = again;
    }
  }
  pt2eObserverDestroy(obs);
  freeCase(&k);
  closeTokens(&t);
}

static void testEveryKindEqualsThePerTensorObserverOnEachSlice(void **state) {
  static const Pt2eObserverKind kinds[] = {
      Pt2eObserverHistogram, Pt2eObserverPercentile, Pt2eObserverEntropy,
      Pt2eObserverDistribution};
  (void)state;
  for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++)
    for (int sym = 0; sym < 2; sym++) {
      sliceCase("hist_affine", kinds[i], sym != 0);
      sliceCase("hist_symmetric", kinds[i], sym != 0);
    }
}

/* }====================================================================== */

/* {======================================================================
** Bad input
** ======================================================================= */

static Pt2eQuantSpec channelSpec(Pt2eObserverKind kind, int64_t axis) {
  Pt2eQuantSpec q;
  pt2eQuantSpecInit(&q, kind, Pt2eDTypeInt8);
  q.qscheme = Pt2eQSchemePerChannelAffine;
  q.chAxis = axis;
  q.bins = 16;
  return q;
}

static void testAxisOutsideTheTensorIsAnError(void **state) {
  float x[6] = {1, 2, 3, 4, 5, 6};
  int64_t shape[2] = {2, 3};
  (void)state;
  Pt2eQuantSpec q = channelSpec(Pt2eObserverHistogram, 2);
  Pt2eObserver *obs = pt2eObserverCreate(&q, 0);
  assert_int_equal(pt2eObserverUpdate(obs, x, shape, 2), Pt2eNumBadShape);
  assert_string_equal(pt2eObserverErrorMessage(obs), "channel axis out of range");
  pt2eObserverDestroy(obs);
}

static void testARankChangeBetweenBatchesIsAnError(void **state) {
  float x[6] = {1, 2, 3, 4, 5, 6};
  int64_t shape2[2] = {2, 3}, shape3[3] = {1, 2, 3};
  (void)state;
  Pt2eQuantSpec q = channelSpec(Pt2eObserverPercentile, -1);
  Pt2eObserver *obs = pt2eObserverCreate(&q, 0);
  assert_int_equal(pt2eObserverUpdate(obs, x, shape2, 2), Pt2eNumOk);
  assert_int_equal(pt2eObserverUpdate(obs, x, shape3, 3), Pt2eNumBadShape);
  assert_non_null(strstr(pt2eObserverErrorMessage(obs),
                         "a batch of rank 3 after batches of rank 2"));
  pt2eObserverDestroy(obs);
}

static void testAChannelCountChangeIsAnError(void **state) {
  float x[6] = {1, 2, 3, 4, 5, 6};
  int64_t a[2] = {2, 3}, b[2] = {3, 2};
  (void)state;
  Pt2eQuantSpec q = channelSpec(Pt2eObserverEntropy, 1);
  q.numQuantizedBins = 4;
  Pt2eObserver *obs = pt2eObserverCreate(&q, 0);
  assert_int_equal(pt2eObserverUpdate(obs, x, a, 2), Pt2eNumOk);
  assert_int_equal(pt2eObserverUpdate(obs, x, b, 2), Pt2eNumBadShape);
  assert_string_equal(pt2eObserverErrorMessage(obs),
                      "channel count differs from the state");
  pt2eObserverDestroy(obs);
}

static void testChannelsTimesBinsPastMemoryIsAnError(void **state) {
  float x[4] = {1, 2, 3, 4};
  int64_t shape[2] = {1, 4};
  (void)state;
  Pt2eQuantSpec q = channelSpec(Pt2eObserverHistogram, 1);
  q.bins = (int64_t)1 << 61;
  Pt2eObserver *obs = pt2eObserverCreate(&q, 0);
  assert_non_null(obs);
  assert_int_equal(pt2eObserverUpdate(obs, x, shape, 2), Pt2eNumNoMemory);
  assert_non_null(strstr(pt2eObserverErrorMessage(obs), "channels x bins"));
  pt2eObserverDestroy(obs);
}

static void testANaNNamesItsChannel(void **state) {
  float x[6] = {1, 2, 3, 4, NAN, 6};
  int64_t shape[2] = {2, 3};
  (void)state;
  Pt2eQuantSpec q = channelSpec(Pt2eObserverHistogram, 1);
  Pt2eObserver *obs = pt2eObserverCreate(&q, 0);
  assert_int_equal(pt2eObserverUpdate(obs, x, shape, 2), Pt2eNumNaN);
  assert_non_null(strstr(pt2eObserverErrorMessage(obs), "channel 1: "));
  pt2eObserverDestroy(obs);
}

static void testStatsOfAnotherLayoutAreRefused(void **state) {
  float mn[2] = {0, 0}, mx[2] = {1, 1}, h[16] = {0};
  (void)state;
  Pt2eQuantSpec q = channelSpec(Pt2eObserverHistogram, 1);
  Pt2eObserver *obs = pt2eObserverCreate(&q, 0);
  /* 2 channels need 32 bins */
  Pt2eObserverStats s = {2, mn, mx, 16, h, 0, NULL, NULL, NULL};
  assert_int_equal(pt2eObserverSetStats(obs, &s), Pt2eNumBadShape);
  assert_int_equal(pt2eObserverNumChannels(obs), 0);
  pt2eObserverDestroy(obs);
}

static void testNothingObservedGivesTheDefaults(void **state) {
  float scale;
  int64_t zp;
  (void)state;
  Pt2eQuantSpec q = channelSpec(Pt2eObserverDistribution, 1);
  q.bins = 512;
  Pt2eObserver *obs = pt2eObserverCreate(&q, 0);
  assert_int_equal(pt2eObserverComputeQParams(obs, &scale, &zp, 1),
                   Pt2eNumDefaulted);
  assert_true(scale == 1.0f && zp == 0);
  pt2eObserverDestroy(obs);
}

/* }====================================================================== */

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(testHistogramMatchesTorchaoPerChannelAffine),
      cmocka_unit_test(testHistogramMatchesTorchaoPerChannelSymmetricLastAxis),
      cmocka_unit_test(testSymmetricPercentileMatchesOnnxRuntime),
      cmocka_unit_test(testAsymmetricPercentileMatchesOnnxRuntime),
      cmocka_unit_test(testEntropyMatchesOnnxRuntime),
      cmocka_unit_test(testDistributionMatchesOnnxRuntime),
      cmocka_unit_test(testEveryKindEqualsThePerTensorObserverOnEachSlice),
      cmocka_unit_test(testAxisOutsideTheTensorIsAnError),
      cmocka_unit_test(testARankChangeBetweenBatchesIsAnError),
      cmocka_unit_test(testAChannelCountChangeIsAnError),
      cmocka_unit_test(testChannelsTimesBinsPastMemoryIsAnError),
      cmocka_unit_test(testANaNNamesItsChannel),
      cmocka_unit_test(testStatsOfAnotherLayoutAreRefused),
      cmocka_unit_test(testNothingObservedGivesTheDefaults),
  };
  return cmocka_run_group_tests_name("channel_histograms", tests, NULL, NULL);
}
