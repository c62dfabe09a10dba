/*
** op_arith.c
** Scalar programs (the bodies of linalg ops, and single arith/math ops) and
** the arith and math ops at function level: constants, and elementwise
** operations on scalars or same-shaped tensors.
**
** A scalar program is a flat list of register instructions. Floats keep
** their own precision (an f32 op rounds to f32, as MLIR's semantics say);
** integers are held sign-extended in 64 bits and wrapped to their width
** after each op, except i1, which is held as 0 or 1.
*/
#include "op_arith.h"

#include <float.h>
#include <math.h>
#include <string.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include "cmpf.h"
#include "ir_ops.h"
#include "ops.h"
#include "pt2e_cpu.h"
#include "pt2e_support.h"

typedef enum SOp {
  S_CONST, S_INDEX,
  /* float */
  S_ADDF, S_SUBF, S_MULF, S_DIVF, S_REMF, S_NEGF, S_MAXIMUMF, S_MINIMUMF,
  S_MAXNUMF, S_MINNUMF, S_CMPF, S_EXP, S_EXP2, S_LOG, S_LOG2, S_LOG1P,
  S_EXPM1, S_TANH, S_SQRT, S_RSQRT, S_ERF, S_ABSF, S_ROUNDEVEN, S_ROUND,
  S_FLOOR, S_CEIL, S_TRUNC, S_POWF, S_FPOWI, S_SIN, S_COS, S_TAN, S_ATAN,
  S_ATAN2, S_COPYSIGN, S_FMA,
  /* integer */
  S_ADDI, S_SUBI, S_MULI, S_DIVSI, S_DIVUI, S_REMSI, S_REMUI, S_FLOORDIVSI,
  S_CEILDIVSI, S_ANDI, S_ORI, S_XORI, S_SHLI, S_SHRSI, S_SHRUI, S_MAXSI,
  S_MINSI, S_MAXUI, S_MINUI, S_CMPI, S_ABSI, S_CTLZ,
  /* other */
  S_SELECT, S_EXTF, S_TRUNCF, S_SITOFP, S_UITOFP, S_FPTOSI, S_FPTOUI,
  S_EXTSI, S_EXTUI, S_TRUNCI, S_INDEX_CAST, S_INDEX_CASTUI, S_BITCAST,
  S_COPY,
  /* an element of a tensor the body captures: register a holds the
  ** tensor, b the linear offset, imm.i its element count */
  S_EXTRACT,
  /* cf.assert: register a holds the condition; dst, the program's failure
  ** register, keeps the first failed assert's number (imm.i, from 1) */
  S_ASSERT
} SOp;

typedef struct SInstr {
  uint8_t op;
  uint8_t t;  /* element type of the (first) operand */
  uint8_t rt; /* element type of the result */
  int32_t pred;
  int dst, a, b, c;
  Pt2eScalar imm;
} SInstr;

struct ScalarProgram {
  SInstr *code;
  int n;
  size_t cap;
  Pt2eElemType *regTypes;
  int numRegs;
  size_t capRegs;
  int numArgs;
  int *yields;
  int numYields;
  int *captureSlots, *captureRegs;
  unsigned char *captureIsTensor; /* the register holds the slot's tensor */
  int numCaptures;
  int failReg;                 /* S_ASSERT's failure register, or -1 */
  MlirOperation *asserts;      /* the cf.assert ops, by number - 1 */
  int numAsserts;
  int ifDepth;                 /* compile-time: inside scf.if branches */
  /* compile-time only: value -> register */
  const void **keys;
  int *keyRegs;
  int numKeys, capKeys;
};

static const struct {
  const char *name;
  SOp op;
} opTable[] = {
    {"arith.addf", S_ADDF}, {"arith.subf", S_SUBF}, {"arith.mulf", S_MULF},
    {"arith.divf", S_DIVF}, {"arith.remf", S_REMF}, {"arith.negf", S_NEGF},
    {"arith.maximumf", S_MAXIMUMF}, {"arith.minimumf", S_MINIMUMF},
    {"arith.maxnumf", S_MAXNUMF}, {"arith.minnumf", S_MINNUMF},
    {"arith.cmpf", S_CMPF}, {"arith.addi", S_ADDI}, {"arith.subi", S_SUBI},
    {"arith.muli", S_MULI}, {"arith.divsi", S_DIVSI}, {"arith.divui", S_DIVUI},
    {"arith.remsi", S_REMSI}, {"arith.remui", S_REMUI},
    {"arith.floordivsi", S_FLOORDIVSI}, {"arith.ceildivsi", S_CEILDIVSI},
    {"arith.andi", S_ANDI}, {"arith.ori", S_ORI}, {"arith.xori", S_XORI},
    {"arith.shli", S_SHLI}, {"arith.shrsi", S_SHRSI}, {"arith.shrui", S_SHRUI},
    {"arith.maxsi", S_MAXSI}, {"arith.minsi", S_MINSI}, {"arith.maxui", S_MAXUI},
    {"arith.minui", S_MINUI}, {"arith.cmpi", S_CMPI}, {"arith.select", S_SELECT},
    {"arith.extf", S_EXTF}, {"arith.truncf", S_TRUNCF},
    {"arith.sitofp", S_SITOFP}, {"arith.uitofp", S_UITOFP},
    {"arith.fptosi", S_FPTOSI}, {"arith.fptoui", S_FPTOUI},
    {"arith.extsi", S_EXTSI}, {"arith.extui", S_EXTUI},
    {"arith.trunci", S_TRUNCI}, {"arith.index_cast", S_INDEX_CAST},
    {"arith.index_castui", S_INDEX_CASTUI}, {"arith.bitcast", S_BITCAST},
    {"math.exp", S_EXP}, {"math.exp2", S_EXP2}, {"math.log", S_LOG},
    {"math.log2", S_LOG2}, {"math.log1p", S_LOG1P}, {"math.expm1", S_EXPM1},
    {"math.tanh", S_TANH}, {"math.sqrt", S_SQRT}, {"math.rsqrt", S_RSQRT},
    {"math.erf", S_ERF}, {"math.absf", S_ABSF}, {"math.absi", S_ABSI},
    {"math.ctlz", S_CTLZ}, /* tosa.avg_pool2d's reciprocal in i8 models */
    {"math.roundeven", S_ROUNDEVEN}, {"math.round", S_ROUND},
    {"math.floor", S_FLOOR}, {"math.ceil", S_CEIL}, {"math.trunc", S_TRUNC},
    {"math.powf", S_POWF}, {"math.fpowi", S_FPOWI}, {"math.sin", S_SIN},
    {"math.cos", S_COS}, {"math.tan", S_TAN}, {"math.atan", S_ATAN},
    {"math.atan2", S_ATAN2}, {"math.copysign", S_COPYSIGN}, {"math.fma", S_FMA},
};

static bool lookupOp(MlirOperation op, SOp *sop) {
  for (size_t i = 0; i < sizeof opTable / sizeof *opTable; i++)
    if (pt2eOpIs(op, opTable[i].name)) {
      *sop = opTable[i].op;
      return true;
    }
  return false;
}

/* {====================================================================
** Evaluation
** ===================================================================== */

static int bitsOf(Pt2eElemType t) {
  switch (t) {
  case Pt2eElemI1: return 1;
  case Pt2eElemI4: return 4;
  case Pt2eElemI8: return 8;
  case Pt2eElemI16: return 16;
  case Pt2eElemI32: return 32;
  default: return 64;
  }
}

/* The unsigned reading of a held integer of type 't'. */
static uint64_t unsignedOf(int64_t v, Pt2eElemType t) {
  int bits = bitsOf(t);
  return bits == 64 ? (uint64_t)v : (uint64_t)v & ((UINT64_C(1) << bits) - 1);
}

/* The signed reading (i1 'true' is -1, as in MLIR). */
static int64_t signedOf(int64_t v, Pt2eElemType t) {
  return t == Pt2eElemI1 ? -(v & 1) : v;
}

static double fget(Pt2eScalar v, Pt2eElemType t) {
  return t == Pt2eElemF32 ? (double)v.f32 : v.f64;
}

/* IEEE 754-2019 maximum / minimum: NaN propagates, -0 < +0. */
static double maximumOf(double a, double b) {
  if (isnan(a) || isnan(b))
    return NAN;
  if (a == b)
    return signbit(a) ? b : a;
  return a > b ? a : b;
}
static double minimumOf(double a, double b) {
  if (isnan(a) || isnan(b))
    return NAN;
  if (a == b)
    return signbit(a) ? a : b;
  return a < b ? a : b;
}

static bool cmpiOf(int pred, int64_t a, int64_t b, Pt2eElemType t) {
  int64_t sa = signedOf(a, t), sb = signedOf(b, t);
  uint64_t ua = unsignedOf(a, t), ub = unsignedOf(b, t);
  switch (pred) {
  case 0: return ua == ub;
  case 1: return ua != ub;
  case 2: return sa < sb;
  case 3: return sa <= sb;
  case 4: return sa > sb;
  case 5: return sa >= sb;
  case 6: return ua < ub;
  case 7: return ua <= ub;
  case 8: return ua > ub;
  default: return ua >= ub;
  }
}

