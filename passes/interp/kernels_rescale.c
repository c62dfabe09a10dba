/*
** kernels_rescale.c
** Tight loops for the two integer linalg.generic bodies that dominate an
** int8 model after tosa-to-linalg and tosa-to-arith{include-apply-rescale=true}:
** tosa.rescale's SINGLE_ROUND apply_scale_32 (per channel, with the
** multiplier and shift as inputs along the last loop, or per tensor, with
** them as constants) and tosa.clamp on integers (maxsi / minsi with
** constants). On the block path each of their ~14 integer ops ran one loop
** an op over lanes of Pt2eScalar (MobileNetV2 int8: 1.5 s of 1.7 s of op
** time); here one loop computes each element's whole chain. Also the two
** bias bodies around the integer convolutions: the broadcast of a conv's
** bias into its i32 init (row copies) and the bias add after a depthwise
** conv (addi of a per-channel input).
**
** Exact by construction: the body is matched op by op (operand order,
** types, constants), and the loop computes the same chain of integer
** operations with the same wrap-around and out-of-range-shift results as
** the interpreter's arith ops (op_arith.c, intOpOf: a shift by the width
** or more gives 0). A body that differs in any op (DOUBLE_ROUND, an
** unsigned input, a 16-bit multiplier) is left to the block path.
** Without fast paths the loop nest runs, the reference the tests compare
** with bit for bit.
*/
#include "op_linalg.h"

#include <stdint.h>
#include <string.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include "ir_ops.h"
#include "pt2e_cpu.h"
#include "pt2e_parallel.h"

typedef enum RescaleKind { KindRescale, KindClamp, KindBroadcast, KindBiasAdd } RescaleKind;

/* A clamp step: max (lower bound) or min (upper bound) with a constant. */
typedef struct ClampStep {
  bool isMax;
  int64_t bound;
} ClampStep;

typedef struct RescaleKernel {
  RescaleKind kind;
  Pt2eElemType inType, outType;
  size_t elemSize; /* broadcast: bytes of an element */
  int biasArg;     /* bias add: the input read along the last loop (0 or 1) */
  /* rescale: x - izp (i32), times the multiplier (i64), + round, >> shift,
  ** trunci to i32, + ozp */
  bool hasIzp;
  int32_t izp, ozp;
  int multArg, shiftArg;  /* body argument of the per-channel input, or -1 */
  int32_t mult;           /* ... else the constant */
  uint64_t shift;
  int numSteps;           /* clamp steps, innermost first */
  ClampStep steps[2];
  int64_t total, channels;
} RescaleKernel;

/* {====================================================================
** Matching the body
** ===================================================================== */

/* The op defining 'v' if it is named 'name', else null. */
static MlirOperation defOp(MlirValue v, const char *name) {
  if (!mlirValueIsAOpResult(v))
    return (MlirOperation){NULL};
  MlirOperation op = mlirOpResultGetOwner(v);
  return pt2eOpIs(op, name) ? op : (MlirOperation){NULL};
}

static MlirValue operandOf(MlirOperation op, int i) { return mlirOperationGetOperand(op, i); }

/* An integer arith.constant's value (sign-extended). */
static bool constOf(MlirValue v, int64_t *value) {
  MlirOperation c = defOp(v, "arith.constant");
  if (mlirOperationIsNull(c))
    return false;
  MlirAttribute a = pt2eOpAttr(c, "value");
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAInteger(a) ||
      !mlirTypeIsAInteger(mlirAttributeGetType(a)))
    return false;
  *value = mlirIntegerAttrGetValueInt(a);
  return true;
}

static int widthOf(MlirValue v) {
  MlirType t = mlirValueGetType(v);
  return mlirTypeIsAInteger(t) ? (int)mlirIntegerTypeGetWidth(t) : 0;
}

