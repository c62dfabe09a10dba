/*
** observers.h
** Observer statistics of torchao 0.18's PT2E observers, in pure C:
** MinMax, MovingAverageMinMax, PerChannelMinMax,
** MovingAveragePerChannelMinMax, Histogram and Placeholder; and ONNX
** Runtime's percentile, entropy and distribution calibrations
** (ort_histogram.h), whose ranges become torch's qparams.
**
** An observer is fed float32 tensors (row-major data + shape) and turns
** what it saw into scales and zero points through qparams.h. Its state can
** be read out and restored as plain arrays, so that a pass can keep the
** statistics in attributes and go on calibrating in a later run.
** Results are bit-exact with torchao on an x86-64 CPU where torch is
** deterministic; tools/oracle/observers/README.md says what was checked.
*/
#ifndef PT2E_OBSERVERS_H
#define PT2E_OBSERVERS_H

#include <stdbool.h>
#include <stdint.h>

#include "quant_spec.h"
#include "qparams.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct Pt2eObserver Pt2eObserver;

/*
** The statistics of an observer, as plain arrays. For per-tensor kinds
** numChannels is 1 and the arrays hold the running min and max (+inf and
** -inf before the first update); per-channel kinds have numChannels 0
** until their first update. Only Histogram has bins (numBins > 0).
**
** Per-channel histograms (a Histogram or ONNX Runtime kind with a
** per-channel qscheme: one per-tensor observer of the kind per channel of
** ch_axis, docs/per-channel-histograms.md) keep each channel's state one
** after the other: min/max per channel; a Histogram's numBins is
** numChannels * bins, channel c's bins at [c * bins, (c + 1) * bins); an
** ONNX Runtime kind's ortChannelBins[c] is channel c's histogram length,
** ortBins their sum, ortCounts the channels' counts in channel order and
** ortEdges their edges (ortChannelBins[c] + 1 for each channel with counts:
** ortBins plus one per such channel in all). ortChannelBins is NULL
** for per-tensor observers.
*/
typedef struct Pt2eObserverStats {
  int64_t numChannels;
  const float *minVals;
  const float *maxVals;
  int64_t numBins;
  const float *histogram;
  /* ONNX Runtime kinds (percentile, entropy, distribution): the collected
  ** histogram, whose length grows with the range; 0 before the first
  ** batch. The collect_value threshold is edges[ortBins], or 0 when every
  ** value seen was 0 (min == max == 0). */
  int64_t ortBins;
  const int64_t *ortCounts;  /* ortBins counts */
  const float *ortEdges;     /* ortBins + 1 float32 edges */
  const int64_t *ortChannelBins; /* per-channel histograms: numChannels
                                 ** lengths; NULL for per-tensor kinds */
} Pt2eObserverStats;

/*
** Creates an observer of kind spec->observer. 'numChannels' fixes the
** channel count of a per-channel observer (0: taken from the first
** tensor); per-tensor kinds want 0 or 1. spec->bins <= 0 means torch's
** default of 2048. The quant range counts as custom (torch's
** has_customized_qrange) unless it equals the dtype's default range; see
** pt2eObserverSetCustomRange. A Histogram, percentile, entropy or
** distribution kind with a per-channel qscheme is a per-channel histogram
** (pt2eObserverIsChannelHistogram). Returns NULL when out of memory or when
** torch would refuse the spec (a MinMax or moving-average MinMax with a
** per-channel qscheme).
** The caller owns the result and frees it with pt2eObserverDestroy.
*/
Pt2eObserver *pt2eObserverCreate(const Pt2eQuantSpec *spec,
                                 int64_t numChannels);

/* Frees 'obs'; pt2eObserverDestroy(NULL) does nothing. */
void pt2eObserverDestroy(Pt2eObserver *obs);

/*
** Overrides whether quant_min/quant_max count as given by the user. Only
** the zero point of uint8 symmetric schemes depends on it.
*/
void pt2eObserverSetCustomRange(Pt2eObserver *obs, bool customRange);

