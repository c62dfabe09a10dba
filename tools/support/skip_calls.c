/*
** skip_calls.c
** The value of --skip-calls= (contracts in skip_calls.h).
*/
#include "skip_calls.h"

#include <string.h>

#include "pt2e_alloc.h"

MlirStringRef *pt2eToolSkipCalls(const char *text, size_t *n) {
  *n = 0;
  size_t len = text ? strlen(text) : 0;
  MlirStringRef *names = pt2eAlloc((len / 2 + 1) * sizeof *names);
  if (!names)
    return NULL;
  for (const char *v = text; v && *v;) {
    const char *end = strchr(v, ',');
    size_t k = end ? (size_t)(end - v) : strlen(v);
    if (k)
      names[(*n)++] = mlirStringRefCreate(v, k);
    v += k + (end != NULL);
  }
  return names;
}
