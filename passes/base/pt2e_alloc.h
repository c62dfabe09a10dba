/*
** pt2e_alloc.h
** The allocator of pt2e-mlir: all heap memory of the project goes through
** pt2eAlloc/pt2eFree, so that a unit test can count allocations or make one
** fail (see test/unit), and so that the interpreter can keep what it holds
** under a ceiling. Plain C, no MLIR header.
*/
#ifndef PT2E_ALLOC_H
#define PT2E_ALLOC_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Returns 'size' bytes (zeroed) or NULL; size 0 returns NULL. */
void *pt2eAlloc(size_t size);
/* The same, not zeroed: for a buffer the caller writes whole before
** anything reads it (a tensor an op fills), which saves a pass over it. */
void *pt2eAllocUninit(size_t size);
/* Resizes 'ptr' like realloc; the new tail is not zeroed. */
void *pt2eRealloc(void *ptr, size_t size);
/* Frees 'ptr'; pt2eFree(NULL) does nothing. */
void pt2eFree(void *ptr);

/*
** Asks the C library to keep freed memory for reuse instead of handing it
** back to the system (glibc: every block from the heap, none mapped on
** its own, no trimming), so that the next batch's tensors of the same sizes do not
** fault their pages in again. Process-wide and once; the interpreter calls
** it when it is created. A no-op on other C libraries.
*/
void pt2eAllocKeepFreedMemory(void);

/*
** Test hook: after 'n' more successful allocations, every further one fails
** (n < 0 switches failure injection off). Returns the number of allocations
** made since the hook was last set.
*/
size_t pt2eAllocFailAfter(long n);

/*
** Bytes now held through pt2eAlloc, and the most held at once since the
** last pt2eAllocResetPeak (the interpreter's memory, for benchmarks).
** Not thread-safe: the project allocates from one thread.
*/
size_t pt2eAllocLiveBytes(void);
size_t pt2eAllocPeakBytes(void);
void pt2eAllocResetPeak(void);

/*
** A ceiling on the bytes held through pt2eAlloc at once (0: none, the
** default); an allocation that would pass it fails as if memory ran out.
** The interpreter sets it while it runs (its max-live-mb limit), so that a
** model cannot exhaust the machine. Returns the previous ceiling.
** pt2eAllocLimitHits counts the allocations it refused, so that a caller
** can tell "over the limit" from "out of memory".
*/
size_t pt2eAllocSetLimit(size_t maxLiveBytes);
size_t pt2eAllocLimitHits(void);

/*
** Growable arrays: a struct with 'at', 'size' and 'cap' fields, declared
** with PT2E_VEC(T), grows by doubling through pt2eVecGrow. PT2E_PUSH(v, x)
** appends x and is true, or false (nothing changed) when memory runs out:
**   PT2E_VEC(int) ids = {0};
**   if (!PT2E_PUSH(ids, 7)) return outOfMemory(...);
**   pt2eFree(ids.at);
*/
#define PT2E_VEC(T)                                                          \
  struct {                                                                   \
    T *at;                                                                   \
    size_t size, cap;                                                        \
  }
/* Room for one more element of 'elem' bytes in *at (size used, *cap held). */
int pt2eVecGrow(void **at, size_t *cap, size_t size, size_t elem);
#define PT2E_PUSH(v, item)                                                   \
  (pt2eVecGrow((void **)&(v).at, &(v).cap, (v).size, sizeof *(v).at)         \
       ? ((v).at[(v).size++] = (item), 1)                                    \
       : 0)

#ifdef __cplusplus
}
#endif

#endif /* PT2E_ALLOC_H */
