/*
** compile.c
** Compiles a func.func into the interpreter's instruction array.
**
** Every SSA value of the function body gets a slot number (a hash map from
** MlirValue to slot). Each op becomes one Instr whose operands list also
** holds the outer values its regions capture, so that last-use analysis sees
** them. The op table (ops.c, pt2eFindCompileFn) gives each op name its
** compile function; op files reach back here only through CompileCtx.
*/
#include "interp_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include "ir_ops.h"
#include "lower_tosa.h"
#include "ops.h"
#include "pt2e_checked.h"
#include "pt2e_dialect.h"
#include "pt2e_support.h"

/* {====================================================================
** Value -> slot map (open addressing on the value's pointer)
** ===================================================================== */

typedef struct ValueMap {
  const void **keys;
  int *slots;
  size_t cap; /* power of two */
  size_t count;
} ValueMap;

static size_t hashPtr(const void *p) {
  uintptr_t x = (uintptr_t)p;
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  return (size_t)x;
}

static bool mapGrow(ValueMap *m) {
  size_t cap = m->cap ? 2 * m->cap : 64;
  const void **keys = pt2eAlloc(cap * sizeof *keys);
  int *slots = pt2eAlloc(cap * sizeof *slots);
  if (!keys || !slots) {
    pt2eFree((void *)keys);
    pt2eFree(slots);
    return false;
  }
  for (size_t i = 0; i < m->cap; i++) {
    if (!m->keys[i])
      continue;
    size_t j = hashPtr(m->keys[i]) & (cap - 1);
    while (keys[j])
      j = (j + 1) & (cap - 1);
    keys[j] = m->keys[i];
    slots[j] = m->slots[i];
  }
  pt2eFree((void *)m->keys);
  pt2eFree(m->slots);
  m->keys = keys;
  m->slots = slots;
  m->cap = cap;
  return true;
}

static bool mapPut(ValueMap *m, MlirValue v, int slot) {
  if (2 * (m->count + 1) > m->cap && !mapGrow(m))
    return false;
  size_t j = hashPtr(v.ptr) & (m->cap - 1);
  while (m->keys[j] && m->keys[j] != v.ptr)
    j = (j + 1) & (m->cap - 1);
  if (!m->keys[j])
    m->count++;
  m->keys[j] = v.ptr;
  m->slots[j] = slot;
  return true;
}

static int mapGet(const ValueMap *m, MlirValue v) {
  if (!m->cap)
    return -1;
  size_t j = hashPtr(v.ptr) & (m->cap - 1);
  while (m->keys[j]) {
    if (m->keys[j] == v.ptr)
      return m->slots[j];
    j = (j + 1) & (m->cap - 1);
  }
  return -1;
}

/* }==================================================================== */

/* {====================================================================
** Compilation
** ===================================================================== */

typedef struct Compiler {
  CompileCtx cc;
  ValueMap map;
  Program *p;
  size_t capSlots, capInstrs;
} Compiler;

static int slotOfValue(CompileCtx *cc, MlirValue v) {
  Compiler *c = cc->impl;
  return mapGet(&c->map, v);
}

/* CompileCtx.compileFunc: a callee is compiled for the same interpreter. */
static Program *compileCallee(CompileCtx *cc, MlirOperation func) {
  return pt2eProgramCompile(cc->interp, func);
}

static int newSlot(Compiler *c, MlirValue v, const SlotInfo *info) {
  Program *p = c->p;
  if (!pt2eVecGrow((void **)&p->slots, &c->capSlots, (size_t)p->numSlots,
                   sizeof *p->slots))
    return -1;
  int slot = p->numSlots;
  if (!mapPut(&c->map, v, slot))
    return -1;
  p->slots[slot] = *info;
  p->numSlots++;
  return slot;
}

/* {====================================================================
** Size limits (see Pt2eInterpLimits)
** ===================================================================== */

