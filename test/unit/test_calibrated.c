/*
** test_calibrated.c
** Unit tests for the checker of calibrated attributes
** (dialect_bindings/pt2e_calibrated.c): what it accepts, what it refuses
** and how the refusal reads.
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

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/Dialect/Func.h"
#include "mlir-c/IR.h"

#include "pt2e_calibrated.h"
#include "pt2e_dialect.h"
#include "pt2e_spec.h"
#include "pt2e_support.h"
#include "support.h"

/* The shared fixture (support.h), and the module of the test running now. */
typedef UnitFixture Fixture;
static MlirModule testModule;

static int groupSetup(void **state) {
  return unitFixtureSetup(state, UNIT_FUNC | UNIT_PT2E);
}

static int setup(void **state) {
  unitClearDiag(state);
  testModule = (MlirModule){NULL};
  return 0;
}

/* Destroys the test's module, so that it can parse another. */
static void dropModule(Fixture *fx) {
  (void)fx;
  if (!mlirModuleIsNull(testModule))
    mlirModuleDestroy(testModule);
  testModule = (MlirModule){NULL};
}

static int teardown(void **state) {
  dropModule(*state);
  return 0;
}

/*
** The one pt2e op ('kind' "observer" or "fake_quant") of a function on
** 'type' with attributes 'attrs' (a fake_quant gets its switches added).
** The module lives until the test's teardown.
*/
static MlirOperation opOn(Fixture *fx, const char *kind, const char *type,
                          const char *attrs) {
  char text[4096];
  bool fq = strcmp(kind, "fake_quant") == 0;
  snprintf(text, sizeof text,
           "func.func @f(%%x: %s) -> %s {\n"
           "  %%0 = \"pt2e.%s\"(%%x) {name = \"a\", %s%s} : (%s) -> %s loc(\"model.py\":7:3)\n"
           "  return %%0 : %s\n}",
           type, type, kind,
           fq ? "observer_enabled = true, fake_quant_enabled = true, " : "",
           attrs, type, type, type);
  testModule = mlirModuleCreateParse(fx->ctx, mlirStringRefCreateFromCString(text));
  if (mlirModuleIsNull(testModule))
    fail_msg("parse failed: %s\n%s", fx->diag, text);
  MlirOperation func = mlirBlockGetFirstOperation(mlirModuleGetBody(testModule));
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  return mlirBlockGetFirstOperation(body);
}

/* The spec written as 'text' (a dictionary), parsed. */
static Pt2eSpec specOf(Fixture *fx, const char *text) {
  Pt2eSpec spec;
  MlirAttribute a = mlirAttributeParseGet(fx->ctx, mlirStringRefCreateFromCString(text));
  assert_false(mlirAttributeIsNull(a));
  assert_true(mlirLogicalResultIsSuccess(
      pt2eSpecParse(a, mlirLocationUnknownGet(fx->ctx), "spec", &spec)));
  return spec;
}

#define MINMAX "{dtype = i8, observer = \"minmax\"}"
#define HIST4 "{dtype = i8, observer = \"histogram\", bins = 4}"
#define PC1 "{dtype = i8, observer = \"per_channel_minmax\", " \
            "qscheme = \"per_channel_symmetric\", ch_axis = 1, quant_min = -127, quant_max = 127}"
#define PC0 "{dtype = i8, observer = \"per_channel_minmax\", " \
            "qscheme = \"per_channel_symmetric\", ch_axis = 0, quant_min = -127, quant_max = 127}"

/* Reads the op's qparams with 'spec' and expects a refusal saying 'what'. */
static void expectQParamsRefused(MlirOperation op, const Pt2eSpec *spec,
                                 const char *what) {
  Pt2eCalibratedQParams q;
  Pt2eCalibratedError err;
  err.message[0] = '\0';
  assert_false(pt2eCalibratedReadQParams(op, spec, &q, &err));
  if (!strstr(err.message, what))
    fail_msg("expected '%s' in '%s'", what, err.message);
  assert_int_equal(q.n, 0); /* nothing to misread on failure */
}

