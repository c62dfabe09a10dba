/*
** lower_int8_read.h
** Reading the Q/DQ model for pt2e-lower-int8 (lower_int8_read.c): the
** quantized types' scales and zero points, values' shapes, weights'
** per-channel scales, conv strides, and the float bodies of linalg.generic
** that make a unit (min/max clamps, broadcast biases). Ops, constants and
** generic bodies themselves are read through passes/ir/ (ir_ops.h,
** constants.h, structured.h). Nothing here creates IR. Above
** lower_int8_state.c (its types), below the TOSA builders and the pass.
*/
#ifndef PT2E_LOWER_INT8_READ_H
#define PT2E_LOWER_INT8_READ_H

#include <stdbool.h>
#include <stdint.h>

#include "mlir-c/IR.h"

#include "lower_int8_state.h"

/* Reads the signed per-tensor uniform quantized element type of
** 'quantTensor' into 'q'; false unless it is one, with 8-bit storage. */
bool li8ReadQType(MlirType quantTensor, Li8QType *q);

/* Rank, shape and element type of a ranked tensor value. */
int li8RankOf(MlirValue v);
void li8ShapeOf(MlirValue v, int64_t *shape);
MlirType li8EltOf(MlirValue v);

/* The quantized value of float 'v' in 'q', clamped to storage. */
int64_t li8QuantBound(double v, const Li8QType *q);

/* Per-channel scales of a W8 for 'channels' output channels along 'axis'. */
double *li8WeightScales(Li8Lower *l, MlirOperation op, const Li8ValueInfo *w, int axis,
                        int64_t channels);

/* 'v' without a multiplication by one: when an elementwise generic of two
** identity-mapped operands made 'v' by multiplying one of them by a splat 1.0 (as
** StableHLO writes addmm's alpha and beta), its other operand; else 'v'. */
MlirValue li8SkipUnitScale(MlirValue v);

/* The bias a TOSA-form add reads in 'v' for the output 'y': a float
** constant of 'channels' values of y's rank, size 1 on every dimension but
** 'channelDim'; else null. */
MlirAttribute li8TosaBiasOperand(MlirValue v, MlirValue y, int channelDim, int64_t channels);

/* The bias a linalg init holds: fill(0) gives none (null, true), a
** linalg.broadcast of a 1-D float constant gives it; else false. */
bool li8InitBias(MlirValue init, int channelDim, int64_t channels, MlirAttribute *bias);

/* A conv's H and W strides and dilations (1 when absent). */
bool li8StrideDilation(MlirOperation op, int64_t *stride, int64_t *dilation);

/* A float that is a scalar constant or a rank-0 constant input of 'op'. */
bool li8ConstOperand(MlirOperation op, MlirValue v, double *out);

/*
** The bias a float operand of an addf holds, along the ACC's float channel
** dimension: a constant [C, 1, 1] read through (d0, d1, d2, d3) -> (d1, 0, 0),
** or a generic broadcasting a 1-D constant. Null when it is neither.
*/
MlirAttribute li8BiasOperand(MlirOperation op, int input, int channelDim, int64_t channels);

#endif