Pt2eInterpLimits pt2eInterpDefaultLimits(void) {
  Pt2eInterpLimits l;
  pt2eInterpLimitsFromMiB(atoll(PT2E_DEFAULT_MAX_TENSOR_MB),
                          atoll(PT2E_DEFAULT_MAX_LIVE_MB), &l);
  return l;
}

bool pt2eInterpLimitsFromMiB(int64_t maxTensorMiB, int64_t maxLiveMiB,
                             Pt2eInterpLimits *out) {
  return maxTensorMiB > 0 && maxLiveMiB > 0 &&
         pt2eCheckedMul(maxTensorMiB, 1 << 20, &out->maxTensorBytes) &&
         pt2eCheckedMul(maxLiveMiB, 1 << 20, &out->maxLiveBytes);
}

/* Emits the error for 'bytes' over the limit (or -1: not countable). */
static MlirLogicalResult tooLarge(const Pt2eInterp *interp, MlirOperation op,
                                  const char *what, const char *type,
                                  int64_t bytes) {
  if (bytes < 0)
    return pt2eEmitOpError(op, NULL, "%s (%s) has more bytes than 64-bit "
                           "sizes can count", what, type);
  return pt2eEmitOpError(op, NULL, "%s (%s) needs %lld MiB, more than the "
                         "interpreter's largest tensor of %lld MiB (raise it "
                         "with max-tensor-mb)", what, type,
                         (long long)((bytes + (1 << 20) - 1) >> 20),
                         (long long)(interp->limits.maxTensorBytes >> 20));
}

MlirLogicalResult pt2eCheckTensorSize(const Pt2eInterp *interp, MlirOperation op,
                                      const SlotInfo *info, const char *what) {
  if (!info->isTensor)
    return mlirLogicalResultSuccess();
  char type[160];
  pt2eSlotInfoFormat(info, type, sizeof type);
  int64_t numel;
  size_t bytes;
  if (!pt2eCheckedNumel(info->rank, info->shape, &numel) ||
      !pt2eCheckedBytes(numel, pt2eElemSize(info->type), &bytes) ||
      bytes > (size_t)INT64_MAX)
    return tooLarge(interp, op, what, type, -1);
  if ((int64_t)bytes > interp->limits.maxTensorBytes)
    return tooLarge(interp, op, what, type, (int64_t)bytes);
  return mlirLogicalResultSuccess();
}

/* }==================================================================== */

/* An op's value of a type the interpreter cannot hold ('what': "a result"). */
static MlirLogicalResult unsupportedType(MlirOperation op, MlirType t,
                                         const char *what) {
  if (mlirTypeIsARankedTensor(t) && !mlirShapedTypeHasStaticShape(t))
    return pt2eEmitOpError(op, NULL, "%s has a dynamic shape; the interpreter "
                           "needs static shapes", what);
  return pt2eEmitOpError(op, NULL, "%s has a type the interpreter does not "
                         "support (f32, f64, i1, i4, i8, i16, i32, i64, index and "
                         "static tensors of them)", what);
}

/* Appends 'slot' to the instruction's operand list. */
static bool addOperand(Instr *in, int slot) {
  int *ops = pt2eRealloc(in->operands, (size_t)(in->numOperands + 1) * sizeof *ops);
  if (!ops)
    return false;
  ops[in->numOperands++] = slot;
  in->operands = ops;
  return true;
}

typedef struct CaptureWalk {
  Compiler *c;
  Instr *in;
  bool failed;
} CaptureWalk;

/* Records outer values used inside the op's regions as extra operands. */
static MlirWalkResult collectCaptures(MlirOperation op, void *userData) {
  CaptureWalk *w = userData;
  intptr_t n = mlirOperationGetNumOperands(op);
  for (intptr_t i = 0; i < n; i++) {
    int s = mapGet(&w->c->map, mlirOperationGetOperand(op, i));
    if (s >= 0 && !addOperand(w->in, s)) {
      w->failed = true;
      return MlirWalkResultInterrupt;
    }
  }
  return MlirWalkResultAdvance;
}

