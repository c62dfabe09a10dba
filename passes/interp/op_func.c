/*
** op_func.c
** Ops about functions and module state: func.call (the callee compiled
** once, on its first call site, through CompileCtx.compileFunc, and run
** through Exec.runProgram: no call of the compiler or the run loop), cf.assert,
** and ml_program globals (their values kept across runs in the
** interpreter).
*/
#include "ops.h"

#include <stdbool.h>
#include <stdint.h>

#include "mlir-c/BuiltinAttributes.h"

#include "ir_ops.h"
#include "pt2e_support.h"

/* {====================================================================
** func.call, cf.assert
** ===================================================================== */

static MlirLogicalResult execCall(Exec *ex, const Instr *in) {
  const Program *callee = in->data;
  Slot *args = pt2eAlloc((size_t)(in->numOperands + 1) * sizeof(Slot));
  Slot *res = pt2eAlloc((size_t)(in->numResults + 1) * sizeof(Slot));
  MlirLogicalResult r = mlirLogicalResultSuccess();
  if (!args || !res)
    r = pt2eInterpOutOfMemory(in->op);
  if (mlirLogicalResultIsSuccess(r)) {
    for (int i = 0; i < callee->numArgs; i++)
      args[i] = ex->slots[in->operands[i]];
    if (++ex->interp->callDepth > 64)
      r = pt2eEmitError(mlirOperationGetLocation(in->op),
                        "call nesting deeper than 64 (recursion?)");
    else
      r = ex->runProgram(ex, callee, args, res);
    ex->interp->callDepth--;
  }
  for (int k = 0; mlirLogicalResultIsSuccess(r) && k < in->numResults; k++)
    ex->slots[in->results[k]] = res[k];
  pt2eFree(args);
  pt2eFree(res);
  return r;
}

/* A skipped call (skip-calls=): zeros of every result type. */
static MlirLogicalResult execSkippedCall(Exec *ex, const Instr *in) {
  for (int k = 0; k < in->numResults; k++) {
    const SlotInfo *info = &ex->program->slots[in->results[k]];
    Slot *s = &ex->slots[in->results[k]];
    s->scalar.i = 0;
    s->tensor = NULL;
    if (info->isTensor &&
        !(s->tensor = pt2eTensorCreate(info->type, info->rank, info->shape)))
      return pt2eInterpOutOfMemory(in->op);
  }
  return mlirLogicalResultSuccess();
}

/* True when the declaration 'name' is one the hooks' skipCalls name
** (with or without its '@'). */
static bool skipped(const Pt2eInterpHooks *h, MlirStringRef name) {
  for (size_t i = 0; i < h->numSkipCalls; i++) {
    MlirStringRef s = h->skipCalls[i];
    if (s.length && s.data[0] == '@')
      s = mlirStringRefCreate(s.data + 1, s.length - 1);
    if (mlirStringRefEqual(s, name))
      return true;
  }
  return false;
}

/* A call of the declaration 'target': zeros when skip-calls= names it,
** else an error at the call saying how to go on. */
static MlirLogicalResult compileDeclarationCall(CompileCtx *cc, Instr *in,
                                                MlirStringRef name) {
  if (!skipped(&cc->interp->hooks, name))
    return pt2eEmitError(mlirOperationGetLocation(in->op),
                         "calls @%.*s, a declaration without a body: give it "
                         "a body or skip it with skip-calls=@%.*s (its results "
                         "are then zeros)", (int)name.length, name.data,
                         (int)name.length, name.data);
  in->exec = execSkippedCall;
  return mlirLogicalResultSuccess();
}

