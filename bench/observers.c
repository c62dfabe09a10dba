/*
** observers.c
** Observer throughput: feeds a 8x64x112x112 float32 tensor (a ResNet-18
** activation at batch 8) through each observer kind a few times and prints
** nanoseconds per element, so the observers' share of calibration can be
** understood and improved in isolation.
*/
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "observers.h"

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int main(int argc, char **argv) {
  int reps = argc > 1 ? atoi(argv[1]) : 4;
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
      {"histogram", Pt2eObserverHistogram, Pt2eQSchemePerTensorAffine},
      {"per_channel_minmax", Pt2eObserverPerChannelMinMax, Pt2eQSchemePerChannelSymmetric},
  };
  for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++) {
    Pt2eQuantSpec spec = {Pt2eDTypeInt8, -128, 127, kinds[k].q, 1, 1.0f / 4096, false,
                          kinds[k].kind, 2048, 0.01f};
    Pt2eObserver *obs = pt2eObserverCreate(&spec, 0);
    double best = 1e30;
    for (int r = 0; r < reps; r++) {
      x[r] = -4.5f - (float)r; /* grow the range: the histogram merges */
      double t0 = now();
      pt2eObserverUpdate(obs, x, shape, 4);
      double t = now() - t0;
      best = t < best ? t : best;
    }
    printf("%-20s %.3f ns/element\n", kinds[k].name, 1e9 * best / (double)n);
    pt2eObserverDestroy(obs);
  }
  free(x);
  return 0;
}
