/*
** test_observers.c
** Unit tests for the observers (passes/observers.c) against golden data
** that real torch 2.15 + torchao 0.18 produced on an AVX2 machine
** (tools/oracle/observers/make_goldens.py, test/Inputs/observers/).
**
** A '.case' file names an observer spec, the batches it saw and what torch
** ended with: min/max state, histogram bins and qparams, every float as
** its bit pattern. Each test replays one case and compares bits.
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



/* {======================================================================
** Replaying a case
** ======================================================================= */

#define MAX_CH 64

/* What a case file expects after its batches. */
typedef struct Expected {
  int64_t numMin, numMax, numScales, numZps;
  float minVals[MAX_CH], maxVals[MAX_CH], scales[MAX_CH];
  int64_t zeroPoints[MAX_CH];
  char histogram[128];  /* file of the histogram state, or "" */
  Pt2eNumStatus status;
} Expected;

static void readFloats(Tokens *t, int64_t *n, float *out) {
  int64_t i;
  *n = nextInt(t);
  assert_true(*n <= MAX_CH);
  for (i = 0; i < *n; i++)
    out[i] = nextHex(t);
}

static Pt2eNumStatus statusNamed(const char *word) {
  static const char *const names[] = {"ok", "defaulted", "invalid_range", "nan"};
  static const Pt2eNumStatus codes[] = {Pt2eNumOk, Pt2eNumDefaulted,
                                        Pt2eNumInvalidRange, Pt2eNumNaN};
  return codes[goldenLookup(word, names, (int)(sizeof names / sizeof *names))];
}

/*
** Replays case 'name': builds the observer from the spec lines, feeds each
** batch (checking its update status), and reads the expectations. Batches
** from 'splitAt' on go to a fresh observer that continues from the stats
** of the first (pass -1 to use one observer throughout).
*/
static Pt2eObserver *replay(const char *name, Expected *e, int splitAt) {
  char file[128];
  Tokens t;
  Pt2eQuantSpec spec;
  Pt2eObserver *obs = NULL;
  bool custom = true;
  const char *w;
  int batch = 0;
  memset(&spec, 0, sizeof spec);
  memset(e, 0, sizeof *e);
  snprintf(file, sizeof file, "%s.case", name);
  openTokens(&t, file);
  while ((w = nextToken(&t)) != NULL) {
    if (strcmp(w, "observer") == 0)
      spec.observer = goldenObserverKind(nextToken(&t));
    else if (strcmp(w, "dtype") == 0)
      spec.dtype = goldenDType(nextToken(&t));
    else if (strcmp(w, "qscheme") == 0)
      spec.qscheme = goldenQScheme(nextToken(&t));
    else if (strcmp(w, "quant_min") == 0)
      spec.quantMin = nextInt(&t);
    else if (strcmp(w, "quant_max") == 0)
      spec.quantMax = nextInt(&t);
    else if (strcmp(w, "custom_range") == 0)
      custom = nextInt(&t) != 0;
    else if (strcmp(w, "ch_axis") == 0)
      spec.chAxis = nextInt(&t);
    else if (strcmp(w, "eps") == 0)
      spec.eps = nextHex(&t);
    else if (strcmp(w, "bins") == 0)
      spec.bins = nextInt(&t);
    else if (strcmp(w, "averaging_constant") == 0)
      spec.averagingConstant = nextHex(&t);
    else if (strcmp(w, "batch") == 0) {
      Pt2eNumStatus want = statusNamed(nextToken(&t));
      const char *data = nextToken(&t);
      int rank = (int)nextInt(&t), d;
      int64_t shape[8], count, numel = 1;
      float *x;
      assert_true(rank <= 8);
      for (d = 0; d < rank; d++)
        numel *= (shape[d] = nextInt(&t));
      x = readF32(data, &count);
      assert_int_equal(count, numel);
      if (obs == NULL) {
        obs = pt2eObserverCreate(&spec, 0);
        assert_non_null(obs);
        pt2eObserverSetCustomRange(obs, custom);
        pt2eObserverSetCpuCapability(obs, Pt2eCpuAvx2);  /* as the goldens */
      }
      if (batch == splitAt) {  /* go on from saved statistics */
        Pt2eObserverStats stats;
        Pt2eObserver *next = pt2eObserverCreate(&spec, 0);
        assert_non_null(next);
        pt2eObserverSetCustomRange(next, custom);
        pt2eObserverSetCpuCapability(next, Pt2eCpuAvx2);
        pt2eObserverGetStats(obs, &stats);
        assert_int_equal(pt2eObserverSetStats(next, &stats), Pt2eNumOk);
        pt2eObserverDestroy(obs);
        obs = next;
      }
      assert_int_equal(pt2eObserverUpdate(obs, x, shape, rank), want);
      pt2eFree(x);
      batch++;
    } else if (strcmp(w, "min") == 0)
      readFloats(&t, &e->numMin, e->minVals);
    else if (strcmp(w, "max") == 0)
      readFloats(&t, &e->numMax, e->maxVals);
    else if (strcmp(w, "histogram") == 0)
      snprintf(e->histogram, sizeof e->histogram, "%s", nextToken(&t));
    else if (strcmp(w, "scales") == 0)
      readFloats(&t, &e->numScales, e->scales);
    else if (strcmp(w, "zero_points") == 0) {
      int64_t i;
      e->numZps = nextInt(&t);
      for (i = 0; i < e->numZps; i++)
        e->zeroPoints[i] = nextInt(&t);
    } else if (strcmp(w, "status") == 0)
      e->status = statusNamed(nextToken(&t));
    else
      fail_msg("unknown key '%s' in %s", w, file);
  }
  closeTokens(&t);
  assert_non_null(obs);
  return obs;
}

