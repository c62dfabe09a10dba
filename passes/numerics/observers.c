/*
** observers.c
** Observer statistics of torchao 0.18's PT2E observers, in pure C.
**
** An observer holds 'numChannels' running minima and maxima (one pair for
** per-tensor kinds) and, for a Histogram, 'bins' float32 counts spread
** evenly over [minVals[0], maxVals[0]]. Per-tensor state starts at
** (+inf, -inf), per-channel state at zero channels, exactly as torch's
** buffers do. Every float operation mirrors one torch tensor op, in torch's
** order (torchao-numerics.md sections 1 and 7); the Histogram search mixes
** binary64 Python floats with float32 tensors, and the comments say which
** is which.
**
** A per-channel histogram (a kind with bins under a per-channel qscheme)
** holds no histogram of its own: 'channelObs' are numChannels per-tensor
** observers of the same kind, one per channel of ch_axis, and the
** observer's own arrays (minVals, maxVals, the concatenated histograms)
** are a copy of theirs for pt2eObserverGetStats, refreshed after every
** change.
*/
#include "observers.h"
#include "groups.h"
#include "ort_histogram.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pt2e_checked.h"
#include "pt2e_alloc.h"
#include "pt2e_cpu.h"
#include "pt2e_parallel.h"

#define UPSAMPLE_RATE 16   /* HistogramObserver.upsample_rate */

struct Pt2eObserver {
  Pt2eQuantSpec spec;
  bool customRange;      /* has_customized_qrange */
  int lanes;             /* float lanes of torch.sum's vectors */
  bool fusedLinspace;    /* linspace kernel built with FMA */
  int64_t fixedChannels; /* per-channel: required count, 0 = any */
  int64_t numChannels;   /* length of minVals/maxVals */
  float *minVals, *maxVals;
  int64_t bins;          /* Histogram only, else 0 */
  float *histogram;
  Pt2eOrtHistogram ort;  /* ONNX Runtime kinds only */
  /* per-channel histograms (pt2eObserverIsChannelHistogram) */
  bool channelHist;
  int channelRank;       /* rank of the batches seen in this run, 0 before */
  Pt2eObserver **channelObs;  /* numChannels per-tensor observers */
  int64_t *chOrtBins;    /* numChannels histogram lengths (ONNX Runtime) */
  int64_t *chOrtCounts;  /* their counts, channel after channel */
  float *chOrtEdges;     /* their edges, channel after channel */
  int64_t chOrtTotal;    /* sum of chOrtBins */
  char error[160];
};

/* factor * count + extra zeroed floats, NULL when the size overflows (bins
** and channel counts come from the model) or memory runs out. */
static float *allocFloats(int64_t count, int64_t factor, int64_t extra) {
  int64_t n;
  size_t bytes;
  if (!pt2eCheckedMul(count, factor, &n) || !pt2eCheckedAdd(n, extra, &n) ||
      !pt2eCheckedBytes(n, sizeof(float), &bytes))
    return NULL;
  return pt2eAlloc(bytes);
}

/*
** NaN bit patterns matter only for restoring state bit for bit. ATen's
** scalar minimum/maximum return quiet_NaN() (0x7fc00000); its AVX2/AVX512
** loops, and aminmax over more than one element, OR in a compare mask and
** give 0xffffffff (measured with torch 2.15).
*/
static float nanBits(uint32_t u) {
  float f;
  memcpy(&f, &u, sizeof f);
  return f;
}
#define QUIET_NAN nanBits(0x7fc00000u)
#define MASK_NAN nanBits(0xffffffffu)

/* ATen's scalar minimum/maximum: NaN propagates, otherwise std::min/max. */
static float minimumF(float a, float b) {
  if (isnan(a) || isnan(b))
    return QUIET_NAN;
  return (b < a) ? b : a;
}

static float maximumF(float a, float b) {
  if (isnan(a) || isnan(b))
    return QUIET_NAN;
  return (a < b) ? b : a;
}

/*
** Element 'i' of an n-element torch.minimum/maximum: cpu_kernel_vec runs
** blocks of two vectors (2 * lanes floats) vectorized, the tail scalar.
*/
static float elementwiseNaN(float r, int64_t i, int64_t n, int lanes) {
  int64_t vectorized = n - n % (2 * (int64_t)lanes);
  return (isnan(r) && i < vectorized) ? MASK_NAN : r;
}

static Pt2eNumStatus fail(Pt2eObserver *obs, Pt2eNumStatus status,
                          const char *msg) {
  snprintf(obs->error, sizeof obs->error, "%s", msg);
  return status;
}

/* {======================================================================
** The hot loops: min/max values and histc bin numbers, vectorized and
** split over the worker pool
**
** Min and max are exact in any order, so lanes and threads may each take
** a part; only the sign of a zero result depends on the order (+0 and -0
** are the only equal floats with different bits), and the callers settle
** it by looking for the first zero in order, as a sequential loop would
** have kept it. Bin numbers are computed per element with the formula of
** the scalar loop, one IEEE operation per step in both (a vector divide
** rounds as a scalar one); bin counts are integers, which merge exactly.
** No float sum is split.
** ======================================================================= */

#if defined(__GNUC__) && defined(__x86_64__)
#define PT2E_OBS_X86 1
#include <immintrin.h>
#else
#define PT2E_OBS_X86 0
#endif

typedef enum Isa { IsaScalar, IsaAvx2, IsaAvx512 } Isa;

static Pt2eObserverPath forcedPath; /* test hook, read on the calling thread */

Pt2eObserverPath pt2eObserverForcePath(Pt2eObserverPath path) {
  Pt2eObserverPath was = forcedPath;
  forcedPath = path;
  return was;
}

/* The loops' instruction set, chosen per call on the calling thread. */
static Isa pickIsa(void) {
#if PT2E_OBS_X86
  Pt2eIsa limit = pt2eCpuIsa(); /* the CPU's, as PT2E_ISA allows */
  if (forcedPath == Pt2eObserverPathBest && limit >= Pt2eIsaAvx512)
    return IsaAvx512;
  if (forcedPath != Pt2eObserverPathScalar && limit >= Pt2eIsaAvx2)
    return IsaAvx2;
#endif
  return IsaScalar;
}

/* Running min and max values of a range (a zero's sign arbitrary), and
** whether a NaN was seen; NaN never enters lo or hi. */
typedef struct MinMax {
  float lo, hi;
  bool nan;
} MinMax;

static const MinMax EmptyMinMax = {INFINITY, -INFINITY, false};

static void minmaxScalar(const float *x, int64_t n, MinMax *r) {
  enum { Lanes = 8 };
  float l8[Lanes], h8[Lanes];
  int nan = 0;
  int64_t i;
  for (int k = 0; k < Lanes; k++) {
    l8[k] = r->lo;
    h8[k] = r->hi;
  }
  for (i = 0; i + Lanes <= n; i += Lanes)
    for (int k = 0; k < Lanes; k++) {
      float v = x[i + k];
      nan |= v != v;
      l8[k] = v < l8[k] ? v : l8[k];
      h8[k] = h8[k] < v ? v : h8[k];
    }
  for (; i < n; i++) {
    float v = x[i];
    nan |= v != v;
    l8[0] = v < l8[0] ? v : l8[0];
    h8[0] = h8[0] < v ? v : h8[0];
  }
  for (int k = 0; k < Lanes; k++) {
    r->lo = l8[k] < r->lo ? l8[k] : r->lo;
    r->hi = r->hi < h8[k] ? h8[k] : r->hi;
  }
  r->nan |= nan != 0;
}

#if PT2E_OBS_X86
/* vminps(v, lo) returns lo when v is NaN, so NaN stays out of the lanes;
** an unordered compare records it. */
__attribute__((target("avx2"))) static void
minmaxAvx2(const float *x, int64_t n, MinMax *r) {
  __m256 lo0 = _mm256_set1_ps(r->lo), lo1 = lo0, lo2 = lo0, lo3 = lo0;
  __m256 hi0 = _mm256_set1_ps(r->hi), hi1 = hi0, hi2 = hi0, hi3 = hi0;
  __m256 nan = _mm256_setzero_ps();
  int64_t i = 0;
  for (; i + 32 <= n; i += 32) {
    __m256 a = _mm256_loadu_ps(x + i), b = _mm256_loadu_ps(x + i + 8);
    __m256 c = _mm256_loadu_ps(x + i + 16), d = _mm256_loadu_ps(x + i + 24);
    lo0 = _mm256_min_ps(a, lo0);
    lo1 = _mm256_min_ps(b, lo1);
    lo2 = _mm256_min_ps(c, lo2);
    lo3 = _mm256_min_ps(d, lo3);
    hi0 = _mm256_max_ps(a, hi0);
    hi1 = _mm256_max_ps(b, hi1);
    hi2 = _mm256_max_ps(c, hi2);
    hi3 = _mm256_max_ps(d, hi3);
    nan = _mm256_or_ps(nan, _mm256_or_ps(_mm256_cmp_ps(a, b, _CMP_UNORD_Q),
                                         _mm256_cmp_ps(c, d, _CMP_UNORD_Q)));
  }
  for (; i + 8 <= n; i += 8) {
    __m256 a = _mm256_loadu_ps(x + i);
    lo0 = _mm256_min_ps(a, lo0);
    hi0 = _mm256_max_ps(a, hi0);
    nan = _mm256_or_ps(nan, _mm256_cmp_ps(a, a, _CMP_UNORD_Q));
  }
  lo0 = _mm256_min_ps(_mm256_min_ps(lo0, lo1), _mm256_min_ps(lo2, lo3));
  hi0 = _mm256_max_ps(_mm256_max_ps(hi0, hi1), _mm256_max_ps(hi2, hi3));
  float l[8], h[8];
  _mm256_storeu_ps(l, lo0);
  _mm256_storeu_ps(h, hi0);
  MinMax t = {l[0], h[0], r->nan || _mm256_movemask_ps(nan) != 0};
  for (int k = 1; k < 8; k++) {
    t.lo = l[k] < t.lo ? l[k] : t.lo;
    t.hi = t.hi < h[k] ? h[k] : t.hi;
  }
  minmaxScalar(x + i, n - i, &t);
  *r = t;
}

__attribute__((target("avx512f"))) static void
minmaxAvx512(const float *x, int64_t n, MinMax *r) {
  __m512 lo0 = _mm512_set1_ps(r->lo), lo1 = lo0, lo2 = lo0, lo3 = lo0;
  __m512 hi0 = _mm512_set1_ps(r->hi), hi1 = hi0, hi2 = hi0, hi3 = hi0;
  __mmask16 nan = 0;
  int64_t i = 0;
  for (; i + 64 <= n; i += 64) {
    __m512 a = _mm512_loadu_ps(x + i), b = _mm512_loadu_ps(x + i + 16);
    __m512 c = _mm512_loadu_ps(x + i + 32), d = _mm512_loadu_ps(x + i + 48);
    lo0 = _mm512_min_ps(a, lo0);
    lo1 = _mm512_min_ps(b, lo1);
    lo2 = _mm512_min_ps(c, lo2);
    lo3 = _mm512_min_ps(d, lo3);
    hi0 = _mm512_max_ps(a, hi0);
    hi1 = _mm512_max_ps(b, hi1);
    hi2 = _mm512_max_ps(c, hi2);
    hi3 = _mm512_max_ps(d, hi3);
    nan |= _mm512_cmp_ps_mask(a, b, _CMP_UNORD_Q) |
           _mm512_cmp_ps_mask(c, d, _CMP_UNORD_Q);
  }
  for (; i + 16 <= n; i += 16) {
    __m512 a = _mm512_loadu_ps(x + i);
    lo0 = _mm512_min_ps(a, lo0);
    hi0 = _mm512_max_ps(a, hi0);
    nan |= _mm512_cmp_ps_mask(a, a, _CMP_UNORD_Q);
  }
  lo0 = _mm512_min_ps(_mm512_min_ps(lo0, lo1), _mm512_min_ps(lo2, lo3));
  hi0 = _mm512_max_ps(_mm512_max_ps(hi0, hi1), _mm512_max_ps(hi2, hi3));
  float l[16], h[16];
  _mm512_storeu_ps(l, lo0);
  _mm512_storeu_ps(h, hi0);
  MinMax t = {l[0], h[0], r->nan || nan != 0};
  for (int k = 1; k < 16; k++) {
    t.lo = l[k] < t.lo ? l[k] : t.lo;
    t.hi = t.hi < h[k] ? h[k] : t.hi;
  }
  minmaxScalar(x + i, n - i, &t);
  *r = t;
}
#endif

/* Folds x[0 .. n) into *r. */
static void minmaxRange(Isa isa, const float *x, int64_t n, MinMax *r) {
#if PT2E_OBS_X86
  if (isa == IsaAvx512) {
    minmaxAvx512(x, n, r);
    return;
  }
  if (isa == IsaAvx2) {
    minmaxAvx2(x, n, r);
    return;
  }
#endif
  (void)isa;
  minmaxScalar(x, n, r);
}

/* The first element equal to zero (its sign), or +0 when there is none;
** blocks are tested without branches, so the compiler vectorizes them. */
static float firstZero(const float *x, int64_t n) {
  enum { Block = 64 };
  int64_t i = 0;
  for (; i + Block <= n; i += Block) {
    int any = 0;
    for (int k = 0; k < Block; k++)
      any |= x[i + k] == 0.0f;
    if (any)
      break;
  }
  for (; i < n; i++)
    if (x[i] == 0.0f)
      return x[i];
  return 0.0f;
}

enum {
  MinMaxGrain = 1 << 16, /* elements per chunk of a min/max loop */
  HistcGrain = 1 << 13   /* groups of four elements per chunk of histc */
};

typedef struct MinMaxJob {
  const float *x;
  Isa isa;
  MinMax part[PT2E_MAX_THREADS];
} MinMaxJob;

