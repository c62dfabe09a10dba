/*
** calib_data.h
** Calibration batches for pt2e-calibrate (see calib_data.c).
*/
#ifndef PT2E_CALIB_DATA_H
#define PT2E_CALIB_DATA_H

#include <stdint.h>

#include "interp.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/IR.h"

typedef struct Pt2eCalibData Pt2eCalibData;

/*
** Opens 'path' (.npz with arrays arg0, arg1, ..., or .npy for a one-argument
** function) and checks every array against the interpreter's arguments,
** from its header, before its elements are read or inflated; no array may
** take more than 'maxEntryMb' MiB (the option max-entry-mb, which the error
** names). Errors are emitted at 'loc' and name the file and the array;
** NULL then.
*/
Pt2eCalibData *pt2eCalibDataOpen(const Pt2eInterp *interp, const char *path,
                                 int64_t maxEntryMb, MlirLocation loc);
/*
** 'batches' batches of seeded synthetic data: standard normal for f32
** arguments, uniform integers in [LO, HI) for integer arguments (token ids,
** masks) given a range by 'intRanges' (the option random-int-range=, one
** entry each: "LO:HI" for every integer argument without its own,
** "argK:LO:HI" for argument K). Every argument must get data; a bad entry,
** a range for a float argument or one that does not fit the argument's
** type is an error at 'loc'.
*/
Pt2eCalibData *pt2eCalibDataRandom(const Pt2eInterp *interp, int64_t batches,
                                   uint64_t seed, const MlirStringRef *intRanges,
                                   size_t numIntRanges, MlirLocation loc);
int64_t pt2eCalibDataNumBatches(const Pt2eCalibData *data);
/*
** The arguments of batch 'b', borrowed until the next call or close; NULL
** (with a diagnostic) when memory runs out.
*/
Pt2eTensor *const *pt2eCalibDataBatch(Pt2eCalibData *data, int64_t b,
                                      MlirLocation loc);
/* Frees 'data'; NULL is fine. */
void pt2eCalibDataClose(Pt2eCalibData *data);

#endif /* PT2E_CALIB_DATA_H */