/* Checks the observer's state and qparams against the case, bit for bit. */
static void checkAgainst(Pt2eObserver *obs, const Expected *e) {
  Pt2eObserverStats stats;
  float scales[MAX_CH];
  int64_t zps[MAX_CH];
  pt2eObserverGetStats(obs, &stats);
  assert_int_equal(stats.numChannels, e->numMin);
  assert_int_equal(stats.numChannels, e->numMax);
  assert_memory_equal(stats.minVals, e->minVals, (size_t)e->numMin * sizeof(float));
  assert_memory_equal(stats.maxVals, e->maxVals, (size_t)e->numMax * sizeof(float));
  if (e->histogram[0] != '\0') {
    int64_t n;
    float *h = readF32(e->histogram, &n);
    assert_int_equal(stats.numBins, n);
    assert_memory_equal(stats.histogram, h, (size_t)n * sizeof(float));
    pt2eFree(h);
  }
  assert_int_equal(pt2eObserverComputeQParams(obs, scales, zps, MAX_CH), e->status);
  if (e->status == Pt2eNumInvalidRange)
    return;
  assert_memory_equal(scales, e->scales, (size_t)e->numScales * sizeof(float));
  assert_int_equal(e->numZps, e->numScales);
  assert_memory_equal(zps, e->zeroPoints, (size_t)e->numZps * sizeof(int64_t));
}

/* Replays case 'name' in one observer and checks everything. */
static void matchCase(const char *name) {
  Expected e;
  Pt2eObserver *obs = replay(name, &e, -1);
  checkAgainst(obs, &e);
  pt2eObserverDestroy(obs);
}

/* }====================================================================== */

/* {======================================================================
** MinMax kinds
** ======================================================================= */

static void testMinMaxAffineMatchesTorchao(void **state) {
  (void)state;
  matchCase("minmax_affine_i8");
}

static void testMinMaxSymmetricMatchesTorchao(void **state) {
  (void)state;
  matchCase("minmax_symmetric_i8");
}

/* torchao-numerics.md 1.2 worked check, typed in from the notes. */
static void testMinMaxReproducesTheNotesWorkedExample(void **state) {
  Expected e;
  Pt2eObserver *obs = replay("minmax_affine_i8", &e, -1);
  Pt2eObserverStats stats;
  float scale;
  int64_t zp;
  uint32_t u;
  (void)state;
  pt2eObserverGetStats(obs, &stats);
  memcpy(&u, &stats.minVals[0], 4);
  assert_int_equal(u, 0xc082ffe5u);
  memcpy(&u, &stats.maxVals[0], 4);
  assert_int_equal(u, 0x40833f6fu);
  assert_int_equal(pt2eObserverComputeQParams(obs, &scale, &zp, 1), Pt2eNumOk);
  memcpy(&u, &scale, 4);
  assert_int_equal(u, 0x3d03a34du);
  assert_int_equal(zp, -1);
  pt2eObserverDestroy(obs);
}