static void minmaxChunk(void *ctx, int64_t begin, int64_t end, int worker) {
  MinMaxJob *job = ctx;
  minmaxRange(job->isa, job->x + begin, end - begin, &job->part[worker]);
}

/* The min and max values of x[0 .. n) and whether a NaN is among them,
** over the worker pool. */
static MinMax minmaxValues(const float *x, int64_t n) {
  MinMaxJob job;
  MinMax r = EmptyMinMax;
  int chunks = pt2eParallelChunks(n, MinMaxGrain);
  job.x = x;
  job.isa = pickIsa();
  for (int t = 0; t < chunks; t++)
    job.part[t] = EmptyMinMax;
  pt2eParallelFor(n, MinMaxGrain, minmaxChunk, &job);
  for (int t = 0; t < chunks; t++) {
    r.lo = job.part[t].lo < r.lo ? job.part[t].lo : r.lo;
    r.hi = r.hi < job.part[t].hi ? job.part[t].hi : r.hi;
    r.nan |= job.part[t].nan;
  }
  return r;
}

/* }====================================================================== */

/* {======================================================================
** ATen primitives
** ======================================================================= */

Pt2eCpuCapability pt2eHostCpuCapability(void) {
  const char *env = getenv("ATEN_CPU_CAPABILITY");
  Pt2eCpuCapability cap = Pt2eCpuDefault;
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
    cap = Pt2eCpuAvx2;
  if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
      __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq"))
    cap = Pt2eCpuAvx512;
#endif
  if (env != NULL && strcmp(env, "default") == 0)
    cap = Pt2eCpuDefault;
  else if (env != NULL && strcmp(env, "avx2") == 0 && cap == Pt2eCpuAvx512)
    cap = Pt2eCpuAvx2;
  return cap;
}

/*
** 8 for every capability: torch 2.15 registers sum_stub (SumKernel.cpp) and
** minimum_stub/maximum_stub (BinaryOpsKernel.cpp) with REGISTER_DISPATCH,
** which leaves the AVX512 slot empty ("these kernels are slower with AVX512
** than with AVX2"), so DispatchStub runs the AVX2 kernel, 8-float vectors,
** on an AVX512 machine too. Measured there (torch AVX512): a Histogram's
** qparams are those of 8-lane sums, 16 lanes moved 7 of MobileNetV2's 64
** (tools/oracle/placement/observer_replay.py).
*/
int pt2eCpuSumLanes(Pt2eCpuCapability cap) {
  (void)cap;
  return 8;
}

/* utils::CeilLog2 of SumKernel.cpp: 1 for x <= 2, else bit_length(x - 1). */
static int64_t ceilLog2(int64_t x) {
  int64_t bits = 0;
  uint64_t v;
  if (x <= 2)
    return 1;
  for (v = (uint64_t)(x - 1); v != 0; v >>= 1)
    bits++;
  return bits;
}

/*
** multi_row_sum of SumKernel.cpp: sums 'rows' rows of 'width' floats
** (row r starts at x + r * stride, lane l of slot k at k * lanes + l)
** into acc0[width], cascading through 4 levels of partial sums.
*/
#define MAX_ROW 64   /* 4 ILP slots x at most 16 lanes */
static void multiRowSum(const float *x, int64_t rows, int64_t stride,
                        int width, float *out) {
  enum { LEVELS = 4 };
  float acc[LEVELS][MAX_ROW];
  int64_t power = ceilLog2(rows) / LEVELS;
  int64_t step, mask, i = 0, j;
  int k, lv;
  if (power < 4)
    power = 4;
  step = (int64_t)1 << power;
  mask = step - 1;
  memset(acc, 0, sizeof acc);
  while (i + step <= rows) {
    for (j = 0; j < step; j++, i++)
      for (k = 0; k < width; k++)
        acc[0][k] += x[i * stride + k];
    for (lv = 1; lv < LEVELS; lv++) {
      for (k = 0; k < width; k++) {
        acc[lv][k] += acc[lv - 1][k];
        acc[lv - 1][k] = 0.0f;
      }
      if ((i & (mask << (lv * power))) != 0)
        break;
    }
  }
  for (; i < rows; i++)
    for (k = 0; k < width; k++)
      acc[0][k] += x[i * stride + k];
  for (lv = 1; lv < LEVELS; lv++)
    for (k = 0; k < width; k++)
      acc[0][k] += acc[lv][k];
  memcpy(out, acc[0], (size_t)width * sizeof(float));
}

/*
** cascade_sum over one contiguous row: vectors of 'lanes' floats are summed
** by row_sum (4 ILP slots of multi_row_sum, leftover vectors into slot 0,
** then slot0+slot1+slot2+slot3), leftover scalars go first into the final
** scalar, then the lanes in order; the output tensor starts at 0. Rows
** shorter than one vector take the scalar path, which is the same with one
** lane.
*/
float pt2eCascadeSum(const float *x, int64_t n, int lanes) {
  float slots[MAX_ROW];
  float final = 0.0f, zero = 0.0f;
  int64_t vecs, ilpRows, v, k;
  int l, s;
  if (lanes < 1 || lanes > MAX_ROW / 4)
    lanes = 8;
  if (n < lanes)
    lanes = 1;
  vecs = n / lanes;
  ilpRows = vecs / 4;
  multiRowSum(x, ilpRows, 4 * (int64_t)lanes, 4 * lanes, slots);
  for (v = ilpRows * 4; v < vecs; v++)
    for (l = 0; l < lanes; l++)
      slots[l] += x[v * lanes + l];
  for (s = 1; s < 4; s++)
    for (l = 0; l < lanes; l++)
      slots[l] += slots[s * lanes + l];
  for (k = vecs * lanes; k < n; k++)
    final += x[k];
  for (l = 0; l < lanes; l++)
    final += slots[l];
  return zero + final;
}

/*
** The outer edges histc uses, in double as Histogram.cpp does: equal edges
** widen by one on each side (by at least one float32 ulp).
*/
static void histcEdges(double *lo, double *hi) {
  if (*lo == *hi) {
    double down = nextafterf((float)*lo, -INFINITY);
    double up = nextafterf((float)*hi, INFINITY);
    *lo = fmin(down, *lo - 1.0);
    *hi = fmax(up, *hi + 1.0);
  }
}

/*
** histc's bin numbers: 'slot[i]' is the bin of x[i], or 'bins' (a spare
** slot nobody reads) for values outside [lof, hif] and NaN. Every path
** computes, in float32, q = min(((v - lof) * nb) / width, nb) (the cap: for
** ranges near FLT_MAX (v - lof) * nb overflows to inf, and inf / inf is
** NaN, which the cap also turns into nb, as fminf did; for every finite
** product q <= nb already), truncates it, and moves bin 'bins' (v == hif)
** to bins - 1. vminps(t, nb) returns nb when t is NaN, like the scalar
** 't < nb ? t : nb'; neither operand is ever a zero of the other sign.
*/
typedef struct HistcParams {
  float lof, hif, nb, width;
  int32_t bins;
} HistcParams;

static void histcSlotsScalar(const float *x, int64_t m, const HistcParams *h,
                             int32_t *slot) {
  for (int64_t i = 0; i < m; i++) {
    float v = x[i];
    float t = ((v - h->lof) * h->nb) / h->width;
    float q = t < h->nb ? t : h->nb;
    int inside = v >= h->lof && v <= h->hif;
    int32_t p = inside ? (int32_t)q : h->bins;
    slot[i] = inside && p == h->bins ? h->bins - 1 : p;
  }
}

/*
** The end bins, counted apart. A ReLU's exact zeros (bin 0) and a ReLU6's
** clamped ends (bins 0 and bins - 1) are often half of a tensor; the
** vector paths count them with a compare and a popcount and leave only
** the other bin numbers in 'slot', packed to the front, for the scalar
** increments (about one cycle each), when 'ends' is not NULL: only where
** no count can reach 2^24 (histcCount: fewer than 2^24 values), so that
** which partial an element goes into does not matter. ends[0] and ends[1]
** grow by the values of bin 0 and of bin bins - 1 (one bin: all in
** ends[0]). Each returns how many slots it wrote.
*/
#if PT2E_OBS_X86
/* AVX2 has no compress: for each 8-bit mask of kept lanes, their indices
** in order, a nibble each (entry m: lane of the k-th set bit of m in
** nibble k) */
static const uint32_t keepOrder[256] = {
    0x00000000, 0x00000000, 0x00000001, 0x00000010, 0x00000002, 0x00000020, 0x00000021, 0x00000210,
    0x00000003, 0x00000030, 0x00000031, 0x00000310, 0x00000032, 0x00000320, 0x00000321, 0x00003210,
    0x00000004, 0x00000040, 0x00000041, 0x00000410, 0x00000042, 0x00000420, 0x00000421, 0x00004210,
    0x00000043, 0x00000430, 0x00000431, 0x00004310, 0x00000432, 0x00004320, 0x00004321, 0x00043210,
    0x00000005, 0x00000050, 0x00000051, 0x00000510, 0x00000052, 0x00000520, 0x00000521, 0x00005210,
    0x00000053, 0x00000530, 0x00000531, 0x00005310, 0x00000532, 0x00005320, 0x00005321, 0x00053210,
    0x00000054, 0x00000540, 0x00000541, 0x00005410, 0x00000542, 0x00005420, 0x00005421, 0x00054210,
    0x00000543, 0x00005430, 0x00005431, 0x00054310, 0x00005432, 0x00054320, 0x00054321, 0x00543210,
    0x00000006, 0x00000060, 0x00000061, 0x00000610, 0x00000062, 0x00000620, 0x00000621, 0x00006210,
    0x00000063, 0x00000630, 0x00000631, 0x00006310, 0x00000632, 0x00006320, 0x00006321, 0x00063210,
    0x00000064, 0x00000640, 0x00000641, 0x00006410, 0x00000642, 0x00006420, 0x00006421, 0x00064210,
    0x00000643, 0x00006430, 0x00006431, 0x00064310, 0x00006432, 0x00064320, 0x00064321, 0x00643210,
    0x00000065, 0x00000650, 0x00000651, 0x00006510, 0x00000652, 0x00006520, 0x00006521, 0x00065210,
    0x00000653, 0x00006530, 0x00006531, 0x00065310, 0x00006532, 0x00065320, 0x00065321, 0x00653210,
    0x00000654, 0x00006540, 0x00006541, 0x00065410, 0x00006542, 0x00065420, 0x00065421, 0x00654210,
    0x00006543, 0x00065430, 0x00065431, 0x00654310, 0x00065432, 0x00654320, 0x00654321, 0x06543210,
    0x00000007, 0x00000070, 0x00000071, 0x00000710, 0x00000072, 0x00000720, 0x00000721, 0x00007210,
    0x00000073, 0x00000730, 0x00000731, 0x00007310, 0x00000732, 0x00007320, 0x00007321, 0x00073210,
    0x00000074, 0x00000740, 0x00000741, 0x00007410, 0x00000742, 0x00007420, 0x00007421, 0x00074210,
    0x00000743, 0x00007430, 0x00007431, 0x00074310, 0x00007432, 0x00074320, 0x00074321, 0x00743210,
    0x00000075, 0x00000750, 0x00000751, 0x00007510, 0x00000752, 0x00007520, 0x00007521, 0x00075210,
    0x00000753, 0x00007530, 0x00007531, 0x00075310, 0x00007532, 0x00075320, 0x00075321, 0x00753210,
    0x00000754, 0x00007540, 0x00007541, 0x00075410, 0x00007542, 0x00075420, 0x00075421, 0x00754210,
    0x00007543, 0x00075430, 0x00075431, 0x00754310, 0x00075432, 0x00754320, 0x00754321, 0x07543210,
    0x00000076, 0x00000760, 0x00000761, 0x00007610, 0x00000762, 0x00007620, 0x00007621, 0x00076210,
    0x00000763, 0x00007630, 0x00007631, 0x00076310, 0x00007632, 0x00076320, 0x00076321, 0x00763210,
    0x00000764, 0x00007640, 0x00007641, 0x00076410, 0x00007642, 0x00076420, 0x00076421, 0x00764210,
    0x00007643, 0x00076430, 0x00076431, 0x00764310, 0x00076432, 0x00764320, 0x00764321, 0x07643210,
    0x00000765, 0x00007650, 0x00007651, 0x00076510, 0x00007652, 0x00076520, 0x00076521, 0x00765210,
    0x00007653, 0x00076530, 0x00076531, 0x00765310, 0x00076532, 0x00765320, 0x00765321, 0x07653210,
    0x00007654, 0x00076540, 0x00076541, 0x00765410, 0x00076542, 0x00765420, 0x00765421, 0x07654210,
    0x00076543, 0x00765430, 0x00765431, 0x07654310, 0x00765432, 0x07654320, 0x07654321, 0x76543210,
};

