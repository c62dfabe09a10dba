/*
** test_pass_options.c
** Unit tests for pass option parsing (passes/pass_options.c).
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "pt2e_pass.h"

static const Pt2eOptionDecl boolOpt = {"observer", Pt2eOptionBool, "", NULL, false};
static const Pt2eOptionDecl intOpt = {"bins", Pt2eOptionInt, "", NULL, false};
static const Pt2eOptionDecl floatOpt = {"eps", Pt2eOptionFloat, "", NULL, false};
static const Pt2eOptionDecl stringOpt = {"data", Pt2eOptionString, "", NULL, false};

static bool parse(const Pt2eOptionDecl *decl, const char *text,
                  Pt2eOptionValue *v, char *err) {
  memset(v, 0, sizeof *v);
  return pt2eOptionParse(decl, mlirStringRefCreateFromCString(text), v, err, 256);
}

static void testBoolAcceptsOnOffTrueFalseOneZero(void **state) {
  (void)state;
  static const char *const on[] = {"on", "true", "1"};
  static const char *const off[] = {"off", "false", "0"};
  Pt2eOptionValue v;
  char err[256];
  for (int i = 0; i < 3; i++) {
    assert_true(parse(&boolOpt, on[i], &v, err));
    assert_true(v.boolValue);
    assert_true(parse(&boolOpt, off[i], &v, err));
    assert_false(v.boolValue);
  }
}

static void testBoolRejectsOtherWordsNamingTheOption(void **state) {
  (void)state;
  Pt2eOptionValue v;
  char err[256];
  assert_false(parse(&boolOpt, "yes please", &v, err));
  assert_string_equal(err, "option 'observer' expects a bool (on/off, "
                           "true/false, 1/0), got 'yes please'");
  assert_false(parse(&boolOpt, "ON", &v, err));
  assert_false(parse(&boolOpt, "", &v, err));
}

static void testIntParsesWholeTextOnly(void **state) {
  (void)state;
  Pt2eOptionValue v;
  char err[256];
  assert_true(parse(&intOpt, "-2048", &v, err));
  assert_int_equal(v.intValue, -2048);
  assert_false(parse(&intOpt, "12abc", &v, err));
  assert_string_equal(err, "option 'bins' expects an integer, got '12abc'");
  assert_false(parse(&intOpt, " 12", &v, err));
  assert_false(parse(&intOpt, "1.5", &v, err));
  assert_false(parse(&intOpt, "99999999999999999999999", &v, err));
}

static void testFloatAcceptsDecimalAndHexButNotInfinity(void **state) {
  (void)state;
  Pt2eOptionValue v;
  char err[256];
  assert_true(parse(&floatOpt, "0.01", &v, err));
  assert_true(v.floatValue == 0.01);
  assert_true(parse(&floatOpt, "0x1p-12", &v, err));
  assert_true(v.floatValue == 1.0 / 4096.0);
  assert_false(parse(&floatOpt, "inf", &v, err));
  assert_false(parse(&floatOpt, "nan", &v, err));
  assert_false(parse(&floatOpt, "1e999", &v, err));
  assert_string_equal(err, "option 'eps' expects a finite number, got '1e999'");
}

static void testStringKeepsTextAsIs(void **state) {
  (void)state;
  Pt2eOptionValue v;
  char err[256];
  assert_true(parse(&stringOpt, "calib.npz", &v, err));
  assert_int_equal(v.stringValue.length, 9);
  assert_memory_equal(v.stringValue.data, "calib.npz", 9);
}

static void testEveryPassHasUniqueArgumentAndRunFunction(void **state) {
  (void)state;
  size_t n = 0;
  const Pt2ePassDecl *const *decls = pt2eGetPassDecls(&n);
  assert_true(n >= 1);
  for (size_t i = 0; i < n; i++) {
    assert_non_null(decls[i]->run);
    assert_int_equal(strncmp(decls[i]->argument, "pt2e-", 5), 0);
    for (size_t j = 0; j < i; j++)
      assert_string_not_equal(decls[i]->argument, decls[j]->argument);
    /* defaults must themselves be valid values of their kind */
    for (size_t k = 0; k < decls[i]->numOptions; k++) {
      const Pt2eOptionDecl *o = &decls[i]->options[k];
      Pt2eOptionValue v;
      char err[256];
      if (o->defaultValue && o->kind != Pt2eOptionList)
        assert_true(parse(o, o->defaultValue, &v, err));
    }
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(testBoolAcceptsOnOffTrueFalseOneZero),
      cmocka_unit_test(testBoolRejectsOtherWordsNamingTheOption),
      cmocka_unit_test(testIntParsesWholeTextOnly),
      cmocka_unit_test(testFloatAcceptsDecimalAndHexButNotInfinity),
      cmocka_unit_test(testStringKeepsTextAsIs),
      cmocka_unit_test(testEveryPassHasUniqueArgumentAndRunFunction),
  };
  return cmocka_run_group_tests_name("pass_options", tests, NULL, NULL);
}
