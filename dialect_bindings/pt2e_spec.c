/*
** pt2e_spec.c
** Quantization specs as MLIR dictionary attributes: parse and print.
**
** One dictionary describes how one edge (operand) or value (result) is
** quantized; docs/annotations.md is the schema. A spec is one of four kinds,
** told apart by a marker key:
**   {observer = "histogram", dtype = i8, ...}          QuantizationSpec
**   {shared = {operand = 0}}                           SharedQuantizationSpec
**   {derived_from = [...], dtype = i32, ...}           DerivedQuantizationSpec
**   {fixed = {scale = ..., zero_point = ...}, ...}     FixedQParamsQuantizationSpec
** pt2eSpecParse fills every default (so two specs that mean the same compare
** equal as C structs); pt2eSpecToAttr writes the canonical dictionary that
** pt2e.observer / pt2e.fake_quant carry, with every default spelled out.
** Names, kinds and defaults come from the tables of numerics/quant_spec.c.
*/
#include "pt2e_spec.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include "pt2e_support.h"
#include "qparams.h"

/*
** {======================================================================
** Names
** =======================================================================
*/

/* The name of entry 'i' of an enum: its row in a table of quant_spec.c. */
typedef const char *(*NameFn)(int i);

static const char *dtypeNameAt(int i) { return pt2eDTypeName((Pt2eDType)i); }

static const char *qschemeNameAt(int i) {
  return pt2eQSchemeName((Pt2eQScheme)i);
}

static const char *observerNameAt(int i) {
  return pt2eObserverKindName((Pt2eObserverKind)i);
}

static const char *const deriveNames[] = {[Pt2eDeriveMulScales] = "mul_scales"};

static const char *deriveNameAt(int i) { return deriveNames[i]; }

#define NUM_DERIVES ((int)(sizeof deriveNames / sizeof deriveNames[0]))

/* Index of 'ref' among the 'n' names of 'nameOf', or -1. */
static int lookup(MlirStringRef ref, NameFn nameOf, int n) {
  for (int i = 0; i < n; i++)
    if (pt2eStringRefIs(ref, nameOf(i)))
      return i;
  return -1;
}

/* The 'n' names of 'nameOf' joined by 'sep' into 'buf' (cut to 'size'). */
static const char *joinNames(char *buf, size_t size, NameFn nameOf, int n,
                             const char *sep) {
  buf[0] = '\0';
  for (int k = 0; k < n; k++) {
    strncat(buf, k ? sep : "", size - strlen(buf) - 1);
    strncat(buf, nameOf(k), size - strlen(buf) - 1);
  }
  return buf;
}

/* }====================================================================== */

/*
** {======================================================================
** Parsing
** =======================================================================
*/

/* What every parse function carries: where to report, and what. */
typedef struct Reader {
  MlirLocation loc;
  const char *where; /* prefix of every message: "'pt2e.annotation' input 0" */
} Reader;

#define ERR(rd, ...) readerError((rd), __VA_ARGS__)

static MlirLogicalResult readerError(const Reader *rd, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static MlirLogicalResult readerError(const Reader *rd, const char *fmt, ...) {
  char detail[768];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(detail, sizeof detail, fmt, ap);
  va_end(ap);
  return pt2eEmitError(rd->loc, "%s: %s", rd->where, detail);
}

static bool isIn(MlirStringRef key, const char *const *keys) {
  for (; *keys; keys++)
    if (pt2eStringRefIs(key, *keys))
      return true;
  return false;
}

/* Fails on the first key of 'dict' that is not in the NULL-ended 'keys'. */
static MlirLogicalResult checkKeys(const Reader *rd, MlirAttribute dict,
                                   const char *const *keys, const char *what) {
  intptr_t n = mlirDictionaryAttrGetNumElements(dict);
  for (intptr_t i = 0; i < n; i++) {
    MlirStringRef key =
        mlirIdentifierStr(mlirDictionaryAttrGetElement(dict, i).name);
    if (!isIn(key, keys))
      return ERR(rd, "unknown key '%.*s' in %s", (int)key.length, key.data,
                 what);
  }
  return mlirLogicalResultSuccess();
}

static MlirAttribute get(MlirAttribute dict, const char *key) {
  return mlirDictionaryAttrGetElementByName(dict, pt2eStr(key));
}

/* Reads an integer attribute of any integer type. */
static bool intValue(MlirAttribute a, int64_t *out) {
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAInteger(a))
    return false;
  MlirType t = mlirAttributeGetType(a);
  if (mlirTypeIsAIndex(t) || mlirIntegerTypeIsSignless(t))
    *out = mlirIntegerAttrGetValueInt(a);
  else if (mlirIntegerTypeIsSigned(t))
    *out = mlirIntegerAttrGetValueSInt(a);
  else
    *out = (int64_t)mlirIntegerAttrGetValueUInt(a);
  return true;
}

