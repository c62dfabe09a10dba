/*
** test_json_writer.c
** The streaming JSON writer (passes/base/json_writer.c): layout and commas,
** every escape, UTF-8 kept or repaired (also when split across chunks),
** numbers that read back to the same bits and match JSON's grammar, and
** the strings written for NaN and the infinities.
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

#include "json_writer.h"

/* A writer into a temporary file, and the text it wrote. */
typedef struct Capture {
  FILE *file;
  Pt2eJson j;
  char text[8192];
} Capture;

static void captureStart(Capture *c, int breakDepth) {
  c->file = tmpfile();
  assert_non_null(c->file);
  pt2eJsonInit(&c->j, c->file, breakDepth);
}

static const char *captureText(Capture *c) {
  long n = ftell(c->file);
  assert_true(n >= 0 && (size_t)n < sizeof c->text);
  rewind(c->file);
  size_t got = fread(c->text, 1, (size_t)n, c->file);
  assert_int_equal(got, (size_t)n);
  c->text[n] = '\0';
  fclose(c->file);
  return c->text;
}

/* The text of one string value written from 'len' bytes of 's'. */
static const char *stringText(Capture *c, const char *s, size_t len) {
  captureStart(c, 0);
  pt2eJsonString(&c->j, s, len);
  assert_true(pt2eJsonIsComplete(&c->j));
  return captureText(c);
}

static void testLayout(void **state) {
  (void)state;
  Capture c;
  captureStart(&c, 1);
  pt2eJsonBeginArray(&c.j);
  for (int i = 0; i < 2; i++) {
    pt2eJsonBeginObject(&c.j);
    pt2eJsonKey(&c.j, "name");
    pt2eJsonCString(&c.j, i ? "b" : "a");
    pt2eJsonKey(&c.j, "list");
    pt2eJsonBeginArray(&c.j);
    for (int k = 0; k < i + 1; k++)
      pt2eJsonInt(&c.j, k);
    pt2eJsonEndArray(&c.j);
    pt2eJsonKey(&c.j, "empty");
    pt2eJsonBeginObject(&c.j);
    pt2eJsonEndObject(&c.j);
    pt2eJsonKey(&c.j, "none");
    pt2eJsonNull(&c.j);
    pt2eJsonKey(&c.j, "yes");
    pt2eJsonBool(&c.j, i == 1);
    pt2eJsonEndObject(&c.j);
  }
  assert_false(pt2eJsonIsComplete(&c.j));
  pt2eJsonEndArray(&c.j);
  assert_true(pt2eJsonIsComplete(&c.j));
  assert_string_equal(captureText(&c),
                      "[\n"
                      "  {\"name\": \"a\", \"list\": [0], \"empty\": {}, \"none\": null, \"yes\": false},\n"
                      "  {\"name\": \"b\", \"list\": [0, 1], \"empty\": {}, \"none\": null, \"yes\": true}\n"
                      "]");

  /* breakDepth 2: the members of the objects get lines of their own. */
  captureStart(&c, 2);
  pt2eJsonBeginArray(&c.j);
  pt2eJsonBeginObject(&c.j);
  pt2eJsonKey(&c.j, "a");
  pt2eJsonInt(&c.j, 1);
  pt2eJsonKey(&c.j, "b");
  pt2eJsonBeginArray(&c.j);
  pt2eJsonEndArray(&c.j);
  pt2eJsonEndObject(&c.j);
  pt2eJsonEndArray(&c.j);
  assert_string_equal(captureText(&c), "[\n  {\n    \"a\": 1,\n    \"b\": []\n  }\n]");

  /* An empty list stays on one line. */
  captureStart(&c, 1);
  pt2eJsonBeginArray(&c.j);
  pt2eJsonEndArray(&c.j);
  assert_string_equal(captureText(&c), "[]");
}

