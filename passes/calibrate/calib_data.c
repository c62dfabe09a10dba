/*
** calib_data.c
** Calibration batches for pt2e-calibrate: from a .npz (arrays arg0, arg1,
** ... with a leading batch dimension), a .npy (one-argument functions), or
** seeded synthetic standard-normal data.
**
** Every array is checked against its argument from its header alone, before
** the reader allocates or inflates its elements, and its size against
** max-entry-mb: "calib.npz: array 'arg0' for argument #0: expected shape
** (B, 4, 3, 16, 16) of '<f4' (...), found shape (8, 3, 16, 16) of '<f8'".
** The synthetic data is NOT torch.randn: it is a splitmix64 stream turned
** into normals by Box-Muller in double, then rounded to float32, chosen to
** be simple and identical on every machine. Integer arguments (token ids,
** attention masks) take uniform integers in a range of their own
** (random-int-range=), from the same stream by rejection, so unbiased.
*/
#include "calib_data.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlir-c/BuiltinAttributes.h"

#include "npy.h"
#include "pt2e_checked.h"
#include "pt2e_support.h"

/* An integer argument's synthetic values: [lo, hi). */
typedef struct IntRange {
  bool set;
  int64_t lo, hi;
} IntRange;

struct Pt2eCalibData {
  int numArgs;
  IntRange *ranges;     /* synthetic data: one per argument */
  int64_t numBatches;
  Pt2eArray *arrays;    /* file data: one array per argument, or none */
  Pt2eTensor **current; /* the batch handed out last */
  uint64_t seed;        /* synthetic data */
  const Pt2eInterp *interp;
};

static bool arrayDTypeOf(Pt2eElemType t, Pt2eArrayDType *out) {
  switch (t) {
  case Pt2eElemF32: *out = Pt2eArrayF32; return true;
  case Pt2eElemF64: *out = Pt2eArrayF64; return true;
  case Pt2eElemI1: *out = Pt2eArrayBool; return true;
  case Pt2eElemI8: *out = Pt2eArrayI8; return true;
  case Pt2eElemI16: *out = Pt2eArrayI16; return true;
  case Pt2eElemI32: *out = Pt2eArrayI32; return true;
  case Pt2eElemI64: *out = Pt2eArrayI64; return true;
  case Pt2eElemI4: return false; /* no .npy dtype */
  }
  return false;
}

/* The argument's tensor shape and element type ('rank' -1: not a tensor). */
static bool argShape(const Pt2eInterp *interp, int i, Pt2eElemType *type,
                     int *rank, int64_t *shape) {
  MlirType t = pt2eInterpArgType(interp, i);
  if (!mlirTypeIsARankedTensor(t) || !mlirShapedTypeHasStaticShape(t))
    return false;
  *rank = (int)mlirShapedTypeGetRank(t);
  for (int d = 0; d < *rank; d++)
    shape[d] = mlirShapedTypeGetDimSize(t, d);
  return pt2eElemTypeFromMlir(mlirShapedTypeGetElementType(t), type);
}

static void formatShape(char *buf, size_t size, int rank, const int64_t *shape,
                        bool batchFirst) {
  size_t n = (size_t)snprintf(buf, size, "(%s", batchFirst ? "B" : "");
  for (int d = 0; d < rank && n < size; d++)
    n += (size_t)snprintf(buf + n, size - n, "%s%lld",
                          (d || batchFirst) ? ", " : "", (long long)shape[d]);
  if (n < size)
    snprintf(buf + n, size - n, "%s)", rank == 1 && !batchFirst ? "," : "");
}

