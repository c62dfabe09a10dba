/*
** pt2e-run.c
** Runs a function of an MLIR module in the pt2e interpreter on .npy inputs
** and writes its results as .npy files; or compares two arrays.
**
**   pt2e-run MODEL.mlir [--entry=NAME] --input=a.npy [--input=b.npy ...]
**            --output=out.npy [--output=...] [--no-fast-paths]
**            [--max-entry-mb=N] [--max-tensor-mb=N] [--max-live-mb=N]
**   pt2e-run --compare REFERENCE.npy OTHER.npy [--max-entry-mb=N]
**
** Inputs go to the arguments in order; outputs come from the results in
** order. pt2e.observer ops pass values through; pt2e.fake_quant ops
** fake-quantize with the scale / zero point written on them (when
** fake_quant_enabled). The compare mode prints the SQNR of OTHER against
** REFERENCE in dB (torchao's compute_sqnr: 20*log10(|ref| / |ref - other|)),
** the largest absolute difference and whether the two are bit-identical;
** usage() says what it prints for NaN and all-zero arrays. No .npy may
** hold more than --max-entry-mb MiB: its header is checked before its
** elements are read.
*/
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/IR.h"

#include "entry.h"
#include "interp.h"
#include "npy.h"
#include "pt2e_alloc.h"
#include "pt2e_checked.h"
#include "pt2e_dialect.h"
#include "pt2e_foreign.h"
#include "pt2e_limits.h"
#include "pt2e_support.h"
#include "support/skip_calls.h"
#include "support/tool_context.h"

static void usage(FILE *to) {
  fprintf(to,
          "usage: pt2e-run MODEL.mlir [--entry=NAME] --input=A.npy ... "
          "--output=OUT.npy ...\n"
          "       pt2e-run MODEL.mlir [--entry=NAME] --inputs=ARGS.npz "
          "--output=OUT.npy ...\n"
          "                [--no-fast-paths] [--skip-calls=@A,...] [--irdl-file=PATH] "
          "[--max-entry-mb=N]\n"
          "                [--max-tensor-mb=N] [--max-live-mb=N]\n"
          "       pt2e-run --compare REFERENCE.npy OTHER.npy "
          "[--max-entry-mb=N]\n"
          "\n"
          "  --inputs=ARGS.npz  the arguments as arrays arg0, arg1, ... of "
          "exactly their\n"
          "                     shapes (no batch dimension), any number of "
          "them\n"
          "  --skip-calls=@A,@B calls of these external declarations give "
          "zeros of their\n"
          "                     result types (timing code) instead of an "
          "error\n"
          "  --entry=NAME       the function to run (default: the only public "
          "func.func with a body)\n"
          "  --max-entry-mb=N   the largest array a .npy may hold, in MiB "
          "(default " PT2E_DEFAULT_MAX_ENTRY_MB ")\n"
          "  --max-tensor-mb=N  the largest tensor the interpreter creates, "
          "in MiB (default " PT2E_DEFAULT_MAX_TENSOR_MB ")\n"
          "  --max-live-mb=N    the most memory the interpreter holds at once, "
          "in MiB (default " PT2E_DEFAULT_MAX_LIVE_MB ")\n"
          "\n"
          "--compare prints 'sqnr_db=S max_abs_diff=D bit_identical=yes|no' "
          "for two float\n"
          "arrays of one shape and dtype. S = 20*log10(|ref| / |ref - "
          "other|), as torchao's\n"
          "compute_sqnr: inf when the arrays are equal and not all zero, "
          "-inf when only\n"
          "REFERENCE is all zero, nan when both are all zero (0/0) or when "
          "a difference is\n"
          "NaN (a NaN in either array, or inf - inf).\n"
          "D = max |ref - other|, nan when a difference is NaN. "
          "bit_identical compares the\n"
          "bytes, so two arrays with the same NaNs are bit-identical.\n");
}

/* What the command line asks for. */
typedef struct RunOptions {
  const char *model, *entry;
  const char **inputs, **outputs; /* argc entries each, into argv */
  const char *inputsNpz;          /* --inputs=FILE.npz */
  const char *skipCalls;          /* --skip-calls=@a,@b */
  int nIn, nOut;
  const char *compare[2]; /* --compare REFERENCE OTHER */
  bool fast;
  char irdl[4096];
  Pt2eArrayCheck npyCheck; /* --max-entry-mb */
  int64_t maxTensorMiB, maxLiveMiB; /* --max-tensor-mb, --max-live-mb */
} RunOptions;

