/*
** tool_output.c
** See tool_output.h.
*/
#include "support/tool_output.h"

#include <stdio.h>

bool pt2eToolOutputOpen(const char *tool, Pt2eOutput *out, const char *path) {
  char err[PT2E_OUTPUT_ERROR_SIZE];
  if (pt2eOutputOpen(out, path, false, err, sizeof err))
    return true;
  fprintf(stderr, "%s: %s\n", tool, err);
  return false;
}

bool pt2eToolOutputCommit(const char *tool, Pt2eOutput *out) {
  char err[PT2E_OUTPUT_ERROR_SIZE];
  if (pt2eOutputCommit(out, err, sizeof err))
    return true;
  fprintf(stderr, "%s: %s\n", tool, err);
  return false;
}
