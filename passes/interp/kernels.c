/*
** kernels.c
** Kernels for the heavy linalg ops on f32: the interpreter's own sgemm
** (gemm.c, the same bits on every CPU) for matmul and batch_matmul
** (with transposed operands) and 2-D convolutions in NCHW/FCHW, NHWC/HWCF
** and NHWC/FHWC layouts (im2col + sgemm); depthwise convolutions and
** pooling by the vectorised, threaded window kernels (kernels_window.c),
** bit-identical with the loop nest.
**
** A kernel is chosen at compile time from the op's name and its indexing
** maps (a linalg.generic by its maps and body alone: the generic form of a
** named op gets the named op's kernel, so both give the same bits); anything
** else (other types, other layouts) keeps the generic loop
** nest, which is also what the tests compare the kernels against. The sgemm
** paths sum in their own documented order (each output one fma chain from
** its init over the reduction in im2col order), which differs from the
** loops (and from PyTorch): results agree to float rounding, not bit for
** bit, but are a function of the op and its inputs alone. A convolution or
** pool whose input is a tensor.pad of one value reads the pad's source and
** makes the padding itself (readThroughPad): the same values, the pad
** never made.
*/
#include "op_linalg.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include "gemm.h"
#include "kernels_window.h"
#include "broadcast.h"
#include "ir_ops.h"
#include "pt2e_checked.h"
#include "pt2e_cpu.h"
#include "pt2e_dialect.h"
#include "pt2e_parallel.h"
#include "pt2e_support.h"
#include "structured.h"

typedef enum KernelKind {
  KMatmul, KConvNchwFchw, KConvNhwcHwcf, KConvNhwcFhwc, KPoolNchw, KPoolNhwc,
  KDepthwiseNchw, KDepthwiseNhwc
} KernelKind;

typedef struct Kernel {
  KernelKind kind;
  /* matmul: per batch C[m,n] += op(A) op(B) */
  bool transA, transB;
  int64_t batch, m, n, k;
  /* batch_matmul whose B is one matrix broadcast over the batch: the
  ** instruction reads that matrix, slot sharedBSlot (operand 1 rewired
  ** once the kernel is installed: sharedBroadcast) */
  bool sharedB;
  int sharedBSlot;
  /* NCHW convolution whose init is a per-filter bias broadcast over the
  ** output (rowBias), or a product or convolution whose init is a
  ** linalg.fill of a scalar (torch-mlir's zero init of a matmul; fillInit):
  ** the instruction reads the bias or the scalar, slot initSlot (operand 2
  ** rewired), and every chain starts at it */
  bool rowBias, fillInit;
  int initSlot;
  int outRank;
  int64_t outShape[PT2E_MAX_RANK];
  /* a convolution's weights (A) or a product's B when they are the same on
  ** every run, packed once for the sgemm (a memo: refilled if they or the
  ** kernel change) */
  Pt2eSgemmPacked *packedW;
  /* conv and pooling */
  int64_t N, C, H, W, F, KH, KW, OH, OW, sh, sw, dh, dw;
  bool poolMax; /* pooling: max (else sum) */
  /* the input is a tensor.pad of one value that only this op reads
  ** (readThroughPad): the instruction reads the pad's source, slot
  ** padSource (operand 0 rewired), XH x XW; H x W above are the padded
  ** sizes, and the kernels write or read padValue outside the source */
  bool padded;
  int padSource;
  int64_t XH, XW, padTop, padLeft;
  float padValue;
  /* an NCHW convolution read from its input's phase planes (WideConv),
  ** whose scratch fits */
  bool throughPlanes;
} Kernel;

/* Loop dimension of a pure 'dN' expression, or -1. */
static int pureDim(const LinalgPlan *p, int operand, int r) {
  int found = -1;
  if (p->exprConst[operand][r] != 0)
    return -1;
  for (int d = 0; d < p->numLoops; d++) {
    int64_t c = p->exprCoef[operand][r][d];
    if (c == 0)
      continue;
    if (c != 1 || found >= 0)
      return -1;
    found = d;
  }
  return found;
}

static bool allF32(const CompileCtx *cc, const Instr *in, int n) {
  for (int k = 0; k < n; k++) {
    const SlotInfo *s = &cc->program->slots[in->operands[k]];
    if (!s->isTensor || s->type != Pt2eElemF32)
      return false;
  }
  return true;
}

/* matmul / batch_matmul: A, B, C with pure-dimension maps. */
static bool matchMatmul(const LinalgPlan *p, bool batched, Kernel *kr) {
  int nb = batched ? 1 : 0;
  if (p->numIns != 2 || p->numOuts != 1 || p->numLoops != 3 + nb)
    return false;
  int a[3], b[3], c[3];
  for (int r = 0; r < 2 + nb; r++) {
    a[r] = pureDim(p, 0, r);
    b[r] = pureDim(p, 1, r);
    c[r] = pureDim(p, 2, r);
    if (a[r] < 0 || b[r] < 0 || c[r] < 0)
      return false;
  }
  if (batched && (a[0] != c[0] || b[0] != c[0]))
    return false;
  int m = c[nb], n = c[nb + 1], k = -1;
  for (int d = nb; d < 3 + nb; d++)
    if (d != m && d != n && (!batched || d != c[0]))
      k = d;
  if (k < 0)
    return false;
  if (a[nb] == m && a[nb + 1] == k)
    kr->transA = false;
  else if (a[nb] == k && a[nb + 1] == m)
    kr->transA = true;
  else
    return false;
  if (b[nb] == k && b[nb + 1] == n)
    kr->transB = false;
  else if (b[nb] == n && b[nb + 1] == k)
    kr->transB = true;
  else
    return false;
  kr->kind = KMatmul;
  kr->batch = batched ? p->size[c[0]] : 1;
  kr->m = p->size[m];
  kr->n = p->size[n];
  kr->k = p->size[k];
  return true;
}

static int64_t attrPair(MlirOperation op, const char *name, int i) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsADenseElements(a))
    return 1;
  return mlirDenseElementsAttrGetInt64Value(a, i);
}

static bool matchConv(const CompileCtx *cc, const Instr *in, KernelKind kind,
                      Kernel *kr) {
  const SlotInfo *x = &cc->program->slots[in->operands[0]];
  const SlotInfo *w = &cc->program->slots[in->operands[1]];
  const SlotInfo *y = &cc->program->slots[in->operands[2]];
  if (x->rank != 4 || w->rank != 4 || y->rank != 4)
    return false;
  kr->kind = kind;
  kr->sh = attrPair(in->op, "strides", 0);
  kr->sw = attrPair(in->op, "strides", 1);
  kr->dh = attrPair(in->op, "dilations", 0);
  kr->dw = attrPair(in->op, "dilations", 1);
  kr->N = x->shape[0];
  if (kind == KConvNchwFchw) {
    kr->C = x->shape[1], kr->H = x->shape[2], kr->W = x->shape[3];
    kr->F = w->shape[0], kr->KH = w->shape[2], kr->KW = w->shape[3];
    kr->OH = y->shape[2], kr->OW = y->shape[3];
    return w->shape[1] == kr->C && y->shape[1] == kr->F;
  }
  kr->H = x->shape[1], kr->W = x->shape[2], kr->C = x->shape[3];
  kr->OH = y->shape[1], kr->OW = y->shape[2];
  if (kind == KConvNhwcHwcf) {
    kr->KH = w->shape[0], kr->KW = w->shape[1], kr->F = w->shape[3];
    return w->shape[2] == kr->C && y->shape[3] == kr->F;
  }
  kr->F = w->shape[0], kr->KH = w->shape[1], kr->KW = w->shape[2];
  return w->shape[3] == kr->C && y->shape[3] == kr->F;
}

/*
** {======================================================================
** Generic forms: a linalg.generic equal to a named op takes its kernel
** =======================================================================
*/

/* The two operands of 'op' are 'a' and 'b', in either order. */
static bool operandsAre(MlirOperation op, MlirValue a, MlirValue b) {
  if (mlirOperationGetNumOperands(op) != 2)
    return false;
  MlirValue x = mlirOperationGetOperand(op, 0), y = mlirOperationGetOperand(op, 1);
  return (mlirValueEqual(x, a) && mlirValueEqual(y, b)) ||
         (mlirValueEqual(x, b) && mlirValueEqual(y, a));
}

