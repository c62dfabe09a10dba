/*
** report_rows.h
** The rows of pt2e-report (report_rows.c), the model its formats print:
** which ops are rows, each row read and checked, and what a row says
** (name, qparams, dtype, observer, clipped share). report.c prints the
** table and the qparams lines from them, report_json.c the JSON list
** (docs/report.md is its schema); this file knows neither.
*/
#ifndef PT2E_REPORT_ROWS_H
#define PT2E_REPORT_ROWS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include "pt2e_calibrated.h"
#include "pt2e_spec.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum Pt2eReportKind {
  Pt2eReportObserver,  /* pt2e.observer */
  Pt2eReportFakeQuant, /* pt2e.fake_quant */
  Pt2eReportQdq,       /* quant.qcast or quant.scast that pt2e-convert named */
  Pt2eReportDynamic    /* pt2e.dynamic_qdq: a spec, qparams chosen when it runs */
} Pt2eReportKind;

/*
** One row: an observer or fake-quant op with its spec and calibrated
** attributes (read through pt2e_calibrated.h, so every length below is
** checked), or a Q-DQ pair whose qparams are the !quant.uniform type of the
** value its quant.qcast / quant.scast produces.
*/
typedef struct Pt2eReportRow {
  MlirOperation op;
  Pt2eReportKind kind;
  bool isScast;               /* Q-DQ pair of a folded integer constant */
  Pt2eSpec spec;              /* quant ops */
  Pt2eCalibratedQParams qp;   /* quant ops */
  Pt2eCalibratedStats stats;  /* quant ops */
  MlirType quant;             /* Q-DQ pair: the element type (null: not quant) */
  intptr_t n;                 /* number of qparams; 0: none yet */
  bool hasRange;              /* ONNX Runtime kinds with statistics: */
  float rangeLo, rangeHi;     /* the method's range (range_value) */
  intptr_t numRanges;         /* per-channel histograms: one range per */
  float *ranges;              /* channel, lo/hi pairs (freed by
                                 pt2eReportRowFree); else 0 and NULL */
  MlirAttribute floatZeros;   /* a Q-DQ pair of a per_group_float_zero
                                 weight: the dense f32 zeros the generic
                                 after its dcast adds (null: none) */
} Pt2eReportRow;

/* Whether the row is per_group_float_zero (its spec, or a Q-DQ pair whose
** dcast feeds the float zero points' generic); then its float zero point
** i < n: the one the generic adds, or min + mid * scale of the stats. */
bool pt2eReportRowHasFloatZeros(const Pt2eReportRow *row);
float pt2eReportRowFloatZero(const Pt2eReportRow *row, intptr_t i);

/* The group size of a per-group row (a per_group spec, or a sub-channel
** type's largest block), or -1 for any other. */
int64_t pt2eReportRowGroupSize(const Pt2eReportRow *row);

/* The number of groups (of scales) of a row: its qparams' count, or for a
** dynamic row the count its spec gives the tensor (1 per tensor; -1 when
** unknown: a dynamic shape). */
int64_t pt2eReportRowGroups(const Pt2eReportRow *row);

/* Whether 'op' is a row: an observer, a fake-quant op, or a Q-DQ pair
** pt2e-convert made (a single-result op carrying 'pt2e.name'). */
bool pt2eReportRowIsRow(MlirOperation op);

/*
** Reads and checks the row of 'op' (pt2eReportRowIsRow) into '*row'; emits
** the first problem at the op and fails, so that the pass prints nothing
** for a module it cannot read. Either way the caller frees '*row' with
** pt2eReportRowFree.
*/
MlirLogicalResult pt2eReportRowRead(MlirOperation op, Pt2eReportRow *row);

/* Frees what a read row owns (its per-channel ranges). */
void pt2eReportRowFree(Pt2eReportRow *row);

/* The row's name: the op's 'name', or the Q-DQ pair's 'pt2e.name'. */
MlirStringRef pt2eReportRowName(const Pt2eReportRow *row);
/* Scale and zero point i < row->n. */
float pt2eReportRowScale(const Pt2eReportRow *row, intptr_t i);
int64_t pt2eReportRowZeroPoint(const Pt2eReportRow *row, intptr_t i);
/*
** The share of the observed values (by a per-tensor Histogram's bins, so to
** the width of a bin) outside what the qparams represent; negative when it
** cannot be known (other observers, no qparams or no statistics yet).
*/
double pt2eReportRowClipped(const Pt2eReportRow *row);

/*
** The row's storage dtype by its spec name ("i8", "i16", "i4"): a quant op's
** spec's (NULL for a shared spec), a Q-DQ pair's quant storage type (NULL
** when not quant, or a storage the spec has no name for).
*/
const char *pt2eReportRowDType(const Pt2eReportRow *row);

/*
** The observer kind of a quant op's row with the parameters of an ONNX
** Runtime kind, as the table prints it: "percentile 99.999 sym 2048 bins",
** "entropy 128/128 bins", "distribution 2048 bins"; "-" for Q-DQ rows and
** specs that are not observers.
*/
const char *pt2eReportRowObserver(const Pt2eReportRow *row, char *buf,
                                  size_t size);

#ifdef __cplusplus
}
#endif

#endif /* PT2E_REPORT_ROWS_H */
