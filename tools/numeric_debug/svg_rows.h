/*
** svg_rows.h
** The plot both of pt2e-numeric-debug's reports put beside their table:
** one row per entry in rank order, dB along x from 0 to the axis' end, a
** grid line every 10 dB, marks in the rows and dashed vertical lines for
** the figures of the whole model.
*/
#ifndef PT2E_SVG_ROWS_H
#define PT2E_SVG_ROWS_H

#include <stdio.h>

enum { SvgRow = 16, SvgPlot = 520, SvgTop = 40 };

typedef struct SvgRows {
  FILE *out;
  int left;   /* x of 0 dB: the labels end there */
  double top; /* dB at the axis' end: the largest figure rounded up to 10 */
  int axisY;  /* y of the axis, under the last row */
} SvgRows;

/* The largest finite figure of 'v' (at least 10), rounded up to 10 dB. */
double svgRowsAxisEnd(double top, double v);

/* Starts the document ('height': its height below the axis) with its
** title and the grid; 'top' from svgRowsAxisEnd. */
void svgRowsBegin(SvgRows *c, FILE *out, int left, int rows, double top,
                  int heightBelowAxis, const char *title);
/* x of 'v' dB: 0 at the axis' start, clamped to the plot (inf at its end). */
double svgRowsX(const SvgRows *c, double v);
/* y of the top of row 'row'. */
int svgRowsY(int row);
/* The row's label, right-aligned before the plot. */
void svgRowsLabel(const SvgRows *c, int row, const char *name);
/* A bar from 0 to 'v' dB in row 'row', with a tooltip. */
void svgRowsBar(const SvgRows *c, int row, double v, const char *tooltip);
/* A dashed vertical line at 'v' dB over every row, labelled at 'labelY'. */
void svgRowsLine(const SvgRows *c, double v, const char *color, int labelY,
                 const char *label);
void svgRowsEnd(const SvgRows *c);

/* Text for XML: the five characters with a meaning escaped, control
** characters (not allowed in XML 1.0) as '?'. */
void svgText(FILE *out, const char *s);

#endif
