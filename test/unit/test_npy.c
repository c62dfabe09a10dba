/*
** test_npy.c
** Unit tests for .npy/.npz reading and writing (passes/io/npy.c).
**
** The fixtures in test/Inputs/npy were written by real NumPy
** (tools/oracle/npy/make_fixtures.py); their values are simple formulas, so
** the expected numbers here are recomputed, not read from NumPy. Files this
** test writes go next to the test binary as npy_out_*, where
** `make_fixtures.py --verify <dir>` can check that numpy.load reads them.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "npy.h"
#include "pt2e_support.h"

static char inputDir[1024]; /* .../test/Inputs/npy/ */
static char outDir[1024];   /* the test binary's folder, with a '/' */

/* Path of fixture 'name' (in a rotating set of buffers). */
static const char *input(const char *name) {
  static char bufs[4][1200];
  static int next;
  char *b = bufs[next++ % 4];
  snprintf(b, sizeof bufs[0], "%s%s", inputDir, name);
  return b;
}

static const char *output(const char *name) {
  static char bufs[4][1200];
  static int next;
  char *b = bufs[next++ % 4];
  snprintf(b, sizeof bufs[0], "%snpy_out_%s", outDir, name);
  return b;
}

/* Reads a whole (small) file into 'buf'; returns its size. */
static size_t slurp(const char *path, unsigned char *buf, size_t cap) {
  FILE *f = fopen(path, "rb");
  assert_non_null(f);
  size_t n = fread(buf, 1, cap, f);
  assert_true(n < cap);
  fclose(f);
  return n;
}

static Pt2eArray readNpy(const char *name, unsigned flags) {
  Pt2eArray a;
  char err[512] = "";
  if (!pt2eNpyRead(input(name), flags, &a, err, sizeof err))
    fail_msg("%s", err);
  return a;
}

static void assertShape(const Pt2eArray *a, Pt2eArrayDType dtype, int rank,
                        const int64_t *shape) {
  assert_int_equal(a->dtype, dtype);
  assert_int_equal(a->rank, rank);
  for (int i = 0; i < rank; i++)
    assert_int_equal(a->shape[i], shape[i]);
  assert_int_equal(a->nbytes,
                   (size_t)pt2eArrayNumel(a) * pt2eArrayDTypeSize(dtype));
}

/* The arrays of make_fixtures.py. */
static void assertF32x4d(const Pt2eArray *a) {
  static const int64_t shape[] = {2, 3, 4, 5};
  assertShape(a, Pt2eArrayF32, 4, shape);
  const float *f = a->data;
  for (int i = 0; i < 120; i++)
    assert_true(f[i] == (float)i * 0.5f - 7.0f);
}

static void assertF64x2d(const Pt2eArray *a) {
  static const int64_t shape[] = {3, 4};
  assertShape(a, Pt2eArrayF64, 2, shape);
  const double *d = a->data;
  for (int i = 0; i < 12; i++)
    assert_true(d[i] == (double)i / 3.0);
}

static void assertCalibArg0(const Pt2eArray *a) {
  static const int64_t shape[] = {2, 1, 3, 4, 4};
  assertShape(a, Pt2eArrayF32, 5, shape);
  const float *f = a->data;
  for (int i = 0; i < 96; i++)
    assert_true(f[i] == (float)i / 8.0f);
}

static void assertLabels(const Pt2eArray *a) {
  static const int64_t shape[] = {5};
  static const int64_t want[] = {-2, -1, 0, 1, (int64_t)1 << 40};
  assertShape(a, Pt2eArrayI64, 1, shape);
  assert_memory_equal(a->data, want, sizeof want);
}

static void assertEmpty(const Pt2eArray *a) {
  assert_null(a->data);
  assert_int_equal(a->nbytes, 0);
  assert_int_equal(a->rank, 0);
}

/*
** {==================================================================
** Reading .npy
** ===================================================================
*/

static void testReadsFourDimensionalF32FromNumpySave(void **state) {
  (void)state;
  Pt2eArray a = readNpy("f32_4d.npy", Pt2eNpyKeep);
  assertF32x4d(&a);
  pt2eArrayFree(&a);
  assertEmpty(&a);
}

static void testKeepsF64OrConvertsItToF32OnRequest(void **state) {
  (void)state;
  Pt2eArray a = readNpy("f64_2d.npy", Pt2eNpyKeep);
  assertF64x2d(&a);
  pt2eArrayFree(&a);
  a = readNpy("f64_2d.npy", Pt2eNpyAsF32);
  static const int64_t shape[] = {3, 4};
  assertShape(&a, Pt2eArrayF32, 2, shape);
  for (int i = 0; i < 12; i++)
    assert_true(((float *)a.data)[i] == (float)((double)i / 3.0));
  pt2eArrayFree(&a);
  a = readNpy("f32_4d.npy", Pt2eNpyAsF32); /* already f32: unchanged */
  assertF32x4d(&a);
  pt2eArrayFree(&a);
}

