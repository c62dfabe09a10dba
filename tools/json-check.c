/*
** json-check.c
** A strict JSON validator, so that the tests can parse what the project
** writes without Python.
**
**   json-check [--pt2e-report] FILE|-
**
** Accepts exactly RFC 8259 JSON text, as I-JSON (RFC 7493) narrows it:
** one value with optional whitespace around it; strings of well-formed
** UTF-8 with no raw control character, only the escapes \" \\ \/ \b \f \n
** \r \t \uXXXX, and no lone surrogate, escaped or not; numbers
** -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? (no NaN, Infinity, leading
** '+', '.5', '1.'); no duplicate key in an object (keys compared as
** written); true, false, null; nesting at most 512 deep.
**
** --pt2e-report also checks pt2e-report{format=json}'s schema
** (docs/report.md): a list of objects with exactly the documented keys in
** their order, each of its type.
**
** Prints "FILE: valid JSON" (", N report entries") and exits 0, or
** "FILE:LINE:COLUMN: why" and exits 1; 2 for a usage or read error.
*/
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pt2e_alloc.h"

enum { MaxDepth = 512, MaxKeys = 64 };

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

typedef struct Value {
  int type;
  int elements;           /* arrays: OR of the elements' types (0: empty), a
                          ** non-finite string as TNonFinite alone */
  size_t start, end;      /* strings: the bytes between the quotes */
} Value;

typedef struct Parser {
  const unsigned char *text;
  size_t len, pos;
  bool report;            /* --pt2e-report */
  int entries;
  char error[256];
  size_t errorPos;
} Parser;

static bool fail(Parser *p, const char *why) {
  if (!p->error[0]) {
    snprintf(p->error, sizeof p->error, "%s", why);
    p->errorPos = p->pos;
  }
  return false;
}

static void skipSpace(Parser *p) {
  while (p->pos < p->len && (p->text[p->pos] == ' ' || p->text[p->pos] == '\t' ||
                             p->text[p->pos] == '\n' || p->text[p->pos] == '\r'))
    p->pos++;
}

static int peek(const Parser *p) { return p->pos < p->len ? p->text[p->pos] : -1; }

static bool parseValue(Parser *p, int depth, const char *parentKey, size_t parentKeyLen,
                       Value *v);

/* {==== strings ==== */

