/*
** registry.c
** The list of every pass of pt2e-mlir, read by the plugin and pt2e-opt.
*/
#include "pt2e_passes.h"

static const Pt2ePassDecl *const allPasses[] = {
    &pt2eTogglePass,
    &pt2ePreparePass,
    &pt2eCalibratePass,
    &pt2eMergePass,
    &pt2eReportPass,
    &pt2eFoldBatchNormPass,
    &pt2eAnnotatePass,
    &pt2eConvertPass,
    &pt2eLowerQuantPass,
    &pt2eLowerInt8Pass,
};

const Pt2ePassDecl *const *pt2eGetPassDecls(size_t *count) {
  *count = sizeof allPasses / sizeof *allPasses;
  return allPasses;
}
