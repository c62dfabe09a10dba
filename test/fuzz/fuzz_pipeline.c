/*
** fuzz_pipeline.c
** Fuzz target for the whole flow on mutated models. Each input is an MLIR
** module (plain, annotated, prepared, calibrated or converted); it goes
** through every stage in turn:
**   pt2e-annotate, pt2e-prepare, pt2e-calibrate (one random batch, small
**   limits), pt2e-report, pt2e-convert, pt2e-report, pt2e-lower-quant
** each stage on whatever the stages before it left, also after one of them
** failed (a failed pass leaves the IR as it found it: support.c checks
** that, and that IR from a pass that succeeded verifies). A hash of the
** input picks the variant of the options (per-channel, qat, dynamic, the
** report format), so that mutation reaches all of them.
**
** Inputs that crash MLIR's own parser or verifiers (libMLIR, not this
** project) are skipped (hitsUpstreamHazard below), so that the fuzzer does
** not stop at them again and again.
*/
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlir-c/IR.h"

#include "mutator.h"
#include "support.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t maxSize,
                               unsigned seed);

/* The largest model tried; the seeds are a few KiB. */
#define MAX_TEXT (64 * 1024)

/* Limits for calibration, well under libFuzzer's -rss_limit_mb. */
#define CALIBRATE_LIMITS \
  "max-tensor-mb=64 max-live-mb=256 max-bins=4096 max-entry-mb=64"

/*
** {======================================================================
** Known crashes of upstream MLIR 22 on malformed input
** =======================================================================
**
** linalg.broadcast, linalg.transpose and linalg.reduce parse their
** 'dimensions = [...]' / 'permutation = [...]' list with
** parseDenseI64ArrayAttr and, when it fails (a float such as 0.5, an
** integer past int64, anything but '['), still store the null attribute:
** a SEGV in mlir::NamedAttrList::set (mlir-opt-22 crashes on the same
** text). So after 'dimensions =' or 'permutation =' there must be a list of
** decimal int64s, or an attribute in generic form (array<...>, dense<...>).
**
** tensor.concat with a negative dim (also a hex one past INT64_MAX, which
** wraps) crashes in ConcatOp::verify, which indexes the operand shapes
** with it before checking it: its dim must be a short decimal.
**
** tensor.from_elements of a type with more elements than a SmallVector
** holds (tensor<4611686018427387905xf32>) dies in its parser with "LLVM
** ERROR: SmallVector unable to grow": its type may not pass 2^24 elements.
**
** A dialect_resources blob whose first 4 bytes (the alignment) are zero,
** "0x00000000...", passes the parser's power-of-two check and dies in the
** aligned allocation ("LLVM ERROR: out of memory"; ASan: invalid allocation
** alignment 0). Any other non-power-of-two is a parse error.
*/
#define FROM_ELEMENTS_MAX (1 << 24)
static const char *const i64ListKeys[] = {"dimensions", "permutation"};

/* True when the text at 'p' up to the next ']' is a list of decimal int64s. */
static bool isI64List(const char *p) {
  for (;;) {
    while (*p == ' ' || *p == '\n')
      p++;
    if (*p == ']')
      return true;
    const char *digits = p + (*p == '-');
    size_t n = strspn(digits, "0123456789");
    if (n == 0 || n > 18)  /* 18 digits always fit in int64 */
      return false;
    p = digits + n;
    while (*p == ' ' || *p == '\n')
      p++;
    if (*p == ',')
      p++;
    else if (*p != ']')
      return false;
  }
}

/* True when the text at 'p' is a decimal of at most 18 digits and ')'. */
static bool isShortDecimalArg(const char *p) {
  size_t n = strspn(p, "0123456789");
  return n > 0 && n <= 18 && p[n] == ')';
}