/* An optional integer key: absent leaves '*out' as it is. */
static MlirLogicalResult readInt(const Reader *rd, MlirAttribute dict,
                                 const char *key, int64_t *out) {
  MlirAttribute a = get(dict, key);
  if (mlirAttributeIsNull(a))
    return mlirLogicalResultSuccess();
  if (mlirAttributeIsABool(a) || !intValue(a, out))
    return ERR(rd, "'%s' must be an integer", key);
  return mlirLogicalResultSuccess();
}

/*
** An optional number key (any float type, or an integer; not a boolean)
** into '*d' as a double, or, with 'd' NULL, into '*f' as a float32 rounded
** once from what the attribute holds; the value must be finite in the
** type it is read as.
*/
static MlirLogicalResult readNumber(const Reader *rd, MlirAttribute dict,
                                    const char *key, double *d, float *f) {
  MlirAttribute a = get(dict, key);
  int64_t i;
  bool finite;
  if (mlirAttributeIsNull(a))
    return mlirLogicalResultSuccess();
  if (mlirAttributeIsAFloat(a)) {
    double v = mlirFloatAttrGetValueDouble(a);
    finite = d ? isfinite(*d = v) : isfinite(*f = (float)v);
  } else if (!mlirAttributeIsABool(a) && intValue(a, &i)) {
    finite = d ? isfinite(*d = (double)i) : isfinite(*f = (float)i);
  } else {
    return ERR(rd, "'%s' must be a number", key);
  }
  if (!finite)
    return ERR(rd, "'%s' must be finite", key);
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult readDouble(const Reader *rd, MlirAttribute dict,
                                    const char *key, double *out) {
  return readNumber(rd, dict, key, out, NULL);
}

static MlirLogicalResult readFloat(const Reader *rd, MlirAttribute dict,
                                   const char *key, float *out) {
  return readNumber(rd, dict, key, NULL, out);
}

static MlirLogicalResult readBool(const Reader *rd, MlirAttribute dict,
                                  const char *key, bool *out) {
  MlirAttribute a = get(dict, key);
  if (mlirAttributeIsNull(a))
    return mlirLogicalResultSuccess();
  if (!mlirAttributeIsABool(a))
    return ERR(rd, "'%s' must be true or false", key);
  *out = mlirBoolAttrGetValue(a);
  return mlirLogicalResultSuccess();
}

/* An optional string key naming one of 'nameOf'; absent leaves '*out'. */
static MlirLogicalResult readEnum(const Reader *rd, MlirAttribute dict,
                                  const char *key, NameFn nameOf, int n,
                                  int *out) {
  MlirAttribute a = get(dict, key);
  if (mlirAttributeIsNull(a))
    return mlirLogicalResultSuccess();
  if (!mlirAttributeIsAString(a))
    return ERR(rd, "'%s' must be a string", key);
  MlirStringRef v = mlirStringAttrGetValue(a);
  int i = lookup(v, nameOf, n);
  if (i < 0) {
    char known[256];
    return ERR(rd, "unknown %s '%.*s' (expected one of: %s)", key,
               (int)v.length, v.data,
               joinNames(known, sizeof known, nameOf, n, ", "));
  }
  *out = i;
  return mlirLogicalResultSuccess();
}

/*
** The required dtype: a builtin integer type of quant_spec.c's dtype table
** (signless or signed for the signed dtypes).
*/
static MlirLogicalResult readDType(const Reader *rd, MlirAttribute dict,
                                   Pt2eDType *out) {
  MlirAttribute a = get(dict, "dtype");
  char known[128];
  if (mlirAttributeIsNull(a))
    return ERR(rd, "missing 'dtype'");
  if (mlirAttributeIsAType(a) && mlirTypeIsAInteger(mlirTypeAttrGetValue(a))) {
    MlirType t = mlirTypeAttrGetValue(a);
    unsigned w = mlirIntegerTypeGetWidth(t);
    bool u = mlirIntegerTypeIsUnsigned(t);
    for (int i = 0; i < pt2eDTypeCount(); i++) {
      const Pt2eDTypeInfo *d = pt2eDTypeInfo((Pt2eDType)i);
      if (d->bits == w && d->isUnsigned == u) {
        *out = (Pt2eDType)i;
        return mlirLogicalResultSuccess();
      }
    }
  }
  return ERR(rd, "'dtype' must be one of the types %s",
             joinNames(known, sizeof known, dtypeNameAt, pt2eDTypeCount(),
                       ", "));
}

/*
** The fields that every non-shared kind has: dtype, quant_min, quant_max,
** qscheme, ch_axis, is_dynamic; the rest of 'q' gets the defaults of
** observer 'kind' (pt2eQuantSpecInit). Checks the range against the dtype
** and ch_axis against the qscheme (not against a value: the caller does
** that).
*/
static MlirLogicalResult readCommon(const Reader *rd, MlirAttribute dict,
                                    Pt2eObserverKind kind, Pt2eQuantSpec *q) {
  Pt2eDType dtype = Pt2eDTypeInt8; /* set by readDType */
  int qscheme;
  int64_t lo, hi;
  bool hasAxis = !mlirAttributeIsNull(get(dict, "ch_axis"));

  if (mlirLogicalResultIsFailure(readDType(rd, dict, &dtype)))
    return mlirLogicalResultFailure();
  pt2eQuantSpecInit(q, kind, dtype);
  lo = q->quantMin;
  hi = q->quantMax;
  qscheme = q->qscheme;
  if (mlirLogicalResultIsFailure(readInt(rd, dict, "quant_min", &q->quantMin)) ||
      mlirLogicalResultIsFailure(readInt(rd, dict, "quant_max", &q->quantMax)) ||
      mlirLogicalResultIsFailure(readEnum(rd, dict, "qscheme", qschemeNameAt,
                                          pt2eQSchemeCount(), &qscheme)) ||
      mlirLogicalResultIsFailure(readInt(rd, dict, "ch_axis", &q->chAxis)) ||
      mlirLogicalResultIsFailure(
          readInt(rd, dict, "group_size", &q->groupSize)) ||
      mlirLogicalResultIsFailure(
          readBool(rd, dict, "is_dynamic", &q->isDynamic)))
    return mlirLogicalResultFailure();
  q->qscheme = (Pt2eQScheme)qscheme;

  const char *dt = pt2eDTypeName(q->dtype);
  if (q->quantMin < lo || q->quantMin > hi)
    return ERR(rd, "'quant_min' %lld is outside the range of %s [%lld, %lld]",
               (long long)q->quantMin, dt, (long long)lo, (long long)hi);
  if (q->quantMax < lo || q->quantMax > hi)
    return ERR(rd, "'quant_max' %lld is outside the range of %s [%lld, %lld]",
               (long long)q->quantMax, dt, (long long)lo, (long long)hi);
  if (q->quantMin > q->quantMax)
    return ERR(rd, "'quant_min' %lld is greater than 'quant_max' %lld",
               (long long)q->quantMin, (long long)q->quantMax);
  if (hasAxis && !pt2eQSchemeHasAxis(q->qscheme))
    return ERR(rd, "'ch_axis' needs a per-channel or per-group qscheme, not "
                   "'%s'", pt2eQSchemeName(q->qscheme));
  if (!mlirAttributeIsNull(get(dict, "group_size")) &&
      !pt2eQSchemeIsPerGroup(q->qscheme))
    return ERR(rd, "'group_size' needs a per-group qscheme, not '%s'",
               pt2eQSchemeName(q->qscheme));
  if (pt2eQSchemeHasFloatZero(q->qscheme) &&
      q->quantMin != -pt2eFloatZeroMid(q->quantMin, q->quantMax))
    return ERR(rd, "qscheme '%s' stores q - mid in a range "
                   "centred on 0 (quant_min = -mid, mid = (quant_max - quant_min + 1) / 2; "
                   "i4: [-8, 7]), "
                   "got [%lld, %lld]", pt2eQSchemeName(q->qscheme), (long long)q->quantMin,
               (long long)q->quantMax);
  if (q->groupSize < 0)
    return ERR(rd, "'group_size' must not be negative (0: the whole axis), "
                   "got %lld", (long long)q->groupSize);
  if (q->chAxis < 0)
    return ERR(rd, "'ch_axis' must not be negative, got %lld",
               (long long)q->chAxis);
  return mlirLogicalResultSuccess();
}

static const char *const quantKeys[] = {
    "observer", "dtype", "quant_min", "quant_max", "qscheme", "ch_axis",
    "group_size", "eps", "is_dynamic", "bins", "averaging_constant", "percentile",
    "symmetric", "num_quantized_bins", NULL};

/* Each parameter in 'dict' is one the observer kind takes, and the kind
   supports the qscheme. */
static MlirLogicalResult checkKindTakes(const Reader *rd, MlirAttribute dict,
                                        const Pt2eQuantSpec *q) {
  const Pt2eObserverKindInfo *k = pt2eObserverKindInfo(q->observer);
  if (!mlirAttributeIsNull(get(dict, "bins")) && !k->hasBins)
    return ERR(rd, "'bins' is not a parameter of observer '%s'", k->name);
  if (!mlirAttributeIsNull(get(dict, "averaging_constant")) &&
      !k->movingAverage)
    return ERR(rd, "'averaging_constant' is not a parameter of observer '%s'",
               k->name);
  if (!mlirAttributeIsNull(get(dict, "percentile")) &&
      k->ort != Pt2eOrtPercentile)
    return ERR(rd, "'percentile' is not a parameter of observer '%s'",
               k->name);
  if (!mlirAttributeIsNull(get(dict, "symmetric")) &&
      k->ort != Pt2eOrtPercentile)
    return ERR(rd, "'symmetric' is not a parameter of observer '%s'",
               k->name);
  if (!mlirAttributeIsNull(get(dict, "num_quantized_bins")) &&
      k->ort != Pt2eOrtEntropy)
    return ERR(rd, "'num_quantized_bins' is not a parameter of observer '%s'",
               k->name);
  /* a kind with bins takes either: per-channel histograms under a
  ** per-channel qscheme (docs/per-channel-histograms.md) */
  if (!k->isPlaceholder && !k->hasBins &&
      (k->perChannel != pt2eQSchemeIsPerChannel(q->qscheme) ||
       k->perGroup != pt2eQSchemeIsPerGroup(q->qscheme)))
    return ERR(rd, "observer '%s' does not support qscheme '%s'", k->name,
               pt2eQSchemeName(q->qscheme));
  return mlirLogicalResultSuccess();
}

/* The observer parameters over the kind's defaults. */
static MlirLogicalResult readKindParams(const Reader *rd, MlirAttribute dict,
                                        Pt2eQuantSpec *q) {
  if (mlirLogicalResultIsFailure(readFloat(rd, dict, "eps", &q->eps)) ||
      mlirLogicalResultIsFailure(readInt(rd, dict, "bins", &q->bins)) ||
      mlirLogicalResultIsFailure(readFloat(rd, dict, "averaging_constant",
                                           &q->averagingConstant)) ||
      mlirLogicalResultIsFailure(
          readDouble(rd, dict, "percentile", &q->percentile)) ||
      mlirLogicalResultIsFailure(
          readBool(rd, dict, "symmetric", &q->symmetric)) ||
      mlirLogicalResultIsFailure(readInt(rd, dict, "num_quantized_bins",
                                         &q->numQuantizedBins)))
    return mlirLogicalResultFailure();
  return mlirLogicalResultSuccess();
}

/* The parameters' ranges, as torchao's and ONNX Runtime's constructors
   check them. */
static MlirLogicalResult checkKindParams(const Reader *rd, const Pt2eQuantSpec *q) {
  const Pt2eObserverKindInfo *k = pt2eObserverKindInfo(q->observer);
  if (!(q->eps > 0.0f))
    return ERR(rd, "'eps' must be positive");
  if (k->hasBins && q->bins < 1)
    return ERR(rd, "'bins' must be positive, got %lld", (long long)q->bins);
  if (k->movingAverage &&
      !(q->averagingConstant > 0.0f && q->averagingConstant <= 1.0f))
    return ERR(rd, "'averaging_constant' must be in (0, 1]");
  if (k->ort == Pt2eOrtPercentile &&
      !(q->percentile >= 0.0 && q->percentile <= 100.0))
    return ERR(rd, "'percentile' must be in [0, 100], got %g", q->percentile);
  if (k->ort == Pt2eOrtEntropy &&
      (q->numQuantizedBins < 1 || q->numQuantizedBins / 2 > q->bins / 2))
    return ERR(rd, "'num_quantized_bins' must be in [1, bins] (ONNX "
                   "Runtime's KL search has no candidate otherwise), got "
                   "%lld with %lld bins",
               (long long)q->numQuantizedBins, (long long)q->bins);
  if (k->ort == Pt2eOrtDistribution && q->bins < 512)
    return ERR(rd, "'bins' of observer 'distribution' must be at least 512 "
                   "(ONNX Runtime's compute_distribution), got %lld",
               (long long)q->bins);
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult parseQuant(const Reader *rd, MlirAttribute dict,
                                    Pt2eSpec *out) {
  Pt2eQuantSpec *q = &out->quant;
  int kind = -1;

  if (mlirLogicalResultIsFailure(checkKeys(rd, dict, quantKeys, "a spec")))
    return mlirLogicalResultFailure();
  if (mlirLogicalResultIsFailure(readEnum(rd, dict, "observer", observerNameAt,
                                          pt2eObserverKindCount(), &kind)))
    return mlirLogicalResultFailure();
  if (kind < 0)
    return ERR(rd, "missing 'observer' (or 'shared', 'derived_from', "
                   "'fixed')");
  if (mlirLogicalResultIsFailure(
          readCommon(rd, dict, (Pt2eObserverKind)kind, q)))
    return mlirLogicalResultFailure();

  if (mlirLogicalResultIsFailure(checkKindTakes(rd, dict, q)) ||
      mlirLogicalResultIsFailure(readKindParams(rd, dict, q)) ||
      mlirLogicalResultIsFailure(checkKindParams(rd, q)))
    return mlirLogicalResultFailure();
  out->kind = Pt2eSpecQuant;
  return mlirLogicalResultSuccess();
}


/*
** A reference: {operand = k} | {result = 0}, optionally with op = "tag";
** or, in a canonical derived spec, a string naming an observer op.
*/
static MlirLogicalResult parseRef(const Reader *rd, MlirAttribute a,
                                  const char *key, Pt2eSpecRef *ref) {
  static const char *const refKeys[] = {"op", "operand", "result", NULL};
  memset(ref, 0, sizeof *ref);
  if (mlirAttributeIsAString(a)) {
    ref->kind = Pt2eRefObserver;
    ref->name = mlirStringAttrGetValue(a);
    return mlirLogicalResultSuccess();
  }
  if (!mlirAttributeIsADictionary(a))
    return ERR(rd, "'%s' must be {operand = N} or {result = 0}, optionally "
                   "with op = \"<pt2e.id>\"",
               key);
  char what[64];
  snprintf(what, sizeof what, "'%s'", key);
  if (mlirLogicalResultIsFailure(checkKeys(rd, a, refKeys, what)))
    return mlirLogicalResultFailure();
  MlirAttribute op = get(a, "op");
  MlirAttribute operand = get(a, "operand");
  MlirAttribute result = get(a, "result");
  if (!mlirAttributeIsNull(op)) {
    if (!mlirAttributeIsAString(op) ||
        mlirStringAttrGetValue(op).length == 0)
      return ERR(rd, "'op' in '%s' must be a non-empty string", key);
    ref->op = mlirStringAttrGetValue(op);
  }
  if (mlirAttributeIsNull(operand) == mlirAttributeIsNull(result))
    return ERR(rd, "'%s' needs exactly one of 'operand' or 'result'", key);
  ref->kind = mlirAttributeIsNull(operand) ? Pt2eRefResult : Pt2eRefOperand;
  if (mlirLogicalResultIsFailure(readInt(
          rd, a, ref->kind == Pt2eRefOperand ? "operand" : "result",
          &ref->index)))
    return mlirLogicalResultFailure();
  if (ref->index < 0)
    return ERR(rd, "'%s' has a negative index", key);
  if (ref->kind == Pt2eRefResult && ref->index != 0)
    return ERR(rd, "'%s' may only name result 0, got result %lld", key,
               (long long)ref->index);
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult parseShared(const Reader *rd, MlirAttribute dict,
                                     Pt2eSpec *out) {
  static const char *const keys[] = {"shared", NULL};
  if (mlirLogicalResultIsFailure(
          checkKeys(rd, dict, keys, "a shared spec (it has only 'shared')")))
    return mlirLogicalResultFailure();
  MlirAttribute a = get(dict, "shared");
  if (mlirLogicalResultIsFailure(parseRef(rd, a, "shared", &out->shared)))
    return mlirLogicalResultFailure();
  if (out->shared.kind == Pt2eRefObserver)
    return ERR(rd, "'shared' must be {operand = N} or {result = 0}");
  out->kind = Pt2eSpecShared;
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult parseDerived(const Reader *rd, MlirAttribute dict,
                                      Pt2eSpec *out) {
  static const char *const keys[] = {"derived_from", "derive", "dtype",
                                     "quant_min",    "quant_max", "qscheme",
                                     "ch_axis",      "is_dynamic", NULL};
  int derive = Pt2eDeriveMulScales;
  if (mlirLogicalResultIsFailure(
          checkKeys(rd, dict, keys, "a derived spec")) ||
      mlirLogicalResultIsFailure(readEnum(rd, dict, "derive", deriveNameAt,
                                          NUM_DERIVES, &derive)) ||
      mlirLogicalResultIsFailure(readCommon(rd, dict, Pt2eObserverPlaceholder,
                                            &out->quant)))
    return mlirLogicalResultFailure();
  if (pt2eQSchemeIsPerGroup(out->quant.qscheme))
    return ERR(rd, "a derived spec needs a per-tensor or per-channel qscheme, "
                   "not '%s'", pt2eQSchemeName(out->quant.qscheme));
  MlirAttribute from = get(dict, "derived_from");
  if (!mlirAttributeIsAArray(from) || mlirArrayAttrGetNumElements(from) == 0)
    return ERR(rd, "'derived_from' must be a non-empty array of references");
  intptr_t n = mlirArrayAttrGetNumElements(from);
  if (n > PT2E_SPEC_MAX_SOURCES)
    return ERR(rd, "'derived_from' has %ld sources, at most %d are supported",
               (long)n, PT2E_SPEC_MAX_SOURCES);
  for (intptr_t i = 0; i < n; i++)
    if (mlirLogicalResultIsFailure(
            parseRef(rd, mlirArrayAttrGetElement(from, i), "derived_from",
                     &out->sources[i])))
      return mlirLogicalResultFailure();
  out->numSources = (size_t)n;
  out->derive = (Pt2eDerive)derive;
  out->kind = Pt2eSpecDerived;
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult parseFixed(const Reader *rd, MlirAttribute dict,
                                    Pt2eSpec *out) {
  static const char *const keys[] = {"fixed",   "dtype",     "quant_min",
                                     "quant_max", "qscheme", "is_dynamic",
                                     NULL};
  static const char *const fixedKeys[] = {"scale", "zero_point", NULL};
  if (mlirLogicalResultIsFailure(checkKeys(rd, dict, keys, "a fixed spec")) ||
      mlirLogicalResultIsFailure(readCommon(rd, dict, Pt2eObserverPlaceholder,
                                            &out->quant)))
    return mlirLogicalResultFailure();
  if (pt2eQSchemeHasAxis(out->quant.qscheme))
    return ERR(rd, "a fixed spec needs a per-tensor qscheme, not '%s'",
               pt2eQSchemeName(out->quant.qscheme));
  MlirAttribute fixed = get(dict, "fixed");
  if (!mlirAttributeIsADictionary(fixed))
    return ERR(rd, "'fixed' must be {scale = S, zero_point = Z}");
  if (mlirLogicalResultIsFailure(
          checkKeys(rd, fixed, fixedKeys, "'fixed'")))
    return mlirLogicalResultFailure();
  if (mlirAttributeIsNull(get(fixed, "scale")) ||
      mlirAttributeIsNull(get(fixed, "zero_point")))
    return ERR(rd, "'fixed' needs both 'scale' and 'zero_point'");
  if (mlirLogicalResultIsFailure(
          readFloat(rd, fixed, "scale", &out->fixedScale)) ||
      mlirLogicalResultIsFailure(
          readInt(rd, fixed, "zero_point", &out->fixedZeroPoint)))
    return mlirLogicalResultFailure();
  if (!(out->fixedScale > 0.0f))
    return ERR(rd, "'scale' in 'fixed' must be positive");
  if (out->fixedZeroPoint < out->quant.quantMin ||
      out->fixedZeroPoint > out->quant.quantMax)
    return ERR(rd, "'zero_point' %lld in 'fixed' is outside [%lld, %lld]",
               (long long)out->fixedZeroPoint, (long long)out->quant.quantMin,
               (long long)out->quant.quantMax);
  out->kind = Pt2eSpecFixed;
  return mlirLogicalResultSuccess();
}

MlirLogicalResult pt2eSpecParse(MlirAttribute attr, MlirLocation loc,
                                const char *where, Pt2eSpec *out) {
  Reader rd = {loc, where};
  memset(out, 0, sizeof *out);
  if (mlirAttributeIsNull(attr) || !mlirAttributeIsADictionary(attr))
    return ERR(&rd, "a spec must be a dictionary");
  if (!mlirAttributeIsNull(get(attr, "shared")))
    return parseShared(&rd, attr, out);
  if (!mlirAttributeIsNull(get(attr, "derived_from")))
    return parseDerived(&rd, attr, out);
  if (!mlirAttributeIsNull(get(attr, "fixed")))
    return parseFixed(&rd, attr, out);
  return parseQuant(&rd, attr, out);
}

/* }====================================================================== */

/*
** {======================================================================
** Printing
** =======================================================================
*/

/* Up to 12 named attributes, enough for the largest spec. */
typedef struct DictBuilder {
  MlirContext ctx;
  intptr_t n;
  MlirNamedAttribute items[12];
} DictBuilder;

static void put(DictBuilder *b, const char *key, MlirAttribute value) {
  b->items[b->n++] =
      mlirNamedAttributeGet(mlirIdentifierGet(b->ctx, pt2eStr(key)), value);
}

static void putInt(DictBuilder *b, const char *key, int64_t v) {
  put(b, key, mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64), v));
}

static void putF32(DictBuilder *b, const char *key, float v) {
  put(b, key, mlirFloatAttrDoubleGet(b->ctx, mlirF32TypeGet(b->ctx), v));
}

static void putStr(DictBuilder *b, const char *key, const char *v) {
  put(b, key, mlirStringAttrGet(b->ctx, pt2eStr(v)));
}

static MlirAttribute finish(DictBuilder *b) {
  return mlirDictionaryAttrGet(b->ctx, b->n, b->items);
}

static MlirType dtypeType(MlirContext ctx, Pt2eDType dtype) {
  const Pt2eDTypeInfo *d = pt2eDTypeInfo(dtype);
  return d->isUnsigned ? mlirIntegerTypeUnsignedGet(ctx, d->bits)
                       : mlirIntegerTypeGet(ctx, d->bits);
}

static MlirAttribute refToAttr(MlirContext ctx, const Pt2eSpecRef *ref) {
  DictBuilder b = {.ctx = ctx};
  if (ref->kind == Pt2eRefObserver)
    return mlirStringAttrGet(ctx, ref->name);
  if (ref->op.length)
    put(&b, "op", mlirStringAttrGet(ctx, ref->op));
  putInt(&b, ref->kind == Pt2eRefOperand ? "operand" : "result", ref->index);
  return finish(&b);
}

/* dtype, quant_min, quant_max, qscheme, ch_axis (per-channel, per-group),
   group_size (per-group), is_dynamic */
static void putCommon(DictBuilder *b, const Pt2eQuantSpec *q) {
  put(b, "dtype", mlirTypeAttrGet(dtypeType(b->ctx, q->dtype)));
  putInt(b, "quant_min", q->quantMin);
  putInt(b, "quant_max", q->quantMax);
  putStr(b, "qscheme", pt2eQSchemeName(q->qscheme));
  if (pt2eQSchemeHasAxis(q->qscheme))
    putInt(b, "ch_axis", q->chAxis);
  if (pt2eQSchemeIsPerGroup(q->qscheme))
    putInt(b, "group_size", q->groupSize);
  put(b, "is_dynamic", mlirBoolAttrGet(b->ctx, q->isDynamic));
}

MlirAttribute pt2eSpecToAttr(MlirContext ctx, const Pt2eSpec *spec) {
  DictBuilder b = {.ctx = ctx};
  const Pt2eQuantSpec *q = &spec->quant;
  const Pt2eObserverKindInfo *k = pt2eObserverKindInfo(q->observer);
  switch (spec->kind) {
  case Pt2eSpecShared:
    put(&b, "shared", refToAttr(ctx, &spec->shared));
    break;
  case Pt2eSpecQuant:
    putStr(&b, "observer", k->name);
    putCommon(&b, q);
    putF32(&b, "eps", q->eps);
    if (k->hasBins)
      putInt(&b, "bins", q->bins);
    if (k->movingAverage)
      putF32(&b, "averaging_constant", q->averagingConstant);
    if (k->ort == Pt2eOrtPercentile) {
      put(&b, "percentile",
          mlirFloatAttrDoubleGet(ctx, mlirF64TypeGet(ctx), q->percentile));
      put(&b, "symmetric", mlirBoolAttrGet(ctx, q->symmetric));
    }
    if (k->ort == Pt2eOrtEntropy)
      putInt(&b, "num_quantized_bins", q->numQuantizedBins);
    break;
  case Pt2eSpecDerived: {
    MlirAttribute srcs[PT2E_SPEC_MAX_SOURCES];
    for (size_t i = 0; i < spec->numSources; i++)
      srcs[i] = refToAttr(ctx, &spec->sources[i]);
    put(&b, "derived_from",
        mlirArrayAttrGet(ctx, (intptr_t)spec->numSources, srcs));
    putStr(&b, "derive", deriveNames[spec->derive]);
    putCommon(&b, q);
    break;
  }
  case Pt2eSpecFixed: {
    DictBuilder f = {.ctx = ctx};
    putF32(&f, "scale", spec->fixedScale);
    putInt(&f, "zero_point", spec->fixedZeroPoint);
    put(&b, "fixed", finish(&f));
    putCommon(&b, q);
    break;
  }
  }
  return finish(&b);
}

/* }====================================================================== */
