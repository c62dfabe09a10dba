/*
** json_read.h
** The one JSON reader of the programs: a strict RFC 8259 parser (as I-JSON,
** RFC 7493, narrows it) that turns a text into a tree of nodes, so that
** json-check validates and checks a schema, and qparams-check reads
** pt2e-report{format=json} documents, with the same grammar.
**
** Accepted: one value with optional whitespace around it; strings of
** well-formed UTF-8 with no raw control character, only the escapes \" \\
** \/ \b \f \n \r \t \uXXXX, and no lone surrogate, escaped or not;
** numbers -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? (no NaN,
** Infinity, leading '+', '.5', '1.'); no duplicate key in an object (keys
** compared as written; at most PT2E_JSON_MAX_KEYS keys per object, so that
** the check stays cheap); true, false, null; nesting at most
** PT2E_JSON_MAX_DEPTH deep.
**
** The tree is a flat array of nodes in document order (pre-order): a
** container's children follow it, linked through 'next'. Nodes point into
** the text, which must outlive the document; strings are not unescaped.
*/
#ifndef PT2E_JSON_READ_H
#define PT2E_JSON_READ_H

#include <stdbool.h>
#include <stddef.h>

enum { PT2E_JSON_MAX_DEPTH = 512, PT2E_JSON_MAX_KEYS = 64 };

typedef enum Pt2eJsonKind {
  Pt2eJsonNull,
  Pt2eJsonBool,
  Pt2eJsonNumber,
  Pt2eJsonString,
  Pt2eJsonArray,
  Pt2eJsonObject,
} Pt2eJsonKind;

typedef struct Pt2eJsonNode {
  Pt2eJsonKind kind;
  bool isInteger;         /* a number without fraction or exponent */
  bool truth;             /* a bool's value */
  size_t start, end;      /* the value's bytes; a string's between its quotes */
  size_t keyStart, keyEnd; /* an object member's key, between its quotes */
  long first;             /* a container's first child, -1 when empty */
  long next;              /* the next element or member, -1 after the last */
  long count;             /* a container's number of children */
} Pt2eJsonNode;

typedef struct Pt2eJsonDoc {
  const unsigned char *text;
  size_t len;
  Pt2eJsonNode *nodes;    /* nodes[0] is the document's value */
  size_t numNodes, capNodes;
  char error[256];        /* why parsing failed, "" when it did not */
  size_t errorPos;        /* where: a byte offset into 'text' */
} Pt2eJsonDoc;

/*
** Parses 'text' (len bytes, borrowed) into '*doc'. False when the text is
** not JSON as above or memory runs out: doc->error says why, doc->errorPos
** where. Either way pt2eJsonFree(doc) releases what was built.
*/
bool pt2eJsonParse(Pt2eJsonDoc *doc, const unsigned char *text, size_t len);

/* Frees the nodes of '*doc' (not the text); on a zeroed doc does nothing. */
void pt2eJsonFree(Pt2eJsonDoc *doc);

/* The 1-based line and column of byte 'pos' of the document's text. */
void pt2eJsonLineColumn(const Pt2eJsonDoc *doc, size_t pos, size_t *line, size_t *column);

/* The node at index 'i', NULL for -1. */
const Pt2eJsonNode *pt2eJsonAt(const Pt2eJsonDoc *doc, long i);

/* Whether member 'm' has the key 'key' (compared as written). */
bool pt2eJsonKeyIs(const Pt2eJsonDoc *doc, const Pt2eJsonNode *m, const char *key);

/* The member of object 'obj' whose key is 'key', or NULL. */
const Pt2eJsonNode *pt2eJsonMember(const Pt2eJsonDoc *doc, const Pt2eJsonNode *obj,
                                   const char *key);

/* Whether 'n' is a string whose text (as written) is 's'. */
bool pt2eJsonStringIs(const Pt2eJsonDoc *doc, const Pt2eJsonNode *n, const char *s);

/*
** Whether 'n' is the string "NaN", "Infinity" or "-Infinity": how
** pt2e-report writes a non-finite number (docs/report.md).
*/
bool pt2eJsonIsNonFinite(const Pt2eJsonDoc *doc, const Pt2eJsonNode *n);

/*
** The float32 nearest to number 'n' (correctly rounded, not via double),
** or the non-finite value of a string pt2eJsonIsNonFinite accepts. False
** for anything else.
*/
bool pt2eJsonFloatOf(const Pt2eJsonDoc *doc, const Pt2eJsonNode *n, float *out);

/* Integer 'n' into '*out'; false when it is not an integer or overflows. */
bool pt2eJsonIntegerOf(const Pt2eJsonDoc *doc, const Pt2eJsonNode *n, long long *out);

#endif /* PT2E_JSON_READ_H */
