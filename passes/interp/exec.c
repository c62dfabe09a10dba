/*
** exec.c
** Tensors, the run loop, and the few ops that are neither arith, linalg nor
** tensor: func.call, cf.assert, and the pt2e ops (through the hooks).
**
** A run owns one Slot per SSA value. Each instruction writes its result
** slots; afterwards the slots whose last use it was are released, so an
** intermediate tensor lives exactly as long as it is needed.
*/
#include "interp_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include "pt2e_calibrated.h"
#include "pt2e_checked.h"
#include "pt2e_dialect.h"
#include "pt2e_spec.h"
#include "qparams.h"
#include "pt2e_support.h"

/* {====================================================================
** Tensors
** ===================================================================== */

size_t pt2eElemSize(Pt2eElemType type) {
  switch (type) {
  case Pt2eElemF32: return 4;
  case Pt2eElemF64: return 8;
  case Pt2eElemI1: return 1;
  case Pt2eElemI8: return 1;
  case Pt2eElemI16: return 2;
  case Pt2eElemI32: return 4;
  case Pt2eElemI64: return 8;
  }
  return 1;
}

/* A tensor header with its shape filled in and no data yet (refs = 1). */
static Pt2eTensor *newHeader(Pt2eElemType type, int rank, const int64_t *shape) {
  if (rank < 0 || rank > PT2E_INTERP_MAX_RANK)
    return NULL;
  Pt2eTensor *t = pt2eAlloc(sizeof *t);
  if (!t)
    return NULL;
  t->type = type;
  t->rank = rank;
  for (int i = 0; i < rank; i++)
    t->shape[i] = shape[i];
  /* The compiler refuses types this large; a caller building a shape at run
  ** time gets NULL, never a wrapped count (pt2e_checked.h). */
  if (!pt2eCheckedNumel(rank, shape, &t->numel)) {
    pt2eFree(t);
    return NULL;
  }
  t->refs = 1;
  return t;
}

Pt2eTensor *pt2eTensorCreate(Pt2eElemType type, int rank, const int64_t *shape) {
  Pt2eTensor *t = newHeader(type, rank, shape);
  if (!t)
    return NULL;
  size_t bytes = 0;
  t->data = pt2eCheckedBytes(t->numel, pt2eElemSize(type), &bytes)
                ? pt2eAlloc(bytes ? bytes : 1)
                : NULL;
  if (!t->data) {
    pt2eFree(t);
    return NULL;
  }
  return t;
}

Pt2eTensor *pt2eTensorCreateBorrowed(Pt2eElemType type, int rank,
                                     const int64_t *shape, const void *data) {
  Pt2eTensor *t = newHeader(type, rank, shape);
  if (!t)
    return NULL;
  t->data = (void *)data; /* never written: see Pt2eTensor */
  t->borrowed = true;
  return t;
}

Pt2eTensor *pt2eTensorRetain(Pt2eTensor *t) {
  if (t)
    t->refs++;
  return t;
}

void pt2eTensorRelease(Pt2eTensor *t) {
  if (!t || --t->refs > 0)
    return;
  if (!t->borrowed)
    pt2eFree(t->data);
  pt2eFree(t);
}

Pt2eScalar pt2eTensorLoad(const Pt2eTensor *t, int64_t i) {
  Pt2eScalar v;
  v.i = 0;
  switch (t->type) {
  case Pt2eElemF32: v.f32 = ((const float *)t->data)[i]; break;
  case Pt2eElemF64: v.f64 = ((const double *)t->data)[i]; break;
  case Pt2eElemI1: v.i = ((const uint8_t *)t->data)[i] & 1; break;
  case Pt2eElemI8: v.i = ((const int8_t *)t->data)[i]; break;
  case Pt2eElemI16: v.i = ((const int16_t *)t->data)[i]; break;
  case Pt2eElemI32: v.i = ((const int32_t *)t->data)[i]; break;
  case Pt2eElemI64: v.i = ((const int64_t *)t->data)[i]; break;
  }
  return v;
}