__attribute__((target("avx2"))) static int64_t
histcSlotsAvx2(const float *x, int64_t m, const HistcParams *h, int32_t *slot,
               uint64_t *ends) {
  const __m256 lo = _mm256_set1_ps(h->lof), hi = _mm256_set1_ps(h->hif);
  const __m256 nb = _mm256_set1_ps(h->nb), width = _mm256_set1_ps(h->width);
  const __m256i top = _mm256_set1_epi32(h->bins - 1);
  const __m256i spare = _mm256_set1_epi32(h->bins);
  const __m256i nibble = _mm256_setr_epi32(0, 4, 8, 12, 16, 20, 24, 28);
  int64_t i = 0, kept = 0;
  for (; i + 8 <= m; i += 8) {
    __m256 v = _mm256_loadu_ps(x + i);
    __m256 t = _mm256_div_ps(_mm256_mul_ps(_mm256_sub_ps(v, lo), nb), width);
    __m256 q = _mm256_min_ps(t, nb);
    __m256 in = _mm256_and_ps(_mm256_cmp_ps(v, lo, _CMP_GE_OQ),
                              _mm256_cmp_ps(v, hi, _CMP_LE_OQ));
    __m256i p = _mm256_min_epi32(_mm256_cvttps_epi32(q), top);
    p = _mm256_blendv_epi8(spare, p, _mm256_castps_si256(in));
    if (!ends) {
      _mm256_storeu_si256((__m256i *)(slot + kept), p);
      kept += 8;
      continue;
    }
    int zero = _mm256_movemask_ps(_mm256_castsi256_ps(
        _mm256_cmpeq_epi32(p, _mm256_setzero_si256())));
    int last = _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(p, top)));
    int keep = ~(zero | last) & 0xff;
    ends[0] += (uint64_t)__builtin_popcount((unsigned)zero);
    ends[1] += (uint64_t)__builtin_popcount((unsigned)(last & ~zero));
    __m256i order = _mm256_srlv_epi32(_mm256_set1_epi32((int)keepOrder[keep]), nibble);
    order = _mm256_and_si256(order, _mm256_set1_epi32(7));
    _mm256_storeu_si256((__m256i *)(slot + kept), _mm256_permutevar8x32_epi32(p, order));
    kept += __builtin_popcount((unsigned)keep);
  }
  histcSlotsScalar(x + i, m - i, h, slot + kept);
  return kept + (m - i);
}

__attribute__((target("avx512f"))) static int64_t
histcSlotsAvx512(const float *x, int64_t m, const HistcParams *h,
                 int32_t *slot, uint64_t *ends) {
  const __m512 lo = _mm512_set1_ps(h->lof), hi = _mm512_set1_ps(h->hif);
  const __m512 nb = _mm512_set1_ps(h->nb), width = _mm512_set1_ps(h->width);
  const __m512i top = _mm512_set1_epi32(h->bins - 1);
  const __m512i spare = _mm512_set1_epi32(h->bins);
  int64_t i = 0, kept = 0;
  for (; i + 16 <= m; i += 16) {
    __m512 v = _mm512_loadu_ps(x + i);
    __m512 t = _mm512_div_ps(_mm512_mul_ps(_mm512_sub_ps(v, lo), nb), width);
    __m512 q = _mm512_min_ps(t, nb);
    __mmask16 in = _mm512_cmp_ps_mask(v, lo, _CMP_GE_OQ) &
                   _mm512_cmp_ps_mask(v, hi, _CMP_LE_OQ);
    __m512i p = _mm512_min_epi32(_mm512_cvttps_epi32(q), top);
    p = _mm512_mask_blend_epi32(in, spare, p);
    if (!ends) {
      _mm512_storeu_si512(slot + kept, p);
      kept += 16;
      continue;
    }
    __mmask16 zero = _mm512_cmpeq_epi32_mask(p, _mm512_setzero_si512());
    __mmask16 last = _mm512_cmpeq_epi32_mask(p, top);
    __mmask16 keep = (__mmask16)~(zero | last);
    ends[0] += (uint64_t)__builtin_popcount(zero);
    ends[1] += (uint64_t)__builtin_popcount((unsigned)(last & (__mmask16)~zero));
    _mm512_storeu_si512(slot + kept, _mm512_maskz_compress_epi32(keep, p));
    kept += __builtin_popcount(keep);
  }
  histcSlotsScalar(x + i, m - i, h, slot + kept);
  return kept + (m - i);
}
#endif

static int64_t histcSlots(Isa isa, const float *x, int64_t m,
                          const HistcParams *h, int32_t *slot, uint64_t *ends) {
#if PT2E_OBS_X86
  if (isa == IsaAvx512)
    return histcSlotsAvx512(x, m, h, slot, ends);
  if (isa == IsaAvx2)
    return histcSlotsAvx2(x, m, h, slot, ends);
#endif
  (void)isa;
  (void)ends; /* the scalar path counts every bin by increments */
  histcSlotsScalar(x, m, h, slot);
  return m;
}

/*
** Counting: element i goes into partial histogram i mod 4 (four partials
** break the chain of increments to one bin). A chunk covers whole groups
** of four, so a local index has the residue of the global one; each chunk
** counts into its own four partials of bins + 1 integers (the last one
** takes the spare slot).
*/
typedef struct HistcJob {
  const float *x;
  int64_t n;
  HistcParams h;
  Isa isa;
  uint32_t *counts; /* chunks x 4 x (bins + 1) */
  uint64_t *ends;   /* NULL, or chunks x 2: the end bins counted apart
                    ** (histcSlots) */
  int *stop;        /* NULL, or: give up at the first value outside, and
                    ** set *stop (the count is of no use then) */
} HistcJob;

/* Whether the job gives up here: another worker saw a value outside, or
** this one's four partials of the spare slot 'c + bins' are no longer 0. */
static bool histcStops(const HistcJob *job, const void *c, bool wide) {
  if (job->stop == NULL)
    return false;
  if (__atomic_load_n(job->stop, __ATOMIC_RELAXED))
    return true;
  int64_t stride = (int64_t)job->h.bins + 1, spare = 0;
  for (int k = 0; k < 4; k++)
    spare += wide ? ((const uint32_t *)c)[k * stride + job->h.bins]
                  : ((const uint16_t *)c)[k * stride + job->h.bins];
  if (spare == 0)
    return false;
  __atomic_store_n(job->stop, 1, __ATOMIC_RELAXED);
  return true;
}

/* Counts 'slot[0 .. m)' (m a multiple of 4 but for a chunk's last block)
** into four partials 'stride' apart. */
#define COUNT_SLOTS(c, slot, m, stride)                                     \
  do {                                                                      \
    int64_t i_ = 0;                                                         \
    for (; i_ + 4 <= (m); i_ += 4) {                                        \
      (c)[(slot)[i_]]++;                                                    \
      (c)[(stride) + (slot)[i_ + 1]]++;                                     \
      (c)[2 * (stride) + (slot)[i_ + 2]]++;                                 \
      (c)[3 * (stride) + (slot)[i_ + 3]]++;                                 \
    }                                                                       \
    for (; i_ < (m); i_++)                                                  \
      (c)[(i_ & 3) * (stride) + (slot)[i_]]++;                              \
  } while (0)

/*
** The end bins apart only while they pay: a block of spread values has
** few of them, and packing the rest then costs more than it saves
** (bench/README.md, the sixth round). A block where under 1/8 of the
** values were end bins turns it off for the next 15 blocks, then the next
** block looks again. Either way the counts are the same.
*/
typedef struct EndBins {
  uint64_t *ends; /* the worker's two counts, or NULL: never apart */
  int rest;       /* blocks left before looking again */
} EndBins;

static int64_t countedSlots(const HistcJob *job, EndBins *eb, int64_t base,
                            int64_t m, int32_t *slot) {
  if (eb->ends == NULL || eb->rest > 0) {
    eb->rest -= eb->rest > 0;
    return histcSlots(job->isa, job->x + base, m, &job->h, slot, NULL);
  }
  int64_t kept = histcSlots(job->isa, job->x + base, m, &job->h, slot, eb->ends);
  if ((m - kept) * 8 < m)
    eb->rest = 15;
  return kept;
}

static void histcChunk(void *ctx, int64_t begin, int64_t end, int worker) {
  const HistcJob *job = ctx;
  enum { Block = 1024, SmallBins = 4096, Window = 255 };
  int32_t slot[Block];
  int64_t stride = (int64_t)job->h.bins + 1;
  uint32_t *counts = job->counts + (int64_t)worker * 4 * stride;
  int64_t lo = begin * 4, hi = end * 4 < job->n ? end * 4 : job->n;
  EndBins eb = {job->ends ? job->ends + 2 * (int64_t)worker : NULL, 0};
  if (stride > SmallBins) {
    for (int64_t base = lo; base < hi; base += Block) {
      int64_t m = hi - base < Block ? hi - base : Block;
      m = countedSlots(job, &eb, base, m, slot);
      COUNT_SLOTS(counts, slot, m, stride);
      if (histcStops(job, counts, true))
        return;
    }
    return;
  }
  /* Few bins: 16-bit counts (a quarter of the cache lines) for windows of
  ** 255 blocks, where no count passes 255 * 1024 / 4 = 65280, then added
  ** to the 32-bit ones. */
  uint16_t small[4 * SmallBins];
  for (int64_t start = lo; start < hi; start += (int64_t)Window * Block) {
    int64_t stop = hi - start < (int64_t)Window * Block ? hi : start + (int64_t)Window * Block;
    memset(small, 0, (size_t)(4 * stride) * sizeof *small);
    for (int64_t base = start; base < stop; base += Block) {
      int64_t m = stop - base < Block ? stop - base : Block;
      m = countedSlots(job, &eb, base, m, slot);
      COUNT_SLOTS(small, slot, m, stride);
      if (histcStops(job, small, false))
        return; /* the window's counts are of no use either */
    }
    for (int64_t j = 0; j < 4 * stride; j++)
      counts[j] += small[j];
  }
}

/* A partial of float32 counts, as the earlier loop kept it with += 1.0f:
** exact up to 2^24, where adding one no longer changes it. */
static float partialCount(uint64_t count) {
  return count >= (1u << 24) ? 16777216.0f : (float)count;
}

/* The job of histc over the float32 edges of [lo, hi] with 'bins' bins;
** 'stop', if not NULL, makes it give up at the first value outside. */
static void histcJobInit(HistcJob *job, const float *x, int64_t n,
                         int64_t bins, double lo, double hi, int *stop) {
  job->x = x;
  job->n = n;
  job->h.lof = (float)lo;
  job->h.hif = (float)hi;
  job->h.nb = (float)bins;
  job->h.width = job->h.hif - job->h.lof;
  job->h.bins = (int32_t)bins;
  job->isa = pickIsa();
  job->stop = stop;
}

/* Every count below 2^24: the four partials' float sum is the exact
** total, which the end bins counted apart join. */
static void totalsWithEnds(const HistcJob *job, int chunks, float *hist) {
  int64_t bins = job->h.bins, stride = bins + 1;
  uint64_t first = 0, last = 0;
  for (int t = 0; t < chunks; t++) {
    first += job->ends[2 * t];
    last += job->ends[2 * t + 1];
  }
  for (int64_t pos = 0; pos < bins; pos++) {
    uint64_t total = (pos == 0 ? first : 0) + (pos == bins - 1 ? last : 0);
    for (int64_t p = 0; p < 4 * (int64_t)chunks; p++)
      total += job->counts[p * stride + pos];
    hist[pos] = (float)total;
  }
}

/* The float32 counts of the sequential loop: each bin's four partials,
** each capped at 2^24, added (p0 + p1) + (p2 + p3). */
static void totalsOfPartials(const HistcJob *job, int chunks, float *hist) {
  int64_t bins = job->h.bins, stride = bins + 1;
  for (int64_t pos = 0; pos < bins; pos++) {
    float part[4];
    for (int k = 0; k < 4; k++) {
      uint64_t total = 0;
      for (int t = 0; t < chunks; t++)
        total += job->counts[((int64_t)t * 4 + k) * stride + pos];
      part[k] = partialCount(total);
    }
    hist[pos] = (part[0] + part[1]) + (part[2] + part[3]);
  }
}

/* The spare slot's count: the values outside [lo, hi], and NaN. */
static int64_t outsideCount(const HistcJob *job, int chunks) {
  int64_t bins = job->h.bins, stride = bins + 1, outside = 0;
  for (int64_t p = 0; p < 4 * (int64_t)chunks; p++)
    outside += job->counts[p * stride + bins];
  return outside;
}

/*
** torch.histc's counts of x[0 .. n) over the finite edges lo < hi (as
** histcEdges leaves them) into 'hist', and in '*outside' how many values
** fell outside [lo, hi] or were NaN (the spare slot's count).
*/
static Pt2eNumStatus histcCount(const float *x, int64_t n, int64_t bins,
                                double lo, double hi, float *hist,
                                int64_t *outside, bool stopAtOutside) {
  int stop = 0, chunks;
  size_t bytes;
  HistcJob job;
  memset(hist, 0, (size_t)bins * sizeof(float));
  if (bins > (1 << 30))
    return Pt2eNumNoMemory;  /* bin numbers are int32, q <= nb exact */
  histcJobInit(&job, x, n, bins, lo, hi, stopAtOutside ? &stop : NULL);
  int64_t groups = (n + 3) / 4;
  chunks = pt2eParallelChunks(groups, HistcGrain);
  if (!pt2eCheckedBytes((bins + 1) * 4 * chunks, sizeof(uint32_t), &bytes))
    return Pt2eNumNoMemory;
  job.counts = pt2eAlloc(bytes); /* zeroed */
  /* the end bins apart where no count reaches 2^24 (histcSlots) */
  uint64_t ends[2 * PT2E_MAX_THREADS] = {0};
  job.ends = n < (1 << 24) && job.isa != IsaScalar && chunks <= PT2E_MAX_THREADS
                 ? ends : NULL;
  if (job.counts == NULL)
    return Pt2eNumNoMemory;
  pt2eParallelFor(groups, HistcGrain, histcChunk, &job);
  if (stop) {
    *outside = 1; /* at least */
  } else {
    if (job.ends)
      totalsWithEnds(&job, chunks, hist);
    else
      totalsOfPartials(&job, chunks, hist);
    *outside = outsideCount(&job, chunks);
  }
  pt2eFree(job.counts);
  return Pt2eNumOk;
}

Pt2eNumStatus pt2eHistc(const float *x, int64_t n, int64_t bins, float min,
                        float max, float *hist) {
  double lo = min, hi = max;
  int64_t outside;
  if (lo == hi && n > 0) {  /* histc uses the data's range */
    MinMax r = minmaxValues(x, n);  /* a zero's sign moves no edge */
    lo = r.nan ? NAN : r.lo;
    hi = r.nan ? NAN : r.hi;
  }
  histcEdges(&lo, &hi);
  if (!isfinite(lo) || !isfinite(hi))
    return Pt2eNumNaN;
  return histcCount(x, n, bins, lo, hi, hist, &outside, false);
}

