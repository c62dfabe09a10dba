/*
** pt2e_limits.h
** Limits every layer shares, written once.
*/
#ifndef PT2E_LIMITS_H
#define PT2E_LIMITS_H

/* The largest rank of a tensor anywhere in pt2e-mlir: a .npy array, an
** interpreter tensor, a value pt2e-lower-int8 rewrites. Real models stay
** at or below 6 (a grouped conv's filter, attention's 5-d views); upstream
** MLIR's tosa-to-linalg writes a rank-r tosa.tile as a rank-2r broadcast
** (a Llama's 5-d index tile: 10-d), so 12. */
#define PT2E_MAX_RANK 12

#endif /* PT2E_LIMITS_H */
