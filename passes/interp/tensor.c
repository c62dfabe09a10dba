/*
** tensor.c
** The interpreter's floor: element types, Pt2eTensor (create, borrow,
** retain, release, element access, type check) and attribute -> tensor.
**
** Nothing here knows about programs, slots at run time or ops: the compiler,
** the run loop and every op file build on these functions, never the other
** way round (tensor.c includes no other interpreter header than interp.h
** and tensor.h; tools/check-layers.py checks it).
*/
#include "tensor.h"

#include <stdio.h>
#include <string.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Quant.h"

#include "pt2e_checked.h"
#include "pt2e_support.h"

/* {====================================================================
** Element types
** ===================================================================== */

size_t pt2eElemSize(Pt2eElemType type) {
  switch (type) {
  case Pt2eElemF32: return 4;
  case Pt2eElemF64: return 8;
  case Pt2eElemI1: return 1;
  case Pt2eElemI8: return 1;
  case Pt2eElemI4: return 1;
  case Pt2eElemI16: return 2;
  case Pt2eElemI32: return 4;
  case Pt2eElemI64: return 8;
  }
  return 1;
}

bool pt2eQuantElemTypeFromMlir(MlirType type, Pt2eElemType *out) {
  if (!mlirTypeIsAQuantizedType(type))
    return false;
  switch (mlirQuantizedTypeGetStorageTypeIntegralWidth(type)) {
  case 4: *out = Pt2eElemI4; return true;
  case 8: *out = Pt2eElemI8; return true;
  case 16: *out = Pt2eElemI16; return true;
  case 32: *out = Pt2eElemI32; return true;
  default: return false;
  }
}

bool pt2eElemTypeFromMlir(MlirType t, Pt2eElemType *out) {
  if (pt2eQuantElemTypeFromMlir(t, out))
    return true;
  if (mlirTypeIsAF32(t)) {
    *out = Pt2eElemF32;
  } else if (mlirTypeIsAF64(t)) {
    *out = Pt2eElemF64;
  } else if (mlirTypeIsAIndex(t)) {
    *out = Pt2eElemI64;
  } else if (mlirTypeIsAInteger(t)) {
    switch (mlirIntegerTypeGetWidth(t)) {
    case 1: *out = Pt2eElemI1; break;
    case 4: *out = Pt2eElemI4; break;
    case 8: *out = Pt2eElemI8; break;
    case 16: *out = Pt2eElemI16; break;
    case 32: *out = Pt2eElemI32; break;
    case 64: *out = Pt2eElemI64; break;
    default: return false;
    }
  } else {
    return false;
  }
  return true;
}

bool pt2eSlotInfoFromType(MlirType type, SlotInfo *info) {
  memset(info, 0, sizeof *info);
  if (!mlirTypeIsARankedTensor(type)) {
    info->isTensor = false;
    return pt2eElemTypeFromMlir(type, &info->type);
  }
  info->isTensor = true;
  if (!mlirShapedTypeHasStaticShape(type))
    return false;
  intptr_t rank = mlirShapedTypeGetRank(type);
  if (rank > PT2E_MAX_RANK)
    return false;
  info->rank = (int)rank;
  for (intptr_t i = 0; i < rank; i++)
    info->shape[i] = mlirShapedTypeGetDimSize(type, i);
  return pt2eElemTypeFromMlir(mlirShapedTypeGetElementType(type), &info->type);
}

static const char *elemName(Pt2eElemType t) {
  static const char *const names[] = {"f32", "f64", "i1", "i8",
                                      "i16", "i32", "i64", "i4"};
  return names[t];
}

void pt2eSlotInfoFormat(const SlotInfo *info, char *buf, size_t size) {
  if (!info->isTensor) {
    snprintf(buf, size, "%s", elemName(info->type));
    return;
  }
  size_t n = (size_t)snprintf(buf, size, "tensor<");
  for (int i = 0; i < info->rank && n < size; i++)
    n += (size_t)snprintf(buf + n, size - n, "%lldx", (long long)info->shape[i]);
  if (n < size)
    snprintf(buf + n, size - n, "%s>", elemName(info->type));
}

/* }==================================================================== */

/* {====================================================================
** Tensors
** ===================================================================== */

/* A tensor header with its shape filled in and no data yet (refs = 1). */
static Pt2eTensor *newHeader(Pt2eElemType type, int rank, const int64_t *shape) {
  if (rank < 0 || rank > PT2E_MAX_RANK)
    return NULL;
  Pt2eTensor *t = pt2eAlloc(sizeof *t);
  if (!t)
    return NULL;
  t->type = type;
  t->rank = rank;
  for (int i = 0; i < rank; i++)
    t->shape[i] = shape[i];
  /* The compiler refuses types this large; a caller building a shape at run
  ** time gets NULL, never a wrapped count (pt2e_checked.h). */
  if (!pt2eCheckedNumel(rank, shape, &t->numel)) {
    pt2eFree(t);
    return NULL;
  }
  t->refs = 1;
  return t;
}

