/*
** op_tensor.c
** The tensor dialect: empty, splat, cast, reshapes, extract/insert,
** slices, pad, concat, from_elements, dim; and, on tensors,
** bufferization.materialize_in_destination (its source, as a reshape).
**
** Tensors are dense and row-major, so reshapes keep the data: they take the
** input over when this is its last use and nobody else holds it, and copy
** otherwise. Slice offsets, sizes and strides must be static.
*/
#include "ops.h"

#include <string.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include "broadcast.h"
#include "ir_ops.h"
#include "op_arith.h"
#include "pt2e_parallel.h"
#include "pt2e_support.h"

static const SlotInfo *resultInfo(Exec *ex, const Instr *in) {
  return &ex->program->slots[in->results[0]];
}

static Pt2eTensor *newResult(Exec *ex, const Instr *in) {
  const SlotInfo *ri = resultInfo(ex, in);
  return pt2eTensorCreate(ri->type, ri->rank, ri->shape);
}

/* True when operand 'k' dies here and nobody else holds its tensor. */
static bool canTakeOver(Exec *ex, const Instr *in, int k) {
  int slot = in->operands[k];
  Pt2eTensor *t = ex->slots[slot].tensor;
  if (!t || t->refs != 1)
    return false;
  for (int i = 0; i < in->numRelease; i++)
    if (in->release[i] == slot)
      return true;
  return false;
}

static MlirLogicalResult execEmpty(Exec *ex, const Instr *in) {
  Pt2eTensor *t = newResult(ex, in);
  if (!t)
    return pt2eInterpOutOfMemory(in->op);
  ex->slots[in->results[0]].tensor = t;
  return mlirLogicalResultSuccess();
}

/*
** A tensor.empty that only ops writing it whole read (pt2eOverwritesOperand):
** its contents are never seen, so it is not zeroed (the transformer layer's
** 24 empties, 14 MB a batch, cost 2 ms of memset and page faults). Without
** fast paths it is zeroed all the same, so that a result that did read it
** would differ from the fast run's in test/ops/empty-uninit.test.
*/
static MlirLogicalResult execEmptyOverwritten(Exec *ex, const Instr *in) {
  if (!ex->interp->fastPaths)
    return execEmpty(ex, in);
  const SlotInfo *ri = resultInfo(ex, in);
  Pt2eTensor *t = pt2eTensorCreateUninit(ri->type, ri->rank, ri->shape);
  if (!t)
    return pt2eInterpOutOfMemory(in->op);
  ex->slots[in->results[0]].tensor = t;
  return mlirLogicalResultSuccess();
}

/* True when every use of 'v' is an operand that its op overwrites whole. */
static bool onlyOverwritten(MlirValue v) {
  MlirOpOperand use = mlirValueGetFirstUse(v);
  if (mlirOpOperandIsNull(use))
    return false; /* unused (or returned): keep the zeros */
  for (; !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use))
    if (!pt2eOverwritesOperand(mlirOpOperandGetOwner(use),
                                     (int)mlirOpOperandGetOperandNumber(use)))
      return false;
  return true;
}

