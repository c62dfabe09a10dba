/*
** quant_spec.c
** The facts of the dtypes, qschemes and observer kinds of quant_spec.h,
** one table each, and the defaults of a spec.
**
** The quant ranges are torchao's calculate_qmin_qmax without a custom
** range and without the deprecated reduce_range (torchao-numerics.md,
** section 1.1); the observer defaults are those of torchao 0.18's observer
** constructors. Each table is indexed by its enum and checked at compile
** time to have one row per enumerator.
*/
#include "quant_spec.h"

#include <stddef.h>

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* torch.finfo(torch.float32).eps: every torchao observer's default eps */
#define TORCH_F32_EPS 0x1p-23f

static const Pt2eDTypeInfo dtypes[] = {
    [Pt2eDTypeInt8] = {"i8", 8, false},
    [Pt2eDTypeUInt8] = {"ui8", 8, true},
    [Pt2eDTypeInt16] = {"i16", 16, false},
    [Pt2eDTypeUInt16] = {"ui16", 16, true},
    [Pt2eDTypeInt4] = {"i4", 4, false},
    [Pt2eDTypeInt32] = {"i32", 32, false},
};
_Static_assert(COUNT(dtypes) == Pt2eDTypeInt32 + 1,
               "one row per Pt2eDType, Int32 last");

static const char *const qschemeNames[] = {
    [Pt2eQSchemePerTensorAffine] = "per_tensor_affine",
    [Pt2eQSchemePerTensorSymmetric] = "per_tensor_symmetric",
    [Pt2eQSchemePerChannelAffine] = "per_channel_affine",
    [Pt2eQSchemePerChannelSymmetric] = "per_channel_symmetric",
    [Pt2eQSchemePerGroupAffine] = "per_group_affine",
    [Pt2eQSchemePerGroupSymmetric] = "per_group_symmetric",
    [Pt2eQSchemePerGroupFloatZero] = "per_group_float_zero",
    [Pt2eQSchemePerGroupFloatZeroPlain] = "per_group_float_zero_plain",
};
_Static_assert(COUNT(qschemeNames) == Pt2eQSchemePerGroupFloatZeroPlain + 1,
               "one name per Pt2eQScheme, PerGroupFloatZeroPlain last");

/* torch.finfo(torch.float32).smallest_normal: choose_qparams_affine's eps
   when none is given (torchao quant_primitives.py _choose_qparams_affine) */
#define TORCH_F32_SMALLEST_NORMAL 0x1p-126f

/*
** name, perChannel, perGroup, movingAverage, hasBins, isPlaceholder, eps, bins,
** averagingConstant[, ort, percentile, symmetric, numQuantizedBins]. The
** ONNX Runtime rows take create_calibrator's defaults (onnxruntime 1.31.1
** calibrate.py): percentile num_bins 2048, percentile 99.999, symmetric
** True; entropy num_bins 128, num_quantized_bins 128; distribution
** num_bins 2048. Their eps is torch's: the qparams are torch's
** (qparams.c) from ONNX Runtime's range.
*/
/* the ONNX Runtime fields of a torchao row */
#define NO_ORT Pt2eOrtNone, 0.0, false, 0

static const Pt2eObserverKindInfo observerKinds[] = {
    [Pt2eObserverMinMax] =
        {"minmax", false, false, false, false, false, TORCH_F32_EPS, 0, 0.0f, NO_ORT},
    [Pt2eObserverMovingAverageMinMax] =
        {"moving_average_minmax", false, false, true, false, false, TORCH_F32_EPS, 0,
         0.01f, NO_ORT},
    [Pt2eObserverPerChannelMinMax] =
        {"per_channel_minmax", true, false, false, false, false, TORCH_F32_EPS, 0,
         0.0f, NO_ORT},
    [Pt2eObserverMovingAveragePerChannelMinMax] =
        {"moving_average_per_channel_minmax", true, false, true, false, false,
         TORCH_F32_EPS, 0, 0.01f, NO_ORT},
    [Pt2eObserverHistogram] =
        {"histogram", false, false, false, true, false, TORCH_F32_EPS, 2048, 0.0f,
         NO_ORT},
    [Pt2eObserverPercentile] =
        {"percentile", false, false, false, true, false, TORCH_F32_EPS, 2048, 0.0f,
         Pt2eOrtPercentile, 99.999, true, 0},
    [Pt2eObserverEntropy] =
        {"entropy", false, false, false, true, false, TORCH_F32_EPS, 128, 0.0f,
         Pt2eOrtEntropy, 0.0, false, 128},
    [Pt2eObserverDistribution] =
        {"distribution", false, false, false, true, false, TORCH_F32_EPS, 2048, 0.0f,
         Pt2eOrtDistribution, 0.0, false, 0},
    [Pt2eObserverPerGroupMinMax] =
        {"per_group_minmax", false, true, false, false, false,
         TORCH_F32_SMALLEST_NORMAL, 0, 0.0f, NO_ORT},
    [Pt2eObserverPlaceholder] =
        {"placeholder", false, false, false, false, true, TORCH_F32_EPS, 0, 0.0f,
         NO_ORT},
};
_Static_assert(COUNT(observerKinds) == Pt2eObserverPlaceholder + 1,
               "one row per Pt2eObserverKind, Placeholder last");

