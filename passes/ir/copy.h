/*
** copy.h
** Ops that only copy elements (copy.c): what a transpose permutes, in any
** of its spellings. linalg.transpose and tosa.transpose name their
** permutation; a linalg.generic whose body yields its input writes it in
** its two indexing maps, and exporters put the permutation on either side
** (linalg.transpose's own generic form permutes the input map; torch-mlir
** before 2024 wrote aten.t with the permutation on the output map).
*/
#ifndef PT2E_IR_COPY_H
#define PT2E_IR_COPY_H

#include <stdbool.h>
#include <stdint.h>

#include "mlir-c/IR.h"

/* A linalg.generic with one input and one init whose body yields the
** input's element: a copy, whatever its maps do. */
bool pt2eCopyIsGeneric(MlirOperation op);

/*
** When 'op' is a transpose (linalg.transpose, tosa.transpose, or a generic
** copy whose maps are each a permutation of all its loops), writes its
** permutation into 'perm' (room for PT2E_MAX_RANK) as linalg.transpose
** does: result dim d is input dim perm[d]; checks it maps the input's
** static shape onto the result's. Returns the rank, or -1 for any other op.
*/
int pt2eCopyTranspose(MlirOperation op, int64_t *perm);

/*
** When 'op' is a broadcast (linalg.broadcast, or a generic copy whose input
** map names some of its loops, each once and in order, and reads its other
** dims, of size 1, at 0; and whose output map is the identity up to unit
** dims), writes for each input dim the result dim it runs along into
** 'outDimOf' (room for PT2E_MAX_RANK; PT2E_STRUCTURED_UNIT, -1, for a
** size-1 dim read at 0) and returns the input's rank; -1 for any other op.
*/
int pt2eCopyBroadcast(MlirOperation op, int *outDimOf);

/*
** The source of the broadcast 'op' (pt2eCopyBroadcast) when it lays
** 'channels' values along the result's dim 'channelDim': one source dim of
** that size runs along it, every other source dim has size 1 (a 1-D
** vector, or StableHLO's [c, 1, 1] read by (d1, 0, 0)). A null value for
** anything else.
*/
MlirValue pt2eCopyChannelSource(MlirOperation op, int channelDim, int64_t channels);

#endif /* PT2E_IR_COPY_H */
