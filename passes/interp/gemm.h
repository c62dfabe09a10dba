/*
** gemm.h
** The interpreter's fixed-order f32 matrix product (gemm.c), used by the
** kernels (kernels.c), the unit tests and the sgemm benchmark.
*/
#ifndef PT2E_INTERP_GEMM_H
#define PT2E_INTERP_GEMM_H

#include <stdbool.h>
#include <stdint.h>

/*
** C[M,N] (+)= op(A)[M,K] op(B)[K,N] with arbitrary row strides, f32: every
** output one fma chain over k in order, from C's value ('accumulate') or
** from zero (gemm.c): the same bits on every CPU, micro-kernel and thread
** count. False when its scratch cannot be had.
*/
bool pt2eSgemm(bool transA, bool transB, int64_t m, int64_t n, int64_t k,
               const float *a, int64_t lda, const float *b, int64_t ldb,
               bool accumulate, float *c, int64_t ldc);
/*
** An operand packed once for the current micro-kernel, for products that
** multiply by the same matrix again and again: a convolution's weights (A,
** image after image, batch after batch: packing it for every product was
** a sixth of a ResNet-18 calibration, and each thread packed all of it) or
** a linear's (B, torch-mlir's transposed weight). NULL when memory runs out
** (or an extent is 0).
*/
typedef struct Pt2eSgemmPacked Pt2eSgemmPacked;
Pt2eSgemmPacked *pt2eSgemmPackA(bool transA, int64_t m, int64_t k,
                                const float *a, int64_t lda);
Pt2eSgemmPacked *pt2eSgemmPackB(bool transB, int64_t k, int64_t n,
                                const float *b, int64_t ldb);
void pt2eSgemmPackedFree(Pt2eSgemmPacked *p);
/* True when 'p' was packed from this A (B) for the micro-kernel in use now. */
bool pt2eSgemmPackedFitsA(const Pt2eSgemmPacked *p, bool transA, int64_t m,
                          int64_t k, const float *a, int64_t lda);
bool pt2eSgemmPackedFitsB(const Pt2eSgemmPacked *p, bool transB, int64_t k,
                          int64_t n, const float *b, int64_t ldb);
/*
** pt2eSgemm, reading A's and B's panels from 'packedA' / 'packedB' when
** they fit this A / B and kernel (else packing as usual), and, with
** 'rowInit', chain i starting at rowInit[i] (C then only written: a
** convolution whose init is its bias broadcast over the output, or a fill,
** gets the bits of pt2eSgemm on that init without it being written out).
** The same bits whatever is packed.
*/
bool pt2eSgemmWithPacked(const Pt2eSgemmPacked *packedA,
                         const Pt2eSgemmPacked *packedB, bool transA,
                         bool transB, int64_t m, int64_t n, int64_t k,
                         const float *a, int64_t lda, const float *b,
                         int64_t ldb, bool accumulate, const float *rowInit,
                         float *c, int64_t ldc);
/*
** B as rows made on demand instead of a matrix: row(ctx, p, j0, cols, dst)
** writes B[p][j0 .. j0+cols) to dst (contiguous), from any thread. A
** convolution's im2col matrix, made from the image while the sgemm packs
** it, is never written out whole (9 times a 3x3 layer's input, out of
** cache, then read back).
*/
typedef struct Pt2eSgemmRowsOfB {
  void (*row)(const void *ctx, int64_t p, int64_t j0, int64_t cols, float *dst);
  const void *ctx;
} Pt2eSgemmRowsOfB;
/* pt2eSgemmWithPacked (A packed or not) with B (not transposed) made by
** 'rowsOfB': the same
** bits as on the matrix of those rows. */
bool pt2eSgemmMadeB(const Pt2eSgemmPacked *packed, bool transA, int64_t m,
                    int64_t n, int64_t k, const float *a, int64_t lda,
                    const Pt2eSgemmRowsOfB *rowsOfB, bool accumulate,
                    const float *rowInit, float *c, int64_t ldc);
/*
** B as shifted rows of one array and C in "wide" rows, for a convolution
** read straight from its input (kernels.c: the input's phase planes):
** B[p][j] = base[rowOffset[p] + j], and column j of the n wide columns is
** C's column (j / pitch) * width + j % pitch, computed for every j but
** stored (and, accumulating, loaded) only where j % pitch < width. B is
** never packed (the AVX-512 kernel reads it in place; the others copy its
** rows into panels), and each stored output is the same chain as on the
** matrices these describe: the same bits. base[rowOffset[p] + j] must be
** readable for every p < k, j < n.
*/
typedef struct Pt2eSgemmWideB {
  const float *base;
  const int64_t *rowOffset; /* k of them */
  int64_t pitch, width;     /* 0 < width <= pitch */
} Pt2eSgemmWideB;
bool pt2eSgemmWide(const Pt2eSgemmPacked *packed, bool transA, int64_t m,
                   int64_t n, int64_t k, const float *a, int64_t lda,
                   const Pt2eSgemmWideB *wideB, bool accumulate,
                   const float *rowInit, float *c, int64_t ldc);
/* The same order, as plain scalar loops (for tests). */
void pt2eSgemmReference(bool transA, bool transB, int64_t m, int64_t n,
                        int64_t k, const float *a, int64_t lda, const float *b,
                        int64_t ldb, bool accumulate, float *c, int64_t ldc);
/* Threads pt2eSgemm may use: the worker pool's (pt2e_parallel.h), that is
** PT2E_NUM_THREADS or the online CPUs. */
int pt2eGemmThreads(void);

/*
** The micro-kernels. All give the same bits; they differ in speed only.
** PT2E_GEMM_AUTO is the best one this CPU has, unless the environment says
** otherwise: PT2E_ISA=avx512|avx2|scalar (every kernel's switch, pt2e_cpu.h),
** PT2E_GEMM_ISA (the same, for this kernel only), or PT2E_GEMM_SCALAR=1 (the
** portable one). A bool converts to AUTO (false) or SCALAR (true).
*/
typedef enum Pt2eGemmIsa {
  PT2E_GEMM_AUTO = 0,
  PT2E_GEMM_SCALAR = 1, /* portable C, fmaf */
  PT2E_GEMM_AVX2 = 2,   /* AVX2 + FMA, 6 x 16 tile */
  PT2E_GEMM_AVX512 = 3  /* AVX-512F, 12 x 32 tile */
} Pt2eGemmIsa;

/*
** For tests and benchmarks: the thread count (0: the default again; this
** configures the worker pool) and the micro-kernel. False when this CPU
** lacks the requested one; the best one it has below it is used instead.
*/
bool pt2eGemmConfigure(int threads, Pt2eGemmIsa isa);
/* The micro-kernel pt2eSgemm uses now: "avx512", "avx2" or "scalar". */
const char *pt2eGemmKernelName(void);

#endif /* PT2E_INTERP_GEMM_H */
