/*
** npy.c
** NumPy .npy and .npz files (see npy.h for the API).
**
** A .npy file is the magic "\x93NUMPY", a version (1.0: a 2-byte header
** length; 2.0 and 3.0: 4 bytes), a header that is a Python dict literal
** such as {'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }
** padded with spaces to a multiple of 64 bytes, then the raw elements.
** A .npz file is a ZIP archive of .npy entries: we read its central
** directory (zip64 records included, which numpy's zipfile writes for big
** arrays) and then each entry on demand, stored or raw-deflated, checking
** its CRC-32.
**
** Loading reads the header first (from memory, a file or a zip entry,
** inflating a deflated entry only that far), checks the shape against the
** size on disk and against the caller's Pt2eArrayCheck, and only then
** allocates one block and reads (or inflates) the elements into it; that
** block becomes the Pt2eArray's 'data'. A small file can therefore not
** make us allocate more than it holds, nor more than the caller allows.
** Conversions (Fortran order, f64 to f32) make a second block and free the
** first. Every size read from a file goes through pt2e_checked.h. All
** integers in the files are little-endian and read byte by byte, so
** alignment never matters.
*/
#include "npy.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "pt2e_checked.h"
#include "pt2e_file.h"
#include "pt2e_alloc.h"

#define NPY_ALIGN 64          /* numpy pads headers to this */
#define NPY_GROWTH_DIGITS 21  /* numpy's GROWTH_AXIS_MAX_DIGITS */
#define ZIP64_LIMIT 0x7FFFFFFFu /* Python's zipfile.ZIP64_LIMIT */

/*
** {==================================================================
** Small helpers
** ===================================================================
*/

/* Formats a message into 'err' and returns false. */
static bool fail(char *err, size_t errSize, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static bool fail(char *err, size_t errSize, const char *fmt, ...) {
  if (err && errSize > 0) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errSize, fmt, ap);
    va_end(ap);
  }
  return false;
}

static bool hostIsLittle(void) {
  const uint16_t one = 1;
  unsigned char first;
  memcpy(&first, &one, 1);
  return first == 1;
}

static uint32_t rd16(const unsigned char *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8;
}

static uint32_t rd32(const unsigned char *p) {
  return rd16(p) | rd16(p + 2) << 16;
}

static uint64_t rd64(const unsigned char *p) {
  return (uint64_t)rd32(p) | (uint64_t)rd32(p + 4) << 32;
}

static unsigned char *wr16(unsigned char *p, uint32_t v) {
  p[0] = (unsigned char)v;
  p[1] = (unsigned char)(v >> 8);
  return p + 2;
}

static unsigned char *wr32(unsigned char *p, uint32_t v) {
  return wr16(wr16(p, v & 0xFFFF), v >> 16);
}

static unsigned char *wr64(unsigned char *p, uint64_t v) {
  return wr32(wr32(p, (uint32_t)v), (uint32_t)(v >> 32));
}

/* CRC-32 of 'n' bytes continuing 'crc', in pieces zlib's uInt can take. */
static uint32_t crcUpdate(uint32_t crc, const void *data, size_t n) {
  const unsigned char *p = data;
  uLong c = crc;
  while (n > 0) {
    uInt k = n > UINT_MAX ? UINT_MAX : (uInt)n;
    c = crc32(c, p, k);
    p += k;
    n -= k;
  }
  return (uint32_t)c;
}

/* zlib allocates through pt2eAlloc too. */
static voidpf zAlloc(voidpf opaque, uInt items, uInt size) {
  (void)opaque;
  if (size != 0 && items > SIZE_MAX / size)
    return Z_NULL;
  return pt2eAlloc((size_t)items * size);
}

static void zFree(voidpf opaque, voidpf p) {
  (void)opaque;
  pt2eFree(p);
}

/* A copy of 'n' bytes of 's' plus a NUL, or NULL. */
static char *copyString(const char *s, size_t n) {
  char *c = pt2eAlloc(n + 1);
  if (c) {
    memcpy(c, s, n);
    c[n] = '\0';
  }
  return c;
}

/* Writes "(2, 3)", "(3,)" or "()" into 'buf', as Python's repr of a tuple. */
static void formatShape(char *buf, size_t cap, int rank, const int64_t *shape) {
  size_t len = 0;
  buf[0] = '\0';
  len += (size_t)snprintf(buf, cap, "(");
  for (int i = 0; i < rank && len < cap; i++)
    len += (size_t)snprintf(buf + len, cap - len, "%s%lld", i ? ", " : "",
                            (long long)shape[i]);
  if (len < cap)
    snprintf(buf + len, cap - len, rank == 1 ? ",)" : ")");
}

/* }================================================================== */

/*
** {==================================================================
** Arrays
** ===================================================================
*/

static const struct {
  char kind;       /* numpy's type letter */
  int size;        /* bytes per element */
  const char *le;  /* descr on a little-endian host */
  const char *be;  /* descr on a big-endian host */
} dtypes[] = {
  [Pt2eArrayF32] = {'f', 4, "<f4", ">f4"},
  [Pt2eArrayF64] = {'f', 8, "<f8", ">f8"},
  [Pt2eArrayI64] = {'i', 8, "<i8", ">i8"},
  [Pt2eArrayI32] = {'i', 4, "<i4", ">i4"},
  [Pt2eArrayI16] = {'i', 2, "<i2", ">i2"},
  [Pt2eArrayI8] = {'i', 1, "|i1", "|i1"},
  [Pt2eArrayU8] = {'u', 1, "|u1", "|u1"},
  [Pt2eArrayBool] = {'b', 1, "|b1", "|b1"},
};
#define NUM_DTYPES ((int)(sizeof dtypes / sizeof dtypes[0]))

static bool validDType(Pt2eArrayDType dtype) {
  return (int)dtype >= 0 && (int)dtype < NUM_DTYPES;
}

size_t pt2eArrayDTypeSize(Pt2eArrayDType dtype) {
  return validDType(dtype) ? (size_t)dtypes[dtype].size : 0;
}

const char *pt2eArrayDTypeName(Pt2eArrayDType dtype) {
  if (!validDType(dtype))
    return "?";
  return hostIsLittle() ? dtypes[dtype].le : dtypes[dtype].be;
}

int64_t pt2eArrayNumel(const Pt2eArray *a) {
  int64_t n;
  if (a->rank < 0 || a->rank > PT2E_MAX_RANK ||
      !pt2eCheckedNumel(a->rank, a->shape, &n))
    return -1;
  return n;
}

/*
** Bytes taken by 'rank' extents of 'elemSize'-byte elements; false when an
** extent is negative or the size does not fit in int64_t and size_t. A zero
** extent empties the array whatever the others are, as in numpy.
*/
static bool shapeBytes(int rank, const int64_t *shape, size_t elemSize,
                       size_t *nbytes) {
  int64_t numel;
  for (int i = 0; i < rank; i++)
    if (shape[i] < 0)
      return false;
  for (int i = 0; i < rank; i++)
    if (shape[i] == 0) {
      *nbytes = 0;
      return true;
    }
  return pt2eCheckedNumel(rank, shape, &numel) &&
         pt2eCheckedBytes(numel, elemSize, nbytes);
}

bool pt2eArrayInit(Pt2eArray *a, Pt2eArrayDType dtype, int rank,
                   const int64_t *shape) {
  size_t nbytes;
  memset(a, 0, sizeof *a);
  if (!validDType(dtype) || rank < 0 || rank > PT2E_MAX_RANK ||
      !shapeBytes(rank, shape, pt2eArrayDTypeSize(dtype), &nbytes))
    return false;
  void *data = NULL;
  if (nbytes > 0 && (data = pt2eAlloc(nbytes)) == NULL)
    return false;
  a->dtype = dtype;
  a->rank = rank;
  for (int i = 0; i < rank; i++)
    a->shape[i] = shape[i];
  a->data = data;
  a->nbytes = nbytes;
  return true;
}

void pt2eArrayFree(Pt2eArray *a) {
  if (!a)
    return;
  pt2eFree(a->data);
  memset(a, 0, sizeof *a);
}

/* }================================================================== */

/*
** {==================================================================
** The .npy header: a Python dict literal
** ===================================================================
*/

typedef struct Header {
  Pt2eArrayDType dtype;
  bool swap;      /* file byte order differs from the host's */
  bool fortran;
  int rank;
  int64_t shape[PT2E_MAX_RANK];
  char descr[32];
} Header;

typedef struct Lexer {
  const char *p, *end;
} Lexer;

static void skipSpace(Lexer *lx) {
  while (lx->p < lx->end && (*lx->p == ' ' || *lx->p == '\t' ||
                             *lx->p == '\n' || *lx->p == '\r'))
    lx->p++;
}

/* Skips blanks, then consumes 'c' if it comes next. */
static bool accept(Lexer *lx, char c) {
  skipSpace(lx);
  if (lx->p < lx->end && *lx->p == c) {
    lx->p++;
    return true;
  }
  return false;
}

/* Consumes the identifier 'word' if it comes next. */
static bool acceptWord(Lexer *lx, const char *word) {
  size_t n = strlen(word);
  skipSpace(lx);
  if ((size_t)(lx->end - lx->p) >= n && memcmp(lx->p, word, n) == 0) {
    lx->p += n;
    return true;
  }
  return false;
}

