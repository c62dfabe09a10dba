/*
** kernels_window.c
** Depthwise convolution and pooling on plain arrays
** (kernels_window.h), fast and bit-identical with the loop nest.
**
** The order of each output's sum is the loop nest's: the init, then for
** (kh, kw) in row-major order one rounded product and one rounded sum
** (acc = acc + x * w, never a fused multiply-add: the project compiles
** with -ffp-contract=off and the vector code below calls mul and add
** separately); pooling acc = max(x, acc) or acc = x + acc in the same
** order. What the fast code changes is only which outputs are computed
** together:
**   - a vector's lanes are neighbouring outputs of one row (NCHW) or
**     neighbouring channels of one pixel (NHWC), each lane its own chain;
**     masked loads and stores cover the end of a row, so nothing is read
**     or written outside the tensors;
**   - several vectors (tiles) are in flight at once, each its own chains,
**     to hide the latency of the adds;
**   - threads of the pool (pt2e_parallel.h) own whole (image, channel)
**     planes (NCHW) or whole output rows (NHWC).
** So the bits do not depend on the CPU (AVX-512, AVX2 or the portable
** loops), on the thread count or on the split; test_interp.c checks it
** against the loop nest with 1, 2 and 3 threads at every vector width.
**
** An input read through a pad (Pt2eWindow.padded) gives the kernels the
** values the padded tensor would hold: an NCHW plane runs in bands of
** output rows, each band's padded input rows made in a per-chunk buffer
** that stays in L1 (not a padded tensor through memory), and an NHWC tap
** outside the input reads a pixel of the value.
** test/ops/pad-read-through.test checks the bits.
*/
#include "kernels_window.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define PT2E_WINDOW_X86 1
#else
#define PT2E_WINDOW_X86 0
#endif

#include "pt2e_alloc.h"
#include "pt2e_cpu.h"
#include "pt2e_parallel.h"

#define ALWAYS_INLINE static inline __attribute__((always_inline))

enum { LEVEL_AUTO, LEVEL_PORTABLE, LEVEL_AVX2, LEVEL_AVX512 };
enum { WORK_PER_CHUNK = 1 << 16 }; /* multiply-adds a thread is worth */

static int forcedLevel; /* LEVEL_AUTO: the CPU's best */

void pt2eWindowConfigure(int level) { forcedLevel = level; }

/* The CPU's level, as far as PT2E_ISA / PT2E_GEMM_SCALAR allow (pt2e_cpu.h). */
static int cpuLevel(void) {
#if PT2E_WINDOW_X86
  switch (pt2eCpuIsa()) {
  case Pt2eIsaAvx512: return LEVEL_AVX512;
  case Pt2eIsaAvx2: return LEVEL_AVX2;
  default: return LEVEL_PORTABLE;
  }
#else
  return LEVEL_PORTABLE;
#endif
}

/* The level to run at: the forced one, never above what the CPU has. */
static int level(void) {
  int cpu = cpuLevel();
  return forcedLevel != LEVEL_AUTO && forcedLevel < cpu ? forcedLevel : cpu;
}

/* Chunks of about WORK_PER_CHUNK multiply-adds for items of 'work' each. */
static int64_t grainFor(int64_t work) {
  return work >= WORK_PER_CHUNK ? 1 : WORK_PER_CHUNK / (work > 0 ? work : 1);
}

/* maximum as arith.maximumf: NaN propagates, -0 < +0 */
ALWAYS_INLINE float maximumF32(float a, float b) {
  if (a != a || b != b)
    return NAN;
  if (a == b)
    return signbit(a) ? b : a;
  return a > b ? a : b;
}

enum { OP_DEPTHWISE, OP_MAX, OP_SUM };

/* {====================================================================
** Portable loops (any CPU; also the fallback of the vector code)
** ===================================================================== */

