/*
** pt2e_parallel.c
** A pool of persistent worker threads for pt2eParallelFor (pt2e_parallel.h).
**
** Creating a thread per loop costs tens of microseconds, as much as a small
** kernel; so the workers start once and wait on a condition variable for
** the next loop. One loop runs at a time: a caller that finds the pool busy
** (another thread's loop) runs its whole range itself. Workers take chunk
** numbers fixed by their own index, so which thread runs which range is
** the same run after run (it does not matter for the results, which never
** depend on the split, but it keeps per-worker scratch predictable).
**
** Waking a sleeping thread costs more than the loop it is woken for when
** loops are small and many (an interpreter runs hundreds a batch): a futex
** wake, then the scheduler, on a virtual machine an interrupt to a halted
** CPU. So a worker that finished its chunk, and the caller waiting for the
** workers, first spin for a while (spinBudget) on the two counters that
** change, read atomically, before they sleep on the condition variables.
** PT2E_SPIN_US sets the while (0: sleep at once; default 1000: against
** 100, MobileNetV2's Histogram calibration 0.60 -> 0.54 s, and the lit
** suite, two processes on two cores, no slower, also with 3 threads).
*/
#include "pt2e_parallel.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

typedef struct Loop {
  Pt2eParallelFn fn;
  void *ctx;
  int64_t n;
  int chunks;
} Loop;

static struct {
  pthread_mutex_t lock;     /* guards everything below */
  pthread_cond_t wake;      /* a new loop (generation changed) */
  pthread_cond_t done;      /* a worker finished its chunk */
  pthread_mutex_t busy;     /* held by the thread whose loop runs */
  unsigned long generation;
  Loop loop;
  int pending;              /* chunks of the current loop not yet finished */
  int started;              /* workers running (1 .. started-1 exist) */
  int threads;              /* 0: not chosen yet */
  unsigned long bornAt[PT2E_MAX_THREADS]; /* the generation a worker first waits past */
} pool = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER,
          PTHREAD_COND_INITIALIZER, PTHREAD_MUTEX_INITIALIZER, 0, {0}, 0, 1, 0, {0}};

static _Thread_local bool inWorker;

/* How long a waiting thread spins before it sleeps (PT2E_SPIN_US); read
** and set under pool.lock. */
static long spinNs = -1;

static long spinBudget(void) {
  if (spinNs < 0) {
    const char *env = getenv("PT2E_SPIN_US");
    long us = env && *env ? strtol(env, NULL, 10) : 1000;
    spinNs = us < 0 ? 0 : us * 1000;
  }
  return spinNs;
}

