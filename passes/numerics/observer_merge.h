/*
** observer_merge.h
** Merging the statistics of calibration shards: the state an observer
** would hold after seeing the batches of one shard and then those of the
** next, computed from the two shards' states alone (docs/sharding.md).
**
**   MinMax, PerChannelMinMax     min of mins, max of maxes with the
**                                update's own element rule (NaN, zeros):
**                                bit-identical to a sequential run
**   MovingAverage(PerChannel)    the EMA is affine in its start: the later
**                                shard's result plus (1-c)^updates times
**                                (earlier result - later's first value)
**   Histogram                    exact when the later shard started from
**                                the earlier one's range (histogram-start)
**                                and recorded its range changes: the
**                                earlier bins are moved as the sequential
**                                run moved them; otherwise both are moved
**                                onto the union range once (approximate)
**   Placeholder                  nothing to merge (dynamic quantization)
**
** Pure C on plain arrays, no MLIR: test_observer_merge checks it against
** sequential observers.
*/
#ifndef PT2E_OBSERVER_MERGE_H
#define PT2E_OBSERVER_MERGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "quant_spec.h"
#include "qparams.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
** One shard's statistics of one observer, owned arrays (pt2eFree'd by
** pt2eShardStatsClear). numChannels, minVals, maxVals, numBins, histogram
** as Pt2eObserverStats. The rest is what only a merge needs:
**   updates            moving averages: how many updates the state made
**                      (-1: unknown, which no merge accepts)
**   firstMin/firstMax  moving averages: the first update's values
**                      (numChannels each; NULL while updates is 0)
**   hasStart, start*   Histogram: the shard started from this range, the
**                      range of the shards before it (exact mode)
**   ranges             Histogram in exact mode: the range after each change
**                      since the start, numRanges (min, max) pairs
*/
typedef struct Pt2eShardStats {
  int64_t numChannels;
  float *minVals, *maxVals;
  int64_t numBins;
  float *histogram;
  int64_t updates;
  float *firstMin, *firstMax;
  bool hasStart;
  float startMin, startMax;
  int64_t numRanges;
  float *ranges;
} Pt2eShardStats;

/* Frees the arrays of 's' and zeroes it. */
void pt2eShardStatsClear(Pt2eShardStats *s);

/*
** Folds 'later' (the statistics of the batches right after those of 'acc')
** into 'acc', for an observer of 'spec'. '*exact' is set false when the
** result is only approximately the sequential one (a Histogram merged
** without a recorded start). Returns Pt2eNumOk, Pt2eNumBadShape (channel
** or bin counts differ, a moving average without its update count, an
** exact-mode Histogram whose start is not where 'acc' ended) or
** Pt2eNumNoMemory, with what did not fit in 'err'; 'acc' is unchanged on
** error.
*/
Pt2eNumStatus pt2eShardStatsMerge(const Pt2eQuantSpec *spec,
                                  Pt2eShardStats *acc,
                                  const Pt2eShardStats *later, bool *exact,
                                  char *err, size_t errSize);

#ifdef __cplusplus
}
#endif

#endif /* PT2E_OBSERVER_MERGE_H */
