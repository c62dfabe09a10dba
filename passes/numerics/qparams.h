/*
** qparams.h
** Quantization parameters and (fake) quantization of float32 values,
** bit-exact with torchao 0.18 / PyTorch on CPU.
**
** Pure C: no MLIR inside. Every float operation here is one IEEE binary32
** operation in the order torch performs it (torchao-numerics.md, sections
** 1.2, 2.3 and 5); the module is built in ISO C mode, where GCC does not
** contract a*b+c into FMA.
*/
#ifndef PT2E_QPARAMS_H
#define PT2E_QPARAMS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "quant_spec.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
** Result of a numeric call. Zero is success, positive values are warnings
** (torch warns and goes on), negative values are errors (torch raises).
*/
typedef enum Pt2eNumStatus {
  Pt2eNumOk = 0,
  Pt2eNumDefaulted = 1,      /* no statistics yet: scale 1, zero point 0 */
  Pt2eNumInvalidRange = -1,  /* min > max or NaN (torch's assert fails) */
  Pt2eNumNaN = -2,           /* NaN input where torch raises (histc) */
  Pt2eNumBadShape = -3,      /* rank, axis or channel count mismatch */
  Pt2eNumUnsupported = -4,   /* e.g. qparams of a placeholder observer */
  Pt2eNumNoMemory = -5
} Pt2eNumStatus;

/* A short lowercase description of 'status' ("ok", "invalid range", ...). */
const char *pt2eNumStatusName(Pt2eNumStatus status);

/*
** torchao's UniformQuantizationObserverBase._calculate_qparams for 'n'
** channels (n = 1 per tensor). 'customRange' is has_customized_qrange, i.e.
** whether quant_min and quant_max were given to the observer; it only
** changes the uint8 symmetric zero point ((qmin+qmax)//2 instead of 128).
** Writes scales[0..n-1] and zeroPoints[0..n-1]; when no statistics exist
** (n == 0, or per-tensor min == +inf and max == -inf) writes scale 1.0 and
** zero point 0 to element 0 and returns Pt2eNumDefaulted, so the arrays
** must hold at least max(n, 1) elements. Returns Pt2eNumInvalidRange when
** some !(min <= max), as torch's assert; the outputs are then unspecified.
*/
Pt2eNumStatus pt2eCalculateQParams(const Pt2eQuantSpec *spec, bool customRange,
                                   const float *minVals, const float *maxVals,
                                   int64_t n, float *scales,
                                   int64_t *zeroPoints);

/*
** quantized_decomposed.quantize_per_tensor of one value:
**   clamp(f(rne(f(x * f(1/scale))) + zp), qmin, qmax), cast to an integer.
** Rounds before adding the zero point (torchao-numerics.md section 10.1);
** quantize_per_channel computes the same per channel. The clamp is in
** float32 and the final cast goes through int32 as on x86-64, so NaN gives
** 0 for 8- and 16-bit dtypes and INT32_MIN for int32, and an int32 value
** clamped to f(2^31-1) = 2^31 overflows to INT32_MIN (measured with torch
** 2.15, tools/oracle/observers/README.md).
*/
int64_t pt2eQuantizeValue(float x, float scale, int64_t zeroPoint,
                          int64_t qmin, int64_t qmax, Pt2eDType dtype);

/*
** per_group_float_zero (torchao's _choose_qparams_affine_tinygemm and
** _quantize_affine_tinygemm, float32, tools/oracle/llm/FORMULAS.md c) and
** per_group_float_zero_plain (mslk / FBGEMM's int4_row_quantize_zp, the
** PLAIN packing's): mid = (qmax - qmin + 1) / 2, the float zero point
** f(min + f(scale * mid)) of a group of minimum 'min' and scale 'scale'
** (both formulas), the low end 'lo' values are quantized from
**   tinygemm: lo = f(zero - f(scale * mid)),  PLAIN: lo = min
** and the stored integer (q - mid) of one value
**   q = clamp(rne(f(f(x - lo) / scale)), 0, qmax - qmin)
** (a division, as both; NaN clamps to 0 here, a weight has none).
*/
int64_t pt2eFloatZeroMid(int64_t qmin, int64_t qmax);
float pt2eFloatZeroPoint(float min, float scale, int64_t qmin, int64_t qmax);
float pt2eFloatZeroLow(Pt2eQScheme qscheme, float min, float scale, float zero,
                       int64_t qmin, int64_t qmax);