/* The body argument 'v' is, or -1. */
static int argOf(MlirValue v, MlirBlock body) {
  if (!mlirValueIsABlockArgument(v) ||
      !mlirBlockEqual(mlirBlockArgumentGetOwner(v), body))
    return -1;
  return (int)mlirBlockArgumentGetArgNumber(v);
}

/* Binary op 'name' with a constant on either side: the other operand. */
static bool withConst(MlirValue v, const char *name, MlirValue *other, int64_t *c) {
  MlirOperation op = defOp(v, name);
  if (mlirOperationIsNull(op) || mlirOperationGetNumOperands(op) != 2)
    return false;
  for (int i = 0; i < 2; i++)
    if (constOf(operandOf(op, i), c)) {
      *other = operandOf(op, 1 - i);
      return true;
    }
  return false;
}

/* maxsi / minsi with constants, outermost first in the IR: peeled into
** k->steps innermost first. */
static MlirValue peelClamps(MlirValue v, RescaleKernel *k) {
  ClampStep outer[2];
  int n = 0;
  for (; n < 2; n++) {
    MlirValue inner;
    int64_t c;
    if (withConst(v, "arith.maxsi", &inner, &c))
      outer[n] = (ClampStep){true, c};
    else if (withConst(v, "arith.minsi", &inner, &c))
      outer[n] = (ClampStep){false, c};
    else
      break;
    v = inner;
  }
  k->numSteps = n;
  for (int i = 0; i < n; i++)
    k->steps[i] = outer[n - 1 - i];
  return v;
}

/* The shift as i64: extui(extui(i8 argument or constant)) or an i64
** constant. Its body argument in *arg (or -1, with the value). */
static bool shiftOf(MlirValue v, MlirBlock body, int *arg, uint64_t *value) {
  int64_t c;
  *arg = -1;
  if (constOf(v, &c) && widthOf(v) == 64) {
    *value = (uint64_t)c;
    return true;
  }
  MlirOperation e64 = defOp(v, "arith.extui");
  if (mlirOperationIsNull(e64) || widthOf(v) != 64)
    return false;
  MlirValue s32 = operandOf(e64, 0);
  MlirOperation e32 = defOp(s32, "arith.extui");
  if (mlirOperationIsNull(e32) || widthOf(s32) != 32)
    return false;
  MlirValue s8 = operandOf(e32, 0);
  if (widthOf(s8) != 8)
    return false;
  if (constOf(s8, &c)) {
    *value = (uint8_t)c;
    return true;
  }
  *arg = argOf(s8, body);
  return *arg > 0;
}

/* round = shrui(shli(1, S), 1) on i64, S the shift value. */
static bool isRound(MlirValue v, MlirValue shift) {
  MlirOperation shr = defOp(v, "arith.shrui"), shl;
  int64_t one;
  if (mlirOperationIsNull(shr) || !constOf(operandOf(shr, 1), &one) || one != 1)
    return false;
  shl = defOp(operandOf(shr, 0), "arith.shli");
  return !mlirOperationIsNull(shl) && constOf(operandOf(shl, 0), &one) && one == 1 &&
         mlirValueEqual(operandOf(shl, 1), shift);
}

/* extsi to i64 of an i32 value: that value. */
static bool ext64(MlirValue v, MlirValue *src) {
  MlirOperation e = defOp(v, "arith.extsi");
  if (mlirOperationIsNull(e) || widthOf(v) != 64 || widthOf(operandOf(e, 0)) != 32)
    return false;
  *src = operandOf(e, 0);
  return true;
}

/* The rescale's input side: arg 0 (i32), or extsi of it (i8, i16), minus
** an optional constant zero point. */
static bool inputOf(MlirValue v, MlirBlock body, RescaleKernel *k) {
  MlirValue x;
  int64_t c;
  k->hasIzp = false;
  if (withConst(v, "arith.subi", &x, &c)) {
    MlirOperation sub = defOp(v, "arith.subi");
    if (!mlirValueEqual(operandOf(sub, 0), x)) /* x - c, not c - x */
      return false;
    k->hasIzp = true;
    k->izp = (int32_t)c;
    v = x;
  }
  if (argOf(v, body) == 0)
    return widthOf(v) == 32;
  MlirOperation e = defOp(v, "arith.extsi");
  return !mlirOperationIsNull(e) && widthOf(v) == 32 && argOf(operandOf(e, 0), body) == 0;
}