static void testUInt8DefaultRangesMatchTorchao(void **state) {
  (void)state;
  matchCase("minmax_affine_u8_default");
  matchCase("minmax_symmetric_u8_default");
}

static void testUInt8CustomRangeMovesSymmetricZeroPoint(void **state) {
  (void)state;
  matchCase("minmax_symmetric_u8_custom");
}

static void testWideDTypesMatchTorchao(void **state) {
  (void)state;
  matchCase("minmax_affine_i16");
  matchCase("minmax_symmetric_u16");
  matchCase("minmax_affine_i32");
}

static void testAllZeroTensorGivesEpsScale(void **state) {
  (void)state;
  matchCase("minmax_all_zero");
  matchCase("minmax_symmetric_all_zero");
}

static void testConstantTensorMatchesTorchao(void **state) {
  (void)state;
  matchCase("minmax_constant");
}

static void testMinMaxObserverPropagatesNaN(void **state) {
  Expected e;
  Pt2eObserver *obs = replay("minmax_nan", &e, -1);
  Pt2eObserverStats stats;
  (void)state;
  pt2eObserverGetStats(obs, &stats);
  assert_true(isnan(stats.minVals[0]));
  assert_true(isnan(stats.maxVals[0]));
  checkAgainst(obs, &e);  /* torch's assert: invalid range */
  assert_string_not_equal(pt2eObserverErrorMessage(obs), "");
  pt2eObserverDestroy(obs);
}

static void testPerChannelObserverPropagatesNaNWithTorchsBits(void **state) {
  (void)state;
  matchCase("per_channel_nan");
}

static void testPerChannelSymmetricWeightMatchesTorchao(void **state) {
  (void)state;
  matchCase("per_channel_symmetric_weight");
}

/* torchao-numerics.md 8: the AVX2 per-channel scales, typed in. */
static void testPerChannelScalesMatchTheNotesForAvx2Randn(void **state) {
  static const uint32_t notes[4] = {0x3d0447ff, 0x3cf0489c, 0x3cc7caf4, 0x3d0407f5};
  Expected e;
  Pt2eObserver *obs = replay("per_channel_symmetric_randn_axis0", &e, -1);
  float scales[4];
  int64_t zps[4];
  (void)state;
  assert_int_equal(pt2eObserverComputeQParams(obs, scales, zps, 4), Pt2eNumOk);
  assert_memory_equal(scales, notes, sizeof notes);
  checkAgainst(obs, &e);
  pt2eObserverDestroy(obs);
}

static void testPerChannelAffineOnAnyAxisMatchesTorchao(void **state) {
  (void)state;
  matchCase("per_channel_affine_randn_axis1");
  matchCase("per_channel_affine_weight_axis_neg1");
}

static void testMovingAveragesMatchTorchao(void **state) {
  (void)state;
  matchCase("moving_average_affine");
  matchCase("moving_average_symmetric_c05");
  matchCase("moving_average_per_channel");
}

/* }====================================================================== */

/* {======================================================================
** Histogram
** ======================================================================= */

static void testHistogramAcrossRangeGrowthMatchesTorchao(void **state) {
  (void)state;
  matchCase("histogram_affine_3_batches");
  matchCase("histogram_symmetric_3_batches");
}

static void testHistogramOnRandnMatchesTorchao(void **state) {
  (void)state;
  matchCase("histogram_randn");
}

static void testHistogramWithOtherRangesMatchesTorchao(void **state) {
  (void)state;
  matchCase("histogram_u8_custom_0_127");
  matchCase("histogram_i16");
  matchCase("histogram_small_bins");
}

static void testHistogramMovesAConstantHistogramIntoOneBin(void **state) {
  (void)state;
  matchCase("histogram_constant_then_growth");
}

