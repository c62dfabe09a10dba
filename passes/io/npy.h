/*
** npy.h
** NumPy .npy and .npz files: read and write arrays as numpy.save,
** numpy.savez and numpy.savez_compressed do.
**
** A Pt2eArray owns one heap block 'data' (from pt2eAlloc) holding its
** elements in C order and in the host's byte order, whatever the file held:
** Fortran-ordered files are transposed on load and big-endian files are
** byte-swapped. Every function that can fail returns false and writes one
** line into 'err' (at most 'errSize' bytes, always NUL-terminated) that
** starts with the file name and says what is wrong, e.g.
**   calib.npz: entry 'arg0.npy': CRC-32 mismatch
** Nothing is printed and nothing is left allocated on failure.
*/
#ifndef PT2E_NPY_H
#define PT2E_NPY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pt2e_limits.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Element types; the comment is NumPy's little-endian 'descr'. */
typedef enum Pt2eArrayDType {
  Pt2eArrayF32,  /* '<f4' */
  Pt2eArrayF64,  /* '<f8' */
  Pt2eArrayI64,  /* '<i8' */
  Pt2eArrayI32,  /* '<i4' */
  Pt2eArrayI16,  /* '<i2' */
  Pt2eArrayI8,   /* '|i1' */
  Pt2eArrayU8,   /* '|u1' */
  Pt2eArrayBool  /* '|b1', one byte per element, each 0 or 1 */
} Pt2eArrayDType;

/*
** A dense array. 'shape' holds 'rank' extents (rank 0 is a scalar with one
** element). 'data' is NULL exactly when the array has no elements; else it
** holds 'nbytes' bytes. Whoever holds a filled Pt2eArray frees it with
** pt2eArrayFree.
*/
typedef struct Pt2eArray {
  Pt2eArrayDType dtype;
  int rank;
  int64_t shape[PT2E_MAX_RANK];
  void *data;
  size_t nbytes;
} Pt2eArray;

/* Bytes per element of 'dtype'. */
size_t pt2eArrayDTypeSize(Pt2eArrayDType dtype);
/* NumPy's name for 'dtype' in this host's byte order ("<f4", "|b1", ...). */
const char *pt2eArrayDTypeName(Pt2eArrayDType dtype);
/* Number of elements: the product of the shape (1 for rank 0); -1 when an
** extent is negative or the product overflows. */
int64_t pt2eArrayNumel(const Pt2eArray *a);

/*
** Fills '*a' with a zeroed array of the given dtype and shape; the caller
** owns it. Returns false (and leaves '*a' empty) when 'rank' is out of
** [0, PT2E_MAX_RANK], an extent is negative, the size overflows, or memory
** runs out.
*/
bool pt2eArrayInit(Pt2eArray *a, Pt2eArrayDType dtype, int rank,
                   const int64_t *shape);
/* Frees the elements of 'a' and empties it; NULL or an empty array is fine. */
void pt2eArrayFree(Pt2eArray *a);

/* Load flags. */
enum {
  Pt2eNpyKeep = 0,     /* keep the dtype of the file */
  Pt2eNpyAsF32 = 1     /* turn '<f8' into float32 (round to nearest, as
                          numpy's astype(float32)); other dtypes are kept */
};

/*
** What a load accepts, decided from the .npy header alone: before any
** element is read and before memory for them is taken, so that a small
** file declaring a huge or unexpected array costs nothing.
**
** 'maxMiB' bounds the bytes of the elements as the file holds them (0 or
** less: PT2E_DEFAULT_MAX_ENTRY_MB of pt2e_checked.h); past it the load
** fails with "<file>: array of shape ... takes N bytes (X MiB), more than
** the limit of L MiB (raise it with <option>)", 'option' naming the
** caller's option (NULL: the sentence ends after the limit).
**
** 'accept', if not NULL, sees the array the load would return: its dtype
** (after the load flags), rank, shape and nbytes, 'data' NULL. Returning
** false stops the load; the message it writes into 'err' (the file name
** included) is the load's error.
*/
typedef struct Pt2eArrayCheck {
  int64_t maxMiB;
  const char *option;
  bool (*accept)(void *userData, const Pt2eArray *header, char *err,
                 size_t errSize);
  void *userData;
} Pt2eArrayCheck;

