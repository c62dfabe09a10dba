/*
** interp_internal.h
** Data structures shared by the interpreter's files (not a public API).
**
** A compiled function is an array of Instr over numbered slots. A slot holds
** either a tensor (owned reference) or a scalar. Each instruction knows the
** slots whose last use it is, and releases them after it ran.
*/
#ifndef PT2E_INTERP_INTERNAL_H
#define PT2E_INTERP_INTERNAL_H

#include "interp.h"

#include <stdbool.h>
#include <stdint.h>

/* A scalar of any supported type; integers are kept sign-extended. */
typedef union Pt2eScalar {
  float f32;
  double f64;
  int64_t i;
} Pt2eScalar;

/* Static facts about a slot, known at compile time. */
typedef struct SlotInfo {
  bool isTensor;
  Pt2eElemType type;
  int rank;
  int64_t shape[PT2E_INTERP_MAX_RANK];
  bool pinned; /* arguments: never released by last use */
} SlotInfo;

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
};

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
  int numCallees, capCallees;
  int callDepth;
  /* ml_program globals: their current values, kept across runs */
  struct Global { MlirStringRef name; Pt2eTensor *value; } *globals;
  int numGlobals, capGlobals;
  /* PT2E_INTERP_PROFILE=1: seconds and runs per op name, printed on destroy */
  bool profile;
  struct ProfileEntry { MlirStringRef name; double seconds; long runs; } *prof;
  int numProf, capProf;
};

/* The state of one running function. */
struct Exec {
  Pt2eInterp *interp;
  const Program *program;
  Slot *slots;
};

/* ---- interp_compile.c ---- */

/* Compiles a func.func; NULL (with a diagnostic) on failure. */
Program *pt2eProgramCompile(Pt2eInterp *interp, MlirOperation func);
void pt2eProgramDestroy(Program *p);
/* Runs 'p' with borrowed 'args'; fills owned 'results'. */
MlirLogicalResult pt2eProgramRun(Pt2eInterp *interp, const Program *p,
                                 Pt2eTensor *const *args, Pt2eTensor **results);

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
/* Fills 'info' from an MLIR type; false (no diagnostic) when unsupported. */
bool pt2eSlotInfoFromType(MlirType type, SlotInfo *info);
/* "tensor<4x3xf32>" style printing of a slot type, for messages. */
void pt2eSlotInfoFormat(const SlotInfo *info, char *buf, size_t size);

/* Finds the compile function for an op name, or NULL. */
CompileFn pt2eFindCompileFn(MlirStringRef opName);

/* ---- per-dialect compile functions (one file each) ---- */
CompileFn pt2eArithCompileFn(MlirStringRef opName);  /* interp_scalar.c */
CompileFn pt2eLinalgCompileFn(MlirStringRef opName); /* interp_linalg.c */
CompileFn pt2eTensorCompileFn(MlirStringRef opName); /* interp_tensor.c */
CompileFn pt2eMiscCompileFn(MlirStringRef opName);   /* interp_exec.c */
CompileFn pt2eQuantCompileFn(MlirStringRef opName);  /* interp_quant.c */
/* A !quant type's storage as an element type (interp_quant.c). */
bool pt2eQuantElemTypeFromMlir(MlirType type, Pt2eElemType *out);

/* ---- interp_scalar.c: scalar programs ---- */

typedef struct ScalarProgram ScalarProgram;

/*
** Compiles the single block of 'region' into a scalar program. Block
** arguments become registers 0..numArgs-1. Scalar values defined outside
** the region are captured: their outer slots are appended to 'captures'
** (the caller loads them before each run with pt2eScalarProgramSetCaptures).
** 'yieldName' is the terminator expected ("linalg.yield").
*/
ScalarProgram *pt2eScalarProgramCompile(CompileCtx *cc, MlirRegion region,
                                        const char *yieldName);
/* Builds a program of the one scalar op 'op' whose operands are registers
** 0..n-1 (used for arith ops on scalars and elementwise on tensors). */
ScalarProgram *pt2eScalarProgramForOp(MlirOperation op);
void pt2eScalarProgramDestroy(void *p);

int pt2eScalarProgramNumCaptures(const ScalarProgram *p);
int pt2eScalarProgramCaptureSlot(const ScalarProgram *p, int i);
int pt2eScalarProgramCaptureReg(const ScalarProgram *p, int i);
/* Number of registers a run needs. */
int pt2eScalarProgramNumRegs(const ScalarProgram *p);
/* Copies captured outer scalars into their registers. */
void pt2eScalarProgramSetCaptures(const ScalarProgram *p, const Slot *slots,
                                  Pt2eScalar *regs);