/* A new instruction of 'op' at the end of the program (counted at once, so
** that destroying a program that failed frees what it holds). */
static Instr *newInstr(Compiler *c, MlirOperation op) {
  Program *p = c->p;
  if (!pt2eVecGrow((void **)&p->code, &c->capInstrs, (size_t)p->numInstrs,
                   sizeof *p->code))
    return NULL;
  Instr *in = &p->code[p->numInstrs++];
  memset(in, 0, sizeof *in);
  in->op = op;
  return in;
}

/* The slots of the op's operands, all defined before it in the body. */
static MlirLogicalResult addOperands(Compiler *c, Instr *in) {
  MlirOperation op = in->op;
  MlirStringRef name = pt2eOpNameOf(op); /* for the diagnostic */
  intptr_t nOps = mlirOperationGetNumOperands(op);
  for (intptr_t i = 0; i < nOps; i++) {
    int s = mapGet(&c->map, mlirOperationGetOperand(op, i));
    if (s < 0)
      return pt2eEmitError(mlirOperationGetLocation(op),
                           "operand #%ld of '%.*s' is not defined in the "
                           "function body (unsupported control flow)",
                           (long)i, (int)name.length, name.data);
    if (!addOperand(in, s))
      return pt2eInterpOutOfMemory(op);
  }
  return mlirLogicalResultSuccess();
}

/* A new slot for each result, of a type and size the interpreter holds. */
static MlirLogicalResult addResults(Compiler *c, Instr *in) {
  MlirOperation op = in->op;
  intptr_t nRes = mlirOperationGetNumResults(op);
  in->results = pt2eAlloc((size_t)(nRes ? nRes : 1) * sizeof *in->results);
  if (!in->results)
    return pt2eInterpOutOfMemory(op);
  for (intptr_t i = 0; i < nRes; i++) {
    MlirValue r = mlirOperationGetResult(op, i);
    SlotInfo info;
    if (!pt2eSlotInfoFromType(mlirValueGetType(r), &info))
      return unsupportedType(op, mlirValueGetType(r), "a result");
    char what[32];
    snprintf(what, sizeof what, "result #%ld", (long)i);
    if (mlirLogicalResultIsFailure(pt2eCheckTensorSize(c->cc.interp, op, &info, what)))
      return mlirLogicalResultFailure();
    int s = newSlot(c, r, &info);
    if (s < 0)
      return pt2eInterpOutOfMemory(op);
    in->results[in->numResults++] = s;
  }
  return mlirLogicalResultSuccess();
}

/* The outer values the op's regions read, as extra operands. */
static MlirLogicalResult addCaptures(Compiler *c, Instr *in) {
  MlirOperation op = in->op;
  CaptureWalk w = {c, in, false};
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); r++) {
    MlirRegion region = mlirOperationGetRegion(op, r);
    for (MlirBlock b = mlirRegionGetFirstBlock(region); !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b))
      for (MlirOperation o = mlirBlockGetFirstOperation(b);
           !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o))
        mlirOperationWalk(o, collectCaptures, &w, MlirWalkPreOrder);
  }
  return w.failed ? pt2eInterpOutOfMemory(op) : mlirLogicalResultSuccess();
}

/* What to do about an op of torch-mlir's own dialects, which reaches the
   passes only as an unregistered op (--allow-unregistered-dialect); pt2e-opt
   and pt2e-run refuse the file before parsing it (pt2e_foreign.h). */
