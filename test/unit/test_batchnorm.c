/*
** test_batchnorm.c
** Unit tests for the BatchNorm fold (passes/numerics/batchnorm.c): the
** float32 arithmetic of torch.nn.utils.fusion.fuse_conv_bn_weights and
** fuse_linear_bn_weights. Built
** without MLIR (test/CMakeLists.txt).
**
** The expected bits come from torch 2.15 on CPU (a 16-channel conv weight
** of 16x2, eps 1e-3): fuse_conv_bn_weights(w, b, mean, var, 1e-3, gamma,
** beta), fuse_conv_bn_weights(w, None, mean, var, 1e-3, None, None) and
** fuse_linear_bn_weights(w, b, mean, var, 1e-3, gamma, beta).
** The QAT weight, w * (gamma / sqrt(var + 1e-5)), is compared with the
** correctly rounded square root (NumPy's): torch's float32 sqrt on CPU is
** not correctly rounded and differs by 1 ulp in 3 of these 32 elements.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "batchnorm.h"

enum { C = 16, INNER = 2 };

/* Generated from torch (see the banner): f32 bits. */
static const uint32_t convW[] = {0xbe7bf201, 0x3df31367, 0x3e8a1286, 0xbed54244, 0xbd4d3468, 0x3daf3236, 0xbe44f17e, 0xbe8943f6, 0x3e8e5128, 0xbe248265, 0xbeb2220f, 0xbe0d5c3c, 0x3e59a9c8, 0x3e9b8f2a, 0x3d8d8e4c, 0x3ea7730a, 0xbef318e8, 0xbdc769eb, 0x3f13f1f1, 0xbdcac25c, 0x3d73d96b, 0x3e7040b3, 0x3e9f9b61, 0xbe5e91d8, 0xbd809e67, 0xbd844e4b, 0xbf0b72ae, 0xbdd41dde, 0xbf1e524e, 0x3e4f1570, 0xbecb4413, 0xbed0dc4b};
static const uint32_t convB[] = {0xbc08da47, 0xbb19dd6f, 0x3c8ed92a, 0x3e6b59ad, 0x3dc403b8, 0xbd878cec, 0xbda9aabf, 0xbd78162f, 0xbe0f7cf3, 0x3e04d8e2, 0x3e280815, 0xbdd868af, 0xbcd64ab7, 0xbccce89d, 0x3d4d4265, 0x3cd5058b};
static const uint32_t mean[] = {0xbdb67820, 0xbe04dd09, 0xbbed5ed4, 0xbe448d5c, 0xbfbdd5ba, 0xbf07c044, 0xbe1e34c3, 0x3eef2d83, 0x3f4fe99a, 0x3a4d6ce1, 0xbe600556, 0xbf86f236, 0x3f128f9b, 0xbe43adaa, 0xbe35e56e, 0x3ec112c3};
static const uint32_t var[] = {0x3f293b46, 0x3f850643, 0x3edbe637, 0x3f1038bc, 0x3fab0151, 0x3fc9ae30, 0x3f81ce6a, 0x3f1c720e, 0x3fc61884, 0x3ee76337, 0x3f43efbc, 0x3ff8c3a3, 0x3f97963e, 0x3f890827, 0x3fab29dc, 0x3f419956};
static const uint32_t gamma[] = {0xbe03fc08, 0x3f99e006, 0x3fa49ee8, 0x3f93b336, 0x3f6fe29e, 0x3f056764, 0x3ff01de8, 0x3fbeb134, 0x3f4cff4d, 0x3f69d5a5, 0x3fb070bd, 0x3fbf1e55, 0x3f165b72, 0x3f8a7349, 0x3fa014d2, 0x3fdaea4e};
static const uint32_t beta[] = {0xbddbe1ea, 0x3e29c153, 0x3e587ce7, 0xbe623dc5, 0x3cd0cdb2, 0xbb7849fa, 0xbda6d171, 0x3dd9c86b, 0x3d9d234e, 0x3ec3d8d9, 0xbe78baf8, 0x3eb55d52, 0x3dcfb2d2, 0xbd011843, 0x3dbc8bb1, 0xbe6c2d52};
static const uint32_t fusedW[] = {0x3d1fa3b7, 0xbc9a0500, 0x3ea2bd8e, 0xbefb5c1d, 0xbdc91e17, 0x3e2bb4e8, 0xbe97408e, 0xbed2d6df, 0x3e66ab22, 0xbe0551aa, 0xbe13db14, 0xbd6aaaa4, 0x3ecaa21d, 0x3f10d151, 0x3e06c5fc, 0x3f1f6d1f, 0xbe9c6da6, 0xbd80519e, 0x3f48cbaf, 0xbe099875, 0x3dbffb26, 0x3ebd2646, 0x3eaae694, 0xbe6e5195, 0xbd0ac642, 0xbd0ec0ad, 0xbf11b59f, 0xbddda421, 0xbf2b2981, 0x3e5fe114, 0xbf47bf75, 0xbf4d3ee3};
static const uint32_t fusedB[] = {0xbdf613ba, 0x3ea1c2de, 0x3e8503b1, 0x3eda946e, 0x3fa7089d, 0x3e4158fe, 0x3d54d012, 0xbf66051f, 0xbf093a72, 0x3f0eba33, 0x3eb84b98, 0x3faf5a7a, 0xbe62de43, 0x3e116d66, 0x3ead32ff, 0xbf6bb146};
static const uint32_t plainW[] = {0xbe9ad1f4, 0x3e155eac, 0x3e875fe5, 0xbed1178f, 0xbd9c60bf, 0x3e058277, 0xbe83140f, 0xbeb6b7c6, 0x3e762a03, 0xbe0e4664, 0xbe8dddd3, 0xbde1292a, 0x3e580977, 0x3e9a65a2, 0x3db4ee24, 0x3ed606b3, 0xbec358e4, 0xbda03e82, 0x3f5bd44d, 0xbe16a36d, 0x3d8b462b, 0x3e89384d, 0x3e64eb2b, 0xbe1f9ca8, 0xbd6c476f, 0xbd730d69, 0xbf06b611, 0xbdcce957, 0xbf08dc32, 0x3e33032b, 0xbee995eb, 0xbef003c6};
static const uint32_t plainB[] = {0x3de0411a, 0x3e024476, 0x3c34e3da, 0x3e82d16a, 0x3fa42d77, 0x3ed839ee, 0x3e1d062b, 0xbf18da63, 0xbf2712d6, 0xba989e80, 0x3e7fe5f1, 0x3f418c6a, 0xbf069eb0, 0x3e3d0815, 0x3e1d3d39, 0xbedddf65};
static const uint32_t qatW[] = {0x3d1fc24d, 0xbc9a2282, 0x3ea2d164, 0xbefb7abf, 0xbdc95965, 0x3e2be789, 0xbe976290, 0xbed30646, 0x3e66c103, 0xbe055e4f, 0xbe13e6f7, 0xbd6abd82, 0x3ecabb6e, 0x3f10e369, 0x3e06e1ec, 0x3f1f8e2b, 0xbe9c7a74, 0xbd805c1f, 0x3f4903f4, 0xbe09bf04, 0x3dc01aec, 0x3ebd4594, 0x3eaaf1b9, 0xbe6e6120, 0xbd0ad51b, 0xbd0ecff4, 0xbf11c6dc, 0xbdddbe5a, 0xbf2b39b8, 0x3e5ff64a, 0xbf47e0e9, 0xbf4d6143};
/* fuse_linear_bn_weights(w, b, mean, var, 1e-3, gamma, beta): the weight is
   fusedW's; the bias rounds (b - mean) * (gamma * rsqrt) and differs from
   fusedB in 2 of the 16 channels. */
