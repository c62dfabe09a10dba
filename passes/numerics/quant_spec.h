/*
** quant_spec.h
** A quantization spec as plain C data: torchao's QuantizationSpec with the
** observer (or FakeQuantize) it is built with, and the facts of its dtypes,
** qschemes and observer kinds. No MLIR header: the numerics build and test
** without MLIR; dialect_bindings/pt2e_spec.h reads and writes these as
** attributes.
**
** quant_spec.c holds one table per enum below (names, traits, defaults);
** every list of kinds, count of kinds and default value in the project is
** read from them, so a new observer kind is one enumerator and one row.
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
  Pt2eDTypeInt4,   /* i4 storage; torchao's int4 weight is int8 holding [-8, 7] */
  Pt2eDTypeInt32
} Pt2eDType;

typedef enum Pt2eQScheme {
  Pt2eQSchemePerTensorAffine,
  Pt2eQSchemePerTensorSymmetric,
  Pt2eQSchemePerChannelAffine,
  Pt2eQSchemePerChannelSymmetric,
  /* torchao's block-wise quantization (choose_qparams_affine with a
  ** block_size): ch_axis is split in groups of group_size elements (0: the
  ** whole axis), every other axis in blocks of 1, so a [N, K] weight with
  ** ch_axis 1 and group_size 32 has N * K/32 scales, and an activation
  ** [B, T, K] with ch_axis 2 and group_size 0 one per token */
  Pt2eQSchemePerGroupAffine,
  Pt2eQSchemePerGroupSymmetric,
  /* torchao's tinygemm int4 (Int4WeightOnlyConfig, ZeroPointDomain.FLOAT):
  ** per group scale = max((max - min) / (qmax - qmin), eps) without zero
  ** in the range, and a FLOAT zero point min + mid * scale (mid =
  ** (qmax - qmin + 1) / 2); the stored integer is q - mid, so the range
  ** must be centred (quant_min = -mid, i4: [-8, 7] for torchao's 0..15)
  ** and its integer zero point is 0. dq = stored * scale + zero. */
  Pt2eQSchemePerGroupFloatZero,
  /* Int4WeightOnlyConfig's default (PLAIN packing: mslk / FBGEMM's
  ** int4_row_quantize_zp): the same storage and float zero point, but the
  ** scale clamps the range before dividing, max(max - min, eps) /
  ** (qmax - qmin) (eps 1e-6), and values are quantized from the group's
  ** min, not from zero - mid * scale (qparams.h) */
  Pt2eQSchemePerGroupFloatZeroPlain
} Pt2eQScheme;

/*
** torchao observer classes (and the observer inside a FakeQuantize), and
** the three histogram calibrations of ONNX Runtime's calibrate.py
** (ort_histogram.h). Keep Placeholder last: the tables of quant_spec.c are
** checked against it.
*/
typedef enum Pt2eObserverKind {
  Pt2eObserverMinMax,                       /* "minmax" */
  Pt2eObserverMovingAverageMinMax,          /* "moving_average_minmax" */
  Pt2eObserverPerChannelMinMax,             /* "per_channel_minmax" */
  Pt2eObserverMovingAveragePerChannelMinMax,/* "moving_average_per_channel_minmax" */
  Pt2eObserverHistogram,                    /* "histogram" */
  Pt2eObserverPercentile,                   /* "percentile" (ONNX Runtime) */
  Pt2eObserverEntropy,                      /* "entropy" (ONNX Runtime) */
  Pt2eObserverDistribution,                 /* "distribution" (ONNX Runtime) */
  Pt2eObserverPerGroupMinMax,               /* "per_group_minmax" (torchao's
                                               choose_qparams_affine) */
  Pt2eObserverPlaceholder                   /* "placeholder" (dynamic quant) */
} Pt2eObserverKind;

/* A full QuantizationSpec: how to observe a tensor and quantize it. */
typedef struct Pt2eQuantSpec {
  Pt2eDType dtype;
  int64_t quantMin, quantMax;
  Pt2eQScheme qscheme;
  int64_t chAxis;              /* per-channel and per-group schemes only */
  int64_t groupSize;           /* per-group schemes: elements of ch_axis per
                                  group; 0 = the whole axis */
  float eps;                   /* lower bound of the scale (float32, as torch) */
  bool isDynamic;
  Pt2eObserverKind observer;
  int64_t bins;                /* Histogram: number of bins (default 2048);
                                  ONNX Runtime kinds: num_bins */
  float averagingConstant;     /* MovingAverage*: default 0.01 */
  double percentile;           /* percentile: in [0, 100], default 99.999 */
  bool symmetric;              /* percentile: ORT's symmetric (|x| histogram,
                                  range [-e, e]); default true */
  int64_t numQuantizedBins;    /* entropy: num_quantized_bins, default 128 */
} Pt2eQuantSpec;

