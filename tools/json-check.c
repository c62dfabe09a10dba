/*
** json-check.c
** A strict JSON validator, so that the tests can parse what the project
** writes without Python.
**
**   json-check [--pt2e-report] FILE|-
**
** Accepts exactly RFC 8259 JSON text, as I-JSON (RFC 7493) narrows it:
** the grammar of the programs' one JSON reader, support/json_read.h (no
** NaN or Infinity, no lone surrogate, no duplicate key, well-formed UTF-8,
** nesting at most 512 deep), which parses the text into a tree first.
**
** --pt2e-report also checks pt2e-report{format=json}'s schema
** (docs/report.md): a list of objects with exactly the documented keys in
** their order, each of its type, checked on that tree once it is parsed (a
** syntax error anywhere is reported before a schema error).
**
** Prints "FILE: valid JSON" (", N report entries") and exits 0, or
** "FILE:LINE:COLUMN: why" and exits 1; 2 for a usage or read error.
*/
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "pt2e_alloc.h"
#include "support/json_read.h"
#include "support/whole_file.h"

/* What a value was, for the schema: one bit each. */
enum {
  TNull = 1,
  TBool = 2,
  TInt = 4,    /* a number without fraction or exponent */
  TReal = 8,   /* any other number */
  TString = 16,
  TArray = 32,
  TObject = 64,
  TNonFinite = 128, /* the string "NaN", "Infinity" or "-Infinity" */
};
#define TNumber (TInt | TReal)

typedef struct Checker {
  const Pt2eJsonDoc *doc;
  int entries;
  char error[256];
  size_t errorPos;
} Checker;

static bool fail(Checker *c, size_t pos, const char *why) {
  snprintf(c->error, sizeof c->error, "%s", why);
  c->errorPos = pos;
  return false;
}

/* The type bits of node 'n' ("NaN" and the infinities: both string bits). */
static int typeOf(const Pt2eJsonDoc *doc, const Pt2eJsonNode *n) {
  switch (n->kind) {
  case Pt2eJsonNull: return TNull;
  case Pt2eJsonBool: return TBool;
  case Pt2eJsonNumber: return n->isInteger ? TInt : TReal;
  case Pt2eJsonString: return TString | (pt2eJsonIsNonFinite(doc, n) ? TNonFinite : 0);
  case Pt2eJsonArray: return TArray;
  case Pt2eJsonObject: return TObject;
  }
  return 0;
}

/* An array's elements: the OR of their types (0: empty), a non-finite
** string counting as TNonFinite alone, apart from other strings. */
static int elementsOf(const Pt2eJsonDoc *doc, const Pt2eJsonNode *array) {
  int elements = 0;
  for (const Pt2eJsonNode *e = pt2eJsonAt(doc, array->first); e; e = pt2eJsonAt(doc, e->next)) {
    int t = typeOf(doc, e);
    elements |= t & TNonFinite ? TNonFinite : t;
  }
  return elements;
}

/* {==== the pt2e-report schema (docs/report.md) ==== */

typedef struct KeyType {
  const char *key;
  int type;      /* allowed types of the value */
  int elements;  /* arrays: allowed types of the elements */
  const char *const *values; /* strings: the allowed values (NULL: any) */
} KeyType;

static const char *const reportKinds[] = {"observer", "fake_quant", "qdq", "dynamic", NULL};

static const KeyType entryKeys[] = {
    {"name", TString, 0, NULL},
    {"kind", TString, 0, reportKinds},
    {"observed", TObject, 0, NULL},
    {"location", TString, 0, NULL},
    {"observer", TString | TNull, 0, NULL},
    {"observer_params", TObject | TNull, 0, NULL},
    {"dtype", TString | TNull, 0, NULL},
    {"qscheme", TString | TNull, 0, NULL},
    {"ch_axis", TInt | TNull, 0, NULL},
    {"quant_min", TInt | TNull, 0, NULL},
    {"quant_max", TInt | TNull, 0, NULL},
    {"scale", TArray | TNull, TNumber, NULL},
    {"zero_point", TArray | TNull, TInt, NULL},
    {"min", TArray | TNull, TNumber, NULL},
    {"max", TArray | TNull, TNumber, NULL},
    {"clipped", TNumber | TNull, 0, NULL},
};
/* A coverage record (docs/report.md): an op left out of every unit. */
static const char *const missKinds[] = {"not_quantized", NULL};
static const KeyType missKeys[] = {
    {"kind", TString, 0, missKinds},
    {"op", TString, 0, NULL},
    {"location", TString, 0, NULL},
    {"reason", TString, 0, NULL},
};
static const KeyType observedKeys[] = {
    {"op", TString | TNull, 0, NULL},
    {"result", TInt | TNull, 0, NULL},
    {"argument", TInt | TNull, 0, NULL},
    {"location", TString, 0, NULL},
};