static Pt2eTensor *createTensor(Pt2eElemType type, int rank, const int64_t *shape,
                                bool zeroed) {
  Pt2eTensor *t = newHeader(type, rank, shape);
  if (!t)
    return NULL;
  size_t bytes = 0;
  t->data = pt2eCheckedBytes(t->numel, pt2eElemSize(type), &bytes)
                ? (zeroed ? pt2eAlloc : pt2eAllocUninit)(bytes ? bytes : 1)
                : NULL;
  if (!t->data) {
    pt2eFree(t);
    return NULL;
  }
  return t;
}

Pt2eTensor *pt2eTensorCreate(Pt2eElemType type, int rank, const int64_t *shape) {
  return createTensor(type, rank, shape, true);
}

Pt2eTensor *pt2eTensorCreateUninit(Pt2eElemType type, int rank, const int64_t *shape) {
  return createTensor(type, rank, shape, false);
}

Pt2eTensor *pt2eTensorCreateBorrowed(Pt2eElemType type, int rank,
                                     const int64_t *shape, const void *data) {
  Pt2eTensor *t = newHeader(type, rank, shape);
  if (!t)
    return NULL;
  t->data = (void *)data; /* never written: see Pt2eTensor */
  t->borrowed = true;
  return t;
}

Pt2eTensor *pt2eTensorRetain(Pt2eTensor *t) {
  if (t)
    t->refs++;
  return t;
}

void pt2eTensorRelease(Pt2eTensor *t) {
  if (!t || --t->refs > 0)
    return;
  if (!t->borrowed)
    pt2eFree(t->data);
  pt2eFree(t);
}

Pt2eScalar pt2eTensorLoad(const Pt2eTensor *t, int64_t i) {
  Pt2eScalar v;
  v.i = 0;
  switch (t->type) {
  case Pt2eElemF32: v.f32 = ((const float *)t->data)[i]; break;
  case Pt2eElemF64: v.f64 = ((const double *)t->data)[i]; break;
  case Pt2eElemI1: v.i = ((const uint8_t *)t->data)[i] & 1; break;
  case Pt2eElemI8: v.i = ((const int8_t *)t->data)[i]; break;
  case Pt2eElemI4: v.i = pt2eScalarWrapInt(((const int8_t *)t->data)[i], Pt2eElemI4); break;
  case Pt2eElemI16: v.i = ((const int16_t *)t->data)[i]; break;
  case Pt2eElemI32: v.i = ((const int32_t *)t->data)[i]; break;
  case Pt2eElemI64: v.i = ((const int64_t *)t->data)[i]; break;
  }
  return v;
}

void pt2eTensorStore(Pt2eTensor *t, int64_t i, Pt2eScalar v) {
  switch (t->type) {
  case Pt2eElemF32: ((float *)t->data)[i] = v.f32; break;
  case Pt2eElemF64: ((double *)t->data)[i] = v.f64; break;
  case Pt2eElemI1: ((uint8_t *)t->data)[i] = (uint8_t)(v.i & 1); break;
  case Pt2eElemI8: ((int8_t *)t->data)[i] = (int8_t)v.i; break;
  case Pt2eElemI4: ((int8_t *)t->data)[i] = (int8_t)pt2eScalarWrapInt(v.i, Pt2eElemI4); break;
  case Pt2eElemI16: ((int16_t *)t->data)[i] = (int16_t)v.i; break;
  case Pt2eElemI32: ((int32_t *)t->data)[i] = (int32_t)v.i; break;
  case Pt2eElemI64: ((int64_t *)t->data)[i] = v.i; break;
  }
}

bool pt2eTensorMatchesType(const Pt2eTensor *t, MlirType type, char *msg,
                           size_t msgSize) {
  SlotInfo want, got;
  if (!pt2eSlotInfoFromType(type, &want) || !want.isTensor) {
    snprintf(msg, msgSize, "the interpreter cannot take this argument type");
    return false;
  }
  memset(&got, 0, sizeof got);
  got.isTensor = true;
  got.type = t->type;
  got.rank = t->rank;
  memcpy(got.shape, t->shape, sizeof got.shape);
  bool same = want.type == got.type && want.rank == got.rank;
  for (int i = 0; same && i < want.rank; i++)
    same = want.shape[i] == got.shape[i];
  if (!same) {
    char a[128], b[128];
    pt2eSlotInfoFormat(&want, a, sizeof a);
    pt2eSlotInfoFormat(&got, b, sizeof b);
    snprintf(msg, msgSize, "expected %s, got %s", a, b);
  }
  return same;
}

/* }==================================================================== */

/* {====================================================================
** Attributes -> tensors
** ===================================================================== */

