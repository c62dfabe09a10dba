/*
** test_ort_histogram.c
** Unit tests for ONNX Runtime's histogram calibration
** (passes/numerics/ort_histogram.c) against goldens made by onnxruntime
** 1.31.1's own calibrater classes (tools/oracle/ort_ranges/make_goldens.py,
** test/Inputs/observers/ort_*): the collected histogram (counts, edges,
** min, max) and the range of each method, bit for bit.
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
#include "ort_histogram.h"
#include "pt2e_alloc.h"

/* Runs one ort_<name>.case and compares state and range. */
static void runCase(const char *name) {
  char file[128], method[32];
  Tokens t;
  int symmetric;
  int64_t numBins, nqb, bins;
  double percentile;
  Pt2eOrtHistogram h;
  const char *tok;
  float lo = 0.0f, hi = 0.0f;
  Pt2eNumStatus st;

  snprintf(file, sizeof file, "ort_%s.case", name);
  openTokens(&t, file);
  expectWord(&t, "method");
  snprintf(method, sizeof method, "%s", nextToken(&t));
  expectWord(&t, "symmetric");
  symmetric = (int)nextInt(&t);
  expectWord(&t, "num_bins");
  numBins = nextInt(&t);
  expectWord(&t, "num_quantized_bins");
  nqb = nextInt(&t);
  expectWord(&t, "percentile");
  percentile = nextHex64(&t);
  /* collect_absolute_value only for symmetric percentile, as collect() */
  pt2eOrtHistogramInit(&h, strcmp(method, "percentile") == 0 && symmetric,
                       numBins);
  while ((tok = nextToken(&t)) != NULL && strcmp(tok, "batch") == 0) {
    int64_t n, count;
    float *x = readF32(nextToken(&t), &count);
    n = nextInt(&t);
    assert_int_equal(n, count);
    assert_int_equal(pt2eOrtHistogramCollect(&h, x, n), Pt2eNumOk);
    pt2eFree(x);
  }
  assert_non_null(tok);
  assert_string_equal(tok, "bins");
  bins = nextInt(&t);
  assert_int_equal(h.numBins, bins);
  expectWord(&t, "counts");
  assert_int_equal(nextInt(&t), bins);
  for (int64_t i = 0; i < bins; i++) {
    int64_t c = nextInt(&t);
    if (h.counts[i] != c)
      fail_msg("%s: count %lld is %lld, ONNX Runtime has %lld", name,
               (long long)i, (long long)h.counts[i], (long long)c);
  }
  {
    int64_t ne;
    float *edges;
    snprintf(file, sizeof file, "ort_%s.edges.f32", name);
    edges = readF32(file, &ne);
    assert_int_equal(ne, bins + 1);
    for (int64_t i = 0; i <= bins; i++)
      if (floatBits(h.edges[i]) != floatBits(edges[i]))
        fail_msg("%s: edge %lld is %a, ONNX Runtime has %a", name,
                 (long long)i, (double)h.edges[i], (double)edges[i]);
    pt2eFree(edges);
  }
  expectWord(&t, "min");
  assert_int_equal(floatBits(h.min), floatBits(nextHex(&t)));
  expectWord(&t, "max");
  assert_int_equal(floatBits(h.max), floatBits(nextHex(&t)));
  if (strcmp(method, "percentile") == 0)
    st = pt2eOrtPercentileRange(&h, percentile, symmetric, &lo, &hi);
  else if (strcmp(method, "entropy") == 0)
    st = pt2eOrtEntropyRange(&h, nqb, &lo, &hi);
  else
    st = pt2eOrtDistributionRange(&h, &lo, &hi);
  assert_int_equal(st, Pt2eNumOk);
  expectWord(&t, "range");
  {
    float elo = nextHex(&t), ehi = nextHex(&t);
    if (floatBits(lo) != floatBits(elo) || floatBits(hi) != floatBits(ehi))
      fail_msg("%s: range [%a, %a], ONNX Runtime has [%a, %a]", name,
               (double)lo, (double)hi, (double)elo, (double)ehi);
  }
  closeTokens(&t);
  pt2eOrtHistogramClear(&h);
}

static void testOrtRangesMatchOnnxRuntimeGoldens(void **state) {
  Tokens t;
  const char *name;
  int cases = 0;
  (void)state;
  openTokens(&t, "ort_cases.txt");
  while ((name = nextToken(&t)) != NULL) {
    char copy[96];
    snprintf(copy, sizeof copy, "%s", name);
    runCase(copy);
    cases++;
  }
  closeTokens(&t);
  assert_true(cases >= 26);
}

