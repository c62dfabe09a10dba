/*
** test_qparams.c
** Unit tests for qparams (passes/numerics/qparams.c) and the tables of
** passes/numerics/quant_spec.c. Built without MLIR (test/CMakeLists.txt).
**
** Expected numbers come from torchao-numerics.md (sections 1.1 and 1.2)
** and from goldens that real torch 2.15 + torchao 0.18 wrote
** (tools/oracle/observers/make_goldens.py): each observer case gives the
** min/max torch held and the qparams torch computed from them.
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
#include "pt2e_alloc.h"
#include "qparams.h"



static Pt2eQuantSpec spec(Pt2eDType dtype, Pt2eQScheme qscheme, int64_t qmin,
                          int64_t qmax, float eps) {
  Pt2eQuantSpec s;
  memset(&s, 0, sizeof s);
  s.dtype = dtype;
  s.qscheme = qscheme;
  s.quantMin = qmin;
  s.quantMax = qmax;
  s.eps = eps;
  return s;
}

/* {======================================================================
** The tables of quant_spec.c
** ======================================================================= */

/* One named row per enumerator; no name twice (a lookup takes the first). */
static void testEveryKindHasOneNamedRow(void **state) {
  int i, j;
  (void)state;
  assert_int_equal(pt2eObserverKindCount(), Pt2eObserverPlaceholder + 1);
  assert_int_equal(pt2eDTypeCount(), Pt2eDTypeInt32 + 1);
  assert_int_equal(pt2eQSchemeCount(), Pt2eQSchemePerGroupFloatZeroPlain + 1);
  for (i = 0; i < pt2eObserverKindCount(); i++) {
    const char *a = pt2eObserverKindName((Pt2eObserverKind)i);
    assert_non_null(a);
    assert_ptr_equal(a, pt2eObserverKindInfo((Pt2eObserverKind)i)->name);
    for (j = 0; j < i; j++)
      assert_string_not_equal(a, pt2eObserverKindName((Pt2eObserverKind)j));
  }
  for (i = 0; i < pt2eDTypeCount(); i++) {
    assert_non_null(pt2eDTypeName((Pt2eDType)i));
    for (j = 0; j < i; j++)
      assert_string_not_equal(pt2eDTypeName((Pt2eDType)i),
                              pt2eDTypeName((Pt2eDType)j));
  }
  for (i = 0; i < pt2eQSchemeCount(); i++)
    assert_non_null(pt2eQSchemeName((Pt2eQScheme)i));
  assert_string_equal(pt2eObserverKindName(Pt2eObserverHistogram),
                      "histogram");
  assert_string_equal(pt2eDTypeName(Pt2eDTypeUInt16), "ui16");
  assert_string_equal(pt2eDTypeName(Pt2eDTypeInt4), "i4");
  assert_int_equal(pt2eDTypeInfo(Pt2eDTypeInt4)->bits, 4);
  assert_string_equal(pt2eQSchemeName(Pt2eQSchemePerChannelAffine),
                      "per_channel_affine");
}

/* The traits torchao's classes have, and a parameter only where it is one. */
static void testObserverKindTraitsFollowTorchao(void **state) {
  int i;
  (void)state;
  for (i = 0; i < pt2eObserverKindCount(); i++) {
    const Pt2eObserverKindInfo *k = pt2eObserverKindInfo((Pt2eObserverKind)i);
    /* torch.finfo(torch.float32).eps; choose_qparams_affine's smallest_normal */
    assert_true(k->eps == (k->perGroup ? 0x1p-126f : 0x1p-23f));
    assert_false(k->perGroup && k->perChannel);
    assert_true(k->hasBins == (k->bins > 0));
    assert_true(k->movingAverage == (k->averagingConstant > 0.0f));
    assert_false(k->isPlaceholder && (k->perChannel || k->hasBins));
  }
  assert_true(pt2eObserverKindInfo(Pt2eObserverPerChannelMinMax)->perChannel);
  assert_true(pt2eObserverKindInfo(Pt2eObserverMovingAveragePerChannelMinMax)
                  ->perChannel);
  assert_false(pt2eObserverKindInfo(Pt2eObserverMovingAverageMinMax)->perChannel);
  assert_true(pt2eObserverKindInfo(Pt2eObserverPerGroupMinMax)->perGroup);
  assert_int_equal(pt2eObserverKindInfo(Pt2eObserverHistogram)->bins, 2048);
  assert_true(pt2eObserverKindInfo(Pt2eObserverMovingAverageMinMax)
                  ->averagingConstant == 0.01f);
  assert_true(pt2eObserverKindInfo(Pt2eObserverPlaceholder)->isPlaceholder);
  assert_true(pt2eQSchemeIsPerChannel(Pt2eQSchemePerChannelSymmetric));
  assert_false(pt2eQSchemeIsPerChannel(Pt2eQSchemePerTensorSymmetric));
}

