/*
** op_quant.c
** The quant dialect in the interpreter: quant.qcast, quant.dcast and
** quant.scast on tensors of !quant.uniform types, per tensor and per axis,
** with PyTorch's numerics (qparams.h: pt2eQuantizeValue rounds half to even
** after multiplying by the f32 reciprocal, adds the zero point, clamps in
** f32; pt2eDequantizeValue).
**
** Sub-channel types (!quant.uniform<i4:f32:{0:1, 1:32}, {{...}}>, MLIR's
** block-wise quantization: 8da4w's weights) take the scale and zero point
** of an element's block: its index divided by the block size along each
** listed dimension (an unlisted one is one block), row-major in the scales
** tensor.
**
** A tensor of a quant type is stored as its storage integer type (i4 in a
** byte, i8, i16, i32; unsigned storage keeps its bit pattern in the signed slot and is read
** back masked), so quant.scast is the identity.
*/
#include "ops.h"

#include <string.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Quant.h"

#include "pt2e_support.h"
#include "qparams.h"

/* The quantization of one qcast / dcast, read from its quant type. */
typedef struct QuantData {
  Pt2eDType dtype;
  bool isSigned;
  unsigned width;
  int64_t qmin, qmax;
  bool perAxis;
  bool subChannel;
  int64_t axis;
  int rank;                      /* subChannel: the tensor's rank */
  int64_t block[PT2E_MAX_RANK];  /* subChannel: block size per dim */
  int64_t blocks[PT2E_MAX_RANK]; /* subChannel: blocks per dim */
  int64_t n;          /* number of scales */
  float *scales;
  int64_t *zeroPoints;
} QuantData;

static void freeQuantData(void *p) {
  QuantData *d = p;
  if (!d)
    return;
  pt2eFree(d->scales);
  pt2eFree(d->zeroPoints);
  pt2eFree(d);
}

/* The storage of quant type 'q' (sign, width, range, dtype); false for
** one the interpreter does not hold. */
static bool readStorage(MlirType q, QuantData *d) {
  d->isSigned = mlirQuantizedTypeIsSigned(q);
  d->width = mlirQuantizedTypeGetStorageTypeIntegralWidth(q);
  d->qmin = mlirQuantizedTypeGetStorageTypeMin(q);
  d->qmax = mlirQuantizedTypeGetStorageTypeMax(q);
  if (d->width == 4 && d->isSigned)
    d->dtype = Pt2eDTypeInt4;
  else if (d->width == 8)
    d->dtype = d->isSigned ? Pt2eDTypeInt8 : Pt2eDTypeUInt8;
  else if (d->width == 16)
    d->dtype = d->isSigned ? Pt2eDTypeInt16 : Pt2eDTypeUInt16;
  else if (d->width == 32 && d->isSigned)
    d->dtype = Pt2eDTypeInt32;
  else
    return false;
  return true;
}

/* The scales and zero points of 'q': one, or one per channel along the
** axis of 'tensor' a per-axis type names. */
static MlirLogicalResult readScales(const Instr *in, MlirType tensor, MlirType q,
                                    QuantData *d) {
  d->n = d->perAxis ? mlirUniformQuantizedPerAxisTypeGetNumDims(q) : 1;
  d->scales = pt2eAlloc((size_t)d->n * sizeof *d->scales);
  d->zeroPoints = pt2eAlloc((size_t)d->n * sizeof *d->zeroPoints);
  if (!d->scales || !d->zeroPoints)
    return pt2eInterpOutOfMemory(in->op);
  if (!d->perAxis) {
    d->scales[0] = (float)mlirUniformQuantizedTypeGetScale(q);
    d->zeroPoints[0] = mlirUniformQuantizedTypeGetZeroPoint(q);
    return mlirLogicalResultSuccess();
  }
  d->axis = mlirUniformQuantizedPerAxisTypeGetQuantizedDimension(q);
  if (!mlirTypeIsARankedTensor(tensor) || d->axis >= mlirShapedTypeGetRank(tensor) ||
      mlirShapedTypeGetDimSize(tensor, d->axis) != d->n)
    return pt2eEmitOpError(in->op, NULL, "the per-axis type does not match the tensor's "
                           "shape");
  for (int64_t c = 0; c < d->n; c++) {
    d->scales[c] = (float)mlirUniformQuantizedPerAxisTypeGetScale(q, c);
    d->zeroPoints[c] = mlirUniformQuantizedPerAxisTypeGetZeroPoint(q, c);
  }
  return mlirLogicalResultSuccess();
}

