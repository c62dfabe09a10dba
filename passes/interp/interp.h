/*
** interp.h
** A small interpreter for func.func over ranked, statically shaped tensors,
** used by pt2e-calibrate and pt2e-run.
**
** A function is first compiled (compile.c) into an array of instructions
** over numbered value slots, each op through its row of the op table
** (ops.c); running it (exec.c) walks that array, freeing each intermediate
** tensor after its last use. Every linalg structured op, named or generic,
** runs through one loop-nest executor driven by its indexing maps and body
** (linalg_loops.c); matmul- and convolution-shaped ops take a faster sgemm path
** (kernels.c, gemm.c). Scalar code (linalg bodies, arith on scalars and
** elementwise on tensors) is compiled to a flat scalar program (op_arith.c).
** Tensors and element types are the floor (tensor.c).
**
** Errors (an unsupported op or type, a dynamic shape, a failed cf.assert)
** are diagnostics at the op's location, emitted through the context.
*/
#ifndef PT2E_INTERP_H
#define PT2E_INTERP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include "pt2e_limits.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Element types the interpreter stores (index is stored as i64). */
typedef enum Pt2eElemType {
  Pt2eElemF32,
  Pt2eElemF64,
  Pt2eElemI1, /* stored as one byte, 0 or 1 */
  Pt2eElemI8,
  Pt2eElemI16,
  Pt2eElemI32,
  Pt2eElemI64,
  Pt2eElemI4  /* stored as one signed byte, always in [-8, 7] */
} Pt2eElemType;

/*
** A dense, row-major tensor; 'refs' counts its owners. A 'borrowed' tensor's
** data belongs to someone else (a constant's MLIR attribute, which lives as
** long as the context) and is never written or freed by the interpreter.
*/
typedef struct Pt2eTensor {
  Pt2eElemType type;
  int rank;
  int64_t shape[PT2E_MAX_RANK];
  int64_t numel;
  void *data;
  int refs;
  bool borrowed;
} Pt2eTensor;

/* Size in bytes of one element of 'type'. */
size_t pt2eElemSize(Pt2eElemType type);

/*
** Maps an MLIR element type to the interpreter's; returns false for types it
** does not support (f16, bf16, complex, ...). 'index' maps to i64.
*/
bool pt2eElemTypeFromMlir(MlirType type, Pt2eElemType *out);

/*
** Creates a zero-filled tensor owned by the caller (refs = 1), or NULL when
** memory runs out. 'rank' may be 0 (a scalar tensor of one element).
*/
Pt2eTensor *pt2eTensorCreate(Pt2eElemType type, int rank, const int64_t *shape);
/*
** Creates a tensor over 'data' without copying it (borrowed: see
** Pt2eTensor); the caller owns the tensor, not the data.
*/
Pt2eTensor *pt2eTensorCreateBorrowed(Pt2eElemType type, int rank,
                                     const int64_t *shape, const void *data);
/* Adds an owner; returns 't'. */
Pt2eTensor *pt2eTensorRetain(Pt2eTensor *t);
/* Drops an owner; frees at zero. pt2eTensorRelease(NULL) does nothing. */
void pt2eTensorRelease(Pt2eTensor *t);

/*
** Hooks through which the calibrate pass sees the pt2e ops as they run.
** 'opIndex' numbers the pt2e ops of the entry function in program order.
** 'observe' gets the tensor flowing through a pt2e.observer (and through a
** pt2e.fake_quant whose observer is enabled, before quantization).
** 'fakeQuant' gets the input of a pt2e.fake_quant and returns its output:
** a new tensor owned by the caller, or a retained input when fake
** quantization is off. A hook that fails emits a diagnostic and returns
** failure; the run then stops.
** A NULL hook makes pt2e.observer the identity and pt2e.fake_quant use the
** scale / zero_point written on the op.
** 'skipCalls' ('numSkipCalls' names, "rtclock" or "@rtclock"; borrowed for
** the interpreter's life) are external declarations whose func.call sites
** give zeros of their result types instead of an error (the option
** skip-calls=: timing code in benchmark IR). A call of any other
** declaration is an error at the call.
*/
typedef struct Pt2eInterpHooks {
  MlirLogicalResult (*observe)(void *userData, MlirOperation op,
                               const Pt2eTensor *input);
  MlirLogicalResult (*fakeQuant)(void *userData, MlirOperation op,
                                 Pt2eTensor *input, Pt2eTensor **output);
  void *userData;
  const MlirStringRef *skipCalls;
  size_t numSkipCalls;
} Pt2eInterpHooks;

