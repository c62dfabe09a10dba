/*
** calib_shard.h
** pt2e-calibrate's shard mode (see calib_shard.c, docs/sharding.md): which
** batches shard=i/n takes, and, for exact Histogram shards, the range the
** earlier shards left (histogram-start).
*/
#ifndef PT2E_CALIB_SHARD_H
#define PT2E_CALIB_SHARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include "pt2e_spec.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
** Parses "i/n" (0 <= i < n) and gives shard i's batches of 'total':
** [i*total/n, (i+1)*total/n), so that the n shards cover the batches in
** order, each once. Emits at 'loc' and fails otherwise.
*/
MlirLogicalResult pt2eCalibShardRange(MlirStringRef text, int64_t total,
                                      MlirLocation loc, int64_t *begin,
                                      int64_t *end);

/* The calibrated modules of the shards before this one (histogram-start). */
typedef struct Pt2eShardPrefix Pt2eShardPrefix;

/*
** Parses 'files' in the context of 'module' and checks each: a shard
** record (pt2e.calibration) of the same fingerprint, source and options as
** this run, the records together covering batches [0, begin) without gap
** or overlap. Emits at 'loc' naming the file and returns NULL otherwise.
*/
Pt2eShardPrefix *pt2eShardPrefixOpen(MlirOperation module,
                                     const MlirStringRef *files, size_t n,
                                     const char *fingerprint,
                                     MlirStringRef source,
                                     MlirStringRef options, int64_t begin,
                                     MlirLocation loc);

/*
** The range a Histogram observer 'name' (spec 'spec') held after the
** batches of the prefix: its range in each file, joined in batch order as
** the observer grows it. '*seen' false when no file saw a value. Fails
** with a diagnostic at 'loc' when a file lacks the op or its stats.
*/
MlirLogicalResult pt2eShardPrefixRange(const Pt2eShardPrefix *p,
                                       MlirStringRef name,
                                       const Pt2eSpec *spec, MlirLocation loc,
                                       bool *seen, float *lo, float *hi);

/* Frees 'p' and the modules it parsed; NULL is fine. */
void pt2eShardPrefixClose(Pt2eShardPrefix *p);

#ifdef __cplusplus
}
#endif

#endif /* PT2E_CALIB_SHARD_H */
