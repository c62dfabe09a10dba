/*
** tool_output.h
** The output files of the stand-alone programs (pt2e-numeric-debug's
** report and plot, in both of its modes), written whole or not at all
** through pt2e_file.h: opened before the work, so that a file that cannot
** be written fails first, and committed once its text is complete. Every
** failure is reported on stderr as "<tool>: <why>".
*/
#ifndef PT2E_TOOL_OUTPUT_H
#define PT2E_TOOL_OUTPUT_H

#include <stdbool.h>

#include "pt2e_file.h"

/*
** Opens 'path' for writing ("-": standard output) into '*out'. On failure
** prints "<tool>: cannot write 'PATH': why" and returns false. Either way
** pt2eOutputAbort may then be called on '*out'.
*/
bool pt2eToolOutputOpen(const char *tool, Pt2eOutput *out, const char *path);

/*
** Commits what was written to '*out' (pt2eOutputCommit): the file replaces
** its target. On failure prints "<tool>: why" and returns false, the
** target untouched. Either way '*out' is closed.
*/
bool pt2eToolOutputCommit(const char *tool, Pt2eOutput *out);

#endif
