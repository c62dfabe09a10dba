/*
** golden.h
** Reading the goldens (golden.c): token streams, hex bit patterns, files;
** shared by the unit tests.
*/
#ifndef PT2E_TEST_GOLDEN_H
#define PT2E_TEST_GOLDEN_H

#include <stddef.h>
#include <stdint.h>

#include "quant_spec.h"

/* The folder of the goldens, from PT2E_SOURCE_DIR or from this file. */
const char *goldenDir(void);
/* Reads a whole golden file; NUL-terminated, freed with pt2eFree. */
char *readGolden(const char *name, size_t *size);
/* Reads a golden file of raw little-endian float32 values. */
float *readF32(const char *name, int64_t *count);

/* A token stream over a golden text file; '#' lines are comments. */
typedef struct Tokens {
  char *text;
  char *pos;
} Tokens;

void openTokens(Tokens *t, const char *name);
const char *nextToken(Tokens *t);
int64_t nextInt(Tokens *t);
float bitsToFloat(uint32_t u);
/* The next token read as the hex bit pattern of a float32. */
float nextHex(Tokens *t);
/* The next token read as the hex bit pattern of a float64. */
double nextHex64(Tokens *t);
/* Fails the test unless the next token is 'word'. */
void expectWord(Tokens *t, const char *word);
/* The bit pattern of a float32 (bitsToFloat's inverse). */
uint32_t floatBits(float f);
void closeTokens(Tokens *t);
/* Index of 'word' in 'names' (fails the test when absent). */
int goldenLookup(const char *word, const char *const *names, int count);

/*
** The enum value a golden names (failing the test when none is named).
** Observer kinds and qschemes are spelled as in the schema
** (quant_spec.c's tables); dtypes as torch does: i8, u8, i16, u16, i32.
*/
Pt2eObserverKind goldenObserverKind(const char *word);
Pt2eQScheme goldenQScheme(const char *word);
Pt2eDType goldenDType(const char *word);

#endif /* PT2E_TEST_GOLDEN_H */
