/*
** pt2e_env.c
** The environment switches, checked in one place (pt2e_env.h). Their
** readers stay where the switch acts and read lazily (pt2e_parallel.c,
** pt2e_cpu.c, passes/interp/gemm.c and exec.c, passes/numerics/observers.c);
** the interpreter calls the check before it compiles a function, so that
** a bad value stops the run before any reader falls back to its default.
*/
#include "pt2e_env.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pt2e_parallel.h"

/* One switch: an integer in [min, max] (words NULL), or one of 'words'
** ("a|b|c"). */
typedef struct Switch {
  const char *name;
  const char *words;
  long min, max;
  const char *meaning;
} Switch;

static const Switch kSwitches[] = {
    {"PT2E_NUM_THREADS", NULL, 1, PT2E_MAX_THREADS, "the worker pool's threads"},
    {"PT2E_SPIN_US", NULL, 0, 1000000, "microseconds a waiting thread spins"},
    {"PT2E_ISA", "avx512|avx2|scalar", 0, 0, "the kernels' instruction set"},
    {"PT2E_GEMM_ISA", "avx512|avx2|scalar", 0, 0, "the sgemm's instruction set"},
    {"PT2E_GEMM_SCALAR", "0|1", 0, 0, "the older switch of the portable kernels"},
    {"PT2E_INTERP_PROFILE", "0|1|op", 0, 0, "the interpreter's profile"},
    {"ATEN_CPU_CAPABILITY", "default|avx2|avx512", 0, 0, "ATen's kernel level"},
};

static bool isInteger(const char *v, long min, long max) {
  char *end;
  errno = 0;
  long x = strtol(v, &end, 10);
  return errno == 0 && end != v && *end == '\0' && x >= min && x <= max;
}

/* Whether 'v' is one of the '|'-separated words. */
static bool isWord(const char *v, const char *words) {
  size_t len = strlen(v);
  for (const char *w = words; *w;) {
    const char *bar = strchr(w, '|');
    size_t wl = bar ? (size_t)(bar - w) : strlen(w);
    if (wl == len && strncmp(w, v, len) == 0)
      return true;
    w += wl + (bar != NULL);
  }
  return false;
}

bool pt2eEnvironmentCheck(char *why, size_t n) {
  for (size_t i = 0; i < sizeof kSwitches / sizeof *kSwitches; i++) {
    const Switch *s = &kSwitches[i];
    const char *v = getenv(s->name);
    if (v == NULL || *v == '\0')
      continue;
    if (s->words ? isWord(v, s->words) : isInteger(v, s->min, s->max))
      continue;
    if (s->words)
      snprintf(why, n, "environment variable %s='%s' is not valid (%s: %s)",
               s->name, v, s->meaning, s->words);
    else
      snprintf(why, n,
               "environment variable %s='%s' is not valid (%s: an integer from %ld to %ld)",
               s->name, v, s->meaning, s->min, s->max);
    return false;
  }
  return true;
}
