/*
** pt2e_foreign.h
** Ops of dialects only torch-mlir parses (tm_tensor, torch, torch_c), found
** in an MLIR file's text before it is parsed.
**
** torch-mlir writes a few aten ops (cumsum, sort, topk, scatter, ...) as ops
** of its own tm_tensor dialect, which no upstream MLIR tool registers: the
** parser then stops at "Dialect `tm_tensor' not found", which says neither
** where the op comes from nor what to do. pt2e-opt and pt2e-run look first
** and say both, at the op's line and column.
*/
#ifndef PT2E_FOREIGN_H
#define PT2E_FOREIGN_H

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
** Scans the MLIR text file 'path' for ops of torch-mlir's own dialects;
** prints one error per op name found ("path:line:col: error: ..." with the
** aten ops it stands for and how to export without it) on stderr, prefixed
** by 'tool'. True when it found any. A file it cannot read, or "-", is
** left to the parser (false).
*/
bool pt2eReportForeignOps(const char *tool, const char *path);

#ifdef __cplusplus
}
#endif

#endif /* PT2E_FOREIGN_H */