static void expectStatsRefused(MlirOperation op, const Pt2eSpec *spec,
                               const char *what) {
  Pt2eCalibratedStats s;
  Pt2eCalibratedError err;
  err.message[0] = '\0';
  assert_false(pt2eCalibratedReadStats(op, spec, &s, &err));
  if (!strstr(err.message, what))
    fail_msg("expected '%s' in '%s'", what, err.message);
  assert_false(s.present);
}

/* {======================================================================
** Qparams
** ======================================================================= */

static void testPerChannelQParamsComeWithTheirLength(void **state) {
  Fixture *fx = *state;
  Pt2eSpec spec = specOf(fx, PC1);
  MlirOperation op = opOn(fx, "observer", "tensor<2x3xf32>",
                          "spec = " PC1 ", scale = array<f32: 0.5, 0.25, 0.125>, "
                          "zero_point = array<i64: 0, 1, -2>");
  Pt2eCalibratedQParams q;
  Pt2eCalibratedError err;
  assert_true(pt2eCalibratedReadQParams(op, &spec, &q, &err));
  assert_int_equal(q.n, 3);
  assert_true(pt2eCalibratedScale(&q, 2) == 0.125f);
  assert_int_equal(pt2eCalibratedZeroPoint(&q, 2), -2);
  float scales[3];
  int64_t zps[3];
  pt2eCalibratedCopyQParams(&q, scales, zps);
  assert_true(scales[0] == 0.5f && scales[1] == 0.25f);
  assert_int_equal(zps[1], 1);
}

static void testAnUncalibratedObserverHasNoQParams(void **state) {
  Fixture *fx = *state;
  Pt2eSpec spec = specOf(fx, MINMAX);
  MlirOperation op = opOn(fx, "observer", "tensor<4xf32>", "spec = " MINMAX);
  Pt2eCalibratedQParams q;
  Pt2eCalibratedError err;
  assert_true(pt2eCalibratedReadQParams(op, &spec, &q, &err));
  assert_int_equal(q.n, 0);
  assert_true(mlirLogicalResultIsSuccess(pt2eCalibratedVerifyOp(op, &spec, "pt2e-test")));
}

static void testAFakeQuantWithoutQParamsIsRefused(void **state) {
  Fixture *fx = *state;
  MlirOperation op = opOn(fx, "fake_quant", "tensor<4xf32>",
                          "spec = " MINMAX ", scale = array<f32: 1.0>, zero_point = array<i64: 0>");
  mlirOperationRemoveAttributeByName(op, mlirStringRefCreateFromCString(PT2E_ATTR_SCALE));
  mlirOperationRemoveAttributeByName(op, mlirStringRefCreateFromCString(PT2E_ATTR_ZERO_POINT));
  expectQParamsRefused(op, NULL, "; found neither");
}

static void testAnEmptyZeroPointIsRefused(void **state) {
  Fixture *fx = *state;
  MlirOperation op = opOn(fx, "observer", "tensor<4xf32>",
                          "spec = " MINMAX ", scale = array<f32: 0.5>, zero_point = array<i64>");
  expectQParamsRefused(op, NULL,
                       "needs 'scale' as array<f32> and 'zero_point' as array<i64> of equal, "
                       "non-zero length; found 'scale' of 1 and 'zero_point' of 0 elements");
}

static void testEmptyArraysAreRefused(void **state) {
  Fixture *fx = *state;
  MlirOperation op = opOn(fx, "observer", "tensor<4xf32>",
                          "spec = " MINMAX ", scale = array<f32>, zero_point = array<i64>");
  expectQParamsRefused(op, NULL, "found 'scale' of 0 and 'zero_point' of 0 elements");
}

static void testAZeroPointShorterThanScaleIsRefused(void **state) {
  Fixture *fx = *state;
  Pt2eSpec spec = specOf(fx, PC1);
  MlirOperation op = opOn(fx, "observer", "tensor<2x3xf32>",
                          "spec = " PC1 ", scale = array<f32: 0.5, 0.25, 0.125>, "
                          "zero_point = array<i64: 0>");
  expectQParamsRefused(op, &spec, "found 'scale' of 3 and 'zero_point' of 1 elements");
}