/*
** A body that is exactly out + in0 * in1: one mulf of the two inputs, one
** addf of the product and the init (either order: both are commutative
** bit for bit), yielded. That is the body of the named matmuls and
** convolutions, as linalg-generalize-named-ops and StableHLO's lowering
** write it; anything more (casts, a constant) keeps the loops.
*/
static bool macBody(MlirOperation op) {
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  if (mlirBlockIsNull(b) || mlirBlockGetNumArguments(b) != 3)
    return false;
  MlirOperation mul = mlirBlockGetFirstOperation(b);
  MlirOperation add = mlirOperationIsNull(mul) ? mul : mlirOperationGetNextInBlock(mul);
  MlirOperation yield = mlirOperationIsNull(add) ? add : mlirOperationGetNextInBlock(add);
  if (!pt2eOpIs(mul, "arith.mulf") || !pt2eOpIs(add, "arith.addf") ||
      !pt2eOpIs(yield, "linalg.yield") ||
      !mlirOperationIsNull(mlirOperationGetNextInBlock(yield)) ||
      mlirOperationGetNumOperands(yield) != 1)
    return false;
  MlirValue mr = mlirOperationGetResult(mul, 0), ar = mlirOperationGetResult(add, 0);
  return operandsAre(mul, mlirBlockGetArgument(b, 0), mlirBlockGetArgument(b, 1)) &&
         operandsAre(add, mlirBlockGetArgument(b, 2), mr) &&
         mlirValueEqual(mlirOperationGetOperand(yield, 0), ar);
}

/* Input expression r of 'p' is s * dOut + d * dK (s, d >= 1), nothing else. */
static bool windowExpr(const LinalgPlan *p, int r, int dOut, int dK, int64_t *s,
                       int64_t *d) {
  if (r >= p->exprCount[0] || p->exprConst[0][r] != 0)
    return false;
  for (int i = 0; i < p->numLoops; i++)
    if (i != dOut && i != dK && p->exprCoef[0][r][i] != 0)
      return false;
  *s = p->exprCoef[0][r][dOut];
  *d = p->exprCoef[0][r][dK];
  return *s >= 1 && *d >= 1;
}

/*
** A generic 2-D convolution in one of the named kernels' layouts, found
** from its maps: output (n, f, oh, ow) or (n, oh, ow, f), filter
** (f, c, kh, kw), (kh, kw, c, f) or (f, kh, kw, c), input with
** oh * stride + kh * dilation (and the same for w); seven distinct loops.
*/
static bool matchGenericConv(const CompileCtx *cc, const Instr *in,
                             const LinalgPlan *p, Kernel *kr) {
  if (p->numLoops != 7 || p->exprCount[0] != 4 || p->exprCount[1] != 4 ||
      p->exprCount[2] != 4)
    return false;
  int o[4], w[4];
  for (int r = 0; r < 4; r++)
    if ((o[r] = pureDim(p, 2, r)) < 0 || (w[r] = pureDim(p, 1, r)) < 0)
      return false;
  KernelKind kind;
  int n = o[0], f, oh, ow, c, kh, kw, xh, xw;
  if (pureDim(p, 0, 1) >= 0) { /* NCHW input, FCHW filter */
    kind = KConvNchwFchw;
    f = o[1], oh = o[2], ow = o[3], c = pureDim(p, 0, 1), xh = 2, xw = 3;
    if (w[0] != f || w[1] != c)
      return false;
    kh = w[2], kw = w[3];
  } else { /* NHWC input, HWCF or FHWC filter */
    oh = o[1], ow = o[2], f = o[3], c = pureDim(p, 0, 3), xh = 1, xw = 2;
    if (w[3] == f && w[2] == c)
      kind = KConvNhwcHwcf, kh = w[0], kw = w[1];
    else if (w[0] == f && w[3] == c)
      kind = KConvNhwcFhwc, kh = w[1], kw = w[2];
    else
      return false;
  }
  unsigned seen = 0;
  const int dims[7] = {n, f, oh, ow, c, kh, kw};
  for (int i = 0; i < 7; i++)
    seen |= dims[i] >= 0 ? 1u << dims[i] : 0;
  int64_t sh, dh, sw, dw;
  if (seen != 0x7f || pureDim(p, 0, 0) != n ||
      !windowExpr(p, xh, oh, kh, &sh, &dh) || !windowExpr(p, xw, ow, kw, &sw, &dw) ||
      !matchConv(cc, in, kind, kr))
    return false;
  kr->sh = sh, kr->sw = sw, kr->dh = dh, kr->dw = dw; /* no attributes */
  return true;
}

/* }====================================================================== */

/* Pooling ops: input, window (shape only), output; f32 input and output. */
static bool matchPool(const CompileCtx *cc, const Instr *in, bool nchw, Kernel *kr) {
  const SlotInfo *x = &cc->program->slots[in->operands[0]];
  const SlotInfo *w = &cc->program->slots[in->operands[1]];
  const SlotInfo *y = &cc->program->slots[in->operands[2]];
  if (x->rank != 4 || w->rank != 2 || y->rank != 4 || !x->isTensor ||
      x->type != Pt2eElemF32 || y->type != Pt2eElemF32)
    return false;
  kr->kind = nchw ? KPoolNchw : KPoolNhwc;
  kr->sh = attrPair(in->op, "strides", 0);
  kr->sw = attrPair(in->op, "strides", 1);
  kr->dh = attrPair(in->op, "dilations", 0);
  kr->dw = attrPair(in->op, "dilations", 1);
  kr->N = x->shape[0];
  kr->KH = w->shape[0], kr->KW = w->shape[1];
  if (nchw) {
    kr->C = x->shape[1], kr->H = x->shape[2], kr->W = x->shape[3];
    kr->OH = y->shape[2], kr->OW = y->shape[3];
  } else {
    kr->H = x->shape[1], kr->W = x->shape[2], kr->C = x->shape[3];
    kr->OH = y->shape[1], kr->OW = y->shape[2];
  }
  return true;
}

/* Depthwise convolution: input, filter (C,KH,KW or KH,KW,C), output. */
static bool matchDepthwise(const CompileCtx *cc, const Instr *in, bool nchw,
                           Kernel *kr) {
  const SlotInfo *x = &cc->program->slots[in->operands[0]];
  const SlotInfo *w = &cc->program->slots[in->operands[1]];
  const SlotInfo *y = &cc->program->slots[in->operands[2]];
  if (x->rank != 4 || w->rank != 3 || y->rank != 4)
    return false;
  kr->kind = nchw ? KDepthwiseNchw : KDepthwiseNhwc;
  kr->sh = attrPair(in->op, "strides", 0);
  kr->sw = attrPair(in->op, "strides", 1);
  kr->dh = attrPair(in->op, "dilations", 0);
  kr->dw = attrPair(in->op, "dilations", 1);
  kr->N = x->shape[0];
  if (nchw) {
    kr->C = x->shape[1], kr->H = x->shape[2], kr->W = x->shape[3];
    kr->KH = w->shape[1], kr->KW = w->shape[2];
    kr->OH = y->shape[2], kr->OW = y->shape[3];
    return w->shape[0] == kr->C && y->shape[1] == kr->C;
  }
  kr->H = x->shape[1], kr->W = x->shape[2], kr->C = x->shape[3];
  kr->KH = w->shape[0], kr->KW = w->shape[1];
  kr->OH = y->shape[1], kr->OW = y->shape[2];
  return w->shape[2] == kr->C && y->shape[3] == kr->C;
}

/* The window of a depthwise, pooling or NCHW convolution kernel. */
static Pt2eWindow windowOf(const Kernel *k) {
  Pt2eWindow s = {k->N, k->C, k->H, k->W, k->OH, k->OW, k->KH, k->KW,
                  k->sh, k->sw, k->dh, k->dw, k->padded, k->XH, k->XW,
                  k->padTop, k->padLeft, k->padValue};
  return s;
}

/* The input image's height and width as stored: the pad's source when the
** kernel reads through one. */
static int64_t storedH(const Kernel *k) { return k->padded ? k->XH : k->H; }
static int64_t storedW(const Kernel *k) { return k->padded ? k->XW : k->W; }