MlirLogicalResult pt2eCompileTensorEmpty(CompileCtx *cc, Instr *in) {
  (void)cc;
  in->exec = in->numResults == 1 && onlyOverwritten(mlirOperationGetResult(in->op, 0))
                 ? execEmptyOverwritten
                 : execEmpty;
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult execSplat(Exec *ex, const Instr *in) {
  Pt2eTensor *t = newResult(ex, in);
  if (!t)
    return pt2eInterpOutOfMemory(in->op);
  Pt2eScalar v = ex->slots[in->operands[0]].scalar;
  for (int64_t i = 0; i < t->numel; i++)
    pt2eTensorStore(t, i, v);
  ex->slots[in->results[0]].tensor = t;
  return mlirLogicalResultSuccess();
}

/* Same data, new shape (cast, expand_shape, collapse_shape, reshape). */
static MlirLogicalResult execReshape(Exec *ex, const Instr *in) {
  const SlotInfo *ri = resultInfo(ex, in);
  Pt2eTensor *src = ex->slots[in->operands[0]].tensor;
  Pt2eTensor *t;
  if (canTakeOver(ex, in, 0)) {
    t = pt2eTensorRetain(src);
    t->rank = ri->rank;
    memcpy(t->shape, ri->shape, sizeof t->shape);
  } else {
    t = newResult(ex, in);
    if (!t)
      return pt2eInterpOutOfMemory(in->op);
    memcpy(t->data, src->data, (size_t)src->numel * pt2eElemSize(src->type));
  }
  ex->slots[in->results[0]].tensor = t;
  return mlirLogicalResultSuccess();
}

/* Row-major element offset of 'idx' in 't'. */
static int64_t offsetOf(const Pt2eTensor *t, const int64_t *idx) {
  int64_t off = 0;
  for (int d = 0; d < t->rank; d++)
    off = off * t->shape[d] + idx[d];
  return off;
}

/* Reads index operands [first, first+rank) and checks them against 't'. */
static bool readIndices(Exec *ex, const Instr *in, int first,
                        const Pt2eTensor *t, int64_t *idx) {
  for (int d = 0; d < t->rank; d++) {
    idx[d] = ex->slots[in->operands[first + d]].scalar.i;
    if (idx[d] < 0 || idx[d] >= t->shape[d])
      return false;
  }
  return true;
}

static MlirLogicalResult execExtract(Exec *ex, const Instr *in) {
  const Pt2eTensor *t = ex->slots[in->operands[0]].tensor;
  int64_t idx[PT2E_MAX_RANK];
  if (!readIndices(ex, in, 1, t, idx))
    return pt2eEmitOpError(in->op, NULL, "index out of bounds");
  ex->slots[in->results[0]].scalar = pt2eTensorLoad(t, offsetOf(t, idx));
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult execInsert(Exec *ex, const Instr *in) {
  Pt2eTensor *dest = ex->slots[in->operands[1]].tensor;
  int64_t idx[PT2E_MAX_RANK];
  if (!readIndices(ex, in, 2, dest, idx))
    return pt2eEmitOpError(in->op, NULL, "index out of bounds");
  Pt2eTensor *t = newResult(ex, in);
  if (!t)
    return pt2eInterpOutOfMemory(in->op);
  memcpy(t->data, dest->data, (size_t)dest->numel * pt2eElemSize(dest->type));
  pt2eTensorStore(t, offsetOf(t, idx), ex->slots[in->operands[0]].scalar);
  ex->slots[in->results[0]].tensor = t;
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult execFromElements(Exec *ex, const Instr *in) {
  Pt2eTensor *t = newResult(ex, in);
  if (!t)
    return pt2eInterpOutOfMemory(in->op);
  for (int64_t i = 0; i < t->numel; i++)
    pt2eTensorStore(t, i, ex->slots[in->operands[i]].scalar);
  ex->slots[in->results[0]].tensor = t;
  return mlirLogicalResultSuccess();
}

/* {====================================================================
** Slices
** ===================================================================== */

typedef struct SliceData {
  int rank; /* of the sliced (full) tensor */
  int64_t offsets[PT2E_MAX_RANK], sizes[PT2E_MAX_RANK],
      strides[PT2E_MAX_RANK];
} SliceData;

static bool staticArray(MlirOperation op, const char *name, int64_t *out,
                        int *count) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsADenseI64Array(a))
    return false;
  intptr_t n = mlirDenseArrayGetNumElements(a);
  if (n > PT2E_MAX_RANK)
    return false;
  for (intptr_t i = 0; i < n; i++) {
    out[i] = mlirDenseI64ArrayGetElement(a, i);
    if (out[i] == mlirShapedTypeGetDynamicSize() ||
        out[i] == mlirShapedTypeGetDynamicStrideOrOffset())
      return false;
  }
  *count = (int)n;
  return true;
}

static MlirLogicalResult compileSliceData(CompileCtx *cc, Instr *in,
                                          int fullOperand, ExecFn exec) {
  SliceData *s = pt2eAlloc(sizeof *s);
  if (!s)
    return pt2eInterpOutOfMemory(in->op);
  in->data = s;
  in->freeData = pt2eFree;
  in->exec = exec;
  int n1 = 0, n2 = 0, n3 = 0;
  if (!staticArray(in->op, "static_offsets", s->offsets, &n1) ||
      !staticArray(in->op, "static_sizes", s->sizes, &n2) ||
      !staticArray(in->op, "static_strides", s->strides, &n3))
    return pt2eEmitOpError(in->op, NULL, "needs static offsets, sizes and strides");
  const SlotInfo *full = &cc->program->slots[in->operands[fullOperand]];
  if (n1 != full->rank || n2 != full->rank || n3 != full->rank)
    return pt2eEmitOpError(in->op, NULL, "slice rank does not match the tensor");
  s->rank = full->rank;
  for (int d = 0; d < s->rank; d++) {
    int64_t last = s->offsets[d] + (s->sizes[d] - 1) * s->strides[d];
    if (s->sizes[d] > 0 && (s->offsets[d] < 0 || last < 0 || last >= full->shape[d]))
      return pt2eEmitOpError(in->op, NULL, "slice goes outside the tensor");
  }
  return mlirLogicalResultSuccess();
}

/*
** Walks the slice in row-major order and copies it between the full tensor
** and the slice's own (intoFull: slice -> full). Copying involves no
** arithmetic, so any grouping gives the same bytes: the innermost dimensions
** the slice takes whole (unit stride, offset 0, full size), with the first
** one it takes partly (unit stride), are one contiguous run in both tensors
** and go as one memcpy (torch-mlir's q, k, v split of a fused in-projection:
** three 1 MB runs per transformer layer, once element by element, each
** element's offset recomputed over every dimension). A slice whose innermost
** stride is not 1 copies runs of one element, and so does every slice
** without fast paths (the reference walk test/ops/slice-runs.test compares
** with).
*/
/* The elements one copy moves: the dimensions [*outer, rank) that are
** contiguous in both tensors form the run (one element without 'runs'). */
static int64_t sliceRun(const SliceData *s, const int64_t *fullShape, bool runs,
                        int *outer) {
  int64_t run = 1;
  *outer = s->rank;
  while (runs && *outer > 0) {
    int d = *outer - 1;
    if (s->strides[d] != 1 && s->sizes[d] != 1)
      break;
    run *= s->sizes[d];
    (*outer)--;
    if (s->sizes[d] != fullShape[d] || s->offsets[d] != 0)
      break; /* taken partly: the next dimension out jumps */
  }
  return run;
}

static void walkSlice(const SliceData *s, const int64_t *fullShape,
                      Pt2eTensor *a, Pt2eTensor *b, bool intoFull, bool runs) {
  int r = s->rank;
  int64_t total = 1;
  for (int d = 0; d < r; d++)
    total *= s->sizes[d];
  if (total == 0)
    return;
  int outer;
  int64_t run = sliceRun(s, fullShape, runs, &outer);
  int64_t fullStride[PT2E_MAX_RANK], base = 0, stride = 1;
  for (int d = r - 1; d >= 0; d--) {
    fullStride[d] = stride;
    base += s->offsets[d] * stride;
    stride *= fullShape[d];
  }
  size_t es = pt2eElemSize(a->type), bytes = (size_t)run * es;
  char *full = intoFull ? a->data : b->data;
  char *part = intoFull ? b->data : a->data;
  int64_t idx[PT2E_MAX_RANK] = {0}, off = base;
  for (int64_t n = 0; n < total; n += run) {
    char *f = full + (size_t)off * es, *p = part + (size_t)n * es;
    if (intoFull)
      memcpy(f, p, bytes);
    else
      memcpy(p, f, bytes);
    for (int d = outer - 1; d >= 0; d--) {
      off += s->strides[d] * fullStride[d];
      if (++idx[d] < s->sizes[d])
        break;
      off -= s->strides[d] * fullStride[d] * s->sizes[d];
      idx[d] = 0;
    }
  }
}

static MlirLogicalResult execExtractSlice(Exec *ex, const Instr *in) {
  Pt2eTensor *src = ex->slots[in->operands[0]].tensor;
  const SlotInfo *ri = resultInfo(ex, in);
  /* walkSlice writes every element (the slice's count is the result's) */
  Pt2eTensor *t = pt2eTensorCreateUninit(ri->type, ri->rank, ri->shape);
  if (!t)
    return pt2eInterpOutOfMemory(in->op);
  walkSlice(in->data, src->shape, t, src, false, ex->interp->fastPaths);
  ex->slots[in->results[0]].tensor = t;
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult execInsertSlice(Exec *ex, const Instr *in) {
  Pt2eTensor *src = ex->slots[in->operands[0]].tensor;
  Pt2eTensor *dest = ex->slots[in->operands[1]].tensor;
  Pt2eTensor *t;
  if (canTakeOver(ex, in, 1) && in->operands[0] != in->operands[1]) {
    t = pt2eTensorRetain(dest);
  } else {
    t = newResult(ex, in);
    if (!t)
      return pt2eInterpOutOfMemory(in->op);
    memcpy(t->data, dest->data, (size_t)dest->numel * pt2eElemSize(dest->type));
  }
  walkSlice(in->data, t->shape, t, src, true, ex->interp->fastPaths);
  ex->slots[in->results[0]].tensor = t;
  return mlirLogicalResultSuccess();
}

MlirLogicalResult pt2eCompileTensorExtractSlice(CompileCtx *cc, Instr *in) {
  if (in->numOperands != 1)
    return pt2eEmitOpError(in->op, NULL, "needs static offsets, sizes and strides");
  return compileSliceData(cc, in, 0, execExtractSlice);
}

MlirLogicalResult pt2eCompileTensorInsertSlice(CompileCtx *cc, Instr *in) {
  if (in->numOperands != 2)
    return pt2eEmitOpError(in->op, NULL, "needs static offsets, sizes and strides");
  return compileSliceData(cc, in, 1, execInsertSlice);
}

/* }==================================================================== */

/* {====================================================================
** pad, concat
** ===================================================================== */

typedef struct PadData {
  int64_t low[PT2E_MAX_RANK];
  ScalarProgram *body; /* yields the padding value from the indices */
} PadData;

static void freePad(void *d) {
  PadData *p = d;
  if (p)
    pt2eScalarProgramDestroy(p->body);
  pt2eFree(p);
}

/*
** Padding with one value (a body that ignores the indices), in one pass over
** the result: each row of its innermost dimension is either all padding or
** padding, a row of the source, padding. Rows are split over the pool (each
** lands in its own place: no order to keep). The result is not zeroed
** first: every element is written once (a zeroed result and a second pass
** over its interior cost MobileNetV2 a tenth of its calibration).
*/
typedef struct PadRows {
  const PadData *pd;
  const Pt2eTensor *src;
  Pt2eTensor *t;
  const char *fill; /* one row of the result's width, all padding */
  bool zero;        /* the padding value is all-zero bytes */
} PadRows;

static void fillBytes(const PadRows *p, char *dst, size_t bytes) {
  if (p->zero)
    memset(dst, 0, bytes);
  else
    memcpy(dst, p->fill, bytes);
}

static void padRows(void *ctx, int64_t begin, int64_t end, int worker) {
  (void)worker;
  const PadRows *p = ctx;
  const Pt2eTensor *src = p->src, *t = p->t;
  size_t es = pt2eElemSize(t->type);
  int r = t->rank;
  int64_t outRow = t->shape[r - 1], srcRow = src->shape[r - 1];
  int64_t low = p->pd->low[r - 1];
  for (int64_t k = begin; k < end; k++) {
    /* row k's index in the result's outer dimensions, innermost first, and
    ** the source row it holds (if any) */
    int64_t rest = k, srcOff = 0, stride = 1;
    bool inside = true;
    for (int d = r - 2; d >= 0; d--) {
      int64_t i = rest % t->shape[d] - p->pd->low[d];
      rest /= t->shape[d];
      inside &= i >= 0 && i < src->shape[d];
      srcOff += i * stride;
      stride *= src->shape[d];
    }
    char *dst = (char *)t->data + (size_t)(k * outRow) * es;
    if (!inside || srcRow == 0) {
      fillBytes(p, dst, (size_t)outRow * es);
      continue;
    }
    fillBytes(p, dst, (size_t)low * es);
    memcpy(dst + (size_t)low * es,
           (const char *)src->data + (size_t)(srcOff * srcRow) * es,
           (size_t)srcRow * es);
    fillBytes(p, dst + (size_t)(low + srcRow) * es,
              (size_t)(outRow - low - srcRow) * es);
  }
}

/* False when the row of padding cannot be had. */
static bool padConstant(const PadData *pd, const Pt2eTensor *src,
                        Pt2eTensor *t, Pt2eScalar v) {
  size_t es = pt2eElemSize(t->type);
  int r = t->rank;
  if (r == 0) {
    if (t->numel)
      memcpy(t->data, src->data, es);
    return true;
  }
  int64_t outRow = t->shape[r - 1], rows = outRow ? t->numel / outRow : 0;
  if (rows == 0)
    return true;
  /* one row of padding to copy from: the value's bytes, as stored */
  Pt2eTensor *row = pt2eTensorCreateUninit(t->type, 1, &outRow);
  if (!row)
    return false;
  for (int64_t i = 0; i < outRow; i++)
    pt2eTensorStore(row, i, v);
  bool zero = true;
  for (size_t b = 0; b < (size_t)outRow * es; b++)
    zero &= ((const unsigned char *)row->data)[b] == 0;
  PadRows p = {pd, src, t, row->data, zero};
  pt2eParallelFor(rows, 1 + 16384 / outRow, padRows, &p);
  pt2eTensorRelease(row);
  return true;
}

/* Every element of 't': the source's inside it, the body's value at its
** indices outside ('regs' holds the body's captures). */
static void padByBody(const PadData *pd, const Pt2eTensor *src, Pt2eTensor *t,
                      Pt2eScalar *regs) {
  int64_t idx[PT2E_MAX_RANK] = {0};
  Pt2eScalar v;
  for (int64_t n = 0; n < t->numel; n++) {
    bool inside = true;
    int64_t off = 0;
    for (int d = 0; d < t->rank; d++) {
      int64_t s = idx[d] - pd->low[d];
      inside &= s >= 0 && s < src->shape[d];
      off = off * src->shape[d] + s;
    }
    if (inside) {
      v = pt2eTensorLoad(src, off);
    } else {
      for (int d = 0; d < t->rank; d++)
        regs[d].i = idx[d];
      pt2eScalarProgramRun(pd->body, regs, NULL, &v);
    }
    pt2eTensorStore(t, n, v);
    for (int d = t->rank - 1; d >= 0; d--) {
      if (++idx[d] < t->shape[d])
        break;
      idx[d] = 0;
    }
  }
}

static MlirLogicalResult execPad(Exec *ex, const Instr *in) {
  const PadData *pd = in->data;
  const Pt2eTensor *src = ex->slots[in->operands[0]].tensor;
  const SlotInfo *ri = resultInfo(ex, in);
  /* every element is written below, by padConstant or padByBody */
  Pt2eTensor *t = pt2eTensorCreateUninit(ri->type, ri->rank, ri->shape);
  if (!t)
    return pt2eInterpOutOfMemory(in->op);
  Pt2eScalar regs[64], v;
  int nRegs = pt2eScalarProgramNumRegs(pd->body);
  if (nRegs > 64) {
    pt2eTensorRelease(t);
    return pt2eEmitOpError(in->op, NULL, "padding body is too large");
  }
  pt2eScalarProgramSetCaptures(pd->body, ex->slots, regs);
  if (!pt2eScalarProgramReadsArgs(pd->body)) {
    pt2eScalarProgramRun(pd->body, regs, NULL, &v);
    if (!padConstant(pd, src, t, v)) {
      pt2eTensorRelease(t);
      return pt2eInterpOutOfMemory(in->op);
    }
    ex->slots[in->results[0]].tensor = t;
    return mlirLogicalResultSuccess();
  }
  padByBody(pd, src, t, regs);
  ex->slots[in->results[0]].tensor = t;
  return mlirLogicalResultSuccess();
}

/* Number of dynamic entries in the static array 'name'. */
static int dynamicCount(MlirOperation op, const char *name) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
  int n = 0;
  if (!mlirAttributeIsNull(a) && mlirAttributeIsADenseI64Array(a))
    for (intptr_t i = 0; i < mlirDenseArrayGetNumElements(a); i++)
      n += mlirDenseI64ArrayGetElement(a, i) == mlirShapedTypeGetDynamicSize();
  return n;
}

/*
** Padding amounts: the static entries of 'name', and for each dynamic one
** the next operand from 'firstOperand' on, which must be an arith.constant
** (tosa-to-tensor writes them that way).
*/
static bool padAmounts(MlirOperation op, const char *name, intptr_t firstOperand,
                       int64_t *out, int *count) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsADenseI64Array(a))
    return false;
  intptr_t n = mlirDenseArrayGetNumElements(a), next = firstOperand;
  if (n > PT2E_MAX_RANK)
    return false;
  for (intptr_t i = 0; i < n; i++) {
    out[i] = mlirDenseI64ArrayGetElement(a, i);
    if (out[i] != mlirShapedTypeGetDynamicSize())
      continue;
    if (next >= mlirOperationGetNumOperands(op))
      return false;
    MlirValue v = mlirOperationGetOperand(op, next++);
    MlirOperation def = pt2eOpProducer(v);
    if (mlirOperationIsNull(def))
      return false;
    MlirAttribute c = pt2eOpAttr(def, "value");
    if (!pt2eOpIs(def, "arith.constant") || mlirAttributeIsNull(c) ||
        !mlirAttributeIsAInteger(c))
      return false;
    out[i] = mlirIntegerAttrGetValueInt(c);
  }
  *count = (int)n;
  return true;
}