static void testReadsIntegerAndBoolDtypes(void **state) {
  (void)state;
  Pt2eArray a = readNpy("i64_1d.npy", Pt2eNpyAsF32); /* ints are kept */
  assertLabels(&a);
  pt2eArrayFree(&a);

  static const int64_t s23[] = {2, 3};
  static const int32_t i32[] = {INT32_MIN, -1, 0, 1, 7, INT32_MAX};
  a = readNpy("i32_2d.npy", Pt2eNpyKeep);
  assertShape(&a, Pt2eArrayI32, 2, s23);
  assert_memory_equal(a.data, i32, sizeof i32);
  pt2eArrayFree(&a);

  static const int64_t s5[] = {5};
  static const int8_t i8[] = {-128, -1, 0, 1, 127};
  a = readNpy("i8_1d.npy", Pt2eNpyKeep);
  assertShape(&a, Pt2eArrayI8, 1, s5);
  assert_memory_equal(a.data, i8, sizeof i8);
  pt2eArrayFree(&a);

  static const int64_t s4[] = {4};
  static const uint8_t u8[] = {0, 1, 128, 255};
  a = readNpy("u8_1d.npy", Pt2eNpyKeep);
  assertShape(&a, Pt2eArrayU8, 1, s4);
  assert_memory_equal(a.data, u8, sizeof u8);
  pt2eArrayFree(&a);

  static const int64_t s3[] = {3};
  static const uint8_t b1[] = {1, 0, 1};
  a = readNpy("bool_1d.npy", Pt2eNpyKeep);
  assertShape(&a, Pt2eArrayBool, 1, s3);
  assert_memory_equal(a.data, b1, sizeof b1);
  pt2eArrayFree(&a);
}

static void testReadsZeroDimensionalArrayAsOneElement(void **state) {
  (void)state;
  Pt2eArray a = readNpy("scalar_f32.npy", Pt2eNpyKeep);
  assertShape(&a, Pt2eArrayF32, 0, NULL);
  assert_int_equal(pt2eArrayNumel(&a), 1);
  assert_true(*(float *)a.data == 3.5f);
  pt2eArrayFree(&a);
}

static void testReadsArrayWithoutElementsAsNullData(void **state) {
  (void)state;
  static const int64_t shape[] = {0, 3};
  Pt2eArray a = readNpy("empty_f32.npy", Pt2eNpyKeep);
  assertShape(&a, Pt2eArrayF32, 2, shape);
  assert_null(a.data);
  pt2eArrayFree(&a);
}

static void testTransposesFortranOrderToCOrder(void **state) {
  (void)state;
  static const int64_t shape[] = {2, 3, 4};
  Pt2eArray a = readNpy("fortran_f32.npy", Pt2eNpyKeep);
  assertShape(&a, Pt2eArrayF32, 3, shape);
  for (int i = 0; i < 24; i++)
    assert_true(((float *)a.data)[i] == (float)i);
  pt2eArrayFree(&a);
}

static void testSwapsBigEndianFilesToHostOrder(void **state) {
  (void)state;
  static const int64_t s23[] = {2, 3};
  Pt2eArray a = readNpy("big_f4.npy", Pt2eNpyKeep);
  assertShape(&a, Pt2eArrayF32, 2, s23);
  for (int i = 0; i < 6; i++)
    assert_true(((float *)a.data)[i] == (float)i);
  pt2eArrayFree(&a);
  static const int64_t s2[] = {2};
  static const int64_t want[] = {-3, (int64_t)1 << 40};
  a = readNpy("big_i8.npy", Pt2eNpyKeep);
  assertShape(&a, Pt2eArrayI64, 1, s2);
  assert_memory_equal(a.data, want, sizeof want);
  pt2eArrayFree(&a);
}

static void testReadsHeaderFormatVersionsTwoAndThree(void **state) {
  (void)state;
  static const char *const files[] = {"v2_f32.npy", "v3_f32.npy"};
  static const int64_t shape[] = {3, 4};
  for (int k = 0; k < 2; k++) {
    Pt2eArray a = readNpy(files[k], Pt2eNpyKeep);
    assertShape(&a, Pt2eArrayF32, 2, shape);
    for (int i = 0; i < 12; i++)
      assert_true(((float *)a.data)[i] == (float)((double)i / 3.0));
    pt2eArrayFree(&a);
  }
}

static void testParsesNpyBytesFromMemory(void **state) {
  (void)state;
  static unsigned char bytes[4096];
  size_t n = slurp(input("f32_4d.npy"), bytes, sizeof bytes);
  Pt2eArray a;
  char err[256];
  assert_true(pt2eNpyParse("mem", bytes, n, Pt2eNpyKeep, &a, err, sizeof err));
  assertF32x4d(&a);
  pt2eArrayFree(&a);
  assert_false(pt2eNpyParse("mem", bytes, 9, Pt2eNpyKeep, &a, err, sizeof err));
  assert_string_equal(err, "mem: truncated file (9 bytes, a .npy header needs "
                           "at least 10)");
}

/* Asserts that loading fixture 'file' fails with '<path>: <reason>'. */
static void assertNpyRejected(const char *file, const char *reason) {
  Pt2eArray a;
  char err[512], want[1200];
  memset(&a, 0x5A, sizeof a);
  assert_false(pt2eNpyRead(input(file), Pt2eNpyKeep, &a, err, sizeof err));
  assertEmpty(&a);
  snprintf(want, sizeof want, "%s: %s", input(file), reason);
  if (strncmp(err, want, strlen(want)) != 0)
    fail_msg("%s:\n  got  '%s'\n  want '%s...'", file, err, want);
}

