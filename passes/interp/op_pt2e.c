/*
** op_pt2e.c
** The pt2e ops in the interpreter: pt2e.observer and pt2e.fake_quant pass
** their input to the caller's hooks (calibration observes and fake-quantizes
** there); without a fake-quant hook a fake_quant applies the qparams it
** holds.
*/
#include "ops.h"

#include "mlir-c/BuiltinAttributes.h"

#include "pt2e_calibrated.h"
#include "pt2e_checked.h"
#include "pt2e_dialect.h"
#include "pt2e_spec.h"
#include "pt2e_support.h"
#include "qparams.h"

/*
** An observer of a constant (a weight) whose update only takes min and max
** (MinMax, PerChannelMinMax): observing the same values again cannot change
** its state, bit for bit, so after the first complete run it is skipped.
** Every other kind (Histogram counts, moving averages) sees every run.
*/
static bool onlyMinMax(const Instr *in) {
  MlirAttribute a = mlirOperationGetAttributeByName(
      in->op, mlirStringRefCreateFromCString(PT2E_ATTR_SPEC));
  Pt2eSpec spec;
  if (mlirAttributeIsNull(a) ||
      mlirLogicalResultIsFailure(pt2eSpecParse(a, mlirOperationGetLocation(in->op),
                                               "spec", &spec)))
    return false;
  return spec.kind == Pt2eSpecQuant &&
         (spec.quant.observer == Pt2eObserverMinMax ||
          spec.quant.observer == Pt2eObserverPerChannelMinMax);
}

static MlirLogicalResult execObserver(Exec *ex, const Instr *in) {
  Pt2eTensor *x = ex->slots[in->operands[0]].tensor;
  const Pt2eInterpHooks *h = &ex->interp->hooks;
  /* in->data marks an observer that only takes min and max (onlyMinMax);
  ** whether its input is constant is known once the program is planned */
  bool repeat = in->data && in->constantInputs && ex->program->warm;
  if (h->observe && !repeat &&
      mlirLogicalResultIsFailure(h->observe(h->userData, in->op, x)))
    return mlirLogicalResultFailure();
  ex->slots[in->results[0]].tensor = pt2eTensorRetain(x);
  return mlirLogicalResultSuccess();
}

/*
** Without hooks a pt2e.fake_quant is torchao's FakeQuantize with a frozen
** observer: it fake-quantizes with the scale / zero_point written on the op
** when fake_quant_enabled is true (through the numerics' pt2eFakeQuantApply,
** as pt2e-calibrate does), and is the identity otherwise. Those attributes
** are read and checked through pt2e_calibrated.h.
*/
typedef struct FakeQuantData {
  bool enabled;
  Pt2eQuantSpec quant; /* what pt2eFakeQuantApply reads: range, qscheme, axis */
  int64_t n;
  float *scales;
  int64_t *zeroPoints;
} FakeQuantData;

static void freeFakeQuantData(void *p) {
  FakeQuantData *d = p;
  if (!d)
    return;
  pt2eFree(d->scales);
  pt2eFree(d->zeroPoints);
  pt2eFree(d);
}

static MlirLogicalResult execFakeQuant(Exec *ex, const Instr *in) {
  Pt2eTensor *x = ex->slots[in->operands[0]].tensor;
  const Pt2eInterpHooks *h = &ex->interp->hooks;
  const FakeQuantData *d = in->data;
  Pt2eTensor *y = NULL;
  if (h->fakeQuant) {
    if (mlirLogicalResultIsFailure(h->fakeQuant(h->userData, in->op, x, &y)))
      return mlirLogicalResultFailure();
  } else if (!d->enabled) {
    y = pt2eTensorRetain(x);
  } else { /* compileFakeQuant checked the qparams against the tensor */
    y = pt2eTensorCreate(x->type, x->rank, x->shape);
    if (!y)
      return pt2eInterpOutOfMemory(in->op);
    if (pt2eFakeQuantApply(&d->quant, x->data, x->shape, x->rank, d->scales,
                           d->zeroPoints, d->n, y->data) != Pt2eNumOk) {
      pt2eTensorRelease(y);
      return pt2eEmitOpError(in->op, NULL, "has per-channel qparams that do "
                             "not match the tensor's channel axis");
    }
  }
  ex->slots[in->results[0]].tensor = y;
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult compileFakeQuant(CompileCtx *cc, Instr *in) {
  MlirOperation op = in->op;
  FakeQuantData *d = pt2eAlloc(sizeof *d);
  if (!d)
    return pt2eInterpOutOfMemory(op);
  in->data = d;
  in->freeData = freeFakeQuantData;
  in->exec = execFakeQuant;
  d->enabled = pt2eFakeQuantGetSwitch(op, Pt2eSwitchFakeQuant);
  Pt2eSpec spec;
  if (mlirLogicalResultIsFailure(pt2eSpecParse(
          mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(PT2E_ATTR_SPEC)),
          mlirOperationGetLocation(op), "spec", &spec)))
    return mlirLogicalResultFailure();
  Pt2eCalibratedQParams q;
  Pt2eCalibratedError err;
  if (!pt2eCalibratedReadQParams(op, &spec, &q, &err))
    return pt2eCalibratedEmitError(op, NULL, &err);
  d->n = q.n;
  size_t scaleBytes, zpBytes;
  if (pt2eCheckedBytes(d->n, sizeof *d->scales, &scaleBytes) &&
      pt2eCheckedBytes(d->n, sizeof *d->zeroPoints, &zpBytes)) {
    d->scales = pt2eAlloc(scaleBytes);
    d->zeroPoints = pt2eAlloc(zpBytes);
  }
  if (!d->scales || !d->zeroPoints)
    return pt2eInterpOutOfMemory(op);
  pt2eCalibratedCopyQParams(&q, d->scales, d->zeroPoints);
  d->quant = spec.quant;
  /* only a QuantizationSpec quantizes per channel; the others use their
     first scale and zero point over the whole tensor */
  if (spec.kind != Pt2eSpecQuant && pt2eQSchemeIsPerChannel(d->quant.qscheme))
    d->quant.qscheme = Pt2eQSchemePerTensorAffine;
  if (spec.kind == Pt2eSpecDerived)
    d->enabled = false; /* torchao's derived observer is the identity */
  /* Without a fake-quant hook the op quantizes with what it holds, which
     must then fit the tensor and the spec; with calibration hooks the first
     batch resizes the scales as torch does, and the hook checks them. */
  if (d->enabled && !cc->interp->hooks.fakeQuant &&
      !pt2eCalibratedCheckQuantize(mlirValueGetType(mlirOperationGetOperand(op, 0)),
                                   &spec, (intptr_t)d->n, d->scales,
                                   d->zeroPoints, &err))
    return pt2eCalibratedEmitError(op, NULL, &err);
  return mlirLogicalResultSuccess();
}

MlirLogicalResult pt2eCompilePt2eQuantOp(CompileCtx *cc, Instr *in) {
  if (mlirLogicalResultIsFailure(pt2eVerifyQuantOp(in->op)))
    return mlirLogicalResultFailure();
  if (pt2eIsFakeQuant(in->op))
    return compileFakeQuant(cc, in);
  in->exec = execObserver;
  in->data = onlyMinMax(in) ? (void *)in : NULL; /* a mark, owns nothing */
  return mlirLogicalResultSuccess();
}
