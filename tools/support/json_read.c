/*
** json_read.c
** The strict JSON parser of json_read.h: recursive descent over the text,
** appending one node per value in document order. Nodes live in one
** growable array, so a container's node is referred to by its index while
** its children are parsed (appending may move the array).
*/
#include "support/json_read.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pt2e_alloc.h"

typedef struct Parser {
  Pt2eJsonDoc *doc;
  size_t pos;
} Parser;

static bool fail(Parser *p, const char *why) {
  Pt2eJsonDoc *d = p->doc;
  if (!d->error[0]) {
    snprintf(d->error, sizeof d->error, "%s", why);
    d->errorPos = p->pos;
  }
  return false;
}

static void skipSpace(Parser *p) {
  const unsigned char *t = p->doc->text;
  while (p->pos < p->doc->len &&
         (t[p->pos] == ' ' || t[p->pos] == '\t' || t[p->pos] == '\n' || t[p->pos] == '\r'))
    p->pos++;
}

static int peek(const Parser *p) {
  return p->pos < p->doc->len ? p->doc->text[p->pos] : -1;
}

/* A new node starting here; its index, or -1 when memory runs out. */
static long newNode(Parser *p, Pt2eJsonKind kind) {
  Pt2eJsonDoc *d = p->doc;
  if (d->numNodes == d->capNodes) {
    size_t cap = d->capNodes ? d->capNodes * 2 : 256;
    Pt2eJsonNode *grown = cap <= SIZE_MAX / sizeof *grown / 2
                              ? pt2eRealloc(d->nodes, cap * sizeof *grown)
                              : NULL;
    if (!grown) {
      fail(p, "out of memory");
      return -1;
    }
    d->nodes = grown;
    d->capNodes = cap;
  }
  d->nodes[d->numNodes] = (Pt2eJsonNode){.kind = kind, .start = p->pos, .end = p->pos,
                                         .first = -1, .next = -1};
  return (long)d->numNodes++;
}

static bool parseValue(Parser *p, int depth, long *index);

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
  if (p->pos + 4 > p->doc->len)
    return -1;
  long u = 0;
  for (int i = 0; i < 4; i++) {
    int d = hexDigit(p->doc->text[p->pos + (size_t)i]);
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
    const unsigned char *t = p->doc->text;
    if (p->pos + 2 > p->doc->len || t[p->pos] != '\\' || t[p->pos + 1] != 'u')
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
  const unsigned char *t = p->doc->text;
  unsigned char c = t[p->pos];
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
    if (p->pos + (size_t)i >= p->doc->len)
      return fail(p, "truncated UTF-8 sequence");
    unsigned char d = t[p->pos + (size_t)i];
    if (d < (i == 1 ? lo : 0x80) || d > (i == 1 ? hi : 0xBF))
      return fail(p, "invalid UTF-8 sequence");
  }
  p->pos += (size_t)n;
  return true;
}

/* The string at the quote into [*start, *end), the bytes between quotes. */
static bool scanString(Parser *p, size_t *start, size_t *end) {
  p->pos++; /* the opening quote */
  *start = p->pos;
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
        p->doc->errorPos = backslash; /* the fault is the escape as a whole */
        return false;
      }
    } else if (c >= 0x80) {
      if (!parseUtf8(p))
        return false;
    } else {
      p->pos++;
    }
  }
  *end = p->pos;
  p->pos++;
  return true;
}

/* }==== */

static bool digits(Parser *p) {
  size_t start = p->pos;
  while (peek(p) >= '0' && peek(p) <= '9')
    p->pos++;
  return p->pos > start;
}

static bool parseNumber(Parser *p, Pt2eJsonNode *n) {
  n->isInteger = true;
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
    n->isInteger = false;
    if (!digits(p))
      return fail(p, "no digit after the decimal point");
  }
  if (peek(p) == 'e' || peek(p) == 'E') {
    p->pos++;
    n->isInteger = false;
    if (peek(p) == '+' || peek(p) == '-')
      p->pos++;
    if (!digits(p))
      return fail(p, "no digit in the exponent");
  }
  return true;
}

static bool parseLiteral(Parser *p, const char *word) {
  size_t n = strlen(word);
  if (p->pos + n > p->doc->len || memcmp(p->doc->text + p->pos, word, n))
    return fail(p, "unexpected character (not a JSON value)");
  p->pos += n;
  return true;
}

