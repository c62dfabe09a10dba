/*
** linalg_loops.h
** The executor every linalg structured op can run on (linalg_loops.c): the
** generic loop nest over a LinalgPlan, with its block paths, and the
** outputs' initialisation from the op's inits. The kernels fall back to it
** (without fast paths, or on shapes they do not take).
*/
#ifndef PT2E_INTERP_LINALG_LOOPS_H
#define PT2E_INTERP_LINALG_LOOPS_H

#include "linalg_plan.h"

/* Runs the plan in->data with the generic loop nest (or its block paths,
** the same steps per element); an ExecFn. */
MlirLogicalResult pt2eLinalgRunLoops(Exec *ex, const Instr *in);

/*
** Fills 'outs' with the op's result tensors, initialised from its inits
** (operands numIns .. numIns+numOuts-1): an init whose last use this is and
** that nobody else holds is taken over, others are copied. On failure (out
** of memory, reported at the op) nothing is left in 'outs' to release.
*/
MlirLogicalResult pt2eLinalgInitOutputs(Exec *ex, const Instr *in, int numIns,
                                        int numOuts, Pt2eTensor **outs);

#endif /* PT2E_INTERP_LINALG_LOOPS_H */
