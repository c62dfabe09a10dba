/*
** requantize.h
** Integer requantization as TOSA 1.0 and TFLite do it: a real scale becomes
** a 32-bit multiplier and a right shift (TFLite's QuantizeMultiplier), and
** RESCALE applies it with TOSA's apply_scale_32 (SINGLE_ROUND: add
** 2^(shift-1), then an arithmetic shift right, i.e. round half towards
** +infinity). Pure C, no MLIR: the pass pt2e-lower-int8 computes its
** tosa.rescale constants here and test_requantize checks them.
*/
#ifndef PT2E_NUMERICS_REQUANTIZE_H
#define PT2E_NUMERICS_REQUANTIZE_H

#include <stdbool.h>
#include <stdint.h>

/* TOSA 1.0's range for RESCALE's shift with scale32 = true. */
#define PT2E_RESCALE_MIN_SHIFT 2
#define PT2E_RESCALE_MAX_SHIFT 62

/*
** TFLite's QuantizeMultiplier, with TOSA's sign convention for the shift:
** scale = multiplier * 2^-shift, multiplier in [2^30, 2^31). frexp gives
** scale = q * 2^e with q in [0.5, 1); multiplier = round(q * 2^31) (half
** away from zero, as std::round); a multiplier of 2^31 is halved and e
** incremented; shift = 31 - e. Returns false, writing nothing, when 'scale'
** is not finite and positive or the shift falls outside
** [PT2E_RESCALE_MIN_SHIFT, PT2E_RESCALE_MAX_SHIFT] (scale >= 2^29 or
** scale < 2^-32 roughly): such a scale has no TOSA rescale.
*/
bool pt2eQuantizeMultiplier(double scale, int32_t *multiplier, int32_t *shift);

/*
** TOSA 1.0's apply_scale_32(value, multiplier, shift, double_round):
** (value * multiplier + 2^(shift-1)) >> shift in 64 bits (arithmetic
** shift), with DOUBLE_ROUND's extra +-2^30 when shift > 31. 'shift' must be
** in [2, 62] and 'multiplier' >= 0.
*/
int32_t pt2eApplyScale32(int32_t value, int32_t multiplier, int32_t shift,
                         bool doubleRound);

/*
** One element of tosa.rescale (scale32, SINGLE_ROUND, signed in and out):
** clamp(apply_scale_32(value - inZp, multiplier, shift) + outZp, qmin, qmax).
*/
int64_t pt2eRescaleValue(int64_t value, int64_t inZp, int32_t multiplier,
                         int32_t shift, int64_t outZp, int64_t qmin,
                         int64_t qmax);

#endif /* PT2E_NUMERICS_REQUANTIZE_H */