/*
** The CPU kernels PyTorch picked (torch.backends.cpu.get_cpu_capability()).
** One Histogram step depends on them: linspace is fused into FMA by the
** AVX2 build only, which AVX512 machines run too (linspace_stub, like
** sum_stub, has no AVX512 kernel); torch.sum adds vectors of 8 floats
** under every capability.
*/
typedef enum Pt2eCpuCapability {
  Pt2eCpuDefault,  /* ATEN_CPU_CAPABILITY=default, or no AVX2 */
  Pt2eCpuAvx2,
  Pt2eCpuAvx512
} Pt2eCpuCapability;

/*
** The capability PyTorch would pick on this machine: AVX512 when the CPU
** has AVX512 F, BW, VL and DQ, else AVX2 when it has AVX2 and FMA, else
** DEFAULT; ATEN_CPU_CAPABILITY=default|avx2 lowers it as in torch.
** pt2eObserverCreate starts from this value.
*/
Pt2eCpuCapability pt2eHostCpuCapability(void);

/* Makes 'obs' reproduce torch's numerics for capability 'cap'. */
void pt2eObserverSetCpuCapability(Pt2eObserver *obs, Pt2eCpuCapability cap);

/* Floats per vector in torch.sum for 'cap': 8 for each (see observers.c). */
int pt2eCpuSumLanes(Pt2eCpuCapability cap);

/*
** Feeds one tensor of 'rank' dimensions 'shape' (row-major float32 at
** 'data') to the observer, like calling the torch module on it. Empty
** tensors are ignored. Returns Pt2eNumOk, Pt2eNumBadShape (channel axis
** out of range, a channel count that differs from the state, or, for a
** per-channel histogram, a rank that differs from the last batch's),
** Pt2eNumNoMemory (a per-channel histogram whose channels x bins do not
** fit) or, for a
** Histogram, Pt2eNumNaN: torch.histc raises on NaN. After an error the
** statistics are those torch keeps (a Histogram that sees NaN first keeps
** NaN min/max and fails from then on) and pt2eObserverErrorMessage says
** what went wrong. MinMax kinds propagate NaN without error.
*/
Pt2eNumStatus pt2eObserverUpdate(Pt2eObserver *obs, const float *data,
                                 const int64_t *shape, int rank);

/*
** torch's calculate_qparams: writes max(1, channels) scales and zero
** points; 'capacity' is the length of both arrays. Returns Pt2eNumOk,
** Pt2eNumDefaulted (nothing observed: scale 1, zero point 0),
** Pt2eNumInvalidRange (NaN statistics), Pt2eNumBadShape (capacity too
** small) or Pt2eNumUnsupported (a Placeholder, which raises in torch).
*/
Pt2eNumStatus pt2eObserverComputeQParams(Pt2eObserver *obs, float *scales,
                                         int64_t *zeroPoints,
                                         int64_t capacity);

/*
** The range an ONNX Runtime kind (percentile, entropy, distribution)
** computes from its histogram, before it becomes qparams: ONNX Runtime's
** TensorsData[name].range_value. Pt2eNumDefaulted when nothing was
** observed, Pt2eNumUnsupported for the other kinds.
*/
Pt2eNumStatus pt2eObserverComputeRange(Pt2eObserver *obs, float *lo,
                                       float *hi);

/*
** True when 'spec' makes per-channel histograms: a kind with bins (Histogram
** and the ONNX Runtime kinds) with a per-channel qscheme. Such an observer
** keeps one independent per-tensor observer of the kind per channel c of
** ch_axis, fed x.select(ch_axis, c) in row-major order, and its qparams are
** channel c's per-tensor qparams (scale 1, zero point 0 for a channel that
** saw no finite value, as the per-tensor observer's defaults).
*/
bool pt2eObserverIsChannelHistogram(const Pt2eQuantSpec *spec);

/*
** pt2eObserverComputeRange for channel 'channel' of a per-channel
** histogram of an ONNX Runtime kind. Pt2eNumBadShape when 'channel' is
** outside the state, Pt2eNumUnsupported for other observers.
*/
Pt2eNumStatus pt2eObserverComputeChannelRange(Pt2eObserver *obs,
                                              int64_t channel, float *lo,
                                              float *hi);

/* The number of channels the state holds now (1 for per-tensor kinds). */
int64_t pt2eObserverNumChannels(const Pt2eObserver *obs);

/* Text of the last error of 'obs', or "" if there was none. */
const char *pt2eObserverErrorMessage(const Pt2eObserver *obs);

