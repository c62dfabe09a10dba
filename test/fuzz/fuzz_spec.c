/*
** fuzz_spec.c
** Fuzz target for the spec and annotation readers. Each input is the text of
** one MLIR attribute, normally a pt2e.annotation dictionary
** ({inputs = [...], output = {...}}) or a single spec. It is
**   1. read by pt2eSpecParse (dialect_bindings/pt2e_spec.c) as a spec, and
**      so is every dictionary inside it one or two levels down; a spec that
**      parses is written in canonical form (pt2eSpecToAttr), which must
**      parse again to the same canonical form;
**   2. put as pt2e.annotation on the conv and the add of a small model,
**      which then runs through pt2e-prepare (with qat=true for inputs of odd
**      length), pt2e-calibrate, pt2e-convert and pt2e-report, as far as each
**      succeeds; support.c checks that each pass keeps its contract.
*/
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/IR.h"

#include "mutator.h"
#include "pt2e_dialect.h"
#include "pt2e_spec.h"
#include "support.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t maxSize,
                               unsigned seed);

/* The longest attribute text tried; longer inputs are cut. */
#define MAX_TEXT 8192

/* Two annotated ops (and one they can refer to by pt2e.id), small enough
** that calibrating on one random batch costs little. */
static const char model[] =
    "func.func @forward(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32> {\n"
    "  %w = arith.constant dense<[[[[0.5]], [[-0.25]]], [[[1.0]], [[0.125]]]]>"
    " : tensor<2x2x1x1xf32>\n"
    "  %init = arith.constant dense<0.0> : tensor<1x2x4x4xf32>\n"
    "  %n = arith.negf %x {pt2e.id = \"neg\"} : tensor<1x2x4x4xf32>\n"
    "  %c = linalg.conv_2d_nchw_fchw {pt2e.id = \"conv\", dilations = dense<1>"
    " : vector<2xi64>, strides = dense<1> : vector<2xi64>}\n"
    "      ins(%n, %w : tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>)"
    " outs(%init : tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>\n"
    "  %a = arith.addf %c, %n {pt2e.id = \"add\"} : tensor<1x2x4x4xf32>\n"
    "  return %a : tensor<1x2x4x4xf32>\n"
    "}\n";

static MlirStringRef str(const char *s) {
  return mlirStringRefCreateFromCString(s);
}

static void broken(const char *what, MlirAttribute attr) {
  fprintf(stderr, "fuzz-spec: %s: ", what);
  mlirAttributeDump(attr);
  abort();
}

/* A spec that parses has a canonical form that parses to itself. */
static void checkSpec(MlirContext ctx, MlirAttribute attr) {
  MlirLocation loc = mlirLocationUnknownGet(ctx);
  Pt2eSpec spec, again;
  if (mlirLogicalResultIsFailure(pt2eSpecParse(attr, loc, "fuzz", &spec)))
    return;
  MlirAttribute canon = pt2eSpecToAttr(ctx, &spec);
  if (mlirLogicalResultIsFailure(pt2eSpecParse(canon, loc, "canonical", &again)))
    broken("the canonical form of a spec does not parse", canon);
  if (!mlirAttributeEqual(pt2eSpecToAttr(ctx, &again), canon))
    broken("the canonical form of a spec changes when read back", canon);
}

/* The input, and the dictionaries in it where specs sit in an annotation:
** values of its keys, and elements of arrays there. */
static void checkSpecsIn(MlirContext ctx, MlirAttribute attr) {
  checkSpec(ctx, attr);
  if (!mlirAttributeIsADictionary(attr))
    return;
  for (intptr_t i = 0; i < mlirDictionaryAttrGetNumElements(attr); i++) {
    MlirAttribute v = mlirDictionaryAttrGetElement(attr, i).attribute;
    if (mlirAttributeIsADictionary(v))
      checkSpec(ctx, v);
    if (mlirAttributeIsAArray(v))
      for (intptr_t k = 0; k < mlirArrayAttrGetNumElements(v); k++)
        checkSpec(ctx, mlirArrayAttrGetElement(v, k));
  }
}

static MlirWalkResult annotate(MlirOperation op, void *userData) {
  MlirAttribute id = mlirOperationGetAttributeByName(op, str("pt2e.id"));
  if (!mlirAttributeIsNull(id) && mlirAttributeIsAString(id) &&
      !mlirStringRefEqual(mlirStringAttrGetValue(id), str("neg")))
    mlirOperationSetAttributeByName(op, str(PT2E_ATTR_ANNOTATION),
                                    *(MlirAttribute *)userData);
  return MlirWalkResultAdvance;
}

static void runModel(MlirContext ctx, MlirAttribute annotation, bool qat) {
  MlirModule m = mlirModuleCreateParse(ctx, str(model));
  if (mlirModuleIsNull(m))
    abort(); /* the template itself is wrong */
  mlirOperationWalk(mlirModuleGetOperation(m), annotate, &annotation,
                    MlirWalkPreOrder);
  if (!mlirOperationVerify(mlirModuleGetOperation(m)))
    goto done; /* e.g. an attribute a verifier rejects */
  if (fuzzRunPipeline(m, qat ? "builtin.module(pt2e-prepare{qat=true})"
                             : "builtin.module(pt2e-prepare)") &&
      fuzzRunPipeline(m, "builtin.module(pt2e-calibrate{random-batches=1 "
                         "max-tensor-mb=16 max-live-mb=64 max-bins=4096})") &&
      fuzzRunPipeline(m, "builtin.module(pt2e-convert)"))
    fuzzRunPipeline(m, "builtin.module(pt2e-report{output=/dev/null})");
done:
  mlirModuleDestroy(m);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char text[MAX_TEXT + 1];
  size_t n = size < MAX_TEXT ? size : MAX_TEXT;
  memcpy(text, data, n);
  text[n] = '\0';
  if (strlen(text) != n)
    return 0; /* MLIR's parser reads up to a NUL; such inputs are duplicates */
  MlirContext ctx = fuzzContext();
  MlirAttribute attr = mlirAttributeParseGet(ctx, str(text));
  if (mlirAttributeIsNull(attr))
    return 0;
  checkSpecsIn(ctx, attr);
  runModel(ctx, attr, size & 1);
  return 0;
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t maxSize,
                               unsigned seed) {
  return fuzzMutateNumbers(data, size, maxSize, seed);
}
