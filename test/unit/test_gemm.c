/*
** test_gemm.c
** The interpreter's sgemm (passes/interp/gemm.c) against its scalar
** reference, bit for bit: every micro-kernel this CPU has (AVX-512 12 x 32,
** AVX2 6 x 16, portable), each with 1, 2 and 3 threads, on the matrix
** shapes of the convolutions (as im2col products) and matmuls of ResNet-18,
** MobileNetV2, the MLP and a transformer encoder layer, and on edge shapes
** around the tiles and cache blocks of every kernel. Each output is one fma
** chain in k order (the documented order), so any difference is a bug.
**
** Columns are independent of each other in that order, so the layers keep
** their real M (rows) and K (the reduction, what blocking could change) and
** take a cut N that is no multiple of the micro-kernels' 16 or 32, to keep
** the scalar reference fast.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gemm.h"
#include "pt2e_support.h"

/* Deterministic values with a wide spread of exponents, so that the sum
** order shows in the low bits. */
static void fill(float *x, int64_t n, uint64_t seed) {
  uint64_t s = seed * 0x9E3779B97F4A7C15ull + 1;
  for (int64_t i = 0; i < n; i++) {
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    float u = (float)(s >> 40) / (float)(1 << 24) - 0.5f;
    x[i] = ldexpf(u, (int)(s % 9) - 4);
  }
}

typedef struct Shape {
  const char *name;
  int64_t m, n, k;
} Shape;

/* M = output channels (or rows), K = C x KH x KW (or the inner dimension). */
static const Shape kShapes[] = {
    /* ResNet-18: conv1 7x7 and the 3x3 stages, 1x1 downsamples, fc */
    {"resnet18.conv1", 64, 131, 147},
    {"resnet18.layer1.3x3", 64, 131, 576},
    {"resnet18.layer2.3x3a", 128, 131, 576},
    {"resnet18.layer2.3x3", 128, 131, 1152},
    {"resnet18.layer2.down", 128, 131, 64},
    {"resnet18.layer3.3x3", 256, 67, 2304},
    {"resnet18.layer3.down", 256, 67, 128},
    {"resnet18.layer4.3x3", 512, 49, 4608},
    {"resnet18.layer4.down", 512, 49, 256},
    {"resnet18.fc", 8, 1000, 512},
    /* MobileNetV2: stem, 1x1 expand/project convs, classifier */
    {"mobilenet_v2.stem", 32, 131, 27},
    {"mobilenet_v2.expand16", 96, 131, 16},
    {"mobilenet_v2.project", 24, 131, 144},
    {"mobilenet_v2.expand160", 960, 49, 160},
    {"mobilenet_v2.last", 1280, 49, 320},
    {"mobilenet_v2.classifier", 8, 1000, 1280},
    /* MLP 3 x 1024, batch 256 */
    {"mlp.hidden", 256, 133, 1024},
    /* TransformerEncoderLayer(d_model 256, 4 heads, ff 2048), 8 x 128 tokens */
    {"transformer.qkv", 1024, 67, 256},
    {"transformer.scores", 128, 128, 64},
    {"transformer.context", 128, 64, 128},
    {"transformer.ff1", 1024, 67, 256},
    {"transformer.ff2", 1024, 67, 2048},
    /* edges: empty reduction, single elements, tails of every size */
    {"edge.k0", 7, 9, 0},
    {"edge.1x1x1", 1, 1, 1},
    {"edge.tails", 13, 35, 257},
    {"edge.row", 1, 300, 513},
    {"edge.col", 300, 1, 513},
};

/* The micro-kernels, each tested where the CPU has it. */
static const struct {
  Pt2eGemmIsa isa;
  const char *name;
} kKernels[] = {{PT2E_GEMM_AVX512, "avx512"}, {PT2E_GEMM_AVX2, "avx2"},
                {PT2E_GEMM_SCALAR, "scalar"}};

