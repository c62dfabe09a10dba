/*
** lower_int8_tosa.c
** pt2e-lower-int8's TOSA builders (lower_int8_tosa.h).
*/
#include "lower_int8_tosa.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Tosa.h"

#include "constants.h"
#include "ir_ops.h"
#include "lower_int8_read.h"
#include "pt2e_alloc.h"
#include "qparams.h"
#include "requantize.h"

MlirAttribute li8ParseAttr(Li8Lower *l, const char *text) {
  return mlirAttributeParseGet(l->ctx, mlirStringRefCreateFromCString(text));
}

MlirNamedAttribute li8Named(Li8Lower *l, const char *name, MlirAttribute a) {
  return mlirNamedAttributeGet(mlirIdentifierGet(l->ctx, mlirStringRefCreateFromCString(name)), a);
}

MlirType li8IntType(Li8Lower *l, unsigned w) { return mlirIntegerTypeGet(l->ctx, w); }

MlirType li8TensorOf(int rank, const int64_t *shape, MlirType elt) {
  return mlirRankedTensorTypeGet(rank, shape, elt, mlirAttributeGetNull());
}

/* Creates the op 'name' before the anchor; returns its first result. */
MlirValue li8Build(Li8Lower *l, MlirLocation loc, const char *name, intptr_t nOperands,
                   const MlirValue *operands, MlirType result, intptr_t nAttrs,
                   const MlirNamedAttribute *attrs) {
  MlirOperationState st = mlirOperationStateGet(mlirStringRefCreateFromCString(name), loc);
  mlirOperationStateAddOperands(&st, nOperands, operands);
  mlirOperationStateAddResults(&st, 1, &result);
  mlirOperationStateAddAttributes(&st, nAttrs, attrs);
  MlirOperation op = mlirOperationCreate(&st);
  mlirBlockInsertOwnedOperationBefore(l->block, l->anchor, op);
  li8RecordCreated(l, op);
  return mlirOperationGetResult(op, 0);
}

/* "tosa.const" of raw little-endian data of 'type'. */
MlirValue li8ConstRaw(Li8Lower *l, MlirLocation loc, MlirType type, size_t bytes,
                      const void *data) {
  MlirAttribute a = mlirDenseElementsAttrRawBufferGet(type, bytes, data);
  MlirNamedAttribute v = li8Named(l, "values", a);
  return li8Build(l, loc, "tosa.const", 0, NULL, type, 1, &v);
}

/* A tensor<1xiW> zero point (or pad value) constant. */
MlirValue li8ConstScalar(Li8Lower *l, MlirLocation loc, unsigned width, int64_t v) {
  int64_t one = 1;
  MlirType t = li8TensorOf(1, &one, li8IntType(l, width));
  if (width == 8) {
    int8_t b = (int8_t)v;
    return li8ConstRaw(l, loc, t, 1, &b);
  }
  if (width == 16) {
    int16_t b = (int16_t)v;
    return li8ConstRaw(l, loc, t, 2, &b);
  }
  int32_t b = (int32_t)v;
  return li8ConstRaw(l, loc, t, 4, &b);
}

MlirValue li8ConstShape(Li8Lower *l, MlirLocation loc, int n, const int64_t *vals) {
  char text[512];
  int k = snprintf(text, sizeof text, "dense<[");
  for (int i = 0; i < n; i++)
    k += snprintf(text + k, sizeof text - (size_t)k, "%s%lld", i ? ", " : "", (long long)vals[i]);
  snprintf(text + k, sizeof text - (size_t)k, "]> : tensor<%dxindex>", n);
  char ty[64];
  snprintf(ty, sizeof ty, "!tosa.shape<%d>", n);
  MlirType shapeTy = mlirTypeParseGet(l->ctx, mlirStringRefCreateFromCString(ty));
  MlirNamedAttribute v = li8Named(l, "values", li8ParseAttr(l, text));
  return li8Build(l, loc, "tosa.const_shape", 0, NULL, shapeTy, 1, &v);
}