/* Links child 'c' after 'last' (or first) in container 'parent'. */
static void linkChild(Pt2eJsonDoc *d, long parent, long *last, long c) {
  if (*last < 0)
    d->nodes[parent].first = c;
  else
    d->nodes[*last].next = c;
  *last = c;
  d->nodes[parent].count++;
}

static bool parseArray(Parser *p, int depth, long self) {
  p->pos++;
  long last = -1;
  skipSpace(p);
  if (peek(p) == ']') {
    p->pos++;
    return true;
  }
  for (;;) {
    long e;
    if (!parseValue(p, depth + 1, &e))
      return false;
    linkChild(p->doc, self, &last, e);
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

/* Whether the key [start, end) is among the object's members so far. */
static bool duplicateKey(const Pt2eJsonDoc *d, long self, size_t start, size_t end) {
  for (long i = d->nodes[self].first; i >= 0; i = d->nodes[i].next) {
    const Pt2eJsonNode *m = &d->nodes[i];
    if (m->keyEnd - m->keyStart == end - start &&
        !memcmp(d->text + m->keyStart, d->text + start, end - start))
      return true;
  }
  return false;
}

static bool parseObject(Parser *p, int depth, long self) {
  p->pos++;
  long last = -1;
  skipSpace(p);
  if (peek(p) == '}') {
    p->pos++;
    return true;
  }
  for (;;) {
    skipSpace(p);
    if (peek(p) != '"')
      return fail(p, "expected a string key in an object");
    size_t keyStart, keyEnd;
    if (!scanString(p, &keyStart, &keyEnd))
      return false;
    if (duplicateKey(p->doc, self, keyStart, keyEnd))
      return fail(p, "duplicate key in an object");
    skipSpace(p);
    if (peek(p) != ':')
      return fail(p, "expected ':' after a key");
    p->pos++;
    long m;
    if (!parseValue(p, depth + 1, &m))
      return false;
    p->doc->nodes[m].keyStart = keyStart;
    p->doc->nodes[m].keyEnd = keyEnd;
    if (p->doc->nodes[self].count == PT2E_JSON_MAX_KEYS)
      return fail(p, "more than 64 keys in one object (the reader's limit)");
    linkChild(p->doc, self, &last, m);
    skipSpace(p);
    if (peek(p) == ',') {
      p->pos++;
      continue;
    }
    if (peek(p) == '}') {
      p->pos++;
      return true;
    }
    return fail(p, "expected ',' or '}' in an object");
  }
}

/* One value at the current position into a new node, its index in '*index'. */
static bool parseValue(Parser *p, int depth, long *index) {
  if (depth >= PT2E_JSON_MAX_DEPTH)
    return fail(p, "nested deeper than 512");
  skipSpace(p);
  int c = peek(p);
  Pt2eJsonKind kind;
  switch (c) {
  case -1: return fail(p, "unexpected end of the text");
  case '{': kind = Pt2eJsonObject; break;
  case '[': kind = Pt2eJsonArray; break;
  case '"': kind = Pt2eJsonString; break;
  case 't': case 'f': kind = Pt2eJsonBool; break;
  case 'n': kind = Pt2eJsonNull; break;
  default:
    if (c != '-' && !(c >= '0' && c <= '9'))
      return fail(p, "unexpected character (not a JSON value)");
    kind = Pt2eJsonNumber;
  }
  long self = newNode(p, kind);
  if (self < 0)
    return false;
  bool ok;
  switch (kind) {
  case Pt2eJsonObject: ok = parseObject(p, depth, self); break;
  case Pt2eJsonArray: ok = parseArray(p, depth, self); break;
  case Pt2eJsonString: {
    size_t start, end;
    ok = scanString(p, &start, &end);
    p->doc->nodes[self].start = start;
    p->doc->nodes[self].end = end;
    *index = self;
    return ok;
  }
  case Pt2eJsonBool:
    p->doc->nodes[self].truth = c == 't';
    ok = parseLiteral(p, c == 't' ? "true" : "false");
    break;
  case Pt2eJsonNull: ok = parseLiteral(p, "null"); break;
  default: ok = parseNumber(p, &p->doc->nodes[self]); break;
  }
  p->doc->nodes[self].end = p->pos;
  *index = self;
  return ok;
}

bool pt2eJsonParse(Pt2eJsonDoc *doc, const unsigned char *text, size_t len) {
  *doc = (Pt2eJsonDoc){.text = text, .len = len};
  Parser p = {doc, 0};
  long root;
  if (!parseValue(&p, 0, &root))
    return false;
  skipSpace(&p);
  if (p.pos != len)
    return fail(&p, "text after the JSON value");
  return true;
}

void pt2eJsonFree(Pt2eJsonDoc *doc) {
  pt2eFree(doc->nodes);
  doc->nodes = NULL;
  doc->numNodes = doc->capNodes = 0;
}

void pt2eJsonLineColumn(const Pt2eJsonDoc *doc, size_t pos, size_t *line, size_t *column) {
  *line = 1;
  *column = 1;
  for (size_t i = 0; i < pos && i < doc->len; i++) {
    if (doc->text[i] == '\n') {
      ++*line;
      *column = 1;
    } else {
      ++*column;
    }
  }
}

const Pt2eJsonNode *pt2eJsonAt(const Pt2eJsonDoc *doc, long i) {
  return i >= 0 && (size_t)i < doc->numNodes ? &doc->nodes[i] : NULL;
}

bool pt2eJsonKeyIs(const Pt2eJsonDoc *doc, const Pt2eJsonNode *m, const char *key) {
  size_t n = strlen(key);
  return m->keyEnd - m->keyStart == n && !memcmp(doc->text + m->keyStart, key, n);
}

const Pt2eJsonNode *pt2eJsonMember(const Pt2eJsonDoc *doc, const Pt2eJsonNode *obj,
                                   const char *key) {
  if (!obj || obj->kind != Pt2eJsonObject)
    return NULL;
  for (const Pt2eJsonNode *m = pt2eJsonAt(doc, obj->first); m; m = pt2eJsonAt(doc, m->next))
    if (pt2eJsonKeyIs(doc, m, key))
      return m;
  return NULL;
}

bool pt2eJsonStringIs(const Pt2eJsonDoc *doc, const Pt2eJsonNode *n, const char *s) {
  size_t len = strlen(s);
  return n && n->kind == Pt2eJsonString && n->end - n->start == len &&
         !memcmp(doc->text + n->start, s, len);
}

bool pt2eJsonIsNonFinite(const Pt2eJsonDoc *doc, const Pt2eJsonNode *n) {
  return pt2eJsonStringIs(doc, n, "NaN") || pt2eJsonStringIs(doc, n, "Infinity") ||
         pt2eJsonStringIs(doc, n, "-Infinity");
}

/* A number's text, NUL-terminated, into 'buf'; false when it does not fit. */
static bool numberText(const Pt2eJsonDoc *doc, const Pt2eJsonNode *n, char *buf, size_t size) {
  size_t len = n->end - n->start;
  if (n->kind != Pt2eJsonNumber || len >= size)
    return false;
  memcpy(buf, doc->text + n->start, len);
  buf[len] = '\0';
  return true;
}

/* The non-finite value a string stands for; false when it is none. */
static bool nonFinite(const Pt2eJsonDoc *doc, const Pt2eJsonNode *n, double *out) {
  if (pt2eJsonStringIs(doc, n, "NaN"))
    *out = NAN;
  else if (pt2eJsonStringIs(doc, n, "Infinity"))
    *out = INFINITY;
  else if (pt2eJsonStringIs(doc, n, "-Infinity"))
    *out = -INFINITY;
  else
    return false;
  return true;
}

bool pt2eJsonFloatOf(const Pt2eJsonDoc *doc, const Pt2eJsonNode *n, float *out) {
  char buf[512];
  double d;
  if (nonFinite(doc, n, &d)) {
    *out = (float)d;
    return true;
  }
  if (!n || !numberText(doc, n, buf, sizeof buf))
    return false;
  *out = strtof(buf, NULL); /* rounded once, to float32, as it was written */
  return true;
}

bool pt2eJsonIntegerOf(const Pt2eJsonDoc *doc, const Pt2eJsonNode *n, long long *out) {
  char buf[32];
  if (!n || !n->isInteger || !numberText(doc, n, buf, sizeof buf))
    return false;
  errno = 0;
  *out = strtoll(buf, NULL, 10);
  return errno == 0;
}