static void testWrongElementTypesAreRefusedWithWhatWasFound(void **state) {
  Fixture *fx = *state;
  MlirOperation op = opOn(fx, "observer", "tensor<4xf32>",
                          "spec = " MINMAX ", scale = array<f32: 0.5>, zero_point = array<i32: 0>");
  expectQParamsRefused(op, NULL, "found 'zero_point' = array<i32: 0>");
  dropModule(fx);
  op = opOn(fx, "observer", "tensor<4xf32>",
            "spec = " MINMAX ", scale = 0.5 : f32, zero_point = array<i64: 0>");
  expectQParamsRefused(op, NULL, "found 'scale' = 5.000000e-01 : f32");
}

static void testOneArrayWithoutTheOtherIsRefused(void **state) {
  Fixture *fx = *state;
  MlirOperation op = opOn(fx, "observer", "tensor<4xf32>",
                          "spec = " MINMAX ", scale = array<f32: 0.5>");
  expectQParamsRefused(op, NULL, "found 'scale' but no 'zero_point'");
  dropModule(fx);
  op = opOn(fx, "observer", "tensor<4xf32>", "spec = " MINMAX ", zero_point = array<i64: 0>");
  expectQParamsRefused(op, NULL, "found 'zero_point' but no 'scale'");
}

static void testAPerTensorSpecWantsOneEntry(void **state) {
  Fixture *fx = *state;
  Pt2eSpec spec = specOf(fx, MINMAX);
  MlirOperation op = opOn(fx, "observer", "tensor<4xf32>",
                          "spec = " MINMAX ", scale = array<f32: 0.5, 0.5>, "
                          "zero_point = array<i64: 0, 0>");
  expectQParamsRefused(op, &spec, "has 2 scales but a per-tensor qscheme (expected 1");
  /* without a spec, the count is not known */
  Pt2eCalibratedQParams q;
  Pt2eCalibratedError err;
  assert_true(pt2eCalibratedReadQParams(op, NULL, &q, &err));
  assert_int_equal(q.n, 2);
}

static void testPerChannelCountsFollowTheTensor(void **state) {
  Fixture *fx = *state;
  Pt2eSpec spec = specOf(fx, PC1);
  Pt2eCalibratedQParams q;
  Pt2eCalibratedError err;
  MlirOperation op = opOn(fx, "observer", "tensor<2x3xf32>",
                          "spec = " PC1 ", scale = array<f32: 0.5, 0.25>, "
                          "zero_point = array<i64: 0, 0>");
  expectQParamsRefused(op, &spec, "has 2 scales for dimension 1 of size 3 (expected 3");
  dropModule(fx);
  /* a fake_quant may hold torch's single initial entry, not any other */
  op = opOn(fx, "fake_quant", "tensor<2x3xf32>",
            "spec = " PC1 ", scale = array<f32: 1.0>, zero_point = array<i64: 0>");
  assert_true(pt2eCalibratedReadQParams(op, &spec, &q, &err));
  assert_int_equal(q.n, 1);
  dropModule(fx);
  op = opOn(fx, "fake_quant", "tensor<2x3xf32>",
            "spec = " PC1 ", scale = array<f32: 1.0, 1.0>, zero_point = array<i64: 0, 0>");
  expectQParamsRefused(op, &spec, "or torch's initial 1)");
  dropModule(fx);
  op = opOn(fx, "observer", "tensor<2x3xf32>",
            "spec = " PC1 ", scale = array<f32: 1.0>, zero_point = array<i64: 0>");
  expectQParamsRefused(op, &spec, "has 1 scale for dimension 1 of size 3");
}

static void testChAxisOutsideTheTensorIsRefused(void **state) {
  Fixture *fx = *state;
  Pt2eSpec spec = specOf(fx, PC1);
  MlirOperation op = opOn(fx, "observer", "tensor<3xf32>",
                          "spec = " PC1 ", scale = array<f32: 0.5>, zero_point = array<i64: 0>");
  expectQParamsRefused(op, &spec, "has ch_axis 1, outside a tensor of rank 1");
}

