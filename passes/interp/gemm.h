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
** from zero (gemm.c): the same bits on every CPU and thread count.
** False when its scratch cannot be had.
*/
bool pt2eSgemm(bool transA, bool transB, int64_t m, int64_t n, int64_t k,
               const float *a, int64_t lda, const float *b, int64_t ldb,
               bool accumulate, float *c, int64_t ldc);
/* The same order, as plain scalar loops (for tests). */
void pt2eSgemmReference(bool transA, bool transB, int64_t m, int64_t n,
                        int64_t k, const float *a, int64_t lda, const float *b,
                        int64_t ldb, bool accumulate, float *c, int64_t ldc);
/* Threads pt2eSgemm may use: PT2E_NUM_THREADS, or the online CPUs. */
int pt2eGemmThreads(void);
/* For tests and benchmarks: the thread count (0: the default again) and
** the portable micro-kernel instead of the AVX2 one. */
void pt2eGemmConfigure(int threads, bool scalarTiles);

#endif /* PT2E_INTERP_GEMM_H */