/* The range of each dtype follows its width and signedness. */
static void testDTypeRowsAgreeWithTheirRanges(void **state) {
  int i;
  (void)state;
  for (i = 0; i < pt2eDTypeCount(); i++) {
    const Pt2eDTypeInfo *d = pt2eDTypeInfo((Pt2eDType)i);
    int64_t lo, hi, span = (int64_t)1 << d->bits;
    pt2eDTypeRange((Pt2eDType)i, &lo, &hi);
    assert_int_equal(lo, d->isUnsigned ? 0 : -span / 2);
    assert_int_equal(hi, d->isUnsigned ? span - 1 : span / 2 - 1);
  }
}

/* pt2eQuantSpecInit writes every field from the tables. */
static void testQuantSpecInitFillsTheKindsDefaults(void **state) {
  Pt2eQuantSpec s;
  (void)state;
  memset(&s, 0x5a, sizeof s);
  pt2eQuantSpecInit(&s, Pt2eObserverHistogram, Pt2eDTypeUInt8);
  assert_int_equal(s.observer, Pt2eObserverHistogram);
  assert_int_equal(s.dtype, Pt2eDTypeUInt8);
  assert_int_equal(s.quantMin, 0);
  assert_int_equal(s.quantMax, 255);
  assert_int_equal(s.qscheme, Pt2eQSchemePerTensorAffine);
  assert_int_equal(s.chAxis, 0);
  assert_false(s.isDynamic);
  assert_true(s.eps == 0x1p-23f);
  assert_int_equal(s.bins, 2048);
  assert_true(s.averagingConstant == 0.0f);
  pt2eQuantSpecInit(&s, Pt2eObserverMovingAveragePerChannelMinMax,
                    Pt2eDTypeInt32);
  assert_int_equal(s.quantMin, INT32_MIN);
  assert_int_equal(s.bins, 0);
  assert_true(s.averagingConstant == 0.01f);
}

/* }====================================================================== */

/* {======================================================================
** _calculate_qparams
** ======================================================================= */

/* torchao-numerics.md 1.1, the table without reduce_range. */
static void testDTypeRangeMatchesTorchDefaults(void **state) {
  static const struct { Pt2eDType d; int64_t lo, hi; } table[] = {
      {Pt2eDTypeInt8, -128, 127},        {Pt2eDTypeUInt8, 0, 255},
      {Pt2eDTypeInt16, -32768, 32767},   {Pt2eDTypeUInt16, 0, 65535},
      {Pt2eDTypeInt4, -8, 7}, /* torchao's PT2E int4 weight range */
      {Pt2eDTypeInt32, -2147483648LL, 2147483647LL}};
  size_t i;
  (void)state;
  for (i = 0; i < sizeof table / sizeof table[0]; i++) {
    int64_t lo, hi;
    pt2eDTypeRange(table[i].d, &lo, &hi);
    assert_int_equal(lo, table[i].lo);
    assert_int_equal(hi, table[i].hi);
  }
}

