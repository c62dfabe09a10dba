/*
** json_writer.c
** The streaming JSON writer (json_writer.h): escaping, UTF-8 repair, number
** formats, commas and line breaks.
*/
#include "json_writer.h"

#include <assert.h>
#include <inttypes.h>
#include <math.h>
#include <string.h>

void pt2eJsonInit(Pt2eJson *j, FILE *out, int breakDepth) {
  memset(j, 0, sizeof *j);
  j->out = out;
  j->breakDepth = breakDepth;
}

bool pt2eJsonIsComplete(const Pt2eJson *j) {
  return j->done && j->depth == 0 && !j->inString;
}

static void newline(Pt2eJson *j, int depth) {
  fputc('\n', j->out);
  for (int i = 0; i < depth; i++)
    fputs("  ", j->out);
}

/* Before any value or key: the comma and line break its place needs. */
static void beforeItem(Pt2eJson *j, bool isKey) {
  assert(!j->inString && !j->done);
  if (j->depth == 0)
    return;
  int d = j->depth - 1;
  if (j->isObject[d] && !isKey) {
    assert(!j->keyDue && "a value in an object needs its key first");
    return; /* the value of the member whose key was just written */
  }
  assert(!j->isObject[d] || j->keyDue);
  if (j->hasItems[d])
    fputc(',', j->out);
  if (j->depth <= j->breakDepth)
    newline(j, j->depth);
  else if (j->hasItems[d])
    fputc(' ', j->out);
  j->hasItems[d] = true;
}

/* After a whole value: an object then wants its next key. */
static void afterValue(Pt2eJson *j) {
  if (j->depth == 0)
    j->done = true;
  else if (j->isObject[j->depth - 1])
    j->keyDue = true;
}

static void openContainer(Pt2eJson *j, bool isObject) {
  beforeItem(j, false);
  assert(j->depth < PT2E_JSON_MAX_DEPTH);
  fputc(isObject ? '{' : '[', j->out);
  j->isObject[j->depth] = isObject;
  j->hasItems[j->depth] = false;
  j->depth++;
  j->keyDue = isObject;
}

static void closeContainer(Pt2eJson *j, bool isObject) {
  assert(j->depth > 0 && j->isObject[j->depth - 1] == isObject);
  assert(!isObject || j->keyDue);
  j->depth--;
  if (j->hasItems[j->depth] && j->depth + 1 <= j->breakDepth)
    newline(j, j->depth);
  fputc(isObject ? '}' : ']', j->out);
  afterValue(j);
}

void pt2eJsonBeginArray(Pt2eJson *j) { openContainer(j, false); }
void pt2eJsonEndArray(Pt2eJson *j) { closeContainer(j, false); }
void pt2eJsonBeginObject(Pt2eJson *j) { openContainer(j, true); }
void pt2eJsonEndObject(Pt2eJson *j) { closeContainer(j, true); }

/* {==== strings ==== */

static void replacement(Pt2eJson *j) { fputs("\\ufffd", j->out); }

/* One ASCII byte, escaped as RFC 8259 requires. */
static void asciiByte(Pt2eJson *j, unsigned char c) {
  switch (c) {
  case '"': fputs("\\\"", j->out); return;
  case '\\': fputs("\\\\", j->out); return;
  case '\b': fputs("\\b", j->out); return;
  case '\f': fputs("\\f", j->out); return;
  case '\n': fputs("\\n", j->out); return;
  case '\r': fputs("\\r", j->out); return;
  case '\t': fputs("\\t", j->out); return;
  default:
    if (c < 0x20)
      fprintf(j->out, "\\u%04x", c);
    else
      fputc(c, j->out);
  }
}

/* How many bytes a sequence led by 'c' has (0: 'c' cannot lead one). */
static int sequenceLength(unsigned char c) {
  if (c >= 0xC2 && c <= 0xDF)
    return 2;
  if (c >= 0xE0 && c <= 0xEF)
    return 3;
  if (c >= 0xF0 && c <= 0xF4)
    return 4;
  return 0;
}