MlirLogicalResult pt2eCompileTensorPad(CompileCtx *cc, Instr *in) {
  PadData *pd = pt2eAlloc(sizeof *pd);
  if (!pd)
    return pt2eInterpOutOfMemory(in->op);
  in->data = pd;
  in->freeData = freePad;
  in->exec = execPad;
  int64_t high[PT2E_MAX_RANK];
  int n1 = 0, n2 = 0;
  if (!padAmounts(in->op, "static_low", 1, pd->low, &n1) ||
      !padAmounts(in->op, "static_high", 1 + dynamicCount(in->op, "static_low"),
                  high, &n2))
    return pt2eEmitOpError(in->op, NULL, "needs padding amounts that are constants");
  for (int d = 0; d < n1; d++)
    if (pd->low[d] < 0 || high[d] < 0)
      return pt2eEmitOpError(in->op, NULL, "negative padding is not supported");
  pd->body = pt2eScalarProgramCompile(cc, mlirOperationGetRegion(in->op, 0),
                                      "tensor.yield");
  if (pd->body && pt2eScalarProgramHasAsserts(pd->body))
    return pt2eEmitOpError(in->op, NULL, "has a cf.assert in its body: not supported");
  return pd->body ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

static MlirLogicalResult execConcat(Exec *ex, const Instr *in) {
  int64_t dim = (int64_t)(intptr_t)in->data;
  Pt2eTensor *t = newResult(ex, in);
  if (!t)
    return pt2eInterpOutOfMemory(in->op);
  size_t es = pt2eElemSize(t->type);
  int64_t outer = 1, innerOut = 1;
  for (int d = 0; d < dim; d++)
    outer *= t->shape[d];
  for (int d = (int)dim; d < t->rank; d++)
    innerOut *= t->shape[d];
  int64_t pos = 0; /* elements of the concatenated axis block written so far */
  for (int k = 0; k < in->numOperands; k++) {
    const Pt2eTensor *s = ex->slots[in->operands[k]].tensor;
    int64_t inner = 1;
    for (int d = (int)dim; d < s->rank; d++)
      inner *= s->shape[d];
    for (int64_t o = 0; o < outer; o++)
      memcpy((char *)t->data + (size_t)(o * innerOut + pos) * es,
             (char *)s->data + (size_t)(o * inner) * es, (size_t)inner * es);
    pos += inner;
  }
  ex->slots[in->results[0]].tensor = t;
  return mlirLogicalResultSuccess();
}

MlirLogicalResult pt2eCompileTensorConcat(CompileCtx *cc, Instr *in) {
  (void)cc;
  MlirAttribute dim = mlirOperationGetAttributeByName(in->op, mlirStringRefCreateFromCString("dim"));
  in->data = (void *)(intptr_t)mlirIntegerAttrGetValueInt(dim);
  in->exec = execConcat;
  return mlirLogicalResultSuccess();
}

/* }==================================================================== */

static MlirLogicalResult execDim(Exec *ex, const Instr *in) {
  const Pt2eTensor *t = ex->slots[in->operands[0]].tensor;
  int64_t d = ex->slots[in->operands[1]].scalar.i;
  if (d < 0 || d >= t->rank)
    return pt2eEmitOpError(in->op, NULL, "dimension out of range");
  ex->slots[in->results[0]].scalar.i = t->shape[d];
  return mlirLogicalResultSuccess();
}

/* The ops whose compile step only picks the exec function. */

MlirLogicalResult pt2eCompileTensorSplat(CompileCtx *cc, Instr *in) {
  (void)cc;
  in->exec = execSplat;
  return mlirLogicalResultSuccess();
}

MlirLogicalResult pt2eCompileTensorExtract(CompileCtx *cc, Instr *in) {
  (void)cc;
  in->exec = execExtract;
  return mlirLogicalResultSuccess();
}

MlirLogicalResult pt2eCompileTensorInsert(CompileCtx *cc, Instr *in) {
  (void)cc;
  in->exec = execInsert;
  return mlirLogicalResultSuccess();
}

MlirLogicalResult pt2eCompileTensorFromElements(CompileCtx *cc, Instr *in) {
  (void)cc;
  in->exec = execFromElements;
  return mlirLogicalResultSuccess();
}

MlirLogicalResult pt2eCompileTensorDim(CompileCtx *cc, Instr *in) {
  (void)cc;
  in->exec = execDim;
  return mlirLogicalResultSuccess();
}

MlirLogicalResult pt2eCompileTensorReshape(CompileCtx *cc, Instr *in) {
  const SlotInfo *src = &cc->program->slots[in->operands[0]];
  const SlotInfo *dst = &cc->program->slots[in->results[0]];
  int64_t a = 1, b = 1;
  for (int d = 0; d < src->rank; d++)
    a *= src->shape[d];
  for (int d = 0; d < dst->rank; d++)
    b *= dst->shape[d];
  if (a != b || src->type != dst->type)
    return pt2eEmitOpError(in->op, NULL, "changes the number of elements");
  in->exec = execReshape;
  return mlirLogicalResultSuccess();
}

/*
** bufferization.materialize_in_destination %src in %dest, on tensors: the
** result is %src (the value a later bufferization would write into %dest's
** buffer), so it runs as a copy of %src; the three types must agree. The
** memref form (no result) writes through a buffer and is refused.
*/
MlirLogicalResult pt2eCompileMaterializeInDestination(CompileCtx *cc, Instr *in) {
  if (in->numOperands < 2 || in->numResults != 1)
    return pt2eEmitOpError(in->op, NULL, "runs on tensors only (a tensor "
                           "result), not on a memref destination");
  const SlotInfo *src = &cc->program->slots[in->operands[0]];
  const SlotInfo *dest = &cc->program->slots[in->operands[1]];
  const SlotInfo *res = &cc->program->slots[in->results[0]];
  bool same = src->isTensor && dest->isTensor && res->isTensor &&
              src->type == dest->type && src->type == res->type &&
              src->rank == dest->rank && src->rank == res->rank;
  for (int d = 0; same && d < src->rank; d++)
    same = src->shape[d] == dest->shape[d] && src->shape[d] == res->shape[d];
  if (!same)
    return pt2eEmitOpError(in->op, NULL, "source, destination and result "
                           "must have one tensor type");
  in->exec = execReshape; /* the source's elements, as they are */
  return mlirLogicalResultSuccess();
}