/* torchao-numerics.md 1.2 worked check, typed in from the notes. */
static void testQParamsReproduceTheNotesWorkedExample(void **state) {
  Pt2eQuantSpec affine = spec(Pt2eDTypeInt8, Pt2eQSchemePerTensorAffine,
                              -128, 127, 0x1p-12f);
  Pt2eQuantSpec sym = spec(Pt2eDTypeInt8, Pt2eQSchemePerTensorSymmetric,
                           -127, 127, 0x1p-12f);
  float mn = bitsToFloat(0xc082ffe5u), mx = bitsToFloat(0x40833f6fu), scale;
  int64_t zp;
  (void)state;
  assert_int_equal(pt2eCalculateQParams(&affine, true, &mn, &mx, 1, &scale, &zp),
                   Pt2eNumOk);
  assert_int_equal(floatBits(scale), 0x3d03a34du);
  assert_int_equal(zp, -1);
  assert_int_equal(pt2eCalculateQParams(&sym, true, &mn, &mx, 1, &scale, &zp),
                   Pt2eNumOk);
  assert_int_equal(floatBits(scale), 0x3d0447ffu);
  assert_int_equal(zp, 0);
}

/*
** Every observer golden: the qparams torch computed from the min/max it
** held. Histogram cases are skipped, their qparams come from the search.
*/
static void testQParamsFromGoldenMinMaxMatchTorchao(void **state) {
  static const char *const cases[] = {
      "minmax_affine_i8", "minmax_symmetric_i8", "minmax_affine_u8_default",
      "minmax_symmetric_u8_default", "minmax_symmetric_u8_custom",
      "minmax_affine_i16", "minmax_symmetric_u16", "minmax_affine_i32",
      "minmax_all_zero", "minmax_symmetric_all_zero", "minmax_constant",
      "per_channel_symmetric_weight", "per_channel_symmetric_randn_axis0",
      "per_channel_affine_randn_axis1", "per_channel_affine_weight_axis_neg1",
      "moving_average_affine", "moving_average_symmetric_c05",
      "moving_average_per_channel"};
  size_t c;
  (void)state;
  for (c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    char file[128];
    Tokens t;
    Pt2eQuantSpec s = spec(Pt2eDTypeInt8, Pt2eQSchemePerTensorAffine, 0, 0, 0);
    float mn[64], mx[64], want[64], got[64];
    int64_t wantZp[64], gotZp[64], n = 0, i;
    bool custom = true;
    const char *w;
    snprintf(file, sizeof file, "%s.case", cases[c]);
    openTokens(&t, file);
    while ((w = nextToken(&t)) != NULL) {
      if (strcmp(w, "dtype") == 0)
        s.dtype = goldenDType(nextToken(&t));
      else if (strcmp(w, "qscheme") == 0)
        s.qscheme = goldenQScheme(nextToken(&t));
      else if (strcmp(w, "quant_min") == 0)
        s.quantMin = nextInt(&t);
      else if (strcmp(w, "quant_max") == 0)
        s.quantMax = nextInt(&t);
      else if (strcmp(w, "custom_range") == 0)
        custom = nextInt(&t) != 0;
      else if (strcmp(w, "eps") == 0)
        s.eps = nextHex(&t);
      else if (strcmp(w, "min") == 0 || strcmp(w, "max") == 0 ||
               strcmp(w, "scales") == 0) {
        float *dst = w[1] == 'i' ? mn : w[1] == 'a' ? mx : want;
        n = nextInt(&t);
        assert_true(n <= 64);
        for (i = 0; i < n; i++)
          dst[i] = nextHex(&t);
      } else if (strcmp(w, "zero_points") == 0) {
        n = nextInt(&t);
        for (i = 0; i < n; i++)
          wantZp[i] = nextInt(&t);
      }
    }
    pt2eFree(t.text);
    assert_int_equal(pt2eCalculateQParams(&s, custom, mn, mx, n, got, gotZp),
                     Pt2eNumOk);
    assert_memory_equal(got, want, (size_t)n * sizeof(float));
    assert_memory_equal(gotZp, wantZp, (size_t)n * sizeof(int64_t));
  }
}

