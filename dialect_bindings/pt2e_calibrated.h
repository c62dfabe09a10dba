/*
** pt2e_calibrated.h
** The one checker of calibrated attributes: the 'scale' / 'zero_point'
** arrays and the 'stats' dictionary that pt2e-calibrate writes on
** pt2e.observer / pt2e.fake_quant ops; and their writers, so that no pass
** spells those names.
**
** Those attributes come from a file, so nothing may be taken on trust: an
** empty 'zero_point', a scalar 'min' or arrays of different lengths would
** send a reader past the end of an array. Every reader (pt2e-report,
** pt2e-convert, pt2e-toggle, pt2e-draw, pt2e-calibrate's restore, the
** interpreter's fake quant) reads them through these functions, which check
** kinds, element types and lengths (against each other and, given the spec,
** against the tensor) and hand back handles whose length is known. They do
** not emit: on failure they fill a Pt2eCalibratedError with a phrase that
** reads after "observer 'name' " and names the attribute, what was expected
** and what was found; pt2eCalibratedEmitError puts it at the op.
*/
#ifndef PT2E_CALIBRATED_H
#define PT2E_CALIBRATED_H

#include <stdbool.h>
#include <stdint.h>

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include "pt2e_spec.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Why a check failed: "has 'stats' entry 'min' = 1.0 : f32, expected ...". */
typedef struct Pt2eCalibratedError {
  char message[400];
} Pt2eCalibratedError;