/* A quoted string without escapes into 'buf' (truncated to 'cap' - 1). */
static bool readString(Lexer *lx, char *buf, size_t cap) {
  skipSpace(lx);
  if (lx->p >= lx->end || (*lx->p != '\'' && *lx->p != '"'))
    return false;
  char quote = *lx->p++;
  const char *start = lx->p;
  while (lx->p < lx->end && *lx->p != quote) {
    /* no control bytes: messages quote these strings on one line */
    if (*lx->p == '\\' || (unsigned char)*lx->p < ' ')
      return false;
    lx->p++;
  }
  if (lx->p >= lx->end)
    return false;
  size_t n = (size_t)(lx->p - start);
  if (n >= cap)
    n = cap - 1;
  memcpy(buf, start, n);
  buf[n] = '\0';
  lx->p++;
  return true;
}

/* A decimal integer, optionally negative, optionally with Python 2's 'L'. */
static bool readInt(Lexer *lx, int64_t *v) {
  skipSpace(lx);
  bool neg = accept(lx, '-');
  if (lx->p >= lx->end || *lx->p < '0' || *lx->p > '9')
    return false;
  uint64_t n = 0;
  while (lx->p < lx->end && *lx->p >= '0' && *lx->p <= '9') {
    unsigned d = (unsigned)(*lx->p++ - '0');
    if (n > ((uint64_t)INT64_MAX - d) / 10)
      return false;
    n = n * 10 + d;
  }
  if (lx->p < lx->end && *lx->p == 'L')
    lx->p++;
  *v = neg ? -(int64_t)n : (int64_t)n;
  return true;
}

/* Maps a descr such as "<f4" to a dtype and whether to swap bytes. */
static bool parseDescr(Header *h) {
  const char *d = h->descr;
  char order = '=';
  if (*d == '<' || *d == '>' || *d == '|' || *d == '=')
    order = *d++;
  char kind = *d++;
  if (kind == '\0' || *d < '1' || *d > '9' || strlen(d) > 2)
    return false;
  int size = 0;
  for (; *d; d++) {
    if (*d < '0' || *d > '9')
      return false;
    size = size * 10 + (*d - '0');
  }
  for (int i = 0; i < NUM_DTYPES; i++) {
    if (dtypes[i].kind != kind || dtypes[i].size != size)
      continue;
    if (size == 1) { /* byte order means nothing here */
      h->swap = false;
    } else {
      if (order == '|')
        return false;
      bool little = order == '<' || (order == '=' && hostIsLittle());
      h->swap = little != hostIsLittle();
    }
    h->dtype = (Pt2eArrayDType)i;
    return true;
  }
  return false;
}

/* The error for a header that does not parse where 'lx' stopped. */
static bool malformed(const Lexer *lx, const char *name, char *err,
                      size_t errSize) {
  if (lx->p == lx->end)
    return fail(err, errSize, "%s: malformed header (it ends inside the "
                "dict)", name);
  /* quote at most 24 bytes, non-printable ones as '?': one line */
  char near[25];
  size_t n = (size_t)(lx->end - lx->p) < 24 ? (size_t)(lx->end - lx->p) : 24;
  for (size_t i = 0; i < n; i++)
    near[i] = lx->p[i] >= ' ' && lx->p[i] <= '~' ? lx->p[i] : '?';
  near[n] = '\0';
  return fail(err, errSize, "%s: malformed header near '%s'", name, near);
}

/* The value of 'descr': a string parseDescr knows. */
static bool parseDescrValue(Lexer *lx, const char *name, Header *h,
                            char *err, size_t errSize) {
  skipSpace(lx);
  if (lx->p < lx->end && *lx->p == '[')
    return fail(err, errSize,
                "%s: unsupported dtype (structured array)", name);
  if (!readString(lx, h->descr, sizeof h->descr))
    return fail(err, errSize, "%s: unsupported dtype (descr is not a "
                "string)", name);
  if (!parseDescr(h))
    return fail(err, errSize, "%s: unsupported dtype '%s'", name,
                h->descr);
  return true;
}

/* The value of 'fortran_order': True or False. */
static bool parseOrderValue(Lexer *lx, const char *name, Header *h,
                            char *err, size_t errSize) {
  if (acceptWord(lx, "True"))
    h->fortran = true;
  else if (acceptWord(lx, "False"))
    h->fortran = false;
  else
    return malformed(lx, name, err, errSize);
  return true;
}

/* The value of 'shape': a tuple of extents, at most PT2E_MAX_RANK. */
static bool parseShapeValue(Lexer *lx, const char *name, Header *h,
                            char *err, size_t errSize) {
  int rank = 0;
  if (!accept(lx, '('))
    return malformed(lx, name, err, errSize);
  while (!accept(lx, ')')) {
    int64_t extent;
    if (!readInt(lx, &extent))
      return malformed(lx, name, err, errSize);
    if (extent < 0)
      return fail(err, errSize, "%s: negative extent %lld in shape",
                  name, (long long)extent);
    if (rank < PT2E_MAX_RANK)
      h->shape[rank] = extent;
    rank++;
    if (!accept(lx, ',')) {
      if (!accept(lx, ')'))
        return malformed(lx, name, err, errSize);
      break;
    }
  }
  if (rank > PT2E_MAX_RANK)
    return fail(err, errSize, "%s: rank %d exceeds the maximum of %d",
                name, rank, PT2E_MAX_RANK);
  h->rank = rank;
  return true;
}

/* The keys a header must have, each once, and their values' parsers. */
static const char *const headerKeys[3] = {"descr", "fortran_order",
                                          "shape"};
static bool (*const headerValues[3])(Lexer *, const char *, Header *,
                                     char *, size_t) = {
    parseDescrValue, parseOrderValue, parseShapeValue};

/* One "key: value" entry of the dict; 'seen' marks the keys met. */
static bool parseEntry(Lexer *lx, const char *name, Header *h, bool *seen,
                       char *err, size_t errSize) {
  char key[32];
  if (!readString(lx, key, sizeof key) || !accept(lx, ':'))
    return malformed(lx, name, err, errSize);
  for (int k = 0; k < 3; k++) {
    if (strcmp(key, headerKeys[k]) != 0)
      continue;
    if (seen[k])
      return fail(err, errSize, "%s: header repeats key '%s'", name, key);
    seen[k] = true;
    return headerValues[k](lx, name, h, err, errSize);
  }
  return fail(err, errSize, "%s: header has unknown key '%s'", name, key);
}

/* Parses the dict text [text, text + len) into 'h'; 'name' prefixes errors. */
static bool parseDict(const char *name, const char *text, size_t len,
                      Header *h, char *err, size_t errSize) {
  Lexer lx = {text, text + len};
  bool seen[3] = {false, false, false};
  if (!accept(&lx, '{'))
    return fail(err, errSize, "%s: header is not a dict", name);
  while (!accept(&lx, '}')) {
    if (!parseEntry(&lx, name, h, seen, err, errSize))
      return false;
    if (!accept(&lx, ',')) {
      if (!accept(&lx, '}'))
        return malformed(&lx, name, err, errSize);
      break;
    }
  }
  skipSpace(&lx);
  if (lx.p != lx.end)
    return malformed(&lx, name, err, errSize);
  for (int k = 0; k < 3; k++)
    if (!seen[k])
      return fail(err, errSize, "%s: header lacks key '%s'", name,
                  headerKeys[k]);
  return true;
}

static const unsigned char npyMagic[6] = {0x93, 'N', 'U', 'M', 'P', 'Y'};

/* }================================================================== */

/*
** {==================================================================
** Loading: the header first, then the elements straight into their block
** ===================================================================
*/

/* numpy writes headers under 1 KiB for the dtypes read here */
#define NPY_MAX_HEADER ((uint32_t)1 << 20)
#define MIB ((int64_t)1 << 20)

/*
** Where the bytes of one .npy come from: memory, a file, or an entry of a
** .npz. 'read' hands out the next 'n' bytes (false with 'err' on a bad
** read); 'finish', if not NULL, runs once all 'size' bytes are read (the
** CRC-32 and the end of a deflate stream). Each kind embeds a Source as
** its first member.
*/
typedef struct Source Source;
struct Source {
  const char *name; /* prefixes errors */
  uint64_t size;    /* bytes of the whole .npy */
  uint64_t pos;     /* bytes handed out so far */
  bool (*read)(Source *s, unsigned char *dst, size_t n, char *err,
               size_t errSize);
  bool (*finish)(Source *s, char *err, size_t errSize);
};

/* The next 'n' bytes of 's'; never past its end. */
static bool take(Source *s, unsigned char *dst, size_t n, char *err,
                 size_t errSize) {
  if (n > s->size - s->pos)
    return fail(err, errSize, "%s: truncated file", s->name);
  if (n == 0)
    return true;
  if (!s->read(s, dst, n, err, errSize))
    return false;
  s->pos += n;
  return true;
}

