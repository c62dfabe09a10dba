/*
** pt2e_annotation.h
** The annotation a quantizer puts on an op, as PT2E's
** node.meta["quantization_annotation"]:
**   pt2e.annotation = {inputs = [spec or unit, ...], output = spec or unit,
**                      allow_implicit_sharing = true}
** and the 'pt2e.id' that shared and derived specs name an op by
** (docs/annotations.md is the schema; pt2e_spec.h reads the specs).
** pt2e-annotate writes them, pt2e-prepare reads them, through this module.
*/
#ifndef PT2E_ANNOTATION_H
#define PT2E_ANNOTATION_H

#include <stdbool.h>
#include <stdint.h>

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/* An annotation after pt2eAnnotationRead; the attributes belong to the
** context. */
typedef struct Pt2eAnnotation {
  MlirAttribute inputs;  /* array of specs or unit (null when absent) */
  intptr_t numInputs;    /* its length, at most the op's operand count */
  MlirAttribute output;  /* spec or unit (null when absent) */
  bool implicitSharing;  /* allow_implicit_sharing (default true) */
} Pt2eAnnotation;

/* The op's 'pt2e.annotation' as written (null when it has none). */
MlirAttribute pt2eAnnotationGet(MlirOperation op);

/*
** Reads the op's annotation into 'out', checking its shape: a dictionary of
** the known keys only, 'allow_implicit_sharing' a bool, 'inputs' an array
** no longer than the op's operand list. The specs themselves are left to
** pt2eSpecParse. On failure emits one error at the op and fails.
*/
MlirLogicalResult pt2eAnnotationRead(MlirOperation op, Pt2eAnnotation *out);

/* Entry 'k' (< numInputs) of the inputs: a spec, or unit (not quantized). */
MlirAttribute pt2eAnnotationInput(const Pt2eAnnotation *a, intptr_t k);

/* True when the op has an annotation whose 'output' is a spec (no check of
** anything else: for a quantizer skipping what is already annotated). */
bool pt2eAnnotationHasOutput(MlirOperation op);

/*
** Writes the annotation {inputs = [inputs...], output = output}; 'inputs'
** is left out when numInputs is 0, 'output' when it is null.
*/
void pt2eAnnotationSet(MlirOperation op, intptr_t numInputs,
                       const MlirAttribute *inputs, MlirAttribute output);

/* The op's 'pt2e.id' as written (null when it has none), and setting it. */
MlirAttribute pt2eOpGetId(MlirOperation op);
void pt2eOpSetId(MlirOperation op, MlirAttribute id);

#ifdef __cplusplus
}
#endif

#endif /* PT2E_ANNOTATION_H */
