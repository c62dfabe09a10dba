/*
** pass_options.c
** Parsing of typed pass option values (see pt2e_pass.h).
**
** MLIR's option parser hands every scalar option over as text; this file
** decides what text is a valid bool, int or float, so that the rules are the
** same for every pass and testable without MLIR.
*/
#include "pt2e_pass.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pt2e_support.h"

static const char *kindName(Pt2eOptionKind kind) {
  switch (kind) {
  case Pt2eOptionBool: return "a bool (on/off, true/false, 1/0)";
  case Pt2eOptionInt: return "an integer";
  case Pt2eOptionFloat: return "a finite number";
  case Pt2eOptionString: return "a string";
  case Pt2eOptionList: return "a comma-separated list";
  }
  return "a value";
}

static bool fail(const Pt2eOptionDecl *decl, MlirStringRef text, char *err,
                 size_t errSize) {
  snprintf(err, errSize, "option '%s' expects %s, got '%.*s'", decl->name,
           kindName(decl->kind), (int)text.length, text.data);
  return false;
}

static bool parseBool(MlirStringRef t, bool *out) {
  static const char *const yes[] = {"on", "true", "1"};
  static const char *const no[] = {"off", "false", "0"};
  for (size_t i = 0; i < sizeof yes / sizeof *yes; i++) {
    if (pt2eStringRefIs(t, yes[i])) {
      *out = true;
      return true;
    }
    if (pt2eStringRefIs(t, no[i])) {
      *out = false;
      return true;
    }
  }
  return false;
}

bool pt2eOptionParse(const Pt2eOptionDecl *decl, MlirStringRef text,
                     Pt2eOptionValue *out, char *err, size_t errSize) {
  char buf[128]; /* strtoll/strtod need a NUL-terminated copy */
  char *end = NULL;

  out->stringValue = text;
  switch (decl->kind) {
  case Pt2eOptionBool:
    return parseBool(text, &out->boolValue) || fail(decl, text, err, errSize);
  case Pt2eOptionString:
  case Pt2eOptionList:
    return true;
  case Pt2eOptionInt:
  case Pt2eOptionFloat:
    break;
  }
  /* strtoll/strtod would skip leading blanks: a value never starts with one */
  if (text.length == 0 || text.length >= sizeof buf || text.data[0] == ' ' ||
      text.data[0] == '\t')
    return fail(decl, text, err, errSize);
  memcpy(buf, text.data, text.length);
  buf[text.length] = '\0';
  errno = 0;
  if (decl->kind == Pt2eOptionInt) {
    out->intValue = strtoll(buf, &end, 10);
  } else {
    out->floatValue = strtod(buf, &end);
    if (!isfinite(out->floatValue))
      return fail(decl, text, err, errSize);
  }
  if (errno != 0 || end != buf + text.length)
    return fail(decl, text, err, errSize);
  return true;
}