static void testHistogramOfConstantOrZeroTensorsMatchesTorchao(void **state) {
  (void)state;
  matchCase("histogram_constant");
  matchCase("histogram_all_zero");
}

static void testHistogramDropsInfinities(void **state) {
  (void)state;
  matchCase("histogram_inf_filtered");
}

static void testHistogramReportsNaNFirstBatchAndStaysPoisoned(void **state) {
  Expected e;
  Pt2eObserver *obs;
  (void)state;
  obs = replay("histogram_nan_first", &e, -1);
  assert_non_null(strstr(pt2eObserverErrorMessage(obs), "not finite"));
  checkAgainst(obs, &e);
  pt2eObserverDestroy(obs);
}

static void testHistogramReportsNaNLaterAndKeepsItsState(void **state) {
  Expected e;
  Pt2eObserver *obs;
  (void)state;
  obs = replay("histogram_nan_later", &e, -1);
  assert_non_null(strstr(pt2eObserverErrorMessage(obs), "NaN"));
  checkAgainst(obs, &e);
  pt2eObserverDestroy(obs);
}

/* Stats saved after batch 1 and restored into a new observer go on alike. */
static void testRestoredStatsContinueCalibrationBitForBit(void **state) {
  static const char *const cases[] = {
      "histogram_affine_3_batches", "moving_average_per_channel",
      "moving_average_affine", "histogram_constant_then_growth"};
  size_t i;
  (void)state;
  for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    Expected e;
    Pt2eObserver *obs = replay(cases[i], &e, 1);
    checkAgainst(obs, &e);
    pt2eObserverDestroy(obs);
  }
}

/* }====================================================================== */

/* {======================================================================
** ATen primitives
** ======================================================================= */

static void testCascadeSumHistcAndLinspaceMatchTorch(void **state) {
  Tokens t;
  const char *w;
  float *x = NULL;
  int64_t n = 0;
  (void)state;
  openTokens(&t, "sums.case");
  while ((w = nextToken(&t)) != NULL) {
    if (strcmp(w, "vector") == 0) {
      x = readF32(nextToken(&t), &n);
    } else if (strcmp(w, "sum") == 0) {
      int64_t len = nextInt(&t);
      float want = nextHex(&t), got = pt2eCascadeSum(x, len, 8);
      assert_true(len <= n);
      assert_memory_equal(&got, &want, sizeof got);
    } else if (strcmp(w, "histc") == 0) {
      float lo = nextHex(&t), hi = nextHex(&t);
      int64_t nz = nextInt(&t), k, seen = 0;
      float *h = pt2eAlloc(2048 * sizeof(float));
      assert_int_equal(pt2eHistc(x, n, 2048, lo, hi, h), Pt2eNumOk);
      for (k = 0; k < nz; k++) {
        const char *pair = nextToken(&t);
        char *colon;
        long bin = strtol(pair, &colon, 10);
        float want = bitsToFloat((uint32_t)strtoul(colon + 1, NULL, 16));
        assert_memory_equal(&h[bin], &want, sizeof want);
      }
      for (k = 0; k < 2048; k++)
        seen += h[k] != 0.0f;
      assert_int_equal(seen, nz);
      pt2eFree(h);
    } else if (strcmp(w, "linspace") == 0) {
      float a = nextHex(&t), b = nextHex(&t);
      int64_t steps = nextInt(&t), count = nextInt(&t), k;
      for (k = 0; k < count; k++) {
        const char *pair = nextToken(&t);
        char *colon;
        long i = strtol(pair, &colon, 10);
        float want = bitsToFloat((uint32_t)strtoul(colon + 1, NULL, 16));
        float got = pt2eLinspaceAt(a, b, steps, i, true);
        assert_memory_equal(&got, &want, sizeof got);
      }
    } else {
      fail_msg("unknown key '%s' in sums.case", w);
    }
  }
  closeTokens(&t);
  pt2eFree(x);
}

static void testSumLanesFollowTheCpuCapability(void **state) {
  (void)state;
  assert_int_equal(pt2eCpuSumLanes(Pt2eCpuDefault), 8);
  assert_int_equal(pt2eCpuSumLanes(Pt2eCpuAvx2), 8);
  assert_int_equal(pt2eCpuSumLanes(Pt2eCpuAvx512), 16);
}

