/*
** pt2e_alloc.c
** The project's one allocator: counted, with a ceiling and a failure hook
** (see pt2e_alloc.h). No MLIR header: the numerics and the file readers,
** which build without MLIR, allocate through it too.
*/
#include "pt2e_alloc.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

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

/*
** {======================================================================
** The cache of large blocks. A calibration allocates the same activation
** tensors on every batch, and a freed block of megabytes goes back to the
** kernel (glibc maps such blocks, or trims them off the heap), so every
** batch paid the page faults of its activations again (the transformer: 57k
** of its 113k faults; its loop took 0.91 s, 0.51-0.61 s with the cache).
** Freed blocks of at least CacheMinBytes wait here, at most CacheMaxBlocks
** and CacheMaxBytes of them, and an allocation of exactly their size takes
** one back (zeroed again if asked: a memset of warm pages costs less than
** the faults of fresh ones). They are not live:
** the ceiling does not count them, and a refused or failed allocation
** empties the cache first. Off under AddressSanitizer, which must see every
** use after free.
** =======================================================================
*/
#if defined(__SANITIZE_ADDRESS__)
#define PT2E_BLOCK_CACHE 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PT2E_BLOCK_CACHE 0
#endif
#endif
#ifndef PT2E_BLOCK_CACHE
#define PT2E_BLOCK_CACHE 1
#endif

enum { CacheMaxBlocks = 32 };
static const size_t CacheMinBytes = (size_t)1 << 18;
static const size_t CacheMaxBytes = (size_t)256 << 20;
static Header *cached[CacheMaxBlocks]; /* oldest first */
static int numCached;
static size_t cachedBytes;

static Header *cacheTake(size_t size) {
  for (int i = numCached - 1; i >= 0; i--) {
    if (cached[i]->size != size)
      continue;
    Header *h = cached[i];
    for (int j = i; j + 1 < numCached; j++)
      cached[j] = cached[j + 1];
    numCached--;
    cachedBytes -= size;
    return h;
  }
  return NULL;
}

static void cacheDropOldest(void) {
  cachedBytes -= cached[0]->size;
  free(cached[0]);
  for (int j = 0; j + 1 < numCached; j++)
    cached[j] = cached[j + 1];
  numCached--;
}

/* Keeps 'h' for reuse; false when it is not worth keeping. */
static int cacheKeep(Header *h) {
  if (!PT2E_BLOCK_CACHE || h->size < CacheMinBytes || h->size > CacheMaxBytes)
    return 0;
  while (numCached > 0 &&
         (numCached == CacheMaxBlocks || cachedBytes + h->size > CacheMaxBytes))
    cacheDropOldest();
  cached[numCached++] = h;
  cachedBytes += h->size;
  return 1;
}

void pt2eAllocReleaseCache(void) {
  while (numCached > 0)
    cacheDropOldest();
}

/* }====================================================================== */

static void *allocate(size_t size, int zeroed) {
  if (size == 0 || size > SIZE_MAX - sizeof(Header) || injectFailure())
    return NULL;
  if (overLimit(size)) {
    pt2eAllocReleaseCache();
    return NULL;
  }
  Header *h = size >= CacheMinBytes ? cacheTake(size) : NULL;
  if (h && zeroed)
    memset(h + 1, 0, size); /* cheaper than the page faults of a fresh block */
  if (!h) {
    h = zeroed ? calloc(1, sizeof(Header) + size) : malloc(sizeof(Header) + size);
    if (!h && numCached > 0) { /* what the cache holds may be what is missing */
      pt2eAllocReleaseCache();
      h = zeroed ? calloc(1, sizeof(Header) + size) : malloc(sizeof(Header) + size);
    }
  }
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
  if (!cacheKeep(h))
    free(h);
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
