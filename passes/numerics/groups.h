/*
** groups.h
** The blocks of a per-group qscheme (torchao's block_size): axis 'axis' of
** a tensor split in groups of 'size' elements, every other axis in blocks
** of 1. A [N, K] weight with axis 1 and size 32 has N * K/32 groups (8da4w,
** int4 weight-only); a [B, T, K] activation with axis 2 and the whole axis
** one group per token (per-token dynamic quantization). Groups are
** numbered row-major over the tensor's shape with the axis divided by the
** group size: the layout of torchao's scale tensor with keepdim, and of
** the scales of MLIR's sub-channel !quant.uniform type.
**
** Pure C, no MLIR: the observers, pt2e-convert, the interpreter and
** pt2e-lower-quant's constants share it.
*/
#ifndef PT2E_GROUPS_H
#define PT2E_GROUPS_H

#include <stdbool.h>
#include <stdint.h>

#include "qparams.h"
#include "quant_spec.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A tensor seen as [outer, axisSize, inner] around the grouped axis. */
typedef struct Pt2eGroups {
  int64_t outer, axisSize, inner;
  int64_t size;    /* elements per group along the axis */
  int64_t perAxis; /* axisSize / size */
  int64_t count;   /* outer * perAxis * inner */
} Pt2eGroups;

/*
** The groups of a tensor of 'rank' dims 'shape' for 'axis' (0 <= axis <
** rank) and group size 'size' (0: the whole axis). False when the axis is
** outside the shape, a dim is negative or 'size' does not divide it.
*/
bool pt2eGroupsOf(const int64_t *shape, int rank, int64_t axis, int64_t size,
                  Pt2eGroups *out);

/* The group of the element at row-major index 'i'. */
static inline int64_t pt2eGroupIndex(const Pt2eGroups *g, int64_t i) {
  int64_t in = i % g->inner, rest = i / g->inner;
  int64_t m = rest % g->axisSize, o = rest / g->axisSize;
  return (o * g->perAxis + m / g->size) * g->inner + in;
}

/*
** Each group's minimum and maximum of 'x' (row-major, the groups' tensor)
** into mins[count] and maxs[count]: torch.amin / amax over the block, which
** propagate NaN.
*/
void pt2eGroupsMinMax(const Pt2eGroups *g, const float *x, float *mins,
                      float *maxs);

/*
** Quantizes and dequantizes 'x' into 'out' (both numel = count * size
** elements) with qparams chosen from 'x' itself, group by group:
** torchao's choose_qparams_affine (the spec's qscheme, range and eps),
** quantize_affine (x * (1/scale), round half to even, + zero point, clamp)
** and dequantize_affine ((q - zp) * scale), in float32 as torch computes
** them: the per-token dynamic activation quantization of 8da4w, and with
** one group the per-tensor choose_qparams.tensor of PT2E's dynamic
** quantization. 'scales', 'zeroPoints', 'mins' and 'maxs' (count entries
** each) receive the qparams and the groups' ranges. Returns the status of
** pt2eCalculateQParams (Pt2eNumInvalidRange on a group with NaN).
*/
Pt2eNumStatus pt2eGroupsDynamicQdq(const Pt2eQuantSpec *spec,
                                   const Pt2eGroups *g, const float *x,
                                   float *out, float *scales,
                                   int64_t *zeroPoints, float *mins,
                                   float *maxs);

/*
** Quantizes and dequantizes 'x' into 'out' with given qparams, one per
** group (count entries): quantize_affine then dequantize_affine, in
** float32 as torch computes them.
*/
void pt2eGroupsFakeQuant(const Pt2eQuantSpec *spec, const Pt2eGroups *g,
                         const float *x, const float *scales,
                         const int64_t *zeroPoints, float *out);

#ifdef __cplusplus
}
#endif

#endif /* PT2E_GROUPS_H */