/* Runs one shape with every micro-kernel the CPU has, each with 1, 2 and 3
** threads, and compares with the reference. With 'rowInit', through
** pt2eSgemmWithPacked's rowInit: chain i starts at a value of its own,
** which must give the reference's bits on a C whose row i holds that
** value. */
static void checkShapeFrom(const Shape *s, bool transA, bool transB,
                           bool accumulate, bool rowInit, int packed) {
  int64_t lda = transA ? s->m + 3 : s->k + 3; /* padded rows: strides matter */
  int64_t ldb = transB ? s->k + 5 : s->n + 5;
  int64_t ldc = s->n + 2;
  int64_t aRows = transA ? s->k : s->m, bRows = transB ? s->n : s->k;
  size_t na = (size_t)(aRows * lda + 1), nb = (size_t)(bRows * ldb + 1);
  size_t nc = (size_t)(s->m * ldc);
  float *a = malloc(na * sizeof *a), *b = malloc(nb * sizeof *b);
  float *init = malloc(nc * sizeof *init), *want = malloc(nc * sizeof *want);
  float *got = malloc(nc * sizeof *got);
  assert_non_null(a);
  assert_non_null(b);
  assert_non_null(init);
  assert_non_null(want);
  assert_non_null(got);
  fill(a, (int64_t)na, 1);
  fill(b, (int64_t)nb, 2);
  fill(init, (int64_t)nc, 3);
  memcpy(want, init, nc * sizeof *want);
  float *starts = malloc((size_t)s->m * sizeof *starts); /* exactly m: ASan sees an overread */
  assert_non_null(starts);
  fill(starts, s->m, 4);
  for (int64_t i = 0; i < s->m && rowInit; i++)
    for (int64_t j = 0; j < s->n; j++)
      want[i * ldc + j] = starts[i];
  pt2eSgemmReference(transA, transB, s->m, s->n, s->k, a, lda, b, ldb,
                     accumulate || rowInit, want, ldc);
  static const int threads[] = {1, 2, 3};
  for (size_t kk = 0; kk < sizeof kKernels / sizeof *kKernels; kk++)
    for (size_t t = 0; t < sizeof threads / sizeof *threads; t++) {
      if (!pt2eGemmConfigure(threads[t], kKernels[kk].isa))
        break; /* this CPU lacks it */
      assert_string_equal(pt2eGemmKernelName(), kKernels[kk].name);
      memcpy(got, init, nc * sizeof *got);
      if (packed == 2) {
        /* B packed once; with 2 threads one packed from another B */
        float *b2 = malloc(nb * sizeof *b2);
        assert_non_null(b2);
        fill(b2, (int64_t)nb, 10);
        Pt2eSgemmPacked *pb = pt2eSgemmPackB(transB, s->k, s->n, t % 2 ? b : b2, ldb);
        assert_true(s->k == 0 || s->n == 0 || t % 2 == 0 ||
                    pt2eSgemmPackedFitsB(pb, transB, s->k, s->n, b, ldb));
        assert_false(pt2eSgemmPackedFitsA(pb, transB, s->n, s->k, b, ldb));
        assert_true(pt2eSgemmWithPacked(NULL, pb, transA, transB, s->m, s->n,
                                        s->k, a, lda, b, ldb, accumulate,
                                        rowInit ? starts : NULL, got, ldc));
        pt2eSgemmPackedFree(pb);
        free(b2);
      } else if (packed) {
        /* packed for this kernel, and one packed for another kernel (or
        ** another A), which must be ignored */
        float *a2 = malloc(na * sizeof *a2); /* another A, other values */
        assert_non_null(a2);
        fill(a2, (int64_t)na, 9);
        Pt2eSgemmPacked *pa = pt2eSgemmPackA(transA, s->m, s->k, a, lda);
        Pt2eSgemmPacked *other = pt2eSgemmPackA(transA, s->m, s->k, a2, lda);
        assert_true(s->k == 0 || s->m == 0 ||
                    pt2eSgemmPackedFitsA(pa, transA, s->m, s->k, a, lda));
        assert_false(pt2eSgemmPackedFitsA(other, transA, s->m, s->k, a, lda));
        assert_true(pt2eSgemmWithPacked(t % 2 ? pa : other, NULL, transA, transB,
                                        s->m, s->n, s->k, a, lda, b, ldb,
                                        accumulate, rowInit ? starts : NULL,
                                        got, ldc));
        pt2eSgemmPackedFree(pa);
        pt2eSgemmPackedFree(other);
        free(a2);
      } else if (rowInit)
        assert_true(pt2eSgemmWithPacked(NULL, NULL, transA, transB, s->m, s->n,
                                        s->k, a, lda, b, ldb, false, starts,
                                        got, ldc));
      else
        assert_true(pt2eSgemm(transA, transB, s->m, s->n, s->k, a, lda, b,
                              ldb, accumulate, got, ldc));
      for (int64_t i = 0; i < s->m; i++)
        for (int64_t j = 0; j < s->n; j++) {
          uint32_t w, g;
          memcpy(&w, &want[i * ldc + j], 4);
          memcpy(&g, &got[i * ldc + j], 4);
          if (w != g)
            fail_msg("%s %lldx%lldx%lld (transA %d transB %d accumulate %d rowInit "
                     "%d, %s tiles, %d threads): C[%lld][%lld] = %08x, the reference %08x",
                     s->name, (long long)s->m, (long long)s->n, (long long)s->k,
                     transA, transB, accumulate, rowInit, kKernels[kk].name, threads[t],
                     (long long)i, (long long)j, g, w);
        }
      /* the padding between rows of C is never written */
      for (int64_t i = 0; i < s->m; i++)
        for (int64_t j = s->n; j < ldc; j++)
          assert_memory_equal(&got[i * ldc + j], &init[i * ldc + j], 4);
    }
  pt2eGemmConfigure(0, PT2E_GEMM_AUTO);
  free(starts);
  free(a);
  free(b);
  free(init);
  free(want);
  free(got);
}