/* One NCHW plane: y[oh][ow] (init) op= x[oh*sh+kh*dh][ow*sw+kw*dw] (* w),
** (kh, kw) outermost, so every output sees the taps in row-major order. */
static void planePortable(const Pt2eWindow *s, int op, const float *x,
                          const float *w, float *y) {
  for (int64_t kh = 0; kh < s->KH; kh++)
    for (int64_t kw = 0; kw < s->KW; kw++) {
      float wv = op == OP_DEPTHWISE ? w[kh * s->KW + kw] : 0.0f;
      for (int64_t oh = 0; oh < s->OH; oh++) {
        const float *xr = x + (oh * s->sh + kh * s->dh) * s->W + kw * s->dw;
        float *yr = y + oh * s->OW;
        if (op == OP_DEPTHWISE)
          for (int64_t ow = 0; ow < s->OW; ow++) {
            float p = xr[ow * s->sw] * wv;
            yr[ow] = yr[ow] + p;
          }
        else if (op == OP_MAX)
          for (int64_t ow = 0; ow < s->OW; ow++)
            yr[ow] = maximumF32(xr[ow * s->sw], yr[ow]);
        else
          for (int64_t ow = 0; ow < s->OW; ow++)
            yr[ow] = xr[ow * s->sw] + yr[ow];
      }
    }
}

/* }==================================================================== */

#if PT2E_WINDOW_X86

/* {====================================================================
** AVX-512: 16 outputs of a row per vector, G512 vectors in flight
** ===================================================================== */

enum { G512 = 8, G256 = 6 };

__attribute__((target("avx512f")))
ALWAYS_INLINE __m512 max512(__m512 v, __m512 acc) {
  __m512 r = _mm512_max_ps(v, acc);
  __mmask16 eq = _mm512_cmp_ps_mask(v, acc, _CMP_EQ_OQ);
  __m512 both = _mm512_castsi512_ps(
      _mm512_and_si512(_mm512_castps_si512(v), _mm512_castps_si512(acc)));
  r = _mm512_mask_mov_ps(r, eq, both); /* equal: +0 unless both are -0 */
  __mmask16 un = _mm512_cmp_ps_mask(v, acc, _CMP_UNORD_Q);
  return _mm512_mask_mov_ps(r, un, _mm512_set1_ps(NAN));
}

static inline __mmask16 lowMask16(int64_t n) {
  return n >= 16 ? (__mmask16)0xFFFF : n <= 0 ? (__mmask16)0 : (__mmask16)((1u << n) - 1);
}

/*
** One NCHW plane, the row's outputs in tiles of 16; 'sw' is 1 or 2 (two
** loads and an even-lane permute). Constant KH, KW, sw, op from the
** callers let the compiler unroll the taps.
*/
__attribute__((target("avx512f")))
ALWAYS_INLINE void plane512(const Pt2eWindow *s, int op, int64_t KH,
                            int64_t KW, int64_t sw, const float *x,
                            const float *w, float *y) {
  const int64_t W = s->W, OW = s->OW, per = (OW + 15) / 16, total = s->OH * per;
  const __m512i even = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18,
                                         20, 22, 24, 26, 28, 30);
  int64_t oh = 0, j = 0; /* the next tile's row and tile in the row */
  for (int64_t t0 = 0; t0 < total; t0 += G512) {
    __m512 acc[G512];
    const float *xb[G512];
    float *yb[G512];
    __mmask16 m[G512], ma[G512], mb[G512];
    for (int g = 0; g < G512; g++) {
      if (t0 + g < total) {
        int64_t ow0 = j * 16, n = OW - ow0 < 16 ? OW - ow0 : 16;
        int64_t span = (n - 1) * sw + 1; /* inputs one tap reads */
        m[g] = lowMask16(n);
        ma[g] = lowMask16(span);
        mb[g] = lowMask16(span - 16);
        xb[g] = x + oh * s->sh * W + ow0 * sw;
        yb[g] = y + oh * OW + ow0;
        if (++j == per)
          j = 0, oh++;
      } else {
        m[g] = ma[g] = mb[g] = 0;
        xb[g] = x;
        yb[g] = y;
      }
      acc[g] = _mm512_maskz_loadu_ps(m[g], yb[g]);
    }
    for (int64_t kh = 0; kh < KH; kh++)
      for (int64_t kw = 0; kw < KW; kw++) {
        __m512 wv = _mm512_set1_ps(op == OP_DEPTHWISE ? w[kh * KW + kw] : 0.0f);
        int64_t off = kh * s->dh * W + kw * s->dw;
        for (int g = 0; g < G512; g++) {
          __m512 v;
          if (sw == 1) {
            v = _mm512_maskz_loadu_ps(m[g], xb[g] + off);
          } else {
            __m512 a = _mm512_maskz_loadu_ps(ma[g], xb[g] + off);
            __m512 b = _mm512_maskz_loadu_ps(mb[g], xb[g] + off + 16);
            v = _mm512_permutex2var_ps(a, even, b);
          }
          if (op == OP_DEPTHWISE) {
            __m512 p = _mm512_mul_ps(v, wv);
            acc[g] = _mm512_add_ps(acc[g], p);
          } else if (op == OP_MAX) {
            acc[g] = max512(v, acc[g]);
          } else {
            acc[g] = _mm512_add_ps(v, acc[g]);
          }
        }
      }
    for (int g = 0; g < G512; g++)
      _mm512_mask_storeu_ps(yb[g], m[g], acc[g]);
  }
}

