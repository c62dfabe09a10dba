/*
** igemm.h
** The interpreter's integer matrix product on i8 operands into i32
** (igemm.c): what the int8 convolution (as im2col rows) and the int8
** matmul of kernels_int8.c run on AVX-512 VNNI or AVX2. Plain C, no MLIR
** header.
*/
#ifndef PT2E_INTERP_IGEMM_H
#define PT2E_INTERP_IGEMM_H

#include <stdbool.h>
#include <stdint.h>

/* Writes rows [p0, p0 + n) of the left operand, K i8 each, row r at
** dst + r * ld. */
typedef void (*Pt2eIgemmRowsFn)(const void *ctx, int64_t p0, int64_t n,
                                int8_t *dst, int64_t ld);

typedef struct Pt2eIgemm {
  int64_t P, F, K;        /* rows, columns, depth */
  Pt2eIgemmRowsFn rows;   /* the left operand X(p, k), row by row */
  const void *rowsCtx;
  const int8_t *w;        /* the right operand: W(f, k) = w[f * wsF + k * wsK] */
  int64_t wsF, wsK;
  int32_t a, b;           /* zero points of X and of W */
  int32_t *out;           /* out[p * ldo + f] */
  int64_t ldo;
} Pt2eIgemm;

/*
** True when a vector kernel runs on this CPU at the ISA limit of pt2e_cpu.h
** (AVX-512 with VNNI and BW, or AVX2); false on the portable level, where
** the callers keep their plain loops.
*/
bool pt2eIgemmAvailable(void);

/*
** out[p, f] += sum_k (X(p, k) - a)(W(f, k) - b), wrapping in 32 bits, for
** every p < P, f < F: exact integers, so the bits are those of any other
** order of the products (the plain loops'), on every ISA and thread count.
** Rows are split over the worker pool. False when its scratch cannot be
** had (out untouched) or no vector kernel is available.
*/
bool pt2eIgemm(const Pt2eIgemm *g);

#endif /* PT2E_INTERP_IGEMM_H */
