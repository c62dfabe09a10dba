/*
** annotate_arm.h
** ExecuTorch 1.5's TOSAQuantizer configurations for pt2e-annotate
** (quantizer=arm-tosa): which configuration an option names, and the
** activation and weight QuantizationSpecs each one writes
** (executorch/backends/arm/quantizer/arm_quantizer.py).
*/
#ifndef PT2E_ANNOTATE_ARM_H
#define PT2E_ANNOTATE_ARM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "quant_spec.h"

/* The configuration getters of arm_quantizer.py (option 'arm-config'). */
typedef enum Pt2eArmConfig {
  Pt2eArmA8W8,  /* get_symmetric_quantization_config() */
  Pt2eArmA8W4,  /* get_symmetric_a8w4_quantization_config(is_qat=False) */
  Pt2eArmA16W8  /* get_symmetric_a16w8_quantization_config() */
} Pt2eArmConfig;

/* The configuration named 'name' ('length' bytes); false if none is. */
bool pt2eArmConfigNamed(const char *name, size_t length, Pt2eArmConfig *out);

/* The names, for messages: "a8w8, a8w4 or a16w8". */
const char *pt2eArmConfigList(void);

/* The activation spec (input and output) of 'config'. */
void pt2eArmActSpec(Pt2eArmConfig config, Pt2eQuantSpec *out);

/* The weight spec of 'config', per channel along 'chAxis' or per tensor. */
void pt2eArmWeightSpec(Pt2eArmConfig config, bool perChannel, int64_t chAxis,
                       Pt2eQuantSpec *out);

#endif /* PT2E_ANNOTATE_ARM_H */