/* The multiply: muli(extsi(input side), extsi(multiplier)), either order. */
static bool productOf(MlirValue v, MlirBlock body, RescaleKernel *k) {
  MlirOperation mul = defOp(v, "arith.muli");
  if (mlirOperationIsNull(mul) || widthOf(v) != 64)
    return false;
  for (int i = 0; i < 2; i++) {
    MlirValue x, m;
    int64_t c;
    if (!ext64(operandOf(mul, i), &x) || !ext64(operandOf(mul, 1 - i), &m) ||
        !inputOf(x, body, k))
      continue;
    k->multArg = argOf(m, body);
    if (k->multArg > 0)
      return true;
    if (constOf(m, &c)) {
      k->mult = (int32_t)c;
      k->multArg = -1;
      return true;
    }
  }
  return false;
}

/* trunci(shrsi(addi(product, round), S)) + ozp, the apply_scale_32 chain. */
static bool matchRescale(MlirValue v, MlirBlock body, RescaleKernel *k) {
  MlirValue t;
  int64_t c;
  if (!withConst(v, "arith.addi", &t, &c) || widthOf(v) != 32)
    return false;
  k->ozp = (int32_t)c;
  MlirOperation tr = defOp(t, "arith.trunci");
  if (mlirOperationIsNull(tr) || widthOf(operandOf(tr, 0)) != 64)
    return false;
  MlirOperation shr = defOp(operandOf(tr, 0), "arith.shrsi");
  if (mlirOperationIsNull(shr))
    return false;
  MlirValue shift = operandOf(shr, 1);
  if (!shiftOf(shift, body, &k->shiftArg, &k->shift))
    return false;
  MlirOperation add = defOp(operandOf(shr, 0), "arith.addi");
  if (mlirOperationIsNull(add))
    return false;
  for (int i = 0; i < 2; i++)
    if (isRound(operandOf(add, 1 - i), shift) && productOf(operandOf(add, i), body, k))
      return true;
  return false;
}

/* The body's yielded value through an optional final trunci. */
static MlirValue yieldedOf(MlirBlock body, int outWidth, bool *ok) {
  MlirOperation y = mlirBlockGetTerminator(body);
  *ok = !mlirOperationIsNull(y) && pt2eOpIs(y, "linalg.yield") &&
        mlirOperationGetNumOperands(y) == 1;
  if (!*ok)
    return (MlirValue){NULL};
  MlirValue v = operandOf(y, 0);
  MlirOperation tr = defOp(v, "arith.trunci");
  if (!mlirOperationIsNull(tr) && outWidth < 32 && widthOf(operandOf(tr, 0)) == 32)
    return operandOf(tr, 0);
  return v;
}

/* }==================================================================== */

/* {====================================================================
** The loops
** ===================================================================== */

static inline int64_t loadInt(const void *p, Pt2eElemType t, int64_t i) {
  switch (t) {
  case Pt2eElemI8: return ((const int8_t *)p)[i];
  case Pt2eElemI16: return ((const int16_t *)p)[i];
  default: return ((const int32_t *)p)[i];
  }
}

static inline int64_t clampSteps(const RescaleKernel *k, int64_t v) {
  for (int i = 0; i < k->numSteps; i++)
    v = k->steps[i].isMax ? (v >= k->steps[i].bound ? v : k->steps[i].bound)
                          : (v <= k->steps[i].bound ? v : k->steps[i].bound);
  return v;
}

