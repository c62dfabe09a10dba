/*
** gemm.c
** The interpreter's matrix product, with a summation order fixed by
** construction, so that its results are the same bits on every x86-64 CPU
** and with any number of threads.
**
** Every output element is one fused multiply-add chain over k in order,
** starting from what C holds (accumulate) or from zero:
**     acc = accumulate ? C[i][j] : 0
**     acc = fma(A[i][k], B[k][j], acc)      for k = 0, 1, ..., K-1
**     C[i][j] = acc
** A BLAS library splits the k sum differently
** per ISA (OpenBLAS's AVX2 and AVX-512 kernels give different bits) and
** sometimes per thread; here blocking and threads only choose which outputs
** are computed together, never the order of one output's sum. The k loop
** is blocked for the caches, but a block continues the chain from the
** partial sum the previous block stored (a float stored and reloaded is
** exact), so blocking does not change the chain.
**
** Three micro-kernels, each described by a GemmKernel (its tile of MR x NR
** outputs and its cache blocks): AVX-512F with a 12 x 32 tile in 24 zmm
** accumulators, AVX2 + FMA with 6 x 16 in 12 ymm, and portable C with
** fmaf. Each lane of a vector kernel runs the chain above for its own
** output, so the vector width does not show in the bits; test_gemm.c
** compares all three with the scalar reference bit for bit. The best one
** the CPU has is chosen at run time; PT2E_GEMM_ISA=avx512|avx2|scalar or
** PT2E_GEMM_SCALAR=1 choose another.
**
** Threads (the worker pool, pt2e_parallel.h) take contiguous ranges of
** whole column panels or of whole row panels, whichever costs less. Each
** packs B once per (k block, column block) and A once per (row block, k
** block) within it. Their scratch is allocated by the calling thread,
** through pt2eAlloc and so under the interpreter's memory limit.
*/
#include "gemm.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define PT2E_GEMM_X86 1
#else
#define PT2E_GEMM_X86 0
#endif

#include "pt2e_checked.h"
#include "pt2e_parallel.h"
#include "pt2e_cpu.h"
#include "pt2e_support.h"

enum {
  MR_MAX = 12, NR_MAX = 32, /* the largest tile of any micro-kernel */
  MIN_FLOPS_PER_THREAD = 1 << 21 /* below this a thread costs more than it saves */
};

/* One product: C[m,n] (+)= op(A)[m,k] op(B)[k,n]. */
typedef struct Gemm {
  bool transA, transB;
  int64_t m, n, k;
  const float *a, *b;
  int64_t lda, ldb, ldc;
  bool accumulate;
  const float *rowInit; /* or NULL: chain i starts at rowInit[i] */
  float *c;
  const float *packedA; /* or NULL: A packed whole for the kernel (pt2eSgemmPackA) */
  const float *packedB; /* or NULL: likewise B (pt2eSgemmPackB) */
  const Pt2eSgemmRowsOfB *rowsOfB; /* or NULL: B's rows are made, not read */
  const Pt2eSgemmWideB *wide; /* or NULL: B shifted rows, C wide rows */
} Gemm;

/* {====================================================================
** The scalar reference: the documented order, literally
** ===================================================================== */

void pt2eSgemmReference(bool transA, bool transB, int64_t m, int64_t n,
                        int64_t k, const float *a, int64_t lda, const float *b,
                        int64_t ldb, bool accumulate, float *c, int64_t ldc) {
  for (int64_t i = 0; i < m; i++)
    for (int64_t j = 0; j < n; j++) {
      float acc = accumulate ? c[i * ldc + j] : 0.0f;
      for (int64_t p = 0; p < k; p++) {
        float x = transA ? a[p * lda + i] : a[i * lda + p];
        float y = transB ? b[j * ldb + p] : b[p * ldb + j];
        acc = fmaf(x, y, acc);
      }
      c[i * ldc + j] = acc;
    }
}

/* }==================================================================== */

/* {====================================================================
** Micro-kernels: continue the chains of one tile over kc steps
** ===================================================================== */

/*
** A tile: the outputs c[ii * ldc + jj], ii < h <= MR, jj < w <= NR, from
** the packed panels pa (element (ii, p) at p * MR + ii) and pb (element
** (p, jj) at p * NR + jj). The chains of row ii start at start[ii], or,
** with 'start' NULL, at what c holds. Only the h x w outputs are read and
** written, and start[0 .. h).
*/
typedef void (*TileFn)(int64_t kc, const float *pa, const float *pb, float *c,
                       int64_t ldc, const float *start, int h, int w);

/*
** The stored lanes of a tile on wide columns j .. j+w-1 (pt2eSgemmWide):
** one segment per wide row the tile meets, lanes 'mask' (bit l: lane l),
** lane l of row ii at c[ii * ldc + off + l].
*/
typedef struct WideSeg {
  int64_t off;
  uint32_t mask;
} WideSeg;

/*
** A tile of pt2eSgemmWide read and written in place: B's row p at
** base + rowOffset[p] + j (kc offsets, from the k block's first), the
** outputs by the segments. As TileFn otherwise.
*/
typedef void (*WideTileFn)(int64_t kc, const float *pa, const float *base,
                           const int64_t *rowOffset, int64_t j, float *c,
                           int64_t ldc, const float *start, int h, int w,
                           const WideSeg *seg, int segs);