static void testRejectsMalformedNpyFilesNamingFileAndReason(void **state) {
  (void)state;
  assertNpyRejected("bad_empty.npy", "truncated file (0 bytes");
  assertNpyRejected("bad_truncated_header.npy",
                    "truncated header (needs 128 bytes, file has 20)");
  assertNpyRejected("bad_truncated_data.npy",
                    "data size mismatch (shape (2, 3, 4, 5) of '<f4' needs "
                    "480 bytes, file has 476)");
  assertNpyRejected("bad_trailing_data.npy",
                    "data size mismatch (shape (2, 3, 4, 5) of '<f4' needs "
                    "480 bytes, file has 484)");
  assertNpyRejected("bad_shape_mismatch.npy",
                    "data size mismatch (shape (2, 3, 4, 6) of '<f4' needs "
                    "576 bytes, file has 480)");
  assertNpyRejected("bad_magic.npy", "bad magic (not a .npy file)");
  assertNpyRejected("bad_version.npy", "unsupported format version 4.0");
  assertNpyRejected("bad_dtype_c8.npy", "unsupported dtype '<c8'");
  assertNpyRejected("bad_dtype_object.npy", "unsupported dtype '|O'");
  assertNpyRejected("bad_dtype_structured.npy",
                    "unsupported dtype (structured array)");
  assertNpyRejected("bad_rank13.npy", "rank 13 exceeds the maximum of 12");
  assertNpyRejected("bad_not_dict.npy", "header is not a dict");
  assertNpyRejected("bad_missing_key.npy", "header lacks key 'fortran_order'");
  assertNpyRejected("bad_extra_key.npy", "header has unknown key 'x'");
  assertNpyRejected("bad_negative_dim.npy", "negative extent -1 in shape");
  assertNpyRejected("bad_unterminated.npy",
                    "malformed header (it ends inside the dict)");
  assertNpyRejected("does_not_exist.npy", "cannot open (");
}

/* }================================================================== */

/*
** {==================================================================
** Reading .npz
** ===================================================================
*/

static Pt2eNpz *openNpz(const char *name) {
  char err[512] = "";
  Pt2eNpz *npz = pt2eNpzOpen(input(name), err, sizeof err);
  if (!npz)
    fail_msg("%s", err);
  return npz;
}

static Pt2eArray loadNpz(Pt2eNpz *npz, const char *name, unsigned flags) {
  Pt2eArray a;
  char err[512] = "";
  if (!pt2eNpzLoad(npz, name, flags, &a, err, sizeof err))
    fail_msg("%s", err);
  return a;
}

static void testListsNpzArraysInArchiveOrderWithoutSuffix(void **state) {
  (void)state;
  static const char *const want[] = {"arg0", "arg1", "labels", "scalar",
                                     "arr_0"};
  Pt2eNpz *npz = openNpz("savez.npz");
  assert_int_equal(pt2eNpzCount(npz), 5);
  for (size_t i = 0; i < 5; i++)
    assert_string_equal(pt2eNpzName(npz, i), want[i]);
  assert_null(pt2eNpzName(npz, 5));
  assert_int_equal(pt2eNpzFind(npz, "labels"), 2);
  assert_int_equal(pt2eNpzFind(npz, "labels.npy"), 2);
  assert_int_equal(pt2eNpzFind(npz, "arg2"), -1);
  pt2eNpzClose(npz);
  pt2eNpzClose(NULL);
}

static void assertSavezContents(const char *file) {
  Pt2eNpz *npz = openNpz(file);
  Pt2eArray a = loadNpz(npz, "arg0", Pt2eNpyKeep);
  assertCalibArg0(&a);
  pt2eArrayFree(&a);
  a = loadNpz(npz, "arg1.npy", Pt2eNpyKeep);
  assertF64x2d(&a);
  pt2eArrayFree(&a);
  a = loadNpz(npz, "arg1", Pt2eNpyAsF32);
  assert_int_equal(a.dtype, Pt2eArrayF32);
  assert_true(((float *)a.data)[11] == (float)(11.0 / 3.0));
  pt2eArrayFree(&a);
  a = loadNpz(npz, "labels", Pt2eNpyKeep);
  assertLabels(&a);
  pt2eArrayFree(&a);
  a = loadNpz(npz, "scalar", Pt2eNpyKeep);
  assert_int_equal(a.rank, 0);
  assert_true(*(float *)a.data == 3.5f);
  pt2eArrayFree(&a);
  a = loadNpz(npz, "arr_0", Pt2eNpyKeep);
  assertF32x4d(&a);
  pt2eArrayFree(&a);
  pt2eNpzClose(npz);
}

static void testLoadsSavezEntriesByName(void **state) {
  (void)state;
  assertSavezContents("savez.npz");
}

static void testLoadsSavezCompressedEntriesByName(void **state) {
  (void)state;
  assertSavezContents("savez_compressed.npz");
}

static void testReadsZip64CentralDirectoryAndEndRecords(void **state) {
  (void)state;
  Pt2eNpz *npz = openNpz("zip64.npz");
  assert_int_equal(pt2eNpzCount(npz), 2);
  Pt2eArray a = loadNpz(npz, "arg0", Pt2eNpyKeep);
  assertCalibArg0(&a);
  pt2eArrayFree(&a);
  a = loadNpz(npz, "labels", Pt2eNpyKeep);
  assertLabels(&a);
  pt2eArrayFree(&a);
  pt2eNpzClose(npz);
}

static void assertOpenRejected(const char *file, const char *reason) {
  char err[512], want[1200];
  assert_null(pt2eNpzOpen(input(file), err, sizeof err));
  snprintf(want, sizeof want, "%s: %s", input(file), reason);
  if (strncmp(err, want, strlen(want)) != 0)
    fail_msg("%s:\n  got  '%s'\n  want '%s...'", file, err, want);
}

static void assertLoadRejected(const char *file, const char *name,
                               const char *reason) {
  char err[512], want[1200];
  Pt2eArray a;
  Pt2eNpz *npz = openNpz(file);
  memset(&a, 0x5A, sizeof a);
  assert_false(pt2eNpzLoad(npz, name, Pt2eNpyKeep, &a, err, sizeof err));
  assertEmpty(&a);
  snprintf(want, sizeof want, "%s: %s", input(file), reason);
  pt2eNpzClose(npz);
  if (strncmp(err, want, strlen(want)) != 0)
    fail_msg("%s:\n  got  '%s'\n  want '%s...'", file, err, want);
}