/*
** {======================================================================
** The facts of each dtype, qscheme and observer kind (quant_spec.c)
** =======================================================================
*/

/* The integer dtypes a spec can name. */
typedef struct Pt2eDTypeInfo {
  const char *name;    /* in the schema: "i8", "ui16" */
  unsigned bits;       /* storage width */
  bool isUnsigned;
} Pt2eDTypeInfo;

/*
** The facts of one torchao observer class (or ONNX Runtime calibration
** method) and the defaults of its constructor: a spec that leaves out
** 'eps', 'bins', 'averaging_constant', 'percentile', 'symmetric' or
** 'num_quantized_bins' gets these (ONNX Runtime's: create_calibrator's
** extra_options defaults). Kinds without the parameter hold 0.
*/
typedef enum Pt2eOrtMethod {
  Pt2eOrtNone,          /* a torchao observer */
  Pt2eOrtPercentile,
  Pt2eOrtEntropy,
  Pt2eOrtDistribution
} Pt2eOrtMethod;

typedef struct Pt2eObserverKindInfo {
  const char *name;        /* in the schema: "moving_average_minmax" */
  bool perChannel;         /* one min/max per channel: a per-channel qscheme */
  bool perGroup;           /* one min/max per block: a per-group qscheme */
  bool movingAverage;      /* a running average: takes 'averaging_constant' */
  bool hasBins;            /* a histogram: takes 'bins' */
  bool isPlaceholder;      /* no statistics, no qparams (dynamic quant) */
  float eps;               /* default lower bound of the scale */
  int64_t bins;            /* default number of bins (hasBins) */
  float averagingConstant; /* default averaging constant (movingAverage) */
  Pt2eOrtMethod ort;       /* an ONNX Runtime histogram method (hasBins) */
  double percentile;       /* default percentile (Pt2eOrtPercentile) */
  bool symmetric;          /* default symmetric (Pt2eOrtPercentile) */
  int64_t numQuantizedBins;/* default num_quantized_bins (Pt2eOrtEntropy) */
} Pt2eObserverKindInfo;

/* How many dtypes, qschemes and observer kinds there are. */
int pt2eDTypeCount(void);
int pt2eQSchemeCount(void);
int pt2eObserverKindCount(void);

/* The row of a dtype or observer kind; the enum value must be valid. */
const Pt2eDTypeInfo *pt2eDTypeInfo(Pt2eDType dtype);
const Pt2eObserverKindInfo *pt2eObserverKindInfo(Pt2eObserverKind kind);

/* Names as written in the schema: "i8", "per_tensor_affine", "histogram". */
const char *pt2eDTypeName(Pt2eDType dtype);
const char *pt2eQSchemeName(Pt2eQScheme qscheme);
const char *pt2eObserverKindName(Pt2eObserverKind kind);

/* True for the per-channel qschemes. */
bool pt2eQSchemeIsPerChannel(Pt2eQScheme qscheme);
/* True for the per-group qschemes. */
bool pt2eQSchemeIsPerGroup(Pt2eQScheme qscheme);
/* True for the qschemes that quantize along 'ch_axis' (per channel or per
** group) and so have more than one scale. */
bool pt2eQSchemeHasAxis(Pt2eQScheme qscheme);

/* The per-group schemes with a float zero point (torchao's int4
   weight-only formulas): tinygemm's and PLAIN's. */
bool pt2eQSchemeHasFloatZero(Pt2eQScheme qscheme);
/* True for the symmetric qschemes (zero point fixed by the range). */
bool pt2eQSchemeIsSymmetric(Pt2eQScheme qscheme);

/*
** Default quant_min / quant_max of a dtype, as torchao's calculate_qmin_qmax
** (i4: [-8, 7], the range torchao's PT2E int4 weights use).
*/
void pt2eDTypeRange(Pt2eDType dtype, int64_t *qmin, int64_t *qmax);

/*
** Fills '*spec' with every default of a spec of observer 'kind' on 'dtype':
** the dtype's whole range (pt2eDTypeRange), qscheme per_tensor_affine and
** ch_axis 0 (the schema's defaults, docs/annotations.md: a per-channel kind
** must name its per-channel qscheme), not dynamic, and the kind's eps,
** bins and averaging constant. With the table, the one place that writes a
** default; callers then set what they were given.
*/
void pt2eQuantSpecInit(Pt2eQuantSpec *spec, Pt2eObserverKind kind,
                       Pt2eDType dtype);

/* }====================================================================== */

#ifdef __cplusplus
}
#endif

#endif /* PT2E_QUANT_SPEC_H */
