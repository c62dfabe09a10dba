/*
** fuzz_npy.c
** Fuzz target for the .npy and .npz readers (passes/io/npy.c): every input is
** read as a .npy from memory and as a .npz archive from a file. Beyond "no
** crash, no leak", it checks what npy.h promises: a failure leaves the array
** empty and says why in one line; a success gives a consistent array, which
** is written out again and must read back the same (for .npz, every entry
** that loaded, into a new archive).
*/
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* memfd_create */
#endif
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "npy.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_ENTRIES 8

static void broken(const char *what, const char *detail) {
  fprintf(stderr, "fuzz-npy: %s%s%s\n", what, detail ? ": " : "",
          detail ? detail : "");
  abort();
}

/* A file the readers reach by path: the input, in memory. */
typedef struct MemFile {
  int fd;
  char path[4096];
} MemFile;

static MemFile memFile(const char *name) {
  MemFile m;
  m.fd = memfd_create(name, 0);
  if (m.fd < 0)
    broken("memfd_create failed", NULL);
  snprintf(m.path, sizeof m.path, "/proc/self/fd/%d", m.fd);
  return m;
}

/*
** The files written back go to one folder per user (the writers put a
** temporary file beside the target): $PT2E_FUZZ_TMP (tools/fuzz.sh sets
** it), else /dev/shm or $TMPDIR. One file per process, removed at exit; a
** crashed process leaves its one small file behind.
*/
static char outPath[4096];

static void removeOutFile(void) { remove(outPath); }

static MemFile outFile(void) {
  const char *dir = getenv("PT2E_FUZZ_TMP");
  char made[4000];
  if (!dir || !*dir) {
    const char *base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : getenv("TMPDIR");
    snprintf(made, sizeof made, "%s/pt2e-fuzz-%lu", base ? base : "/tmp",
             (unsigned long)getuid());
    mkdir(made, 0700); /* or it exists already */
    dir = made;
  }
  MemFile m = {-1, ""};
  int n = snprintf(m.path, sizeof m.path, "%s/npy-out-%ld", dir, (long)getpid());
  if (n < 0 || (size_t)n >= sizeof m.path)
    broken("temporary folder name too long", dir);
  snprintf(outPath, sizeof outPath, "%s", m.path);
  atexit(removeOutFile);
  return m;
}

static void memFileFill(const MemFile *m, const uint8_t *data, size_t size) {
  if (ftruncate(m->fd, 0) != 0 || pwrite(m->fd, data, size, 0) != (ssize_t)size)
    broken("cannot write the input file", NULL);
}

/* A failed call must leave 'a' empty and say why in 'err' in one line,
** which a reader starts with the name of the file ('file'; "" for the
** writers, whose messages read "cannot write 'PATH': ..."). */
static void checkFailure(const Pt2eArray *a, const char *file, const char *err,
                         size_t errSize) {
  if (a && (a->data || a->nbytes || a->rank))
    broken("a failed read left an array behind", err);
  if (strnlen(err, errSize) == errSize)
    broken("error message not terminated", NULL);
  if (err[0] == '\0')
    broken("failure without a message", NULL);
  if (strncmp(err, file, strlen(file)) != 0)
    broken("error message without the file name", err);
  if (strchr(err, '\n'))
    broken("error message of more than one line", err);
}

static void checkArray(const Pt2eArray *a) {
  if (a->rank < 0 || a->rank > PT2E_MAX_RANK)
    broken("rank out of range", NULL);
  for (int d = 0; d < a->rank; d++)
    if (a->shape[d] < 0)
      broken("negative extent", NULL);
  int64_t numel = pt2eArrayNumel(a);
  if (numel < 0 || (uint64_t)numel > SIZE_MAX / 8 ||
      (size_t)numel * pt2eArrayDTypeSize(a->dtype) != a->nbytes)
    broken("nbytes is not numel times the element size", NULL);
  if ((a->data == NULL) != (a->nbytes == 0))
    broken("data is NULL exactly when there are no elements: not so", NULL);
}

static bool sameArray(const Pt2eArray *a, const Pt2eArray *b) {
  return a->dtype == b->dtype && a->rank == b->rank &&
         memcmp(a->shape, b->shape, sizeof(int64_t) * (size_t)a->rank) == 0 &&
         a->nbytes == b->nbytes &&
         (a->nbytes == 0 || memcmp(a->data, b->data, a->nbytes) == 0);
}

