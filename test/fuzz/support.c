/*
** support.c
** The shared context and the contract-checking pipeline runner of the fuzz
** targets; see support.h.
*/
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlir-c/Diagnostics.h"
#include "mlir-c/Dialect/IRDL.h"
#include "mlir-c/Pass.h"
#include "mlir-c/RegisterEverything.h"

#include "pt2e_dialect.h"
#include "pt2e_support.h"

/* Inputs served by one context before it is recreated. */
#define CONTEXT_REUSE 2000

static MlirContext context;
static unsigned contextUses;

bool fuzzVerbose(void) {
  static int verbose = -1;
  if (verbose < 0) {
    const char *v = getenv("PT2E_FUZZ_VERBOSE");
    verbose = v && *v && strcmp(v, "0") != 0;
  }
  return verbose;
}

static void printToStderr(MlirStringRef s, void *userData) {
  (void)userData;
  fwrite(s.data, 1, s.length, stderr);
}

/* Drops every diagnostic (bad input is expected), or prints it when verbose. */
static MlirLogicalResult onDiagnostic(MlirDiagnostic d, void *userData) {
  (void)userData;
  if (fuzzVerbose()) {
    mlirDiagnosticPrint(d, printToStderr, NULL);
    fputc('\n', stderr);
  }
  return mlirLogicalResultSuccess();
}

static MlirContext createContext(void) {
  MlirDialectRegistry reg = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(reg);
  /* One thread: runs are reproducible and no pool is kept per context. */
  MlirContext ctx = mlirContextCreateWithRegistry(reg, false);
  mlirDialectRegistryDestroy(reg);
  mlirContextAttachDiagnosticHandler(ctx, onDiagnostic, NULL, NULL);
  mlirDialectHandleRegisterDialect(mlirGetDialectHandle__irdl__(), ctx);
  char path[4096], err[4200];
  pt2eDialectDefaultIrdlPath(path, sizeof path);
  if (!pt2eDialectLoadIrdlFile(ctx, path, err, sizeof err)) {
    fprintf(stderr, "fuzz: %s\n", err);
    abort(); /* a broken build, not a finding: stop at once */
  }
  return ctx;
}

MlirContext fuzzContext(void) {
  if (!mlirContextIsNull(context) && ++contextUses >= CONTEXT_REUSE) {
    mlirContextDestroy(context);
    context.ptr = NULL;
  }
  if (mlirContextIsNull(context)) {
    fuzzRegisterPasses();
    context = createContext();
    contextUses = 0;
  }
  return context;
}

/* {======================================================================
** The module as text, to tell whether a failed pass changed it
** ======================================================================= */

typedef struct Text {
  char *buf;
  size_t len, cap;
  bool oom;
} Text;

static void appendText(MlirStringRef s, void *userData) {
  Text *t = userData;
  if (t->oom)
    return;
  if (t->len + s.length + 1 > t->cap) {
    size_t cap = t->cap ? t->cap : 4096;
    while (cap < t->len + s.length + 1)
      cap *= 2;
    char *grown = pt2eRealloc(t->buf, cap);
    if (!grown) {
      t->oom = true;
      return;
    }
    t->buf = grown;
    t->cap = cap;
  }
  memcpy(t->buf + t->len, s.data, s.length);
  t->len += s.length;
  t->buf[t->len] = '\0';
}

static Text printModule(MlirModule module) {
  Text t = {NULL, 0, 0, false};
  /* Generic form and local scope: the text depends on nothing but the IR. */
  MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
  mlirOpPrintingFlagsPrintGenericOpForm(flags);
  mlirOperationPrintWithFlags(mlirModuleGetOperation(module), flags,
                              appendText, &t);
  mlirOpPrintingFlagsDestroy(flags);
  return t;
}

static bool sameText(const Text *a, const Text *b) {
  if (a->oom || b->oom)
    return true; /* cannot tell: no verdict */
  return a->len == b->len && (a->len == 0 || memcmp(a->buf, b->buf, a->len) == 0);
}

/* }====================================================================== */

void fuzzTrace(const char *what, MlirModule module) {
  if (!fuzzVerbose())
    return;
  fprintf(stderr, "fuzz: %s\n", what);
  if (!mlirModuleIsNull(module)) {
    mlirOperationPrint(mlirModuleGetOperation(module), printToStderr, NULL);
    fputc('\n', stderr);
  }
}

static void contractBroken(const char *pipeline, const char *what) {
  fprintf(stderr, "fuzz: '%s' %s\n", pipeline, what);
  abort();
}

static void onPipelineError(MlirStringRef s, void *userData) {
  (void)userData;
  fprintf(stderr, "fuzz: bad pipeline: %.*s\n", (int)s.length, s.data);
}

bool fuzzRunPipeline(MlirModule module, const char *pipeline) {
  MlirContext ctx = mlirModuleGetContext(module);
  MlirOperation op = mlirModuleGetOperation(module);
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  if (mlirLogicalResultIsFailure(mlirParsePassPipeline(
          mlirPassManagerGetAsOpPassManager(pm),
          mlirStringRefCreateFromCString(pipeline), onPipelineError, NULL)))
    abort(); /* the harness's own pipeline text is wrong */
  /* Verified here instead, to tell a failed pass from IR it broke. */
  mlirPassManagerEnableVerifier(pm, false);
  Text before = printModule(module);
  bool ok = mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(pm, op));
  mlirPassManagerDestroy(pm);
  if (ok && !mlirOperationVerify(op))
    contractBroken(pipeline, "succeeded but left IR that does not verify");
  if (!ok) {
    Text after = printModule(module);
    bool same = sameText(&before, &after);
    if (!same && fuzzVerbose())
      fprintf(stderr, "fuzz: before:\n%s\nfuzz: after:\n%s\n", before.buf,
              after.buf);
    pt2eFree(after.buf);
    if (!same) {
      pt2eFree(before.buf);
      contractBroken(pipeline, "failed but changed the IR");
    }
  }
  pt2eFree(before.buf);
  if (fuzzVerbose())
    fprintf(stderr, "fuzz: %s: %s\n", pipeline, ok ? "ok" : "failed");
  return ok;
}
