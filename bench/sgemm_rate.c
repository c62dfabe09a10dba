/*
** sgemm_rate.c
** Measures this machine's sgemm rate, for the benchmark's "share of the
** sgemm rate": OpenBLAS's cblas_sgemm (the baseline a tuned BLAS reaches)
** and the interpreter's own fixed-order pt2eSgemm (passes/interp/gemm.c), on
** square f32 matrices of size N (default 1024), best of R repetitions
** (default 5), alternating. Prints one line (bench/calibrate.sh and
** bench/side_by_side.sh read it):
**   sgemm_gflops=<OpenBLAS> ours_gflops=<pt2eSgemm> n=<N> blas_core=<kernel>
**
** bench-sgemm-rate --all [R] instead measures, in this one process, the
** square 1024 product and the layer shapes of the benchmark's models (conv
** as im2col: M = out channels, N = OH*OW of the images grouped into one
** product, K = C*KH*KW), with 2 and 1 threads, each of our micro-kernels
** (avx512, avx2; scalar on the small shapes only) against OpenBLAS with the
** same thread count, alternating call by call, best of R (default 5); one
** line per shape, thread count and kernel, with the ratio to OpenBLAS
** (each timed call after an untimed one of the same library).
** bench-sgemm-rate --all R NAME keeps the shapes whose name contains NAME.
*/
#include <cblas.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "gemm.h"

/* OpenBLAS's own thread switch and kernel name (not in every cblas.h) */
void openblas_set_num_threads(int num_threads);
char *openblas_get_corename(void);

/*
** The baseline must be what a tuned BLAS reaches on this CPU. OpenBLAS
** picks its kernel by CPU model, and a model newer than its table falls to
** an older kernel: Debian's 0.3.21 takes a Xeon of family 6, model 207
** (AVX-512) for "Prescott" (SSE3) and reaches 33-42 GFLOP/s on 1024^3,
** against 220 with its SkylakeX kernel; it takes an EPYC of family 26
** (Zen 5, AVX-512) for "Haswell" (AVX2) and reaches 200-220, against 345
** with SkylakeX. When the kernel it chose lacks an instruction set the CPU
** has (AVX2 + FMA, or AVX-512F), this runs itself again with
** OPENBLAS_CORETYPE set to the kernel of the CPU's instruction set
** (SkylakeX for AVX-512F, else Haswell), and says so; the kernel OpenBLAS
** ran is printed as blas_core=. That holds for an OPENBLAS_CORETYPE set in
** the environment too: this machine's image sets it to Haswell, and a
** baseline held to AVX2 on an AVX-512 CPU would flatter every ratio
** against it. Our own kernels never use OpenBLAS.
*/
#if defined(__x86_64__)
static bool namedIn(const char *core, const char *const *names, size_t count) {
  for (size_t i = 0; core && i < count; i++)
    if (strcmp(core, names[i]) == 0)
      return true;
  return false;
}

static void useATunedBlasKernel(char **argv) {
  static const char *const noAvx2[] = {"Prescott", "Core2", "Penryn", "Dunnington",
                                       "Nehalem", "Sandybridge", "Atom", "Barcelona",
                                       "Bobcat", "Bulldozer", "Piledriver", "Katmai",
                                       "Coppermine", "Northwood", "Banias", "Opteron"};
  static const char *const avx512[] = {"SkylakeX", "Cooperlake", "SapphireRapids"};
  __builtin_cpu_init();
  if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("fma"))
    return;
  const char *core = openblas_get_corename();
  bool hasAvx512 = __builtin_cpu_supports("avx512f");
  bool lacksAvx2 = namedIn(core, noAvx2, sizeof noAvx2 / sizeof *noAvx2);
  bool lacksAvx512 = hasAvx512 && !namedIn(core, avx512, sizeof avx512 / sizeof *avx512);
  if (!lacksAvx2 && !lacksAvx512)
    return;
  const char *tuned = hasAvx512 ? "SkylakeX" : "Haswell";
  const char *set = getenv("OPENBLAS_CORETYPE");
  if (set && strcmp(set, tuned) == 0)
    return; /* asked for it already: this OpenBLAS has no such kernel */
  fprintf(stderr,
          "bench-sgemm-rate: OpenBLAS ran this CPU's sgemm with its %s kernel (%s, without %s);"
          " measuring with OPENBLAS_CORETYPE=%s, this CPU's instruction set\n",
          core ? core : "?", set ? "OPENBLAS_CORETYPE in the environment" : "its own choice",
          lacksAvx2 ? "AVX2" : "AVX-512", tuned);
  setenv("OPENBLAS_CORETYPE", tuned, 1);
  execv("/proc/self/exe", argv);
  perror("bench-sgemm-rate: execv"); /* measure with the kernel it chose, then */
}
#else
static void useATunedBlasKernel(char **argv) { (void)argv; }
#endif

