/*
** pt2e_progress.c
** The progress line of long work on stderr (see pt2e_progress.h).
*/
#include "pt2e_progress.h"

#include <math.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Five writes a second: enough to look alive, few enough that a fast loop
** does not spend its time on the terminal. */
#define MIN_INTERVAL 0.2

bool pt2eProgressModeParse(const char *text, size_t len, Pt2eProgressMode *out) {
  static const struct {
    const char *name;
    Pt2eProgressMode mode;
  } modes[] = {{"auto", Pt2eProgressAuto}, {"on", Pt2eProgressOn}, {"off", Pt2eProgressOff}};
  for (size_t i = 0; i < sizeof modes / sizeof *modes; i++)
    if (strlen(modes[i].name) == len && memcmp(modes[i].name, text, len) == 0) {
      *out = modes[i].mode;
      return true;
    }
  return false;
}

static double monotonicSeconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int pt2eProgressFormatDuration(char *buf, size_t size, double seconds) {
  if (!isfinite(seconds) || seconds < 0)
    return snprintf(buf, size, "?");
  /* rounded once per unit, so that 59.96 s reads "1 min 00 s", never "60.0 s" */
  long long tenths = llround(seconds * 10);
  if (tenths < 600)
    return snprintf(buf, size, "%lld.%lld s", tenths / 10, tenths % 10);
  long long secs = llround(seconds);
  if (secs < 3600)
    return snprintf(buf, size, "%lld min %02lld s", secs / 60, secs % 60);
  long long mins = llround(seconds / 60);
  return snprintf(buf, size, "%lld h %02lld min", mins / 60, mins % 60);
}

int pt2eProgressFormatRate(char *buf, size_t size, double perSecond) {
  if (!isfinite(perSecond) || perSecond < 0)
    return snprintf(buf, size, "?");
  if (perSecond >= 99.95) /* %.3g would write 1.23e+03 */
    return snprintf(buf, size, "%.0f", perSecond);
  return snprintf(buf, size, "%.3g", perSecond);
}

int pt2eProgressFormatLine(char *buf, size_t size, const Pt2eProgress *p,
                           double elapsed, bool final) {
  const char *unit = p->rateUnit ? p->rateUnit : p->countUnit;
  char rate[32], time[32], left[32];
  pt2eProgressFormatRate(rate, sizeof rate, elapsed > 0 ? p->items / elapsed : NAN);
  pt2eProgressFormatDuration(time, sizeof time, elapsed);
  const char *bound = p->totalIsBound ? "at most " : "";
  if (final && p->rateUnit) /* what was counted, in how long */
    return snprintf(buf, size, "%s: %lld of %s%lld %s, %.0f %s in %s (%s %s/s)", p->what,
                    (long long)p->done, bound, (long long)p->total, p->countUnit,
                    p->items, unit, time, rate, unit);
  if (final)
    return snprintf(buf, size, "%s: %lld of %s%lld %s in %s (%s %s/s)", p->what,
                    (long long)p->done, bound, (long long)p->total, p->countUnit,
                    time, rate, unit);
  if (p->done <= 0 || elapsed <= 0) /* no rate yet, so no estimate */
    return snprintf(buf, size, "%s: %lld of %s%lld %s, %s elapsed, time left unknown",
                    p->what, (long long)p->done, bound, (long long)p->total,
                    p->countUnit, time);
  /* the rest at the mean pace so far */
  int64_t rest = p->total > p->done ? p->total - p->done : 0;
  pt2eProgressFormatDuration(left, sizeof left,
                             elapsed * (double)rest / (double)p->done);
  return snprintf(buf, size, "%s: %lld of %s%lld %s, %s %s/s, %s elapsed, %s%s left",
                  p->what, (long long)p->done, bound, (long long)p->total,
                  p->countUnit, rate, unit, time, bound, left);
}

/* Rewrites the line: '\r', the text, blanks over the rest of a longer
** earlier one; then the newline when 'final'. */
static void writeLine(Pt2eProgress *p, double now, bool final) {
  char line[512];
  int n = pt2eProgressFormatLine(line, sizeof line, p, now - p->start, final);
  size_t len = n < 0 ? 0 : (size_t)n < sizeof line ? (size_t)n : sizeof line - 1;
  int pad = p->lastLength > len ? (int)(p->lastLength - len) : 0;
  fprintf(p->out, "\r%s%*s%s", line, pad, "", final ? "\n" : "");
  fflush(p->out);
  p->lastWrite = now;
  p->lastLength = final ? 0 : len;
  p->lineOpen = !final;
}

void pt2eProgressStart(Pt2eProgress *p, Pt2eProgressMode mode) {
  if (!p->out)
    p->out = stderr;
  if (!p->clock)
    p->clock = monotonicSeconds;
  p->shown = mode == Pt2eProgressOn ||
             (mode == Pt2eProgressAuto && isatty(fileno(p->out)));
  p->lineOpen = false;
  p->done = 0;
  p->items = 0;
  p->lastLength = 0;
  p->start = p->clock();
  if (p->shown)
    writeLine(p, p->start, false);
}

void pt2eProgressStep(Pt2eProgress *p, double items) {
  p->done++;
  p->items += items;
  if (!p->shown)
    return;
  double now = p->clock();
  if (now - p->lastWrite >= MIN_INTERVAL)
    writeLine(p, now, false);
}

void pt2eProgressFinish(Pt2eProgress *p) {
  if (p->shown)
    writeLine(p, p->clock(), true);
}

void pt2eProgressBreak(Pt2eProgress *p) {
  if (!p->lineOpen)
    return;
  fputc('\n', p->out);
  fflush(p->out);
  p->lineOpen = false;
  p->lastLength = 0;
}