static void checkShape(const Shape *s, bool transA, bool transB, bool accumulate) {
  checkShapeFrom(s, transA, transB, accumulate, false, 0);
}

static void testModelShapesMatchTheReference(void **state) {
  (void)state;
  for (size_t i = 0; i < sizeof kShapes / sizeof *kShapes; i++)
    checkShape(&kShapes[i], false, false, true);
}

/* The layouts the kernels use: B transposed (NHWC/FHWC convolutions,
** torch-mlir's linear), A transposed, and a product without an init. */
static void testTransposesAndOverwrite(void **state) {
  (void)state;
  for (size_t i = 0; i < sizeof kShapes / sizeof *kShapes; i += 3) {
    checkShape(&kShapes[i], false, true, true);
    checkShape(&kShapes[i], true, false, false);
    checkShape(&kShapes[i], true, true, false);
  }
}

/*
** Around every kernel's tile (12 x 32, 6 x 16) and block (k blocks of up
** to 256 cut evenly, 240 or 96 rows, 1024 or 512 columns): m and n just
** below, at and above multiples of them, k = 0, 1 and a split k; every
** combination of transA, transB and accumulate in turn.
*/
static void testEdgeShapes(void **state) {
  (void)state;
  static const int64_t ms[] = {1, 5, 6, 7, 11, 12, 13, 25, 97, 145};
  static const int64_t ns[] = {1, 15, 16, 17, 31, 32, 33, 65};
  static const int64_t ks[] = {0, 1, 3, 257};
  int variant = 0;
  for (size_t i = 0; i < sizeof ms / sizeof *ms; i++)
    for (size_t j = 0; j < sizeof ns / sizeof *ns; j++)
      for (size_t p = 0; p < sizeof ks / sizeof *ks; p++, variant++) {
        Shape s = {"edge", ms[i], ns[j], ks[p]};
        checkShape(&s, variant & 1, variant >> 1 & 1, variant >> 2 & 1);
      }
  /* column and row blocks of the kernels, and k blocks of 256 and more */
  static const Shape wide[] = {
      {"edge.nc", 13, 1025, 17}, {"edge.nc2", 3, 2049, 5},
      {"edge.mc", 289, 33, 17},  {"edge.kc", 14, 40, 769},
  };
  for (size_t i = 0; i < sizeof wide / sizeof *wide; i++)
    for (int v = 0; v < 8; v++)
      checkShape(&wide[i], v & 1, v >> 1 & 1, v >> 2 & 1);
}