/* im2col for one NHWC image: col[oh*OW+ow][(kh*KW+kw)*C+c], the padding
** value where a tap falls outside a padded input's source. */
static void im2colNhwc(const Kernel *k, const float *x, float *col) {
  int64_t kkc = k->KH * k->KW * k->C, XH = storedH(k), XW = storedW(k);
  int64_t top = k->padded ? k->padTop : 0, left = k->padded ? k->padLeft : 0;
  for (int64_t oh = 0; oh < k->OH; oh++)
    for (int64_t ow = 0; ow < k->OW; ow++) {
      float *dst = col + (oh * k->OW + ow) * kkc;
      for (int64_t kh = 0; kh < k->KH; kh++)
        for (int64_t kw = 0; kw < k->KW; kw++) {
          float *d = dst + (kh * k->KW + kw) * k->C;
          int64_t ih = oh * k->sh + kh * k->dh - top, iw = ow * k->sw + kw * k->dw - left;
          if (ih >= 0 && ih < XH && iw >= 0 && iw < XW)
            memcpy(d, x + (ih * XW + iw) * k->C, (size_t)k->C * sizeof(float));
          else
            for (int64_t c = 0; c < k->C; c++)
              d[c] = k->padValue;
        }
    }
}

/* A 1x1, stride-1 convolution reads its input as the sgemm operand (not
** through a pad, whose padding is not in the input). */
static bool convIsDirect(const Kernel *k) {
  return k->KH == 1 && k->KW == 1 && k->sh == 1 && k->sw == 1 && !k->padded;
}

/* NCHW images with small outputs go several to one sgemm, whose skinny
** per-image shape would waste most of the micro-kernel's tiles. (1x1
** 'direct' convolutions read their input in place instead: gathering it
** for a group was measured no faster on MobileNetV2's 7x7 and 14x14
** layers.) */
static int64_t convGroup(const Kernel *k) {
  int64_t group = 1, ohw = k->OH * k->OW;
  if (k->kind == KConvNchwFchw && !convIsDirect(k))
    while (group < k->N && group * ohw < 2048)
      group++;
  return group;
}

/*
** An NCHW convolution read from its image's phase planes, without im2col.
** Phase plane (c, a, b) of the (padded) input X holds X[c][r*sh + a][q*sw + b]
** at row r, column q, PH x PW (the pitch): tap (kh, kw) of output (oh, ow)
** is then element (oh + kh*dh/sh, ow + kw*dw/sw) of plane
** (c, kh*dh % sh, kw*dw % sw), so row p = (c, kh, kw) of the im2col matrix,
** on "wide" columns j = oh*PW + ow, is the plane read from a shifted start:
** the sgemm's B rows are shifts of one array (pt2eSgemmWide), and the
** PW - OW columns of each wide row past OW are computed and dropped. The
** planes are about the input's size, against im2col's KH*KW times it. The
** same products in the same order: the same bits as im2col.
*/
typedef struct WideConv {
  int64_t PH, PW, nWide;  /* plane rows and pitch; wide columns (OH-1)*PW + OW */
  int nA, nB;             /* phases used, of rows and of columns */
  int rowPhase[4], colPhase[4]; /* phase a (b) of index ia (ib) */
  int64_t planeFloats;    /* C*nA*nB*PH*PW */
} WideConv;

/* The phase index of tap offset t (kh*dh or kw*dw) for stride s. */
static int phaseIndex(const int *phase, int n, int64_t t, int64_t s) {
  for (int i = 0; i < n; i++)
    if (phase[i] == t % s)
      return i;
  return -1;
}

/*
** True, with its geometry, when a convolution goes through its phase
** planes: NCHW, not 'direct', strides of at most 4, one image per sgemm
** (convGroup) or stride 1 (a group then runs image by image: layer2's 3x3;
** grouped stride-2 layers measured slower so), and at most 1/8 of the wide
** columns dropped (ResNet-18's stem
** drops 3 of 115, layer1 2 of 58; a 7x7 output would drop 2 of 9).
*/
static bool convWideGeometry(const Kernel *k, WideConv *w) {
  memset(w, 0, sizeof *w);
  if (k->kind != KConvNchwFchw || convIsDirect(k) || k->sh > 4 || k->sw > 4 ||
      (convGroup(k) != 1 && (k->sh != 1 || k->sw != 1)))
    return false;
  w->PH = k->OH + (k->KH - 1) * k->dh / k->sh;
  w->PW = k->OW + (k->KW - 1) * k->dw / k->sw;
  int64_t ohw, planes;
  if (!pt2eCheckedMul(k->OH, k->OW, &ohw) ||
      !pt2eCheckedMul(k->OH - 1, w->PW, &w->nWide) ||
      !pt2eCheckedAdd(w->nWide, k->OW, &w->nWide) || w->nWide > ohw + ohw / 8)
    return false;
  for (int64_t kh = 0; kh < k->KH; kh++)
    if (phaseIndex(w->rowPhase, w->nA, kh * k->dh, k->sh) < 0)
      w->rowPhase[w->nA++] = (int)(kh * k->dh % k->sh);
  for (int64_t kw = 0; kw < k->KW; kw++)
    if (phaseIndex(w->colPhase, w->nB, kw * k->dw, k->sw) < 0)
      w->colPhase[w->nB++] = (int)(kw * k->dw % k->sw);
  return pt2eCheckedMul(k->C, (int64_t)w->nA * w->nB, &planes) &&
         pt2eCheckedMul(planes, w->PH, &planes) &&
         pt2eCheckedMul(planes, w->PW, &w->planeFloats);
}

/*
** True when the convolution's scratch (im2col columns, grouped outputs)
** fits the interpreter's largest tensor: its size comes from the model's
** shapes and is checked like any tensor's. A convolution whose scratch
** would not fit runs on the loops, which need none.
*/
static bool convScratchFits(const Pt2eInterp *interp, const Kernel *k) {
  int64_t ohw, kkc, col, tmp;
  size_t bytes;
  /* NCHW makes its im2col rows while packing: no columns to hold */
  bool columns = k->kind != KConvNchwFchw && !convIsDirect(k);
  if (!pt2eCheckedMul(k->OH, k->OW, &ohw) ||
      !pt2eCheckedMul(k->KH * k->KW, k->C, &kkc) ||
      !pt2eCheckedMul(convGroup(k), ohw, &col) ||
      !pt2eCheckedMul(col, k->F, &tmp) || !pt2eCheckedMul(col, columns ? kkc : 0, &col) ||
      !pt2eCheckedAdd(col, tmp, &col) ||
      !pt2eCheckedBytes(col, sizeof(float), &bytes))
    return false;
  return bytes <= (size_t)interp->limits.maxTensorBytes;
}

/* Rows (image j, filter f) of a group between the output and the grouped
** layout [F][g*OH*OW]: a copy, split over the pool. */
typedef struct GroupCopy {
  int64_t F, ohw, g;
  float *out, *grouped; /* out: the group's first image */
  bool gather;
} GroupCopy;

static void groupCopyRange(void *ctx, int64_t begin, int64_t end, int worker) {
  (void)worker;
  const GroupCopy *gc = ctx;
  for (int64_t i = begin; i < end; i++) {
    int64_t j = i / gc->F, f = i % gc->F;
    float *o = gc->out + (j * gc->F + f) * gc->ohw;
    float *t = gc->grouped + f * gc->g * gc->ohw + j * gc->ohw;
    if (gc->gather)
      memcpy(t, o, (size_t)gc->ohw * sizeof(float));
    else
      memcpy(o, t, (size_t)gc->ohw * sizeof(float));
  }
}

static void groupCopy(const Kernel *k, int64_t g, float *out, float *grouped,
                      bool gather) {
  GroupCopy gc = {k->F, k->OH * k->OW, g, out, grouped, gather};
  int64_t grain = 8192 / gc.ohw + 1;
  pt2eParallelFor(g * k->F, grain, groupCopyRange, &gc);
}

/*
** A convolution as im2col + sgemm, the output's init (zeros or a bias)
** where every chain starts. NCHW images with small outputs go several to
** one sgemm: their init is gathered into the grouped layout first, so a
** grouped image gets the same bits as a lone one (im2col and the copies
** split over the pool; a copy has no order). False when memory runs out.
*/
/*
** Row p = (c, kh, kw) of the NCHW im2col matrix of images n0, n0+1, ...,
** columns j0 .. j0+cols (image, oh, ow): made while the sgemm packs it, in
** runs along ow (a copy for stride 1), never written out whole. The values
** im2col would hold, in its order: the same bits.
*/
typedef struct ColRows {
  const Kernel *k;
  const float *x; /* image n0 */
} ColRows;