static void testRejectsMalformedNpzFilesNamingFileEntryAndReason(void **state) {
  (void)state;
  assertOpenRejected("bad_not_zip.npz", "not a zip archive, or truncated "
                     "(no end of central directory record)");
  assertOpenRejected("bad_truncated.npz", "not a zip archive, or truncated");
  assertOpenRejected("bad_empty.npy", "not a zip archive, or truncated");
  assertOpenRejected("does_not_exist.npz", "cannot open (");
  assertLoadRejected("bad_crc.npz", "arg0",
                     "entry 'arg0.npy': CRC-32 mismatch (recorded ");
  assertLoadRejected("bad_method.npz", "arg0",
                     "entry 'arg0.npy': unknown compression method 12");
  assertLoadRejected("bad_entry_past_end.npz", "arg0",
                     "entry 'arg0.npy': data runs past the end of the file");
  assertLoadRejected("bad_deflate.npz", "arg0",
                     "entry 'arg0.npy': corrupt deflate data (invalid block "
                     "type)");
  assertLoadRejected("bad_inner_magic.npz", "arg0",
                     "entry 'arg0.npy': bad magic (not a .npy file)");
  assertLoadRejected("savez.npz", "arg7",
                     "no array named 'arg7' (the archive has 'arg0', 'arg1', "
                     "'labels', 'scalar', 'arr_0')");
}

static void testDamagedEntryLeavesOtherEntriesReadable(void **state) {
  (void)state;
  Pt2eNpz *npz = openNpz("bad_crc.npz");
  Pt2eArray a;
  char err[512];
  assert_false(pt2eNpzLoad(npz, "arg0", Pt2eNpyKeep, &a, err, sizeof err));
  a = loadNpz(npz, "labels", Pt2eNpyKeep);
  assertLabels(&a);
  pt2eArrayFree(&a);
  pt2eNpzClose(npz);
}

/* }================================================================== */

/*
** {==================================================================
** Writing
** ===================================================================
*/

static void testNpyWriterMatchesNumpySaveByteForByte(void **state) {
  (void)state;
  static const char *const files[] = {
      "f32_4d.npy", "f64_2d.npy",     "i64_1d.npy",    "i32_2d.npy",
      "i8_1d.npy",  "u8_1d.npy",      "bool_1d.npy",   "scalar_f32.npy",
      "empty_f32.npy"};
  static unsigned char want[8192], got[8192];
  for (size_t k = 0; k < sizeof files / sizeof files[0]; k++) {
    char err[512] = "";
    Pt2eArray a = readNpy(files[k], Pt2eNpyKeep);
    if (!pt2eNpyWrite(output("copy.npy"), &a, err, sizeof err))
      fail_msg("%s", err);
    pt2eArrayFree(&a);
    size_t nw = slurp(input(files[k]), want, sizeof want);
    size_t ng = slurp(output("copy.npy"), got, sizeof got);
    if (nw != ng || memcmp(want, got, nw) != 0)
      fail_msg("%s differs from what numpy.save wrote", files[k]);
  }
  remove(output("copy.npy"));
}

static void testNpyWriteThenReadRoundTrips(void **state) {
  (void)state;
  static const char *const files[] = {"f32_4d.npy", "scalar_f32.npy",
                                      "bool_1d.npy"};
  static const char *const outs[] = {"f32_4d.npy", "scalar.npy", "bool.npy"};
  for (int k = 0; k < 3; k++) {
    char err[512] = "";
    Pt2eArray a = readNpy(files[k], Pt2eNpyKeep), b;
    if (!pt2eNpyWrite(output(outs[k]), &a, err, sizeof err))
      fail_msg("%s", err);
    assert_true(pt2eNpyRead(output(outs[k]), Pt2eNpyKeep, &b, err, sizeof err));
    assert_int_equal(a.dtype, b.dtype);
    assert_int_equal(a.rank, b.rank);
    assert_memory_equal(a.shape, b.shape, sizeof a.shape);
    assert_int_equal(a.nbytes, b.nbytes);
    assert_memory_equal(a.data, b.data, a.nbytes);
    pt2eArrayFree(&a);
    pt2eArrayFree(&b);
  }
}

/* Writes arg0, arg1, labels to 'out' with 'flags' and reads them back. */
static void roundTripNpz(const char *out, unsigned flags) {
  static const char *const names[] = {"arg0", "arg1", "labels"};
  Pt2eNpz *src = openNpz("savez.npz");
  Pt2eArray arrays[3];
  char err[512] = "";
  for (int i = 0; i < 3; i++)
    arrays[i] = loadNpz(src, names[i], Pt2eNpyKeep);
  pt2eNpzClose(src);
  if (!pt2eNpzWrite(output(out), 3, names, arrays, flags, err, sizeof err))
    fail_msg("%s", err);
  for (int i = 0; i < 3; i++)
    pt2eArrayFree(&arrays[i]);

  Pt2eNpz *npz = pt2eNpzOpen(output(out), err, sizeof err);
  if (!npz)
    fail_msg("%s", err);
  assert_int_equal(pt2eNpzCount(npz), 3);
  for (int i = 0; i < 3; i++)
    assert_string_equal(pt2eNpzName(npz, (size_t)i), names[i]);
  Pt2eArray a = loadNpz(npz, "arg0", Pt2eNpyKeep);
  assertCalibArg0(&a);
  pt2eArrayFree(&a);
  a = loadNpz(npz, "arg1", Pt2eNpyKeep);
  assertF64x2d(&a);
  pt2eArrayFree(&a);
  a = loadNpz(npz, "labels", Pt2eNpyKeep);
  assertLabels(&a);
  pt2eArrayFree(&a);
  pt2eNpzClose(npz);
}

static void testNpzWriteThenReadRoundTripsStored(void **state) {
  (void)state;
  roundTripNpz("stored.npz", Pt2eNpzStored);
}

