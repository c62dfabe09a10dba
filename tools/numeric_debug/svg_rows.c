/*
** svg_rows.c
** See svg_rows.h.
*/
#include "numeric_debug/svg_rows.h"

#include <math.h>

void svgText(FILE *out, const char *s) {
  for (; *s; s++) {
    switch (*s) {
    case '&': fputs("&amp;", out); break;
    case '<': fputs("&lt;", out); break;
    case '>': fputs("&gt;", out); break;
    case '"': fputs("&quot;", out); break;
    case '\'': fputs("&apos;", out); break;
    default: fputc((unsigned char)*s < 0x20 ? '?' : *s, out);
    }
  }
}

double svgRowsAxisEnd(double top, double v) {
  return isfinite(v) && v > top ? v : top;
}

double svgRowsX(const SvgRows *c, double v) {
  if (isinf(v))
    return v > 0 ? c->left + SvgPlot : c->left;
  double x = v / c->top;
  return c->left + SvgPlot * (x < 0 ? 0 : x > 1 ? 1 : x);
}

int svgRowsY(int row) {
  return SvgTop + row * SvgRow;
}

void svgRowsBegin(SvgRows *c, FILE *out, int left, int rows, double top,
                  int heightBelowAxis, const char *title) {
  c->out = out;
  c->left = left;
  c->top = 10 * ceil(top / 10);
  c->axisY = SvgTop + rows * SvgRow + 4;
  fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
          "font-family=\"sans-serif\" font-size=\"11\">\n", left + SvgPlot + 40,
          c->axisY + heightBelowAxis);
  fprintf(out, "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n");
  fprintf(out, "<text x=\"10\" y=\"16\" font-size=\"13\">%s</text>\n", title);
  for (double t = 0; t <= c->top + 1e-9; t += 10) {
    double x = svgRowsX(c, t);
    fprintf(out, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/>\n", x,
            SvgTop - 4, x, c->axisY);
    fprintf(out, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%.0f</text>\n", x,
            c->axisY + 14, t);
  }
}

void svgRowsLabel(const SvgRows *c, int row, const char *name) {
  fprintf(c->out, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">", c->left - 6,
          svgRowsY(row) + 11);
  svgText(c->out, name);
  fprintf(c->out, "</text>\n");
}

void svgRowsBar(const SvgRows *c, int row, double v, const char *tooltip) {
  fprintf(c->out, "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"#4a7ab5\">"
          "<title>%s</title></rect>\n", c->left, svgRowsY(row) + 3,
          svgRowsX(c, v) - c->left, SvgRow - 6, tooltip);
}

void svgRowsLine(const SvgRows *c, double v, const char *color, int labelY,
                 const char *label) {
  double x = svgRowsX(c, v);
  fprintf(c->out, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" "
          "stroke-dasharray=\"4 3\"/>\n", x, SvgTop - 10, x, c->axisY, color);
  fprintf(c->out, "<text x=\"%.1f\" y=\"%d\" fill=\"%s\" text-anchor=\"middle\">%s</text>\n",
          x, labelY, color, label);
}

void svgRowsEnd(const SvgRows *c) {
  fprintf(c->out, "</svg>\n");
}
