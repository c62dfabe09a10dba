/*
** test_dialect.c
** Unit tests for the pt2e dialect helpers (dialect_bindings/pt2e_dialect.c):
** loading the IRDL file through the C API, building ops, reading and
** writing the fake-quant switches, and the checks IRDL cannot express; the
** accessors of the pt2e attributes ('instance', the annotation, the
** calibrated writers) and the observer-message helper.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/Dialect/Func.h"
#include "mlir-c/Dialect/IRDL.h"
#include "mlir-c/IR.h"

#include "pt2e_annotation.h"
#include "pt2e_calibrated.h"
#include "pt2e_dialect.h"
#include "pt2e_support.h"
#include "support.h"

typedef UnitFixture Fixture;

static int groupSetup(void **state) {
  return unitFixtureSetup(state, UNIT_FUNC | UNIT_PT2E);
}

#define groupTeardown unitFixtureTeardown
#define clearDiagnostics unitClearDiag

static MlirModule parse(Fixture *fx, const char *text) {
  return mlirModuleCreateParse(fx->ctx, mlirStringRefCreateFromCString(text));
}

/* The first op named 'name' in 'module' (depth-first), or null. */
typedef struct Find { const char *name; MlirOperation found; } Find;
static MlirWalkResult findOp(MlirOperation op, void *userData) {
  Find *f = userData;
  if (pt2eStringRefIs(mlirIdentifierStr(mlirOperationGetName(op)), f->name)) {
    f->found = op;
    return MlirWalkResultInterrupt;
  }
  return MlirWalkResultAdvance;
}
static MlirOperation first(MlirModule m, const char *name) {
  Find f = {name, {NULL}};
  mlirOperationWalk(mlirModuleGetOperation(m), findOp, &f, MlirWalkPreOrder);
  return f.found;
}

static void testIrdlFileRegistersBothOps(void **state) {
  Fixture *fx = *state;
  assert_true(pt2eDialectIsLoaded(fx->ctx));
  MlirContext bare = mlirContextCreate();
  assert_false(pt2eDialectIsLoaded(bare));
  mlirContextDestroy(bare);
}

static void testObserverCreateBuildsAVerifiedOp(void **state) {
  Fixture *fx = *state;
  MlirModule m = parse(fx, "func.func @f(%x: tensor<2x3xf32>) { return }");
  assert_false(mlirModuleIsNull(m));
  MlirOperation func = first(m, "func.func");
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  MlirValue x = mlirBlockGetArgument(entry, 0);
  MlirLocation loc = mlirLocationUnknownGet(fx->ctx);
  MlirAttribute spec = mlirDictionaryAttrGet(fx->ctx, 0, NULL);
  MlirOperation obs = pt2eObserverOpCreate(
      loc, x, mlirStringRefCreateFromCString("activation_post_process_0"), spec);
  mlirBlockInsertOwnedOperation(entry, 0, obs);
  assert_true(mlirOperationVerify(mlirModuleGetOperation(m)));
  assert_true(pt2eIsObserver(obs));
  assert_false(pt2eIsFakeQuant(obs));
  assert_true(pt2eStringRefIs(pt2eQuantOpGetName(obs), "activation_post_process_0"));
  assert_true(mlirTypeEqual(mlirValueGetType(mlirOperationGetResult(obs, 0)),
                            mlirValueGetType(x)));
  assert_true(mlirLogicalResultIsSuccess(pt2eVerifyQuantOp(obs)));
  mlirModuleDestroy(m);
}