/*
** PyTorch's x86-64 wheels compile the AVX2 copy of the linspace kernel with
** -mfma, and the compiler fuses 'start + step * i' and 'end - step * k';
** the DEFAULT copy rounds twice. Measured against torch 2.15: both
** variants match every element under their capability.
*/
/* Element i of linspace(start, end, steps) whose step, span / (steps - 1),
** the caller computed once (the divide was most of a call). */
static inline float linspaceStep(float start, float end, float step,
                                 int64_t steps, int64_t i, bool fused) {
  float t;
  if (i < steps / 2) {
    if (fused)
      return fmaf(step, (float)i, start);
    t = step * (float)i;
    return start + t;
  }
  if (fused)
    return fmaf(-step, (float)(steps - 1 - i), end);
  t = step * (float)(steps - 1 - i);
  return end - t;
}

float pt2eLinspaceAt(float start, float end, int64_t steps, int64_t i,
                     bool fused) {
  float span = end - start;
  return linspaceStep(start, end, span / (float)(steps - 1), steps, i, fused);
}

/* }====================================================================== */

/* {======================================================================
** Creation and state
** ======================================================================= */

static bool setChannels(Pt2eObserver *obs, int64_t n) {
  float *mn = NULL, *mx = NULL;
  if (n > 0) {
    mn = allocFloats(n, 1, 0);
    mx = allocFloats(n, 1, 0);
    if (mn == NULL || mx == NULL) {
      pt2eFree(mn);
      pt2eFree(mx);
      return false;
    }
  }
  pt2eFree(obs->minVals);
  pt2eFree(obs->maxVals);
  obs->minVals = mn;
  obs->maxVals = mx;
  obs->numChannels = n;
  return true;
}

/* }====================================================================== */

/* {======================================================================
** Per-channel histograms: one per-tensor observer per channel
** ======================================================================= */

/* The spec's ch_axis for a batch of rank 'rank' (a negative one counts
** from the end), or an error when the batch has no such axis. */
static Pt2eNumStatus channelAxis(Pt2eObserver *obs, int rank, int64_t *axis) {
  *axis = obs->spec.chAxis < 0 ? obs->spec.chAxis + rank : obs->spec.chAxis;
  if (*axis < 0 || *axis >= rank)
    return fail(obs, Pt2eNumBadShape, "channel axis out of range");
  return Pt2eNumOk;
}

/* A batch seen as [outer, channels, inner] around 'axis'; an error when
** its channel count is not the state's (or the fixed one). Shared by the
** per-channel min/max and the per-channel histograms. */
static Pt2eNumStatus splitAtChannelAxis(Pt2eObserver *obs,
                                        const int64_t *shape, int rank,
                                        int64_t axis, int64_t *outer,
                                        int64_t *channels, int64_t *inner) {
  *channels = shape[axis];
  if ((obs->numChannels != 0 && *channels != obs->numChannels) ||
      (obs->fixedChannels > 0 && *channels != obs->fixedChannels))
    return fail(obs, Pt2eNumBadShape, "channel count differs from the state");
  *outer = *inner = 1;
  for (int d = 0; d < rank; d++) {
    if (d < axis)
      *outer *= shape[d];
    else if (d > axis)
      *inner *= shape[d];
  }
  return Pt2eNumOk;
}

bool pt2eObserverIsChannelHistogram(const Pt2eQuantSpec *spec) {
  const Pt2eObserverKindInfo *kind = pt2eObserverKindInfo(spec->observer);
  return kind->hasBins && pt2eQSchemeIsPerChannel(spec->qscheme);
}

static bool isOrtKind(const Pt2eObserver *obs) {
  return pt2eObserverKindInfo(obs->spec.observer)->ort != Pt2eOrtNone;
}

static void freeChannelObservers(Pt2eObserver *obs) {
  for (int64_t c = 0; obs->channelObs != NULL && c < obs->numChannels; c++)
    pt2eObserverDestroy(obs->channelObs[c]);
  pt2eFree(obs->channelObs);
  pt2eFree(obs->chOrtBins);
  pt2eFree(obs->chOrtCounts);
  pt2eFree(obs->chOrtEdges);
  obs->channelObs = NULL;
  obs->chOrtBins = obs->chOrtCounts = NULL;
  obs->chOrtEdges = NULL;
  obs->chOrtTotal = 0;
}

/* The spec each channel's observer is made with: the same kind and
** parameters under the per-tensor twin of the qscheme. */
static Pt2eQuantSpec channelSpec(const Pt2eQuantSpec *spec) {
  Pt2eQuantSpec q = *spec;
  q.qscheme = spec->qscheme == Pt2eQSchemePerChannelSymmetric
                  ? Pt2eQSchemePerTensorSymmetric
                  : Pt2eQSchemePerTensorAffine;
  q.chAxis = 0;
  return q;
}

/* Fails with channel c's error, named: "channel c: ...". */
static Pt2eNumStatus failInChannel(Pt2eObserver *obs, Pt2eNumStatus st,
                                   int64_t c) {
  char msg[sizeof obs->error];
  snprintf(msg, sizeof msg, "channel %lld: %s", (long long)c,
           pt2eObserverErrorMessage(obs->channelObs[c]));
  return fail(obs, st, msg);
}

/* Each channel's histogram length, and its counts and edges, channel
** after channel, into the mirrors. */
static void copyOrtChannels(Pt2eObserver *obs) {
  int64_t *counts = obs->chOrtCounts;
  float *edges = obs->chOrtEdges;
  for (int64_t c = 0; c < obs->numChannels; c++) {
    const Pt2eOrtHistogram *h = &obs->channelObs[c]->ort;
    int64_t nb = h->seen ? h->numBins : 0;
    obs->chOrtBins[c] = nb;
    if (nb > 0) {
      memcpy(counts, h->counts, (size_t)nb * sizeof *counts);
      memcpy(edges, h->edges, (size_t)(nb + 1) * sizeof *edges);
      counts += nb;
      edges += nb + 1;
    }
  }
}

/* The ONNX Runtime mirrors: the channels' lengths, and their counts and
** edges ('total' bins in all) channel after channel. False when out of
** memory, and then the mirrors are empty. */
static bool mirrorOrtChannels(Pt2eObserver *obs, int64_t total) {
  int64_t n = obs->numChannels;
  pt2eFree(obs->chOrtCounts);
  pt2eFree(obs->chOrtEdges);
  obs->chOrtTotal = 0;
  obs->chOrtCounts = pt2eAlloc((size_t)(total > 0 ? total : 1) *
                               sizeof *obs->chOrtCounts);
  obs->chOrtEdges = pt2eAlloc((size_t)(total + n) * sizeof *obs->chOrtEdges);
  if (obs->chOrtCounts == NULL || obs->chOrtEdges == NULL) {
    pt2eFree(obs->chOrtCounts);
    pt2eFree(obs->chOrtEdges);
    obs->chOrtCounts = NULL;
    obs->chOrtEdges = NULL;
    return false;
  }
  copyOrtChannels(obs);
  obs->chOrtTotal = total;
  return true;
}

/*
** Copies the channels' states into the observer's own arrays, the layout
** of Pt2eObserverStats. False when out of memory (then the ONNX Runtime
** mirrors are empty and the caller reports the failure).
*/
static bool refreshChannelStats(Pt2eObserver *obs) {
  int64_t n = obs->numChannels, total = 0;
  bool ort = isOrtKind(obs);
  for (int64_t c = 0; c < n; c++) {
    const Pt2eObserver *o = obs->channelObs[c];
    obs->minVals[c] = o->minVals[0];
    obs->maxVals[c] = o->maxVals[0];
    if (!ort)
      memcpy(obs->histogram + c * obs->bins, o->histogram,
             (size_t)obs->bins * sizeof(float));
    else
      total += o->ort.seen ? o->ort.numBins : 0;
  }
  if (!ort || n == 0)
    return true;
  return mirrorOrtChannels(obs, total);
}

/* The arrays of 'n' channels: their observers' pointers, the mirrors
** (ONNX Runtime's lengths, or torch's channels x bins floats, which must
** fit one allocation) and the minima and maxima. */
static Pt2eNumStatus allocChannelArrays(Pt2eObserver *obs, int64_t n) {
  bool ort = isOrtKind(obs);
  int64_t cells;
  size_t bytes;
  Pt2eObserver **subs;
  float *hist = NULL;
  int64_t *bins = NULL;
  if (!ort && (!pt2eCheckedMul(n, obs->bins, &cells) ||
               !pt2eCheckedBytes(cells, sizeof(float), &bytes)))
    return fail(obs, Pt2eNumNoMemory,
                "channels x bins of the per-channel histograms overflow");
  subs = pt2eAlloc((size_t)n * sizeof *subs);
  if (ort)
    bins = pt2eAlloc((size_t)n * sizeof *bins);
  else
    hist = allocFloats(n, obs->bins, 0);
  if (subs == NULL || (ort && bins == NULL) || (!ort && hist == NULL) ||
      !setChannels(obs, n)) {
    pt2eFree(subs);
    pt2eFree(hist);
    pt2eFree(bins);
    return fail(obs, Pt2eNumNoMemory,
                "out of memory for the per-channel histograms");
  }
  obs->channelObs = subs;
  obs->chOrtBins = bins;
  obs->histogram = hist;
  return Pt2eNumOk;
}

/* A channel's observer: the per-tensor twin 'q' of the spec, with the
** observer's range and CPU facts; NULL when out of memory. */
static Pt2eObserver *channelObserver(const Pt2eObserver *obs,
                                     const Pt2eQuantSpec *q) {
  Pt2eObserver *sub = pt2eObserverCreate(q, 0);
  if (sub != NULL) {
    pt2eObserverSetCustomRange(sub, obs->customRange);
    sub->lanes = obs->lanes;
    sub->fusedLinspace = obs->fusedLinspace;
  }
  return sub;
}

/*
** Gives an observer that has no channels yet 'n' fresh channel observers
** and the arrays that mirror them. A Histogram's channels x bins floats
** must fit one allocation (Pt2eNumNoMemory otherwise, with a message).
*/
static Pt2eNumStatus makeChannels(Pt2eObserver *obs, int64_t n) {
  Pt2eQuantSpec q = channelSpec(&obs->spec);
  Pt2eNumStatus st = allocChannelArrays(obs, n);
  if (st != Pt2eNumOk)
    return st;
  for (int64_t c = 0; c < n; c++) {
    obs->channelObs[c] = channelObserver(obs, &q);
    if (obs->channelObs[c] == NULL) {
      freeChannelObservers(obs); /* destroys the c made so far */
      setChannels(obs, 0);
      pt2eFree(obs->histogram);
      obs->histogram = NULL;
      return fail(obs, Pt2eNumNoMemory,
                  "out of memory for the per-channel histograms");
    }
    obs->minVals[c] = INFINITY;
    obs->maxVals[c] = -INFINITY;
  }
  return Pt2eNumOk;
}

/* Refuses a batch whose rank is not the rank of the batches before it. */
static Pt2eNumStatus checkChannelRank(Pt2eObserver *obs, int rank) {
  char msg[sizeof obs->error];
  if (obs->channelRank == 0 || rank == obs->channelRank)
    return Pt2eNumOk;
  snprintf(msg, sizeof msg,
           "a batch of rank %d after batches of rank %d (per-channel "
           "histograms need one rank)", rank, obs->channelRank);
  return fail(obs, Pt2eNumBadShape, msg);
}

/* Channel c of x, every x[(o * channels + c) * inner + k], gathered in
** (o, k) order into 'slice' (x.select(ch_axis, c).contiguous()) and fed to
** channel c's observer, channel after channel; stops at an error, naming
** the channel. */
static Pt2eNumStatus feedChannels(Pt2eObserver *obs, const float *x,
                                  float *slice, int64_t outer,
                                  int64_t channels, int64_t inner) {
  Pt2eNumStatus st = Pt2eNumOk;
  for (int64_t c = 0; c < channels && st == Pt2eNumOk; c++) {
    int64_t n = outer * inner;
    for (int64_t o = 0; o < outer; o++)
      memcpy(slice + o * inner, x + (o * channels + c) * inner,
             (size_t)inner * sizeof(float));
    st = pt2eObserverUpdate(obs->channelObs[c], slice, &n, 1);
    if (st != Pt2eNumOk)
      failInChannel(obs, st, c);
  }
  return st;
}

/*
** The update: x split at ch_axis into [outer, channels, inner], each
** channel fed to its observer (feedChannels), made at the first batch. An
** error names the channel; the channels before it have taken the batch
** (the caller fails the calibration).
*/
static Pt2eNumStatus updateChannelHistograms(Pt2eObserver *obs,
                                             const float *x,
                                             const int64_t *shape, int rank) {
  int64_t axis, outer, inner, channels;
  float *slice;
  Pt2eNumStatus st = channelAxis(obs, rank, &axis);
  if (st == Pt2eNumOk)
    st = checkChannelRank(obs, rank);
  if (st == Pt2eNumOk)
    st = splitAtChannelAxis(obs, shape, rank, axis, &outer, &channels, &inner);
  if (st == Pt2eNumOk && obs->numChannels == 0)
    st = makeChannels(obs, channels);
  if (st != Pt2eNumOk)
    return st;
  obs->channelRank = rank;
  slice = allocFloats(outer, inner, 0);
  if (slice == NULL)
    return fail(obs, Pt2eNumNoMemory, "out of memory");
  st = feedChannels(obs, x, slice, outer, channels, inner);
  pt2eFree(slice);
  if (!refreshChannelStats(obs) && st == Pt2eNumOk)
    return fail(obs, Pt2eNumNoMemory, "out of memory");
  return st;
}