/* The blocks, scales and zero points of sub-channel type 'q' on 'tensor'. */
static MlirLogicalResult readSubChannel(const Instr *in, MlirType tensor,
                                        MlirType q, QuantData *d) {
  MlirAttribute scales = mlirUniformQuantizedSubChannelTypeGetScales(q);
  MlirAttribute zps = mlirUniformQuantizedSubChannelTypeGetZeroPoints(q);
  if (!mlirTypeIsARankedTensor(tensor) || !mlirShapedTypeHasStaticShape(tensor) ||
      mlirShapedTypeGetRank(tensor) > PT2E_MAX_RANK ||
      !mlirAttributeIsADenseElements(scales) ||
      !mlirAttributeIsADenseElements(zps) ||
      !mlirTypeIsAInteger(mlirShapedTypeGetElementType(mlirAttributeGetType(zps))))
    return pt2eEmitOpError(in->op, NULL, "the interpreter supports sub-channel "
                           "types on static tensors with dense scales only");
  d->rank = (int)mlirShapedTypeGetRank(tensor);
  for (int k = 0; k < d->rank; k++)
    d->block[k] = mlirShapedTypeGetDimSize(tensor, k); /* unlisted: one block */
  for (intptr_t p = 0; p < mlirUniformQuantizedSubChannelTypeGetNumBlockSizes(q); p++) {
    int32_t dim = mlirUniformQuantizedSubChannelTypeGetQuantizedDimension(q, p);
    int64_t b = mlirUniformQuantizedSubChannelTypeGetBlockSize(q, p);
    if (dim < 0 || dim >= d->rank || b <= 0)
      return pt2eEmitOpError(in->op, NULL, "the sub-channel type names dimension "
                             "%d of a tensor of rank %d", (int)dim, d->rank);
    d->block[dim] = b;
  }
  d->n = 1;
  for (int k = 0; k < d->rank; k++) {
    int64_t size = mlirShapedTypeGetDimSize(tensor, k);
    if (size % d->block[k] != 0)
      return pt2eEmitOpError(in->op, NULL, "the sub-channel type's block %lld "
                             "does not divide dimension %d of size %lld",
                             (long long)d->block[k], k, (long long)size);
    d->blocks[k] = size / d->block[k];
    d->n *= d->blocks[k];
  }
  if (mlirElementsAttrGetNumElements(scales) != d->n ||
      mlirElementsAttrGetNumElements(zps) != d->n)
    return pt2eEmitOpError(in->op, NULL, "the sub-channel type has %lld scales "
                           "for %lld blocks",
                           (long long)mlirElementsAttrGetNumElements(scales),
                           (long long)d->n);
  d->scales = pt2eAlloc((size_t)d->n * sizeof *d->scales);
  d->zeroPoints = pt2eAlloc((size_t)d->n * sizeof *d->zeroPoints);
  if (!d->scales || !d->zeroPoints)
    return pt2eInterpOutOfMemory(in->op);
  /* the interpreter's own reader of constants: any float or integer width
  ** (the parser gives zero points the storage type, i4 among them), splat
  ** or not */
  SlotInfo si, zi;
  bool oom = false;
  Pt2eTensor *st = NULL, *zt = NULL;
  if (pt2eSlotInfoFromType(mlirAttributeGetType(scales), &si) &&
      pt2eSlotInfoFromType(mlirAttributeGetType(zps), &zi)) {
    st = pt2eTensorFromElementsAttr(scales, &si, &oom);
    zt = oom ? NULL : pt2eTensorFromElementsAttr(zps, &zi, &oom);
  }
  MlirLogicalResult r = mlirLogicalResultSuccess();
  if (oom)
    r = pt2eInterpOutOfMemory(in->op);
  else if (!st || !zt)
    r = pt2eEmitOpError(in->op, NULL, "cannot read the sub-channel type's "
                        "scales and zero points");
  else
    for (int64_t c = 0; c < d->n; c++) {
      Pt2eScalar sv = pt2eTensorLoad(st, c);
      d->scales[c] = st->type == Pt2eElemF64 ? (float)sv.f64 : sv.f32;
      d->zeroPoints[c] = pt2eTensorLoad(zt, c).i;
    }
  pt2eTensorRelease(st);
  pt2eTensorRelease(zt);
  return r;
}