bool pt2eScalarFromAttr(MlirAttribute a, Pt2eElemType t, Pt2eScalar *out) {
  out->i = 0;
  if (mlirAttributeIsAFloat(a)) {
    *out = pt2eScalarOfDouble(mlirFloatAttrGetValueDouble(a), t);
    return t == Pt2eElemF32 || t == Pt2eElemF64;
  }
  if (mlirAttributeIsAInteger(a)) {
    MlirType it = mlirAttributeGetType(a);
    int64_t v = mlirTypeIsAIndex(it) || mlirIntegerTypeIsSigned(it) ||
                        mlirIntegerTypeIsSignless(it)
                    ? mlirIntegerAttrGetValueInt(a)
                    : (int64_t)mlirIntegerAttrGetValueUInt(a);
    out->i = pt2eScalarWrapInt(v, t);
    return true;
  }
  if (mlirAttributeIsABool(a)) {
    out->i = mlirBoolAttrGetValue(a);
    return true;
  }
  return false;
}

/* Fills 't' from a dense or dense_resource elements attribute. */
/* A splat: its one value everywhere. */
static bool fillSplat(Pt2eTensor *t, MlirAttribute a) {
  MlirAttribute v = mlirDenseElementsAttrGetSplatValue(a);
  Pt2eScalar s;
  if (!pt2eScalarFromAttr(v, t->type, &s))
    return false;
  for (int64_t i = 0; i < t->numel; i++)
    pt2eTensorStore(t, i, s);
  return true;
}

/* The raw data of a non-splat dense attribute, packed row-major. */
static void fillRaw(Pt2eTensor *t, MlirAttribute a) {
  memcpy(t->data, mlirDenseElementsAttrGetRawData(a),
         (size_t)t->numel * pt2eElemSize(t->type));
  /* an i4 element is a byte whose high nibble MLIR may leave zero (a
     parsed -8 is 0x08): sign-extend the low nibble */
  if (t->type == Pt2eElemI4)
    for (int64_t i = 0; i < t->numel; i++)
      ((int8_t *)t->data)[i] = (int8_t)pt2eScalarWrapInt(((int8_t *)t->data)[i], Pt2eElemI4);
}

/* Element by element: a resource's values, or a dense i1's. */
static void fillByElement(Pt2eTensor *t, MlirAttribute a, bool resource) {
  for (int64_t i = 0; i < t->numel; i++) {
    Pt2eScalar s;
    s.i = 0;
    intptr_t k = (intptr_t)i;
    switch (t->type) {
    case Pt2eElemF32: s.f32 = resource ? mlirDenseFloatResourceElementsAttrGetValue(a, k) : 0; break;
    case Pt2eElemF64: s.f64 = resource ? mlirDenseDoubleResourceElementsAttrGetValue(a, k) : 0; break;
    case Pt2eElemI1: s.i = resource ? mlirDenseBoolResourceElementsAttrGetValue(a, k)
                                    : mlirDenseElementsAttrGetBoolValue(a, k); break;
    case Pt2eElemI8: s.i = resource ? mlirDenseInt8ResourceElementsAttrGetValue(a, k) : 0; break;
    case Pt2eElemI4: s.i = resource ? mlirDenseInt8ResourceElementsAttrGetValue(a, k) : 0; break;
    case Pt2eElemI16: s.i = resource ? mlirDenseInt16ResourceElementsAttrGetValue(a, k) : 0; break;
    case Pt2eElemI32: s.i = resource ? mlirDenseInt32ResourceElementsAttrGetValue(a, k) : 0; break;
    case Pt2eElemI64: s.i = resource ? mlirDenseInt64ResourceElementsAttrGetValue(a, k) : 0; break;
    }
    pt2eTensorStore(t, i, s);
  }
}

static bool fillFromElements(Pt2eTensor *t, MlirAttribute a) {
  bool resource = mlirAttributeIsADenseResourceElements(a);
  if (!resource && !mlirAttributeIsADenseElements(a))
    return false;
  if (resource && !pt2eResourceBlobIsPresent(a))
    return false; /* dense_resource<missing>: nothing to read */
  if (!resource && mlirDenseElementsAttrIsSplat(a))
    return fillSplat(t, a);
  if (!resource && t->type != Pt2eElemI1)
    fillRaw(t, a);
  else
    fillByElement(t, a, resource);
  return true;
}

Pt2eTensor *pt2eTensorFromElementsAttr(MlirAttribute a, const SlotInfo *info,
                                       bool *outOfMemory) {
  Pt2eTensor *t;
  /* a non-splat dense attribute already holds the packed row-major data:
     borrow it instead of copying the weights */
  if (mlirAttributeIsADenseElements(a) && !mlirDenseElementsAttrIsSplat(a) &&
      info->type != Pt2eElemI1 && info->type != Pt2eElemI4) {
    t = pt2eTensorCreateBorrowed(info->type, info->rank, info->shape,
                                 mlirDenseElementsAttrGetRawData(a));
    *outOfMemory = t == NULL;
    return t;
  }
  t = pt2eTensorCreate(info->type, info->rank, info->shape);
  *outOfMemory = t == NULL;
  if (t && !fillFromElements(t, a)) {
    pt2eTensorRelease(t);
    return NULL;
  }
  return t;
}

/* }==================================================================== */