/* np.log, np.floor_divide and np.sum as numpy 2.4.6 computes them. */
static void testNumpyPrimitivesMatchNumpy(void **state) {
  Tokens t;
  int64_t n;
  (void)state;
  openTokens(&t, "ort_numpy.case");
  expectWord(&t, "log");
  n = nextInt(&t);
  for (int64_t i = 0; i < n; i++) {
    float x = nextHex(&t), r = nextHex(&t);
    if (floatBits(pt2eNumpyLogf(x)) != floatBits(r))
      fail_msg("np.log(%a) is %a, ours %a", (double)x, (double)r,
               (double)pt2eNumpyLogf(x));
  }
  expectWord(&t, "floordiv");
  n = nextInt(&t);
  for (int64_t i = 0; i < n; i++) {
    float a = nextHex(&t), b = nextHex(&t), r = nextHex(&t);
    assert_int_equal(floatBits(pt2eNumpyFloorDivide(a, b)), floatBits(r));
  }
  expectWord(&t, "sum");
  {
    int64_t count;
    float *x = readF32("ort_numpy_sum.f32", &count);
    for (int k = 0; k < 9; k++) {
      int64_t len = nextInt(&t);
      float r = nextHex(&t);
      assert_true(len <= count);
      assert_int_equal(floatBits(pt2eNumpyPairwiseSum(x, len)), floatBits(r));
    }
    pt2eFree(x);
  }
  closeTokens(&t);
}

/* An infinity makes numpy's range not finite: ONNX Runtime raises. */
static void testInfinityIsAnError(void **state) {
  Pt2eOrtHistogram h;
  float x[3] = {1.0f, INFINITY, -2.0f};
  (void)state;
  pt2eOrtHistogramInit(&h, false, 128);
  assert_int_equal(pt2eOrtHistogramCollect(&h, x, 3), Pt2eNumNaN);
  assert_false(h.seen);
  pt2eOrtHistogramInit(&h, true, 128);
  assert_int_equal(pt2eOrtHistogramCollect(&h, x, 3), Pt2eNumNaN);
  pt2eOrtHistogramClear(&h);
}

/* NaN is skipped by collect_value (nanmin/nanmax, np.histogram's range
** test); the absolute histogram's first np.histogram raises on it. */
static void testNaNSkippedByValueRaisedByAbsolute(void **state) {
  Pt2eOrtHistogram h;
  float x[4] = {1.0f, NAN, -2.0f, 0.5f};
  (void)state;
  pt2eOrtHistogramInit(&h, false, 8);
  assert_int_equal(pt2eOrtHistogramCollect(&h, x, 4), Pt2eNumOk);
  assert_int_equal(h.counts[0] + h.counts[4] + h.counts[5] + h.counts[6] +
                       h.counts[7], 3);
  assert_true(h.min == -2.0f && h.max == 1.0f && h.threshold == 2.0f);
  pt2eOrtHistogramClear(&h);
  pt2eOrtHistogramInit(&h, true, 8);
  assert_int_equal(pt2eOrtHistogramCollect(&h, x, 4), Pt2eNumNaN);
  pt2eOrtHistogramClear(&h);
}

/* The parameter checks ONNX Runtime makes. */
static void testBadParametersAreErrors(void **state) {
  Pt2eOrtHistogram h;
  float x[2] = {1.0f, -1.0f}, lo, hi;
  (void)state;
  pt2eOrtHistogramInit(&h, false, 128);
  assert_int_equal(pt2eOrtHistogramCollect(&h, x, 2), Pt2eNumOk);
  assert_int_equal(pt2eOrtPercentileRange(&h, 100.5, false, &lo, &hi),
                   Pt2eNumInvalidRange);
  assert_int_equal(pt2eOrtDistributionRange(&h, &lo, &hi),
                   Pt2eNumInvalidRange);  /* num_bins < 512 */
  assert_int_equal(pt2eOrtEntropyRange(&h, 256, &lo, &hi),
                   Pt2eNumInvalidRange);  /* more quantized bins than bins */
  pt2eOrtHistogramClear(&h);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(testOrtRangesMatchOnnxRuntimeGoldens),
      cmocka_unit_test(testNumpyPrimitivesMatchNumpy),
      cmocka_unit_test(testInfinityIsAnError),
      cmocka_unit_test(testNaNSkippedByValueRaisedByAbsolute),
      cmocka_unit_test(testBadParametersAreErrors),
  };
  return cmocka_run_group_tests_name("ort_histogram", tests, NULL, NULL);
}
