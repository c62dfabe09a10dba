/*
** op_pt2e.c
** The pt2e ops in the interpreter: pt2e.observer and pt2e.fake_quant pass
** their input to the caller's hooks (calibration observes and fake-quantizes
** there); without a fake-quant hook a fake_quant applies the qparams it
** holds.
*/
#include "ops.h"

#include <string.h>

#include "mlir-c/BuiltinAttributes.h"

#include "broadcast.h"
#include "pt2e_calibrated.h"
#include "pt2e_checked.h"
#include "pt2e_dialect.h"
#include "pt2e_spec.h"
#include "pt2e_support.h"
#include "groups.h"
#include "qparams.h"

/*
** An observer of a constant (a weight) whose update only takes min and max
** (MinMax, PerChannelMinMax): observing the same values again cannot change
** its state, bit for bit, so after the first complete run it is skipped.
** Every other kind (Histogram counts, moving averages) sees every run.
*/
static bool onlyMinMax(const Instr *in, Pt2eSpec *spec) {
  MlirAttribute a = mlirOperationGetAttributeByName(
      in->op, mlirStringRefCreateFromCString(PT2E_ATTR_SPEC));
  if (mlirAttributeIsNull(a) ||
      mlirLogicalResultIsFailure(pt2eSpecParse(a, mlirOperationGetLocation(in->op),
                                               "spec", spec)))
    return false;
  return spec->kind == Pt2eSpecQuant &&
         (spec->quant.observer == Pt2eObserverMinMax ||
          spec->quant.observer == Pt2eObserverPerChannelMinMax ||
          spec->quant.observer == Pt2eObserverPerGroupMinMax);
}

/*
** What an observer knows once compiled. An observer that only takes min
** and max of a pure broadcast (torch-mlir's linear on a 3-D input observes
** its weight broadcast over 128 tokens: 100 MB for a transformer layer),
** when nothing reads its result (the batch_matmul reads the weight itself),
** observes the broadcast's source instead, viewed with the broadcast's
** dimensions at size 1: every channel holds the same values, so the same
** min and max, and the broadcast never runs.
*/
typedef struct ObserverData {
  bool onlyMinMax;
  int sourceSlot; /* the broadcast's source, or -1 */
  int viewRank;
  int64_t viewShape[PT2E_MAX_RANK];
  bool viewing; /* operand 0 was rewired to sourceSlot */
} ObserverData;

static MlirLogicalResult execObserver(Exec *ex, const Instr *in) {
  const ObserverData *d = in->data;
  Pt2eTensor *x = ex->slots[in->operands[0]].tensor;
  const Pt2eInterpHooks *h = &ex->interp->hooks;
  /* whether its input is constant is known once the program is planned */
  bool repeat = d->onlyMinMax && in->constantInputs && ex->program->warm;
  Pt2eTensor view = *x; /* the source as the broadcast's shape, unbroadcast */
  if (d->viewing) {
    view.rank = d->viewRank;
    memcpy(view.shape, d->viewShape, sizeof view.shape);
  }
  if (h->observe && !repeat &&
      mlirLogicalResultIsFailure(h->observe(h->userData, in->op, d->viewing ? &view : x)))
    return mlirLogicalResultFailure();
  ex->slots[in->results[0]].tensor = pt2eTensorRetain(x); /* unread if viewing */
  return mlirLogicalResultSuccess();
}

static void observeSourceWhenUnread(Instr *in) {
  ObserverData *d = in->data;
  if (d->sourceSlot < 0)
    return;
  in->operands[0] = d->sourceSlot;
  d->viewing = true;
}