static void testEscapes(void **state) {
  (void)state;
  Capture c;
  assert_string_equal(stringText(&c, "a\"b\\c/d", 7), "\"a\\\"b\\\\c/d\"");
  assert_string_equal(stringText(&c, "\b\f\n\r\t", 5), "\"\\b\\f\\n\\r\\t\"");
  /* Every other control character, NUL included, as \u00XX; DEL is left. */
  for (int ch = 0; ch < 0x20; ch++) {
    if (strchr("\b\f\n\r\t", ch) && ch != 0)
      continue;
    char in = (char)ch, want[16];
    snprintf(want, sizeof want, "\"\\u%04x\"", ch);
    assert_string_equal(stringText(&c, &in, 1), want);
  }
  assert_string_equal(stringText(&c, "\x7f", 1), "\"\x7f\"");
  /* Keys are escaped the same way. */
  captureStart(&c, 0);
  pt2eJsonBeginObject(&c.j);
  pt2eJsonKey(&c.j, "k\"\n");
  pt2eJsonInt(&c.j, 0);
  pt2eJsonEndObject(&c.j);
  assert_string_equal(captureText(&c), "{\"k\\\"\\n\": 0}");
}

static void testUtf8(void **state) {
  (void)state;
  Capture c;
  /* Well-formed: 2, 3 and 4 bytes, the ends of the ranges. */
  const char *good[] = {"\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x98\x80", "\xc2\x80",
                        "\xdf\xbf", "\xe0\xa0\x80", "\xed\x9f\xbf", "\xee\x80\x80",
                        "\xef\xbf\xbf", "\xf0\x90\x80\x80", "\xf4\x8f\xbf\xbf"};
  for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
    char want[16];
    snprintf(want, sizeof want, "\"%s\"", good[i]);
    assert_string_equal(stringText(&c, good[i], strlen(good[i])), want);
  }
  /* Not UTF-8: each maximal bad part is one U+FFFD, what follows is kept. */
  struct { const char *in, *want; } bad[] = {
      {"\x80", "\"\\ufffd\""},                   /* a lone continuation byte */
      {"\xc0\x80", "\"\\ufffd\\ufffd\""},        /* overlong: C0 never leads */
      {"\xc1\xbf", "\"\\ufffd\\ufffd\""},
      {"\xe0\x80\x80", "\"\\ufffd\\ufffd\\ufffd\""}, /* overlong 3 bytes */
      {"\xed\xa0\x80", "\"\\ufffd\\ufffd\\ufffd\""}, /* a surrogate, U+D800 */
      {"\xf0\x80\x80\x80", "\"\\ufffd\\ufffd\\ufffd\\ufffd\""},
      {"\xf4\x90\x80\x80", "\"\\ufffd\\ufffd\\ufffd\\ufffd\""}, /* > U+10FFFF */
      {"\xf5", "\"\\ufffd\""},
      {"\xff", "\"\\ufffd\""},
      {"\xc3", "\"\\ufffd\""},                   /* cut at the end */
      {"\xe2\x82", "\"\\ufffd\""},
      {"\xc3" "A", "\"\\ufffdA\""},              /* cut by ASCII */
      {"\xe2\x82\"", "\"\\ufffd\\\"\""},         /* cut by a quote, escaped */
      {"\xc3\xc3\xa9", "\"\\ufffd\xc3\xa9\""},   /* cut by a new lead */
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
    assert_string_equal(stringText(&c, bad[i].in, strlen(bad[i].in)), bad[i].want);
}

/* Chunks split anywhere give the text of the whole string. */
static void testChunks(void **state) {
  (void)state;
  const char *s = "a\xf0\x9f\x98\x80" "b\xc3\xa9\xff\xe2\x82" "c\"\xe2\x82\xac";
  size_t n = strlen(s);
  Capture whole;
  static char want[sizeof whole.text];
  memcpy(want, stringText(&whole, s, n), sizeof want);
  assert_string_equal(want, "\"a\xf0\x9f\x98\x80" "b\xc3\xa9\\ufffd\\ufffdc\\\"\xe2\x82\xac\"");
  for (size_t cut1 = 0; cut1 <= n; cut1++) {
    for (size_t cut2 = cut1; cut2 <= n; cut2++) {
      Capture c;
      captureStart(&c, 0);
      pt2eJsonStringBegin(&c.j);
      pt2eJsonStringChunk(&c.j, s, cut1);
      pt2eJsonStringChunk(&c.j, s + cut1, cut2 - cut1);
      pt2eJsonStringChunk(&c.j, s + cut2, n - cut2);
      pt2eJsonStringEnd(&c.j);
      assert_string_equal(captureText(&c), want);
    }
  }
}

