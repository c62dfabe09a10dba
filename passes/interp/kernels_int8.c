/*
** kernels_int8.c
** Integer kernels for what tosa-to-linalg-named makes of pt2e-lower-int8's
** TOSA: linalg.conv_2d_nhwc_fhwc(_q), linalg.depthwise_conv_2d_nhwc_hwcm(_q)
** and linalg.(quantized_)batch_matmul on i8 operands accumulating into the
** op's i32 init, with the _q ops' scalar zero points. The generic loop nest
** runs them too (with --no-fast-paths); these are plain C loops split over
** output rows with pt2eParallelFor. Integer sums are exact, so the order of
** the products, the ISA and the thread count never change a bit.
**
** A window sum with zero points a (input) and b (weight) is computed as
**   sum (x - a)(w - b) = sum x*w - b * sum x - a * sum w + n * a * b
** (n products), wrapping in 32 bits as the loop nest's arith.muli/addi do.
*/
#include "op_linalg.h"

#include <string.h>

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"

#include "igemm.h"
#include "ir_ops.h"
#include "pt2e_cpu.h"
#include "pt2e_parallel.h"
#include "pt2e_support.h"

typedef enum Int8Kind { IConv, IDepthwise, IMatmul } Int8Kind;

typedef struct Int8Kernel {
  Int8Kind kind;
  bool hasZp; /* operands 2 and 3 are the input's and the weight's zero points */
  int64_t sh, sw, dh, dw;
} Int8Kernel;

/* One run's view, shared by the workers. */
typedef struct Int8Run {
  const Int8Kernel *k;
  const int8_t *x, *w;
  int32_t *out;
  const int32_t *wsum; /* conv: sum of each filter's weights */
  const int32_t *wz;   /* depthwise, vector levels: weights less their zero point */
  int32_t a, b;        /* zero points */
  int64_t N, H, W, C, F, KH, KW, M, OH, OW; /* matmul: N batch, H rows, C inner, F cols */
} Int8Run;

/* sum (x - a)(w - b) over 'n' consecutive elements, as 32-bit wrap. */
static inline uint32_t dot8(const int8_t *x, const int8_t *w, int64_t n) {
  int32_t s = 0;
  for (int64_t i = 0; i < n; i++)
    s += (int32_t)x[i] * (int32_t)w[i];
  return (uint32_t)s;
}

static inline uint32_t sum8(const int8_t *x, int64_t n) {
  int32_t s = 0;
  for (int64_t i = 0; i < n; i++)
    s += x[i];
  return (uint32_t)s;
}

/* conv rows: items are (n, oh) pairs */
static void convRows(void *ctx, int64_t begin, int64_t end, int worker) {
  (void)worker;
  const Int8Run *r = ctx;
  const Int8Kernel *k = r->k;
  int64_t run = k->dw == 1 ? r->KW * r->C : r->C; /* contiguous per window row */
  int64_t parts = k->dw == 1 ? 1 : r->KW;
  uint32_t nprod = (uint32_t)(r->KH * r->KW * r->C);
  uint32_t ab = nprod * (uint32_t)r->a * (uint32_t)r->b;
  for (int64_t item = begin; item < end; item++) {
    int64_t n = item / r->OH, oh = item % r->OH;
    for (int64_t ow = 0; ow < r->OW; ow++) {
      int32_t *o = r->out + ((n * r->OH + oh) * r->OW + ow) * r->F;
      uint32_t xs = 0;
      for (int64_t kh = 0; kh < r->KH; kh++)
        for (int64_t p = 0; p < parts; p++) {
          int64_t ih = oh * k->sh + kh * k->dh, iw = ow * k->sw + p * k->dw;
          xs += sum8(r->x + ((n * r->H + ih) * r->W + iw) * r->C, run);
        }
      for (int64_t f = 0; f < r->F; f++) {
        uint32_t s = 0;
        for (int64_t kh = 0; kh < r->KH; kh++)
          for (int64_t p = 0; p < parts; p++) {
            int64_t ih = oh * k->sh + kh * k->dh, iw = ow * k->sw + p * k->dw;
            s += dot8(r->x + ((n * r->H + ih) * r->W + iw) * r->C,
                      r->w + ((f * r->KH + kh) * r->KW + p) * r->C, run);
          }
        s = s - (uint32_t)r->b * xs - (uint32_t)r->a * (uint32_t)r->wsum[f] + ab;
        o[f] = (int32_t)((uint32_t)o[f] + s);
      }
    }
  }
}