static void testNpzWriteThenReadRoundTripsDeflated(void **state) {
  (void)state;
  roundTripNpz("deflated.npz", Pt2eNpzDeflate);
}

static void testNpzWriteThenReadRoundTripsForcedZip64(void **state) {
  (void)state;
  roundTripNpz("zip64.npz", Pt2eNpzForceZip64);
}

static void testNpzWriterIsDeterministic(void **state) {
  (void)state;
  static unsigned char first[8192], second[8192];
  Pt2eArray a = readNpy("f32_4d.npy", Pt2eNpyKeep);
  const char *names[] = {"x"};
  char err[256];
  assert_true(pt2eNpzWrite(output("det.npz"), 1, names, &a, Pt2eNpzDeflate,
                           err, sizeof err));
  size_t n1 = slurp(output("det.npz"), first, sizeof first);
  assert_true(pt2eNpzWrite(output("det.npz"), 1, names, &a, Pt2eNpzDeflate,
                           err, sizeof err));
  size_t n2 = slurp(output("det.npz"), second, sizeof second);
  assert_int_equal(n1, n2);
  assert_memory_equal(first, second, n1);
  pt2eArrayFree(&a);
  remove(output("det.npz"));
}

/* Entry names come from the file: a message shows a newline or an escape
** code in one as \xNN, so that every message stays one line of plain text
** (fuzz-npy found a zip whose entry name held a newline). */
static void testEntryNamesInMessagesAreOneLineOfText(void **state) {
  (void)state;
  Pt2eArray a;
  static const int64_t shape[] = {1};
  assert_true(pt2eArrayInit(&a, Pt2eArrayF32, 1, shape));
  const char *names[] = {"a\nb\x1b[2J"};
  char err[512];
  assert_true(pt2eNpzWrite(output("odd.npz"), 1, names, &a, Pt2eNpzStored, err,
                           sizeof err));
  Pt2eNpz *npz = pt2eNpzOpen(output("odd.npz"), err, sizeof err);
  assert_non_null(npz);
  Pt2eArray out;
  assert_false(pt2eNpzLoad(npz, "missing\n", Pt2eNpyKeep, &out, err, sizeof err));
  assert_null(strchr(err, '\n'));
  assert_null(strchr(err, '\x1b'));
  assert_non_null(strstr(err, "no array named 'missing\\x0a' (the archive has "
                              "'a\\x0ab\\x1b[2J')"));
  pt2eNpzClose(npz);
  /* the writer's messages too (fuzz-npy wrote back a name read from a
  ** file: "PK\x03\x04\n/npy") */
  const char *bad[] = {"PK\x03\x04\n/npy"};
  assert_false(pt2eNpzWrite(output("bad.npz"), 1, bad, &a, Pt2eNpzStored, err,
                            sizeof err));
  assert_null(strchr(err, '\n'));
  assert_non_null(strstr(err, "has an invalid name 'PK\\x03\\x04\\x0a/npy'"));
  const char *twice[] = {"x\ny", "x\ny"};
  Pt2eArray two[2] = {a, a};
  assert_false(pt2eNpzWrite(output("bad.npz"), 2, twice, two, Pt2eNpzStored, err,
                            sizeof err));
  assert_non_null(strstr(err, "array name 'x\\x0ay' is used twice"));
  pt2eArrayFree(&a);
  remove(output("odd.npz"));
}

static void testWritersRejectBadNamesAndInconsistentArrays(void **state) {
  (void)state;
  char err[512];
  Pt2eArray a;
  static const int64_t shape[] = {2, 2};
  assert_true(pt2eArrayInit(&a, Pt2eArrayI32, 2, shape));
  assert_int_equal(a.nbytes, 16);
  const char *dup[] = {"x", "x"};
  Pt2eArray two[2] = {a, a};
  assert_false(pt2eNpzWrite(output("bad.npz"), 2, dup, two, 0, err,
                            sizeof err));
  assert_non_null(strstr(err, "array name 'x' is used twice"));
  const char *slash[] = {"a/b"};
  assert_false(pt2eNpzWrite(output("bad.npz"), 1, slash, &a, 0, err,
                            sizeof err));
  assert_non_null(strstr(err, "invalid name 'a/b'"));
  Pt2eArray wrong = a;
  wrong.nbytes = 12;
  assert_false(pt2eNpyWrite(output("bad.npy"), &wrong, err, sizeof err));
  assert_non_null(strstr(err, "array of shape (2, 2) and 12 bytes is not "
                              "consistent"));
  wrong = a;
  wrong.rank = PT2E_MAX_RANK + 1;
  assert_false(pt2eNpyWrite(output("bad.npy"), &wrong, err, sizeof err));
  assert_non_null(strstr(err, "rank 13 is outside [0, 12]"));
  assert_false(pt2eNpyWrite("/nonexistent-dir/x.npy", &a, err, sizeof err));
  assert_non_null(strstr(err, "/nonexistent-dir/x.npy: cannot create ("));
  pt2eArrayFree(&a);

  static const int64_t negative[] = {-1};
  assert_false(pt2eArrayInit(&a, Pt2eArrayF32, 1, negative));
  assertEmpty(&a);
}

/* }================================================================== */

/*
** {==================================================================
** Empty arrays and checked loads
** ===================================================================
*/

