/*
** test_progress.c
** The progress line (passes/base/pt2e_progress.c): times and rates as
** people read them, the line before the first step, while running and at
** the end, the modes, at most five writes a second on a clock the test
** drives, and the line ended before an error.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "pt2e_progress.h"

static const char *duration(double seconds) {
  static char buf[64];
  pt2eProgressFormatDuration(buf, sizeof buf, seconds);
  return buf;
}

static const char *rate(double perSecond) {
  static char buf[64];
  pt2eProgressFormatRate(buf, sizeof buf, perSecond);
  return buf;
}

static void testDurationsReadAsPeopleSayThem(void **state) {
  (void)state;
  assert_string_equal(duration(0), "0.0 s");
  assert_string_equal(duration(0.04), "0.0 s");
  assert_string_equal(duration(12.34), "12.3 s");
  assert_string_equal(duration(59.94), "59.9 s");
  /* rounding up to a minute gives minutes, never "60.0 s" */
  assert_string_equal(duration(59.96), "1 min 00 s");
  assert_string_equal(duration(65), "1 min 05 s");
  assert_string_equal(duration(3599.4), "59 min 59 s");
  assert_string_equal(duration(3599.6), "1 h 00 min");
  assert_string_equal(duration(3720), "1 h 02 min");
  assert_string_equal(duration(100 * 3600 + 59 * 60), "100 h 59 min");
  assert_string_equal(duration(-1), "?");
  assert_string_equal(duration(INFINITY), "?");
}

static void testRatesKeepThreeDigits(void **state) {
  (void)state;
  assert_string_equal(rate(0), "0");
  assert_string_equal(rate(0.012345), "0.0123");
  assert_string_equal(rate(1.2345), "1.23");
  assert_string_equal(rate(12.345), "12.3");
  assert_string_equal(rate(99.96), "100");
  assert_string_equal(rate(118.4), "118");
  assert_string_equal(rate(123456.7), "123457"); /* never 1.23e+05 */
  assert_string_equal(rate(NAN), "?");
}

static void testLineHasNoEstimateBeforeTheFirstStep(void **state) {
  (void)state;
  Pt2eProgress p = {.what = "pt2e-calibrate", .countUnit = "batches",
                    .rateUnit = "images", .total = 512};
  char line[256];
  pt2eProgressFormatLine(line, sizeof line, &p, 0.5, false);
  assert_string_equal(line, "pt2e-calibrate: 0 of 512 batches, 0.5 s elapsed, "
                            "time left unknown");
}

static void testLineEstimatesTheRestAtTheMeanPace(void **state) {
  (void)state;
  Pt2eProgress p = {.what = "pt2e-calibrate", .countUnit = "batches",
                    .rateUnit = "images", .total = 512, .done = 37,
                    .items = 37 * 32};
  char line[256];
  pt2eProgressFormatLine(line, sizeof line, &p, 10, false);
  /* 1184 images in 10 s; 475 batches more at 10/37 s each: 128.4 s */
  assert_string_equal(line, "pt2e-calibrate: 37 of 512 batches, 118 images/s, "
                            "10.0 s elapsed, 2 min 08 s left");
}

static void testFinalLineCountsWhatWasDone(void **state) {
  (void)state;
  Pt2eProgress p = {.what = "pt2e-calibrate", .countUnit = "batches",
                    .rateUnit = "tokens", .total = 8, .done = 8, .items = 4096};
  char line[256];
  pt2eProgressFormatLine(line, sizeof line, &p, 2, true);
  assert_string_equal(line, "pt2e-calibrate: 8 of 8 batches, 4096 tokens in "
                            "2.0 s (2048 tokens/s)");
  /* without a unit of its own the rate counts the steps */
  Pt2eProgress m = {.what = "pt2e-merge", .countUnit = "shards", .total = 4,
                    .done = 4, .items = 4};
  pt2eProgressFormatLine(line, sizeof line, &m, 0.5, true);
  assert_string_equal(line, "pt2e-merge: 4 of 4 shards in 0.5 s (8 shards/s)");
}

static void testBoundedTotalSaysAtMost(void **state) {
  (void)state;
  Pt2eProgress p = {.what = "sensitivity", .countUnit = "evaluations",
                    .rateUnit = "batches", .total = 9, .totalIsBound = true,
                    .done = 3, .items = 24};
  char line[256];
  pt2eProgressFormatLine(line, sizeof line, &p, 6, false);
  assert_string_equal(line, "sensitivity: 3 of at most 9 evaluations, 4 batches/s, "
                            "6.0 s elapsed, at most 12.0 s left");
}