/* Notes 1.2: no min == max special case; all zeros give eps and qmin. */
static void testAllZeroRangeGivesEpsScaleAndQMinZeroPoint(void **state) {
  Pt2eQuantSpec affine = spec(Pt2eDTypeInt8, Pt2eQSchemePerTensorAffine,
                              -128, 127, 0x1p-12f);
  Pt2eQuantSpec sym = spec(Pt2eDTypeInt8, Pt2eQSchemePerTensorSymmetric,
                           -127, 127, 0x1p-12f);
  float zero = 0.0f, scale;
  int64_t zp;
  (void)state;
  assert_int_equal(pt2eCalculateQParams(&affine, true, &zero, &zero, 1, &scale, &zp),
                   Pt2eNumOk);
  assert_true(scale == 0x1p-12f);
  assert_int_equal(zp, -128);
  assert_int_equal(pt2eCalculateQParams(&sym, true, &zero, &zero, 1, &scale, &zp),
                   Pt2eNumOk);
  assert_true(scale == 0x1p-12f);
  assert_int_equal(zp, 0);
}

/* Notes 1.2: symmetric zero points by dtype and custom range. */
static void testSymmetricZeroPointFollowsDType(void **state) {
  Pt2eQuantSpec u8 = spec(Pt2eDTypeUInt8, Pt2eQSchemePerTensorSymmetric,
                          0, 255, 0x1p-23f);
  Pt2eQuantSpec u16 = spec(Pt2eDTypeUInt16, Pt2eQSchemePerTensorSymmetric,
                           0, 65535, 0x1p-23f);
  float mn = -1.0f, mx = 2.0f, scale;
  int64_t zp;
  (void)state;
  pt2eCalculateQParams(&u8, false, &mn, &mx, 1, &scale, &zp);
  assert_int_equal(zp, 128);
  pt2eCalculateQParams(&u8, true, &mn, &mx, 1, &scale, &zp);
  assert_int_equal(zp, 127);
  u8.quantMin = 10;
  u8.quantMax = 100;
  pt2eCalculateQParams(&u8, true, &mn, &mx, 1, &scale, &zp);
  assert_int_equal(zp, 55);
  pt2eCalculateQParams(&u16, false, &mn, &mx, 1, &scale, &zp);
  assert_int_equal(zp, 32768);
}

static void testUnobservedRangeGivesDefaultQParams(void **state) {
  Pt2eQuantSpec s = spec(Pt2eDTypeInt8, Pt2eQSchemePerTensorAffine,
                         -128, 127, 0x1p-12f);
  float mn = INFINITY, mx = -INFINITY, scale = 0.0f;
  int64_t zp = 5;
  (void)state;
  assert_int_equal(pt2eCalculateQParams(&s, true, &mn, &mx, 1, &scale, &zp),
                   Pt2eNumDefaulted);
  assert_true(scale == 1.0f);
  assert_int_equal(zp, 0);
  s.qscheme = Pt2eQSchemePerChannelAffine;
  assert_int_equal(pt2eCalculateQParams(&s, true, &mn, &mx, 0, &scale, &zp),
                   Pt2eNumDefaulted);
}

static void testInvalidRangeIsReported(void **state) {
  Pt2eQuantSpec s = spec(Pt2eDTypeInt8, Pt2eQSchemePerChannelSymmetric,
                         -127, 127, 0x1p-12f);
  float mn[2] = {-1.0f, NAN}, mx[2] = {1.0f, 1.0f}, scales[2];
  float lo = 2.0f, hi = 1.0f;
  int64_t zps[2];
  (void)state;
  assert_int_equal(pt2eCalculateQParams(&s, true, mn, mx, 2, scales, zps),
                   Pt2eNumInvalidRange);
  s.qscheme = Pt2eQSchemePerTensorAffine;
  assert_int_equal(pt2eCalculateQParams(&s, true, &lo, &hi, 1, scales, zps),
                   Pt2eNumInvalidRange);
  assert_string_equal(pt2eNumStatusName(Pt2eNumInvalidRange), "invalid range");
}

/* }====================================================================== */

/* {======================================================================
** Quantize, dequantize, fake-quantize
** ======================================================================= */

