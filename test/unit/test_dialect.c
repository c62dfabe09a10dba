/*
** test_dialect.c
** Unit tests for the pt2e dialect helpers (dialect_bindings/pt2e_dialect.c):
** loading the IRDL file through the C API, building ops, reading and
** writing the fake-quant switches, and the checks IRDL cannot express.
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

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(testIrdlFileRegistersBothOps),
      cmocka_unit_test_setup(testObserverCreateBuildsAVerifiedOp, clearDiagnostics),
      cmocka_unit_test_setup(testFakeQuantStartsWithBothSwitchesOnAndUnitQParams, clearDiagnostics),
      cmocka_unit_test_setup(testVerifyRejectsIntegerTensorAtTheOpLocation, clearDiagnostics),
      cmocka_unit_test_setup(testFakeQuantCreateFailsCleanlyWhenMemoryRunsOut, clearDiagnostics),
  };
  return cmocka_run_group_tests_name("dialect", tests, groupSetup, groupTeardown);
}
