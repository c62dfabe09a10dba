/*
** pt2e_dialect.c
** Names, builders and accessors for the ops of the 'pt2e' dialect.
*/
#include "pt2e_dialect.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/IRDL.h"

#include "ir_ops.h"
#include "pt2e_support.h"

static const char *switchAttrName(Pt2eSwitch which) {
  return which == Pt2eSwitchObserver ? PT2E_ATTR_OBSERVER_ENABLED
                                     : PT2E_ATTR_FAKE_QUANT_ENABLED;
}

bool pt2eDialectIsLoaded(MlirContext ctx) {
  return mlirContextIsRegisteredOperation(ctx, pt2eStr(PT2E_OBSERVER_OP)) &&
         mlirContextIsRegisteredOperation(ctx, pt2eStr(PT2E_FAKE_QUANT_OP));
}

MlirLogicalResult pt2eDialectRequire(MlirContext ctx, MlirLocation loc,
                                     const char *passArgument) {
  if (pt2eDialectIsLoaded(ctx))
    return mlirLogicalResultSuccess();
  return pt2eEmitError(loc,
                       "'%s' needs the 'pt2e' dialect: use pt2e-opt, or pass "
                       "--irdl-file=<path to pt2e.irdl.mlir> to mlir-opt",
                       passArgument);
}

bool pt2eDialectLoadIrdlFile(MlirContext ctx, const char *path, char *err,
                             size_t errSize) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    snprintf(err, errSize, "%s: cannot read the dialect file: %s", path,
             strerror(errno));
    return false;
  }
  fclose(f);
  /* MLIR's parser reports what is wrong inside the file itself */
  MlirModule m = mlirModuleCreateParseFromFile(ctx, pt2eStr(path));
  bool ok = !mlirModuleIsNull(m) && mlirLogicalResultIsSuccess(mlirLoadIRDLDialects(m));
  if (!mlirModuleIsNull(m))
    mlirModuleDestroy(m);
  if (!ok)
    snprintf(err, errSize, "%s: not a valid IRDL dialect file", path);
  return ok;
}

void pt2eDialectDefaultIrdlPath(char *buf, size_t size) {
  static const char rest[] = "/../share/pt2e/pt2e.irdl.mlir";
  char exe[4096];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  snprintf(buf, size, "pt2e.irdl.mlir");
  if (n <= 0)
    return;
  exe[n] = '\0';
  char *slash = strrchr(exe, '/');
  if (slash)
    *slash = '\0';
  size_t len = strlen(exe);
  if (len + sizeof rest <= size) {
    memcpy(buf, exe, len);
    memcpy(buf + len, rest, sizeof rest);
  }
}

bool pt2eIsObserver(MlirOperation op) { return pt2eOpIs(op, PT2E_OBSERVER_OP); }

bool pt2eIsFakeQuant(MlirOperation op) { return pt2eOpIs(op, PT2E_FAKE_QUANT_OP); }

bool pt2eIsQuantOp(MlirOperation op) {
  return pt2eIsObserver(op) || pt2eIsFakeQuant(op);
}

MlirStringRef pt2eQuantOpGetName(MlirOperation op) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, pt2eStr(PT2E_ATTR_NAME));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAString(a))
    return pt2eStr("");
  return mlirStringAttrGetValue(a);
}