/* Float to integer with saturation (LLVM gives poison out of range). */
static int64_t fToSigned(double d, Pt2eElemType t) {
  int bits = bitsOf(t);
  double hi = ldexp(1.0, bits - 1), lo = -hi;
  if (isnan(d))
    return 0;
  d = trunc(d);
  if (d >= hi)
    return pt2eScalarWrapInt((int64_t)((UINT64_C(1) << (bits - 1)) - 1), t);
  if (d < lo)
    return pt2eScalarWrapInt((int64_t)(UINT64_C(1) << (bits - 1)), t);
  return pt2eScalarWrapInt((int64_t)d, t);
}

static int64_t fToUnsigned(double d, Pt2eElemType t) {
  int bits = bitsOf(t);
  double hi = ldexp(1.0, bits);
  if (isnan(d) || d <= 0)
    return 0;
  d = trunc(d);
  if (d >= hi)
    return pt2eScalarWrapInt(-1, t);
  return pt2eScalarWrapInt((int64_t)(uint64_t)d, t);
}

static Pt2eScalar iput(int64_t v) {
  Pt2eScalar s;
  s.i = v;
  return s;
}

/*
** The integer operations that have block loops (evalBlock) as well as
** evalOne's lane: one formula for both, so that the two paths give the same
** bits by construction. Inlined with a constant 'op', the switch folds away
** and each block loop is that one formula over the lanes.
*/
static inline Pt2eScalar intOpOf(SOp op, Pt2eScalar A, Pt2eScalar B, int pred,
                                 Pt2eElemType t, Pt2eElemType rt) {
  switch (op) {
  case S_ADDI: return iput(pt2eScalarWrapInt((int64_t)((uint64_t)A.i + (uint64_t)B.i), rt));
  case S_SUBI: return iput(pt2eScalarWrapInt((int64_t)((uint64_t)A.i - (uint64_t)B.i), rt));
  case S_MULI: return iput(pt2eScalarWrapInt((int64_t)((uint64_t)A.i * (uint64_t)B.i), rt));
  case S_SHLI: {
    uint64_t s = unsignedOf(B.i, t);
    return iput(s >= (uint64_t)bitsOf(t) ? 0 : pt2eScalarWrapInt((int64_t)((uint64_t)A.i << s), rt));
  }
  case S_SHRSI: {
    uint64_t s = unsignedOf(B.i, t);
    return iput(s >= (uint64_t)bitsOf(t) ? 0 : pt2eScalarWrapInt(signedOf(A.i, t) >> s, rt));
  }
  case S_SHRUI: {
    uint64_t s = unsignedOf(B.i, t);
    return iput(s >= (uint64_t)bitsOf(t) ? 0 : pt2eScalarWrapInt((int64_t)(unsignedOf(A.i, t) >> s), rt));
  }
  case S_MAXSI: return signedOf(A.i, t) >= signedOf(B.i, t) ? A : B;
  case S_MINSI: return signedOf(A.i, t) <= signedOf(B.i, t) ? A : B;
  case S_CMPI: return iput(cmpiOf(pred, A.i, B.i, t));
  case S_EXTSI: return iput(signedOf(A.i, t));
  case S_EXTUI: return iput((int64_t)unsignedOf(A.i, t));
  case S_TRUNCI: return iput(pt2eScalarWrapInt(A.i, rt));
  default: return iput(0); /* not reached: callers pass the ops above */
  }
}

