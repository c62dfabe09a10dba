/*
** pt2e_progress.h
** The progress line of long work (calibration, merges, sensitivity runs) on
** stderr:
**
**   pt2e-calibrate: 37 of 512 batches, 118 images/s, 10.0 s elapsed, 2 min 08 s left
**   pt2e-calibrate: 512 of 512 batches, 16384 images in 2 min 19 s (118 images/s)
**
** rewritten in place with '\r', at most five times a second (the first
** and the last line always), and ended with a newline. It is shown only
** where someone watches: by default (Pt2eProgressAuto) when stderr is a
** terminal, so that logs and captured output (lit) stay clean; 'on' and
** 'off' force it. The formatting functions are pure, for the unit test.
*/
#ifndef PT2E_PROGRESS_H
#define PT2E_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum Pt2eProgressMode {
  Pt2eProgressAuto, /* when the output is a terminal */
  Pt2eProgressOn,
  Pt2eProgressOff
} Pt2eProgressMode;

/* "auto", "on" or "off" ('len' bytes of 'text') into *out; false for
** anything else. */
bool pt2eProgressModeParse(const char *text, size_t len, Pt2eProgressMode *out);

/*
** One progress line. The caller fills the first group (designated
** initializers; the rest zero) and calls pt2eProgressStart; 'total',
** 'totalIsBound' and 'rateUnit' may change between steps.
*/
typedef struct Pt2eProgress {
  const char *what;      /* "pt2e-calibrate" */
  const char *countUnit; /* what done and total count: "batches" */
  const char *rateUnit;  /* what the rate counts: "images"; NULL: countUnit */
  int64_t total;
  bool totalIsBound;     /* the total is an upper bound: "of at most" */
  FILE *out;             /* NULL: stderr */
  double (*clock)(void); /* seconds, monotonic; NULL: CLOCK_MONOTONIC */
  /* kept by the functions below */
  bool shown;            /* the mode let it write */
  bool lineOpen;         /* a line without its newline is on 'out' */
  int64_t done;
  double items;          /* rate units so far */
  double start, lastWrite;
  size_t lastLength;     /* of the line on screen, to blank a longer one */
} Pt2eProgress;

/* Decides whether the line is shown (Auto: 'out' is a terminal), starts the
** clock and writes the first line ("0 of N ..."). */
void pt2eProgressStart(Pt2eProgress *p, Pt2eProgressMode mode);
/* One more done, which counted 'items' rate units; rewrites the line when
** the last write is at least 0.2 s old. */
void pt2eProgressStep(Pt2eProgress *p, double items);
/* Writes the final line, with its total time and mean rate, and the
** newline. */
void pt2eProgressFinish(Pt2eProgress *p);
/* Ends an open line as it stands (the work failed: its message must start
** on a line of its own). Nothing when no line is open. */
void pt2eProgressBreak(Pt2eProgress *p);

/* The pure formatting, each into 'buf' (at most 'size' bytes, always
** terminated when size > 0), returning what snprintf returns. */

/* "0.4 s", "12.3 s", "1 min 05 s", "1 h 02 min"; "?" when not finite or
** negative. */
int pt2eProgressFormatDuration(char *buf, size_t size, double seconds);
/* "1234", "118", "12.3", "0.0123": three significant digits, whole
** numbers from 100 on; "?" when not finite or negative. */
int pt2eProgressFormatRate(char *buf, size_t size, double perSecond);
/* The line of 'p' after 'elapsed' seconds, without '\r' or newline; the
** final form when 'final'. */
int pt2eProgressFormatLine(char *buf, size_t size, const Pt2eProgress *p,
                           double elapsed, bool final);

#ifdef __cplusplus
}
#endif

#endif /* PT2E_PROGRESS_H */
