/*
** qparams_diff.c
** The scale comparisons of qparams_diff.h, on float32 bit patterns so
** that "equal" means equal bits (a -0 scale is not a 0 one).
*/
#include "qparams_check/qparams_diff.h"

#include <math.h>
#include <string.h>

float qcFloatOf(uint32_t bits) {
  float f;
  memcpy(&f, &bits, sizeof f);
  return f;
}

uint32_t qcBitsOf(float f) {
  uint32_t bits;
  memcpy(&bits, &f, sizeof bits);
  return bits;
}

long long qcUlpDistance(uint32_t a, uint32_t b) {
  int64_t ia = (a & 0x80000000u) ? -(int64_t)(a & 0x7fffffffu) : (int64_t)a;
  int64_t ib = (b & 0x80000000u) ? -(int64_t)(b & 0x7fffffffu) : (int64_t)b;
  return (long long)(ia > ib ? ia - ib : ib - ia);
}

double qcRelDiff(uint32_t golden, uint32_t actual) {
  double gs = qcFloatOf(golden), as = qcFloatOf(actual);
  return gs != 0.0 ? fabs(as - gs) / fabs(gs) : (as == gs ? 0.0 : INFINITY);
}

bool qcScaleWithin(uint32_t golden, uint32_t actual, double rtol) {
  double rel = qcRelDiff(golden, actual);
  return golden == actual || (isfinite(rel) && rel <= rtol);
}
