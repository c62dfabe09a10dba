/*
** sgemm_rate.c
** Measures this machine's sgemm rate, for the benchmark's "share of the
** sgemm rate": OpenBLAS's cblas_sgemm (the baseline a tuned BLAS reaches)
** and the interpreter's own fixed-order pt2eSgemm (passes/interp/gemm.c), on
** square f32 matrices of size N (default 1024), best of R repetitions
** (default 5), alternating. Prints
**   sgemm_gflops=<OpenBLAS> ours_gflops=<pt2eSgemm> n=<N>
*/
#include <cblas.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "gemm.h"

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int main(int argc, char **argv) {
  int64_t n = argc > 1 ? atoll(argv[1]) : 1024;
  int reps = argc > 2 ? atoi(argv[2]) : 5;
  float *a = malloc((size_t)(n * n) * sizeof(float));
  float *b = malloc((size_t)(n * n) * sizeof(float));
  float *c = malloc((size_t)(n * n) * sizeof(float));
  if (!a || !b || !c || n <= 0 || reps <= 0)
    return 1;
  for (int64_t i = 0; i < n * n; i++) {
    a[i] = (float)(i % 7) * 0.25f;
    b[i] = (float)(i % 5) * 0.5f;
  }
  double bestBlas = 1e30, bestOurs = 1e30;
  for (int r = 0; r < reps; r++) {
    double t0 = now();
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (blasint)n, (blasint)n,
                (blasint)n, 1.0f, a, (blasint)n, b, (blasint)n, 0.0f, c, (blasint)n);
    double t1 = now();
    if (!pt2eSgemm(false, false, n, n, n, a, n, b, n, false, c, n))
      return 1;
    double t2 = now();
    if (t1 - t0 < bestBlas)
      bestBlas = t1 - t0;
    if (t2 - t1 < bestOurs)
      bestOurs = t2 - t1;
  }
  double flop = 2.0 * (double)n * (double)n * (double)n;
  printf("sgemm_gflops=%.2f ours_gflops=%.2f n=%lld\n", flop / bestBlas / 1e9,
         flop / bestOurs / 1e9, (long long)n);
  free(a);
  free(b);
  free(c);
  return 0;
}
