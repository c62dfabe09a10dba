/*
** op_arith.h
** Scalar programs (op_arith.c): the bodies of linalg ops and single arith /
** math ops compiled to flat register code, run one lane at a time, on
** blocks of lanes, or on plain f32 rows. linalg_plan.c compiles the
** linalg bodies and linalg_loops.c runs them, op_tensor.c runs tensor.pad's
** body; op_arith.c's own arith ops are in ops.h.
*/
#ifndef PT2E_INTERP_OP_ARITH_H
#define PT2E_INTERP_OP_ARITH_H

#include "interp_internal.h"

typedef struct ScalarProgram ScalarProgram;

/*
** Compiles the single block of 'region' into a scalar program. Block
** arguments become registers 0..numArgs-1. Scalar values defined outside
** the region are captured: their outer slots are appended to 'captures'
** (the caller loads them before each run with pt2eScalarProgramSetCaptures).
** 'yieldName' is the terminator expected ("linalg.yield").
*/
ScalarProgram *pt2eScalarProgramCompile(CompileCtx *cc, MlirRegion region,
                                        const char *yieldName);
/* Builds a program of the one scalar op 'op' whose operands are registers
** 0..n-1 (used for arith ops on scalars and elementwise on tensors). */
ScalarProgram *pt2eScalarProgramForOp(MlirOperation op);
/* Frees a program; NULL is allowed (an Instr.freeData). */
void pt2eScalarProgramDestroy(void *p);

/* The number of outer scalars the program captures, and the register
** capture 'i' is loaded into (pt2eScalarProgramSetCaptures). */
int pt2eScalarProgramNumCaptures(const ScalarProgram *p);
int pt2eScalarProgramCaptureReg(const ScalarProgram *p, int i);
/* Number of registers a run needs. */
int pt2eScalarProgramNumRegs(const ScalarProgram *p);
/* Copies captured outer scalars into their registers. */
void pt2eScalarProgramSetCaptures(const ScalarProgram *p, const Slot *slots,
                                  Pt2eScalar *regs);
/*
** Runs the program on 'regs' (arguments already in 0..numArgs-1); the
** yielded values are copied to 'out'. 'loopIndex' feeds linalg.index.
*/
void pt2eScalarProgramRun(const ScalarProgram *p, Pt2eScalar *regs,
                          const int64_t *loopIndex, Pt2eScalar *out);
/* True when an instruction or a yield reads register 'r'. */
bool pt2eScalarProgramReadsReg(const ScalarProgram *p, int r);
/* Whether the body holds a cf.assert; then the caller clears the failure
** register before the loops and checks it after them (an error at the
** first assert that failed, with its message). */
bool pt2eScalarProgramHasAsserts(const ScalarProgram *p);
void pt2eScalarProgramResetAsserts(const ScalarProgram *p, Pt2eScalar *regs);
MlirLogicalResult pt2eScalarProgramCheckAsserts(const ScalarProgram *p,
                                                const Pt2eScalar *regs);
/* True when the program reads any of its argument registers. */
bool pt2eScalarProgramReadsArgs(const ScalarProgram *p);
/* True when the program reads a tensor it captures (tensor.extract of an
** outer tensor): it runs one lane at a time (pt2eScalarProgramRun) only. */
bool pt2eScalarProgramReadsTensors(const ScalarProgram *p);
/* True when the program reads loop indices (linalg.index). */
bool pt2eScalarProgramUsesIndex(const ScalarProgram *p);
/* Marks in used[0..numLoops) the loops whose linalg.index the program
** reads; false when one names no loop of the op. */
bool pt2eScalarProgramIndexLoops(const ScalarProgram *p, int numLoops,
                                 bool *used);
/*
** Runs the program on 'n' lanes at once: register r of lane i lives at
** regs[r * stride + i] (arguments filled by the caller). linalg.index d of
** lane i reads indexRows[d][i] (the caller fills the loops the program
** reads; NULL when it reads none). Yields stay in their registers.
*/
void pt2eScalarProgramRunBlock(const ScalarProgram *p, Pt2eScalar *regs,
                               int64_t stride, int64_t n,
                               const int64_t *const *indexRows);
/*
** True when every register is f32 and every instruction is one of the
** simple f32 operations (add, sub, mul, div, neg, maximum, minimum,
** constants): such programs can run on plain float rows.
*/
bool pt2eScalarProgramIsF32Simple(const ScalarProgram *p);
/*
** Runs such a program on 'n' lanes: rows[r] points at register r's n
** floats; the caller sets the rows of arguments and captures (they may
** point straight into tensors), computed registers land in 'scratch'
** (register r at scratch + r * stride) and their rows are set here.
*/
void pt2eScalarProgramRunF32(const ScalarProgram *p, const float **rows,
                             float *scratch, int64_t stride, int64_t n);
/*
** The same, with the last instruction's result written to 'out' (n floats)
** instead of the scratch: when it defines the yield, the block path lets it
** land in the output tensor and saves a copy. 'out' may be a row of an
** input that the last instruction reads at the same lanes.
*/
void pt2eScalarProgramRunF32Into(const ScalarProgram *p, const float **rows,
                                 float *scratch, int64_t stride, int64_t n,
                                 float *out);
/* The register the last instruction writes, or -1 for an empty body. */
int pt2eScalarProgramLastReg(const ScalarProgram *p);
/* Returns the element type of register 'reg' (args and results). */
Pt2eElemType pt2eScalarProgramRegType(const ScalarProgram *p, int reg);
int pt2eScalarProgramYieldReg(const ScalarProgram *p, int i);

#endif /* PT2E_INTERP_OP_ARITH_H */