/* The format version in pre[6..7] and the header length after it: 2 bytes
** for 1.0, 4 for 2.0 and 3.0 (whose last two are read here); '*start' is
** where the header text starts. */
static bool readVersion(Source *s, unsigned char *pre, uint64_t *start,
                        uint32_t *hlen, char *err, size_t errSize) {
  unsigned major = pre[6], minor = pre[7];
  if (major == 1 && minor == 0) {
    *start = 10;
    *hlen = rd16(pre + 8);
    return true;
  }
  if ((major == 2 || major == 3) && minor == 0) {
    if (s->size < 12)
      return fail(err, errSize, "%s: truncated file (%llu bytes, a version "
                  "%u.0 header needs at least 12)", s->name,
                  (unsigned long long)s->size, major);
    if (!take(s, pre + 10, 2, err, errSize))
      return false;
    *start = 12;
    *hlen = rd32(pre + 8);
    return true;
  }
  return fail(err, errSize, "%s: unsupported format version %u.%u",
              s->name, major, minor);
}

/* The magic, the version and the header's length, checked against the
** size of the file and NPY_MAX_HEADER. */
static bool readPreamble(Source *s, uint64_t *start, uint32_t *hlen,
                         char *err, size_t errSize) {
  unsigned char pre[12];
  size_t m = s->size < 10 ? (size_t)s->size : 10;
  if (!take(s, pre, m, err, errSize))
    return false;
  if (m > 0 && memcmp(pre, npyMagic, m < 6 ? m : 6) != 0)
    return fail(err, errSize, "%s: bad magic (not a .npy file)", s->name);
  if (m < 10)
    return fail(err, errSize, "%s: truncated file (%zu bytes, a .npy header "
                "needs at least 10)", s->name, m);
  if (!readVersion(s, pre, start, hlen, err, errSize))
    return false;
  if (*hlen > s->size - *start)
    return fail(err, errSize, "%s: truncated header (needs %llu bytes, file "
                "has %llu)", s->name, (unsigned long long)(*start + *hlen),
                (unsigned long long)s->size);
  if (*hlen > NPY_MAX_HEADER)
    return fail(err, errSize, "%s: header of %lu bytes is longer than the "
                "%lu allowed", s->name, (unsigned long)*hlen,
                (unsigned long)NPY_MAX_HEADER);
  return true;
}

/*
** Checks magic and version, reads and parses the header into 'h' and sets
** '*dataOff' to where the elements start. Only the header is read.
*/
static bool readHeader(Source *s, Header *h, uint64_t *dataOff, char *err,
                       size_t errSize) {
  uint64_t start = 0;
  uint32_t hlen = 0;
  if (!readPreamble(s, &start, &hlen, err, errSize))
    return false;
  char *text = pt2eAlloc(hlen > 0 ? hlen : 1);
  if (!text)
    return fail(err, errSize, "%s: out of memory", s->name);
  memset(h, 0, sizeof *h);
  bool ok = take(s, (unsigned char *)text, hlen, err, errSize) &&
            parseDict(s->name, text, hlen, h, err, errSize);
  pt2eFree(text);
  *dataOff = start + hlen;
  return ok;
}

/* PT2E_DEFAULT_MAX_ENTRY_MB, the option text, as a number. */
static int64_t defaultMaxMiB(void) {
  return strtoll(PT2E_DEFAULT_MAX_ENTRY_MB, NULL, 10);
}

/* check->accept on the array the header 'h' describes, as the load would
** return it ('nbytes' of elements in the file; f64 read as f32 when
** asked). Its message replaces the fallback written first. */
static bool acceptArray(const char *name, const Header *h, unsigned flags,
                        size_t nbytes, const char *shapeText,
                        const Pt2eArrayCheck *check, char *err,
                        size_t errSize) {
  Pt2eArray desc;
  memset(&desc, 0, sizeof desc);
  desc.dtype = h->dtype;
  desc.rank = h->rank;
  memcpy(desc.shape, h->shape, sizeof desc.shape);
  desc.nbytes = nbytes;
  if ((flags & Pt2eNpyAsF32) && h->dtype == Pt2eArrayF64) {
    desc.dtype = Pt2eArrayF32;
    desc.nbytes = nbytes / 2;
  }
  fail(err, errSize, "%s: array of shape %s of '%s' is not what was "
       "expected", name, shapeText, h->descr);
  return check->accept(check->userData, &desc, err, errSize);
}

/*
** Applies 'check' to the array the header 'h' describes ('nbytes' of
** elements in the file): first its 'accept' (on the array as the load would
** return it), then the size limit.
*/
static bool checkHeader(const char *name, const Header *h, unsigned flags,
                        size_t nbytes, const Pt2eArrayCheck *check,
                        char *err, size_t errSize) {
  char shapeText[256];
  formatShape(shapeText, sizeof shapeText, h->rank, h->shape);
  if (check && check->accept &&
      !acceptArray(name, h, flags, nbytes, shapeText, check, err, errSize))
    return false;
  int64_t maxMiB = check && check->maxMiB > 0 ? check->maxMiB
                                               : defaultMaxMiB();
  int64_t maxBytes;
  const char *option = check ? check->option : NULL;
  if (pt2eCheckedMul(maxMiB, MIB, &maxBytes) &&
      (uint64_t)nbytes > (uint64_t)maxBytes)
    return fail(err, errSize, "%s: array of shape %s of '%s' takes %zu bytes "
                "(%.1f MiB), more than the limit of %lld MiB%s%s%s", name,
                shapeText, h->descr, nbytes, (double)nbytes / (double)MIB,
                (long long)maxMiB, option ? " (raise it with " : "",
                option ? option : "", option ? ")" : "");
  return true;
}

static void swapBytes(unsigned char *p, size_t nbytes, size_t elemSize) {
  for (size_t i = 0; i + elemSize <= nbytes; i += elemSize)
    for (size_t a = i, b = i + elemSize - 1; a < b; a++, b--) {
      unsigned char t = p[a];
      p[a] = p[b];
      p[b] = t;
    }
}

/*
** Copies Fortran-ordered 'src' into C-ordered 'dst': walk 'dst' in order,
** keeping the offset of the same index in 'src'. The strides are partial
** products of a shape whose full product was checked, so they fit.
*/
static void fortranToC(unsigned char *dst, const unsigned char *src,
                       int rank, const int64_t *shape, size_t elemSize,
                       int64_t numel) {
  int64_t stride[PT2E_MAX_RANK], idx[PT2E_MAX_RANK];
  int64_t at = 0;
  for (int k = 0; k < rank; k++) {
    stride[k] = k == 0 ? 1 : stride[k - 1] * shape[k - 1];
    idx[k] = 0;
  }
  for (int64_t i = 0; i < numel; i++) {
    memcpy(dst + (size_t)i * elemSize, src + (size_t)at * elemSize, elemSize);
    for (int k = rank - 1; k >= 0; k--) {
      at += stride[k];
      if (++idx[k] < shape[k])
        break;
      at -= stride[k] * shape[k];
      idx[k] = 0;
    }
  }
}

/* Replaces the Fortran-ordered elements '*buf' by a C-ordered copy; false
** when out of memory (then '*buf' is as it was). */
static bool toCOrder(unsigned char **buf, size_t nbytes, const Header *h,
                     size_t elemSize) {
  unsigned char *c = pt2eAlloc(nbytes);
  if (!c)
    return false;
  fortranToC(c, *buf, h->rank, h->shape, elemSize,
             (int64_t)(nbytes / elemSize));
  pt2eFree(*buf);
  *buf = c;
  return true;
}

/* Replaces the doubles '*buf' of '*nbytes' bytes by floats; false when
** out of memory (then '*buf' is as it was). */
static bool toF32(unsigned char **buf, size_t *nbytes) {
  size_t fbytes = *nbytes / 2; /* numel floats: half the doubles' bytes */
  int64_t numel = (int64_t)(*nbytes / sizeof(double));
  float *f = pt2eAlloc(fbytes);
  if (!f)
    return false;
  for (int64_t i = 0; i < numel; i++) {
    double d;
    memcpy(&d, *buf + (size_t)i * sizeof d, sizeof d);
    f[i] = (float)d;
  }
  pt2eFree(*buf);
  *buf = (unsigned char *)f;
  *nbytes = fbytes;
  return true;
}

/*
** Turns the 'nbytes' elements in 'buf', as the file held them, into
** '*out': host byte order, bools 0 or 1, C order, f32 if asked. Takes
** ownership of 'buf' (NULL when 'nbytes' is 0): it becomes out->data or is
** freed, on every path. Fortran order and the f32 conversion need a
** second block.
*/
static bool convertOwned(const char *name, const Header *h,
                         unsigned char *buf, size_t nbytes, unsigned flags,
                         Pt2eArray *out, char *err, size_t errSize) {
  size_t es = pt2eArrayDTypeSize(h->dtype);
  out->dtype = h->dtype;
  out->rank = h->rank;
  memcpy(out->shape, h->shape, sizeof h->shape);
  if (nbytes == 0)
    return true;
  if (h->swap)
    swapBytes(buf, nbytes, es);
  if (h->dtype == Pt2eArrayBool)
    for (size_t i = 0; i < nbytes; i++)
      buf[i] = buf[i] != 0;
  if (h->fortran && h->rank > 1 && !toCOrder(&buf, nbytes, h, es))
    goto oom;
  if ((flags & Pt2eNpyAsF32) && h->dtype == Pt2eArrayF64) {
    if (!toF32(&buf, &nbytes))
      goto oom;
    out->dtype = Pt2eArrayF32;
  }
  out->data = buf;
  out->nbytes = nbytes;
  return true;
oom:
  fail(err, errSize, "%s: out of memory", name);
  pt2eFree(buf);
  memset(out, 0, sizeof *out);
  return false;
}

