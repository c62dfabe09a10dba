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
** The fast path is an AVX2 + FMA micro-kernel of 6 x 16 outputs (12 ymm
** accumulators; each lane runs the chain above for its own output); CPUs
** without AVX2 and FMA take the scalar reference, which follows the same
** chain with fmaf and so gives the same bits, slowly. test_gemm.c compares
** the two bit for bit.
**
** Threads split the output columns (or rows, for narrow outputs) into
** contiguous ranges, one per thread; PT2E_NUM_THREADS sets their number
** (default: the online CPUs, at most PT2E_GEMM_MAX_THREADS). Their scratch
** is allocated by the calling thread, through pt2eAlloc and so under the
** interpreter's memory limit.
*/
#include "gemm.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define PT2E_GEMM_X86 1
#else
#define PT2E_GEMM_X86 0
#endif

#include "pt2e_support.h"

enum {
  MR = 6, NR = 16,    /* the micro-kernel's tile of outputs */
  KC = 256,           /* k block: a 6 x KC and a KC x 16 panel stay in L1/L2 */
  MC = 16 * MR,       /* rows whose packed A block is shared by a B panel */
  NC = 512,           /* columns whose packed B block is shared by A blocks */
  PT2E_GEMM_MAX_THREADS = 64,
  MIN_FLOPS_PER_THREAD = 1 << 21 /* below this a thread costs more than it saves */
};

/* One product: C[m,n] (+)= op(A)[m,k] op(B)[k,n]. */
typedef struct Gemm {
  bool transA, transB;
  int64_t m, n, k;
  const float *a, *b;
  int64_t lda, ldb, ldc;
  bool accumulate;
  float *c;
} Gemm;

static float elemA(const Gemm *g, int64_t i, int64_t p) {
  return g->transA ? g->a[p * g->lda + i] : g->a[i * g->lda + p];
}

static float elemB(const Gemm *g, int64_t p, int64_t j) {
  return g->transB ? g->b[j * g->ldb + p] : g->b[p * g->ldb + j];
}

/* {====================================================================
** The scalar reference: the documented order, literally
** ===================================================================== */

void pt2eSgemmReference(bool transA, bool transB, int64_t m, int64_t n,
                        int64_t k, const float *a, int64_t lda, const float *b,
                        int64_t ldb, bool accumulate, float *c, int64_t ldc) {
  Gemm g = {transA, transB, m, n, k, a, b, lda, ldb, ldc, accumulate, c};
  for (int64_t i = 0; i < m; i++)
    for (int64_t j = 0; j < n; j++) {
      float acc = accumulate ? c[i * ldc + j] : 0.0f;
      for (int64_t p = 0; p < k; p++)
        acc = fmaf(elemA(&g, i, p), elemB(&g, p, j), acc);
      c[i * ldc + j] = acc;
    }
}

/* }==================================================================== */

/* {====================================================================
** Packing: panels of A (MR rows) and B (NR columns), zero-padded
** ===================================================================== */

/* A[i0 .. i0+rows) x [p0 .. p0+kc) as panels of MR rows: panel r holds
** element (ii, p) at r * kc * MR + p * MR + ii. Padding rows are zero, so
** they only ever feed padding outputs. */
static void packA(const Gemm *g, int64_t i0, int64_t rows, int64_t p0,
                  int64_t kc, float *dst) {
  for (int64_t r = 0; r < rows; r += MR) {
    int64_t h = rows - r < MR ? rows - r : MR;
    for (int64_t p = 0; p < kc; p++, dst += MR) {
      int64_t ii = 0;
      for (; ii < h; ii++)
        dst[ii] = elemA(g, i0 + r + ii, p0 + p);
      for (; ii < MR; ii++)
        dst[ii] = 0.0f;
    }
  }
}

/* B[p0 .. p0+kc) x [j0 .. j0+cols) as panels of NR columns, likewise. */
static void packB(const Gemm *g, int64_t p0, int64_t kc, int64_t j0,
                  int64_t cols, float *dst) {
  for (int64_t s = 0; s < cols; s += NR) {
    int64_t w = cols - s < NR ? cols - s : NR;
    for (int64_t p = 0; p < kc; p++, dst += NR) {
      int64_t jj = 0;
      if (!g->transB && w == NR) {
        memcpy(dst, g->b + (p0 + p) * g->ldb + j0 + s, NR * sizeof(float));
        continue;
      }
      for (; jj < w; jj++)
        dst[jj] = elemB(g, p0 + p, j0 + s + jj);
      for (; jj < NR; jj++)
        dst[jj] = 0.0f;
    }
  }
}

/* }==================================================================== */

/* {====================================================================
** Micro-kernels: continue the chains of a 6 x 16 tile over kc steps
** ===================================================================== */

