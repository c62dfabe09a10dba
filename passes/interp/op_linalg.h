/*
** op_linalg.h
** The kernel choosers op_linalg.c tries, in its order, on a compiled linalg
** structured op whose exec is still the loop nest (pt2eLinalgRunLoops): each
** is defined in its kernel's file, installs its kernel as in->exec (with
** its data in the plan's 'kernel') when the op is one it takes, and says
** whether it did. Included by op_linalg.c and by the kernel files, which
** see the plan and the loop nest they fall back to through it.
*/
#ifndef PT2E_INTERP_OP_LINALG_H
#define PT2E_INTERP_OP_LINALG_H

#include "linalg_loops.h"

/* kernels_int8.c: the i8 -> i32 convolutions and batch matmuls that
** tosa-to-linalg-named makes of lowered TOSA. */
bool pt2eLinalgChooseInt8Kernel(CompileCtx *cc, Instr *in, LinalgPlan *plan);

/* kernels_rescale.c: the integer linalg.generic bodies tosa-to-linalg and
** tosa-to-arith make of tosa.rescale (SINGLE_ROUND) and tosa.clamp. */
bool pt2eLinalgChooseRescale(CompileCtx *cc, Instr *in, LinalgPlan *plan);

/* kernels.c: f32 matmuls, batch matmuls, 2-D convolutions (named, or a
** linalg.generic of the same form), depthwise convolutions and pooling. */
bool pt2eLinalgChooseKernel(CompileCtx *cc, Instr *in, LinalgPlan *plan);

/* op_linalg_reduce.c: a tight-loop reduction along the innermost loop (a
** sum, an i1 and / or, a max with its argmax); tried last, on the plan
** after its inputs were read through broadcasts. */
bool pt2eLinalgChooseReduction(CompileCtx *cc, Instr *in, LinalgPlan *plan);

#endif /* PT2E_INTERP_OP_LINALG_H */