/* Writes 'a' as .npy and reads it back: the same array must come out. */
static void roundTripNpy(const Pt2eArray *a, const MemFile *out) {
  char err[512];
  if (!pt2eNpyWrite(out->path, a, err, sizeof err)) {
    checkFailure(NULL, "", err, sizeof err);
    return; /* e.g. out of memory: allowed, with a message */
  }
  Pt2eArray back;
  if (!pt2eNpyRead(out->path, Pt2eNpyKeep, &back, err, sizeof err))
    broken("a written .npy does not read back", err);
  if (!sameArray(a, &back))
    broken("a written .npy reads back different", NULL);
  pt2eArrayFree(&back);
}

static void fuzzNpy(const uint8_t *data, size_t size, unsigned flags,
                    const MemFile *out) {
  Pt2eArray a;
  char err[512];
  if (!pt2eNpyParse("fuzz.npy", data, size, flags, &a, err, sizeof err)) {
    checkFailure(&a, "fuzz.npy", err, sizeof err);
    return;
  }
  checkArray(&a);
  if (flags == Pt2eNpyKeep)
    roundTripNpy(&a, out);
  pt2eArrayFree(&a);
}

/* Writes the loaded entries to a new archive and reads each one back. */
static void roundTripNpz(size_t n, const char *const *names,
                         const Pt2eArray *arrays, unsigned flags,
                         const MemFile *out) {
  char err[512];
  if (!pt2eNpzWrite(out->path, n, names, arrays, flags, err, sizeof err)) {
    checkFailure(NULL, "", err, sizeof err); /* e.g. two entries of one name */
    return;
  }
  Pt2eNpz *npz = pt2eNpzOpen(out->path, err, sizeof err);
  if (!npz)
    broken("a written .npz does not open", err);
  if (pt2eNpzCount(npz) != n)
    broken("a written .npz has another number of entries", NULL);
  for (size_t i = 0; i < n; i++) {
    Pt2eArray back;
    if (!pt2eNpzLoad(npz, names[i], Pt2eNpyKeep, &back, err, sizeof err))
      broken("an entry of a written .npz does not load", err);
    if (!sameArray(&arrays[i], &back))
      broken("an entry of a written .npz reads back different", names[i]);
    pt2eArrayFree(&back);
  }
  pt2eNpzClose(npz);
}

static void fuzzNpz(const uint8_t *data, size_t size, const MemFile *in,
                    const MemFile *out) {
  char err[512];
  memFileFill(in, data, size);
  Pt2eNpz *npz = pt2eNpzOpen(in->path, err, sizeof err);
  if (!npz) {
    checkFailure(NULL, in->path, err, sizeof err);
    return;
  }
  Pt2eArray arrays[MAX_ENTRIES];
  const char *names[MAX_ENTRIES];
  size_t loaded = 0;
  /* The last byte picks the flags: both paths of the loader get inputs. */
  unsigned flags = size && (data[size - 1] & 1) ? Pt2eNpyAsF32 : Pt2eNpyKeep;
  for (size_t i = 0; i < pt2eNpzCount(npz) && loaded < MAX_ENTRIES; i++) {
    const char *name = pt2eNpzName(npz, i);
    if (!name || pt2eNpzFind(npz, name) < 0)
      broken("an entry's name does not find it", name);
    Pt2eArray *a = &arrays[loaded];
    if (!pt2eNpzLoad(npz, name, flags, a, err, sizeof err)) {
      checkFailure(a, in->path, err, sizeof err);
      continue;
    }
    checkArray(a);
    names[loaded++] = name;
  }
  Pt2eArray missing;
  if (pt2eNpzLoad(npz, "no such entry", flags, &missing, err, sizeof err))
    broken("a missing entry loaded", NULL);
  checkFailure(&missing, in->path, err, sizeof err);
  if (loaded > 0)
    roundTripNpz(loaded, names, arrays,
                 size >= 2 && (data[size - 2] & 1) ? Pt2eNpzDeflate : Pt2eNpzStored,
                 out);
  for (size_t i = 0; i < loaded; i++)
    pt2eArrayFree(&arrays[i]);
  pt2eNpzClose(npz);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static MemFile in, out;
  static bool ready;
  if (!ready) {
    in = memFile("fuzz-in");
    out = outFile();
    ready = true;
  }
  fuzzNpy(data, size, Pt2eNpyKeep, &out);
  fuzzNpy(data, size, Pt2eNpyAsF32, &out);
  fuzzNpz(data, size, &in, &out);
  return 0;
}