/*
** The checks IRDL cannot express. IRDL has already checked that operand and
** result types are the same tensor type and that the attributes exist with
** the right kinds (when the ops are registered through the IRDL file).
*/
MlirLogicalResult pt2eVerifyQuantOp(MlirOperation op) {
  MlirLocation loc = mlirOperationGetLocation(op);
  MlirStringRef opName = pt2eOpNameOf(op);
  MlirType t = mlirValueGetType(mlirOperationGetOperand(op, 0));

  if (!mlirTypeIsARankedTensor(t) ||
      !mlirTypeIsAFloat(mlirShapedTypeGetElementType(t)))
    return pt2eEmitError(loc, "'%.*s' expects a ranked tensor of floats",
                         (int)opName.length, opName.data);
  if (pt2eQuantOpGetName(op).length == 0)
    return pt2eEmitError(loc, "'%.*s' needs a non-empty string '%s'",
                         (int)opName.length, opName.data, PT2E_ATTR_NAME);
  if (!pt2eIsFakeQuant(op))
    return mlirLogicalResultSuccess();

  MlirAttribute scale =
      mlirOperationGetAttributeByName(op, pt2eStr(PT2E_ATTR_SCALE));
  MlirAttribute zp =
      mlirOperationGetAttributeByName(op, pt2eStr(PT2E_ATTR_ZERO_POINT));
  if (mlirAttributeIsNull(scale) || !mlirAttributeIsADenseF32Array(scale))
    return pt2eEmitError(loc, "'%s' expects '%s' as array<f32: ...>",
                         PT2E_FAKE_QUANT_OP, PT2E_ATTR_SCALE);
  if (mlirAttributeIsNull(zp) || !mlirAttributeIsADenseI64Array(zp))
    return pt2eEmitError(loc, "'%s' expects '%s' as array<i64: ...>",
                         PT2E_FAKE_QUANT_OP, PT2E_ATTR_ZERO_POINT);
  intptr_t ns = mlirDenseArrayGetNumElements(scale);
  intptr_t nz = mlirDenseArrayGetNumElements(zp);
  if (ns == 0 || ns != nz)
    return pt2eEmitError(loc,
                         "'%s' expects as many zero points as scales (at "
                         "least one), got %ld scales and %ld zero points",
                         PT2E_FAKE_QUANT_OP, (long)ns, (long)nz);
  for (int s = Pt2eSwitchObserver; s <= Pt2eSwitchFakeQuant; s++) {
    MlirAttribute a =
        mlirOperationGetAttributeByName(op, pt2eStr(switchAttrName((Pt2eSwitch)s)));
    if (mlirAttributeIsNull(a) || !mlirAttributeIsABool(a))
      return pt2eEmitError(loc, "'%s' expects '%s' as true or false",
                           PT2E_FAKE_QUANT_OP, switchAttrName((Pt2eSwitch)s));
  }
  return mlirLogicalResultSuccess();
}

bool pt2eFakeQuantGetSwitch(MlirOperation op, Pt2eSwitch which) {
  MlirAttribute a =
      mlirOperationGetAttributeByName(op, pt2eStr(switchAttrName(which)));
  return mlirBoolAttrGetValue(a);
}

void pt2eFakeQuantSetSwitch(MlirOperation op, Pt2eSwitch which, bool on) {
  MlirContext ctx = mlirOperationGetContext(op);
  mlirOperationSetAttributeByName(op, pt2eStr(switchAttrName(which)),
                                  mlirBoolAttrGet(ctx, on));
}

static MlirNamedAttribute named(MlirContext ctx, const char *name,
                                MlirAttribute value) {
  return mlirNamedAttributeGet(mlirIdentifierGet(ctx, pt2eStr(name)), value);
}

/* Builds 'opName'(input) : (T) -> T with the given attributes. */
static MlirOperation createUnary(const char *opName, MlirLocation loc,
                                 MlirValue input, intptr_t nAttrs,
                                 const MlirNamedAttribute *attrs) {
  MlirType t = mlirValueGetType(input);
  MlirOperationState state = mlirOperationStateGet(pt2eStr(opName), loc);
  mlirOperationStateAddOperands(&state, 1, &input);
  mlirOperationStateAddResults(&state, 1, &t);
  mlirOperationStateAddAttributes(&state, nAttrs, attrs);
  return mlirOperationCreate(&state);
}

/* 'opName'(input) {name, spec}: an observer or a dynamic_qdq. */
static MlirOperation createNamedWithSpec(const char *opName, MlirLocation loc,
                                         MlirValue input, MlirStringRef name,
                                         MlirAttribute spec) {
  MlirContext ctx = mlirLocationGetContext(loc);
  MlirNamedAttribute attrs[] = {
      named(ctx, PT2E_ATTR_NAME, mlirStringAttrGet(ctx, name)),
      named(ctx, PT2E_ATTR_SPEC, spec),
  };
  return createUnary(opName, loc, input, 2, attrs);
}

MlirOperation pt2eObserverOpCreate(MlirLocation loc, MlirValue input,
                                 MlirStringRef name, MlirAttribute spec) {
  return createNamedWithSpec(PT2E_OBSERVER_OP, loc, input, name, spec);
}