static void getChannelStats(const Pt2eObserver *obs, Pt2eObserverStats *s) {
  bool ort = isOrtKind(obs);
  s->numChannels = obs->numChannels;
  s->minVals = obs->minVals;
  s->maxVals = obs->maxVals;
  s->numBins = ort ? 0 : obs->numChannels * obs->bins;
  s->histogram = ort ? NULL : obs->histogram;
  s->ortBins = ort ? obs->chOrtTotal : 0;
  s->ortCounts = ort ? obs->chOrtCounts : NULL;
  s->ortEdges = ort ? obs->chOrtEdges : NULL;
  s->ortChannelBins = ort && obs->numChannels > 0 ? obs->chOrtBins : NULL;
}

/* Channel c's part of a per-channel histograms' '*s', as per-tensor stats;
** '*offC' and '*offE' walk the ONNX Runtime counts and edges. */
static Pt2eObserverStats channelPart(const Pt2eObserverStats *s, int64_t c,
                                     int64_t bins, int64_t *offC,
                                     int64_t *offE) {
  Pt2eObserverStats p;
  memset(&p, 0, sizeof p);
  p.numChannels = 1;
  p.minVals = s->minVals + c;
  p.maxVals = s->maxVals + c;
  if (s->histogram != NULL) {
    p.numBins = bins;
    p.histogram = s->histogram + c * bins;
  }
  if (s->ortChannelBins != NULL) {
    p.ortBins = s->ortChannelBins[c];
    p.ortCounts = s->ortCounts + *offC;
    p.ortEdges = s->ortEdges + *offE;
    *offC += p.ortBins;
    *offE += p.ortBins > 0 ? p.ortBins + 1 : 0;
  }
  return p;
}

/* Whether '*s' has the layout of this observer's per-channel histograms:
** a channel count it takes, and torch's histograms of 'bins' each or ONNX
** Runtime's of at most 2^24 bins adding up to ortBins. */
static Pt2eNumStatus checkChannelStats(Pt2eObserver *obs,
                                       const Pt2eObserverStats *s) {
  int64_t n = s->numChannels, total = 0;
  bool ort = isOrtKind(obs);
  if (n < 0 || (obs->fixedChannels > 0 && n != 0 && n != obs->fixedChannels))
    return fail(obs, Pt2eNumBadShape, "statistics do not fit the observer");
  if (ort ? (s->numBins != 0 || (n > 0 && s->ortChannelBins == NULL))
          : (s->ortBins != 0 || s->ortChannelBins != NULL ||
             (n > 0 && (s->histogram == NULL ||
                        s->numBins / obs->bins != n ||
                        s->numBins % obs->bins != 0))))
    return fail(obs, Pt2eNumBadShape,
                "statistics do not fit the per-channel histograms");
  for (int64_t c = 0; ort && c < n; c++) {
    if (s->ortChannelBins[c] < 0 || s->ortChannelBins[c] > (int64_t)1 << 24)
      return fail(obs, Pt2eNumBadShape,
                  "statistics do not fit the per-channel histograms");
    total += s->ortChannelBins[c];
  }
  if (ort && total != s->ortBins)
    return fail(obs, Pt2eNumBadShape,
                "the channels' histogram lengths do not add up");
  return Pt2eNumOk;
}

/* Each channel of 'fresh' (made, none seen) restored from its part of
** '*s', and the mirrors refreshed; an error is fresh's. */
static Pt2eNumStatus restoreChannels(Pt2eObserver *fresh,
                                     const Pt2eObserverStats *s) {
  int64_t offC = 0, offE = 0;
  Pt2eNumStatus st = Pt2eNumOk;
  for (int64_t c = 0; st == Pt2eNumOk && c < s->numChannels; c++) {
    Pt2eObserverStats p = channelPart(s, c, fresh->bins, &offC, &offE);
    st = pt2eObserverSetStats(fresh->channelObs[c], &p);
    if (st != Pt2eNumOk)
      failInChannel(fresh, st, c);
  }
  if (st == Pt2eNumOk && !refreshChannelStats(fresh))
    st = Pt2eNumNoMemory;
  return st;
}

/* The new state in '*out': an observer like 'obs' holding the channels of
** '*s'. An error is obs's, and then there is no new state. */
static Pt2eNumStatus channelStatsObserver(Pt2eObserver *obs,
                                          const Pt2eObserverStats *s,
                                          Pt2eObserver **out) {
  Pt2eNumStatus st = Pt2eNumOk;
  Pt2eObserver *fresh = pt2eObserverCreate(&obs->spec, obs->fixedChannels);
  if (fresh == NULL)
    return fail(obs, Pt2eNumNoMemory, "out of memory");
  pt2eObserverSetCustomRange(fresh, obs->customRange);
  fresh->lanes = obs->lanes;
  fresh->fusedLinspace = obs->fusedLinspace;
  if (s->numChannels > 0)
    st = makeChannels(fresh, s->numChannels);
  if (st == Pt2eNumOk)
    st = restoreChannels(fresh, s);
  if (st != Pt2eNumOk) {
    fail(obs, st, fresh->error[0] ? fresh->error : "out of memory");
    pt2eObserverDestroy(fresh);
    return st;
  }
  *out = fresh;
  return Pt2eNumOk;
}

/*
** pt2eObserverSetStats of a per-channel histogram: checks the layout, then
** builds the new state in a fresh observer and swaps it in, so that 'obs'
** is unchanged on error.
*/
static Pt2eNumStatus setChannelStats(Pt2eObserver *obs,
                                     const Pt2eObserverStats *s) {
  Pt2eObserver *fresh, tmp;
  Pt2eNumStatus st = checkChannelStats(obs, s);
  if (st == Pt2eNumOk)
    st = channelStatsObserver(obs, s, &fresh);
  if (st != Pt2eNumOk)
    return st;
  tmp = *obs;
  *obs = *fresh;
  *fresh = tmp;
  pt2eObserverDestroy(fresh);
  obs->error[0] = '\0';
  return Pt2eNumOk;
}

/* Channel c's qparams are its per-tensor observer's. */
static Pt2eNumStatus channelQParams(Pt2eObserver *obs, float *scales,
                                    int64_t *zeroPoints) {
  if (obs->numChannels == 0) {
    scales[0] = 1.0f;
    zeroPoints[0] = 0;
    return Pt2eNumDefaulted;
  }
  for (int64_t c = 0; c < obs->numChannels; c++) {
    Pt2eNumStatus st = pt2eObserverComputeQParams(obs->channelObs[c],
                                                  scales + c,
                                                  zeroPoints + c, 1);
    if (st != Pt2eNumOk && st != Pt2eNumDefaulted)
      return failInChannel(obs, st, c);
  }
  return Pt2eNumOk;
}

Pt2eNumStatus pt2eObserverComputeChannelRange(Pt2eObserver *obs,
                                              int64_t channel, float *lo,
                                              float *hi) {
  obs->error[0] = '\0';
  if (!obs->channelHist || !isOrtKind(obs))
    return fail(obs, Pt2eNumUnsupported,
                "not per-channel histograms of an ONNX Runtime kind");
  if (channel < 0 || channel >= obs->numChannels)
    return fail(obs, Pt2eNumBadShape, "channel outside the state");
  Pt2eNumStatus st = pt2eObserverComputeRange(obs->channelObs[channel], lo, hi);
  if (st != Pt2eNumOk && st != Pt2eNumDefaulted)
    fail(obs, st, pt2eObserverErrorMessage(obs->channelObs[channel]));
  return st;
}

/* }====================================================================== */

/* {======================================================================
** Creation and state (continued)
** ======================================================================= */

/* The spec's number of bins, or the kind's default. */
static int64_t binsOf(const Pt2eQuantSpec *spec,
                      const Pt2eObserverKindInfo *kind) {
  return spec->bins > 0 ? spec->bins : kind->bins;
}

/* The state of an observer that saw nothing: a per-tensor kind's minimum
** +inf and maximum -inf, and the kind's histogram (ONNX Runtime's
** collector, or torch's bins). False when out of memory. */
static bool initState(Pt2eObserver *obs, const Pt2eObserverKindInfo *kind,
                      bool perChannelKind) {
  const Pt2eQuantSpec *spec = &obs->spec;
  if (!perChannelKind) {
    if (!setChannels(obs, 1))
      return false;
    obs->minVals[0] = INFINITY;
    obs->maxVals[0] = -INFINITY;
  }
  if (kind->ort != Pt2eOrtNone) {
    /* collect_absolute_value for percentile with symmetric, as
    ** HistogramCollector.collect chooses */
    pt2eOrtHistogramInit(&obs->ort,
                         kind->ort == Pt2eOrtPercentile && spec->symmetric,
                         binsOf(spec, kind));
  } else if (kind->hasBins) {
    obs->bins = binsOf(spec, kind);
    obs->histogram = allocFloats(obs->bins, 1, 0);
    return obs->histogram != NULL;
  }
  return true;
}

/* Whether creation is refused: a per-channel qscheme on a per-tensor kind
** (torch: "qscheme only support per_tensor_..."), a negative channel
** count, or more than one channel for a per-tensor kind. */
static bool refusedSpec(const Pt2eQuantSpec *spec,
                        const Pt2eObserverKindInfo *kind, bool perChannelKind,
                        int64_t numChannels) {
  if (!perChannelKind && pt2eQSchemeHasAxis(spec->qscheme) &&
      !kind->isPlaceholder)
    return true;
  if (kind->perGroup != pt2eQSchemeIsPerGroup(spec->qscheme) &&
      !kind->isPlaceholder)
    return true;
  return numChannels < 0 || (!perChannelKind && numChannels > 1);
}

Pt2eObserver *pt2eObserverCreate(const Pt2eQuantSpec *spec,
                                 int64_t numChannels) {
  Pt2eObserver *obs;
  int64_t dmin, dmax;
  const Pt2eObserverKindInfo *kind = pt2eObserverKindInfo(spec->observer);
  bool channelHist = pt2eObserverIsChannelHistogram(spec);
  bool perChannelKind = kind->perChannel || kind->perGroup || channelHist;
  if (refusedSpec(spec, kind, perChannelKind, numChannels))
    return NULL;
  obs = pt2eAlloc(sizeof *obs);
  if (obs == NULL)
    return NULL;
  obs->spec = *spec;
  pt2eDTypeRange(spec->dtype, &dmin, &dmax);
  obs->customRange = !(spec->quantMin == dmin && spec->quantMax == dmax);
  pt2eObserverSetCpuCapability(obs, pt2eHostCpuCapability());
  obs->fixedChannels = perChannelKind ? numChannels : 0;
  obs->channelHist = channelHist;
  if (channelHist) {
    /* the channels' observers are made at the first batch (or restore) */
    obs->bins = binsOf(spec, kind);
    return obs;
  }
  if (!initState(obs, kind, perChannelKind)) {
    pt2eObserverDestroy(obs);
    return NULL;
  }
  return obs;
}

void pt2eObserverDestroy(Pt2eObserver *obs) {
  if (obs == NULL)
    return;
  freeChannelObservers(obs);
  pt2eFree(obs->minVals);
  pt2eFree(obs->maxVals);
  pt2eFree(obs->histogram);
  pt2eOrtHistogramClear(&obs->ort);
  pt2eFree(obs);
}

void pt2eObserverSetCustomRange(Pt2eObserver *obs, bool customRange) {
  obs->customRange = customRange;
  for (int64_t c = 0; obs->channelObs != NULL && c < obs->numChannels; c++)
    pt2eObserverSetCustomRange(obs->channelObs[c], customRange);
}

void pt2eObserverSetCpuCapability(Pt2eObserver *obs, Pt2eCpuCapability cap) {
  obs->lanes = pt2eCpuSumLanes(cap);
  obs->fusedLinspace = cap != Pt2eCpuDefault;
  for (int64_t c = 0; obs->channelObs != NULL && c < obs->numChannels; c++)
    pt2eObserverSetCpuCapability(obs->channelObs[c], cap);
}

int64_t pt2eObserverNumChannels(const Pt2eObserver *obs) {
  return obs->numChannels;
}

const char *pt2eObserverErrorMessage(const Pt2eObserver *obs) {
  return obs->error;
}

void pt2eObserverGetStats(const Pt2eObserver *obs, Pt2eObserverStats *stats) {
  if (obs->channelHist) {
    getChannelStats(obs, stats);
    return;
  }
  stats->ortChannelBins = NULL;
  stats->numChannels = obs->numChannels;
  stats->minVals = obs->minVals;
  stats->maxVals = obs->maxVals;
  stats->numBins = obs->bins;
  stats->histogram = obs->histogram;
  stats->ortBins = obs->ort.seen ? obs->ort.numBins : 0;
  stats->ortCounts = obs->ort.counts;
  stats->ortEdges = obs->ort.edges;
}

/* Makes 'h' the histogram of 'nb' bins whose copies are 'counts' and
** 'edges', seen between 'mn' and 'mx': the threshold recovered as the
** Pt2eObserverStats comment says. */
static void restoreOrt(Pt2eOrtHistogram *h, int64_t nb, int64_t *counts,
                       float *edges, float mn, float mx) {
  pt2eOrtHistogramClear(h);
  h->counts = counts;
  h->edges = edges;
  h->numBins = nb;
  h->seen = true;
  h->min = mn;
  h->max = mx;
  h->threshold = h->min == 0.0f && h->max == 0.0f ? 0.0f : edges[nb];
}

/*
** Restores the ONNX Runtime histogram from '*stats' (min and max already
** checked): a copy of counts and edges.
*/
static Pt2eNumStatus setOrtStats(Pt2eObserver *obs,
                                 const Pt2eObserverStats *stats) {
  int64_t nb = stats->ortBins;
  int64_t *counts;
  float *edges;
  if (!isOrtKind(obs))
    return nb == 0 ? Pt2eNumOk
                   : fail(obs, Pt2eNumBadShape,
                          "an ONNX Runtime histogram on another observer");
  if (nb == 0) {
    pt2eOrtHistogramClear(&obs->ort);
    return Pt2eNumOk;
  }
  if (nb < 0 || nb > (int64_t)1 << 24 || stats->ortCounts == NULL ||
      stats->ortEdges == NULL)
    return fail(obs, Pt2eNumBadShape, "statistics do not fit the observer");
  counts = pt2eAlloc((size_t)nb * sizeof *counts);
  edges = pt2eAlloc((size_t)(nb + 1) * sizeof *edges);
  if (counts == NULL || edges == NULL) {
    pt2eFree(counts);
    pt2eFree(edges);
    return fail(obs, Pt2eNumNoMemory, "out of memory");
  }
  memcpy(counts, stats->ortCounts, (size_t)nb * sizeof *counts);
  memcpy(edges, stats->ortEdges, (size_t)(nb + 1) * sizeof *edges);
  restoreOrt(&obs->ort, nb, counts, edges, stats->minVals[0],
             stats->maxVals[0]);
  return Pt2eNumOk;
}

