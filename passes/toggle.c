/*
** toggle.c
** pt2e-toggle: switches observers and fake quantization on or off on every
** pt2e.fake_quant in the module, like torchao's
** model.apply(enable_observer / disable_observer / enable_fake_quant /
** disable_fake_quant).
**
**   pt2e-toggle{observer=off}
**   "pt2e.fake_quant"(%x) {observer_enabled = true, fake_quant_enabled = true, ...}
**     becomes
**   "pt2e.fake_quant"(%x) {observer_enabled = false, fake_quant_enabled = true, ...}
**
** An option left out leaves that switch as it is. pt2e.observer ops have no
** switches and are left alone. Every fake_quant is verified, with its
** calibrated attributes (pt2e_calibrated.h), before the first one changes,
** so a bad op fails the pass with the IR untouched. The specs are not read
** (a switch does not depend on them), so the qparams are checked for their
** kinds and lengths only.
*/
#include "pt2e_passes.h"

#include "mlir-c/IR.h"

#include "pt2e_calibrated.h"
#include "pt2e_dialect.h"
#include "pt2e_support.h"

enum { OptObserver, OptFakeQuant, NumOptions };

static const Pt2eOptionDecl toggleOptions[NumOptions] = {
    [OptObserver] = {"observer", Pt2eOptionBool,
                     "on|off: set observer_enabled (left as is when absent)",
                     NULL, false},
    [OptFakeQuant] = {"fake-quant", Pt2eOptionBool,
                      "on|off: set fake_quant_enabled (left as is when absent)",
                      NULL, false},
};

typedef struct ToggleState {
  PT2E_VEC(MlirOperation) ops; /* the module's pt2e.fake_quant ops, in walk order */
  bool failed;        /* an op failed verification or memory ran out */
} ToggleState;

static MlirWalkResult collectFakeQuant(MlirOperation op, void *userData) {
  ToggleState *st = userData;
  if (!pt2eIsFakeQuant(op))
    return MlirWalkResultAdvance;
  if (mlirLogicalResultIsFailure(pt2eVerifyQuantOp(op)) ||
      mlirLogicalResultIsFailure(pt2eCalibratedVerifyOp(op, NULL, "pt2e-toggle"))) {
    st->failed = true;
    return MlirWalkResultInterrupt;
  }
  if (!PT2E_PUSH(st->ops, op)) {
    pt2eOutOfMemory(mlirOperationGetLocation(op), "'pt2e-toggle'");
    st->failed = true;
    return MlirWalkResultInterrupt;
  }
  return MlirWalkResultAdvance;
}

static MlirLogicalResult toggleRun(MlirOperation module,
                                   const Pt2eOptionValue *options) {
  ToggleState st = {{NULL, 0, 0}, false};
  if (mlirLogicalResultIsFailure(pt2eDialectRequire(
          mlirOperationGetContext(module), mlirOperationGetLocation(module),
          "pt2e-toggle")))
    return mlirLogicalResultFailure();

  mlirOperationWalk(module, collectFakeQuant, &st, MlirWalkPreOrder);
  if (!st.failed) {
    for (size_t i = 0; i < st.ops.size; i++) {
      if (options[OptObserver].isSet)
        pt2eFakeQuantSetSwitch(st.ops.at[i], Pt2eSwitchObserver,
                               options[OptObserver].boolValue);
      if (options[OptFakeQuant].isSet)
        pt2eFakeQuantSetSwitch(st.ops.at[i], Pt2eSwitchFakeQuant,
                               options[OptFakeQuant].boolValue);
    }
  }
  pt2eFree(st.ops.at);
  return st.failed ? mlirLogicalResultFailure() : mlirLogicalResultSuccess();
}

const Pt2ePassDecl pt2eTogglePass = {
    .argument = "pt2e-toggle",
    .name = "Pt2eToggle",
    .summary = "Switch observers and fake quantization of every "
               "pt2e.fake_quant on or off",
    .anchorOp = "builtin.module",
    .options = toggleOptions,
    .numOptions = NumOptions,
    .dependentDialects = NULL,
    .numDependentDialects = 0,
    .run = toggleRun,
};
