/*
** pt2e-run.c
** Runs a function of an MLIR module in the pt2e interpreter on .npy inputs
** and writes its results as .npy files; or compares two arrays.
**
**   pt2e-run MODEL.mlir [--entry=NAME] --input=a.npy [--input=b.npy ...]
**            --output=out.npy [--output=...] [--no-fast-paths]
**   pt2e-run --compare REFERENCE.npy OTHER.npy
**
** Inputs go to the arguments in order; outputs come from the results in
** order. pt2e.observer ops pass values through; pt2e.fake_quant ops
** fake-quantize with the scale / zero point written on them (when
** fake_quant_enabled). The compare mode prints the SQNR of OTHER against
** REFERENCE in dB (torchao's compute_sqnr: 20*log10(|ref| / |ref - other|)),
** the largest absolute difference and whether the two are bit-identical.
*/
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Dialect/IRDL.h"
#include "mlir-c/IR.h"
#include "mlir-c/RegisterEverything.h"

#include "interp.h"
#include "npy.h"
#include "pt2e_dialect.h"
#include "pt2e_support.h"

#define MAX_IO 64

static void usage(void) {
  fprintf(stderr,
          "usage: pt2e-run MODEL.mlir [--entry=NAME] --input=A.npy ... "
          "--output=OUT.npy ... [--no-fast-paths] [--irdl-file=PATH]\n"
          "       pt2e-run --compare REFERENCE.npy OTHER.npy\n");
}




static bool elemOfArray(Pt2eArrayDType d, Pt2eElemType *t) {
  switch (d) {
  case Pt2eArrayF32: *t = Pt2eElemF32; return true;
  case Pt2eArrayF64: *t = Pt2eElemF64; return true;
  case Pt2eArrayI64: *t = Pt2eElemI64; return true;
  case Pt2eArrayI32: *t = Pt2eElemI32; return true;
  case Pt2eArrayI16: *t = Pt2eElemI16; return true;
  case Pt2eArrayI8: *t = Pt2eElemI8; return true;
  case Pt2eArrayBool: *t = Pt2eElemI1; return true;
  case Pt2eArrayU8: return false;
  }
  return false;
}

static bool arrayOfElem(Pt2eElemType t, Pt2eArrayDType *d) {
  switch (t) {
  case Pt2eElemF32: *d = Pt2eArrayF32; return true;
  case Pt2eElemF64: *d = Pt2eArrayF64; return true;
  case Pt2eElemI1: *d = Pt2eArrayBool; return true;
  case Pt2eElemI8: *d = Pt2eArrayI8; return true;
  case Pt2eElemI16: *d = Pt2eArrayI16; return true;
  case Pt2eElemI32: *d = Pt2eArrayI32; return true;
  case Pt2eElemI64: *d = Pt2eArrayI64; return true;
  }
  return false;
}

static Pt2eTensor *tensorFromNpy(const char *path) {
  Pt2eArray a;
  char err[1024];
  Pt2eElemType t;
  if (!pt2eNpyRead(path, Pt2eNpyKeep, &a, err, sizeof err)) {
    fprintf(stderr, "pt2e-run: %s\n", err);
    return NULL;
  }
  Pt2eTensor *x = NULL;
  if (!elemOfArray(a.dtype, &t))
    fprintf(stderr, "pt2e-run: %s: dtype '%s' has no interpreter type\n", path,
            pt2eArrayDTypeName(a.dtype));
  else if ((x = pt2eTensorCreate(t, a.rank, a.shape)) && a.nbytes)
    memcpy(x->data, a.data, a.nbytes);
  pt2eArrayFree(&a);
  return x;
}

static bool tensorToNpy(const Pt2eTensor *t, const char *path) {
  Pt2eArray a;
  Pt2eArrayDType d;
  char err[1024];
  if (!arrayOfElem(t->type, &d) || !pt2eArrayInit(&a, d, t->rank, t->shape))
    return false;
  if (a.nbytes)
    memcpy(a.data, t->data, a.nbytes);
  bool ok = pt2eNpyWrite(path, &a, err, sizeof err);
  if (!ok)
    fprintf(stderr, "pt2e-run: %s\n", err);
  pt2eArrayFree(&a);
  return ok;
}

/* --compare: SQNR, max |diff|, bit identity of two float arrays. */
static int compare(const char *refPath, const char *otherPath) {
  Pt2eArray r, o;
  char err[1024];
  if (!pt2eNpyRead(refPath, Pt2eNpyKeep, &r, err, sizeof err)) {
    fprintf(stderr, "pt2e-run: %s\n", err);
    return 1;
  }
  if (!pt2eNpyRead(otherPath, Pt2eNpyKeep, &o, err, sizeof err)) {
    fprintf(stderr, "pt2e-run: %s\n", err);
    pt2eArrayFree(&r);
    return 1;
  }
  int rc = 0;
  bool same = r.dtype == o.dtype && r.rank == o.rank;
  for (int d = 0; same && d < r.rank; d++)
    same = r.shape[d] == o.shape[d];
  if (!same || (r.dtype != Pt2eArrayF32 && r.dtype != Pt2eArrayF64)) {
    fprintf(stderr, "pt2e-run: %s and %s differ in shape or dtype, or are not "
                    "float arrays\n", refPath, otherPath);
    rc = 1;
  } else {
    int64_t n = pt2eArrayNumel(&r);
    double sig = 0, noise = 0, maxDiff = 0;
    for (int64_t i = 0; i < n; i++) {
      double a = r.dtype == Pt2eArrayF32 ? ((float *)r.data)[i] : ((double *)r.data)[i];
      double b = o.dtype == Pt2eArrayF32 ? ((float *)o.data)[i] : ((double *)o.data)[i];
      sig += a * a;
      noise += (a - b) * (a - b);
      if (fabs(a - b) > maxDiff)
        maxDiff = fabs(a - b);
    }
    bool identical = r.nbytes == o.nbytes && (r.nbytes == 0 || memcmp(r.data, o.data, r.nbytes) == 0);
    if (noise == 0)
      printf("sqnr_db=inf");
    else
      printf("sqnr_db=%.4f", 20.0 * log10(sqrt(sig) / sqrt(noise)));
    printf(" max_abs_diff=%.9g bit_identical=%s\n", maxDiff, identical ? "yes" : "no");
  }
  pt2eArrayFree(&r);
  pt2eArrayFree(&o);
  return rc;
}