Pt2eNumStatus pt2eObserverSetStats(Pt2eObserver *obs,
                                   const Pt2eObserverStats *stats) {
  if (obs->channelHist)
    return setChannelStats(obs, stats);
  if (stats->ortChannelBins != NULL)
    return fail(obs, Pt2eNumBadShape,
                "per-channel histograms for a per-tensor observer");
  int64_t n = stats->numChannels;
  bool perChannel = pt2eObserverKindInfo(obs->spec.observer)->perChannel ||
                    pt2eObserverKindInfo(obs->spec.observer)->perGroup;
  if (stats->numBins != obs->bins || n < 0 || (!perChannel && n != 1) ||
      (perChannel && obs->fixedChannels > 0 && n != 0 &&
       n != obs->fixedChannels))
    return fail(obs, Pt2eNumBadShape, "statistics do not fit the observer");
  if (n != obs->numChannels && !setChannels(obs, n))
    return fail(obs, Pt2eNumNoMemory, "out of memory");
  if (n > 0) {
    memcpy(obs->minVals, stats->minVals, (size_t)n * sizeof(float));
    memcpy(obs->maxVals, stats->maxVals, (size_t)n * sizeof(float));
  }
  if (obs->bins > 0)
    memcpy(obs->histogram, stats->histogram, (size_t)obs->bins * sizeof(float));
  {
    Pt2eNumStatus st = setOrtStats(obs, stats);
    if (st != Pt2eNumOk)
      return st;
  }
  obs->error[0] = '\0';
  return Pt2eNumOk;
}

/* }====================================================================== */

/* {======================================================================
** MinMax kinds
** ======================================================================= */

/*
** torch.aminmax of all 'n' values: exact, NaN propagates. Without NaN it
** gives what the sequential 'v < lo ? v : lo' of minimumF gives: the value
** is the same in any order, and of a zero result (+0 and -0 compare equal)
** the sequential loop keeps the first zero. With NaN both are NaN: ATen's
** vector loop's mask bits (0xffffffff), or a single element as it is.
*/
static void aminmax(const float *x, int64_t n, float *mn, float *mx) {
  MinMax r = minmaxValues(x, n);
  if (r.nan) {
    *mn = *mx = n > 1 ? MASK_NAN : x[0];
    return;
  }
  *mn = r.lo == 0.0f ? firstZero(x, n) : r.lo;
  *mx = r.hi == 0.0f ? firstZero(x, n) : r.hi;
}

/* m + c * (cur - m), three float32 tensor ops. */
static float movingAverage(float m, float cur, float c) {
  float diff = cur - m;
  float delta = c * diff;
  return m + delta;
}

static void updatePerTensor(Pt2eObserver *obs, const float *x, int64_t n) {
  float cmin, cmax;
  aminmax(x, n, &cmin, &cmax);
  if (obs->spec.observer == Pt2eObserverMovingAverageMinMax) {
    if (obs->minVals[0] == INFINITY && obs->maxVals[0] == -INFINITY) {
      obs->minVals[0] = cmin;
      obs->maxVals[0] = cmax;
    } else {
      float c = obs->spec.averagingConstant;
      obs->minVals[0] = movingAverage(obs->minVals[0], cmin, c);
      obs->maxVals[0] = movingAverage(obs->maxVals[0], cmax, c);
    }
  } else {
    obs->minVals[0] = minimumF(cmin, obs->minVals[0]);
    obs->maxVals[0] = maximumF(cmax, obs->maxVals[0]);
  }
}

/*
** Per-channel update: channel c of a tensor split at 'axis' into
** [outer, channels, inner] is every x[(o * channels + c) * inner + k].
** The rows (o, c) are split over the pool; a chunk folds its rows into
** its own per-channel minima, maxima and NaN flags, merged afterwards.
*/
typedef struct ChannelJob {
  const float *x;
  int64_t channels, inner;
  Isa isa;
  float *lo, *hi;         /* chunks x channels */
  unsigned char *nan;     /* chunks x channels */
} ChannelJob;

static void channelChunk(void *ctx, int64_t begin, int64_t end, int worker) {
  const ChannelJob *job = ctx;
  int64_t base = (int64_t)worker * job->channels;
  for (int64_t r = begin; r < end; r++) {
    int64_t c = base + r % job->channels;
    MinMax m = {job->lo[c], job->hi[c], false};
    minmaxRange(job->isa, job->x + r * job->inner, job->inner, &m);
    job->lo[c] = m.lo;
    job->hi[c] = m.hi;
    job->nan[c] |= m.nan;
  }
}

/*
** The channel axis innermost (a linear's transposed weight, ch_axis 1 of
** [in, out]): rows of 'channels' values, each value its own channel, so the
** loop runs along the row, one channel per lane; the pool splits the rows.
** The same comparisons as minmaxScalar per value ('v < lo ? v : lo', false
** for a NaN, which is flagged instead).
*/
static void lastAxisChunk(void *ctx, int64_t begin, int64_t end, int worker) {
  const ChannelJob *job = ctx;
  int64_t n = job->channels;
  float *lo = job->lo + (int64_t)worker * n, *hi = job->hi + (int64_t)worker * n;
  unsigned char *nan = job->nan + (int64_t)worker * n;
  for (int64_t o = begin; o < end; o++) {
    const float *row = job->x + o * n;
    for (int64_t c = 0; c < n; c++) {
      float v = row[c];
      lo[c] = v < lo[c] ? v : lo[c];
      hi[c] = hi[c] < v ? v : hi[c];
      nan[c] |= v != v;
    }
  }
}

/* The first zero of channel c in (o, k) order. */
static float channelFirstZero(const float *x, int64_t outer, int64_t channels,
                              int64_t inner, int64_t c) {
  for (int64_t o = 0; o < outer; o++) {
    const float *row = x + (o * channels + c) * inner;
    for (int64_t k = 0; k < inner; k++)
      if (row[k] == 0.0f)
        return row[k];
  }
  return 0.0f;
}

/* The chunks' partials of job 'job' merged into cmin[channels] and
** cmax[channels] as a sequential loop over (o, k) per channel with
** 'v < lo ? v : lo' gives them: the values are exact, of a zero result
** the first zero is kept; a NaN makes both quiet NaNs (aminmax(dim=1)). */
static void mergeChannelParts(const ChannelJob *job, int chunks,
                              int64_t outer, float *cmin, float *cmax) {
  int64_t channels = job->channels;
  for (int64_t c = 0; c < channels; c++) {
    float lo = INFINITY, hi = -INFINITY;
    bool nan = false;
    for (int t = 0; t < chunks; t++) {
      int64_t j = (int64_t)t * channels + c;
      lo = job->lo[j] < lo ? job->lo[j] : lo;
      hi = hi < job->hi[j] ? job->hi[j] : hi;
      nan |= job->nan[j] != 0;
    }
    if (nan) {
      lo = hi = QUIET_NAN;
    } else if (lo == 0.0f || hi == 0.0f) {
      float z = channelFirstZero(job->x, outer, channels, job->inner, c);
      lo = lo == 0.0f ? z : lo;
      hi = hi == 0.0f ? z : hi;
    }
    cmin[c] = lo;
    cmax[c] = hi;
  }
}

/* The batch's per-channel minima and maxima, over the pool: one block
** holding cmin[channels], then cmax[channels] (and the chunks' partials
** after them), or NULL when out of memory. */
static float *channelMinMax(const float *x, int64_t outer, int64_t channels,
                            int64_t inner) {
  /* rows of the pool's split: (o, c) rows of 'inner' values, or with the
  ** channel innermost the o rows of 'channels' values (lastAxisChunk) */
  bool lastAxis = inner == 1 && channels > 1;
  int64_t rows = lastAxis ? outer : outer * channels, width = lastAxis ? channels : inner;
  int64_t grain = MinMaxGrain / width > 1 ? MinMaxGrain / width : 1;
  int chunks = pt2eParallelChunks(rows, grain);
  /* cmin, cmax, then per chunk lo, hi and NaN flags (a float each) */
  float *cmin = allocFloats(channels, 2 + 3 * (int64_t)chunks, 0);
  if (cmin == NULL)
    return NULL;
  ChannelJob job = {x, channels, inner, pickIsa(), cmin + 2 * channels,
                    NULL, NULL};
  job.hi = job.lo + (int64_t)chunks * channels;
  job.nan = (unsigned char *)(job.hi + (int64_t)chunks * channels);
  for (int64_t c = 0; c < (int64_t)chunks * channels; c++) {
    job.lo[c] = INFINITY;
    job.hi[c] = -INFINITY;
  }
  pt2eParallelFor(rows, grain, lastAxis ? lastAxisChunk : channelChunk, &job);
  mergeChannelParts(&job, chunks, outer, cmin, cmin + channels);
  return cmin;
}

/* The state after a batch's per-channel minima and maxima: they are the
** state on the first batch; after it, a moving average, or minimum and
** maximum with the NaN bits of ATen's vector loop. */
static void foldChannels(Pt2eObserver *obs, const float *cmin,
                         const float *cmax, int64_t channels, bool first) {
  for (int64_t c = 0; c < channels; c++) {
    if (first) {
      obs->minVals[c] = cmin[c];
      obs->maxVals[c] = cmax[c];
    } else if (obs->spec.observer == Pt2eObserverMovingAveragePerChannelMinMax) {
      float a = obs->spec.averagingConstant;
      obs->minVals[c] = movingAverage(obs->minVals[c], cmin[c], a);
      obs->maxVals[c] = movingAverage(obs->maxVals[c], cmax[c], a);
    } else {
      float mn = minimumF(cmin[c], obs->minVals[c]);
      float mx = maximumF(cmax[c], obs->maxVals[c]);
      obs->minVals[c] = elementwiseNaN(mn, c, channels, obs->lanes);
      obs->maxVals[c] = elementwiseNaN(mx, c, channels, obs->lanes);
    }
  }
}

static Pt2eNumStatus updatePerChannel(Pt2eObserver *obs, const float *x,
                                      const int64_t *shape, int rank) {
  int64_t axis, outer, inner, channels;
  bool first = obs->numChannels == 0;
  float *cmin;
  Pt2eNumStatus st = channelAxis(obs, rank, &axis);
  if (st == Pt2eNumOk)
    st = splitAtChannelAxis(obs, shape, rank, axis, &outer, &channels, &inner);
  if (st != Pt2eNumOk)
    return st;
  cmin = channelMinMax(x, outer, channels, inner);
  if (cmin == NULL)
    return fail(obs, Pt2eNumNoMemory, "out of memory");
  if (first && !setChannels(obs, channels)) {
    pt2eFree(cmin);
    return fail(obs, Pt2eNumNoMemory, "out of memory");
  }
  foldChannels(obs, cmin, cmin + channels, channels, first);
  pt2eFree(cmin);
  return Pt2eNumOk;
}

/*
** per_group_minmax: torchao's choose_qparams_affine sees the tensor once
** (a weight); over several batches the running minimum and maximum of
** each group, as MinMaxObserver keeps them, which for a constant weight is
** its own range.
*/
static Pt2eNumStatus updatePerGroup(Pt2eObserver *obs, const float *x,
                                    const int64_t *shape, int rank) {
  int64_t axis;
  Pt2eGroups g;
  Pt2eNumStatus st = channelAxis(obs, rank, &axis);
  if (st != Pt2eNumOk)
    return st;
  if (!pt2eGroupsOf(shape, rank, axis, obs->spec.groupSize, &g))
    return fail(obs, Pt2eNumBadShape,
                "group_size does not divide the grouped axis");
  bool first = obs->numChannels == 0;
  if ((!first && g.count != obs->numChannels) ||
      (obs->fixedChannels > 0 && g.count != obs->fixedChannels))
    return fail(obs, Pt2eNumBadShape, "group count differs from the state");
  float *gmin = allocFloats(g.count, 2, 0);
  if (gmin == NULL || (first && !setChannels(obs, g.count))) {
    pt2eFree(gmin);
    return fail(obs, Pt2eNumNoMemory, "out of memory");
  }
  pt2eGroupsMinMax(&g, x, gmin, gmin + g.count);
  for (int64_t k = 0; k < g.count; k++) {
    obs->minVals[k] = first ? gmin[k] : minimumF(gmin[k], obs->minVals[k]);
    obs->maxVals[k] = first ? gmin[g.count + k]
                            : maximumF(gmin[g.count + k], obs->maxVals[k]);
  }
  pt2eFree(gmin);
  return Pt2eNumOk;
}

/* }====================================================================== */

/* {======================================================================
** Histogram: forward and merging
** ======================================================================= */

/* _upscale_histogram's new edges, linspace(umin, umax, bins + 1), into
** edges[0 .. bins] and +inf into edges[bins + 1] (it stops subBinIndex's
** walk); whether they increase. Inlined into upscaleHistogram's clones. */
static inline bool upscaleEdges(float umin, float umax, int64_t bins,
                                bool fused, float *edges) {
  bool sorted = true;
  /* linspace's step, span / (steps - 1), once for all its elements */
  float newStep = (umax - umin) / (float)bins;
  for (int64_t e = 0; e <= bins; e++) {
    edges[e] = linspaceStep(umin, umax, newStep, bins + 1, e, fused);
    sorted = sorted && (e == 0 || edges[e - 1] <= edges[e]);
  }
  edges[bins + 1] = INFINITY;
  return sorted;
}

