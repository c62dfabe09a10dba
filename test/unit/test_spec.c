/*
** test_spec.c
** Unit tests for quantization specs as attributes
** (dialect_bindings/pt2e_spec.c): defaults, the four kinds, the canonical
** form and its round trip, and the error messages of bad specs.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"

#include "pt2e_pass.h"
#include "pt2e_passes.h"
#include "pt2e_spec.h"
#include "support.h"

typedef UnitFixture Fixture;

static int groupSetup(void **state) { return unitFixtureSetup(state, 0); }

#define groupTeardown unitFixtureTeardown
#define clearDiag unitClearDiag

static MlirAttribute attr(Fixture *fx, const char *text) {
  MlirAttribute a =
      mlirAttributeParseGet(fx->ctx, mlirStringRefCreateFromCString(text));
  assert_false(mlirAttributeIsNull(a));
  return a;
}

static MlirLogicalResult parse(Fixture *fx, const char *text, Pt2eSpec *out) {
  return pt2eSpecParse(attr(fx, text), mlirLocationUnknownGet(fx->ctx),
                       "'spec'", out);
}

/* Parses 'text', which must fail, and checks the message. */
static void expectError(Fixture *fx, const char *text, const char *message) {
  Pt2eSpec spec;
  fx->diag[0] = '\0';
  assert_true(mlirLogicalResultIsFailure(parse(fx, text, &spec)));
  assert_string_equal(fx->diag, message);
}

static void testQuantSpecGetsTorchaoDefaults(void **state) {
  Fixture *fx = *state;
  Pt2eSpec s;
  assert_true(mlirLogicalResultIsSuccess(
      parse(fx, "{observer = \"minmax\", dtype = ui8}", &s)));
  assert_int_equal(s.kind, Pt2eSpecQuant);
  assert_int_equal(s.quant.dtype, Pt2eDTypeUInt8);
  assert_int_equal(s.quant.quantMin, 0);
  assert_int_equal(s.quant.quantMax, 255);
  assert_int_equal(s.quant.qscheme, Pt2eQSchemePerTensorAffine);
  assert_true(s.quant.eps == 0x1p-23f); /* torch.finfo(torch.float32).eps */
  assert_false(s.quant.isDynamic);
  assert_int_equal(s.quant.observer, Pt2eObserverMinMax);
}

static void testHistogramAndMovingAverageParameters(void **state) {
  Fixture *fx = *state;
  Pt2eSpec s;
  assert_true(mlirLogicalResultIsSuccess(parse(
      fx, "{observer = \"histogram\", dtype = i8, eps = 2.44140625e-4 : f32}",
      &s)));
  assert_int_equal(s.quant.bins, 2048);
  assert_true(s.quant.eps == 0x1p-12f);
  assert_true(mlirLogicalResultIsSuccess(parse(
      fx,
      "{observer = \"moving_average_per_channel_minmax\", dtype = i8, "
      "qscheme = \"per_channel_symmetric\", ch_axis = 1, "
      "averaging_constant = 0.5}",
      &s)));
  assert_true(s.quant.averagingConstant == 0.5f);
  assert_int_equal(s.quant.chAxis, 1);
}

static void testSharedDerivedAndFixedKinds(void **state) {
  Fixture *fx = *state;
  Pt2eSpec s;
  assert_true(mlirLogicalResultIsSuccess(
      parse(fx, "{shared = {op = \"conv\", operand = 2}}", &s)));
  assert_int_equal(s.kind, Pt2eSpecShared);
  assert_int_equal(s.shared.kind, Pt2eRefOperand);
  assert_int_equal(s.shared.index, 2);
  assert_int_equal(s.shared.op.length, 4);

  assert_true(mlirLogicalResultIsSuccess(parse(
      fx,
      "{derived_from = [{operand = 0}, {result = 0}], dtype = i32, "
      "qscheme = \"per_tensor_symmetric\"}",
      &s)));
  assert_int_equal(s.kind, Pt2eSpecDerived);
  assert_int_equal(s.numSources, 2);
  assert_int_equal(s.sources[1].kind, Pt2eRefResult);
  assert_int_equal(s.quant.quantMin, INT32_MIN);
  assert_int_equal(s.derive, Pt2eDeriveMulScales);

  assert_true(mlirLogicalResultIsSuccess(parse(
      fx,
      "{fixed = {scale = 0.0078125 : f32, zero_point = 128}, dtype = ui8}",
      &s)));
  assert_int_equal(s.kind, Pt2eSpecFixed);
  assert_true(s.fixedScale == 0.0078125f);
  assert_int_equal(s.fixedZeroPoint, 128);
}

