/*
** pt2e_support.c
** Allocation and message helpers shared by every C module of pt2e-mlir.
*/
#include "pt2e_support.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlir-c/Diagnostics.h"

static long failAfter = -1;  /* allocations left before injected failure */
static size_t allocCount;    /* allocations since the hook was last set */

size_t pt2eAllocFailAfter(long n) {
  size_t made = allocCount;
  failAfter = n;
  allocCount = 0;
  return made;
}

static int injectFailure(void) {
  if (failAfter < 0)
    return 0;
  if (failAfter == 0)
    return 1;
  failAfter--;
  return 0;
}

void *pt2eAlloc(size_t size) {
  if (size == 0 || injectFailure())
    return NULL;
  allocCount++;
  return calloc(1, size);
}

void *pt2eRealloc(void *ptr, size_t size) {
  if (size == 0) {
    free(ptr);
    return NULL;
  }
  if (injectFailure())
    return NULL;
  allocCount++;
  return realloc(ptr, size);
}

void pt2eFree(void *ptr) { free(ptr); }

MlirLogicalResult pt2eEmitError(MlirLocation loc, const char *fmt, ...) {
  char msg[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  mlirEmitError(loc, msg);
  return mlirLogicalResultFailure();
}

int pt2eStringRefIs(MlirStringRef ref, const char *s) {
  size_t n = strlen(s);
  return ref.length == n && (n == 0 || memcmp(ref.data, s, n) == 0);
}