MlirOperation pt2eDynamicQdqOpCreate(MlirLocation loc, MlirValue input,
                                     MlirStringRef name, MlirAttribute spec) {
  return createNamedWithSpec(PT2E_DYNAMIC_QDQ_OP, loc, input, name, spec);
}

bool pt2eIsDynamicQdq(MlirOperation op) {
  return pt2eOpIs(op, PT2E_DYNAMIC_QDQ_OP);
}

MlirOperation pt2eFakeQuantOpCreate(MlirLocation loc, MlirValue input,
                                  MlirStringRef name, MlirAttribute spec,
                                  intptr_t numScales) {
  MlirContext ctx = mlirLocationGetContext(loc);
  float *scales = pt2eAlloc(sizeof(float) * (size_t)numScales);
  int64_t *zps = pt2eAlloc(sizeof(int64_t) * (size_t)numScales);
  MlirOperation op = {NULL};
  if (scales && zps) {
    for (intptr_t i = 0; i < numScales; i++)
      scales[i] = 1.0f; /* zps[] is zeroed by pt2eAlloc */
    MlirNamedAttribute attrs[] = {
        named(ctx, PT2E_ATTR_NAME, mlirStringAttrGet(ctx, name)),
        named(ctx, PT2E_ATTR_SPEC, spec),
        named(ctx, PT2E_ATTR_OBSERVER_ENABLED, mlirBoolAttrGet(ctx, 1)),
        named(ctx, PT2E_ATTR_FAKE_QUANT_ENABLED, mlirBoolAttrGet(ctx, 1)),
        named(ctx, PT2E_ATTR_SCALE,
              mlirDenseF32ArrayGet(ctx, numScales, scales)),
        named(ctx, PT2E_ATTR_ZERO_POINT,
              mlirDenseI64ArrayGet(ctx, numScales, zps)),
    };
    op = createUnary(PT2E_FAKE_QUANT_OP, loc, input, 6, attrs);
  }
  pt2eFree(scales);
  pt2eFree(zps);
  return op;
}

MlirAttribute pt2eQuantOpGetSpec(MlirOperation op) {
  return mlirOperationGetAttributeByName(op, pt2eStr(PT2E_ATTR_SPEC));
}

MlirAttribute pt2eQuantOpGetSpecEntry(MlirOperation op, const char *key) {
  MlirAttribute spec = pt2eQuantOpGetSpec(op);
  if (mlirAttributeIsNull(spec) || !mlirAttributeIsADictionary(spec))
    return mlirAttributeGetNull();
  return mlirDictionaryAttrGetElementByName(spec, pt2eStr(key));
}

MlirStringRef pt2eQuantOpGetInstance(MlirOperation op) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, pt2eStr(PT2E_ATTR_INSTANCE));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAString(a))
    return pt2eStr("");
  return mlirStringAttrGetValue(a);
}

void pt2eQuantOpSetInstance(MlirOperation op, MlirAttribute firstName) {
  mlirOperationSetAttributeByName(op, pt2eStr(PT2E_ATTR_INSTANCE), firstName);
}

MlirStringRef pt2eQuantOpResolveInstance(MlirOperation op) {
  MlirStringRef inst = pt2eQuantOpGetInstance(op);
  return inst.length ? inst : pt2eQuantOpGetName(op);
}

MlirLogicalResult pt2eQuantOpEmitError(MlirOperation op, const char *who,
                                       const char *fmt, ...) {
  char prefix[512];
  MlirStringRef name = pt2eQuantOpGetName(op);
  if (who)
    snprintf(prefix, sizeof prefix, "'%s': observer '%.*s'", who, (int)name.length,
             name.data);
  else
    snprintf(prefix, sizeof prefix, "observer '%.*s'", (int)name.length, name.data);
  va_list ap;
  va_start(ap, fmt);
  MlirLogicalResult r = pt2eEmitErrorV(mlirOperationGetLocation(op), prefix, fmt, ap);
  va_end(ap);
  return r;
}

MlirAttribute pt2eQdqGetName(MlirOperation op) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, pt2eStr(PT2E_ATTR_QDQ_NAME));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAString(a))
    return mlirAttributeGetNull();
  return a;
}

MlirNamedAttribute pt2eQdqNameAttr(MlirContext ctx, MlirStringRef name) {
  return named(ctx, PT2E_ATTR_QDQ_NAME, mlirStringAttrGet(ctx, name));
}