/* OpenBLAS's threads spin for a while (OPENBLAS_THREAD_TIMEOUT, 2^28
** cycles by default) after each call before they sleep: a product run then
** would share the cores with them. So ours runs after they went to sleep,
** and each timed call follows an untimed call of the same product by the
** same library (warm caches and threads for both). */
static void letBlasThreadsSleep(void) {
  struct timespec ts = {0, 150 * 1000 * 1000};
  nanosleep(&ts, NULL);
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

typedef struct Shape {
  const char *name;
  int64_t m, n, k;
  bool transB, accumulate;
} Shape;

static const Shape kShapes[] = {
    {"square.1024", 1024, 1024, 1024, false, false},
    {"resnet18.conv1", 64, 12544, 147, false, true},
    {"resnet18.layer1.3x3", 64, 3136, 576, false, true},
    {"resnet18.layer2.3x3", 128, 784 * 2, 1152, false, true},
    {"resnet18.layer3.3x3", 256, 196 * 8, 2304, false, true},
    {"resnet18.layer4.3x3", 512, 49 * 8, 4608, false, true},
    {"mobilenet_v2.expand16", 96, 12544, 16, false, true},
    {"mobilenet_v2.project144", 24, 3136, 144, false, true},
    {"mobilenet_v2.expand160", 960, 49 * 8, 160, false, true},
    {"mobilenet_v2.last", 1280, 49 * 8, 320, false, true},
    {"mlp.hidden", 256, 1024, 1024, true, true},
    {"transformer.proj", 1024, 256, 256, true, true},
    {"transformer.ff1", 1024, 1024, 256, true, true},
    {"transformer.scores", 128, 128, 64, true, false},
};

/* Best seconds of OpenBLAS and of ours on one shape, alternating. */
static bool measure(const Shape *s, int reps, const float *a, const float *b,
                    float *c, double *blas, double *ours) {
  int64_t lda = s->k, ldb = s->transB ? s->k : s->n, ldc = s->n;
  *blas = *ours = 1e30;
  for (int r = 0; r < reps; r++) {
    double t0 = 0, t1 = 0, t2 = 0, t3 = 0;
    for (int warm = 1; warm >= 0; warm--) {
      t0 = now();
      cblas_sgemm(CblasRowMajor, CblasNoTrans, s->transB ? CblasTrans : CblasNoTrans,
                  (blasint)s->m, (blasint)s->n, (blasint)s->k, 1.0f, a, (blasint)lda,
                  b, (blasint)ldb, s->accumulate ? 1.0f : 0.0f, c, (blasint)ldc);
      t1 = now();
    }
    letBlasThreadsSleep();
    for (int warm = 1; warm >= 0; warm--) {
      t2 = now();
      if (!pt2eSgemm(false, s->transB, s->m, s->n, s->k, a, lda, b, ldb,
                     s->accumulate, c, ldc))
        return false;
      t3 = now();
    }
    if (t1 - t0 < *blas)
      *blas = t1 - t0;
    if (t3 - t2 < *ours)
      *ours = t3 - t2;
  }
  return true;
}

static int runAll(int reps, const char *only) {
  int64_t most = 1024 * 1024 * 5;
  float *a = malloc((size_t)most * sizeof(float)), *b = malloc((size_t)most * sizeof(float));
  float *c = malloc((size_t)most * sizeof(float));
  if (!a || !b || !c)
    return 1;
  for (int64_t i = 0; i < most; i++) {
    a[i] = (float)(i % 7) * 0.25f;
    b[i] = (float)(i % 5) * 0.5f;
    c[i] = 0.0f;
  }
  static const struct {
    Pt2eGemmIsa isa;
    const char *name;
  } kernels[] = {{PT2E_GEMM_AVX512, "avx512"}, {PT2E_GEMM_AVX2, "avx2"},
                 {PT2E_GEMM_SCALAR, "scalar"}};
  printf("%-24s %5s %5s %5s %3s %-7s %9s %9s %6s\n", "shape", "M", "N", "K", "thr",
         "kernel", "blas GF/s", "ours GF/s", "ratio");
  for (size_t i = 0; i < sizeof kShapes / sizeof *kShapes; i++) {
    const Shape *s = &kShapes[i];
    if (only != NULL && strstr(s->name, only) == NULL)
      continue;
    double flop = 2.0 * (double)s->m * (double)s->n * (double)s->k;
    for (int threads = 2; threads >= 1; threads--)
      for (size_t kk = 0; kk < sizeof kernels / sizeof *kernels; kk++) {
        /* the portable kernel is ~50x slower: small shapes only */
        if (kernels[kk].isa == PT2E_GEMM_SCALAR && flop > 3e8)
          continue;
        if (!pt2eGemmConfigure(threads, kernels[kk].isa))
          continue; /* this CPU lacks it */
        openblas_set_num_threads(threads);
        double blas, ours;
        if (!measure(s, reps, a, b, c, &blas, &ours))
          return 1;
        printf("%-24s %5lld %5lld %5lld %3d %-7s %9.2f %9.2f %6.3f\n", s->name,
               (long long)s->m, (long long)s->n, (long long)s->k, threads,
               kernels[kk].name, flop / blas / 1e9, flop / ours / 1e9, blas / ours);
        fflush(stdout);
      }
  }
  pt2eGemmConfigure(0, PT2E_GEMM_AUTO);
  free(a);
  free(b);
  free(c);
  return 0;
}

int main(int argc, char **argv) {
  useATunedBlasKernel(argv);
  if (argc > 1 && strcmp(argv[1], "--all") == 0)
    return runAll(argc > 2 ? atoi(argv[2]) : 5, argc > 3 ? argv[3] : NULL);
  int64_t n = argc > 1 ? atoll(argv[1]) : 1024;
  int reps = argc > 2 ? atoi(argv[2]) : 5;
  float *a = malloc((size_t)(n * n) * sizeof(float));
  float *b = malloc((size_t)(n * n) * sizeof(float));
  float *c = malloc((size_t)(n * n) * sizeof(float));
  if (!a || !b || !c || n <= 0 || reps <= 0)
    return 1;
  for (int64_t i = 0; i < n * n; i++) {
    a[i] = (float)(i % 7) * 0.25f;
    b[i] = (float)(i % 5) * 0.5f;
  }
  double bestBlas = 1e30, bestOurs = 1e30;
  for (int r = 0; r < reps; r++) {
    double t0 = now();
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (blasint)n, (blasint)n,
                (blasint)n, 1.0f, a, (blasint)n, b, (blasint)n, 0.0f, c, (blasint)n);
    double t1 = now();
    letBlasThreadsSleep();
    double t2 = now();
    if (!pt2eSgemm(false, false, n, n, n, a, n, b, n, false, c, n))
      return 1;
    double t3 = now();
    if (t1 - t0 < bestBlas)
      bestBlas = t1 - t0;
    if (t3 - t2 < bestOurs)
      bestOurs = t3 - t2;
  }
  double flop = 2.0 * (double)n * (double)n * (double)n;
  printf("sgemm_gflops=%.2f ours_gflops=%.2f n=%lld blas_core=%s\n", flop / bestBlas / 1e9,
         flop / bestOurs / 1e9, (long long)n, openblas_get_corename());
  free(a);
  free(b);
  free(c);
  return 0;
}
