/*
** pt2e_support.c
** Allocation and message helpers shared by every C module of pt2e-mlir.
*/
#include "pt2e_support.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Diagnostics.h"

MlirLogicalResult pt2eEmitErrorV(MlirLocation loc, const char *prefix,
                                 const char *fmt, va_list ap) {
  char msg[1024], text[1024];
  vsnprintf(msg, sizeof msg, fmt, ap);
  snprintf(text, sizeof text, "%s%s", prefix, msg);
  mlirEmitError(loc, text);
  return mlirLogicalResultFailure();
}

MlirLogicalResult pt2eEmitError(MlirLocation loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  MlirLogicalResult r = pt2eEmitErrorV(loc, "", fmt, ap);
  va_end(ap);
  return r;
}

MlirLogicalResult pt2eEmitOpError(MlirOperation op, const char *who,
                                  const char *fmt, ...) {
  char prefix[256];
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  if (who)
    snprintf(prefix, sizeof prefix, "'%s': ", who);
  else
    snprintf(prefix, sizeof prefix, "'%.*s': ", (int)name.length, name.data);
  va_list ap;
  va_start(ap, fmt);
  MlirLogicalResult r = pt2eEmitErrorV(mlirOperationGetLocation(op), prefix, fmt, ap);
  va_end(ap);
  return r;
}

MlirLogicalResult pt2eOutOfMemory(MlirLocation loc, const char *who) {
  return pt2eEmitError(loc, "%s ran out of memory", who);
}

Pt2eTextBuf pt2eTextBufOver(char *storage, size_t cap) {
  Pt2eTextBuf t = {storage, cap, 0, false};
  storage[0] = '\0';
  return t;
}

void pt2eTextBufAppend(MlirStringRef s, void *userData) {
  Pt2eTextBuf *t = userData;
  size_t room = t->cap - 1 - t->len, n = s.length < room ? s.length : room;
  if (n < s.length)
    t->cut = true;
  memcpy(t->buf + t->len, s.data, n);
  t->len += n;
  t->buf[t->len] = '\0';
}

/* Notes whether printed text holds the "{-#" of a file-metadata section. */
static void findMetadata(MlirStringRef text, void *userData) {
  bool *found = userData;
  for (size_t i = 0; i + 3 <= text.length && !*found; i++)
    *found = memcmp(text.data + i, "{-#", 3) == 0;
}

/*
** The C API cannot ask a resource handle for its blob, but the printer
** writes a dialect_resources section, with the blob's bytes elided, for
** every referenced blob that exists, and none for a missing one. So the
** attribute is put on an empty module of its own and that is printed.
*/
bool pt2eResourceBlobIsPresent(MlirAttribute attr) {
  if (!mlirAttributeIsADenseResourceElements(attr))
    return true;
  MlirContext ctx = mlirAttributeGetContext(attr);
  MlirModule probe = mlirModuleCreateEmpty(mlirLocationUnknownGet(ctx));
  MlirOperation op = mlirModuleGetOperation(probe);
  mlirOperationSetAttributeByName(op, mlirStringRefCreateFromCString("pt2e.probe"),
                                  attr);
  MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
  mlirOpPrintingFlagsElideLargeResourceString(flags, 1);
  bool found = false;
  mlirOperationPrintWithFlags(op, flags, findMetadata, &found);
  mlirOpPrintingFlagsDestroy(flags);
  mlirModuleDestroy(probe);
  return found;
}

bool pt2eAttrToText(MlirAttribute a, char *buf, size_t cap) {
  Pt2eTextBuf text = pt2eTextBufOver(buf, cap);
  mlirAttributePrint(a, pt2eTextBufAppend, &text);
  return !text.cut;
}

int pt2eStringRefIs(MlirStringRef ref, const char *s) {
  size_t n = strlen(s);
  return ref.length == n && (n == 0 || memcmp(ref.data, s, n) == 0);
}

MlirStringRef pt2eSymbolName(MlirOperation op) {
  return mlirStringAttrGetValue(
      mlirOperationGetAttributeByName(op, mlirSymbolTableGetSymbolAttributeName()));
}