/* floor(a / b) and ceil(a / b) for b > 0 and any a. */
static int64_t floorDiv(int64_t a, int64_t b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }
static int64_t ceilDiv(int64_t a, int64_t b) { return -floorDiv(-a, b); }

/*
** Stride 2 (ResNet-18's first convolution, every downsampling 3x3): the
** even floats of src, 16 (AVX-512) or 8 (AVX2) at a time from two loads and
** one permutation. A copy, no arithmetic: the same floats as the scalar
** loop. Loads never reach past src[2 * (run - 1)]: the AVX-512 one masks
** the last block's loads, the AVX2 one leaves the blocks that would read
** past it to the scalar loop (the last float read may end the tensor).
*/
static void evenScalar(const float *src, int64_t from, int64_t run, float *dst) {
  for (int64_t i = from; i < run; i++)
    dst[i] = src[2 * i];
}

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

__attribute__((target("avx512f"))) static void
evenAvx512(const float *src, int64_t run, float *dst) {
  const __m512i even = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20,
                                         22, 24, 26, 28, 30);
  int64_t i = 0;
  for (; i + 16 <= run; i += 16) {
    /* the last block's second load would read src[2 * run - 1]: masked */
    __mmask16 hi = i + 16 < run ? (__mmask16)0xFFFF : (__mmask16)0x7FFF;
    __m512 lo = _mm512_loadu_ps(src + 2 * i);
    __m512 up = _mm512_maskz_loadu_ps(hi, src + 2 * i + 16);
    _mm512_storeu_ps(dst + i, _mm512_permutex2var_ps(lo, even, up));
  }
  if (i < run) {
    /* n < 16 outputs read the 2n - 1 floats src[2i .. 2i + 2n - 2] */
    int n = (int)(run - i), reads = 2 * n - 1;
    __mmask16 m0 = (__mmask16)(reads >= 16 ? 0xFFFF : (1u << reads) - 1);
    __mmask16 m1 = (__mmask16)(reads > 16 ? (1u << (reads - 16)) - 1 : 0);
    __m512 lo = _mm512_maskz_loadu_ps(m0, src + 2 * i);
    __m512 up = _mm512_maskz_loadu_ps(m1, src + 2 * i + 16);
    _mm512_mask_storeu_ps(dst + i, (__mmask16)((1u << n) - 1),
                          _mm512_permutex2var_ps(lo, even, up));
  }
}

__attribute__((target("avx2"))) static void
evenAvx2(const float *src, int64_t run, float *dst) {
  int64_t i = 0;
  for (; i + 8 < run; i += 8) { /* reads src[2i .. 2i + 15], 2i + 15 < 2 * run - 1 */
    __m256 lo = _mm256_loadu_ps(src + 2 * i), up = _mm256_loadu_ps(src + 2 * i + 8);
    /* (a0 a2 b0 b2 | a4 a6 b4 b6), then the middle 64-bit pairs swapped */
    __m256 s = _mm256_shuffle_ps(lo, up, 0x88);
    _mm256_storeu_ps(dst + i, _mm256_castpd_ps(_mm256_permute4x64_pd(
                                  _mm256_castps_pd(s), 0xD8)));
  }
  evenScalar(src, i, run, dst);
}
#endif

/* 'run' taps from row 'src' with stride sw (a copy for stride 1). */
static void colCopy(const float *src, int64_t sw, int64_t run, float *dst) {
  if (sw == 1) {
    memcpy(dst, src, (size_t)run * sizeof(float));
    return;
  }
#if defined(__x86_64__) || defined(__i386__)
  if (sw == 2) {
    Pt2eIsa isa = pt2eCpuIsa();
    if (isa >= Pt2eIsaAvx512) {
      evenAvx512(src, run, dst);
      return;
    }
    if (isa >= Pt2eIsaAvx2) {
      evenAvx2(src, run, dst);
      return;
    }
  }
#endif
  for (int64_t i = 0; i < run; i++)
    dst[i] = src[i * sw];
}

/*
** A run of outputs ow .. ow+run-1 of output row oh, tap (kh, kw), on the
** plane 'xc' of a padded input's source (XH x XW): the padding value where
** the tap falls outside the source, the source where inside (outputs
** owLo .. owHi-1 of any row, for this kw): what the padded tensor holds.
*/
static void colRunPadded(const Kernel *k, const float *xc, int64_t oh,
                         int64_t ow, int64_t kh, int64_t kw, int64_t owLo,
                         int64_t owHi, int64_t run, float *dst) {
  int64_t ih = oh * k->sh + kh * k->dh - k->padTop;
  int64_t lo = run, hi = run; /* the taps inside: [lo, hi) of the run */
  if (ih >= 0 && ih < k->XH) {
    lo = owLo - ow < 0 ? 0 : owLo - ow > run ? run : owLo - ow;
    hi = owHi - ow < lo ? lo : owHi - ow > run ? run : owHi - ow;
  }
  for (int64_t i = 0; i < lo; i++)
    dst[i] = k->padValue;
  if (hi > lo)
    colCopy(xc + ih * k->XW + (ow + lo) * k->sw + kw * k->dw - k->padLeft, k->sw,
            hi - lo, dst + lo);
  for (int64_t i = hi; i < run; i++)
    dst[i] = k->padValue;
}

static void colRow(const void *ctx, int64_t p, int64_t j0, int64_t cols,
                   float *dst) {
  const ColRows *cr = ctx;
  const Kernel *k = cr->k;
  int64_t khw = k->KH * k->KW, c = p / khw, kh = p % khw / k->KW, kw = p % k->KW;
  int64_t ohw = k->OH * k->OW, plane = storedH(k) * storedW(k);
  /* a padded input: the outputs whose tap kw falls inside the source,
  ** 0 <= ow * sw + kw * dw - padLeft < XW, the same on every row */
  int64_t off = kw * k->dw - (k->padded ? k->padLeft : 0);
  int64_t owLo = ceilDiv(-off, k->sw), owHi = floorDiv(k->XW - 1 - off, k->sw) + 1;
  /* the first column's image and output pixel; later runs step along */
  int64_t img = j0 / ohw, oh = j0 % ohw / k->OW, ow = j0 % k->OW;
  for (int64_t j = j0, end = j0 + cols; j < end;) {
    int64_t run = k->OW - ow < end - j ? k->OW - ow : end - j;
    const float *xc = cr->x + (img * k->C + c) * plane;
    if (k->padded)
      colRunPadded(k, xc, oh, ow, kh, kw, owLo, owHi, run, dst);
    else
      colCopy(xc + (oh * k->sh + kh * k->dh) * k->W + ow * k->sw + kw * k->dw,
              k->sw, run, dst);
    dst += run;
    j += run;
    if ((ow += run) == k->OW) {
      ow = 0;
      if (++oh == k->OH)
        oh = 0, img++;
    }
  }
}

/* Rows of one image's phase planes (WideConv), split over the pool. */
typedef struct PlaneRows {
  const Kernel *k;
  const WideConv *w;
  const float *x; /* the image */
  float *planes;
} PlaneRows;

/*
** Row r of plane (c, ia, ib): the source row's taps q*sw + b, the padding
** value where they fall outside the source (and past the padded input,
** where only dropped columns read: any value would do).
*/
static void planeRowsRange(void *ctx, int64_t begin, int64_t end, int worker) {
  (void)worker;
  const PlaneRows *pr = ctx;
  const Kernel *k = pr->k;
  const WideConv *w = pr->w;
  int64_t SH = storedH(k), SW = storedW(k);
  int64_t top = k->padded ? k->padTop : 0, left = k->padded ? k->padLeft : 0;
  for (int64_t i = begin; i < end; i++) {
    int64_t r = i % w->PH, plane = i / w->PH;
    int64_t ib = plane % w->nB, ia = plane / w->nB % w->nA, c = plane / w->nB / w->nA;
    int64_t a = w->rowPhase[ia], b = w->colPhase[ib];
    float *dst = pr->planes + i * w->PW;
    int64_t sy = r * k->sh + a - top;
    /* the columns q whose tap sx = q*sw + b - left lies in [0, SW) */
    int64_t lo = 0, hi = 0;
    if (sy >= 0 && sy < SH) {
      lo = ceilDiv(left - b, k->sw);
      hi = floorDiv(SW - 1 + left - b, k->sw) + 1;
      lo = lo < 0 ? 0 : lo > w->PW ? w->PW : lo;
      hi = hi < lo ? lo : hi > w->PW ? w->PW : hi;
    }
    for (int64_t q = 0; q < lo; q++)
      dst[q] = k->padValue;
    if (hi > lo)
      colCopy(pr->x + (c * SH + sy) * SW + lo * k->sw + b - left, k->sw, hi - lo,
              dst + lo);
    for (int64_t q = hi; q < w->PW; q++)
      dst[q] = k->padValue;
  }
}