MlirLogicalResult pt2eCompileFuncCall(CompileCtx *cc, Instr *in) {
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
  MlirOperation target = mlirOperationIsNull(module) ? module : pt2eOpFindFunc(module, name);
  if (mlirOperationIsNull(target))
    return pt2eEmitError(mlirOperationGetLocation(in->op),
                         "cannot find the callee '@%.*s'", (int)name.length,
                         name.data);
  if (mlirBlockIsNull(mlirRegionGetFirstBlock(mlirOperationGetRegion(target, 0))))
    return compileDeclarationCall(cc, in, name);
  if (interp->callDepth > 16)
    return pt2eEmitError(mlirOperationGetLocation(in->op),
                         "calls nested deeper than 16 (recursion is not "
                         "supported)");
  if (!pt2eVecGrow((void **)&interp->callees, &interp->capCallees,
                   (size_t)interp->numCallees, sizeof *interp->callees))
    return pt2eInterpOutOfMemory(in->op);
  interp->callDepth++;
  Program *p = cc->compileFunc(cc, target);
  interp->callDepth--;
  if (!p)
    return mlirLogicalResultFailure();
  interp->callees[interp->numCallees].name = name;
  interp->callees[interp->numCallees++].program = p;
  in->data = p;
  in->exec = execCall;
  return mlirLogicalResultSuccess();
}

MlirLogicalResult pt2eAssertFailed(MlirOperation op) {
  MlirAttribute msg = mlirOperationGetAttributeByName(
      op, mlirStringRefCreateFromCString("msg"));
  MlirStringRef text = mlirAttributeIsNull(msg) || !mlirAttributeIsAString(msg)
                           ? mlirStringRefCreateFromCString("")
                           : mlirStringAttrGetValue(msg);
  return pt2eEmitError(mlirOperationGetLocation(op),
                       "'cf.assert' failed: %.*s", (int)text.length, text.data);
}

static MlirLogicalResult execAssert(Exec *ex, const Instr *in) {
  if (ex->slots[in->operands[0]].scalar.i & 1)
    return mlirLogicalResultSuccess();
  return pt2eAssertFailed(in->op);
}

MlirLogicalResult pt2eCompileCfAssert(CompileCtx *cc, Instr *in) {
  (void)cc;
  in->exec = execAssert;
  return mlirLogicalResultSuccess();
}

/* }==================================================================== */

/* {====================================================================
** ml_program globals
** ===================================================================== */

/* The initial value of the ml_program.global 'def' named 'name' (zeros
** without one), or NULL with a diagnostic at 'loc'. */
static Pt2eTensor *initialValue(MlirLocation loc, MlirOperation def,
                                MlirStringRef name) {
  MlirAttribute value = pt2eOpAttr(def, "value");
  MlirAttribute type = pt2eOpAttr(def, "type");
  SlotInfo info;
  if (mlirAttributeIsNull(type) || !pt2eSlotInfoFromType(mlirTypeAttrGetValue(type), &info) ||
      !info.isTensor) {
    pt2eEmitError(loc, "the global '@%.*s' is not a static tensor", (int)name.length, name.data);
    return NULL;
  }
  bool outOfMemory = false;
  Pt2eTensor *t = mlirAttributeIsNull(value)
                      ? pt2eTensorCreate(info.type, info.rank, info.shape)
                      : pt2eTensorFromElementsAttr(value, &info, &outOfMemory);
  if (!t && (outOfMemory || mlirAttributeIsNull(value))) {
    pt2eOutOfMemory(loc, "interpreter");
    return NULL;
  }
  if (!t)
    pt2eEmitError(loc, "cannot read the initial value of '@%.*s'", (int)name.length, name.data);
  return t;
}

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
  MlirOperation def = pt2eOpFindSymbol(module, name);
  if (!pt2eOpIs(def, "ml_program.global")) {
    pt2eEmitError(loc, "cannot find the global '@%.*s'", (int)name.length, name.data);
    return NULL;
  }
  Pt2eTensor *t = initialValue(loc, def, name);
  if (!t)
    return NULL;
  if (!pt2eVecGrow((void **)&interp->globals, &interp->capGlobals,
                   (size_t)interp->numGlobals, sizeof *interp->globals)) {
    pt2eTensorRelease(t);
    pt2eOutOfMemory(loc, "interpreter");
    return NULL;
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

MlirLogicalResult pt2eCompileMlProgramGlobal(CompileCtx *cc, Instr *in) {
  struct Global *g = findGlobal(cc, in->op);
  if (!g)
    return mlirLogicalResultFailure();
  in->data = (void *)(intptr_t)(g - cc->interp->globals);
  bool store = pt2eOpIs(in->op, "ml_program.global_store");
  in->exec = store ? execGlobalStore : execGlobalLoad;
  return mlirLogicalResultSuccess();
}

/* }==================================================================== */