/*
** acc[ii * ld + jj] (ii < MR, jj < NR) holds the chains' partial sums (or
** anything, when 'first': the chains then start at zero). Portable C; the
** same chain as the reference, one fmaf per step.
*/
static void tileScalar(int64_t kc, const float *pa, const float *pb,
                       float *acc, int64_t ld, bool first) {
  for (int ii = 0; ii < MR; ii++)
    for (int jj = 0; jj < NR; jj++) {
      float s = first ? 0.0f : acc[ii * ld + jj];
      for (int64_t p = 0; p < kc; p++)
        s = fmaf(pa[p * MR + ii], pb[p * NR + jj], s);
      acc[ii * ld + jj] = s;
    }
}

#if PT2E_GEMM_X86
__attribute__((target("avx2,fma")))
static void tileAvx2(int64_t kc, const float *pa, const float *pb, float *acc,
                     int64_t ld, bool first) {
  __m256 c[MR][2];
  for (int ii = 0; ii < MR; ii++) {
    c[ii][0] = first ? _mm256_setzero_ps() : _mm256_loadu_ps(acc + ii * ld);
    c[ii][1] = first ? _mm256_setzero_ps() : _mm256_loadu_ps(acc + ii * ld + 8);
  }
  for (int64_t p = 0; p < kc; p++, pa += MR, pb += NR) {
    __m256 b0 = _mm256_loadu_ps(pb), b1 = _mm256_loadu_ps(pb + 8);
    for (int ii = 0; ii < MR; ii++) {
      __m256 av = _mm256_broadcast_ss(pa + ii);
      c[ii][0] = _mm256_fmadd_ps(av, b0, c[ii][0]);
      c[ii][1] = _mm256_fmadd_ps(av, b1, c[ii][1]);
    }
  }
  for (int ii = 0; ii < MR; ii++) {
    _mm256_storeu_ps(acc + ii * ld, c[ii][0]);
    _mm256_storeu_ps(acc + ii * ld + 8, c[ii][1]);
  }
}
#endif

typedef void (*TileFn)(int64_t kc, const float *pa, const float *pb,
                       float *acc, int64_t ld, bool first);

static TileFn chooseTile(void) {
#if PT2E_GEMM_X86
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") &&
      !getenv("PT2E_GEMM_SCALAR"))
    return tileAvx2;
#endif
  return tileScalar;
}

/* }==================================================================== */

/* {====================================================================
** Blocked driver over one range of outputs
** ===================================================================== */

/* Scratch of one driver run: packed panels. */
typedef struct Work {
  float *pa; /* MC x KC */
  float *pb; /* KC x NC */
} Work;

/*
** The chains of rows [i0, i1) x columns [j0, j1); C holds their partial
** sums between k blocks.
*/
static void runRange(const Gemm *g, TileFn tile, Work *w, int64_t i0,
                     int64_t i1, int64_t j0, int64_t j1) {
  float edge[MR * NR] = {0};
  for (int64_t jc = j0; jc < j1; jc += NC) {
    int64_t nc = j1 - jc < NC ? j1 - jc : NC;
    for (int64_t ic = i0; ic < i1; ic += MC) {
      int64_t mc = i1 - ic < MC ? i1 - ic : MC;
      float *acc = g->c + ic * g->ldc + jc;
      int64_t ld = g->ldc;
      for (int64_t pc = 0; pc < g->k || pc == 0; pc += KC) {
        int64_t kc = g->k - pc < KC ? g->k - pc : KC;
        bool first = pc == 0 && !g->accumulate;
        /* B is repacked per row block: the row blocks of a range are few
        ** (MC rows each) and this keeps each thread's work independent. */
        packB(g, pc, kc, jc, nc, w->pb);
        packA(g, ic, mc, pc, kc, w->pa);
        for (int64_t r = 0; r < mc; r += MR)
          for (int64_t s = 0; s < nc; s += NR) {
            const float *pa = w->pa + r * kc, *pb = w->pb + s * kc;
            float *t = acc + r * ld + s;
            int64_t h = mc - r < MR ? mc - r : MR, wd = nc - s < NR ? nc - s : NR;
            if (h == MR && wd == NR) {
              tile(kc, pa, pb, t, ld, first);
              continue;
            }
            /* An edge tile runs on a full local tile; only its valid part
            ** is read and written back. */
            for (int ii = 0; ii < h && !first; ii++)
              memcpy(edge + ii * NR, t + ii * ld, (size_t)wd * sizeof(float));
            tile(kc, pa, pb, edge, NR, first);
            for (int ii = 0; ii < h; ii++)
              memcpy(t + ii * ld, edge + ii * NR, (size_t)wd * sizeof(float));
          }
        if (g->k == 0)
          break;
      }
    }
  }
}

/* }==================================================================== */

/* {====================================================================
** Threads
** ===================================================================== */

typedef struct Task {
  const Gemm *g;
  TileFn tile;
  Work work; /* allocated by the calling thread (pt2eAlloc is not thread-safe) */
  int64_t i0, i1, j0, j1;
} Task;