static const char *foreignHint(MlirStringRef name) {
  bool tm = name.length > 10 && memcmp(name.data, "tm_tensor.", 10) == 0;
  bool torch = name.length > 6 && (memcmp(name.data, "torch.", 6) == 0 ||
                                   (name.length > 8 && memcmp(name.data, "torch_c.", 8) == 0));
  if (tm && name.length == 14 && memcmp(name.data, "tm_tensor.scan", 14) == 0)
    return ": it is torch-mlir's own op for aten.cumsum / aten.cumprod, which no "
           "upstream MLIR dialect has; export the model without it (a transformers "
           "model given an attention_mask, an all-ones one is enough, computes no "
           "cumsum; tools/pt2e-import passes one)";
  if (tm)
    return ": it is an op of torch-mlir's own tm_tensor dialect, which no upstream "
           "MLIR dialect has; export the model without it (tools/pt2e-import "
           "refuses such ops with the aten op named)";
  if (torch)
    return ": it is an op of torch-mlir's torch dialect; export to linalg-on-tensors "
           "or TOSA (tools/pt2e-import --form linalg|tosa)";
  return "";
}

/* One op as one instruction, through its row of the op table. */
static MlirLogicalResult compileOp(Compiler *c, MlirOperation op) {
  CompileFn fn = pt2eFindCompileFn(op);
  if (!fn) {
    MlirStringRef name = pt2eOpNameOf(op); /* for the diagnostic */
    return pt2eEmitError(mlirOperationGetLocation(op),
                         "the interpreter does not support '%.*s'%s",
                         (int)name.length, name.data, foreignHint(name));
  }
  Instr *in = newInstr(c, op);
  if (!in)
    return pt2eInterpOutOfMemory(op);
  if (mlirLogicalResultIsFailure(addOperands(c, in)) ||
      mlirLogicalResultIsFailure(addResults(c, in)) ||
      mlirLogicalResultIsFailure(fn(&c->cc, in)))
    return mlirLogicalResultFailure();
  return addCaptures(c, in);
}

/* Computes, for each instruction, the slots it is the last user of. */
static bool planReleases(Program *p) {
  int *last = pt2eAlloc((size_t)(p->numSlots ? p->numSlots : 1) * sizeof *last);
  if (!last)
    return false;
  for (int s = 0; s < p->numSlots; s++)
    last[s] = -1;
  for (int i = 0; i < p->numInstrs; i++) {
    for (int k = 0; k < p->code[i].numResults; k++)
      last[p->code[i].results[k]] = i; /* unused results die at once */
    for (int k = 0; !p->code[i].dead && k < p->code[i].numOperands; k++)
      last[p->code[i].operands[k]] = i;
  }
  for (int k = 0; k < p->numResults; k++)
    last[p->resultSlots[k]] = -1; /* returned: never released */
  bool ok = true;
  for (int s = 0; s < p->numSlots && ok; s++) {
    if (last[s] < 0 || p->slots[s].pinned)
      continue;
    Instr *in = &p->code[last[s]];
    int *r = pt2eRealloc(in->release, (size_t)(in->numRelease + 1) * sizeof *r);
    if (!r)
      ok = false;
    else {
      r[in->numRelease++] = s;
      in->release = r;
    }
  }
  pt2eFree(last);
  return ok;
}

/* {====================================================================
** Hoisting: constant-only work runs once
** ===================================================================== */

/* Ops whose results are a function of their operands alone (no state, no
** hooks): they may run once for constant operands. */
static bool isPureKind(MlirOperation op) {
  static const char *const prefixes[] = {"arith.", "math.", "linalg.", "tensor."};
  for (size_t i = 0; i < sizeof prefixes / sizeof *prefixes; i++)
    if (pt2eOpHasPrefix(op, prefixes[i]) && !pt2eOpIs(op, prefixes[i]))
      return true; /* (a name of the prefix alone is no op of the dialect) */
  return false;
}

static int64_t slotBytes(const SlotInfo *info) {
  if (!info->isTensor)
    return 0;
  int64_t n = (int64_t)pt2eElemSize(info->type);
  for (int d = 0; d < info->rank; d++)
    n *= info->shape[d];
  return n;
}

