/*
** skip_calls.h
** The value of --skip-calls=@a,@b (pt2e-run, pt2e-numeric-debug): the
** external declarations whose calls the interpreter answers with zeros,
** as Pt2eInterpHooks.skipCalls takes them.
*/
#ifndef PT2E_SKIP_CALLS_H
#define PT2E_SKIP_CALLS_H

#include <stddef.h>

#include "mlir-c/Support.h"

/*
** The comma-separated names of 'text' ("@rtclock,@other"; NULL is none)
** as string references into 'text', which must outlive them; '*n' of them,
** empty names left out. The array is the caller's, freed with pt2eFree;
** NULL when memory runs out (with '*n' 0, as for no names).
*/
MlirStringRef *pt2eToolSkipCalls(const char *text, size_t *n);

#endif
