/*
** mutator.c
** The number mutator of the MLIR-reading fuzz targets; see mutator.h.
**
** A number starts at a digit (or a '-' before one) that does not continue a
** name: 'f32', '%arg0', '@conv2', 'bb1', 'activation_post_process_0' are
** left alone. The one exception is the 'x' between the extents of a shape
** ('1x3x8'), where a number may follow a letter. Extents take non-negative
** integers; other places take integers or floats, including NaN and
** infinities in MLIR's hex form.
*/
#include "mutator.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* libFuzzer's own mutation, for the fallback. */
size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t maxSize);

/* Sizes: empty, one, off by one around powers of two, past int32 and
** int64, and 2^62 + 1 (squares and products of it wrap int64). */
static const char *const extents[] = {
    "0", "1", "2", "3", "7", "8", "16", "255", "256", "4096", "4097",
    "65536", "1000000", "2147483647", "2147483648", "4294967296",
    "4611686018427387905", "9223372036854775807", "18446744073709551615"};

static const char *const integers[] = {
    "0", "1", "-1", "2", "-2", "3", "127", "128", "-128", "-129", "255",
    "256", "32767", "-32768", "65535", "65536", "2147483647", "-2147483648",
    "2147483648", "4294967295", "4294967296", "2048", "2049", "1000000007",
    "4611686018427387905", "9223372036854775807", "-9223372036854775808",
    "9223372036854775808", "18446744073709551615", "99999999999999999999"};

/* Floats; the 0x forms are f32 and f64 NaN and infinities. */
static const char *const floats[] = {
    "0.0", "-0.0", "0.5", "-0.5", "1.0", "-1.0", "1.0e30", "-1.0e30",
    "1.0e-30", "1.0e-45", "1.4e-45", "3.4028235e38", "3.5e38", "1.0e300",
    "1.0e-300", "2.44140625e-4", "1.0e-8", "255.5", "0x7FC00000",
    "0x7F800000", "0xFF800000", "0x7FF8000000000000", "0x7FF0000000000000",
    "0xFFF0000000000000"};

#define COUNT(a) (sizeof(a) / sizeof *(a))

static unsigned nextRandom(unsigned *state) {
  /* xorshift32: plenty for choosing among a few dozen options */
  unsigned x = *state ? *state : 0x9e3779b9u;
  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  *state = x;
  return x;
}

static bool continuesName(uint8_t c) {
  return isalnum(c) || c == '_' || c == '$' || c == '.' || c == '%' ||
         c == '#' || c == '@' || c == '^' || c == '!';
}

/* The 'x' at 'data[i - 1]' separates two extents ('3x8', '?x8'). */
static bool afterShapeX(const uint8_t *data, size_t i) {
  return i >= 2 && data[i - 1] == 'x' &&
         (isdigit(data[i - 2]) || data[i - 2] == '?');
}

/* Length of the number at 'data[i]' (0: none starts there). */
static size_t numberAt(const uint8_t *data, size_t size, size_t i) {
  if (i > 0 && continuesName(data[i - 1]) && !afterShapeX(data, i))
    return 0;
  size_t j = i;
  if (j < size && data[j] == '-')
    j++;
  if (j >= size || !isdigit(data[j]))
    return 0;
  while (j < size && isdigit(data[j]))
    j++;
  if (j + 1 < size && data[j] == '.' && isdigit(data[j + 1])) {
    j++;
    while (j < size && isdigit(data[j]))
      j++;
  }
  if (j < size && (data[j] == 'e' || data[j] == 'E')) {
    size_t k = j + 1;
    if (k < size && (data[k] == '+' || data[k] == '-'))
      k++;
    if (k < size && isdigit(data[k])) {
      while (k < size && isdigit(data[k]))
        k++;
      j = k;
    }
  }
  return j - i;
}

/* Visits the numbers in order; returns how many there are, and the start
** and length of number 'want' (if there is one). */
static size_t findNumbers(const uint8_t *data, size_t size, size_t want,
                          size_t *start, size_t *len) {
  size_t n = 0;
  for (size_t i = 0; i < size;) {
    size_t l = numberAt(data, size, i);
    if (l == 0) {
      i++;
      continue;
    }
    if (n == want) {
      *start = i;
      *len = l;
    }
    n++;
    i += l;
  }
  return n;
}

static bool isExtent(const uint8_t *data, size_t size, size_t start,
                     size_t len) {
  return afterShapeX(data, start) ||
         (start + len < size && data[start + len] == 'x');
}

/* The current number, moved a little: n - 1, n + 1, 2n, -n. */
static void nudge(const uint8_t *num, size_t len, unsigned r, char *out,
                  size_t outSize) {
  char buf[64];
  size_t l = len < sizeof buf - 1 ? len : sizeof buf - 1;
  memcpy(buf, num, l);
  buf[l] = '\0';
  long long v = strtoll(buf, NULL, 10);
  /* unsigned arithmetic: wrapping is the point, not undefined behaviour */
  unsigned long long u = (unsigned long long)v;
  switch (r % 4) {
  case 0: u -= 1; break;
  case 1: u += 1; break;
  case 2: u *= 2; break;
  default: u = 0 - u; break;
  }
  snprintf(out, outSize, "%lld", (long long)u);
}

size_t fuzzMutateNumbers(uint8_t *data, size_t size, size_t maxSize,
                         unsigned seed) {
  unsigned rng = seed;
  size_t start = 0, len = 0;
  size_t count = findNumbers(data, size, (size_t)-1, &start, &len);
  if (count == 0 || nextRandom(&rng) % 5 == 0)
    return LLVMFuzzerMutate(data, size, maxSize);
  findNumbers(data, size, nextRandom(&rng) % count, &start, &len);

  char value[64];
  unsigned r = nextRandom(&rng);
  bool extent = isExtent(data, size, start, len);
  if (r % 4 == 0 && !(extent && data[start] == '-'))
    nudge(data + start, len, r >> 2, value, sizeof value);
  else if (extent)
    snprintf(value, sizeof value, "%s", extents[(r >> 2) % COUNT(extents)]);
  else if ((r >> 2) % 2)
    snprintf(value, sizeof value, "%s", integers[(r >> 3) % COUNT(integers)]);
  else
    snprintf(value, sizeof value, "%s", floats[(r >> 3) % COUNT(floats)]);

  size_t vlen = strlen(value);
  if (size - len + vlen > maxSize)
    return LLVMFuzzerMutate(data, size, maxSize);
  memmove(data + start + vlen, data + start + len, size - start - len);
  memcpy(data + start, value, vlen);
  return size - len + vlen;
}
