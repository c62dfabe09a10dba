/*
** entry.c
** The function a tool or pass runs (contracts in entry.h).
*/
#include "entry.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "mlir-c/BuiltinAttributes.h"

#include "ir_ops.h"
#include "pt2e_support.h"

/* True when the func.func 'f' has a body (is not a declaration). */
static bool hasBody(MlirOperation f) {
  MlirRegion r = mlirOperationGetRegion(f, 0);
  return !mlirRegionIsNull(r) && !mlirBlockIsNull(mlirRegionGetFirstBlock(r));
}

/* True when 'f' is public: no sym_visibility, or "public". */
static bool isPublic(MlirOperation f) {
  MlirAttribute vis = pt2eOpAttr(f, "sym_visibility");
  return mlirAttributeIsNull(vis) || !mlirAttributeIsAString(vis) ||
         pt2eStringRefIs(mlirStringAttrGetValue(vis), "public");
}

/* Appends "@name" (with ", " before all but the first) to 'buf' at '*len'. */
static void appendName(char *buf, size_t size, size_t *len, int index,
                       MlirStringRef name) {
  if (*len >= size)
    return;
  int n = snprintf(buf + *len, size - *len, "%s@%.*s", index ? ", " : "",
                   (int)name.length, name.data);
  *len = n < 0 ? size : *len + (size_t)n;
}

MlirOperation pt2eEntryFind(MlirOperation module, const char *name,
                            const char *option, char *err, size_t errSize) {
  MlirOperation none = {NULL};
  if (name && *name) {
    MlirOperation f = pt2eOpFindFunc(module, pt2eStr(name));
    if (mlirOperationIsNull(f)) {
      snprintf(err, errSize, "no func.func @%s in the module", name);
      return none;
    }
    if (!hasBody(f)) {
      snprintf(err, errSize, "@%s is a declaration without a body", name);
      return none;
    }
    return f;
  }
  MlirOperation found = none;
  int count = 0;
  char names[512];
  size_t len = 0;
  names[0] = '\0';
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation o = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o)) {
    if (!pt2eOpIs(o, "func.func") || !isPublic(o) || !hasBody(o))
      continue;
    appendName(names, sizeof names, &len, count, pt2eSymbolName(o));
    found = o;
    count++;
  }
  if (count == 1)
    return found;
  if (count == 0)
    snprintf(err, errSize, "no public func.func with a body to run");
  else
    snprintf(err, errSize, "%d public functions with a body: %s%s; name one "
             "with %s", count, names, len >= sizeof names ? "..." : "", option);
  return none;
}