/*
** Checks 'a' (an array's header: shape and dtype, no data needed) against
** argument 'i'; sets or checks the batch count. False with the reason in
** 'err'.
*/
static bool checkArray(Pt2eCalibData *d, const char *file, const char *name,
                       const Pt2eArray *a, int i, char *err, size_t errSize) {
  Pt2eElemType et;
  int rank;
  int64_t shape[PT2E_MAX_RANK];
  Pt2eArrayDType want;
  if (!argShape(d->interp, i, &et, &rank, shape) || !arrayDTypeOf(et, &want)) {
    snprintf(err, errSize, "%s: argument #%d is not a static tensor the "
             "interpreter can feed", file, i);
    return false;
  }
  bool ok = a->dtype == want && a->rank == rank + 1 && a->rank <= PT2E_MAX_RANK;
  for (int k = 0; ok && k < rank; k++)
    ok = a->shape[k + 1] == shape[k];
  if (!ok) {
    char exp[160], got[160];
    formatShape(exp, sizeof exp, rank, shape, true);
    formatShape(got, sizeof got, a->rank, a->shape, false);
    snprintf(err, errSize,
             "%s: array '%s' for argument #%d: expected shape %s of '%s' (a "
             "leading batch dimension, then the argument's shape), found "
             "shape %s of '%s'", file, name, i, exp, pt2eArrayDTypeName(want),
             got, pt2eArrayDTypeName(a->dtype));
    return false;
  }
  if (i > 0 && a->shape[0] != d->numBatches) {
    snprintf(err, errSize, "%s: array '%s' has %lld batches but 'arg0' has "
             "%lld", file, name, (long long)a->shape[0],
             (long long)d->numBatches);
    return false;
  }
  d->numBatches = a->shape[0];
  return true;
}

/* The array being loaded, for acceptHeader. */
typedef struct Expected {
  Pt2eCalibData *data;
  const char *file, *name;
  int arg;
} Expected;

/*
** Pt2eArrayCheck's 'accept': the shape is checked from the header, before
** the reader allocates or inflates anything, so a small file that declares
** a wrong shape costs nothing.
*/
static bool acceptHeader(void *userData, const Pt2eArray *header, char *err,
                         size_t errSize) {
  const Expected *x = userData;
  return checkArray(x->data, x->file, x->name, header, x->arg, err, errSize);
}

/* Loads array 'name' (argument 'i') from 'npz', or from the .npy 'path'
** when 'npz' is NULL, checked against the argument before its elements. */
static bool loadArg(Pt2eCalibData *d, const char *path, Pt2eNpz *npz,
                    const char *name, int i, int64_t maxEntryMb, char *err,
                    size_t errSize) {
  Expected x = {d, path, name, i};
  Pt2eArrayCheck check = {maxEntryMb, "max-entry-mb", acceptHeader, &x};
  if (npz)
    return pt2eNpzLoadChecked(npz, name, Pt2eNpyKeep, &check, &d->arrays[i],
                              err, errSize);
  return pt2eNpyReadChecked(path, Pt2eNpyKeep, &check, &d->arrays[i], err,
                            errSize);
}

static Pt2eCalibData *create(const Pt2eInterp *interp, MlirLocation loc) {
  Pt2eCalibData *d = pt2eAlloc(sizeof *d);
  int n = pt2eInterpNumArgs(interp);
  if (d) {
    d->interp = interp;
    d->numArgs = n;
    d->current = pt2eAlloc((size_t)(n + 1) * sizeof *d->current);
  }
  if (!d || !d->current) {
    pt2eCalibDataClose(d);
    pt2eOutOfMemory(loc, "'pt2e-calibrate'");
    return NULL;
  }
  return d;
}