static void testModesParse(void **state) {
  (void)state;
  Pt2eProgressMode m = Pt2eProgressOff;
  assert_true(pt2eProgressModeParse("auto", 4, &m));
  assert_int_equal(m, Pt2eProgressAuto);
  assert_true(pt2eProgressModeParse("on", 2, &m));
  assert_int_equal(m, Pt2eProgressOn);
  assert_true(pt2eProgressModeParse("off", 3, &m));
  assert_int_equal(m, Pt2eProgressOff);
  assert_false(pt2eProgressModeParse("maybe", 5, &m));
  assert_false(pt2eProgressModeParse("o", 1, &m));
  assert_false(pt2eProgressModeParse("onx", 3, &m));
}

/* A clock the test moves by hand. */
static double fakeNow;
static double fakeClock(void) { return fakeNow; }

/* The text written to 'f' so far. */
static const char *written(FILE *f, char *buf, size_t size) {
  long n = ftell(f);
  assert_true(n >= 0 && (size_t)n < size);
  rewind(f);
  assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
  buf[n] = '\0';
  return buf;
}

static void testWritesAtMostFiveTimesASecond(void **state) {
  (void)state;
  FILE *f = tmpfile();
  assert_non_null(f);
  fakeNow = 100;
  Pt2eProgress p = {.what = "w", .countUnit = "batches", .rateUnit = "samples",
                    .total = 4, .out = f, .clock = fakeClock};
  pt2eProgressStart(&p, Pt2eProgressOn); /* the first line, always */
  fakeNow = 100.1;
  pt2eProgressStep(&p, 2); /* 0.1 s after it: not written */
  fakeNow = 100.25;
  pt2eProgressStep(&p, 2); /* 0.25 s: written */
  fakeNow = 100.3;
  pt2eProgressStep(&p, 2); /* 0.05 s after the last: not written */
  pt2eProgressStep(&p, 2);
  pt2eProgressFinish(&p); /* the last line, always */
  char text[1024];
  assert_string_equal(written(f, text, sizeof text),
                      "\rw: 0 of 4 batches, 0.0 s elapsed, time left unknown"
                      "\rw: 2 of 4 batches, 16 samples/s, 0.3 s elapsed, 0.3 s left"
                      "\rw: 4 of 4 batches, 8 samples in 0.3 s (26.7 samples/s)"
                      "    \n"); /* blanks over the longer line before it */
  fclose(f);
}

static void testOffAndAutoOffATerminalWriteNothing(void **state) {
  (void)state;
  FILE *f = tmpfile(); /* a file: no terminal */
  assert_non_null(f);
  Pt2eProgressMode modes[] = {Pt2eProgressOff, Pt2eProgressAuto};
  for (int i = 0; i < 2; i++) {
    Pt2eProgress p = {.what = "w", .countUnit = "batches", .total = 1, .out = f};
    pt2eProgressStart(&p, modes[i]);
    assert_false(p.shown);
    pt2eProgressStep(&p, 1);
    pt2eProgressBreak(&p);
    pt2eProgressFinish(&p);
  }
  assert_int_equal(ftell(f), 0);
  fclose(f);
}

static void testBreakEndsTheLineOnce(void **state) {
  (void)state;
  FILE *f = tmpfile();
  assert_non_null(f);
  fakeNow = 0;
  Pt2eProgress p = {.what = "w", .countUnit = "batches", .total = 3, .out = f,
                    .clock = fakeClock};
  pt2eProgressStart(&p, Pt2eProgressOn);
  pt2eProgressBreak(&p); /* an error: its message starts a line of its own */
  pt2eProgressBreak(&p); /* a second diagnostic: no empty line */
  char text[256];
  assert_string_equal(written(f, text, sizeof text),
                      "\rw: 0 of 3 batches, 0.0 s elapsed, time left unknown\n");
  fclose(f);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(testDurationsReadAsPeopleSayThem),
      cmocka_unit_test(testRatesKeepThreeDigits),
      cmocka_unit_test(testLineHasNoEstimateBeforeTheFirstStep),
      cmocka_unit_test(testLineEstimatesTheRestAtTheMeanPace),
      cmocka_unit_test(testFinalLineCountsWhatWasDone),
      cmocka_unit_test(testBoundedTotalSaysAtMost),
      cmocka_unit_test(testModesParse),
      cmocka_unit_test(testWritesAtMostFiveTimesASecond),
      cmocka_unit_test(testOffAndAutoOffATerminalWriteNothing),
      cmocka_unit_test(testBreakEndsTheLineOnce),
  };
  return cmocka_run_group_tests_name("progress", tests, NULL, NULL);
}