/* }====================================================================== */

/* {======================================================================
** API contracts
** ======================================================================= */

static Pt2eQuantSpec int8Spec(Pt2eObserverKind kind, Pt2eQScheme qscheme) {
  Pt2eQuantSpec s;
  memset(&s, 0, sizeof s);
  s.dtype = Pt2eDTypeInt8;
  s.quantMin = -128;
  s.quantMax = 127;
  s.qscheme = qscheme;
  s.eps = 0x1p-12f;
  s.observer = kind;
  s.bins = 2048;
  s.averagingConstant = 0.01f;
  return s;
}

static void testUnobservedObserverGivesDefaultQParams(void **state) {
  static const Pt2eObserverKind kinds[] = {
      Pt2eObserverMinMax, Pt2eObserverMovingAverageMinMax,
      Pt2eObserverPerChannelMinMax, Pt2eObserverHistogram};
  size_t i;
  (void)state;
  for (i = 0; i < 4; i++) {
    Pt2eQuantSpec s = int8Spec(kinds[i], i == 2 ? Pt2eQSchemePerChannelAffine
                                                : Pt2eQSchemePerTensorAffine);
    Pt2eObserver *obs = pt2eObserverCreate(&s, 0);
    float scale = 0.0f;
    int64_t zp = 7;
    assert_non_null(obs);
    assert_int_equal(pt2eObserverComputeQParams(obs, &scale, &zp, 1),
                     Pt2eNumDefaulted);
    assert_true(scale == 1.0f);
    assert_int_equal(zp, 0);
    pt2eObserverDestroy(obs);
  }
}

static void testEmptyTensorIsIgnored(void **state) {
  Pt2eQuantSpec s = int8Spec(Pt2eObserverHistogram, Pt2eQSchemePerTensorAffine);
  Pt2eObserver *obs = pt2eObserverCreate(&s, 0);
  int64_t shape[2] = {3, 0};
  float dummy = 1.0f, scale;
  int64_t zp;
  (void)state;
  assert_int_equal(pt2eObserverUpdate(obs, &dummy, shape, 2), Pt2eNumOk);
  assert_int_equal(pt2eObserverComputeQParams(obs, &scale, &zp, 1),
                   Pt2eNumDefaulted);
  pt2eObserverDestroy(obs);
}

static void testPlaceholderRefusesQParams(void **state) {
  Pt2eQuantSpec s = int8Spec(Pt2eObserverPlaceholder, Pt2eQSchemePerTensorAffine);
  Pt2eObserver *obs = pt2eObserverCreate(&s, 0);
  int64_t shape[1] = {1};
  float x = 1.0f, scale;
  int64_t zp;
  (void)state;
  assert_int_equal(pt2eObserverUpdate(obs, &x, shape, 1), Pt2eNumOk);
  assert_int_equal(pt2eObserverComputeQParams(obs, &scale, &zp, 1),
                   Pt2eNumUnsupported);
  assert_non_null(strstr(pt2eObserverErrorMessage(obs), "PlaceholderObserver"));
  pt2eObserverDestroy(obs);
}

static void testPerChannelRejectsBadAxisAndChannelChanges(void **state) {
  Pt2eQuantSpec s = int8Spec(Pt2eObserverPerChannelMinMax,
                             Pt2eQSchemePerChannelSymmetric);
  Pt2eObserver *obs;
  float x[6] = {1, 2, 3, 4, 5, 6}, scales[3];
  int64_t shape23[2] = {2, 3}, shape32[2] = {3, 2}, zps[3];
  (void)state;
  s.chAxis = 2;
  obs = pt2eObserverCreate(&s, 0);
  assert_int_equal(pt2eObserverUpdate(obs, x, shape23, 2), Pt2eNumBadShape);
  pt2eObserverDestroy(obs);
  s.chAxis = 0;
  obs = pt2eObserverCreate(&s, 0);
  assert_int_equal(pt2eObserverUpdate(obs, x, shape23, 2), Pt2eNumOk);
  assert_int_equal(pt2eObserverNumChannels(obs), 2);
  assert_int_equal(pt2eObserverUpdate(obs, x, shape32, 2), Pt2eNumBadShape);
  assert_int_equal(pt2eObserverComputeQParams(obs, scales, zps, 1),
                   Pt2eNumBadShape);  /* capacity below 2 channels */
  assert_int_equal(pt2eObserverComputeQParams(obs, scales, zps, 3), Pt2eNumOk);
  pt2eObserverDestroy(obs);
}

