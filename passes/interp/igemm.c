/*
** igemm.c
** The integer matrix product of igemm.h: i8 × i8 into i32, on AVX-512 VNNI
** (vpdpbusd: 4 products u8 × s8 summed into each i32 lane) or AVX2
** (vpmaddwd on operands widened to i16: 2 products i16 × i16 into each i32
** lane, exact; vpmaddubsw is not used, its i16 sums saturate).
**
** vpdpbusd takes an unsigned left operand: the rows are stored as x + 128
** (x ^ 0x80), and the column term -128 sum_k W(f, k) takes the offset out
** again. With the zero points a (X) and b (W), each output is
**   sum (x - a)(w - b) = sum x w - b sum_k x - a sum_k w + K a b
** so the kernels sum the raw products and the store adds a per-column term
** (-(offset + a) sum_k w + K a b) and a per-row term (-b sum_k x). Every
** sum wraps in 32 bits (vpdpbusd and vpaddd wrap; so do the loop nest's
** arith.muli/addi): the result is the same integer whatever the order, so
** each ISA, the plain loops and any thread count give the same bits.
**
** Layout: W is packed once per call into panels of NR columns, each K
** step of 4 (VNNI: 4 i8 per column, NR columns: one or two vectors) or 2
** (AVX2: 2 i16 per column) contiguous, zero-padded to whole panels and
** whole steps. The rows of X are copied a block at a time (the caller's
** callback: an im2col for a convolution) into a per-task buffer, padded
** the same way; a micro-kernel keeps MR × NR sums in registers over the
** whole depth, then adds them, with the two terms, to the output.
*/
#include "igemm.h"

#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define PT2E_IGEMM_X86 1
#else
#define PT2E_IGEMM_X86 0
#endif

#include "pt2e_alloc.h"
#include "pt2e_cpu.h"
#include "pt2e_parallel.h"

typedef enum IgemmLevel { LevelNone, LevelAvx2, LevelVnni } IgemmLevel;

/* The level the ISA limit and the CPU allow (pt2e_cpu.h: PT2E_ISA). */
static IgemmLevel igemmLevel(void) {
#if PT2E_IGEMM_X86
  Pt2eIsa isa = pt2eCpuIsa();
  __builtin_cpu_init();
  if (isa >= Pt2eIsaAvx512 && __builtin_cpu_supports("avx512bw") &&
      __builtin_cpu_supports("avx512vnni"))
    return LevelVnni;
  if (isa >= Pt2eIsaAvx2)
    return LevelAvx2;
#endif
  return LevelNone;
}

bool pt2eIgemmAvailable(void) { return igemmLevel() != LevelNone; }

static int64_t roundUp(int64_t x, int64_t unit) { return (x + unit - 1) / unit * unit; }
static int64_t minI(int64_t x, int64_t y) { return x < y ? x : y; }
static int64_t maxI(int64_t x, int64_t y) { return x > y ? x : y; }

/* The geometry of one level's micro-kernel. */
typedef struct Shape {
  int mr, nr; /* rows and columns of a tile */
  int kstep;  /* products a lane sums at once (4: vpdpbusd, 2: vpmaddwd) */
  int elem;   /* bytes of a packed element (1: i8, 2: i16) */
  int offset; /* added to every x (128: u8 rows for vpdpbusd) */
} Shape;

static const Shape vnniShape = {8, 32, 4, 1, 128};
static const Shape avx2Shape = {6, 16, 2, 2, 0};

/* One call's state, shared by the tasks. */
typedef struct Run {
  const Pt2eIgemm *g;
  IgemmLevel level;
  Shape s;
  int64_t Kp, Fp;  /* depth and columns, padded */
  int64_t rb;      /* rows per block (a multiple of mr) */
  int64_t blocks;  /* blocks of rows */
  int tasks;
  void *wp;        /* packed W: Fp / nr panels of Kp × nr elements */
  int32_t *colc;   /* per-column term, Fp (0 in the padding) */
  int8_t **xbuf;   /* per task: rb × Kp i8 rows */
  int16_t **wbuf;  /* per task (AVX2): the same rows widened */
  int32_t **rowc;  /* per task: rb per-row terms */
} Run;

static inline uint32_t load32(const void *p) {
  uint32_t v;
  memcpy(&v, p, sizeof v);
  return v;
}

/* {====================================================================
** Micro-kernels
** ===================================================================== */

#if PT2E_IGEMM_X86

/* Row i's 4 (VNNI) or 2 (AVX2) elements at step q, as one i32 to broadcast. */
#define ROW(i) (x + (i) * ldx)