/* The canonical form spells every default and parses back to equal C. */
static void testCanonicalFormRoundTrips(void **state) {
  Fixture *fx = *state;
  static const char *const specs[] = {
      "{observer = \"histogram\", dtype = i8, eps = 2.44140625e-4 : f32}",
      "{observer = \"per_channel_minmax\", dtype = i8, quant_min = -127, "
      "qscheme = \"per_channel_symmetric\", ch_axis = 3}",
      "{observer = \"moving_average_minmax\", dtype = i16, is_dynamic = true}",
      "{observer = \"placeholder\", dtype = ui16}",
      "{fixed = {scale = 0.00390625 : f32, zero_point = -128}, dtype = i8}",
      "{derived_from = [\"activation_post_process_0\", "
      "\"activation_post_process_1\"], dtype = i32, "
      "qscheme = \"per_channel_symmetric\", ch_axis = 0}",
  };
  for (size_t i = 0; i < sizeof specs / sizeof *specs; i++) {
    Pt2eSpec a, b;
    assert_true(mlirLogicalResultIsSuccess(parse(fx, specs[i], &a)));
    MlirAttribute canon = pt2eSpecToAttr(fx->ctx, &a);
    assert_true(mlirLogicalResultIsSuccess(pt2eSpecParse(
        canon, mlirLocationUnknownGet(fx->ctx), "'spec'", &b)));
    assert_true(mlirAttributeEqual(canon, pt2eSpecToAttr(fx->ctx, &b)));
    assert_int_equal(a.kind, b.kind);
    assert_int_equal(a.quant.quantMin, b.quant.quantMin);
    assert_int_equal(a.quant.quantMax, b.quant.quantMax);
    assert_true(a.quant.eps == b.quant.eps || a.kind != Pt2eSpecQuant);
  }
}

static void testCanonicalFormSpellsDefaults(void **state) {
  Fixture *fx = *state;
  Pt2eSpec s;
  assert_true(mlirLogicalResultIsSuccess(
      parse(fx, "{observer = \"histogram\", dtype = i8}", &s)));
  MlirAttribute expect = attr(
      fx, "{bins = 2048, dtype = i8, eps = 1.1920928955078125e-07 : f32, "
          "is_dynamic = false, observer = \"histogram\", "
          "qscheme = \"per_tensor_affine\", quant_max = 127, "
          "quant_min = -128}");
  assert_true(mlirAttributeEqual(pt2eSpecToAttr(fx->ctx, &s), expect));
}