/* apply_scale_32 as the body's ops compute it: each step's wrap-around,
** and a shift by 64 or more giving 0 (intOpOf). */
static inline int64_t rescaleOne(const RescaleKernel *k, int64_t x, int32_t m, uint64_t s) {
  uint32_t v = (uint32_t)x - (k->hasIzp ? (uint32_t)k->izp : 0u);
  int64_t p = (int64_t)(int32_t)v * (int64_t)m; /* i32 x i32: no i64 overflow */
  uint64_t round = s >= 64 ? 0 : ((uint64_t)1 << s) >> 1;
  uint64_t t = (uint64_t)p + round;
  int64_t u = s >= 64 ? 0 : (int64_t)t >> s;
  int32_t o = (int32_t)((uint32_t)u + (uint32_t)k->ozp);
  return clampSteps(k, o);
}

typedef struct RescaleRun {
  const RescaleKernel *k;
  const void *x;
  const int32_t *mult;
  const int8_t *shift;
  void *out;
  /* the vector-friendly loop's per-channel terms (period of them: the
  ** channels, or a block of copies of the per-tensor constants), or NULL */
  int64_t period;
  int64_t *m, *sh, *keep;
  uint64_t *round;
  int32_t lo, hi; /* the clamp as max then min */
} RescaleRun;

/* The terms of channel c: apply_scale_32's multiplier, rounding addend and
** shift, and a mask that zeroes the result of a shift by 64 or more
** (intOpOf's value for it), so the loop has no branch. */
static void channelTerms(RescaleRun *r, int64_t c, int32_t m, uint64_t s) {
  r->m[c] = m;
  r->round[c] = s >= 64 ? 0 : ((uint64_t)1 << s) >> 1;
  r->sh[c] = (int64_t)(s & 63);
  r->keep[c] = s >= 64 ? 0 : -1;
}

/* The clamp steps as lo then hi (max then min, either alone), for the
** vector loop; false for another order. */
static bool clampAsRange(const RescaleKernel *k, int32_t *lo, int32_t *hi) {
  *lo = INT32_MIN;
  *hi = INT32_MAX;
  if (k->numSteps == 2 && !(k->steps[0].isMax && !k->steps[1].isMax))
    return false;
  for (int i = 0; i < k->numSteps; i++) {
    if (k->steps[i].bound < INT32_MIN || k->steps[i].bound > INT32_MAX)
      return false;
    if (k->steps[i].isMax)
      *lo = (int32_t)k->steps[i].bound;
    else
      *hi = (int32_t)k->steps[i].bound;
  }
  return true;
}

static inline void storeInt(void *p, Pt2eElemType t, int64_t i, int64_t v) {
  switch (t) {
  case Pt2eElemI8: ((int8_t *)p)[i] = (int8_t)v; return;
  case Pt2eElemI16: ((int16_t *)p)[i] = (int16_t)v; return;
  default: ((int32_t *)p)[i] = (int32_t)v; return;
  }
}

#define ALWAYS_INLINE static inline __attribute__((always_inline))

/* i8 -> i8 clamp, the two steps in order: a loop the compiler vectorises. */
ALWAYS_INLINE void clampI8(const RescaleKernel *k, const int8_t *x, int8_t *o, int64_t n) {
  const ClampStep *a = &k->steps[0], *b = &k->steps[k->numSteps - 1];
  int8_t ca = (int8_t)a->bound, cb = (int8_t)b->bound;
  bool amax = a->isMax, bmax = b->isMax;
  for (int64_t i = 0; i < n; i++) {
    int8_t v = x[i];
    v = amax ? (v >= ca ? v : ca) : (v <= ca ? v : ca);
    v = bmax ? (v >= cb ? v : cb) : (v <= cb ? v : cb);
    o[i] = v;
  }
}

