/*
** test_requantize.c
** Unit tests for passes/numerics/requantize.c: TFLite's QuantizeMultiplier
** with TOSA's shift, and TOSA 1.0's apply_scale_32 and RESCALE. Built
** without MLIR (test/CMakeLists.txt). Every expected number is exact and
** worked out by hand in the comment beside it.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>

#include "requantize.h"

static void expectMultiplier(double scale, int32_t wantM, int32_t wantS) {
  int32_t m = -1, s = -1;
  assert_true(pt2eQuantizeMultiplier(scale, &m, &s));
  assert_int_equal(m, wantM);
  assert_int_equal(s, wantS);
}

/* scale = q * 2^e, multiplier = round(q * 2^31), shift = 31 - e. */
static void testMultiplierAndShiftFollowFrexp(void **state) {
  (void)state;
  expectMultiplier(0.5, 1 << 30, 31);         /* 0.5 * 2^0 */
  expectMultiplier(1.0, 1 << 30, 30);         /* 0.5 * 2^1 */
  expectMultiplier(0.75, 1610612736, 31);     /* 0.75 * 2^31 */
  expectMultiplier(3.0 / 1024, 1610612736, 39); /* 0.75 * 2^-8 */
  /* round half away from zero: q * 2^31 = 2^30 + 0.5 -> 2^30 + 1 */
  expectMultiplier(0.5 + 0.5 / 2147483648.0, (1 << 30) + 1, 31);
}

/* q * 2^31 rounds to 2^31: halved, and the exponent goes up by one. */
static void testMultiplierThatRoundsToTwoToThe31IsHalved(void **state) {
  (void)state;
  expectMultiplier(1.0 - ldexp(1.0, -40), 1 << 30, 30);
}

/* TOSA's shift range [2, 62]: 2^29 needs shift 1, 2^-33 shift 63. */
static void testScalesOutsideTheShiftRangeAreRefused(void **state) {
  (void)state;
  int32_t m = 7, s = 7;
  expectMultiplier(ldexp(1.0, 28), 1 << 30, 2);
  expectMultiplier(ldexp(1.0, -32), 1 << 30, 62);
  assert_false(pt2eQuantizeMultiplier(ldexp(1.0, 29), &m, &s));
  assert_false(pt2eQuantizeMultiplier(ldexp(1.0, -33), &m, &s));
  assert_false(pt2eQuantizeMultiplier(0.0, &m, &s));
  assert_false(pt2eQuantizeMultiplier(-0.5, &m, &s));
  assert_false(pt2eQuantizeMultiplier(NAN, &m, &s));
  assert_false(pt2eQuantizeMultiplier(INFINITY, &m, &s));
  assert_int_equal(m, 7); /* nothing written */
  assert_int_equal(s, 7);
}

/* SINGLE_ROUND adds 2^(shift-1) and shifts: halves go towards +inf. */
static void testApplyScaleRoundsHalfUp(void **state) {
  (void)state;
  int32_t half = 1 << 30; /* with shift 31: times 0.5 */
  assert_int_equal(pt2eApplyScale32(3, half, 31, false), 2);   /* 1.5 */
  assert_int_equal(pt2eApplyScale32(-3, half, 31, false), -1); /* -1.5 */
  assert_int_equal(pt2eApplyScale32(5, half, 31, false), 3);   /* 2.5 */
  assert_int_equal(pt2eApplyScale32(-5, half, 31, false), -2); /* -2.5 */
  assert_int_equal(pt2eApplyScale32(-4, half, 31, false), -2);
  assert_int_equal(pt2eApplyScale32(INT32_MAX, 1 << 30, 30, false), INT32_MAX);
  assert_int_equal(pt2eApplyScale32(INT32_MIN, 1 << 30, 30, false), INT32_MIN);
}

/* DOUBLE_ROUND's extra 2^30 only with shift > 31: 1535 / 1024 = 1.499
** rounds to 1 once, to 2 twice (TFLite's doubling high multiply). */
static void testDoubleRoundDiffersOnlyAboveShift31(void **state) {
  (void)state;
  assert_int_equal(pt2eApplyScale32(1535, 1 << 30, 40, false), 1);
  assert_int_equal(pt2eApplyScale32(1535, 1 << 30, 40, true), 2);
  assert_int_equal(pt2eApplyScale32(-1537, 1 << 30, 40, false), -2);
  assert_int_equal(pt2eApplyScale32(-1537, 1 << 30, 40, true), -2);
  assert_int_equal(pt2eApplyScale32(3, 1 << 30, 31, true), 2);
}

/* RESCALE: zero points subtracted and added, the storage range clamps. */
static void testRescaleValueSubtractsAddsAndClamps(void **state) {
  (void)state;
  assert_int_equal(pt2eRescaleValue(10, 4, 1 << 30, 31, -128, -128, 127), -125);
  assert_int_equal(pt2eRescaleValue(1000, 0, 1 << 30, 30, 0, -128, 127), 127);
  assert_int_equal(pt2eRescaleValue(-1000, 0, 1 << 30, 30, 0, -128, 127), -128);
  assert_int_equal(pt2eRescaleValue(-1000, 0, 1 << 30, 30, 0, -127, 127), -127);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(testMultiplierAndShiftFollowFrexp),
      cmocka_unit_test(testMultiplierThatRoundsToTwoToThe31IsHalved),
      cmocka_unit_test(testScalesOutsideTheShiftRangeAreRefused),
      cmocka_unit_test(testApplyScaleRoundsHalfUp),
      cmocka_unit_test(testDoubleRoundDiffersOnlyAboveShift31),
      cmocka_unit_test(testRescaleValueSubtractsAddsAndClamps),
  };
  return cmocka_run_group_tests_name("requantize", tests, NULL, NULL);
}
