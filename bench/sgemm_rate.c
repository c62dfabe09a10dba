/*
** sgemm_rate.c
** Measures OpenBLAS's cblas_sgemm rate on this machine, for the benchmark's
** "share of the sgemm rate": square f32 matrices of size N (default 1024),
** best of R repetitions (default 5), using the same pt2eSgemm entry point
** as the interpreter. Prints "sgemm_gflops=<rate> n=<N>".
*/
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "interp_internal.h"

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
  double best = 1e30;
  for (int r = 0; r < reps; r++) {
    double t0 = now();
    pt2eSgemm(false, false, n, n, n, a, n, b, n, 0.0f, c, n);
    double t = now() - t0;
    if (t < best)
      best = t;
  }
  printf("sgemm_gflops=%.2f n=%lld\n", 2.0 * (double)n * (double)n * (double)n / best / 1e9,
         (long long)n);
  free(a);
  free(b);
  free(c);
  return 0;
}