static long long nowNs(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void cpuRelax(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}

/* Spins until ready(arg) or the budget is spent; whether it became ready.
** Called without pool.lock. */
static bool spinUntil(bool (*ready)(const void *), const void *arg, long budget) {
  if (budget <= 0)
    return false;
  long long end = nowNs() + budget;
  for (int i = 0;; i++) {
    if (ready(arg))
      return true;
    cpuRelax();
    if ((i & 63) == 63 && nowNs() > end)
      return false;
  }
}

/* A new loop since the generation '*seen'. */
static bool loopPosted(const void *seen) {
  return __atomic_load_n(&pool.generation, __ATOMIC_ACQUIRE) != *(const unsigned long *)seen;
}

/* Every worker's chunk of the current loop finished. */
static bool workersDone(const void *unused) {
  (void)unused;
  return __atomic_load_n(&pool.pending, __ATOMIC_ACQUIRE) <= 0;
}

int pt2eParallelThreads(void) {
  pthread_mutex_lock(&pool.lock);
  if (pool.threads == 0) {
    const char *env = getenv("PT2E_NUM_THREADS");
    long n = env && *env ? strtol(env, NULL, 10) : sysconf(_SC_NPROCESSORS_ONLN);
    pool.threads = n < 1 ? 1 : n > PT2E_MAX_THREADS ? PT2E_MAX_THREADS : (int)n;
  }
  int threads = pool.threads;
  pthread_mutex_unlock(&pool.lock);
  return threads;
}

void pt2eParallelConfigure(int threads) {
  pthread_mutex_lock(&pool.lock);
  pool.threads = threads < 1 ? 0 : threads > PT2E_MAX_THREADS ? PT2E_MAX_THREADS : threads;
  pthread_mutex_unlock(&pool.lock);
}

int pt2eParallelChunks(int64_t n, int64_t grain) {
  int threads = pt2eParallelThreads();
  if (grain < 1)
    grain = 1;
  int64_t most = n / grain;
  if (most < 1)
    return 1;
  return most < threads ? (int)most : threads;
}

static void runChunk(const Loop *l, int t) {
  int64_t lo = l->n * t / l->chunks, hi = l->n * (t + 1) / l->chunks;
  if (lo < hi)
    l->fn(l->ctx, lo, hi, t);
}

static void *workerMain(void *arg) {
  int self = (int)(intptr_t)arg;
  inWorker = true;
  pthread_mutex_lock(&pool.lock);
  long budget = spinBudget(); /* under pool.lock, as every call */
  unsigned long seen = pool.bornAt[self];
  for (;;) {
    if (__atomic_load_n(&pool.generation, __ATOMIC_RELAXED) == seen && budget > 0) {
      pthread_mutex_unlock(&pool.lock);
      spinUntil(loopPosted, &seen, budget);
      pthread_mutex_lock(&pool.lock);
    }
    while (__atomic_load_n(&pool.generation, __ATOMIC_RELAXED) == seen)
      pthread_cond_wait(&pool.wake, &pool.lock);
    seen = pool.generation;
    if (self >= pool.loop.chunks)
      continue; /* with fewer chunks than threads, the rest sit out */
    Loop l = pool.loop;
    pthread_mutex_unlock(&pool.lock);
    runChunk(&l, self);
    pthread_mutex_lock(&pool.lock);
    if (__atomic_sub_fetch(&pool.pending, 1, __ATOMIC_RELEASE) == 0)
      pthread_cond_signal(&pool.done);
  }
  return NULL;
}

/* Starts workers up to 'want' - 1 (the caller is worker 0); returns how
** many threads the pool then has, the caller included. Under pool.lock. */
static int growPool(int want) {
  while (pool.started < want) {
    pthread_t id;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    /* Started before the generation of the loop it is for moves on, it
    ** must not take that loop as already seen. */
    pool.bornAt[pool.started] = pool.generation;
    int rc = pthread_create(&id, &attr, workerMain, (void *)(intptr_t)pool.started);
    pthread_attr_destroy(&attr);
    if (rc != 0)
      break;
    pool.started++;
  }
  return pool.started;
}

void pt2eParallelFor(int64_t n, int64_t grain, Pt2eParallelFn fn, void *ctx) {
  if (n <= 0)
    return;
  int chunks = pt2eParallelChunks(n, grain);
  if (chunks == 1 || inWorker || pthread_mutex_trylock(&pool.busy) != 0) {
    fn(ctx, 0, n, 0);
    return;
  }
  pthread_mutex_lock(&pool.lock);
  int have = growPool(chunks);
  Loop l = {fn, ctx, n, chunks};
  /* Chunks no worker exists for run here, after chunk 0. */
  int pooled = have < chunks ? have : chunks;
  pool.loop = l;
  __atomic_store_n(&pool.pending, pooled - 1, __ATOMIC_RELAXED);
  /* after the loop and pending: a spinning worker that sees it reads them
  ** under pool.lock, which this thread still holds */
  __atomic_add_fetch(&pool.generation, 1, __ATOMIC_RELEASE);
  pthread_cond_broadcast(&pool.wake);
  long budget = spinBudget();
  pthread_mutex_unlock(&pool.lock);

  inWorker = true;
  runChunk(&l, 0);
  for (int t = pooled; t < chunks; t++)
    runChunk(&l, t);
  inWorker = false;

  spinUntil(workersDone, NULL, budget);
  pthread_mutex_lock(&pool.lock);
  while (__atomic_load_n(&pool.pending, __ATOMIC_ACQUIRE) > 0)
    pthread_cond_wait(&pool.done, &pool.lock);
  pthread_mutex_unlock(&pool.lock);
  pthread_mutex_unlock(&pool.busy);
}