MlirAttribute li8I64Array(Li8Lower *l, int n, const int64_t *vals) {
  return mlirDenseI64ArrayGet(l->ctx, n, vals);
}

/* tosa.transpose: out[j] = in[perm[j]]. */
MlirValue li8Transpose(Li8Lower *l, MlirLocation loc, MlirValue x, int rank, const int64_t *perm) {
  bool identity = true;
  for (int i = 0; i < rank; i++)
    identity = identity && perm[i] == i;
  if (identity)
    return x;
  /* transpose(transpose(s, p1), p2) with p1[p2[j]] == j is s: the NHWC
  ** value a conv produced, going back to NHWC for the next conv */
  MlirOperation prev = pt2eOpProducer(x);
  if (pt2eOpIs(prev, "tosa.transpose")) {
    MlirAttribute p1 = pt2eOpAttr(prev, "perms");
    bool inverse = mlirDenseArrayGetNumElements(p1) == rank;
    for (int j = 0; j < rank && inverse; j++)
      inverse = mlirDenseI32ArrayGetElement(p1, (intptr_t)perm[j]) == j;
    if (inverse)
      return mlirOperationGetOperand(prev, 0);
  }
  int64_t in[PT2E_MAX_RANK], out[PT2E_MAX_RANK];
  int32_t p32[PT2E_MAX_RANK];
  li8ShapeOf(x, in);
  for (int i = 0; i < rank; i++) {
    out[i] = in[perm[i]];
    p32[i] = (int32_t)perm[i];
  }
  MlirNamedAttribute a = li8Named(l, "perms", mlirDenseI32ArrayGet(l->ctx, rank, p32));
  return li8Build(l, loc, "tosa.transpose", 1, &x, li8TensorOf(rank, out, li8EltOf(x)), 1, &a);
}

MlirValue li8Reshape(Li8Lower *l, MlirLocation loc, MlirValue x, int rank, const int64_t *shape) {
  int64_t in[PT2E_MAX_RANK];
  li8ShapeOf(x, in);
  if (rank == li8RankOf(x) && memcmp(in, shape, sizeof(int64_t) * (size_t)rank) == 0)
    return x;
  MlirValue ops[2] = {x, li8ConstShape(l, loc, rank, shape)};
  return li8Build(l, loc, "tosa.reshape", 2, ops, li8TensorOf(rank, shape, li8EltOf(x)), 0, NULL);
}

MlirValue li8ClampInt(Li8Lower *l, MlirLocation loc, MlirValue x, int64_t lo, int64_t hi) {
  MlirType e = li8EltOf(x);
  MlirNamedAttribute a[2] = {li8Named(l, "min_val", mlirIntegerAttrGet(e, lo)),
                             li8Named(l, "max_val", mlirIntegerAttrGet(e, hi))};
  return li8Build(l, loc, "tosa.clamp", 1, &x, mlirValueGetType(x), 2, a);
}

/* A shape of 'rank' ones: a constant broadcast along every dimension. */
static void onesShape(int rank, int64_t *ones) {
  for (int i = 0; i < rank; i++)
    ones[i] = 1;
}

/* tosa.rescale's attributes: TOSA's 32-bit multiplier, one rounding
** (SINGLE_ROUND), signed in and out, per channel or per tensor. */
static void rescaleAttrs(Li8Lower *l, bool perChannel, MlirNamedAttribute *a) {
  a[0] = li8Named(l, "scale32", mlirBoolAttrGet(l->ctx, 1));
  a[1] = li8Named(l, "rounding_mode", li8ParseAttr(l, "#tosa.rounding_mode<SINGLE_ROUND>"));
  a[2] = li8Named(l, "per_channel", mlirBoolAttrGet(l->ctx, perChannel));
  a[3] = li8Named(l, "input_unsigned", mlirBoolAttrGet(l->ctx, 0));
  a[4] = li8Named(l, "output_unsigned", mlirBoolAttrGet(l->ctx, 0));
}