/* One image by its phase planes: the planes made, then one wide sgemm
** whose B rows start at rowOffset (im2col row p = (c, kh, kw)). */
static bool convThroughPlanes(const Kernel *k, const WideConv *w, const float *x,
                              const float *weights, const float *starts,
                              const Pt2eSgemmPacked *pw, float *planes,
                              const int64_t *rowOffset, float *y) {
  PlaneRows pr = {k, w, x, planes};
  pt2eParallelFor(w->planeFloats / w->PW, 4096 / w->PW + 1, planeRowsRange, &pr);
  int64_t kkc = k->KH * k->KW * k->C;
  Pt2eSgemmWideB wide = {planes, rowOffset, w->PW, k->OW};
  return pt2eSgemmWide(pw, false, k->F, w->nWide, kkc, weights, kkc, &wide, true,
                       starts, y, k->OH * k->OW);
}

/* Where row p = (c, kh, kw) of the im2col matrix starts in the planes. */
static void planeRowOffsets(const Kernel *k, const WideConv *w, int64_t *rowOffset) {
  int64_t size = w->PH * w->PW;
  for (int64_t c = 0; c < k->C; c++)
    for (int64_t kh = 0; kh < k->KH; kh++)
      for (int64_t kw = 0; kw < k->KW; kw++) {
        int ia = phaseIndex(w->rowPhase, w->nA, kh * k->dh, k->sh);
        int ib = phaseIndex(w->colPhase, w->nB, kw * k->dw, k->sw);
        rowOffset[(c * k->KH + kh) * k->KW + kw] =
            ((c * w->nA + ia) * w->nB + ib) * size + kh * k->dh / k->sh * w->PW +
            kw * k->dw / k->sw;
      }
}

static bool runConvThroughPlanes(const Kernel *k, const WideConv *wide,
                                 const float *a, const float *b,
                                 const float *starts, const Pt2eSgemmPacked *pw,
                                 float *c) {
  int64_t kkc = k->KH * k->KW * k->C, ohw = k->OH * k->OW;
  float *planes = pt2eAllocUninit((size_t)wide->planeFloats * sizeof(float));
  int64_t *rowOffset = pt2eAllocUninit((size_t)kkc * sizeof(int64_t));
  bool ok = planes && rowOffset;
  if (ok)
    planeRowOffsets(k, wide, rowOffset);
  for (int64_t n = 0; ok && n < k->N; n++)
    ok = convThroughPlanes(k, wide, a + n * k->C * storedH(k) * storedW(k), b, starts,
                           pw, planes, rowOffset, c + n * k->F * ohw);
  pt2eFree(planes);
  pt2eFree(rowOffset);
  return ok;
}

/* NCHW images several to one sgemm (convGroup): each group's outputs in
** the grouped layout 'tmp', their init gathered there first. */
static bool runConvGrouped(const Kernel *k, int64_t group, const float *a,
                           const float *b, const float *starts,
                           const Pt2eSgemmPacked *pw, float *c) {
  int64_t ohw = k->OH * k->OW, kkc = k->KH * k->KW * k->C;
  /* grouped outputs gathered: every row written */
  float *tmp = pt2eAllocUninit((size_t)(group * ohw * k->F) * sizeof(float));
  bool ok = tmp != NULL;
  for (int64_t n0 = 0; ok && n0 < k->N; n0 += group) {
    int64_t g = k->N - n0 < group ? k->N - n0 : group, ld = g * ohw;
    float *out = c + n0 * k->F * ohw;
    ColRows cr = {k, a + n0 * k->C * storedH(k) * storedW(k)};
    Pt2eSgemmRowsOfB rows = {colRow, &cr};
    if (!starts)
      groupCopy(k, g, out, tmp, true);
    ok = pt2eSgemmMadeB(pw, false, k->F, ld, kkc, b, kkc, &rows, true, starts,
                        tmp, ld);
    if (ok)
      groupCopy(k, g, out, tmp, false);
  }
  pt2eFree(tmp);
  return ok;
}

/* Image by image: NCHW direct (the input is B), NCHW (im2col rows made
** while packed), NHWC (im2col written out, unless direct). */
static bool runConvByImage(const Kernel *k, const float *a, const float *b,
                           const float *starts, const Pt2eSgemmPacked *pw,
                           float *c) {
  int64_t ohw = k->OH * k->OW, kkc = k->KH * k->KW * k->C;
  bool direct = convIsDirect(k), nchw = k->kind == KConvNchwFchw;
  /* not zeroed: im2col writes every column */
  float *col = direct || nchw ? NULL
                              : pt2eAllocUninit((size_t)(ohw * kkc) * sizeof(float));
  bool ok = direct || nchw || col;
  for (int64_t n = 0; ok && n < k->N; n++) {
    const float *xn = a + n * k->C * storedH(k) * storedW(k);
    float *yn = c + n * k->F * ohw;
    if (nchw && direct) {
      ok = pt2eSgemmWithPacked(pw, NULL, false, false, k->F, ohw, kkc, b, kkc,
                               xn, ohw, true, starts, yn, ohw);
    } else if (nchw) {
      ColRows cr = {k, xn};
      Pt2eSgemmRowsOfB rows = {colRow, &cr};
      ok = pt2eSgemmMadeB(pw, false, k->F, ohw, kkc, b, kkc, &rows, true, starts,
                          yn, ohw);
    } else {
      if (!direct)
        im2colNhwc(k, xn, col);
      const float *cm = direct ? xn : col;
      if (k->kind == KConvNhwcHwcf)
        ok = pt2eSgemmWithPacked(NULL, NULL, false, false, ohw, k->F, kkc, cm,
                                 kkc, b, k->F, true, starts, yn, k->F);
      else
        ok = pt2eSgemmWithPacked(NULL, NULL, false, true, ohw, k->F, kkc, cm,
                                 kkc, b, kkc, true, starts, yn, k->F);
    }
  }
  pt2eFree(col);
  return ok;
}

static bool runConv(const Kernel *k, const float *a, const float *b,
                    const float *starts, const Pt2eSgemmPacked *pw, float *c) {
  /* the geometry is the one chosen at compile time (a function of k) */
  WideConv wide;
  if (k->throughPlanes && convWideGeometry(k, &wide))
    return runConvThroughPlanes(k, &wide, a, b, starts, pw, c);
  int64_t group = convGroup(k);
  return group > 1 ? runConvGrouped(k, group, a, b, starts, pw, c)
                   : runConvByImage(k, a, b, starts, pw, c);
}

/* 'def' (two operands, one result) broadcasts its input over dimension 0:
** a linalg.broadcast of dimensions [0], or a linalg.generic with maps
** (d0, d1, d2) -> (d1, d2) and the identity whose body yields its input
** (its iterator types not read). */
static bool broadcastOverBatch(MlirOperation def) {
  if (pt2eOpIs(def, "linalg.broadcast")) {
    MlirAttribute dims = pt2eOpAttr(def, "dimensions");
    return !mlirAttributeIsNull(dims) && mlirAttributeIsADenseI64Array(dims) &&
           mlirDenseArrayGetNumElements(dims) == 1 && mlirDenseI64ArrayGetElement(dims, 0) == 0;
  }
  if (!pt2eOpIs(def, "linalg.generic") || pt2eStructuredNumMaps(def) != 2)
    return false;
  MlirAffineMap in = pt2eStructuredMap(def, 0), out = pt2eStructuredMap(def, 1);
  if (!mlirAffineMapIsIdentity(out) || mlirAffineMapGetNumDims(in) != 3 ||
      mlirAffineMapGetNumResults(in) != 2)
    return false;
  for (int r = 0; r < 2; r++) {
    MlirAffineExpr e = mlirAffineMapGetResult(in, r);
    if (!mlirAffineExprIsADim(e) || mlirAffineDimExprGetPosition(e) != r + 1)
      return false;
  }
  MlirBlock body = pt2eStructuredBody(def);
  MlirOperation y = mlirBlockGetFirstOperation(body);
  return pt2eOpIs(y, "linalg.yield") && mlirOperationGetNumOperands(y) == 1 &&
         mlirValueEqual(mlirOperationGetOperand(y, 0), mlirBlockGetArgument(body, 0));
}