/* Notes 10.1: zp + rne(x/s), never rne(x/s + zp): 2.5 -> 2 + 3, not 6. */
static void testQuantizeRoundsHalfToEvenBeforeAddingZeroPoint(void **state) {
  (void)state;
  assert_int_equal(pt2eQuantizeValue(2.5f, 1.0f, 3, -128, 127, Pt2eDTypeInt8), 5);
  assert_int_equal(pt2eQuantizeValue(-2.5f, 1.0f, 0, -128, 127, Pt2eDTypeInt8), -2);
  assert_int_equal(pt2eQuantizeValue(1000.0f, 1.0f, 0, -128, 127, Pt2eDTypeInt8), 127);
  assert_true(pt2eFakeQuantizeValue(2.5f, 1.0f, 3, -128, 127) == 2.0f);
}

/*
** int4 weights, torchao's way (int8 storage, quant range [-8, 7]): the
** symmetric scale is amax / 7.5, values clamp to [-8, 7] before the i4
** narrowing, and [-7, 7] gives amax / 7. Hand values, exact in binary.
*/
static void testInt4SymmetricQParamsAndQuantize(void **state) {
  Pt2eQuantSpec s = spec(Pt2eDTypeInt4, Pt2eQSchemePerChannelSymmetric,
                         -8, 7, 0x1p-12f);
  float mn[2] = {-3.0f, -0.5f}, mx[2] = {1.5f, 7.0f}, scale[2];
  int64_t zp[2];
  (void)state;
  assert_int_equal(pt2eCalculateQParams(&s, true, mn, mx, 2, scale, zp),
                   Pt2eNumOk);
  assert_true(scale[0] == 3.0f / 7.5f && scale[1] == 7.0f / 7.5f);
  assert_int_equal(zp[0], 0);
  assert_int_equal(zp[1], 0);
  assert_int_equal(pt2eQuantizeValue(-100.0f, 0.5f, 0, -8, 7, Pt2eDTypeInt4), -8);
  assert_int_equal(pt2eQuantizeValue(100.0f, 0.5f, 0, -8, 7, Pt2eDTypeInt4), 7);
  assert_int_equal(pt2eQuantizeValue(-1.25f, 0.5f, 0, -8, 7, Pt2eDTypeInt4), -2);
  assert_int_equal(pt2eQuantizeValue(100.0f, 0.5f, 0, -7, 7, Pt2eDTypeInt4), 7);
  assert_int_equal(pt2eQuantizeValue(-100.0f, 0.5f, 0, -7, 7, Pt2eDTypeInt4), -7);
  s.quantMin = -7;
  assert_int_equal(pt2eCalculateQParams(&s, true, mn, mx, 2, scale, zp),
                   Pt2eNumOk);
  assert_true(scale[0] == 3.0f / 7.0f && scale[1] == 1.0f);
}