/* Chains that start at a value per row (a convolution's bias): the model
** shapes, and the edges of every tile, where a padding row of the AVX2
** tile must not read past the row values. */
static void testRowInitMatchesTheReferenceOnBroadcastRows(void **state) {
  (void)state;
  for (size_t i = 0; i < sizeof kShapes / sizeof *kShapes; i++)
    checkShapeFrom(&kShapes[i], false, false, false, true, 0);
  static const int64_t ms[] = {1, 5, 7, 11, 13, 25};
  static const int64_t ks[] = {0, 1, 257};
  for (size_t i = 0; i < sizeof ms / sizeof *ms; i++)
    for (size_t p = 0; p < sizeof ks / sizeof *ks; p++) {
      Shape s = {"edge", ms[i], 17, ks[p]};
      checkShapeFrom(&s, p & 1, false, false, true, 0);
    }
}

/* A packed once (a convolution's weights): the same bits as packing it in
** every product, on the model shapes and the tile and block edges, with and
** without row starts, A transposed or not; a packing that does not fit
** (another A: with 1 and 3 threads) is ignored. */
static void testPackedAMatchesPackingEveryTime(void **state) {
  (void)state;
  for (size_t i = 0; i < sizeof kShapes / sizeof *kShapes; i++)
    checkShapeFrom(&kShapes[i], false, false, true, i % 2 == 1, 1);
  static const Shape edges[] = {{"edge.mc", 289, 33, 17}, {"edge.kc", 14, 40, 769},
                                {"edge.tails", 13, 35, 257}, {"edge.nc2", 3, 2049, 5}};
  for (size_t i = 0; i < sizeof edges / sizeof *edges; i++)
    for (int v = 0; v < 4; v++)
      checkShapeFrom(&edges[i], v & 1, false, v >> 1 & 1, false, 1);
}

/* B packed once (a linear's weight): the same bits as packing it in every
** product, B transposed or not, with and without row starts, on the model
** shapes and the column and k block edges; a packing of another B (with 2
** threads here) is ignored. */
static void testPackedBMatchesPackingEveryTime(void **state) {
  (void)state;
  for (size_t i = 0; i < sizeof kShapes / sizeof *kShapes; i++)
    checkShapeFrom(&kShapes[i], false, i % 3 == 0, true, i % 2 == 1, 2);
  static const Shape edges[] = {{"edge.nc", 13, 1025, 17}, {"edge.nc2", 3, 2049, 5},
                                {"edge.kc", 14, 40, 769}, {"edge.tails", 13, 35, 257}};
  for (size_t i = 0; i < sizeof edges / sizeof *edges; i++)
    for (int v = 0; v < 4; v++)
      checkShapeFrom(&edges[i], false, v & 1, v >> 1 & 1, false, 2);
}