static void testCreateRefusesWhatTorchRefuses(void **state) {
  Pt2eQuantSpec hist = int8Spec(Pt2eObserverHistogram, Pt2eQSchemePerChannelAffine);
  Pt2eQuantSpec minmax = int8Spec(Pt2eObserverMinMax, Pt2eQSchemePerChannelAffine);
  Pt2eQuantSpec ok = int8Spec(Pt2eObserverMinMax, Pt2eQSchemePerTensorAffine);
  (void)state;
  assert_null(pt2eObserverCreate(&hist, 0));
  assert_null(pt2eObserverCreate(&minmax, 0));
  assert_null(pt2eObserverCreate(&ok, 4));  /* per-tensor: one channel */
  pt2eObserverDestroy(NULL);
}

static void testCreateSurvivesAllocationFailure(void **state) {
  Pt2eQuantSpec s = int8Spec(Pt2eObserverHistogram, Pt2eQSchemePerTensorAffine);
  long n;
  (void)state;
  for (n = 0; n < 4; n++) {
    Pt2eObserver *obs;
    pt2eAllocFailAfter(n);
    obs = pt2eObserverCreate(&s, 0);
    pt2eAllocFailAfter(-1);
    pt2eObserverDestroy(obs);  /* NULL or whole */
  }
}

/*
** Every allocation of a Histogram update failing in turn: the update
** reports out of memory (never a false NaN message) and leaves an observer
** that still works; once memory is back, the same data gives the same
** qparams as an observer that never failed.
*/
static void testHistogramUpdateReportsOutOfMemory(void **state) {
  Pt2eQuantSpec s = int8Spec(Pt2eObserverHistogram, Pt2eQSchemePerTensorAffine);
  float a[6] = {-1.0f, 0.5f, 2.0f, 3.0f, -0.25f, 1.0f}, b[6] = {-4.0f, 9.0f, 0, 1, 2, 3};
  int64_t shape[1] = {6};
  float want, got;
  int64_t zpWant, zpGot;
  (void)state;
  Pt2eObserver *ref = pt2eObserverCreate(&s, 0);
  assert_int_equal(pt2eObserverUpdate(ref, a, shape, 1), Pt2eNumOk);
  assert_int_equal(pt2eObserverUpdate(ref, b, shape, 1), Pt2eNumOk); /* merges */
  assert_int_equal(pt2eObserverComputeQParams(ref, &want, &zpWant, 1), Pt2eNumOk);
  for (long n = 0; n < 6; n++) {
    Pt2eObserver *obs = pt2eObserverCreate(&s, 0);
    assert_int_equal(pt2eObserverUpdate(obs, a, shape, 1), Pt2eNumOk);
    pt2eAllocFailAfter(n);
    Pt2eNumStatus st = pt2eObserverUpdate(obs, b, shape, 1);
    pt2eAllocFailAfter(-1);
    if (st != Pt2eNumOk) {
      assert_int_equal(st, Pt2eNumNoMemory);
      assert_string_equal(pt2eObserverErrorMessage(obs), "out of memory");
      pt2eObserverDestroy(obs);
      continue;
    }
    assert_int_equal(pt2eObserverComputeQParams(obs, &got, &zpGot, 1), Pt2eNumOk);
    assert_memory_equal(&got, &want, sizeof got);
    assert_int_equal(zpGot, zpWant);
    pt2eObserverDestroy(obs);
  }
  pt2eObserverDestroy(ref);
}