/* depthwise rows: items are (n, oh); out [N, OH, OW, C, M] */
static void depthwiseRows(void *ctx, int64_t begin, int64_t end, int worker) {
  (void)worker;
  const Int8Run *r = ctx;
  const Int8Kernel *k = r->k;
  int64_t cm = r->C * r->M;
  for (int64_t item = begin; item < end; item++) {
    int64_t n = item / r->OH, oh = item % r->OH;
    for (int64_t ow = 0; ow < r->OW; ow++) {
      int32_t *o = r->out + ((n * r->OH + oh) * r->OW + ow) * cm;
      for (int64_t kh = 0; kh < r->KH; kh++)
        for (int64_t kw = 0; kw < r->KW; kw++) {
          int64_t ih = oh * k->sh + kh * k->dh, iw = ow * k->sw + kw * k->dw;
          const int8_t *xr = r->x + ((n * r->H + ih) * r->W + iw) * r->C;
          const int8_t *wr = r->w + (kh * r->KW + kw) * cm;
          if (r->M == 1) {
            for (int64_t c = 0; c < r->C; c++)
              o[c] = (int32_t)((uint32_t)o[c] +
                               (uint32_t)((xr[c] - r->a) * (wr[c] - r->b)));
          } else {
            for (int64_t c = 0; c < r->C; c++)
              for (int64_t m = 0; m < r->M; m++)
                o[c * r->M + m] = (int32_t)((uint32_t)o[c * r->M + m] +
                                            (uint32_t)((xr[c] - r->a) * (wr[c * r->M + m] - r->b)));
          }
        }
    }
  }
}

/* Depthwise with channel multiplier 1 on the vector levels: the weights
** less their zero point as i32 (wz, [KH, KW, C]) once per call, then each
** output pixel sums its taps channel by channel, a loop the compiler
** vectorises (pmulld needs SSE4.1, so the portable build never did). The
** same products and 32-bit wrapping sums as depthwiseRows: the same bits. */
#define ALWAYS_INLINE static inline __attribute__((always_inline))

ALWAYS_INLINE void depthwiseRowsM1Body(const Int8Run *r, int64_t begin, int64_t end) {
  const Int8Kernel *k = r->k;
  int64_t C = r->C;
  for (int64_t item = begin; item < end; item++) {
    int64_t n = item / r->OH, oh = item % r->OH;
    for (int64_t ow = 0; ow < r->OW; ow++) {
      int32_t *o = r->out + ((n * r->OH + oh) * r->OW + ow) * C;
      for (int64_t kh = 0; kh < r->KH; kh++)
        for (int64_t kw = 0; kw < r->KW; kw++) {
          int64_t ih = oh * k->sh + kh * k->dh, iw = ow * k->sw + kw * k->dw;
          const int8_t *xr = r->x + ((n * r->H + ih) * r->W + iw) * C;
          const int32_t *wr = r->wz + (kh * r->KW + kw) * C;
          uint32_t a = (uint32_t)r->a;
          for (int64_t c = 0; c < C; c++)
            o[c] = (int32_t)((uint32_t)o[c] + ((uint32_t)(int32_t)xr[c] - a) * (uint32_t)wr[c]);
        }
    }
  }
}

static void depthwiseRowsM1Portable(void *ctx, int64_t begin, int64_t end, int worker) {
  (void)worker;
  depthwiseRowsM1Body(ctx, begin, end);
}

#if defined(__x86_64__)
__attribute__((target("avx2")))
static void depthwiseRowsM1Avx2(void *ctx, int64_t begin, int64_t end, int worker) {
  (void)worker;
  depthwiseRowsM1Body(ctx, begin, end);
}

__attribute__((target("avx512f,avx512bw,avx512vl")))
static void depthwiseRowsM1Avx512(void *ctx, int64_t begin, int64_t end, int worker) {
  (void)worker;
  depthwiseRowsM1Body(ctx, begin, end);
}
#endif

