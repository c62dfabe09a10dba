/*
** pt2e_parallel.h
** The project's one pool of worker threads: kernels, elementwise loops and
** observers split their work over it. Plain C (pthreads), no MLIR header.
**
** The split never changes a result: pt2eParallelFor hands out contiguous
** ranges of independent items, and a caller only parallelises work whose
** items do not depend on each other (one output element each), or whose
** partial results merge exactly (min/max, integer counts). Floating-point
** sums are never split across threads (docs/kernels.md).
*/
#ifndef PT2E_PARALLEL_H
#define PT2E_PARALLEL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { PT2E_MAX_THREADS = 64 };

/* Runs items [begin, end) of a loop, on the thread numbered 'worker'
** (0 is the caller, 1 .. pt2eParallelThreads()-1 the pool). */
typedef void (*Pt2eParallelFn)(void *ctx, int64_t begin, int64_t end,
                               int worker);

/* Threads a loop may use: PT2E_NUM_THREADS, or the online CPUs, at most
** PT2E_MAX_THREADS. */
int pt2eParallelThreads(void);

/*
** The chunks pt2eParallelFor would make of 'n' items with at least 'grain'
** per chunk: min(threads, n / grain), at least 1. A caller that keeps
** per-chunk partial results (per-thread histograms) sizes them with it.
*/
int pt2eParallelChunks(int64_t n, int64_t grain);

/*
** Calls fn on contiguous ranges covering [0, n), one per chunk
** (pt2eParallelChunks), chunk t on worker t, and returns when all are done.
** Called from inside a worker (nested), it runs the whole range there. The
** pool's threads start on the first call that needs them and live until
** the process ends. When a thread cannot be started the caller runs its
** range itself: never a wrong or a missing result.
*/
void pt2eParallelFor(int64_t n, int64_t grain, Pt2eParallelFn fn, void *ctx);

/* For tests and benchmarks: the thread count (0: the default again). */
void pt2eParallelConfigure(int threads);

#ifdef __cplusplus
}
#endif

#endif /* PT2E_PARALLEL_H */