/* True for a slot only pt2e.observer ops read (and func.return does not). */
static bool onlyObserved(const Program *p, int slot) {
  bool read = false;
  for (int k = 0; k < p->numResults; k++)
    if (p->resultSlots[k] == slot)
      return false;
  for (int i = 0; i < p->numInstrs; i++) {
    const Instr *in = &p->code[i];
    for (int k = 0; !in->dead && k < in->numOperands; k++)
      if (in->operands[k] == slot) {
        if (!pt2eOpIs(in->op, PT2E_OBSERVER_OP))
          return false;
        read = true;
      }
  }
  return read;
}

/*
** True when 'in' (pure, its operands constant or fresh empties) is worth
** running once: at least one operand a constant tensor, its results
** tensors no larger than its constant inputs, or a weight made bigger only
** to be observed (torch-mlir's linear on a 3-D input broadcasts the weight
** over the batch, and the weight observer sits on the broadcast: it is made
** on every run anyway, and cached it lets that observer skip its repeats).
*/
static bool worthHoisting(const Program *p, const Instr *in, const char *kind) {
  int64_t constBytes = 0, resultBytes = 0;
  bool all = true, anyTensor = false;
  for (int k = 0; k < in->numOperands && all; k++) {
    int s = in->operands[k];
    all = kind[s] != Pt2eSlotVarying;
    if (kind[s] == Pt2eSlotConstant && p->slots[s].isTensor) {
      anyTensor = true;
      constBytes += slotBytes(&p->slots[s]);
    }
  }
  for (int k = 0; k < in->numResults && all; k++) {
    all = p->slots[in->results[k]].isTensor;
    resultBytes += slotBytes(&p->slots[in->results[k]]);
  }
  bool observedWeight = all && anyTensor && in->numResults == 1 &&
                        onlyObserved(p, in->results[0]);
  return all && anyTensor && (resultBytes <= constBytes || observedWeight);
}

/* The kind (Pt2eSlotKind) of the results of 'in', whose operands' kinds
** are known; marks 'in' hoisted when it is worth it. */
static char resultKind(Program *p, Instr *in, const char *kind) {
  int k0 = Pt2eSlotVarying;
  if (pt2eOpIs(in->op, "arith.constant"))
    k0 = Pt2eSlotConstant;
  else if (pt2eOpIs(in->op, "tensor.empty") && in->numOperands == 0)
    k0 = Pt2eSlotFreshEmpty;
  bool allConstant = in->numOperands > 0;
  for (int k = 0; k < in->numOperands; k++)
    allConstant &= kind[in->operands[k]] == Pt2eSlotConstant;
  in->constantInputs = allConstant;
  if (k0 == Pt2eSlotVarying && isPureKind(in->op) && in->numResults > 0 &&
      worthHoisting(p, in, kind)) {
    in->hoisted = true;
    p->numHoisted++;
    k0 = Pt2eSlotConstant;
  }
  /* an observer passes its input through: a weight's observer gives the
  ** weight (it still runs, it is not hoisted) */
  if (pt2eOpIs(in->op, PT2E_OBSERVER_OP) && in->numOperands == 1 &&
      in->numResults == 1 && kind[in->operands[0]] == Pt2eSlotConstant)
    k0 = Pt2eSlotConstant;
  return (char)k0;
}

/* A fresh tensor only hoisted instructions write into is not needed once
** they are cached (Instr.onlyFeedsHoisted). */
static void markOnlyFeedsHoisted(Program *p, const char *kind) {
  for (int i = 0; i < p->numInstrs; i++) {
    Instr *e = &p->code[i];
    if (e->dead || e->numResults != 1 || kind[e->results[0]] != Pt2eSlotFreshEmpty)
      continue;
    bool onlyHoisted = true, used = false;
    for (int j = i + 1; j < p->numInstrs && onlyHoisted; j++)
      for (int k = 0; !p->code[j].dead && k < p->code[j].numOperands; k++)
        if (p->code[j].operands[k] == e->results[0]) {
          used = true;
          onlyHoisted &= p->code[j].hoisted;
        }
    for (int k = 0; k < p->numResults; k++)
      onlyHoisted &= p->resultSlots[k] != e->results[0];
    e->onlyFeedsHoisted = used && onlyHoisted;
  }
}