static Pt2eScalar evalOne(const SInstr *in, const Pt2eScalar *r,
                          const int64_t *loopIndex) {
  Pt2eScalar A = r[in->a], B = r[in->b];
  Pt2eElemType t = (Pt2eElemType)in->t, rt = (Pt2eElemType)in->rt;
  bool f32 = t == Pt2eElemF32;
  double a = 0, b = 0;
  if (t == Pt2eElemF32 || t == Pt2eElemF64) {
    a = fget(A, t);
    b = fget(B, t);
  }
  switch ((SOp)in->op) {
  case S_CONST: return in->imm;
  case S_INDEX: return iput(loopIndex[in->imm.i]);
  case S_COPY: return A;
  case S_EXTRACT: {
    /* out of bounds reads 0: both sides of an scf.if run (emitIf), and
    ** the side not taken may index past the end (StableHLO's concatenate) */
    const Pt2eTensor *T = (const Pt2eTensor *)(intptr_t)A.i;
    if (!T || B.i < 0 || B.i >= in->imm.i)
      return iput(0);
    return pt2eTensorLoad(T, B.i);
  }
  case S_ASSERT: return (A.i & 1) || r[in->dst].i ? r[in->dst] : iput(in->imm.i);
  /* Each f32 op is computed in float so it rounds exactly once to f32. */
  case S_ADDF: return f32 ? (Pt2eScalar){.f32 = A.f32 + B.f32} : pt2eScalarOfDouble(a + b, t);
  case S_SUBF: return f32 ? (Pt2eScalar){.f32 = A.f32 - B.f32} : pt2eScalarOfDouble(a - b, t);
  case S_MULF: return f32 ? (Pt2eScalar){.f32 = A.f32 * B.f32} : pt2eScalarOfDouble(a * b, t);
  case S_DIVF: return f32 ? (Pt2eScalar){.f32 = A.f32 / B.f32} : pt2eScalarOfDouble(a / b, t);
  case S_REMF: return f32 ? (Pt2eScalar){.f32 = fmodf(A.f32, B.f32)} : pt2eScalarOfDouble(fmod(a, b), t);
  case S_NEGF: return pt2eScalarOfDouble(-a, t);
  case S_MAXIMUMF: return pt2eScalarOfDouble(maximumOf(a, b), t);
  case S_MINIMUMF: return pt2eScalarOfDouble(minimumOf(a, b), t);
  case S_MAXNUMF: return pt2eScalarOfDouble(fmax(a, b), t);
  case S_MINNUMF: return pt2eScalarOfDouble(fmin(a, b), t);
  case S_CMPF: return iput(pt2eCmpfHolds(in->pred, a, b));
  case S_EXP: return f32 ? (Pt2eScalar){.f32 = expf(A.f32)} : pt2eScalarOfDouble(exp(a), t);
  case S_EXP2: return f32 ? (Pt2eScalar){.f32 = exp2f(A.f32)} : pt2eScalarOfDouble(exp2(a), t);
  case S_LOG: return f32 ? (Pt2eScalar){.f32 = logf(A.f32)} : pt2eScalarOfDouble(log(a), t);
  case S_LOG2: return f32 ? (Pt2eScalar){.f32 = log2f(A.f32)} : pt2eScalarOfDouble(log2(a), t);
  case S_LOG1P: return f32 ? (Pt2eScalar){.f32 = log1pf(A.f32)} : pt2eScalarOfDouble(log1p(a), t);
  case S_EXPM1: return f32 ? (Pt2eScalar){.f32 = expm1f(A.f32)} : pt2eScalarOfDouble(expm1(a), t);
  case S_TANH: return f32 ? (Pt2eScalar){.f32 = tanhf(A.f32)} : pt2eScalarOfDouble(tanh(a), t);
  case S_SQRT: return f32 ? (Pt2eScalar){.f32 = sqrtf(A.f32)} : pt2eScalarOfDouble(sqrt(a), t);
  case S_RSQRT: return f32 ? (Pt2eScalar){.f32 = 1.0f / sqrtf(A.f32)} : pt2eScalarOfDouble(1.0 / sqrt(a), t);
  case S_ERF: return f32 ? (Pt2eScalar){.f32 = erff(A.f32)} : pt2eScalarOfDouble(erf(a), t);
  case S_ABSF: return pt2eScalarOfDouble(fabs(a), t);
  case S_ROUNDEVEN: return pt2eScalarOfDouble(nearbyint(a), t); /* default mode: ties to even */
  case S_ROUND: return pt2eScalarOfDouble(round(a), t);
  case S_FLOOR: return pt2eScalarOfDouble(floor(a), t);
  case S_CEIL: return pt2eScalarOfDouble(ceil(a), t);
  case S_TRUNC: return pt2eScalarOfDouble(trunc(a), t);
  case S_POWF: return f32 ? (Pt2eScalar){.f32 = powf(A.f32, B.f32)} : pt2eScalarOfDouble(pow(a, b), t);
  case S_FPOWI: return f32 ? (Pt2eScalar){.f32 = powf(A.f32, (float)B.i)} : pt2eScalarOfDouble(pow(a, (double)B.i), t);
  case S_SIN: return f32 ? (Pt2eScalar){.f32 = sinf(A.f32)} : pt2eScalarOfDouble(sin(a), t);
  case S_COS: return f32 ? (Pt2eScalar){.f32 = cosf(A.f32)} : pt2eScalarOfDouble(cos(a), t);
  case S_TAN: return f32 ? (Pt2eScalar){.f32 = tanf(A.f32)} : pt2eScalarOfDouble(tan(a), t);
  case S_ATAN: return f32 ? (Pt2eScalar){.f32 = atanf(A.f32)} : pt2eScalarOfDouble(atan(a), t);
  case S_ATAN2: return f32 ? (Pt2eScalar){.f32 = atan2f(A.f32, B.f32)} : pt2eScalarOfDouble(atan2(a, b), t);
  case S_COPYSIGN: return pt2eScalarOfDouble(copysign(a, b), t);
  case S_FMA: return f32 ? (Pt2eScalar){.f32 = fmaf(A.f32, B.f32, r[in->c].f32)}
                         : pt2eScalarOfDouble(fma(a, b, r[in->c].f64), t);
  case S_ADDI: case S_SUBI: case S_MULI: case S_SHLI: case S_SHRSI:
  case S_SHRUI: case S_MAXSI: case S_MINSI: case S_CMPI: case S_EXTSI:
  case S_EXTUI: case S_TRUNCI:
    return intOpOf((SOp)in->op, A, B, in->pred, t, rt);
  case S_DIVSI: {
    int64_t x = signedOf(A.i, t), y = signedOf(B.i, t);
    return iput(y == 0 || (y == -1 && x == INT64_MIN) ? 0 : pt2eScalarWrapInt(x / y, rt));
  }
  case S_REMSI: {
    int64_t x = signedOf(A.i, t), y = signedOf(B.i, t);
    return iput(y == 0 || y == -1 ? 0 : pt2eScalarWrapInt(x % y, rt));
  }
  case S_FLOORDIVSI: {
    int64_t x = signedOf(A.i, t), y = signedOf(B.i, t);
    if (y == 0 || (y == -1 && x == INT64_MIN))
      return iput(0);
    int64_t q = x / y;
    if ((x % y != 0) && ((x < 0) != (y < 0)))
      q--;
    return iput(pt2eScalarWrapInt(q, rt));
  }
  case S_CEILDIVSI: {
    int64_t x = signedOf(A.i, t), y = signedOf(B.i, t);
    if (y == 0 || (y == -1 && x == INT64_MIN))
      return iput(0);
    int64_t q = x / y;
    if ((x % y != 0) && ((x < 0) == (y < 0)))
      q++;
    return iput(pt2eScalarWrapInt(q, rt));
  }
  case S_DIVUI: {
    uint64_t y = unsignedOf(B.i, t);
    return iput(y ? pt2eScalarWrapInt((int64_t)(unsignedOf(A.i, t) / y), rt) : 0);
  }
  case S_REMUI: {
    uint64_t y = unsignedOf(B.i, t);
    return iput(y ? pt2eScalarWrapInt((int64_t)(unsignedOf(A.i, t) % y), rt) : 0);
  }
  case S_ANDI: return iput(pt2eScalarWrapInt(A.i & B.i, rt));
  case S_ORI: return iput(pt2eScalarWrapInt(A.i | B.i, rt));
  case S_XORI: return iput(pt2eScalarWrapInt(A.i ^ B.i, rt));
  case S_MAXUI: return unsignedOf(A.i, t) >= unsignedOf(B.i, t) ? A : B;
  case S_MINUI: return unsignedOf(A.i, t) <= unsignedOf(B.i, t) ? A : B;
  case S_ABSI: return iput(pt2eScalarWrapInt(A.i < 0 ? (int64_t)(0 - (uint64_t)A.i) : A.i, rt));
  case S_CTLZ: {
    uint64_t u = unsignedOf(A.i, t);
    int w = bitsOf(t), n = 0;
    while (n < w && !((u >> (w - 1 - n)) & 1))
      n++;
    return iput(n);
  }
  case S_SELECT: return (A.i & 1) ? B : r[in->c];
  case S_EXTF: return pt2eScalarOfDouble(a, rt);
  case S_TRUNCF: return pt2eScalarOfDouble(a, rt);
  case S_SITOFP: return pt2eScalarOfDouble((double)signedOf(A.i, t), rt);
  case S_UITOFP: return pt2eScalarOfDouble((double)unsignedOf(A.i, t), rt);
  case S_FPTOSI: return iput(fToSigned(a, rt));
  case S_FPTOUI: return iput(fToUnsigned(a, rt));
  case S_INDEX_CAST: return iput(pt2eScalarWrapInt(signedOf(A.i, t), rt));
  case S_INDEX_CASTUI: return iput(pt2eScalarWrapInt((int64_t)unsignedOf(A.i, t), rt));
  case S_BITCAST: {
    Pt2eScalar v;
    v.i = 0;
    if (t == Pt2eElemF32 && rt == Pt2eElemI32) {
      int32_t bits;
      memcpy(&bits, &A.f32, 4);
      v.i = bits;
    } else if (t == Pt2eElemI32 && rt == Pt2eElemF32) {
      int32_t bits = (int32_t)A.i;
      memcpy(&v.f32, &bits, 4);
    } else {
      v = A; /* f64 <-> i64 share the 8 bytes */
    }
    return v;
  }
  }
  return A;
}

void pt2eScalarProgramRun(const ScalarProgram *p, Pt2eScalar *regs,
                          const int64_t *loopIndex, Pt2eScalar *out) {
  for (int i = 0; i < p->n; i++)
    regs[p->code[i].dst] = evalOne(&p->code[i], regs, loopIndex);
  for (int k = 0; k < p->numYields; k++)
    out[k] = regs[p->yields[k]];
}

bool pt2eScalarProgramHasAsserts(const ScalarProgram *p) {
  return p->numAsserts > 0;
}

void pt2eScalarProgramResetAsserts(const ScalarProgram *p, Pt2eScalar *regs) {
  if (p->failReg >= 0)
    regs[p->failReg].i = 0;
}

MlirLogicalResult pt2eScalarProgramCheckAsserts(const ScalarProgram *p,
                                                const Pt2eScalar *regs) {
  if (p->failReg < 0 || regs[p->failReg].i == 0)
    return mlirLogicalResultSuccess();
  return pt2eAssertFailed(p->asserts[regs[p->failReg].i - 1]);
}

bool pt2eScalarProgramReadsReg(const ScalarProgram *p, int r) {
  for (int i = 0; i < p->n; i++) {
    const SInstr *in = &p->code[i];
    if (in->op == S_CONST || in->op == S_INDEX)
      continue;
    if (in->a == r || in->b == r || in->c == r)
      return true;
  }
  for (int k = 0; k < p->numYields; k++)
    if (p->yields[k] == r)
      return true;
  return false;
}

bool pt2eScalarProgramReadsArgs(const ScalarProgram *p) {
  for (int r = 0; r < p->numArgs; r++)
    if (pt2eScalarProgramReadsReg(p, r))
      return true;
  return false;
}

bool pt2eScalarProgramUsesIndex(const ScalarProgram *p) {
  for (int i = 0; i < p->n; i++)
    if (p->code[i].op == S_INDEX)
      return true;
  return false;
}

bool pt2eScalarProgramIndexLoops(const ScalarProgram *p, int numLoops,
                                 bool *used) {
  for (int d = 0; d < numLoops; d++)
    used[d] = false;
  for (int i = 0; i < p->n; i++) {
    if (p->code[i].op != S_INDEX)
      continue;
    int64_t d = p->code[i].imm.i;
    if (d < 0 || d >= numLoops)
      return false;
    used[d] = true;
  }
  return true;
}