/* The M = 1 loop for the ISA limit (pt2e_cpu.h). */
static Pt2eParallelFn depthwiseM1Fn(void) {
#if defined(__x86_64__)
  Pt2eIsa isa = pt2eCpuIsa();
  if (isa >= Pt2eIsaAvx512 && __builtin_cpu_supports("avx512bw") &&
      __builtin_cpu_supports("avx512vl"))
    return depthwiseRowsM1Avx512;
  if (isa >= Pt2eIsaAvx2)
    return depthwiseRowsM1Avx2;
#endif
  return depthwiseRowsM1Portable;
}

/* matmul rows: items are (batch, row); C[b, m, :] += (A[b, m, k] - a) (B[b, k, :] - b) */
static void matmulRows(void *ctx, int64_t begin, int64_t end, int worker) {
  (void)worker;
  const Int8Run *r = ctx;
  int64_t M = r->H, K = r->C, Ncols = r->F;
  for (int64_t item = begin; item < end; item++) {
    int64_t bt = item / M, m = item % M;
    const int8_t *ar = r->x + (bt * M + m) * K;
    const int8_t *bm = r->w + bt * K * Ncols;
    int32_t *o = r->out + (bt * M + m) * Ncols;
    for (int64_t kk = 0; kk < K; kk++) {
      int32_t av = ar[kk] - r->a;
      const int8_t *br = bm + kk * Ncols;
      for (int64_t j = 0; j < Ncols; j++)
        o[j] = (int32_t)((uint32_t)o[j] + (uint32_t)(av * (br[j] - r->b)));
    }
  }
}

/* The vector path's rows (igemm.h) of a convolution: output pixel p =
** (n, oh, ow) as its window, im2col, in the weight's (kh, kw, c) order. */
static void convPatches(const void *ctx, int64_t p0, int64_t count, int8_t *dst, int64_t ld) {
  const Int8Run *r = ctx;
  const Int8Kernel *k = r->k;
  int64_t run = k->dw == 1 ? r->KW * r->C : r->C, parts = k->dw == 1 ? 1 : r->KW;
  for (int64_t i = 0; i < count; i++) {
    int64_t p = p0 + i, ow = p % r->OW, oh = p / r->OW % r->OH, n = p / (r->OW * r->OH);
    int8_t *d = dst + i * ld;
    for (int64_t kh = 0; kh < r->KH; kh++)
      for (int64_t q = 0; q < parts; q++, d += run) {
        int64_t ih = oh * k->sh + kh * k->dh, iw = ow * k->sw + q * k->dw;
        memcpy(d, r->x + ((n * r->H + ih) * r->W + iw) * r->C, (size_t)run);
      }
  }
}

/* The vector path's rows of a matmul: A's rows of one batch, as they are. */
static void matmulRowsOf(const void *ctx, int64_t p0, int64_t count, int8_t *dst, int64_t ld) {
  const int8_t *a = ((const Int8Run *)ctx)->x;
  int64_t K = ((const Int8Run *)ctx)->C;
  for (int64_t i = 0; i < count; i++)
    memcpy(dst + i * ld, a + (p0 + i) * K, (size_t)K);
}

/* A batch matmul: on the vector path one product a batch, else rows
** (batch, row) split over the pool. False when the vector path's scratch
** cannot be had. */
static bool runInt8Matmul(Int8Run *r, const Pt2eTensor *xt, const Pt2eTensor *wt,
                          bool vector) {
  r->N = xt->shape[0];
  r->H = xt->shape[1];
  r->C = xt->shape[2];
  r->F = wt->shape[2];
  if (!vector) {
    pt2eParallelFor(r->N * r->H, 1, matmulRows, r);
    return true;
  }
  const int8_t *x = r->x;
  for (int64_t bt = 0; bt < r->N; bt++) {
    Int8Run one = *r;
    one.x = x + bt * r->H * r->C;
    Pt2eIgemm g = {.P = r->H, .F = r->F, .K = r->C, .rows = matmulRowsOf, .rowsCtx = &one,
                   .w = r->w + bt * r->C * r->F, .wsF = 1, .wsK = r->F, .a = r->a, .b = r->b,
                   .out = r->out + bt * r->H * r->F, .ldo = r->F};
    if (!pt2eIgemm(&g))
      return false;
  }
  return true;
}