/*
** Marks the instructions whose inputs are the same on every run: all their
** operands constant (arith.constant, or results of hoisted instructions) or
** fresh tensor.empty results, at least one a constant tensor. Weight
** transposes, reshapes and (for BatchNorm) folded weights are such work:
** today's exports do it on every batch. One rule keeps the cache from
** growing past the model: an instruction is hoisted only when its results
** are no larger than its constant inputs (a transform of weights, not a
** broadcast of a bias to an activation's shape, which stays per run).
** Sizes were checked against 64 bits when the slots were made.
*/
static void planHoisting(Program *p, char *kind) {
  for (int i = 0; i < p->numInstrs; i++) {
    Instr *in = &p->code[i];
    if (in->dead)
      continue;
    char k0 = resultKind(p, in, kind);
    for (int k = 0; k < in->numResults; k++)
      kind[in->results[k]] = k0;
  }
  markOnlyFeedsHoisted(p, kind);
}

/*
** Marks the pure instructions none of whose results is read (by a live
** instruction or by func.return) as dead: a kernel may read a broadcast's
** input directly (a batch_matmul with a shared operand), leaving the
** broadcast, and the tensor.empty it wrote into, without readers. Backward,
** so that a chain of unread work dies whole.
*/
static void planDeadCode(Program *p, char *read) {
  memset(read, 0, (size_t)p->numSlots);
  for (int k = 0; k < p->numResults; k++)
    read[p->resultSlots[k]] = 1;
  for (int i = p->numInstrs - 1; i >= 0; i--) {
    Instr *in = &p->code[i];
    bool used = in->numResults == 0 || !isPureKind(in->op);
    for (int k = 0; k < in->numResults && !used; k++)
      used = read[in->results[k]];
    if (!used) {
      in->dead = true;
      continue;
    }
    bool resultsRead = false;
    for (int k = 0; k < in->numResults; k++)
      resultsRead |= read[in->results[k]];
    if (!resultsRead && in->numResults > 0 && in->whenResultsUnread)
      in->whenResultsUnread(in);
    for (int k = 0; k < in->numOperands; k++)
      read[in->operands[k]] = 1;
  }
}

/* }==================================================================== */

/* The entry block of 'func' when the interpreter compiles it (a func.func
** of one block), or a null block with a diagnostic. */
static MlirBlock entryBlockOf(MlirOperation func) {
  MlirLocation loc = mlirOperationGetLocation(func);
  MlirBlock none = {NULL};
  if (!pt2eOpIs(func, "func.func")) {
    pt2eEmitError(loc, "the interpreter runs 'func.func' ops only");
    return none;
  }
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  if (mlirBlockIsNull(entry)) {
    pt2eEmitError(loc, "cannot interpret a function declaration (no body)");
    return none;
  }
  if (!mlirBlockIsNull(mlirBlockGetNextInRegion(entry))) {
    pt2eEmitError(loc, "the interpreter supports single-block functions only");
    return none;
  }
  return entry;
}

/* 'c' set up to compile 'func' into an empty program; false when memory
** runs out. */
static bool compilerStart(Compiler *c, Pt2eInterp *interp, MlirOperation func) {
  memset(c, 0, sizeof *c);
  c->p = pt2eAlloc(sizeof *c->p);
  if (!c->p) {
    pt2eInterpOutOfMemory(func);
    return false;
  }
  c->p->func = func;
  c->cc.interp = interp;
  c->cc.program = c->p;
  c->cc.slotOf = slotOfValue;
  c->cc.compileFunc = compileCallee;
  c->cc.impl = c;
  return true;
}

