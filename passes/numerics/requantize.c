/*
** requantize.c
** The multiplier and shift of a TOSA rescale (TFLite's QuantizeMultiplier)
** and TOSA's apply_scale_32, as the TOSA 1.0 specification writes them
** (section "Scaling helpers"); see requantize.h and docs/lower-int8.md.
*/
#include "requantize.h"

#include <math.h>

bool pt2eQuantizeMultiplier(double scale, int32_t *multiplier, int32_t *shift) {
  if (!(scale > 0.0) || !isfinite(scale))
    return false;
  int e = 0;
  double q = frexp(scale, &e); /* scale = q * 2^e, q in [0.5, 1) */
  int64_t fixed = (int64_t)round(q * 2147483648.0);
  if (fixed == INT64_C(2147483648)) { /* q rounded up to 1.0 */
    fixed /= 2;
    e++;
  }
  int64_t s = 31 - (int64_t)e;
  if (s < PT2E_RESCALE_MIN_SHIFT || s > PT2E_RESCALE_MAX_SHIFT)
    return false;
  *multiplier = (int32_t)fixed;
  *shift = (int32_t)s;
  return true;
}

int32_t pt2eApplyScale32(int32_t value, int32_t multiplier, int32_t shift,
                         bool doubleRound) {
  int64_t round = INT64_C(1) << (shift - 1);
  if (doubleRound && shift > 31)
    round += value >= 0 ? (INT64_C(1) << 30) : -(INT64_C(1) << 30);
  int64_t r = (int64_t)value * multiplier + round;
  /* >> of a negative int64 is implementation-defined in C: floor division
  ** by 2^shift written out, which is what an arithmetic shift computes. */
  int64_t d = INT64_C(1) << shift;
  int64_t qt = r >= 0 ? r / d : -((-r + d - 1) / d);
  return (int32_t)qt;
}

int64_t pt2eRescaleValue(int64_t value, int64_t inZp, int32_t multiplier,
                         int32_t shift, int64_t outZp, int64_t qmin,
                         int64_t qmax) {
  int64_t v = pt2eApplyScale32((int32_t)(value - inZp), multiplier, shift, false) + outZp;
  return v < qmin ? qmin : v > qmax ? qmax : v;
}