static void testBadSpecsNameTheProblem(void **state) {
  Fixture *fx = *state;
  expectError(fx, "{observer = \"minmax\", dtype = i8, quant_min = -200}",
              "'spec': 'quant_min' -200 is outside the range of i8 "
              "[-128, 127]");
  expectError(fx, "{observer = \"minmax\", dtype = i8, quant_max = 300}",
              "'spec': 'quant_max' 300 is outside the range of i8 "
              "[-128, 127]");
  expectError(fx, "{observer = \"minmax\", dtype = i8, quant_min = 3, "
                  "quant_max = 2}",
              "'spec': 'quant_min' 3 is greater than 'quant_max' 2");
  expectError(fx, "{observer = \"minmax\"}", "'spec': missing 'dtype'");
  expectError(fx, "{observer = \"minmax\", dtype = i64}",
              "'spec': 'dtype' must be one of the types i8, ui8, i16, ui16, "
              "i4, i32");
  /* an i4 spec's range lies inside [-8, 7] */
  expectError(fx, "{observer = \"minmax\", dtype = i4, quant_min = -9}",
              "'spec': 'quant_min' -9 is outside the range of i4 [-8, 7]");
  expectError(fx, "{observer = \"minmax\", dtype = i8, bins = 10}",
              "'spec': 'bins' is not a parameter of observer 'minmax'");
  expectError(fx, "{observer = \"histogram\", dtype = i8, "
                  "averaging_constant = 0.1}",
              "'spec': 'averaging_constant' is not a parameter of observer "
              "'histogram'");
  expectError(fx, "{observer = \"minmax\", dtype = i8, ch_axis = 0}",
              "'spec': 'ch_axis' needs a per-channel or per-group qscheme, not "
              "'per_tensor_affine'");
  expectError(fx, "{observer = \"minmax\", dtype = i8, eps = 0.0}",
              "'spec': 'eps' must be positive");
  expectError(fx, "{observer = \"minmax\", dtype = i8, qscheme = \"dyn\"}",
              "'spec': unknown qscheme 'dyn' (expected one of: "
              "per_tensor_affine, per_tensor_symmetric, per_channel_affine, "
              "per_channel_symmetric, per_group_affine, per_group_symmetric, "
              "per_group_float_zero, per_group_float_zero_plain)");
  /* per-group specs (torchao's block-wise quantization) */
  expectError(fx, "{observer = \"minmax\", dtype = i8, group_size = 32}",
              "'spec': 'group_size' needs a per-group qscheme, not "
              "'per_tensor_affine'");
  expectError(fx, "{observer = \"per_group_minmax\", dtype = i4, "
                  "qscheme = \"per_group_symmetric\", ch_axis = 1, "
                  "group_size = -32}",
              "'spec': 'group_size' must not be negative (0: the whole axis), "
              "got -32");
  /* tinygemm's float zero point: q - mid stored in a centred range */
  expectError(fx, "{observer = \"per_group_minmax\", dtype = i4, "
                  "qscheme = \"per_group_float_zero\", ch_axis = 1, "
                  "group_size = 32, quant_min = -4, quant_max = 7}",
              "'spec': qscheme 'per_group_float_zero' stores q - mid in a "
              "range centred on 0 (quant_min = -mid, mid = (quant_max - "
              "quant_min + 1) / 2; i4: [-8, 7]), "
              "got [-4, 7]");
  expectError(fx, "{observer = \"per_group_minmax\", dtype = i4}",
              "'spec': observer 'per_group_minmax' does not support qscheme "
              "'per_tensor_affine'");
  expectError(fx, "{observer = \"per_channel_minmax\", dtype = i8, "
                  "qscheme = \"per_group_symmetric\"}",
              "'spec': observer 'per_channel_minmax' does not support qscheme "
              "'per_group_symmetric'");
  expectError(fx, "{shared = {operand = 0, result = 0}}",
              "'spec': 'shared' needs exactly one of 'operand' or 'result'");
  expectError(fx, "{shared = {result = 1}}",
              "'spec': 'shared' may only name result 0, got result 1");
  expectError(fx, "{shared = {operand = 0}, dtype = i8}",
              "'spec': unknown key 'dtype' in a shared spec (it has only "
              "'shared')");
  expectError(fx, "{derived_from = [], dtype = i32}",
              "'spec': 'derived_from' must be a non-empty array of "
              "references");
  expectError(fx, "{derived_from = [{operand = 0}], derive = \"add\", "
                  "dtype = i32}",
              "'spec': unknown derive 'add' (expected one of: mul_scales)");
  expectError(fx, "{fixed = {scale = 0.5}, dtype = i8}",
              "'spec': 'fixed' needs both 'scale' and 'zero_point'");
  expectError(fx, "{fixed = {scale = 0.5, zero_point = 0}, dtype = i8, "
                  "qscheme = \"per_channel_affine\"}",
              "'spec': a fixed spec needs a per-tensor qscheme, not "
              "'per_channel_affine'");
  expectError(fx, "[1, 2]", "'spec': a spec must be a dictionary");
}