int64_t pt2eQuantizeFloatZero(float x, float scale, float lo, int64_t qmin,
                              int64_t qmax);

/* quantized_decomposed.dequantize_per_tensor: f(f(float(q) - zp) * scale). */
float pt2eDequantizeValue(int64_t q, float scale, int64_t zeroPoint);

/*
** torch.fake_quantize_per_tensor_affine of one value:
**   q = clamp(f(float(zp) + rne(f(x * f(1/scale)))), qmin, qmax)
**   y = f(float(q - zp) * scale)
** The same rounding as pt2eQuantizeValue, but the clamp is in double
** through fmax/fmin, so NaN gives the value of qmin and +-inf saturate.
*/
float pt2eFakeQuantizeValue(float x, float scale, int64_t zeroPoint,
                            int64_t qmin, int64_t qmax);

/*
** Fake-quantizes 'count' values of 'data' into 'out' (which may equal
** 'data'), per tensor.
*/
void pt2eFakeQuantizePerTensor(const float *data, int64_t count, float scale,
                               int64_t zeroPoint, int64_t qmin, int64_t qmax,
                               float *out);

/*
** torch.fake_quantize_per_channel_affine (integer zero points) of a
** row-major tensor of 'rank' dimensions 'shape' along 'axis', with one
** scale and zero point per index of that axis. Unlike the per-tensor
** kernel it casts to int64 before clamping, so NaN, +inf and -inf all give
** the value of qmin (measured with torch 2.15). Returns
** Pt2eNumBadShape if 'axis' is out of range (negative axes count from the
** end, as in torch).
*/
Pt2eNumStatus pt2eFakeQuantizePerChannel(const float *data,
                                         const int64_t *shape, int rank,
                                         int64_t axis, const float *scales,
                                         const int64_t *zeroPoints,
                                         int64_t qmin, int64_t qmax,
                                         float *out);

/*
** A FakeQuantize's forward with the qparams it holds: fake-quantizes the
** row-major float32 tensor 'data' of 'rank' dimensions 'shape' into 'out'
** (which may equal 'data'), per channel along spec->chAxis (negative axes
** count from the end) when spec->qscheme is per-channel, else per tensor
** with scales[0] and zeroPoints[0], clamping to [quantMin, quantMax].
** 'numQParams' is the length of 'scales' and 'zeroPoints'. Returns
** Pt2eNumBadShape, and leaves 'out' untouched, when the channel axis is out
** of range or the tensor has not 'numQParams' channels (or when a per-tensor
** spec has no qparams).
*/
Pt2eNumStatus pt2eFakeQuantApply(const Pt2eQuantSpec *spec, const float *data,
                                 const int64_t *shape, int rank,
                                 const float *scales,
                                 const int64_t *zeroPoints,
                                 int64_t numQParams, float *out);

/* The scales one source of a derived spec has: 'n' of them (1: per tensor). */
typedef struct Pt2eScaleSource {
  const float *scales;
  int64_t n;
} Pt2eScaleSource;

/*
** The qparams of a DerivedQuantizationSpec whose derive_qparams_fn
** multiplies its sources' scales (torch's bias rule, act_scale *
** weight_scale): for each of the 'n' channels, scale = the product of the
** sources' scales in source order, one float32 multiplication at a time, a
** per-tensor source counting for every channel; zero point 0. Writes
** scales[0..n-1] and zeroPoints[0..n-1]. Returns Pt2eNumBadShape, writing
** nothing, when a source has neither 1 nor 'n' scales.
*/
Pt2eNumStatus pt2eDeriveMulScales(const Pt2eScaleSource *sources,
                                  size_t numSources, int64_t n,
                                  float *scales, int64_t *zeroPoints);

#ifdef __cplusplus
}
#endif

#endif /* PT2E_QPARAMS_H */