static const uint32_t linearB[] = {0xbdf613ba, 0x3ea1c2de, 0x3e8503b1, 0x3eda946e, 0x3fa7089d, 0x3e4158fd, 0x3d54d012, 0xbf66051f, 0xbf093a72, 0x3f0eba33, 0x3eb84b98, 0x3faf5a78, 0xbe62de43, 0x3e116d66, 0x3ead32ff, 0xbf6bb146};

static void toFloats(const uint32_t *bits, float *out, size_t n) {
  memcpy(out, bits, n * sizeof *out);
}

typedef struct Params {
  float w[C * INNER], b[C], mean[C], var[C], gamma[C], beta[C];
} Params;

static void load(Params *p) {
  toFloats(convW, p->w, C * INNER);
  toFloats(convB, p->b, C);
  toFloats(mean, p->mean, C);
  toFloats(var, p->var, C);
  toFloats(gamma, p->gamma, C);
  toFloats(beta, p->beta, C);
}

static void testFoldMatchesTorchBitForBit(void **state) {
  (void)state;
  Params p;
  load(&p);
  Pt2eBatchNorm bn = {C, p.mean, p.var, p.gamma, p.beta, 1e-3};
  float bias[C];
  pt2eFuseConvBnWeights(&bn, p.w, C * INNER, INNER, p.b, bias);
  assert_memory_equal(p.w, fusedW, sizeof p.w);
  assert_memory_equal(bias, fusedB, sizeof bias);
}

/* conv bias None -> zeros, affine=False -> gamma ones, beta zeros */
static void testFoldWithoutBiasOrAffineUsesOnesAndZeros(void **state) {
  (void)state;
  Params p;
  load(&p);
  Pt2eBatchNorm bn = {C, p.mean, p.var, NULL, NULL, 1e-3};
  float bias[C];
  pt2eFuseConvBnWeights(&bn, p.w, C * INNER, INNER, NULL, bias);
  assert_memory_equal(p.w, plainW, sizeof p.w);
  assert_memory_equal(bias, plainB, sizeof bias);
}

