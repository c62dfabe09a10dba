/*
** groups.c
** Per-group geometry and torchao's block-wise choose/quantize/dequantize
** (groups.h).
*/
#include "groups.h"

#include <math.h>

bool pt2eGroupsOf(const int64_t *shape, int rank, int64_t axis, int64_t size,
                  Pt2eGroups *out) {
  if (axis < 0 || axis >= rank)
    return false;
  Pt2eGroups g = {1, shape[axis], 1, 0, 0, 0};
  for (int d = 0; d < rank; d++) {
    if (shape[d] < 0)
      return false;
    if (d < axis)
      g.outer *= shape[d];
    else if (d > axis)
      g.inner *= shape[d];
  }
  g.size = size == 0 ? g.axisSize : size;
  if (g.size <= 0 || g.axisSize % g.size != 0)
    return false;
  g.perAxis = g.axisSize / g.size;
  g.count = g.outer * g.perAxis * g.inner;
  *out = g;
  return true;
}

/* torch.amin's NaN rule: a NaN anywhere in the block is the answer. */
static float minOrNaN(float a, float b) {
  return (a != a || b != b) ? NAN : (b < a ? b : a);
}

static float maxOrNaN(float a, float b) {
  return (a != a || b != b) ? NAN : (b > a ? b : a);
}

void pt2eGroupsMinMax(const Pt2eGroups *g, const float *x, float *mins,
                      float *maxs) {
  for (int64_t k = 0; k < g->count; k++) {
    mins[k] = INFINITY;
    maxs[k] = -INFINITY;
  }
  /* walk in memory order: o, m, i; the group is (o, m / size, i) */
  int64_t idx = 0;
  for (int64_t o = 0; o < g->outer; o++)
    for (int64_t m = 0; m < g->axisSize; m++) {
      int64_t base = (o * g->perAxis + m / g->size) * g->inner;
      for (int64_t i = 0; i < g->inner; i++, idx++) {
        mins[base + i] = minOrNaN(mins[base + i], x[idx]);
        maxs[base + i] = maxOrNaN(maxs[base + i], x[idx]);
      }
    }
}

void pt2eGroupsFakeQuant(const Pt2eQuantSpec *spec, const Pt2eGroups *g,
                         const float *x, const float *scales,
                         const int64_t *zeroPoints, float *out) {
  int64_t idx = 0;
  for (int64_t o = 0; o < g->outer; o++)
    for (int64_t m = 0; m < g->axisSize; m++) {
      int64_t base = (o * g->perAxis + m / g->size) * g->inner;
      for (int64_t i = 0; i < g->inner; i++, idx++) {
        float s = scales[base + i];
        int64_t z = zeroPoints[base + i];
        int64_t q = pt2eQuantizeValue(x[idx], s, z, spec->quantMin,
                                      spec->quantMax, spec->dtype);
        out[idx] = pt2eDequantizeValue(q, s, z);
      }
    }
}

Pt2eNumStatus pt2eGroupsDynamicQdq(const Pt2eQuantSpec *spec,
                                   const Pt2eGroups *g, const float *x,
                                   float *out, float *scales,
                                   int64_t *zeroPoints, float *mins,
                                   float *maxs) {
  pt2eGroupsMinMax(g, x, mins, maxs);
  /* choose_qparams_affine has no "nothing seen" default: an empty group
  ** cannot occur (count * size elements), and NaN is refused as torch's
  ** observers refuse it */
  Pt2eNumStatus st = pt2eCalculateQParams(spec, false, mins, maxs, g->count,
                                          scales, zeroPoints);
  if (st < 0)
    return st;
  pt2eGroupsFakeQuant(spec, g, x, scales, zeroPoints, out);
  return Pt2eNumOk;
}
