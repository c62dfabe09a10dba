/*
** lq_dynamic.h
** pt2e-lower-quant's lowering of one pt2e.dynamic_qdq (lq_dynamic.c).
*/
#ifndef PT2E_LQ_DYNAMIC_H
#define PT2E_LQ_DYNAMIC_H

#include "mlir-c/IR.h"

#include "quant_spec.h"

/*
** Replaces the pt2e.dynamic_qdq 'op' of spec 'q' (checked: a dynamic
** per-tensor or per-group spec on a static f32 tensor) by the linalg ops
** that choose its qparams and quantize-dequantize, and destroys it.
*/
void lqLowerDynamic(MlirOperation op, const Pt2eQuantSpec *q);

#endif