/*
** One instruction over 'n' lanes. The common f32 operations get loops the
** compiler can vectorize; everything else goes lane by lane through
** evalOne, so both paths compute the same values.
*/
static void evalBlock(const SInstr *in, Pt2eScalar *regs, int64_t stride,
                      int64_t n, const int64_t *const *indexRows) {
  Pt2eScalar *d = regs + (int64_t)in->dst * stride;
  const Pt2eScalar *a = regs + (int64_t)in->a * stride;
  const Pt2eScalar *b = regs + (int64_t)in->b * stride;
  const Pt2eScalar *c = regs + (int64_t)in->c * stride;
  if (in->op == S_CONST) {
    for (int64_t i = 0; i < n; i++)
      d[i] = in->imm;
    return;
  }
  if (in->op == S_INDEX) { /* the caller's row of this loop's indices */
    const int64_t *idx = indexRows[in->imm.i];
    for (int64_t i = 0; i < n; i++)
      d[i].i = idx[i];
    return;
  }
  /* comparisons and bitwise ops (a softmax's guard, an argmax): evalOne's
  ** arithmetic, without its per-lane dispatch */
  if (in->op == S_CMPF && in->t == Pt2eElemF64 && in->pred == PT2E_CMPF_OEQ) {
    for (int64_t i = 0; i < n; i++) /* oeq: false when unordered, as == */
      d[i].i = a[i].f64 == b[i].f64;
    return;
  }
  if (in->op == S_CMPF && (in->t == Pt2eElemF32 || in->t == Pt2eElemF64)) {
    Pt2eElemType t = (Pt2eElemType)in->t;
    for (int64_t i = 0; i < n; i++)
      d[i].i = pt2eCmpfHolds(in->pred, fget(a[i], t), fget(b[i], t));
    return;
  }
  /* sign-extended (or 0/1) operands give a sign-extended (0/1) result */
  if (in->op == S_ANDI) {
    for (int64_t i = 0; i < n; i++)
      d[i].i = a[i].i & b[i].i;
    return;
  }
  if (in->op == S_ORI) {
    for (int64_t i = 0; i < n; i++)
      d[i].i = a[i].i | b[i].i;
    return;
  }
  if (in->op == S_INDEX_CAST && in->t != Pt2eElemI1 &&
      bitsOf((Pt2eElemType)in->rt) == 64) {
    for (int64_t i = 0; i < n; i++)
      d[i].i = a[i].i; /* index <-> i64: the same integer */
    return;
  }
  if (in->op == S_SELECT) {
    for (int64_t i = 0; i < n; i++) {
      Pt2eScalar yes = b[i], no = c[i]; /* loaded either way: no branch */
      d[i] = (a[i].i & 1) ? yes : no;
    }
    return;
  }
  /* integers (tosa.rescale's multiply, round and shift, tosa.clamp's
  ** bounds, lowered by tosa-to-linalg): evalOne's formulas (intOpOf), one
  ** loop an op instead of a dispatch a lane */
  switch ((SOp)in->op) {
#define INT_ROW(OP)                                                            \
  case OP:                                                                     \
    for (int64_t i = 0; i < n; i++)                                            \
      d[i] = intOpOf(OP, a[i], b[i], in->pred, (Pt2eElemType)in->t,            \
                     (Pt2eElemType)in->rt);                                    \
    return;
  INT_ROW(S_ADDI) INT_ROW(S_SUBI) INT_ROW(S_MULI) INT_ROW(S_SHLI)
  INT_ROW(S_SHRSI) INT_ROW(S_SHRUI) INT_ROW(S_MAXSI) INT_ROW(S_MINSI)
  INT_ROW(S_CMPI) INT_ROW(S_EXTSI) INT_ROW(S_EXTUI) INT_ROW(S_TRUNCI)
#undef INT_ROW
  default:
    break;
  }
  if (in->t == Pt2eElemF32) {
    switch ((SOp)in->op) {
    case S_ADDF: for (int64_t i = 0; i < n; i++) d[i].f32 = a[i].f32 + b[i].f32; return;
    case S_SUBF: for (int64_t i = 0; i < n; i++) d[i].f32 = a[i].f32 - b[i].f32; return;
    case S_MULF: for (int64_t i = 0; i < n; i++) d[i].f32 = a[i].f32 * b[i].f32; return;
    case S_DIVF: for (int64_t i = 0; i < n; i++) d[i].f32 = a[i].f32 / b[i].f32; return;
    case S_MAXIMUMF: /* as maximumOf: NaN wins, -0 < +0 */
      for (int64_t i = 0; i < n; i++) {
        float x = a[i].f32, y = b[i].f32;
        d[i].f32 = (x != x || y != y) ? NAN
                   : x == y         ? (signbit(x) ? y : x)
                                    : (x > y ? x : y);
      }
      return;
    case S_MINIMUMF:
      for (int64_t i = 0; i < n; i++) {
        float x = a[i].f32, y = b[i].f32;
        d[i].f32 = (x != x || y != y) ? NAN
                   : x == y         ? (signbit(x) ? x : y)
                                    : (x < y ? x : y);
      }
      return;
    case S_EXP: for (int64_t i = 0; i < n; i++) d[i].f32 = expf(a[i].f32); return;
    case S_SQRT: for (int64_t i = 0; i < n; i++) d[i].f32 = sqrtf(a[i].f32); return;
    case S_RSQRT: for (int64_t i = 0; i < n; i++) d[i].f32 = 1.0f / sqrtf(a[i].f32); return;
    case S_EXTF:
      if (in->rt == Pt2eElemF64) {
        for (int64_t i = 0; i < n; i++)
          d[i] = pt2eScalarOfDouble((double)a[i].f32, Pt2eElemF64);
        return;
      }
      break;
    default:
      break;
    }
  }
  /* f64 (torch-mlir's layer norm computes its variance in f64): the same
  ** operations as evalOne, without its per-lane dispatch */
  if (in->t == Pt2eElemF64) {
    switch ((SOp)in->op) {
    case S_ADDF: for (int64_t i = 0; i < n; i++) d[i] = pt2eScalarOfDouble(a[i].f64 + b[i].f64, Pt2eElemF64); return;
    case S_SUBF: for (int64_t i = 0; i < n; i++) d[i] = pt2eScalarOfDouble(a[i].f64 - b[i].f64, Pt2eElemF64); return;
    case S_MULF: for (int64_t i = 0; i < n; i++) d[i] = pt2eScalarOfDouble(a[i].f64 * b[i].f64, Pt2eElemF64); return;
    case S_DIVF: for (int64_t i = 0; i < n; i++) d[i] = pt2eScalarOfDouble(a[i].f64 / b[i].f64, Pt2eElemF64); return;
    case S_TRUNCF:
      if (in->rt == Pt2eElemF32) {
        for (int64_t i = 0; i < n; i++)
          d[i] = pt2eScalarOfDouble(a[i].f64, Pt2eElemF32);
        return;
      }
      break;
    default:
      break;
    }
  }
  SInstr lane = *in;
  lane.a = 0;
  lane.b = 1;
  lane.c = 2;
  for (int64_t i = 0; i < n; i++) {
    Pt2eScalar local[3] = {a[i], b[i], c[i]};
    d[i] = evalOne(&lane, local, NULL);
  }
}

/*
** The float-row path also takes comparisons feeding selects (torch-mlir's
** relu is cmpf + select): an i1 register is then a row of 0.0f / 1.0f that
** only cmpf writes (or an argument: a mask operand, which the caller
** converts) and only a select's condition reads.
*/
static bool isMaskReg(const ScalarProgram *p, int r) {
  bool written = r < p->numArgs; /* by a cmpf, not captured from outside */
  for (int i = 0; i < p->n; i++)
    written |= p->code[i].dst == r && p->code[i].op == S_CMPF;
  if (!written)
    return false;
  for (int i = 0; i < p->n; i++) {
    const SInstr *in = &p->code[i];
    if (in->dst == r && in->op != S_CMPF)
      return false;
    if (in->op != S_SELECT && (in->a == r || in->b == r || in->c == r) &&
        !(in->op == S_CONST && in->dst != r))
      return false;
    if (in->op == S_SELECT && (in->b == r || in->c == r))
      return false;
  }
  for (int k = 0; k < p->numYields; k++)
    if (p->yields[k] == r)
      return false;
  return true;
}

bool pt2eScalarProgramIsF32Simple(const ScalarProgram *p) {
  for (int r = 0; r < p->numRegs; r++)
    if (p->regTypes[r] != Pt2eElemF32 &&
        (p->regTypes[r] != Pt2eElemI1 || !isMaskReg(p, r)))
      return false;
  for (int i = 0; i < p->n; i++)
    switch ((SOp)p->code[i].op) {
    case S_CONST: case S_COPY: case S_ADDF: case S_SUBF: case S_MULF:
    case S_DIVF: case S_NEGF: case S_MAXIMUMF: case S_MINIMUMF: case S_SELECT:
    case S_EXP: case S_SQRT: case S_RSQRT: case S_TANH:
      break;
    case S_CMPF:
      if (p->code[i].t != Pt2eElemF32)
        return false;
      break;
    default:
      return false;
    }
  return true;
}

void pt2eScalarProgramRunF32(const ScalarProgram *p, const float **rows,
                             float *scratch, int64_t stride, int64_t n) {
  pt2eScalarProgramRunF32Into(p, rows, scratch, stride, n, NULL);
}

int pt2eScalarProgramLastReg(const ScalarProgram *p) {
  return p->n > 0 ? p->code[p->n - 1].dst : -1;
}