/* quant.case: torch's quantize_per_tensor, dequantize_per_tensor and both
** fake-quant ops over 30 values (ties, extremes, inf, NaN) and 8 configs. */
static void testQuantizeOpsMatchTorchValueByValue(void **state) {
  Tokens t;
  const char *w;
  float xs[64];
  int64_t n = 0, i, qs[64], qmin = 0, qmax = 0, zp = 0;
  float scale = 1.0f;
  Pt2eDType dtype = Pt2eDTypeInt8;
  int configs = 0;
  (void)state;
  openTokens(&t, "quant.case");
  while ((w = nextToken(&t)) != NULL) {
    if (strcmp(w, "values") == 0) {
      n = nextInt(&t);
      assert_true(n <= 64);
      for (i = 0; i < n; i++)
        xs[i] = nextHex(&t);
    } else if (strcmp(w, "config") == 0) {
      dtype = goldenDType(nextToken(&t));
      scale = nextHex(&t);
      zp = nextInt(&t);
      qmin = nextInt(&t);
      qmax = nextInt(&t);
      configs++;
    } else if (strcmp(w, "quantize") == 0) {
      assert_int_equal(nextInt(&t), n);
      for (i = 0; i < n; i++) {
        qs[i] = nextInt(&t);
        assert_int_equal(pt2eQuantizeValue(xs[i], scale, zp, qmin, qmax, dtype),
                         qs[i]);
      }
    } else if (strcmp(w, "dequantize") == 0) {
      assert_int_equal(nextInt(&t), n);
      for (i = 0; i < n; i++) {
        float want = nextHex(&t), got = pt2eDequantizeValue(qs[i], scale, zp);
        assert_memory_equal(&got, &want, sizeof got);
      }
    } else if (strcmp(w, "fake_quant") == 0) {
      float out[64];
      assert_int_equal(nextInt(&t), n);
      pt2eFakeQuantizePerTensor(xs, n, scale, zp, qmin, qmax, out);
      for (i = 0; i < n; i++) {
        float want = nextHex(&t), got = pt2eFakeQuantizeValue(xs[i], scale, zp,
                                                              qmin, qmax);
        assert_memory_equal(&got, &want, sizeof got);
        assert_memory_equal(&out[i], &want, sizeof want);
      }
    } else if (strcmp(w, "fake_quant_per_channel") == 0) {
      float out[64];
      int64_t shape[2] = {1, n};
      assert_int_equal(nextInt(&t), n);
      assert_int_equal(pt2eFakeQuantizePerChannel(xs, shape, 2, 0, &scale, &zp,
                                                  qmin, qmax, out),
                       Pt2eNumOk);
      for (i = 0; i < n; i++) {
        float want = nextHex(&t);
        assert_memory_equal(&out[i], &want, sizeof want);
      }
    } else {
      fail_msg("unknown key '%s' in quant.case", w);
    }
  }
  pt2eFree(t.text);
  assert_int_equal(configs, 8);
}

static void testFakeQuantizePerChannelUsesEachChannelsQParams(void **state) {
  const float x[6] = {0.26f, -0.26f, 1.0f, 0.26f, -0.26f, 1.0f};
  const float scales[2] = {0.1f, 0.5f};
  const int64_t zps[2] = {0, 1};
  int64_t shape[2] = {3, 2};
  float out[6];
  (void)state;
  assert_int_equal(pt2eFakeQuantizePerChannel(x, shape, 2, -1, scales, zps,
                                              -128, 127, out),
                   Pt2eNumOk);
  assert_true(out[0] == pt2eFakeQuantizeValue(0.26f, 0.1f, 0, -128, 127));
  assert_true(out[1] == pt2eFakeQuantizeValue(-0.26f, 0.5f, 1, -128, 127));
  assert_true(out[5] == pt2eFakeQuantizeValue(1.0f, 0.5f, 1, -128, 127));
  assert_int_equal(pt2eFakeQuantizePerChannel(x, shape, 2, 2, scales, zps,
                                              -128, 127, out),
                   Pt2eNumBadShape);
}