static void testADynamicChannelDimensionIsCheckedWhenQuantizing(void **state) {
  Fixture *fx = *state;
  Pt2eSpec spec = specOf(fx, PC0);
  MlirOperation op = opOn(fx, "observer", "tensor<?x3xf32>",
                          "spec = " PC0 ", scale = array<f32: 0.5, 0.5>, "
                          "zero_point = array<i64: 0, 0>");
  Pt2eCalibratedQParams q;
  Pt2eCalibratedError err;
  assert_true(pt2eCalibratedReadQParams(op, &spec, &q, &err));
  float scales[2] = {0.5f, 0.5f};
  int64_t zps[2] = {0, 0};
  MlirType type = mlirValueGetType(mlirOperationGetOperand(op, 0));
  assert_false(pt2eCalibratedCheckQuantize(type, &spec, 2, scales, zps, &err));
  assert_non_null(strstr(err.message, "is per-channel along dimension 0, which is dynamic"));
}

static void testZeroPointsMustFitTheDType(void **state) {
  Fixture *fx = *state;
  Pt2eSpec spec = specOf(fx, MINMAX);
  MlirOperation op = opOn(fx, "observer", "tensor<4xf32>",
                          "spec = " MINMAX ", scale = array<f32: 0.5>, zero_point = array<i64: 128>");
  expectQParamsRefused(op, &spec,
                       "has zero point 128 outside [-128, 127], the range of i8 (entry 0 of "
                       "'zero_point')");
  Pt2eCalibratedQParams q;
  Pt2eCalibratedError err;
  assert_true(pt2eCalibratedReadQParams(op, NULL, &q, &err)); /* an int32 */
  dropModule(fx);
  op = opOn(fx, "observer", "tensor<4xf32>",
            "spec = " MINMAX ", scale = array<f32: 0.5>, zero_point = array<i64: 2147483648>");
  expectQParamsRefused(op, NULL, "the range of int32");
}

