/*
** qparams_diff.h
** How qparams-check measures one scale against another, in both of its
** modes: float32 bit patterns, the relative difference and the distance
** in ulps, and the one tolerance rule (bit for bit, or |s - g| <= R·|g|).
*/
#ifndef PT2E_QPARAMS_DIFF_H
#define PT2E_QPARAMS_DIFF_H

#include <stdbool.h>
#include <stdint.h>

/* The float32 whose bit pattern is 'bits', and back. */
float qcFloatOf(uint32_t bits);
uint32_t qcBitsOf(float f);

/* Distance in float32 ulps between two finite floats of any sign. */
long long qcUlpDistance(uint32_t golden, uint32_t actual);

/* |actual - golden| / |golden|; 0 when both are 0, infinity when only
** golden is. */
double qcRelDiff(uint32_t golden, uint32_t actual);

/* Whether 'actual' matches 'golden' within 'rtol' (0: bit for bit). */
bool qcScaleWithin(uint32_t golden, uint32_t actual, double rtol);

#endif /* PT2E_QPARAMS_DIFF_H */
