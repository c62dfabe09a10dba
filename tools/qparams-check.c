/*
** qparams-check.c
** Compares the qparams of two pt2e-report outputs, in one of two modes
** chosen by the files' text: a file whose first character other than
** whitespace is '[' is a JSON report, any other a qparams text file (a
** qparams line starts with a name, never with '['); both must be of one
** kind. The content decides, not a ".json" suffix, so that a report
** written to any name (output=-, a temporary file) reads the same.
**
** Text mode, pairing by name:
**
**   qparams-check [--rtol=R] [--name=N]... GOLDEN ACTUAL
**
** Lines read (pt2e-report{format=qparams}; '#' lines and blank lines skipped):
**   activation_post_process_0 scale=3d03a34d zero_point=-1
**   activation_post_process_1 scale=3c000000,3c800000 zero_point=0,0
**
** For every golden observer (or only those named by --name), ACTUAL must have
** a line of the same name with as many scales and zero points; the zero
** points must be equal and every scale s must satisfy |s - g| <= R * |g|
** (R = 0, the default, means bit for bit). Each compared observer gets one
** line on stdout: its name, then per scale golden bits, actual bits, the
** relative difference and the distance in float32 ulps.
**
** JSON mode, pairing by what was observed (docs/report.md, "Comparing with
** torchao"):
**
**   qparams-check [--rtol=R] [--pair-tol=T] [--require-all] TORCHAO.json OURS.json
**
** Both are pt2e-report{format=json} documents (the golden one from
** the pt2e-import tool, --torchao). Names cannot pair the two sides, so each
** golden row pairs with our row of the same channel count whose per-channel
** min and max agree within T (default 1e-4) of the golden range
** (qparams_check/pairing.h); then scales and zero points are compared as in
** text mode, one line per golden row, our rows that pair with nothing,
** and a summary. Unpaired rows fail only with --require-all.
**
** Exit status: 0 all match, 1 a mismatch, 2 bad usage or unreadable or
** malformed input.
*/
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qparams_check/pairing.h"
#include "qparams_check/qparams_diff.h"
#include "qparams_check/json_rows.h"

enum { MaxLines = 256, MaxValues = 4096, MaxNames = 64, MaxLine = 65536 };

typedef struct {
  char name[128];
  int numScales;
  uint32_t scales[MaxValues];
  int numZeroPoints;
  long long zeroPoints[MaxValues];
} QLine;

typedef struct {
  int count;
  QLine *lines;
} QFile;

static bool parseScales(const char *s, QLine *q) {
  q->numScales = 0;
  if (strcmp(s, "none") == 0)
    return true;
  for (;;) {
    char *end;
    errno = 0;
    unsigned long v = strtoul(s, &end, 16);
    if (end == s || end - s != 8 || errno || v > 0xffffffffUL || q->numScales == MaxValues)
      return false;
    q->scales[q->numScales++] = (uint32_t)v;
    if (*end == '\0')
      return true;
    if (*end != ',')
      return false;
    s = end + 1;
  }
}

static bool parseZeroPoints(const char *s, QLine *q) {
  q->numZeroPoints = 0;
  if (strcmp(s, "none") == 0)
    return true;
  for (;;) {
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (end == s || errno || q->numZeroPoints == MaxValues)
      return false;
    q->zeroPoints[q->numZeroPoints++] = v;
    if (*end == '\0')
      return true;
    if (*end != ',')
      return false;
    s = end + 1;
  }
}

static bool parseLine(char *line, QLine *q) {
  char *name = strtok(line, " \t");
  char *scale = strtok(NULL, " \t");
  char *zp = strtok(NULL, " \t");
  if (!name || !scale || !zp || strtok(NULL, " \t"))
    return false;
  if (strlen(name) >= sizeof q->name || strncmp(scale, "scale=", 6) != 0 ||
      strncmp(zp, "zero_point=", 11) != 0)
    return false;
  strcpy(q->name, name);
  return parseScales(scale + 6, q) && parseZeroPoints(zp + 11, q);
}

/* One line of 'path' (number lineNo, without its end of line) into 'out';
** false with a message. Blank and '#' lines are skipped. */
static bool readLine(const char *path, int lineNo, char *buf, size_t len, QFile *out) {
  if (len == 0 || buf[0] == '#')
    return true;
  if (out->count == MaxLines) {
    fprintf(stderr, "qparams-check: %s: more than %d lines\n", path, MaxLines);
    return false;
  }
  if (!parseLine(buf, &out->lines[out->count])) {
    fprintf(stderr, "qparams-check: %s:%d: not a qparams line "
                    "('NAME scale=HEX[,HEX...] zero_point=INT[,INT...]')\n",
            path, lineNo);
    return false;
  }
  ++out->count;
  return true;
}