/* The function's arguments get pinned slots (their caller holds them). */
static bool bindArguments(Compiler *c, MlirOperation func, MlirBlock entry) {
  intptr_t nArgs = mlirBlockGetNumArguments(entry);
  c->p->argSlots = pt2eAlloc((size_t)(nArgs ? nArgs : 1) * sizeof(int));
  if (!c->p->argSlots) {
    pt2eInterpOutOfMemory(func);
    return false;
  }
  for (intptr_t i = 0; i < nArgs; i++) {
    MlirValue a = mlirBlockGetArgument(entry, i);
    SlotInfo info;
    if (!pt2eSlotInfoFromType(mlirValueGetType(a), &info)) {
      unsupportedType(func, mlirValueGetType(a), "an argument");
      return false;
    }
    char what[32];
    snprintf(what, sizeof what, "argument #%ld", (long)i);
    if (mlirLogicalResultIsFailure(pt2eCheckTensorSize(c->cc.interp, func, &info, what)))
      return false;
    info.pinned = true;
    int s = newSlot(c, a, &info);
    if (s < 0) /* reported, and compiling goes on, as it always did */
      pt2eInterpOutOfMemory(func);
    c->p->argSlots[c->p->numArgs++] = s;
  }
  return true;
}

/* func.return's operands are the program's results. */
static bool bindResults(Compiler *c, MlirOperation ret) {
  intptr_t n = mlirOperationGetNumOperands(ret);
  c->p->resultSlots = pt2eAlloc((size_t)(n ? n : 1) * sizeof(int));
  if (!c->p->resultSlots) {
    pt2eInterpOutOfMemory(ret);
    return false;
  }
  for (intptr_t i = 0; i < n; i++)
    c->p->resultSlots[c->p->numResults++] = mapGet(&c->map, mlirOperationGetOperand(ret, i));
  return true;
}

/* The body's ops in order (unused tosa.const_shape ops skipped). */
static bool compileBody(Compiler *c, MlirBlock entry) {
  for (MlirOperation op = mlirBlockGetFirstOperation(entry); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (pt2eOpIs(op, "func.return")) {
      if (!bindResults(c, op))
        return false;
      continue;
    }
    if (pt2eIsDeadShapeOp(op))
      continue;
    if (mlirLogicalResultIsFailure(compileOp(c, op)))
      return false;
  }
  return true;
}

/* What is decided once every op is compiled: dead code, hoisting (the
** slot kinds kept: kernels ask which slots are constant), releases. */
static bool planProgram(Program *p) {
  char *kind = pt2eAlloc((size_t)(p->numSlots ? p->numSlots : 1));
  p->cache = pt2eAlloc((size_t)(p->numSlots ? p->numSlots : 1) * sizeof(Slot));
  p->slotKind = kind;
  if (!kind || !p->cache) {
    pt2eInterpOutOfMemory(p->func);
    return false;
  }
  planDeadCode(p, kind);
  memset(kind, Pt2eSlotVarying, (size_t)p->numSlots);
  planHoisting(p, kind);
  if (!planReleases(p)) {
    pt2eInterpOutOfMemory(p->func);
    return false;
  }
  return true;
}

Program *pt2eProgramCompile(Pt2eInterp *interp, MlirOperation func) {
  MlirBlock entry = entryBlockOf(func);
  Compiler c;
  if (mlirBlockIsNull(entry) || !compilerStart(&c, interp, func))
    return NULL;
  bool ok = bindArguments(&c, func, entry) && compileBody(&c, entry);
  if (ok && !c.p->resultSlots) {
    pt2eEmitError(mlirOperationGetLocation(func), "function body has no 'func.return'");
    ok = false;
  }
  ok = ok && planProgram(c.p);
  pt2eFree((void *)c.map.keys);
  pt2eFree(c.map.slots);
  if (!ok) {
    pt2eProgramDestroy(c.p);
    return NULL;
  }
  return c.p;
}

/* }==================================================================== */
