/*
** json_rows.h
** The rows of a pt2e-report{format=json} document (docs/report.md) as
** qparams-check compares them: name, qscheme, per channel the scale (as
** float32 bits), zero point and observed min / max. Only the keys read
** here are checked, so that a document another program writes in the same
** shape (the pt2e-import tool, --torchao) reads even if it adds keys.
*/
#ifndef PT2E_QC_JSON_ROWS_H
#define PT2E_QC_JSON_ROWS_H

#include <stdbool.h>
#include <stdint.h>

typedef struct QcRow {
  const char *name;    /* as written in JSON (escapes kept), not NUL-ended */
  int nameLen;
  const char *qscheme; /* NULL when null */
  int qschemeLen;
  int channels;        /* entries of min and max (1 per tensor) */
  bool pairable;       /* finite min/max of 1+ channels, and qparams */
  uint32_t *scales;    /* 'channels' of each when pairable */
  long long *zeroPoints;
  double *mins, *maxs;
} QcRow;

typedef struct QcReport {
  const char *path;
  unsigned char *text; /* the file; rows point into it */
  QcRow *rows;         /* observer, fake_quant and qdq rows, in file order */
  int numRows;
  int numPairable;
  int numCoverage;     /* "not_quantized" coverage records, skipped */
} QcReport;

/*
** 1 when the first character of 'path' other than whitespace is '[' (a
** JSON report; a qparams line starts with a name), 0 when it is not, -1
** with errno set when the file cannot be opened.
*/
int qcLooksLikeJson(const char *path);

/*
** Reads the rows of the report at 'path' into '*out'. On failure prints
** "qparams-check: PATH[:LINE:COLUMN]: why" and returns false. Either way
** qcReportFree(out) releases it.
*/
bool qcReportRead(const char *path, QcReport *out);

void qcReportFree(QcReport *r);

#endif /* PT2E_QC_JSON_ROWS_H */
