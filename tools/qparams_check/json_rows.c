/*
** json_rows.c
** Reads a pt2e-report JSON document through the programs' one JSON reader
** (support/json_read.h) into QcRows. A row whose min or max is null, empty
** or not finite (a MinMax observer that saw nothing holds +inf / -inf), or
** that has no scale, is kept but not pairable: nothing says what it
** observed, or there is nothing to compare.
*/
#include "qparams_check/json_rows.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "pt2e_alloc.h"
#include "qparams_check/qparams_diff.h"
#include "support/json_read.h"
#include "support/whole_file.h"

int qcLooksLikeJson(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return -1;
  int c;
  while ((c = fgetc(f)) != EOF && isspace(c))
    ;
  fclose(f);
  return c == '[';
}

typedef struct Reader {
  const char *path;
  const Pt2eJsonDoc *doc;
} Reader;

static bool malformed(const Reader *r, const Pt2eJsonNode *at, const char *why,
                      const QcRow *row) {
  size_t line, column;
  pt2eJsonLineColumn(r->doc, at->start, &line, &column);
  if (row && row->name)
    fprintf(stderr, "qparams-check: %s:%zu:%zu: row '%.*s': %s\n", r->path, line, column,
            row->nameLen, row->name, why);
  else
    fprintf(stderr, "qparams-check: %s:%zu:%zu: %s\n", r->path, line, column, why);
  return false;
}

/* Member 'key' of 'obj' as a list (NULL for null); false when it is neither. */
static bool listOrNull(const Reader *r, const Pt2eJsonNode *obj, const char *key,
                       const QcRow *row, const Pt2eJsonNode **list) {
  const Pt2eJsonNode *m = pt2eJsonMember(r->doc, obj, key);
  char why[96];
  if (!m) {
    snprintf(why, sizeof why, "no '%s'", key);
    return malformed(r, obj, why, row);
  }
  if (m->kind != Pt2eJsonNull && m->kind != Pt2eJsonArray) {
    snprintf(why, sizeof why, "'%s' is neither a list nor null", key);
    return malformed(r, m, why, row);
  }
  *list = m->kind == Pt2eJsonArray ? m : NULL;
  return true;
}

/* The numbers of 'list' into 'out' (its count entries), each read as the
** float32 it stands for: statistics are float32 in both torch and the
** report, which writes them with 9 digits, so the float32 is exact where
** the decimal is not. */
static bool readNumbers(const Reader *r, const Pt2eJsonNode *list, const char *key,
                        const QcRow *row, double *out) {
  int i = 0;
  for (const Pt2eJsonNode *e = pt2eJsonAt(r->doc, list->first); e;
       e = pt2eJsonAt(r->doc, e->next), i++) {
    float f;
    if (!pt2eJsonFloatOf(r->doc, e, &f)) {
      char why[96];
      snprintf(why, sizeof why, "'%s' holds something other than a number", key);
      return malformed(r, e, why, row);
    }
    out[i] = f;
  }
  return true;
}

/* Scales (as float32 bits) and zero points of a pairable row. */
static bool readQParams(const Reader *r, const Pt2eJsonNode *scale,
                        const Pt2eJsonNode *zeroPoint, QcRow *row) {
  int i = 0;
  for (const Pt2eJsonNode *e = pt2eJsonAt(r->doc, scale->first); e;
       e = pt2eJsonAt(r->doc, e->next), i++) {
    float f;
    if (!pt2eJsonFloatOf(r->doc, e, &f))
      return malformed(r, e, "'scale' holds something other than a number", row);
    row->scales[i] = qcBitsOf(f);
  }
  i = 0;
  for (const Pt2eJsonNode *e = pt2eJsonAt(r->doc, zeroPoint->first); e;
       e = pt2eJsonAt(r->doc, e->next), i++)
    if (!pt2eJsonIntegerOf(r->doc, e, &row->zeroPoints[i]))
      return malformed(r, e, "'zero_point' holds something other than an integer", row);
  return true;
}