void pt2eTensorStore(Pt2eTensor *t, int64_t i, Pt2eScalar v) {
  switch (t->type) {
  case Pt2eElemF32: ((float *)t->data)[i] = v.f32; break;
  case Pt2eElemF64: ((double *)t->data)[i] = v.f64; break;
  case Pt2eElemI1: ((uint8_t *)t->data)[i] = (uint8_t)(v.i & 1); break;
  case Pt2eElemI8: ((int8_t *)t->data)[i] = (int8_t)v.i; break;
  case Pt2eElemI16: ((int16_t *)t->data)[i] = (int16_t)v.i; break;
  case Pt2eElemI32: ((int32_t *)t->data)[i] = (int32_t)v.i; break;
  case Pt2eElemI64: ((int64_t *)t->data)[i] = v.i; break;
  }
}

bool pt2eTensorMatchesType(const Pt2eTensor *t, MlirType type, char *msg,
                           size_t msgSize) {
  SlotInfo want, got;
  if (!pt2eSlotInfoFromType(type, &want) || !want.isTensor) {
    snprintf(msg, msgSize, "the interpreter cannot take this argument type");
    return false;
  }
  memset(&got, 0, sizeof got);
  got.isTensor = true;
  got.type = t->type;
  got.rank = t->rank;
  memcpy(got.shape, t->shape, sizeof got.shape);
  bool same = want.type == got.type && want.rank == got.rank;
  for (int i = 0; same && i < want.rank; i++)
    same = want.shape[i] == got.shape[i];
  if (!same) {
    char a[128], b[128];
    pt2eSlotInfoFormat(&want, a, sizeof a);
    pt2eSlotInfoFormat(&got, b, sizeof b);
    snprintf(msg, msgSize, "expected %s, got %s", a, b);
  }
  return same;
}

/* }==================================================================== */

/* {====================================================================
** Running a program
** ===================================================================== */

static void releaseSlot(Slot *s) {
  pt2eTensorRelease(s->tensor);
  s->tensor = NULL;
}

static double monotonicSeconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Adds one run of 'op' to the profile (kept per op name). */
static void profileAdd(Pt2eInterp *interp, MlirOperation op, double seconds) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  int i = 0;
  while (i < interp->numProf && !mlirStringRefEqual(interp->prof[i].name, name))
    i++;
  if (i == interp->numProf) {
    if (interp->numProf == interp->capProf) {
      int cap = interp->capProf ? 2 * interp->capProf : 16;
      struct ProfileEntry *e = pt2eRealloc(interp->prof, (size_t)cap * sizeof *e);
      if (!e)
        return;
      interp->prof = e;
      interp->capProf = cap;
    }
    interp->prof[i].name = name;
    interp->prof[i].seconds = 0;
    interp->prof[i].runs = 0;
    interp->numProf++;
  }
  interp->prof[i].seconds += seconds;
  interp->prof[i].runs++;
}

static int bySecondsDescending(const void *a, const void *b) {
  double x = ((const struct ProfileEntry *)a)->seconds;
  double y = ((const struct ProfileEntry *)b)->seconds;
  return (x < y) - (x > y);
}

static void profilePrint(Pt2eInterp *interp) {
  double total = 0;
  for (int i = 0; i < interp->numProf; i++)
    total += interp->prof[i].seconds;
  qsort(interp->prof, (size_t)interp->numProf, sizeof *interp->prof,
        bySecondsDescending);
  fprintf(stderr, "pt2e interpreter profile (%.3f s in ops):\n", total);
  for (int i = 0; i < interp->numProf; i++)
    fprintf(stderr, "  %8.3f s %5.1f%% %7ld  %.*s\n", interp->prof[i].seconds,
            100.0 * interp->prof[i].seconds / (total > 0 ? total : 1),
            interp->prof[i].runs, (int)interp->prof[i].name.length,
            interp->prof[i].name.data);
}

/* The op failed because the live-memory limit refused an allocation: say
** so once (the op itself reported running out of memory). */
static void liveLimitError(Pt2eInterp *interp, MlirOperation op) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  interp->limitReported = true;
  pt2eEmitError(mlirOperationGetLocation(op),
                "'%.*s': the interpreter would hold more than its limit of "
                "%lld MiB at once (it holds %lld MiB; raise the limit with "
                "max-live-mb)", (int)name.length, name.data,
                (long long)(interp->limits.maxLiveBytes >> 20),
                (long long)(pt2eAllocLiveBytes() >> 20));
}