/* An array without elements (data NULL) survives every writer and reader;
** under clang's UBSan this once stopped at NULL + 0 in the deflater. */
static void testEmptyArrayRoundTripsThroughEveryWriter(void **state) {
  (void)state;
  static const int64_t shape[] = {0, 3};
  static const unsigned flags[] = {Pt2eNpzStored, Pt2eNpzDeflate,
                                   Pt2eNpzDeflate | Pt2eNpzForceZip64};
  static const char *const names[] = {"empty"};
  Pt2eArray a, b;
  char err[512] = "";
  assert_true(pt2eArrayInit(&a, Pt2eArrayF32, 2, shape));
  assert_null(a.data);
  if (!pt2eNpyWrite(output("empty.npy"), &a, err, sizeof err))
    fail_msg("%s", err);
  if (!pt2eNpyRead(output("empty.npy"), Pt2eNpyKeep, &b, err, sizeof err))
    fail_msg("%s", err);
  assertShape(&b, Pt2eArrayF32, 2, shape);
  assert_null(b.data);
  pt2eArrayFree(&b);
  for (size_t k = 0; k < sizeof flags / sizeof flags[0]; k++) {
    if (!pt2eNpzWrite(output("empty.npz"), 1, names, &a, flags[k], err,
                      sizeof err))
      fail_msg("%s", err);
    Pt2eNpz *npz = pt2eNpzOpen(output("empty.npz"), err, sizeof err);
    if (!npz)
      fail_msg("%s", err);
    b = loadNpz(npz, "empty", Pt2eNpyKeep);
    assertShape(&b, Pt2eArrayF32, 2, shape);
    assert_null(b.data);
    pt2eArrayFree(&b);
    pt2eNpzClose(npz);
  }
  pt2eArrayFree(&a);
  remove(output("empty.npy"));
  remove(output("empty.npz"));
}

/* rows x cols floats from a linear congruential generator (deflate cannot
** shrink them much, so the compressed stream spans many 64 KiB pieces). */
static Pt2eArray noiseArray(int64_t rows, int64_t cols) {
  const int64_t shape[] = {rows, cols};
  Pt2eArray a;
  assert_true(pt2eArrayInit(&a, Pt2eArrayF32, 2, shape));
  uint32_t x = 12345;
  float *f = a.data;
  for (int64_t i = 0; i < rows * cols; i++) {
    x = x * 1664525u + 1013904223u;
    f[i] = (float)(x >> 8) / 16777216.0f;
  }
  return a;
}

/* Writes 'a' as the only entry "x" of 'file' with 'flags'. */
static void writeOne(const char *file, const Pt2eArray *a, unsigned flags) {
  static const char *const names[] = {"x"};
  char err[512] = "";
  if (!pt2eNpzWrite(output(file), 1, names, a, flags, err, sizeof err))
    fail_msg("%s", err);
}

/* What the accept callback of the tests saw, and what it answers. */
typedef struct Seen {
  int calls;
  Pt2eArray header;
  bool answer;
} Seen;

static bool acceptAndRecord(void *userData, const Pt2eArray *header,
                            char *err, size_t errSize) {
  Seen *seen = userData;
  seen->calls++;
  seen->header = *header;
  if (!seen->answer)
    snprintf(err, errSize, "not this shape");
  return seen->answer;
}

/* pt2eAlloc bytes held at the peak of 'load' beyond what was held before. */
#define PEAK_OF(load, peak)                                                   \
  do {                                                                        \
    pt2eAllocResetPeak();                                                     \
    size_t before_ = pt2eAllocLiveBytes();                                    \
    load;                                                                     \
    *(peak) = pt2eAllocPeakBytes() - before_;                                 \
  } while (0)

static Pt2eNpz *openOutput(const char *file) {
  char err[512] = "";
  Pt2eNpz *npz = pt2eNpzOpen(output(file), err, sizeof err);
  if (!npz)
    fail_msg("%s", err);
  return npz;
}

/*
** 16 MiB of deflated zeros (a 16 KB file) that the caller does not want:
** refused from the header, having taken well under 1 MiB, where the whole
** entry used to be inflated first. The callback sees the array the load
** would return (float32 under Pt2eNpyAsF32, no data).
*/
static void testDeflatedEntryIsCheckedBeforeItsElementsAreInflated(
    void **state) {
  (void)state;
  static const int64_t shape[] = {2048, 1024};
  Pt2eArray zeros, a;
  char err[512];
  size_t peak;
  assert_true(pt2eArrayInit(&zeros, Pt2eArrayF64, 2, shape));
  writeOne("zeros.npz", &zeros, Pt2eNpzDeflate);
  pt2eArrayFree(&zeros);
  Pt2eNpz *npz = openOutput("zeros.npz");
  Seen seen = {0, {0}, false};
  Pt2eArrayCheck check = {0, NULL, acceptAndRecord, &seen};
  bool ok;
  PEAK_OF(ok = pt2eNpzLoadChecked(npz, "x", Pt2eNpyAsF32, &check, &a, err,
                                  sizeof err), &peak);
  assert_false(ok);
  assertEmpty(&a);
  assert_string_equal(err, "not this shape");
  assert_int_equal(seen.calls, 1);
  assertShape(&seen.header, Pt2eArrayF32, 2, shape);
  assert_null(seen.header.data);
  if (peak > ((size_t)1 << 20))
    fail_msg("refusing the header took %zu bytes", peak);

  seen.answer = true; /* accepted: one block of 8 MiB for the floats */
  PEAK_OF(ok = pt2eNpzLoadChecked(npz, "x", Pt2eNpyAsF32, &check, &a, err,
                                  sizeof err), &peak);
  assert_true(ok);
  assertShape(&a, Pt2eArrayF32, 2, shape);
  pt2eArrayFree(&a);
  pt2eNpzClose(npz);
  remove(output("zeros.npz"));
}

/* Asserts that 'err' is "<output(file)>: <reason>". */
static void assertOutputError(const char *err, const char *file,
                              const char *reason) {
  char want[1200];
  snprintf(want, sizeof want, "%s: %s", output(file), reason);
  if (strcmp(err, want) != 0)
    fail_msg("got  '%s'\nwant '%s'", err, want);
}

