/*
** cmpf.h
** arith.cmpf's predicates: their numbers (MLIR's arith::CmpFPredicate, the
** integer the 'predicate' attribute holds), what each computes, and the
** predicate of an op. The one place these numbers are written.
*/
#ifndef PT2E_IR_CMPF_H
#define PT2E_IR_CMPF_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/IR.h"

typedef enum Pt2eCmpf {
  PT2E_CMPF_FALSE = 0,
  PT2E_CMPF_OEQ, PT2E_CMPF_OGT, PT2E_CMPF_OGE, PT2E_CMPF_OLT, PT2E_CMPF_OLE,
  PT2E_CMPF_ONE, PT2E_CMPF_ORD,
  PT2E_CMPF_UEQ, PT2E_CMPF_UGT, PT2E_CMPF_UGE, PT2E_CMPF_ULT, PT2E_CMPF_ULE,
  PT2E_CMPF_UNE, PT2E_CMPF_UNO,
  PT2E_CMPF_TRUE
} Pt2eCmpf;

/*
** The predicate of an arith.cmpf op, or -1 when 'op' carries no integer
** 'predicate' attribute in range.
*/
static inline int pt2eCmpfOf(MlirOperation op) {
  MlirAttribute p =
      mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("predicate"));
  if (mlirAttributeIsNull(p) || !mlirAttributeIsAInteger(p))
    return -1;
  int64_t v = mlirIntegerAttrGetValueInt(p);
  return v >= PT2E_CMPF_FALSE && v <= PT2E_CMPF_TRUE ? (int)v : -1;
}

/* True for ogt, oge, ugt, uge: the predicates of a max against a bound. */
static inline bool pt2eCmpfIsGreater(int pred) {
  return pred == PT2E_CMPF_OGT || pred == PT2E_CMPF_OGE || pred == PT2E_CMPF_UGT ||
         pred == PT2E_CMPF_UGE;
}

/* True for olt, ole, ult, ule: the predicates of a min against a bound. */
static inline bool pt2eCmpfIsLess(int pred) {
  return pred == PT2E_CMPF_OLT || pred == PT2E_CMPF_OLE || pred == PT2E_CMPF_ULT ||
         pred == PT2E_CMPF_ULE;
}

/* What cmpf 'pred' gives on a and b, NaN included (an unordered predicate
** holds when either is NaN, an ordered one does not). */
static inline bool pt2eCmpfHolds(int pred, double a, double b) {
  bool unord = isnan(a) || isnan(b);
  switch (pred) {
  case PT2E_CMPF_FALSE: return false;
  case PT2E_CMPF_OEQ: return !unord && a == b;
  case PT2E_CMPF_OGT: return !unord && a > b;
  case PT2E_CMPF_OGE: return !unord && a >= b;
  case PT2E_CMPF_OLT: return !unord && a < b;
  case PT2E_CMPF_OLE: return !unord && a <= b;
  case PT2E_CMPF_ONE: return !unord && a != b;
  case PT2E_CMPF_ORD: return !unord;
  case PT2E_CMPF_UEQ: return unord || a == b;
  case PT2E_CMPF_UGT: return unord || a > b;
  case PT2E_CMPF_UGE: return unord || a >= b;
  case PT2E_CMPF_ULT: return unord || a < b;
  case PT2E_CMPF_ULE: return unord || a <= b;
  case PT2E_CMPF_UNE: return unord || a != b;
  case PT2E_CMPF_UNO: return unord;
  default: return true;
  }
}

#endif /* PT2E_IR_CMPF_H */