/*
** rescale=float's requantize of 'x' (of 'rank' and 'shape') by 'fs' (n
** f32 scales along the last dimension) to i8: y = cast_i8(
** round(clamp(cast_f32(x - zp) * scale, qmin - zp_out, qmax - zp_out)) +
** zp_out); tosa.cast to an integer rounds half to even, as torch.round,
** before the zero point is added. The clamp is in f32, before rounding,
** because TOSA's profiles have no tosa.clamp on i32 (IREE's TOSA
** validation rejects one); it gives the bytes of clamp(round(m) + zp_out,
** qmin, qmax), since the bounds are integers and rounding is monotonic
** and keeps integers, and keeps the f32 -> i32 cast from overflowing.
*/
static MlirValue floatRescale(Li8Lower *l, MlirLocation loc, MlirValue x, int rank,
                              const int64_t *shape, int64_t inZp, const float *fs, int64_t n,
                              const Li8QType *out) {
  MlirType f32 = mlirF32TypeGet(l->ctx), i32 = li8IntType(l, 32);
  int64_t bshape[PT2E_MAX_RANK], ones[PT2E_MAX_RANK];
  onesShape(rank, bshape);
  bshape[rank - 1] = n;
  onesShape(rank, ones);
  MlirValue xf = li8Build(l, loc, "tosa.cast", 1, &x, li8TensorOf(rank, shape, f32), 0, NULL);
  if (inZp != 0) {
    float z = (float)inZp;
    MlirValue zc = li8ConstRaw(l, loc, li8TensorOf(rank, ones, f32), 4, &z);
    MlirValue ops[2] = {xf, zc};
    xf = li8Build(l, loc, "tosa.sub", 2, ops, li8TensorOf(rank, shape, f32), 0, NULL);
  }
  MlirValue sc = li8ConstRaw(l, loc, li8TensorOf(rank, bshape, f32), sizeof(float) * (size_t)n,
                             fs);
  MlirValue ops[3] = {xf, sc, li8ConstScalar(l, loc, 8, 0)};
  MlirValue m = li8Build(l, loc, "tosa.mul", 3, ops, li8TensorOf(rank, shape, f32), 0, NULL);
  MlirNamedAttribute a[2] = {
      li8Named(l, "min_val", mlirFloatAttrDoubleGet(l->ctx, f32, (double)(out->qmin - out->zp))),
      li8Named(l, "max_val", mlirFloatAttrDoubleGet(l->ctx, f32, (double)(out->qmax - out->zp)))};
  m = li8Build(l, loc, "tosa.clamp", 1, &m, mlirValueGetType(m), 2, a);
  MlirValue ri = li8Build(l, loc, "tosa.cast", 1, &m, li8TensorOf(rank, shape, i32), 0, NULL);
  int32_t z = (int32_t)out->zp;
  MlirValue zc = li8ConstRaw(l, loc, li8TensorOf(rank, ones, i32), 4, &z);
  MlirValue ops2[2] = {ri, zc};
  MlirValue rd = li8Build(l, loc, "tosa.add", 2, ops2, li8TensorOf(rank, shape, i32), 0, NULL);
  return li8Build(l, loc, "tosa.cast", 1, &rd, li8TensorOf(rank, shape, li8IntType(l, 8)), 0,
                  NULL);
}

/*
** TOSA's 32-bit multiplier and shift of each of the 'n' real 'scales'
** (pt2eQuantizeMultiplier) into 'mult' and 'shift'; false, with the error
** reported at 'at' (li8Fail), when one has none with a shift in [2, 62].
*/
static bool multipliers(Li8Lower *l, MlirOperation at, const double *scales, int64_t n,
                        int32_t *mult, int8_t *shift) {
  for (int64_t i = 0; i < n; i++) {
    int32_t m = 0, s = 0;
    if (!pt2eQuantizeMultiplier(scales[i], &m, &s)) {
      li8Fail(l, at,
              "rescale scale %g (channel %g) has no TOSA 32-bit multiplier with a shift in "
              "[2, 62]: the unit cannot be requantized",
              scales[i], (double)i);
      return false;
    }
    mult[i] = m;
    shift[i] = (int8_t)s;
  }
  return true;
}