int pt2eDTypeCount(void) { return COUNT(dtypes); }
int pt2eQSchemeCount(void) { return COUNT(qschemeNames); }
int pt2eObserverKindCount(void) { return COUNT(observerKinds); }

const Pt2eDTypeInfo *pt2eDTypeInfo(Pt2eDType dtype) { return &dtypes[dtype]; }

const Pt2eObserverKindInfo *pt2eObserverKindInfo(Pt2eObserverKind kind) {
  return &observerKinds[kind];
}

const char *pt2eDTypeName(Pt2eDType dtype) { return dtypes[dtype].name; }

const char *pt2eQSchemeName(Pt2eQScheme qscheme) {
  return qschemeNames[qscheme];
}

const char *pt2eObserverKindName(Pt2eObserverKind kind) {
  return observerKinds[kind].name;
}

bool pt2eQSchemeIsPerChannel(Pt2eQScheme qscheme) {
  return qscheme == Pt2eQSchemePerChannelAffine ||
         qscheme == Pt2eQSchemePerChannelSymmetric;
}

bool pt2eQSchemeIsPerGroup(Pt2eQScheme qscheme) {
  return qscheme == Pt2eQSchemePerGroupAffine ||
         qscheme == Pt2eQSchemePerGroupSymmetric ||
         pt2eQSchemeHasFloatZero(qscheme);
}

bool pt2eQSchemeHasFloatZero(Pt2eQScheme qscheme) {
  return qscheme == Pt2eQSchemePerGroupFloatZero ||
         qscheme == Pt2eQSchemePerGroupFloatZeroPlain;
}

bool pt2eQSchemeHasAxis(Pt2eQScheme qscheme) {
  return pt2eQSchemeIsPerChannel(qscheme) || pt2eQSchemeIsPerGroup(qscheme);
}

bool pt2eQSchemeIsSymmetric(Pt2eQScheme qscheme) {
  return qscheme == Pt2eQSchemePerTensorSymmetric ||
         qscheme == Pt2eQSchemePerChannelSymmetric ||
         qscheme == Pt2eQSchemePerGroupSymmetric;
}

void pt2eDTypeRange(Pt2eDType dtype, int64_t *qmin, int64_t *qmax) {
  switch (dtype) {
  case Pt2eDTypeInt8:   *qmin = -128;        *qmax = 127;        return;
  case Pt2eDTypeUInt8:  *qmin = 0;           *qmax = 255;        return;
  case Pt2eDTypeInt16:  *qmin = -32768;      *qmax = 32767;      return;
  case Pt2eDTypeUInt16: *qmin = 0;           *qmax = 65535;      return;
  case Pt2eDTypeInt4:   *qmin = -8;          *qmax = 7;          return;
  case Pt2eDTypeInt32:  *qmin = INT32_MIN;   *qmax = INT32_MAX;  return;
  }
  *qmin = 0;  /* torch's fallback for any other dtype */
  *qmax = 15;
}

void pt2eQuantSpecInit(Pt2eQuantSpec *spec, Pt2eObserverKind kind,
                       Pt2eDType dtype) {
  const Pt2eObserverKindInfo *k = &observerKinds[kind];
  spec->dtype = dtype;
  pt2eDTypeRange(dtype, &spec->quantMin, &spec->quantMax);
  spec->qscheme = Pt2eQSchemePerTensorAffine;
  spec->chAxis = 0;
  spec->groupSize = 0;
  spec->eps = k->eps;
  spec->isDynamic = false;
  spec->observer = kind;
  spec->bins = k->bins;
  spec->averagingConstant = k->averagingConstant;
  spec->percentile = k->percentile;
  spec->symmetric = k->symmetric;
  spec->numQuantizedBins = k->numQuantizedBins;
}
