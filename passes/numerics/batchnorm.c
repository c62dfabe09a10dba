/*
** batchnorm.c
** BatchNorm folding in PyTorch's float32 arithmetic (contracts and the
** formulas in batchnorm.h).
**
** Every expression below is written one binary32 operation at a time, in
** the order torch evaluates the Python expression; the per-channel factor
** is computed once per channel, which gives the same bits as torch's
** elementwise tensors (the same operation on the same operands).
*/
#include "batchnorm.h"

#include <math.h>

/* torch.rsqrt(var + eps) on CPU float32. */
static float varRsqrt(float var, float eps) {
  float sum = var + eps;
  return 1.0f / sqrtf(sum);
}

/* Multiplies every element of channel c by factor(c): the reshape(-1, 1, ..)
   broadcast of torch, walked as outer x channels x inner. */
static void scaleChannels(float *weight, int64_t numel, int64_t inner,
                          int64_t channels, const float *factor) {
  int64_t block = inner * channels;
  for (int64_t o = 0; o + block <= numel; o += block)
    for (int64_t c = 0; c < channels; c++) {
      float f = factor[c];
      float *w = weight + o + c * inner;
      for (int64_t j = 0; j < inner; j++)
        w[j] = w[j] * f;
    }
}

enum { CHUNK = 256 }; /* factors computed per chunk of channels: no malloc */

/* bn_w * torch.rsqrt(var + eps): the factor both folds scale weights by. */
static float bnScale(const Pt2eBatchNorm *bn, int64_t c) {
  float r = varRsqrt(bn->var[c], (float)bn->eps);
  float g = bn->weight ? bn->weight[c] : 1.0f;
  return g * r;
}

static void scaleWeight(const Pt2eBatchNorm *bn, float *weight, int64_t numel,
                        int64_t inner) {
  int64_t channels = bn->channels, block = inner * channels;
  float factor[CHUNK];
  for (int64_t c0 = 0; c0 < channels; c0 += CHUNK) {
    int64_t n = channels - c0 < CHUNK ? channels - c0 : CHUNK;
    for (int64_t k = 0; k < n; k++)
      factor[k] = bnScale(bn, c0 + k);
    /* the channels c0 .. c0+n-1 of every outer block */
    for (int64_t o = 0; o + block <= numel; o += block)
      scaleChannels(weight + o + c0 * inner, n * inner, inner, n, factor);
  }
}

void pt2eFuseConvBnWeights(const Pt2eBatchNorm *bn, float *weight,
                           int64_t numel, int64_t inner,
                           const float *convBias, float *bias) {
  float eps = (float)bn->eps;
  /* scale first: 'bias' may alias 'convBias', which the weights never read */
  scaleWeight(bn, weight, numel, inner);
  for (int64_t c = 0; c < bn->channels; c++) {
    float r = varRsqrt(bn->var[c], eps);
    float g = bn->weight ? bn->weight[c] : 1.0f;
    float beta = bn->bias ? bn->bias[c] : 0.0f;
    float b = convBias ? convBias[c] : 0.0f; /* torch.zeros_like(bn_rm) */
    float t = b - bn->mean[c];
    t = t * r;
    t = t * g;
    bias[c] = t + beta;
  }
}

void pt2eFuseLinearBnWeights(const Pt2eBatchNorm *bn, float *weight,
                             int64_t numel, int64_t inner,
                             const float *linearBias, float *bias) {
  scaleWeight(bn, weight, numel, inner);
  for (int64_t c = 0; c < bn->channels; c++) {
    float beta = bn->bias ? bn->bias[c] : 0.0f;
    float b = linearBias ? linearBias[c] : 0.0f;
    float t = b - bn->mean[c];
    t = t * bnScale(bn, c);
    bias[c] = t + beta;
  }
}

void pt2eScaleConvBnWeightQat(const Pt2eBatchNorm *bn, float *weight,
                              int64_t numel, int64_t inner) {
  float eps = (float)PT2E_QAT_BN_EPS;
  int64_t channels = bn->channels;
  float factor[CHUNK];
  for (int64_t c0 = 0; c0 < channels; c0 += CHUNK) {
    int64_t n = channels - c0 < CHUNK ? channels - c0 : CHUNK;
    for (int64_t k = 0; k < n; k++) {
      int64_t c = c0 + k;
      float std = sqrtf(bn->var[c] + eps); /* running_std */
      float g = bn->weight ? bn->weight[c] : 1.0f;
      factor[k] = g / std; /* scale_factor */
    }
    int64_t block = inner * channels;
    for (int64_t o = 0; o + block <= numel; o += block)
      scaleChannels(weight + o + c0 * inner, n * inner, inner, n, factor);
  }
}
