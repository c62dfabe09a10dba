/*
** test_file.c
** Output files written whole or not at all (passes/base/pt2e_file.c).
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pt2e_file.h"

static char folder[256];

static int makeFolder(void **state) {
  (void)state;
  snprintf(folder, sizeof folder, "/tmp/pt2e-test-file-XXXXXX");
  return mkdtemp(folder) ? 0 : -1;
}

static void pathIn(char *buf, size_t size, const char *name) {
  snprintf(buf, size, "%s/%s", folder, name);
}

static void writeText(const char *path, const char *text) {
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  fputs(text, f);
  fclose(f);
}

static void assertText(const char *path, const char *text) {
  char buf[256] = {0};
  FILE *f = fopen(path, "r");
  assert_non_null(f);
  size_t n = fread(buf, 1, sizeof buf - 1, f);
  fclose(f);
  buf[n] = '\0';
  assert_string_equal(buf, text);
}

/* Only the named files are in the folder: no temporary file is left. */
static int countEntries(void) {
  DIR *d = opendir(folder);
  int n = 0;
  for (struct dirent *e; (e = readdir(d));)
    n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
  closedir(d);
  return n;
}

static void testAbortKeepsTheOldFile(void **state) {
  (void)state;
  char path[512], err[256];
  pathIn(path, sizeof path, "kept.txt");
  writeText(path, "old\n");
  Pt2eOutput out;
  assert_true(pt2eOutputOpen(&out, path, false, err, sizeof err));
  fputs("half a rep", out.file);
  assertText(path, "old\n"); /* not touched while writing */
  pt2eOutputAbort(&out);
  assertText(path, "old\n");
  assert_int_equal(countEntries(), 1);
  unlink(path);
}

static void testCommitReplacesOrCreates(void **state) {
  (void)state;
  char path[512], err[256];
  pathIn(path, sizeof path, "new.txt");
  Pt2eOutput out;
  assert_true(pt2eOutputOpen(&out, path, false, err, sizeof err));
  fputs("first\n", out.file);
  assert_true(pt2eOutputCommit(&out, err, sizeof err));
  assertText(path, "first\n");
  assert_true(pt2eOutputOpen(&out, path, false, err, sizeof err));
  fputs("second\n", out.file);
  assert_true(pt2eOutputCommit(&out, err, sizeof err));
  assertText(path, "second\n");
  assert_int_equal(countEntries(), 1);
  unlink(path);
}

static void testDevicesAreWrittenDirectly(void **state) {
  (void)state;
  char err[256];
  Pt2eOutput out;
  assert_true(pt2eOutputOpen(&out, "/dev/null", true, err, sizeof err));
  assert_string_equal(out.temp, "");
  fputs("gone", out.file);
  assert_true(pt2eOutputCommit(&out, err, sizeof err));
  assert_true(access("/dev/null", W_OK) == 0);
}

static void testUnwritableFolderIsAnError(void **state) {
  (void)state;
  char err[256] = "";
  Pt2eOutput out;
  assert_false(pt2eOutputOpen(&out, "/nonexistent-folder/x.txt", false, err, sizeof err));
  assert_non_null(strstr(err, "cannot write '/nonexistent-folder/x.txt': No such file"));
}

static int removeFolder(void **state) {
  (void)state;
  return rmdir(folder);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(testAbortKeepsTheOldFile),
      cmocka_unit_test(testCommitReplacesOrCreates),
      cmocka_unit_test(testDevicesAreWrittenDirectly),
      cmocka_unit_test(testUnwritableFolderIsAnError),
  };
  return cmocka_run_group_tests_name("file", tests, makeFolder, removeFolder);
}
