/*
** quant_spec.h
** A quantization spec as plain C data: torchao's QuantizationSpec with the
** observer (or FakeQuantize) it is built with. No MLIR header: the numerics
** build and test without MLIR; dialect_bindings/pt2e_spec.h reads and
** writes these as attributes.
*/
#ifndef PT2E_QUANT_SPEC_H
#define PT2E_QUANT_SPEC_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum Pt2eDType {
  Pt2eDTypeInt8,
  Pt2eDTypeUInt8,
  Pt2eDTypeInt16,
  Pt2eDTypeUInt16,
  Pt2eDTypeInt32
} Pt2eDType;

typedef enum Pt2eQScheme {
  Pt2eQSchemePerTensorAffine,
  Pt2eQSchemePerTensorSymmetric,
  Pt2eQSchemePerChannelAffine,
  Pt2eQSchemePerChannelSymmetric
} Pt2eQScheme;

/* torchao observer classes (and the observer inside a FakeQuantize). */
typedef enum Pt2eObserverKind {
  Pt2eObserverMinMax,                       /* "minmax" */
  Pt2eObserverMovingAverageMinMax,          /* "moving_average_minmax" */
  Pt2eObserverPerChannelMinMax,             /* "per_channel_minmax" */
  Pt2eObserverMovingAveragePerChannelMinMax,/* "moving_average_per_channel_minmax" */
  Pt2eObserverHistogram,                    /* "histogram" */
  Pt2eObserverPlaceholder                   /* "placeholder" (dynamic quant) */
} Pt2eObserverKind;

/* A full QuantizationSpec: how to observe a tensor and quantize it. */
typedef struct Pt2eQuantSpec {
  Pt2eDType dtype;
  int64_t quantMin, quantMax;
  Pt2eQScheme qscheme;
  int64_t chAxis;              /* per-channel schemes only */
  float eps;                   /* lower bound of the scale (float32, as torch) */
  bool isDynamic;
  Pt2eObserverKind observer;
  int64_t bins;                /* Histogram: number of bins (default 2048) */
  float averagingConstant;     /* MovingAverage*: default 0.01 */
} Pt2eQuantSpec;

/* Default quant_min / quant_max of a dtype, as torchao's calculate_qmin_qmax. */
void pt2eDTypeRange(Pt2eDType dtype, int64_t *qmin, int64_t *qmax);

#ifdef __cplusplus
}
#endif

#endif /* PT2E_QUANT_SPEC_H */