static void testFakeQuantStartsWithBothSwitchesOnAndUnitQParams(void **state) {
  Fixture *fx = *state;
  MlirModule m = parse(fx, "func.func @f(%x: tensor<8x3xf32>) { return }");
  MlirOperation func = first(m, "func.func");
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  MlirOperation fq = pt2eFakeQuantOpCreate(
      mlirLocationUnknownGet(fx->ctx), mlirBlockGetArgument(entry, 0),
      mlirStringRefCreateFromCString("w"), mlirDictionaryAttrGet(fx->ctx, 0, NULL), 8);
  mlirBlockInsertOwnedOperation(entry, 0, fq);
  assert_true(mlirOperationVerify(mlirModuleGetOperation(m)));
  assert_true(pt2eFakeQuantGetSwitch(fq, Pt2eSwitchObserver));
  assert_true(pt2eFakeQuantGetSwitch(fq, Pt2eSwitchFakeQuant));
  MlirAttribute scale = mlirOperationGetAttributeByName(fq, mlirStringRefCreateFromCString("scale"));
  MlirAttribute zp = mlirOperationGetAttributeByName(fq, mlirStringRefCreateFromCString("zero_point"));
  assert_int_equal(mlirDenseArrayGetNumElements(scale), 8);
  for (intptr_t i = 0; i < 8; i++) {
    assert_true(mlirDenseF32ArrayGetElement(scale, i) == 1.0f);
    assert_int_equal(mlirDenseI64ArrayGetElement(zp, i), 0);
  }
  pt2eFakeQuantSetSwitch(fq, Pt2eSwitchObserver, false);
  assert_false(pt2eFakeQuantGetSwitch(fq, Pt2eSwitchObserver));
  assert_true(pt2eFakeQuantGetSwitch(fq, Pt2eSwitchFakeQuant));
  mlirModuleDestroy(m);
}

static void testVerifyRejectsIntegerTensorAtTheOpLocation(void **state) {
  Fixture *fx = *state;
  MlirModule m = parse(fx,
      "func.func @f(%x: tensor<4xi8>) -> tensor<4xi8> {\n"
      "  %0 = \"pt2e.observer\"(%x) {name = \"a\", spec = {}} : (tensor<4xi8>) -> tensor<4xi8> loc(\"model.py\":7:3)\n"
      "  return %0 : tensor<4xi8>\n}");
  assert_false(mlirModuleIsNull(m));
  MlirOperation obs = first(m, "pt2e.observer");
  assert_true(mlirLogicalResultIsFailure(pt2eVerifyQuantOp(obs)));
  assert_non_null(strstr(fx->diag, "'pt2e.observer' expects a ranked tensor of floats"));
  mlirModuleDestroy(m);
}

static void testFakeQuantCreateFailsCleanlyWhenMemoryRunsOut(void **state) {
  Fixture *fx = *state;
  MlirModule m = parse(fx, "func.func @f(%x: tensor<8xf32>) { return }");
  MlirOperation func = first(m, "func.func");
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  pt2eAllocFailAfter(0);
  MlirOperation fq = pt2eFakeQuantOpCreate(
      mlirLocationUnknownGet(fx->ctx), mlirBlockGetArgument(entry, 0),
      mlirStringRefCreateFromCString("w"), mlirDictionaryAttrGet(fx->ctx, 0, NULL), 8);
  pt2eAllocFailAfter(-1);
  assert_true(mlirOperationIsNull(fq));
  mlirModuleDestroy(m);
}

/* Two observers of one instance: the second names the first. */
static const char *const sharedPair =
    "func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
    "  %0 = \"pt2e.observer\"(%x) {name = \"a\", spec = {}} : (tensor<4xf32>) -> tensor<4xf32>\n"
    "  %1 = \"pt2e.observer\"(%0) {name = \"b\", spec = {}, instance = \"a\"} : (tensor<4xf32>) -> tensor<4xf32>\n"
    "  return %1 : tensor<4xf32>\n}";

static MlirOperation observerNamed(MlirModule m, const char *name) {
  MlirOperation op = first(m, "pt2e.observer");
  while (!mlirOperationIsNull(op) && !pt2eStringRefIs(pt2eQuantOpGetName(op), name))
    op = mlirOperationGetNextInBlock(op);
  assert_false(mlirOperationIsNull(op));
  return op;
}

