/*
** pt2e_annotation.c
** Reading and writing 'pt2e.annotation' and 'pt2e.id' (pt2e_annotation.h).
*/
#include "pt2e_annotation.h"

#include "mlir-c/BuiltinAttributes.h"

#include "pt2e_dialect.h"
#include "pt2e_support.h"

static bool isKnownKey(MlirStringRef key) {
  return pt2eStringRefIs(key, PT2E_ATTR_ANNOTATION_INPUTS) ||
         pt2eStringRefIs(key, PT2E_ATTR_ANNOTATION_OUTPUT) ||
         pt2eStringRefIs(key, PT2E_ATTR_ANNOTATION_SHARING);
}

MlirAttribute pt2eAnnotationGet(MlirOperation op) {
  return mlirOperationGetAttributeByName(op, pt2eStr(PT2E_ATTR_ANNOTATION));
}

/* A dictionary of known keys only. */
static MlirLogicalResult checkKeys(MlirLocation loc, MlirAttribute ann) {
  if (!mlirAttributeIsADictionary(ann))
    return pt2eEmitError(loc, "'%s' must be a dictionary {%s = [...], "
                              "%s = {...}}",
                         PT2E_ATTR_ANNOTATION, PT2E_ATTR_ANNOTATION_INPUTS,
                         PT2E_ATTR_ANNOTATION_OUTPUT);
  for (intptr_t k = 0; k < mlirDictionaryAttrGetNumElements(ann); k++) {
    MlirStringRef key =
        mlirIdentifierStr(mlirDictionaryAttrGetElement(ann, k).name);
    if (!isKnownKey(key))
      return pt2eEmitError(loc,
                           "unknown key '%.*s' in '%s' (expected '%s', '%s', "
                           "'%s')",
                           (int)key.length, key.data, PT2E_ATTR_ANNOTATION,
                           PT2E_ATTR_ANNOTATION_INPUTS,
                           PT2E_ATTR_ANNOTATION_OUTPUT,
                           PT2E_ATTR_ANNOTATION_SHARING);
  }
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult readSharing(MlirLocation loc, MlirAttribute ann,
                                     Pt2eAnnotation *out) {
  MlirAttribute sharing =
      mlirDictionaryAttrGetElementByName(ann, pt2eStr(PT2E_ATTR_ANNOTATION_SHARING));
  if (mlirAttributeIsNull(sharing))
    return mlirLogicalResultSuccess();
  if (!mlirAttributeIsABool(sharing))
    return pt2eEmitError(loc, "'%s' in '%s' must be true or false",
                         PT2E_ATTR_ANNOTATION_SHARING, PT2E_ATTR_ANNOTATION);
  out->implicitSharing = mlirBoolAttrGetValue(sharing);
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult readInputs(MlirOperation op, MlirAttribute ann,
                                    Pt2eAnnotation *out) {
  MlirLocation loc = mlirOperationGetLocation(op);
  out->inputs =
      mlirDictionaryAttrGetElementByName(ann, pt2eStr(PT2E_ATTR_ANNOTATION_INPUTS));
  if (!mlirAttributeIsNull(out->inputs)) {
    if (!mlirAttributeIsAArray(out->inputs))
      return pt2eEmitError(loc, "'%s' in '%s' must be an array of specs "
                                "or 'unit'",
                           PT2E_ATTR_ANNOTATION_INPUTS, PT2E_ATTR_ANNOTATION);
    out->numInputs = mlirArrayAttrGetNumElements(out->inputs);
  }
  intptr_t numOperands = mlirOperationGetNumOperands(op);
  if (out->numInputs > numOperands)
    return pt2eEmitError(loc, "'%s' has %ld inputs but the op has only %ld "
                              "operands",
                         PT2E_ATTR_ANNOTATION, (long)out->numInputs,
                         (long)numOperands);
  return mlirLogicalResultSuccess();
}

MlirLogicalResult pt2eAnnotationRead(MlirOperation op, Pt2eAnnotation *out) {
  MlirLocation loc = mlirOperationGetLocation(op);
  MlirAttribute ann = pt2eAnnotationGet(op);
  out->inputs = out->output = mlirAttributeGetNull();
  out->numInputs = 0;
  out->implicitSharing = true;
  if (mlirLogicalResultIsFailure(checkKeys(loc, ann)) ||
      mlirLogicalResultIsFailure(readSharing(loc, ann, out)) ||
      mlirLogicalResultIsFailure(readInputs(op, ann, out)))
    return mlirLogicalResultFailure();
  out->output =
      mlirDictionaryAttrGetElementByName(ann, pt2eStr(PT2E_ATTR_ANNOTATION_OUTPUT));
  return mlirLogicalResultSuccess();
}

MlirAttribute pt2eAnnotationInput(const Pt2eAnnotation *a, intptr_t k) {
  return mlirArrayAttrGetElement(a->inputs, k);
}

bool pt2eAnnotationHasOutput(MlirOperation op) {
  MlirAttribute ann = pt2eAnnotationGet(op);
  if (mlirAttributeIsNull(ann) || !mlirAttributeIsADictionary(ann))
    return false;
  MlirAttribute out =
      mlirDictionaryAttrGetElementByName(ann, pt2eStr(PT2E_ATTR_ANNOTATION_OUTPUT));
  return !mlirAttributeIsNull(out) && !mlirAttributeIsAUnit(out);
}

void pt2eAnnotationSet(MlirOperation op, intptr_t numInputs,
                       const MlirAttribute *inputs, MlirAttribute output) {
  MlirContext ctx = mlirOperationGetContext(op);
  MlirNamedAttribute entries[2];
  intptr_t n = 0;
  if (numInputs > 0)
    entries[n++] = mlirNamedAttributeGet(
        mlirIdentifierGet(ctx, pt2eStr(PT2E_ATTR_ANNOTATION_INPUTS)),
        mlirArrayAttrGet(ctx, numInputs, inputs));
  if (!mlirAttributeIsNull(output))
    entries[n++] = mlirNamedAttributeGet(
        mlirIdentifierGet(ctx, pt2eStr(PT2E_ATTR_ANNOTATION_OUTPUT)), output);
  mlirOperationSetDiscardableAttributeByName(
      op, pt2eStr(PT2E_ATTR_ANNOTATION), mlirDictionaryAttrGet(ctx, n, entries));
}

MlirAttribute pt2eOpGetId(MlirOperation op) {
  return mlirOperationGetAttributeByName(op, pt2eStr(PT2E_ATTR_ID));
}

void pt2eOpSetId(MlirOperation op, MlirAttribute id) {
  mlirOperationSetDiscardableAttributeByName(op, pt2eStr(PT2E_ATTR_ID), id);
}