__attribute__((target("avx512f")))
static void planeAvx512(const Pt2eWindow *s, int op, const float *x,
                        const float *w, float *y) {
  if (s->KH == 3 && s->KW == 3 && s->sw == 1)
    plane512(s, op, 3, 3, 1, x, w, y);
  else if (s->KH == 3 && s->KW == 3 && s->sw == 2)
    plane512(s, op, 3, 3, 2, x, w, y);
  else if (s->sw == 1)
    plane512(s, op, s->KH, s->KW, 1, x, w, y);
  else
    plane512(s, op, s->KH, s->KW, 2, x, w, y);
}

/* }==================================================================== */

/* {====================================================================
** AVX2: 8 outputs of a row per vector, G256 vectors in flight
** ===================================================================== */

__attribute__((target("avx2")))
ALWAYS_INLINE __m256 max256(__m256 v, __m256 acc) {
  __m256 r = _mm256_max_ps(v, acc);
  r = _mm256_blendv_ps(r, _mm256_and_ps(v, acc), _mm256_cmp_ps(v, acc, _CMP_EQ_OQ));
  return _mm256_blendv_ps(r, _mm256_set1_ps(NAN), _mm256_cmp_ps(v, acc, _CMP_UNORD_Q));
}

__attribute__((target("avx2")))
ALWAYS_INLINE __m256i lowMask8(int64_t n) {
  int k = n < 0 ? 0 : n > 8 ? 8 : (int)n;
  return _mm256_cmpgt_epi32(_mm256_set1_epi32(k), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}

__attribute__((target("avx2")))
ALWAYS_INLINE void plane256(const Pt2eWindow *s, int op, int64_t KH,
                            int64_t KW, int64_t sw, const float *x,
                            const float *w, float *y) {
  const int64_t W = s->W, OW = s->OW, per = (OW + 7) / 8, total = s->OH * per;
  int64_t oh = 0, j = 0;
  for (int64_t t0 = 0; t0 < total; t0 += G256) {
    __m256 acc[G256];
    const float *xb[G256];
    float *yb[G256];
    __m256i m[G256], ma[G256], mb[G256];
    int64_t cnt[G256];
    for (int g = 0; g < G256; g++) {
      cnt[g] = 0;
      if (t0 + g < total) {
        int64_t ow0 = j * 8, n = OW - ow0 < 8 ? OW - ow0 : 8;
        cnt[g] = n;
        int64_t span = (n - 1) * sw + 1;
        m[g] = lowMask8(n);
        ma[g] = lowMask8(span);
        mb[g] = lowMask8(span - 8);
        xb[g] = x + oh * s->sh * W + ow0 * sw;
        yb[g] = y + oh * OW + ow0;
        if (++j == per)
          j = 0, oh++;
      } else {
        m[g] = ma[g] = mb[g] = _mm256_setzero_si256();
        xb[g] = x;
        yb[g] = y;
      }
      acc[g] = _mm256_maskload_ps(yb[g], m[g]);
    }
    for (int64_t kh = 0; kh < KH; kh++)
      for (int64_t kw = 0; kw < KW; kw++) {
        __m256 wv = _mm256_set1_ps(op == OP_DEPTHWISE ? w[kh * KW + kw] : 0.0f);
        int64_t off = kh * s->dh * W + kw * s->dw;
        for (int g = 0; g < G256; g++) {
          __m256 v;
          if (sw == 1) {
            v = _mm256_maskload_ps(xb[g] + off, m[g]);
          } else {
            __m256 a = _mm256_maskload_ps(xb[g] + off, ma[g]);
            __m256 b = _mm256_maskload_ps(xb[g] + off + 8, mb[g]);
            __m256 t = _mm256_shuffle_ps(a, b, _MM_SHUFFLE(2, 0, 2, 0));
            v = _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(t),
                                                       _MM_SHUFFLE(3, 1, 2, 0)));
          }
          if (op == OP_DEPTHWISE) {
            __m256 p = _mm256_mul_ps(v, wv);
            acc[g] = _mm256_add_ps(acc[g], p);
          } else if (op == OP_MAX) {
            acc[g] = max256(v, acc[g]);
          } else {
            acc[g] = _mm256_add_ps(v, acc[g]);
          }
        }
      }
    /* a masked store is slow on some CPUs (AMD's): the tail of a row goes
    ** through a local vector */
    for (int g = 0; g < G256; g++) {
      if (cnt[g] == 8) {
        _mm256_storeu_ps(yb[g], acc[g]);
      } else if (cnt[g] > 0) {
        float tail[8];
        _mm256_storeu_ps(tail, acc[g]);
        memcpy(yb[g], tail, (size_t)cnt[g] * sizeof(float));
      }
    }
  }
}

