/*
** fold_batchnorm.h
** The BatchNorm fold of pt2e-fold-batchnorm (fold_batchnorm.c), for the
** passes that run it first: pt2e-annotate folds before it annotates, as
** prepare_pt2e's _fuse_conv_bn_ runs before the quantizer annotates.
*/
#ifndef PT2E_FOLD_BATCHNORM_H
#define PT2E_FOLD_BATCHNORM_H

#include <stdbool.h>

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

/*
** Folds every eval-mode BatchNorm after a convolution in 'module' into the
** convolution's weight and bias (qat: the weight prepare_qat_pt2e
** observes). On failure a diagnostic is out and the module is as it was.
** '*numFolded' (may be NULL) gets the number of folds.
*/
MlirLogicalResult pt2eFoldBatchNorm(MlirOperation module, bool qat,
                                    int *numFolded);

#endif /* PT2E_FOLD_BATCHNORM_H */
