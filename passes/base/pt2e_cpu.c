/*
** pt2e_cpu.c
** The instruction-set limit of pt2e_cpu.h.
*/
#include "pt2e_cpu.h"

#include <stdlib.h>
#include <string.h>

static Pt2eIsa probe(void) {
  Pt2eIsa isa = Pt2eIsaScalar;
#if defined(__GNUC__) && defined(__x86_64__)
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
    isa = Pt2eIsaAvx2;
  if (isa == Pt2eIsaAvx2 && __builtin_cpu_supports("avx512f"))
    isa = Pt2eIsaAvx512;
#endif
  const char *want = getenv("PT2E_ISA"), *scalar = getenv("PT2E_GEMM_SCALAR");
  for (Pt2eIsa i = Pt2eIsaScalar; want && i <= Pt2eIsaAvx512; i++)
    if (strcmp(want, pt2eIsaName(i)) == 0 && i < isa)
      isa = i;
  if (scalar && *scalar && strcmp(scalar, "0") != 0)
    isa = Pt2eIsaScalar;
  return isa;
}

Pt2eIsa pt2eCpuIsa(void) {
  static int known = -1; /* read once; two threads at once both probe alike */
  int isa = __atomic_load_n(&known, __ATOMIC_RELAXED);
  if (isa < 0) {
    isa = (int)probe();
    __atomic_store_n(&known, isa, __ATOMIC_RELAXED);
  }
  return (Pt2eIsa)isa;
}

const char *pt2eIsaName(Pt2eIsa isa) {
  switch (isa) {
  case Pt2eIsaAvx512: return "avx512";
  case Pt2eIsaAvx2: return "avx2";
  default: return "scalar";
  }
}
