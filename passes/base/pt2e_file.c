/*
** pt2e_file.c
** Output files written whole or not at all (see pt2e_file.h).
*/
#include "pt2e_file.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The folder part of 'path' ("." when it has none) into 'dir'. */
static void folderOf(const char *path, char *dir, size_t size) {
  const char *slash = strrchr(path, '/');
  if (!slash)
    snprintf(dir, size, ".");
  else if (slash == path)
    snprintf(dir, size, "/");
  else
    snprintf(dir, size, "%.*s", (int)(slash - path), path);
}

bool pt2eOutputReserve(Pt2eOutput *out, const char *path, char *err,
                       size_t errSize) {
  memset(out, 0, sizeof *out);
  if (snprintf(out->target, sizeof out->target, "%s", path) >= (int)sizeof out->target) {
    snprintf(err, errSize, "cannot write '%s': path too long", path);
    return false;
  }
  struct stat st;
  bool exists = stat(path, &st) == 0;
  if (strcmp(path, "-") == 0 || (exists && !S_ISREG(st.st_mode)))
    return true; /* standard output, a device or a pipe: written as it is */
  if (exists) { /* replace the real file, not a link to it */
    char *real = realpath(path, NULL);
    if (real) {
      snprintf(out->target, sizeof out->target, "%s", real);
      free(real);
    }
  }
  char dir[4096];
  folderOf(out->target, dir, sizeof dir);
  const char *base = strrchr(out->target, '/');
  base = base ? base + 1 : out->target;
  /* The target path fits in 'temp' with room to spare: the folder and the
  ** name are parts of it, bounded here so that nothing is cut. */
  int fd = -1;
  errno = ENAMETOOLONG;
  if (strlen(dir) < 3000 && strlen(base) < 1000) {
    snprintf(out->temp, sizeof out->temp, "%.3000s/.%.1000s.pt2e-XXXXXX", dir, base);
    fd = mkstemp(out->temp);
  }
  if (fd < 0) {
    /* the folder is missing or not writable: as fopen would say */
    snprintf(err, errSize, "cannot write '%s': %s", path, strerror(errno));
    out->temp[0] = '\0';
    return false;
  }
  mode_t mask = umask(0);
  umask(mask);
  fchmod(fd, exists ? (st.st_mode & 07777) : (0666 & ~mask));
  close(fd);
  return true;
}

bool pt2eOutputOpen(Pt2eOutput *out, const char *path, bool binary, char *err,
                    size_t errSize) {
  if (!pt2eOutputReserve(out, path, err, errSize))
    return false;
  const char *mode = binary ? "wb" : "w";
  if (strcmp(out->target, "-") == 0 && !out->temp[0])
    out->file = stdout;
  else
    out->file = fopen(out->temp[0] ? out->temp : out->target, mode);
  if (!out->file) {
    snprintf(err, errSize, "cannot write '%s': %s", path, strerror(errno));
    pt2eOutputAbort(out);
    return false;
  }
  return true;
}

bool pt2eOutputPlace(Pt2eOutput *out, char *err, size_t errSize) {
  bool ok = !out->temp[0] || rename(out->temp, out->target) == 0;
  if (!ok) {
    snprintf(err, errSize, "cannot write '%s': %s", out->target, strerror(errno));
    unlink(out->temp);
  }
  out->temp[0] = '\0';
  return ok;
}

bool pt2eOutputCommit(Pt2eOutput *out, char *err, size_t errSize) {
  if (!out->file)
    return false;
  if (out->file == stdout) {
    out->file = NULL;
    if (fflush(stdout) == 0)
      return true;
    snprintf(err, errSize, "cannot write to standard output: %s", strerror(errno));
    return false;
  }
  bool ok = !ferror(out->file);
  ok = fclose(out->file) == 0 && ok;
  out->file = NULL;
  if (!ok) {
    snprintf(err, errSize, "cannot write '%s': %s", out->target, strerror(errno));
    pt2eOutputAbort(out);
    return false;
  }
  return pt2eOutputPlace(out, err, errSize);
}

void pt2eOutputAbort(Pt2eOutput *out) {
  if (out->file && out->file != stdout)
    fclose(out->file);
  out->file = NULL;
  if (out->temp[0])
    unlink(out->temp);
  out->temp[0] = '\0';
}