/*
** The body of the float-row path, compiled three times: for AVX-512, for
** AVX2 and portable (x86-64's SSE2), chosen through pt2eCpuIsa. Each lane
** is one IEEE operation in every version (no contraction: -ffp-contract=off;
** libm's functions called alike), so the width changes no bit
** (test/ops/parallel.test runs under every PT2E_ISA; each width's time is
** in bench/README.md).
*/
__attribute__((always_inline)) static inline void
runF32Body(const ScalarProgram *p, const float **rows, float *scratch,
           int64_t stride, int64_t n, float *out) {
  for (int i = 0; i < p->n; i++) {
    const SInstr *in = &p->code[i];
    float *d = out && i == p->n - 1 ? out : scratch + (int64_t)in->dst * stride;
    const float *a = rows[in->a], *b = rows[in->b];
    switch ((SOp)in->op) {
    case S_CONST: for (int64_t k = 0; k < n; k++) d[k] = in->imm.f32; break;
    case S_COPY: for (int64_t k = 0; k < n; k++) d[k] = a[k]; break;
    case S_ADDF: for (int64_t k = 0; k < n; k++) d[k] = a[k] + b[k]; break;
    case S_SUBF: for (int64_t k = 0; k < n; k++) d[k] = a[k] - b[k]; break;
    case S_MULF: for (int64_t k = 0; k < n; k++) d[k] = a[k] * b[k]; break;
    case S_DIVF: for (int64_t k = 0; k < n; k++) d[k] = a[k] / b[k]; break;
    case S_NEGF: for (int64_t k = 0; k < n; k++) d[k] = -a[k]; break;
    /* libm's functions, as evalOne calls them */
    case S_EXP: for (int64_t k = 0; k < n; k++) d[k] = expf(a[k]); break;
    case S_SQRT: for (int64_t k = 0; k < n; k++) d[k] = sqrtf(a[k]); break;
    case S_RSQRT: for (int64_t k = 0; k < n; k++) d[k] = 1.0f / sqrtf(a[k]); break;
    case S_TANH: for (int64_t k = 0; k < n; k++) d[k] = tanhf(a[k]); break;
    case S_MAXIMUMF: /* as maximumOf: NaN wins, -0 < +0 */
      for (int64_t k = 0; k < n; k++) {
        float x = a[k], y = b[k];
        d[k] = (x != x || y != y) ? NAN : x == y ? (signbit(x) ? y : x) : (x > y ? x : y);
      }
      break;
    case S_MINIMUMF:
      for (int64_t k = 0; k < n; k++) {
        float x = a[k], y = b[k];
        d[k] = (x != x || y != y) ? NAN : x == y ? (signbit(x) ? x : y) : (x < y ? x : y);
      }
      break;
    case S_SELECT: {
      /* both sides loaded whatever the condition, so that the compiler
      ** blends vectors instead of branching per lane (a relu's condition
      ** is a coin toss: what branches cost is in bench/README.md) */
      const float *c = rows[in->c];
      for (int64_t k = 0; k < n; k++) {
        float yes = b[k], no = c[k];
        d[k] = a[k] != 0.0f ? yes : no;
      }
      break;
    }
    case S_CMPF: /* the predicates torch-mlir uses get their own loops */
      switch (in->pred) {
      case PT2E_CMPF_OGT: for (int64_t k = 0; k < n; k++) d[k] = a[k] > b[k]; break;
      case PT2E_CMPF_OGE: for (int64_t k = 0; k < n; k++) d[k] = a[k] >= b[k]; break;
      case PT2E_CMPF_OLT: for (int64_t k = 0; k < n; k++) d[k] = a[k] < b[k]; break;
      case PT2E_CMPF_OLE: for (int64_t k = 0; k < n; k++) d[k] = a[k] <= b[k]; break;
      case PT2E_CMPF_UGT: for (int64_t k = 0; k < n; k++) d[k] = !(a[k] <= b[k]); break;
      case PT2E_CMPF_UGE: for (int64_t k = 0; k < n; k++) d[k] = !(a[k] < b[k]); break;
      case PT2E_CMPF_ULT: for (int64_t k = 0; k < n; k++) d[k] = !(a[k] >= b[k]); break;
      case PT2E_CMPF_ULE: for (int64_t k = 0; k < n; k++) d[k] = !(a[k] > b[k]); break;
      default:
        for (int64_t k = 0; k < n; k++)
          d[k] = pt2eCmpfHolds(in->pred, a[k], b[k]);
      }
      break;
    default:
      break; /* excluded by pt2eScalarProgramIsF32Simple */
    }
    rows[in->dst] = d;
  }
}

#if defined(__x86_64__) || defined(__i386__)
__attribute__((target("avx512f"))) static void
runF32Avx512(const ScalarProgram *p, const float **rows, float *scratch,
             int64_t stride, int64_t n, float *out) {
  runF32Body(p, rows, scratch, stride, n, out);
}

__attribute__((target("avx2"))) static void
runF32Avx2(const ScalarProgram *p, const float **rows, float *scratch,
           int64_t stride, int64_t n, float *out) {
  runF32Body(p, rows, scratch, stride, n, out);
}
#endif

void pt2eScalarProgramRunF32Into(const ScalarProgram *p, const float **rows,
                                 float *scratch, int64_t stride, int64_t n,
                                 float *out) {
#if defined(__x86_64__) || defined(__i386__)
  Pt2eIsa isa = pt2eCpuIsa();
  if (isa >= Pt2eIsaAvx512) {
    runF32Avx512(p, rows, scratch, stride, n, out);
    return;
  }
  if (isa >= Pt2eIsaAvx2) {
    runF32Avx2(p, rows, scratch, stride, n, out);
    return;
  }
#endif
  runF32Body(p, rows, scratch, stride, n, out);
}

void pt2eScalarProgramRunBlock(const ScalarProgram *p, Pt2eScalar *regs,
                               int64_t stride, int64_t n,
                               const int64_t *const *indexRows) {
  for (int i = 0; i < p->n; i++)
    evalBlock(&p->code[i], regs, stride, n, indexRows);
}

/* }==================================================================== */

/* {====================================================================
** Compilation of scalar programs
** ===================================================================== */

static int newReg(ScalarProgram *p, Pt2eElemType t) {
  if (!pt2eVecGrow((void **)&p->regTypes, &p->capRegs, (size_t)p->numRegs,
                   sizeof *p->regTypes))
    return -1;
  p->regTypes[p->numRegs] = t;
  return p->numRegs++;
}

static bool bindValue(ScalarProgram *p, MlirValue v, int reg) {
  if (p->numKeys == p->capKeys) {
    int cap = p->capKeys ? 2 * p->capKeys : 16;
    const void **k = pt2eRealloc((void *)p->keys, (size_t)cap * sizeof *k);
    if (!k)
      return false;
    p->keys = k;
    int *r = pt2eRealloc(p->keyRegs, (size_t)cap * sizeof *r);
    if (!r)
      return false;
    p->keyRegs = r;
    p->capKeys = cap;
  }
  p->keys[p->numKeys] = v.ptr;
  p->keyRegs[p->numKeys++] = reg;
  return true;
}

static int regOf(const ScalarProgram *p, MlirValue v) {
  for (int i = p->numKeys - 1; i >= 0; i--)
    if (p->keys[i] == v.ptr)
      return p->keyRegs[i];
  return -1;
}

static bool emit(ScalarProgram *p, SInstr in) {
  if (!pt2eVecGrow((void **)&p->code, &p->cap, (size_t)p->n, sizeof *p->code))
    return false;
  p->code[p->n++] = in;
  return true;
}

static bool scalarTypeOf(MlirType t, Pt2eElemType *out) {
  return !mlirTypeIsAShaped(t) && pt2eElemTypeFromMlir(t, out);
}

/* The element type of a scalar or tensor type. */
static bool elemTypeOf(MlirType t, Pt2eElemType *out) {
  if (mlirTypeIsAShaped(t))
    t = mlirShapedTypeGetElementType(t);
  return pt2eElemTypeFromMlir(t, out);
}

/*
** The instruction of scalar op 'sop', of result type 'rt', on the registers
** argRegs[0..n) (a missing second or third operand repeats the first):
** select takes its data's type (its first operand is the i1 condition),
** comparisons their predicate.
*/
static SInstr opInstr(const ScalarProgram *p, MlirOperation op, SOp sop,
                      Pt2eElemType rt, const int *argRegs, int n) {
  SInstr in;
  memset(&in, 0, sizeof in);
  in.op = (uint8_t)sop;
  in.rt = (uint8_t)rt;
  in.t = (uint8_t)(sop == S_SELECT ? rt : p->regTypes[argRegs[0]]);
  in.a = argRegs[0];
  in.b = n > 1 ? argRegs[1] : argRegs[0];
  in.c = n > 2 ? argRegs[2] : argRegs[0];
  if (sop == S_CMPF)
    in.pred = pt2eCmpfOf(op);
  else if (sop == S_CMPI)
    in.pred = (int32_t)mlirIntegerAttrGetValueInt(pt2eOpAttr(op, "predicate"));
  return in;
}

/* A new register of type 'rt' for 'res', written by 'in'. */
static MlirLogicalResult emitInto(ScalarProgram *p, MlirOperation op, MlirValue res,
                                  Pt2eElemType rt, SInstr in) {
  int dst = newReg(p, rt);
  if (dst < 0 || !bindValue(p, res, dst))
    return pt2eInterpOutOfMemory(op);
  in.dst = dst;
  if (!emit(p, in))
    return pt2eInterpOutOfMemory(op);
  return mlirLogicalResultSuccess();
}