__attribute__((target("avx2")))
static void planeAvx2(const Pt2eWindow *s, int op, const float *x,
                      const float *w, float *y) {
  if (s->KH == 3 && s->KW == 3 && s->sw == 1)
    plane256(s, op, 3, 3, 1, x, w, y);
  else if (s->KH == 3 && s->KW == 3 && s->sw == 2)
    plane256(s, op, 3, 3, 2, x, w, y);
  else if (s->sw == 1)
    plane256(s, op, s->KH, s->KW, 1, x, w, y);
  else
    plane256(s, op, s->KH, s->KW, 2, x, w, y);
}

/* }==================================================================== */

#endif /* PT2E_WINDOW_X86 */

/* {====================================================================
** NCHW planes over the pool
** ===================================================================== */

typedef void (*PlaneFn)(const Pt2eWindow *s, int op, const float *x,
                        const float *w, float *y);

typedef struct PlaneLoop {
  const Pt2eWindow *s;
  int op;
  PlaneFn fn;
  const float *x, *w;
  float *y;
  /* padded input: a band of padded rows per chunk (bandRows of output
  ** rows, stageRows x W floats), or NULL */
  float *stage;
  int64_t bandRows, stageRows;
} PlaneLoop;

/* A band's padded input stays in L1 (about 16 KiB) while the kernel reads
** it; at least one output row. */
enum { STAGE_BYTES = 16 << 10 };

static void bandShape(const Pt2eWindow *s, int64_t *bandRows, int64_t *stageRows) {
  int64_t reach = (s->KH - 1) * s->dh + 1; /* input rows one output row reads */
  int64_t fit = STAGE_BYTES / (int64_t)sizeof(float) / (s->W > 0 ? s->W : 1);
  int64_t band = fit > reach ? (fit - reach) / s->sh + 1 : 1;
  *bandRows = band < s->OH ? band : s->OH;
  *stageRows = (*bandRows - 1) * s->sh + reach;
}

/*
** Padded rows r0 .. r0+rows-1 (of H) of a padded input's plane 'xp'
** (XH x XW), written into 'stage' (rows x W): the padding value outside
** the source, the source inside, as tensor.pad would have made them.
*/
static void stageRowsOf(const Pt2eWindow *s, const float *xp, int64_t r0,
                        int64_t rows, float *stage) {
  int64_t right = s->W - s->padLeft - s->XW;
  for (int64_t r = 0; r < rows; r++) {
    float *d = stage + r * s->W;
    int64_t h = r0 + r - s->padTop;
    if (h < 0 || h >= s->XH) {
      for (int64_t i = 0; i < s->W; i++)
        d[i] = s->padValue;
      continue;
    }
    for (int64_t i = 0; i < s->padLeft; i++)
      d[i] = s->padValue;
    memcpy(d + s->padLeft, xp + h * s->XW, (size_t)s->XW * sizeof(float));
    for (int64_t i = 0; i < right; i++)
      d[s->padLeft + s->XW + i] = s->padValue;
  }
}