static bool readFile(const char *path, QFile *out) {
  FILE *f = fopen(path, "r");
  if (!f) {
    fprintf(stderr, "qparams-check: cannot open '%s': %s\n", path, strerror(errno));
    return false;
  }
  out->count = 0;
  out->lines = calloc(MaxLines, sizeof *out->lines);
  char *buf = malloc(MaxLine);
  if (!out->lines || !buf) {
    fprintf(stderr, "qparams-check: out of memory\n");
    free(buf);
    fclose(f);
    return false;
  }
  bool ok = true;
  int lineNo = 0;
  while (ok && fgets(buf, MaxLine, f)) {
    ++lineNo;
    size_t len = strlen(buf);
    if (len == MaxLine - 1 && buf[len - 1] != '\n') {
      fprintf(stderr, "qparams-check: %s:%d: line too long\n", path, lineNo);
      ok = false;
      break;
    }
    while (len && (buf[len - 1] == '\n' || buf[len - 1] == '\r'))
      buf[--len] = '\0';
    ok = readLine(path, lineNo, buf, len, out);
  }
  if (ok && ferror(f)) {
    fprintf(stderr, "qparams-check: error reading '%s'\n", path);
    ok = false;
  }
  free(buf);
  fclose(f);
  return ok;
}

static const QLine *find(const QFile *f, const char *name) {
  for (int i = 0; i < f->count; ++i)
    if (strcmp(f->lines[i].name, name) == 0)
      return &f->lines[i];
  return NULL;
}

/* Compares one observer; prints its line; returns true when it matches. */
static bool compare(const QLine *g, const QLine *a, double rtol) {
  bool ok = true;
  printf("%s", g->name);
  if (!a) {
    printf(" MISSING in actual\n");
    return false;
  }
  if (g->numScales != a->numScales || g->numZeroPoints != a->numZeroPoints) {
    printf(" MISMATCH counts: golden %d scales / %d zero points, actual %d / %d\n",
           g->numScales, g->numZeroPoints, a->numScales, a->numZeroPoints);
    return false;
  }
  for (int i = 0; i < g->numScales; ++i) {
    double rel = qcRelDiff(g->scales[i], a->scales[i]);
    bool within = qcScaleWithin(g->scales[i], a->scales[i], rtol);
    printf(" scale[%d] golden=%08x actual=%08x rel=%.3e ulps=%lld%s", i, g->scales[i],
           a->scales[i], rel, qcUlpDistance(g->scales[i], a->scales[i]),
           within ? "" : " OUT-OF-TOLERANCE");
    ok = ok && within;
  }
  for (int i = 0; i < g->numZeroPoints; ++i) {
    bool same = g->zeroPoints[i] == a->zeroPoints[i];
    if (!same)
      printf(" zero_point[%d] golden=%lld actual=%lld DIFFERENT", i, g->zeroPoints[i],
             a->zeroPoints[i]);
    ok = ok && same;
  }
  printf(" %s\n", ok ? "ok" : "MISMATCH");
  return ok;
}

typedef struct CheckOptions {
  double rtol;
  double pairTol;          /* JSON mode */
  bool pairTolGiven, requireAll;
  const char *names[MaxNames];
  int numNames;
  const char *paths[2]; /* GOLDEN, ACTUAL */
} CheckOptions;

static const char usage[] =
    "usage: qparams-check [--rtol=R] [--name=N]... GOLDEN ACTUAL\n"
    "       qparams-check [--rtol=R] [--pair-tol=T] [--require-all] TORCHAO.json OURS.json\n";

/* The number >= 0 after 'option' (as "--rtol="), or false with a message. */
static bool parseTolerance(const char *arg, size_t prefix, double *out) {
  char *end;
  errno = 0;
  *out = strtod(arg + prefix, &end);
  if (end == arg + prefix || *end || errno || !(*out >= 0.0)) {
    fprintf(stderr, "qparams-check: %.*s expects a number >= 0, got '%s'\n", (int)prefix - 1,
            arg, arg + prefix);
    return false;
  }
  return true;
}