__attribute__((target("avx512f,avx512bw,avx512vnni")))
static void tileVnni(int64_t steps, const uint8_t *x, int64_t ldx, const int8_t *wp,
                     int32_t *o, int64_t ldo, const int32_t *colc,
                     const int32_t *rowc, int mr, int nr) {
  __m512i c00 = _mm512_setzero_si512(), c01 = c00, c10 = c00, c11 = c00, c20 = c00,
          c21 = c00, c30 = c00, c31 = c00, c40 = c00, c41 = c00, c50 = c00, c51 = c00,
          c60 = c00, c61 = c00, c70 = c00, c71 = c00;
  const uint8_t *x0 = ROW(0), *x1 = ROW(1), *x2 = ROW(2), *x3 = ROW(3), *x4 = ROW(4),
                *x5 = ROW(5), *x6 = ROW(6), *x7 = ROW(7);
  for (int64_t q = 0; q < steps; q++, wp += 128) {
    __m512i w0 = _mm512_loadu_si512((const void *)wp);
    __m512i w1 = _mm512_loadu_si512((const void *)(wp + 64));
    __m512i b;
#define STEP(i)                                                                    \
  b = _mm512_set1_epi32((int)load32(x##i + 4 * q));                                \
  c##i##0 = _mm512_dpbusd_epi32(c##i##0, b, w0);                                   \
  c##i##1 = _mm512_dpbusd_epi32(c##i##1, b, w1);
    STEP(0) STEP(1) STEP(2) STEP(3) STEP(4) STEP(5) STEP(6) STEP(7)
#undef STEP
  }
  __mmask16 m0 = nr >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << nr) - 1);
  __mmask16 m1 = nr >= 32 ? (__mmask16)0xFFFF
                 : nr > 16 ? (__mmask16)((1u << (nr - 16)) - 1) : (__mmask16)0;
  __m512i k0 = _mm512_loadu_si512((const void *)colc);
  __m512i k1 = _mm512_loadu_si512((const void *)(colc + 16));
#define STORE(i)                                                                   \
  if ((i) < mr) {                                                                  \
    int32_t *oi = o + (i) * ldo;                                                   \
    __m512i r = _mm512_set1_epi32(rowc[i]);                                        \
    __m512i v0 = _mm512_add_epi32(_mm512_add_epi32(c##i##0, k0), r);               \
    __m512i v1 = _mm512_add_epi32(_mm512_add_epi32(c##i##1, k1), r);               \
    v0 = _mm512_add_epi32(v0, _mm512_maskz_loadu_epi32(m0, oi));                   \
    v1 = _mm512_add_epi32(v1, _mm512_maskz_loadu_epi32(m1, oi + 16));              \
    _mm512_mask_storeu_epi32(oi, m0, v0);                                          \
    _mm512_mask_storeu_epi32(oi + 16, m1, v1);                                     \
  }
  STORE(0) STORE(1) STORE(2) STORE(3) STORE(4) STORE(5) STORE(6) STORE(7)
#undef STORE
}

__attribute__((target("avx2")))
static void tileAvx2(int64_t steps, const int16_t *x, int64_t ldx, const int16_t *wp,
                     int32_t *o, int64_t ldo, const int32_t *colc,
                     const int32_t *rowc, int mr, int nr) {
  __m256i c00 = _mm256_setzero_si256(), c01 = c00, c10 = c00, c11 = c00, c20 = c00,
          c21 = c00, c30 = c00, c31 = c00, c40 = c00, c41 = c00, c50 = c00, c51 = c00;
  const int16_t *x0 = ROW(0), *x1 = ROW(1), *x2 = ROW(2), *x3 = ROW(3), *x4 = ROW(4),
                *x5 = ROW(5);
  for (int64_t q = 0; q < steps; q++, wp += 32) {
    __m256i w0 = _mm256_loadu_si256((const void *)wp);
    __m256i w1 = _mm256_loadu_si256((const void *)(wp + 16));
    __m256i b;
#define STEP(i)                                                                    \
  b = _mm256_set1_epi32((int)load32(x##i + 2 * q));                                \
  c##i##0 = _mm256_add_epi32(c##i##0, _mm256_madd_epi16(b, w0));                   \
  c##i##1 = _mm256_add_epi32(c##i##1, _mm256_madd_epi16(b, w1));
    STEP(0) STEP(1) STEP(2) STEP(3) STEP(4) STEP(5)
#undef STEP
  }
  __m256i k0 = _mm256_loadu_si256((const void *)colc);
  __m256i k1 = _mm256_loadu_si256((const void *)(colc + 8));
  int32_t tmp[16];
#define STORE(i)                                                                   \
  if ((i) < mr) {                                                                  \
    int32_t *oi = o + (i) * ldo;                                                   \
    __m256i r = _mm256_set1_epi32(rowc[i]);                                        \
    __m256i v0 = _mm256_add_epi32(_mm256_add_epi32(c##i##0, k0), r);               \
    __m256i v1 = _mm256_add_epi32(_mm256_add_epi32(c##i##1, k1), r);               \
    if (nr == 16) {                                                                \
      _mm256_storeu_si256((void *)oi,                                              \
                          _mm256_add_epi32(v0, _mm256_loadu_si256((const void *)oi))); \
      _mm256_storeu_si256((void *)(oi + 8),                                        \
                          _mm256_add_epi32(v1, _mm256_loadu_si256((const void *)(oi + 8)))); \
    } else {                                                                       \
      _mm256_storeu_si256((void *)tmp, v0);                                        \
      _mm256_storeu_si256((void *)(tmp + 8), v1);                                  \
      for (int j = 0; j < nr; j++)                                                 \
        oi[j] = (int32_t)((uint32_t)oi[j] + (uint32_t)tmp[j]);                     \
    }                                                                              \
  }
  STORE(0) STORE(1) STORE(2) STORE(3) STORE(4) STORE(5)
#undef STORE
}
#undef ROW

#endif /* PT2E_IGEMM_X86 */

/* }==================================================================== */

/* {====================================================================
** Packing and the per-block work
** ===================================================================== */

/* W into panels of nr columns, kstep depths contiguous per column, zero
** padding; the column sums into colc's per-column term. */
static void packW(Run *r) {
  const Pt2eIgemm *g = r->g;
  int nr = r->s.nr, ks = r->s.kstep;
  int64_t panel = r->Kp * nr;
  for (int64_t f = 0; f < r->Fp; f++) {
    int64_t j = f / nr, fi = f % nr;
    uint32_t sum = 0;
    for (int64_t k = 0; k < r->Kp; k++) {
      int32_t v = 0;
      if (f < g->F && k < g->K) {
        v = g->w[f * g->wsF + k * g->wsK];
        sum += (uint32_t)v;
      }
      int64_t at = j * panel + (k / ks) * (nr * ks) + fi * ks + k % ks;
      if (r->s.elem == 1)
        ((int8_t *)r->wp)[at] = (int8_t)v;
      else
        ((int16_t *)r->wp)[at] = (int16_t)v;
    }
    uint32_t K = (uint32_t)g->K, a = (uint32_t)g->a, b = (uint32_t)g->b;
    r->colc[f] = f < g->F ? (int32_t)(0u - ((uint32_t)r->s.offset + a) * sum + K * a * b) : 0;
  }
}

/* Rows [p0, p0 + n) into task t's buffers, padded; their per-row terms. */
static void loadRows(const Run *r, int t, int64_t p0, int64_t n) {
  const Pt2eIgemm *g = r->g;
  int8_t *xb = r->xbuf[t];
  int64_t Kp = r->Kp, rows = roundUp(n, r->s.mr);
  memset(xb, 0, (size_t)(rows * Kp));
  g->rows(g->rowsCtx, p0, n, xb, Kp);
  for (int64_t i = 0; i < n; i++) {
    uint32_t sum = 0;
    if (g->b != 0)
      for (int64_t k = 0; k < g->K; k++)
        sum += (uint32_t)xb[i * Kp + k];
    r->rowc[t][i] = (int32_t)(0u - (uint32_t)g->b * sum);
  }
  if (r->level == LevelVnni) {
    uint8_t *u = (uint8_t *)xb;
    for (int64_t i = 0; i < rows * Kp; i++)
      u[i] ^= 0x80; /* x + 128 as u8 */
  } else {
    int16_t *wb = r->wbuf[t];
    for (int64_t i = 0; i < rows * Kp; i++)
      wb[i] = xb[i];
  }
}

static void runBlock(const Run *r, int t, int64_t blk) {
  const Pt2eIgemm *g = r->g;
  int64_t p0 = blk * r->rb, n = minI(r->rb, g->P - p0);
  loadRows(r, t, p0, n);
  int mr = r->s.mr, nr = r->s.nr;
  int64_t steps = r->Kp / r->s.kstep, panel = r->Kp * nr;
  for (int64_t f0 = 0; f0 < g->F; f0 += nr) {
    int cols = (int)minI(nr, g->F - f0);
    for (int64_t i0 = 0; i0 < n; i0 += mr) {
      int rows = (int)minI(mr, n - i0);
      int32_t *o = g->out + (p0 + i0) * g->ldo + f0;
#if PT2E_IGEMM_X86
      if (r->level == LevelVnni)
        tileVnni(steps, (const uint8_t *)r->xbuf[t] + i0 * r->Kp, r->Kp,
                 (const int8_t *)r->wp + (f0 / nr) * panel, o, g->ldo, r->colc + f0,
                 r->rowc[t] + i0, rows, cols);
      else
        tileAvx2(steps, r->wbuf[t] + i0 * r->Kp, r->Kp,
                 (const int16_t *)r->wp + (f0 / nr) * panel, o, g->ldo, r->colc + f0,
                 r->rowc[t] + i0, rows, cols);
#else
      (void)steps, (void)panel, (void)o, (void)rows, (void)cols;
#endif
    }
  }
}

/* Task t: its share of the blocks, in order. */
static void runTasks(void *ctx, int64_t begin, int64_t end, int worker) {
  (void)worker;
  const Run *r = ctx;
  for (int64_t t = begin; t < end; t++)
    for (int64_t blk = t * r->blocks / r->tasks; blk < (t + 1) * r->blocks / r->tasks; blk++)
      runBlock(r, (int)t, blk);
}

/* }==================================================================== */

static void freeRun(Run *r) {
  pt2eFree(r->wp);
  pt2eFree(r->colc);
  for (int t = 0; t < r->tasks; t++) {
    if (r->xbuf)
      pt2eFree(r->xbuf[t]);
    if (r->wbuf)
      pt2eFree(r->wbuf[t]);
    if (r->rowc)
      pt2eFree(r->rowc[t]);
  }
  pt2eFree(r->xbuf);
  pt2eFree(r->wbuf);
  pt2eFree(r->rowc);
}

/* Scratch of every task, or false (what was had is freed by freeRun). */
static bool allocRun(Run *r) {
  size_t per = (size_t)(r->rb * r->Kp);
  r->wp = pt2eAllocUninit((size_t)(r->Fp * r->Kp) * (size_t)r->s.elem);
  r->colc = pt2eAllocUninit(sizeof(int32_t) * (size_t)r->Fp);
  r->xbuf = pt2eAlloc(sizeof(int8_t *) * (size_t)r->tasks);
  r->wbuf = pt2eAlloc(sizeof(int16_t *) * (size_t)r->tasks);
  r->rowc = pt2eAlloc(sizeof(int32_t *) * (size_t)r->tasks);
  if (!r->wp || !r->colc || !r->xbuf || !r->wbuf || !r->rowc)
    return false;
  for (int t = 0; t < r->tasks; t++) {
    r->xbuf[t] = pt2eAllocUninit(per);
    r->rowc[t] = pt2eAllocUninit(sizeof(int32_t) * (size_t)r->rb);
    if (r->level == LevelAvx2)
      r->wbuf[t] = pt2eAllocUninit(per * sizeof(int16_t));
    if (!r->xbuf[t] || !r->rowc[t] || (r->level == LevelAvx2 && !r->wbuf[t]))
      return false;
  }
  return true;
}

bool pt2eIgemm(const Pt2eIgemm *g) {
  Run r;
  memset(&r, 0, sizeof r);
  r.g = g;
  r.level = igemmLevel();
  if (r.level == LevelNone)
    return false;
  if (g->P <= 0 || g->F <= 0)
    return true;
  r.s = r.level == LevelVnni ? vnniShape : avx2Shape;
  r.Kp = roundUp(maxI(g->K, 1), r.s.kstep);
  r.Fp = roundUp(g->F, r.s.nr);
  /* blocks of rows whose copy stays in L2 (~128 KiB), and enough of them
  ** (4 a thread) that the pool's split is even */
  int threads = pt2eParallelThreads();
  int64_t fit = maxI(r.s.mr, (131072 / (r.Kp * r.s.elem)) / r.s.mr * r.s.mr);
  int64_t even = roundUp((g->P + 4 * threads - 1) / (4 * threads), r.s.mr);
  r.rb = minI(fit, even);
  r.blocks = (g->P + r.rb - 1) / r.rb;
  /* a task is worth a few million multiply-adds */
  int64_t work = g->P * g->F * g->K;
  r.tasks = pt2eParallelChunks(r.blocks, maxI(1, (int64_t)(1 << 21) * r.blocks / maxI(work, 1)));
  bool ok = allocRun(&r);
  if (ok) {
    packW(&r);
    pt2eParallelFor(r.tasks, 1, runTasks, &r);
  }
  freeRun(&r);
  return ok;
}