/* tosa.rescale of 'x' (zero point 'inZp') to the i8 of 'out' by the 'n'
** multipliers and shifts, per channel along the last dimension when n > 1. */
static MlirValue tosaRescale(Li8Lower *l, MlirLocation loc, MlirValue x, int64_t inZp,
                             const int32_t *mult, const int8_t *shift, int64_t n,
                             const Li8QType *out) {
  int rank = li8RankOf(x);
  int64_t shape[PT2E_MAX_RANK];
  li8ShapeOf(x, shape);
  unsigned inW = mlirIntegerTypeGetWidth(li8EltOf(x));
  MlirValue ops[5] = {
      x, li8ConstRaw(l, loc, li8TensorOf(1, &n, li8IntType(l, 32)), 4 * (size_t)n, mult),
      li8ConstRaw(l, loc, li8TensorOf(1, &n, li8IntType(l, 8)), (size_t)n, shift),
      li8ConstScalar(l, loc, inW, inZp), li8ConstScalar(l, loc, 8, out->zp)};
  MlirNamedAttribute a[5];
  rescaleAttrs(l, n > 1, a);
  return li8Build(l, loc, "tosa.rescale", 5, ops, li8TensorOf(rank, shape, li8IntType(l, 8)), 5,
                  a);
}

/* rescale=float: the scales as f32, then floatRescale; a null value, the
** walk failed, when out of memory. */
static MlirValue requantizeFloat(Li8Lower *l, MlirLocation loc, MlirValue x, int64_t inZp,
                                 const double *scales, int64_t n, const Li8QType *out) {
  float *fs = pt2eAlloc(sizeof(float) * (size_t)n);
  if (!fs) {
    l->failed = true;
    return (MlirValue){NULL};
  }
  for (int64_t i = 0; i < n; i++)
    fs[i] = (float)scales[i];
  int rank = li8RankOf(x);
  int64_t shape[PT2E_MAX_RANK];
  li8ShapeOf(x, shape);
  MlirValue r = floatRescale(l, loc, x, rank, shape, inZp, fs, n, out);
  pt2eFree(fs);
  return r;
}

/* rescale=tosa: the multipliers and shifts, then tosa.rescale; a null
** value, the walk failed, when a scale has none or out of memory. */
static MlirValue requantizeTosa(Li8Lower *l, MlirOperation at, MlirValue x, int64_t inZp,
                                const double *scales, int64_t n, const Li8QType *out) {
  int32_t *mult = pt2eAlloc(sizeof(int32_t) * (size_t)n);
  int8_t *shift = pt2eAlloc((size_t)n);
  MlirValue r = {NULL};
  if (!mult || !shift)
    l->failed = true;
  else if (multipliers(l, at, scales, n, mult, shift))
    r = tosaRescale(l, mlirOperationGetLocation(at), x, inZp, mult, shift, n, out);
  pt2eFree(mult);
  pt2eFree(shift);
  return r;
}

MlirValue li8Requantize(Li8Lower *l, MlirOperation at, MlirValue x, int64_t inZp,
                        const double *scales, int64_t n, const Li8QType *out, int64_t lo,
                        int64_t hi) {
  MlirLocation loc = mlirOperationGetLocation(at);
  MlirValue r = l->floatRescale ? requantizeFloat(l, loc, x, inZp, scales, n, out)
                                : requantizeTosa(l, at, x, inZp, scales, n, out);
  if (mlirValueIsNull(r))
    return x; /* the walk failed */
  if (lo > out->qmin || hi < out->qmax)
    r = li8ClampInt(l, loc, r, lo, hi);
  return r;
}