/*
** 2 MiB arrays against a 1 MiB limit, as a stored entry, a deflated one and
** a .npy file: refused before their elements are allocated, with the size,
** the limit and the option; under a 2 MiB limit they load.
*/
static void testArrayOverTheLimitIsRefusedBeforeItIsAllocated(void **state) {
  (void)state;
  static const unsigned flags[] = {Pt2eNpzStored, Pt2eNpzDeflate};
  static const char *const files[] = {"limit_stored.npz", "limit_deflated.npz"};
  static const char *const reason =
      "array of shape (512, 1024) of '<f4' takes 2097152 bytes (2.0 MiB), "
      "more than the limit of 1 MiB (raise it with --max-entry-mb)";
  Pt2eArray noise = noiseArray(512, 1024), a;
  Pt2eArrayCheck tight = {1, "--max-entry-mb", NULL, NULL};
  Pt2eArrayCheck roomy = {2, "--max-entry-mb", NULL, NULL};
  char err[512], what[600];
  size_t peak;
  bool ok;
  for (int k = 0; k < 2; k++) {
    writeOne(files[k], &noise, flags[k]);
    Pt2eNpz *npz = openOutput(files[k]);
    PEAK_OF(ok = pt2eNpzLoadChecked(npz, "x", Pt2eNpyKeep, &tight, &a, err,
                                    sizeof err), &peak);
    assert_false(ok);
    assertEmpty(&a);
    snprintf(what, sizeof what, "entry 'x.npy': %s", reason);
    assertOutputError(err, files[k], what);
    assert_true(peak < ((size_t)256 << 10));
    /* accepted, it costs one block: no copy of the compressed bytes */
    PEAK_OF(ok = pt2eNpzLoadChecked(npz, "x", Pt2eNpyKeep, &roomy, &a, err,
                                    sizeof err), &peak);
    if (!ok)
      fail_msg("%s", err);
    assert_memory_equal(a.data, noise.data, noise.nbytes);
    if (peak > noise.nbytes + ((size_t)256 << 10))
      fail_msg("%s: loading %zu bytes took %zu", files[k], noise.nbytes, peak);
    pt2eArrayFree(&a);
    pt2eNpzClose(npz);
    remove(output(files[k]));
  }
  if (!pt2eNpyWrite(output("limit.npy"), &noise, err, sizeof err))
    fail_msg("%s", err);
  PEAK_OF(ok = pt2eNpyReadChecked(output("limit.npy"), Pt2eNpyKeep, &tight,
                                  &a, err, sizeof err), &peak);
  assert_false(ok);
  assertOutputError(err, "limit.npy", reason);
  assert_true(peak < ((size_t)64 << 10));
  PEAK_OF(ok = pt2eNpyReadChecked(output("limit.npy"), Pt2eNpyKeep, &roomy,
                                  &a, err, sizeof err), &peak);
  assert_true(ok);
  assert_memory_equal(a.data, noise.data, noise.nbytes);
  assert_true(peak < noise.nbytes + ((size_t)64 << 10));
  pt2eArrayFree(&a);
  /* the message without an option to name */
  tight.option = NULL;
  assert_false(pt2eNpyReadChecked(output("limit.npy"), Pt2eNpyKeep, &tight,
                                  &a, err, sizeof err));
  assert_non_null(strstr(err, "more than the limit of 1 MiB"));
  assert_null(strstr(err, "raise"));
  pt2eArrayFree(&noise);
  remove(output("limit.npy"));
}

/*
** A header that declares far more than the file (or the zip entry) holds is
** refused before anything is allocated for it.
*/
static void testHeaderDeclaringMoreThanTheFileHoldsIsRefusedEarly(
    void **state) {
  (void)state;
  static unsigned char bytes[4096];
  size_t n = slurp(input("f32_4d.npy"), bytes, sizeof bytes);
  char *shape = strstr((char *)bytes + 10, "(2, 3, 4, 5), }");
  assert_non_null(shape);
  /* the header keeps room for the first extent to grow to 21 digits */
  memcpy(shape, "(200000000000000, 3, 4, 5), }", 29);
  Pt2eArray a;
  char err[512];
  size_t peak;
  bool ok;
  PEAK_OF(ok = pt2eNpyParse("mem", bytes, n, Pt2eNpyKeep, &a, err,
                            sizeof err), &peak);
  assert_false(ok);
  assert_string_equal(err, "mem: data size mismatch (shape (200000000000000, "
                           "3, 4, 5) of '<f4' needs 48000000000000000 bytes, "
                           "file has 480)");
  assert_true(peak < 4096);
  /* the same bytes as a stored entry: the zip records 608 bytes */
  Pt2eArray small;
  static const int64_t s4[] = {2, 3, 4, 5};
  assert_true(pt2eArrayInit(&small, Pt2eArrayF32, 4, s4));
  writeOne("lying.npz", &small, Pt2eNpzStored);
  pt2eArrayFree(&small);
  static unsigned char zip[4096];
  size_t zn = slurp(output("lying.npz"), zip, sizeof zip);
  for (size_t i = 0; i + 15 <= zn; i++)
    if (memcmp(zip + i, "(2, 3, 4, 5), }", 15) == 0)
      memcpy(zip + i, "(200000000000000, 3, 4, 5), }", 29);
  FILE *f = fopen(output("lying.npz"), "wb");
  assert_non_null(f);
  assert_int_equal(fwrite(zip, 1, zn, f), zn);
  fclose(f);
  Pt2eNpz *npz = openOutput("lying.npz");
  PEAK_OF(ok = pt2eNpzLoad(npz, "x", Pt2eNpyKeep, &a, err, sizeof err),
          &peak);
  assert_false(ok);
  assertOutputError(err, "lying.npz", "entry 'x.npy': data size mismatch "
                    "(shape (200000000000000, 3, 4, 5) of '<f4' needs "
                    "48000000000000000 bytes, file has 480)");
  assert_true(peak < 4096);
  pt2eNpzClose(npz);
  remove(output("lying.npz"));
}

