/*
** ir_ops.h
** Operations as the C API shows them (ir_ops.c): what an op is, who made a
** value and who reads it, an attribute by name. The one place outside the
** dialect's own accessors that asks an op for its name: every other file
** tests identity with pt2eOpIs / pt2eOpHasPrefix and never compares a name
** itself.
*/
#ifndef PT2E_IR_OPS_H
#define PT2E_IR_OPS_H

#include <stdbool.h>
#include <stdint.h>

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

/* True when 'op' is not null and is the op named 'name' ("linalg.generic"). */
bool pt2eOpIs(MlirOperation op, const char *name);

/* True when 'op' is not null and is the op named 'name' (a name a user gave,
** such as an exclude-ops entry). */
bool pt2eOpHasName(MlirOperation op, MlirStringRef name);

/* True when 'op' is not null and its name starts with 'prefix' ("tosa."). */
bool pt2eOpHasPrefix(MlirOperation op, const char *prefix);

/*
** The name of 'op' ("linalg.generic"), borrowed from the context: for
** diagnostics, profiles and labels that show it to people. A decision
** about what an op is goes through pt2eOpIs instead.
*/
MlirStringRef pt2eOpNameOf(MlirOperation op);

/* The op that defines 'v', or a null op for a block argument. */
MlirOperation pt2eOpProducer(MlirValue v);

/* The only user of 'v', or a null op unless 'v' has exactly one use. */
MlirOperation pt2eOpSoleUser(MlirValue v);

/* The op every use of 'v' belongs to (one or more uses, one op), or a null
** op: an elementwise generic may read a value as an input and as its init. */
MlirOperation pt2eOpOnlyUser(MlirValue v);

/* The attribute 'name' of 'op', or a null attribute when it has none. */
MlirAttribute pt2eOpAttr(MlirOperation op, const char *name);

/*
** The number of inputs of a destination-passing op on tensors (linalg):
** its operands less its inits, one init per result.
*/
intptr_t pt2eOpNumInputs(MlirOperation op);

/* The operands 'op' reads as values: a linalg op's inputs
   (pt2eOpNumInputs), every operand of any other op (tosa.add,
   tensor.expand_shape, tensor.concat...). */
intptr_t pt2eOpNumSources(MlirOperation op);

/* The op with symbol 'name' directly inside 'module', or a null op. */
MlirOperation pt2eOpFindSymbol(MlirOperation module, MlirStringRef name);

/* The func.func named 'name' directly inside 'module', or a null op. */
MlirOperation pt2eOpFindFunc(MlirOperation module, MlirStringRef name);

/*
** Marks in 'feeds' (one flag per argument of 'block', 'numArgs' of them,
** cleared by the caller) the arguments of 'block' that 'v' is computed
** from: its producer's operands, theirs, and so on (a region reaches it
** through its op's operands only). False when memory runs out.
*/
bool pt2eOpArgumentsFeeding(MlirValue v, MlirBlock block, bool *feeds,
                            intptr_t numArgs);

#endif /* PT2E_IR_OPS_H */
