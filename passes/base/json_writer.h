/*
** json_writer.h
** A streaming JSON writer (RFC 8259) to a FILE: what pt2e-report{format=json}
** and the programs that print JSON write through, so that every document is
** valid whatever the strings hold.
**
** - Strings are escaped: '"', '\\' and the control characters U+0000..U+001F
**   (\n, \t, ... and \u00XX); bytes that are not well-formed UTF-8 (a file
**   name in a location may hold any bytes) become U+FFFD, written \ufffd,
**   so the text stays valid Unicode. A string may arrive in chunks
**   (pt2eJsonStringBegin / Chunk / End): a UTF-8 sequence split across
**   two chunks is kept whole.
** - Numbers: integers exactly; a float32 with 9 significant digits and a
**   double with 17 (both read back to the same bits). JSON has no NaN or
**   infinity: they are written as the strings "NaN", "Infinity" and
**   "-Infinity", as protobuf's JSON mapping writes them (Python's
**   float("Infinity") reads them).
** - Commas and nesting are the writer's: the caller only opens, writes and
**   closes. Elements of containers at depth <= breakDepth start on a line of
**   their own (indented two spaces per level), deeper ones stay on their
**   container's line: breakDepth 1 prints a list of one object per line.
**
** Write errors are the FILE's (ferror); pt2eOutputCommit (pt2e_file.h)
** reports them. Misuse (a value where a key is due, closing what is not
** open, nesting deeper than PT2E_JSON_MAX_DEPTH) is a bug of the caller and
** trips an assert; pt2eJsonIsComplete says whether one whole value was
** written.
** No MLIR here: the writer only knows bytes.
*/
#ifndef PT2E_JSON_WRITER_H
#define PT2E_JSON_WRITER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PT2E_JSON_MAX_DEPTH 32

typedef struct Pt2eJson {
  FILE *out;
  int breakDepth;
  int depth;                           /* open containers */
  bool isObject[PT2E_JSON_MAX_DEPTH];  /* per open container */
  bool hasItems[PT2E_JSON_MAX_DEPTH];  /* per open container: needs a comma */
  bool keyDue;          /* inside an object, a key must come next */
  bool done;            /* the top-level value is complete */
  bool inString;        /* between StringBegin and StringEnd */
  unsigned char carry[4]; /* an unfinished UTF-8 sequence of a chunked string */
  int carryLen, carryNeed;
} Pt2eJson;

/* A writer to 'out' (see breakDepth above). */
void pt2eJsonInit(Pt2eJson *j, FILE *out, int breakDepth);
/* True once exactly one top-level value has been written and closed. */
bool pt2eJsonIsComplete(const Pt2eJson *j);

void pt2eJsonBeginArray(Pt2eJson *j);
void pt2eJsonEndArray(Pt2eJson *j);
void pt2eJsonBeginObject(Pt2eJson *j);
void pt2eJsonEndObject(Pt2eJson *j);
/* The next member's key (a NUL-terminated string, escaped as any string). */
void pt2eJsonKey(Pt2eJson *j, const char *key);

/* A string of 'len' bytes (not NUL-terminated; may hold NUL, escaped). */
void pt2eJsonString(Pt2eJson *j, const char *s, size_t len);
/* The same, NUL-terminated. */
void pt2eJsonCString(Pt2eJson *j, const char *s);
/* A string written in pieces, as a printing callback hands them over. */
void pt2eJsonStringBegin(Pt2eJson *j);
void pt2eJsonStringChunk(Pt2eJson *j, const char *s, size_t len);
void pt2eJsonStringEnd(Pt2eJson *j);

void pt2eJsonInt(Pt2eJson *j, int64_t v);
/* 9 significant digits: reads back to the same float32 ("NaN", ...). */
void pt2eJsonF32(Pt2eJson *j, float v);
/* 17 significant digits: reads back to the same double ("NaN", ...). */
void pt2eJsonF64(Pt2eJson *j, double v);
void pt2eJsonBool(Pt2eJson *j, bool v);
void pt2eJsonNull(Pt2eJson *j);

#ifdef __cplusplus
}
#endif

#endif /* PT2E_JSON_WRITER_H */
