/*
** int-npy-diff.c
** Compares two integer .npy arrays element by element, for the int8
** oracles (tools/oracle/int8_tosa/):
**
**   int-npy-diff [--max-diff=N] [--dequantized=SCALE:ZP] REFERENCE.npy OTHER.npy
**
** Both files must hold integer arrays (int8, uint8, int16, int32, int64) of
** the same shape; their dtypes may differ (the values are compared as
** 64-bit integers), so torch's int8 output can be set against ours. Prints
**
**   elements=E differing=K max_abs_diff=D diff_1=A diff_more=B
**
** (K differing elements, A of them by exactly 1, B by more) and, for the
** first differing elements (at most 8), their flat index and both values.
** --dequantized=SCALE:ZP reads OTHER as float32 values (q - ZP) * SCALE, as
** quant.dcast writes them (a model lowered by pt2e-lower-int8 keeps its
** float interface): each becomes q = nearbyint(x / SCALE) + ZP, and an
** element for which float32((q - ZP) * SCALE) != x is an error (exit 2),
** so no value off the quantization grid is rounded onto it unseen.
** Exit status: 0 when max_abs_diff <= N (default 0: identical values),
** 1 when it is larger, 2 on bad usage, unreadable files, a non-integer
** dtype or different shapes. pt2e-run --compare is the float counterpart.
*/
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "npy.h"

enum { MaxListed = 8 };

static void usage(FILE *to) {
  fprintf(to, "usage: int-npy-diff [--max-diff=N] [--dequantized=SCALE:ZP] REFERENCE.npy OTHER.npy\n"
              "prints 'elements=E differing=K max_abs_diff=D diff_1=A diff_more=B';\n"
              "exit 0 when D <= N (default 0), 1 when larger, 2 on bad input\n");
}

/* Element 'i' of an integer array as int64; false for a non-integer dtype. */
static bool elementAt(const Pt2eArray *a, int64_t i, int64_t *v) {
  switch (a->dtype) {
  case Pt2eArrayI8: *v = ((const int8_t *)a->data)[i]; return true;
  case Pt2eArrayU8: *v = ((const uint8_t *)a->data)[i]; return true;
  case Pt2eArrayI16: *v = ((const int16_t *)a->data)[i]; return true;
  case Pt2eArrayI32: *v = ((const int32_t *)a->data)[i]; return true;
  case Pt2eArrayI64: *v = ((const int64_t *)a->data)[i]; return true;
  default: return false;
  }
}

static bool isInteger(Pt2eArrayDType t) {
  return t == Pt2eArrayI8 || t == Pt2eArrayU8 || t == Pt2eArrayI16 ||
         t == Pt2eArrayI32 || t == Pt2eArrayI64;
}

static bool sameShape(const Pt2eArray *a, const Pt2eArray *b) {
  if (a->rank != b->rank)
    return false;
  for (int d = 0; d < a->rank; d++)
    if (a->shape[d] != b->shape[d])
      return false;
  return true;
}

static void printShape(FILE *to, const Pt2eArray *a) {
  fputc('[', to);
  for (int d = 0; d < a->rank; d++)
    fprintf(to, "%s%" PRId64, d ? ", " : "", a->shape[d]);
  fputc(']', to);
}

/*
** Replaces the float32 array '*a' of dequantized values by the int64 array
** of their quantized values; false (with a message, '*a' kept) when an
** element is not (q - zp) * scale for an integer q.
*/
static bool requantize(const char *path, Pt2eArray *a, double scale, int64_t zp) {
  Pt2eArray q;
  if (!pt2eArrayInit(&q, Pt2eArrayI64, a->rank, a->shape)) {
    fprintf(stderr, "int-npy-diff: out of memory\n");
    return false;
  }
  int64_t n = pt2eArrayNumel(a);
  const float *x = a->data;
  int64_t *v = q.data;
  for (int64_t i = 0; i < n; i++) {
    double r = nearbyint((double)x[i] / scale);
    if (!(fabs(r) < 1e15) || (float)((float)r * (float)scale) != x[i]) {
      fprintf(stderr, "int-npy-diff: %s: element %" PRId64 " (%.9g) is not a multiple of the scale %.17g\n",
              path, i, (double)x[i], scale);
      pt2eArrayFree(&q);
      return false;
    }
    v[i] = (int64_t)r + zp;
  }
  pt2eArrayFree(a);
  *a = q;
  return true;
}

/* Loads 'path' and checks it holds integers; prints why not and returns false. */
static bool loadIntegers(const char *path, Pt2eArray *a) {
  char err[512];
  if (!pt2eNpyRead(path, Pt2eNpyKeep, a, err, sizeof err)) {
    fprintf(stderr, "int-npy-diff: %s\n", err);
    return false;
  }
  if (!isInteger(a->dtype)) {
    fprintf(stderr, "int-npy-diff: %s: dtype '%s' is not an integer type\n", path,
            pt2eArrayDTypeName(a->dtype));
    pt2eArrayFree(a);
    return false;
  }
  return true;
}

/* "SCALE:ZP", SCALE finite and positive. */
static bool parseDequantized(const char *text, double *scale, int64_t *zp) {
  char *end;
  errno = 0;
  *scale = strtod(text, &end);
  if (errno || end == text || *end != ':' || !(*scale > 0) || !isfinite(*scale))
    return false;
  const char *z = end + 1;
  long long v = strtoll(z, &end, 10);
  if (errno || end == z || *end)
    return false;
  *zp = v;
  return true;
}

static bool parseMaxDiff(const char *text, int64_t *out) {
  char *end;
  errno = 0;
  long long v = strtoll(text, &end, 10);
  if (errno || end == text || *end || v < 0)
    return false;
  *out = v;
  return true;
}

