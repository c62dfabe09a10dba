/*
** op_linalg.c
** Every linalg structured op (generic, map, reduce, broadcast, transpose,
** fill, matmul, convolutions, pooling, elementwise named ops): compiled to
** a plan (linalg_plan.c) and run by the loop nest (linalg_loops.c), unless
** a kernel takes it. The kernels are tried here, in one order (op_linalg.h):
** the integer kernels, the f32 kernels, then, for an op left to the loop
** nest, its inputs are read through broadcasts and the tight-loop
** reductions are tried.
*/
#include "op_linalg.h"

#include "ops.h"
#include "pt2e_support.h"

/* Installs the first kernel that takes the op; otherwise the loop nest
** (or a reduction) reads its inputs through pure broadcasts. */
static void chooseExec(CompileCtx *cc, Instr *in, LinalgPlan *p) {
  if (pt2eLinalgChooseInt8Kernel(cc, in, p) || pt2eLinalgChooseRescale(cc, in, p) ||
      pt2eLinalgChooseKernel(cc, in, p))
    return;
  if (pt2eLinalgReadThroughBroadcasts(cc, in, p))
    pt2eLinalgPlanBlocks(p); /* the rewired operands' strides */
  pt2eLinalgChooseReduction(cc, in, p);
}

MlirLogicalResult pt2eCompileLinalgStructured(CompileCtx *cc, Instr *in) {
  if (mlirOperationGetNumRegions(in->op) != 1)
    return pt2eEmitOpError(in->op, NULL, "expected one body region");
  LinalgPlan *p = pt2eLinalgPlanBuild(cc, in);
  if (!p)
    return mlirLogicalResultFailure();
  in->data = p;
  in->freeData = pt2eLinalgPlanDestroy;
  in->exec = pt2eLinalgRunLoops;
  chooseExec(cc, in, p); /* may replace 'exec' */
  return mlirLogicalResultSuccess();
}