/*
** The 2-D matrix a batch_matmul's B operand broadcasts over the batch, or a
** null value: torch-mlir writes a linear on a 3-D input (attention's
** in-projection) as batch_matmul(x, broadcast(W^T)), which would copy the
** weight once per batch element (100 MB per batch for a transformer layer)
** and multiply in 128 skinny products. The broadcast is a linalg.broadcast
** over dimension 0 or a linalg.generic whose body yields its input, with
** maps (d0, d1, d2) -> (d1, d2) and the identity.
*/
static MlirValue sharedBroadcast(MlirValue b) {
  MlirValue none = {NULL};
  if (!mlirValueIsAOpResult(b))
    return none;
  /* an observer passes its input through unchanged (and still runs: it is
  ** not pure, so it keeps its reader of the broadcast) */
  MlirOperation def = mlirOpResultGetOwner(b);
  if (pt2eOpIs(def, PT2E_OBSERVER_OP) && mlirOperationGetNumOperands(def) == 1 &&
      mlirValueIsAOpResult(mlirOperationGetOperand(def, 0))) {
    b = mlirOperationGetOperand(def, 0);
    def = mlirOpResultGetOwner(b);
  }
  if (mlirOperationGetNumOperands(def) != 2 || mlirOperationGetNumResults(def) != 1)
    return none;
  MlirValue src = mlirOperationGetOperand(def, 0);
  MlirType st = mlirValueGetType(src), bt = mlirValueGetType(b);
  if (!mlirTypeIsARankedTensor(st) || mlirShapedTypeGetRank(st) != 2 ||
      mlirShapedTypeGetRank(bt) != 3 ||
      mlirShapedTypeGetDimSize(st, 0) != mlirShapedTypeGetDimSize(bt, 1) ||
      mlirShapedTypeGetDimSize(st, 1) != mlirShapedTypeGetDimSize(bt, 2))
    return none;
  return broadcastOverBatch(def) ? src : none;
}

/*
** The loop nest of a kernel op whose operands were rewired (--no-fast-paths):
** what the kernel reads instead of them is made whole again here, for the
** loops to read as the op's operands, then dropped: the shared B broadcast
** over the batch (sharedB), the init broadcast from the bias (rowBias) or
** filled with the scalar (fillInit).
*/
static Pt2eTensor *sharedBWhole(const Kernel *k, const Pt2eTensor *shared) {
  int64_t shape[3] = {k->batch, shared->shape[0], shared->shape[1]};
  Pt2eTensor *full = pt2eTensorCreateUninit(Pt2eElemF32, 3, shape);
  size_t bytes = (size_t)shared->numel * sizeof(float);
  for (int64_t i = 0; full && i < k->batch; i++)
    memcpy((char *)full->data + (size_t)i * bytes, shared->data, bytes);
  return full;
}

static Pt2eTensor *initWhole(const Kernel *k, const Slot *from) {
  Pt2eTensor *full = pt2eTensorCreateUninit(Pt2eElemF32, k->outRank, k->outShape);
  if (!full)
    return NULL;
  float *fv = full->data;
  if (k->fillInit) {
    for (int64_t i = 0; i < full->numel; i++)
      fv[i] = from->scalar.f32;
    return full;
  }
  const float *bias = from->tensor->data; /* rowBias: NCHW, one per filter */
  int64_t plane = k->OH * k->OW;
  for (int64_t r = 0; r < k->N * k->F; r++)
    for (int64_t i = 0; i < plane; i++)
      fv[r * plane + i] = bias[r % k->F];
  return full;
}

/* The padded input of a kernel that reads through a pad (the pad's
** source padded with its value, as tensor.pad writes it). */
static Pt2eTensor *paddedWhole(const Kernel *k, const Pt2eTensor *src) {
  bool nchw = k->kind == KConvNchwFchw || k->kind == KPoolNchw ||
              k->kind == KDepthwiseNchw;
  int64_t nchwShape[4] = {k->N, k->C, k->H, k->W}, nhwcShape[4] = {k->N, k->H, k->W, k->C};
  Pt2eTensor *full = pt2eTensorCreateUninit(Pt2eElemF32, 4, nchw ? nchwShape : nhwcShape);
  if (!full)
    return NULL;
  float *fv = full->data;
  const float *xv = src->data;
  /* (image, channel) planes for NCHW; for NHWC one plane per image of
  ** pixels of C values */
  int64_t planes = nchw ? k->N * k->C : k->N, el = nchw ? 1 : k->C;
  for (int64_t pl = 0; pl < planes; pl++)
    for (int64_t h = 0; h < k->H; h++)
      for (int64_t w = 0; w < k->W; w++) {
        int64_t ih = h - k->padTop, iw = w - k->padLeft;
        bool inside = ih >= 0 && ih < k->XH && iw >= 0 && iw < k->XW;
        float *d = fv + ((pl * k->H + h) * k->W + w) * el;
        for (int64_t c = 0; c < el; c++)
          d[c] = inside ? xv[((pl * k->XH + ih) * k->XW + iw) * el + c] : k->padValue;
      }
  return full;
}

static MlirLogicalResult runLoopsRewired(Exec *ex, const Instr *in, const Kernel *k) {
  Slot *xs = &ex->slots[in->operands[0]];
  Slot *bs = &ex->slots[in->operands[1]], *is = &ex->slots[in->operands[2]];
  Pt2eTensor *heldX = xs->tensor, *heldB = bs->tensor;
  Pt2eTensor *heldInit = is->tensor; /* NULL: a scalar */
  Pt2eTensor *fullX = k->padded ? paddedWhole(k, heldX) : NULL;
  Pt2eTensor *fullB = k->sharedB ? sharedBWhole(k, heldB) : NULL;
  Pt2eTensor *fullInit = k->rowBias || k->fillInit ? initWhole(k, is) : NULL;
  MlirLogicalResult r = mlirLogicalResultFailure();
  if ((k->padded && !fullX) || (k->sharedB && !fullB) ||
      ((k->rowBias || k->fillInit) && !fullInit)) {
    pt2eInterpOutOfMemory(in->op);
  } else {
    if (fullX)
      xs->tensor = fullX;
    if (fullB)
      bs->tensor = fullB;
    if (fullInit)
      is->tensor = fullInit;
    r = pt2eLinalgRunLoops(ex, in);
    xs->tensor = heldX;
    bs->tensor = heldB;
    is->tensor = heldInit;
  }
  pt2eTensorRelease(fullX);
  pt2eTensorRelease(fullB);
  pt2eTensorRelease(fullInit);
  return r;
}

/* The rows of the sgemm products a kernel runs, each a chain start. */
static int64_t productRows(const Kernel *k) {
  if (k->kind == KMatmul)
    return k->batch * k->m;
  return k->kind == KConvNchwFchw ? k->F : k->OH * k->OW;
}

/*
** An NCHW convolution's weights (A), or a product's B (a linear's weight),
** packed for the sgemm when they are the
** same on every run (a constant, or a hoisted transform of one): packed on
** the first run, kept in the kernel. NULL otherwise, or when memory runs
** out: the sgemm then packs them itself, with the same bits.
*/
static const Pt2eSgemmPacked *packedWeights(Exec *ex, const Instr *in,
                                            const Kernel *k, const float *w) {
  if (!pt2eProgramSlotIsConstant(ex->program, in->operands[1]))
    return NULL;
  Kernel *memo = (Kernel *)k; /* the packing is a memo, not the op's meaning */
  if (k->kind == KConvNchwFchw) {
    int64_t kkc = k->KH * k->KW * k->C;
    if (!pt2eSgemmPackedFitsA(memo->packedW, false, k->F, kkc, w, kkc)) {
      pt2eSgemmPackedFree(memo->packedW);
      memo->packedW = pt2eSgemmPackA(false, k->F, kkc, w, kkc);
    }
    return memo->packedW;
  }
  /* a product's B the same for every batch element: a linear's weight */
  if (k->kind != KMatmul || (k->batch > 1 && !k->sharedB))
    return NULL;
  int64_t ldb = k->transB ? k->k : k->n;
  if (!pt2eSgemmPackedFitsB(memo->packedW, k->transB, k->k, k->n, w, ldb)) {
    pt2eSgemmPackedFree(memo->packedW);
    memo->packedW = pt2eSgemmPackB(k->transB, k->k, k->n, w, ldb);
  }
  return memo->packedW;
}