/*
** Borrows the statistics of 'obs' into '*stats'; the arrays stay valid
** until the next call that changes 'obs'.
*/
void pt2eObserverGetStats(const Pt2eObserver *obs, Pt2eObserverStats *stats);

/*
** Replaces the statistics of 'obs' by copies of '*stats'. The shape must
** fit the kind: numChannels 1 for per-tensor kinds, numBins equal to the
** observer's bins for a Histogram (0 otherwise); for a per-channel
** histogram the layout of Pt2eObserverStats (numChannels 0: nothing seen).
** Returns Pt2eNumOk, Pt2eNumBadShape or Pt2eNumNoMemory; 'obs' is unchanged
** on error.
*/
Pt2eNumStatus pt2eObserverSetStats(Pt2eObserver *obs,
                                   const Pt2eObserverStats *stats);

/* {======================================================================
** ATen primitives the observers are built from, exposed for tests
** ======================================================================= */

/*
** torch.sum of 'n' contiguous float32 values on CPU (single-threaded,
** n < 32768): the cascade sum of aten/src/ATen/native/cpu/SumKernel.cpp
** with 'lanes' floats per vector.
*/
float pt2eCascadeSum(const float *x, int64_t n, int lanes);

/*
** torch.histc(x, bins, min, max) for float32 'x' into 'hist' (bins
** floats, overwritten). Returns Pt2eNumNaN if the edges are not finite,
** Pt2eNumNoMemory if its scratch space cannot be allocated.
*/
Pt2eNumStatus pt2eHistc(const float *x, int64_t n, int64_t bins, float min,
                        float max, float *hist);

/*
** torch.linspace(start, end, steps)[i] in float32; 'fused' as the AVX2 and
** AVX512 kernels, which compute start + step*i in one FMA.
*/
float pt2eLinspaceAt(float start, float end, int64_t steps, int64_t i,
                     bool fused);

/*
** Test and benchmark hook: the instruction set of the min/max and histc
** loops. Best takes AVX-512 or AVX2 when the CPU has them (checked at run
** time), Avx2 at most AVX2, Scalar the portable loops; the results are the
** same bits on every path. Returns the previous setting. Not thread-safe:
** set it while no observer runs.
*/
typedef enum Pt2eObserverPath {
  Pt2eObserverPathBest,
  Pt2eObserverPathAvx2,
  Pt2eObserverPathScalar
} Pt2eObserverPath;

Pt2eObserverPath pt2eObserverForcePath(Pt2eObserverPath path);

/*
** Test hook: whether a Histogram batch inside the range seen so far is
** binned in one pass over that range (true, the default) or always goes
** the forward's way (aminmax, then histc over the new range), so that a
** test can compare the two; they give the same bits. Returns the previous
** setting. Not thread-safe: set it while no observer runs.
*/
bool pt2eObserverUseRangeShortcut(bool use);

/* }====================================================================== */

/* {======================================================================
** The element rules of the updates, for merging the statistics of
** calibration shards (observer_merge.h); they change no observer
** ======================================================================= */

/* ATen's scalar minimum(a, b) / maximum(a, b) of one element, as the
** updates compute them: NaN propagates as quiet NaN, otherwise b when b is
** strictly smaller (larger), else a (of +0 and -0, a). MinMax updates pass
** (batch, state), Histogram updates (state, batch). */
float pt2eObserverMinimumOf(float a, float b);
float pt2eObserverMaximumOf(float a, float b);

/* The bits a per-channel MinMax update gives a NaN 'r' at 'channel' of
** 'channels' (ATen's vector loop or its scalar tail). */
float pt2eObserverChannelNaN(float r, int64_t channel, int64_t channels);

/*
** HistogramObserver's _combine_histograms step: adds the 'bins' counts 'h'
** of range [omin, omax], mapped onto [umin, umax] as an update maps the old
** histogram when the range grows, into 'out' (out[i] = out[i] + moved[i]).
** Returns Pt2eNumOk or Pt2eNumNoMemory.
*/
Pt2eNumStatus pt2eHistogramAddRemapped(const float *h, int64_t bins,
                                       float omin, float omax, float umin,
                                       float umax, float *out);

/* }====================================================================== */

#ifdef __cplusplus
}
#endif

#endif /* PT2E_OBSERVERS_H */