/*
** Loads the .npy that 's' holds: header, size checks, 'check', then one
** block for the elements, read into place.
*/
static bool loadNpy(Source *s, unsigned flags, const Pt2eArrayCheck *check,
                    Pt2eArray *out, char *err, size_t errSize) {
  Header h;
  uint64_t off = 0;
  size_t nbytes = 0;
  memset(out, 0, sizeof *out);
  if (!readHeader(s, &h, &off, err, errSize))
    return false;
  char shapeText[256];
  formatShape(shapeText, sizeof shapeText, h.rank, h.shape);
  if (!shapeBytes(h.rank, h.shape, pt2eArrayDTypeSize(h.dtype), &nbytes))
    return fail(err, errSize, "%s: shape %s of '%s' is too large", s->name,
                shapeText, h.descr);
  if (s->size - off != nbytes)
    return fail(err, errSize, "%s: data size mismatch (shape %s of '%s' "
                "needs %zu bytes, file has %llu)", s->name, shapeText,
                h.descr, nbytes, (unsigned long long)(s->size - off));
  if (!checkHeader(s->name, &h, flags, nbytes, check, err, errSize))
    return false;
  unsigned char *buf = NULL;
  if (nbytes > 0 && (buf = pt2eAlloc(nbytes)) == NULL)
    return fail(err, errSize, "%s: out of memory (%zu bytes)", s->name,
                nbytes);
  if (!take(s, buf, nbytes, err, errSize) ||
      (s->finish && !s->finish(s, err, errSize))) {
    pt2eFree(buf);
    return false;
  }
  return convertOwned(s->name, &h, buf, nbytes, flags, out, err, errSize);
}

/* A .npy in memory. */
typedef struct MemorySource {
  Source base;
  const unsigned char *bytes;
} MemorySource;

static bool memoryRead(Source *s, unsigned char *dst, size_t n, char *err,
                       size_t errSize) {
  (void)err;
  (void)errSize;
  memcpy(dst, ((MemorySource *)s)->bytes + (size_t)s->pos, n);
  return true;
}

bool pt2eNpyParse(const char *name, const void *bytes, size_t size,
                  unsigned flags, Pt2eArray *out, char *err, size_t errSize) {
  MemorySource m = {{name, size, 0, memoryRead, NULL}, bytes};
  return loadNpy(&m.base, flags, NULL, out, err, errSize);
}

/* A .npy file, read in order. */
typedef struct FileSource {
  Source base;
  FILE *f;
} FileSource;

static bool fileRead(Source *s, unsigned char *dst, size_t n, char *err,
                     size_t errSize) {
  FILE *f = ((FileSource *)s)->f;
  if (fread(dst, 1, n, f) == n)
    return true;
  return fail(err, errSize, "%s: cannot read (%s)", s->name,
              ferror(f) ? strerror(errno) : "the file got shorter");
}

/* Size of the open file 'f' (position left at the start), or -1. */
static long fileSize(FILE *f) {
  if (fseek(f, 0, SEEK_END) != 0)
    return -1;
  long n = ftell(f);
  if (fseek(f, 0, SEEK_SET) != 0)
    return -1;
  return n;
}

bool pt2eNpyReadChecked(const char *path, unsigned flags,
                        const Pt2eArrayCheck *check, Pt2eArray *out,
                        char *err, size_t errSize) {
  memset(out, 0, sizeof *out);
  FILE *f = fopen(path, "rb");
  if (!f)
    return fail(err, errSize, "%s: cannot open (%s)", path, strerror(errno));
  long n = fileSize(f);
  if (n < 0) {
    fclose(f);
    return fail(err, errSize, "%s: cannot read (%s)", path, strerror(errno));
  }
  FileSource fs = {{path, (uint64_t)n, 0, fileRead, NULL}, f};
  bool ok = loadNpy(&fs.base, flags, check, out, err, errSize);
  fclose(f);
  return ok;
}

bool pt2eNpyRead(const char *path, unsigned flags, Pt2eArray *out, char *err,
                 size_t errSize) {
  return pt2eNpyReadChecked(path, flags, NULL, out, err, errSize);
}

/* }================================================================== */

/*
** {==================================================================
** Reading .npz archives
** ===================================================================
*/

#define SIG_LOCAL 0x04034B50u
#define SIG_CENTRAL 0x02014B50u
#define SIG_END 0x06054B50u
#define SIG_END64 0x06064B50u
#define SIG_LOCATOR64 0x07064B50u

typedef struct NpzEntry {
  char *name;       /* "arg0.npy\0arg0\0": full name, then without ".npy" */
  const char *shortName;
  uint32_t flags, method, crc;
  uint64_t csize, usize, offset;  /* offset of the local header */
} NpzEntry;

struct Pt2eNpz {
  FILE *file;
  char *path;
  uint64_t size;
  size_t count;
  NpzEntry *entries;
};

void pt2eNpzClose(Pt2eNpz *npz) {
  if (!npz)
    return;
  for (size_t i = 0; i < npz->count; i++)
    pt2eFree(npz->entries[i].name);
  pt2eFree(npz->entries);
  pt2eFree(npz->path);
  if (npz->file)
    fclose(npz->file);
  pt2eFree(npz);
}

size_t pt2eNpzCount(const Pt2eNpz *npz) { return npz->count; }

const char *pt2eNpzName(const Pt2eNpz *npz, size_t i) {
  return i < npz->count ? npz->entries[i].shortName : NULL;
}

long pt2eNpzFind(const Pt2eNpz *npz, const char *name) {
  for (size_t i = 0; i < npz->count; i++)
    if (strcmp(npz->entries[i].name, name) == 0 ||
        strcmp(npz->entries[i].shortName, name) == 0)
      return (long)i;
  return -1;
}

/* Reads 'n' bytes at 'pos' of the archive; false on a short read. */
static bool readAt(Pt2eNpz *npz, uint64_t pos, void *buf, size_t n) {
  if (pos > npz->size || n > npz->size - pos || pos > LONG_MAX)
    return false;
  if (fseek(npz->file, (long)pos, SEEK_SET) != 0)
    return false;
  return fread(buf, 1, n, npz->file) == n;
}

/* Where the central directory lies, as the end records say. */
typedef struct CentralDir {
  uint32_t disk, cdDisk;   /* this disk, the directory's disk */
  uint64_t count;          /* entries */
  uint64_t off, size, end; /* its offset and bytes, its end record's offset */
} CentralDir;

/* The last bytes of the archive that can hold the end record, its
** comment and a zip64 locator: '*tlen' bytes from '*tpos' in a new block
** '*tail' (which the caller frees). */
static bool readTail(Pt2eNpz *npz, unsigned char **tail, size_t *tlen,
                     uint64_t *tpos, char *err, size_t errSize) {
  size_t tcap = 22 + 0xFFFF + 20; /* end record, comment, zip64 locator */
  *tlen = npz->size < tcap ? (size_t)npz->size : tcap;
  *tpos = npz->size - *tlen;
  *tail = pt2eAlloc(*tlen);
  if (*tlen > 0 && !*tail)
    return fail(err, errSize, "%s: out of memory", npz->path);
  if (!readAt(npz, *tpos, *tail, *tlen)) {
    pt2eFree(*tail);
    return fail(err, errSize, "%s: cannot read (%s)", npz->path,
                strerror(errno));
  }
  return true;
}

/* Where in 'tail' the end of central directory record starts: the last
** signature whose comment fits before the end; false when none does. */
static bool findEndRecord(const unsigned char *tail, size_t tlen,
                          size_t *at) {
  for (size_t p = tlen; p > 0;) {
    p--;
    if (p + 22 <= tlen && rd32(tail + p) == SIG_END &&
        p + 22 + rd16(tail + p + 20) <= tlen) {
      *at = p;
      return true;
    }
  }
  return false;
}

/* The classic end record 'e', at offset 'at' of the archive. */
static void readEndRecord(const unsigned char *e, uint64_t at,
                          CentralDir *cd) {
  cd->disk = rd16(e + 4);
  cd->cdDisk = rd16(e + 6);
  cd->count = rd16(e + 10);
  cd->size = rd32(e + 12);
  cd->off = rd32(e + 16);
  cd->end = at;
}

/* The zip64 end record at offset 'at', which overrides the classic one. */
static bool readEnd64(Pt2eNpz *npz, uint64_t at, CentralDir *cd) {
  unsigned char z[56];
  if (!readAt(npz, at, z, sizeof z) || rd32(z) != SIG_END64)
    return false;
  cd->disk = rd32(z + 16);
  cd->cdDisk = rd32(z + 20);
  cd->count = rd64(z + 32);
  cd->size = rd64(z + 40);
  cd->off = rd64(z + 48);
  cd->end = at;
  return true;
}