static void testInstanceResolvesToTheFirstOp(void **state) {
  Fixture *fx = *state;
  MlirModule m = parse(fx, sharedPair);
  MlirOperation a = observerNamed(m, "a"), b = observerNamed(m, "b");
  assert_int_equal(pt2eQuantOpGetInstance(a).length, 0);
  assert_true(pt2eStringRefIs(pt2eQuantOpResolveInstance(a), "a"));
  assert_true(pt2eStringRefIs(pt2eQuantOpGetInstance(b), "a"));
  assert_true(pt2eStringRefIs(pt2eQuantOpResolveInstance(b), "a"));
  pt2eQuantOpSetInstance(a, mlirStringAttrGet(fx->ctx, mlirStringRefCreateFromCString("b")));
  assert_true(pt2eStringRefIs(pt2eQuantOpResolveInstance(a), "b"));
  mlirModuleDestroy(m);
}

static void testQuantOpErrorNamesTheObserver(void **state) {
  Fixture *fx = *state;
  MlirModule m = parse(fx, sharedPair);
  MlirOperation b = observerNamed(m, "b");
  assert_true(mlirLogicalResultIsFailure(
      pt2eQuantOpEmitError(b, "pt2e-x", " has %d scales", 3)));
  assert_string_equal(fx->diag, "'pt2e-x': observer 'b' has 3 scales");
  fx->diag[0] = '\0';
  pt2eQuantOpEmitError(b, NULL, ": %s", "went wrong");
  assert_string_equal(fx->diag, "observer 'b': went wrong");
  mlirModuleDestroy(m);
}

static void testCalibratedWritersReadBack(void **state) {
  Fixture *fx = *state;
  MlirModule m = parse(fx, sharedPair);
  MlirOperation a = observerNamed(m, "a");
  const float scales[2] = {0.5f, 0.25f}, lo[2] = {-1, -2}, hi[2] = {1, 2};
  const float bins[3] = {1, 0, 4};
  const int64_t zps[2] = {3, -4};
  pt2eCalibratedWriteQParams(a, 2, scales, zps);
  pt2eCalibratedWriteStats(a, 2, lo, hi, 3, bins);
  Pt2eCalibratedQParams q;
  Pt2eCalibratedStats st;
  Pt2eCalibratedError err;
  assert_true(pt2eCalibratedReadQParams(a, NULL, &q, &err));
  assert_int_equal(q.n, 2);
  assert_true(pt2eCalibratedScale(&q, 1) == 0.25f);
  assert_int_equal(pt2eCalibratedZeroPoint(&q, 1), -4);
  assert_true(pt2eCalibratedReadStats(a, NULL, &st, &err));
  assert_true(st.present);
  assert_int_equal(st.numChannels, 2);
  assert_int_equal(st.numBins, 3);
  assert_true(pt2eCalibratedStatsMax(&st, 1) == 2.0f);
  assert_true(pt2eCalibratedStatsBin(&st, 2) == 4.0f);
  pt2eCalibratedWriteStats(a, 1, lo, hi, 0, NULL); /* no histogram */
  assert_true(pt2eCalibratedReadStats(a, NULL, &st, &err));
  assert_int_equal(st.numBins, 0);
  mlirModuleDestroy(m);
}

static MlirAttribute parseAttr(Fixture *fx, const char *text) {
  MlirAttribute a = mlirAttributeParseGet(fx->ctx, mlirStringRefCreateFromCString(text));
  assert_false(mlirAttributeIsNull(a));
  return a;
}

