/*
** report_json.h
** pt2e-report{format=json} (report_json.c): a read row (report_rows.h) as
** one object of the JSON list, with the stable keys of docs/report.md.
*/
#ifndef PT2E_REPORT_JSON_H
#define PT2E_REPORT_JSON_H

#include "json_writer.h"
#include "report_rows.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Writes the row as one object of the JSON list. */
void pt2eReportJsonRow(Pt2eJson *j, const Pt2eReportRow *row);

/* The coverage record of 'op' (its pt2e.unquantized text, coverage.h) as
   one object of the same list: kind "not_quantized", op, location and
   reason. */
void pt2eReportJsonMiss(Pt2eJson *j, MlirOperation op, MlirStringRef text);

#ifdef __cplusplus
}
#endif

#endif /* PT2E_REPORT_JSON_H */
