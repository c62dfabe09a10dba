/*
** pt2e_shard.h
** What a calibration shard records in the IR, for pt2e-merge: the module's
** calibration record (pt2e.calibration: the batch range, the data source,
** the options that shape the statistics, the fingerprint of the module it
** was calibrated from) and an observer's full merge state (the 'stats'
** dictionary with its shard entries). Read from a file, so checked like
** pt2e_calibrated.h checks the rest; docs/sharding.md has the schema.
*/
#ifndef PT2E_SHARD_H
#define PT2E_SHARD_H

#include <stdbool.h>
#include <stdint.h>

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include "observer_merge.h"
#include "pt2e_calibrated.h"
#include "pt2e_spec.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The module's record; strings borrowed from the context. */
typedef struct Pt2eShardRecord {
  bool present;
  int64_t begin, end;      /* batches [begin, end) */
  int64_t total;           /* of the data's 'total' batches */
  MlirStringRef source;    /* the data file, or "random" */
  MlirStringRef options;   /* "entry=... seed=..." */
  MlirStringRef fingerprint; /* 16 hex digits */
  bool exact;              /* no Histogram was merged approximately */
} Pt2eShardRecord;

/* Reads (and checks) the record of 'module'; present false without one. */
bool pt2eShardReadRecord(MlirOperation module, Pt2eShardRecord *out,
                         Pt2eCalibratedError *err);
/* Writes 'r' as the module's pt2e.calibration. */
void pt2eShardWriteRecord(MlirOperation module, const Pt2eShardRecord *r);

/*
** The fingerprint of 'module' as 16 hex digits (+ NUL) in 'out': FNV-1a 64
** of its text with every calibration result taken out (each pt2e op's
** 'stats', 'scale' and 'zero_point', the module's pt2e.calibration), so
** that a prepared module and every shard calibrated from it agree, and a
** module prepared differently (another spec, op, weight) does not. False
** when memory runs out.
*/
bool pt2eShardFingerprint(MlirOperation module, char out[17]);

/*
** The merge state of observer op 'op' of quantization spec 'spec' into
** 'out' (owned arrays: pt2eShardStatsClear): the stats as
** pt2eCalibratedReadStats checks them, the empty state without any, and
** the shard entries checked against them ('updates' an integer >= 0 with
** first_min / first_max of one value per channel when it is > 0; 'start'
** two values; 'ranges' pairs). A moving average's 'updates' is -1 when its
** stats lack it. False with 'err' filled, or on out of memory ('err' says
** so).
*/
bool pt2eShardReadStats(MlirOperation op, const Pt2eSpec *spec,
                        Pt2eShardStats *out, Pt2eCalibratedError *err);

/* Writes 's' as the op's 'stats', with the shard entries its kind uses. */
void pt2eShardWriteStats(MlirOperation op, const Pt2eSpec *spec,
                         const Pt2eShardStats *s);

/*
** The quant op under 'root' named 'name' that owns its observer (no
** 'instance': the op whose stats a shard carries), or a null op. How a
** merge and an exact-mode start find an observer in another shard's module.
*/
MlirOperation pt2eShardFindObserver(MlirOperation root, MlirStringRef name);

#ifdef __cplusplus
}
#endif

#endif /* PT2E_SHARD_H */
