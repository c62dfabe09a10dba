/*
** tensor.h
** The interpreter's floor: scalars, the static type of a value (SlotInfo),
** element types read from MLIR types, element access of a Pt2eTensor, and
** attribute -> tensor. It includes nothing else of the interpreter but
** interp.h (where Pt2eTensor and its owner functions are declared), so
** every other file of passes/interp/ can build on it.
*/
#ifndef PT2E_INTERP_TENSOR_H
#define PT2E_INTERP_TENSOR_H

#include "interp.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A scalar of any supported type; integers are kept sign-extended. */
typedef union Pt2eScalar {
  float f32;
  double f64;
  int64_t i;
} Pt2eScalar;

/* Static facts about a value (a slot), known at compile time. */
typedef struct SlotInfo {
  bool isTensor;
  Pt2eElemType type;
  int rank;
  int64_t shape[PT2E_MAX_RANK];
  bool pinned; /* arguments: never released by last use */
} SlotInfo;

/* Wraps 'v' to the width of 't' (sign-extended; i1 as 0/1). */
static inline int64_t pt2eScalarWrapInt(int64_t v, Pt2eElemType t) {
  switch (t) {
  case Pt2eElemI1: return v & 1;
  case Pt2eElemI4: return (int64_t)(((uint64_t)v & 0xFu) ^ 0x8u) - 8;
  case Pt2eElemI8: return (int8_t)v;
  case Pt2eElemI16: return (int16_t)v;
  case Pt2eElemI32: return (int32_t)v;
  default: return v;
  }
}

/* 'd' as a float scalar of type 't' (f32 rounds, f64 keeps it). */
static inline Pt2eScalar pt2eScalarOfDouble(double d, Pt2eElemType t) {
  Pt2eScalar v;
  v.i = 0;
  if (t == Pt2eElemF32)
    v.f32 = (float)d;
  else
    v.f64 = d;
  return v;
}

/* A !quant type's storage as an element type (i4, i8, i16, i32); false for
** other types. */
bool pt2eQuantElemTypeFromMlir(MlirType type, Pt2eElemType *out);
/* Fills 'info' from an MLIR type; false (no diagnostic) when unsupported. */
bool pt2eSlotInfoFromType(MlirType type, SlotInfo *info);
/* "tensor<4x3xf32>" style printing of a slot type, for messages. */
void pt2eSlotInfoFormat(const SlotInfo *info, char *buf, size_t size);

/* Reads / writes element 'i' of a tensor as a scalar of its type. */
Pt2eScalar pt2eTensorLoad(const Pt2eTensor *t, int64_t i);
void pt2eTensorStore(Pt2eTensor *t, int64_t i, Pt2eScalar v);
/* Like pt2eTensorCreate, its contents undefined: only for a tensor the
** caller writes whole before anything reads it. */
Pt2eTensor *pt2eTensorCreateUninit(Pt2eElemType type, int rank, const int64_t *shape);

/* Reads a scalar constant attribute (FloatAttr, IntegerAttr, bool) as a
** scalar of type 't'; false when it is none of those. */
bool pt2eScalarFromAttr(MlirAttribute a, Pt2eElemType t, Pt2eScalar *out);
/* The value of a dense or dense_resource attribute as a tensor of 'info'
** (borrowing the attribute's data where it can); NULL if unreadable, or,
** with *outOfMemory set, when memory ran out. */
Pt2eTensor *pt2eTensorFromElementsAttr(MlirAttribute a, const SlotInfo *info,
                                       bool *outOfMemory);

#endif /* PT2E_INTERP_TENSOR_H */