/* A directory on one disk, before its end record, with room for its
** entries' fixed 46 bytes each. */
static bool checkCentral(const Pt2eNpz *npz, const CentralDir *cd,
                         char *err, size_t errSize) {
  if (cd->disk != 0 || cd->cdDisk != 0)
    return fail(err, errSize, "%s: multi-disk zip archives are not supported",
                npz->path);
  if (cd->off > cd->end || cd->size > cd->end - cd->off)
    return fail(err, errSize, "%s: truncated zip archive (central directory "
                "at %llu, %llu bytes, runs past its end record at %llu)",
                npz->path, (unsigned long long)cd->off,
                (unsigned long long)cd->size, (unsigned long long)cd->end);
  if (cd->count > cd->size / 46)
    return fail(err, errSize, "%s: central directory of %llu bytes cannot "
                "hold %llu entries", npz->path, (unsigned long long)cd->size,
                (unsigned long long)cd->count);
  return true;
}

/*
** Finds the end of central directory record (and the zip64 one, if there
** is a locator right before it) and returns where the central directory
** lies and how many entries it holds.
*/
static bool findCentral(Pt2eNpz *npz, CentralDir *cd, char *err,
                        size_t errSize) {
  unsigned char *tail;
  size_t tlen, p;
  uint64_t tpos;
  if (!readTail(npz, &tail, &tlen, &tpos, err, errSize))
    return false;
  if (!findEndRecord(tail, tlen, &p)) {
    pt2eFree(tail);
    return fail(err, errSize, "%s: not a zip archive, or truncated (no end "
                "of central directory record)", npz->path);
  }
  readEndRecord(tail + p, tpos + p, cd);
  if (p >= 20 && rd32(tail + p - 20) == SIG_LOCATOR64 &&
      !readEnd64(npz, rd64(tail + p - 20 + 8), cd)) {
    pt2eFree(tail);
    return fail(err, errSize, "%s: bad zip64 end of central directory "
                "record", npz->path);
  }
  pt2eFree(tail);
  return checkCentral(npz, cd, err, errSize);
}

/* Applies a zip64 extra field (id 1) of 'n' bytes at 'x' to 'e'. */
static bool applyZip64(NpzEntry *e, const unsigned char *x, size_t n) {
  uint64_t *fields[3] = {&e->usize, &e->csize, &e->offset};
  size_t at = 0;
  for (int i = 0; i < 3; i++) {
    if (*fields[i] != 0xFFFFFFFFu)
      continue;
    if (at + 8 > n)
      return false;
    *fields[i] = rd64(x + at);
    at += 8;
  }
  return true;
}

/*
** 's' as messages show it: printable ASCII as it is, any other byte as
** \xNN, cut to fit 'buf'. Entry names come from the file and may hold a
** newline or escape codes; a message is one line of plain text.
*/
static const char *shownName(const char *s, char *buf, size_t size) {
  size_t n = 0;
  for (; *s && n + 5 < size; s++) {
    unsigned char c = (unsigned char)*s;
    if (c >= 0x20 && c < 0x7f)
      buf[n++] = (char)c;
    else
      n += (size_t)snprintf(buf + n, size - n, "\\x%02x", c);
  }
  buf[n] = '\0';
  return buf;
}

/* The extra fields of entry 'e' ('xlen' bytes at 'x'): a zip64 field
** gives its large sizes and offset; a damaged field ends the walk, as
** zipfile ignores it too. */
static bool readExtraFields(const Pt2eNpz *npz, NpzEntry *e,
                            const unsigned char *x, size_t xlen, char *err,
                            size_t errSize) {
  for (size_t k = 0; k + 4 <= xlen;) {
    size_t id = rd16(x + k), n = rd16(x + k + 2);
    if (k + 4 + n > xlen)
      break;
    char shown[256];
    if (id == 1 && !applyZip64(e, x + k + 4, n))
      return fail(err, errSize, "%s: entry '%s': bad zip64 extra field",
                  npz->path, shownName(e->name, shown, sizeof shown));
    k += 4 + n;
  }
  return true;
}

/* Entry i's fields from its central directory record 'c' (its name of
** 'nlen' bytes after the fixed 46): the name, also without ".npy", and
** the sizes, method and offset before any zip64 field. */
static bool readCentralEntry(Pt2eNpz *npz, size_t i, const unsigned char *c,
                             size_t nlen, char *err, size_t errSize) {
  NpzEntry *e = &npz->entries[i];
  e->name = pt2eAlloc(2 * nlen + 2);
  if (!e->name)
    return fail(err, errSize, "%s: out of memory", npz->path);
  npz->count = i + 1; /* so that pt2eNpzClose frees the name */
  memcpy(e->name, c + 46, nlen);
  size_t slen = nlen;
  if (nlen >= 4 && memcmp(c + 46 + nlen - 4, ".npy", 4) == 0)
    slen -= 4;
  memcpy(e->name + nlen + 1, c + 46, slen);
  e->shortName = e->name + nlen + 1;
  e->flags = rd16(c + 8);
  e->method = rd16(c + 10);
  e->crc = rd32(c + 16);
  e->csize = rd32(c + 20);
  e->usize = rd32(c + 24);
  e->offset = rd32(c + 42);
  return true;
}

/* Parses the 'size' bytes of central directory at 'cd' into npz->entries. */
static bool parseCentral(Pt2eNpz *npz, const unsigned char *cd, size_t size,
                         size_t count, char *err, size_t errSize) {
  size_t at = 0;
  for (size_t i = 0; i < count; i++) {
    if (size - at < 46 || rd32(cd + at) != SIG_CENTRAL)
      return fail(err, errSize, "%s: bad central directory entry %zu", 
                  npz->path, i);
    const unsigned char *c = cd + at;
    size_t nlen = rd16(c + 28), xlen = rd16(c + 30), clen = rd16(c + 32);
    if (size - at - 46 < nlen + xlen + clen)
      return fail(err, errSize, "%s: truncated central directory entry %zu",
                  npz->path, i);
    if (!readCentralEntry(npz, i, c, nlen, err, errSize) ||
        !readExtraFields(npz, &npz->entries[i], c + 46 + nlen, xlen, err,
                         errSize))
      return false;
    at += 46 + nlen + xlen + clen;
  }
  return true;
}

/* A new, empty archive reader of 'path', its file open and its size read;
** NULL (with 'err') when that fails. */
static Pt2eNpz *openArchive(const char *path, char *err, size_t errSize) {
  Pt2eNpz *npz = pt2eAlloc(sizeof *npz);
  if (!npz || (npz->path = copyString(path, strlen(path))) == NULL) {
    pt2eFree(npz);
    fail(err, errSize, "%s: out of memory", path);
    return NULL;
  }
  npz->file = fopen(path, "rb");
  if (!npz->file) {
    fail(err, errSize, "%s: cannot open (%s)", path, strerror(errno));
    pt2eNpzClose(npz);
    return NULL;
  }
  long n = fileSize(npz->file);
  if (n < 0) {
    fail(err, errSize, "%s: cannot read (%s)", path, strerror(errno));
    pt2eNpzClose(npz);
    return NULL;
  }
  npz->size = (uint64_t)n;
  return npz;
}

/* Reads the central directory 'dir' found and parses its entries. */
static bool readCentral(Pt2eNpz *npz, const CentralDir *dir, char *err,
                        size_t errSize) {
  unsigned char *cd = NULL;
  /* findCentral bounded both by the file's size, so the casts are exact */
  size_t cdBytes, entryBytes;
  bool ok = false;
  if (!pt2eCheckedBytes((int64_t)dir->size, 1, &cdBytes) ||
      !pt2eCheckedBytes((int64_t)dir->count, sizeof(NpzEntry), &entryBytes))
    fail(err, errSize, "%s: central directory too large", npz->path);
  else if ((cd = pt2eAlloc(cdBytes)) == NULL ||
           (npz->entries = pt2eAlloc(entryBytes)) == NULL)
    fail(err, errSize, "%s: out of memory", npz->path);
  else if (!readAt(npz, dir->off, cd, cdBytes))
    fail(err, errSize, "%s: cannot read the central directory", npz->path);
  else
    ok = parseCentral(npz, cd, cdBytes, (size_t)dir->count, err, errSize);
  pt2eFree(cd);
  return ok;
}

Pt2eNpz *pt2eNpzOpen(const char *path, char *err, size_t errSize) {
  CentralDir dir = {0, 0, 0, 0, 0, 0};
  Pt2eNpz *npz = openArchive(path, err, errSize);
  if (!npz)
    return NULL;
  if (!findCentral(npz, &dir, err, errSize) ||
      (dir.count > 0 && !readCentral(npz, &dir, err, errSize))) {
    pt2eNpzClose(npz);
    return NULL;
  }
  return npz;
}

/* Writes "'a', 'b', ..." (the archive's array names) into 'buf'. */
static void listNames(const Pt2eNpz *npz, char *buf, size_t cap) {
  size_t len = 0;
  buf[0] = '\0';
  char shown[128];
  for (size_t i = 0; i < npz->count && len + 1 < cap; i++)
    len += (size_t)snprintf(buf + len, cap - len, "%s'%s'", i ? ", " : "",
                            shownName(npz->entries[i].shortName, shown, sizeof shown));
}

#define ZIP_CHUNK ((size_t)64 << 10) /* compressed bytes read at a time */

