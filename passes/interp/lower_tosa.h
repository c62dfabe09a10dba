/*
** lower_tosa.h
** TOSA in the interpreter (lower_tosa.c): a module with TOSA ops runs as a
** clone lowered by upstream MLIR's own conversions.
*/
#ifndef PT2E_INTERP_LOWER_TOSA_H
#define PT2E_INTERP_LOWER_TOSA_H

#include <stdbool.h>

#include "mlir-c/IR.h"

/* True for an unused tosa.const_shape, which the compiler skips. */
bool pt2eIsDeadShapeOp(MlirOperation op);
/* True when 'module' holds any tosa.* op. */
bool pt2eModuleHasTosa(MlirOperation module);
/*
** A clone of 'module' with TOSA lowered to linalg/arith/tensor; owned by the
** caller (mlirOperationDestroy). Null, with a diagnostic, on failure.
*/
MlirOperation pt2eLowerTosaClone(MlirOperation module);

#endif /* PT2E_INTERP_LOWER_TOSA_H */
