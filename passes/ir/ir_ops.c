/*
** ir_ops.c
** Operations as the C API shows them (contracts in ir_ops.h).
*/
#include "ir_ops.h"

#include <string.h>

#include "mlir-c/BuiltinAttributes.h"

#include "pt2e_alloc.h"
#include "pt2e_support.h"

bool pt2eOpIs(MlirOperation op, const char *name) {
  return !mlirOperationIsNull(op) &&
         pt2eStringRefIs(mlirIdentifierStr(mlirOperationGetName(op)), name);
}

bool pt2eOpHasName(MlirOperation op, MlirStringRef name) {
  return !mlirOperationIsNull(op) &&
         mlirStringRefEqual(mlirIdentifierStr(mlirOperationGetName(op)), name);
}

bool pt2eOpHasPrefix(MlirOperation op, const char *prefix) {
  if (mlirOperationIsNull(op))
    return false;
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  size_t len = strlen(prefix);
  return n.length >= len && memcmp(n.data, prefix, len) == 0;
}

MlirStringRef pt2eOpNameOf(MlirOperation op) {
  return mlirIdentifierStr(mlirOperationGetName(op));
}

MlirOperation pt2eOpProducer(MlirValue v) {
  if (mlirValueIsAOpResult(v))
    return mlirOpResultGetOwner(v);
  return (MlirOperation){NULL};
}

MlirOperation pt2eOpSoleUser(MlirValue v) {
  MlirOpOperand use = mlirValueGetFirstUse(v);
  if (mlirOpOperandIsNull(use) || !mlirOpOperandIsNull(mlirOpOperandGetNextUse(use)))
    return (MlirOperation){NULL};
  return mlirOpOperandGetOwner(use);
}

MlirOperation pt2eOpOnlyUser(MlirValue v) {
  MlirOpOperand use = mlirValueGetFirstUse(v);
  if (mlirOpOperandIsNull(use))
    return (MlirOperation){NULL};
  MlirOperation user = mlirOpOperandGetOwner(use);
  for (use = mlirOpOperandGetNextUse(use); !mlirOpOperandIsNull(use);
       use = mlirOpOperandGetNextUse(use))
    if (!mlirOperationEqual(mlirOpOperandGetOwner(use), user))
      return (MlirOperation){NULL};
  return user;
}

MlirAttribute pt2eOpAttr(MlirOperation op, const char *name) {
  return mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
}

intptr_t pt2eOpNumInputs(MlirOperation op) {
  return mlirOperationGetNumOperands(op) - mlirOperationGetNumResults(op);
}

intptr_t pt2eOpNumSources(MlirOperation op) {
  return pt2eOpHasPrefix(op, "linalg.") ? pt2eOpNumInputs(op) : mlirOperationGetNumOperands(op);
}

MlirOperation pt2eOpFindSymbol(MlirOperation module, MlirStringRef name) {
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation o = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o)) {
    MlirAttribute sym = mlirOperationGetAttributeByName(
        o, mlirSymbolTableGetSymbolAttributeName());
    if (!mlirAttributeIsNull(sym) && mlirStringRefEqual(mlirStringAttrGetValue(sym), name))
      return o;
  }
  return (MlirOperation){NULL};
}

MlirOperation pt2eOpFindFunc(MlirOperation module, MlirStringRef name) {
  MlirOperation o = pt2eOpFindSymbol(module, name);
  return pt2eOpIs(o, "func.func") ? o : (MlirOperation){NULL};
}

/* True when 'op' is in 'seen' (a linear search: used on error paths). */
static bool seenOp(const MlirOperation *seen, size_t n, MlirOperation op) {
  for (size_t i = 0; i < n; i++)
    if (mlirOperationEqual(seen[i], op))
      return true;
  return false;
}

bool pt2eOpArgumentsFeeding(MlirValue v, MlirBlock block, bool *feeds,
                            intptr_t numArgs) {
  PT2E_VEC(MlirValue) work = {0};
  PT2E_VEC(MlirOperation) seen = {0};
  bool ok = PT2E_PUSH(work, v);
  while (ok && work.size > 0) {
    MlirValue x = work.at[--work.size];
    if (mlirValueIsABlockArgument(x)) {
      intptr_t k = mlirBlockArgumentGetArgNumber(x);
      if (mlirBlockEqual(mlirBlockArgumentGetOwner(x), block) && k >= 0 &&
          k < numArgs)
        feeds[k] = true;
      continue;
    }
    MlirOperation op = pt2eOpProducer(x);
    if (mlirOperationIsNull(op) || seenOp(seen.at, seen.size, op))
      continue;
    ok = PT2E_PUSH(seen, op);
    for (intptr_t i = 0; ok && i < mlirOperationGetNumOperands(op); i++)
      ok = PT2E_PUSH(work, mlirOperationGetOperand(op, i));
  }
  pt2eFree(work.at);
  pt2eFree(seen.at);
  return ok;
}
