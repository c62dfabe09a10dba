/*
** ops.c
** The op table: the one place where an op is registered with the
** interpreter. Each row maps an op name, or a dialect prefix ending in '.',
** to its compile function (ops.h). Exact names are looked up before
** prefixes, so a specific op (linalg.softmax) can leave its dialect's
** catch-all; a row with no function keeps a name out of a prefix
** (linalg.yield only lives inside a body). A prefix row may name the
** dialect's own list of the ops it runs (arith and math: the scalar ops of
** op_arith.c); other names of the dialect are then unsupported.
*/
#include "ops.h"

#include <string.h>

#include "ir_ops.h"
#include "pt2e_dialect.h"

struct OpRow {
  const char *name; /* "dialect.op", or "dialect." for every op of it */
  CompileFn compile;
  bool (*knows)(MlirOperation op); /* prefix rows: NULL claims them all */
};

/* A row for one op; a prefix row with NULL 'knows' claims the dialect. */
#define OP(name, compile) {name, compile, NULL}
#define PREFIX(name, compile, knows) {name, compile, knows}

static const struct OpRow opTable[] = {
    /* arith, math (op_arith.c: its scalar op list decides the names) */
    OP("arith.constant", pt2eCompileArithConstant),
    PREFIX("arith.", pt2eCompileElementwise, pt2eArithKnowsOp),
    PREFIX("math.", pt2eCompileElementwise, pt2eArithKnowsOp),
    /* linalg */
    OP("linalg.softmax", pt2eCompileLinalgSoftmax),
    OP("linalg.yield", NULL),
    OP("linalg.index", NULL),
    PREFIX("linalg.", pt2eCompileLinalgStructured, NULL),
    /* tensor */
    OP("tensor.empty", pt2eCompileTensorEmpty),
    OP("tensor.splat", pt2eCompileTensorSplat),
    OP("tensor.cast", pt2eCompileTensorReshape),
    OP("tensor.expand_shape", pt2eCompileTensorReshape),
    OP("tensor.collapse_shape", pt2eCompileTensorReshape),
    OP("tensor.reshape", pt2eCompileTensorReshape),
    OP("tensor.extract", pt2eCompileTensorExtract),
    OP("tensor.insert", pt2eCompileTensorInsert),
    OP("tensor.from_elements", pt2eCompileTensorFromElements),
    OP("tensor.extract_slice", pt2eCompileTensorExtractSlice),
    OP("tensor.insert_slice", pt2eCompileTensorInsertSlice),
    OP("tensor.pad", pt2eCompileTensorPad),
    OP("tensor.concat", pt2eCompileTensorConcat),
    OP("tensor.dim", pt2eCompileTensorDim),
    /* bufferization, on tensors */
    OP("bufferization.materialize_in_destination", pt2eCompileMaterializeInDestination),
    /* quant */
    OP("quant.qcast", pt2eCompileQuantQCast),
    OP("quant.dcast", pt2eCompileQuantDCast),
    OP("quant.scast", pt2eCompileQuantSCast),
    /* func, cf, ml_program */
    OP("func.call", pt2eCompileFuncCall),
    OP("cf.assert", pt2eCompileCfAssert),
    OP("ml_program.global_load_const", pt2eCompileMlProgramGlobal),
    OP("ml_program.global_load", pt2eCompileMlProgramGlobal),
    OP("ml_program.global_store", pt2eCompileMlProgramGlobal),
    /* pt2e */
    OP(PT2E_OBSERVER_OP, pt2eCompilePt2eQuantOp),
    OP(PT2E_FAKE_QUANT_OP, pt2eCompilePt2eQuantOp),
    OP(PT2E_DYNAMIC_QDQ_OP, pt2eCompilePt2eDynamicQdq),
};

enum { NumOps = sizeof opTable / sizeof *opTable };

static bool isPrefix(const char *row) {
  size_t n = strlen(row);
  return n > 0 && row[n - 1] == '.';
}

/* True when 'op' is in the dialect 'prefix' ("linalg."): its name starts
** so and is longer (an op named just "linalg." is none of its ops). */
static bool inDialect(MlirOperation op, const char *prefix) {
  return pt2eOpHasPrefix(op, prefix) && !pt2eOpIs(op, prefix);
}

CompileFn pt2eFindCompileFn(MlirOperation op) {
  for (int i = 0; i < NumOps; i++)
    if (!isPrefix(opTable[i].name) && pt2eOpIs(op, opTable[i].name))
      return opTable[i].compile;
  for (int i = 0; i < NumOps; i++)
    if (isPrefix(opTable[i].name) && inDialect(op, opTable[i].name))
      return !opTable[i].knows || opTable[i].knows(op) ? opTable[i].compile : NULL;
  return NULL;
}