static void testScalesMustBePositiveAndFinite(void **state) {
  Fixture *fx = *state;
  static const char *const bad[][2] = {
      {"0.0", "has scale 0, which is not positive and finite"},
      {"-0.5", "has scale -0.5, which"},
      {"0x7F800000", "has scale inf, which"},
      {"0x7FC00000", "has scale nan, which"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    char attrs[256];
    snprintf(attrs, sizeof attrs,
             "spec = " MINMAX ", scale = array<f32: 0.5, %s>, zero_point = array<i64: 0, 0>",
             bad[i][0]);
    MlirOperation op = opOn(fx, "observer", "tensor<4xf32>", attrs);
    expectQParamsRefused(op, NULL, bad[i][1]);
    expectQParamsRefused(op, NULL, "(entry 1 of 'scale')");
    dropModule(fx);
  }
}

static void testQuantizingNeedsExactCountsAndTheSpecsRange(void **state) {
  Fixture *fx = *state;
  Pt2eSpec spec = specOf(fx, PC1);
  MlirOperation op = opOn(fx, "observer", "tensor<2x3xf32>", "spec = " PC1);
  MlirType type = mlirValueGetType(mlirOperationGetOperand(op, 0));
  Pt2eCalibratedError err;
  float scales[3] = {0.5f, 0.25f, 0.125f};
  int64_t zps[3] = {0, 0, 0};
  assert_true(pt2eCalibratedCheckQuantize(type, &spec, 3, scales, zps, &err));
  assert_false(pt2eCalibratedCheckQuantize(type, &spec, 1, scales, zps, &err));
  assert_non_null(strstr(err.message, "has 1 scale for dimension 1 of size 3 (expected 3, "
                                      "one 'scale' and 'zero_point' per channel)"));
  assert_false(pt2eCalibratedCheckQuantize(type, &spec, 0, scales, zps, &err));
  assert_non_null(strstr(err.message, "has no scales"));
  zps[2] = -128; /* an int8, outside [-127, 127] */
  assert_false(pt2eCalibratedCheckQuantize(type, &spec, 3, scales, zps, &err));
  assert_non_null(strstr(err.message, "has zero point -128 outside [-127, 127], the spec's "
                                      "quant_min and quant_max (entry 2 of 'zero_point')"));
  zps[2] = 0;
  scales[1] = -0.25f;
  assert_false(pt2eCalibratedCheckQuantize(type, &spec, 3, scales, zps, &err));
  assert_non_null(strstr(err.message, "has scale -0.25, which is not positive and finite"));
}

static void testTheChannelAxisCountsFromTheEnd(void **state) {
  Fixture *fx = *state;
  Pt2eSpec spec = specOf(fx, PC1);
  spec.quant.chAxis = -1; /* as the interpreter and convert accept */
  MlirOperation op = opOn(fx, "observer", "tensor<2x5xf32>", "spec = " PC1);
  int64_t axis = -7, channels = -7;
  Pt2eCalibratedError err;
  assert_true(pt2eCalibratedChannelAxis(mlirValueGetType(mlirOperationGetOperand(op, 0)),
                                        &spec, &axis, &channels, &err));
  assert_int_equal(axis, 1);
  assert_int_equal(channels, 5);
}

/* }====================================================================== */

/* {======================================================================
** Statistics
** ======================================================================= */

static void testHistogramStatsComeWithTheirLengths(void **state) {
  Fixture *fx = *state;
  Pt2eSpec spec = specOf(fx, HIST4);
  MlirOperation op = opOn(fx, "observer", "tensor<4xf32>",
                          "spec = " HIST4 ", stats = {min = array<f32: -1.0>, "
                          "max = array<f32: 3.0>, histogram = array<f32: 1.0, 2.0, 3.0, 4.0>}");
  Pt2eCalibratedStats s;
  Pt2eCalibratedError err;
  assert_true(pt2eCalibratedReadStats(op, &spec, &s, &err));
  assert_true(s.present);
  assert_int_equal(s.numChannels, 1);
  assert_int_equal(s.numBins, 4);
  assert_true(pt2eCalibratedStatsMin(&s, 0) == -1.0f);
  assert_true(pt2eCalibratedStatsMax(&s, 0) == 3.0f);
  assert_true(pt2eCalibratedStatsBin(&s, 3) == 4.0f);
  float mn, mx, hist[4];
  pt2eCalibratedCopyStats(&s, &mn, &mx, hist);
  assert_true(mn == -1.0f && mx == 3.0f && hist[2] == 3.0f);
}

static void testNoStatsIsNotAnError(void **state) {
  Fixture *fx = *state;
  MlirOperation op = opOn(fx, "observer", "tensor<4xf32>", "spec = " MINMAX);
  Pt2eCalibratedStats s;
  Pt2eCalibratedError err;
  assert_true(pt2eCalibratedReadStats(op, NULL, &s, &err));
  assert_false(s.present);
  assert_int_equal(s.numChannels, 0);
}

static void testAScalarMinIsRefused(void **state) {
  Fixture *fx = *state;
  MlirOperation op = opOn(fx, "observer", "tensor<4xf32>",
                          "spec = " MINMAX ", stats = {min = 0.0 : f32, max = array<f32: 1.0>}");
  expectStatsRefused(op, NULL,
                     "needs 'stats' as {min = array<f32>, max = array<f32>} of equal length, "
                     "with an optional 'histogram' = array<f32>; found 'min' = 0.000000e+00 : f32");
}

static void testStatsMustBeADictionaryWithMinAndMax(void **state) {
  Fixture *fx = *state;
  MlirOperation op = opOn(fx, "observer", "tensor<4xf32>",
                          "spec = " MINMAX ", stats = array<f32: 0.0, 1.0>");
  expectStatsRefused(op, NULL, "; found array<f32: 0.000000e+00, 1.000000e+00>");
  dropModule(fx);
  op = opOn(fx, "observer", "tensor<4xf32>", "spec = " MINMAX ", stats = {min = array<f32: 0.0>}");
  expectStatsRefused(op, NULL, "; found no 'max'");
}

static void testMinAndMaxOfDifferentLengthsAreRefused(void **state) {
  Fixture *fx = *state;
  MlirOperation op = opOn(fx, "observer", "tensor<4xf32>",
                          "spec = " MINMAX ", stats = {min = array<f32: 0.0, 1.0>, "
                          "max = array<f32: 1.0>}");
  expectStatsRefused(op, NULL, "; found 'min' of 2 and 'max' of 1 elements");
}

static void testTheHistogramFollowsTheSpec(void **state) {
  Fixture *fx = *state;
  Pt2eSpec hist = specOf(fx, HIST4), minmax = specOf(fx, MINMAX);
  MlirOperation op = opOn(fx, "observer", "tensor<4xf32>",
                          "spec = " HIST4 ", stats = {min = array<f32: 0.0>, "
                          "max = array<f32: 1.0>, histogram = array<f32: 1.0, 2.0>}");
  expectStatsRefused(op, &hist, "has 'stats' histogram of 2 bins, expected the spec's 4");
  expectStatsRefused(op, &minmax,
                     "has a 'stats' histogram, which observer 'minmax' does not keep");
  dropModule(fx);
  op = opOn(fx, "observer", "tensor<4xf32>",
            "spec = " HIST4 ", stats = {min = array<f32: 0.0>, max = array<f32: 1.0>}");
  expectStatsRefused(op, &hist,
                     "has 'stats' without 'histogram', which observer 'histogram' keeps (4 bins)");
}

static void testBinsMustBeFiniteCounts(void **state) {
  Fixture *fx = *state;
  MlirOperation op = opOn(fx, "observer", "tensor<4xf32>",
                          "spec = " HIST4 ", stats = {min = array<f32: 0.0>, "
                          "max = array<f32: 1.0>, histogram = array<f32: 1.0, 0x7FC00000>}");
  expectStatsRefused(op, NULL, "has 'stats' histogram bin 1 = nan, expected a finite count >= 0");
}

static void testUnknownStatsEntriesAreRefused(void **state) {
  Fixture *fx = *state;
  MlirOperation op = opOn(fx, "observer", "tensor<4xf32>",
                          "spec = " MINMAX ", stats = {min = array<f32: 0.0>, "
                          "max = array<f32: 1.0>, count = 3}");
  expectStatsRefused(op, NULL,
                     "has 'stats' entry 'count', expected only 'min', 'max', 'histogram', 'counts', 'edges' and 'channel_bins'");
}

static void testPerChannelStatsAreEmptyOrOnePerChannel(void **state) {
  Fixture *fx = *state;
  Pt2eSpec spec = specOf(fx, PC1);
  Pt2eCalibratedStats s;
  Pt2eCalibratedError err;
  MlirOperation op = opOn(fx, "observer", "tensor<2x3xf32>",
                          "spec = " PC1 ", stats = {min = array<f32>, max = array<f32>}");
  assert_true(pt2eCalibratedReadStats(op, &spec, &s, &err));
  assert_true(s.present);
  assert_int_equal(s.numChannels, 0);
  dropModule(fx);
  op = opOn(fx, "observer", "tensor<2x3xf32>",
            "spec = " PC1 ", stats = {min = array<f32: 0.0, 0.0>, max = array<f32: 1.0, 1.0>}");
  expectStatsRefused(op, &spec,
                     "has 'stats' of 2 channels for dimension 1 of size 3 (expected 3, or 0 "
                     "before the first observation)");
  /* without the spec only the shape is checked */
  assert_true(pt2eCalibratedReadStats(op, NULL, &s, &err));
  assert_int_equal(s.numChannels, 2);
}

static void testPerTensorStatsHoldOneChannel(void **state) {
  Fixture *fx = *state;
  Pt2eSpec spec = specOf(fx, MINMAX);
  MlirOperation op = opOn(fx, "observer", "tensor<4xf32>",
                          "spec = " MINMAX ", stats = {min = array<f32>, max = array<f32>}");
  expectStatsRefused(op, &spec, "has 'stats' of 0 channels, expected 1 for observer 'minmax'");
}

/* }====================================================================== */

/* {======================================================================
** Messages
** ======================================================================= */

static void testErrorsNameTheReaderAndTheOp(void **state) {
  Fixture *fx = *state;
  MlirOperation op = opOn(fx, "observer", "tensor<4xf32>",
                          "spec = " MINMAX ", scale = array<f32: 0.5>, zero_point = array<i64>");
  assert_true(mlirLogicalResultIsFailure(pt2eCalibratedVerifyOp(op, NULL, "pt2e-test")));
  assert_non_null(strstr(fx->diag, "'pt2e-test': observer 'a' needs 'scale'"));
  fx->diag[0] = '\0';
  Pt2eCalibratedError err;
  snprintf(err.message, sizeof err.message, "has something wrong");
  assert_true(mlirLogicalResultIsFailure(pt2eCalibratedEmitError(op, NULL, &err)));
  assert_string_equal(fx->diag, "observer 'a' has something wrong");
}

static void testVerifyOpChecksStatsToo(void **state) {
  Fixture *fx = *state;
  MlirOperation op = opOn(fx, "observer", "tensor<4xf32>",
                          "spec = " MINMAX ", scale = array<f32: 0.5>, zero_point = array<i64: 0>, "
                          "stats = {min = array<f32: 0.0>, max = array<f32>}");
  assert_true(mlirLogicalResultIsFailure(pt2eCalibratedVerifyOp(op, NULL, "pt2e-test")));
  assert_non_null(strstr(fx->diag, "found 'min' of 1 and 'max' of 0 elements"));
}

static void testALongAttributeIsCutInTheMessage(void **state) {
  Fixture *fx = *state;
  char attrs[2048] = "spec = " MINMAX ", scale = array<f32: 0.5>, zero_point = array<i32: 0";
  for (int i = 1; i < 200; i++)
    strcat(attrs, ", 1");
  strcat(attrs, ">");
  MlirOperation op = opOn(fx, "observer", "tensor<4xf32>", attrs);
  Pt2eCalibratedQParams q;
  Pt2eCalibratedError err;
  assert_false(pt2eCalibratedReadQParams(op, NULL, &q, &err));
  assert_non_null(strstr(err.message, "found 'zero_point' = array<i32: 0, 1, 1"));
  assert_non_null(strstr(err.message, "..."));
  assert_true(strlen(err.message) < 300);
}

/* }====================================================================== */

#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void) {
  const struct CMUnitTest tests[] = {
      T(testPerChannelQParamsComeWithTheirLength),
      T(testAnUncalibratedObserverHasNoQParams),
      T(testAFakeQuantWithoutQParamsIsRefused),
      T(testAnEmptyZeroPointIsRefused),
      T(testEmptyArraysAreRefused),
      T(testAZeroPointShorterThanScaleIsRefused),
      T(testWrongElementTypesAreRefusedWithWhatWasFound),
      T(testOneArrayWithoutTheOtherIsRefused),
      T(testAPerTensorSpecWantsOneEntry),
      T(testPerChannelCountsFollowTheTensor),
      T(testChAxisOutsideTheTensorIsRefused),
      T(testADynamicChannelDimensionIsCheckedWhenQuantizing),
      T(testZeroPointsMustFitTheDType),
      T(testScalesMustBePositiveAndFinite),
      T(testQuantizingNeedsExactCountsAndTheSpecsRange),
      T(testTheChannelAxisCountsFromTheEnd),
      T(testHistogramStatsComeWithTheirLengths),
      T(testNoStatsIsNotAnError),
      T(testAScalarMinIsRefused),
      T(testStatsMustBeADictionaryWithMinAndMax),
      T(testMinAndMaxOfDifferentLengthsAreRefused),
      T(testTheHistogramFollowsTheSpec),
      T(testBinsMustBeFiniteCounts),
      T(testUnknownStatsEntriesAreRefused),
      T(testPerChannelStatsAreEmptyOrOnePerChannel),
      T(testPerTensorStatsHoldOneChannel),
      T(testErrorsNameTheReaderAndTheOp),
      T(testVerifyOpChecksStatsToo),
      T(testALongAttributeIsCutInTheMessage),
  };
  return cmocka_run_group_tests_name("calibrated", tests, groupSetup, unitFixtureTeardown);
}
