/*
** ops.h
** The compile function of every op the interpreter runs, one group per op
** file, and the op table that maps op names to them (ops.c). An op is
** registered in one place: a row of ops.c's table naming a function
** declared here.
**
** A compile function gets the op's instruction with operands and results
** numbered and their slot types checked; it fills in->exec (and in->data /
** in->freeData) or emits a diagnostic at the op and fails.
*/
#ifndef PT2E_INTERP_OPS_H
#define PT2E_INTERP_OPS_H

#include "interp_internal.h"

/* The compile function for the op 'op' (ops.c, by its name), or NULL when
** the interpreter does not run it. */
CompileFn pt2eFindCompileFn(MlirOperation op);

/* op_arith.c: constants, and arith / math ops on scalars or same-shaped
** tensors. */
MlirLogicalResult pt2eCompileArithConstant(CompileCtx *cc, Instr *in);
MlirLogicalResult pt2eCompileElementwise(CompileCtx *cc, Instr *in);
/* True for the arith / math ops pt2eCompileElementwise runs. */
bool pt2eArithKnowsOp(MlirOperation op);

/* op_linalg.c: every linalg structured op (one region, indexing maps). */
MlirLogicalResult pt2eCompileLinalgStructured(CompileCtx *cc, Instr *in);
/* op_linalg_softmax.c: linalg.softmax (no region). */
MlirLogicalResult pt2eCompileLinalgSoftmax(CompileCtx *cc, Instr *in);

/* op_tensor.c: the tensor dialect. */
MlirLogicalResult pt2eCompileTensorEmpty(CompileCtx *cc, Instr *in);
MlirLogicalResult pt2eCompileTensorSplat(CompileCtx *cc, Instr *in);
MlirLogicalResult pt2eCompileTensorReshape(CompileCtx *cc, Instr *in);
MlirLogicalResult pt2eCompileMaterializeInDestination(CompileCtx *cc, Instr *in);
MlirLogicalResult pt2eCompileTensorExtract(CompileCtx *cc, Instr *in);
MlirLogicalResult pt2eCompileTensorInsert(CompileCtx *cc, Instr *in);
MlirLogicalResult pt2eCompileTensorFromElements(CompileCtx *cc, Instr *in);
MlirLogicalResult pt2eCompileTensorExtractSlice(CompileCtx *cc, Instr *in);
MlirLogicalResult pt2eCompileTensorInsertSlice(CompileCtx *cc, Instr *in);
MlirLogicalResult pt2eCompileTensorPad(CompileCtx *cc, Instr *in);
MlirLogicalResult pt2eCompileTensorConcat(CompileCtx *cc, Instr *in);
MlirLogicalResult pt2eCompileTensorDim(CompileCtx *cc, Instr *in);

/* op_quant.c: quant.qcast / dcast / scast on !quant.uniform tensors. */
MlirLogicalResult pt2eCompileQuantQCast(CompileCtx *cc, Instr *in);
MlirLogicalResult pt2eCompileQuantDCast(CompileCtx *cc, Instr *in);
MlirLogicalResult pt2eCompileQuantSCast(CompileCtx *cc, Instr *in);

/* op_func.c: func.call, cf.assert, ml_program globals. */
MlirLogicalResult pt2eCompileFuncCall(CompileCtx *cc, Instr *in);
MlirLogicalResult pt2eCompileCfAssert(CompileCtx *cc, Instr *in);
/* The error of a cf.assert that failed, at it, with its message (a
** function-level one, or one in a linalg body: op_arith.c). */
MlirLogicalResult pt2eAssertFailed(MlirOperation op);
MlirLogicalResult pt2eCompileMlProgramGlobal(CompileCtx *cc, Instr *in);

/* op_pt2e.c: pt2e.observer and pt2e.fake_quant (through the hooks). */
MlirLogicalResult pt2eCompilePt2eQuantOp(CompileCtx *cc, Instr *in);
MlirLogicalResult pt2eCompilePt2eDynamicQdq(CompileCtx *cc, Instr *in);

#endif /* PT2E_INTERP_OPS_H */