/*
** The new bin of a sub-bin's mid-point: upper_bound(edges, mid) - 1,
** clamped to [0, bins - 1]. On sorted edges upper_bound is the number of
** edges <= mid: the last edge <= mid is guessed from the bin width
** ('perBin' bins per unit above 'umin') and moved until edges[j] <= mid <
** edges[j + 1] (edges[bins + 1] is +inf), which is already so but near an
** edge. The binary search's answer; unlike a walk from the last mid's
** answer, no step waits on the one before. Unsorted edges take the binary
** search itself.
*/
static inline int64_t subBinIndex(const float *edges, int64_t bins,
                                  bool sorted, float mid, float umin,
                                  double perBin) {
  int64_t lo = 0, hi = bins + 1, idx;
  if (sorted) {
    double guess = ((double)mid - (double)umin) * perBin;
    int64_t j = guess < 0.0 ? -1 : guess > (double)bins ? bins : (int64_t)guess;
    while (j >= 0 && edges[j] > mid)
      j--;
    while (edges[j + 1] <= mid)
      j++;
    lo = j + 1;
  } else {
    while (lo < hi) {  /* upper_bound: first edge > mid */
      int64_t m = lo + (hi - lo) / 2;
      if (edges[m] <= mid)
        lo = m + 1;
      else
        hi = m;
    }
  }
  idx = lo - 1;
  if (idx >= bins)
    idx = bins - 1;
  if (idx < 0)
    idx = 0;
  return idx;
}

/*
** _upscale_histogram: spreads each old bin over 16 sub-bins of
** f(h[i]/16), maps each sub-bin's mid-point into the new edges
** linspace(umin, umax, bins+1) with upper_bound - 1 (clamped), and adds the
** weights in sub-bin order (torch.bincount) into 'out'. 'edges' is scratch
** for bins + 2 floats.
*/
#if defined(__GNUC__) && defined(__x86_64__) && !defined(__clang__)
/* fmaf is an instruction with FMA, a libm call without: the same bits */
__attribute__((target_clones("fma", "default")))
#endif
static void upscaleHistogram(const float *h, int64_t bins, float omin,
                             float omax, float umin, float umax, bool fused,
                             float *out, float *edges) {
  int64_t fine = bins * UPSAMPLE_RATE;
  float binSize = (omax - omin) / (float)fine;
  float half = 0.5f * binSize;
  memset(out, 0, (size_t)bins * sizeof(float));
  bool sorted = upscaleEdges(umin, umax, bins, fused, edges);
  double perBin = (double)bins / ((double)umax - (double)umin); /* a guess's */
  float w = 0.0f;
  /* out[at]'s running sum in a register: the same additions in the same
  ** order as 'out[idx] += w' each time, without waiting on a store and a
  ** load per weight (the mids fall into one bin for many steps) */
  int64_t at = 0;
  float acc = 0.0f;
  /* the mid-points' linspace steps by binSize */
  for (int64_t k = 0; k < fine; k++) {
    float mid = linspaceStep(omin, omax, binSize, fine + 1, k, fused) + half;
    if (k % UPSAMPLE_RATE == 0) /* one weight for an old bin's sub-bins */
      w = h[k / UPSAMPLE_RATE] / (float)UPSAMPLE_RATE;
    int64_t idx = subBinIndex(edges, bins, sorted, mid, umin, perBin);
    if (idx != at) {
      out[at] = acc;
      at = idx;
      acc = out[at];
    }
    acc += w;
  }
  out[at] = acc;
}

/*
** _combine_histograms after the range grew to [umin, umax]: 'upd' holds
** the new batch binned over that range; the old bins are mapped onto it
** and 'upd' receives the sum.
*/
static bool combineHistograms(Pt2eObserver *obs, float *upd, float umin,
                              float umax) {
  const float *orig = obs->histogram;
  float omin = obs->minVals[0], omax = obs->maxVals[0];
  int64_t bins = obs->bins, i;
  float *moved = allocFloats(bins, 2, 2); /* the bins, then the edges */
  if (moved == NULL)
    return false;
  if (omin == omax) {
    /* one value seen so far: all its mass moves into one bin */
    float mass = pt2eCascadeSum(orig, bins, obs->lanes);
    if (pt2eHistc(&omin, 1, bins, umin, umax, moved) != Pt2eNumOk) {
      pt2eFree(moved);
      return false; /* out of memory: the range is finite here */
    }
    for (i = 0; i < bins; i++) {
      float t = moved[i] * mass;
      upd[i] = t + upd[i];
    }
  } else {
    upscaleHistogram(orig, bins, omin, omax, umin, umax, obs->fusedLinspace,
                     moved, moved + bins);
    for (i = 0; i < bins; i++)
      upd[i] = upd[i] + moved[i];
  }
  pt2eFree(moved);
  return true;
}

/*
** HistogramObserver.forward on 'n' values: infinities are dropped (with
** torch's warning), NaN makes torch.histc raise.
*/
static Pt2eNumStatus histcFailure(Pt2eObserver *obs, Pt2eNumStatus st) {
  if (st == Pt2eNumNoMemory)
    return fail(obs, st, "out of memory");
  return fail(obs, Pt2eNumNaN,
              "torch.histc: range of the histogram is not finite (NaN input)");
}

/*
** Most batches after the first fall inside the range seen so far. Then the
** forward below finds new_min == min_val and new_max == max_val, bins the
** batch over that range and adds the counts. Binning over that range first
** tells whether the batch is inside, at no cost: histc's spare slot counts
** the values outside [min_val, max_val], infinities and NaN among them. If
** it is empty, the counts are the forward's and '*done' is true; the
** batch's own min and max are never needed, which saves the min/max pass
** over the batch. (The edges are the same floats: a zero of the other sign
** as new_min or new_max would bin every value alike, and the forward does
** not store new_min and new_max in this case.) Otherwise the pass stops at
** the first block with a value outside and the batch goes the forward's
** way. Most of the elements a Histogram sees after its first batch take
** the shortcut on the benchmark models (bench/README.md, the fifth
** round).
*/
static Pt2eNumStatus binWithinRange(Pt2eObserver *obs, const float *x,
                                    int64_t n, bool *done) {
  int64_t bins = obs->bins, outside;
  float *upd = allocFloats(bins, 1, 0);
  *done = false;
  if (upd == NULL ||
      histcCount(x, n, bins, obs->minVals[0], obs->maxVals[0], upd,
                 &outside, true) != Pt2eNumOk) {
    pt2eFree(upd);
    return fail(obs, Pt2eNumNoMemory, "out of memory");
  }
  if (outside == 0) {
    for (int64_t i = 0; i < bins; i++)
      obs->histogram[i] = obs->histogram[i] + upd[i];
    *done = true;
  }
  pt2eFree(upd);
  return Pt2eNumOk;
}

static bool rangeShortcut = true; /* test hook */

bool pt2eObserverUseRangeShortcut(bool use) {
  bool was = rangeShortcut;
  rangeShortcut = use;
  return was;
}

/* A batch as HistogramObserver.forward bins it: infinities dropped (torch
** warns), and its aminmax. */
typedef struct Batch {
  const float *x; /* the values: the caller's, or 'finite' */
  int64_t n;
  float *finite;  /* the copy without infinities, or NULL */
  float min, max;
} Batch;

/* '*b' of x[0 .. n): when an infinity is among the values, a copy without
** them (b->n is 0 when none is left). False when out of memory. */
static bool finiteBatch(const float *x, int64_t n, Batch *b) {
  b->x = x;
  b->n = n;
  b->finite = NULL;
  aminmax(x, n, &b->min, &b->max);
  if (b->min != -INFINITY && b->max != INFINITY)
    return true;
  b->finite = allocFloats(n, 1, 0);
  if (b->finite == NULL)
    return false;
  b->n = 0;
  for (int64_t i = 0; i < n; i++)
    if (fabsf(x[i]) != INFINITY)
      b->finite[b->n++] = x[i];
  b->x = b->finite;
  if (b->n > 0)
    aminmax(b->x, b->n, &b->min, &b->max);
  return true;
}

/* reset_histogram on the first batch: min and max are stored before histc
** can raise. Frees the batch's copy. */
static Pt2eNumStatus resetHistogram(Pt2eObserver *obs, Batch *b) {
  obs->minVals[0] = b->min;
  obs->maxVals[0] = b->max;
  Pt2eNumStatus st = pt2eHistc(b->x, b->n, obs->bins, b->min, b->max,
                               obs->histogram);
  pt2eFree(b->finite);
  return st != Pt2eNumOk ? histcFailure(obs, st) : Pt2eNumOk;
}

/* A later batch: histc over [minimum(min_val, min), maximum(max_val,
** max)]; its counts are added when that is the old range, else
** _combine_histograms moves the old bins onto it first. Frees the batch's
** copy once histc has read it. */
static Pt2eNumStatus addBatch(Pt2eObserver *obs, Batch *b) {
  int64_t bins = obs->bins;
  float *upd = allocFloats(bins, 1, 0);
  if (upd == NULL) {
    pt2eFree(b->finite);
    return fail(obs, Pt2eNumNoMemory, "out of memory");
  }
  float newMin = minimumF(obs->minVals[0], b->min);
  float newMax = maximumF(obs->maxVals[0], b->max);
  Pt2eNumStatus st = pt2eHistc(b->x, b->n, bins, newMin, newMax, upd);
  pt2eFree(b->finite);
  if (st != Pt2eNumOk) {
    pt2eFree(upd);
    return histcFailure(obs, st);
  }
  if (newMin == obs->minVals[0] && newMax == obs->maxVals[0]) {
    for (int64_t i = 0; i < bins; i++)
      obs->histogram[i] = obs->histogram[i] + upd[i];
  } else if (!combineHistograms(obs, upd, newMin, newMax)) {
    pt2eFree(upd);
    return fail(obs, Pt2eNumNoMemory, "out of memory");
  } else {
    memcpy(obs->histogram, upd, (size_t)bins * sizeof(float));
    obs->minVals[0] = newMin;
    obs->maxVals[0] = newMax;
  }
  pt2eFree(upd);
  return Pt2eNumOk;
}

/* HistogramObserver.forward, after the one-pass shortcut when the batch
** may lie inside the range seen so far (binWithinRange). */
static Pt2eNumStatus updateHistogram(Pt2eObserver *obs, const float *x,
                                     int64_t n) {
  Batch b;
  if (rangeShortcut && n > 0 && obs->minVals[0] < obs->maxVals[0] &&
      isfinite(obs->minVals[0]) && isfinite(obs->maxVals[0])) {
    bool done;
    Pt2eNumStatus st = binWithinRange(obs, x, n, &done);
    if (st != Pt2eNumOk || done)
      return st;
  }
  if (!finiteBatch(x, n, &b))
    return fail(obs, Pt2eNumNoMemory, "out of memory");
  if (b.n == 0) {
    pt2eFree(b.finite);
    return Pt2eNumOk;
  }
  if (obs->minVals[0] == INFINITY || obs->maxVals[0] == -INFINITY)
    return resetHistogram(obs, &b);
  return addBatch(obs, &b);
}

/* }====================================================================== */

/* {======================================================================
** Histogram: _non_linear_param_search
** ======================================================================= */

/* Everything the error evaluation needs, fixed for one search. */
typedef struct Search {
  const float *hist;
  int64_t bins;
  double minVal, maxVal;  /* min_val.item(), max_val.item() */
  double dstBins;         /* 2 ** iinfo(dtype).bits */
  int lanes;
  float *norm;            /* scratch, 'bins' floats */
} Search;

/* _get_norm's cube difference: f(f(f(f(e*e)*e) - f(f(b*b)*b)) / 3). */
static float cubeDiff(float b, float e) {
  float e2 = e * e, e3 = e2 * e;
  float b2 = b * b, b3 = b2 * b;
  float d = e3 - b3;
  return d / 3.0f;
}

/* Python-style float floor division (c10::div_floor_floating), float32. */
static float divFloor(float a, float b) {
  float mod, div, fl;
  if (b == 0.0f)
    return a / b;
  mod = fmodf(a, b);
  div = (a - mod) / b;
  if (mod != 0.0f && (b < 0.0f) != (mod < 0.0f))
    div -= 1.0f;
  if (div != 0.0f) {
    fl = floorf(div);
    if (div - fl > 0.5f)
      fl += 1.0f;
    return fl;
  }
  return copysignf(0.0f, a / b);
}

static float clampF(float v, float lo, float hi) {
  float r = maximumF(v, lo);
  return minimumF(r, hi);
}

/*
** _compute_quantization_error(ns, ne): the L2 error of quantizing bins
** ns..ne into dst_nbins bins. Python floats (binary64) are 'bw' and 'dbw';
** they are rounded to float32 where they meet a tensor.
*/
static double quantizationError(const Search *s, int64_t ns, int64_t ne) {
  double bw = (s->maxVal - s->minVal) / (double)s->bins;
  double dbw = bw * (double)(ne - ns + 1) / s->dstBins;
  float BW, DBW, halfD, negHalfD, g2, top;
  int64_t i;
  if (dbw == 0.0)
    return 0.0;
  BW = (float)bw;
  DBW = (float)dbw;
  halfD = (float)(dbw / 2);
  negHalfD = (float)(-dbw / 2);
  top = (float)(s->dstBins - 1);
  g2 = cubeDiff(negHalfD, halfD);
  for (i = 0; i < s->bins; i++) {
    float sb = (float)(i - ns) * BW;
    float se = sb + BW;
    float db = clampF(divFloor(sb, DBW), 0.0f, top);
    float dbc = (db + 0.5f) * DBW;
    float de = clampF(divFloor(se, DBW), 0.0f, top);
    float dens = s->hist[i] / BW;
    float t1 = dens * cubeDiff(sb - dbc, halfD);
    float cnt = (de - db) - 1.0f;
    float t2 = cnt * (dens * g2);
    float dec = (de * DBW) + halfD;
    float t3 = dens * cubeDiff(negHalfD, se - dec);
    float acc = 0.0f + t1;
    acc = acc + t2;
    s->norm[i] = acc + t3;
  }
  return (double)pt2eCascadeSum(s->norm, s->bins, s->lanes);
}