/*
** B as shifted rows of one array and C in wide rows (pt2eSgemmWide, a
** convolution on its input's phase planes): each stored output has the
** reference's bits on the matrices these describe, and the outputs past
** each row's width, C's padding after each row and anything else are
** never written. Pitches below, at and above a tile's 32 (16) columns, so
** that one tile meets one, two or several wide rows; widths from 1 up to
** the pitch; every k block edge; with and without row starts or
** accumulation; every micro-kernel and 1 to 3 threads.
*/
static void checkWide(int64_t m, int64_t k, int64_t rows, int64_t pitch,
                      int64_t width, int variant) {
  bool accumulate = variant & 1, rowInit = variant & 2;
  int64_t n = (rows - 1) * pitch + width, ldc = rows * width + 3, span = 2 * pitch + 7;
  float *a = malloc((size_t)(m * k + 1) * sizeof *a);
  float *base = malloc((size_t)(span + n) * sizeof *base);
  int64_t *off = malloc((size_t)(k + 1) * sizeof *off);
  float *bm = malloc((size_t)(k * n + 1) * sizeof *bm);
  float *cw = malloc((size_t)(m * n + 1) * sizeof *cw); /* the reference, wide */
  float *init = malloc((size_t)(m * ldc) * sizeof *init), *got = malloc((size_t)(m * ldc) * sizeof *got);
  float *starts = malloc((size_t)(m + 1) * sizeof *starts);
  assert_true(a && base && off && bm && cw && init && got && starts);
  fill(a, m * k, 11);
  fill(base, span + n, 12);
  fill(init, m * ldc, 13);
  fill(starts, m, 14);
  for (int64_t p = 0; p < k; p++) {
    off[p] = (p * 7919) % (span + 1);
    for (int64_t j = 0; j < n; j++)
      bm[p * n + j] = base[off[p] + j];
  }
  /* the wide init: C's value where a column is stored, else anything */
  for (int64_t i = 0; i < m; i++)
    for (int64_t j = 0; j < n; j++)
      cw[i * n + j] = rowInit ? starts[i]
                      : !accumulate ? 0.0f
                      : j % pitch < width ? init[i * ldc + j / pitch * width + j % pitch]
                                          : 1.0f;
  pt2eSgemmReference(false, false, m, n, k, a, k, bm, n, true, cw, n);
  Pt2eSgemmWideB wide = {base, off, pitch, width};
  for (size_t kr = 0; kr < sizeof kKernels / sizeof *kKernels; kr++)
    for (int threads = 1; threads <= 3; threads++) {
      if (!pt2eGemmConfigure(threads, kKernels[kr].isa))
        continue;
      memcpy(got, init, (size_t)(m * ldc) * sizeof *got);
      assert_true(pt2eSgemmWide(NULL, false, m, n, k, a, k, &wide, accumulate,
                                rowInit ? starts : NULL, got, ldc));
      for (int64_t i = 0; i < m; i++)
        for (int64_t t = 0; t < ldc; t++) {
          int64_t q = t / width, col = t % width;
          bool stored = q < rows;
          float want = stored ? cw[i * n + q * pitch + col] : init[i * ldc + t];
          if (memcmp(&got[i * ldc + t], &want, sizeof want) != 0)
            fail_msg("wide m %lld k %lld pitch %lld width %lld variant %d, %s, %d threads:"
                     " C[%lld][%lld] is %a, want %a",
                     (long long)m, (long long)k, (long long)pitch, (long long)width, variant,
                     kKernels[kr].name, threads, (long long)i, (long long)t,
                     (double)got[i * ldc + t], (double)want);
        }
    }
  pt2eGemmConfigure(0, PT2E_GEMM_AUTO);
  free(a), free(base), free(off), free(bm), free(cw), free(init), free(got), free(starts);
}

static void testWideMatchesTheReference(void **state) {
  (void)state;
  static const int64_t geometry[][5] = {
      /* m, k, rows, pitch, width */
      {64, 147, 4, 115, 112}, /* ResNet-18's stem on 4 of its rows */
      {67, 576, 5, 58, 56},   /* layer1, a short row tile, 3 k blocks */
      {13, 257, 7, 30, 28},   /* pitch under a tile: several rows a tile */
      {5, 9, 9, 9, 7},        /* layer4's 7x7 */
      {3, 5, 40, 3, 1},       /* one stored column in three */
      {12, 33, 3, 32, 32},    /* no column dropped, tiles on the rows */
      {25, 769, 2, 17, 16},   /* the k block edge */
      {1, 1, 1, 1, 1},
  };
  for (size_t g = 0; g < sizeof geometry / sizeof *geometry; g++)
    for (int v = 0; v < 3; v++)
      checkWide(geometry[g][0], geometry[g][1], geometry[g][2], geometry[g][3],
                geometry[g][4], v);
}

