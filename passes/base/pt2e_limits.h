/*
** pt2e_limits.h
** Limits every layer shares, written once.
*/
#ifndef PT2E_LIMITS_H
#define PT2E_LIMITS_H

/* The largest rank of a tensor anywhere in pt2e-mlir: a .npy array, an
** interpreter tensor, a value pt2e-lower-int8 rewrites. Real models stay
** at or below 6 (a grouped conv's filter, attention's 5-d views). */
#define PT2E_MAX_RANK 8

#endif /* PT2E_LIMITS_H */