/*
** One entry of a .npz as a Source: stored bytes read in place, or a raw
** deflate stream inflated on demand from ZIP_CHUNK pieces of the file. The
** CRC-32 runs over everything handed out.
*/
typedef struct EntrySource {
  Source base;
  Pt2eNpz *npz;
  uint32_t wantCrc, crc;
  uint64_t at;         /* file offset of the next stored or packed byte */
  uint64_t packedLeft; /* compressed bytes not read yet */
  bool deflated, zReady, ended;
  z_stream zs;
  unsigned char *chunk; /* 'chunkSize' bytes of compressed input */
  size_t chunkSize;
} EntrySource;

static bool storedRead(Source *s, unsigned char *dst, size_t n, char *err,
                       size_t errSize) {
  EntrySource *e = (EntrySource *)s;
  if (!readAt(e->npz, e->at, dst, n))
    return fail(err, errSize, "%s: cannot read", s->name);
  e->at += n;
  e->crc = crcUpdate(e->crc, dst, n);
  return true;
}

/* Gives zlib the next piece of compressed input once it used the last. */
static bool refill(EntrySource *e, char *err, size_t errSize) {
  if (e->zs.avail_in > 0 || e->packedLeft == 0)
    return true;
  size_t k = e->packedLeft < e->chunkSize ? (size_t)e->packedLeft
                                          : e->chunkSize;
  if (!readAt(e->npz, e->at, e->chunk, k))
    return fail(err, errSize, "%s: cannot read", e->base.name);
  e->at += k;
  e->packedLeft -= k;
  e->zs.next_in = e->chunk;
  e->zs.avail_in = (uInt)k;
  return true;
}

/* The error for inflate's result 'rc' (neither Z_OK nor Z_STREAM_END). */
static bool inflateFailed(EntrySource *e, int rc, char *err, size_t errSize) {
  const char *what = e->base.name;
  if (rc == Z_BUF_ERROR)
    return fail(err, errSize, "%s: deflate stream ends early", what);
  if (rc == Z_MEM_ERROR)
    return fail(err, errSize, "%s: out of memory", what);
  return fail(err, errSize, "%s: corrupt deflate data (%s)", what,
              e->zs.msg ? e->zs.msg : "unknown error");
}

static bool deflatedRead(Source *s, unsigned char *dst, size_t n, char *err,
                         size_t errSize) {
  EntrySource *e = (EntrySource *)s;
  size_t done = 0;
  while (done < n) {
    if (e->ended)
      return fail(err, errSize, "%s: inflates to fewer bytes than the "
                  "recorded %llu", s->name, (unsigned long long)s->size);
    if (!refill(e, err, errSize))
      return false;
    size_t room = n - done;
    e->zs.next_out = dst + done;
    e->zs.avail_out = room > UINT_MAX ? UINT_MAX : (uInt)room;
    uInt before = e->zs.avail_out;
    int rc = inflate(&e->zs, Z_NO_FLUSH);
    done += before - e->zs.avail_out;
    if (rc == Z_STREAM_END)
      e->ended = true;
    else if (rc != Z_OK)
      return inflateFailed(e, rc, err, errSize);
  }
  e->crc = crcUpdate(e->crc, dst, n);
  return true;
}

/*
** After the last recorded byte: a deflate stream must end there, without
** one byte more; then the CRC-32 must match.
*/
static bool entryFinish(Source *s, char *err, size_t errSize) {
  EntrySource *e = (EntrySource *)s;
  while (e->deflated && !e->ended) {
    unsigned char extra;
    if (!refill(e, err, errSize))
      return false;
    e->zs.next_out = &extra;
    e->zs.avail_out = 1;
    int rc = inflate(&e->zs, Z_NO_FLUSH);
    if (e->zs.avail_out == 0)
      return fail(err, errSize, "%s: inflates to more bytes than the "
                  "recorded %llu", s->name, (unsigned long long)s->size);
    if (rc == Z_STREAM_END)
      e->ended = true;
    else if (rc != Z_OK)
      return inflateFailed(e, rc, err, errSize);
  }
  if (e->crc != e->wantCrc)
    return fail(err, errSize, "%s: CRC-32 mismatch (recorded %08lx, "
                "computed %08lx)", s->name, (unsigned long)e->wantCrc,
                (unsigned long)e->crc);
  return true;
}

/* Whether the archive records entry 'e' in a way this reader takes: not
** encrypted, stored or deflated, a stored one as large as its data. */
static bool checkMethod(const NpzEntry *e, const char *what, char *err,
                        size_t errSize) {
  if (e->flags & 1)
    return fail(err, errSize, "%s: encrypted entries are not supported", what);
  if (e->method != 0 && e->method != 8)
    return fail(err, errSize, "%s: unknown compression method %u", what,
                (unsigned)e->method);
  if (e->method == 0 && e->csize != e->usize)
    return fail(err, errSize, "%s: stored entry has compressed size %llu but "
                "size %llu", what, (unsigned long long)e->csize,
                (unsigned long long)e->usize);
  return true;
}

/*
** Checks entry 'e' as the archive records it and finds where its data
** starts ('*data'); 'what' prefixes errors.
*/
static bool locateEntry(Pt2eNpz *npz, const NpzEntry *e, const char *what,
                        uint64_t *data, char *err, size_t errSize) {
  if (!checkMethod(e, what, err, errSize))
    return false;
  unsigned char local[30];
  int64_t start;
  if (!readAt(npz, e->offset, local, sizeof local) ||
      rd32(local) != SIG_LOCAL ||
      !pt2eCheckedAdd((int64_t)e->offset,
                      30 + (int64_t)rd16(local + 26) + rd16(local + 28),
                      &start))
    return fail(err, errSize, "%s: bad local header at offset %llu", what,
                (unsigned long long)e->offset);
  if ((uint64_t)start > npz->size || e->csize > npz->size - (uint64_t)start)
    return fail(err, errSize, "%s: data runs past the end of the file "
                "(truncated archive?)", what);
  /* deflate cannot expand more than 1032:1; csize is bounded by the file */
  if (e->method == 8 && e->usize / 1032 > e->csize + 1)
    return fail(err, errSize, "%s: size %llu is impossible for %llu "
                "compressed bytes", what, (unsigned long long)e->usize,
                (unsigned long long)e->csize);
  *data = (uint64_t)start;
  return true;
}

/* The error for a name the archive lacks, listing the names it has. */
static bool noSuchArray(const Pt2eNpz *npz, const char *name, char *err,
                        size_t errSize) {
  char names[256], shown[128];
  listNames(npz, names, sizeof names);
  return fail(err, errSize, "%s: no array named '%s' (the archive has %s)",
              npz->path, shownName(name, shown, sizeof shown),
              npz->count ? names : "none");
}

/* Entry 'e' as a Source named 'what' whose data starts at 'data': read in
** place, or inflated from chunks of at most ZIP_CHUNK bytes. False when
** out of memory; either way endEntrySource ends it. */
static bool startEntrySource(EntrySource *es, Pt2eNpz *npz,
                             const NpzEntry *e, const char *what,
                             uint64_t data, char *err, size_t errSize) {
  memset(es, 0, sizeof *es);
  es->base = (Source){what, e->usize, 0, storedRead, entryFinish};
  es->npz = npz;
  es->wantCrc = e->crc;
  es->at = data;
  es->packedLeft = e->csize;
  es->deflated = e->method == 8;
  if (!es->deflated)
    return true;
  es->base.read = deflatedRead;
  es->chunkSize = e->csize < ZIP_CHUNK ? (size_t)e->csize : ZIP_CHUNK;
  es->zs.zalloc = zAlloc;
  es->zs.zfree = zFree;
  es->zReady = inflateInit2(&es->zs, -15) == Z_OK;
  es->chunk = pt2eAlloc(es->chunkSize > 0 ? es->chunkSize : 1);
  if (!es->zReady || !es->chunk)
    return fail(err, errSize, "%s: out of memory", what);
  return true;
}

/* Frees what startEntrySource made. */
static void endEntrySource(EntrySource *es) {
  if (es->zReady)
    inflateEnd(&es->zs);
  pt2eFree(es->chunk);
}

bool pt2eNpzLoadChecked(Pt2eNpz *npz, const char *name, unsigned flags,
                        const Pt2eArrayCheck *check, Pt2eArray *out,
                        char *err, size_t errSize) {
  memset(out, 0, sizeof *out);
  long i = pt2eNpzFind(npz, name);
  if (i < 0)
    return noSuchArray(npz, name, err, errSize);
  const NpzEntry *e = &npz->entries[i];
  char what[512];
  uint64_t data = 0;
  char shown[256];
  snprintf(what, sizeof what, "%s: entry '%s'", npz->path,
           shownName(e->name, shown, sizeof shown));
  if (!locateEntry(npz, e, what, &data, err, errSize))
    return false;
  EntrySource es;
  bool ok = startEntrySource(&es, npz, e, what, data, err, errSize) &&
            loadNpy(&es.base, flags, check, out, err, errSize);
  endEntrySource(&es);
  return ok;
}

bool pt2eNpzLoad(Pt2eNpz *npz, const char *name, unsigned flags,
                 Pt2eArray *out, char *err, size_t errSize) {
  return pt2eNpzLoadChecked(npz, name, flags, NULL, out, err, errSize);
}

/* }================================================================== */