/* The text after "--name=" if 'arg' is that flag, else NULL. */
static const char *flagValue(const char *arg, const char *name) {
  size_t n = strlen(name);
  return strncmp(arg, name, n) == 0 && arg[n] == '=' ? arg + n + 1 : NULL;
}

/* A limit in MiB for flag 'name': a positive integer. */
static bool parseMiB(const char *name, const char *text, int64_t *out) {
  char *end;
  errno = 0;
  long long v = strtoll(text, &end, 10);
  if (end == text || *end != '\0' || errno != 0 || v <= 0) {
    fprintf(stderr, "pt2e-run: %s wants a positive number of MiB, got "
                    "'%s'\n", name, text);
    return false;
  }
  *out = v;
  return true;
}

/* --input=FILE or --output=FILE ('a' is which); -1 to go on (the
** arrays have room for every argument of the command line). */
static int parseIoFile(const char *a, const char *v, RunOptions *o) {
  bool in = a[2] == 'i';
  if (in)
    o->inputs[o->nIn++] = v;
  else
    o->outputs[o->nOut++] = v;
  return -1;
}

/* Argument *i (and the two after --compare, *i then past them): -1 to go
** on, else the exit code (0 after --help, 2 for a bad one). */
static int parseArg(int argc, char **argv, int *i, RunOptions *o) {
  const char *a = argv[*i], *v;
  if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
    usage(stdout);
    return 0;
  } else if (strcmp(a, "--compare") == 0) {
    if (*i + 2 >= argc) {
      fprintf(stderr, "pt2e-run: --compare takes two .npy files\n");
      return 2;
    }
    o->compare[0] = argv[++*i];
    o->compare[1] = argv[++*i];
  } else if ((v = flagValue(a, "--skip-calls"))) {
    o->skipCalls = v;
  } else if ((v = flagValue(a, "--inputs"))) {
    o->inputsNpz = v;
  } else if ((v = flagValue(a, "--input")) ||
             (v = flagValue(a, "--output"))) {
    return parseIoFile(a, v, o);
  } else if ((v = flagValue(a, "--entry"))) {
    o->entry = v;
  } else if ((v = flagValue(a, "--irdl-file"))) {
    snprintf(o->irdl, sizeof o->irdl, "%s", v);
  } else if ((v = flagValue(a, "--max-entry-mb"))) {
    return parseMiB("--max-entry-mb", v, &o->npyCheck.maxMiB) ? -1 : 2;
  } else if ((v = flagValue(a, "--max-tensor-mb"))) {
    return parseMiB("--max-tensor-mb", v, &o->maxTensorMiB) ? -1 : 2;
  } else if ((v = flagValue(a, "--max-live-mb"))) {
    return parseMiB("--max-live-mb", v, &o->maxLiveMiB) ? -1 : 2;
  } else if (strcmp(a, "--no-fast-paths") == 0) {
    o->fast = false;
  } else if (a[0] != '-' && !o->model) {
    o->model = a;
  } else {
    fprintf(stderr, "pt2e-run: unknown argument '%s'\n", a);
    usage(stderr);
    return 2;
  }
  return -1;
}

/*
** Fills 'o' from the command line. Returns -1 to go on, else the exit code
** (0 after --help, 2 for a bad command line, with a message).
*/
static int parseArgs(int argc, char **argv, RunOptions *o) {
  memset(o, 0, sizeof *o);
  o->fast = true;
  o->npyCheck.maxMiB = strtoll(PT2E_DEFAULT_MAX_ENTRY_MB, NULL, 10);
  o->npyCheck.option = "--max-entry-mb";
  o->maxTensorMiB = strtoll(PT2E_DEFAULT_MAX_TENSOR_MB, NULL, 10);
  o->maxLiveMiB = strtoll(PT2E_DEFAULT_MAX_LIVE_MB, NULL, 10);
  pt2eDialectDefaultIrdlPath(o->irdl, sizeof o->irdl);
  o->inputs = pt2eAlloc((size_t)argc * sizeof *o->inputs);
  o->outputs = pt2eAlloc((size_t)argc * sizeof *o->outputs);
  if (!o->inputs || !o->outputs) {
    fprintf(stderr, "pt2e-run: out of memory\n");
    return 1;
  }
  for (int i = 1; i < argc; i++) {
    int rc = parseArg(argc, argv, &i, o);
    if (rc >= 0)
      return rc;
  }
  bool comparing = o->compare[0] != NULL;
  if (o->inputsNpz && o->nIn) {
    fprintf(stderr, "pt2e-run: give the arguments either as --input files or "
                    "as one --inputs archive, not both\n");
    return 2;
  }
  if (comparing ? (o->model || o->nIn || o->nOut || o->inputsNpz) : !o->model) {
    usage(stderr);
    return 2;
  }
  return -1;
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
  case Pt2eElemI4: return false; /* no .npy dtype */
  }
  return false;
}