/* Writes the printf-formatted phrase into 'err' (cut to its size): how the
** checkers here and in pt2e_shard.h say why a check failed. */
void pt2eCalibratedFail(Pt2eCalibratedError *err, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/*
** An op's qparams after pt2eCalibratedReadQParams: 'n' is the length of both
** arrays (0: the op has neither attribute, i.e. no qparams yet). The
** attributes belong to the context; read them with the accessors below.
*/
typedef struct Pt2eCalibratedQParams {
  intptr_t n;
  MlirAttribute scale;     /* array<f32> of n elements (null when n is 0) */
  MlirAttribute zeroPoint; /* array<i64> of n elements (null when n is 0) */
} Pt2eCalibratedQParams;

/*
** An op's statistics after pt2eCalibratedReadStats. 'min' and 'max' have
** numChannels elements each (0 for a per-channel observer that has seen
** nothing yet); 'histogram' has numBins (0: none, it is null).
*/
typedef struct Pt2eCalibratedStats {
  bool present;            /* the op has 'stats' */
  intptr_t numChannels;
  MlirAttribute min, max;
  intptr_t numBins;
  MlirAttribute histogram;
  /* ONNX Runtime kinds (percentile, entropy, distribution): 'counts'
  ** array<i64> of ortBins and 'edges' array<f32> of ortBins + 1, both
  ** absent (ortBins 0) before the first batch */
  intptr_t ortBins;
  MlirAttribute counts, edges;
  /* per-channel histograms of an ONNX Runtime kind: 'channel_bins'
  ** array<i64> of ortChannels lengths adding up to ortBins (null: a
  ** per-tensor histogram); 'edges' then holds each channel's, one longer */
  intptr_t ortChannels;
  MlirAttribute channelBins;
} Pt2eCalibratedStats;

/*
** Reads 'scale' and 'zero_point' of 'op' into 'out'. Always checked: both
** or neither (a pt2e.fake_quant always has both), array<f32> and
** array<i64>, of equal non-zero length. With 'spec' (NULL: unknown) also:
** 1 entry for a per-tensor qscheme; for a per-channel one, ch_axis inside
** the tensor and one entry per channel of a static dimension (a
** pt2e.fake_quant may still hold torch's single initial entry, which it
** resizes when it first observes). And always: every scale positive and
** finite, every zero point inside the dtype's range (int32 without a spec).
** Returns false with 'err' filled otherwise.
*/
bool pt2eCalibratedReadQParams(MlirOperation op, const Pt2eSpec *spec,
                               Pt2eCalibratedQParams *out,
                               Pt2eCalibratedError *err);

/*
** Reads the 'stats' dictionary of 'op' into 'out' (out->present false
** without one). Always checked: a dictionary of 'min' and 'max', both
** array<f32> of equal length, and an optional 'histogram' array<f32> of
** finite counts >= 0, optional 'counts' array<i64> (each >= 0) and 'edges'
** array<f32> (finite, not decreasing, one more than 'counts'; both or
** neither), nothing else. With a quantization 'spec' (NULL:
** unknown) also: 1 channel for per-tensor observers; for per-channel ones 0
** or one per channel of the tensor's dimension at ch_axis; a histogram of
** exactly the spec's 'bins' for a Histogram observer and none otherwise;
** counts and edges only for the ONNX Runtime kinds.
*/
bool pt2eCalibratedReadStats(MlirOperation op, const Pt2eSpec *spec,
                             Pt2eCalibratedStats *out,
                             Pt2eCalibratedError *err);

/*
** The dimension of 'tensor' (a ranked tensor type) that the per-channel
** 'spec' quantizes along, with a negative ch_axis counted from the end, and
** its size. Fails when the tensor is not ranked, the axis is outside it or
** that dimension is dynamic.
*/
bool pt2eCalibratedChannelAxis(MlirType tensor, const Pt2eSpec *spec,
                               int64_t *axis, int64_t *channels,
                               Pt2eCalibratedError *err);

/*
** The number of groups (scales) a per-group 'spec' gives a tensor of type
** 'tensor': ch_axis split in group_size elements (0: the whole axis), every
** other axis in blocks of 1. Fails when ch_axis is outside the tensor, the
** shape is not static or group_size does not divide the axis.
*/
bool pt2eCalibratedGroupCount(MlirType tensor, const Pt2eSpec *spec,
                              int64_t *groups, Pt2eCalibratedError *err);

/*
** What quantizing a tensor of type 'tensor' with 'n' scales and zero points
** relies on, wherever they came from (attributes, a derived or a fixed
** spec): exactly 1 for a per-tensor qscheme, exactly one per channel of a
** static dimension for a per-channel one, every scale positive and finite,
** every zero point inside [quant_min, quant_max].
*/
bool pt2eCalibratedCheckQuantize(MlirType tensor, const Pt2eSpec *spec,
                                 intptr_t n, const float *scales,
                                 const int64_t *zeroPoints,
                                 Pt2eCalibratedError *err);

/*
** Emits "'reader': observer 'name' <err>" at the op's location ('reader'
** NULL: no prefix) and returns failure.
*/
MlirLogicalResult pt2eCalibratedEmitError(MlirOperation op, const char *reader,
                                          const Pt2eCalibratedError *err);

/*
** For readers that only need the attributes to be sound (pt2e-toggle,
** pt2e-draw, pt2e-report): reads both qparams and stats of 'op' and emits
** the first failure. 'spec' as above.
*/
MlirLogicalResult pt2eCalibratedVerifyOp(MlirOperation op, const Pt2eSpec *spec,
                                         const char *reader);

/* Element 'i' (< n) of validated qparams. */
float pt2eCalibratedScale(const Pt2eCalibratedQParams *q, intptr_t i);
int64_t pt2eCalibratedZeroPoint(const Pt2eCalibratedQParams *q, intptr_t i);
/* Copies the n scales and zero points into arrays of at least n entries. */
void pt2eCalibratedCopyQParams(const Pt2eCalibratedQParams *q, float *scales,
                               int64_t *zeroPoints);

/* Element 'i' of validated stats: i < numChannels, or i < numBins. */
float pt2eCalibratedStatsMin(const Pt2eCalibratedStats *s, intptr_t i);
float pt2eCalibratedStatsMax(const Pt2eCalibratedStats *s, intptr_t i);
float pt2eCalibratedStatsBin(const Pt2eCalibratedStats *s, intptr_t i);
/* Copies min and max (numChannels each) and the histogram (numBins; may be
** NULL when numBins is 0). */
void pt2eCalibratedCopyStats(const Pt2eCalibratedStats *s, float *min,
                             float *max, float *histogram);

/* Copies the ortBins counts and the pt2eCalibratedOrtNumEdges edges
** (ortBins + 1; per channel, one more per channel with counts) of validated
** stats. */
void pt2eCalibratedCopyOrtStats(const Pt2eCalibratedStats *s, int64_t *counts,
                                float *edges);
intptr_t pt2eCalibratedOrtNumEdges(const Pt2eCalibratedStats *s);
/* Copies the ortChannels entries of 'channel_bins'. */
void pt2eCalibratedCopyChannelBins(const Pt2eCalibratedStats *s,
                                   int64_t *bins);

/*
** The writers, for pt2e-calibrate and pt2e-prepare: 'scale' and
** 'zero_point' of n entries each, and 'stats' with min and max of
** numChannels entries each and, when numBins > 0, the histogram. What they
** write reads back through the functions above.
*/
void pt2eCalibratedWriteQParams(MlirOperation op, intptr_t n,
                                const float *scales,
                                const int64_t *zeroPoints);
void pt2eCalibratedWriteStats(MlirOperation op, intptr_t numChannels,
                              const float *min, const float *max,
                              intptr_t numBins, const float *histogram);
/* 'stats' of an ONNX Runtime kind: min and max (1 entry each) and, when
** ortBins > 0, 'counts' and 'edges'. */
void pt2eCalibratedWriteOrtStats(MlirOperation op, const float *min,
                                 const float *max, intptr_t ortBins,
                                 const int64_t *counts, const float *edges);
/* The same for per-channel histograms of an ONNX Runtime kind: min and
** max of 'channels' entries, 'channel_bins' (channelBins, 'channels'
** entries) and, when ortBins > 0, the channels' counts and edges. */
void pt2eCalibratedWriteChannelOrtStats(MlirOperation op, intptr_t channels,
                                        const float *min, const float *max,
                                        intptr_t ortBins, const int64_t *counts,
                                        const float *edges,
                                        const int64_t *channelBins);

#ifdef __cplusplus
}
#endif

#endif /* PT2E_CALIBRATED_H */