/* One plane of a padded input: bands of output rows, each on its padded
** input rows made in 'stage' (a window whose H is the band's rows). Each
** output's taps are the same values in the same order. */
static void planePadded(const PlaneLoop *l, const float *xp, const float *w,
                        float *y, float *stage) {
  const Pt2eWindow *s = l->s;
  for (int64_t oh0 = 0; oh0 < s->OH; oh0 += l->bandRows) {
    Pt2eWindow band = *s;
    band.OH = s->OH - oh0 < l->bandRows ? s->OH - oh0 : l->bandRows;
    band.H = (band.OH - 1) * s->sh + (s->KH - 1) * s->dh + 1;
    stageRowsOf(s, xp, oh0 * s->sh, band.H, stage);
    l->fn(&band, l->op, stage, w, y + oh0 * s->OW);
  }
}

static void planeRange(void *ctx, int64_t begin, int64_t end, int worker) {
  const PlaneLoop *l = ctx;
  const Pt2eWindow *s = l->s;
  for (int64_t p = begin; p < end; p++) {
    int64_t c = p % s->C;
    const float *w = l->op == OP_DEPTHWISE ? l->w + c * s->KH * s->KW : NULL;
    float *y = l->y + p * s->OH * s->OW;
    if (l->stage)
      planePadded(l, l->x + p * s->XH * s->XW, w, y,
                  l->stage + worker * l->stageRows * s->W);
    else
      l->fn(s, l->op, l->x + p * s->H * s->W, w, y);
  }
}

static bool runPlanes(const Pt2eWindow *s, int op, const float *x,
                      const float *w, float *y) {
  PlaneLoop l = {s, op, planePortable, x, w, y, NULL, 0, 0};
#if PT2E_WINDOW_X86
  /* the vector tiles read rows with stride 1 or 2; others stay portable */
  int lv = level();
  if (lv >= LEVEL_AVX512 && (s->sw == 1 || s->sw == 2))
    l.fn = planeAvx512;
  else if (lv >= LEVEL_AVX2 && (s->sw == 1 || s->sw == 2))
    l.fn = planeAvx2;
#endif
  int64_t planes = s->N * s->C, grain = grainFor(s->OH * s->OW * s->KH * s->KW);
  if (s->padded && planes > 0 && s->OH > 0) {
    /* chunk t runs on worker t (pt2e_parallel.h): one stage each */
    int64_t chunks = pt2eParallelChunks(planes, grain);
    bandShape(s, &l.bandRows, &l.stageRows);
    l.stage = pt2eAllocUninit((size_t)(chunks * l.stageRows * s->W) * sizeof(float));
    if (!l.stage)
      return false;
  }
  pt2eParallelFor(planes, grain, planeRange, &l);
  pt2eFree(l.stage);
  return true;
}

bool pt2eDepthwiseNchw(const Pt2eWindow *s, const float *x, const float *w,
                       float *y) {
  return runPlanes(s, OP_DEPTHWISE, x, w, y);
}

/* }==================================================================== */

/* {====================================================================
** NHWC: channels are contiguous, one output row per item
** ===================================================================== */

/*
** One output row of an NHWC window op: for each pixel, channels in blocks
** of CB kept in a local accumulator over the taps (the compiler
** vectorises the channel loops at the width of the function it is
** inlined into).
*/
enum { CB = 64 };

