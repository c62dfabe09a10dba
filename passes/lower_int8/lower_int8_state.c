/*
** lower_int8_state.c
** pt2e-lower-int8's state (contracts in lower_int8_state.h): the map from
** value to integer form, the ops the walk created, the failure report.
**
** The map is open addressing on the value's pointer (MlirValue.ptr, stable
** while the op lives), linear probing, a power-of-two capacity kept at
** least twice the entries; entries are never removed, the walk only adds.
*/
#include "lower_int8_state.h"

#include <stdio.h>

#include "pt2e_alloc.h"

/*
** {======================================================================
** Value map
** =======================================================================
*/

static size_t slotOf(Li8Lower *l, const void *key) {
  size_t h = ((uintptr_t)key >> 4) * 0x9E3779B97F4A7C15ull;
  size_t i = h & (l->cap - 1);
  while (l->keys[i] && l->keys[i] != key)
    i = (i + 1) & (l->cap - 1);
  return i;
}

static bool mapGrow(Li8Lower *l) {
  size_t ncap = l->cap ? l->cap * 2 : 1024;
  const void **nk = pt2eAlloc(ncap * sizeof *nk);
  Li8ValueInfo *nv = pt2eAlloc(ncap * sizeof *nv);
  if (!nk || !nv) {
    pt2eFree((void *)nk);
    pt2eFree(nv);
    return false;
  }
  const void **ok = l->keys;
  Li8ValueInfo *ov = l->vals;
  size_t ocap = l->cap;
  l->keys = nk;
  l->vals = nv;
  l->cap = ncap;
  for (size_t i = 0; i < ocap; i++)
    if (ok[i]) {
      size_t s = slotOf(l, ok[i]);
      l->keys[s] = ok[i];
      l->vals[s] = ov[i];
    }
  pt2eFree((void *)ok);
  pt2eFree(ov);
  return true;
}

Li8ValueInfo *li8InfoOf(Li8Lower *l, MlirValue v) {
  if (!l->cap)
    return NULL;
  size_t s = slotOf(l, v.ptr);
  return l->keys[s] ? &l->vals[s] : NULL;
}

Li8Kind li8KindOf(Li8Lower *l, MlirValue v) {
  Li8ValueInfo *i = li8InfoOf(l, v);
  return i ? i->kind : Li8KindNone;
}

bool li8SetInfo(Li8Lower *l, MlirValue v, const Li8ValueInfo *info) {
  Li8ValueInfo copy = *info;
  copy.padSrc = (MlirValue){NULL};
  return li8SetPadInfo(l, v, &copy);
}

bool li8SetPadInfo(Li8Lower *l, MlirValue v, const Li8ValueInfo *info) {
  if ((l->used + 1) * 2 > l->cap && !mapGrow(l))
    return false;
  size_t s = slotOf(l, v.ptr);
  if (!l->keys[s])
    l->used++;
  l->keys[s] = v.ptr;
  l->vals[s] = *info;
  return true;
}

/* }====================================================================== */

void li8RecordCreated(Li8Lower *l, MlirOperation op) {
  if (!PT2E_PUSH(l->created, op))
    l->failed = true;
}

void li8EraseCreated(Li8Lower *l) {
  for (size_t i = l->created.size; i-- > 0;)
    mlirOperationDestroy(l->created.at[i]);
}

void li8StateFree(Li8Lower *l) {
  for (size_t i = 0; i < l->cap; i++)
    if (l->keys[i])
      pt2eFree(l->vals[i].scales);
  pt2eFree((void *)l->keys);
  pt2eFree(l->vals);
  pt2eFree(l->created.at);
  pt2eFree(l->loweredQ.at);
  pt2eFree(l->loweredQVal.at);
  pt2eFree(l->units.at);
}

MlirLogicalResult li8Fail(Li8Lower *l, MlirOperation op, const char *fmt, double a, double b) {
  char msg[400];
  snprintf(msg, sizeof msg, fmt, a, b);
  l->failed = true;
  return pt2eEmitOpError(op, "pt2e-lower-int8", "%s", msg);
}