/* tensor.from_elements of one scalar into a 0-d tensor, or tensor.extract
   of a 0-d tensor without indices. */
static bool isScalarWrap(MlirOperation op) {
  MlirType r = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (pt2eOpIs(op, "tensor.from_elements"))
    return mlirOperationGetNumOperands(op) == 1 && mlirTypeIsARankedTensor(r) &&
           mlirShapedTypeGetRank(r) == 0;
  if (!pt2eOpIs(op, "tensor.extract") || mlirOperationGetNumOperands(op) != 1)
    return false;
  MlirType t = mlirValueGetType(mlirOperationGetOperand(op, 0));
  return mlirTypeIsARankedTensor(t) && mlirShapedTypeGetRank(t) == 0;
}

/*
** Emits 'op' with its operands in 'argRegs' into 'p'; binds its result.
*/
static MlirLogicalResult emitOp(ScalarProgram *p, MlirOperation op,
                                const int *argRegs, int nArgs) {
  if (mlirOperationGetNumResults(op) != 1)
    return pt2eEmitOpError(op, NULL, "expected one result");
  MlirValue res = mlirOperationGetResult(op, 0);
  /* StableHLO's lowered bodies wrap a scalar in a 0-d tensor and take it
     back out (tensor.from_elements, tensor.extract []): the same value,
     so the same register, no instruction */
  if (nArgs == 1 && isScalarWrap(op))
    return bindValue(p, res, argRegs[0]) ? mlirLogicalResultSuccess()
                                         : pt2eInterpOutOfMemory(op);
  Pt2eElemType rt;
  if (!scalarTypeOf(mlirValueGetType(res), &rt))
    return pt2eEmitOpError(op, NULL, "unsupported scalar type");
  SInstr in;
  memset(&in, 0, sizeof in);
  in.rt = (uint8_t)rt;
  if (pt2eOpIs(op, "arith.constant")) {
    in.op = S_CONST;
    if (!pt2eScalarFromAttr(pt2eOpAttr(op, "value"), rt, &in.imm))
      return pt2eEmitOpError(op, NULL, "unsupported constant");
  } else if (pt2eOpIs(op, "linalg.index")) {
    in.op = S_INDEX;
    in.imm.i = mlirIntegerAttrGetValueInt(pt2eOpAttr(op, "dim"));
  } else {
    SOp sop;
    if (!lookupOp(op, &sop))
      return pt2eEmitOpError(op, NULL, "is not supported inside a linalg body");
    if (nArgs < 1)
      return pt2eEmitOpError(op, NULL, "expected operands");
    in = opInstr(p, op, sop, rt, argRegs, nArgs);
  }
  return emitInto(p, op, res, rt, in);
}

static ScalarProgram *programCreate(void) {
  ScalarProgram *p = pt2eAlloc(sizeof(ScalarProgram));
  if (p)
    p->failReg = -1;
  return p;
}

static void dropCompileState(ScalarProgram *p) {
  pt2eFree((void *)p->keys);
  pt2eFree(p->keyRegs);
  p->keys = NULL;
  p->keyRegs = NULL;
  p->numKeys = p->capKeys = 0;
}

void pt2eScalarProgramDestroy(void *vp) {
  ScalarProgram *p = vp;
  if (!p)
    return;
  dropCompileState(p);
  pt2eFree(p->code);
  pt2eFree(p->regTypes);
  pt2eFree(p->yields);
  pt2eFree(p->captureSlots);
  pt2eFree(p->captureRegs);
  pt2eFree(p->captureIsTensor);
  pt2eFree(p->asserts);
  pt2eFree(p);
}

/* A new register for the outer slot 'slot' (value 'v'), loaded before each
** run (pt2eScalarProgramSetCaptures): its scalar, or for a tensor the
** tensor itself, which only S_EXTRACT reads. */
static int captureReg(ScalarProgram *p, MlirOperation user, MlirValue v, int slot,
                      Pt2eElemType type, bool isTensor) {
  int r = newReg(p, type);
  size_t n = (size_t)p->numCaptures + 1;
  int *s = pt2eRealloc(p->captureSlots, n * sizeof *s);
  if (s)
    p->captureSlots = s;
  int *cr = pt2eRealloc(p->captureRegs, n * sizeof *cr);
  if (cr)
    p->captureRegs = cr;
  unsigned char *ct = pt2eRealloc(p->captureIsTensor, n * sizeof *ct);
  if (ct)
    p->captureIsTensor = ct;
  if (r < 0 || !s || !cr || !ct || !bindValue(p, v, r)) {
    pt2eInterpOutOfMemory(user);
    return -1;
  }
  p->captureSlots[p->numCaptures] = slot;
  p->captureIsTensor[p->numCaptures] = isTensor;
  p->captureRegs[p->numCaptures++] = r;
  return r;
}

/* The outer slot of 'v' and its facts, or -1 with a diagnostic. */
static int outerSlot(CompileCtx *cc, MlirOperation user, MlirValue v,
                     const SlotInfo **info) {
  int slot = cc ? cc->slotOf(cc, v) : -1;
  if (slot < 0) {
    pt2eEmitOpError(user, NULL, "uses a value the interpreter cannot see");
    return -1;
  }
  *info = &cc->program->slots[slot];
  return slot;
}

/* Register of 'v' inside the region, capturing it from outside if needed. */
static int operandReg(CompileCtx *cc, ScalarProgram *p, MlirOperation user,
                      MlirValue v) {
  int r = regOf(p, v);
  if (r >= 0)
    return r;
  const SlotInfo *info;
  int slot = outerSlot(cc, user, v, &info);
  if (slot < 0)
    return -1;
  if (info->isTensor) {
    pt2eEmitOpError(user, NULL, "a linalg body may only capture scalars, not tensors "
                                "(other than to tensor.extract or tensor.dim them)");
    return -1;
  }
  return captureReg(p, user, v, slot, info->type, false);
}

/* Frees what only compiling needed; a failed program is destroyed: NULL. */
static ScalarProgram *finishProgram(ScalarProgram *p, bool ok) {
  dropCompileState(p);
  if (!ok) {
    pt2eScalarProgramDestroy(p);
    return NULL;
  }
  return p;
}

/* The block's arguments become registers 0..numArgs-1. */
static bool bindBlockArgs(ScalarProgram *p, MlirBlock b) {
  intptr_t nArgs = mlirBlockGetNumArguments(b);
  for (intptr_t i = 0; i < nArgs; i++) {
    MlirValue a = mlirBlockGetArgument(b, i);
    Pt2eElemType t;
    if (!scalarTypeOf(mlirValueGetType(a), &t)) {
      pt2eEmitOpError(mlirBlockGetParentOperation(b), NULL,
                      "has a body argument of an unsupported type");
      return false;
    }
    int r = newReg(p, t);
    if (r < 0 || !bindValue(p, a, r)) {
      pt2eInterpOutOfMemory(mlirBlockGetParentOperation(b));
      return false;
    }
  }
  p->numArgs = (int)nArgs;
  return true;
}

/* The terminator's operands, in registers 'regs', become the yields. */
static bool bindYields(ScalarProgram *p, MlirOperation op, const int *regs,
                       intptr_t n) {
  p->yields = pt2eAlloc((size_t)(n ? n : 1) * sizeof(int));
  if (!p->yields) {
    pt2eInterpOutOfMemory(op);
    return false;
  }
  for (intptr_t i = 0; i < n; i++)
    p->yields[p->numYields++] = regs[i];
  return true;
}

static bool compileOps(CompileCtx *cc, ScalarProgram *p, MlirBlock b,
                       const char *yieldName, int *yieldRegs, int *numYields);

/* A new register of the integer 'a op b' (index arithmetic). */
static int emitIndexOp(ScalarProgram *p, SOp sop, int a, int b) {
  SInstr in;
  memset(&in, 0, sizeof in);
  in.op = (uint8_t)sop;
  in.t = in.rt = Pt2eElemI64;
  in.a = a;
  in.b = b;
  in.dst = newReg(p, Pt2eElemI64);
  return in.dst >= 0 && emit(p, in) ? in.dst : -1;
}

static int emitIndexConst(ScalarProgram *p, int64_t v) {
  SInstr in;
  memset(&in, 0, sizeof in);
  in.op = S_CONST;
  in.t = in.rt = Pt2eElemI64;
  in.imm.i = v;
  in.dst = newReg(p, Pt2eElemI64);
  return in.dst >= 0 && emit(p, in) ? in.dst : -1;
}