/* What differs between two arrays of one shape. */
typedef struct Diff {
  int64_t n, differing, byOne, byMore;
  uint64_t worst;                /* the largest |reference - other| */
  int64_t listed[MaxListed][3];  /* index, reference, other */
  int numListed;
} Diff;

static void countDifferences(const Pt2eArray *ref, const Pt2eArray *other, Diff *diff) {
  memset(diff, 0, sizeof *diff);
  diff->n = pt2eArrayNumel(ref);
  for (int64_t i = 0; i < diff->n; i++) {
    int64_t r, o;
    elementAt(ref, i, &r);
    elementAt(other, i, &o);
    if (r == o)
      continue;
    /* both values fit in 64 bits but their difference may not: unsigned */
    uint64_t d = r > o ? (uint64_t)r - (uint64_t)o : (uint64_t)o - (uint64_t)r;
    diff->differing++;
    if (d == 1)
      diff->byOne++;
    else
      diff->byMore++;
    if (d > diff->worst)
      diff->worst = d;
    if (diff->numListed < MaxListed) {
      diff->listed[diff->numListed][0] = i;
      diff->listed[diff->numListed][1] = r;
      diff->listed[diff->numListed][2] = o;
      diff->numListed++;
    }
  }
}

/* Compares and prints; returns the exit status. */
static int compare(const char *refPath, const char *otherPath, const Pt2eArray *ref,
                   const Pt2eArray *other, int64_t maxDiff) {
  if (!sameShape(ref, other)) {
    fprintf(stderr, "int-npy-diff: shapes differ: %s is ", refPath);
    printShape(stderr, ref);
    fprintf(stderr, ", %s is ", otherPath);
    printShape(stderr, other);
    fputc('\n', stderr);
    return 2;
  }
  Diff d;
  countDifferences(ref, other, &d);
  printf("elements=%" PRId64 " differing=%" PRId64 " max_abs_diff=%" PRIu64
         " diff_1=%" PRId64 " diff_more=%" PRId64 "\n",
         d.n, d.differing, d.worst, d.byOne, d.byMore);
  for (int k = 0; k < d.numListed; k++)
    printf("  at %" PRId64 ": reference %" PRId64 ", other %" PRId64 "\n", d.listed[k][0],
           d.listed[k][1], d.listed[k][2]);
  if (d.worst > (uint64_t)maxDiff) {
    fprintf(stderr, "int-npy-diff: %s against %s: max_abs_diff %" PRIu64
            " exceeds %" PRId64 "\n", otherPath, refPath, d.worst, maxDiff);
    return 1;
  }
  return 0;
}

typedef struct DiffOptions {
  int64_t maxDiff, zp;
  double scale;
  bool dequantized; /* OTHER holds float32 (q - zp) * scale */
  const char *paths[2];
} DiffOptions;

/* -1 to go on, else the exit status (0 after --help, 2 for a bad line). */
static int parseArgs(int argc, char **argv, DiffOptions *o) {
  memset(o, 0, sizeof *o);
  int numPaths = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      usage(stdout);
      return 0;
    }
    if (strncmp(a, "--max-diff=", 11) == 0) {
      if (!parseMaxDiff(a + 11, &o->maxDiff)) {
        fprintf(stderr, "int-npy-diff: '--max-diff' takes a non-negative integer, got '%s'\n",
                a + 11);
        return 2;
      }
    } else if (strncmp(a, "--dequantized=", 14) == 0) {
      if (!parseDequantized(a + 14, &o->scale, &o->zp)) {
        fprintf(stderr, "int-npy-diff: '--dequantized' takes SCALE:ZP (a positive scale, an "
                        "integer zero point), got '%s'\n", a + 14);
        return 2;
      }
      o->dequantized = true;
    } else if (a[0] == '-' && a[1] == '-') {
      fprintf(stderr, "int-npy-diff: unknown option '%s'\n", a);
      usage(stderr);
      return 2;
    } else if (numPaths < 2) {
      o->paths[numPaths++] = a;
    } else {
      usage(stderr);
      return 2;
    }
  }
  if (numPaths != 2) {
    usage(stderr);
    return 2;
  }
  return -1;
}

/* OTHER as integers: as it is, or requantized from --dequantized's floats;
** false with a message ('*a' then holds nothing). */
static bool loadOther(const DiffOptions *o, Pt2eArray *a) {
  if (!o->dequantized)
    return loadIntegers(o->paths[1], a);
  char err[512];
  if (!pt2eNpyRead(o->paths[1], Pt2eNpyKeep, a, err, sizeof err)) {
    fprintf(stderr, "int-npy-diff: %s\n", err);
    return false;
  }
  if (a->dtype != Pt2eArrayF32) {
    fprintf(stderr, "int-npy-diff: %s: --dequantized wants float32, got '%s'\n", o->paths[1],
            pt2eArrayDTypeName(a->dtype));
    pt2eArrayFree(a);
    return false;
  }
  if (!requantize(o->paths[1], a, o->scale, o->zp)) {
    pt2eArrayFree(a);
    return false;
  }
  return true;
}

int main(int argc, char **argv) {
  DiffOptions opt;
  int parsed = parseArgs(argc, argv, &opt);
  if (parsed >= 0)
    return parsed;
  Pt2eArray ref, other;
  memset(&ref, 0, sizeof ref);
  memset(&other, 0, sizeof other);
  if (!loadIntegers(opt.paths[0], &ref))
    return 2;
  if (!loadOther(&opt, &other)) {
    pt2eArrayFree(&ref);
    return 2;
  }
  int status = compare(opt.paths[0], opt.paths[1], &ref, &other, opt.maxDiff);
  pt2eArrayFree(&ref);
  pt2eArrayFree(&other);
  return status;
}
