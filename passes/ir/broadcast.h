/*
** broadcast.h
** What upstream ops broadcast and overwrite, read through the C API
** (broadcast.c): the source a pure broadcast reads, and whether a linalg op
** writes an init whole without reading what it held. The interpreter reads
** through such broadcasts (its kernels, its loop nest, its observers) and
** leaves such inits unzeroed.
*/
#ifndef PT2E_IR_BROADCAST_H
#define PT2E_IR_BROADCAST_H

#include <stdbool.h>

#include "mlir-c/IR.h"

/*
** The source of 'v' when a pure broadcast made it, or a null value: a
** linalg.broadcast, or a linalg.generic with parallel loops (at least one)
** whose body yields its one input, through a map of distinct bare
** dimensions, into an identity output (torch-mlir's bias of a linear or a
** convolution). dimOf[s] is the dimension of v that the source's dimension
** s runs along; *srcRank is the source's rank. dimOf needs room for
** PT2E_MAX_RANK entries; a 'v' of a larger rank has no source.
*/
MlirValue pt2eBroadcastSource(MlirValue v, int *dimOf, int *srcRank);

/*
** True when the linalg op 'user' writes every element of its operand
** 'operand' without reading what it held: the operand is an init of a
** linalg.fill, linalg.transpose, linalg.broadcast or linalg.copy, or of a
** linalg.generic whose loops are all parallel (at least one), whose map for
** it is a permutation and whose body never reads its block argument. A
** tensor.empty that only such ops read need not be zeroed.
*/
bool pt2eOverwritesOperand(MlirOperation user, int operand);

#endif /* PT2E_IR_BROADCAST_H */