/* Elements of the first 'tensor<AxBx...' at or after 'p' (dynamic and
** unparsable extents count as 1), saturated at FROM_ELEMENTS_MAX + 1. */
static uint64_t firstTensorElements(const char *p) {
  p = strstr(p, "tensor<");
  if (!p)
    return 0;
  p += strlen("tensor<");
  uint64_t numel = 1;
  for (;;) {
    size_t n = strspn(p, "0123456789");
    if (n == 0 && *p != '?')
      return numel;
    uint64_t extent = n > 9 ? FROM_ELEMENTS_MAX + 1 : strtoull(p, NULL, 10);
    if (extent > 0)
      numel = numel * extent > FROM_ELEMENTS_MAX ? FROM_ELEMENTS_MAX + 1
                                                 : numel * extent;
    p += n ? n : 1;
    if (*p != 'x')
      return numel;
    p++;
  }
}

/* After a list key at 'p': not '=' (another use of the word), a list of
** int64s, or a generic attribute. */
static bool isI64ListValue(const char *p) {
  p += strspn(p, " \n");
  if (*p != '=')
    return true;
  p++;
  p += strspn(p, " \n");
  if (*p == '[')
    return isI64List(p + 1);
  return strncmp(p, "array<", 6) == 0 || strncmp(p, "dense<", 6) == 0;
}

static bool hitsUpstreamHazard(const char *text) {
  static const char concat[] = "tensor.concat dim(";
  for (const char *p = strstr(text, concat); p; p = strstr(p + 1, concat))
    if (!isShortDecimalArg(p + strlen(concat)))
      return true;
  static const char fromElements[] = "tensor.from_elements";
  for (const char *p = strstr(text, fromElements); p;
       p = strstr(p + 1, fromElements))
    if (firstTensorElements(p) > FROM_ELEMENTS_MAX)
      return true;
  for (size_t k = 0; k < sizeof i64ListKeys / sizeof *i64ListKeys; k++)
    for (const char *p = strstr(text, i64ListKeys[k]); p;
         p = strstr(p + 1, i64ListKeys[k]))
      if (!isI64ListValue(p + strlen(i64ListKeys[k])))
        return true;
  const char *resources = strstr(text, "dialect_resources");
  if (resources && strstr(resources, "\"0x00000000"))
    return true;
  return false;
}

/* }====================================================================== */

static uint32_t hashOf(const uint8_t *data, size_t size) {
  uint32_t h = 2166136261u; /* FNV-1a */
  for (size_t i = 0; i < size; i++)
    h = (h ^ data[i]) * 16777619u;
  return h;
}

static const char *const annotateVariants[] = {
    "builtin.module(pt2e-annotate)",
    "builtin.module(pt2e-annotate{per-channel=true})",
    "builtin.module(pt2e-annotate{qat=true})",
    "builtin.module(pt2e-annotate{dynamic=true})",
};

static void runStages(MlirModule m, uint32_t variant) {
  bool qat = variant % 4 == 2;
  const char *report = variant & 4
      ? "builtin.module(pt2e-report{format=qparams output=/dev/null})"
      : "builtin.module(pt2e-report{output=/dev/null})";
  fuzzRunPipeline(m, annotateVariants[variant % 4]);
  fuzzRunPipeline(m, qat ? "builtin.module(pt2e-prepare{qat=true})"
                         : "builtin.module(pt2e-prepare)");
  fuzzRunPipeline(m, "builtin.module(pt2e-calibrate{random-batches=1 "
                     CALIBRATE_LIMITS "})");
  fuzzRunPipeline(m, report);
  fuzzRunPipeline(m, variant & 8
                         ? "builtin.module(pt2e-convert{keep-uncalibrated=true})"
                         : "builtin.module(pt2e-convert)");
  fuzzRunPipeline(m, report);
  fuzzRunPipeline(m, "builtin.module(pt2e-lower-quant)");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static char text[MAX_TEXT + 1];
  if (size > MAX_TEXT)
    return 0;
  memcpy(text, data, size);
  text[size] = '\0';
  if (strlen(text) != size || hitsUpstreamHazard(text))
    return 0;
  MlirContext ctx = fuzzContext();
  MlirModule m =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(text));
  if (mlirModuleIsNull(m))
    return 0;
  fuzzTrace("parsed", m);
  runStages(m, hashOf(data, size));
  fuzzTrace("finally", m);
  mlirModuleDestroy(m);
  return 0;
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t maxSize,
                               unsigned seed) {
  return fuzzMutateNumbers(data, size, maxSize, seed);
}
