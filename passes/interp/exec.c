/*
** exec.c
** The run loop, the profiler, and the public API of interp.h (creating an
** interpreter, running its entry function, destroying it).
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

#include "ir_ops.h"
#include "lower_tosa.h"
#include "pt2e_env.h"
#include "pt2e_support.h"

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

/* Adds one run of 'op' to the profile (kept per op name, or per op). */
static void profileAdd(Pt2eInterp *interp, MlirOperation op, double seconds) {
  MlirStringRef name = pt2eOpNameOf(op); /* the profile shows it */
  MlirOperation key = interp->profilePerOp ? op : (MlirOperation){NULL};
  int i = 0;
  while (i < interp->numProf &&
         !(interp->prof[i].op.ptr == key.ptr &&
           mlirStringRefEqual(interp->prof[i].name, name)))
    i++;
  if (i == interp->numProf) {
    if (!pt2eVecGrow((void **)&interp->prof, &interp->capProf,
                     (size_t)interp->numProf, sizeof *interp->prof))
      return;
    interp->prof[i].name = name;
    interp->prof[i].op = key;
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

static void printToStderr(MlirStringRef part, void *unused) {
  (void)unused;
  fwrite(part.data, 1, part.length, stderr);
}

static void profilePrint(Pt2eInterp *interp) {
  double total = 0;
  for (int i = 0; i < interp->numProf; i++)
    total += interp->prof[i].seconds;
  qsort(interp->prof, (size_t)interp->numProf, sizeof *interp->prof,
        bySecondsDescending);
  fprintf(stderr, "pt2e interpreter profile (%.3f s in ops):\n", total);
  for (int i = 0; i < interp->numProf; i++) {
    fprintf(stderr, "  %8.3f s %5.1f%% %7ld  %.*s", interp->prof[i].seconds,
            100.0 * interp->prof[i].seconds / (total > 0 ? total : 1),
            interp->prof[i].runs, (int)interp->prof[i].name.length,
            interp->prof[i].name.data);
    if (!mlirOperationIsNull(interp->prof[i].op)) {
      fputc(' ', stderr);
      mlirLocationPrint(mlirOperationGetLocation(interp->prof[i].op),
                        printToStderr, NULL);
    }
    fputc('\n', stderr);
  }
}

/* The op failed because the live-memory limit refused an allocation: say
** so once (the op itself reported running out of memory). */
static void liveLimitError(Pt2eInterp *interp, MlirOperation op) {
  interp->limitReported = true;
  pt2eEmitOpError(op, NULL, "the interpreter would hold more than its limit "
                  "of %lld MiB at once (it holds %lld MiB; raise the limit "
                  "with max-live-mb)",
                  (long long)(interp->limits.maxLiveBytes >> 20),
                  (long long)(pt2eAllocLiveBytes() >> 20));
}

/*
** Runs one instruction, or takes the results an earlier run cached (or
** skips it: dead, or only feeding cached work), then releases the slots
** whose last use it is. False when it failed (reported).
*/
static bool step(Exec *ex, const Instr *in) {
  Pt2eInterp *interp = ex->interp;
  const Program *p = ex->program;
  double t0 = interp->profile ? monotonicSeconds() : 0;
  size_t refused = pt2eAllocLimitHits();
  bool ok = true;
  bool skipped = in->dead || (in->hoisted && p->cache[in->results[0]].tensor) ||
                 (in->onlyFeedsHoisted && p->warm);
  if (skipped) {
    /* dead, or ran on an earlier run: its results are the same */
    for (int k = 0; in->hoisted && k < in->numResults; k++)
      ex->slots[in->results[k]].tensor = pt2eTensorRetain(p->cache[in->results[k]].tensor);
  } else {
    ok = mlirLogicalResultIsSuccess(in->exec(ex, in));
    for (int k = 0; ok && in->hoisted && k < in->numResults; k++)
      p->cache[in->results[k]].tensor = pt2eTensorRetain(ex->slots[in->results[k]].tensor);
  }
  if (!ok && pt2eAllocLimitHits() != refused && !interp->limitReported)
    liveLimitError(interp, in->op);
  for (int k = 0; k < in->numRelease; k++)
    releaseSlot(&ex->slots[in->release[k]]);
  if (interp->profile && !skipped) /* the profile counts runs, not cache hits */
    profileAdd(interp, in->op, monotonicSeconds() - t0);
  return ok;
}

static MlirLogicalResult runCallee(Exec *ex, const Program *p, const Slot *args,
                                   Slot *results);

/* Runs 'p' on borrowed 'args'; on success 'results' hold owned values. */
static MlirLogicalResult runSlots(Pt2eInterp *interp, const Program *p,
                                  const Slot *args, Slot *results) {
  Exec ex = {interp, p, pt2eAlloc((size_t)p->numSlots * sizeof(Slot)), runCallee};
  if (!ex.slots)
    return pt2eInterpOutOfMemory(p->func);
  for (int i = 0; i < p->numArgs; i++) {
    ex.slots[p->argSlots[i]] = args[i];
    pt2eTensorRetain(args[i].tensor);
  }
  bool ok = true;
  for (int i = 0; i < p->numInstrs && ok; i++)
    ok = step(&ex, &p->code[i]);
  if (ok)
    ((Program *)p)->warm = true; /* the cache is a memo, not the program's meaning */
  for (int k = 0; ok && k < p->numResults; k++) {
    results[k] = ex.slots[p->resultSlots[k]];
    pt2eTensorRetain(results[k].tensor);
  }
  for (int s = 0; s < p->numSlots; s++)
    releaseSlot(&ex.slots[s]);
  pt2eFree(ex.slots);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

/* Exec.runProgram: a callee runs for the same interpreter. */
static MlirLogicalResult runCallee(Exec *ex, const Program *p, const Slot *args,
                                   Slot *results) {
  return runSlots(ex->interp, p, args, results);
}

/* The environment's switches (pt2e_env.h) are checked before a run: a
** misspelt value would otherwise fall back to a default unseen. */
static bool environmentValid(MlirOperation at) {
  char why[256];
  if (pt2eEnvironmentCheck(why, sizeof why))
    return true;
  pt2eEmitError(mlirOperationGetLocation(at), "%s", why);
  return false;
}

/* A new interpreter with 'hooks' (or none) and 'limits', nothing compiled
** yet; NULL, reported at 'at', when memory runs out. */
static Pt2eInterp *newInterp(MlirOperation at, const Pt2eInterpHooks *hooks,
                             Pt2eInterpLimits limits) {
  Pt2eInterp *interp = pt2eAlloc(sizeof *interp);
  if (!interp) {
    pt2eInterpOutOfMemory(at);
    return NULL;
  }
  if (hooks)
    interp->hooks = *hooks;
  interp->limits = limits;
  interp->fastPaths = true;
  pt2eAllocKeepFreedMemory(); /* each batch reuses the last one's pages */
  return interp;
}

Pt2eInterp *pt2eInterpCreate(MlirOperation func, const Pt2eInterpHooks *hooks) {
  if (!environmentValid(func))
    return NULL;
  Pt2eInterp *interp = newInterp(func, hooks, pt2eInterpDefaultLimits());
  if (!interp)
    return NULL;
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


Pt2eInterp *pt2eInterpCreateInModule(MlirOperation module, MlirStringRef entry,
                                     const Pt2eInterpHooks *hooks,
                                     const Pt2eInterpLimits *limits) {
  MlirOperation lowered = {NULL};
  MlirOperation target = module;
  if (!environmentValid(module))
    return NULL;
  if (mlirOperationIsNull(pt2eOpFindFunc(module, entry))) {
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
  Pt2eInterp *interp =
      newInterp(module, hooks, limits ? *limits : pt2eInterpDefaultLimits());
  if (!interp) {
    if (!mlirOperationIsNull(lowered))
      mlirOperationDestroy(lowered);
    return NULL;
  }
  const char *profile = getenv("PT2E_INTERP_PROFILE");
  interp->profile = profile != NULL && *profile && strcmp(profile, "0") != 0;
  interp->profilePerOp = profile && strcmp(profile, "op") == 0;
  interp->lowered = lowered;
  interp->entry = pt2eProgramCompile(interp, pt2eOpFindFunc(target, entry));
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

/* The caller's arguments as slots (borrowed): a scalar argument from a
** one-element tensor of its type, a tensor argument of its exact type. */
static MlirLogicalResult argsToSlots(const Pt2eInterp *interp, Pt2eTensor *const *args,
                                     Slot *argSlots) {
  const Program *p = interp->entry;
  MlirLocation loc = mlirOperationGetLocation(p->func);
  for (int i = 0; i < p->numArgs; i++) {
    char msg[300];
    const SlotInfo *info = &p->slots[p->argSlots[i]];
    if (!info->isTensor) {
      if (args[i]->numel != 1 || args[i]->type != info->type)
        return pt2eEmitError(loc, "argument #%d: expected one scalar", i);
      argSlots[i].scalar = pt2eTensorLoad(args[i], 0);
      continue;
    }
    if (!pt2eTensorMatchesType(args[i], pt2eInterpArgType(interp, i), msg, sizeof msg))
      return pt2eEmitError(loc, "argument #%d: %s", i, msg);
    argSlots[i].tensor = args[i];
  }
  return mlirLogicalResultSuccess();
}

/* Runs the entry program: everything held through pt2eAlloc stays under
** max-live-mb while the function runs; the caller's own ceiling comes back
** afterwards. */
static MlirLogicalResult runUnderLimit(Pt2eInterp *interp, const Slot *argSlots,
                                       Slot *resSlots) {
  size_t outer = pt2eAllocSetLimit((size_t)interp->limits.maxLiveBytes);
  interp->limitReported = false;
  MlirLogicalResult r = runSlots(interp, interp->entry, argSlots, resSlots);
  pt2eAllocSetLimit(outer);
  return r;
}

/* The result slots as new tensors; none are left on failure. */
static MlirLogicalResult slotsToResults(const Program *p, Slot *resSlots,
                                        Pt2eTensor **results) {
  for (int k = 0; k < p->numResults; k++) {
    results[k] = slotAsTensor(p, p->resultSlots[k], &resSlots[k]);
    if (!results[k]) {
      for (int j = 0; j < k; j++)
        pt2eTensorRelease(results[j]);
      return pt2eOutOfMemory(mlirOperationGetLocation(p->func), "interpreter");
    }
  }
  return mlirLogicalResultSuccess();
}

MlirLogicalResult pt2eInterpRun(Pt2eInterp *interp, Pt2eTensor *const *args,
                                Pt2eTensor **results) {
  const Program *p = interp->entry;
  Slot *argSlots = pt2eAlloc((size_t)(p->numArgs + 1) * sizeof(Slot));
  Slot *resSlots = pt2eAlloc((size_t)(p->numResults + 1) * sizeof(Slot));
  MlirLogicalResult r =
      !argSlots || !resSlots
          ? pt2eOutOfMemory(mlirOperationGetLocation(p->func), "interpreter")
          : argsToSlots(interp, args, argSlots);
  if (mlirLogicalResultIsSuccess(r))
    r = runUnderLimit(interp, argSlots, resSlots);
  if (mlirLogicalResultIsSuccess(r))
    r = slotsToResults(p, resSlots, results);
  if (resSlots)
    for (int k = 0; k < p->numResults; k++)
      pt2eTensorRelease(resSlots[k].tensor);
  pt2eFree(argSlots);
  pt2eFree(resSlots);
  return r;
}

/* }==================================================================== */