/* The captured tensor 'v' of 'op' (static shape) and its facts: its
** register, or -1 with a diagnostic. */
static int tensorOperand(CompileCtx *cc, ScalarProgram *p, MlirOperation op, MlirValue v,
                         const SlotInfo **info) {
  int slot = outerSlot(cc, op, v, info);
  if (slot < 0)
    return -1;
  if (!(*info)->isTensor) {
    pt2eEmitOpError(op, NULL, "expected a tensor operand");
    return -1;
  }
  for (int d = 0; d < (*info)->rank; d++)
    if ((*info)->shape[d] < 0) {
      pt2eEmitOpError(op, NULL, "reads a tensor of dynamic shape inside a linalg body");
      return -1;
    }
  int r = regOf(p, v);
  return r >= 0 ? r : captureReg(p, op, v, slot, Pt2eElemI64, true);
}

/*
** tensor.extract of a tensor captured from outside the body: the linear
** offset of its indices (row-major, static shape) and one S_EXTRACT.
** (StableHLO's concatenate and gather bodies index their operands so.)
*/
static bool emitExtract(CompileCtx *cc, ScalarProgram *p, MlirOperation op) {
  const SlotInfo *info;
  int t = tensorOperand(cc, p, op, mlirOperationGetOperand(op, 0), &info);
  if (t < 0)
    return false;
  Pt2eElemType rt;
  MlirValue res = mlirOperationGetResult(op, 0);
  if (!scalarTypeOf(mlirValueGetType(res), &rt) || rt != info->type ||
      mlirOperationGetNumOperands(op) - 1 != info->rank) {
    pt2eEmitOpError(op, NULL, "has indices or a result that do not fit its tensor");
    return false;
  }
  int off = info->rank == 0 ? emitIndexConst(p, 0) : -1;
  int64_t numel = 1;
  for (int d = 0; d < info->rank; d++) {
    int idx = operandReg(cc, p, op, mlirOperationGetOperand(op, d + 1));
    if (idx < 0)
      return false;
    numel *= info->shape[d];
    if (d == 0) {
      off = idx;
      continue;
    }
    int size = emitIndexConst(p, info->shape[d]);
    off = size < 0 ? -1 : emitIndexOp(p, S_MULI, off, size);
    off = off < 0 ? -1 : emitIndexOp(p, S_ADDI, off, idx);
    if (off < 0)
      break;
  }
  SInstr in;
  memset(&in, 0, sizeof in);
  in.op = S_EXTRACT;
  in.t = Pt2eElemI64;
  in.rt = (uint8_t)rt;
  in.a = t;
  in.b = off;
  in.imm.i = numel;
  if (off < 0) {
    pt2eInterpOutOfMemory(op);
    return false;
  }
  return mlirLogicalResultIsSuccess(emitInto(p, op, res, rt, in));
}

/* tensor.dim of a captured tensor by a constant index: its static size. */
static bool emitDim(CompileCtx *cc, ScalarProgram *p, MlirOperation op) {
  const SlotInfo *info;
  if (tensorOperand(cc, p, op, mlirOperationGetOperand(op, 0), &info) < 0)
    return false;
  MlirOperation k = pt2eOpProducer(mlirOperationGetOperand(op, 1));
  MlirAttribute a = pt2eOpIs(k, "arith.constant") ? pt2eOpAttr(k, "value")
                                                  : mlirAttributeGetNull();
  int64_t d = mlirAttributeIsAInteger(a) ? mlirIntegerAttrGetValueInt(a) : -1;
  if (d < 0 || d >= info->rank) {
    pt2eEmitOpError(op, NULL, "has a dimension that is not a constant of its rank");
    return false;
  }
  int r = emitIndexConst(p, info->shape[d]);
  if (r < 0 || !bindValue(p, mlirOperationGetResult(op, 0), r)) {
    pt2eInterpOutOfMemory(op);
    return false;
  }
  return true;
}

/*
** scf.if with results: both regions run (a body has no side effects; an
** out-of-bounds read in the side not taken reads 0, S_EXTRACT), then one
** select a result picks the taken side's value.
*/
static bool emitIf(CompileCtx *cc, ScalarProgram *p, MlirOperation op) {
  intptr_t nr = mlirOperationGetNumResults(op);
  if (nr < 1 || nr > 8 || mlirOperationGetNumRegions(op) != 2) {
    pt2eEmitOpError(op, NULL, "inside a linalg body needs 1 to 8 results and an else");
    return false;
  }
  int cond = operandReg(cc, p, op, mlirOperationGetOperand(op, 0));
  int yes[8], no[8], ny = 0, nn = 0;
  MlirBlock thenB = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  MlirBlock elseB = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 1));
  p->ifDepth++;
  bool ok = cond >= 0 && !mlirBlockIsNull(thenB) && !mlirBlockIsNull(elseB) &&
            compileOps(cc, p, thenB, "scf.yield", yes, &ny) &&
            compileOps(cc, p, elseB, "scf.yield", no, &nn);
  p->ifDepth--;
  if (!ok)
    return false;
  if (ny != nr || nn != nr) {
    pt2eEmitOpError(op, NULL, "yields a number of values unlike its results");
    return false;
  }
  for (intptr_t i = 0; i < nr; i++) {
    Pt2eElemType rt;
    MlirValue res = mlirOperationGetResult(op, i);
    if (!scalarTypeOf(mlirValueGetType(res), &rt)) {
      pt2eEmitOpError(op, NULL, "unsupported scalar type");
      return false;
    }
    SInstr in;
    memset(&in, 0, sizeof in);
    in.op = S_SELECT;
    in.t = in.rt = (uint8_t)rt;
    in.a = cond;
    in.b = yes[i];
    in.c = no[i];
    if (mlirLogicalResultIsFailure(emitInto(p, op, res, rt, in)))
      return false;
  }
  return true;
}

/* An op that reads a tensor captured from outside the body, or holds a
** region: compiled by its own emitter above; false for the others. */
static bool isStructuralBodyOp(const ScalarProgram *p, MlirOperation op) {
  if (pt2eOpIs(op, "scf.if") || pt2eOpIs(op, "tensor.dim"))
    return true;
  if (!pt2eOpIs(op, "tensor.extract") || mlirOperationGetNumOperands(op) < 1)
    return false;
  int r = regOf(p, mlirOperationGetOperand(op, 0));
  for (int i = 0; r >= 0 && i < p->numCaptures; i++)
    if (p->captureRegs[i] == r)
      return p->captureIsTensor[i];
  return r < 0; /* else a 0-d tensor the body made (isScalarWrap) */
}

/*
** cf.assert in a body (torch-mlir's embedding gather checks each token id
** against the vocabulary): an S_ASSERT on the condition, whose failure
** register keeps the first assert that failed; the caller reports it at
** that op after the loops (pt2eScalarProgramCheckAsserts). Not under
** scf.if, whose two sides both run.
*/
static bool emitAssert(ScalarProgram *p, MlirOperation op, const int *regs, intptr_t n) {
  if (n < 1) {
    pt2eEmitOpError(op, NULL, "has no condition");
    return false;
  }
  if (p->ifDepth > 0) {
    pt2eEmitOpError(op, NULL, "inside an scf.if of a linalg body is not supported "
                              "(both sides of the if run)");
    return false;
  }
  if (p->failReg < 0 && (p->failReg = newReg(p, Pt2eElemI64)) < 0)
    return pt2eInterpOutOfMemory(op), false;
  MlirOperation *a = pt2eRealloc(p->asserts, (size_t)(p->numAsserts + 1) * sizeof *a);
  if (!a)
    return pt2eInterpOutOfMemory(op), false;
  p->asserts = a;
  p->asserts[p->numAsserts++] = op;
  SInstr in;
  memset(&in, 0, sizeof in);
  in.op = S_ASSERT;
  in.t = in.rt = Pt2eElemI64;
  in.a = regs[0];
  in.dst = p->failReg;
  in.imm.i = p->numAsserts;
  if (!emit(p, in))
    return pt2eInterpOutOfMemory(op), false;
  return true;
}

/*
** Emits the ops of 'b' in order, up to its terminator 'yieldName': the
** program's yields, or with 'yieldRegs' (an scf.if branch) their registers
** into yieldRegs[0..*numYields).
*/
static bool compileOps(CompileCtx *cc, ScalarProgram *p, MlirBlock b,
                       const char *yieldName, int *yieldRegs, int *numYields) {
  for (MlirOperation op = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (isStructuralBodyOp(p, op)) {
      bool ok = pt2eOpIs(op, "scf.if")       ? emitIf(cc, p, op)
                : pt2eOpIs(op, "tensor.dim") ? emitDim(cc, p, op)
                                             : emitExtract(cc, p, op);
      if (!ok)
        return false;
      continue;
    }
    intptr_t n = mlirOperationGetNumOperands(op);
    int regs[8];
    if (n > 8) {
      pt2eEmitOpError(op, NULL, "has too many operands");
      return false;
    }
    for (intptr_t i = 0; i < n; i++)
      if ((regs[i] = operandReg(cc, p, op, mlirOperationGetOperand(op, i))) < 0)
        return false;
    if (pt2eOpIs(op, "cf.assert")) {
      if (!emitAssert(p, op, regs, n))
        return false;
      continue;
    }
    if (pt2eOpIs(op, yieldName)) {
      if (!yieldRegs)
        return bindYields(p, op, regs, n);
      memcpy(yieldRegs, regs, (size_t)n * sizeof *regs);
      *numYields = (int)n;
      return true;
    }
    if (mlirLogicalResultIsFailure(emitOp(p, op, regs, (int)n)))
      return false;
  }
  return true;
}

