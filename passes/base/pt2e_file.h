/*
** pt2e_file.h
** Output files written whole or not at all.
**
** A report or an array that fails half way must not leave half a file, nor
** destroy the file that was there: the text goes to a temporary file beside
** the target (same folder, so the final rename is atomic), which replaces
** the target only on pt2eOutputCommit. pt2e-opt's -o uses the same files
** (pt2eOutputReserve, then pt2eOutputPlace), with MLIR writing the text.
*/
#ifndef PT2E_FILE_H
#define PT2E_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct Pt2eOutput {
  FILE *file;       /* write here */
  char target[4096];
  char temp[4096];  /* empty when writing straight to the target */
} Pt2eOutput;

/*
** The size of the 'err' buffer to give the functions below: their longest
** message is "cannot write 'TARGET': why", with TARGET at most one of
** Pt2eOutput's paths and 'why' strerror's text, which the rest holds with
** room to spare.
*/
#define PT2E_OUTPUT_ERROR_SIZE (sizeof ((Pt2eOutput *)0)->target + 304)

/*
** Reserves the temporary file beside 'path' (created empty, with the mode
** the target has or a new file would get) in out->temp, and the file it
** will replace in out->target (links resolved). For "-" and for a path that
** is not a regular file out->temp stays empty: they are written directly.
** On failure writes "cannot write 'PATH': why" into 'err'.
*/
bool pt2eOutputReserve(Pt2eOutput *out, const char *path, char *err,
                       size_t errSize);
/* Renames the reserved temporary file over the target (nothing when there
** is none); on failure removes it, writes 'err' and returns false. */
bool pt2eOutputPlace(Pt2eOutput *out, char *err, size_t errSize);

/*
** Opens 'path' for writing through a temporary file beside it. "-" is
** standard output, and a path that is not a regular file (/dev/null, a
** pipe) is written directly. On failure writes "cannot write 'PATH': why"
** into 'err' and returns false.
*/
bool pt2eOutputOpen(Pt2eOutput *out, const char *path, bool binary, char *err,
                    size_t errSize);
/* Flushes and closes; the temporary file replaces the target. False (with
** 'err') when writing or renaming failed; the target is then untouched. */
bool pt2eOutputCommit(Pt2eOutput *out, char *err, size_t errSize);
/* Closes and removes the temporary file; the target is untouched. Does
** nothing for an output already committed or aborted, one pt2eOutputOpen
** or pt2eOutputReserve failed to open, or a zeroed Pt2eOutput. */
void pt2eOutputAbort(Pt2eOutput *out);

#ifdef __cplusplus
}
#endif

#endif /* PT2E_FILE_H */