/*
** {==================================================================
** Writing
** ===================================================================
*/

/* Checks that 'a' is an array its fields agree on; 'what' prefixes errors. */
static bool checkArray(const char *what, const Pt2eArray *a, char *err,
                       size_t errSize) {
  size_t nbytes;
  if (!validDType(a->dtype))
    return fail(err, errSize, "%s: unknown dtype %d", what, (int)a->dtype);
  if (a->rank < 0 || a->rank > PT2E_MAX_RANK)
    return fail(err, errSize, "%s: rank %d is outside [0, %d]", what, a->rank,
                PT2E_MAX_RANK);
  if (!shapeBytes(a->rank, a->shape, pt2eArrayDTypeSize(a->dtype), &nbytes) ||
      nbytes != a->nbytes || (nbytes > 0 && !a->data)) {
    char shapeText[256];
    formatShape(shapeText, sizeof shapeText, a->rank, a->shape);
    return fail(err, errSize, "%s: array of shape %s and %zu bytes is not "
                "consistent", what, shapeText, a->nbytes);
  }
  return true;
}

/*
** Writes the header numpy.save writes for 'a' into 'buf' (at least 512
** bytes) and returns its length: format 1.0, keys sorted, room for the
** first extent to grow to 21 digits, padded with spaces and a newline to a
** multiple of 64. The longest (rank 8) is well under 512 bytes, so format
** 2.0 is never needed.
*/
static size_t buildHeader(const Pt2eArray *a, unsigned char *buf) {
  char shapeText[256];
  char *text = (char *)buf + 10;
  formatShape(shapeText, sizeof shapeText, a->rank, a->shape);
  int len = sprintf(text, "{'descr': '%s', 'fortran_order': False, "
                    "'shape': %s, }", pt2eArrayDTypeName(a->dtype), shapeText);
  if (a->rank > 0) {
    char first[24];
    int digits = sprintf(first, "%lld", (long long)a->shape[0]);
    len += sprintf(text + len, "%*s", NPY_GROWTH_DIGITS - digits, "");
  }
  int pad = NPY_ALIGN - (10 + len + 1) % NPY_ALIGN;
  len += sprintf(text + len, "%*s\n", pad, "");
  memcpy(buf, npyMagic, 6);
  buf[6] = 1;
  buf[7] = 0;
  wr16(buf + 8, (uint32_t)len);
  return 10 + (size_t)len;
}

/* A file being written, with its position and first error. */
/* A file being written, through a temporary file beside the target that
** replaces it only when the whole archive is written (pt2e_file.h). */
typedef struct Writer {
  FILE *f;
  uint64_t pos;
  bool failed;
  Pt2eOutput out;
} Writer;

/* Opens 'w' on 'path'; false (with 'err') when it cannot be created. */
static bool openWriter(Writer *w, const char *path, char *err, size_t errSize) {
  char why[PT2E_OUTPUT_ERROR_SIZE];
  memset(w, 0, sizeof *w);
  if (!pt2eOutputOpen(&w->out, path, true, why, sizeof why))
    return fail(err, errSize, "%s: cannot create (%s)", path, strerror(errno));
  w->f = w->out.file;
  return true;
}

static void put(Writer *w, const void *p, size_t n) {
  if (!w->failed && n > 0 && fwrite(p, 1, n, w->f) != n)
    w->failed = true;
  w->pos += n;
}

/* Closes 'w'; on failure removes 'path' and reports why. */
/* Puts the file in place when everything was written, else drops it: an
** existing file at 'path' is then as it was. */
static bool finish(Writer *w, const char *path, bool ok, char *err,
                   size_t errSize) {
  char why[PT2E_OUTPUT_ERROR_SIZE];
  if (!ok || w->failed) {
    pt2eOutputAbort(&w->out);
    return ok ? fail(err, errSize, "%s: cannot write", path) : false;
  }
  if (!pt2eOutputCommit(&w->out, why, sizeof why))
    return fail(err, errSize, "%s: cannot write (%s)", path, why);
  return true;
}

bool pt2eNpyWrite(const char *path, const Pt2eArray *a, char *err,
                  size_t errSize) {
  unsigned char hdr[512];
  if (!checkArray(path, a, err, errSize))
    return false;
  size_t hlen = buildHeader(a, hdr);
  Writer w;
  if (!openWriter(&w, path, err, errSize))
    return false;
  put(&w, hdr, hlen);
  put(&w, a->data, a->nbytes);
  return finish(&w, path, true, err, errSize);
}

/* deflateEntry's input: the header's bytes, then the elements'. */
typedef struct Pieces {
  const unsigned char *src[2];
  size_t left[2];
  int piece; /* the piece handed over next; 2 after the last */
} Pieces;

/* Hands zlib the next input once it used the last, in pieces its uInt can
** take. */
static void feedInput(z_stream *zs, Pieces *in) {
  while (zs->avail_in == 0 && in->piece < 2) {
    if (in->left[in->piece] == 0) { /* an empty array: no NULL + 0 */
      in->piece++;
      continue;
    }
    size_t left = in->left[in->piece];
    uInt k = left > UINT_MAX ? UINT_MAX : (uInt)left;
    zs->next_in = (Bytef *)in->src[in->piece];
    zs->avail_in = k;
    in->src[in->piece] += k;
    in->left[in->piece] -= k;
    if (in->left[in->piece] == 0)
      in->piece++;
  }
}

/* Doubles the output block '*buf' of '*cap' bytes; false when out of
** memory (then '*buf' is as it was). */
static bool growBlock(unsigned char **buf, size_t *cap) {
  unsigned char *bigger = pt2eRealloc(*buf, *cap * 2);
  if (!bigger)
    return false;
  *buf = bigger;
  *cap *= 2;
  return true;
}

/* One deflate call into buf[*used .. cap) (at most UINT_MAX bytes of it);
** '*used' grows by what it wrote. */
static int deflateInto(z_stream *zs, unsigned char *buf, size_t cap,
                       size_t *used, bool finish) {
  size_t room = cap - *used;
  zs->next_out = buf + *used;
  zs->avail_out = room > UINT_MAX ? UINT_MAX : (uInt)room;
  uInt before = zs->avail_out;
  int rc = deflate(zs, finish ? Z_FINISH : Z_NO_FLUSH);
  *used += before - zs->avail_out;
  return rc;
}

/* A raw deflate stream (no zlib header) allocating through pt2eAlloc. */
static bool startDeflate(z_stream *zs) {
  memset(zs, 0, sizeof *zs);
  zs->zalloc = zAlloc;
  zs->zfree = zFree;
  return deflateInit2(zs, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -15, 8,
                      Z_DEFAULT_STRATEGY) == Z_OK;
}

/*
** Raw-deflates the header 'hdr' followed by the elements of 'a' into a new
** block '*out' of '*outLen' bytes, which the caller then frees.
*/
static bool deflateEntry(const char *what, const unsigned char *hdr,
                         size_t hlen, const Pt2eArray *a, unsigned char **out,
                         size_t *outLen, char *err, size_t errSize) {
  z_stream zs;
  *out = NULL;
  if (!startDeflate(&zs))
    return fail(err, errSize, "%s: out of memory", what);
  Pieces in = {{hdr, a->data}, {hlen, a->nbytes}, 0};
  size_t cap = (size_t)deflateBound(&zs, (uLong)(hlen + a->nbytes)) + 64;
  unsigned char *buf = pt2eAlloc(cap);
  size_t used = 0;
  if (!buf)
    goto oom;
  for (;;) {
    feedInput(&zs, &in);
    if (used == cap && !growBlock(&buf, &cap))
      goto oom;
    int rc = deflateInto(&zs, buf, cap, &used, in.piece == 2);
    if (rc == Z_STREAM_END)
      break;
    if (rc == Z_MEM_ERROR)
      goto oom;
    if (rc != Z_OK && rc != Z_BUF_ERROR) {
      fail(err, errSize, "%s: deflate failed (%d)", what, rc);
      goto bad;
    }
  }
  deflateEnd(&zs);
  *out = buf;
  *outLen = used;
  return true;
oom:
  fail(err, errSize, "%s: out of memory", what);
bad:
  deflateEnd(&zs);
  pt2eFree(buf);
  return false;
}

/* What the central directory needs to know of each written entry. */
typedef struct Written {
  uint32_t crc;
  uint64_t csize, usize, offset;
} Written;

/* The local header of an entry ('nlen' bytes of name), with zip64 sizes
** in every one as numpy's force_zip64: 30 bytes, then the 20 of the zip64
** extra field, into 'local'. */
static void buildLocal(unsigned char *local, const Written *wr, bool deflated,
                       size_t nlen) {
  unsigned char *p = wr32(local, SIG_LOCAL);
  p = wr16(p, 45);                      /* version needed: zip64 */
  p = wr16(p, 0);                       /* flags */
  p = wr16(p, deflated ? 8 : 0);        /* method */
  p = wr16(p, 0);                       /* time 00:00 */
  p = wr16(p, 0x21);                    /* date 1980-01-01 */
  p = wr32(p, wr->crc);
  p = wr32(p, 0xFFFFFFFFu);             /* sizes: see zip64 field */
  p = wr32(p, 0xFFFFFFFFu);
  p = wr16(p, (uint32_t)nlen);
  p = wr16(p, 20);                      /* extra field length */
  p = wr16(p, 1);                       /* zip64 extra field */
  p = wr16(p, 16);
  p = wr64(p, wr->usize);
  wr64(p, wr->csize);
}