/* -1 to go on, else the exit status (2 for a bad line, with a message). */
static int parseArgs(int argc, char **argv, CheckOptions *o) {
  memset(o, 0, sizeof *o);
  o->pairTol = 1e-4;
  int numPaths = 0;
  for (int i = 1; i < argc; ++i) {
    if (strncmp(argv[i], "--rtol=", 7) == 0) {
      if (!parseTolerance(argv[i], 7, &o->rtol))
        return 2;
    } else if (strncmp(argv[i], "--pair-tol=", 11) == 0) {
      if (!parseTolerance(argv[i], 11, &o->pairTol))
        return 2;
      o->pairTolGiven = true;
    } else if (strcmp(argv[i], "--require-all") == 0) {
      o->requireAll = true;
    } else if (strncmp(argv[i], "--name=", 7) == 0) {
      if (o->numNames == MaxNames) {
        fprintf(stderr, "qparams-check: at most %d --name options\n", MaxNames);
        return 2;
      }
      o->names[o->numNames++] = argv[i] + 7;
    } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
      fprintf(stderr, "qparams-check: unknown option '%s'\n", argv[i]);
      return 2;
    } else if (numPaths < 2) {
      o->paths[numPaths++] = argv[i];
    } else {
      numPaths = 3;
    }
  }
  if (numPaths != 2) {
    fputs(usage, stderr);
    return 2;
  }
  return -1;
}

/* Every golden line, or those --name gives, against ACTUAL: the status. */
static int compareAll(const CheckOptions *o, const QFile *golden, const QFile *actual) {
  int status = 0;
  if (o->numNames == 0) {
    if (golden->count == 0) {
      fprintf(stderr, "qparams-check: '%s' has no qparams lines\n", o->paths[0]);
      status = 2;
    }
    for (int i = 0; i < golden->count; ++i)
      if (!compare(&golden->lines[i], find(actual, golden->lines[i].name), o->rtol))
        status = 1;
    return status;
  }
  for (int i = 0; i < o->numNames; ++i) {
    const QLine *g = find(golden, o->names[i]);
    if (!g) {
      fprintf(stderr, "qparams-check: '%s' is not in '%s'\n", o->names[i], o->paths[0]);
      status = 2;
      continue;
    }
    if (!compare(g, find(actual, o->names[i]), o->rtol) && status == 0)
      status = 1;
  }
  return status;
}

/* JSON mode: both reports read, then paired and compared; the status. */
static int checkJson(const CheckOptions *o) {
  if (o->numNames) {
    fprintf(stderr, "qparams-check: --name pairs by name, which JSON mode does not\n");
    return 2;
  }
  QcReport golden = {0}, ours = {0};
  int status = 2;
  if (qcReportRead(o->paths[0], &golden) && qcReportRead(o->paths[1], &ours)) {
    QcPairOptions po = {o->rtol, o->pairTol, o->requireAll};
    status = qcPairAndCompare(&golden, &ours, &po);
  }
  qcReportFree(&golden);
  qcReportFree(&ours);
  return status;
}

int main(int argc, char **argv) {
  CheckOptions opt;
  int parsed = parseArgs(argc, argv, &opt);
  if (parsed >= 0)
    return parsed;
  int json0 = qcLooksLikeJson(opt.paths[0]), json1 = qcLooksLikeJson(opt.paths[1]);
  for (int i = 0; i < 2; ++i)
    if ((i ? json1 : json0) < 0) {
      fprintf(stderr, "qparams-check: cannot open '%s': %s\n", opt.paths[i], strerror(errno));
      return 2;
    }
  if (json0 != json1) {
    fprintf(stderr, "qparams-check: '%s' is %s JSON report and '%s' is %s: give two of a kind\n",
            opt.paths[0], json0 ? "a" : "not a", opt.paths[1], json1 ? "one" : "not");
    return 2;
  }
  if (json0)
    return checkJson(&opt);
  if (opt.pairTolGiven || opt.requireAll) {
    fprintf(stderr, "qparams-check: --pair-tol and --require-all are for JSON reports\n");
    return 2;
  }
  QFile golden = {0, NULL}, actual = {0, NULL};
  int status = 2;
  if (readFile(opt.paths[0], &golden) && readFile(opt.paths[1], &actual))
    status = compareAll(&opt, &golden, &actual);
  free(golden.lines);
  free(actual.lines);
  return status;
}