ALWAYS_INLINE void rowNhwcBody(const Pt2eWindow *s, int op, const float *x,
                               const float *padPixel, const float *w, float *y,
                               int64_t n, int64_t oh) {
  /* a padded input: taps outside x read padPixel, C padding values */
  int64_t C = s->C, XH = s->padded ? s->XH : s->H, XW = s->padded ? s->XW : s->W;
  int64_t top = s->padded ? s->padTop : 0, left = s->padded ? s->padLeft : 0;
  for (int64_t ow = 0; ow < s->OW; ow++) {
    float *yp = y + ((n * s->OH + oh) * s->OW + ow) * C;
    for (int64_t c0 = 0; c0 < C; c0 += CB) {
      int64_t cb = C - c0 < CB ? C - c0 : CB;
      float acc[CB];
      memcpy(acc, yp + c0, (size_t)cb * sizeof(float));
      for (int64_t kh = 0; kh < s->KH; kh++)
        for (int64_t kw = 0; kw < s->KW; kw++) {
          int64_t ih = oh * s->sh + kh * s->dh - top;
          int64_t iw = ow * s->sw + kw * s->dw - left;
          const float *xp = ih >= 0 && ih < XH && iw >= 0 && iw < XW
                                ? x + ((n * XH + ih) * XW + iw) * C + c0
                                : padPixel + c0;
          if (op == OP_DEPTHWISE) {
            const float *wp = w + (kh * s->KW + kw) * C + c0;
            for (int64_t c = 0; c < cb; c++) {
              float p = xp[c] * wp[c];
              acc[c] = acc[c] + p;
            }
          } else if (op == OP_MAX) {
            for (int64_t c = 0; c < cb; c++)
              acc[c] = maximumF32(xp[c], acc[c]);
          } else {
            for (int64_t c = 0; c < cb; c++)
              acc[c] = xp[c] + acc[c];
          }
        }
      memcpy(yp + c0, acc, (size_t)cb * sizeof(float));
    }
  }
}

static void rowNhwcPortable(const Pt2eWindow *s, int op, const float *x,
                            const float *padPixel,
                            const float *w, float *y, int64_t n, int64_t oh) {
  rowNhwcBody(s, op, x, padPixel, w, y, n, oh);
}

#if PT2E_WINDOW_X86
__attribute__((target("avx2")))
static void rowNhwcAvx2(const Pt2eWindow *s, int op, const float *x,
                            const float *padPixel,
                        const float *w, float *y, int64_t n, int64_t oh) {
  rowNhwcBody(s, op, x, padPixel, w, y, n, oh);
}

__attribute__((target("avx512f")))
static void rowNhwcAvx512(const Pt2eWindow *s, int op, const float *x,
                            const float *padPixel,
                          const float *w, float *y, int64_t n, int64_t oh) {
  rowNhwcBody(s, op, x, padPixel, w, y, n, oh);
}
#endif

typedef void (*RowFn)(const Pt2eWindow *s, int op, const float *x,
                      const float *padPixel, const float *w, float *y,
                      int64_t n, int64_t oh);

typedef struct RowLoop {
  const Pt2eWindow *s;
  int op;
  RowFn fn;
  const float *x, *padPixel, *w;
  float *y;
} RowLoop;

static void rowRange(void *ctx, int64_t begin, int64_t end, int worker) {
  (void)worker;
  const RowLoop *l = ctx;
  for (int64_t r = begin; r < end; r++)
    l->fn(l->s, l->op, l->x, l->padPixel, l->w, l->y, r / l->s->OH,
          r % l->s->OH);
}

static bool runRows(const Pt2eWindow *s, int op, const float *x,
                    const float *w, float *y) {
  RowLoop l = {s, op, rowNhwcPortable, x, NULL, w, y};
#if PT2E_WINDOW_X86
  int lv = level();
  if (lv >= LEVEL_AVX512)
    l.fn = rowNhwcAvx512;
  else if (lv >= LEVEL_AVX2)
    l.fn = rowNhwcAvx2;
#endif
  float *padPixel = NULL;
  if (s->padded) {
    /* one pixel of padding: what a tap outside the input reads */
    padPixel = pt2eAllocUninit((size_t)(s->C > 0 ? s->C : 1) * sizeof(float));
    if (!padPixel)
      return false;
    for (int64_t c = 0; c < s->C; c++)
      padPixel[c] = s->padValue;
    l.padPixel = padPixel;
  }
  pt2eParallelFor(s->N * s->OH, grainFor(s->OW * s->C * s->KH * s->KW),
                  rowRange, &l);
  pt2eFree(padPixel);
  return true;
}

bool pt2eDepthwiseNhwc(const Pt2eWindow *s, const float *x, const float *w,
                       float *y) {
  return runRows(s, OP_DEPTHWISE, x, w, y);
}

bool pt2ePool(const Pt2eWindow *s, bool nchw, bool max, const float *x,
              float *y) {
  int op = max ? OP_MAX : OP_SUM;
  return nchw ? runPlanes(s, op, x, NULL, y) : runRows(s, op, x, NULL, y);
}

/* }==================================================================== */