/* }================================================================== */

/*
** Fails the n-th allocation for every n until the call succeeds: each
** failure must be reported (the sanitizer build checks nothing leaks).
*/
static void testEveryAllocationFailureIsReportedWithoutLeaks(void **state) {
  (void)state;
  static const char *const names[] = {"arg0", "arg1"};
  for (int mode = 0; mode < 4; mode++) {
    bool ok = false;
    for (long n = 0; !ok; n++) {
      char err[512] = "";
      Pt2eArray a, two[2];
      pt2eAllocFailAfter(n);
      if (mode == 0) {
        ok = pt2eNpyRead(input("fortran_f32.npy"), Pt2eNpyKeep, &a, err,
                         sizeof err);
      } else if (mode == 1) {
        ok = pt2eNpyRead(input("f64_2d.npy"), Pt2eNpyAsF32, &a, err,
                         sizeof err);
      } else {
        Pt2eNpz *npz = pt2eNpzOpen(input("savez_compressed.npz"), err,
                                   sizeof err);
        if (npz && mode == 2) {
          ok = pt2eNpzLoad(npz, "arg1", Pt2eNpyAsF32, &a, err, sizeof err);
        } else if (npz) {
          bool got0 = pt2eNpzLoad(npz, "arg0", Pt2eNpyKeep, &two[0], err,
                                  sizeof err);
          bool got1 = got0 && pt2eNpzLoad(npz, "arg1", Pt2eNpyKeep, &two[1],
                                          err, sizeof err);
          ok = got1 && pt2eNpzWrite(output("oom.npz"), 2, names, two,
                                    Pt2eNpzDeflate, err, sizeof err);
          if (got0)
            pt2eArrayFree(&two[0]);
          if (got1)
            pt2eArrayFree(&two[1]);
          if (ok) /* reading is a loop of its own above */
            a = (Pt2eArray){0};
        }
        pt2eNpzClose(npz);
      }
      pt2eAllocFailAfter(-1);
      if (ok)
        pt2eArrayFree(&a);
      else if (strstr(err, "out of memory") == NULL)
        fail_msg("mode %d, allocation %ld: '%s'", mode, n, err);
      assert_true(n < 1000);
    }
  }
  remove(output("oom.npz"));
}

int main(int argc, char **argv) {
  const char *src = __FILE__;
  const char *slash = strrchr(src, '/');
  int dirLen = slash ? (int)(slash - src) : 1;
  snprintf(inputDir, sizeof inputDir, "%.*s/../Inputs/npy/", dirLen,
           slash ? src : ".");
  const char *bin = argc > 0 ? argv[0] : "";
  slash = strrchr(bin, '/');
  snprintf(outDir, sizeof outDir, "%.*s/", slash ? (int)(slash - bin) : 1,
           slash ? bin : ".");

  const struct CMUnitTest tests[] = {
      cmocka_unit_test(testReadsFourDimensionalF32FromNumpySave),
      cmocka_unit_test(testKeepsF64OrConvertsItToF32OnRequest),
      cmocka_unit_test(testReadsIntegerAndBoolDtypes),
      cmocka_unit_test(testReadsZeroDimensionalArrayAsOneElement),
      cmocka_unit_test(testReadsArrayWithoutElementsAsNullData),
      cmocka_unit_test(testTransposesFortranOrderToCOrder),
      cmocka_unit_test(testSwapsBigEndianFilesToHostOrder),
      cmocka_unit_test(testReadsHeaderFormatVersionsTwoAndThree),
      cmocka_unit_test(testParsesNpyBytesFromMemory),
      cmocka_unit_test(testRejectsMalformedNpyFilesNamingFileAndReason),
      cmocka_unit_test(testListsNpzArraysInArchiveOrderWithoutSuffix),
      cmocka_unit_test(testLoadsSavezEntriesByName),
      cmocka_unit_test(testLoadsSavezCompressedEntriesByName),
      cmocka_unit_test(testReadsZip64CentralDirectoryAndEndRecords),
      cmocka_unit_test(testRejectsMalformedNpzFilesNamingFileEntryAndReason),
      cmocka_unit_test(testDamagedEntryLeavesOtherEntriesReadable),
      cmocka_unit_test(testNpyWriterMatchesNumpySaveByteForByte),
      cmocka_unit_test(testNpyWriteThenReadRoundTrips),
      cmocka_unit_test(testNpzWriteThenReadRoundTripsStored),
      cmocka_unit_test(testNpzWriteThenReadRoundTripsDeflated),
      cmocka_unit_test(testNpzWriteThenReadRoundTripsForcedZip64),
      cmocka_unit_test(testNpzWriterIsDeterministic),
      cmocka_unit_test(testWritersRejectBadNamesAndInconsistentArrays),
      cmocka_unit_test(testEntryNamesInMessagesAreOneLineOfText),
      cmocka_unit_test(testEmptyArrayRoundTripsThroughEveryWriter),
      cmocka_unit_test(testDeflatedEntryIsCheckedBeforeItsElementsAreInflated),
      cmocka_unit_test(testArrayOverTheLimitIsRefusedBeforeItIsAllocated),
      cmocka_unit_test(testHeaderDeclaringMoreThanTheFileHoldsIsRefusedEarly),
      cmocka_unit_test(testEveryAllocationFailureIsReportedWithoutLeaks),
  };
  return cmocka_run_group_tests_name("npy", tests, NULL, NULL);
}