/* Elements [begin, end): rows of 'channels' when per channel. The common
** cases (i8 clamp; i32 in, i8 out, per channel) have their own loops,
** free of the type switches, which the compiler can vectorise. */
ALWAYS_INLINE void rescaleRangeBody(const RescaleRun *r, int64_t begin, int64_t end) {
  const RescaleKernel *k = r->k;
  int64_t C = k->channels;
  if (k->kind == KindBroadcast) {
    /* out[i] = x[i % C]: whole rows copied (bits, whatever the type) */
    for (int64_t i = begin, n; i < end; i += n) {
      int64_t c0 = i % C;
      n = C - c0 < end - i ? C - c0 : end - i;
      memcpy((char *)r->out + i * k->elemSize, (const char *)r->x + c0 * k->elemSize,
             (size_t)n * k->elemSize);
    }
    return;
  }
  if (k->kind == KindBiasAdd) {
    /* out[i] = acc[i] + bias[i % C], wrapping as arith.addi */
    for (int64_t i = begin, n; i < end; i += n) {
      int64_t c0 = i % C;
      n = C - c0 < end - i ? C - c0 : end - i;
      const int32_t *x = (const int32_t *)r->x + i, *b = r->mult + c0;
      int32_t *o = (int32_t *)r->out + i;
      for (int64_t j = 0; j < n; j++)
        o[j] = (int32_t)((uint32_t)x[j] + (uint32_t)b[j]);
    }
    return;
  }
  if (k->kind == KindClamp) {
    if (k->inType == Pt2eElemI8 && k->outType == Pt2eElemI8 && k->numSteps >= 1 &&
        k->numSteps <= 2) {
      clampI8(k, (const int8_t *)r->x + begin, (int8_t *)r->out + begin, end - begin);
      return;
    }
    for (int64_t i = begin; i < end; i++)
      storeInt(r->out, k->outType, i, clampSteps(k, loadInt(r->x, k->inType, i)));
    return;
  }
  if (r->m) {
    /* a row segment at a time: terms c0 .. c0 + n of the period */
    int64_t P = r->period;
    uint32_t izp = k->hasIzp ? (uint32_t)k->izp : 0u, ozp = (uint32_t)k->ozp;
    int32_t lo = r->lo, hi = r->hi;
    for (int64_t i = begin, n; i < end; i += n) {
      int64_t c0 = i % P;
      n = P - c0 < end - i ? P - c0 : end - i;
      const int64_t *M = r->m + c0, *S = r->sh + c0, *K = r->keep + c0;
      const uint64_t *R = r->round + c0;
      /* rescaleOne's steps, branch-free */
#define RESCALE_LOOP(TI, TO)                                                       \
  {                                                                                \
    const TI *x = (const TI *)r->x + i;                                            \
    TO *o = (TO *)r->out + i;                                                      \
    for (int64_t j = 0; j < n; j++) {                                              \
      int32_t v = (int32_t)((uint32_t)(int32_t)x[j] - izp);                        \
      uint64_t t = (uint64_t)((int64_t)v * M[j]) + R[j];                           \
      int64_t u = ((int64_t)t >> S[j]) & K[j];                                     \
      int32_t y = (int32_t)((uint32_t)u + ozp);                                    \
      y = y < lo ? lo : y;                                                         \
      y = y > hi ? hi : y;                                                         \
      o[j] = (TO)y;                                                                \
    }                                                                              \
  }
      if (k->inType == Pt2eElemI32 && k->outType == Pt2eElemI8)
        RESCALE_LOOP(int32_t, int8_t)
      else if (k->inType == Pt2eElemI8 && k->outType == Pt2eElemI32)
        RESCALE_LOOP(int8_t, int32_t)
      else if (k->inType == Pt2eElemI8 && k->outType == Pt2eElemI8)
        RESCALE_LOOP(int8_t, int8_t)
      else
        RESCALE_LOOP(int32_t, int32_t) /* the last pair rescaleTypesVector takes */
#undef RESCALE_LOOP
    }
    return;
  }
  /* a row segment at a time: channels c0 .. c0 + n of one row */
  for (int64_t i = begin, n; i < end; i += n) {
    int64_t c0 = i % C;
    n = C - c0 < end - i ? C - c0 : end - i;
    for (int64_t j = 0; j < n; j++) {
      int32_t m = r->mult ? r->mult[c0 + j] : k->mult;
      uint64_t s = r->shift ? (uint8_t)r->shift[c0 + j] : k->shift;
      storeInt(r->out, k->outType, i + j, rescaleOne(k, loadInt(r->x, k->inType, i + j), m, s));
    }
  }
}