/* Runs 'p' on borrowed 'args'; on success 'results' hold owned values. */
static MlirLogicalResult runSlots(Pt2eInterp *interp, const Program *p,
                                  const Slot *args, Slot *results) {
  Exec ex = {interp, p, pt2eAlloc((size_t)p->numSlots * sizeof(Slot))};
  if (!ex.slots)
    return pt2eEmitError(mlirOperationGetLocation(p->func),
                         "interpreter ran out of memory");
  for (int i = 0; i < p->numArgs; i++) {
    ex.slots[p->argSlots[i]] = args[i];
    pt2eTensorRetain(args[i].tensor);
  }
  bool ok = true;
  for (int i = 0; i < p->numInstrs && ok; i++) {
    const Instr *in = &p->code[i];
    double t0 = interp->profile ? monotonicSeconds() : 0;
    size_t refused = pt2eAllocLimitHits();
    ok = mlirLogicalResultIsSuccess(in->exec(&ex, in));
    if (!ok && pt2eAllocLimitHits() != refused && !interp->limitReported)
      liveLimitError(interp, in->op);
    for (int k = 0; k < in->numRelease; k++)
      releaseSlot(&ex.slots[in->release[k]]);
    if (interp->profile)
      profileAdd(interp, in->op, monotonicSeconds() - t0);
  }
  for (int k = 0; ok && k < p->numResults; k++) {
    results[k] = ex.slots[p->resultSlots[k]];
    pt2eTensorRetain(results[k].tensor);
  }
  for (int s = 0; s < p->numSlots; s++)
    releaseSlot(&ex.slots[s]);
  pt2eFree(ex.slots);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

Pt2eInterp *pt2eInterpCreate(MlirOperation func, const Pt2eInterpHooks *hooks) {
  Pt2eInterp *interp = pt2eAlloc(sizeof *interp);
  if (!interp) {
    pt2eEmitError(mlirOperationGetLocation(func), "interpreter ran out of memory");
    return NULL;
  }
  if (hooks)
    interp->hooks = *hooks;
  interp->limits = pt2eInterpDefaultLimits();
  interp->fastPaths = true;
  interp->entry = pt2eProgramCompile(interp, func);
  if (!interp->entry) {
    pt2eInterpDestroy(interp);
    return NULL;
  }
  return interp;
}

void pt2eInterpDestroy(Pt2eInterp *interp) {
  if (!interp)
    return;
  pt2eProgramDestroy(interp->entry);
  for (int i = 0; i < interp->numCallees; i++)
    pt2eProgramDestroy(interp->callees[i].program);
  pt2eFree(interp->callees);
  for (int i = 0; i < interp->numGlobals; i++)
    pt2eTensorRelease(interp->globals[i].value);
  pt2eFree(interp->globals);
  if (interp->profile && interp->numProf)
    profilePrint(interp);
  pt2eFree(interp->prof);
  if (!mlirOperationIsNull(interp->lowered))
    mlirOperationDestroy(interp->lowered);
  pt2eFree(interp);
}

/* The op with symbol 'name' directly inside 'module', or null. */
static MlirOperation findSymbol(MlirOperation module, MlirStringRef name) {
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation o = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o)) {
    MlirAttribute sym = mlirOperationGetAttributeByName(
        o, mlirSymbolTableGetSymbolAttributeName());
    if (!mlirAttributeIsNull(sym) &&
        mlirStringRefEqual(mlirStringAttrGetValue(sym), name))
      return o;
  }
  return (MlirOperation){NULL};
}

/* The func.func named 'name' directly inside 'module', or null. */
static MlirOperation findFunc(MlirOperation module, MlirStringRef name) {
  MlirOperation o = findSymbol(module, name);
  if (!mlirOperationIsNull(o) &&
      !pt2eStringRefIs(mlirIdentifierStr(mlirOperationGetName(o)), "func.func"))
    o = (MlirOperation){NULL};
  return o;
}

