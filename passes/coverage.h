/*
** coverage.h
** The coverage record (coverage.c): every op a PT2E quantizer could take
** (a convolution, a matmul or linear, a BatchNorm left unfolded, an add, a
** mul, a cat) that no quantized unit holds carries the attribute
** 'pt2e.unquantized' with its kind and the reason, written by pt2e-annotate
** and read by pt2e-report and pt2e-lower-int8. Never a silent miss: an op
** of such a kind without a known reason says so too.
*/
#ifndef PT2E_COVERAGE_H
#define PT2E_COVERAGE_H

#include <stdbool.h>
#include <stddef.h>

#include "mlir-c/IR.h"

/* The attribute's name. */
#define PT2E_COVERAGE_ATTR "pt2e.unquantized"

/*
** What kind of quantizable compute 'op' is: "conv", "linear" (a
** contraction with a weight), "matmul" (a contraction of two activations),
** "batch_norm" (an eval BatchNorm written as one linalg.generic), "add",
** "mul" or "cat"; NULL for anything else: an op on integers, an op of
** constants only (a parameter's arithmetic, folded away by PT2E), an op
** inside a linalg body.
*/
const char *pt2eCoverageKind(MlirOperation op);

/*
** True when 'op' multiplies an activation by a constant computed through
** an rsqrt: the scale of an eval BatchNorm written as a chain that
** pt2e-fold-batchnorm did not fold (its statistics computed by ops it does
** not evaluate, or no conv or linear before it). Such an op may sit inside
** a quantized unit; the weight its observer sees is then not the folded
** one, so it is a miss as well.
*/
bool pt2eCoverageUnfoldedBatchNorm(MlirOperation op);

/* True when 'op' reads, through at most four ops of one activation each, a
   convolution or contraction: something a BatchNorm could fold into. */
bool pt2eCoverageAfterCore(MlirOperation op);

/*
** Why the op 'op' of kind 'kind' (pt2eCoverageKind) is in no quantized
** unit, read from the IR alone: a non-f32 operand, a weight that is not a
** constant, a matmul of two activations, a BatchNorm that follows no conv
** or linear... Writes into 'buf' (size bytes) when it composes the text;
** never NULL.
*/
const char *pt2eCoverageReason(MlirOperation op, const char *kind, char *buf,
                               size_t size);

/* Writes 'pt2e.unquantized = "<kind>: <reason>"' on 'op'. */
void pt2eCoverageMark(MlirOperation op, const char *kind, const char *reason);

/* The text of op's pt2e.unquantized, or a null string ref. */
MlirStringRef pt2eCoverageGet(MlirOperation op);

/* Prints "<who>: not quantized: '<op>' at <loc>: <text>" on stderr. */
void pt2eCoveragePrint(const char *who, MlirOperation op, MlirStringRef text);

#endif /* PT2E_COVERAGE_H */
