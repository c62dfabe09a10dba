/*
** pt2e_passes.h
** The passes of pt2e-mlir, each declared in its own file under passes/.
*/
#ifndef PT2E_PASSES_H
#define PT2E_PASSES_H

#include "pt2e_pass.h"

#ifdef __cplusplus
extern "C" {
#endif

extern const Pt2ePassDecl pt2eTogglePass; /* toggle.c */
extern const Pt2ePassDecl pt2ePreparePass;   /* prepare.c */
extern const Pt2ePassDecl pt2eCalibratePass; /* calibrate.c */
extern const Pt2ePassDecl pt2eMergePass;     /* merge.c */
extern const Pt2ePassDecl pt2eReportPass;    /* report.c */
extern const Pt2ePassDecl pt2eFoldBatchNormPass; /* fold_batchnorm.c */
extern const Pt2ePassDecl pt2eAnnotatePass;  /* annotate.c */
extern const Pt2ePassDecl pt2eConvertPass;   /* convert.c */
extern const Pt2ePassDecl pt2eLowerQuantPass; /* lower_quant.c */
extern const Pt2ePassDecl pt2eLowerInt8Pass; /* lower_int8.c */

#ifdef __cplusplus
}
#endif

#endif /* PT2E_PASSES_H */