/*
** pt2eFakeQuantApply picks the kernel from the qscheme and gives the same
** bits as calling it directly; a channel count or axis that does not fit
** the tensor is refused before anything is written.
*/
static void testFakeQuantApplyPicksTheKernelOfTheQScheme(void **state) {
  const float x[6] = {0.26f, -0.26f, 1.0f, 0.26f, -0.26f, 1.0f};
  const float scales[3] = {0.1f, 0.5f, 0.25f};
  const int64_t zps[3] = {0, 1, -2};
  int64_t shape[2] = {3, 2};
  float got[6], want[6];
  Pt2eQuantSpec s = spec(Pt2eDTypeInt8, Pt2eQSchemePerChannelAffine, -128,
                         127, 0x1p-23f);
  int i;
  (void)state;
  s.chAxis = 1;
  assert_int_equal(pt2eFakeQuantApply(&s, x, shape, 2, scales, zps, 2, got),
                   Pt2eNumOk);
  pt2eFakeQuantizePerChannel(x, shape, 2, 1, scales, zps, -128, 127, want);
  assert_memory_equal(got, want, sizeof got);
  s.chAxis = -2;  /* from the end: dimension 0, three channels */
  assert_int_equal(pt2eFakeQuantApply(&s, x, shape, 2, scales, zps, 3, got),
                   Pt2eNumOk);
  pt2eFakeQuantizePerChannel(x, shape, 2, 0, scales, zps, -128, 127, want);
  assert_memory_equal(got, want, sizeof got);

  for (i = 0; i < 6; i++)
    got[i] = -7.0f;
  assert_int_equal(pt2eFakeQuantApply(&s, x, shape, 2, scales, zps, 2, got),
                   Pt2eNumBadShape);  /* 3 channels, 2 qparams */
  s.chAxis = 2;
  assert_int_equal(pt2eFakeQuantApply(&s, x, shape, 2, scales, zps, 2, got),
                   Pt2eNumBadShape);
  for (i = 0; i < 6; i++)
    assert_true(got[i] == -7.0f);

  s.qscheme = Pt2eQSchemePerTensorSymmetric;  /* ch_axis is ignored */
  assert_int_equal(pt2eFakeQuantApply(&s, x, shape, 2, scales + 1, zps + 1,
                                      1, got),
                   Pt2eNumOk);
  pt2eFakeQuantizePerTensor(x, 6, 0.5f, 1, -128, 127, want);
  assert_memory_equal(got, want, sizeof got);
  assert_int_equal(pt2eFakeQuantApply(&s, x, shape, 2, scales, zps, 0, got),
                   Pt2eNumBadShape);
}

/* A bias's derived qparams: the product of the sources' scales, zp 0. */
static void testDeriveMulScalesMultipliesInSourceOrder(void **state) {
  const float act[1] = {0.1f};
  const float weight[3] = {0.3f, 0.7f, 1e-30f};
  Pt2eScaleSource from[2] = {{act, 1}, {weight, 3}};
  float scales[3];
  int64_t zps[3] = {5, 5, 5};
  int i;
  (void)state;
  assert_int_equal(pt2eDeriveMulScales(from, 2, 3, scales, zps), Pt2eNumOk);
  for (i = 0; i < 3; i++) {
    float want = act[0] * weight[i]; /* one float32 multiplication */
    assert_int_equal(floatBits(scales[i]), floatBits(want));
    assert_int_equal(zps[i], 0);
  }
  from[1].n = 2; /* neither one scale nor one per channel */
  assert_int_equal(pt2eDeriveMulScales(from, 2, 3, scales, zps),
                   Pt2eNumBadShape);
}

/* }====================================================================== */

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(testEveryKindHasOneNamedRow),
      cmocka_unit_test(testObserverKindTraitsFollowTorchao),
      cmocka_unit_test(testDTypeRowsAgreeWithTheirRanges),
      cmocka_unit_test(testQuantSpecInitFillsTheKindsDefaults),
      cmocka_unit_test(testDTypeRangeMatchesTorchDefaults),
      cmocka_unit_test(testQParamsReproduceTheNotesWorkedExample),
      cmocka_unit_test(testQParamsFromGoldenMinMaxMatchTorchao),
      cmocka_unit_test(testAllZeroRangeGivesEpsScaleAndQMinZeroPoint),
      cmocka_unit_test(testSymmetricZeroPointFollowsDType),
      cmocka_unit_test(testInt4SymmetricQParamsAndQuantize),
      cmocka_unit_test(testUnobservedRangeGivesDefaultQParams),
      cmocka_unit_test(testInvalidRangeIsReported),
      cmocka_unit_test(testQuantizeRoundsHalfToEvenBeforeAddingZeroPoint),
      cmocka_unit_test(testQuantizeOpsMatchTorchValueByValue),
      cmocka_unit_test(testFakeQuantizePerChannelUsesEachChannelsQParams),
      cmocka_unit_test(testFakeQuantApplyPicksTheKernelOfTheQScheme),
      cmocka_unit_test(testDeriveMulScalesMultipliesInSourceOrder),
  };
  return cmocka_run_group_tests_name("qparams", tests, NULL, NULL);
}