/* Every kind of quant_spec.c's table parses, and prints its own parameters. */
static void testEveryObserverKindOfTheTableRoundTrips(void **state) {
  Fixture *fx = *state;
  for (int i = 0; i < pt2eObserverKindCount(); i++) {
    const Pt2eObserverKindInfo *k = pt2eObserverKindInfo((Pt2eObserverKind)i);
    char text[200];
    Pt2eSpec s;
    snprintf(text, sizeof text, "{observer = \"%s\", dtype = i8%s}", k->name,
             k->perChannel ? ", qscheme = \"per_channel_affine\""
             : k->perGroup ? ", qscheme = \"per_group_affine\", ch_axis = 1, "
                             "group_size = 32"
                           : "");
    assert_true(mlirLogicalResultIsSuccess(parse(fx, text, &s)));
    assert_int_equal(s.quant.observer, i);
    assert_true(s.quant.eps == k->eps);
    MlirAttribute canon = pt2eSpecToAttr(fx->ctx, &s);
    MlirStringRef bins = mlirStringRefCreateFromCString("bins");
    MlirStringRef avg = mlirStringRefCreateFromCString("averaging_constant");
    assert_int_equal(!mlirAttributeIsNull(
                         mlirDictionaryAttrGetElementByName(canon, bins)),
                     k->hasBins);
    assert_int_equal(!mlirAttributeIsNull(
                         mlirDictionaryAttrGetElementByName(canon, avg)),
                     k->movingAverage);
  }
}

/*
** pt2e-annotate's activation-observer option names, in its --help text,
** every observer kind an activation may take: the per-tensor rows of the
** table (its acceptance and its error text are built from the table).
*/
static void testActivationObserverHelpListsThePerTensorKinds(void **state) {
  const char *help = NULL;
  int listed = 0, perTensor = 0;
  (void)state;
  for (size_t i = 0; i < pt2eAnnotatePass.numOptions; i++)
    if (strcmp(pt2eAnnotatePass.options[i].name, "activation-observer") == 0)
      help = pt2eAnnotatePass.options[i].description;
  assert_non_null(help);
  /* "observer of every activation spec: a, b, c (default: the config's)" */
  const char *p = strstr(help, ": "), *end = strstr(help, " (");
  assert_true(p != NULL && end != NULL && p < end);
  for (p += 2; p < end; listed++) {
    size_t n = strcspn(p, ",");
    if (p + n > end)
      n = (size_t)(end - p);
    int k = 0;
    while (k < pt2eObserverKindCount() &&
           !(strlen(pt2eObserverKindName((Pt2eObserverKind)k)) == n &&
             strncmp(p, pt2eObserverKindName((Pt2eObserverKind)k), n) == 0))
      k++;
    assert_true(k < pt2eObserverKindCount());
    assert_false(pt2eObserverKindInfo((Pt2eObserverKind)k)->perChannel);
    assert_false(pt2eObserverKindInfo((Pt2eObserverKind)k)->perGroup);
    p += n + (p + n < end ? 2 : 0);
  }
  for (int k = 0; k < pt2eObserverKindCount(); k++)
    perTensor += !pt2eObserverKindInfo((Pt2eObserverKind)k)->perChannel &&
                 !pt2eObserverKindInfo((Pt2eObserverKind)k)->perGroup;
  assert_int_equal(listed, perTensor);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup(testQuantSpecGetsTorchaoDefaults, clearDiag),
      cmocka_unit_test_setup(testHistogramAndMovingAverageParameters,
                             clearDiag),
      cmocka_unit_test_setup(testSharedDerivedAndFixedKinds, clearDiag),
      cmocka_unit_test_setup(testCanonicalFormRoundTrips, clearDiag),
      cmocka_unit_test_setup(testCanonicalFormSpellsDefaults, clearDiag),
      cmocka_unit_test_setup(testBadSpecsNameTheProblem, clearDiag),
      cmocka_unit_test_setup(testEveryObserverKindOfTheTableRoundTrips,
                             clearDiag),
      cmocka_unit_test(testActivationObserverHelpListsThePerTensorKinds),
  };
  return cmocka_run_group_tests_name("spec", tests, groupSetup,
                                     groupTeardown);
}
