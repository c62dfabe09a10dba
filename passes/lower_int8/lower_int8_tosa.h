/*
** lower_int8_tosa.h
** The TOSA 1.0 ops pt2e-lower-int8 writes (lower_int8_tosa.c): each builder
** creates its op before the walk's anchor and records it among the ops the
** walk created (li8RecordCreated), so a failed walk can erase it. The
** requantization (tosa.rescale with TOSA's 32-bit multiplier and shift, or
** rescale=float's float ops) and the weight and int32 bias constants are
** here too. Above lower_int8_state.c and lower_int8_read.c, below the pass.
*/
#ifndef PT2E_LOWER_INT8_TOSA_H
#define PT2E_LOWER_INT8_TOSA_H

#include <stddef.h>
#include <stdint.h>

#include "mlir-c/IR.h"

#include "lower_int8_state.h"

/* Attribute and type helpers in the walk's context. */
MlirAttribute li8ParseAttr(Li8Lower *l, const char *text);
MlirNamedAttribute li8Named(Li8Lower *l, const char *name, MlirAttribute a);
MlirType li8IntType(Li8Lower *l, unsigned w);
MlirType li8TensorOf(int rank, const int64_t *shape, MlirType elt);

/* Creates the op 'name' before the anchor; returns its first result. */
MlirValue li8Build(Li8Lower *l, MlirLocation loc, const char *name, intptr_t nOperands,
                   const MlirValue *operands, MlirType result, intptr_t nAttrs,
                   const MlirNamedAttribute *attrs);

/* "tosa.const" of raw little-endian data of 'type'. */
MlirValue li8ConstRaw(Li8Lower *l, MlirLocation loc, MlirType type, size_t bytes,
                      const void *data);

/* A tensor<1xiW> zero point (or pad value) constant. */
MlirValue li8ConstScalar(Li8Lower *l, MlirLocation loc, unsigned width, int64_t v);

/* A tosa.const_shape of 'n' values. */
MlirValue li8ConstShape(Li8Lower *l, MlirLocation loc, int n, const int64_t *vals);

/* A DenseI64ArrayAttr of 'n' values. */
MlirAttribute li8I64Array(Li8Lower *l, int n, const int64_t *vals);

/* tosa.transpose: out[j] = in[perm[j]]. */
MlirValue li8Transpose(Li8Lower *l, MlirLocation loc, MlirValue x, int rank, const int64_t *perm);

/* tosa.reshape of 'x' to 'shape'. */
MlirValue li8Reshape(Li8Lower *l, MlirLocation loc, MlirValue x, int rank, const int64_t *shape);

/* tosa.clamp of an integer 'x' to [lo, hi]. */
MlirValue li8ClampInt(Li8Lower *l, MlirLocation loc, MlirValue x, int64_t lo, int64_t hi);

/*
** tosa.rescale of 'x' (i8 or i32) to the i8 (qmin..qmax, 'outZp') with one
** real scale per channel of the last dimension (n == 1: per tensor), then
** tosa.clamp to [lo, hi] when that is narrower than the storage range. With
** rescale=float, the same requantize in PyTorch's float arithmetic instead.
*/
MlirValue li8Requantize(Li8Lower *l, MlirOperation at, MlirValue x, int64_t inZp,
                        const double *scales, int64_t n, const Li8QType *out,
                        int64_t lo, int64_t hi);

/* i8 -> i32 rescale by one real scale (add and mul inputs). */
MlirValue li8Widen(Li8Lower *l, MlirOperation at, MlirValue x, int64_t zp, double scale);

/* The i8 bytes of a W8 permuted by 'perm' (out[j] = in[perm[j]]). */
int8_t *li8PermuteWeight(const Li8ValueInfo *w, const int64_t *perm);

/* A weight constant in TOSA's layout: the W8 permuted, then given 'shape'. */
MlirValue li8WeightConst(Li8Lower *l, MlirLocation loc, const Li8ValueInfo *w, const int64_t *perm,
                         int rank, const int64_t *shape);

/*
** The int32 bias of the derived bias spec: scale = f32(in_scale * w_scale)
** per channel (pt2eDeriveMulScales' product), zero point 0, quantized as
** quantize_per_channel does (pt2eQuantizeValue). 'bias' may be null (zero).
** Writes the accumulator's scales into 'accScales'.
*/
MlirValue li8BiasConst(Li8Lower *l, MlirLocation loc, MlirAttribute bias, double inScale,
                       const double *wScales, int64_t channels, double *accScales);

#endif