/* The same C at each ISA level (pt2e_cpu.h): only the compiler's
** instruction choice differs, never a value. */
static void rescaleRangePortable(void *ctx, int64_t begin, int64_t end, int worker) {
  (void)worker;
  rescaleRangeBody(ctx, begin, end);
}

#if defined(__x86_64__)
__attribute__((target("avx2")))
static void rescaleRangeAvx2(void *ctx, int64_t begin, int64_t end, int worker) {
  (void)worker;
  rescaleRangeBody(ctx, begin, end);
}

__attribute__((target("avx512f,avx512bw,avx512dq,avx512vl")))
static void rescaleRangeAvx512(void *ctx, int64_t begin, int64_t end, int worker) {
  (void)worker;
  rescaleRangeBody(ctx, begin, end);
}
#endif

static Pt2eParallelFn rescaleRangeFn(void) {
#if defined(__x86_64__)
  Pt2eIsa isa = pt2eCpuIsa();
  if (isa >= Pt2eIsaAvx512 && __builtin_cpu_supports("avx512bw") &&
      __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl"))
    return rescaleRangeAvx512;
  if (isa >= Pt2eIsaAvx2)
    return rescaleRangeAvx2;
#endif
  return rescaleRangePortable;
}

/* The in / out pairs RESCALE_LOOP has. */
static bool rescaleTypesVector(const RescaleKernel *k) {
  Pt2eElemType i = k->inType, o = k->outType;
  return (i == Pt2eElemI32 || i == Pt2eElemI8) && (o == Pt2eElemI32 || o == Pt2eElemI8);
}

static MlirLogicalResult execRescale(Exec *ex, const Instr *in) {
  const LinalgPlan *p = in->data;
  const RescaleKernel *k = p->kernel;
  if (!ex->interp->fastPaths)
    return pt2eLinalgRunLoops(ex, in);
  const Pt2eTensor *xt = ex->slots[in->operands[k->kind == KindBiasAdd ? 1 - k->biasArg : 0]].tensor;
  const Pt2eTensor *mt = k->multArg >= 0 ? ex->slots[in->operands[k->multArg]].tensor : NULL;
  const Pt2eTensor *st = k->shiftArg > 0 ? ex->slots[in->operands[k->shiftArg]].tensor : NULL;
  int64_t xWant = k->kind == KindBroadcast ? k->channels : k->total;
  if (xt->numel != xWant || (mt && mt->numel != k->channels) ||
      (st && st->numel != k->channels))
    return pt2eLinalgRunLoops(ex, in);
  Pt2eTensor *out;
  if (mlirLogicalResultIsFailure(pt2eLinalgInitOutputs(ex, in, p->numIns, 1, &out)))
    return mlirLogicalResultFailure();
  RescaleRun r = {.k = k, .x = xt->data, .mult = mt ? mt->data : NULL,
                  .shift = st ? st->data : NULL, .out = out->data};
  void *terms = NULL;
  if (k->kind == KindRescale && clampAsRange(k, &r.lo, &r.hi) && rescaleTypesVector(k)) {
    r.period = mt || st ? k->channels : 256;
    terms = pt2eAllocUninit(sizeof(int64_t) * 4 * (size_t)r.period);
    if (terms) { /* else the plain loop */
      r.m = terms;
      r.sh = r.m + r.period;
      r.keep = r.sh + r.period;
      r.round = (uint64_t *)(r.keep + r.period);
      for (int64_t c = 0; c < r.period; c++)
        channelTerms(&r, c, mt ? r.mult[c] : k->mult,
                     st ? (uint8_t)r.shift[c] : k->shift);
    }
  }
  pt2eParallelFor(k->total, 1 << 14, rescaleRangeFn(), &r);
  pt2eFree(terms);
  ex->slots[in->results[0]].tensor = out;
  return mlirLogicalResultSuccess();
}

/* }==================================================================== */

static void freeRescaleKernel(void *k) { pt2eFree(k); }

/* Operand 'k' is read at the iteration's row-major index (contiguous, the
** output's order). */
static bool contiguous(const LinalgPlan *p, int k) {
  int64_t stride = 1;
  if (p->base[k] != 0)
    return false;
  for (int d = p->numLoops - 1; d >= 0; d--) {
    if (p->coef[k][d] != stride && p->size[d] != 1)
      return false;
    stride *= p->size[d];
  }
  return true;
}

/* Operand 'k' is read along the last loop only (one value a channel). */
static bool alongLast(const LinalgPlan *p, int k) {
  if (p->base[k] != 0 || p->coef[k][p->numLoops - 1] != 1)
    return false;
  for (int d = 0; d + 1 < p->numLoops; d++)
    if (p->coef[k][d] != 0 && p->size[d] != 1)
      return false;
  return true;
}

static bool slotType(const CompileCtx *cc, int slot, Pt2eElemType *t) {
  const SlotInfo *s = &cc->program->slots[slot];
  if (!s->isTensor)
    return false;
  *t = s->type;
  return *t == Pt2eElemI8 || *t == Pt2eElemI16 || *t == Pt2eElemI32;
}

static int widthOfType(Pt2eElemType t) {
  return t == Pt2eElemI8 ? 8 : t == Pt2eElemI16 ? 16 : 32;
}

/* The kernel 'kr' for the op, its sizes from the plan. */
static bool install(Instr *in, LinalgPlan *p, RescaleKernel *kr) {
  kr->total = 1;
  for (int d = 0; d < p->numLoops; d++)
    kr->total *= p->size[d];
  kr->channels = p->size[p->numLoops - 1] > 0 ? p->size[p->numLoops - 1] : 1;
  RescaleKernel *k = pt2eAlloc(sizeof *k);
  if (!k)
    return false; /* the loops still work */
  *k = *kr;
  p->kernel = k;
  p->freeKernel = freeRescaleKernel;
  in->exec = execRescale;
  return true;
}

/* A body that yields its input read along the last loop into a contiguous
** output of the same type: tosa-to-linalg's bias broadcast into a conv's
** i32 init (MobileNetV2 int8: a fifth of the op time on the block path). */
static bool broadcastAlongLast(const CompileCtx *cc, const Instr *in, const LinalgPlan *p,
                               MlirBlock body, RescaleKernel *kr) {
  const SlotInfo *x = &cc->program->slots[in->operands[0]];
  const SlotInfo *o = &cc->program->slots[in->operands[p->numIns]];
  MlirOperation y = mlirBlockGetTerminator(body);
  if (p->numIns != 1 || !x->isTensor || !o->isTensor || x->type != o->type ||
      x->type == Pt2eElemI4 || mlirOperationIsNull(y) || !pt2eOpIs(y, "linalg.yield") ||
      mlirOperationGetNumOperands(y) != 1 || argOf(operandOf(y, 0), body) != 0 ||
      mlirBlockGetFirstOperation(body).ptr != y.ptr || !alongLast(p, 0) ||
      !contiguous(p, 1))
    return false;
  kr->kind = KindBroadcast;
  kr->inType = kr->outType = x->type;
  kr->elemSize = pt2eElemSize(x->type);
  return true;
}

/* addi of an i32 input read along the last loop (the bias) and a
** contiguous i32 input into a contiguous i32 output: tosa-to-linalg's bias
** add after a depthwise conv. The bias rides in multArg's place. */
static bool biasAdd(const CompileCtx *cc, const Instr *in, const LinalgPlan *p,
                    MlirBlock body, RescaleKernel *kr) {
  MlirOperation y = mlirBlockGetTerminator(body), add = mlirBlockGetFirstOperation(body);
  if (p->numIns != 2 || mlirOperationIsNull(y) || !pt2eOpIs(y, "linalg.yield") ||
      mlirOperationGetNumOperands(y) != 1 || !pt2eOpIs(add, "arith.addi") ||
      mlirOperationGetNextInBlock(add).ptr != y.ptr ||
      !mlirValueEqual(operandOf(y, 0), mlirOperationGetResult(add, 0)))
    return false;
  int a0 = argOf(operandOf(add, 0), body), a1 = argOf(operandOf(add, 1), body);
  if (!((a0 == 0 && a1 == 1) || (a0 == 1 && a1 == 0)))
    return false;
  for (int k = 0; k < 3; k++) {
    const SlotInfo *s = &cc->program->slots[in->operands[k]];
    if (!s->isTensor || s->type != Pt2eElemI32)
      return false;
  }
  int bias = alongLast(p, 0) && contiguous(p, 1) ? 0 : alongLast(p, 1) && contiguous(p, 0) ? 1 : -1;
  if (bias < 0 || !contiguous(p, 2))
    return false;
  kr->kind = KindBiasAdd;
  kr->inType = kr->outType = Pt2eElemI32;
  kr->biasArg = bias;
  kr->multArg = bias;
  return true;
}

/* pt2eLinalgChooseRescale (op_linalg.h) */
bool pt2eLinalgChooseRescale(CompileCtx *cc, Instr *in, LinalgPlan *p) {
  if (!pt2eOpIs(in->op, "linalg.generic") || p->numOuts != 1 || p->numIns < 1 ||
      p->numIns > 3 || p->numLoops < 1 || p->argRead[p->numIns])
    return false;
  for (int d = 0; d < p->numLoops; d++)
    if (p->size[d] < 0)
      return false;
  RescaleKernel kr;
  memset(&kr, 0, sizeof kr);
  kr.multArg = kr.shiftArg = -1;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(in->op, 0));
  bool ok;
  if (broadcastAlongLast(cc, in, p, body, &kr) || biasAdd(cc, in, p, body, &kr))
    return install(in, p, &kr);
  if (!slotType(cc, in->operands[0], &kr.inType) ||
      !slotType(cc, in->operands[p->numIns], &kr.outType) || !contiguous(p, 0) ||
      !contiguous(p, p->numIns))
    return false;
  MlirValue v = yieldedOf(body, widthOfType(kr.outType), &ok);
  if (!ok)
    return false;
  v = peelClamps(v, &kr);
  if (argOf(v, body) == 0 && p->numIns == 1 && kr.numSteps > 0 &&
      widthOf(v) == widthOfType(kr.inType) && kr.inType == kr.outType) {
    kr.kind = KindClamp; /* tosa.clamp: bounds on the input as it is */
  } else {
    kr.kind = KindRescale;
    if (kr.outType != Pt2eElemI32 && widthOf(v) != 32)
      return false;
    if (!matchRescale(v, body, &kr) || widthOf(mlirBlockGetArgument(body, 0)) != widthOfType(kr.inType))
      return false;
    /* the inputs besides 0 are exactly the per-channel multiplier and shift */
    int extra = (kr.multArg > 0) + (kr.shiftArg > 0);
    if (extra != p->numIns - 1 || (kr.multArg > 0 && kr.multArg == kr.shiftArg))
      return false;
    Pt2eElemType t;
    if (kr.multArg > 0 && (!slotType(cc, in->operands[kr.multArg], &t) || t != Pt2eElemI32 ||
                           !alongLast(p, kr.multArg)))
      return false;
    if (kr.shiftArg > 0 && (!slotType(cc, in->operands[kr.shiftArg], &t) || t != Pt2eElemI8 ||
                            !alongLast(p, kr.shiftArg)))
      return false;
  }
  return install(in, p, &kr);
}