static void *runTask(void *arg) {
  Task *t = arg;
  runRange(t->g, t->tile, &t->work, t->i0, t->i1, t->j0, t->j1);
  return NULL;
}

static void freeWork(Work *w) {
  pt2eFree(w->pa);
  pt2eFree(w->pb);
}

static int64_t roundUp(int64_t x, int64_t unit) { return (x + unit - 1) / unit * unit; }

/* Panels as large as this product needs, at most MC x KC and KC x NC: a
** small product must not pay for zeroing the blocks of a large one. */
static bool allocWork(Work *w, const Gemm *g) {
  int64_t kc = g->k < KC ? (g->k > 0 ? g->k : 1) : KC;
  int64_t mc = roundUp(g->m < MC ? g->m : MC, MR);
  int64_t nc = roundUp(g->n < NC ? g->n : NC, NR);
  w->pa = pt2eAlloc((size_t)(mc * kc) * sizeof(float));
  w->pb = pt2eAlloc((size_t)(kc * nc) * sizeof(float));
  if (w->pa && w->pb)
    return true;
  freeWork(w);
  return false;
}

static int gemmThreads;  /* 0: not chosen yet */
static TileFn gemmTile;  /* NULL: not chosen yet */

int pt2eGemmThreads(void) {
  if (gemmThreads == 0) {
    const char *env = getenv("PT2E_NUM_THREADS");
    long n = env && *env ? strtol(env, NULL, 10) : sysconf(_SC_NPROCESSORS_ONLN);
    gemmThreads = n < 1 ? 1 : n > PT2E_GEMM_MAX_THREADS ? PT2E_GEMM_MAX_THREADS : (int)n;
  }
  return gemmThreads;
}

void pt2eGemmConfigure(int threads, bool scalarTiles) {
  gemmThreads = threads < 1 ? 0 : threads > PT2E_GEMM_MAX_THREADS ? PT2E_GEMM_MAX_THREADS : threads;
  gemmTile = scalarTiles ? tileScalar : chooseTile();
}

/*
** Splits the outputs into 'n' contiguous ranges: by columns, in whole NR
** panels, when there are enough of them; else by rows, in whole MR panels.
** Any split gives the same bits; this one only balances the work.
*/
static int splitTasks(const Gemm *g, TileFn tile, int n, Task *tasks) {
  bool byCols = (g->n + NR - 1) / NR >= n;
  int64_t extent = byCols ? g->n : g->m, unit = byCols ? NR : MR;
  int64_t units = (extent + unit - 1) / unit;
  if (units < n)
    n = (int)units;
  for (int t = 0; t < n; t++) {
    int64_t lo = units * t / n * unit, hi = units * (t + 1) / n * unit;
    if (hi > extent)
      hi = extent;
    tasks[t] = (Task){g, tile, {NULL, NULL}, 0, g->m, 0, g->n};
    if (byCols) {
      tasks[t].j0 = lo;
      tasks[t].j1 = hi;
    } else {
      tasks[t].i0 = lo;
      tasks[t].i1 = hi;
    }
  }
  return n;
}

/* }==================================================================== */

bool pt2eSgemm(bool transA, bool transB, int64_t m, int64_t n, int64_t k,
               const float *a, int64_t lda, const float *b, int64_t ldb,
               bool accumulate, float *c, int64_t ldc) {
  if (!gemmTile)
    gemmTile = chooseTile();
  TileFn tile = gemmTile;
  if (m <= 0 || n <= 0)
    return true;
  Gemm g = {transA, transB, m, n, k, a, b, lda, ldb, ldc, accumulate, c};
  double flops = 2.0 * (double)m * (double)n * (double)(k > 0 ? k : 1);
  double useful = flops / MIN_FLOPS_PER_THREAD;
  int threads = pt2eGemmThreads();
  if (useful < threads)
    threads = useful < 1 ? 1 : (int)useful;
  Task tasks[PT2E_GEMM_MAX_THREADS];
  pthread_t ids[PT2E_GEMM_MAX_THREADS];
  int nt = splitTasks(&g, tile, threads, tasks), ready = 0;
  while (ready < nt && allocWork(&tasks[ready].work, &g))
    ready++;
  bool ok = ready == nt;
  int started = 1;
  for (int t = 1; ok && t < nt; t++, started++)
    if (pthread_create(&ids[t], NULL, runTask, &tasks[t]) != 0)
      break;
  /* A range whose thread could not start runs here, after its own. */
  for (int t = ok ? started : nt; t < nt; t++)
    runTask(&tasks[t]);
  if (ok)
    runTask(&tasks[0]);
  for (int t = 1; ok && t < started; t++)
    pthread_join(ids[t], NULL);
  for (int t = 0; t < ready; t++)
    freeWork(&tasks[t].work);
  return ok;
}
