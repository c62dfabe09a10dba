/*
** constants.c
** Constant tensors read through the C API (contracts in constants.h).
**
** An elements attribute comes in two kinds the C API reads differently:
** dense (its values in the attribute, a splat stored once) and
** dense_resource (its values in a blob the module carries, which may be
** missing). Every reader here takes both, so that no caller needs to know
** how the model spelled its constant.
*/
#include "constants.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include "ir_ops.h"
#include "pt2e_support.h"

MlirAttribute pt2eConstElementsOf(MlirValue v) {
  MlirOperation p = pt2eOpProducer(v);
  MlirAttribute a = mlirAttributeGetNull();
  if (pt2eOpIs(p, "arith.constant"))
    a = pt2eOpAttr(p, "value");
  else if (pt2eOpIs(p, "tosa.const"))
    a = pt2eOpAttr(p, "values");
  if (!mlirAttributeIsNull(a) && !mlirAttributeIsADenseElements(a) &&
      !mlirAttributeIsADenseResourceElements(a))
    return mlirAttributeGetNull();
  return a;
}

int64_t pt2eConstNumElements(MlirAttribute a) {
  return mlirElementsAttrGetNumElements(a);
}

float pt2eConstF32At(MlirAttribute a, intptr_t i) {
  if (mlirAttributeIsADenseResourceElements(a))
    return mlirDenseFloatResourceElementsAttrGetValue(a, i);
  if (mlirDenseElementsAttrIsSplat(a))
    return mlirDenseElementsAttrGetFloatSplatValue(a);
  return mlirDenseElementsAttrGetFloatValue(a, i);
}

bool pt2eConstIsF32(MlirAttribute a) {
  return !mlirAttributeIsNull(a) &&
         mlirTypeIsAF32(mlirShapedTypeGetElementType(mlirAttributeGetType(a))) &&
         (!mlirAttributeIsADenseResourceElements(a) || pt2eResourceBlobIsPresent(a));
}

bool pt2eConstScalar(MlirValue v, double *out) {
  MlirOperation p = pt2eOpProducer(v);
  if (pt2eOpIs(p, "arith.constant")) {
    MlirAttribute a = pt2eOpAttr(p, "value");
    if (mlirAttributeIsAFloat(a)) {
      *out = mlirFloatAttrGetValueDouble(a);
      return true;
    }
  }
  MlirAttribute a = pt2eConstElementsOf(v);
  if (pt2eConstIsF32(a) && pt2eConstNumElements(a) == 1) {
    *out = pt2eConstF32At(a, 0);
    return true;
  }
  return false;
}

int64_t pt2eConstI64At(MlirAttribute a, intptr_t i) {
  if (mlirAttributeIsADenseI64Array(a))
    return mlirDenseI64ArrayGetElement(a, i);
  return mlirDenseElementsAttrGetInt64Value(a, i);
}

int64_t pt2eConstIntAt(MlirAttribute a, intptr_t i) {
  MlirType e = mlirShapedTypeGetElementType(mlirAttributeGetType(a));
  switch (mlirIntegerTypeGetWidth(e)) {
  case 4: {
    const uint8_t *raw = mlirDenseElementsAttrGetRawData(a);
    uint8_t b = raw[mlirDenseElementsAttrIsSplat(a) ? 0 : i];
    return (int64_t)((b & 0xFu) ^ 0x8u) - 8;
  }
  case 8: return mlirDenseElementsAttrGetInt8Value(a, i);
  case 16: return mlirDenseElementsAttrGetInt16Value(a, i);
  case 32: return mlirDenseElementsAttrGetInt32Value(a, i);
  default: return mlirDenseElementsAttrGetInt64Value(a, i);
  }
}

bool pt2eConstIsZeroI32(MlirAttribute a) {
  if (mlirAttributeIsNull(a) || !mlirAttributeIsADenseElements(a) ||
      !mlirTypeIsAInteger(mlirShapedTypeGetElementType(mlirAttributeGetType(a))))
    return false;
  for (int64_t i = 0; i < pt2eConstNumElements(a); i++)
    if (mlirDenseElementsAttrGetInt32Value(a, (intptr_t)i) != 0)
      return false;
  return true;
}
