/*
** whole_file.c
** pt2eWholeFileRead: fread into a buffer that doubles until the file ends,
** so that a pipe (no size known beforehand) reads like a file.
*/
#include "support/whole_file.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "pt2e_alloc.h"

unsigned char *pt2eWholeFileRead(const char *path, size_t *len) {
  FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
  if (!f)
    return NULL;
  size_t cap = 1 << 16, n = 0;
  unsigned char *buf = pt2eAllocUninit(cap);
  while (buf) {
    n += fread(buf + n, 1, cap - n, f);
    if (n < cap)
      break;
    unsigned char *grown = cap <= SIZE_MAX / 2 ? pt2eRealloc(buf, cap * 2) : NULL;
    if (!grown)
      pt2eFree(buf);
    buf = grown;
    cap *= 2;
  }
  int why = buf ? 0 : ENOMEM;
  if (buf && ferror(f)) {
    why = errno ? errno : EIO;
    pt2eFree(buf);
    buf = NULL;
  }
  if (f != stdin)
    fclose(f);
  errno = why;
  if (buf)
    *len = n;
  return buf;
}