int main(int argc, char **argv) {
  const char *model = NULL, *entry = NULL, *inputs[MAX_IO], *outputs[MAX_IO];
  int nIn = 0, nOut = 0;
  bool fast = true;
  char irdl[4096];
  pt2eDialectDefaultIrdlPath(irdl, sizeof irdl);

  if (argc == 4 && strcmp(argv[1], "--compare") == 0)
    return compare(argv[2], argv[3]);
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (strncmp(a, "--input=", 8) == 0 && nIn < MAX_IO)
      inputs[nIn++] = a + 8;
    else if (strncmp(a, "--output=", 9) == 0 && nOut < MAX_IO)
      outputs[nOut++] = a + 9;
    else if (strncmp(a, "--entry=", 8) == 0)
      entry = a + 8;
    else if (strncmp(a, "--irdl-file=", 12) == 0)
      snprintf(irdl, sizeof irdl, "%s", a + 12);
    else if (strcmp(a, "--no-fast-paths") == 0)
      fast = false;
    else if (a[0] != '-' && !model)
      model = a;
    else {
      fprintf(stderr, "pt2e-run: unknown argument '%s'\n", a);
      usage();
      return 2;
    }
  }
  if (!model) {
    usage();
    return 2;
  }

  MlirDialectRegistry reg = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(reg);
  MlirContext ctx = mlirContextCreate();
  mlirContextAppendDialectRegistry(ctx, reg);
  mlirDialectRegistryDestroy(reg);
  mlirContextLoadAllAvailableDialects(ctx);
  int rc = 1;
  MlirModule m = {NULL};
  Pt2eInterp *interp = NULL;
  Pt2eTensor *args[MAX_IO] = {NULL}, *results[MAX_IO] = {NULL};
  int nRes = 0;

  char irdlErr[4200];
  if (!pt2eDialectLoadIrdlFile(ctx, irdl, irdlErr, sizeof irdlErr)) {
    fprintf(stderr, "pt2e-run: %s\n", irdlErr);
    goto done;
  }
  m = mlirModuleCreateParseFromFile(ctx, mlirStringRefCreateFromCString(model));
  if (mlirModuleIsNull(m))
    goto done; /* the parser printed why, with the file name */
  if (!entry) { /* the first function */
    static char name[256];
    for (MlirOperation f = mlirBlockGetFirstOperation(mlirModuleGetBody(m));
         !entry && !mlirOperationIsNull(f); f = mlirOperationGetNextInBlock(f)) {
      if (!pt2eStringRefIs(mlirIdentifierStr(mlirOperationGetName(f)), "func.func"))
        continue;
      MlirStringRef s = mlirStringAttrGetValue(mlirOperationGetAttributeByName(
          f, mlirSymbolTableGetSymbolAttributeName()));
      snprintf(name, sizeof name, "%.*s", (int)s.length, s.data);
      entry = name;
    }
    if (!entry) {
      fprintf(stderr, "pt2e-run: '%s' has no function to run\n", model);
      goto done;
    }
  }
  interp = pt2eInterpCreateInModule(mlirModuleGetOperation(m),
                                    mlirStringRefCreateFromCString(entry), NULL, NULL);
  if (!interp)
    goto done;
  pt2eInterpSetFastPaths(interp, fast);
  if (nIn != pt2eInterpNumArgs(interp)) {
    fprintf(stderr, "pt2e-run: @%s takes %d arguments, got %d --input files\n",
            entry, pt2eInterpNumArgs(interp), nIn);
    goto done;
  }
  nRes = pt2eInterpNumResults(interp);
  if (nOut != nRes) {
    fprintf(stderr, "pt2e-run: @%s has %d results, got %d --output files\n",
            entry, nRes, nOut);
    nRes = 0;
    goto done;
  }
  for (int i = 0; i < nIn; i++)
    if (!(args[i] = tensorFromNpy(inputs[i])))
      goto done;
  if (mlirLogicalResultIsFailure(pt2eInterpRun(interp, args, results))) {
    nRes = 0;
    goto done;
  }
  rc = 0;
  for (int k = 0; k < nRes; k++)
    if (!tensorToNpy(results[k], outputs[k]))
      rc = 1;
done:
  for (int k = 0; k < nRes; k++)
    pt2eTensorRelease(results[k]);
  for (int i = 0; i < nIn; i++)
    pt2eTensorRelease(args[i]);
  pt2eInterpDestroy(interp);
  if (!mlirModuleIsNull(m))
    mlirModuleDestroy(m);
  mlirContextDestroy(ctx);
  return rc;
}
