/*
** entry.h
** The function a tool or pass runs (entry.c): the one rule every entry
** point follows. With a name, the func.func of that name; without one, the
** only public func.func with a body, so that a module whose declarations
** (`func.func private @rtclock() -> f64`) or private helpers come first
** runs the same function in pt2e-calibrate, pt2e-run, pt2e-numeric-debug
** and pt2e-draw.
*/
#ifndef PT2E_ENTRY_H
#define PT2E_ENTRY_H

#include <stddef.h>

#include "mlir-c/IR.h"

/*
** The entry function of 'module' (a builtin.module operation): with 'name'
** not NULL and not empty, the func.func of that name directly inside it,
** which must have a body; otherwise the only public func.func with a body.
** On failure a null op, and 'err' (of 'errSize' bytes) says why: no
** function of that name, a declaration, no public function with a body, or
** "2 public functions with a body: @a, @b; name one with OPTION", where
** 'option' is how the caller's user names one ("--entry=NAME",
** "entry=<name>").
*/
MlirOperation pt2eEntryFind(MlirOperation module, const char *name,
                            const char *option, char *err, size_t errSize);

#endif /* PT2E_ENTRY_H */