/* One row object into '*row' (not a coverage record). */
static bool readRow(const Reader *r, const Pt2eJsonNode *obj, QcRow *row) {
  const Pt2eJsonDoc *doc = r->doc;
  const Pt2eJsonNode *name = pt2eJsonMember(doc, obj, "name");
  if (!name || name->kind != Pt2eJsonString)
    return malformed(r, obj, "a row without a string 'name'", NULL);
  row->name = (const char *)doc->text + name->start;
  row->nameLen = (int)(name->end - name->start);
  const Pt2eJsonNode *qscheme = pt2eJsonMember(doc, obj, "qscheme");
  if (qscheme && qscheme->kind == Pt2eJsonString) {
    row->qscheme = (const char *)doc->text + qscheme->start;
    row->qschemeLen = (int)(qscheme->end - qscheme->start);
  } else if (qscheme && qscheme->kind != Pt2eJsonNull) {
    return malformed(r, qscheme, "'qscheme' is neither a string nor null", row);
  }
  const Pt2eJsonNode *min, *max, *scale, *zeroPoint;
  if (!listOrNull(r, obj, "min", row, &min) || !listOrNull(r, obj, "max", row, &max) ||
      !listOrNull(r, obj, "scale", row, &scale) ||
      !listOrNull(r, obj, "zero_point", row, &zeroPoint))
    return false;
  if (min && max && min->count != max->count)
    return malformed(r, obj, "'min' and 'max' differ in length", row);
  if (scale && zeroPoint && scale->count != zeroPoint->count)
    return malformed(r, obj, "'scale' and 'zero_point' differ in length", row);
  if (!min || !max || min->count == 0)
    return true; /* no statistics: not pairable */
  if (scale && scale->count != min->count)
    return malformed(r, obj, "'scale' and 'min' differ in length", row);
  row->channels = (int)min->count;
  size_t n = (size_t)row->channels;
  row->mins = pt2eAlloc(n * sizeof *row->mins);
  row->maxs = pt2eAlloc(n * sizeof *row->maxs);
  row->scales = pt2eAlloc(n * sizeof *row->scales);
  row->zeroPoints = pt2eAlloc(n * sizeof *row->zeroPoints);
  if (!row->mins || !row->maxs || !row->scales || !row->zeroPoints) {
    fprintf(stderr, "qparams-check: %s: out of memory\n", r->path);
    return false;
  }
  if (!readNumbers(r, min, "min", row, row->mins) || !readNumbers(r, max, "max", row, row->maxs))
    return false;
  bool finite = true;
  for (int c = 0; c < row->channels; ++c)
    finite = finite && isfinite(row->mins[c]) && isfinite(row->maxs[c]);
  if (!scale || !zeroPoint || !finite)
    return true;
  if (!readQParams(r, scale, zeroPoint, row))
    return false;
  row->pairable = true;
  return true;
}

static bool readRows(const Reader *r, QcReport *out) {
  const Pt2eJsonDoc *doc = r->doc;
  const Pt2eJsonNode *root = pt2eJsonAt(doc, 0);
  if (root->kind != Pt2eJsonArray)
    return malformed(r, root, "not a pt2e-report JSON list", NULL);
  out->rows = pt2eAlloc((size_t)(root->count ? root->count : 1) * sizeof *out->rows);
  if (!out->rows) {
    fprintf(stderr, "qparams-check: %s: out of memory\n", r->path);
    return false;
  }
  for (const Pt2eJsonNode *e = pt2eJsonAt(doc, root->first); e; e = pt2eJsonAt(doc, e->next)) {
    if (e->kind != Pt2eJsonObject)
      return malformed(r, e, "an entry that is not an object", NULL);
    const Pt2eJsonNode *kind = pt2eJsonMember(doc, e, "kind");
    if (pt2eJsonStringIs(doc, kind, "not_quantized")) {
      out->numCoverage++;
      continue;
    }
    if (!pt2eJsonStringIs(doc, kind, "observer") && !pt2eJsonStringIs(doc, kind, "fake_quant") &&
        !pt2eJsonStringIs(doc, kind, "qdq") && !pt2eJsonStringIs(doc, kind, "dynamic"))
      return malformed(r, kind ? kind : e,
                       "'kind' is not observer, fake_quant, qdq, dynamic or not_quantized",
                       NULL);
    QcRow *row = &out->rows[out->numRows++];
    if (!readRow(r, e, row))
      return false;
    out->numPairable += row->pairable;
  }
  return true;
}

bool qcReportRead(const char *path, QcReport *out) {
  *out = (QcReport){.path = path};
  size_t len;
  out->text = pt2eWholeFileRead(path, &len);
  if (!out->text) {
    fprintf(stderr, "qparams-check: cannot open '%s': %s\n", path, strerror(errno));
    return false;
  }
  Pt2eJsonDoc doc;
  bool ok = pt2eJsonParse(&doc, out->text, len);
  if (!ok) {
    size_t line, column;
    pt2eJsonLineColumn(&doc, doc.errorPos, &line, &column);
    fprintf(stderr, "qparams-check: %s:%zu:%zu: %s\n", path, line, column, doc.error);
  } else {
    Reader r = {path, &doc};
    ok = readRows(&r, out);
  }
  pt2eJsonFree(&doc);
  return ok;
}

void qcReportFree(QcReport *r) {
  for (int i = 0; i < r->numRows; ++i) {
    pt2eFree(r->rows[i].mins);
    pt2eFree(r->rows[i].maxs);
    pt2eFree(r->rows[i].scales);
    pt2eFree(r->rows[i].zeroPoints);
  }
  pt2eFree(r->rows);
  pt2eFree(r->text);
  *r = (QcReport){0};
}