/* Whether member m's value has a type the schema's key k allows. */
static bool valueFits(const Pt2eJsonDoc *doc, const Pt2eJsonNode *m, const KeyType *k) {
  /* A non-finite number is a string, which stands for a number where the
  ** schema has numbers; anywhere else it is just a string. */
  int t = typeOf(doc, m);
  if (t & TNonFinite)
    t = (k->type & TNumber) ? TNonFinite : TString;
  int allowed = k->type | ((k->type & TNumber) ? TNonFinite : 0);
  int elementsAllowed = k->elements | ((k->elements & TNumber) ? TNonFinite : 0);
  bool ok = (t & allowed) != 0;
  if (ok && t == TArray)
    ok = (elementsOf(doc, m) & ~elementsAllowed) == 0;
  if (ok && t == TString && k->values) {
    ok = false;
    for (const char *const *v = k->values; *v; v++)
      ok = ok || pt2eJsonStringIs(doc, m, *v);
  }
  return ok;
}

/* Object 'obj' has exactly 'keys', in order, each value of its type. */
static bool checkMembers(Checker *c, const Pt2eJsonNode *obj, const KeyType *keys,
                         int numKeys, const char *what) {
  const Pt2eJsonDoc *doc = c->doc;
  char why[200];
  if (obj->count != numKeys) {
    snprintf(why, sizeof why, "pt2e-report: %s has %ld keys, the schema %d", what,
             obj->count, numKeys);
    return fail(c, obj->start, why);
  }
  const Pt2eJsonNode *m = pt2eJsonAt(doc, obj->first);
  for (int i = 0; i < numKeys; i++, m = pt2eJsonAt(doc, m->next)) {
    const KeyType *k = &keys[i];
    if (!pt2eJsonKeyIs(doc, m, k->key)) {
      snprintf(why, sizeof why, "pt2e-report: key %d of %s is '%.*s', the schema's '%s'",
               i + 1, what, (int)(m->keyEnd - m->keyStart),
               (const char *)doc->text + m->keyStart, k->key);
      return fail(c, m->keyStart - 1, why);
    }
    if (!valueFits(doc, m, k)) {
      snprintf(why, sizeof why, "pt2e-report: '%s' of %s has a value of the wrong type",
               k->key, what);
      return fail(c, m->start, why);
    }
  }
  return true;
}

/* One element of the list: a coverage record (its first key is 'kind') or
** an entry, whose 'observed' object is checked first. */
static bool checkEntry(Checker *c, const Pt2eJsonNode *e) {
  const Pt2eJsonDoc *doc = c->doc;
  if (e->kind != Pt2eJsonObject)
    return fail(c, e->start, "pt2e-report: an entry that is not an object");
  c->entries++;
  const Pt2eJsonNode *first = pt2eJsonAt(doc, e->first);
  if (first && pt2eJsonKeyIs(doc, first, "kind"))
    return checkMembers(c, e, missKeys, (int)(sizeof missKeys / sizeof missKeys[0]),
                        "a coverage record");
  for (const Pt2eJsonNode *m = first; m; m = pt2eJsonAt(doc, m->next))
    if (pt2eJsonKeyIs(doc, m, "observed") && m->kind == Pt2eJsonObject &&
        !checkMembers(c, m, observedKeys,
                      (int)(sizeof observedKeys / sizeof observedKeys[0]), "'observed'"))
      return false;
  return checkMembers(c, e, entryKeys, (int)(sizeof entryKeys / sizeof entryKeys[0]),
                      "an entry");
}

/* The parsed document against the schema, entries in document order. */
static bool checkReport(Checker *c) {
  const Pt2eJsonDoc *doc = c->doc;
  const Pt2eJsonNode *root = pt2eJsonAt(doc, 0);
  if (root->kind == Pt2eJsonArray)
    for (const Pt2eJsonNode *e = pt2eJsonAt(doc, root->first); e; e = pt2eJsonAt(doc, e->next))
      if (!checkEntry(c, e))
        return false;
  if (root->kind != Pt2eJsonArray)
    return fail(c, root->start, "pt2e-report: the document is not a list");
  return true;
}

/* }==== */

int main(int argc, char **argv) {
  bool report = false;
  int arg = 1;
  if (arg < argc && !strcmp(argv[arg], "--pt2e-report")) {
    report = true;
    arg++;
  }
  if (arg + 1 != argc) {
    fprintf(stderr, "usage: json-check [--pt2e-report] FILE|-\n");
    return 2;
  }
  const char *path = argv[arg];
  size_t len = 0;
  unsigned char *text = pt2eWholeFileRead(path, &len);
  if (!text) {
    fprintf(stderr, "%s: %s\n", path, strerror(errno));
    return 2;
  }
  Pt2eJsonDoc doc;
  Checker c = {.doc = &doc};
  bool ok = pt2eJsonParse(&doc, text, len);
  if (!ok) {
    snprintf(c.error, sizeof c.error, "%s", doc.error);
    c.errorPos = doc.errorPos;
  } else if (report) {
    ok = checkReport(&c);
  }
  if (ok) {
    if (report)
      printf("%s: valid JSON, %d report entries\n", path, c.entries);
    else
      printf("%s: valid JSON\n", path);
  } else {
    size_t line, column;
    pt2eJsonLineColumn(&doc, c.errorPos, &line, &column);
    fprintf(stderr, "%s:%zu:%zu: %s\n", path, line, column, c.error);
  }
  pt2eJsonFree(&doc);
  pt2eFree(text);
  return ok ? 0 : 1;
}
