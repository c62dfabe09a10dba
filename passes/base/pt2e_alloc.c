/*
** pt2e_alloc.c
** The project's one allocator: counted, with a ceiling and a failure hook
** (see pt2e_alloc.h). No MLIR header: the numerics and the file readers,
** which build without MLIR, allocate through it too.
*/
#include "pt2e_alloc.h"

#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

static long failAfter = -1;  /* allocations left before injected failure */
static size_t allocCount;    /* allocations since the hook was last set */
static size_t liveBytes, peakBytes;
static size_t liveLimit;   /* 0: none; see pt2eAllocSetLimit */
static size_t limitHits;   /* allocations refused by the limit */

/*
** Each block carries its size in a 16-byte header (16 keeps the payload
** aligned for vector loads), so that live and peak bytes can be counted.
*/
typedef union Header {
  size_t size;
  max_align_t align;
  char pad[16];
} Header;

size_t pt2eAllocFailAfter(long n) {
  size_t made = allocCount;
  failAfter = n;
  allocCount = 0;
  return made;
}

size_t pt2eAllocLiveBytes(void) { return liveBytes; }

size_t pt2eAllocPeakBytes(void) { return peakBytes; }

void pt2eAllocResetPeak(void) { peakBytes = liveBytes; }

size_t pt2eAllocSetLimit(size_t maxLiveBytes) {
  size_t old = liveLimit;
  liveLimit = maxLiveBytes;
  return old;
}

size_t pt2eAllocLimitHits(void) { return limitHits; }

/* True when 'more' bytes on top of what is live would pass the limit. */
static int overLimit(size_t more) {
  if (liveLimit == 0 || (liveBytes <= liveLimit && more <= liveLimit - liveBytes))
    return 0;
  limitHits++;
  return 1;
}

static int injectFailure(void) {
  if (failAfter < 0)
    return 0;
  if (failAfter == 0)
    return 1;
  failAfter--;
  return 0;
}

static void *track(Header *h, size_t size) {
  h->size = size;
  liveBytes += size;
  if (liveBytes > peakBytes)
    peakBytes = liveBytes;
  return h + 1;
}

static void *allocate(size_t size, int zeroed) {
  if (size == 0 || size > SIZE_MAX - sizeof(Header) || injectFailure() ||
      overLimit(size))
    return NULL;
  Header *h = zeroed ? calloc(1, sizeof(Header) + size) : malloc(sizeof(Header) + size);
  if (!h)
    return NULL;
  allocCount++;
  return track(h, size);
}

void *pt2eAlloc(size_t size) { return allocate(size, 1); }

void *pt2eAllocUninit(size_t size) { return allocate(size, 0); }

void *pt2eRealloc(void *ptr, size_t size) {
  if (size == 0) {
    pt2eFree(ptr);
    return NULL;
  }
  if (size > SIZE_MAX - sizeof(Header) || injectFailure())
    return NULL;
  Header *old = ptr ? (Header *)ptr - 1 : NULL;
  size_t oldSize = old ? old->size : 0;
  if (size > oldSize && overLimit(size - oldSize))
    return NULL;
  Header *h = realloc(old, sizeof(Header) + size);
  if (!h)
    return NULL;
  allocCount++;
  liveBytes -= oldSize;
  return track(h, size);
}

void pt2eFree(void *ptr) {
  if (!ptr)
    return;
  Header *h = (Header *)ptr - 1;
  liveBytes -= h->size;
  free(h);
}

/*
** A calibration allocates the same activations on every batch. glibc maps
** blocks above its threshold (128 KiB at first, 32 MiB at most) and trims
** freed memory off the top of the heap, so each batch paid the page faults
** of its activations again: the transformer took 113k faults and 0.43 s of
** system time for 8 batches, MobileNetV2 (38 MiB activations) 262k. All
** blocks from the heap (no mappings) and no trimming keep the memory
** between batches: 43k and 51k faults, ResNet-18 173k -> 49k, peak RSS no
** higher (a cache of our own, tried first, kept blocks of one size only
** and held 140-210 MiB more).
*/
void pt2eAllocKeepFreedMemory(void) {
#if defined(__GLIBC__)
  static int done;
  if (done)
    return;
  done = 1;
  mallopt(M_MMAP_MAX, 0);
  mallopt(M_TRIM_THRESHOLD, INT_MAX);
#endif
}

int pt2eVecGrow(void **at, size_t *cap, size_t size, size_t elem) {
  if (size < *cap)
    return 1;
  size_t n = *cap ? 2 * *cap : 16;
  if (elem == 0 || n > SIZE_MAX / 2 / elem)
    return 0;
  void *p = pt2eRealloc(*at, n * elem);
  if (!p)
    return 0;
  *at = p;
  *cap = n;
  return 1;
}
