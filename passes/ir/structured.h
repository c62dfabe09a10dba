/*
** structured.h
** Linalg structured ops read through the C API (structured.c): indexing
** maps, iterator types and the body of a linalg.generic. Nothing here
** prints an attribute to read it.
*/
#ifndef PT2E_IR_STRUCTURED_H
#define PT2E_IR_STRUCTURED_H

#include <stdbool.h>
#include <stdint.h>

#include "mlir-c/AffineMap.h"
#include "mlir-c/IR.h"

/*
** Indexing map 'k' of a linalg op (the generic's attribute, or the maps a
** named op implies), operands in order: inputs, then inits.
*/
MlirAffineMap pt2eStructuredMap(MlirOperation op, intptr_t k);

/* The number of maps of 'op' (its operands, for a linalg op on tensors). */
intptr_t pt2eStructuredNumMaps(MlirOperation op);

/*
** Counts the loops of a linalg op with an 'iterator_types' attribute
** (linalg.generic, and the ops written in its form) by kind; false, with
** both counts 0, when the op has no such attribute (a named op).
*/
bool pt2eStructuredIterators(MlirOperation op, int *numParallel, int *numReduction);

/* True when 'op' has iterator types and none of them is a reduction (also
** when it has no loops at all). */
bool pt2eStructuredAllParallel(MlirOperation op);

/* True when loop 'd' of 'op' is a reduction (false without iterator types
** or for a 'd' out of range). */
bool pt2eStructuredIsReductionLoop(MlirOperation op, intptr_t d);

/*
** How each result of map 'k' of 'op' reads the loops, into 'dims' (room
** for PT2E_MAX_RANK): the loop it is, or PT2E_STRUCTURED_UNIT for the
** constant 0 on a dim of size 1 of the operand (how some exporters write a
** unit dim, (0, d1, d2, d3)). Returns the number of results, or -1 when a
** result is any other expression or the operand is not a ranked tensor of
** static shape there.
*/
enum { PT2E_STRUCTURED_UNIT = -1 };
int pt2eStructuredMapDims(MlirOperation op, intptr_t k, int *dims);

/*
** The trip count of each loop of 'op' into 'sizes' (room for 'max'), read
** from the operands whose map names the loop as a bare dim; -1 for a loop
** no operand bounds so. Returns the number of loops, or -1 when more than
** 'max'.
*/
int pt2eStructuredLoopSizes(MlirOperation op, int64_t *sizes, int max);

/*
** True when map 'k' of 'op' is the identity on its operand up to unit
** dims: result r is loop r, or the constant 0 where both the operand's
** dim r and loop r have size 1 (it then reads the only element there, as
** the identity would). An exporter may write either; they compute the
** same.
*/
bool pt2eStructuredIsIdentity(MlirOperation op, intptr_t k);

/* The first block of the op's first region: a linalg op's body. */
MlirBlock pt2eStructuredBody(MlirOperation op);

/*
** The ops of the body, its terminator excluded, into 'ops' (room for
** 'max'); their number, or -1 when there are more than 'max'.
*/
int pt2eStructuredBodyOps(MlirOperation op, MlirOperation *ops, int max);

/* The single value the body yields, or a null value. */
MlirValue pt2eStructuredYielded(MlirOperation op);

/* The index of 'v' among the body's arguments, or -1 when 'v' is not one. */
int pt2eStructuredArgIndex(MlirOperation op, MlirValue v);

#endif /* PT2E_IR_STRUCTURED_H */
