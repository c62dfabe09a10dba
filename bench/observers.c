/*
** observers.c
** Observer throughput: feeds a 8x64x112x112 float32 tensor (a ResNet-18
** activation at batch 8) through each observer kind and prints nanoseconds
** per element, so the observers' share of calibration can be understood
** and improved in isolation.
**
** Each kind runs three ways in the same process, interleaved update by
** update so that a neighbour's load on the shared cores hits all three
** alike: the best vector path on all threads (PT2E_NUM_THREADS, or the
** online CPUs), the best vector path on one thread, and the scalar path on
** one thread. The best time of R rounds (argv[1], default 6) is printed,
** with the ratios to the first column. argv[2], when given, keeps only the
** rows whose name contains it (to profile one kind: 'relu6').
**
** The ONNX Runtime kinds (percentile, entropy, distribution) collect
** numpy's histogram on one thread and in scalar code (ort_histogram.c), so
** their three columns are the same code.
**
** The last row runs the histogram on ReLU6-like data (the same values
** clamped to [0, 6]: 44% exact zeros, 6% sixes), with a fixed range after
** the first update, as on most batches of a real model: runs of one bin are
** what a histogram's increments serialise on.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "observers.h"
#include "pt2e_parallel.h"

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

enum { Ways = 3 };

static const struct Way {
  const char *name;
  Pt2eObserverPath path;
  int threads; /* 0: the default */
} ways[Ways] = {
    {"vector, all threads", Pt2eObserverPathBest, 0},
    {"vector, 1 thread", Pt2eObserverPathBest, 1},
    {"scalar, 1 thread", Pt2eObserverPathScalar, 1},
};

int main(int argc, char **argv) {
  int reps = argc > 1 ? atoi(argv[1]) : 6;
  const char *only = argc > 2 ? argv[2] : NULL;
  int64_t shape[4] = {8, 64, 112, 112};
  int64_t n = shape[0] * shape[1] * shape[2] * shape[3];
  float *x = malloc((size_t)n * sizeof(float));
  if (!x)
    return 1;
  uint32_t s = 12345;
  for (int64_t i = 0; i < n; i++) { /* a cheap, fixed, roughly symmetric spread */
    s = s * 1664525u + 1013904223u;
    x[i] = ((float)(s >> 8) / 16777216.0f - 0.5f) * 8.0f;
  }
  static const struct { const char *name; Pt2eObserverKind kind; Pt2eQScheme q; } kinds[] = {
      {"minmax", Pt2eObserverMinMax, Pt2eQSchemePerTensorAffine},
      {"moving_average_minmax", Pt2eObserverMovingAverageMinMax, Pt2eQSchemePerTensorAffine},
      {"per_channel_minmax", Pt2eObserverPerChannelMinMax, Pt2eQSchemePerChannelSymmetric},
      {"moving_avg_per_channel", Pt2eObserverMovingAveragePerChannelMinMax,
       Pt2eQSchemePerChannelSymmetric},
      {"histogram", Pt2eObserverHistogram, Pt2eQSchemePerTensorAffine},
      {"percentile (symmetric)", Pt2eObserverPercentile, Pt2eQSchemePerTensorAffine},
      {"percentile (asymmetric)", Pt2eObserverPercentile, Pt2eQSchemePerTensorAffine},
      {"entropy", Pt2eObserverEntropy, Pt2eQSchemePerTensorAffine},
      {"distribution", Pt2eObserverDistribution, Pt2eQSchemePerTensorAffine},
      {"histogram, relu6 data", Pt2eObserverHistogram, Pt2eQSchemePerTensorAffine},
  };
  const size_t reluRow = sizeof kinds / sizeof *kinds - 1;
  printf("%d threads; ns/element, best of %d (ratio: column / first column)\n",
         pt2eParallelThreads(), reps);
  printf("%-24s", "kind");
  for (int w = 0; w < Ways; w++)
    printf(" %21s", ways[w].name);
  printf("\n");
  for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++) {
    if (only != NULL && strstr(kinds[k].name, only) == NULL)
      continue;
    Pt2eQuantSpec spec;
    pt2eQuantSpecInit(&spec, kinds[k].kind, Pt2eDTypeInt8); /* the kind's bins */
    spec.qscheme = kinds[k].q;
    spec.chAxis = 1;
    spec.eps = 1.0f / 4096;
    if (kinds[k].kind == Pt2eObserverHistogram)
      spec.bins = 2048;
    if (k == 6)
      spec.symmetric = false; /* the asymmetric percentile row */
    Pt2eObserver *obs[Ways];
    double best[Ways];
    for (int w = 0; w < Ways; w++) {
      obs[w] = pt2eObserverCreate(&spec, 0);
      best[w] = 1e30;
    }
    if (k == reluRow)
      for (int64_t i = 0; i < n; i++)
        x[i] = x[i] < 0.0f ? 0.0f : x[i] > 6.0f ? 6.0f : x[i] * 1.5f > 6.0f ? 6.0f : x[i] * 1.5f;
    for (int r = 0; r < reps; r++) {
      if (k != reluRow)
        x[r] = -4.5f - (float)r; /* grow the range: the histogram merges */
      for (int w = 0; w < Ways; w++) {
        pt2eObserverForcePath(ways[w].path);
        pt2eParallelConfigure(ways[w].threads);
        double t0 = now();
        pt2eObserverUpdate(obs[w], x, shape, 4);
        double t = now() - t0;
        best[w] = t < best[w] ? t : best[w];
      }
    }
    printf("%-24s", kinds[k].name);
    for (int w = 0; w < Ways; w++) {
      char cell[32];
      snprintf(cell, sizeof cell, "%.3f (%.1fx)", 1e9 * best[w] / (double)n,
               best[w] / best[0]);
      printf(" %21s", cell);
    }
    printf("\n");
    for (int w = 0; w < Ways; w++)
      pt2eObserverDestroy(obs[w]);
  }
  pt2eObserverForcePath(Pt2eObserverPathBest);
  pt2eParallelConfigure(0);
  free(x);
  return 0;
}