/* Reads the quant type 'q' of a tensor of type 'tensor' into new data. */
static MlirLogicalResult readQuantType(const Instr *in, MlirType tensor,
                                       QuantData **out) {
  MlirType q = mlirShapedTypeGetElementType(tensor);
  bool perAxis = mlirTypeIsAUniformQuantizedPerAxisType(q);
  bool subChannel = mlirTypeIsAUniformQuantizedSubChannelType(q);
  if (!mlirTypeIsAUniformQuantizedType(q) && !perAxis && !subChannel)
    return pt2eEmitOpError(in->op, NULL, "the interpreter supports !quant.uniform types "
                          "(per tensor, per axis and sub-channel) only");
  if (!mlirTypeIsAF32(mlirQuantizedTypeGetExpressedType(q)))
    return pt2eEmitOpError(in->op, NULL, "the interpreter supports f32 as the expressed "
                          "type only");
  QuantData *d = pt2eAlloc(sizeof *d);
  if (!d)
    return pt2eInterpOutOfMemory(in->op);
  if (!readStorage(q, d)) {
    freeQuantData(d);
    return pt2eEmitOpError(in->op, NULL, "the interpreter supports i4, i8, u8, i16, u16 "
                          "and i32 storage only");
  }
  d->perAxis = perAxis;
  d->subChannel = subChannel;
  if (mlirLogicalResultIsFailure(subChannel ? readSubChannel(in, tensor, q, d)
                                            : readScales(in, tensor, q, d))) {
    freeQuantData(d);
    return mlirLogicalResultFailure();
  }
  *out = d;
  return mlirLogicalResultSuccess();
}

/* Channel of element 'i' of a row-major tensor 't' along d->axis. */
static int64_t channelOf(const QuantData *d, const Pt2eTensor *t, int64_t i) {
  if (d->subChannel) {
    int64_t c = 0, stride = 1;
    for (int k = t->rank - 1; k >= 0; k--) {
      int64_t idx = i % t->shape[k];
      i /= t->shape[k];
      c += (idx / d->block[k]) * stride;
      stride *= d->blocks[k];
    }
    return c;
  }
  if (!d->perAxis)
    return 0;
  int64_t inner = 1;
  for (int k = (int)d->axis + 1; k < t->rank; k++)
    inner *= t->shape[k];
  return (i / inner) % d->n;
}