/* RFC 8259: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? */
static bool isJsonNumber(const char *s) {
  if (*s == '-')
    s++;
  if (*s == '0')
    s++;
  else if (*s >= '1' && *s <= '9')
    while (*s >= '0' && *s <= '9')
      s++;
  else
    return false;
  if (*s == '.') {
    s++;
    if (!(*s >= '0' && *s <= '9'))
      return false;
    while (*s >= '0' && *s <= '9')
      s++;
  }
  if (*s == 'e' || *s == 'E') {
    s++;
    if (*s == '+' || *s == '-')
      s++;
    if (!(*s >= '0' && *s <= '9'))
      return false;
    while (*s >= '0' && *s <= '9')
      s++;
  }
  return *s == '\0';
}

static const char *f32Text(Capture *c, float v) {
  captureStart(c, 0);
  pt2eJsonF32(&c->j, v);
  return captureText(c);
}

static const char *f64Text(Capture *c, double v) {
  captureStart(c, 0);
  pt2eJsonF64(&c->j, v);
  return captureText(c);
}

static void checkF32(float v) {
  Capture c;
  const char *t = f32Text(&c, v);
  assert_true(isJsonNumber(t));
  float back = strtof(t, NULL);
  assert_memory_equal(&back, &v, sizeof v);
}

static void checkF64(double v) {
  Capture c;
  const char *t = f64Text(&c, v);
  assert_true(isJsonNumber(t));
  double back = strtod(t, NULL);
  assert_memory_equal(&back, &v, sizeof v);
}

static void testNumbers(void **state) {
  (void)state;
  Capture c;
  assert_string_equal(f32Text(&c, 0.0078125f), "0.0078125");
  assert_string_equal(f32Text(&c, 0.1f), "0.100000001");
  assert_string_equal(f32Text(&c, -0.0f), "-0");
  assert_string_equal(f32Text(&c, 1e-5f), "9.99999975e-06");
  assert_string_equal(f64Text(&c, 0.5), "0.5");
  captureStart(&c, 0);
  pt2eJsonBeginArray(&c.j);
  pt2eJsonInt(&c.j, INT64_MIN);
  pt2eJsonInt(&c.j, INT64_MAX);
  pt2eJsonEndArray(&c.j);
  assert_string_equal(captureText(&c), "[-9223372036854775808, 9223372036854775807]");
  /* Non-finite values are strings (protobuf's JSON mapping). */
  assert_string_equal(f32Text(&c, NAN), "\"NaN\"");
  assert_string_equal(f32Text(&c, INFINITY), "\"Infinity\"");
  assert_string_equal(f32Text(&c, -INFINITY), "\"-Infinity\"");
  assert_string_equal(f64Text(&c, -NAN), "\"NaN\"");
  assert_string_equal(f64Text(&c, -(double)INFINITY), "\"-Infinity\"");
  /* Extremes, subnormals, and a stream of bit patterns read back exactly. */
  float edges[] = {1.17549435e-38f, 1.4e-45f, 3.40282347e38f, -3.40282347e38f, 1.0f,
                   16777217.0f, 1e10f, 123456789.0f};
  for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++)
    checkF32(edges[i]);
  checkF64(4.9e-324);
  checkF64(1.7976931348623157e308);
  checkF64(0.1);
  uint64_t x = 0x9e3779b97f4a7c15ull;
  for (int i = 0; i < 20000; i++) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    uint32_t bits = (uint32_t)(x >> 32);
    float f;
    memcpy(&f, &bits, sizeof f);
    if (isfinite(f))
      checkF32(f);
    double d;
    uint64_t dbits = x ^ (x >> 29);
    memcpy(&d, &dbits, sizeof d);
    if (isfinite(d))
      checkF64(d);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(testLayout),
      cmocka_unit_test(testEscapes),
      cmocka_unit_test(testUtf8),
      cmocka_unit_test(testChunks),
      cmocka_unit_test(testNumbers),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