static void testSetStatsRejectsWrongShapes(void **state) {
  Pt2eQuantSpec s = int8Spec(Pt2eObserverHistogram, Pt2eQSchemePerTensorAffine);
  Pt2eObserver *obs = pt2eObserverCreate(&s, 0);
  float mn = -1.0f, mx = 1.0f, hist[16] = {0};
  Pt2eObserverStats stats = {1, &mn, &mx, 16, hist};
  (void)state;
  assert_int_equal(pt2eObserverSetStats(obs, &stats), Pt2eNumBadShape);
  stats.numChannels = 2;
  stats.numBins = 2048;
  assert_int_equal(pt2eObserverSetStats(obs, &stats), Pt2eNumBadShape);
  pt2eObserverDestroy(obs);
}

/* }====================================================================== */

/* A range near FLT_MAX: (v - min) * bins overflows to inf; the value lands
** in the last bin instead of an undefined float-to-int cast (fuzz-pipeline
** found a weight of 3.4028235e38 under a Histogram observer). */
static void testHistcRangeNearFltMaxCountsIntoTheLastBin(void **state) {
  (void)state;
  static float h[2048];
  const float x[3] = {0.0f, 1.0f, 3.4028235e38f};
  assert_int_equal(pt2eHistc(x, 3, 2048, 0.0f, 3.4028235e38f, h), Pt2eNumOk);
  assert_true(h[0] == 2.0f);
  assert_true(h[2047] == 1.0f);
  float total = 0;
  for (int i = 0; i < 2048; i++)
    total += h[i];
  assert_true(total == 3.0f);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(testMinMaxAffineMatchesTorchao),
      cmocka_unit_test(testHistogramUpdateReportsOutOfMemory),
      cmocka_unit_test(testMinMaxSymmetricMatchesTorchao),
      cmocka_unit_test(testMinMaxReproducesTheNotesWorkedExample),
      cmocka_unit_test(testUInt8DefaultRangesMatchTorchao),
      cmocka_unit_test(testUInt8CustomRangeMovesSymmetricZeroPoint),
      cmocka_unit_test(testWideDTypesMatchTorchao),
      cmocka_unit_test(testAllZeroTensorGivesEpsScale),
      cmocka_unit_test(testConstantTensorMatchesTorchao),
      cmocka_unit_test(testMinMaxObserverPropagatesNaN),
      cmocka_unit_test(testPerChannelObserverPropagatesNaNWithTorchsBits),
      cmocka_unit_test(testPerChannelSymmetricWeightMatchesTorchao),
      cmocka_unit_test(testPerChannelScalesMatchTheNotesForAvx2Randn),
      cmocka_unit_test(testPerChannelAffineOnAnyAxisMatchesTorchao),
      cmocka_unit_test(testMovingAveragesMatchTorchao),
      cmocka_unit_test(testHistogramAcrossRangeGrowthMatchesTorchao),
      cmocka_unit_test(testHistogramOnRandnMatchesTorchao),
      cmocka_unit_test(testHistogramWithOtherRangesMatchesTorchao),
      cmocka_unit_test(testHistogramMovesAConstantHistogramIntoOneBin),
      cmocka_unit_test(testHistogramOfConstantOrZeroTensorsMatchesTorchao),
      cmocka_unit_test(testHistogramDropsInfinities),
      cmocka_unit_test(testHistogramReportsNaNFirstBatchAndStaysPoisoned),
      cmocka_unit_test(testHistogramReportsNaNLaterAndKeepsItsState),
      cmocka_unit_test(testRestoredStatsContinueCalibrationBitForBit),
      cmocka_unit_test(testCascadeSumHistcAndLinspaceMatchTorch),
      cmocka_unit_test(testSumLanesFollowTheCpuCapability),
      cmocka_unit_test(testUnobservedObserverGivesDefaultQParams),
      cmocka_unit_test(testEmptyTensorIsIgnored),
      cmocka_unit_test(testPlaceholderRefusesQParams),
      cmocka_unit_test(testPerChannelRejectsBadAxisAndChannelChanges),
      cmocka_unit_test(testCreateRefusesWhatTorchRefuses),
      cmocka_unit_test(testCreateSurvivesAllocationFailure),
      cmocka_unit_test(testSetStatsRejectsWrongShapes),
      cmocka_unit_test(testHistcRangeNearFltMaxCountsIntoTheLastBin),
  };
  return cmocka_run_group_tests_name("observers", tests, NULL, NULL);
}