/*
** Reads the .npy file 'path' into '*out', which the caller then owns.
** Accepts format versions 1.0, 2.0 and 3.0 and the dtypes of Pt2eArrayDType
** in either byte order. The header is read and checked first (shape
** against the file's size, then 'check'); the elements then go straight
** into their block. 'check' may be NULL (the default limit). On failure
** '*out' is left empty.
*/
bool pt2eNpyReadChecked(const char *path, unsigned flags,
                        const Pt2eArrayCheck *check, Pt2eArray *out,
                        char *err, size_t errSize);
/* pt2eNpyReadChecked with the default limit and no 'accept'. */
bool pt2eNpyRead(const char *path, unsigned flags, Pt2eArray *out, char *err,
                 size_t errSize);

/*
** As pt2eNpyRead, from the 'size' bytes at 'bytes' (borrowed); 'name' only
** prefixes error messages.
*/
bool pt2eNpyParse(const char *name, const void *bytes, size_t size,
                  unsigned flags, Pt2eArray *out, char *err, size_t errSize);

/*
** Writes 'a' to 'path' as numpy.save would (byte for byte: format 1.0, or
** 2.0 when the header needs it, header padded to 64 bytes).
*/
bool pt2eNpyWrite(const char *path, const Pt2eArray *a, char *err,
                  size_t errSize);

/*
** An open .npz archive: its central directory, read once by pt2eNpzOpen,
** and the open file, read again by each pt2eNpzLoad. Close with
** pt2eNpzClose.
*/
typedef struct Pt2eNpz Pt2eNpz;

/* Opens 'path' and reads its list of arrays; NULL (with 'err') on failure. */
Pt2eNpz *pt2eNpzOpen(const char *path, char *err, size_t errSize);
/* Closes 'npz' and frees its names; NULL is fine. */
void pt2eNpzClose(Pt2eNpz *npz);
/* Number of entries in the archive. */
size_t pt2eNpzCount(const Pt2eNpz *npz);
/*
** Name of entry 'i' without its ".npy" suffix ("arg0" for "arg0.npy"), as
** numpy's NpzFile.files lists it. Borrowed: valid until pt2eNpzClose.
*/
const char *pt2eNpzName(const Pt2eNpz *npz, size_t i);
/* Index of the array called 'name' (with or without ".npy"), or -1. */
long pt2eNpzFind(const Pt2eNpz *npz, const char *name);

/*
** Loads the array 'name' (with or without ".npy") into '*out', which the
** caller then owns. Entries may be stored or deflated; the CRC-32 is
** checked. 'flags' and 'check' as for pt2eNpyReadChecked: a deflated entry
** is inflated as far as its .npy header, which is checked against the
** size the archive records for the entry and against 'check'; only then
** are the elements inflated, in 64 KiB pieces of compressed input, straight
** into the array's block. A missing name is an error listing the names
** the archive has.
*/
bool pt2eNpzLoadChecked(Pt2eNpz *npz, const char *name, unsigned flags,
                        const Pt2eArrayCheck *check, Pt2eArray *out,
                        char *err, size_t errSize);
/* pt2eNpzLoadChecked with the default limit and no 'accept'. */
bool pt2eNpzLoad(Pt2eNpz *npz, const char *name, unsigned flags,
                 Pt2eArray *out, char *err, size_t errSize);

/* Write flags. */
enum {
  Pt2eNpzStored = 0,      /* method 0, as numpy.savez */
  Pt2eNpzDeflate = 1,     /* method 8, as numpy.savez_compressed */
  Pt2eNpzForceZip64 = 2   /* zip64 records in the central directory and at
                             its end even for small archives (they are
                             written anyway when sizes or offsets need them) */
};

/*
** Writes 'n' arrays to the archive 'path'; entry i is called names[i] plus
** ".npy" and holds arrays[i] as pt2eNpyWrite would write it. Everything is
** borrowed. Names must be non-empty, without '/', and distinct. Timestamps
** are fixed (1980-01-01), so equal inputs give equal files.
*/
bool pt2eNpzWrite(const char *path, size_t n, const char *const *names,
                  const Pt2eArray *arrays, unsigned flags, char *err,
                  size_t errSize);

#ifdef __cplusplus
}
#endif

#endif /* PT2E_NPY_H */
