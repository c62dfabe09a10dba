/*
** test_alloc.c
** pt2eAllocKeepFreedMemory (passes/base/pt2e_alloc.c): after it, a
** freed block of megabytes stays in the process and the next allocation
** of its size gets it back (glibc, without AddressSanitizer, which keeps
** freed memory in quarantine); the counts of live bytes are unchanged by
** it.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "pt2e_alloc.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#if defined(__SANITIZE_ADDRESS__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANITIZED 1
#endif
#endif
#ifndef SANITIZED
#define SANITIZED 0
#endif

enum { Megabytes8 = 8 << 20, Megabytes40 = 40 << 20 };

static void freedBlockComesBack(size_t size) {
  size_t live = pt2eAllocLiveBytes();
#if defined(__GLIBC__) && !SANITIZED
  size_t mapped = mallinfo2().hblkhd;
#endif
  unsigned char *a = pt2eAllocUninit(size);
  assert_non_null(a);
  memset(a, 0xab, size);
  assert_int_equal(pt2eAllocLiveBytes(), live + size);
#if defined(__GLIBC__) && !SANITIZED
  /* from the heap, not a mapping of its own (glibc's default maps it) */
  assert_int_equal(mallinfo2().hblkhd, mapped);
  size_t heap = mallinfo2().arena;
#endif
  pt2eFree(a);
  assert_int_equal(pt2eAllocLiveBytes(), live);
#if defined(__GLIBC__) && !SANITIZED
  /* and not trimmed off the heap when freed (glibc's default trims it) */
  assert_int_equal(mallinfo2().arena, heap);
#endif
  unsigned char *b = pt2eAllocUninit(size);
  assert_non_null(b);
#if defined(__GLIBC__) && !SANITIZED
  assert_ptr_equal(a, b); /* the same pages, already faulted in */
#endif
  pt2eFree(b);
}

static void testFreedLargeBlockComesBackForTheNextBatch(void **state) {
  (void)state;
  pt2eAllocKeepFreedMemory();
  pt2eAllocKeepFreedMemory(); /* once is enough; twice changes nothing */
  freedBlockComesBack(Megabytes8);
  /* above glibc's largest mapping threshold (32 MiB): MobileNetV2's first
  ** activations are 38 MiB */
  freedBlockComesBack(Megabytes40);
}

static void testZeroedAllocationAfterReuseIsZeroed(void **state) {
  (void)state;
  pt2eAllocKeepFreedMemory();
  unsigned char *a = pt2eAllocUninit(Megabytes8);
  assert_non_null(a);
  memset(a, 0xcd, Megabytes8);
  pt2eFree(a);
  unsigned char *b = pt2eAlloc(Megabytes8);
  assert_non_null(b);
  for (size_t i = 0; i < Megabytes8; i++)
    if (b[i] != 0)
      fail_msg("byte %zu of a zeroed allocation is %d", i, b[i]);
  pt2eFree(b);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(testFreedLargeBlockComesBackForTheNextBatch),
      cmocka_unit_test(testZeroedAllocationAfterReuseIsZeroed),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