/*
** The output tensor of a run. A kernel whose chains start at a bias or a
** fill's value (rowBias, fillInit) writes every element of a new tensor,
** and *starts holds the chains' starts, one per product row (*filled owns
** them when they were made here); any other's output is initialised from
** its init. NULL, reported, when memory runs out.
*/
static Pt2eTensor *startOutput(Exec *ex, const Instr *in, const Kernel *k,
                               const float **starts, float **filled) {
  Pt2eTensor *out;
  if (!k->rowBias && !k->fillInit)
    return mlirLogicalResultIsSuccess(pt2eLinalgInitOutputs(ex, in, 2, 1, &out)) ? out
                                                                                 : NULL;
  out = pt2eTensorCreateUninit(Pt2eElemF32, k->outRank, k->outShape);
  if (!out) {
    pt2eInterpOutOfMemory(in->op);
    return NULL;
  }
  if (k->rowBias) {
    *starts = ex->slots[in->operands[2]].tensor->data;
    return out;
  }
  int64_t rows = productRows(k);
  *filled = pt2eAllocUninit((size_t)rows * sizeof(float));
  if (!*filled) {
    pt2eTensorRelease(out);
    pt2eInterpOutOfMemory(in->op);
    return NULL;
  }
  for (int64_t i = 0; i < rows; i++)
    (*filled)[i] = ex->slots[in->operands[2]].scalar.f32;
  *starts = *filled;
  return out;
}

static bool isWindowKind(KernelKind kind) {
  return kind == KPoolNchw || kind == KPoolNhwc || kind == KDepthwiseNchw ||
         kind == KDepthwiseNhwc;
}

/* A pooling or depthwise kernel; false when a padded input's scratch
** cannot be had. */
static bool runWindow(const Kernel *k, const float *a, const float *b, float *c) {
  Pt2eWindow s = windowOf(k);
  if (k->kind == KPoolNchw || k->kind == KPoolNhwc)
    return pt2ePool(&s, k->kind == KPoolNchw, k->poolMax, a, c);
  return k->kind == KDepthwiseNchw ? pt2eDepthwiseNchw(&s, a, b, c)
                                   : pt2eDepthwiseNhwc(&s, a, b, c);
}

/* A matmul or batch_matmul through the sgemm, its B packed (pb) or not;
** false when memory runs out. */
static bool runMatmul(const Kernel *k, const float *a, const float *b,
                      const float *starts, const Pt2eSgemmPacked *pb, float *c) {
  int64_t lda = k->transA ? k->m : k->k, ldb = k->transB ? k->k : k->n;
  if (k->sharedB && !k->transA)
    /* A's and C's batches are consecutive rows: one product of batch x m
    ** rows against the shared B, each output's chain unchanged */
    return pt2eSgemmWithPacked(NULL, pb, false, k->transB, k->batch * k->m, k->n,
                               k->k, a, lda, b, ldb, true, starts, c, k->n);
  bool ok = true;
  for (int64_t i = 0; ok && i < k->batch; i++)
    ok = pt2eSgemmWithPacked(NULL, pb, k->transA, k->transB, k->m, k->n, k->k,
                             a + i * k->m * k->k, lda,
                             b + (k->sharedB ? 0 : i * k->k * k->n), ldb, true,
                             starts, c + i * k->m * k->n, k->n);
  return ok;
}

static MlirLogicalResult execKernel(Exec *ex, const Instr *in) {
  const LinalgPlan *p = in->data;
  const Kernel *k = p->kernel;
  if (!ex->interp->fastPaths)
    return k->sharedB || k->rowBias || k->fillInit || k->padded
               ? runLoopsRewired(ex, in, k)
               : pt2eLinalgRunLoops(ex, in);
  const float *starts = NULL; /* the chains' starts, one per product row */
  float *filled = NULL;
  Pt2eTensor *out = startOutput(ex, in, k, &starts, &filled);
  if (!out)
    return mlirLogicalResultFailure();
  const float *a = ex->slots[in->operands[0]].tensor->data;
  const float *b = ex->slots[in->operands[1]].tensor->data;
  float *c = out->data;
  bool ok = isWindowKind(k->kind) ? runWindow(k, a, b, c)
            : k->kind == KMatmul  ? runMatmul(k, a, b, starts, packedWeights(ex, in, k, b), c)
                                  : runConv(k, a, b, starts, packedWeights(ex, in, k, b), c);
  pt2eFree(filled);
  if (!ok) {
    pt2eTensorRelease(out);
    return pt2eInterpOutOfMemory(in->op); /* scratch, packing or a padded plane */
  }
  ex->slots[in->results[0]].tensor = out;
  return mlirLogicalResultSuccess();
}

/* A batch_matmul whose B is a broadcast reads the broadcast's input
** instead (the broadcast then has no reader and never runs: planDeadCode).
** False only if the slot cannot be found, which leaves the loops. */
static bool shareB(CompileCtx *cc, Instr *in, Kernel *kr) {
  MlirValue src = sharedBroadcast(mlirOperationGetOperand(in->op, 1));
  if (mlirValueIsNull(src) || kr->transB)
    return true;
  int slot = cc->slotOf(cc, src);
  if (slot < 0)
    return true;
  kr->sharedBSlot = slot;
  kr->sharedB = true;
  return true;
}

/*
** An NCHW convolution whose init is its bias broadcast over the output
** (torch-mlir's conv2d: linalg.broadcast of the F biases along n, h, w)
** reads the bias instead, and its chains start there: the same bits,
** without writing the broadcast and reading it back (MobileNetV2: 10% of
** its calibration). The broadcast then has no reader and never runs.
*/
static void biasAsRowInit(CompileCtx *cc, Instr *in, Kernel *kr) {
  int dimOf[PT2E_MAX_RANK], sr = 0;
  if (kr->kind != KConvNchwFchw)
    return;
  MlirValue src = pt2eBroadcastSource(mlirOperationGetOperand(in->op, 2),
                                            dimOf, &sr);
  int slot = mlirValueIsNull(src) ? -1 : cc->slotOf(cc, src);
  if (slot < 0 || sr != 1 || dimOf[0] != 1)
    return;
  const SlotInfo *si = &cc->program->slots[slot];
  if (!si->isTensor || si->type != Pt2eElemF32 || si->rank != 1 ||
      si->shape[0] != kr->F)
    return;
  kr->rowBias = true;
  kr->initSlot = slot;
}

static void freeKernel(void *p) {
  Kernel *k = p;
  if (k)
    pt2eSgemmPackedFree(k->packedW);
  pt2eFree(k);
}

/*
** A product or convolution whose init is a linalg.fill of an f32 scalar
** (torch-mlir's zero init of every matmul) reads the scalar instead, and
** its chains start there: the same bits without filling the output and
** reading it back. The fill then has no reader and never runs.
*/
static void fillAsRowInit(CompileCtx *cc, Instr *in, Kernel *kr) {
  MlirValue init = mlirOperationGetOperand(in->op, 2);
  if (kr->rowBias || !mlirValueIsAOpResult(init))
    return;
  MlirOperation def = mlirOpResultGetOwner(init);
  if (!pt2eOpIs(def, "linalg.fill") ||
      mlirOperationGetNumOperands(def) != 2)
    return;
  int slot = cc->slotOf(cc, mlirOperationGetOperand(def, 0));
  if (slot < 0 || cc->program->slots[slot].isTensor ||
      cc->program->slots[slot].type != Pt2eElemF32)
    return;
  kr->fillInit = true;
  kr->initSlot = slot;
}

/*
** {======================================================================
** Reading through a tensor.pad
** =======================================================================
*/

