/*
** ort_histogram.h
** ONNX Runtime's histogram calibration in plain C: the HistogramCollector
** of onnxruntime/quantization/calibrate.py (onnxruntime 1.31.1, numpy
** 2.4.6) with its three ways of turning a histogram into a range:
** percentile, entropy (the KL search) and distribution.
**
** The collector is not torch's: it is numpy's np.histogram over a range
** that grows from batch to batch, with int64 counts and float32 edges.
** Two collections exist, chosen by the method as ONNX Runtime chooses:
**   collect_value           (entropy, distribution, percentile with
**                            symmetric=False) over [-t, t], t = max |x|
**                            so far, widened by whole bins (merge_histogram);
**   collect_absolute_value  (percentile with symmetric=True) over |x|,
**                            from min |x| to max |x| of the first batch,
**                            then extended to the right with np.arange.
** Every float operation is the one numpy performs (float32 where numpy
** works in float32, float64 where it promotes); docs/ort-calibration.md
** lists them line by line. Results are bit-identical with ONNX Runtime's
** on the goldens of tools/oracle/ort_ranges/.
*/
#ifndef PT2E_ORT_HISTOGRAM_H
#define PT2E_ORT_HISTOGRAM_H

#include <stdbool.h>
#include <stdint.h>

#include "qparams.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
** The state HistogramCollector keeps for one tensor: histogram_dict[name]
** = (hist, hist_edges, min, max[, threshold]). 'counts' has numBins
** entries and 'edges' numBins + 1; both grow as batches widen the range.
*/
typedef struct Pt2eOrtHistogram {
  bool absolute;       /* collect_absolute_value, else collect_value */
  int64_t initialBins; /* num_bins of the first histogram */
  bool seen;           /* a batch has been collected */
  int64_t numBins;
  int64_t *counts;
  float *edges;
  float min, max;      /* nanmin / nanmax of the raw values, all batches */
  float threshold;     /* collect_value: the half width t (0 for zeros) */
} Pt2eOrtHistogram;

/* An empty collector; 'bins' is ONNX Runtime's num_bins (> 0). */
void pt2eOrtHistogramInit(Pt2eOrtHistogram *h, bool absolute, int64_t bins);

/* Frees the arrays of 'h' and makes it empty again (keeps its settings). */
void pt2eOrtHistogramClear(Pt2eOrtHistogram *h);

/*
** HistogramCollector.collect on one batch of 'n' float32 values (n > 0).
** Returns Pt2eNumOk; Pt2eNumNaN where numpy raises because a range is not
** finite (an infinity; all NaN; NaN in the first batch of an absolute
** histogram); Pt2eNumInvalidRange where np.histogram raises on its edges
** ("Too many bins for data range", bins not increasing); Pt2eNumNoMemory.
** 'h' is unchanged on error.
*/
Pt2eNumStatus pt2eOrtHistogramCollect(Pt2eOrtHistogram *h, const float *x,
                                      int64_t n);

/*
** compute_percentile: the range that cuts (100 - percentile)% of the
** counts ('symmetric': [-e, e] of the absolute histogram; else each side
** half of it), clamped to the observed [min, max]. Pt2eNumDefaulted when
** nothing was collected; Pt2eNumInvalidRange when percentile is outside
** [0, 100] (ONNX Runtime raises).
*/
Pt2eNumStatus pt2eOrtPercentileRange(const Pt2eOrtHistogram *h,
                                     double percentile, bool symmetric,
                                     float *rmin, float *rmax);

/*
** compute_entropy / get_entropy_threshold: the candidate [edge[z-i],
** edge[z+i+1]] of least KL divergence after quantizing to
** 'numQuantizedBins' bins, clamped to [min, max]. Pt2eNumInvalidRange
** where ONNX Runtime fails (num_quantized_bins larger than the histogram,
** or smooth_distribution's asserts); Pt2eNumNoMemory.
*/
Pt2eNumStatus pt2eOrtEntropyRange(const Pt2eOrtHistogram *h,
                                  int64_t numQuantizedBins, float *rmin,
                                  float *rmax);

/*
** compute_distribution's range: TensorData(lowest=hist_edges.min(),
** highest=hist_edges.max()), the histogram's whole span. ONNX Runtime
** requires num_bins >= 512 (Pt2eNumInvalidRange otherwise).
*/
Pt2eNumStatus pt2eOrtDistributionRange(const Pt2eOrtHistogram *h,
                                       float *rmin, float *rmax);

/* {======================================================================
** numpy primitives, exposed for tests
** ======================================================================= */

/* np.sum of 'n' contiguous float32 values: numpy's pairwise summation. */
float pt2eNumpyPairwiseSum(const float *x, int64_t n);

/* np.log of a positive float32 as numpy's AVX2/AVX512F loop gives it. */
float pt2eNumpyLogf(float v);

/* np.floor_divide of two float32 values (npy_floor_dividef). */
float pt2eNumpyFloorDivide(float a, float b);

/* }====================================================================== */

#ifdef __cplusplus
}
#endif

#endif /* PT2E_ORT_HISTOGRAM_H */