/* The start of chains that begin at zero, for the largest tile's rows. */
static const float kZeroStart[16];

typedef struct GemmKernel {
  const char *name;
  Pt2eGemmIsa isa;
  int mr, nr;     /* the tile; the panels are packed for it */
  int kc, mc, nc; /* cache blocks: k, rows (multiple of mr), columns (of nr) */
  TileFn tile;
  WideTileFn tileWide; /* or NULL: B packed and C through a local tile */
} GemmKernel;

/* Portable C; the same chain as the reference, one fmaf per step. */
static void tileScalar(int64_t kc, const float *pa, const float *pb, float *c,
                       int64_t ldc, const float *start, int h, int w) {
  enum { MR = 6, NR = 16 };
  for (int ii = 0; ii < h; ii++)
    for (int jj = 0; jj < w; jj++) {
      float s = start ? start[ii] : c[ii * ldc + jj];
      for (int64_t p = 0; p < kc; p++)
        s = fmaf(pa[p * MR + ii], pb[p * NR + jj], s);
      c[ii * ldc + jj] = s;
    }
}

#if PT2E_GEMM_X86
/* 6 x 16 in 12 ymm accumulators, on c directly or, for an edge tile, on a
** full local tile whose padding lanes read the panels' zero padding and are
** never written back. */
__attribute__((target("avx2,fma"), always_inline))
static inline void tile256Body(int64_t kc, const float *pa, const float *pb,
                               float *c, int64_t ldc, const float *start) {
  enum { MR = 6, NR = 16 };
  /* named accumulators: GCC keeps an array of them in memory */
#define PT2E_ROW256(X) X(0) X(1) X(2) X(3) X(4) X(5)
#define PT2E_INIT256(i)                                                      \
  __m256 r##i##a = start ? _mm256_set1_ps(start[i]) : _mm256_loadu_ps(c + i * ldc); \
  __m256 r##i##b = start ? _mm256_set1_ps(start[i]) : _mm256_loadu_ps(c + i * ldc + 8);
#define PT2E_STEP256(i)                                                      \
  {                                                                          \
    __m256 av = _mm256_broadcast_ss(pa + i);                                 \
    r##i##a = _mm256_fmadd_ps(av, b0, r##i##a);                              \
    r##i##b = _mm256_fmadd_ps(av, b1, r##i##b);                              \
  }
#define PT2E_STORE256(i)                                                     \
  _mm256_storeu_ps(c + i * ldc, r##i##a);                                    \
  _mm256_storeu_ps(c + i * ldc + 8, r##i##b);
  PT2E_ROW256(PT2E_INIT256)
  for (int64_t p = 0; p < kc; p++, pa += MR, pb += NR) {
    __m256 b0 = _mm256_loadu_ps(pb), b1 = _mm256_loadu_ps(pb + 8);
    PT2E_ROW256(PT2E_STEP256)
  }
  PT2E_ROW256(PT2E_STORE256)
#undef PT2E_ROW256
#undef PT2E_INIT256
#undef PT2E_STEP256
#undef PT2E_STORE256
}

__attribute__((target("avx2,fma")))
static void tileAvx2(int64_t kc, const float *pa, const float *pb, float *c,
                     int64_t ldc, const float *start, int h, int w) {
  enum { MR = 6, NR = 16 };
  if (h == MR && w == NR) {
    tile256Body(kc, pa, pb, c, ldc, start);
    return;
  }
  /* the body runs all MR rows: the padding rows start at zero */
  float edge[MR * NR] = {0}, edgeStart[MR] = {0};
  for (int ii = 0; ii < h && !start; ii++)
    memcpy(edge + ii * NR, c + ii * ldc, (size_t)w * sizeof(float));
  for (int ii = 0; ii < h && start; ii++)
    edgeStart[ii] = start[ii];
  tile256Body(kc, pa, pb, edge, NR, start ? edgeStart : NULL);
  for (int ii = 0; ii < h; ii++)
    memcpy(c + ii * ldc, edge + ii * NR, (size_t)w * sizeof(float));
}

/*
** 12 x 32 in 24 zmm accumulators (H rows, NV vectors of 16 columns, as
** constants after inlining). Column edges are masked loads and stores;
** row edges run only their H rows. The FMA of a padding lane (zero in the
** packed B) is never stored.
*/
#define AVX512_MR 12
#define AVX512_NR 32
/* The heights a tile's switch dispatches on, each a constant of its body. */
#define PT2E_HEIGHTS512(X) X(12) X(11) X(10) X(9) X(8) X(7) X(6) X(5) X(4) X(3) X(2) X(1)
/* The rows of a 12-row tile and one k step of row i (the bodies below):
** named accumulators, because GCC keeps an array of them in memory. */
#define PT2E_ROW512(X) X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11)
#define PT2E_STEP512(i)                                                      \
  if (H > i) {                                                               \
    __m512 av = _mm512_set1_ps(pa[i]);                                       \
    r##i##a = _mm512_fmadd_ps(av, b0, r##i##a);                              \
    if (NV == 2)                                                             \
      r##i##b = _mm512_fmadd_ps(av, b1, r##i##b);                            \
  }
__attribute__((target("avx512f"), always_inline))
static inline void tile512Body(int64_t kc, const float *pa, const float *pb,
                               float *c, int64_t ldc, const float *start, int H,
                               int NV, __mmask16 m0, __mmask16 m1) {
  /* rows at or past H and the second vector when NV == 1 fold away */
#define PT2E_INIT512(i)                                                      \
  __m512 r##i##a = _mm512_setzero_ps(), r##i##b = _mm512_setzero_ps();       \
  if (H > i && start) {                                                      \
    r##i##a = r##i##b = _mm512_set1_ps(start[i]);                            \
  } else if (H > i) {                                                        \
    r##i##a = _mm512_maskz_loadu_ps(m0, c + i * ldc);                        \
    if (NV == 2)                                                             \
      r##i##b = _mm512_maskz_loadu_ps(m1, c + i * ldc + 16);                 \
  }
#define PT2E_STORE512(i)                                                     \
  if (H > i) {                                                               \
    _mm512_mask_storeu_ps(c + i * ldc, m0, r##i##a);                         \
    if (NV == 2)                                                             \
      _mm512_mask_storeu_ps(c + i * ldc + 16, m1, r##i##b);                  \
  }
  PT2E_ROW512(PT2E_INIT512)
  for (int64_t p = 0; p < kc; p++, pa += AVX512_MR, pb += AVX512_NR) {
    __m512 b0 = _mm512_loadu_ps(pb);
    __m512 b1 = NV == 2 ? _mm512_loadu_ps(pb + 16) : b0;
    PT2E_ROW512(PT2E_STEP512)
  }
  PT2E_ROW512(PT2E_STORE512)
#undef PT2E_INIT512
#undef PT2E_STORE512
}

__attribute__((target("avx512f")))
static void tileAvx512(int64_t kc, const float *pa, const float *pb, float *c,
                       int64_t ldc, const float *start, int h, int w) {
  __mmask16 m0 = (__mmask16)(w >= 16 ? 0xFFFF : (1u << w) - 1);
  __mmask16 m1 = (__mmask16)(w >= 32 ? 0xFFFF : w > 16 ? (1u << (w - 16)) - 1 : 0);
#define PT2E_TILE512_CASE(H)                                              \
  case H:                                                                 \
    if (w > 16)                                                           \
      tile512Body(kc, pa, pb, c, ldc, start, H, 2, m0, m1);               \
    else                                                                  \
      tile512Body(kc, pa, pb, c, ldc, start, H, 1, m0, m1);               \
    break;
  switch (h) {
    PT2E_HEIGHTS512(PT2E_TILE512_CASE)
  default:
    break;
  }
#undef PT2E_TILE512_CASE
}

/*
** tile512Body on a wide product's operands in place: B's k step p is the
** 1 or 2 vectors at base + rowOffset[p] + j (FULL: all 32 lanes, plain
** loads; else masked to the w lanes, which never read past the row), C's
** lanes loaded and stored by segment. Lanes outside every segment (the
** columns of a wide row past its width) are computed and dropped.
*/
__attribute__((target("avx512f"), always_inline))
static inline void tile512WideBody(int64_t kc, const float *pa, const float *base,
                                   const int64_t *rowOffset, int64_t j, float *c,
                                   int64_t ldc, const float *start, int H, int NV,
                                   bool FULL, __mmask16 m0, __mmask16 m1,
                                   const WideSeg *seg, int segs) {
#define PT2E_INIT512(i)                                                      \
  __m512 r##i##a = _mm512_setzero_ps(), r##i##b = _mm512_setzero_ps();       \
  if (H > i && start) {                                                      \
    r##i##a = r##i##b = _mm512_set1_ps(start[i]);                            \
  } else if (H > i) {                                                        \
    for (int q = 0; q < segs; q++) {                                         \
      const float *at = c + i * ldc + seg[q].off;                            \
      r##i##a = _mm512_mask_loadu_ps(r##i##a, (__mmask16)seg[q].mask, at);   \
      if (NV == 2)                                                           \
        r##i##b = _mm512_mask_loadu_ps(r##i##b, (__mmask16)(seg[q].mask >> 16), at + 16); \
    }                                                                        \
  }
#define PT2E_STORE512(i)                                                     \
  if (H > i) {                                                               \
    for (int q = 0; q < segs; q++) {                                         \
      float *at = c + i * ldc + seg[q].off;                                  \
      _mm512_mask_storeu_ps(at, (__mmask16)seg[q].mask, r##i##a);            \
      if (NV == 2)                                                           \
        _mm512_mask_storeu_ps(at + 16, (__mmask16)(seg[q].mask >> 16), r##i##b); \
    }                                                                        \
  }
  PT2E_ROW512(PT2E_INIT512)
  for (int64_t p = 0; p < kc; p++, pa += AVX512_MR) {
    const float *pb = base + rowOffset[p] + j;
    __m512 b0 = FULL ? _mm512_loadu_ps(pb) : _mm512_maskz_loadu_ps(m0, pb);
    __m512 b1 = NV == 2 ? (FULL ? _mm512_loadu_ps(pb + 16) : _mm512_maskz_loadu_ps(m1, pb + 16))
                        : b0;
    PT2E_ROW512(PT2E_STEP512)
  }
  PT2E_ROW512(PT2E_STORE512)
#undef PT2E_INIT512
#undef PT2E_STORE512
}

__attribute__((target("avx512f")))
static void tileWideAvx512(int64_t kc, const float *pa, const float *base,
                           const int64_t *rowOffset, int64_t j, float *c,
                           int64_t ldc, const float *start, int h, int w,
                           const WideSeg *seg, int segs) {
  __mmask16 m0 = (__mmask16)(w >= 16 ? 0xFFFF : (1u << w) - 1);
  __mmask16 m1 = (__mmask16)(w >= 32 ? 0xFFFF : w > 16 ? (1u << (w - 16)) - 1 : 0);
#define PT2E_WIDE512_CASE(H)                                                         \
  case H:                                                                            \
    if (w == 32)                                                                     \
      tile512WideBody(kc, pa, base, rowOffset, j, c, ldc, start, H, 2, true, m0, m1, \
                      seg, segs);                                                    \
    else if (w > 16)                                                                 \
      tile512WideBody(kc, pa, base, rowOffset, j, c, ldc, start, H, 2, false, m0,    \
                      m1, seg, segs);                                                \
    else                                                                             \
      tile512WideBody(kc, pa, base, rowOffset, j, c, ldc, start, H, 1, false, m0,    \
                      m1, seg, segs);                                                \
    break;
  switch (h) {
    PT2E_HEIGHTS512(PT2E_WIDE512_CASE)
  default:
    break;
  }
#undef PT2E_WIDE512_CASE
}
#undef PT2E_ROW512
#undef PT2E_STEP512
#undef PT2E_HEIGHTS512
#endif

static const GemmKernel kScalar = {"scalar", PT2E_GEMM_SCALAR, 6, 16, 256, 96, 512,
                                   tileScalar, NULL};
#if PT2E_GEMM_X86
static const GemmKernel kAvx2 = {"avx2", PT2E_GEMM_AVX2, 6, 16, 256, 96, 512, tileAvx2, NULL};
static const GemmKernel kAvx512 = {"avx512", PT2E_GEMM_AVX512, AVX512_MR, AVX512_NR,
                                   256, 240, 1024, tileAvx512, tileWideAvx512};
#endif

static bool cpuHas(Pt2eGemmIsa isa) {
#if PT2E_GEMM_X86
  __builtin_cpu_init();
  if (isa == PT2E_GEMM_AVX512)
    return __builtin_cpu_supports("avx512f");
  if (isa == PT2E_GEMM_AVX2)
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
#endif
  return isa == PT2E_GEMM_SCALAR;
}

/* The kernel for 'isa' (AUTO: the environment's choice, else the best),
** or the best one below it this CPU has. */
static const GemmKernel *kernelFor(Pt2eGemmIsa isa, bool *exact) {
  if (isa == PT2E_GEMM_AUTO) {
    /* the one switch of every kernel (pt2e_cpu.h: PT2E_ISA, PT2E_GEMM_SCALAR),
    ** and PT2E_GEMM_ISA, which names this kernel only */
    const char *env = getenv("PT2E_GEMM_ISA");
    Pt2eIsa limit = pt2eCpuIsa();
    isa = limit == Pt2eIsaAvx512 ? PT2E_GEMM_AVX512
          : limit == Pt2eIsaAvx2 ? PT2E_GEMM_AVX2 : PT2E_GEMM_SCALAR;
    if (env && strcmp(env, "avx2") == 0 && isa > PT2E_GEMM_AVX2)
      isa = PT2E_GEMM_AVX2;
    else if (env && strcmp(env, "scalar") == 0)
      isa = PT2E_GEMM_SCALAR;
  }
  *exact = cpuHas(isa);
#if PT2E_GEMM_X86
  if (isa >= PT2E_GEMM_AVX512 && cpuHas(PT2E_GEMM_AVX512))
    return &kAvx512;
  if (isa >= PT2E_GEMM_AVX2 && cpuHas(PT2E_GEMM_AVX2))
    return &kAvx2;
#endif
  return &kScalar;
}

static const GemmKernel *gemmKernel; /* NULL: not chosen yet */

static const GemmKernel *currentKernel(void) {
  if (!gemmKernel) {
    bool exact;
    gemmKernel = kernelFor(PT2E_GEMM_AUTO, &exact);
  }
  return gemmKernel;
}

/* }==================================================================== */

/* {====================================================================
** Packing: panels of A (mr rows) and B (nr columns), zero-padded
** ===================================================================== */

/* A[i0 .. i0+rows) x [p0 .. p0+kc) as panels of mr rows: panel r holds
** element (ii, p) at r * kc * mr + p * mr + ii. Padding rows are zero (and
** private to this scratch), so they only ever feed padding outputs. */
static void packA(const Gemm *g, int mr, int64_t i0, int64_t rows, int64_t p0,
                  int64_t kc, float *dst) {
  for (int64_t r = 0; r < rows; r += mr, dst += kc * mr) {
    int h = rows - r < mr ? (int)(rows - r) : mr;
    if (g->transA) {
      /* A is K x M: each k step of the panel is a contiguous run of rows */
      const float *src = g->a + p0 * g->lda + i0 + r;
      for (int64_t p = 0; p < kc; p++, src += g->lda) {
        memcpy(dst + p * mr, src, (size_t)h * sizeof(float));
        for (int ii = h; ii < mr; ii++)
          dst[p * mr + ii] = 0.0f;
      }
      continue;
    }
    /* A is M x K: row ii of the panel is contiguous in k */
    for (int ii = 0; ii < h; ii++) {
      const float *src = g->a + (i0 + r + ii) * g->lda + p0;
      float *d = dst + ii;
      for (int64_t p = 0; p < kc; p++)
        d[p * mr] = src[p];
    }
    for (int ii = h; ii < mr; ii++)
      for (int64_t p = 0; p < kc; p++)
        dst[p * mr + ii] = 0.0f;
  }
}

/* One k step of a full panel: nr contiguous floats, a constant-size copy
** for the kernels' widths (inlined as vector moves). */
static void copyRow(float *dst, const float *src, int nr) {
  if (nr == 32)
    memcpy(dst, src, 32 * sizeof(float));
  else if (nr == 16)
    memcpy(dst, src, 16 * sizeof(float));
  else
    memcpy(dst, src, (size_t)nr * sizeof(float));
}

/* B[p0 .. p0+kc) x [j0 .. j0+cols) as panels of nr columns, likewise. */
static void packB(const Gemm *g, int nr, int64_t p0, int64_t kc, int64_t j0,
                  int64_t cols, float *dst, float *row) {
  if (!g->transB) {
    /* B is K x N: row by row, so that B is read in order (one stream, not
    ** one per panel at a stride of a row); each k step of a panel is a
    ** contiguous run of columns. A made row (an image's im2col row) is made
    ** into 'row' first, a few KiB that stay in L1. */
    int64_t full = cols / nr * nr;
    for (int64_t p = 0; p < kc; p++) {
      float *d = dst + p * nr;
      const float *src;
      if (g->rowsOfB) {
        g->rowsOfB->row(g->rowsOfB->ctx, p0 + p, j0, cols, row);
        src = row;
      } else if (g->wide) {
        src = g->wide->base + g->wide->rowOffset[p0 + p] + j0;
      } else {
        src = g->b + (p0 + p) * g->ldb + j0;
      }
      for (int64_t s = 0; s < full; s += nr)
        copyRow(d + s * kc, src + s, nr);
      if (full < cols) {
        int w = (int)(cols - full);
        memcpy(d + full * kc, src + full, (size_t)w * sizeof(float));
        for (int jj = w; jj < nr; jj++)
          d[full * kc + jj] = 0.0f;
      }
    }
    return;
  }
  for (int64_t s = 0; s < cols; s += nr, dst += kc * nr) {
    int w = cols - s < nr ? (int)(cols - s) : nr;
    /* B is N x K: column jj of the panel is contiguous in k. In blocks of 8
    ** k steps, so that the panel's columns stay in L1 while both sides are
    ** read and written in whole cache lines. */
    const float *src = g->b + (j0 + s) * g->ldb + p0;
    int64_t ldb = g->ldb, p = 0;
    for (; p + 8 <= kc; p += 8)
      for (int jj = 0; jj < nr; jj++) {
        float *d = dst + p * nr + jj;
        if (jj < w) {
          const float *x = src + jj * ldb + p;
          for (int q = 0; q < 8; q++)
            d[q * nr] = x[q];
        } else {
          for (int q = 0; q < 8; q++)
            d[q * nr] = 0.0f;
        }
      }
    for (; p < kc; p++)
      for (int jj = 0; jj < nr; jj++)
        dst[p * nr + jj] = jj < w ? src[jj * ldb + p] : 0.0f;
  }
}

/* }==================================================================== */

/* {====================================================================
** Blocked driver over one range of outputs
** ===================================================================== */

/* Scratch of one worker: packed panels. */
typedef struct Work {
  float *pa; /* mc x kc */
  float *pb; /* kc x nc */
  float *row; /* nc: a made row of B */
} Work;

static int64_t minI(int64_t x, int64_t y) { return x < y ? x : y; }
static int64_t roundUp(int64_t x, int64_t unit) { return (x + unit - 1) / unit * unit; }

/* The k block size: K cut into equal blocks of at most kr->kc. */
static int64_t kBlock(const GemmKernel *kr, int64_t k) {
  int64_t blocks = (k + kr->kc - 1) / kr->kc;
  return blocks < 1 ? 1 : (k + blocks - 1) / blocks;
}

/*
** The segments of a wide product's tile on wide columns j .. j+w-1 (at
** most one per lane): the run of lanes in each wide row, cut to its width.
*/
static int wideSegments(const Pt2eSgemmWideB *wb, int64_t j, int w, WideSeg *seg) {
  int n = 0;
  for (int l = 0; l < w;) {
    int64_t q = (j + l) / wb->pitch, col = (j + l) % wb->pitch;
    int run = (int)minI(wb->pitch - col, w - l);
    int keep = (int)minI(wb->width - col, run);
    if (keep > 0) {
      uint32_t lanes = keep >= 32 ? 0xFFFFFFFFu : (1u << keep) - 1;
      seg[n++] = (WideSeg){j - q * (wb->pitch - wb->width), lanes << l};
    }
    l += run;
  }
  return n;
}

/*
** A wide tile on a kernel without a wide one: its chains on a local tile,
** loaded from and stored to C's lanes by segment (the dropped lanes start
** at zero and are never stored).
*/
static void tileThroughLocal(const GemmKernel *kr, int64_t kc, const float *pa,
                             const float *pb, float *c, int64_t ldc,
                             const float *start, int h, int w, const WideSeg *seg,
                             int segs) {
  float local[MR_MAX * NR_MAX] = {0};
  int nr = kr->nr;
  for (int q = 0; q < segs && !start; q++)
    for (int ii = 0; ii < h; ii++)
      for (int l = 0; l < w; l++)
        if (seg[q].mask >> l & 1)
          local[ii * nr + l] = c[ii * ldc + seg[q].off + l];
  kr->tile(kc, pa, pb, local, nr, start, h, w);
  for (int q = 0; q < segs; q++)
    for (int ii = 0; ii < h; ii++)
      for (int l = 0; l < w; l++)
        if (seg[q].mask >> l & 1)
          c[ii * ldc + seg[q].off + l] = local[ii * nr + l];
}

/*
** The chains of rows [i0, i1) x columns [j0, j1); C holds their partial
** sums between k blocks. B is packed once per (column block, k block), A
** once per (row block, k block) within them.
*/
static void runRange(const Gemm *g, const GemmKernel *kr, Work *w, int64_t i0,
                     int64_t i1, int64_t j0, int64_t j1) {
  int mr = kr->mr, nr = kr->nr;
  int64_t kb = kBlock(kr, g->k), ldc = g->ldc;
  for (int64_t jc = j0; jc < j1; jc += kr->nc) {
    int64_t nc = minI(j1 - jc, kr->nc);
    for (int64_t pc = 0; pc < g->k; pc += kb) {
      int64_t kc = minI(g->k - pc, kb);
      bool first = pc == 0 && !g->accumulate;
      const float *bPanels = g->packedB ? g->packedB + pc * roundUp(g->n, nr) + jc * kc
                                        : w->pb;
      /* a wide B is read in place by a kernel that can */
      bool inPlace = g->wide && kr->tileWide;
      if (!g->packedB && !inPlace)
        packB(g, nr, pc, kc, jc, nc, w->pb, w->row);
      for (int64_t ic = i0; ic < i1; ic += kr->mc) {
        int64_t mc = minI(i1 - ic, kr->mc);
        /* the same panels, packed here or once for every call */
        const float *pa = g->packedA ? g->packedA + pc * roundUp(g->m, mr) + ic * kc
                                     : w->pa;
        if (!g->packedA)
          packA(g, mr, ic, mc, pc, kc, w->pa);
        for (int64_t s = 0; s < nc; s += nr) {
          const float *pb = bPanels + s * kc;
          int wd = (int)minI(nc - s, nr), segs = 0;
          WideSeg seg[NR_MAX];
          if (g->wide)
            segs = wideSegments(g->wide, jc + s, wd, seg);
          for (int64_t r = 0; r < mc; r += mr) {
            const float *start = !first ? NULL
                                 : g->rowInit ? g->rowInit + ic + r
                                              : kZeroStart;
            int h = (int)minI(mc - r, mr);
            if (inPlace)
              kr->tileWide(kc, pa + r * kc, g->wide->base, g->wide->rowOffset + pc,
                           jc + s, g->c + (ic + r) * ldc, ldc, start, h, wd, seg, segs);
            else if (g->wide)
              tileThroughLocal(kr, kc, pa + r * kc, pb, g->c + (ic + r) * ldc, ldc,
                               start, h, wd, seg, segs);
            else
              kr->tile(kc, pa + r * kc, pb, g->c + (ic + r) * ldc + jc + s,
                       ldc, start, h, wd);
          }
        }
      }
    }
  }
}

/* }==================================================================== */

/* {====================================================================
** Threads
** ===================================================================== */

/* The split of one product over the pool: 'chunks' contiguous ranges of
** whole panels of 'unit' rows or columns, one Work each. */
typedef struct Split {
  const Gemm *g;
  const GemmKernel *kr;
  bool byCols;
  int64_t units, unit;
  int chunks;
  Work *work; /* chunks of them, allocated by the calling thread */
} Split;

static void runChunks(void *ctx, int64_t begin, int64_t end, int worker) {
  const Split *s = ctx;
  const Gemm *g = s->g;
  Work *w = &s->work[worker];
  for (int64_t t = begin; t < end; t++) {
    int64_t lo = s->units * t / s->chunks * s->unit;
    int64_t hi = s->units * (t + 1) / s->chunks * s->unit;
    int64_t extent = s->byCols ? g->n : g->m;
    hi = minI(hi, extent);
    if (lo >= hi)
      continue;
    if (s->byCols)
      runRange(g, s->kr, w, 0, g->m, lo, hi);
    else
      runRange(g, s->kr, w, lo, hi, 0, g->n);
  }
}

static void freeWork(Work *w) {
  pt2eFree(w->pa);
  pt2eFree(w->pb);
  pt2eFree(w->row);
}

/* Panels as large as a range of rows x cols needs, at most one cache
** block: a small product must not pay for the blocks of a large one. */
static bool allocWork(Work *w, const GemmKernel *kr, int64_t k, int64_t rows,
                      int64_t cols) {
  int64_t kc = kBlock(kr, k);
  int64_t mc = roundUp(minI(rows, kr->mc), kr->mr);
  int64_t nc = roundUp(minI(cols, kr->nc), kr->nr);
  /* not zeroed: packA and packB write every float a tile reads, padding
  ** included */
  w->pa = pt2eAllocUninit((size_t)(mc * kc) * sizeof(float));
  w->pb = pt2eAllocUninit((size_t)(kc * nc) * sizeof(float));
  w->row = pt2eAllocUninit((size_t)nc * sizeof(float));
  if (w->pa && w->pb && w->row)
    return true;
  freeWork(w);
  return false;
}

int pt2eGemmThreads(void) { return pt2eParallelThreads(); }

bool pt2eGemmConfigure(int threads, Pt2eGemmIsa isa) {
  pt2eParallelConfigure(threads);
  bool exact;
  gemmKernel = kernelFor(isa, &exact);
  return exact;
}

const char *pt2eGemmKernelName(void) { return currentKernel()->name; }

/* The largest range of 'extent' items in 'units' panels of 'unit' split
** into 'chunks' contiguous ranges. */
static int64_t largestChunk(int64_t extent, int64_t unit, int chunks) {
  int64_t units = (extent + unit - 1) / unit;
  return minI((units + chunks - 1) / chunks * unit, extent);
}

/*
** How to split the outputs over 'threads': by columns (each thread packs
** all of A and its part of B) or by rows (all of B, its part of A),
** whichever has the smaller slowest thread, counting the tiles it computes
** and what it packs. Any split gives the same bits; this only balances.
*/
static void chooseSplit(Split *s, int threads) {
  const Gemm *g = s->g;
  int64_t colUnits = (g->n + s->kr->nr - 1) / s->kr->nr;
  int64_t rowUnits = (g->m + s->kr->mr - 1) / s->kr->mr;
  int64_t k = g->k;
  double lanes = 16.0; /* fma lanes a cycle, roughly, against a packed float */
  int tc = (int)minI(threads, colUnits), tr = (int)minI(threads, rowUnits);
  double costCols = (double)g->m * (double)largestChunk(g->n, s->kr->nr, tc) * (double)k / lanes +
                    (double)g->m * (double)k;
  double costRows = (double)largestChunk(g->m, s->kr->mr, tr) * (double)g->n * (double)k / lanes +
                    (double)g->n * (double)k;
  s->byCols = costCols <= costRows;
  s->unit = s->byCols ? s->kr->nr : s->kr->mr;
  s->units = s->byCols ? colUnits : rowUnits;
  s->chunks = s->byCols ? tc : tr;
}

/* }==================================================================== */

/*
** An operand packed whole, for one micro-kernel: k block by k block (the
** blocks runRange cuts), each the panels of all of A's rows (or B's
** columns), so that the block at pc starts at pc * roundUp(m, mr) (n, nr)
** and row ic's (column jc's) panel at ic * kc (jc * kc) in it.
*/
struct Pt2eSgemmPacked {
  const GemmKernel *kernel;
  bool isB, trans;
  int64_t extent, k, ld; /* m (or n), k, and the leading dimension */
  const float *from;     /* the matrix it was packed from */
  float *panels;
};

static Pt2eSgemmPacked *packWhole(bool isB, bool trans, int64_t extent,
                                  int64_t k, const float *x, int64_t ld) {
  const GemmKernel *kr = currentKernel();
  int unit = isB ? kr->nr : kr->mr;
  int64_t padded = roundUp(extent, unit), kb = kBlock(kr, k), floats;
  size_t bytes;
  if (extent <= 0 || k <= 0 || !pt2eCheckedMul(padded, k, &floats) ||
      !pt2eCheckedBytes(floats, sizeof(float), &bytes))
    return NULL;
  Pt2eSgemmPacked *p = pt2eAlloc(sizeof *p);
  if (!p)
    return NULL;
  *p = (Pt2eSgemmPacked){kr, isB, trans, extent, k, ld, x, pt2eAllocUninit(bytes)};
  if (!p->panels) {
    pt2eFree(p);
    return NULL;
  }
  Gemm g = {isB ? false : trans, isB ? trans : false, isB ? 0 : extent,
            isB ? extent : 0, k, isB ? NULL : x, isB ? x : NULL, isB ? 0 : ld,
            isB ? ld : 0, 0, false, NULL, NULL, NULL, NULL, NULL, NULL};
  for (int64_t pc = 0; pc < k; pc += kb) {
    if (isB)
      packB(&g, kr->nr, pc, minI(k - pc, kb), 0, extent, p->panels + pc * padded, NULL);
    else
      packA(&g, kr->mr, 0, extent, pc, minI(k - pc, kb), p->panels + pc * padded);
  }
  return p;
}

Pt2eSgemmPacked *pt2eSgemmPackA(bool transA, int64_t m, int64_t k,
                                const float *a, int64_t lda) {
  return packWhole(false, transA, m, k, a, lda);
}

Pt2eSgemmPacked *pt2eSgemmPackB(bool transB, int64_t k, int64_t n,
                                const float *b, int64_t ldb) {
  return packWhole(true, transB, n, k, b, ldb);
}

void pt2eSgemmPackedFree(Pt2eSgemmPacked *p) {
  if (p)
    pt2eFree(p->panels);
  pt2eFree(p);
}

static bool packedFits(const Pt2eSgemmPacked *p, bool isB, bool trans,
                       int64_t extent, int64_t k, const float *x, int64_t ld) {
  return p && p->kernel == currentKernel() && p->isB == isB && p->trans == trans &&
         p->extent == extent && p->k == k && p->from == x && p->ld == ld;
}

bool pt2eSgemmPackedFitsA(const Pt2eSgemmPacked *p, bool transA, int64_t m,
                          int64_t k, const float *a, int64_t lda) {
  return packedFits(p, false, transA, m, k, a, lda);
}

bool pt2eSgemmPackedFitsB(const Pt2eSgemmPacked *p, bool transB, int64_t k,
                          int64_t n, const float *b, int64_t ldb) {
  return packedFits(p, true, transB, n, k, b, ldb);
}

static bool sgemm(bool transA, bool transB, int64_t m, int64_t n, int64_t k,
                  const float *a, int64_t lda, const float *b, int64_t ldb,
                  bool accumulate, const float *rowInit, float *c, int64_t ldc,
                  const Pt2eSgemmPacked *packed, const Pt2eSgemmRowsOfB *rowsOfB,
                  const Pt2eSgemmPacked *packedB, const Pt2eSgemmWideB *wide) {
  const GemmKernel *kr = currentKernel();
  if (m <= 0 || n <= 0)
    return true;
  if (k <= 0) {
    /* every chain is its init */
    for (int64_t i = 0; i < m && !accumulate; i++)
      for (int64_t j = 0; j < n; j++)
        if (!wide || j % wide->pitch < wide->width)
          c[i * ldc + (wide ? j / wide->pitch * wide->width + j % wide->pitch : j)] =
              rowInit ? rowInit[i] : 0.0f;
    return true;
  }
  bool ownB = !rowsOfB && !wide; /* B a matrix */
  Gemm g = {transA, transB && ownB, m, n, k, a, b, lda, ldb, ldc, accumulate,
            rowInit, c,
            pt2eSgemmPackedFitsA(packed, transA, m, k, a, lda) ? packed->panels : NULL,
            ownB && pt2eSgemmPackedFitsB(packedB, transB, k, n, b, ldb)
                ? packedB->panels
                : NULL,
            rowsOfB, wide};
  double useful = 2.0 * (double)m * (double)n * (double)k / MIN_FLOPS_PER_THREAD;
  int threads = pt2eGemmThreads();
  if (useful < threads)
    threads = useful < 1 ? 1 : (int)useful;
  Split s = {&g, kr, true, 0, 0, 1, NULL};
  chooseSplit(&s, threads);
  Work work[PT2E_MAX_THREADS];
  s.work = work;
  int ready = 0;
  int64_t rows = s.byCols ? m : largestChunk(m, kr->mr, s.chunks);
  int64_t cols = s.byCols ? largestChunk(n, kr->nr, s.chunks) : n;
  while (ready < s.chunks && allocWork(&work[ready], kr, k, rows, cols))
    ready++;
  bool ok = ready == s.chunks;
  /* One item per chunk: the pool hands item t to worker t (or all of them
  ** to worker 0 when nested or busy), so work[worker] is never shared. */
  if (ok)
    pt2eParallelFor(s.chunks, 1, runChunks, &s);
  for (int t = 0; t < ready; t++)
    freeWork(&work[t]);
  return ok;
}

bool pt2eSgemm(bool transA, bool transB, int64_t m, int64_t n, int64_t k,
               const float *a, int64_t lda, const float *b, int64_t ldb,
               bool accumulate, float *c, int64_t ldc) {
  return sgemm(transA, transB, m, n, k, a, lda, b, ldb, accumulate, NULL, c, ldc,
               NULL, NULL, NULL, NULL);
}

bool pt2eSgemmWithPacked(const Pt2eSgemmPacked *packedA,
                         const Pt2eSgemmPacked *packedB, bool transA,
                         bool transB, int64_t m, int64_t n, int64_t k,
                         const float *a, int64_t lda, const float *b,
                         int64_t ldb, bool accumulate, const float *rowInit,
                         float *c, int64_t ldc) {
  return sgemm(transA, transB, m, n, k, a, lda, b, ldb, accumulate && !rowInit,
               rowInit, c, ldc, packedA, NULL, packedB, NULL);
}

bool pt2eSgemmMadeB(const Pt2eSgemmPacked *packed, bool transA, int64_t m,
                    int64_t n, int64_t k, const float *a, int64_t lda,
                    const Pt2eSgemmRowsOfB *rowsOfB, bool accumulate,
                    const float *rowInit, float *c, int64_t ldc) {
  return sgemm(transA, false, m, n, k, a, lda, NULL, 0, accumulate && !rowInit,
               rowInit, c, ldc, packed, rowsOfB, NULL, NULL);
}

bool pt2eSgemmWide(const Pt2eSgemmPacked *packed, bool transA, int64_t m,
                   int64_t n, int64_t k, const float *a, int64_t lda,
                   const Pt2eSgemmWideB *wideB, bool accumulate,
                   const float *rowInit, float *c, int64_t ldc) {
  return sgemm(transA, false, m, n, k, a, lda, NULL, 0, accumulate && !rowInit,
               rowInit, c, ldc, packed, NULL, NULL, wideB);
}
