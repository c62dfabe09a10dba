/*
** pt2e_pass.h
** How a pass of pt2e-mlir is declared in C: its pipeline argument, typed
** options and run function.
**
** MLIR's C API builds passes without options (mlirCreateExternalPass), so
** each pass instead describes itself with a Pt2ePassDecl. The C++ bridge in
** plugin/pass_bridge.cpp turns every declaration into a real mlir::Pass: it
** declares the options to MLIR's option parser (so they parse from
** 'pt2e-toggle{observer=off}' and show in --help), validates them with
** pt2eOptionParse below, and calls 'run' with the parsed values. All logic
** stays in C; the bridge only forwards.
*/
#ifndef PT2E_PASS_H
#define PT2E_PASS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum Pt2eOptionKind {
  Pt2eOptionBool,   /* on/off, true/false, 1/0 */
  Pt2eOptionInt,    /* a decimal integer (int64) */
  Pt2eOptionFloat,  /* a finite decimal or hex float (double) */
  Pt2eOptionString, /* any text */
  Pt2eOptionList    /* comma-separated strings: 'a,b,c' */
} Pt2eOptionKind;

typedef struct Pt2eOptionDecl {
  const char *name;         /* as written in the pipeline: 'fake-quant' */
  Pt2eOptionKind kind;
  const char *description;  /* one line, shown by --help */
  const char *defaultValue; /* text parsed when the option is absent; NULL: none */
  bool required;            /* absent -> the pipeline fails to parse */
} Pt2eOptionDecl;

/* One parsed option value; which field holds it follows the declared kind. */
typedef struct Pt2eOptionValue {
  bool isSet; /* written by the user (false: default or nothing) */
  bool boolValue;
  int64_t intValue;
  double floatValue;
  MlirStringRef stringValue; /* for strings; borrowed from the pass */
  size_t listSize;
  const MlirStringRef *listValues; /* for lists; borrowed from the pass */
} Pt2eOptionValue;

/*
** The function that does a pass's work on 'op' (an instance of the anchor op).
** 'options' has one entry per declared option, in declaration order. On
** failure the pass has already emitted a diagnostic at the offending location
** and must have left the IR as it found it.
*/
typedef MlirLogicalResult (*Pt2ePassRunFn)(MlirOperation op,
                                           const Pt2eOptionValue *options);

typedef struct Pt2ePassDecl {
  const char *argument;    /* pipeline name: 'pt2e-toggle' */
  const char *name;        /* class-like name: 'Pt2eToggle' */
  const char *summary;     /* one line for --help */
  const char *anchorOp;    /* op the pass runs on ('builtin.module'); "" = any */
  const Pt2eOptionDecl *options;
  size_t numOptions;
  /* Dialects the pass may create ops of; loaded before the pipeline runs. */
  MlirDialectHandle (*const *dependentDialects)(void);
  size_t numDependentDialects;
  Pt2ePassRunFn run;
} Pt2ePassDecl;

/*
** Parses 'text' as a value of 'decl->kind' into 'out' (lists are not parsed
** here: MLIR's option parser splits them). On failure writes a message
** naming the option into 'err' (at most errSize bytes) and returns false.
*/
bool pt2eOptionParse(const Pt2eOptionDecl *decl, MlirStringRef text,
                     Pt2eOptionValue *out, char *err, size_t errSize);

/* Every pass of pt2e-mlir, in the order --help should list them. */
const Pt2ePassDecl *const *pt2eGetPassDecls(size_t *count);

#ifdef __cplusplus
}
#endif

#endif /* PT2E_PASS_H */
