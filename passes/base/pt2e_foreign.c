/*
** pt2e_foreign.c
** Ops of torch-mlir's own dialects in an MLIR file, reported before the
** parser stops at them (see pt2e_foreign.h).
**
** An op is a dialect-qualified name in op position: after '=' (results) or
** at the start of a line, in custom form (tm_tensor.scan ...) or generic
** form ("tm_tensor.scan"(...)). Names inside strings elsewhere (locations
** such as loc("torch/nn/functional.py"), an attribute {note = "torch.x"})
** are not in op position.
*/
#include "pt2e_foreign.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* torch-mlir's own dialects, and what to say of each. */
static const char *const dialects[] = {"tm_tensor", "torch_c", "torch"};

/* The aten ops torch-mlir writes as a tm_tensor op. */
static const char *atenOf(const char *op) {
  static const char *const map[][2] = {
      {"tm_tensor.scan", "aten.cumsum / aten.cumprod"},
      {"tm_tensor.sort", "aten.sort / aten.argsort"},
      {"tm_tensor.topk", "aten.topk"},
      {"tm_tensor.scatter", "aten.index_put / aten.scatter / aten.scatter_add"},
      {"tm_tensor.attention", "aten.scaled_dot_product_attention"},
  };
  for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
    if (strcmp(op, map[i][0]) == 0)
      return map[i][1];
  return NULL;
}

static bool identChar(int c) { return isalnum(c) || c == '_' || c == '.'; }

/* The op name starting at 's' when it names an op of one of 'dialects'
   (copied into 'name'); its length, or 0. */
static size_t foreignName(const char *s, char *name, size_t size) {
  for (size_t d = 0; d < sizeof dialects / sizeof dialects[0]; d++) {
    size_t n = strlen(dialects[d]);
    if (strncmp(s, dialects[d], n) != 0 || s[n] != '.' || !isalpha((unsigned char)s[n + 1]))
      continue;
    size_t len = n + 1;
    while (identChar((unsigned char)s[len]))
      len++;
    if (len >= size)
      return 0;
    memcpy(name, s, len);
    name[len] = 0;
    return len;
  }
  return 0;
}

/* Whether column 'i' of 'line' is in op position: only blanks before it
   back to '=' or the start of the line (a '"' just before it for the
   generic form). */
static bool opPosition(const char *line, size_t i, bool *generic) {
  *generic = i > 0 && line[i - 1] == '"';
  size_t j = *generic ? i - 1 : i;
  while (j > 0 && (line[j - 1] == ' ' || line[j - 1] == '\t'))
    j--;
  return j == 0 || line[j - 1] == '=';
}

static void report(const char *tool, const char *path, long lineNo, size_t col,
                   const char *op) {
  const char *aten = atenOf(op);
  fprintf(stderr, "%s: %s:%ld:%zu: error: '%s' is an op of torch-mlir's own ", tool, path,
          lineNo, col, op);
  if (strncmp(op, "tm_tensor.", 10) == 0) {
    fprintf(stderr, "tm_tensor dialect%s%s%s, which no upstream MLIR tool parses, so "
                    "neither this tool nor the pt2e passes can run it. Export the "
                    "model without it: ", aten ? " (torch-mlir writes it for " : "",
            aten ? aten : "", aten ? ")" : "");
    if (strcmp(op, "tm_tensor.scan") == 0)
      fprintf(stderr, "a transformers model called without attention_mask computes a "
                      "cumsum (packed-sequence detection); pass an attention mask, an "
                      "all-ones one is enough, as tools/pt2e-import does "
                      "(tools/pt2e_import/pitfalls.py); ");
    fprintf(stderr, "tools/pt2e-import refuses such ops at export with the aten op and "
                    "the line of the model it comes from\n");
  } else {
    fprintf(stderr, "%s dialect, which no upstream MLIR tool parses: export to "
                    "linalg-on-tensors or TOSA (torch_mlir.fx.export_and_import's "
                    "output_type, or tools/pt2e-import --form linalg|tosa)\n",
            strncmp(op, "torch_c.", 8) == 0 ? "torch_c" : "torch");
  }
}

bool pt2eReportForeignOps(const char *tool, const char *path) {
  if (!path || !*path || strcmp(path, "-") == 0)
    return false;
  FILE *f = fopen(path, "r");
  if (!f)
    return false; /* the parser says why */
  char seen[8][64];
  int numSeen = 0;
  bool found = false;
  char *line = NULL;
  size_t cap = 0;
  long lineNo = 0;
  while (getline(&line, &cap, f) >= 0) {
    lineNo++;
    for (size_t i = 0; line[i]; i++) {
      if (line[i] != 't' || (i > 0 && identChar((unsigned char)line[i - 1])))
        continue;
      char name[64];
      bool generic;
      size_t len = foreignName(line + i, name, sizeof name);
      if (!len || !opPosition(line, i, &generic) || (generic && (line[i + len] != '"' || line[i + len + 1] != '(')))
        continue;
      i += len - 1;
      size_t n = strlen(name);
      if (n > 6 && strcmp(name + n - 6, ".yield") == 0)
        continue; /* the terminator of an op already reported */
      found = true;
      bool again = false;
      for (int k = 0; k < numSeen; k++)
        again |= strcmp(seen[k], name) == 0;
      if (!again && numSeen < 8) {
        memcpy(seen[numSeen++], name, sizeof name);
        report(tool, path, lineNo, i + 2 - len - (generic ? 1 : 0), name);
      }
    }
  }
  free(line);
  fclose(f);
  return found;
}