/* The folded bias may be written over the conv bias. */
static void testFoldBiasMayAliasConvBias(void **state) {
  (void)state;
  Params p;
  load(&p);
  Pt2eBatchNorm bn = {C, p.mean, p.var, p.gamma, p.beta, 1e-3};
  pt2eFuseConvBnWeights(&bn, p.w, C * INNER, INNER, p.b, p.b);
  assert_memory_equal(p.b, fusedB, sizeof p.b);
}

/* numel 0: the bias alone (the QAT fold's bias) */
static void testFoldOfNoWeightGivesTheBiasAlone(void **state) {
  (void)state;
  Params p;
  load(&p);
  Pt2eBatchNorm bn = {C, p.mean, p.var, p.gamma, p.beta, 1e-3};
  float bias[C];
  pt2eFuseConvBnWeights(&bn, NULL, 0, INNER, p.b, bias);
  assert_memory_equal(bias, fusedB, sizeof bias);
}

/*
** Channel c at (i / inner) % channels: the same weight laid out as TOSA's
** HWCM depthwise weight (inner 1, the channels innermost) folds to the
** same values, transposed.
*/
static void testFoldFollowsTheChannelLayout(void **state) {
  (void)state;
  Params p;
  load(&p);
  float hwcm[INNER * C], bias[C];
  for (int c = 0; c < C; c++)
    for (int j = 0; j < INNER; j++)
      hwcm[j * C + c] = p.w[c * INNER + j];
  Pt2eBatchNorm bn = {C, p.mean, p.var, p.gamma, p.beta, 1e-3};
  pt2eFuseConvBnWeights(&bn, hwcm, INNER * C, 1, p.b, bias);
  float expect[C * INNER];
  toFloats(fusedW, expect, C * INNER);
  for (int c = 0; c < C; c++)
    for (int j = 0; j < INNER; j++)
      assert_memory_equal(&hwcm[j * C + c], &expect[c * INNER + j], sizeof(float));
}

/* More channels than one chunk of factors (256): each channel folds as if
   alone. */
static void testFoldOfManyChannelsEqualsChannelByChannel(void **state) {
  (void)state;
  enum { N = 600, K = 3 };
  static float w[N * K], w1[N * K], m[N], v[N], g[N], b[N], bias[N], bias1[N];
  uint32_t s = 12345;
  for (int i = 0; i < N * K; i++) {
    s = s * 1664525u + 1013904223u;
    w[i] = w1[i] = (float)(s >> 8) / 16777216.0f - 0.5f;
  }
  for (int c = 0; c < N; c++) {
    m[c] = 0.01f * (float)(c % 37) - 0.2f;
    v[c] = 0.5f + 0.003f * (float)c;
    g[c] = 1.0f + 0.001f * (float)(c % 11);
    b[c] = 0.02f * (float)(c % 5);
  }
  Pt2eBatchNorm bn = {N, m, v, g, b, 1e-5};
  pt2eFuseConvBnWeights(&bn, w, N * K, K, NULL, bias);
  for (int c = 0; c < N; c++) {
    Pt2eBatchNorm one = {1, &m[c], &v[c], &g[c], &b[c], 1e-5};
    pt2eFuseConvBnWeights(&one, &w1[c * K], K, K, NULL, &bias1[c]);
  }
  assert_memory_equal(w, w1, sizeof w);
  assert_memory_equal(bias, bias1, sizeof bias);
}

static void testLinearFoldMatchesTorchBitForBit(void **state) {
  (void)state;
  Params p;
  load(&p);
  Pt2eBatchNorm bn = {C, p.mean, p.var, p.gamma, p.beta, 1e-3};
  float bias[C];
  pt2eFuseLinearBnWeights(&bn, p.w, C * INNER, INNER, p.b, bias);
  assert_memory_equal(p.w, fusedW, sizeof p.w);
  assert_memory_equal(bias, linearB, sizeof bias);
}

static void testQatWeightIsScaledByGammaOverStd(void **state) {
  (void)state;
  Params p;
  load(&p);
  Pt2eBatchNorm bn = {C, p.mean, p.var, p.gamma, p.beta, 0.5 /* unused */};
  pt2eScaleConvBnWeightQat(&bn, p.w, C * INNER, INNER);
  assert_memory_equal(p.w, qatW, sizeof p.w);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(testFoldMatchesTorchBitForBit),
      cmocka_unit_test(testFoldWithoutBiasOrAffineUsesOnesAndZeros),
      cmocka_unit_test(testFoldBiasMayAliasConvBias),
      cmocka_unit_test(testFoldOfNoWeightGivesTheBiasAlone),
      cmocka_unit_test(testFoldFollowsTheChannelLayout),
      cmocka_unit_test(testFoldOfManyChannelsEqualsChannelByChannel),
      cmocka_unit_test(testLinearFoldMatchesTorchBitForBit),
      cmocka_unit_test(testQatWeightIsScaledByGammaOverStd),
  };
  return cmocka_run_group_tests_name("batchnorm", tests, NULL, NULL);
}
