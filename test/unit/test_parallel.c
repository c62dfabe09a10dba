/*
** test_parallel.c
** The worker pool (passes/base/pt2e_parallel.c): every item is run
** exactly once, ranges are contiguous and follow pt2eParallelChunks, a
** nested loop runs on its caller, and the pool survives many short loops
** with changing thread counts, and loops that come while the workers spin
** and after they went to sleep.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pt2e_parallel.h"

typedef struct Count {
  int *hits;         /* per item */
  int64_t firsts[PT2E_MAX_THREADS], lasts[PT2E_MAX_THREADS];
  int calls[PT2E_MAX_THREADS];
  int nested;        /* nested loops that ran inside their caller's range */
} Count;

static void countItems(void *ctx, int64_t begin, int64_t end, int worker) {
  Count *c = ctx;
  for (int64_t i = begin; i < end; i++)
    __atomic_fetch_add(&c->hits[i], 1, __ATOMIC_RELAXED);
  c->firsts[worker] = begin;
  c->lasts[worker] = end;
  c->calls[worker]++;
}

static void expectEachOnce(int threads, int64_t n, int64_t grain) {
  static int hits[100000];
  Count c;
  memset(&c, 0, sizeof c);
  memset(hits, 0, sizeof hits);
  c.hits = hits;
  pt2eParallelConfigure(threads);
  int chunks = pt2eParallelChunks(n, grain);
  pt2eParallelFor(n, grain, countItems, &c);
  for (int64_t i = 0; i < n; i++)
    assert_int_equal(hits[i], 1);
  /* chunk t is [n*t/chunks, n*(t+1)/chunks) on worker t */
  for (int t = 0; t < chunks; t++) {
    assert_int_equal(c.calls[t], 1);
    assert_int_equal(c.firsts[t], n * t / chunks);
    assert_int_equal(c.lasts[t], n * (t + 1) / chunks);
  }
  for (int t = chunks; t < PT2E_MAX_THREADS; t++)
    assert_int_equal(c.calls[t], 0);
}

static void testEveryItemOnce(void **state) {
  (void)state;
  for (int threads = 1; threads <= 5; threads++) {
    expectEachOnce(threads, 1, 1);
    expectEachOnce(threads, 7, 1);
    expectEachOnce(threads, 99991, 1000);
    expectEachOnce(threads, 100000, 1);
  }
  pt2eParallelConfigure(0);
}

static void testChunks(void **state) {
  (void)state;
  pt2eParallelConfigure(4);
  assert_int_equal(pt2eParallelChunks(0, 10), 1);
  assert_int_equal(pt2eParallelChunks(39, 10), 3);
  assert_int_equal(pt2eParallelChunks(1000, 10), 4);
  assert_int_equal(pt2eParallelChunks(1000, 0), 4);
  pt2eParallelConfigure(0);
  assert_true(pt2eParallelThreads() >= 1);
}

static void innerLoop(void *ctx, int64_t begin, int64_t end, int worker) {
  (void)worker;
  Count *c = ctx;
  for (int64_t i = begin; i < end; i++)
    __atomic_fetch_add(&c->hits[i], 1, __ATOMIC_RELAXED);
}

typedef struct Outer {
  Count inner;
  int ok[PT2E_MAX_THREADS];
} Outer;

static void outerLoop(void *ctx, int64_t begin, int64_t end, int worker) {
  Outer *o = ctx;
  (void)begin;
  (void)end;
  /* A nested loop must run on this thread: its items are this worker's. */
  static int hits[PT2E_MAX_THREADS][64];
  Count c;
  memset(&c, 0, sizeof c);
  c.hits = hits[worker];
  pt2eParallelFor(64, 1, innerLoop, &c);
  int all = 1;
  for (int i = 0; i < 64; i++)
    all &= hits[worker][i] == 1;
  o->ok[worker] = all;
}

static void testNestedRunsOnCaller(void **state) {
  (void)state;
  pt2eParallelConfigure(2);
  Outer o;
  memset(&o, 0, sizeof o);
  pt2eParallelFor(2, 1, outerLoop, &o);
  assert_int_equal(o.ok[0], 1);
  assert_int_equal(o.ok[1], 1);
  pt2eParallelConfigure(0);
}

static void sumLoop(void *ctx, int64_t begin, int64_t end, int worker) {
  (void)worker;
  __atomic_fetch_add((int64_t *)ctx, end - begin, __ATOMIC_RELAXED);
}

/* Thousands of short loops, with the thread count changing under them:
** a lost wake-up or a worker that skips a loop would hang or miscount. */
static void testManyShortLoops(void **state) {
  (void)state;
  for (int r = 0; r < 3000; r++) {
    pt2eParallelConfigure(1 + r % 4);
    int64_t total = 0;
    pt2eParallelFor(1 + r % 37, 1, sumLoop, &total);
    assert_int_equal(total, 1 + r % 37);
  }
  pt2eParallelConfigure(0);
}

/* Loops back to back (the workers still spin, PT2E_SPIN_US=50 from main)
** and after gaps of 0.2 ms (they sleep and must be woken): each item of
** each loop once, on both cores. */
static void testLoopsWhileSpinningAndAfterSleeping(void **state) {
  (void)state;
  pt2eParallelConfigure(2);
  for (int r = 0; r < 400; r++) {
    if (r % 2 == 1) {
      struct timespec gap = {0, 200000};
      nanosleep(&gap, NULL);
    }
    int64_t total = 0;
    pt2eParallelFor(64, 1, sumLoop, &total);
    assert_int_equal(total, 64);
  }
  pt2eParallelConfigure(0);
}

static void *otherCaller(void *arg) {
  for (int r = 0; r < 500; r++) {
    int64_t total = 0;
    pt2eParallelFor(100, 1, sumLoop, &total);
    if (total != 100)
      *(int *)arg = 0;
  }
  return NULL;
}

/* Two threads calling at once: one gets the pool, the other runs alone. */
static void testTwoCallers(void **state) {
  (void)state;
  pt2eParallelConfigure(2);
  int ok1 = 1, ok2 = 1;
  pthread_t a, b;
  assert_int_equal(pthread_create(&a, NULL, otherCaller, &ok1), 0);
  assert_int_equal(pthread_create(&b, NULL, otherCaller, &ok2), 0);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  assert_int_equal(ok1, 1);
  assert_int_equal(ok2, 1);
  pt2eParallelConfigure(0);
}

int main(void) {
  setenv("PT2E_SPIN_US", "50", 1); /* read at the pool's first loop */
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(testEveryItemOnce),
      cmocka_unit_test(testChunks),
      cmocka_unit_test(testNestedRunsOnCaller),
      cmocka_unit_test(testManyShortLoops),
      cmocka_unit_test(testLoopsWhileSpinningAndAfterSleeping),
      cmocka_unit_test(testTwoCallers),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