static MlirLogicalResult execQCast(Exec *ex, const Instr *in) {
  const QuantData *d = in->data;
  const Pt2eTensor *x = ex->slots[in->operands[0]].tensor;
  const SlotInfo *info = &ex->program->slots[in->results[0]];
  Pt2eTensor *y = pt2eTensorCreate(info->type, x->rank, x->shape);
  if (!y)
    return pt2eInterpOutOfMemory(in->op);
  const float *src = x->data;
  for (int64_t i = 0; i < x->numel; i++) {
    int64_t c = channelOf(d, x, i);
    Pt2eScalar v;
    v.i = pt2eQuantizeValue(src[i], d->scales[c], d->zeroPoints[c], d->qmin,
                            d->qmax, d->dtype);
    pt2eTensorStore(y, i, v);
  }
  ex->slots[in->results[0]].tensor = y;
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult execDCast(Exec *ex, const Instr *in) {
  const QuantData *d = in->data;
  const Pt2eTensor *x = ex->slots[in->operands[0]].tensor;
  Pt2eTensor *y = pt2eTensorCreate(Pt2eElemF32, x->rank, x->shape);
  if (!y)
    return pt2eInterpOutOfMemory(in->op);
  float *dst = y->data;
  uint64_t mask = d->width == 8 ? 0xffu : 0xffffu;
  for (int64_t i = 0; i < x->numel; i++) {
    int64_t c = channelOf(d, x, i);
    int64_t q = pt2eTensorLoad(x, i).i;
    if (!d->isSigned)
      q = (int64_t)((uint64_t)q & mask);
    /* per channel torch subtracts in int64 first: f(float(q - zp) * s) */
    /* sub-channel: torchao's dequantize_affine, f((float(q) - zp) * s) */
    dst[i] = d->subChannel
                 ? pt2eDequantizeValue(q, d->scales[c], d->zeroPoints[c])
             : d->perAxis
                 ? pt2eDequantizeValue(q - d->zeroPoints[c], d->scales[c], 0)
                 : pt2eDequantizeValue(q, d->scales[0], d->zeroPoints[0]);
  }
  ex->slots[in->results[0]].tensor = y;
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult execSCast(Exec *ex, const Instr *in) {
  ex->slots[in->results[0]].tensor =
      pt2eTensorRetain(ex->slots[in->operands[0]].tensor);
  return mlirLogicalResultSuccess();
}

/* Checks that operand and result are tensors of the same shape. */
static MlirLogicalResult checkTensors(CompileCtx *cc, const Instr *in) {
  const SlotInfo *a = &cc->program->slots[in->operands[0]];
  const SlotInfo *b = &cc->program->slots[in->results[0]];
  if (!a->isTensor || !b->isTensor || a->rank != b->rank ||
      memcmp(a->shape, b->shape, (size_t)a->rank * sizeof a->shape[0]) != 0)
    return pt2eEmitOpError(in->op, NULL, "the interpreter supports quant casts between "
                          "tensors of one static shape only");
  return mlirLogicalResultSuccess();
}

MlirLogicalResult pt2eCompileQuantQCast(CompileCtx *cc, Instr *in) {
  if (mlirLogicalResultIsFailure(checkTensors(cc, in)))
    return mlirLogicalResultFailure();
  if (cc->program->slots[in->operands[0]].type != Pt2eElemF32)
    return pt2eEmitOpError(in->op, NULL, "the interpreter quantizes f32 tensors only");
  QuantData *d;
  if (mlirLogicalResultIsFailure(readQuantType(
          in, mlirValueGetType(mlirOperationGetResult(in->op, 0)), &d)))
    return mlirLogicalResultFailure();
  in->data = d;
  in->freeData = freeQuantData;
  in->exec = execQCast;
  return mlirLogicalResultSuccess();
}

MlirLogicalResult pt2eCompileQuantDCast(CompileCtx *cc, Instr *in) {
  if (mlirLogicalResultIsFailure(checkTensors(cc, in)))
    return mlirLogicalResultFailure();
  if (cc->program->slots[in->results[0]].type != Pt2eElemF32)
    return pt2eEmitOpError(in->op, NULL, "the interpreter dequantizes to f32 tensors only");
  QuantData *d;
  if (mlirLogicalResultIsFailure(readQuantType(
          in, mlirValueGetType(mlirOperationGetOperand(in->op, 0)), &d)))
    return mlirLogicalResultFailure();
  in->data = d;
  in->freeData = freeQuantData;
  in->exec = execDCast;
  return mlirLogicalResultSuccess();
}

MlirLogicalResult pt2eCompileQuantSCast(CompileCtx *cc, Instr *in) {
  if (mlirLogicalResultIsFailure(checkTensors(cc, in)))
    return mlirLogicalResultFailure();
  if (cc->program->slots[in->operands[0]].type !=
      cc->program->slots[in->results[0]].type)
    return pt2eEmitOpError(in->op, NULL, "storage and quantized types differ in width");
  in->exec = execSCast;
  return mlirLogicalResultSuccess();
}