/* The f32 constant a tensor.pad's body yields (not a function of the
** indices), if it yields one; not NaN, whose bits a double may not keep. */
static bool padConstant(MlirOperation pad, float *value) {
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(pad, 0));
  if (mlirBlockIsNull(b))
    return false;
  MlirOperation y = mlirBlockGetTerminator(b);
  if (!pt2eOpIs(y, "tensor.yield") || mlirOperationGetNumOperands(y) != 1)
    return false;
  MlirValue v = mlirOperationGetOperand(y, 0);
  if (!mlirValueIsAOpResult(v) || !pt2eOpIs(mlirOpResultGetOwner(v), "arith.constant"))
    return false;
  MlirAttribute a = mlirOperationGetAttributeByName(mlirOpResultGetOwner(v),
                                                    mlirStringRefCreateFromCString("value"));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAFloat(a) ||
      !mlirTypeIsAF32(mlirAttributeGetType(a)))
    return false;
  double d = mlirFloatAttrGetValueDouble(a);
  if (d != d)
    return false;
  *value = (float)d; /* exact: the attribute holds an f32 */
  return true;
}

/* The static padding amounts 'name' of a rank-4 pad, all >= 0. */
static bool padAmounts4(MlirOperation pad, const char *name, int64_t *out) {
  MlirAttribute a = mlirOperationGetAttributeByName(pad, mlirStringRefCreateFromCString(name));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsADenseI64Array(a) ||
      mlirDenseArrayGetNumElements(a) != 4)
    return false;
  for (int d = 0; d < 4; d++)
    if ((out[d] = mlirDenseI64ArrayGetElement(a, d)) < 0)
      return false; /* negative, or dynamic */
  return true;
}

/*
** A window op or convolution whose input is a tensor.pad that only it
** reads, of one constant value, with static amounts on the two spatial
** dimensions only (torch-mlir's conv2d and max_pool2d padding): it reads
** the pad's source instead, the kernels writing (im2col, packing) or
** reading (a padded plane in cache) the padding value outside it, so the
** padded tensor is never made; the pad has no reader then and never runs
** (planDeadCode). Any other pad (read elsewhere too, a value that depends
** on the indices, padding of the batch or channels) runs as before.
*/
static void readThroughPad(CompileCtx *cc, Instr *in, Kernel *kr) {
  MlirValue x = mlirOperationGetOperand(in->op, 0);
  if (kr->kind == KMatmul || !mlirValueIsAOpResult(x))
    return; /* products read their operands as they are */
  MlirOperation pad = mlirOpResultGetOwner(x);
  MlirOpOperand use = mlirValueGetFirstUse(x);
  if (!pt2eOpIs(pad, "tensor.pad") || mlirOperationGetNumOperands(pad) != 1 ||
      mlirOpOperandIsNull(use) || !mlirOperationEqual(mlirOpOperandGetOwner(use), in->op) ||
      !mlirOpOperandIsNull(mlirOpOperandGetNextUse(use)))
    return; /* dynamic amounts, or another reader */
  int64_t low[4], high[4];
  float value;
  if (!padAmounts4(pad, "static_low", low) || !padAmounts4(pad, "static_high", high) ||
      !padConstant(pad, &value))
    return;
  bool nchw = kr->kind == KConvNchwFchw || kr->kind == KPoolNchw ||
              kr->kind == KDepthwiseNchw;
  int hd = nchw ? 2 : 1, wd = hd + 1, cd = nchw ? 1 : 3;
  if (low[0] || high[0] || low[cd] || high[cd])
    return;
  int slot = cc->slotOf(cc, mlirOperationGetOperand(pad, 0));
  if (slot < 0)
    return;
  const SlotInfo *si = &cc->program->slots[slot];
  if (!si->isTensor || si->type != Pt2eElemF32 || si->rank != 4 ||
      si->shape[hd] + low[hd] + high[hd] != kr->H ||
      si->shape[wd] + low[wd] + high[wd] != kr->W)
    return;
  kr->padded = true;
  kr->padSource = slot;
  kr->XH = si->shape[hd], kr->XW = si->shape[wd];
  kr->padTop = low[hd], kr->padLeft = low[wd];
  kr->padValue = value;
}

/* }====================================================================== */

/* The pooling ops the window kernels run, by layout and kind. */
static const struct PoolOp {
  const char *name;
  bool nchw, max;
} poolOps[] = {
    {"linalg.pooling_nchw_max", true, true},
    {"linalg.pooling_nchw_sum", true, false},
    {"linalg.pooling_nhwc_max", false, true},
    {"linalg.pooling_nhwc_sum", false, false},
};

/* The kernel the op is, its shape in 'kr' (by its name, and a generic by
** its body and maps); false when it is none. */
static bool matchKernel(CompileCtx *cc, Instr *in, const LinalgPlan *plan,
                        Kernel *kr) {
  MlirOperation op = in->op;
  for (size_t i = 0; i < sizeof poolOps / sizeof *poolOps; i++)
    if (pt2eOpIs(op, poolOps[i].name)) {
      kr->poolMax = poolOps[i].max;
      return matchPool(cc, in, poolOps[i].nchw, kr);
    }
  if (!allF32(cc, in, 3))
    return false;
  if (pt2eOpIs(op, "linalg.matmul"))
    return matchMatmul(plan, false, kr);
  if (pt2eOpIs(op, "linalg.batch_matmul"))
    return matchMatmul(plan, true, kr) && shareB(cc, in, kr);
  if (pt2eOpIs(op, "linalg.depthwise_conv_2d_nchw_chw"))
    return matchDepthwise(cc, in, true, kr);
  if (pt2eOpIs(op, "linalg.depthwise_conv_2d_nhwc_hwc"))
    return matchDepthwise(cc, in, false, kr);
  if (pt2eOpIs(op, "linalg.conv_2d_nchw_fchw"))
    return matchConv(cc, in, KConvNchwFchw, kr);
  if (pt2eOpIs(op, "linalg.conv_2d_nhwc_hwcf"))
    return matchConv(cc, in, KConvNhwcHwcf, kr);
  if (pt2eOpIs(op, "linalg.conv_2d_nhwc_fhwc"))
    return matchConv(cc, in, KConvNhwcFhwc, kr);
  if (pt2eOpIs(op, "linalg.generic") && macBody(op))
    return matchGenericConv(cc, in, plan, kr) ||
           matchMatmul(plan, plan->numLoops == 4, kr);
  return false;
}

static bool isConvKind(KernelKind kind) {
  return kind == KConvNchwFchw || kind == KConvNhwcHwcf || kind == KConvNhwcFhwc;
}

/* What the kernel reads instead of its operands (a pad's source, a bias,
** a fill's scalar) and whether a convolution goes through phase planes. */
static void planReads(CompileCtx *cc, Instr *in, Kernel *kr) {
  bool isConv = isConvKind(kr->kind);
  readThroughPad(cc, in, kr);
  if (isConv) {
    biasAsRowInit(cc, in, kr);
    WideConv wide;
    kr->throughPlanes = convWideGeometry(kr, &wide) &&
                        wide.planeFloats <= cc->interp->limits.maxTensorBytes / (int64_t)sizeof(float);
  }
  if (isConv || kr->kind == KMatmul) {
    const SlotInfo *ri = &cc->program->slots[in->results[0]];
    kr->outRank = ri->rank;
    memcpy(kr->outShape, ri->shape, sizeof kr->outShape);
    fillAsRowInit(cc, in, kr);
  }
}

/* Installs a copy of 'kr' as the op's kernel and rewires the operands it
** reads instead; false when memory runs out (the loops still work). */
static bool installKernel(Instr *in, LinalgPlan *plan, const Kernel *kr) {
  Kernel *k = pt2eAlloc(sizeof *k);
  if (!k)
    return false;
  *k = *kr;
  plan->kernel = k;
  plan->freeKernel = freeKernel;
  in->exec = execKernel;
  if (k->sharedB)
    in->operands[1] = k->sharedBSlot; /* only the kernel reads it so */
  if (k->rowBias || k->fillInit)
    in->operands[2] = k->initSlot; /* likewise */
  if (k->padded)
    in->operands[0] = k->padSource; /* likewise */
  return true;
}

/* pt2eLinalgChooseKernel (op_linalg.h) */
bool pt2eLinalgChooseKernel(CompileCtx *cc, Instr *in, LinalgPlan *plan) {
  Kernel kr;
  memset(&kr, 0, sizeof kr);
  if (plan->numIns != 2 || plan->numOuts != 1 || !matchKernel(cc, in, plan, &kr))
    return false;
  if (isConvKind(kr.kind) && !convScratchFits(cc->interp, &kr))
    return false; /* the loops still work, without scratch */
  planReads(cc, in, &kr);
  return installKernel(in, plan, &kr);
}
