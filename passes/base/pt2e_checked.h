/*
** pt2e_checked.h
** Checked size arithmetic: the one helper for every size that comes from a
** model or a data file (element counts, byte sizes, scratch buffers,
** histogram bins, zip entry sizes).
**
** A model may declare tensor<4611686018427387905x4xf32>: multiplied in
** int64 the count wraps to 4, a buffer of 16 bytes is allocated and writes
** run past it. Every such product and sum goes through these functions,
** which refuse negative operands and overflow instead of wrapping. No MLIR
** header: the numerics and the file readers use it too.
*/
#ifndef PT2E_CHECKED_H
#define PT2E_CHECKED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* a * b for sizes: false (and *out untouched) if either is negative or the
** product does not fit in int64. */
static inline bool pt2eCheckedMul(int64_t a, int64_t b, int64_t *out) {
  int64_t r;
  if (a < 0 || b < 0 || __builtin_mul_overflow(a, b, &r))
    return false;
  *out = r;
  return true;
}

/* a + b for sizes, under the same rules. */
static inline bool pt2eCheckedAdd(int64_t a, int64_t b, int64_t *out) {
  int64_t r;
  if (a < 0 || b < 0 || __builtin_add_overflow(a, b, &r))
    return false;
  *out = r;
  return true;
}

/* The number of elements of a shape (1 for rank 0); false if a dimension is
** negative (dynamic) or the product overflows. */
static inline bool pt2eCheckedNumel(int rank, const int64_t *shape,
                                    int64_t *out) {
  int64_t n = 1;
  for (int i = 0; i < rank; i++)
    if (!pt2eCheckedMul(n, shape[i], &n))
      return false;
  *out = n;
  return true;
}

/* count * elemSize as a byte count that also fits in size_t. */
static inline bool pt2eCheckedBytes(int64_t count, size_t elemSize,
                                    size_t *out) {
  int64_t bytes;
  if (elemSize > (size_t)INT64_MAX ||
      !pt2eCheckedMul(count, (int64_t)elemSize, &bytes) ||
      (uint64_t)bytes > (uint64_t)SIZE_MAX)
    return false;
  *out = (size_t)bytes;
  return true;
}

/*
** Default limits for untrusted input (docs/security.md), as option text.
** Together they keep one run well inside a 24 GiB machine; each has an
** option that raises it (pt2e-calibrate{max-...}, pt2e-run --max-...).
*/
#define PT2E_DEFAULT_MAX_TENSOR_MB "4096"  /* one tensor */
#define PT2E_DEFAULT_MAX_LIVE_MB "16384"   /* all the interpreter holds */
#define PT2E_DEFAULT_MAX_BINS "65536"      /* a Histogram observer's bins */
#define PT2E_DEFAULT_MAX_ENTRY_MB "4096"   /* one array of a data file */

#endif /* PT2E_CHECKED_H */