Pt2eInterp *pt2eInterpCreateInModule(MlirOperation module, MlirStringRef entry,
                                     const Pt2eInterpHooks *hooks,
                                     const Pt2eInterpLimits *limits) {
  MlirOperation lowered = {NULL};
  MlirOperation target = module;
  if (mlirOperationIsNull(findFunc(module, entry))) {
    pt2eEmitError(mlirOperationGetLocation(module),
                  "no function '@%.*s' to run in this module",
                  (int)entry.length, entry.data);
    return NULL;
  }
  if (pt2eModuleHasTosa(module)) {
    lowered = pt2eLowerTosaClone(module);
    if (mlirOperationIsNull(lowered))
      return NULL;
    target = lowered;
  }
  Pt2eInterp *interp = pt2eAlloc(sizeof *interp);
  if (!interp) {
    if (!mlirOperationIsNull(lowered))
      mlirOperationDestroy(lowered);
    pt2eEmitError(mlirOperationGetLocation(module), "interpreter ran out of memory");
    return NULL;
  }
  if (hooks)
    interp->hooks = *hooks;
  interp->limits = limits ? *limits : pt2eInterpDefaultLimits();
  interp->fastPaths = true;
  interp->profile = getenv("PT2E_INTERP_PROFILE") != NULL;
  interp->lowered = lowered;
  interp->entry = pt2eProgramCompile(interp, findFunc(target, entry));
  if (!interp->entry) {
    pt2eInterpDestroy(interp);
    return NULL;
  }
  return interp;
}

void pt2eInterpSetFastPaths(Pt2eInterp *interp, bool enabled) {
  interp->fastPaths = enabled;
}

int pt2eInterpNumArgs(const Pt2eInterp *interp) { return interp->entry->numArgs; }

int pt2eInterpNumResults(const Pt2eInterp *interp) {
  return interp->entry->numResults;
}

static MlirBlock entryBlock(MlirOperation func) {
  return mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
}

MlirType pt2eInterpArgType(const Pt2eInterp *interp, int i) {
  return mlirValueGetType(mlirBlockGetArgument(entryBlock(interp->entry->func), i));
}

MlirType pt2eInterpResultType(const Pt2eInterp *interp, int i) {
  MlirType fnType = mlirTypeAttrGetValue(mlirOperationGetAttributeByName(
      interp->entry->func, mlirStringRefCreateFromCString("function_type")));
  return mlirFunctionTypeGetResult(fnType, i);
}

/* A scalar result becomes a rank-0 tensor. */
static Pt2eTensor *slotAsTensor(const Program *p, int slot, Slot *v) {
  if (v->tensor)
    return pt2eTensorRetain(v->tensor);
  Pt2eTensor *t = pt2eTensorCreate(p->slots[slot].type, 0, NULL);
  if (t)
    pt2eTensorStore(t, 0, v->scalar);
  return t;
}

MlirLogicalResult pt2eInterpRun(Pt2eInterp *interp, Pt2eTensor *const *args,
                                Pt2eTensor **results) {
  const Program *p = interp->entry;
  MlirLocation loc = mlirOperationGetLocation(p->func);
  Slot *argSlots = pt2eAlloc((size_t)(p->numArgs + 1) * sizeof(Slot));
  Slot *resSlots = pt2eAlloc((size_t)(p->numResults + 1) * sizeof(Slot));
  MlirLogicalResult r = mlirLogicalResultSuccess();
  if (!argSlots || !resSlots)
    r = pt2eEmitError(loc, "interpreter ran out of memory");
  for (int i = 0; mlirLogicalResultIsSuccess(r) && i < p->numArgs; i++) {
    char msg[300];
    const SlotInfo *info = &p->slots[p->argSlots[i]];
    if (!info->isTensor) {
      if (args[i]->numel != 1 || args[i]->type != info->type) {
        r = pt2eEmitError(loc, "argument #%d: expected one scalar", i);
        break;
      }
      argSlots[i].scalar = pt2eTensorLoad(args[i], 0);
      continue;
    }
    if (!pt2eTensorMatchesType(args[i], pt2eInterpArgType(interp, i), msg,
                               sizeof msg)) {
      r = pt2eEmitError(loc, "argument #%d: %s", i, msg);
      break;
    }
    argSlots[i].tensor = args[i];
  }
  if (mlirLogicalResultIsSuccess(r)) {
    /* Everything held through pt2eAlloc stays under max-live-mb while the
    ** function runs; the caller's own ceiling comes back afterwards. */
    size_t outer = pt2eAllocSetLimit((size_t)interp->limits.maxLiveBytes);
    interp->limitReported = false;
    r = runSlots(interp, p, argSlots, resSlots);
    pt2eAllocSetLimit(outer);
  }
  for (int k = 0; mlirLogicalResultIsSuccess(r) && k < p->numResults; k++) {
    results[k] = slotAsTensor(p, p->resultSlots[k], &resSlots[k]);
    if (!results[k]) {
      for (int j = 0; j < k; j++)
        pt2eTensorRelease(results[j]);
      r = pt2eEmitError(loc, "interpreter ran out of memory");
    }
  }
  if (resSlots)
    for (int k = 0; k < p->numResults; k++)
      pt2eTensorRelease(resSlots[k].tensor);
  pt2eFree(argSlots);
  pt2eFree(resSlots);
  return r;
}

