/*
** test_observers.c
** Unit tests for the observers (passes/numerics/observers.c) against golden data
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
#include "pt2e_parallel.h"



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
  Pt2eCpuCapability cap = Pt2eCpuAvx2;  /* as make_goldens.py's machine */
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
        pt2eObserverSetCpuCapability(obs, cap);
      }
      if (batch == splitAt) {  /* go on from saved statistics */
        Pt2eObserverStats stats;
        Pt2eObserver *next = pt2eObserverCreate(&spec, 0);
        assert_non_null(next);
        pt2eObserverSetCustomRange(next, custom);
        pt2eObserverSetCpuCapability(next, cap);
        pt2eObserverGetStats(obs, &stats);
        assert_int_equal(pt2eObserverSetStats(next, &stats), Pt2eNumOk);
        pt2eObserverDestroy(obs);
        obs = next;
      }
      assert_int_equal(pt2eObserverUpdate(obs, x, shape, rank), want);
      pt2eFree(x);
      batch++;
    } else if (strcmp(w, "cpu_capability") == 0) {
      static const char *const caps[] = {"default", "avx2", "avx512"};
      static const Pt2eCpuCapability codes[] = {Pt2eCpuDefault, Pt2eCpuAvx2,
                                                Pt2eCpuAvx512};
      cap = codes[goldenLookup(nextToken(&t), caps, 3)];
    } else if (strcmp(w, "state") == 0) {  /* a Histogram state to restore */
      float mn = nextHex(&t), mx = nextHex(&t);
      int64_t bins;
      float *h = readF32(nextToken(&t), &bins);
      Pt2eObserverStats st = {1, &mn, &mx, bins, h, 0, NULL, NULL, NULL};
      assert_null(obs);
      obs = pt2eObserverCreate(&spec, 0);
      assert_non_null(obs);
      pt2eObserverSetCustomRange(obs, custom);
      pt2eObserverSetCpuCapability(obs, cap);
      assert_int_equal(pt2eObserverSetStats(obs, &st), Pt2eNumOk);
      pt2eFree(h);
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

/*
** MobileNetV2's calibrated Histogram states with torch's qparams on an AVX512
** machine (tools/oracle/placement/histogram_state_goldens.py): the search's
** torch.sum ran AVX2's 8-lane kernel there; with 16 lanes each of these six
** lands on another scale (activation_post_process_68: 0x3e379a40/15 instead
** of torch's 0x3e3533d8/14).
*/
static void testHistogramSearchOnAvx512MatchesTorchao(void **state) {
  static const char *const cases[] = {
      "histogram_state_mnv2_21", "histogram_state_mnv2_38",
      "histogram_state_mnv2_59", "histogram_state_mnv2_68",
      "histogram_state_mnv2_70", "histogram_state_mnv2_140"};
  size_t i;
  (void)state;
  for (i = 0; i < sizeof cases / sizeof *cases; i++)
    matchCase(cases[i]);
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

/*
** A batch inside the range seen so far is binned in one pass over that
** range (updateHistogram's shortcut): the histogram must be the first
** batch's counts plus histc of the second over the first's range, added
** as torch adds them, bit for bit, with the range kept. The second batch
** holds both ends exactly and a -0.0 while the range starts at +0.0 (a
** ReLU output); the third holds one value just outside and must take the
** forward's combine path (the range grows), and the fourth an infinity
** (dropped, the rest binned over the old range).
*/
static void testHistogramBatchInsideTheRangeAddsItsCountsInOnePass(void **state) {
  enum { N = 4099, Bins = 2048 };
  static float x[N], want[Bins], part[Bins];
  Pt2eQuantSpec spec;
  Pt2eObserverStats st;
  int64_t shape[1] = {N};
  (void)state;
  pt2eQuantSpecInit(&spec, Pt2eObserverHistogram, Pt2eDTypeInt8);
  spec.bins = Bins;
  Pt2eObserver *obs = pt2eObserverCreate(&spec, 0);
  assert_non_null(obs);
  uint32_t s = 7;
  for (int i = 0; i < N; i++) {
    s = s * 1664525u + 1013904223u;
    x[i] = i % 3 == 0 ? 0.0f : (float)(s >> 8) / 16777216.0f * 6.0f;
  }
  x[5] = 6.5f;
  assert_int_equal(pt2eObserverUpdate(obs, x, shape, 1), Pt2eNumOk);
  assert_int_equal(pt2eHistc(x, N, Bins, 0.0f, 6.5f, want), Pt2eNumOk);
  for (int i = 0; i < N; i++)
    x[i] = 6.5f - x[i];
  x[0] = -0.0f;
  x[1] = 0.0f;
  x[2] = 6.5f;
  assert_int_equal(pt2eObserverUpdate(obs, x, shape, 1), Pt2eNumOk);
  assert_int_equal(pt2eHistc(x, N, Bins, 0.0f, 6.5f, part), Pt2eNumOk);
  for (int b = 0; b < Bins; b++)
    want[b] = want[b] + part[b];
  pt2eObserverGetStats(obs, &st);
  assert_float_equal(st.minVals[0], 0.0f, 0.0f);
  assert_false(signbit(st.minVals[0]));
  assert_float_equal(st.maxVals[0], 6.5f, 0.0f);
  assert_memory_equal(st.histogram, want, sizeof want);

  x[3] = nextafterf(6.5f, INFINITY); /* one value outside: the range grows */
  assert_int_equal(pt2eObserverUpdate(obs, x, shape, 1), Pt2eNumOk);
  pt2eObserverGetStats(obs, &st);
  assert_float_equal(st.maxVals[0], nextafterf(6.5f, INFINITY), 0.0f);
  float total = 0.0f;
  for (int b = 0; b < Bins; b++)
    total += st.histogram[b];
  assert_float_equal(total, 3.0f * N, 0.0f);

  float lo = st.minVals[0], hi = st.maxVals[0];
  memcpy(want, st.histogram, sizeof want);
  x[3] = INFINITY; /* dropped; the rest is inside */
  assert_int_equal(pt2eObserverUpdate(obs, x, shape, 1), Pt2eNumOk);
  x[3] = x[0]; /* what histc sees of that batch: the finite values, in order */
  assert_int_equal(pt2eHistc(x + 1, N - 1, Bins, lo, hi, part), Pt2eNumOk);
  for (int b = 0; b < Bins; b++)
    want[b] = want[b] + part[b];
  pt2eObserverGetStats(obs, &st);
  assert_memory_equal(st.histogram, want, sizeof want);
  pt2eObserverDestroy(obs);
}

/* Whether two observers' statistics are the same bits. */
static void expectSameStats(const Pt2eObserver *a, const Pt2eObserver *b,
                            const char *what) {
  Pt2eObserverStats sa, sb;
  pt2eObserverGetStats(a, &sa);
  pt2eObserverGetStats(b, &sb);
  if (floatBits(sa.minVals[0]) != floatBits(sb.minVals[0]) ||
      floatBits(sa.maxVals[0]) != floatBits(sb.maxVals[0]))
    fail_msg("%s: range [%a, %a] against [%a, %a]", what, sa.minVals[0],
             sa.maxVals[0], sb.minVals[0], sb.maxVals[0]);
  assert_int_equal(sa.numBins, sb.numBins);
  for (int64_t i = 0; i < sa.numBins; i++)
    if (floatBits(sa.histogram[i]) != floatBits(sb.histogram[i]))
      fail_msg("%s: bin %lld holds %a against %a", what, (long long)i,
               sa.histogram[i], sb.histogram[i]);
}

/*
** The one-pass shortcut against the forward's way (aminmax, then histc over
** the new range), batch by batch, on every path and 1-3 threads, with
** batches large enough to be split: inside the range with both its ends
** and a -0.0, one value outside in the last chunk and one in the second (the
** pass gives up in another worker's chunk), an infinity (dropped, which
** the shortcut takes for a value outside), inside again, then a NaN (both
** report it alike).
*/
static void testHistogramShortcutGivesTheForwardsBits(void **state) {
  enum { N = 100003, Bins = 2048, Batches = 7 };
  static float x[N];
  static const Pt2eObserverPath paths[] = {Pt2eObserverPathScalar, Pt2eObserverPathAvx2,
                                           Pt2eObserverPathBest};
  int64_t shape[1] = {N};
  (void)state;
  for (int pi = 0; pi < 3; pi++)
    for (int threads = 1; threads <= 3; threads++) {
      pt2eObserverForcePath(paths[pi]);
      pt2eParallelConfigure(threads);
      Pt2eQuantSpec spec;
      pt2eQuantSpecInit(&spec, Pt2eObserverHistogram, Pt2eDTypeInt8);
      spec.bins = Bins;
      Pt2eObserver *with = pt2eObserverCreate(&spec, 0);
      Pt2eObserver *without = pt2eObserverCreate(&spec, 0);
      assert_non_null(with);
      assert_non_null(without);
      uint32_t s = 99;
      for (int b = 0; b < Batches; b++) {
        for (int i = 0; i < N; i++) {
          s = s * 1664525u + 1013904223u;
          float u = (float)(s >> 8) / 16777216.0f;
          x[i] = b == 0 ? u * 4.0f - 1.0f : u * 3.0f - 0.5f; /* inside the first */
        }
        if (b == 1) { /* both ends of the range so far, exactly */
          Pt2eObserverStats st;
          pt2eObserverGetStats(with, &st);
          x[10] = st.minVals[0], x[70000] = st.maxVals[0], x[99999] = -0.0f;
        } else if (b == 2) {
          x[N - 5] = 3.5f;
        } else if (b == 3) {
          x[40000] = -2.0f;
        } else if (b == 4) {
          x[50000] = INFINITY;
        } else if (b == 6) {
          x[60000] = NAN;
        }
        pt2eObserverUseRangeShortcut(true);
        Pt2eNumStatus a = pt2eObserverUpdate(with, x, shape, 1);
        pt2eObserverUseRangeShortcut(false);
        Pt2eNumStatus c = pt2eObserverUpdate(without, x, shape, 1);
        pt2eObserverUseRangeShortcut(true);
        char what[64];
        snprintf(what, sizeof what, "path %d, %d threads, batch %d", pi, threads, b);
        assert_int_equal(a, c);
        assert_int_equal(a, b == 6 ? Pt2eNumNaN : Pt2eNumOk);
        if (b < 6)
          expectSameStats(with, without, what);
      }
      pt2eObserverDestroy(with);
      pt2eObserverDestroy(without);
    }
  pt2eObserverForcePath(Pt2eObserverPathBest);
  pt2eParallelConfigure(0);
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

/* torch 2.15's sum_stub has no AVX512 kernel: AVX512 machines run AVX2's. */
static void testSumLanesAreEightUnderEveryCpuCapability(void **state) {
  (void)state;
  assert_int_equal(pt2eCpuSumLanes(Pt2eCpuDefault), 8);
  assert_int_equal(pt2eCpuSumLanes(Pt2eCpuAvx2), 8);
  assert_int_equal(pt2eCpuSumLanes(Pt2eCpuAvx512), 8);
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
  /* torch refuses a per-channel qscheme on HistogramObserver; here it
  ** means per-channel histograms (test_channel_histograms.c) */
  assert_true(pt2eObserverIsChannelHistogram(&hist));
  Pt2eObserver *perChannel = pt2eObserverCreate(&hist, 0);
  assert_non_null(perChannel);
  pt2eObserverDestroy(perChannel);
  assert_null(pt2eObserverCreate(&minmax, 0));
  assert_null(pt2eObserverCreate(&ok, 4));  /* per-tensor: one channel */
  pt2eObserverDestroy(NULL);
}

/* The qparams of 'obs' after it observed a fixed 2 x 3 batch. */
static Pt2eNumStatus qparamsAfterOneBatch(Pt2eObserver *obs, float *scales,
                                          int64_t *zps) {
  static const float x[6] = {-1.0f, 0.5f, 2.0f, 3.0f, -0.25f, 1.0f};
  static const int64_t shape[2] = {2, 3};
  Pt2eNumStatus st = pt2eObserverUpdate(obs, x, shape, 2);
  if (st != Pt2eNumOk)
    return st;
  return pt2eObserverComputeQParams(obs, scales, zps, 2);
}

/*
** Every allocation of pt2eObserverCreate failing in turn, for each kind of
** state (per-tensor and per-channel min/max, Histogram, ONNX Runtime's
** histogram, per-channel histograms): while allocations fail, creation
** returns NULL and keeps no memory; once they stop it returns an observer,
** after at least one failure, that gives the qparams of one that never
** failed.
*/
static void testCreateSurvivesAllocationFailure(void **state) {
  static const struct { Pt2eObserverKind kind; Pt2eQScheme q; } kinds[] = {
      {Pt2eObserverMinMax, Pt2eQSchemePerTensorAffine},
      {Pt2eObserverPerChannelMinMax, Pt2eQSchemePerChannelAffine},
      {Pt2eObserverHistogram, Pt2eQSchemePerTensorAffine},
      {Pt2eObserverPercentile, Pt2eQSchemePerTensorAffine},
      {Pt2eObserverHistogram, Pt2eQSchemePerChannelAffine}};
  (void)state;
  for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++) {
    Pt2eQuantSpec s = int8Spec(kinds[k].kind, kinds[k].q);
    Pt2eObserver *obs = NULL, *ref;
    float want[2] = {0}, got[2] = {0};
    int64_t zpWant[2] = {0}, zpGot[2] = {0};
    long n = 0;
    s.percentile = 99.9; /* percentile's; the other kinds ignore it */
    ref = pt2eObserverCreate(&s, 0);
    assert_non_null(ref);
    for (; obs == NULL; n++) {
      size_t live = pt2eAllocLiveBytes();
      assert_true(n < 100); /* creation never succeeded */
      pt2eAllocFailAfter(n);
      obs = pt2eObserverCreate(&s, 0);
      pt2eAllocFailAfter(-1);
      if (obs == NULL)
        assert_int_equal(pt2eAllocLiveBytes(), live);
    }
    assert_true(n > 1); /* creation does allocate, and failed first */
    assert_int_equal(qparamsAfterOneBatch(ref, want, zpWant), Pt2eNumOk);
    assert_int_equal(qparamsAfterOneBatch(obs, got, zpGot), Pt2eNumOk);
    assert_memory_equal(got, want, sizeof got);
    assert_memory_equal(zpGot, zpWant, sizeof zpGot);
    pt2eObserverDestroy(obs);
    pt2eObserverDestroy(ref);
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
  Pt2eObserverStats stats = {1, &mn, &mx, 16, hist, 0, NULL, NULL, NULL};
  (void)state;
  assert_int_equal(pt2eObserverSetStats(obs, &stats), Pt2eNumBadShape);
  stats.numChannels = 2;
  stats.numBins = 2048;
  assert_int_equal(pt2eObserverSetStats(obs, &stats), Pt2eNumBadShape);
  pt2eObserverDestroy(obs);
}

/* }====================================================================== */

/* {======================================================================
** The fast paths against the loops they replaced
**
** The reference functions below are the observers' per-channel min/max
** and histc loops as they were before the vector and threaded paths
** (commit dad00f3), kept literally, and the per-tensor min/max by its
** definition. Every observer kind must give their bits, and the same
** bits with 1, 2 and 3 threads and on the AVX-512, AVX2 and scalar paths
** (those the CPU has), on sizes
** that are not multiples of any vector width and on inputs with NaN,
** infinities and zeros of both signs.
** ======================================================================= */

static float refBits(uint32_t u) {
  float f;
  memcpy(&f, &u, sizeof f);
  return f;
}

static float refMinimum(float a, float b) {
  if (isnan(a) || isnan(b))
    return refBits(0x7fc00000u);
  return (b < a) ? b : a;
}

static float refMaximum(float a, float b) {
  if (isnan(a) || isnan(b))
    return refBits(0x7fc00000u);
  return (a < b) ? b : a;
}

/*
** torch.aminmax by its definition, not by any loop of the observers: one
** pass in order with 'v < lo ? v : lo' (of equal values the first is kept,
** so a zero result has the first zero's sign). A NaN anywhere makes both
** NaN with the bits torch gives: its vector loop's mask (0xffffffff) over
** more than one element, a lone element as it is (observers.c, aminmax).
*/
static void refAminmax(const float *x, int64_t n, float *mn, float *mx) {
  float lo = x[0], hi = x[0];
  bool nan = isnan(x[0]);
  for (int64_t i = 1; i < n; i++) {
    nan |= isnan(x[i]);
    lo = x[i] < lo ? x[i] : lo;
    hi = hi < x[i] ? x[i] : hi;
  }
  if (nan)
    lo = hi = n > 1 ? refBits(0xffffffffu) : x[0];
  *mn = lo;
  *mx = hi;
}

/* Per-channel minima and maxima before the state is updated. */
static void refPerChannel(const float *x, int64_t outer, int64_t channels,
                          int64_t inner, float *cmin, float *cmax) {
  int64_t o, c, k;
  for (c = 0; c < channels; c++)
    cmin[c] = cmax[c] = x[c * inner];
  for (o = 0; o < outer; o++)
    for (c = 0; c < channels; c++) {
      const float *row = x + (o * channels + c) * inner;
      float lo = cmin[c], hi = cmax[c];
      int nan = 0;
      for (k = 0; k < inner; k++) {
        float v = row[k];
        nan |= v != v;
        lo = v < lo ? v : lo;
        hi = hi < v ? v : hi;
      }
      if (nan)
        for (k = 0; k < inner; k++) {
          cmin[c] = refMinimum(cmin[c], row[k]);
          cmax[c] = refMaximum(cmax[c], row[k]);
        }
      else if (!isnan(cmin[c])) {
        cmin[c] = lo;
        cmax[c] = hi;
      }
    }
  for (c = 0; c < channels; c++) {
    if (isnan(cmin[c]))
      cmin[c] = refBits(0x7fc00000u);
    if (isnan(cmax[c]))
      cmax[c] = refBits(0x7fc00000u);
  }
}

static Pt2eNumStatus refHistc(const float *x, int64_t n, int64_t bins,
                              float min, float max, float *hist) {
  double lo = min, hi = max;
  float lof, hif, width, nb = (float)bins;
  int64_t i, pos;
  float *part;
  if (lo == hi && n > 0) {
    float mn = x[0], mx = x[0];
    for (i = 1; i < n; i++) {
      mn = refMinimum(mn, x[i]);
      mx = refMaximum(mx, x[i]);
    }
    lo = mn;
    hi = mx;
  }
  if (lo == hi) {
    double down = nextafterf((float)lo, -INFINITY);
    double up = nextafterf((float)hi, INFINITY);
    lo = fmin(down, lo - 1.0);
    hi = fmax(up, hi + 1.0);
  }
  if (!isfinite(lo) || !isfinite(hi))
    return Pt2eNumNaN;
  lof = (float)lo;
  hif = (float)hi;
  width = hif - lof;
  memset(hist, 0, (size_t)bins * sizeof(float));
  part = calloc((size_t)bins * 4, sizeof(float));
  assert_non_null(part);
  for (i = 0; i < n; i++) {
    float v = x[i];
    float q = fminf(((v - lof) * nb) / width, nb);
    if (!(v >= lof && v <= hif))
      continue;
    pos = (int32_t)q;
    if (pos == bins)
      pos = bins - 1;
    part[(i & 3) * bins + pos] += 1.0f;
  }
  for (pos = 0; pos < bins; pos++)
    hist[pos] = (part[pos] + part[bins + pos]) + (part[2 * bins + pos] + part[3 * bins + pos]);
  free(part);
  return Pt2eNumOk;
}

/* A fixed pseudo-random stream. */
static uint32_t rngState;
static uint32_t rngNext(void) {
  rngState ^= rngState << 13;
  rngState ^= rngState >> 17;
  rngState ^= rngState << 5;
  return rngState;
}

enum {
  GenSpread, GenRelu, GenZeros, GenNonPositive, GenInf, GenNaN, GenConstant,
  GenHuge, GenRelu6, GenCount
};

/* Batch 'b' of generator 'g': n floats into x. */
static void generate(int g, int b, float *x, int64_t n) {
  float scale = (1.0f + 1.5f * (float)b) * 4.0f;
  uint32_t s = 0x9e3779b9u ^ (uint32_t)(g * 7919 + b * 104729 + n);
  for (int64_t i = 0; i < n; i++) {
    s ^= s << 13;
    s ^= s >> 17;
    s ^= s << 5;
    float v = (float)(s >> 8) / 8388608.0f - 1.0f;
    /* the low bit is independent enough of the top 24 for a sign */
    float z = (s & 1) ? -0.0f : 0.0f;
    if (g == GenRelu)
      v = v > 0 ? v : z;
    else if (g == GenZeros)
      v = z;
    else if (g == GenNonPositive)
      v = v < 0 ? v : z;
    else if (g == GenConstant)
      v = 1.25f / scale;
    else if (g == GenHuge)
      v = 3.4e38f * v / scale;
    else if (g == GenRelu6) /* runs of the edge values: 0 and 0.5 * scale */
      v = v < 0 ? z : v > 0.5f ? 0.5f : v;
    x[i] = scale * v;
  }
  rngState = s | 1;
  if (g == GenInf && n > 2) {
    x[rngNext() % (uint32_t)n] = INFINITY;
    x[rngNext() % (uint32_t)n] = -INFINITY;
  }
  if (g == GenNaN) {
    static const uint32_t payloads[3] = {0x7fc00000u, 0xffc00001u, 0x7f800123u};
    x[b == 0 ? 0 : rngNext() % (uint32_t)n] = refBits(payloads[b % 3]);
  }
  if (g == GenHuge && n > 1) {
    x[0] = 3.4028235e38f;
    x[n - 1] = -3.4028235e38f;
  }
}

/* Everything an observer run shows, as bytes, to compare between runs. */
typedef struct Trace {
  unsigned char *at;
  size_t size, cap;
} Trace;

static void traceAdd(Trace *t, const void *p, size_t n) {
  if (t->size + n > t->cap) {
    t->cap = (t->size + n) * 2;
    t->at = realloc(t->at, t->cap);
    assert_non_null(t->at);
  }
  memcpy(t->at + t->size, p, n);
  t->size += n;
}

static void traceStats(Trace *t, Pt2eObserver *obs) {
  Pt2eObserverStats s;
  pt2eObserverGetStats(obs, &s);
  traceAdd(t, &s.numChannels, sizeof s.numChannels);
  traceAdd(t, s.minVals, (size_t)s.numChannels * sizeof(float));
  traceAdd(t, s.maxVals, (size_t)s.numChannels * sizeof(float));
  if (s.numBins > 0)
    traceAdd(t, s.histogram, (size_t)s.numBins * sizeof(float));
}

enum { MaxElems = 210003 }; /* the largest shape below */

typedef struct Shape {
  int rank;
  int64_t dims[4];
  int axis;
} Shape;

static const Shape shapes[] = {
    {1, {1}, 0},           {1, {7}, 0},           {2, {3, 5}, 1},
    {3, {3, 5, 7}, 1},     {2, {97, 13}, -1},     {2, {17, 65}, 0},
    {4, {2, 5, 37, 41}, 1}, {3, {4, 16, 3001}, 1}, {1, {200003}, 0},
    {2, {3, 70001}, 0},    {2, {4099, 33}, 1},    {3, {40, 33, 129}, 2},
};

static int64_t numel(const Shape *s) {
  int64_t n = 1;
  for (int d = 0; d < s->rank; d++)
    n *= s->dims[d];
  return n;
}

static const Pt2eObserverKind allKinds[] = {
    Pt2eObserverMinMax, Pt2eObserverMovingAverageMinMax,
    Pt2eObserverPerChannelMinMax, Pt2eObserverMovingAveragePerChannelMinMax,
    Pt2eObserverHistogram};
enum { NumKinds = sizeof allKinds / sizeof *allKinds };

/* Feeds three batches of generator g in shape s to an observer of every
** kind and records every status, the state after each batch and the
** qparams. */
static void runShape(int g, const Shape *s, float *x, Trace *t) {
  Pt2eObserver *obs[NumKinds];
  float scales[128];
  int64_t zps[128];
  for (int k = 0; k < NumKinds; k++) {
    bool perChannel = allKinds[k] == Pt2eObserverPerChannelMinMax ||
                      allKinds[k] == Pt2eObserverMovingAveragePerChannelMinMax;
    Pt2eQuantSpec spec = int8Spec(allKinds[k], perChannel
                                                   ? Pt2eQSchemePerChannelAffine
                                                   : Pt2eQSchemePerTensorAffine);
    spec.chAxis = s->axis;
    spec.bins = 64;
    obs[k] = pt2eObserverCreate(&spec, 0);
    assert_non_null(obs[k]);
  }
  for (int b = 0; b < 3; b++) {
    generate(g, b, x, numel(s));
    for (int k = 0; k < NumKinds; k++) {
      Pt2eNumStatus st = pt2eObserverUpdate(obs[k], x, s->dims, s->rank);
      traceAdd(t, &st, sizeof st);
      traceStats(t, obs[k]);
    }
  }
  for (int k = 0; k < NumKinds; k++) {
    if (pt2eObserverNumChannels(obs[k]) <= 128) {
      memset(scales, 0, sizeof scales);
      memset(zps, 0, sizeof zps);
      Pt2eNumStatus st = pt2eObserverComputeQParams(obs[k], scales, zps, 128);
      traceAdd(t, &st, sizeof st);
      traceAdd(t, scales, sizeof scales);
      traceAdd(t, zps, sizeof zps);
    }
    pt2eObserverDestroy(obs[k]);
  }
}

/* Observers of every kind on every generator and shape. */
static void traceAll(Trace *t, float *x) {
  for (int g = 0; g < GenCount; g++)
    for (size_t s = 0; s < sizeof shapes / sizeof *shapes; s++)
      runShape(g, &shapes[s], x, t);
}

/* The first batch of the moving-average kinds stores aminmax as it is,
** and a first Histogram batch stores it before histc can fail; histc is
** public. All three against the reference loops. */
static void checkAgainstReference(float *x) {
  float *hist = pt2eAlloc(5000 * sizeof(float));
  float *want = malloc(5000 * sizeof(float));
  float *cmin = malloc(MaxElems * sizeof(float)), *cmax = malloc(MaxElems * sizeof(float));
  assert_non_null(hist);
  assert_true(want && cmin && cmax);
  for (int g = 0; g < GenCount; g++)
    for (size_t si = 0; si < sizeof shapes / sizeof *shapes; si++) {
      const Shape *s = &shapes[si];
      int64_t n = numel(s);
      generate(g, 1, x, n);
      /* per tensor */
      float mn, mx;
      Pt2eObserverStats st;
      Pt2eQuantSpec spec = int8Spec(Pt2eObserverMovingAverageMinMax,
                                    Pt2eQSchemePerTensorAffine);
      Pt2eObserver *obs = pt2eObserverCreate(&spec, 0);
      refAminmax(x, n, &mn, &mx);
      assert_int_equal(pt2eObserverUpdate(obs, x, s->dims, s->rank), Pt2eNumOk);
      pt2eObserverGetStats(obs, &st);
      assert_memory_equal(st.minVals, &mn, sizeof mn);
      assert_memory_equal(st.maxVals, &mx, sizeof mx);
      pt2eObserverDestroy(obs);
      /* per channel */
      int64_t axis = s->axis < 0 ? s->axis + s->rank : s->axis;
      int64_t outer = 1, inner = 1;
      for (int d = 0; d < s->rank; d++) {
        if (d < axis)
          outer *= s->dims[d];
        else if (d > axis)
          inner *= s->dims[d];
      }
      spec = int8Spec(Pt2eObserverMovingAveragePerChannelMinMax,
                      Pt2eQSchemePerChannelAffine);
      spec.chAxis = s->axis;
      obs = pt2eObserverCreate(&spec, 0);
      refPerChannel(x, outer, s->dims[axis], inner, cmin, cmax);
      assert_int_equal(pt2eObserverUpdate(obs, x, s->dims, s->rank), Pt2eNumOk);
      pt2eObserverGetStats(obs, &st);
      assert_int_equal(st.numChannels, s->dims[axis]);
      assert_memory_equal(st.minVals, cmin, (size_t)st.numChannels * sizeof(float));
      assert_memory_equal(st.maxVals, cmax, (size_t)st.numChannels * sizeof(float));
      pt2eObserverDestroy(obs);
      /* histc over the data's range, a fixed range, a narrower range (values
      ** outside), and lo == hi (histc takes the data's range) */
      const struct { float lo, hi; int bins; } runs[6] = {
          {mn, mx, 2048}, {-3.0f, 5.0f, 23}, {-0.5f, 0.75f, 529},
          {1.0f, 1.0f, 1}, {1.0f, 1.0f, 2048}, {mn, mx, 5000}};
      for (int r = 0; r < 6; r++) {
        Pt2eNumStatus a = refHistc(x, n, runs[r].bins, runs[r].lo, runs[r].hi, want);
        Pt2eNumStatus b = pt2eHistc(x, n, runs[r].bins, runs[r].lo, runs[r].hi, hist);
        assert_int_equal(b, a);
        if (a == Pt2eNumOk)
          assert_memory_equal(hist, want, (size_t)runs[r].bins * sizeof(float));
      }
    }
  pt2eFree(hist);
  free(want);
  free(cmin);
  free(cmax);
}

static void testFastPathsGiveTheOldBitsOnEveryThreadCountAndPath(void **state) {
  static const int threads[3] = {1, 2, 3};
  float *x = malloc(MaxElems * sizeof(float));
  Trace first = {0}, again = {0};
  (void)state;
  assert_non_null(x);
  static const Pt2eObserverPath paths[3] = {
      Pt2eObserverPathBest, Pt2eObserverPathAvx2, Pt2eObserverPathScalar};
  for (int pi = 0; pi < 3; pi++)
    for (int ti = 0; ti < 3; ti++) {
      pt2eObserverForcePath(paths[pi]);
      pt2eParallelConfigure(threads[ti]);
      checkAgainstReference(x);
      Trace *t = first.at == NULL ? &first : &again;
      t->size = 0;
      traceAll(t, x);
      if (t == &again) {
        assert_int_equal(again.size, first.size);
        assert_memory_equal(again.at, first.at, first.size);
      }
    }
  pt2eObserverForcePath(Pt2eObserverPathBest);
  pt2eParallelConfigure(0);
  free(first.at);
  free(again.at);
  free(x);
}

/*
** Values on and around every bin edge, where a bin number computed any
** other way than the scalar loop's float32 steps (a fused multiply-add, a
** product by 1 / width, a wider type) truncates differently: each edge
** m * width / bins and its 4 float neighbours either side, in two layouts,
** against the scalar loop kept literally, on every path. "spread": the 9
** values of an edge share a vector with 7 values at bin centres; "alone":
** one edge value per 16, the rest at centres. Ranges: 0..6 with 2048 bins,
** a tiny width, odd counts, 2^18 and 2^18 + 1 bins, a width over 2^100.
*/
static void testHistcBinEdgesGiveTheDividesBinsOnEveryPath(void **state) {
  static const struct { float lo, hi; int bins; } ranges[] = {
      {0.0f, 6.0f, 2048},    {-3.7f, 5.3f, 2048},     {1e-3f, 1.000005e-3f, 2048},
      {0.1f, 0.2f, 3},       {-2.0f, 2.0f, 1},        {-7.25f, 0.5f, 1000},
      {0.0f, 1.0f, 1 << 18}, {0.0f, 1.0f, (1 << 18) + 1}, {-1e30f, 1e30f, 2048}};
  static const Pt2eObserverPath paths[3] = {
      Pt2eObserverPathBest, Pt2eObserverPathAvx2, Pt2eObserverPathScalar};
  (void)state;
  for (size_t r = 0; r < sizeof ranges / sizeof *ranges; r++) {
    const float lo = ranges[r].lo, hi = ranges[r].hi;
    const int bins = ranges[r].bins;
    const int layouts = bins <= 4096 ? 2 : 1; /* "alone" at 2^18 bins: 150 MB */
    const int64_t cap = (int64_t)bins * 16 * (layouts == 2 ? 9 : 1) + 64;
    float *x = malloc((size_t)cap * sizeof(float));
    float *want = malloc((size_t)bins * sizeof(float));
    float *got = malloc((size_t)bins * sizeof(float));
    assert_true(x && want && got);
    for (int layout = 0; layout < layouts; layout++) {
      int64_t n = 0;
      for (int m = 1; m < bins; m++) {
        float edge = (float)((double)lo + (double)m * ((double)hi - lo) / bins);
        float centre = (float)((double)lo + (m - 0.5) * ((double)hi - lo) / bins);
        float near[9];
        near[4] = edge;
        for (int k = 1; k <= 4; k++) {
          near[4 - k] = nextafterf(near[5 - k], -INFINITY);
          near[4 + k] = nextafterf(near[3 + k], INFINITY);
        }
        for (int k = 0; k < 9; k++) {
          if (layout == 0) {
            x[n++] = near[k];
            continue;
          }
          x[n++] = near[k];
          for (int c = 0; c < 15; c++)
            x[n++] = centre;
        }
        if (layout == 0)
          for (int c = 0; c < 7; c++)
            x[n++] = centre;
      }
      x[n++] = lo;
      x[n++] = hi;
      assert_int_equal(refHistc(x, n, bins, lo, hi, want), Pt2eNumOk);
      for (int pi = 0; pi < 3; pi++) {
        pt2eObserverForcePath(paths[pi]);
        assert_int_equal(pt2eHistc(x, n, bins, lo, hi, got), Pt2eNumOk);
        assert_memory_equal(got, want, (size_t)bins * sizeof(float));
      }
    }
    free(x);
    free(want);
    free(got);
  }
  pt2eObserverForcePath(Pt2eObserverPathBest);
}

/*
** ReLU6-like data, where the vector paths count the end bins apart
** (observers.c, countedSlots): runs of exact zeros and sixes (bins 0 and
** 2047 over [0, 6]) between stretches of spread values long enough to turn
** the counting apart off and on again, an odd length, values outside, and
** a single bin; against the scalar loop kept literally, on every path and
** thread count.
*/
static void testHistcEndBinsCountedApartGiveTheLoopsCounts(void **state) {
  enum { N = 200003 };
  static const Pt2eObserverPath paths[3] = {
      Pt2eObserverPathBest, Pt2eObserverPathAvx2, Pt2eObserverPathScalar};
  float *x = malloc(N * sizeof(float));
  float *want = malloc(2048 * sizeof(float)), *got = malloc(2048 * sizeof(float));
  uint32_t seed = 7;
  (void)state;
  assert_true(x && want && got);
  for (int64_t i = 0; i < N; i++) {
    seed = seed * 1664525u + 1013904223u;
    float v = (float)(seed >> 8) / 16777216.0f * 8.0f - 1.0f; /* -1 .. 7 */
    bool spread = (i / 40000) % 2 == 1; /* 40 blocks of each */
    x[i] = spread ? v * 0.75f : v < 0.0f ? 0.0f : v > 6.0f ? 6.0f : v < 3.0f ? 0.0f : v;
  }
  x[5] = -0.5f; /* outside [0, 6] */
  x[N - 1] = 6.5f;
  static const struct { float lo, hi; int bins; } runs[] = {
      {0.0f, 6.0f, 2048}, {0.0f, 6.0f, 1}, {0.0f, 6.0f, 5000}, {-1.0f, 6.0f, 2048}};
  for (size_t r = 0; r < sizeof runs / sizeof *runs; r++) {
    float *w = runs[r].bins > 2048 ? malloc((size_t)runs[r].bins * sizeof(float)) : want;
    float *g = runs[r].bins > 2048 ? malloc((size_t)runs[r].bins * sizeof(float)) : got;
    assert_true(w && g);
    assert_int_equal(refHistc(x, N, runs[r].bins, runs[r].lo, runs[r].hi, w), Pt2eNumOk);
    for (int pi = 0; pi < 3; pi++)
      for (int threads = 1; threads <= 3; threads++) {
        pt2eObserverForcePath(paths[pi]);
        pt2eParallelConfigure(threads);
        assert_int_equal(pt2eHistc(x, N, runs[r].bins, runs[r].lo, runs[r].hi, g),
                         Pt2eNumOk);
        assert_memory_equal(g, w, (size_t)runs[r].bins * sizeof(float));
      }
    if (w != want) {
      free(w);
      free(g);
    }
  }
  pt2eObserverForcePath(Pt2eObserverPathBest);
  pt2eParallelConfigure(0);
  free(x);
  free(want);
  free(got);
}

/* More than 2^24 elements of one residue mod 4 in one bin: each of the
** four partial counts stops at 2^24 as the float32 counts of the old loop
** did (an exact total, 4 * 2^24 + 400, would be a different float). */
static void testHistcPartialCountsStopAt2To24LikeFloatCounts(void **state) {
  int64_t n = 4000 + 4 * (16777216 + 100);
  float *x = malloc((size_t)n * sizeof(float));
  float h[4];
  (void)state;
  assert_non_null(x);
  for (int64_t i = 0; i < n; i++)
    x[i] = i < 4000 ? 3.5f : 0.25f;
  assert_int_equal(pt2eHistc(x, n, 4, 0.0f, 4.0f, h), Pt2eNumOk);
  assert_true(h[0] == 4.0f * 16777216.0f);
  assert_true(h[3] == 4000.0f);
  assert_true(h[1] == 0.0f && h[2] == 0.0f);
  free(x);
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
      cmocka_unit_test(testHistogramShortcutGivesTheForwardsBits),
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
      cmocka_unit_test(testHistogramSearchOnAvx512MatchesTorchao),
      cmocka_unit_test(testHistogramMovesAConstantHistogramIntoOneBin),
      cmocka_unit_test(testHistogramOfConstantOrZeroTensorsMatchesTorchao),
      cmocka_unit_test(testHistogramDropsInfinities),
      cmocka_unit_test(testHistogramBatchInsideTheRangeAddsItsCountsInOnePass),
      cmocka_unit_test(testHistcBinEdgesGiveTheDividesBinsOnEveryPath),
      cmocka_unit_test(testHistcEndBinsCountedApartGiveTheLoopsCounts),
      cmocka_unit_test(testHistogramReportsNaNFirstBatchAndStaysPoisoned),
      cmocka_unit_test(testHistogramReportsNaNLaterAndKeepsItsState),
      cmocka_unit_test(testRestoredStatsContinueCalibrationBitForBit),
      cmocka_unit_test(testCascadeSumHistcAndLinspaceMatchTorch),
      cmocka_unit_test(testSumLanesAreEightUnderEveryCpuCapability),
      cmocka_unit_test(testUnobservedObserverGivesDefaultQParams),
      cmocka_unit_test(testEmptyTensorIsIgnored),
      cmocka_unit_test(testPlaceholderRefusesQParams),
      cmocka_unit_test(testPerChannelRejectsBadAxisAndChannelChanges),
      cmocka_unit_test(testCreateRefusesWhatTorchRefuses),
      cmocka_unit_test(testCreateSurvivesAllocationFailure),
      cmocka_unit_test(testSetStatsRejectsWrongShapes),
      cmocka_unit_test(testHistcRangeNearFltMaxCountsIntoTheLastBin),
      cmocka_unit_test(testFastPathsGiveTheOldBitsOnEveryThreadCountAndPath),
      cmocka_unit_test(testHistcPartialCountsStopAt2To24LikeFloatCounts),
  };
  return cmocka_run_group_tests_name("observers", tests, NULL, NULL);
}
