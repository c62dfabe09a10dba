/*
** convert_zero.h
** The float zero points of a per_group_float_zero weight (torchao's
** tinygemm int4, ZeroPointDomain.FLOAT) after its sub-channel dcast:
** the dcast gives f((q - mid) * scale) with integer zero point 0, the
** first step of torchao's _dequantize_affine_tinygemm; this adds each
** group's float zero, its second step, as plain linalg:
**
**   %e = tensor.expand_shape %w  (axis -> (groups, group))
**   %z = arith.constant dense<zeros> (the scales' shape)
**   %s = linalg.generic ins(%e, %z) outs(tensor.empty)  { addf }
**          {pt2e.float_zero_point}
**          (z indexed by every loop but the group's: no floordiv map,
**           which the interpreter does not take)
**   %r = tensor.collapse_shape %s  (back to the weight's shape)
*/
#ifndef PT2E_CONVERT_ZERO_H
#define PT2E_CONVERT_ZERO_H

#include <stdint.h>

#include "mlir-c/IR.h"

/* The unit attribute on that linalg.generic: pt2e-report reads the zeros
** of a scast's row from the generic its dcast feeds (report_rows.c). */
#define PT2E_FLOAT_ZERO_ATTR "pt2e.float_zero_point"

/*
** Builds the ops above before 'anchor' on 'w' (a static f32 tensor of at
** most 'maxRank' dims) grouped along 'axis' in groups of 'groupSize'
** (which divides it), with 'zeros' one per group (row-major over the
** shape with the axis divided by the group size, groups.h's order).
** Returns the collapsed result.
*/
MlirValue pt2eConvertAddGroupZeros(MlirOperation anchor, MlirValue w,
                                   int64_t axis, int64_t groupSize,
                                   const float *zeros);

/*
** The readers' side (pt2e-report, pt2e-numeric-debug): the zeros of a
** per_group_float_zero weight's quant.scast 'scast', found as
** scast -> dcast -> tensor.expand_shape -> the tagged linalg.generic, each
** the only user of the one before, whose second input is an arith.constant
** of 'n' f32 zeros; null for any other scast. '*collapse' (may be NULL)
** receives the tensor.collapse_shape after the generic: the weight's value.
*/
MlirAttribute pt2eConvertFloatZerosAfter(MlirOperation scast, intptr_t n,
                                         MlirOperation *collapse);

#endif /* PT2E_CONVERT_ZERO_H */
