/*
** pt2e_support.h
** Message and MLIR helpers shared by the C modules of pt2e-mlir that use
** MLIR; it includes pt2e_alloc.h, the allocator every module uses.
*/
#ifndef PT2E_SUPPORT_H
#define PT2E_SUPPORT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include "pt2e_alloc.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
** Emits an error at 'loc' through the context's diagnostic engine, formatted
** like printf, and returns failure so that callers can write
** 'return pt2eEmitError(loc, ...)'.
*/
MlirLogicalResult pt2eEmitError(MlirLocation loc, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/*
** The one formatter of the project's errors: emits 'prefix' followed by the
** printf-formatted text (cut at 1023 bytes) at 'loc' and returns failure.
** The variadic helpers here and in the dialect go through it.
*/
MlirLogicalResult pt2eEmitErrorV(MlirLocation loc, const char *prefix,
                                 const char *fmt, va_list ap);

/*
** Emits an error at 'op' that starts with "'<op name>': " (or, with a
** non-NULL 'who', "'<who>': ", such as a pass's name), then the printf-
** formatted text; returns failure. The one op-error helper of the project.
*/
MlirLogicalResult pt2eEmitOpError(MlirOperation op, const char *who,
                                  const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/*
** The one out-of-memory diagnostic: "<who> ran out of memory" at 'loc',
** 'who' as it should read: "interpreter", "'pt2e-prepare'"; returns
** failure.
*/
MlirLogicalResult pt2eOutOfMemory(MlirLocation loc, const char *who);

/*
** A text buffer that printing callbacks append to: 'buf' of 'cap' bytes,
** always NUL-terminated, cut (with 'cut' set) when full. Usable as an
** MlirStringCallback with pt2eTextBufAppend.
*/
typedef struct Pt2eTextBuf {
  char *buf;
  size_t cap, len;
  bool cut;
} Pt2eTextBuf;

/* A buffer over 'storage' of 'cap' bytes (cap >= 1), emptied. */
Pt2eTextBuf pt2eTextBufOver(char *storage, size_t cap);
/* Appends 's' (an MlirStringCallback: userData is the Pt2eTextBuf). */
void pt2eTextBufAppend(MlirStringRef s, void *userData);

/*
** True when the dense_resource attribute 'attr' has its blob. A model may
** name a resource its file does not define (dense_resource<missing>); MLIR
** parses that, and the C API's element getters then read through a null
** blob. Any other attribute: true.
*/
bool pt2eResourceBlobIsPresent(MlirAttribute attr);

/*
** The text of 'a' as MLIR prints it into 'buf' of 'cap' bytes (cap >= 1),
** NUL-terminated, cut when it does not fit: what a diagnostic shows of an
** attribute. Returns false when it was cut. Never read to decide anything.
*/
bool pt2eAttrToText(MlirAttribute a, char *buf, size_t cap);

/* The C string 's' as the C API's string reference (not copied). */
static inline MlirStringRef pt2eStr(const char *s) {
  return mlirStringRefCreateFromCString(s);
}

/* True when 'ref' holds exactly the C string 's'. */
int pt2eStringRefIs(MlirStringRef ref, const char *s);

/* The symbol name of 'op' (a func.func), borrowed from its attribute. */
MlirStringRef pt2eSymbolName(MlirOperation op);

#ifdef __cplusplus
}
#endif

#endif /* PT2E_SUPPORT_H */