/*
** Whether 'c' may follow the bytes in j->carry: a continuation byte, with
** the second byte narrowed so that no overlong form, surrogate (U+D800..
** U+DFFF) or code point above U+10FFFF gets through (RFC 3629's table).
*/
static bool continues(const Pt2eJson *j, unsigned char c) {
  unsigned char lo = 0x80, hi = 0xBF;
  if (j->carryLen == 1) {
    switch (j->carry[0]) {
    case 0xE0: lo = 0xA0; break;
    case 0xED: hi = 0x9F; break;
    case 0xF0: lo = 0x90; break;
    case 0xF4: hi = 0x8F; break;
    default: break;
    }
  }
  return c >= lo && c <= hi;
}

static void stringBytes(Pt2eJson *j, const unsigned char *s, size_t len) {
  for (size_t i = 0; i < len; i++) {
    unsigned char c = s[i];
    if (j->carryLen > 0) {
      if (continues(j, c)) {
        j->carry[j->carryLen++] = c;
        if (j->carryLen == j->carryNeed) {
          fwrite(j->carry, 1, (size_t)j->carryLen, j->out);
          j->carryLen = 0;
        }
        continue;
      }
      /* A sequence cut short: one replacement, then 'c' on its own. */
      replacement(j);
      j->carryLen = 0;
    }
    if (c < 0x80) {
      asciiByte(j, c);
    } else if ((j->carryNeed = sequenceLength(c)) > 0) {
      j->carry[0] = c;
      j->carryLen = 1;
    } else {
      replacement(j);
    }
  }
}

void pt2eJsonStringBegin(Pt2eJson *j) {
  beforeItem(j, false);
  fputc('"', j->out);
  j->inString = true;
  j->carryLen = 0;
}

void pt2eJsonStringChunk(Pt2eJson *j, const char *s, size_t len) {
  assert(j->inString);
  stringBytes(j, (const unsigned char *)s, len);
}

void pt2eJsonStringEnd(Pt2eJson *j) {
  assert(j->inString);
  if (j->carryLen > 0)
    replacement(j);
  j->carryLen = 0;
  fputc('"', j->out);
  j->inString = false;
  afterValue(j);
}

void pt2eJsonString(Pt2eJson *j, const char *s, size_t len) {
  pt2eJsonStringBegin(j);
  pt2eJsonStringChunk(j, s, len);
  pt2eJsonStringEnd(j);
}

void pt2eJsonCString(Pt2eJson *j, const char *s) {
  pt2eJsonString(j, s, strlen(s));
}

void pt2eJsonKey(Pt2eJson *j, const char *key) {
  beforeItem(j, true);
  j->keyDue = false;
  fputc('"', j->out);
  j->carryLen = 0;
  stringBytes(j, (const unsigned char *)key, strlen(key));
  if (j->carryLen > 0)
    replacement(j);
  j->carryLen = 0;
  fputs("\": ", j->out);
}

/* }==== */

/* {==== numbers and literals ==== */

static void literal(Pt2eJson *j, const char *text) {
  beforeItem(j, false);
  fputs(text, j->out);
  afterValue(j);
}

/* NaN and the infinities, which JSON has no number for. */
static bool nonFinite(Pt2eJson *j, double v) {
  if (isnan(v))
    literal(j, "\"NaN\"");
  else if (isinf(v))
    literal(j, v > 0 ? "\"Infinity\"" : "\"-Infinity\"");
  else
    return false;
  return true;
}

void pt2eJsonInt(Pt2eJson *j, int64_t v) {
  char buf[32];
  snprintf(buf, sizeof buf, "%" PRId64, v);
  literal(j, buf);
}

/*
** printf's %g writes a valid JSON number for every finite value: an
** optional '-', no leading zeros, "e+NN" / "e-NN" exponents (JSON allows
** the sign and the leading zero of the exponent); the C locale is assumed
** (a ',' decimal point would not be JSON), as everywhere in the project.
*/
void pt2eJsonF32(Pt2eJson *j, float v) {
  if (nonFinite(j, v))
    return;
  char buf[40];
  snprintf(buf, sizeof buf, "%.9g", (double)v);
  literal(j, buf);
}

void pt2eJsonF64(Pt2eJson *j, double v) {
  if (nonFinite(j, v))
    return;
  char buf[40];
  snprintf(buf, sizeof buf, "%.17g", v);
  literal(j, buf);
}

void pt2eJsonBool(Pt2eJson *j, bool v) { literal(j, v ? "true" : "false"); }
void pt2eJsonNull(Pt2eJson *j) { literal(j, "null"); }

/* }==== */