/* A convolution or a depthwise convolution: output rows (image, oh) split
** over the pool; a convolution first sums each filter's weights. False
** when that sum's memory cannot be had. */
static bool runInt8Window(Int8Run *r, const Pt2eTensor *xt, const Pt2eTensor *wt,
                          const Pt2eTensor *out, bool vector) {
  r->N = xt->shape[0];
  r->H = xt->shape[1];
  r->W = xt->shape[2];
  r->C = xt->shape[3];
  r->OH = out->shape[1];
  r->OW = out->shape[2];
  if (r->k->kind == IDepthwise) {
    r->KH = wt->shape[0];
    r->KW = wt->shape[1];
    r->M = wt->shape[3];
    if (!vector || r->M != 1) {
      pt2eParallelFor(r->N * r->OH, 1, depthwiseRows, r);
      return true;
    }
    int64_t taps = r->KH * r->KW * r->C;
    int32_t *wz = pt2eAllocUninit(sizeof(int32_t) * (size_t)(taps > 0 ? taps : 1));
    if (!wz)
      return false;
    for (int64_t i = 0; i < taps; i++)
      wz[i] = (int32_t)((uint32_t)(int32_t)r->w[i] - (uint32_t)r->b);
    r->wz = wz;
    pt2eParallelFor(r->N * r->OH, 1, depthwiseM1Fn(), r);
    pt2eFree(wz);
    return true;
  }
  r->F = wt->shape[0];
  r->KH = wt->shape[1];
  r->KW = wt->shape[2];
  if (vector) {
    int64_t K = r->KH * r->KW * r->C;
    Pt2eIgemm g = {.P = r->N * r->OH * r->OW, .F = r->F, .K = K, .rows = convPatches,
                   .rowsCtx = r, .w = r->w, .wsF = K, .wsK = 1, .a = r->a, .b = r->b,
                   .out = r->out, .ldo = r->F};
    return pt2eIgemm(&g);
  }
  int32_t *wsum = pt2eAllocUninit(sizeof(int32_t) * (size_t)r->F);
  if (!wsum)
    return false;
  int64_t per = r->KH * r->KW * r->C;
  for (int64_t f = 0; f < r->F; f++)
    wsum[f] = (int32_t)sum8(r->w + f * per, per);
  r->wsum = wsum;
  pt2eParallelFor(r->N * r->OH, 1, convRows, r);
  pt2eFree(wsum);
  return true;
}

static MlirLogicalResult execInt8(Exec *ex, const Instr *in) {
  const LinalgPlan *p = in->data;
  const Int8Kernel *k = p->kernel;
  if (!ex->interp->fastPaths)
    return pt2eLinalgRunLoops(ex, in);
  Pt2eTensor *out;
  int numIns = k->hasZp ? 4 : 2;
  if (mlirLogicalResultIsFailure(pt2eLinalgInitOutputs(ex, in, numIns, 1, &out)))
    return mlirLogicalResultFailure();
  const Pt2eTensor *xt = ex->slots[in->operands[0]].tensor, *wt = ex->slots[in->operands[1]].tensor;
  Int8Run r;
  memset(&r, 0, sizeof r);
  r.k = k;
  r.x = xt->data;
  r.w = wt->data;
  r.out = out->data;
  if (k->hasZp) {
    r.a = (int32_t)ex->slots[in->operands[2]].scalar.i;
    r.b = (int32_t)ex->slots[in->operands[3]].scalar.i;
  }
  /* the vector kernels where the CPU and PT2E_ISA allow (the same bits) */
  bool vector = pt2eIgemmAvailable();
  if (k->kind == IMatmul ? !runInt8Matmul(&r, xt, wt, vector)
                         : !runInt8Window(&r, xt, wt, out, vector)) {
    pt2eTensorRelease(out);
    return pt2eInterpOutOfMemory(in->op);
  }
  ex->slots[in->results[0]].tensor = out;
  return mlirLogicalResultSuccess();
}

static bool slotIs(const CompileCtx *cc, int slot, Pt2eElemType t, int rank) {
  const SlotInfo *s = &cc->program->slots[slot];
  return s->isTensor == (rank > 0) && s->type == t && (rank == 0 || s->rank == rank);
}

static int64_t pairAt(MlirOperation op, const char *name, int i) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsADenseElements(a))
    return 1;
  return mlirDenseElementsAttrGetInt64Value(a, i);
}

static void freeInt8Kernel(void *k) { pt2eFree(k); }