/* }==================================================================== */

/* {====================================================================
** func.call, cf.assert, pt2e ops
** ===================================================================== */

static MlirLogicalResult execCall(Exec *ex, const Instr *in) {
  const Program *callee = in->data;
  Slot *args = pt2eAlloc((size_t)(in->numOperands + 1) * sizeof(Slot));
  Slot *res = pt2eAlloc((size_t)(in->numResults + 1) * sizeof(Slot));
  MlirLogicalResult r = mlirLogicalResultSuccess();
  if (!args || !res)
    r = pt2eEmitError(mlirOperationGetLocation(in->op),
                      "interpreter ran out of memory");
  if (mlirLogicalResultIsSuccess(r)) {
    for (int i = 0; i < callee->numArgs; i++)
      args[i] = ex->slots[in->operands[i]];
    if (++ex->interp->callDepth > 64)
      r = pt2eEmitError(mlirOperationGetLocation(in->op),
                        "call nesting deeper than 64 (recursion?)");
    else
      r = runSlots(ex->interp, callee, args, res);
    ex->interp->callDepth--;
  }
  for (int k = 0; mlirLogicalResultIsSuccess(r) && k < in->numResults; k++)
    ex->slots[in->results[k]] = res[k];
  pt2eFree(args);
  pt2eFree(res);
  return r;
}

