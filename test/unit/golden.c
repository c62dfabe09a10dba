/*
** golden.c
** Reading the observer goldens of test/Inputs/observers (made by real
** torch + torchao, tools/oracle/observers/) for the cmocka tests.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "golden.h"
#include "pt2e_alloc.h"

/* The folder of the goldens, from PT2E_SOURCE_DIR or from this file. */
const char *goldenDir(void) {
  static char dir[1024];
  if (dir[0] == '\0') {
#ifdef PT2E_SOURCE_DIR
    snprintf(dir, sizeof dir, "%s/test/Inputs/observers", PT2E_SOURCE_DIR);
#else
    const char *file = __FILE__;
    const char *slash = strrchr(file, '/');
    int len = slash != NULL ? (int)(slash - file) : 1;
    snprintf(dir, sizeof dir, "%.*s/../Inputs/observers",
             len, slash != NULL ? file : ".");
#endif
  }
  return dir;
}

/* Reads a whole golden file; NUL-terminated, freed with pt2eFree. */
char *readGolden(const char *name, size_t *size) {
  char path[1200];
  FILE *f;
  long n;
  char *buf;
  snprintf(path, sizeof path, "%s/%s", goldenDir(), name);
  f = fopen(path, "rb");
  if (f == NULL)
    fail_msg("cannot open golden '%s'", path);
  fseek(f, 0, SEEK_END);
  n = ftell(f);
  fseek(f, 0, SEEK_SET);
  buf = pt2eAlloc((size_t)n + 1);
  assert_non_null(buf);
  assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
  fclose(f);
  if (size != NULL)
    *size = (size_t)n;
  return buf;
}

/* A raw little-endian float32 file; 'count' receives its length. */
float *readF32(const char *name, int64_t *count) {
  size_t size;
  char *bytes = readGolden(name, &size);
  *count = (int64_t)(size / sizeof(float));
  return (float *)(void *)bytes;  /* pt2eAlloc memory is suitably aligned */
}

/* A token stream over a .case file; '#' lines are comments. */

void openTokens(Tokens *t, const char *name) {
  t->text = readGolden(name, NULL);
  t->pos = t->text;
}

const char *nextToken(Tokens *t) {
  char *start;
  for (;;) {
    while (*t->pos == ' ' || *t->pos == '\n' || *t->pos == '\r' ||
           *t->pos == '\t')
      t->pos++;
    if (*t->pos != '#')
      break;
    while (*t->pos != '\0' && *t->pos != '\n')
      t->pos++;
  }
  if (*t->pos == '\0')
    return NULL;
  start = t->pos;
  while (*t->pos != '\0' && *t->pos != ' ' && *t->pos != '\n' &&
         *t->pos != '\r' && *t->pos != '\t')
    t->pos++;
  if (*t->pos != '\0')
    *t->pos++ = '\0';
  return start;
}

int64_t nextInt(Tokens *t) {
  const char *tok = nextToken(t);
  assert_non_null(tok);
  return strtoll(tok, NULL, 10);
}

float bitsToFloat(uint32_t u) {
  float f;
  memcpy(&f, &u, sizeof f);
  return f;
}

float nextHex(Tokens *t) {
  const char *tok = nextToken(t);
  assert_non_null(tok);
  return bitsToFloat((uint32_t)strtoul(tok, NULL, 16));
}

double nextHex64(Tokens *t) {
  const char *tok = nextToken(t);
  uint64_t u;
  double d;
  assert_non_null(tok);
  u = strtoull(tok, NULL, 16);
  memcpy(&d, &u, sizeof d);
  return d;
}

void expectWord(Tokens *t, const char *word) {
  const char *tok = nextToken(t);
  assert_non_null(tok);
  assert_string_equal(tok, word);
}

uint32_t floatBits(float f) {
  uint32_t u;
  memcpy(&u, &f, sizeof u);
  return u;
}

void closeTokens(Tokens *t) { pt2eFree(t->text); }

int goldenLookup(const char *word, const char *const *names, int count) {
  int i;
  for (i = 0; i < count; i++)
    if (strcmp(word, names[i]) == 0)
      return i;
  fail_msg("unknown name '%s' in a golden", word);
  return -1;
}

Pt2eObserverKind goldenObserverKind(const char *word) {
  for (int k = 0; k < pt2eObserverKindCount(); k++)
    if (strcmp(word, pt2eObserverKindName((Pt2eObserverKind)k)) == 0)
      return (Pt2eObserverKind)k;
  fail_msg("unknown observer '%s' in a golden", word);
  return Pt2eObserverMinMax;
}

Pt2eQScheme goldenQScheme(const char *word) {
  for (int q = 0; q < pt2eQSchemeCount(); q++)
    if (strcmp(word, pt2eQSchemeName((Pt2eQScheme)q)) == 0)
      return (Pt2eQScheme)q;
  fail_msg("unknown qscheme '%s' in a golden", word);
  return Pt2eQSchemePerTensorAffine;
}

/* torch's dtype names, indexed by Pt2eDType */
static const char *const torchDTypeNames[] = {
    [Pt2eDTypeInt8] = "i8",   [Pt2eDTypeUInt8] = "u8",
    [Pt2eDTypeInt16] = "i16", [Pt2eDTypeUInt16] = "u16",
    [Pt2eDTypeInt4] = "i4", /* torch has no int4 of PT2E: never in a golden */
    [Pt2eDTypeInt32] = "i32"};
_Static_assert(sizeof torchDTypeNames / sizeof *torchDTypeNames ==
                   Pt2eDTypeInt32 + 1,
               "one torch name per Pt2eDType");

Pt2eDType goldenDType(const char *word) {
  return (Pt2eDType)goldenLookup(word, torchDTypeNames,
                                 (int)(sizeof torchDTypeNames /
                                       sizeof *torchDTypeNames));
}