static bool endsWith(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* Every argument's array, arg0, arg1, ..., from the .npz at 'path';
   false (reported at 'loc') when one is missing or does not fit. */
static bool loadNpz(Pt2eCalibData *d, const char *path, int64_t maxEntryMb,
                    MlirLocation loc) {
  char err[1024];
  Pt2eNpz *npz = pt2eNpzOpen(path, err, sizeof err);
  bool ok = npz != NULL;
  if (!ok)
    pt2eEmitError(loc, "%s", err);
  for (int i = 0; ok && i < d->numArgs; i++) {
    char name[32];
    snprintf(name, sizeof name, "arg%d", i);
    if (!loadArg(d, path, npz, name, i, maxEntryMb, err, sizeof err)) {
      pt2eEmitError(loc, "%s", err);
      ok = false;
    }
  }
  pt2eNpzClose(npz);
  return ok;
}

Pt2eCalibData *pt2eCalibDataOpen(const Pt2eInterp *interp, const char *path,
                                 int64_t maxEntryMb, MlirLocation loc) {
  if (maxEntryMb <= 0) {
    pt2eEmitError(loc, "'pt2e-calibrate': max-entry-mb must be positive "
                       "(got %lld)", (long long)maxEntryMb);
    return NULL;
  }
  Pt2eCalibData *d = create(interp, loc);
  if (!d)
    return NULL;
  d->arrays = pt2eAlloc((size_t)(d->numArgs + 1) * sizeof *d->arrays);
  char err[1024];
  bool ok = d->arrays != NULL;
  if (!ok)
    pt2eOutOfMemory(loc, "'pt2e-calibrate'");
  if (ok && endsWith(path, ".npy")) {
    if (d->numArgs != 1) {
      pt2eEmitError(loc, "%s: a .npy file feeds a one-argument function; "
                         "this one has %d arguments (use a .npz with arrays "
                         "arg0, arg1, ...)", path, d->numArgs);
      ok = false;
    } else if (!loadArg(d, path, NULL, "(the .npy)", 0, maxEntryMb, err,
                        sizeof err)) {
      pt2eEmitError(loc, "%s", err);
      ok = false;
    }
  } else if (ok) {
    ok = loadNpz(d, path, maxEntryMb, loc);
  }
  if (ok && d->numBatches == 0) {
    pt2eEmitError(loc, "%s: the arrays hold zero batches", path);
    ok = false;
  }
  if (!ok) {
    pt2eCalibDataClose(d);
    return NULL;
  }
  return d;
}

/* The values an integer element type holds; false for float types (and
   i4, which has no synthetic data). */
static bool intBounds(Pt2eElemType t, int64_t *min, int64_t *max) {
  switch (t) {
  case Pt2eElemI1: *min = 0; *max = 1; return true;
  case Pt2eElemI8: *min = INT8_MIN; *max = INT8_MAX; return true;
  case Pt2eElemI16: *min = INT16_MIN; *max = INT16_MAX; return true;
  case Pt2eElemI32: *min = INT32_MIN; *max = INT32_MAX; return true;
  case Pt2eElemI64: *min = INT64_MIN; *max = INT64_MAX; return true;
  default: return false;
  }
}

/* One integer of 'text' (all of it): false on anything else. */
static bool parseInt64(const char *text, int64_t *out) {
  if (!*text)
    return false;
  char *end;
  errno = 0;
  long long v = strtoll(text, &end, 10);
  if (errno || *end)
    return false;
  *out = v;
  return true;
}

/*
** One random-int-range= entry: "LO:HI" ('*arg' -1) or "argK:LO:HI", LO < HI.
** False on anything else.
*/
static bool parseRangeEntry(MlirStringRef e, int64_t *arg, int64_t *lo, int64_t *hi) {
  char buf[128];
  if (e.length == 0 || e.length >= sizeof buf)
    return false;
  memcpy(buf, e.data, e.length);
  buf[e.length] = 0;
  char *text = buf;
  *arg = -1;
  if (strncmp(text, "arg", 3) == 0) {
    char *colon = strchr(text, ':');
    if (!colon)
      return false;
    *colon = 0;
    if (!parseInt64(text + 3, arg) || *arg < 0)
      return false;
    text = colon + 1;
  }
  char *colon = strchr(text, ':');
  if (!colon)
    return false;
  *colon = 0;
  return parseInt64(text, lo) && parseInt64(colon + 1, hi) && *lo < *hi;
}

/* The element type of argument 'i' as text, for errors. */
static void argTypeText(const Pt2eInterp *interp, int i, char *buf, size_t size) {
  if (!pt2eAttrToText(mlirTypeAttrGet(pt2eInterpArgType(interp, i)), buf, size))
    snprintf(buf, size, "...");
}

/*
** Gives every argument of 'd' its synthetic data: f32 ones none (standard
** normal), integer ones their range. False (reported at 'loc') on a bad
** entry, an argument without data, a range on a float argument, one that
** does not fit.
*/
static bool assignRanges(Pt2eCalibData *d, const MlirStringRef *entries, size_t n,
                         MlirLocation loc) {
  IntRange every = {false, 0, 0};
  char type[128];
  for (size_t k = 0; k < n; k++) {
    int64_t arg, lo, hi;
    MlirStringRef e = entries[k];
    if (!parseRangeEntry(e, &arg, &lo, &hi)) {
      pt2eEmitError(loc, "'pt2e-calibrate': random-int-range entry '%.*s' is "
                         "not LO:HI or argK:LO:HI with integers LO < HI (the "
                         "values drawn are LO, ..., HI - 1)", (int)e.length, e.data);
      return false;
    }
    if (arg >= d->numArgs) {
      pt2eEmitError(loc, "'pt2e-calibrate': random-int-range entry '%.*s': the "
                         "function has %d argument%s", (int)e.length, e.data,
                    d->numArgs, d->numArgs == 1 ? "" : "s");
      return false;
    }
    IntRange *r = arg < 0 ? &every : &d->ranges[arg];
    if (r->set) {
      pt2eEmitError(loc, "'pt2e-calibrate': random-int-range entry '%.*s': %s "
                         "already has a range", (int)e.length, e.data,
                    arg < 0 ? "every integer argument" : "this argument");
      return false;
    }
    *r = (IntRange){true, lo, hi};
  }
  bool anyInt = false;
  for (int i = 0; i < d->numArgs; i++) {
    Pt2eElemType et;
    int rank;
    int64_t shape[PT2E_MAX_RANK], min, max;
    IntRange *r = &d->ranges[i];
    bool shaped = argShape(d->interp, i, &et, &rank, shape);
    argTypeText(d->interp, i, type, sizeof type);
    if (shaped && et == Pt2eElemF32) {
      if (r->set) {
        pt2eEmitError(loc, "'pt2e-calibrate': random-int-range gives argument #%d "
                           "(%s) an integer range: it is float32 and takes "
                           "standard-normal data; ranges are for integer "
                           "arguments", i, type);
        return false;
      }
      continue;
    }
    if (!shaped || !intBounds(et, &min, &max)) {
      pt2eEmitError(loc, "'pt2e-calibrate': random-batches: argument #%d (%s) is "
                         "neither a static f32 tensor nor a static integer one; "
                         "give data=<file.npz> instead", i, type);
      return false;
    }
    anyInt = true;
    if (!r->set)
      *r = every;
    if (!r->set) {
      pt2eEmitError(loc, "'pt2e-calibrate': random-batches: argument #%d is %s: "
                         "synthetic data for an integer argument needs its "
                         "range, random-int-range=LO:HI (or arg%d:LO:HI; token "
                         "ids: 0:VOCAB, an all-ones mask: 1:2), or give real "
                         "inputs with data=<file.npz>", i, type, i);
      return false;
    }
    if (r->lo < min || r->hi - 1 > max) {
      pt2eEmitError(loc, "'pt2e-calibrate': random-int-range %lld:%lld for argument "
                         "#%d: values %lld to %lld do not fit its type %s",
                    (long long)r->lo, (long long)r->hi, i, (long long)r->lo,
                    (long long)(r->hi - 1), type);
      return false;
    }
  }
  if (every.set && !anyInt) {
    pt2eEmitError(loc, "'pt2e-calibrate': random-int-range=%lld:%lld, but no "
                       "argument of the function is an integer tensor",
                  (long long)every.lo, (long long)every.hi);
    return false;
  }
  return true;
}

Pt2eCalibData *pt2eCalibDataRandom(const Pt2eInterp *interp, int64_t batches,
                                   uint64_t seed, const MlirStringRef *intRanges,
                                   size_t numIntRanges, MlirLocation loc) {
  Pt2eCalibData *d = create(interp, loc);
  if (!d)
    return NULL;
  d->ranges = pt2eAlloc((size_t)(d->numArgs + 1) * sizeof *d->ranges);
  if (!d->ranges) {
    pt2eOutOfMemory(loc, "'pt2e-calibrate'");
    pt2eCalibDataClose(d);
    return NULL;
  }
  if (!assignRanges(d, intRanges, numIntRanges, loc)) {
    pt2eCalibDataClose(d);
    return NULL;
  }
  d->numBatches = batches;
  d->seed = seed;
  return d;
}

int64_t pt2eCalibDataNumBatches(const Pt2eCalibData *d) {
  return d ? d->numBatches : 0;
}

/* splitmix64: a small, well-mixed 64-bit generator. */
static uint64_t nextRandom(uint64_t *s) {
  uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/* Uniform in (0, 1], from the top 53 bits. */
static double uniform(uint64_t *s) {
  return ((double)(nextRandom(s) >> 11) + 1.0) / 9007199254740992.0;
}

static void fillNormal(float *x, int64_t n, uint64_t *s) {
  for (int64_t i = 0; i < n; i += 2) {
    double r = sqrt(-2.0 * log(uniform(s)));
    double t = 6.283185307179586 * uniform(s);
    x[i] = (float)(r * cos(t));
    if (i + 1 < n)
      x[i + 1] = (float)(r * sin(t));
  }
}

/* Uniform in [lo, hi): by rejection, so that no value is favoured when
   the span does not divide 2^64. */
static int64_t uniformInt(uint64_t *s, int64_t lo, int64_t hi) {
  uint64_t span = (uint64_t)hi - (uint64_t)lo;
  uint64_t threshold = (0 - span) % span; /* 2^64 mod span */
  uint64_t r;
  do
    r = nextRandom(s);
  while (r < threshold);
  return (int64_t)((uint64_t)lo + r % span);
}

static void fillInts(Pt2eTensor *t, IntRange r, uint64_t *s) {
  for (int64_t i = 0; i < t->numel; i++) {
    int64_t v = uniformInt(s, r.lo, r.hi);
    switch (t->type) {
    case Pt2eElemI1: ((uint8_t *)t->data)[i] = (uint8_t)v; break;
    case Pt2eElemI8: ((int8_t *)t->data)[i] = (int8_t)v; break;
    case Pt2eElemI16: ((int16_t *)t->data)[i] = (int16_t)v; break;
    case Pt2eElemI32: ((int32_t *)t->data)[i] = (int32_t)v; break;
    default: ((int64_t *)t->data)[i] = v; break;
    }
  }
}

static void releaseCurrent(Pt2eCalibData *d) {
  for (int i = 0; i < d->numArgs; i++) {
    pt2eTensorRelease(d->current[i]);
    d->current[i] = NULL;
  }
}

Pt2eTensor *const *pt2eCalibDataBatch(Pt2eCalibData *d, int64_t b,
                                      MlirLocation loc) {
  releaseCurrent(d);
  for (int i = 0; i < d->numArgs; i++) {
    Pt2eElemType et = Pt2eElemF32;
    int rank = 0;
    int64_t shape[PT2E_MAX_RANK];
    /* checked when the data was opened */
    (void)argShape(d->interp, i, &et, &rank, shape);
    Pt2eTensor *t = pt2eTensorCreate(et, rank, shape);
    if (!t) {
      releaseCurrent(d);
      pt2eOutOfMemory(loc, "'pt2e-calibrate'");
      return NULL;
    }
    if (d->arrays) {
      /* checkArray made the array numBatches such tensors; this is cheap */
      const Pt2eArray *a = &d->arrays[i];
      size_t bytes, offset;
      if (!pt2eCheckedBytes(t->numel, pt2eElemSize(et), &bytes) ||
          !pt2eCheckedBytes(b, bytes, &offset) || offset > a->nbytes ||
          bytes > a->nbytes - offset) {
        pt2eTensorRelease(t);
        releaseCurrent(d);
        pt2eEmitError(loc, "'pt2e-calibrate': batch %lld is outside the "
                           "data", (long long)b);
        return NULL;
      }
      if (bytes > 0) /* an empty array's data is NULL */
        memcpy(t->data, (const char *)a->data + offset, bytes);
    } else {
      /* one stream per (seed, batch, argument), so batches are independent */
      uint64_t s = d->seed * 0x100000001b3ULL + (uint64_t)b * 1000003u + (uint64_t)i;
      if (d->ranges[i].set)
        fillInts(t, d->ranges[i], &s);
      else
        fillNormal(t->data, t->numel, &s);
    }
    d->current[i] = t;
  }
  return d->current;
}

void pt2eCalibDataClose(Pt2eCalibData *d) {
  if (!d)
    return;
  if (d->current)
    releaseCurrent(d);
  pt2eFree(d->current);
  pt2eFree(d->ranges);
  if (d->arrays)
    for (int i = 0; i < d->numArgs; i++)
      pt2eArrayFree(&d->arrays[i]);
  pt2eFree(d->arrays);
  pt2eFree(d);
}