static Pt2eTensor *tensorFromNpy(const char *path,
                                 const Pt2eArrayCheck *check) {
  Pt2eArray a;
  char err[1024];
  Pt2eElemType t;
  if (!pt2eNpyReadChecked(path, Pt2eNpyKeep, check, &a, err, sizeof err)) {
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

/* Element 'i' of a float array, as a double. */
static double elementAt(const Pt2eArray *x, int64_t i) {
  return x->dtype == Pt2eArrayF32 ? ((const float *)x->data)[i]
                                  : ((const double *)x->data)[i];
}

/*
** SQNR in dB and the largest |ref - other| of two float arrays of one
** shape, with torch's NaN rules: a NaN difference (a NaN in either array,
** or inf - inf) makes both NaN, and all zeros against all zeros is
** 20*log10(0/0), NaN, not inf.
*/
static void diffArrays(const Pt2eArray *ref, const Pt2eArray *other,
                       double *sqnrDb, double *maxAbsDiff) {
  int64_t n = pt2eArrayNumel(ref);
  double sig = 0, noise = 0, maxDiff = 0;
  bool nanDiff = false;
  for (int64_t i = 0; i < n; i++) {
    double a = elementAt(ref, i), d = a - elementAt(other, i);
    sig += a * a;
    noise += d * d;
    if (isnan(d))
      nanDiff = true;
    else if (fabs(d) > maxDiff)
      maxDiff = fabs(d);
  }
  *sqnrDb = 20.0 * log10(sqrt(sig) / sqrt(noise)); /* 0/0: NaN; x/0: inf */
  *maxAbsDiff = nanDiff ? NAN : maxDiff;
}

/* Prints "key=value" with 'fmt', or as inf, -inf or nan (never "-nan"). */
static void printValue(const char *key, const char *fmt, double v) {
  printf("%s=", key);
  if (isnan(v))
    printf("nan");
  else if (isinf(v))
    printf("%sinf", v < 0 ? "-" : "");
  else
    printf(fmt, v);
}

/* --compare: SQNR, max |diff|, bit identity of two float arrays. */
static int compare(const char *refPath, const char *otherPath,
                   const Pt2eArrayCheck *check) {
  Pt2eArray r, o;
  char err[1024];
  if (!pt2eNpyReadChecked(refPath, Pt2eNpyKeep, check, &r, err, sizeof err)) {
    fprintf(stderr, "pt2e-run: %s\n", err);
    return 1;
  }
  if (!pt2eNpyReadChecked(otherPath, Pt2eNpyKeep, check, &o, err,
                          sizeof err)) {
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
    double sqnrDb, maxAbsDiff;
    diffArrays(&r, &o, &sqnrDb, &maxAbsDiff);
    bool identical = r.nbytes == o.nbytes &&
                     (r.nbytes == 0 || memcmp(r.data, o.data, r.nbytes) == 0);
    printValue("sqnr_db", "%.4f", sqnrDb);
    printValue(" max_abs_diff", "%.9g", maxAbsDiff);
    printf(" bit_identical=%s\n", identical ? "yes" : "no");
  }
  pt2eArrayFree(&r);
  pt2eArrayFree(&o);
  return rc;
}

/* {====================================================================
** Running a model
** ===================================================================== */

/* The function to run: --entry, or the module's only public function
** with a body (pt2eEntryFind, the rule of every tool). */
static const char *entryName(MlirModule m, const RunOptions *o) {
  static char name[256];
  char err[768];
  MlirOperation f = pt2eEntryFind(mlirModuleGetOperation(m), o->entry,
                                  "--entry=NAME", err, sizeof err);
  if (mlirOperationIsNull(f)) {
    fprintf(stderr, "pt2e-run: '%s': %s\n", o->model, err);
    return NULL;
  }
  MlirStringRef s = pt2eSymbolName(f);
  snprintf(name, sizeof name, "%.*s", (int)s.length, s.data);
  return name;
}

/* The interpreter for 'entry', under the limits, given as many --input
** and --output files as the function has arguments and results; 'hooks'
** (--skip-calls) must live as long as it. */
static Pt2eInterp *createInterp(MlirModule m, const char *entry,
                                const Pt2eInterpHooks *hooks,
                                const RunOptions *o) {
  Pt2eInterpLimits limits;
  if (!pt2eInterpLimitsFromMiB(o->maxTensorMiB, o->maxLiveMiB, &limits)) {
    fprintf(stderr, "pt2e-run: --max-tensor-mb / --max-live-mb too large\n");
    return NULL;
  }
  Pt2eInterp *interp = pt2eInterpCreateInModule(
      mlirModuleGetOperation(m), mlirStringRefCreateFromCString(entry), hooks,
      &limits);
  if (!interp)
    return NULL;
  pt2eInterpSetFastPaths(interp, o->fast);
  if (!o->inputsNpz && o->nIn != pt2eInterpNumArgs(interp)) {
    fprintf(stderr, "pt2e-run: @%s takes %d arguments, got %d --input files\n",
            entry, pt2eInterpNumArgs(interp), o->nIn);
    pt2eInterpDestroy(interp);
    return NULL;
  }
  if (o->nOut != pt2eInterpNumResults(interp)) {
    fprintf(stderr, "pt2e-run: @%s has %d results, got %d --output files\n",
            entry, pt2eInterpNumResults(interp), o->nOut);
    pt2eInterpDestroy(interp);
    return NULL;
  }
  return interp;
}

/* The array being loaded from --inputs, for acceptArg. */
typedef struct ExpectedArg {
  const Pt2eInterp *interp;
  const char *file, *name;
  int arg;
} ExpectedArg;

/* "(4, 3)" or "(4,)" into 'buf'. */
static void formatShape(char *buf, size_t size, int rank, const int64_t *shape) {
  size_t n = (size_t)snprintf(buf, size, "(");
  for (int d = 0; d < rank && n < size; d++)
    n += (size_t)snprintf(buf + n, size - n, "%s%lld", d ? ", " : "",
                          (long long)shape[d]);
  if (n < size)
    snprintf(buf + n, size - n, "%s)", rank == 1 ? "," : "");
}

/*
** Pt2eArrayCheck's 'accept' for --inputs: the array's header against its
** argument's type (exactly its shape and dtype), before the reader
** allocates or inflates anything.
*/
static bool acceptArg(void *userData, const Pt2eArray *header, char *err,
                      size_t errSize) {
  const ExpectedArg *x = userData;
  MlirType t = pt2eInterpArgType(x->interp, x->arg);
  Pt2eElemType et;
  Pt2eArrayDType want;
  if (!mlirTypeIsARankedTensor(t) || !mlirShapedTypeHasStaticShape(t) ||
      !pt2eElemTypeFromMlir(mlirShapedTypeGetElementType(t), &et) ||
      !arrayOfElem(et, &want) || mlirShapedTypeGetRank(t) > PT2E_MAX_RANK) {
    snprintf(err, errSize, "%s: argument #%d is not a static tensor the "
             "interpreter can feed", x->file, x->arg);
    return false;
  }
  int rank = (int)mlirShapedTypeGetRank(t);
  int64_t shape[PT2E_MAX_RANK];
  bool ok = header->dtype == want && header->rank == rank;
  for (int d = 0; d < rank; d++) {
    shape[d] = mlirShapedTypeGetDimSize(t, d);
    ok = ok && header->shape[d] == shape[d];
  }
  if (ok)
    return true;
  char exp[200], got[200];
  formatShape(exp, sizeof exp, rank, shape);
  formatShape(got, sizeof got, header->rank, header->shape);
  snprintf(err, errSize, "%s: array '%s' for argument #%d: expected shape %s "
           "of '%s', found shape %s of '%s'", x->file, x->name, x->arg, exp,
           pt2eArrayDTypeName(want), got, pt2eArrayDTypeName(header->dtype));
  return false;
}

/* Argument 'i' as the array arg<i> of the open --inputs archive. */
static Pt2eTensor *tensorFromNpz(Pt2eNpz *npz, const Pt2eInterp *interp,
                                 int i, const RunOptions *o) {
  char name[32], err[1024];
  snprintf(name, sizeof name, "arg%d", i);
  ExpectedArg x = {interp, o->inputsNpz, name, i};
  Pt2eArrayCheck check = o->npyCheck;
  check.accept = acceptArg;
  check.userData = &x;
  Pt2eArray a;
  Pt2eElemType t;
  if (!pt2eNpzLoadChecked(npz, name, Pt2eNpyKeep, &check, &a, err, sizeof err)) {
    fprintf(stderr, "pt2e-run: %s\n", err);
    return NULL;
  }
  Pt2eTensor *v = NULL;
  if (!elemOfArray(a.dtype, &t)) /* acceptArg checked the dtype */
    fprintf(stderr, "pt2e-run: %s: array '%s' has no interpreter type\n",
            o->inputsNpz, name);
  else if (!(v = pt2eTensorCreate(t, a.rank, a.shape)))
    fprintf(stderr, "pt2e-run: out of memory reading '%s'\n", name);
  else if (a.nbytes)
    memcpy(v->data, a.data, a.nbytes);
  pt2eArrayFree(&a);
  return v;
}

/* The function's arguments into 'args': from the --input files, or from
** the --inputs archive. */
static bool readArgs(const Pt2eInterp *interp, const RunOptions *o,
                     Pt2eTensor **args) {
  int n = pt2eInterpNumArgs(interp);
  if (!o->inputsNpz) {
    for (int i = 0; i < n; i++)
      if (!(args[i] = tensorFromNpy(o->inputs[i], &o->npyCheck)))
        return false;
    return true;
  }
  char err[1024];
  Pt2eNpz *npz = pt2eNpzOpen(o->inputsNpz, err, sizeof err);
  if (!npz) {
    fprintf(stderr, "pt2e-run: %s\n", err);
    return false;
  }
  bool ok = true;
  for (int i = 0; ok && i < n; i++)
    ok = (args[i] = tensorFromNpz(npz, interp, i, o)) != NULL;
  pt2eNpzClose(npz);
  return ok;
}

/* Reads the inputs, runs the function and writes its results: 0 or 1. */
static int runAndWrite(Pt2eInterp *interp, const RunOptions *o) {
  int nArgs = pt2eInterpNumArgs(interp), nRes = pt2eInterpNumResults(interp);
  Pt2eTensor **args = pt2eAlloc((size_t)(nArgs + 1) * sizeof *args);
  Pt2eTensor **results = pt2eAlloc((size_t)(nRes + 1) * sizeof *results);
  int rc = 1;
  bool ran = false;
  if (!args || !results) {
    fprintf(stderr, "pt2e-run: out of memory\n");
    goto done;
  }
  if (!readArgs(interp, o, args))
    goto done;
  if (mlirLogicalResultIsFailure(pt2eInterpRun(interp, args, results)))
    goto done;
  ran = true;
  rc = 0;
  for (int k = 0; k < nRes; k++)
    if (!tensorToNpy(results[k], o->outputs[k]))
      rc = 1;
done:
  for (int k = 0; ran && k < nRes; k++)
    pt2eTensorRelease(results[k]);
  for (int i = 0; args && i < nArgs; i++)
    pt2eTensorRelease(args[i]);
  pt2eFree(args);
  pt2eFree(results);
  return rc;
}

/* }==================================================================== */

/* Runs the model the options name: 0 or 1. */
static int runModel(const RunOptions *opt) {
  if (pt2eReportForeignOps("pt2e-run", opt->model))
    return 1; /* torch-mlir's own ops: said where and what to do instead */
  MlirContext ctx;
  if (!pt2eToolContextCreate("pt2e-run", opt->irdl, &ctx))
    return 1;
  int rc = 1;
  MlirModule m = mlirModuleCreateParseFromFile(
      ctx, mlirStringRefCreateFromCString(opt->model));
  /* a module that does not parse: the parser printed why, with the file */
  size_t numSkip;
  MlirStringRef *skip = pt2eToolSkipCalls(opt->skipCalls, &numSkip);
  Pt2eInterpHooks hooks = {NULL, NULL, NULL, skip, numSkip};
  if (!mlirModuleIsNull(m) && skip) {
    const char *entry = entryName(m, opt);
    Pt2eInterp *interp = entry ? createInterp(m, entry, &hooks, opt) : NULL;
    if (interp)
      rc = runAndWrite(interp, opt);
    pt2eInterpDestroy(interp);
  }
  pt2eFree(skip);
  if (!mlirModuleIsNull(m))
    mlirModuleDestroy(m);
  mlirContextDestroy(ctx);
  return rc;
}

int main(int argc, char **argv) {
  static RunOptions opt; /* one per process */
  int rc = parseArgs(argc, argv, &opt);
  if (rc < 0)
    rc = opt.compare[0] ? compare(opt.compare[0], opt.compare[1], &opt.npyCheck)
                        : runModel(&opt);
  pt2eFree(opt.inputs);
  pt2eFree(opt.outputs);
  return rc;
}
