/*
** pt2e_spec.h
** The quantization spec of one edge or value, as C data: PT2E's
** QuantizationSpec (with its observer or fake-quant constructor), plus the
** shared, derived and fixed variants.
**
** In MLIR it is written as a dictionary attribute; docs/annotations.md is the
** schema. pt2eSpecParse (pt2e_spec.c) reads it, pt2eSpecToAttr writes the
** canonical form that pt2e.observer / pt2e.fake_quant carry as 'spec'.
*/
#ifndef PT2E_SPEC_H
#define PT2E_SPEC_H

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

#endif /* PT2E_SPEC_H */
