/*
** annotate_arm.c
** ExecuTorch 1.5's TOSAQuantizer configurations (arm_quantizer.py), as
** QuantizationSpecs:
**
**   a8w8  get_symmetric_quantization_config(is_per_channel): activations
**         HistogramObserver int8 [-128, 127] per-tensor affine; weights
**         PerChannelMinMaxObserver (per tensor: MinMaxObserver) int8
**         [-127, 127] symmetric, ch_axis 0; eps 2^-16 for both.
**   a8w4  get_symmetric_a8w4_quantization_config: the same with weights
**         in [-7, 7] (int8 storage; the Arm backend emits TOSA INT4).
**   a16w8 get_symmetric_a16w8_quantization_config: activations
**         HistogramObserver int16 [-32767, 32767] per-tensor *symmetric*,
**         eps 2^-12; weights the base config's (a8w8's, eps 2^-16: the
**         function's weight_qmin / weight_qmax / epsilon do not reach them).
*/
#include "annotate_arm.h"

#include <string.h>

static const char *const configNames[] = {"a8w8", "a8w4", "a16w8"};

bool pt2eArmConfigNamed(const char *name, size_t length, Pt2eArmConfig *out) {
  for (size_t k = 0; k < sizeof configNames / sizeof *configNames; k++)
    if (strlen(configNames[k]) == length && !memcmp(configNames[k], name, length)) {
      *out = (Pt2eArmConfig)k;
      return true;
    }
  return false;
}

const char *pt2eArmConfigList(void) { return "a8w8, a8w4 or a16w8"; }

void pt2eArmActSpec(Pt2eArmConfig config, Pt2eQuantSpec *out) {
  bool i16 = config == Pt2eArmA16W8;
  pt2eQuantSpecInit(out, Pt2eObserverHistogram,
                    i16 ? Pt2eDTypeInt16 : Pt2eDTypeInt8);
  /* torch.iinfo(torch.int16).min + 1: a symmetric range */
  out->quantMin = i16 ? -32767 : -128;
  out->quantMax = i16 ? 32767 : 127;
  out->qscheme = i16 ? Pt2eQSchemePerTensorSymmetric : Pt2eQSchemePerTensorAffine;
  out->chAxis = 0;
  out->eps = i16 ? 0x1p-12f : 0x1p-16f;
  out->isDynamic = false;
}

void pt2eArmWeightSpec(Pt2eArmConfig config, bool perChannel, int64_t chAxis,
                       Pt2eQuantSpec *out) {
  bool w4 = config == Pt2eArmA8W4;
  pt2eQuantSpecInit(out, perChannel ? Pt2eObserverPerChannelMinMax
                                    : Pt2eObserverMinMax,
                    Pt2eDTypeInt8);
  out->quantMin = w4 ? -7 : -127;
  out->quantMax = w4 ? 7 : 127;
  out->qscheme = perChannel ? Pt2eQSchemePerChannelSymmetric
                            : Pt2eQSchemePerTensorSymmetric;
  out->chAxis = perChannel ? chAxis : 0;
  out->eps = 0x1p-16f;
  out->isDynamic = false;
}
