/*
** interp_internal.h
** The compiler's and the run loop's structures, shared by the interpreter's
** files (not a public API): programs, instructions, slots, the interpreter
** object, and what a compile function gets (CompileCtx).
**
** A compiled function is an array of Instr over numbered slots. A slot holds
** either a tensor (owned reference) or a scalar. Each instruction knows the
** slots whose last use it is, and releases them after it ran.
**
** Layers (no header includes one above it): tensor.h (the floor) <
** interp_internal.h (program.c, compile.c) < ops.h, op_arith.h <
** linalg_plan.h < linalg_loops.h < op_linalg.h;
** gemm.h and lower_tosa.h stand alone.
*/
#ifndef PT2E_INTERP_INTERNAL_H
#define PT2E_INTERP_INTERNAL_H

#include "tensor.h"

#include <stdbool.h>
#include <stdint.h>

#include "pt2e_support.h"

/* A slot's run-time content. */
typedef struct Slot {
  Pt2eTensor *tensor; /* owned reference, or NULL for scalars */
  Pt2eScalar scalar;
} Slot;

typedef struct Exec Exec;
typedef struct Instr Instr;

/* Runs one instruction; on failure a diagnostic was emitted at in->op. */
typedef MlirLogicalResult (*ExecFn)(Exec *ex, const Instr *in);

struct Instr {
  MlirOperation op;
  ExecFn exec;
  int *operands; /* slots read (including values captured by regions) */
  int numOperands;
  int *results; /* slots written */
  int numResults;
  void *data; /* compiled, kind-specific data, freed with freeData */
  void (*freeData)(void *data);
  int *release; /* slots whose last use is this instruction */
  int numRelease;
  /* Its inputs are the same on every run (constants, or results of other
  ** hoisted instructions): it runs once, and its results are kept in the
  ** program's cache for the later runs (compile.c, planHoisting). */
  bool hoisted;
  /* Only hoisted instructions read its results (a tensor.empty they
  ** write into): once they are cached, it need not run (planHoisting). */
  bool onlyFeedsHoisted;
  /* A pure op nobody reads a result of (a broadcast a kernel reads
  ** through its input instead): never runs (planDeadCode). */
  bool dead;
  /* Every operand is the same on every run (planHoisting): an observer of
  ** a weight may skip its later updates when they cannot change it. */
  bool constantInputs;
  /* Or NULL. planDeadCode calls it when nothing reads the instruction's
  ** results, before it marks what the instruction reads: it may rewire
  ** its operands to something lighter (an observer of a broadcast weight
  ** then reads the weight, and the broadcast need not run). */
  void (*whenResultsUnread)(Instr *in);
};

/* What a slot's value is across runs of a program (Program.slotKind). */
typedef enum Pt2eSlotKind {
  Pt2eSlotVarying = 0,   /* computed on every run */
  Pt2eSlotConstant = 1,  /* the same on every run: a constant, a hoisted result */
  Pt2eSlotFreshEmpty = 2 /* a new tensor.empty on every run */
} Pt2eSlotKind;

/* A compiled function body. */
typedef struct Program {
  MlirOperation func;
  SlotInfo *slots;
  int numSlots;
  Instr *code;
  int numInstrs;
  int *argSlots;
  int numArgs;
  int *resultSlots; /* the operands of func.return */
  int numResults;
  /* numSlots entries: the results of hoisted instructions once they ran
  ** (owned references), kept across runs of the program */
  Slot *cache;
  int numHoisted;
  bool warm; /* a run completed: every hoisted result is in 'cache' */
  /* numSlots entries (Pt2eSlotKind), from planHoisting: a kernel may keep
  ** work it did on a Pt2eSlotConstant slot (a packed weight) */
  char *slotKind;
} Program;

struct Pt2eInterp {
  Program *entry;
  MlirOperation lowered; /* owned clone of the module when TOSA was lowered */
  Pt2eInterpHooks hooks;
  Pt2eInterpLimits limits;
  bool limitReported; /* this run already said max-live-mb stopped it */
  bool fastPaths;
  /* callees compiled on first call, by symbol */
  struct Callee { MlirStringRef name; Program *program; } *callees;
  int numCallees;
  size_t capCallees;
  int callDepth;
  /* ml_program globals: their current values, kept across runs */
  struct Global { MlirStringRef name; Pt2eTensor *value; } *globals;
  int numGlobals;
  size_t capGlobals;
  /* PT2E_INTERP_PROFILE=1: seconds and runs per op name, printed on destroy;
  ** PT2E_INTERP_PROFILE=op: per op of the program, with its location */
  bool profile, profilePerOp;
  struct ProfileEntry {
    MlirStringRef name;
    MlirOperation op; /* null unless profilePerOp */
    double seconds;
    long runs;
  } *prof;
  int numProf;
  size_t capProf;
};

/* The state of one running function. */
struct Exec {
  Pt2eInterp *interp;
  const Program *program;
  Slot *slots;
  /* Runs another program (a callee of func.call) on borrowed 'args'; on
  ** success 'results' hold owned values. Op files reach the run loop
  ** through here, never by calling it. */
  MlirLogicalResult (*runProgram)(Exec *ex, const Program *p, const Slot *args,
                                  Slot *results);
};

/* ---- program.c ---- */

/* Frees a program and everything its instructions hold; NULL is allowed. */
void pt2eProgramDestroy(Program *p);

/* True when slot 's' of 'p' holds the same value on every run. */
bool pt2eProgramSlotIsConstant(const Program *p, int s);

/* ---- compile.c ---- */

/* Compiles a func.func; NULL (with a diagnostic) on failure. */
Program *pt2eProgramCompile(Pt2eInterp *interp, MlirOperation func);

/*
** What a compile function for one op kind gets: the op, the instruction to
** fill (operands/results already numbered), the slot table (to look up and
** to fill result slot infos) and the interpreter.
*/
typedef struct CompileCtx {
  Pt2eInterp *interp;
  Program *program;
  /* Slot of an MLIR value defined outside the op being compiled, or -1. */
  int (*slotOf)(struct CompileCtx *cc, MlirValue v);
  /* Compiles another function (a callee of func.call): op files reach the
  ** compiler through here, never by calling it. NULL with a diagnostic. */
  Program *(*compileFunc)(struct CompileCtx *cc, MlirOperation func);
  void *impl;
} CompileCtx;

typedef MlirLogicalResult (*CompileFn)(CompileCtx *cc, Instr *in);

/*
** Checks that a tensor of 'info' fits the interpreter's largest tensor (and
** 64-bit sizes); otherwise emits an error at 'op' naming 'what' ("result
** #0"), the size and the limit, and returns failure.
*/
MlirLogicalResult pt2eCheckTensorSize(const Pt2eInterp *interp, MlirOperation op,
                                      const SlotInfo *info, const char *what);

/* "interpreter ran out of memory" at 'op' (the one wording of it). */
static inline MlirLogicalResult pt2eInterpOutOfMemory(MlirOperation op) {
  return pt2eOutOfMemory(mlirOperationGetLocation(op), "interpreter");
}

#endif /* PT2E_INTERP_INTERNAL_H */
