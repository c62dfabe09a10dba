/*
** pt2e_env.h
** The environment switches of the kernels and the interpreter, checked
** before a run: a misspelt value is an error that names the variable, not
** a silent default. Plain C, no MLIR header.
*/
#ifndef PT2E_ENV_H
#define PT2E_ENV_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
** Whether every switch below that is set holds a value its reader takes;
** if not, 'why' (n bytes) names the first that does not, its value and
** what it takes. Unset or empty: the default, always valid.
**   PT2E_NUM_THREADS     the worker pool's threads, 1 .. PT2E_MAX_THREADS
**   PT2E_SPIN_US         microseconds a waiting thread spins, 0 .. 1000000
**   PT2E_ISA             avx512 | avx2 | scalar (every kernel)
**   PT2E_GEMM_ISA        avx512 | avx2 | scalar (the sgemm only)
**   PT2E_GEMM_SCALAR     0 | 1 (1: the older name of PT2E_ISA=scalar)
**   PT2E_INTERP_PROFILE  0 | 1 | op (per op kind, per op)
**   ATEN_CPU_CAPABILITY  default | avx2 | avx512 (ATen's, for the observers)
*/
bool pt2eEnvironmentCheck(char *why, size_t n);

#ifdef __cplusplus
}
#endif

#endif /* PT2E_ENV_H */