/* The Search of the observer's histogram, with 'norm' as its scratch. */
static Search searchOf(const Pt2eObserver *obs, float *norm) {
  Search s;
  s.hist = obs->histogram;
  s.bins = obs->bins;
  s.minVal = obs->minVals[0];
  s.maxVal = obs->maxVals[0];
  /* torch's 2 ** iinfo(dtype).bits; i4 counts as 8 bits: torchao's int4 is
     torch.int8 with a [-8, 7] range */
  s.dstBins = ldexp(1.0, obs->spec.dtype == Pt2eDTypeInt32 ? 32 :
                         (obs->spec.dtype == Pt2eDTypeInt16 ||
                          obs->spec.dtype == Pt2eDTypeUInt16) ? 16 : 8);
  s.lanes = obs->lanes;
  s.norm = norm;
  return s;
}

/* torch.cumsum(histogram, dim=0): accumulated in double, each prefix
** rounded to float32. */
static void cumulativeSum(const float *hist, int64_t bins, float *cSum) {
  double run = 0.0;
  for (int64_t i = 0; i < bins; i++) {
    run += (double)hist[i];
    cSum[i] = (float)run;
  }
}

/* The search's "decide the next move": alpha and beta stepped by 1e-5,
** the bins l and r where the cumulative sum passes them, and the bound
** that moves further is taken (the end on a tie). */
static void decideNextMove(const float *cSum, double total, int64_t start,
                           int64_t end, double *alpha, double *beta,
                           int64_t *nextStart, int64_t *nextEnd) {
  double nextAlpha = *alpha + 1e-5, nextBeta = *beta - 1e-5;
  float lowT = (float)(nextAlpha * total), highT = (float)(nextBeta * total);
  int64_t l = start, r = end;
  *nextStart = start;
  *nextEnd = end;
  while (l < end && cSum[l] < lowT)
    l++;
  while (r > start && cSum[r] > highT)
    r--;
  if (l - start > end - r) {
    *nextStart = l;
    *alpha = nextAlpha;
  } else {
    *nextEnd = r;
    *beta = nextBeta;
  }
}

/*
** _non_linear_param_search: narrows [min_val, max_val] to the bin range
** [start, end] that minimizes the quantization error, moving the lower or
** upper quantile bound by 1e-5 (binary64, accumulated step by step) at a
** time. Writes the new float32 min and max.
*/
static bool nonLinearSearch(Pt2eObserver *obs, float *newMin, float *newMax) {
  int64_t bins = obs->bins, start = 0, end = bins - 1;
  float minV = obs->minVals[0], maxV = obs->maxVals[0];
  float span = maxV - minV;
  float bwT = span / (float)bins;
  double total, alpha = 0.0, beta = 1.0, normMin = INFINITY;
  float *cSum = allocFloats(bins, 2, 0);
  if (cSum == NULL)
    return false;
  Search s = searchOf(obs, cSum + bins);
  total = (double)pt2eCascadeSum(obs->histogram, bins, obs->lanes);
  cumulativeSum(obs->histogram, bins, cSum);
  while (alpha < beta) {
    int64_t nextStart, nextEnd;
    double norm;
    decideNextMove(cSum, total, start, end, &alpha, &beta, &nextStart,
                   &nextEnd);
    if (nextStart == start && nextEnd == end)
      continue;
    norm = quantizationError(&s, nextStart, nextEnd);
    if (norm > normMin)
      break;
    normMin = norm;
    start = nextStart;
    end = nextEnd;
  }
  pt2eFree(cSum);
  {
    float lo = bwT * (float)start, hi = bwT * (float)(end + 1);
    *newMin = minV + lo;
    *newMax = minV + hi;
  }
  return true;
}

/* }====================================================================== */

/* {======================================================================
** ONNX Runtime kinds: HistogramCollector.collect, then a method's range
** ======================================================================= */

static Pt2eNumStatus updateOrt(Pt2eObserver *obs, const float *x, int64_t n) {
  Pt2eNumStatus st = pt2eOrtHistogramCollect(&obs->ort, x, n);
  switch (st) {
  case Pt2eNumOk:
    obs->minVals[0] = obs->ort.min;
    obs->maxVals[0] = obs->ort.max;
    return Pt2eNumOk;
  case Pt2eNumNaN:
    return fail(obs, st, "the values are not finite where ONNX Runtime's "
                         "np.histogram needs a finite range (an infinity, "
                         "only NaN, or NaN in the first batch of a "
                         "symmetric percentile)");
  case Pt2eNumNoMemory:
    return fail(obs, st, "out of memory");
  default:
    return fail(obs, st, "np.histogram would raise: too many bins for the "
                         "data range, or a histogram past 2^24 bins");
  }
}

/* The range of ONNX Runtime's method into lo/hi. */
static Pt2eNumStatus ortRange(Pt2eObserver *obs, float *lo, float *hi) {
  const Pt2eQuantSpec *q = &obs->spec;
  Pt2eNumStatus st;
  switch (pt2eObserverKindInfo(q->observer)->ort) {
  case Pt2eOrtPercentile:
    st = pt2eOrtPercentileRange(&obs->ort, q->percentile, q->symmetric, lo,
                                hi);
    if (st == Pt2eNumInvalidRange)
      return fail(obs, st, "percentile must be in [0, 100]");
    break;
  case Pt2eOrtEntropy:
    st = pt2eOrtEntropyRange(&obs->ort, q->numQuantizedBins, lo, hi);
    if (st == Pt2eNumInvalidRange)
      return fail(obs, st, "ONNX Runtime's KL search fails here: "
                           "num_quantized_bins is more than the histogram's "
                           "bins, or smooth_distribution's assert fails");
    break;
  case Pt2eOrtDistribution:
    st = pt2eOrtDistributionRange(&obs->ort, lo, hi);
    if (st == Pt2eNumInvalidRange)
      return fail(obs, st, "distribution needs num_bins >= 512, as ONNX "
                           "Runtime's compute_distribution");
    break;
  default:
    return fail(obs, Pt2eNumUnsupported, "not an ONNX Runtime observer");
  }
  if (st == Pt2eNumNoMemory)
    return fail(obs, st, "out of memory");
  return st;
}

Pt2eNumStatus pt2eObserverComputeRange(Pt2eObserver *obs, float *lo,
                                       float *hi) {
  obs->error[0] = '\0';
  if (pt2eObserverKindInfo(obs->spec.observer)->ort == Pt2eOrtNone)
    return fail(obs, Pt2eNumUnsupported, "not an ONNX Runtime observer");
  if (obs->channelHist)
    return fail(obs, Pt2eNumUnsupported, "per-channel histograms have a "
                "range per channel (pt2eObserverComputeChannelRange)");
  if (!obs->ort.seen)
    return Pt2eNumDefaulted;
  return ortRange(obs, lo, hi);
}

/* }====================================================================== */

/* {======================================================================
** Update and qparams
** ======================================================================= */

Pt2eNumStatus pt2eObserverUpdate(Pt2eObserver *obs, const float *data,
                                 const int64_t *shape, int rank) {
  int64_t n = 1;
  int d;
  obs->error[0] = '\0';
  for (d = 0; d < rank; d++) {
    if (shape[d] < 0)
      return fail(obs, Pt2eNumBadShape, "negative dimension");
    n *= shape[d];
  }
  if (n == 0)
    return Pt2eNumOk;  /* torch returns empty inputs unobserved */
  if (obs->channelHist)
    return updateChannelHistograms(obs, data, shape, rank);
  switch (obs->spec.observer) {
  case Pt2eObserverMinMax:
  case Pt2eObserverMovingAverageMinMax:
    updatePerTensor(obs, data, n);
    return Pt2eNumOk;
  case Pt2eObserverPerChannelMinMax:
  case Pt2eObserverMovingAveragePerChannelMinMax:
    return updatePerChannel(obs, data, shape, rank);
  case Pt2eObserverPerGroupMinMax:
    return updatePerGroup(obs, data, shape, rank);
  case Pt2eObserverHistogram:
    return updateHistogram(obs, data, n);
  case Pt2eObserverPercentile:
  case Pt2eObserverEntropy:
  case Pt2eObserverDistribution:
    return updateOrt(obs, data, n);
  case Pt2eObserverPlaceholder:
    return Pt2eNumOk;
  }
  return fail(obs, Pt2eNumUnsupported, "unknown observer kind");
}

/* The qparams of torch's default: scale 1, zero point 0 (an observer that
** saw nothing). */
static Pt2eNumStatus defaultQParams(float *scales, int64_t *zeroPoints) {
  scales[0] = 1.0f;
  zeroPoints[0] = 0;
  return Pt2eNumDefaulted;
}

/* torch's qparams of the ranges [lo[c], hi[c]] of 'n' channels. */
static Pt2eNumStatus qparamsOf(Pt2eObserver *obs, const float *lo,
                               const float *hi, int64_t n, float *scales,
                               int64_t *zeroPoints) {
  Pt2eNumStatus st = pt2eCalculateQParams(&obs->spec, obs->customRange, lo,
                                          hi, n, scales, zeroPoints);
  if (st == Pt2eNumInvalidRange)
    return fail(obs, st, "min should be less than or equal to max (NaN?)");
  return st;
}

/*
** An ONNX Runtime kind's qparams: its method's range, then torch's
** qparams of it. On data narrower than one bin (a constant activation,
** all 0.1) ONNX Runtime's percentile range is inverted: the bin edge it
** picks is clamped to the data's min on one side only, giving (0.1,
** 0.09999999). ONNX Runtime quantizes that without complaint, since its
** compute_scale_zp first widens the range to hold 0; torch's qparams
** would refuse it (min > max), so the same widening is done here first,
** and the answer is ONNX Runtime's: [0, 0.09999999].
*/
static Pt2eNumStatus ortQParams(Pt2eObserver *obs, float *scales,
                                int64_t *zeroPoints) {
  float lo, hi;
  if (!obs->ort.seen)
    return defaultQParams(scales, zeroPoints);
  Pt2eNumStatus st = ortRange(obs, &lo, &hi);
  if (st != Pt2eNumOk)
    return st;
  if (lo > hi) { /* not NaN: an inverted range, as above */
    lo = minimumF(lo, 0.0f);
    hi = maximumF(hi, 0.0f);
  }
  return qparamsOf(obs, &lo, &hi, 1, scales, zeroPoints);
}

/* HistogramObserver.calculate_qparams: the range of
** _non_linear_param_search, then torch's qparams of it. */
static Pt2eNumStatus histogramQParams(Pt2eObserver *obs, float *scales,
                                      int64_t *zeroPoints) {
  float lo, hi;
  if (obs->minVals[0] == INFINITY && obs->maxVals[0] == -INFINITY)
    return defaultQParams(scales, zeroPoints);
  if (isnan(obs->minVals[0]) || isnan(obs->maxVals[0]))
    return fail(obs, Pt2eNumInvalidRange, "min or max is NaN");
  if (!nonLinearSearch(obs, &lo, &hi))
    return fail(obs, Pt2eNumNoMemory, "out of memory");
  return qparamsOf(obs, &lo, &hi, 1, scales, zeroPoints);
}

Pt2eNumStatus pt2eObserverComputeQParams(Pt2eObserver *obs, float *scales,
                                         int64_t *zeroPoints,
                                         int64_t capacity) {
  int64_t n = obs->numChannels;
  const Pt2eObserverKindInfo *kind = pt2eObserverKindInfo(obs->spec.observer);
  obs->error[0] = '\0';
  if (capacity < (n > 1 ? n : 1))
    return fail(obs, Pt2eNumBadShape, "qparams arrays too small");
  if (kind->isPlaceholder)
    return fail(obs, Pt2eNumUnsupported,
                "calculate_qparams should not be called for PlaceholderObserver");
  if (obs->channelHist)
    return channelQParams(obs, scales, zeroPoints);
  if (kind->ort != Pt2eOrtNone)
    return ortQParams(obs, scales, zeroPoints);
  if (kind->hasBins)
    return histogramQParams(obs, scales, zeroPoints);
  return qparamsOf(obs, obs->minVals, obs->maxVals, n, scales, zeroPoints);
}

/* }====================================================================== */

/* {======================================================================
** The element rules of the updates above, for observer_merge.c (sharded
** calibration merges statistics with the same arithmetic a sequential run
** uses; nothing here changes how an observer updates)
** ======================================================================= */

float pt2eObserverMinimumOf(float a, float b) { return minimumF(a, b); }

float pt2eObserverMaximumOf(float a, float b) { return maximumF(a, b); }

float pt2eObserverChannelNaN(float r, int64_t channel, int64_t channels) {
  return elementwiseNaN(r, channel, channels,
                        pt2eCpuSumLanes(pt2eHostCpuCapability()));
}

Pt2eNumStatus pt2eHistogramAddRemapped(const float *h, int64_t bins,
                                       float omin, float omax, float umin,
                                       float umax, float *out) {
  Pt2eObserver tmp;
  memset(&tmp, 0, sizeof tmp);
  pt2eObserverSetCpuCapability(&tmp, pt2eHostCpuCapability());
  float mn = omin, mx = omax;
  tmp.minVals = &mn;
  tmp.maxVals = &mx;
  tmp.numChannels = 1;
  tmp.bins = bins;
  tmp.histogram = (float *)h; /* read only: combineHistograms reads 'orig' */
  return combineHistograms(&tmp, out, umin, umax) ? Pt2eNumOk
                                                  : Pt2eNumNoMemory;
}

/* }====================================================================== */