/* (d0, d1, d3), (d0, d3, d2), (d0, d1, d2), or no maps at all. */
static bool defaultBatchMatmulMaps(MlirOperation op) {
  MlirAttribute maps = pt2eOpAttr(op, "indexing_maps");
  if (mlirAttributeIsNull(maps))
    return true;
  static const intptr_t want[3][3] = {{0, 1, 3}, {0, 3, 2}, {0, 1, 2}};
  if (!mlirAttributeIsAArray(maps) || mlirArrayAttrGetNumElements(maps) != 3)
    return false;
  for (intptr_t i = 0; i < 3; i++) {
    MlirAffineMap m = mlirAffineMapAttrGetValue(mlirArrayAttrGetElement(maps, i));
    if (mlirAffineMapGetNumResults(m) != 3)
      return false;
    for (intptr_t j = 0; j < 3; j++) {
      MlirAffineExpr e = mlirAffineMapGetResult(m, j);
      if (!mlirAffineExprIsADim(e) || mlirAffineDimExprGetPosition(e) != want[i][j])
        return false;
    }
  }
  return true;
}

/* The ops the integer kernels run: their kind, and whether their
** operands 2 and 3 are zero points (the _q ops). */
static const struct Int8Op {
  const char *name;
  Int8Kind kind;
  bool hasZp;
} int8Ops[] = {
    {"linalg.conv_2d_nhwc_fhwc_q", IConv, true},
    {"linalg.conv_2d_nhwc_fhwc", IConv, false},
    {"linalg.depthwise_conv_2d_nhwc_hwcm_q", IDepthwise, true},
    {"linalg.depthwise_conv_2d_nhwc_hwcm", IDepthwise, false},
    {"linalg.quantized_batch_matmul", IMatmul, true},
    {"linalg.batch_matmul", IMatmul, false},
};

/* The kind of the op in 'kr'; false when no integer kernel runs its name. */
static bool int8KindOf(MlirOperation op, Int8Kernel *kr) {
  for (size_t i = 0; i < sizeof int8Ops / sizeof *int8Ops; i++)
    if (pt2eOpIs(op, int8Ops[i].name)) {
      kr->kind = int8Ops[i].kind;
      kr->hasZp = int8Ops[i].hasZp;
      return true;
    }
  return false;
}

/* i8 input and weight, an i32 init (and i32 scalar zero points) of the
** kernel's ranks; a batch_matmul with its default maps only. */
static bool int8OperandsFit(const CompileCtx *cc, const Instr *in,
                            const LinalgPlan *plan, const Int8Kernel *kr) {
  int rank = kr->kind == IMatmul ? 3 : 4;
  int numIns = kr->hasZp ? 4 : 2;
  if (plan->numIns != numIns || plan->numOuts != 1 ||
      !slotIs(cc, in->operands[0], Pt2eElemI8, rank) ||
      !slotIs(cc, in->operands[1], Pt2eElemI8, kr->kind == IDepthwise ? 4 : rank) ||
      !slotIs(cc, in->operands[numIns], Pt2eElemI32, kr->kind == IDepthwise ? 5 : rank))
    return false;
  if (kr->hasZp && (!slotIs(cc, in->operands[2], Pt2eElemI32, 0) ||
                    !slotIs(cc, in->operands[3], Pt2eElemI32, 0)))
    return false;
  /* batch_matmul may carry other indexing maps: only the default */
  return kr->kind != IMatmul || kr->hasZp || defaultBatchMatmulMaps(in->op);
}

/* pt2eLinalgChooseInt8Kernel (op_linalg.h) */
bool pt2eLinalgChooseInt8Kernel(CompileCtx *cc, Instr *in, LinalgPlan *plan) {
  Int8Kernel kr;
  memset(&kr, 0, sizeof kr);
  if (!int8KindOf(in->op, &kr) || !int8OperandsFit(cc, in, plan, &kr))
    return false;
  kr.sh = pairAt(in->op, "strides", 0);
  kr.sw = pairAt(in->op, "strides", 1);
  kr.dh = pairAt(in->op, "dilations", 0);
  kr.dw = pairAt(in->op, "dilations", 1);
  Int8Kernel *k = pt2eAlloc(sizeof *k);
  if (!k)
    return false; /* the loops still work */
  *k = kr;
  plan->kernel = k;
  plan->freeKernel = freeInt8Kernel;
  in->exec = execInt8;
  return true;
}