/* Packed under one micro-kernel, the panels do not fit another. */
static void testPackedAIsForOneKernel(void **state) {
  (void)state;
  float a[13 * 9];
  fill(a, 13 * 9, 7);
  if (!pt2eGemmConfigure(1, PT2E_GEMM_AVX2))
    skip();
  Pt2eSgemmPacked *pa = pt2eSgemmPackA(false, 13, 9, a, 9);
  assert_true(pt2eSgemmPackedFitsA(pa, false, 13, 9, a, 9));
  pt2eGemmConfigure(1, PT2E_GEMM_SCALAR);
  assert_false(pt2eSgemmPackedFitsA(pa, false, 13, 9, a, 9));
  pt2eGemmConfigure(0, PT2E_GEMM_AUTO);
  pt2eSgemmPackedFree(pa);
}

/* Configuring a kernel says whether the CPU has it; the portable one is
** everywhere. */
static void testKernelChoice(void **state) {
  (void)state;
  assert_true(pt2eGemmConfigure(1, PT2E_GEMM_SCALAR));
  assert_string_equal(pt2eGemmKernelName(), "scalar");
  if (pt2eGemmConfigure(1, PT2E_GEMM_AVX2))
    assert_string_equal(pt2eGemmKernelName(), "avx2");
  if (pt2eGemmConfigure(1, PT2E_GEMM_AVX512))
    assert_string_equal(pt2eGemmKernelName(), "avx512");
  assert_true(pt2eGemmConfigure(2, PT2E_GEMM_AUTO));
  assert_int_equal(pt2eGemmThreads(), 2);
  pt2eGemmConfigure(0, PT2E_GEMM_AUTO);
}

/* The documented chain, spelled out by hand for one output: the order is
** what makes 1 + 2^-24 + 2^-24 differ from 1 + (2^-24 + 2^-24). */
static void testChainOrderIsDocumented(void **state) {
  (void)state;
  const float a[3] = {1.0f, 1.0f, 1.0f};
  const float b[3] = {1.0f, 0x1p-24f, 0x1p-24f};
  float c = 0.0f;
  assert_true(pt2eSgemm(false, false, 1, 1, 3, a, 3, b, 1, false, &c, 1));
  /* fma(1, 2^-24, 1) rounds to 1 (ties to even), twice */
  assert_true(c == 1.0f);
  const float b2[3] = {0x1p-24f, 0x1p-24f, 1.0f};
  assert_true(pt2eSgemm(false, false, 1, 1, 3, a, 3, b2, 1, false, &c, 1));
  assert_true(c == 1.0f + 0x1p-23f);
  /* accumulate starts the chain at C's value */
  c = 1.0f;
  const float one[1] = {1.0f}, tiny[1] = {0x1p-24f};
  assert_true(pt2eSgemm(false, false, 1, 1, 1, one, 1, tiny, 1, true, &c, 1));
  assert_true(c == 1.0f);
}

/* When its scratch cannot be had the product says so and leaves C as it
** was (no thread starts). */
static void testScratchFailureIsReported(void **state) {
  (void)state;
  float a[4] = {1, 2, 3, 4}, b[4] = {1, 0, 0, 1}, c[4] = {9, 9, 9, 9};
  pt2eAllocFailAfter(0);
  bool ok = pt2eSgemm(false, false, 2, 2, 2, a, 2, b, 2, false, c, 2);
  pt2eAllocFailAfter(-1);
  assert_false(ok);
  for (int i = 0; i < 4; i++)
    assert_true(c[i] == 9.0f);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(testModelShapesMatchTheReference),
      cmocka_unit_test(testTransposesAndOverwrite),
      cmocka_unit_test(testEdgeShapes),
      cmocka_unit_test(testRowInitMatchesTheReferenceOnBroadcastRows),
      cmocka_unit_test(testPackedAMatchesPackingEveryTime),
      cmocka_unit_test(testPackedBMatchesPackingEveryTime),
      cmocka_unit_test(testWideMatchesTheReference),
      cmocka_unit_test(testPackedAIsForOneKernel),
      cmocka_unit_test(testKernelChoice),
      cmocka_unit_test(testChainOrderIsDocumented),
      cmocka_unit_test(testScratchFailureIsReported),
  };
  return cmocka_run_group_tests_name("gemm", tests, NULL, NULL);
}
