/*
** calib_shard.c
** pt2e-calibrate's shard mode: shard=i/n's batch range, and the
** histogram-start prefix (the earlier shards' calibrated modules) from
** which an exact Histogram shard takes its start range.
*/
#include "calib_shard.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "mlir-c/BuiltinAttributes.h"

#include "observers.h"
#include "pt2e_calibrated.h"
#include "pt2e_checked.h"
#include "pt2e_dialect.h"
#include "pt2e_shard.h"
#include "pt2e_support.h"

MlirLogicalResult pt2eCalibShardRange(MlirStringRef text, int64_t total,
                                      MlirLocation loc, int64_t *begin,
                                      int64_t *end) {
  char buf[64];
  long long i = -1, n = -1;
  char tail = 0;
  snprintf(buf, sizeof buf, "%.*s", (int)(text.length < 63 ? text.length : 63),
           text.data);
  if (text.length > 60 || sscanf(buf, "%lld/%lld%c", &i, &n, &tail) != 2 ||
      n < 1 || i < 0 || i >= n)
    return pt2eEmitError(loc, "'pt2e-calibrate': shard=%.*s is not i/n with "
                              "0 <= i < n (shard 0/4 is the first of four)",
                         (int)text.length, text.data);
  int64_t a, b;
  if (!pt2eCheckedMul((int64_t)i, total, &a) ||
      !pt2eCheckedMul((int64_t)i + 1, total, &b))
    return pt2eEmitError(loc, "'pt2e-calibrate': shard=%.*s of %lld batches "
                              "overflows", (int)text.length, text.data,
                         (long long)total);
  *begin = a / n;
  *end = b / n;
  return mlirLogicalResultSuccess();
}

/* {======================================================================
** histogram-start
** ======================================================================= */

typedef struct PrefixFile {
  MlirModule module;
  char path[1024];
  int64_t begin, end;
} PrefixFile;

struct Pt2eShardPrefix {
  PrefixFile *files;
  size_t n;
};

void pt2eShardPrefixClose(Pt2eShardPrefix *p) {
  if (!p)
    return;
  for (size_t i = 0; i < p->n; i++)
    if (!mlirModuleIsNull(p->files[i].module))
      mlirModuleDestroy(p->files[i].module);
  pt2eFree(p->files);
  pt2eFree(p);
}

static int byBegin(const void *a, const void *b) {
  const PrefixFile *x = a, *y = b;
  return (x->begin > y->begin) - (x->begin < y->begin);
}

/* Reads and checks one file's record against this run. */
static MlirLogicalResult openFile(MlirContext ctx, PrefixFile *f,
                                  const char *fingerprint, MlirStringRef source,
                                  MlirStringRef options, MlirLocation loc) {
  f->module = mlirModuleCreateParseFromFile(ctx, mlirStringRefCreateFromCString(f->path));
  if (mlirModuleIsNull(f->module))
    return pt2eEmitError(loc, "'pt2e-calibrate': histogram-start file %s cannot "
                              "be read or parsed", f->path);
  MlirOperation m = mlirModuleGetOperation(f->module);
  Pt2eShardRecord r;
  Pt2eCalibratedError err;
  if (!pt2eShardReadRecord(m, &r, &err))
    return pt2eEmitError(loc, "'pt2e-calibrate': histogram-start file %s: %s",
                         f->path, err.message);
  if (!r.present)
    return pt2eEmitError(loc, "'pt2e-calibrate': histogram-start file %s has no "
                              "'%s' record (calibrate it with shard=i/n)",
                         f->path, PT2E_ATTR_CALIBRATION);
  if (!pt2eStringRefIs(r.fingerprint, fingerprint))
    return pt2eEmitError(loc, "'pt2e-calibrate': histogram-start file %s was "
                              "calibrated from another module (fingerprint "
                              "%.*s, this one %s)", f->path,
                         (int)r.fingerprint.length, r.fingerprint.data, fingerprint);
  if (!mlirStringRefEqual(r.source, source) || !mlirStringRefEqual(r.options, options))
    return pt2eEmitError(loc, "'pt2e-calibrate': histogram-start file %s saw "
                              "other data or options ('%.*s' with '%.*s', "
                              "this run '%.*s' with '%.*s')", f->path,
                         (int)r.source.length, r.source.data,
                         (int)r.options.length, r.options.data,
                         (int)source.length, source.data, (int)options.length,
                         options.data);
  f->begin = r.begin;
  f->end = r.end;
  return mlirLogicalResultSuccess();
}

