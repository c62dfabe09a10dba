/*
** pt2e_cpu.h
** The vector instruction sets the kernels may use: what the CPU has, lowered
** by one switch for every kernel (sgemm, depthwise and pooling, observers,
** the int8 GEMM, depthwise and rescale loops),
** so that the suite can be run on each path of this machine and show the
** same bits. Plain C, no MLIR header.
*/
#ifndef PT2E_CPU_H
#define PT2E_CPU_H

#ifdef __cplusplus
extern "C" {
#endif

/* Ordered: a kernel runs the highest level it has that is <= the limit. */
typedef enum Pt2eIsa {
  Pt2eIsaScalar = 0, /* portable C */
  Pt2eIsaAvx2 = 1,   /* AVX2 + FMA */
  Pt2eIsaAvx512 = 2  /* AVX-512F */
} Pt2eIsa;

/*
** The highest level the kernels may use: the CPU's (x86-64 only), lowered
** by PT2E_ISA=avx512|avx2|scalar (never raised above the CPU's), and to
** scalar by PT2E_GEMM_SCALAR=1 (the older switch). Read once.
*/
Pt2eIsa pt2eCpuIsa(void);
/* The name PT2E_ISA takes for 'isa'. */
const char *pt2eIsaName(Pt2eIsa isa);

#ifdef __cplusplus
}
#endif

#endif /* PT2E_CPU_H */