static void testAnnotationReadsBackWhatSetWrites(void **state) {
  Fixture *fx = *state;
  MlirModule m = parse(fx, sharedPair);
  MlirOperation ret = first(m, "func.return");
  assert_null(pt2eAnnotationGet(ret).ptr);
  MlirAttribute spec = parseAttr(fx, "{dtype = i8}");
  pt2eAnnotationSet(ret, 1, &spec, mlirAttributeGetNull());
  Pt2eAnnotation ann;
  assert_true(mlirLogicalResultIsSuccess(pt2eAnnotationRead(ret, &ann)));
  assert_int_equal(ann.numInputs, 1);
  assert_true(mlirAttributeEqual(pt2eAnnotationInput(&ann, 0), spec));
  assert_true(mlirAttributeIsNull(ann.output));
  assert_true(ann.implicitSharing);
  assert_false(pt2eAnnotationHasOutput(ret));
  MlirOperation a = observerNamed(m, "a");
  pt2eAnnotationSet(a, 0, NULL, spec);
  assert_true(pt2eAnnotationHasOutput(a));
  pt2eOpSetId(a, mlirStringAttrGet(fx->ctx, mlirStringRefCreateFromCString("conv")));
  assert_true(pt2eStringRefIs(mlirStringAttrGetValue(pt2eOpGetId(a)), "conv"));
  mlirModuleDestroy(m);
}

/* Sets 'text' as the return op's annotation and expects 'message'. */
static void expectAnnotationError(Fixture *fx, const char *text, const char *message) {
  MlirModule m = parse(fx, sharedPair);
  MlirOperation ret = first(m, "func.return");
  mlirOperationSetAttributeByName(ret, mlirStringRefCreateFromCString(PT2E_ATTR_ANNOTATION),
                                  parseAttr(fx, text));
  fx->diag[0] = '\0';
  Pt2eAnnotation ann;
  assert_true(mlirLogicalResultIsFailure(pt2eAnnotationRead(ret, &ann)));
  if (!strstr(fx->diag, message))
    fail_msg("expected '%s', got '%s'", message, fx->diag);
  mlirModuleDestroy(m);
}

static void testAnnotationReadNamesTheProblem(void **state) {
  Fixture *fx = *state;
  expectAnnotationError(fx, "[1]", "'pt2e.annotation' must be a dictionary "
                                   "{inputs = [...], output = {...}}");
  expectAnnotationError(fx, "{foo = 1}", "unknown key 'foo' in 'pt2e.annotation' "
                                         "(expected 'inputs', 'output', "
                                         "'allow_implicit_sharing')");
  expectAnnotationError(fx, "{allow_implicit_sharing = 1}",
                        "'allow_implicit_sharing' in 'pt2e.annotation' must be "
                        "true or false");
  expectAnnotationError(fx, "{inputs = 1}", "'inputs' in 'pt2e.annotation' must "
                                            "be an array of specs or 'unit'");
  expectAnnotationError(fx, "{inputs = [unit, unit]}",
                        "'pt2e.annotation' has 2 inputs but the op has only 1 "
                        "operands");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(testIrdlFileRegistersBothOps),
      cmocka_unit_test_setup(testObserverCreateBuildsAVerifiedOp, clearDiagnostics),
      cmocka_unit_test_setup(testFakeQuantStartsWithBothSwitchesOnAndUnitQParams, clearDiagnostics),
      cmocka_unit_test_setup(testVerifyRejectsIntegerTensorAtTheOpLocation, clearDiagnostics),
      cmocka_unit_test_setup(testFakeQuantCreateFailsCleanlyWhenMemoryRunsOut, clearDiagnostics),
      cmocka_unit_test_setup(testInstanceResolvesToTheFirstOp, clearDiagnostics),
      cmocka_unit_test_setup(testQuantOpErrorNamesTheObserver, clearDiagnostics),
      cmocka_unit_test_setup(testCalibratedWritersReadBack, clearDiagnostics),
      cmocka_unit_test_setup(testAnnotationReadsBackWhatSetWrites, clearDiagnostics),
      cmocka_unit_test_setup(testAnnotationReadNamesTheProblem, clearDiagnostics),
  };
  return cmocka_run_group_tests_name("dialect", tests, groupSetup, groupTeardown);
}