Pt2eShardPrefix *pt2eShardPrefixOpen(MlirOperation module,
                                     const MlirStringRef *files, size_t n,
                                     const char *fingerprint,
                                     MlirStringRef source,
                                     MlirStringRef options, int64_t begin,
                                     MlirLocation loc) {
  Pt2eShardPrefix *p = pt2eAlloc(sizeof *p);
  if (p)
    p->files = pt2eAlloc((n + 1) * sizeof *p->files);
  if (!p || !p->files) {
    pt2eShardPrefixClose(p);
    pt2eOutOfMemory(loc, "'pt2e-calibrate'");
    return NULL;
  }
  MlirContext ctx = mlirOperationGetContext(module);
  for (size_t i = 0; i < n; i++) {
    PrefixFile *f = &p->files[p->n++];
    snprintf(f->path, sizeof f->path, "%.*s", (int)files[i].length, files[i].data);
    if (mlirLogicalResultIsFailure(openFile(ctx, f, fingerprint, source, options, loc))) {
      pt2eShardPrefixClose(p);
      return NULL;
    }
  }
  qsort(p->files, p->n, sizeof *p->files, byBegin);
  int64_t next = 0;
  for (size_t i = 0; i < p->n; i++) {
    const PrefixFile *f = &p->files[i];
    if (f->begin != next) {
      pt2eEmitError(loc, "'pt2e-calibrate': histogram-start file %s holds "
                         "batches [%lld, %lld), expected batches from %lld on "
                         "(the files must cover [0, %lld) once, without gap "
                         "or overlap)", f->path, (long long)f->begin,
                    (long long)f->end, (long long)next, (long long)begin);
      pt2eShardPrefixClose(p);
      return NULL;
    }
    next = f->end;
  }
  if (next != begin) {
    pt2eEmitError(loc, "'pt2e-calibrate': the histogram-start files cover "
                       "batches [0, %lld), but this shard starts at batch %lld",
                  (long long)next, (long long)begin);
    pt2eShardPrefixClose(p);
    return NULL;
  }
  return p;
}

MlirLogicalResult pt2eShardPrefixRange(const Pt2eShardPrefix *p,
                                       MlirStringRef name,
                                       const Pt2eSpec *spec, MlirLocation loc,
                                       bool *seen, float *lo, float *hi) {
  *seen = false;
  *lo = INFINITY;
  *hi = -INFINITY;
  for (size_t i = 0; i < p->n; i++) {
    MlirOperation found = pt2eShardFindObserver(
        mlirModuleGetOperation(p->files[i].module), name);
    if (mlirOperationIsNull(found))
      return pt2eEmitError(loc, "'pt2e-calibrate': histogram-start file %s has "
                                "no observer '%.*s'", p->files[i].path,
                           (int)name.length, name.data);
    Pt2eCalibratedStats cs;
    Pt2eCalibratedError err;
    if (!pt2eCalibratedReadStats(found, spec, &cs, &err))
      return pt2eCalibratedEmitError(found, "pt2e-calibrate", &err);
    if (!cs.present || cs.numChannels != 1)
      continue; /* that shard saw nothing */
    float a = pt2eCalibratedStatsMin(&cs, 0), b = pt2eCalibratedStatsMax(&cs, 0);
    if (a == INFINITY && b == -INFINITY)
      continue;
    if (!*seen) {
      *lo = a;
      *hi = b;
      *seen = true;
    } else { /* as the observer grows its range: minimum(state, batch) */
      *lo = pt2eObserverMinimumOf(*lo, a);
      *hi = pt2eObserverMaximumOf(*hi, b);
    }
  }
  return mlirLogicalResultSuccess();
}

/* }====================================================================== */