/* Entry 'i' of pt2eNpzWrite: local header, then data; fills '*wr'. */
static bool writeEntry(Writer *w, const char *what, const char *name,
                       const Pt2eArray *a, bool deflated, Written *wr,
                       char *err, size_t errSize) {
  unsigned char hdr[512], local[30 + 20], *packed = NULL;
  size_t hlen = buildHeader(a, hdr), plen = 0, nlen = strlen(name) + 4;
  wr->usize = hlen + a->nbytes;
  wr->crc = crcUpdate(crcUpdate(0, hdr, hlen), a->data, a->nbytes);
  wr->offset = w->pos;
  wr->csize = wr->usize;
  if (deflated) {
    if (!deflateEntry(what, hdr, hlen, a, &packed, &plen, err, errSize))
      return false;
    wr->csize = plen;
  }
  buildLocal(local, wr, deflated, nlen);
  put(w, local, 30);
  put(w, name, nlen - 4);
  put(w, ".npy", 4);
  put(w, local + 30, 20);
  if (deflated) {
    put(w, packed, plen);
    pt2eFree(packed);
  } else {
    put(w, hdr, hlen);
    put(w, a->data, a->nbytes);
  }
  return true;
}

/* The zip64 extra field of a central record into 'x': the sizes and
** offset marked 'big', 8 bytes each after a 4-byte head; its length (0
** when none is big). */
static size_t buildZip64Extra(unsigned char *x, const Written *wr,
                              const bool *big) {
  uint64_t value[3] = {wr->usize, wr->csize, wr->offset};
  unsigned char *p = x + 4;
  size_t xlen = 0;
  for (int i = 0; i < 3; i++)
    if (big[i]) {
      p = wr64(p, value[i]);
      xlen += 8;
    }
  if (xlen == 0)
    return 0;
  wr16(x, 1);
  wr16(x + 2, (uint32_t)xlen);
  return xlen + 4;
}

/* The 46 fixed bytes of a central record into 'c'; the fields 'big' marks
** are in the zip64 extra field of 'xlen' bytes instead. */
static void buildCentral(unsigned char *c, const Written *wr, bool deflated,
                         const bool *big, size_t nlen, size_t xlen) {
  unsigned char *p = wr32(c, SIG_CENTRAL);
  p = wr16(p, 45);                             /* made by */
  p = wr16(p, 45);                             /* needed */
  p = wr16(p, 0);                              /* flags */
  p = wr16(p, deflated ? 8 : 0);
  p = wr16(p, 0);
  p = wr16(p, 0x21);
  p = wr32(p, wr->crc);
  p = wr32(p, big[1] ? 0xFFFFFFFFu : (uint32_t)wr->csize);
  p = wr32(p, big[0] ? 0xFFFFFFFFu : (uint32_t)wr->usize);
  p = wr16(p, (uint32_t)nlen);
  p = wr16(p, (uint32_t)xlen);
  p = wr16(p, 0);                              /* comment length */
  p = wr16(p, 0);                              /* disk */
  p = wr16(p, 0);                              /* internal attributes */
  p = wr32(p, 0);                              /* external attributes */
  wr32(p, big[2] ? 0xFFFFFFFFu : (uint32_t)wr->offset);
}

/* The central directory record of entry 'name'. */
static void writeCentral(Writer *w, const char *name, const Written *wr,
                         bool deflated, bool force64) {
  unsigned char c[46], x[4 + 24];
  size_t nlen = strlen(name) + 4;
  bool big[3] = {force64 || wr->usize > ZIP64_LIMIT,
                 force64 || wr->csize > ZIP64_LIMIT,
                 force64 || wr->offset > ZIP64_LIMIT};
  size_t xlen = buildZip64Extra(x, wr, big);
  buildCentral(c, wr, deflated, big, nlen, xlen);
  put(w, c, 46);
  put(w, name, nlen - 4);
  put(w, ".npy", 4);
  put(w, x, xlen);
}

/* The zip64 end record (at offset 'at') and its locator, from 'p';
** returns where they end. */
static unsigned char *buildEnd64(unsigned char *p, uint64_t at,
                                 uint64_t count, uint64_t cdOff,
                                 uint64_t cdSize) {
  p = wr32(p, SIG_END64);
  p = wr64(p, 44);                 /* size of the rest of this record */
  p = wr16(p, 45);
  p = wr16(p, 45);
  p = wr32(p, 0);
  p = wr32(p, 0);
  p = wr64(p, count);
  p = wr64(p, count);
  p = wr64(p, cdSize);
  p = wr64(p, cdOff);
  p = wr32(p, SIG_LOCATOR64);
  p = wr32(p, 0);
  p = wr64(p, at);
  return wr32(p, 1);               /* total number of disks */
}

/* The end records: zip64 ones when needed (or forced), then the classic. */
static void writeEnd(Writer *w, uint64_t count, uint64_t cdOff,
                     uint64_t cdSize, bool force64) {
  unsigned char e[56 + 20 + 22], *p = e;
  bool big = force64 || count >= 0xFFFF || cdOff > ZIP64_LIMIT ||
             cdSize > ZIP64_LIMIT;
  if (big)
    p = buildEnd64(p, w->pos, count, cdOff, cdSize);
  p = wr32(p, SIG_END);
  p = wr16(p, 0);
  p = wr16(p, 0);
  p = wr16(p, big ? 0xFFFF : (uint32_t)count);
  p = wr16(p, big ? 0xFFFF : (uint32_t)count);
  p = wr32(p, big ? 0xFFFFFFFFu : (uint32_t)cdSize);
  p = wr32(p, big ? 0xFFFFFFFFu : (uint32_t)cdOff);
  p = wr16(p, 0);                    /* comment length */
  put(w, e, (size_t)(p - e));
}

/* Checks the entry names of pt2eNpzWrite. */
static bool checkNames(const char *path, size_t n, const char *const *names,
                       char *err, size_t errSize) {
  char shown[256];
  for (size_t i = 0; i < n; i++) {
    size_t len = names[i] ? strlen(names[i]) : 0;
    if (len == 0 || strchr(names[i], '/') || len > 0xFFFF - 4)
      return fail(err, errSize, "%s: array %zu has an invalid name '%s'",
                  path, i, shownName(names[i] ? names[i] : "", shown, sizeof shown));
    for (size_t j = 0; j < i; j++)
      if (strcmp(names[i], names[j]) == 0)
        return fail(err, errSize, "%s: array name '%s' is used twice", path,
                    shownName(names[i], shown, sizeof shown));
  }
  return true;
}

/* "path: array 'name'", which prefixes the errors of array 'name'. */
static void arrayWhat(char *what, size_t size, const char *path,
                      const char *name) {
  char shown[256];
  snprintf(what, size, "%s: array '%s'", path,
           shownName(name, shown, sizeof shown));
}

/* Checks the names and arrays of pt2eNpzWrite. */
static bool checkEntries(const char *path, size_t n,
                         const char *const *names, const Pt2eArray *arrays,
                         char *err, size_t errSize) {
  char what[512];
  if (!checkNames(path, n, names, err, errSize))
    return false;
  for (size_t i = 0; i < n; i++) {
    arrayWhat(what, sizeof what, path, names[i]);
    if (!checkArray(what, &arrays[i], err, errSize))
      return false;
  }
  return true;
}

/* Every entry, then the central directory and the end records; 'wr' has
** room for n entries. */
static bool writeArchive(Writer *w, const char *path, size_t n,
                         const char *const *names, const Pt2eArray *arrays,
                         unsigned flags, Written *wr, char *err,
                         size_t errSize) {
  bool deflated = (flags & Pt2eNpzDeflate) != 0;
  bool force64 = (flags & Pt2eNpzForceZip64) != 0;
  char what[512];
  for (size_t i = 0; i < n; i++) {
    arrayWhat(what, sizeof what, path, names[i]);
    if (!writeEntry(w, what, names[i], &arrays[i], deflated, &wr[i], err,
                    errSize))
      return false;
  }
  uint64_t cdOff = w->pos;
  for (size_t i = 0; i < n; i++)
    writeCentral(w, names[i], &wr[i], deflated, force64);
  writeEnd(w, n, cdOff, w->pos - cdOff, force64);
  return true;
}

bool pt2eNpzWrite(const char *path, size_t n, const char *const *names,
                  const Pt2eArray *arrays, unsigned flags, char *err,
                  size_t errSize) {
  if (!checkEntries(path, n, names, arrays, err, errSize))
    return false;
  Written *wr = NULL;
  if (n > 0 && (wr = pt2eAlloc(n * sizeof *wr)) == NULL)
    return fail(err, errSize, "%s: out of memory", path);
  Writer w;
  if (!openWriter(&w, path, err, errSize)) {
    pt2eFree(wr);
    return false;
  }
  bool ok = writeArchive(&w, path, n, names, arrays, flags, wr, err,
                         errSize);
  pt2eFree(wr);
  return finish(&w, path, ok, err, errSize);
}

/* }================================================================== */