/*
** Runs the program on 'regs' (arguments already in 0..numArgs-1); the
** yielded values are copied to 'out'. 'loopIndex' feeds linalg.index.
** Returns false when a cf.assert-like check fails (none today).
*/
void pt2eScalarProgramRun(const ScalarProgram *p, Pt2eScalar *regs,
                          const int64_t *loopIndex, Pt2eScalar *out);
/* True when the program reads any of its argument registers. */
bool pt2eScalarProgramReadsArgs(const ScalarProgram *p);
/* True when the program reads loop indices (linalg.index). */
bool pt2eScalarProgramUsesIndex(const ScalarProgram *p);
/*
** Runs the program on 'n' lanes at once: register r of lane i lives at
** regs[r * stride + i] (arguments filled by the caller). Not for programs
** that use linalg.index. Yields stay in their registers.
*/
void pt2eScalarProgramRunBlock(const ScalarProgram *p, Pt2eScalar *regs,
                               int64_t stride, int64_t n);
/*
** True when every register is f32 and every instruction is one of the
** simple f32 operations (add, sub, mul, div, neg, maximum, minimum,
** constants): such programs can run on plain float rows.
*/
bool pt2eScalarProgramIsF32Simple(const ScalarProgram *p);
/*
** Runs such a program on 'n' lanes: rows[r] points at register r's n
** floats; the caller sets the rows of arguments and captures (they may
** point straight into tensors), computed registers land in 'scratch'
** (register r at scratch + r * stride) and their rows are set here.
*/
void pt2eScalarProgramRunF32(const ScalarProgram *p, const float **rows,
                             float *scratch, int64_t stride, int64_t n);
/* Returns the element type of register 'reg' (args and results). */
Pt2eElemType pt2eScalarProgramRegType(const ScalarProgram *p, int reg);
int pt2eScalarProgramYieldReg(const ScalarProgram *p, int i);

/* The value of a dense or dense_resource attribute as a tensor of 'info'
** (borrowing the attribute's data where it can); NULL if unreadable. */
Pt2eTensor *pt2eTensorFromElementsAttr(MlirAttribute a, const SlotInfo *info);

/* Reads / writes element 'i' of a tensor as a scalar of its type. */
Pt2eScalar pt2eTensorLoad(const Pt2eTensor *t, int64_t i);
void pt2eTensorStore(Pt2eTensor *t, int64_t i, Pt2eScalar v);

/* ---- interp_lower.c: TOSA through upstream lowerings ---- */

/* True for an unused tosa.const_shape, which the compiler skips. */
bool pt2eIsDeadShapeOp(MlirOperation op);
/* True when 'module' holds any tosa.* op. */
bool pt2eModuleHasTosa(MlirOperation module);
/*
** A clone of 'module' with TOSA lowered to linalg/arith/tensor; owned by the
** caller (mlirOperationDestroy). Null, with a diagnostic, on failure.
*/
MlirOperation pt2eLowerTosaClone(MlirOperation module);

/* ---- interp_gemm.c: the matrix product ---- */

/*
** C[M,N] (+)= op(A)[M,K] op(B)[K,N] with arbitrary row strides, f32: every
** output one fma chain over k in order, from C's value ('accumulate') or
** from zero (interp_gemm.c): the same bits on every CPU and thread count.
** False when its scratch cannot be had.
*/
bool pt2eSgemm(bool transA, bool transB, int64_t m, int64_t n, int64_t k,
               const float *a, int64_t lda, const float *b, int64_t ldb,
               bool accumulate, float *c, int64_t ldc);
/* The same order, as plain scalar loops (for tests). */
void pt2eSgemmReference(bool transA, bool transB, int64_t m, int64_t n,
                        int64_t k, const float *a, int64_t lda, const float *b,
                        int64_t ldb, bool accumulate, float *c, int64_t ldc);
/* Threads pt2eSgemm may use: PT2E_NUM_THREADS, or the online CPUs. */
int pt2eGemmThreads(void);
/* For tests and benchmarks: the thread count (0: the default again) and
** the portable micro-kernel instead of the AVX2 one. */
void pt2eGemmConfigure(int threads, bool scalarTiles);

#endif /* PT2E_INTERP_INTERNAL_H */