static MlirLogicalResult compileCall(CompileCtx *cc, Instr *in) {
  Pt2eInterp *interp = cc->interp;
  MlirAttribute callee = mlirOperationGetAttributeByName(
      in->op, mlirStringRefCreateFromCString("callee"));
  MlirStringRef name = mlirFlatSymbolRefAttrGetValue(callee);
  for (int i = 0; i < interp->numCallees; i++)
    if (mlirStringRefEqual(interp->callees[i].name, name)) {
      in->data = interp->callees[i].program;
      in->exec = execCall;
      return mlirLogicalResultSuccess();
    }
  /* find the callee in the enclosing symbol table (the module) */
  MlirOperation module = mlirOperationGetParentOperation(cc->program->func);
  MlirOperation target = mlirOperationIsNull(module) ? module : findFunc(module, name);
  if (mlirOperationIsNull(target))
    return pt2eEmitError(mlirOperationGetLocation(in->op),
                         "cannot find the callee '@%.*s'", (int)name.length,
                         name.data);
  if (interp->callDepth > 16)
    return pt2eEmitError(mlirOperationGetLocation(in->op),
                         "calls nested deeper than 16 (recursion is not "
                         "supported)");
  if (interp->numCallees == interp->capCallees) {
    int cap = interp->capCallees ? 2 * interp->capCallees : 8;
    struct Callee *c = pt2eRealloc(interp->callees, (size_t)cap * sizeof *c);
    if (!c)
      return pt2eEmitError(mlirOperationGetLocation(in->op),
                           "interpreter ran out of memory");
    interp->callees = c;
    interp->capCallees = cap;
  }
  interp->callDepth++;
  Program *p = pt2eProgramCompile(interp, target);
  interp->callDepth--;
  if (!p)
    return mlirLogicalResultFailure();
  interp->callees[interp->numCallees].name = name;
  interp->callees[interp->numCallees++].program = p;
  in->data = p;
  in->exec = execCall;
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult execAssert(Exec *ex, const Instr *in) {
  if (ex->slots[in->operands[0]].scalar.i & 1)
    return mlirLogicalResultSuccess();
  MlirAttribute msg = mlirOperationGetAttributeByName(
      in->op, mlirStringRefCreateFromCString("msg"));
  MlirStringRef text = mlirAttributeIsNull(msg) ? mlirStringRefCreateFromCString("")
                                                : mlirStringAttrGetValue(msg);
  return pt2eEmitError(mlirOperationGetLocation(in->op),
                       "'cf.assert' failed: %.*s", (int)text.length, text.data);
}

static MlirLogicalResult compileAssert(CompileCtx *cc, Instr *in) {
  (void)cc;
  in->exec = execAssert;
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult execObserver(Exec *ex, const Instr *in) {
  Pt2eTensor *x = ex->slots[in->operands[0]].tensor;
  const Pt2eInterpHooks *h = &ex->interp->hooks;
  if (h->observe &&
      mlirLogicalResultIsFailure(h->observe(h->userData, in->op, x)))
    return mlirLogicalResultFailure();
  ex->slots[in->results[0]].tensor = pt2eTensorRetain(x);
  return mlirLogicalResultSuccess();
}

/*
** Without hooks a pt2e.fake_quant is torchao's FakeQuantize with a frozen
** observer: it fake-quantizes with the scale / zero_point written on the op
** when fake_quant_enabled is true, and is the identity otherwise. Those
** attributes are read and checked through pt2e_calibrated.h.
*/
typedef struct FakeQuantData {
  bool enabled;
  bool perChannel;
  int64_t axis, qmin, qmax, n;
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
      return pt2eEmitError(mlirOperationGetLocation(in->op),
                           "interpreter ran out of memory");
    if (d->perChannel)
      pt2eFakeQuantizePerChannel(x->data, x->shape, x->rank, d->axis, d->scales,
                                 d->zeroPoints, d->qmin, d->qmax, y->data);
    else
      pt2eFakeQuantizePerTensor(x->data, x->numel, d->scales[0],
                                d->zeroPoints[0], d->qmin, d->qmax, y->data);
  }
  ex->slots[in->results[0]].tensor = y;
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult compileFakeQuant(CompileCtx *cc, Instr *in) {
  MlirOperation op = in->op;
  FakeQuantData *d = pt2eAlloc(sizeof *d);
  if (!d)
    return pt2eEmitError(mlirOperationGetLocation(op), "interpreter ran out of memory");
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
    return pt2eEmitError(mlirOperationGetLocation(op), "interpreter ran out of memory");
  pt2eCalibratedCopyQParams(&q, d->scales, d->zeroPoints);
  d->qmin = spec.quant.quantMin;
  d->qmax = spec.quant.quantMax;
  const SlotInfo *x = &cc->program->slots[in->operands[0]];
  d->perChannel = pt2eSpecIsPerChannel(spec.quant.qscheme) && spec.kind == Pt2eSpecQuant;
  if (spec.kind == Pt2eSpecDerived)
    d->enabled = false; /* torchao's derived observer is the identity */
  d->axis = spec.quant.chAxis < 0 ? spec.quant.chAxis + x->rank : spec.quant.chAxis;
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

static MlirLogicalResult compilePt2e(CompileCtx *cc, Instr *in) {
  if (mlirLogicalResultIsFailure(pt2eVerifyQuantOp(in->op)))
    return mlirLogicalResultFailure();
  if (pt2eIsFakeQuant(in->op))
    return compileFakeQuant(cc, in);
  in->exec = execObserver;
  return mlirLogicalResultSuccess();
}

/* {====================================================================
** ml_program globals
** ===================================================================== */

/* The global named by the op's 'global' attribute, created on first use
** from the ml_program.global's initial value. */
static struct Global *findGlobal(CompileCtx *cc, MlirOperation op) {
  Pt2eInterp *interp = cc->interp;
  MlirLocation loc = mlirOperationGetLocation(op);
  MlirAttribute ref = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("global"));
  if (mlirAttributeIsNull(ref) || !mlirAttributeIsAFlatSymbolRef(ref)) {
    pt2eEmitError(loc, "expected a 'global' symbol reference");
    return NULL;
  }
  MlirStringRef name = mlirFlatSymbolRefAttrGetValue(ref);
  for (int i = 0; i < interp->numGlobals; i++)
    if (mlirStringRefEqual(interp->globals[i].name, name))
      return &interp->globals[i];
  MlirOperation module = mlirOperationGetParentOperation(cc->program->func);
  MlirOperation def = findSymbol(module, name);
  if (mlirOperationIsNull(def) ||
      !pt2eStringRefIs(mlirIdentifierStr(mlirOperationGetName(def)), "ml_program.global")) {
    pt2eEmitError(loc, "cannot find the global '@%.*s'", (int)name.length, name.data);
    return NULL;
  }
  MlirAttribute value = mlirOperationGetAttributeByName(def, mlirStringRefCreateFromCString("value"));
  MlirAttribute type = mlirOperationGetAttributeByName(def, mlirStringRefCreateFromCString("type"));
  SlotInfo info;
  if (mlirAttributeIsNull(type) || !pt2eSlotInfoFromType(mlirTypeAttrGetValue(type), &info) ||
      !info.isTensor) {
    pt2eEmitError(loc, "the global '@%.*s' is not a static tensor", (int)name.length, name.data);
    return NULL;
  }
  Pt2eTensor *t = mlirAttributeIsNull(value)
                      ? pt2eTensorCreate(info.type, info.rank, info.shape)
                      : pt2eTensorFromElementsAttr(value, &info);
  if (!t) {
    pt2eEmitError(loc, "cannot read the initial value of '@%.*s'", (int)name.length, name.data);
    return NULL;
  }
  if (interp->numGlobals == interp->capGlobals) {
    int cap = interp->capGlobals ? 2 * interp->capGlobals : 8;
    struct Global *g = pt2eRealloc(interp->globals, (size_t)cap * sizeof *g);
    if (!g) {
      pt2eTensorRelease(t);
      pt2eEmitError(loc, "interpreter ran out of memory");
      return NULL;
    }
    interp->globals = g;
    interp->capGlobals = cap;
  }
  struct Global *g = &interp->globals[interp->numGlobals++];
  g->name = name;
  g->value = t;
  return g;
}

/* in->data holds the global's index, since the array may grow. */
static MlirLogicalResult execGlobalLoad(Exec *ex, const Instr *in) {
  struct Global *g = &ex->interp->globals[(intptr_t)in->data];
  ex->slots[in->results[0]].tensor = pt2eTensorRetain(g->value);
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult execGlobalStore(Exec *ex, const Instr *in) {
  struct Global *g = &ex->interp->globals[(intptr_t)in->data];
  Pt2eTensor *v = pt2eTensorRetain(ex->slots[in->operands[0]].tensor);
  pt2eTensorRelease(g->value);
  g->value = v;
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult compileGlobal(CompileCtx *cc, Instr *in) {
  struct Global *g = findGlobal(cc, in->op);
  if (!g)
    return mlirLogicalResultFailure();
  in->data = (void *)(intptr_t)(g - cc->interp->globals);
  bool store = pt2eStringRefIs(mlirIdentifierStr(mlirOperationGetName(in->op)),
                               "ml_program.global_store");
  in->exec = store ? execGlobalStore : execGlobalLoad;
  return mlirLogicalResultSuccess();
}

/* }==================================================================== */

CompileFn pt2eMiscCompileFn(MlirStringRef opName) {
  if (pt2eStringRefIs(opName, "ml_program.global_load_const") ||
      pt2eStringRefIs(opName, "ml_program.global_load") ||
      pt2eStringRefIs(opName, "ml_program.global_store"))
    return compileGlobal;
  if (pt2eStringRefIs(opName, "func.call"))
    return compileCall;
  if (pt2eStringRefIs(opName, "cf.assert"))
    return compileAssert;
  if (pt2eStringRefIs(opName, PT2E_OBSERVER_OP) ||
      pt2eStringRefIs(opName, PT2E_FAKE_QUANT_OP))
    return compilePt2e;
  return NULL;
}

/* }==================================================================== */