ScalarProgram *pt2eScalarProgramCompile(CompileCtx *cc, MlirRegion region,
                                        const char *yieldName) {
  ScalarProgram *p = programCreate();
  MlirBlock b = mlirRegionGetFirstBlock(region);
  if (!p && !mlirBlockIsNull(b))
    pt2eInterpOutOfMemory(mlirBlockGetParentOperation(b));
  if (!p || mlirBlockIsNull(b)) {
    pt2eScalarProgramDestroy(p);
    return NULL;
  }
  bool ok = bindBlockArgs(p, b) && compileOps(cc, p, b, yieldName, NULL, NULL);
  if (ok && !p->yields) {
    pt2eEmitOpError(mlirBlockGetParentOperation(b), NULL, "body has no terminator");
    ok = false;
  }
  return finishProgram(p, ok);
}

/* Registers 0..n-1 for the operands of 'op', of their element types. */
static bool bindOperands(ScalarProgram *p, MlirOperation op, int *regs, intptr_t n) {
  for (intptr_t i = 0; i < n; i++) {
    Pt2eElemType t;
    if (!elemTypeOf(mlirValueGetType(mlirOperationGetOperand(op, i)), &t)) {
      pt2eEmitOpError(op, NULL, "has an operand of an unsupported type");
      return false;
    }
    if ((regs[i] = newReg(p, t)) < 0) {
      pt2eInterpOutOfMemory(op);
      return false;
    }
  }
  return true;
}

/* The op itself on registers 'regs', its result the one yield. emitOp
** wants a scalar result type: this compiles against the element type. */
static bool emitSoleOp(ScalarProgram *p, MlirOperation op, const int *regs, int n) {
  Pt2eElemType rt;
  SOp sop;
  if (!elemTypeOf(mlirValueGetType(mlirOperationGetResult(op, 0)), &rt)) {
    pt2eEmitOpError(op, NULL, "has a result of an unsupported type");
    return false;
  }
  if (!lookupOp(op, &sop)) {
    pt2eEmitOpError(op, NULL, "is not supported");
    return false;
  }
  SInstr in = opInstr(p, op, sop, rt, regs, n);
  in.dst = newReg(p, rt);
  p->yields = pt2eAlloc(sizeof(int));
  if (in.dst < 0 || !p->yields || !emit(p, in)) {
    pt2eInterpOutOfMemory(op);
    return false;
  }
  p->yields[p->numYields++] = in.dst;
  return true;
}

ScalarProgram *pt2eScalarProgramForOp(MlirOperation op) {
  ScalarProgram *p = programCreate();
  if (!p) {
    pt2eInterpOutOfMemory(op);
    return NULL;
  }
  intptr_t n = mlirOperationGetNumOperands(op);
  int regs[8];
  bool ok = n <= 8;
  if (!ok)
    pt2eEmitOpError(op, NULL, "has too many operands");
  ok = ok && bindOperands(p, op, regs, n);
  p->numArgs = (int)n;
  ok = ok && emitSoleOp(p, op, regs, (int)n);
  return finishProgram(p, ok);
}

int pt2eScalarProgramNumCaptures(const ScalarProgram *p) { return p->numCaptures; }
int pt2eScalarProgramCaptureReg(const ScalarProgram *p, int i) {
  return p->captureRegs[i];
}
int pt2eScalarProgramNumRegs(const ScalarProgram *p) { return p->numRegs; }
Pt2eElemType pt2eScalarProgramRegType(const ScalarProgram *p, int reg) {
  return p->regTypes[reg];
}
int pt2eScalarProgramYieldReg(const ScalarProgram *p, int i) { return p->yields[i]; }

void pt2eScalarProgramSetCaptures(const ScalarProgram *p, const Slot *slots,
                                  Pt2eScalar *regs) {
  for (int i = 0; i < p->numCaptures; i++) {
    const Slot *s = &slots[p->captureSlots[i]];
    if (p->captureIsTensor[i])
      regs[p->captureRegs[i]].i = (int64_t)(intptr_t)s->tensor;
    else
      regs[p->captureRegs[i]] = s->scalar;
  }
}

bool pt2eScalarProgramReadsTensors(const ScalarProgram *p) {
  for (int i = 0; i < p->numCaptures; i++)
    if (p->captureIsTensor[i])
      return true;
  return false;
}

/* }==================================================================== */

/* {====================================================================
** Function-level arith / math ops
** ===================================================================== */

/* Elementwise op on scalars or on same-shaped tensors (scalars broadcast,
** as arith.select's condition may be). */
static MlirLogicalResult execElementwise(Exec *ex, const Instr *in) {
  const ScalarProgram *p = in->data;
  Pt2eScalar regs[16], out;
  const SlotInfo *ri = &ex->program->slots[in->results[0]];
  int nArgs = p->numArgs;
  if (!ri->isTensor) {
    for (int k = 0; k < nArgs; k++)
      regs[k] = ex->slots[in->operands[k]].scalar;
    pt2eScalarProgramRun(p, regs, NULL, &out);
    ex->slots[in->results[0]].scalar = out;
    return mlirLogicalResultSuccess();
  }
  Pt2eTensor *t = pt2eTensorCreate(ri->type, ri->rank, ri->shape);
  if (!t)
    return pt2eInterpOutOfMemory(in->op);
  const Slot *src[8];
  for (int k = 0; k < nArgs; k++) {
    src[k] = &ex->slots[in->operands[k]];
    if (!src[k]->tensor)
      regs[k] = src[k]->scalar;
  }
  for (int64_t i = 0; i < t->numel; i++) {
    for (int k = 0; k < nArgs; k++)
      if (src[k]->tensor)
        regs[k] = pt2eTensorLoad(src[k]->tensor, i);
    pt2eScalarProgramRun(p, regs, NULL, &out);
    pt2eTensorStore(t, i, out);
  }
  ex->slots[in->results[0]].tensor = t;
  return mlirLogicalResultSuccess();
}

MlirLogicalResult pt2eCompileElementwise(CompileCtx *cc, Instr *in) {
  (void)cc;
  if (in->numOperands > 8)
    return pt2eEmitOpError(in->op, NULL, "has too many operands");
  ScalarProgram *p = pt2eScalarProgramForOp(in->op);
  if (!p)
    return mlirLogicalResultFailure();
  in->data = p;
  in->freeData = pt2eScalarProgramDestroy;
  in->exec = execElementwise;
  return mlirLogicalResultSuccess();
}

/* A constant: the tensor (or scalar) is built once at compile time. */
typedef struct ConstData {
  Pt2eTensor *tensor;
  Pt2eScalar scalar;
} ConstData;

static void freeConst(void *d) {
  ConstData *c = d;
  if (c)
    pt2eTensorRelease(c->tensor);
  pt2eFree(c);
}

static MlirLogicalResult execConst(Exec *ex, const Instr *in) {
  const ConstData *c = in->data;
  Slot *s = &ex->slots[in->results[0]];
  s->tensor = pt2eTensorRetain(c->tensor);
  s->scalar = c->scalar;
  return mlirLogicalResultSuccess();
}

MlirLogicalResult pt2eCompileArithConstant(CompileCtx *cc, Instr *in) {
  const SlotInfo *info = &cc->program->slots[in->results[0]];
  ConstData *c = pt2eAlloc(sizeof *c);
  if (!c)
    return pt2eInterpOutOfMemory(in->op);
  in->data = c;
  in->freeData = freeConst;
  in->exec = execConst;
  MlirAttribute value = mlirOperationGetAttributeByName(
      in->op, mlirStringRefCreateFromCString("value"));
  if (!info->isTensor) {
    if (!pt2eScalarFromAttr(value, info->type, &c->scalar))
      return pt2eEmitOpError(in->op, NULL, "unsupported constant");
    return mlirLogicalResultSuccess();
  }
  bool outOfMemory;
  c->tensor = pt2eTensorFromElementsAttr(value, info, &outOfMemory);
  if (!c->tensor && outOfMemory)
    return pt2eInterpOutOfMemory(in->op);
  if (!c->tensor)
    return pt2eEmitOpError(in->op, NULL, "unsupported or unreadable elements attribute");
  return mlirLogicalResultSuccess();
}

bool pt2eArithKnowsOp(MlirOperation op) {
  SOp sop;
  return lookupOp(op, &sop);
}

/* }==================================================================== */
