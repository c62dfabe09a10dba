/*
** test_alloc.c
** The allocator's cache of large blocks (dialect_bindings/pt2e_alloc.c):
** a freed block of a quarter MiB or more comes back for the next
** allocation of its size, zeroed when pt2eAlloc asks, without counting as
** live memory or against the ceiling; small blocks are never kept.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdbool.h>
#include <string.h>

#include "pt2e_alloc.h"

/* AddressSanitizer must see every use after free: the cache is off there. */
#if defined(__SANITIZE_ADDRESS__)
#define CACHE_ON 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CACHE_ON 0
#endif
#endif
#ifndef CACHE_ON
#define CACHE_ON 1
#endif

enum { Large = 1 << 20, Small = 1 << 12 };

static bool allZero(const unsigned char *p, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (p[i])
      return false;
  return true;
}

static void testFreedLargeBlockComesBackForItsSize(void **state) {
  (void)state;
  unsigned char *a = pt2eAllocUninit(Large);
  assert_non_null(a);
  memset(a, 0xab, Large);
  pt2eFree(a);
  unsigned char *b = pt2eAllocUninit(Large);
  assert_non_null(b);
  if (CACHE_ON)
    assert_ptr_equal(a, b);
  pt2eFree(b);
  pt2eAllocReleaseCache();
}

static void testZeroedAllocationFromTheCacheIsZeroed(void **state) {
  (void)state;
  unsigned char *a = pt2eAllocUninit(Large);
  assert_non_null(a);
  memset(a, 0xcd, Large);
  pt2eFree(a);
  unsigned char *b = pt2eAlloc(Large);
  assert_non_null(b);
  if (CACHE_ON)
    assert_ptr_equal(a, b);
  assert_true(allZero(b, Large));
  pt2eFree(b);
  pt2eAllocReleaseCache();
}

static void testOtherSizesAndSmallBlocksAreNotTakenFromTheCache(void **state) {
  (void)state;
  unsigned char *a = pt2eAllocUninit(Large);
  assert_non_null(a);
  pt2eFree(a);
  unsigned char *b = pt2eAllocUninit(Large + 64); /* held while 'a' waits */
  assert_non_null(b);
  assert_ptr_not_equal(a, b);
  unsigned char *c = pt2eAllocUninit(Large);
  if (CACHE_ON)
    assert_ptr_equal(a, c);
  pt2eFree(b);
  pt2eFree(c);
  pt2eAllocReleaseCache();
  /* a small block is freed at once (malloc may still hand it out again:
  ** only the live count is checked) */
  size_t live = pt2eAllocLiveBytes();
  void *s = pt2eAllocUninit(Small);
  assert_non_null(s);
  pt2eFree(s);
  assert_int_equal(pt2eAllocLiveBytes(), live);
}

static void testCachedBlocksAreNotLiveAndNotUnderTheCeiling(void **state) {
  (void)state;
  size_t live = pt2eAllocLiveBytes();
  void *blocks[8];
  for (int i = 0; i < 8; i++)
    assert_non_null(blocks[i] = pt2eAllocUninit(Large));
  assert_int_equal(pt2eAllocLiveBytes(), live + 8 * (size_t)Large);
  for (int i = 0; i < 8; i++)
    pt2eFree(blocks[i]);
  assert_int_equal(pt2eAllocLiveBytes(), live);
  /* 8 MiB wait in the cache; a ceiling of 2 MiB above what is live still
  ** allows one more MiB, and refuses three */
  size_t old = pt2eAllocSetLimit(live + 2 * (size_t)Large);
  void *one = pt2eAllocUninit(Large);
  assert_non_null(one);
  size_t hits = pt2eAllocLimitHits();
  assert_null(pt2eAllocUninit(3 * (size_t)Large));
  assert_int_equal(pt2eAllocLimitHits(), hits + 1);
  pt2eFree(one);
  pt2eAllocSetLimit(old);
  pt2eAllocReleaseCache();
}

static void testInjectedFailureStillFailsWithABlockInTheCache(void **state) {
  (void)state;
  void *a = pt2eAllocUninit(Large);
  assert_non_null(a);
  pt2eFree(a);
  pt2eAllocFailAfter(0);
  assert_null(pt2eAllocUninit(Large));
  pt2eAllocFailAfter(-1);
  void *b = pt2eAllocUninit(Large);
  assert_non_null(b);
  pt2eFree(b);
  pt2eAllocReleaseCache();
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(testFreedLargeBlockComesBackForItsSize),
      cmocka_unit_test(testZeroedAllocationFromTheCacheIsZeroed),
      cmocka_unit_test(testOtherSizesAndSmallBlocksAreNotTakenFromTheCache),
      cmocka_unit_test(testCachedBlocksAreNotLiveAndNotUnderTheCeiling),
      cmocka_unit_test(testInjectedFailureStillFailsWithABlockInTheCache),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