static int hexDigit(int c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

/* Four hex digits after "\u"; -1 when they are not. */
static long hex4(Parser *p) {
  if (p->pos + 4 > p->len)
    return -1;
  long u = 0;
  for (int i = 0; i < 4; i++) {
    int d = hexDigit(p->text[p->pos + (size_t)i]);
    if (d < 0)
      return -1;
    u = u * 16 + d;
  }
  p->pos += 4;
  return u;
}

static bool parseEscape(Parser *p) {
  int c = peek(p);
  if (c < 0)
    return fail(p, "unterminated escape");
  p->pos++;
  if (strchr("\"\\/bfnrt", c) && c != 0)
    return true;
  if (c != 'u')
    return fail(p, "invalid escape (only \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)");
  long u = hex4(p);
  if (u < 0)
    return fail(p, "\\u needs four hex digits");
  if (u >= 0xDC00 && u <= 0xDFFF)
    return fail(p, "lone low surrogate escape");
  if (u >= 0xD800 && u <= 0xDBFF) {
    if (p->pos + 2 > p->len || p->text[p->pos] != '\\' || p->text[p->pos + 1] != 'u')
      return fail(p, "high surrogate escape without its low surrogate");
    p->pos += 2;
    long lo = hex4(p);
    if (lo < 0xDC00 || lo > 0xDFFF)
      return fail(p, "high surrogate escape without its low surrogate");
  }
  return true;
}

/* One UTF-8 sequence of 2 to 4 bytes (RFC 3629's table). */
static bool parseUtf8(Parser *p) {
  unsigned char c = p->text[p->pos];
  int n;
  unsigned char lo = 0x80, hi = 0xBF;
  if (c >= 0xC2 && c <= 0xDF)
    n = 2;
  else if (c >= 0xE0 && c <= 0xEF)
    n = 3;
  else if (c >= 0xF0 && c <= 0xF4)
    n = 4;
  else
    return fail(p, "invalid UTF-8 byte");
  if (c == 0xE0)
    lo = 0xA0;
  else if (c == 0xED)
    hi = 0x9F;
  else if (c == 0xF0)
    lo = 0x90;
  else if (c == 0xF4)
    hi = 0x8F;
  for (int i = 1; i < n; i++) {
    if (p->pos + (size_t)i >= p->len)
      return fail(p, "truncated UTF-8 sequence");
    unsigned char d = p->text[p->pos + (size_t)i];
    if (d < (i == 1 ? lo : 0x80) || d > (i == 1 ? hi : 0xBF))
      return fail(p, "invalid UTF-8 sequence");
  }
  p->pos += (size_t)n;
  return true;
}

static bool parseString(Parser *p, Value *v) {
  p->pos++; /* the opening quote */
  v->type = TString;
  v->start = p->pos;
  for (;;) {
    int c = peek(p);
    if (c < 0)
      return fail(p, "unterminated string");
    if (c == '"')
      break;
    if (c < 0x20)
      return fail(p, "raw control character in a string (must be escaped)");
    if (c == '\\') {
      size_t backslash = p->pos++;
      if (!parseEscape(p)) {
        p->errorPos = backslash; /* the fault is the escape as a whole */
        return false;
      }
    } else if (c >= 0x80) {
      if (!parseUtf8(p))
        return false;
    } else {
      p->pos++;
    }
  }
  v->end = p->pos;
  p->pos++;
  size_t n = v->end - v->start;
  const char *s = (const char *)p->text + v->start;
  if ((n == 3 && !memcmp(s, "NaN", 3)) || (n == 8 && !memcmp(s, "Infinity", 8)) ||
      (n == 9 && !memcmp(s, "-Infinity", 9)))
    v->type |= TNonFinite;
  return true;
}

/* }==== */

static bool digits(Parser *p) {
  size_t start = p->pos;
  while (peek(p) >= '0' && peek(p) <= '9')
    p->pos++;
  return p->pos > start;
}

static bool parseNumber(Parser *p, Value *v) {
  v->type = TInt;
  if (peek(p) == '-')
    p->pos++;
  if (peek(p) == '0') {
    p->pos++;
    if (peek(p) >= '0' && peek(p) <= '9')
      return fail(p, "number with a leading zero");
  } else if (!digits(p)) {
    return fail(p, "invalid number");
  }
  if (peek(p) == '.') {
    p->pos++;
    v->type = TReal;
    if (!digits(p))
      return fail(p, "no digit after the decimal point");
  }
  if (peek(p) == 'e' || peek(p) == 'E') {
    p->pos++;
    v->type = TReal;
    if (peek(p) == '+' || peek(p) == '-')
      p->pos++;
    if (!digits(p))
      return fail(p, "no digit in the exponent");
  }
  return true;
}

static bool parseLiteral(Parser *p, const char *word, int type, Value *v) {
  size_t n = strlen(word);
  if (p->pos + n > p->len || memcmp(p->text + p->pos, word, n))
    return fail(p, "unexpected character (not a JSON value)");
  p->pos += n;
  v->type = type;
  return true;
}

static bool parseArray(Parser *p, int depth, Value *v) {
  p->pos++;
  v->type = TArray;
  v->elements = 0;
  skipSpace(p);
  if (peek(p) == ']') {
    p->pos++;
    return true;
  }
  for (;;) {
    Value e = {0};
    if (!parseValue(p, depth + 1, NULL, 0, &e))
      return false;
    /* "NaN" and the infinities count apart from other strings. */
    v->elements |= e.type & TNonFinite ? TNonFinite : e.type;
    if (p->report && depth == 0) {
      if (!(e.type & TObject))
        return fail(p, "pt2e-report: an entry that is not an object");
      p->entries++;
    }
    skipSpace(p);
    if (peek(p) == ',') {
      p->pos++;
      continue;
    }
    if (peek(p) == ']') {
      p->pos++;
      return true;
    }
    return fail(p, "expected ',' or ']' in an array");
  }
}

/* {==== the pt2e-report schema (docs/report.md) ==== */

typedef struct KeyType {
  const char *key;
  int type;      /* allowed types of the value */
  int elements;  /* arrays: allowed types of the elements */
  const char *const *values; /* strings: the allowed values (NULL: any) */
} KeyType;

static const char *const reportKinds[] = {"observer", "fake_quant", "qdq", NULL};

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

typedef struct Member {
  size_t keyStart, keyEnd;
  Value value;
} Member;

static bool keyIs(const Parser *p, const Member *m, const char *key) {
  size_t n = strlen(key);
  return m->keyEnd - m->keyStart == n && !memcmp(p->text + m->keyStart, key, n);
}

/* Whether member m's value has a type the schema's key k allows. */
static bool valueFits(const Parser *p, const Member *m, const KeyType *k) {
  /* A non-finite number is a string, which stands for a number where the
  ** schema has numbers; anywhere else it is just a string. */
  int t = m->value.type;
  if (t & TNonFinite)
    t = (k->type & TNumber) ? TNonFinite : TString;
  int allowed = k->type | ((k->type & TNumber) ? TNonFinite : 0);
  int elementsAllowed = k->elements | ((k->elements & TNumber) ? TNonFinite : 0);
  bool ok = (t & allowed) != 0;
  if (ok && t == TArray)
    ok = (m->value.elements & ~elementsAllowed) == 0;
  if (ok && t == TString && k->values) {
    ok = false;
    for (const char *const *v = k->values; *v; v++)
      ok = ok || (m->value.end - m->value.start == strlen(*v) &&
                  !memcmp(p->text + m->value.start, *v, strlen(*v)));
  }
  return ok;
}

static bool checkMembers(Parser *p, const Member *members, int count,
                         const KeyType *keys, int numKeys, const char *what) {
  char why[200];
  if (count != numKeys) {
    snprintf(why, sizeof why, "pt2e-report: %s has %d keys, the schema %d", what,
             count, numKeys);
    return fail(p, why);
  }
  for (int i = 0; i < numKeys; i++) {
    const Member *m = &members[i];
    const KeyType *k = &keys[i];
    if (!keyIs(p, m, k->key)) {
      snprintf(why, sizeof why, "pt2e-report: key %d of %s is '%.*s', the schema's '%s'",
               i + 1, what, (int)(m->keyEnd - m->keyStart),
               (const char *)p->text + m->keyStart, k->key);
      return fail(p, why);
    }
    if (!valueFits(p, m, k)) {
      snprintf(why, sizeof why, "pt2e-report: '%s' of %s has a value of the wrong type",
               k->key, what);
      return fail(p, why);
    }
  }
  return true;
}

/* }==== */

/* One member "key": value into '*m', refusing a key among the 'count'
** members before it. */
static bool parseMember(Parser *p, int depth, const Member *members, int count, Member *m) {
  skipSpace(p);
  if (peek(p) != '"')
    return fail(p, "expected a string key in an object");
  Value key = {0};
  if (!parseString(p, &key))
    return false;
  for (int i = 0; i < count && i < MaxKeys; i++) {
    const Member *other = &members[i];
    if (other->keyEnd - other->keyStart == key.end - key.start &&
        !memcmp(p->text + other->keyStart, p->text + key.start, key.end - key.start))
      return fail(p, "duplicate key in an object");
  }
  skipSpace(p);
  if (peek(p) != ':')
    return fail(p, "expected ':' after a key");
  p->pos++;
  Value value = {0};
  if (!parseValue(p, depth + 1, (const char *)p->text + key.start,
                  key.end - key.start, &value))
    return false;
  *m = (Member){key.start, key.end, value};
  return true;
}

/* With --pt2e-report: the object just read against the schema, when it is
** an entry of the list or an entry's 'observed'. */
static bool checkObject(Parser *p, int depth, const char *parentKey, size_t parentKeyLen,
                        const Member *members, int count) {
  if (depth == 1 && count > 0 && keyIs(p, &members[0], "kind"))
    return checkMembers(p, members, count, missKeys,
                        (int)(sizeof missKeys / sizeof missKeys[0]), "a coverage record");
  if (depth == 1)
    return checkMembers(p, members, count, entryKeys,
                        (int)(sizeof entryKeys / sizeof entryKeys[0]), "an entry");
  if (depth == 2 && parentKeyLen == 8 && !memcmp(parentKey, "observed", 8))
    return checkMembers(p, members, count, observedKeys,
                        (int)(sizeof observedKeys / sizeof observedKeys[0]),
                        "'observed'");
  return true;
}

static bool parseObject(Parser *p, int depth, const char *parentKey,
                        size_t parentKeyLen, Value *v) {
  p->pos++;
  v->type = TObject;
  Member members[MaxKeys];
  int count = 0;
  bool ok = true;
  skipSpace(p);
  if (peek(p) == '}') {
    p->pos++;
  } else {
    for (;;) {
      Member m;
      if (!parseMember(p, depth, members, count, &m))
        return false;
      if (count < MaxKeys)
        members[count] = m;
      else
        ok = fail(p, "more than 64 keys in one object (json-check's limit)");
      count++;
      skipSpace(p);
      if (peek(p) == ',') {
        p->pos++;
        continue;
      }
      if (peek(p) == '}') {
        p->pos++;
        break;
      }
      return fail(p, "expected ',' or '}' in an object");
    }
  }
  if (!ok || !p->report)
    return ok;
  return checkObject(p, depth, parentKey, parentKeyLen, members, count);
}

static bool parseValue(Parser *p, int depth, const char *parentKey, size_t parentKeyLen,
                       Value *v) {
  if (depth >= MaxDepth)
    return fail(p, "nested deeper than 512");
  skipSpace(p);
  int c = peek(p);
  switch (c) {
  case -1: return fail(p, "unexpected end of the text");
  case '{': return parseObject(p, depth, parentKey, parentKeyLen, v);
  case '[': return parseArray(p, depth, v);
  case '"': return parseString(p, v);
  case 't': return parseLiteral(p, "true", TBool, v);
  case 'f': return parseLiteral(p, "false", TBool, v);
  case 'n': return parseLiteral(p, "null", TNull, v);
  default:
    if (c == '-' || (c >= '0' && c <= '9'))
      return parseNumber(p, v);
    return fail(p, "unexpected character (not a JSON value)");
  }
}

static bool parseDocument(Parser *p) {
  Value v = {0};
  if (!parseValue(p, 0, NULL, 0, &v))
    return false;
  if (p->report && !(v.type & TArray))
    return fail(p, "pt2e-report: the document is not a list");
  skipSpace(p);
  if (p->pos != p->len)
    return fail(p, "text after the JSON value");
  return true;
}

/* The whole of 'path' ("-": standard input); NULL with a message. */
static unsigned char *readAll(const char *path, size_t *len) {
  FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
  if (!f) {
    perror(path);
    return NULL;
  }
  size_t cap = 1 << 16, n = 0;
  unsigned char *buf = pt2eAllocUninit(cap);
  for (;;) {
    if (!buf) {
      fprintf(stderr, "%s: out of memory\n", path);
      break;
    }
    n += fread(buf + n, 1, cap - n, f);
    if (n < cap)
      break;
    unsigned char *grown = cap <= SIZE_MAX / 2 ? pt2eRealloc(buf, cap * 2) : NULL;
    if (!grown)
      pt2eFree(buf);
    buf = grown;
    cap *= 2;
  }
  bool bad = buf && ferror(f);
  if (bad)
    perror(path);
  if (f != stdin)
    fclose(f);
  if (bad) {
    pt2eFree(buf);
    return NULL;
  }
  *len = n;
  return buf;
}

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
  unsigned char *text = readAll(path, &len);
  if (!text)
    return 2;
  Parser p = {.text = text, .len = len, .report = report};
  bool ok = parseDocument(&p);
  if (ok) {
    if (report)
      printf("%s: valid JSON, %d report entries\n", path, p.entries);
    else
      printf("%s: valid JSON\n", path);
  } else {
    size_t line = 1, col = 1;
    for (size_t i = 0; i < p.errorPos && i < len; i++) {
      if (text[i] == '\n') {
        line++;
        col = 1;
      } else {
        col++;
      }
    }
    fprintf(stderr, "%s:%zu:%zu: %s\n", path, line, col, p.error);
  }
  pt2eFree(text);
  return ok ? 0 : 1;
}