/* Fills the view of a broadcast's source for 'd', when the observer may
** take it: min/max only, the source's dimensions in the broadcast's order,
** a per-channel axis that is not one the broadcast adds. */
static void planBroadcastView(CompileCtx *cc, Instr *in, const Pt2eSpec *spec,
                              ObserverData *d) {
  int dimOf[PT2E_MAX_RANK], sr = 0;
  d->sourceSlot = -1;
  MlirValue x = mlirOperationGetOperand(in->op, 0);
  MlirValue src = pt2eBroadcastSource(x, dimOf, &sr);
  int slot = mlirValueIsNull(src) ? -1 : cc->slotOf(cc, src);
  /* a per-group observer's groups are those of the broadcast shape */
  if (!d->onlyMinMax || slot < 0 || pt2eQSchemeIsPerGroup(spec->quant.qscheme))
    return;
  const SlotInfo *xi = &cc->program->slots[in->operands[0]];
  const SlotInfo *si = &cc->program->slots[slot];
  if (!xi->isTensor || !si->isTensor || si->type != xi->type || si->rank != sr)
    return;
  bool kept[PT2E_MAX_RANK] = {false};
  for (int s = 0; s < sr; s++) {
    if ((s > 0 && dimOf[s] <= dimOf[s - 1]) || si->shape[s] != xi->shape[dimOf[s]])
      return;
    kept[dimOf[s]] = true;
  }
  int64_t axis = spec->quant.chAxis < 0 ? spec->quant.chAxis + xi->rank : spec->quant.chAxis;
  if (pt2eQSchemeIsPerChannel(spec->quant.qscheme) &&
      (axis < 0 || axis >= xi->rank || !kept[axis]))
    return;
  d->viewRank = xi->rank;
  for (int r = 0; r < xi->rank; r++)
    d->viewShape[r] = kept[r] ? xi->shape[r] : 1;
  d->sourceSlot = slot;
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

/* The op's calibrated qparams (as 'spec' reads them), copied into d's
** scales and zero points. */
static MlirLogicalResult copyQParams(MlirOperation op, const Pt2eSpec *spec,
                                     FakeQuantData *d) {
  Pt2eCalibratedQParams q;
  Pt2eCalibratedError err;
  if (!pt2eCalibratedReadQParams(op, spec, &q, &err))
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
  if (mlirLogicalResultIsFailure(copyQParams(op, &spec, d)))
    return mlirLogicalResultFailure();
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
  Pt2eCalibratedError err;
  if (d->enabled && !cc->interp->hooks.fakeQuant &&
      !pt2eCalibratedCheckQuantize(mlirValueGetType(mlirOperationGetOperand(op, 0)),
                                   &spec, (intptr_t)d->n, d->scales,
                                   d->zeroPoints, &err))
    return pt2eCalibratedEmitError(op, NULL, &err);
  return mlirLogicalResultSuccess();
}

/*
** pt2e.dynamic_qdq: the qparams of the tensor itself, chosen when it runs
** (groups.h: per tensor as PT2E's choose_qparams.tensor, per token as
** torchao's choose_qparams_affine), then quantize and dequantize.
*/
typedef struct DynamicData {
  Pt2eQuantSpec quant;
} DynamicData;

static MlirLogicalResult execDynamicQdq(Exec *ex, const Instr *in) {
  const DynamicData *d = in->data;
  const Pt2eTensor *x = ex->slots[in->operands[0]].tensor;
  Pt2eGroups g;
  int64_t flat = x->numel;
  bool ok = pt2eQSchemeIsPerGroup(d->quant.qscheme)
                ? pt2eGroupsOf(x->shape, x->rank, d->quant.chAxis,
                               d->quant.groupSize, &g)
                : pt2eGroupsOf(&flat, 1, 0, 0, &g); /* one group */
  if (!ok)
    return pt2eEmitOpError(in->op, NULL, "group_size %lld does not divide "
                           "dimension %lld of the tensor",
                           (long long)d->quant.groupSize,
                           (long long)d->quant.chAxis);
  Pt2eTensor *y = pt2eTensorCreate(Pt2eElemF32, x->rank, x->shape);
  float *buf = pt2eAlloc((size_t)g.count * 3 * sizeof(float));
  int64_t *zps = pt2eAlloc((size_t)g.count * sizeof(int64_t));
  MlirLogicalResult r = mlirLogicalResultSuccess();
  if (!y || !buf || !zps) {
    r = pt2eInterpOutOfMemory(in->op);
  } else if (x->numel > 0 &&
             pt2eGroupsDynamicQdq(&d->quant, &g, x->data, y->data, buf, zps,
                                  buf + g.count, buf + 2 * g.count) < 0) {
    r = pt2eEmitOpError(in->op, NULL, "a group holds NaN: choose_qparams "
                        "fails on it (min should be less than or equal to "
                        "max)");
  }
  pt2eFree(buf);
  pt2eFree(zps);
  if (mlirLogicalResultIsFailure(r)) {
    pt2eTensorRelease(y);
    return r;
  }
  ex->slots[in->results[0]].tensor = y;
  return mlirLogicalResultSuccess();
}

MlirLogicalResult pt2eCompilePt2eDynamicQdq(CompileCtx *cc, Instr *in) {
  const SlotInfo *a = &cc->program->slots[in->operands[0]];
  if (!a->isTensor || a->type != Pt2eElemF32)
    return pt2eEmitOpError(in->op, NULL, "expects an f32 tensor");
  Pt2eSpec spec;
  MlirAttribute attr = mlirOperationGetAttributeByName(
      in->op, mlirStringRefCreateFromCString(PT2E_ATTR_SPEC));
  if (mlirAttributeIsNull(attr))
    return pt2eEmitOpError(in->op, NULL, "needs a 'spec'");
  if (mlirLogicalResultIsFailure(pt2eSpecParse(attr, mlirOperationGetLocation(in->op),
                                               "spec", &spec)))
    return mlirLogicalResultFailure();
  if (spec.kind != Pt2eSpecQuant || !spec.quant.isDynamic ||
      pt2eQSchemeIsPerChannel(spec.quant.qscheme))
    return pt2eEmitOpError(in->op, NULL, "needs a dynamic per-tensor or "
                           "per-group spec (is_dynamic = true)");
  if (pt2eQSchemeIsPerGroup(spec.quant.qscheme) &&
      (spec.quant.chAxis >= a->rank))
    return pt2eEmitOpError(in->op, NULL, "has ch_axis %lld, outside a tensor "
                           "of rank %d", (long long)spec.quant.chAxis, a->rank);
  DynamicData *d = pt2eAlloc(sizeof *d);
  if (!d)
    return pt2eInterpOutOfMemory(in->op);
  d->quant = spec.quant;
  in->data = d;
  in->freeData = pt2eFree;
  in->exec = execDynamicQdq;
  return mlirLogicalResultSuccess();
}

MlirLogicalResult pt2eCompilePt2eQuantOp(CompileCtx *cc, Instr *in) {
  if (mlirLogicalResultIsFailure(pt2eVerifyQuantOp(in->op)))
    return mlirLogicalResultFailure();
  if (pt2eIsFakeQuant(in->op))
    return compileFakeQuant(cc, in);
  ObserverData *d = pt2eAlloc(sizeof *d);
  if (!d)
    return pt2eInterpOutOfMemory(in->op);
  in->data = d;
  in->freeData = pt2eFree;
  in->exec = execObserver;
  Pt2eSpec spec;
  d->onlyMinMax = onlyMinMax(in, &spec);
  planBroadcastView(cc, in, &spec, d);
  in->whenResultsUnread = observeSourceWhenUnread;
  return mlirLogicalResultSuccess();
}