/* i8 -> i32 rescale by one real scale (add and mul inputs). */
MlirValue li8Widen(Li8Lower *l, MlirOperation at, MlirValue x, int64_t zp, double scale) {
  MlirLocation loc = mlirOperationGetLocation(at);
  int32_t m = 0, s = 0;
  if (!pt2eQuantizeMultiplier(scale, &m, &s)) {
    li8Fail(l, at,
            "input rescale scale %g has no TOSA 32-bit multiplier with a shift in [2, 62]%s",
            scale, 0);
    return x;
  }
  int64_t one = 1;
  int8_t s8 = (int8_t)s;
  int rank = li8RankOf(x);
  int64_t shape[PT2E_MAX_RANK];
  li8ShapeOf(x, shape);
  MlirValue ops[5] = {x, li8ConstRaw(l, loc, li8TensorOf(1, &one, li8IntType(l, 32)), 4, &m),
                      li8ConstRaw(l, loc, li8TensorOf(1, &one, li8IntType(l, 8)), 1, &s8),
                      li8ConstScalar(l, loc, 8, zp), li8ConstScalar(l, loc, 32, 0)};
  MlirNamedAttribute a[5];
  rescaleAttrs(l, false, a);
  return li8Build(l, loc, "tosa.rescale", 5, ops, li8TensorOf(rank, shape, li8IntType(l, 32)), 5,
                  a);
}

/* The i8 bytes of a W8 permuted by 'perm' (out[j] = in[perm[j]]). */
int8_t *li8PermuteWeight(const Li8ValueInfo *w, const int64_t *perm) {
  int rank = w->wrank;
  int64_t n = 1, strides[PT2E_MAX_RANK], outShape[PT2E_MAX_RANK];
  for (int i = rank - 1; i >= 0; i--) {
    strides[i] = n;
    n *= w->wshape[i];
  }
  for (int i = 0; i < rank; i++)
    outShape[i] = w->wshape[perm[i]];
  int8_t *out = pt2eAlloc((size_t)n);
  if (!out)
    return NULL;
  bool splat = mlirDenseElementsAttrIsSplat(w->wdata);
  const int8_t *in = mlirDenseElementsAttrGetRawData(w->wdata);
  int64_t idx[PT2E_MAX_RANK] = {0};
  for (int64_t o = 0; o < n; o++) {
    int64_t src = 0;
    for (int j = 0; j < rank; j++)
      src += idx[j] * strides[perm[j]];
    out[o] = splat ? in[0] : in[src];
    for (int j = rank - 1; j >= 0; j--) {
      if (++idx[j] < outShape[j])
        break;
      idx[j] = 0;
    }
  }
  return out;
}

/* A weight constant in TOSA's layout: the W8 permuted, then given 'shape'. */
MlirValue li8WeightConst(Li8Lower *l, MlirLocation loc, const Li8ValueInfo *w, const int64_t *perm,
                         int rank, const int64_t *shape) {
  int8_t *bytes = li8PermuteWeight(w, perm);
  if (!bytes) {
    l->failed = true;
    return (MlirValue){NULL};
  }
  int64_t n = pt2eConstNumElements(w->wdata);
  MlirValue c = li8ConstRaw(l, loc, li8TensorOf(rank, shape, li8IntType(l, 8)), (size_t)n, bytes);
  pt2eFree(bytes);
  return c;
}

/*
** The int32 bias of the derived bias spec: scale = f32(in_scale * w_scale)
** per channel (pt2eDeriveMulScales' product), zero point 0, quantized as
** quantize_per_channel does (pt2eQuantizeValue). 'bias' may be null (zero).
** Writes the accumulator's scales into 'accScales'.
*/
MlirValue li8BiasConst(Li8Lower *l, MlirLocation loc, MlirAttribute bias, double inScale,
                       const double *wScales, int64_t channels, double *accScales) {
  int32_t *b = pt2eAlloc(sizeof(int32_t) * (size_t)channels);
  if (!b) {
    l->failed = true;
    return (MlirValue){NULL};
  }
  for (int64_t c = 0; c < channels; c++) {
    float s = (float)inScale * (float)wScales[c];
    accScales[c] = s;
    b[c] = mlirAttributeIsNull(bias)
               ? 0
               : (int32_t)pt2eQuantizeValue(pt2eConstF32At(bias, c), s, 0, INT32_MIN, INT32_MAX,
                                            Pt2eDTypeInt32);
  }
  MlirValue v = li8ConstRaw(l, loc, li8TensorOf(1, &channels, li8IntType(l, 32)),
                            4 * (size_t)channels, b);
  pt2eFree(b);
  return v;
}