typedef struct Pt2eInterp Pt2eInterp;

/*
** What one interpreter may allocate, so that a model cannot exhaust the
** machine (docs/security.md). A tensor type whose size passes
** 'maxTensorBytes' (or overflows 64 bits) is refused when the function is
** compiled, with an error at the op; scratch buffers are checked against it
** too. While a run lasts, everything held through pt2eAlloc is kept under
** 'maxLiveBytes'. The options max-tensor-mb / max-live-mb set them.
*/
typedef struct Pt2eInterpLimits {
  int64_t maxTensorBytes;
  int64_t maxLiveBytes;
} Pt2eInterpLimits;

/* PT2E_DEFAULT_MAX_TENSOR_MB and PT2E_DEFAULT_MAX_LIVE_MB (pt2e_checked.h). */
Pt2eInterpLimits pt2eInterpDefaultLimits(void);
/* Limits from the options' MiB values; false if one is not positive or its
** byte count overflows. */
bool pt2eInterpLimitsFromMiB(int64_t maxTensorMiB, int64_t maxLiveMiB,
                             Pt2eInterpLimits *out);

/*
** Compiles 'func' (a func.func) for execution. Emits a diagnostic at the
** first unsupported op and returns NULL. The interpreter borrows 'func' and
** must be destroyed before it. 'hooks' may be NULL. The default limits
** apply.
*/
Pt2eInterp *pt2eInterpCreate(MlirOperation func, const Pt2eInterpHooks *hooks);
void pt2eInterpDestroy(Pt2eInterp *interp);

/*
** Compiles the function named 'entry' of 'module' (a builtin.module). A
** module with TOSA ops is first cloned and lowered to linalg by MLIR's own
** conversions (the module itself is not changed); the hooks then see the
** pt2e ops of the clone, which keep their 'name' attributes. 'limits' may
** be NULL (the defaults). Returns NULL with a diagnostic on failure.
*/
Pt2eInterp *pt2eInterpCreateInModule(MlirOperation module, MlirStringRef entry,
                                     const Pt2eInterpHooks *hooks,
                                     const Pt2eInterpLimits *limits);

/* The entry function's arguments and results. */
int pt2eInterpNumArgs(const Pt2eInterp *interp);
int pt2eInterpNumResults(const Pt2eInterp *interp);
/* Type of argument / result 'i' as the function declares it. */
MlirType pt2eInterpArgType(const Pt2eInterp *interp, int i);
MlirType pt2eInterpResultType(const Pt2eInterp *interp, int i);

/*
** Runs the function once. 'args' are borrowed and must match the argument
** types exactly (shape and element type); 'results' receives one new tensor
** per result, owned by the caller. On failure a diagnostic was emitted and no
** results are returned.
*/
MlirLogicalResult pt2eInterpRun(Pt2eInterp *interp, Pt2eTensor *const *args,
                                Pt2eTensor **results);

/*
** Checks that 't' matches the MLIR tensor type 'type' exactly; on mismatch
** writes "expected tensor<4x3xf32>, got tensor<4x2xf32>" into 'msg'.
*/
bool pt2eTensorMatchesType(const Pt2eTensor *t, MlirType type, char *msg,
                           size_t msgSize);

/* Turns off the fast paths: kernels and block paths (tests compare them
** with the loops). */
void pt2eInterpSetFastPaths(Pt2eInterp *interp, bool enabled);

#ifdef __cplusplus
}
#endif

#endif /* PT2E_INTERP_H */
